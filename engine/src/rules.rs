//! The static side of a game: its options, tables, deal, construction from a validated setup,
//! action ids and trick rules.
//!
//! After shakmaty's `FromSetup`: [`Rules`] is what [`crate::AnyGame::new`] needs to turn an
//! unvalidated [`crate::Setup`] into a hand of one game, and what the variants' enum forwards
//! to. Each game implements it once in its own module; generic code (`AnyGame::new` through
//! one small generic function, the session layer, the bots) is written once over it and
//! compiled once per game, so nothing here costs a dispatch in play.

use crate::action::{Action, Bonus, Contract};
use crate::bot::SeatKnowledge;
use crate::card::{Card, CardSet, Pack};
use crate::deal::{Deal, DealShape};
use crate::game::{Game, Observe, Outcome, Stage};
use crate::glossary::Language;
use crate::ledger::Ledger;
use crate::options::Options;
use crate::seat::{Seat, Table, TableError};
use crate::trick::TrickRules;
use crate::variant::{AnyGame, Carried, Variant};
use crate::words::Words;

/// A game's dense space of stable integer ids for its actions, for bots and learning: part of
/// the rules version, so an id never changes meaning within one version. A game's pack may
/// shape it (the Hungarian 42- and 54-card games).
#[derive(Clone, Copy, Debug)]
pub struct ActionIds {
    /// The id of an action under a pack, `None` for an action that has no meaning in the game.
    pub id: fn(Pack, Action) -> Option<u32>,
    /// The action of an id under a pack, `None` outside the space.
    pub action: fn(Pack, u32) -> Option<Action>,
    /// The size of the space under a pack.
    pub space: fn(Pack) -> u32,
}

/// A game of the family: how a hand of it is set up, and what it is called by.
///
/// `Self` is the hand in play ([`Game`], [`Observe`]): a `Copy` value of fixed size.
pub trait Rules: Game + Observe + Copy + Into<AnyGame> {
    /// The game's typed rule options.
    type Options: Options + Into<crate::variant::VariantOptions>;

    /// The numbers of seats the game is played by.
    const SEATS: &'static [u8];

    /// How its tricks are played: the trump set and the excuse, if any.
    const TRICK_RULES: TrickRules;

    /// The default options of `variant`, one of this game's variants: by default the options'
    /// own defaults, for a game of one variant.
    fn default_options(_variant: Variant) -> Self::Options {
        Self::Options::default()
    }

    /// The table of `seats` dealt by `dealer`, with who sits out: by default nobody.
    ///
    /// # Errors
    /// [`TableError`] for a number of seats the game is not played by, or a dealer outside the
    /// table.
    fn table(seats: u8, dealer: Seat) -> Result<Table, TableError> {
        Table::try_new(seats, dealer, Self::SEATS)
    }

    /// The shape of a deal under `options`: pack, hand and talon sizes.
    fn shape(options: &Self::Options) -> DealShape;

    /// Deals a shuffled pack `order` (every card of [`Rules::shape`]'s pack) in the game's
    /// dealing pattern.
    fn deal_from_order(options: &Self::Options, table: &Table, order: &[Card]) -> Deal;

    /// Takes what a match carries into the hand into the hand's options (the Danish pots, the
    /// Austrian obliged bidder); by default nothing may be carried.
    ///
    /// # Errors
    /// What does not fit the game or the table.
    fn carry_in(
        _options: &mut Self::Options,
        carried: &Carried,
        _table: &Table,
    ) -> Result<(), &'static str> {
        if *carried == Carried::default() {
            Ok(())
        } else {
            Err("this game carries no pots, no obliged bidder and no radli from hand to hand")
        }
    }

    /// A new hand from a validated setup: `deal` fits [`Rules::shape`] at `table`.
    fn from_setup(options: Self::Options, table: Table, deal: Deal) -> Self;

    /// The hand's rule options.
    fn options(&self) -> &Self::Options;

    /// The variant the hand plays.
    fn variant(&self) -> Variant;

    /// The game's dense space of stable action ids.
    const IDS: ActionIds;

    /// The game's own words, where the shared ones would mislead: by default none.
    const WORDS: Words = Words::SHARED;

    /// The game's own language: the translations of its rules and its glossary's words.
    const LANGUAGE: Language;

    /// Its rules reference (`docs/rules/`), compiled in: each file's name and text.
    const RULEBOOK: &'static [(&'static str, &'static str)];

    /// The id prefixes of the rules `variant` (one of this game's) is played by: by default the
    /// game's own.
    fn rule_prefixes(variant: Variant) -> &'static [&'static str];

    /// The contracts the game bids, lowest first (none in a game without an auction).
    const CONTRACTS: &'static [Contract];

    /// The levels of the game's kontra ladder (none in a game without kontras).
    const KONTRA_LEVELS: &'static [u8];

    /// Every bonus `variant` (one of this game's) announces or scores, under any option.
    fn bonuses(variant: Variant) -> &'static [Bonus];

    /// The cards the game's rules never let into a hidden pile (the discards): what a world
    /// sampled for a seat never hides there.
    const NEVER_DISCARDED: CardSet;

    /// The heuristic bot: its choice for the seat whose knowledge it is given, among that
    /// seat's legal actions (not empty).
    const HEURISTIC: fn(&SeatKnowledge<'_, Self>, &[Action]) -> Action;

    /// The stable integer id of an action in this hand's id space, `None` for an action that
    /// has no meaning in the game.
    fn action_id(&self, a: Action) -> Option<u32> {
        (Self::IDS.id)(Self::shape(self.options()).pack, a)
    }

    /// The action with a stable id, `None` outside the space.
    fn action_from_id(&self, id: u32) -> Option<Action> {
        (Self::IDS.action)(Self::shape(self.options()).pack, id)
    }

    /// The size of the id space.
    fn action_space(&self) -> u32 {
        (Self::IDS.space)(Self::shape(self.options()).pack)
    }

    /// The settlement of the hand as it stands (meaningful once it is over), multiplied by
    /// `round_multiplier` where the game has doubled rounds.
    fn settle(&self, round_multiplier: i64) -> Ledger;

    /// The heuristic bot's choice for `seat` among `legal` (the seat's legal actions, not
    /// empty), reading the hand only as that seat may.
    fn heuristic(&self, seat: Seat, legal: &[Action]) -> Action {
        Self::HEURISTIC(&SeatKnowledge::new(self, seat), legal)
    }

    /// The hand as it was dealt, before any action.
    #[must_use]
    fn as_dealt(&self) -> Self {
        Self::from_setup(*self.options(), self.table_info(), *self.deal())
    }
}

/// [`Observe::settlement`] of every game: its settlement once the hand is over.
pub(crate) fn settlement<G: Rules>(g: &G, round_multiplier: i64) -> Option<Ledger> {
    matches!(g.stage(), Stage::Over(_)).then(|| g.settle(round_multiplier))
}

/// [`Game::outcome`] of every game: how the hand ended and its settlement, once it is over.
pub(crate) fn outcome<G: Rules>(g: &G) -> Option<Outcome> {
    let Stage::Over(end) = g.stage() else {
        return None;
    };
    Some(Outcome {
        end,
        ledger: g.settle(1),
    })
}
