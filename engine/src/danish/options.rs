//! The Danish rule options (GAPS.md D1–D10 and 002-G8/G11), typed, with defaults, and the
//! pots a hand starts with, which a match carries from one hand to the next.

use crate::options::{find_checked, parse_bool, OptionError, OptionKind, OptionSpec, Options};

/// The fool in the end play (GAPS D4, DK-PLAY-12/13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoolEndplay {
    /// The fool may be kept to the last trick, but played there it goes to the trick's
    /// winner (the French rule).
    LostInLast,
    /// The fool must be played before the last trick: in the second to last trick at the
    /// latest.
    BeforeLast,
    /// The fool must be played before the last three tricks (classical Grosstarock).
    BeforeLastThree,
}

/// How the suit of a trick the fool leads is set (GAPS D5, DK-PLAY-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoolLead {
    /// The leader names a suit (or trumps), which is the suit led.
    Named,
    /// The next card played sets the suit (the French rule).
    NextCard,
}

/// The dealer's discard restrictions (GAPS 002-G8, 002-G11, D8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscardRules {
    /// No king, pagat or mondo; no trump unless that leaves no trump; no card of a combination
    /// unless unavoidable; the fool only with an announced Tout.
    Pagat,
    /// Only the 4-point cards (kings, pagat, mondo, fool) may never be discarded.
    Simple4pt,
}

/// Every Danish rule option, and the pots the hand starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DanishOptions {
    /// D1 `pay_pagat_trick_win`: the pagat winning a trick before the last is paid 5 by each.
    pub pay_pagat_trick_win: bool,
    /// D2 `tout_payment`: what each other player pays a Tout (and a failed announced Tout pays).
    pub tout_payment: i64,
    /// D3 `pot_foundation`: what each player pays into an empty pot.
    pub pot_foundation: i64,
    /// D4 `fool_endplay`.
    pub fool_endplay: FoolEndplay,
    /// D5 `fool_lead_suit`.
    pub fool_lead: FoolLead,
    /// D6 `fool_exchange_card`: the fool's player gives the trick's winner a card of no value
    /// from his pile in exchange (which changes no count: the count is by tricks).
    pub fool_exchange_card: bool,
    /// D8 `danish_discard_rules`.
    pub discard_rules: DiscardRules,
    /// `pagat_pot`: the pagat pot's contents when the hand starts (0: empty, founded first).
    pub pagat_pot: i64,
    /// `king_pot`: the king pot's contents when the hand starts.
    pub king_pot: i64,
}

impl Default for DanishOptions {
    fn default() -> DanishOptions {
        DanishOptions {
            pay_pagat_trick_win: true,
            tout_payment: 85,
            pot_foundation: 20,
            fool_endplay: FoolEndplay::LostInLast,
            fool_lead: FoolLead::Named,
            fool_exchange_card: false,
            discard_rules: DiscardRules::Pagat,
            pagat_pot: 0,
            king_pot: 0,
        }
    }
}

static SPECS: [OptionSpec; 10] = [
    OptionSpec {
        name: "pay_pagat_trick_win",
        kind: OptionKind::Bool,
        default: "true",
        description: "D1: a player who wins a trick before the last with the pagat receives 5 from each other player (false: the variant without this payment)",
    },
    OptionSpec {
        name: "tout_payment",
        kind: OptionKind::Int { min: 5, max: 1000 },
        default: "85",
        description: "D2: what each other player pays a Tout, and what a failed announced Tout pays each opponent (85 in the seed; some summaries 135)",
    },
    OptionSpec {
        name: "pot_foundation",
        kind: OptionKind::Int { min: 5, max: 1000 },
        default: "20",
        description: "D3: what every player pays into an empty pot (20 in the seed; other write-ups 40)",
    },
    OptionSpec {
        name: "fool_endplay",
        kind: OptionKind::Enum(&["lost_in_last", "must_play_before_last", "before_last_three"]),
        default: "lost_in_last",
        description: "D4: the fool kept to the last trick goes to that trick's winner; or it must be played before the last trick; or before the last three (classical Grosstarock)",
    },
    OptionSpec {
        name: "fool_lead_suit",
        kind: OptionKind::Enum(&["named", "next_card"]),
        default: "named",
        description: "D5: a player leading the fool names the suit led (or trumps); or the next card played sets it (French)",
    },
    OptionSpec {
        name: "fool_exchange_card",
        kind: OptionKind::Bool,
        default: "false",
        description: "D6: the fool's player gives the trick's winner a card of no value from his pile in exchange (French; the count is by tricks, so no payment changes)",
    },
    OptionSpec {
        name: "allow_call_for_fool",
        kind: OptionKind::Enum(&["false"]),
        default: "false",
        description: "D7: \"calling for the fool\" is not played: the seed names it only in its list of fines, and how it is done is unknown",
    },
    OptionSpec {
        name: "danish_discard_rules",
        kind: OptionKind::Enum(&["pagat", "simple4pt"]),
        default: "pagat",
        description: "D8: the dealer may not discard a king, the pagat, the mondo, a trump (unless none is left), a card of a combination (unless unavoidable) or the fool (unless announcing Tout); simple4pt: only the 4-point cards are barred",
    },
    OptionSpec {
        name: "pagat_pot",
        kind: OptionKind::Int {
            min: 0,
            max: 1_000_000_000_000_000,
        },
        default: "0",
        description: "the pagat pot's contents when the hand starts, carried from the last hand by NextDeal (0: empty, founded before the deal)",
    },
    OptionSpec {
        name: "king_pot",
        kind: OptionKind::Int {
            min: 0,
            max: 1_000_000_000_000_000,
        },
        default: "0",
        description: "the king pot's contents when the hand starts, carried from the last hand by NextDeal (0: empty, founded before the deal)",
    },
];

