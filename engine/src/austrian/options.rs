//! The Austrian rule options (GAPS.md A1–A8, and the points the seed leaves open), typed, with
//! defaults.

use crate::options::{find_checked, parse_bool, OptionError, OptionKind, OptionSpec, Options};

/// How Valat is scored (GAPS A1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValatScoring {
    /// Beck variant A: 12 Still, 24 declared after the talon, 48 before, times the contract's
    /// multiplier, added to the rest (AT-SCORE-25).
    BeckA,
    /// Beck variant B: 12, 24 and 48 multiply the game points and the bonuses (AT-SCORE-26).
    BeckB,
    /// Graz: six times the basic value Still, twelve declared (AT-SCORE-27/28).
    Graz,
}

/// What happens when all three pass (GAPS A2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AllPass {
    /// The same dealer deals again (AT-BID-06).
    Redeal,
    /// Trischaken: everyone plays for himself (AT-BID-07/08).
    Trischaken,
    /// Graz: the dealer keeps up to six talon cards for the next hand (AT-BID-09/10).
    GrazKeep,
}

/// Kontra rules (GAPS A3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KontraRules {
    /// Beck: before or after the talon; each kontra doubles game and bonuses together.
    Beck,
    /// Graz: only after "Ich liege"; the game and each bonus separately.
    Graz,
}

/// Rules that come in a Beck and a Graz version (GAPS A4, A7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Beck's.
    Beck,
    /// The Graz players'.
    Graz,
}

/// Who gets the talon cards the soloist does not take (an open point of the seed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TalonRemainder {
    /// They count for the defenders, as in the other Austrian games.
    Defenders,
    /// They are out of play and count for nobody (the reading AT-SCORE-28 suggests).
    OutOfPlay,
}

/// Every Austrian rule option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AustrianOptions {
    /// A1 `valat_scoring`.
    pub valat_scoring: ValatScoring,
    /// A2 `all_pass_action`.
    pub all_pass_action: AllPass,
    /// A3 `kontra_rules`.
    pub kontra_rules: KontraRules,
    /// A4 `bonus_declaration_timing`.
    pub bonus_declaration_timing: Rules,
    /// A5 `mondfang_bonus`.
    pub mondfang_bonus: bool,
    /// A6 `owl_pre_ultimo`.
    pub owl_pre_ultimo: bool,
    /// A7 `point_bonuses`.
    pub point_bonuses: Rules,
    /// A8 `deal_after_knock`: packets of 16 instead of 4.
    pub packets_of_16: bool,
    /// `talon_remainder`.
    pub talon_remainder: TalonRemainder,
    /// `obliged_bidder`: the seat that kept talon cards in the hand before (AT-BID-10).
    pub obliged_bidder: Option<u8>,
}

impl Default for AustrianOptions {
    fn default() -> AustrianOptions {
        AustrianOptions {
            valat_scoring: ValatScoring::BeckA,
            all_pass_action: AllPass::Redeal,
            kontra_rules: KontraRules::Graz,
            bonus_declaration_timing: Rules::Beck,
            mondfang_bonus: false,
            owl_pre_ultimo: false,
            point_bonuses: Rules::Beck,
            packets_of_16: false,
            talon_remainder: TalonRemainder::Defenders,
            obliged_bidder: None,
        }
    }
}

static SPECS: [OptionSpec; 11] = [
    OptionSpec {
        name: "valat_scoring",
        kind: OptionKind::Enum(&["beckA", "beckB", "graz"]),
        default: "beckA",
        description: "A1: beckA = Valat 12/24/48 added; beckB = 12/24/48 multiply game and bonuses; graz = 6 or 12 times the basic value",
    },
    OptionSpec {
        name: "all_pass_action",
        kind: OptionKind::Enum(&["redeal", "trischaken", "graz_keep"]),
        default: "redeal",
        description: "A2: when all three pass: the dealer deals again, Trischaken is played, or the dealer keeps up to six talon cards for the next hand",
    },
    OptionSpec {
        name: "kontra_rules",
        kind: OptionKind::Enum(&["beck", "graz"]),
        default: "graz",
        description: "A3: beck = kontra before or after the talon, doubling game and bonuses together; graz = after \"Ich liege\", the game and each bonus separately",
    },
    OptionSpec {
        name: "bonus_declaration_timing",
        kind: OptionKind::Enum(&["beck", "graz"]),
        default: "beck",
        description: "A4: beck = bonuses may be declared before the talon (double value, four times for ultimos); graz = not before the talon",
    },
    OptionSpec {
        name: "mondfang_bonus",
        kind: OptionKind::Bool,
        default: "false",
        description: "A5: the Sküs capturing the XXI gives the capturer 5 and takes 5 from the player who lost it",
    },
    OptionSpec {
        name: "owl_pre_ultimo",
        kind: OptionKind::Bool,
        default: "false",
        description: "A6: Owl pre-ultimo (the II wins the second to last trick) is played",
    },
    OptionSpec {
        name: "point_bonuses",
        kind: OptionKind::Enum(&["beck", "graz"]),
        default: "beck",
        description: "A7: beck = With Forty and With Fifty, declarable; graz = With Fifty only, scored at the end",
    },
    OptionSpec {
        name: "deal_after_knock",
        kind: OptionKind::Enum(&["4x4", "3x16"]),
        default: "4x4",
        description: "A8: after a knock, packets of four, or three packets of 16 taken in turn from forehand",
    },
    OptionSpec {
        name: "talon_remainder",
        kind: OptionKind::Enum(&["defenders", "out_of_play"]),
        default: "defenders",
        description: "the talon cards the soloist does not take count for the defenders, or for nobody",
    },
    OptionSpec {
        name: "obliged_bidder",
        kind: OptionKind::Int { min: -1, max: 2 },
        default: "-1",
        description: "AT-BID-10: the seat that kept talon cards after three passes (graz_keep) and may not pass; -1 for none (the next deal sets it)",
    },
    OptionSpec {
        name: "count_remainder_rule",
        kind: OptionKind::Enum(&["per_card"]),
        default: "per_card",
        description: "a pile that is not a multiple of three loses 2/3 of a point per leftover card, then the count is rounded (the only rule the sources give)",
    },
];

