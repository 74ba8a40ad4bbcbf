//! The Hungarian rule options (GAPS.md H1–H21 and the variant switches), typed, with defaults,
//! each declared once ([`rule_options!`](crate::options)).

use crate::options::{option_words, rule_options, OptionSpec};
use crate::variant::Variant;

option_words! {
    /// Who may hold a bid (GAPS H3).
    pub enum HoldRule {
        /// Anyone who bid earlier and has since been overcalled, once per bid level (HU-BID-04).
        New = "new",
        /// Only a player whose first turn came before the first turn of the player whose bid they
        /// hold (HV-BID-01).
        Old = "old",
    }
}

option_words! {
    /// Which card a single jump to solo invites (GAPS H4).
    pub enum JumpToSolo {
        /// The XIX, like every single jump (HU-BID-19).
        Xix = "XIX",
        /// The XVIII (HV-BID-02).
        Xviii = "XVIII",
    }
}

option_words! {
    /// When a hand may be annulled (GAPS H6).
    pub enum AnnulTiming {
        /// After the discards, before the announcements (HU-ANNUL-07).
        AfterExchange = "after_exchange",
        /// After drawing the talon cards, before discarding (HV-ANNUL-01).
        BeforeDiscard = "before_discard",
    }
}

option_words! {
    /// Who pays for 8/9 declared tarokks (GAPS H8).
    pub enum TarokkCountPayment {
        /// Every other active player, partner included (HU-SCORE-54).
        AllOthers = "all_others",
        /// Only the opponents: a team item (HV-SCORE-03).
        Team = "team",
    }
}

option_words! {
    /// Penalty for a speculative bid that found no honour (GAPS H15).
    pub enum TrialBidPenalty {
        /// The basic game value of the bid to each other active player (HU-BID-10).
        GameValue = "game_value",
        /// Three to each other active player (PVSZ18).
        Three = "three",
        /// No penalty (mkvm.hu).
        None = "none",
    }
}

option_words! {
    /// Which volát voids silent trull and four kings (GAPS H18).
    pub enum VolatVoids {
        /// Any volát (HU-SCORE-36).
        Any = "any",
        /// Only a silent volát (HV-SCORE-05).
        SilentOnly = "silent_only",
    }
}