impl DanishOptions {
    /// The option descriptions.
    #[must_use]
    pub fn specs(&self) -> &'static [OptionSpec] {
        &SPECS
    }

    /// Sets one option from text.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown name or a value not allowed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let (spec, v) = find_checked(&SPECS, name, value)?;
        let int = |d: i64| v.parse().unwrap_or(d);
        match spec.name {
            "pay_pagat_trick_win" => self.pay_pagat_trick_win = parse_bool(&v),
            "tout_payment" => self.tout_payment = int(85),
            "pot_foundation" => self.pot_foundation = int(20),
            "fool_endplay" => {
                self.fool_endplay = match v.as_str() {
                    "must_play_before_last" => FoolEndplay::BeforeLast,
                    "before_last_three" => FoolEndplay::BeforeLastThree,
                    _ => FoolEndplay::LostInLast,
                };
            }
            "fool_lead_suit" => {
                self.fool_lead = if v == "next_card" {
                    FoolLead::NextCard
                } else {
                    FoolLead::Named
                };
            }
            "fool_exchange_card" => self.fool_exchange_card = parse_bool(&v),
            "danish_discard_rules" => {
                self.discard_rules = if v == "simple4pt" {
                    DiscardRules::Simple4pt
                } else {
                    DiscardRules::Pagat
                };
            }
            "pagat_pot" => self.pagat_pot = int(0),
            "king_pot" => self.king_pot = int(0),
            // `allow_call_for_fool` has one value.
            _ => {}
        }
        Ok(())
    }

    /// The value of one option in text form, `None` for an unknown name.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        Some(match name {
            "pay_pagat_trick_win" => self.pay_pagat_trick_win.to_string(),
            "tout_payment" => self.tout_payment.to_string(),
            "pot_foundation" => self.pot_foundation.to_string(),
            "fool_endplay" => match self.fool_endplay {
                FoolEndplay::LostInLast => "lost_in_last",
                FoolEndplay::BeforeLast => "must_play_before_last",
                FoolEndplay::BeforeLastThree => "before_last_three",
            }
            .to_owned(),
            "fool_lead_suit" => match self.fool_lead {
                FoolLead::Named => "named",
                FoolLead::NextCard => "next_card",
            }
            .to_owned(),
            "fool_exchange_card" => self.fool_exchange_card.to_string(),
            "allow_call_for_fool" => "false".to_owned(),
            "danish_discard_rules" => match self.discard_rules {
                DiscardRules::Pagat => "pagat",
                DiscardRules::Simple4pt => "simple4pt",
            }
            .to_owned(),
            "pagat_pot" => self.pagat_pot.to_string(),
            "king_pot" => self.king_pot.to_string(),
            _ => return None,
        })
    }
}

impl Options for DanishOptions {
    fn specs(&self) -> &'static [OptionSpec] {
        DanishOptions::specs(self)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        DanishOptions::set(self, name, value)
    }

    fn get(&self, name: &str) -> Option<String> {
        DanishOptions::get(self, name)
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
        assert!(o.set("pot_foundation", "0").is_err());
        o.set("fool_endplay", "before_last_three").expect("allowed");
        assert_eq!(o.fool_endplay, FoolEndplay::BeforeLastThree);
        o.set("king_pot", "135").expect("allowed");
        assert_eq!(o.get("king_pot").as_deref(), Some("135"));
    }
}
