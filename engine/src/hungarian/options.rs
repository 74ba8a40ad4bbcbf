//! The Hungarian rule options (GAPS.md H1–H21 and the variant switches), typed, with defaults.

use crate::options::{find_checked, parse_bool, OptionError, OptionKind, OptionSpec, Options};
use crate::variant::Variant;

/// Who may hold a bid (GAPS H3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HoldRule {
    /// Anyone who bid earlier and has since been overcalled, once per bid level (HU-BID-04).
    New,
    /// Only a player whose first turn came before the first turn of the player whose bid they
    /// hold (HV-BID-01).
    Old,
}

/// Which card a single jump to solo invites (GAPS H4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JumpToSolo {
    /// The XIX, like every single jump (HU-BID-19).
    Xix,
    /// The XVIII (HV-BID-02).
    Xviii,
}

/// When a hand may be annulled (GAPS H6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnnulTiming {
    /// After the discards, before the announcements (HU-ANNUL-07).
    AfterExchange,
    /// After drawing the talon cards, before discarding (HV-ANNUL-01).
    BeforeDiscard,
}

/// Who pays for 8/9 declared tarokks (GAPS H8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TarokkCountPayment {
    /// Every other active player, partner included (HU-SCORE-54).
    AllOthers,
    /// Only the opponents: a team item (HV-SCORE-03).
    Team,
}

/// Penalty for a speculative bid that found no honour (GAPS H15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrialBidPenalty {
    /// The basic game value of the bid to each other active player (HU-BID-10).
    GameValue,
    /// Three to each other active player (PVSZ18).
    Three,
    /// No penalty (mkvm.hu).
    None,
}

/// Which volát voids silent trull and four kings (GAPS H18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VolatVoids {
    /// Any volát (HU-SCORE-36).
    Any,
    /// Only a silent volát (HV-SCORE-05).
    SilentOnly,
}

/// Values of centrum, small bird and large bird (GAPS H19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BirdValues {
    /// 10 / 10 / 10 (HU-SCORE-45..47).
    Standard,
    /// 6 / 8 / 6, the Jánoska group (HV-SCORE-02).
    Janoska,
}

impl BirdValues {
    /// The values of centrum, small bird and large bird.
    #[must_use]
    pub const fn values(self) -> [i64; 3] {
        match self {
            BirdValues::Standard => [10, 10, 10],
            BirdValues::Janoska => [6, 8, 6],
        }
    }
}

/// Which Hungarian game is played: the set of bonuses that exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// Illustrated (Palatinus) tarokk: six basic and six illustrated bonuses.
    Illustrated,
    /// Paskievics (basic) tarokk: the six basic bonuses only.
    Paskievics,
    /// High (Magas) tarokk: the illustrated bonuses plus ten more.
    High,
}

impl Game {
    /// Every Hungarian game.
    pub const ALL: [Game; 3] = [Game::Illustrated, Game::Paskievics, Game::High];

    /// The variant that plays this game.
    #[must_use]
    pub const fn variant(self) -> Variant {
        match self {
            Game::Illustrated => Variant::HungarianIllustrated,
            Game::Paskievics => Variant::HungarianPaskievics,
            Game::High => Variant::HungarianHigh,
        }
    }

    /// The game `variant` plays; the illustrated game for a variant that is not Hungarian.
    #[must_use]
    pub fn of(variant: Variant) -> Game {
        Game::ALL
            .into_iter()
            .find(|g| g.variant() == variant)
            .unwrap_or(Game::Illustrated)
    }
}