option_words! {
    /// Values of centrum, small bird and large bird (GAPS H19).
    pub enum BirdValues {
        /// 10 / 10 / 10 (HU-SCORE-45..47).
        Standard = "10/10/10",
        /// 6 / 8 / 6, the Jánoska group (HV-SCORE-02).
        Janoska = "6/8/6",
    }
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

rule_options! {
    /// Every Hungarian rule option. `Default` gives the illustrated game's defaults.
    pub struct HungarianOptions {
        /// The game (set by the variant, not an option a client sets).
        pub game: Game = game;
    }
    /// The defaults of one Hungarian game.
    pub const fn for_game(game: Game);
    specs(o) => &SPECS[o.game as usize];
    after_pack(o) => o.apply_pack_defaults();
    options {
        "pack": (flag "42", "54"),
            "42 cards (9-card hands, 94 points) or the 54-card game (12-card hands, 106 points), which turns birds_chained and double_loss_for_ulti on unless they are set too"
            => /// 54 cards in play (12-card hands, 106 points) instead of 42.
            pack54: bool = false;
        "xx_discardable": (bool),
            "the XX may be discarded (false: never, as in tournament rules)"
            => /// H1 `xx_discardable`.
            xx_discardable: bool = true;
        "cue_bid_with_pagat_only": (bool),
            "a XIX/XVIII cue bid may rest on the pagát as only honour, obliging a pagát ultimó announcement"
            => /// H2 `cue_bid_with_pagat_only`.
            cue_bid_with_pagat_only: bool = matches!(game, Game::Paskievics);
        "hold_rule": (words),
            "new = anyone overcalled may hold; old = only a player who spoke first in the auction"
            => /// H3 `hold_rule`.
            hold_rule: HoldRule = HoldRule::New;
        "jump_to_solo_means": (words),
            "the card a single jump to solo invites"
            => /// H4 `jump_to_solo_means`.
            jump_to_solo_means: JumpToSolo = JumpToSolo::Xix;
        "double_round_after_passout": (bool),
            "a passed-out or annulled hand starts a round of doubled deals"
            => /// H5 `double_round_after_passout`.
            double_round_after_passout: bool = true;
        "annul_timing": (words),
            "annul after the discards, or after drawing but before discarding"
            => /// H6 `annul_timing`.
            annul_timing: AnnulTiming = AnnulTiming::AfterExchange;
        "tarokk_declaration_identifies_side": (bool),
            "declaring 8/9 tarokks places the declarer on a side like a bonus announcement"
            => /// H7 `tarokk_declaration_identifies_side`.
            tarokk_declaration_identifies_side: bool = false;
        "tarokk_count_payment": (words),
            "who pays for declared tarokks: every other player, or only the opponents"
            => /// H8 `tarokk_count_payment`.
            tarokk_count_payment: TarokkCountPayment = TarokkCountPayment::AllOthers;
        "pagat_uhu_value": (int 1, 100),
            "value of an announced pagátuhu (and sas uhu); 15 and 19 are common"
            => /// H9 `pagat_uhu_value` (also the value of sas uhu).
            pagat_uhu_value: i64 = 20;
        "sas_bonuses": (bool),
            "sas (II) ultimó and sas uhu exist"
            => /// H10 `sas_bonuses`.
            sas_bonuses: bool = false;
        "pagat_catch_bonus": (bool),
            "the pagát-catch bonus exists (4 silent, 8 announced)"
            => /// H10 `pagat_catch_bonus`.
            pagat_catch_bonus: bool = false;
        "allow_ulti_to_uhu_upgrade": (bool),
            "the partner of an ultimó announcer may upgrade it to the uhu of the same card"
            => /// H11 `allow_ulti_to_uhu_upgrade`.
            allow_ulti_to_uhu_upgrade: bool = true;
        "double_and_volat_same_turn": (bool),
            "double game and volát may be announced in the same turn"
            => /// H12 `double_and_volat_same_turn`.
            double_and_volat_same_turn: bool = false;
        "max_kontra_level": (int 3, 5),
            "highest kontra level: 3 szubkontra, 4 hirskontra, 5 mordkontra"
            => /// H13 `max_kontra_level` (3 szubkontra, 4 hirskontra, 5 mordkontra).
            max_kontra_level: u8 = 5;
        "opponents_need_48_after_kontra": (bool),
            "opponents who kontra'd the game need 48 card points to win it"
            => /// H14 `opponents_need_48_after_kontra`.
            opponents_need_48_after_kontra: bool = false;
        "trial_bid_penalty": (words),
            "what a fourth-seat speculative bidder who drew no honour pays each player"
            => /// H15 `trial_bid_penalty`.
            trial_bid_penalty: TrialBidPenalty = TrialBidPenalty::GameValue;
        "skip_trull_only_three": (bool),
            "a bid of three with only trull announced is not played; the declarer's team wins 3"
            => /// H16 `skip_trull_only_three`.
            skip_trull_only_three: bool = false;
        "overcaller_must_announce": (bool),
            "who wins the auction over a cue bid must announce trull (or pagát ultimó with only the pagát)"
            => /// H17 `overcaller_must_announce`.
            overcaller_must_announce: bool = false;
        "volat_voids_silent_bonuses": (words),
            "which volát voids silent trull and four kings"
            => /// H18 `volat_voids_silent_bonuses`.
            volat_voids_silent_bonuses: VolatVoids = VolatVoids::Any;
        "bird_values": (words),
            "values of centrum, small bird and large bird"
            => /// H19 `bird_values`.
            bird_values: BirdValues = BirdValues::Standard;
        "birds_chained": (bool),
            "birds are chained: centrum 10, small bird +20 on centrum, large bird +40 on both (default true with pack=54)"
            => /// H19 `birds_chained`.
            birds_chained: bool = false;
        "double_loss_for_ulti": (bool),
            "a team that loses an ultimó or uhu pays double its value (default true with pack=54)"
            => /// H19 `double_loss_for_ulti`.
            double_loss_for_ulti: bool = false;
        "discard_pile_to_lone_declarer": (bool),
            "a declarer alone after calling a discarded tarokk takes all discards"
            => /// H20 `discard_pile_to_lone_declarer`.
            discard_pile_to_lone_declarer: bool = false;
        "dealer_handles_talon_5p": (bool),
            "with five players the dealer hands out the talon cards"
            => /// H21 `dealer_handles_talon_5p`.
            dealer_handles_talon_5p: bool = true;
        "talon_honours_pay_dealer": (bool),
            "five players: who received an honour from the talon pays the dealer 3 for the skíz, 2 for the XXI, 1 for the pagát (Parlett)"
            => /// Five players: whoever received an honour from the talon pays the dealer 3/2/1
            /// (PK-SCORE-01). Parlett's settlement; the illustrated seed has the dealer neither win
            /// nor lose (HU-SCORE-59).
            talon_honours_pay_dealer: bool = matches!(game, Game::Paskievics);
    }
}

/// The option descriptions of each game, in the order of [`Game`]: the games differ only in
/// the defaults.
static SPECS: [[OptionSpec; 26]; 3] = [
    HungarianOptions::spec_table(Game::Illustrated),
    HungarianOptions::spec_table(Game::Paskievics),
    HungarianOptions::spec_table(Game::High),
];

impl Default for HungarianOptions {
    fn default() -> HungarianOptions {
        HungarianOptions::for_game(Game::Illustrated)
    }
}

impl HungarianOptions {
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
}
