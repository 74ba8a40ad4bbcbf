//! The Polish rule options (GAPS.md P1–P6 and the seed's variations), typed, with defaults.

use crate::options::{find_checked, parse_bool, OptionError, OptionKind, OptionSpec, Options};

/// Whose commitment a declaration of four kings is (GAPS P3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FourKingsSide {
    /// The team of the player who declared them (PL-DEAL-12's default).
    Holder,
    /// The declarer's team, as the seed words it. The two are always the same team: the
    /// declarer must call a king, and every king is the holder's, so the holder is the
    /// declarer or the declarer's partner.
    Bidder,
}

/// How the talon is offered to the declarer (PL-TALON-02..06).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TalonProcedure {
    /// Group by group: the declarer looks at a group privately, then takes it or turns it face
    /// up and looks at the next; after the last, takes any one of the face-up groups.
    Sequential,
    /// The shortcut: every group is turned face up at once and the declarer takes one.
    Exposed,
}

/// How the cards are dealt (PL-DEAL-08/09).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dealing {
    /// After the cut: the talon, then batches of six in two rounds.
    Batches,
    /// The player opposite the dealer refused to cut: the talon, then four packets of twelve,
    /// taken in turn from the dealer's right, the dealer last. The choice of a face-down packet
    /// is blind, so taking them in turn deals exactly as choosing does.
    Packets,
}

/// Every Polish rule option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PolishOptions {
    /// P1 `announced_trul_value`: what an announced trul wins or loses.
    pub announced_trul_value: i64,
    /// P2 `king_in_talon_giveup_penalty`: what a declarer who gives up pays each opponent.
    pub king_in_talon_giveup_penalty: i64,
    /// P3 `four_kings_commitment_side`.
    pub four_kings_commitment_side: FourKingsSide,
    /// P4 `allow_play_bid_one`: a final bid of one may be played (else it is always thrown in).
    pub allow_play_bid_one: bool,
    /// PL-TALON-06 `talon_procedure`.
    pub talon_procedure: TalonProcedure,
    /// PL-DEAL-09 `dealing`.
    pub dealing: Dealing,
}

impl Default for PolishOptions {
    fn default() -> PolishOptions {
        PolishOptions {
            announced_trul_value: 4,
            king_in_talon_giveup_penalty: 2,
            four_kings_commitment_side: FourKingsSide::Holder,
            allow_play_bid_one: true,
            talon_procedure: TalonProcedure::Sequential,
            dealing: Dealing::Batches,
        }
    }
}

static SPECS: [OptionSpec; 7] = [
    OptionSpec {
        name: "announced_trul_value",
        kind: OptionKind::Int { min: 1, max: 20 },
        default: "4",
        description: "P1: what an announced trul wins or loses (4 in the text, 5 in the written club rules)",
    },
    OptionSpec {
        name: "king_in_talon_giveup_penalty",
        kind: OptionKind::Int { min: 1, max: 20 },
        default: "2",
        description: "P2: what a declarer who gives up with the called king in the talon pays each opponent (younger players: 5)",
    },
    OptionSpec {
        name: "four_kings_commitment_side",
        kind: OptionKind::Enum(&["holder", "bidder"]),
        default: "holder",
        description: "P3: whose commitment declared four kings are: the holder's team or the declarer's (always the same team: the called king is the holder's)",
    },
    OptionSpec {
        name: "allow_play_bid_one",
        kind: OptionKind::Bool,
        default: "true",
        description: "P4: a declarer whose final bid is one may play it (false: a bid of one is always thrown in)",
    },
    OptionSpec {
        name: "count_remainder_rule",
        kind: OptionKind::Enum(&["per_card"]),
        default: "per_card",
        description: "P6: a pile that is not a multiple of three loses 2/3 of a point per leftover card, then the team's count is rounded (the only rule the sources give)",
    },
    OptionSpec {
        name: "talon_procedure",
        kind: OptionKind::Enum(&["sequential", "exposed"]),
        default: "sequential",
        description: "sequential: the declarer looks at the talon group by group, taking one or turning it up; exposed: every group is turned up and the declarer takes one (the shortcut)",
    },
    OptionSpec {
        name: "dealing",
        kind: OptionKind::Enum(&["batches", "packets"]),
        default: "batches",
        description: "batches: after the cut, two rounds of six cards; packets: the cut was refused, four packets of twelve taken in turn from the dealer's right",
    },
];

impl PolishOptions {
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
        match spec.name {
            "announced_trul_value" => self.announced_trul_value = v.parse().unwrap_or(4),
            "king_in_talon_giveup_penalty" => {
                self.king_in_talon_giveup_penalty = v.parse().unwrap_or(2);
            }
            "four_kings_commitment_side" => {
                self.four_kings_commitment_side = if v == "bidder" {
                    FourKingsSide::Bidder
                } else {
                    FourKingsSide::Holder
                };
            }
            "allow_play_bid_one" => self.allow_play_bid_one = parse_bool(&v),
            "talon_procedure" => {
                self.talon_procedure = if v == "exposed" {
                    TalonProcedure::Exposed
                } else {
                    TalonProcedure::Sequential
                };
            }
            "dealing" => {
                self.dealing = if v == "packets" {
                    Dealing::Packets
                } else {
                    Dealing::Batches
                };
            }
            // `count_remainder_rule` has one value.
            _ => {}
        }
        Ok(())
    }

    /// The value of one option in text form, `None` for an unknown name.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        Some(match name {
            "announced_trul_value" => self.announced_trul_value.to_string(),
            "king_in_talon_giveup_penalty" => self.king_in_talon_giveup_penalty.to_string(),
            "four_kings_commitment_side" => match self.four_kings_commitment_side {
                FourKingsSide::Holder => "holder",
                FourKingsSide::Bidder => "bidder",
            }
            .to_owned(),
            "allow_play_bid_one" => self.allow_play_bid_one.to_string(),
            "count_remainder_rule" => "per_card".to_owned(),
            "talon_procedure" => match self.talon_procedure {
                TalonProcedure::Sequential => "sequential",
                TalonProcedure::Exposed => "exposed",
            }
            .to_owned(),
            "dealing" => match self.dealing {
                Dealing::Batches => "batches",
                Dealing::Packets => "packets",
            }
            .to_owned(),
            _ => return None,
        })
    }
}

impl Options for PolishOptions {
    fn specs(&self) -> &'static [OptionSpec] {
        PolishOptions::specs(self)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        PolishOptions::set(self, name, value)
    }

    fn get(&self, name: &str) -> Option<String> {
        PolishOptions::get(self, name)
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