/// Every Hungarian rule option. `Default` gives the illustrated game's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HungarianOptions {
    /// The game (set by the variant, not an option a client sets).
    pub game: Game,
    /// 54 cards in play (12-card hands, 106 points) instead of 42.
    pub pack54: bool,
    /// H1 `xx_discardable`.
    pub xx_discardable: bool,
    /// H2 `cue_bid_with_pagat_only`.
    pub cue_bid_with_pagat_only: bool,
    /// H3 `hold_rule`.
    pub hold_rule: HoldRule,
    /// H4 `jump_to_solo_means`.
    pub jump_to_solo_means: JumpToSolo,
    /// H5 `double_round_after_passout`.
    pub double_round_after_passout: bool,
    /// H6 `annul_timing`.
    pub annul_timing: AnnulTiming,
    /// H7 `tarokk_declaration_identifies_side`.
    pub tarokk_declaration_identifies_side: bool,
    /// H8 `tarokk_count_payment`.
    pub tarokk_count_payment: TarokkCountPayment,
    /// H9 `pagat_uhu_value` (also the value of sas uhu).
    pub pagat_uhu_value: i64,
    /// H10 `sas_bonuses`.
    pub sas_bonuses: bool,
    /// H10 `pagat_catch_bonus`.
    pub pagat_catch_bonus: bool,
    /// H11 `allow_ulti_to_uhu_upgrade`.
    pub allow_ulti_to_uhu_upgrade: bool,
    /// H12 `double_and_volat_same_turn`.
    pub double_and_volat_same_turn: bool,
    /// H13 `max_kontra_level` (3 szubkontra, 4 hirskontra, 5 mordkontra).
    pub max_kontra_level: u8,
    /// H14 `opponents_need_48_after_kontra`.
    pub opponents_need_48_after_kontra: bool,
    /// H15 `trial_bid_penalty`.
    pub trial_bid_penalty: TrialBidPenalty,
    /// H16 `skip_trull_only_three`.
    pub skip_trull_only_three: bool,
    /// H17 `overcaller_must_announce`.
    pub overcaller_must_announce: bool,
    /// H18 `volat_voids_silent_bonuses`.
    pub volat_voids_silent_bonuses: VolatVoids,
    /// H19 `bird_values`.
    pub bird_values: BirdValues,
    /// H19 `birds_chained`.
    pub birds_chained: bool,
    /// H19 `double_loss_for_ulti`.
    pub double_loss_for_ulti: bool,
    /// H20 `discard_pile_to_lone_declarer`.
    pub discard_pile_to_lone_declarer: bool,
    /// H21 `dealer_handles_talon_5p`.
    pub dealer_handles_talon_5p: bool,
    /// Five players: whoever received an honour from the talon pays the dealer 3/2/1 (PK-SCORE-01).
    pub talon_honours_pay_dealer: bool,
}

impl Default for HungarianOptions {
    fn default() -> HungarianOptions {
        HungarianOptions::for_game(Game::Illustrated)
    }
}

impl HungarianOptions {
    /// The defaults of one Hungarian game.
    #[must_use]
    pub const fn for_game(game: Game) -> HungarianOptions {
        HungarianOptions {
            game,
            pack54: false,
            xx_discardable: true,
            cue_bid_with_pagat_only: matches!(game, Game::Paskievics),
            hold_rule: HoldRule::New,
            jump_to_solo_means: JumpToSolo::Xix,
            double_round_after_passout: true,
            annul_timing: AnnulTiming::AfterExchange,
            tarokk_declaration_identifies_side: false,
            tarokk_count_payment: TarokkCountPayment::AllOthers,
            pagat_uhu_value: 20,
            sas_bonuses: false,
            pagat_catch_bonus: false,
            allow_ulti_to_uhu_upgrade: true,
            double_and_volat_same_turn: false,
            max_kontra_level: 5,
            opponents_need_48_after_kontra: false,
            trial_bid_penalty: TrialBidPenalty::GameValue,
            skip_trull_only_three: false,
            overcaller_must_announce: false,
            volat_voids_silent_bonuses: VolatVoids::Any,
            bird_values: BirdValues::Standard,
            birds_chained: false,
            double_loss_for_ulti: false,
            discard_pile_to_lone_declarer: false,
            dealer_handles_talon_5p: true,
            // Parlett's settlement (PK-SCORE-01); the illustrated seed has the dealer neither win
            // nor lose (HU-SCORE-59).
            talon_honours_pay_dealer: matches!(game, Game::Paskievics),
        }
    }

