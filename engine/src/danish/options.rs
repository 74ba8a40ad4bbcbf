//! The Danish rule options (GAPS.md D1–D10 and 002-G8/G11), typed, with defaults, each declared
//! once ([`rule_options!`](crate::options)), and the pots a hand starts with, which a match
//! carries from one hand to the next.

use crate::options::{option_words, rule_options};

option_words! {
    /// The fool in the end play (GAPS D4, DK-PLAY-12/13).
    pub enum FoolEndplay {
        /// The fool may be kept to the last trick, but played there it goes to the trick's
        /// winner (the French rule).
        LostInLast = "lost_in_last",
        /// The fool must be played before the last trick: in the second to last trick at the
        /// latest.
        BeforeLast = "must_play_before_last",
        /// The fool may be played to neither of the last two tricks: in the third to last trick
        /// at the latest.
        BeforeLastTwo = "before_last_two",
        /// The fool must be played before the last three tricks (classical Grosstarock).
        BeforeLastThree = "before_last_three",
    }
}

option_words! {
    /// How the suit of a trick the fool leads is set (GAPS D5, DK-PLAY-11).
    pub enum FoolLead {
        /// The leader names a suit (or trumps), which is the suit led.
        Named = "named",
        /// The next card played sets the suit (the French rule).
        NextCard = "next_card",
    }
}

option_words! {
    /// The dealer's discard restrictions (GAPS 002-G8, 002-G11, D8).
    pub enum DiscardRules {
        /// No king, pagat or mondo; no trump unless that leaves no trump; no card of a
        /// combination unless unavoidable; the fool only with an announced Tout.
        Pagat = "pagat",
        /// Only the 4-point cards (kings, pagat, mondo, fool) may never be discarded.
        Simple4pt = "simple4pt",
    }
}

rule_options! {
    /// Every Danish rule option, and the pots the hand starts with.
    pub struct DanishOptions {
        /// The pagat pot's contents when the hand starts (0: empty, founded first): carried
        /// from the hand before by the match ([`crate::Carried`]), not a rule option.
        pub pagat_pot: i64 = 0;
        /// The king pot's contents when the hand starts.
        pub king_pot: i64 = 0;
    }
    /// The defaults.
    const fn defaults();
    specs(_o) => &SPECS;
    options {
        "pay_pagat_trick_win": (bool),
            "a player who wins a trick before the last with the pagat receives 5 from each other player (false: the variant without this payment)"
            => /// D1 `pay_pagat_trick_win`: the pagat winning a trick before the last is paid 5 by
            /// each.
            pay_pagat_trick_win: bool = true;
        "tout_payment": (int 5, 1000),
            "what each other player pays a Tout, and what a failed announced Tout pays each opponent (85 in the seed; some summaries 135)"
            => /// D2 `tout_payment`: what each other player pays a Tout (and a failed announced
            /// Tout pays).
            tout_payment: i64 = 85;
        "pot_foundation": (int 5, 1000),
            "what every player pays into an empty pot (20 in the seed; other write-ups 40)"
            => /// D3 `pot_foundation`: what each player pays into an empty pot.
            pot_foundation: i64 = 20;
        "fool_endplay": (words),
            "the fool kept to the last trick goes to that trick's winner; or it must be played before the last trick; or before the last two; or before the last three (classical Grosstarock)"
            => /// D4 `fool_endplay`.
            fool_endplay: FoolEndplay = FoolEndplay::LostInLast;
        "fool_lead_suit": (words),
            "a player leading the fool names the suit led (or trumps); or the next card played sets it (French)"
            => /// D5 `fool_lead_suit`.
            fool_lead: FoolLead = FoolLead::Named;
        "fool_exchange_card": (bool),
            "the fool's player gives the trick's winner a card of no value from his pile in exchange (French; the count is by tricks, so no payment changes)"
            => /// D6 `fool_exchange_card`: the fool's player gives the trick's winner a card of no
            /// value from his pile in exchange (which changes no count: the count is by tricks).
            fool_exchange_card: bool = false;
        "call_for_fool": (bool),
            "the player on lead may, once in a hand, call for the fool before leading, and its holder must then play it to that trick (false: nobody calls for the fool)"
            => /// D7 `call_for_fool`: the player on lead may call for the fool before leading; its
            /// holder must play it to that trick.
            call_for_fool: bool = false;
        "danish_discard_rules": (words),
            "the dealer may not discard a king, the pagat, the mondo, a trump (unless none is left), a card of a combination (unless unavoidable) or the fool (unless announcing Tout); simple4pt: only the 4-point cards are barred"
            => /// D8 `danish_discard_rules`.
            discard_rules: DiscardRules = DiscardRules::Pagat;
    }
}

static SPECS: [crate::options::OptionSpec; 8] = DanishOptions::spec_table();

impl Default for DanishOptions {
    fn default() -> DanishOptions {
        DanishOptions::defaults()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked() {
        // Every option's default and round trip: `tests/core.rs`, for every variant.
        let mut o = DanishOptions::default();
        assert!(o.set("allow_call_for_fool", "true").is_err());
        o.set("call_for_fool", "true").expect("allowed");
        assert!(o.call_for_fool);
        assert!(o.set("pot_foundation", "0").is_err());
        o.set("fool_endplay", "before_last_three").expect("allowed");
        assert_eq!(o.fool_endplay, FoolEndplay::BeforeLastThree);
        // The pots are the match's, not options.
        assert!(o.set("king_pot", "135").is_err());
        assert_eq!(o.get("king_pot"), None);
    }
}