impl AustrianOptions {
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
        let rules = |v: &str| {
            if v == "graz" {
                Rules::Graz
            } else {
                Rules::Beck
            }
        };
        match spec.name {
            "valat_scoring" => {
                self.valat_scoring = match v.as_str() {
                    "beckB" => ValatScoring::BeckB,
                    "graz" => ValatScoring::Graz,
                    _ => ValatScoring::BeckA,
                };
            }
            "all_pass_action" => {
                self.all_pass_action = match v.as_str() {
                    "trischaken" => AllPass::Trischaken,
                    "graz_keep" => AllPass::GrazKeep,
                    _ => AllPass::Redeal,
                };
            }
            "kontra_rules" => {
                self.kontra_rules = if v == "beck" {
                    KontraRules::Beck
                } else {
                    KontraRules::Graz
                };
            }
            "bonus_declaration_timing" => self.bonus_declaration_timing = rules(&v),
            "mondfang_bonus" => self.mondfang_bonus = parse_bool(&v),
            "owl_pre_ultimo" => self.owl_pre_ultimo = parse_bool(&v),
            "point_bonuses" => self.point_bonuses = rules(&v),
            "deal_after_knock" => self.packets_of_16 = v == "3x16",
            "talon_remainder" => {
                self.talon_remainder = if v == "out_of_play" {
                    TalonRemainder::OutOfPlay
                } else {
                    TalonRemainder::Defenders
                };
            }
            "obliged_bidder" => {
                self.obliged_bidder = v.parse::<i64>().ok().and_then(|n| u8::try_from(n).ok());
            }
            // `count_remainder_rule` has one value.
            _ => {}
        }
        Ok(())
    }

    /// The value of one option in text form, `None` for an unknown name.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        let rules = |r: Rules| match r {
            Rules::Beck => "beck",
            Rules::Graz => "graz",
        };
        Some(
            match name {
                "valat_scoring" => match self.valat_scoring {
                    ValatScoring::BeckA => "beckA",
                    ValatScoring::BeckB => "beckB",
                    ValatScoring::Graz => "graz",
                },
                "all_pass_action" => match self.all_pass_action {
                    AllPass::Redeal => "redeal",
                    AllPass::Trischaken => "trischaken",
                    AllPass::GrazKeep => "graz_keep",
                },
                "kontra_rules" => match self.kontra_rules {
                    KontraRules::Beck => "beck",
                    KontraRules::Graz => "graz",
                },
                "bonus_declaration_timing" => rules(self.bonus_declaration_timing),
                "mondfang_bonus" => return Some(self.mondfang_bonus.to_string()),
                "owl_pre_ultimo" => return Some(self.owl_pre_ultimo.to_string()),
                "point_bonuses" => rules(self.point_bonuses),
                "deal_after_knock" => {
                    if self.packets_of_16 {
                        "3x16"
                    } else {
                        "4x4"
                    }
                }
                "talon_remainder" => match self.talon_remainder {
                    TalonRemainder::Defenders => "defenders",
                    TalonRemainder::OutOfPlay => "out_of_play",
                },
                "obliged_bidder" => {
                    return Some(self.obliged_bidder.map_or(-1, i64::from).to_string())
                }
                "count_remainder_rule" => "per_card",
                _ => return None,
            }
            .to_owned(),
        )
    }
}

impl Options for AustrianOptions {
    fn specs(&self) -> &'static [OptionSpec] {
        AustrianOptions::specs(self)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        AustrianOptions::set(self, name, value)
    }

    fn get(&self, name: &str) -> Option<String> {
        AustrianOptions::get(self, name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_obliged_bidder_is_a_seat_and_values_are_checked() {
        // Every option's default and round trip: `tests/core.rs`, for every variant.
        let mut o = AustrianOptions::default();
        o.set("obliged_bidder", "2").expect("a seat");
        assert_eq!(o.obliged_bidder, Some(2));
        assert_eq!(o.get("obliged_bidder").as_deref(), Some("2"));
        assert!(o.set("obliged_bidder", "3").is_err());
        assert!(o.set("valat_scoring", "beckC").is_err());
    }
}