    /// Applies the 54-card game's own defaults: its players chain the birds (HV-SCORE-24) and
    /// pay double for a lost ultimó or uhu (HV-SCORE-23). Does nothing with 42 cards.
    ///
    /// [`AnyGame::new`](crate::AnyGame::new) calls this after setting `pack` and before every
    /// other option, so a record that sets `birds_chained` or `double_loss_for_ulti` explicitly
    /// keeps its value wherever it lists it.
    pub fn apply_pack_defaults(&mut self) {
        if self.pack54 {
            self.birds_chained = true;
            self.double_loss_for_ulti = true;
        }
    }

    /// Number of tricks in a hand: 9, or 12 with 54 cards.
    #[must_use]
    pub const fn tricks(&self) -> usize {
        if self.pack54 {
            12
        } else {
            9
        }
    }

    /// Total card points: 94, or 106 with 54 cards.
    #[must_use]
    pub const fn total_points(&self) -> i64 {
        if self.pack54 {
            106
        } else {
            94
        }
    }

    /// The option descriptions, in a stable order.
    #[must_use]
    pub fn specs(&self) -> &'static [OptionSpec] {
        match self.game {
            Game::Paskievics => &SPECS_PASKIEVICS,
            _ => &SPECS,
        }
    }

    /// Sets an option from its text form.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown name or a value that is not allowed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let (spec, v) = find_checked(self.specs(), name, value)?;
        let b = parse_bool(&v);
        match spec.name {
            "pack" => self.pack54 = v == "54",
            "xx_discardable" => self.xx_discardable = b,
            "cue_bid_with_pagat_only" => self.cue_bid_with_pagat_only = b,
            "hold_rule" => {
                self.hold_rule = if v == "old" {
                    HoldRule::Old
                } else {
                    HoldRule::New
                }
            }
            "jump_to_solo_means" => {
                self.jump_to_solo_means = if v == "XVIII" {
                    JumpToSolo::Xviii
                } else {
                    JumpToSolo::Xix
                }
            }
            "double_round_after_passout" => self.double_round_after_passout = b,
            "annul_timing" => {
                self.annul_timing = if v == "before_discard" {
                    AnnulTiming::BeforeDiscard
                } else {
                    AnnulTiming::AfterExchange
                }
            }
            "tarokk_declaration_identifies_side" => self.tarokk_declaration_identifies_side = b,
            "tarokk_count_payment" => {
                self.tarokk_count_payment = if v == "team" {
                    TarokkCountPayment::Team
                } else {
                    TarokkCountPayment::AllOthers
                }
            }
            "pagat_uhu_value" => self.pagat_uhu_value = v.parse().unwrap_or(20),
            "sas_bonuses" => self.sas_bonuses = b,
            "pagat_catch_bonus" => self.pagat_catch_bonus = b,
            "allow_ulti_to_uhu_upgrade" => self.allow_ulti_to_uhu_upgrade = b,
            "double_and_volat_same_turn" => self.double_and_volat_same_turn = b,
            "max_kontra_level" => self.max_kontra_level = v.parse().unwrap_or(5),
            "opponents_need_48_after_kontra" => self.opponents_need_48_after_kontra = b,
            "trial_bid_penalty" => {
                self.trial_bid_penalty = match v.as_str() {
                    "three" => TrialBidPenalty::Three,
                    "none" => TrialBidPenalty::None,
                    _ => TrialBidPenalty::GameValue,
                }
            }
            "skip_trull_only_three" => self.skip_trull_only_three = b,
            "overcaller_must_announce" => self.overcaller_must_announce = b,
            "volat_voids_silent_bonuses" => {
                self.volat_voids_silent_bonuses = if v == "silent_only" {
                    VolatVoids::SilentOnly
                } else {
                    VolatVoids::Any
                }
            }
            "bird_values" => {
                self.bird_values = if v == "6/8/6" {
                    BirdValues::Janoska
                } else {
                    BirdValues::Standard
                }
            }
            "birds_chained" => self.birds_chained = b,
            "double_loss_for_ulti" => self.double_loss_for_ulti = b,
            "discard_pile_to_lone_declarer" => self.discard_pile_to_lone_declarer = b,
            "dealer_handles_talon_5p" => self.dealer_handles_talon_5p = b,
            "talon_honours_pay_dealer" => self.talon_honours_pay_dealer = b,
            // The placeholder has a single allowed value; `check` already rejected others.
            "marton_bonuses" => {}
            _ => unreachable!("every spec name is handled"),
        }
        Ok(())
    }

    /// The current value of an option in text form, or `None` for an unknown name.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        let b = |x: bool| x.to_string();
        Some(match name {
            "pack" => if self.pack54 { "54" } else { "42" }.to_owned(),
            "xx_discardable" => b(self.xx_discardable),
            "cue_bid_with_pagat_only" => b(self.cue_bid_with_pagat_only),
            "hold_rule" => match self.hold_rule {
                HoldRule::New => "new",
                HoldRule::Old => "old",
            }
            .to_owned(),
            "jump_to_solo_means" => match self.jump_to_solo_means {
                JumpToSolo::Xix => "XIX",
                JumpToSolo::Xviii => "XVIII",
            }
            .to_owned(),
            "double_round_after_passout" => b(self.double_round_after_passout),
            "annul_timing" => match self.annul_timing {
                AnnulTiming::AfterExchange => "after_exchange",
                AnnulTiming::BeforeDiscard => "before_discard",
            }
            .to_owned(),
            "tarokk_declaration_identifies_side" => b(self.tarokk_declaration_identifies_side),
            "tarokk_count_payment" => match self.tarokk_count_payment {
                TarokkCountPayment::AllOthers => "all_others",
                TarokkCountPayment::Team => "team",
            }
            .to_owned(),
            "pagat_uhu_value" => self.pagat_uhu_value.to_string(),
            "sas_bonuses" => b(self.sas_bonuses),
            "pagat_catch_bonus" => b(self.pagat_catch_bonus),
            "allow_ulti_to_uhu_upgrade" => b(self.allow_ulti_to_uhu_upgrade),
            "double_and_volat_same_turn" => b(self.double_and_volat_same_turn),
            "max_kontra_level" => self.max_kontra_level.to_string(),
            "opponents_need_48_after_kontra" => b(self.opponents_need_48_after_kontra),
            "trial_bid_penalty" => match self.trial_bid_penalty {
                TrialBidPenalty::GameValue => "game_value",
                TrialBidPenalty::Three => "three",
                TrialBidPenalty::None => "none",
            }
            .to_owned(),
            "skip_trull_only_three" => b(self.skip_trull_only_three),
            "overcaller_must_announce" => b(self.overcaller_must_announce),
            "volat_voids_silent_bonuses" => match self.volat_voids_silent_bonuses {
                VolatVoids::Any => "any",
                VolatVoids::SilentOnly => "silent_only",
            }
            .to_owned(),
            "bird_values" => match self.bird_values {
                BirdValues::Standard => "10/10/10",
                BirdValues::Janoska => "6/8/6",
            }
            .to_owned(),
            "birds_chained" => b(self.birds_chained),
            "double_loss_for_ulti" => b(self.double_loss_for_ulti),
            "discard_pile_to_lone_declarer" => b(self.discard_pile_to_lone_declarer),
            "dealer_handles_talon_5p" => b(self.dealer_handles_talon_5p),
            "talon_honours_pay_dealer" => b(self.talon_honours_pay_dealer),
            "marton_bonuses" => "off".to_owned(),
            _ => return None,
        })
    }
}

