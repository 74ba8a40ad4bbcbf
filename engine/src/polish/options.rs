//! The Polish rule options (GAPS.md P1–P6 and the seed's variations), typed, with defaults,
//! each declared once ([`rule_options!`](crate::options)).

use crate::options::{option_words, rule_options};

option_words! {
    /// Whose commitment a declaration of four kings is (GAPS P3).
    pub enum FourKingsSide {
        /// The team of the player who declared them (PL-DEAL-12's default).
        Holder = "holder",
        /// The declarer's team, as the seed words it. The two are always the same team: the
        /// declarer must call a king, and every king is the holder's, so the holder is the
        /// declarer or the declarer's partner.
        Bidder = "bidder",
    }
}

option_words! {
    /// How the talon is offered to the declarer (PL-TALON-02..06).
    pub enum TalonProcedure {
        /// Group by group: the declarer looks at a group privately, then takes it or turns it
        /// face up and looks at the next; after the last, takes any one of the face-up groups.
        Sequential = "sequential",
        /// The shortcut: every group is turned face up at once and the declarer takes one.
        Exposed = "exposed",
    }
}

option_words! {
    /// How the cards are dealt (PL-DEAL-08/09).
    pub enum Dealing {
        /// After the cut: the talon, then batches of six in two rounds.
        Batches = "batches",
        /// The player opposite the dealer refused to cut: the talon, then four packets of
        /// twelve, taken in turn from the dealer's right, the dealer last. The choice of a
        /// face-down packet is blind, so taking them in turn deals exactly as choosing does.
        Packets = "packets",
    }
}

rule_options! {
    /// Every Polish rule option.
    pub struct PolishOptions {}
    /// The defaults.
    const fn defaults();
    specs(_o) => &SPECS;
    options {
        "announced_trul_value": (int 1, 20),
            "what an announced trul wins or loses (4 in the text, 5 in the written club rules)"
            => /// P1 `announced_trul_value`: what an announced trul wins or loses.
            announced_trul_value: i64 = 4;
        "king_in_talon_giveup_penalty": (int 1, 20),
            "what a declarer who gives up with the called king in the talon pays each opponent (younger players: 5)"
            => /// P2 `king_in_talon_giveup_penalty`: what a declarer who gives up pays each opponent.
            king_in_talon_giveup_penalty: i64 = 2;
        "four_kings_commitment_side": (words),
            "whose commitment declared four kings are: the holder's team or the declarer's (always the same team: the called king is the holder's)"
            => /// P3 `four_kings_commitment_side`.
            four_kings_commitment_side: FourKingsSide = FourKingsSide::Holder;
        "allow_play_bid_one": (bool),
            "a declarer whose final bid is one may play it (false: a bid of one is always thrown in)"
            => /// P4 `allow_play_bid_one`: a final bid of one may be played (else it is always
            /// thrown in).
            allow_play_bid_one: bool = true;
        "talon_procedure": (words),
            "sequential: the declarer looks at the talon group by group, taking one or turning it up; exposed: every group is turned up and the declarer takes one (the shortcut)"
            => /// PL-TALON-06 `talon_procedure`.
            talon_procedure: TalonProcedure = TalonProcedure::Sequential;
        "dealing": (words),
            "batches: after the cut, two rounds of six cards; packets: the cut was refused, four packets of twelve taken in turn from the dealer's right"
            => /// PL-DEAL-09 `dealing`.
            dealing: Dealing = Dealing::Batches;
    }
}

static SPECS: [crate::options::OptionSpec; 6] = PolishOptions::spec_table();

impl Default for PolishOptions {
    fn default() -> PolishOptions {
        PolishOptions::defaults()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked() {
        // Every option's default and round trip: `tests/core.rs`, for every variant.
        let mut o = PolishOptions::default();
        assert!(o.set("announced_trul_value", "0").is_err());
        assert!(o.set("no_such_option", "1").is_err());
        o.set("talon_procedure", "exposed").expect("allowed");
        assert_eq!(o.talon_procedure, TalonProcedure::Exposed);
    }
}