impl Options for HungarianOptions {
    fn specs(&self) -> &'static [OptionSpec] {
        HungarianOptions::specs(self)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        HungarianOptions::set(self, name, value)
    }

    fn get(&self, name: &str) -> Option<String> {
        HungarianOptions::get(self, name)
    }

    fn after_pack(&mut self) {
        self.apply_pack_defaults();
    }
}

const fn bool_spec(
    name: &'static str,
    default: &'static str,
    description: &'static str,
) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Bool,
        default,
        description,
    }
}

const fn enum_spec(
    name: &'static str,
    values: &'static [&'static str],
    default: &'static str,
    description: &'static str,
) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Enum(values),
        default,
        description,
    }
}

/// The option descriptions; the games differ only in the defaults passed in.
macro_rules! hungarian_specs {
    ($cue_default:literal, $talon_honours_default:literal) => {
        [
            enum_spec("pack", &["42", "54"], "42", "42 cards (9-card hands, 94 points) or the 54-card game (12-card hands, 106 points), which turns birds_chained and double_loss_for_ulti on unless they are set too"),
            bool_spec("xx_discardable", "true", "H1: the XX may be discarded (false: never, as in tournament rules)"),
            bool_spec("cue_bid_with_pagat_only", $cue_default, "H2: a XIX/XVIII cue bid may rest on the pagát as only honour, obliging a pagát ultimó announcement"),
            enum_spec("hold_rule", &["new", "old"], "new", "H3: new = anyone overcalled may hold; old = only a player who spoke first in the auction"),
            enum_spec("jump_to_solo_means", &["XIX", "XVIII"], "XIX", "H4: the card a single jump to solo invites"),
            bool_spec("double_round_after_passout", "true", "H5: a passed-out or annulled hand starts a round of doubled deals"),
            enum_spec("annul_timing", &["after_exchange", "before_discard"], "after_exchange", "H6: annul after the discards, or after drawing but before discarding"),
            bool_spec("tarokk_declaration_identifies_side", "false", "H7: declaring 8/9 tarokks places the declarer on a side like a bonus announcement"),
            enum_spec("tarokk_count_payment", &["all_others", "team"], "all_others", "H8: who pays for declared tarokks: every other player, or only the opponents"),
            OptionSpec { name: "pagat_uhu_value", kind: OptionKind::Int { min: 1, max: 100 }, default: "20", description: "H9: value of an announced pagátuhu (and sas uhu); 15 and 19 are common" },
            bool_spec("sas_bonuses", "false", "H10: sas (II) ultimó and sas uhu exist"),
            bool_spec("pagat_catch_bonus", "false", "H10: the pagát-catch bonus exists (4 silent, 8 announced)"),
            bool_spec("allow_ulti_to_uhu_upgrade", "true", "H11: the partner of an ultimó announcer may upgrade it to the uhu of the same card"),
            bool_spec("double_and_volat_same_turn", "false", "H12: double game and volát may be announced in the same turn"),
            OptionSpec { name: "max_kontra_level", kind: OptionKind::Int { min: 3, max: 5 }, default: "5", description: "H13: highest kontra level: 3 szubkontra, 4 hirskontra, 5 mordkontra" },
            bool_spec("opponents_need_48_after_kontra", "false", "H14: opponents who kontra'd the game need 48 card points to win it"),
            enum_spec("trial_bid_penalty", &["game_value", "three", "none"], "game_value", "H15: what a fourth-seat speculative bidder who drew no honour pays each player"),
            bool_spec("skip_trull_only_three", "false", "H16: a bid of three with only trull announced is not played; the declarer's team wins 3"),
            bool_spec("overcaller_must_announce", "false", "H17: who wins the auction over a cue bid must announce trull (or pagát ultimó with only the pagát)"),
            enum_spec("volat_voids_silent_bonuses", &["any", "silent_only"], "any", "H18: which volát voids silent trull and four kings"),
            enum_spec("bird_values", &["10/10/10", "6/8/6"], "10/10/10", "H19: values of centrum, small bird and large bird"),
            bool_spec("birds_chained", "false", "H19: birds are chained: centrum 10, small bird +20 on centrum, large bird +40 on both (default true with pack=54)"),
            bool_spec("double_loss_for_ulti", "false", "H19: a team that loses an ultimó or uhu pays double its value (default true with pack=54)"),
            bool_spec("discard_pile_to_lone_declarer", "false", "H20: a declarer alone after calling a discarded tarokk takes all discards"),
            bool_spec("dealer_handles_talon_5p", "true", "H21: with five players the dealer hands out the talon cards"),
            bool_spec("talon_honours_pay_dealer", $talon_honours_default, "five players: who received an honour from the talon pays the dealer 3 for the skíz, 2 for the XXI, 1 for the pagát (Parlett)"),
            enum_spec("marton_bonuses", &["off"], "off", "placeholder: Marton's three extra bonuses were not recovered and do not exist"),
        ]
    };
}

static SPECS: [OptionSpec; 27] = hungarian_specs!("false", "false");
static SPECS_PASKIEVICS: [OptionSpec; 27] = hungarian_specs!("true", "true");
