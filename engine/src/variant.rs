//! The variants behind one enum, and setting up a hand from its description.
//!
//! A [`Setup`] is the unvalidated description of a hand (variant, rule options, seats, dealer,
//! and a seed or explicit cards); [`AnyGame::new`] validates it and deals. [`AnyGame::replay`]
//! applies a list of actions and reports the first illegal one with its index.

use crate::action::{Action, Bonus, Contract};
use crate::austrian::{Austrian, AustrianOptions};
use crate::card::{Card, CardSet, Pack};
use crate::danish::{Danish, DanishOptions};
use crate::deal::{Deal, DealBuilder, DealError};
use crate::game::{
    ActionList, Game, Observe, Outcome, Stage, TalonGroups, Viewer, Violation, Visible,
};
use crate::hungarian::{Hungarian, HungarianOptions};
use crate::ledger::{Ledger, Team};
use crate::options::{OptionError, OptionSpec, Options};
use crate::polish::{Polish, PolishOptions};
use crate::rules::Rules;
use crate::seat::{Seat, Table, MAX_SEATS};
use crate::shared::Core;
use crate::shuffle;
use crate::slovenian::{Slovenian, SlovenianOptions};
use crate::trick::Trick;
use std::fmt;

/// The one match over the variants: runs `$e` with `$G` standing for the type of the game
/// `$variant` plays. Everything a variant knows of its game goes through here, so a new
/// variant fails to compile until it names its game.
macro_rules! with_game {
    ($variant:expr, $G:ident => $e:expr) => {
        match $variant {
            $crate::variant::Variant::HungarianIllustrated
            | $crate::variant::Variant::HungarianPaskievics
            | $crate::variant::Variant::HungarianHigh => {
                type $G = $crate::hungarian::Hungarian;
                $e
            }
            $crate::variant::Variant::PolishKrolami => {
                type $G = $crate::polish::Polish;
                $e
            }
            $crate::variant::Variant::AustrianIllustrated => {
                type $G = $crate::austrian::Austrian;
                $e
            }
            $crate::variant::Variant::DanishTarok => {
                type $G = $crate::danish::Danish;
                $e
            }
            $crate::variant::Variant::SlovenianTarok => {
                type $G = $crate::slovenian::Slovenian;
                $e
            }
        }
    };
}

pub(crate) use with_game;

/// The one match over the games in play: runs `$e` with `$g` bound to the game `$self` holds.
macro_rules! dispatch {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            $crate::variant::AnyGame::Hungarian($g) => $e,
            $crate::variant::AnyGame::Polish($g) => $e,
            $crate::variant::AnyGame::Austrian($g) => $e,
            $crate::variant::AnyGame::Danish($g) => $e,
            $crate::variant::AnyGame::Slovenian($g) => $e,
        }
    };
}

pub(crate) use dispatch;

/// The options of the game in play: runs `$e` with `$o` bound to the options `$self` holds.
macro_rules! dispatch_options {
    ($self:expr, $o:ident => $e:expr) => {
        match $self {
            VariantOptions::Hungarian($o) => $e,
            VariantOptions::Polish($o) => $e,
            VariantOptions::Austrian($o) => $e,
            VariantOptions::Danish($o) => $e,
            VariantOptions::Slovenian($o) => $e,
        }
    };
}

/// Each game's conversions into [`AnyGame`] and [`VariantOptions`].
macro_rules! games {
    ($($arm:ident($game:ty, $options:ty)),* $(,)?) => {
        $(
            impl From<$game> for AnyGame {
                fn from(g: $game) -> AnyGame {
                    AnyGame::$arm(g)
                }
            }

            impl From<$options> for VariantOptions {
                fn from(o: $options) -> VariantOptions {
                    VariantOptions::$arm(o)
                }
            }
        )*
    };
}

games! {
    Hungarian(Hungarian, HungarianOptions),
    Polish(Polish, PolishOptions),
    Austrian(Austrian, AustrianOptions),
    Danish(Danish, DanishOptions),
    Slovenian(Slovenian, SlovenianOptions),
}

/// The rules version: fixes the shuffle, the dealing pattern and the action ids. Records name
/// it so that a stored game replays identically for as long as the version is supported.
pub const RULES_VERSION: u32 = 1;

/// A game of the family.
///
/// Not `#[non_exhaustive]`: every match over the variants names them all, so that a new
/// variant does not compile until each such place has decided what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Illustrated (Palatinus) Hungarian tarokk.
    HungarianIllustrated,
    /// Basic Hungarian tarokk (Paskievics), with Parlett's differences.
    HungarianPaskievics,
    /// High (Magas) Hungarian tarokk.
    HungarianHigh,
    /// Polish Taroki z królami (Kozy): a king called for partner.
    PolishKrolami,
    /// Austrian Illustrated Tarock (Illustriertes Dreiertarock): three players.
    AustrianIllustrated,
    /// Danish Tarok: three active players, the 78-card pack, pots and payments.
    DanishTarok,
    /// Slovenian Tarok: three or four players, a contract from klop to valat.
    SlovenianTarok,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 7] = [
        Variant::HungarianIllustrated,
        Variant::HungarianPaskievics,
        Variant::HungarianHigh,
        Variant::PolishKrolami,
        Variant::AustrianIllustrated,
        Variant::DanishTarok,
        Variant::SlovenianTarok,
    ];

    /// The Hungarian games.
    pub const HUNGARIAN: [Variant; 3] = [
        Variant::HungarianIllustrated,
        Variant::HungarianPaskievics,
        Variant::HungarianHigh,
    ];

    /// The id used on the wire, e.g. `hungarian-illustrated`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Variant::HungarianIllustrated => "hungarian-illustrated",
            Variant::HungarianPaskievics => "hungarian-paskievics",
            Variant::HungarianHigh => "hungarian-high",
            Variant::PolishKrolami => "polish-krolami",
            Variant::AustrianIllustrated => "austrian-illustrated",
            Variant::DanishTarok => "danish-tarok",
            Variant::SlovenianTarok => "slovenian-tarok",
        }
    }

    /// The variant with wire id `id`.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.id() == id)
    }

    /// The game's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::HungarianIllustrated => {
                "Illustrated Hungarian Tarokk (Illusztrált / Palatinus)"
            }
            Variant::HungarianPaskievics => "Hungarian Tarokk (Paskievics)",
            Variant::HungarianHigh => "High Tarokk (Magas tarokk)",
            Variant::PolishKrolami => "Taroki z królami (Polish, call a king)",
            Variant::AustrianIllustrated => "Illustrated Tarock (Austrian, three players)",
            Variant::DanishTarok => "Tarok (Danish, three players, 78 cards)",
            Variant::SlovenianTarok => "Tarok (Slovenian, three or four players)",
        }
    }

    /// The pack with the default options: 42 cards for the Hungarian games (54 with the option
    /// `pack`), 54 for the Polish, Austrian and Slovenian ones, 78 for the Danish.
    #[must_use]
    pub fn default_pack(self) -> Pack {
        with_game!(self, G => G::shape(&G::default_options(self)).pack)
    }

    /// How the game counts card points.
    #[must_use]
    pub const fn count_method(self) -> crate::count::CountMethod {
        with_game!(self, G => <G as crate::solve::Solvable>::COUNT)
    }

    /// The allowed numbers of seats.
    #[must_use]
    pub const fn seat_counts(self) -> &'static [u8] {
        with_game!(self, G => G::SEATS)
    }

    /// The default rule options.
    #[must_use]
    pub fn default_options(self) -> VariantOptions {
        with_game!(self, G => G::default_options(self).into())
    }

    /// The rule options this variant takes.
    #[must_use]
    pub fn option_specs(self) -> &'static [OptionSpec] {
        self.default_options().specs()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The typed options of one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantOptions {
    /// The Hungarian games.
    Hungarian(HungarianOptions),
    /// Taroki z królami.
    Polish(PolishOptions),
    /// Illustrated Tarock.
    Austrian(AustrianOptions),
    /// Danish Tarok.
    Danish(DanishOptions),
    /// Slovenian Tarok.
    Slovenian(SlovenianOptions),
}

impl VariantOptions {
    /// Sets one option from text.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown name or a value not allowed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        dispatch_options!(self, o => Options::set(o, name, value))
    }

    /// The value of one option as text; `None` for an unknown name.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        dispatch_options!(self, o => Options::get(o, name))
    }

    /// The specs of the variant's options, in its order.
    #[must_use]
    pub fn specs(&self) -> &'static [OptionSpec] {
        dispatch_options!(self, o => Options::specs(o))
    }

    /// Every option with its current value, in the variant's order.
    #[must_use]
    pub fn values(&self) -> Vec<(&'static str, String)> {
        self.specs()
            .iter()
            .map(|s| (s.name, self.get(s.name).unwrap_or_default()))
            .collect()
    }
}

/// Where the cards come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealSource {
    /// A 256-bit seed: the documented shuffle ([`crate::shuffle`]) and the game's dealing pattern.
    Seed([u8; 32]),
    /// Explicit cards, validated.
    Explicit(DealBuilder),
}

/// What a match carries into a hand besides the totals: state of the session, not rules. A
/// single hand, or a match's first, carries nothing ([`Carried::default`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Carried {
    /// Danish: the pagat pot and the king pot when the hand starts (0: empty, founded before the
    /// deal, DK-MATCH-05).
    pub pots: [i64; 2],
    /// Austrian: the seat that kept talon cards after three passes in the hand before, and now
    /// may not pass (AT-BID-10).
    pub obliged_bidder: Option<Seat>,
    /// Slovenian: each seat's radli (radelci) when the hand starts (SI-MATCH-02).
    pub radli: [u8; MAX_SEATS],
}

/// The most radli a seat may carry into a hand.
pub const MAX_RADLI: u8 = 99;

/// The largest pot a hand may start with.
pub const MAX_POT: i64 = 1_000_000_000_000_000;

/// The unvalidated description of a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game.
    pub variant: Variant,
    /// Rule options as `name = value` pairs; unnamed options keep their defaults. The order does
    /// not matter: `pack` is applied first, with the 54-card game's defaults
    /// ([`HungarianOptions::apply_pack_defaults`]), then the rest.
    pub options: Vec<(String, String)>,
    /// Number of seats.
    pub seats: u8,
    /// The dealer.
    pub dealer: Seat,
    /// The cards.
    pub deal: DealSource,
    /// What the match carries into the hand (set by [`crate::session::MatchContext::next_setup`]).
    pub carried: Carried,
}

impl Setup {
    /// A seeded hand of `variant` with default options.
    #[must_use]
    pub fn seeded(variant: Variant, seats: u8, dealer: Seat, seed: [u8; 32]) -> Setup {
        Setup {
            variant,
            options: Vec::new(),
            seats,
            dealer,
            deal: DealSource::Seed(seed),
            carried: Carried::default(),
        }
    }

    /// `name = value` pairs as [`Setup::options`] holds them.
    #[must_use]
    pub fn option_pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|&(k, v)| (k.to_owned(), v.to_owned()))
            .collect()
    }

    /// The same hand with the rule options `pairs` (in place of any set before).
    #[must_use]
    pub fn with_options(mut self, pairs: &[(&str, &str)]) -> Setup {
        self.options = Setup::option_pairs(pairs);
        self
    }
}

/// Error from [`AnyGame::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// A rule option is unknown or has a value not allowed.
    Option(OptionError),
    /// The number of seats is not allowed for the variant.
    Seats {
        /// The variant.
        variant: Variant,
        /// The seats given.
        seats: u8,
    },
    /// The dealer is not a seat at the table.
    Dealer(Seat),
    /// The explicit deal is invalid.
    Deal(DealError),
    /// What the match carries into the hand does not fit the game (pots outside a Danish match,
    /// an obliged bidder outside an Austrian one or off the table).
    Carried(&'static str),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Option(e) => e.fmt(f),
            SetupError::Seats { variant, seats } => {
                write!(
                    f,
                    "{variant} is played by {:?} seats, not {seats}",
                    variant.seat_counts()
                )
            }
            SetupError::Dealer(d) => write!(f, "dealer {d} is not a seat at this table"),
            SetupError::Deal(e) => e.fmt(f),
            SetupError::Carried(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for SetupError {}

/// A hand of any variant.
///
/// The variants are held by value, whatever their sizes: a replay copies and updates a game in
/// place, and a box would cost an allocation per game. Not `#[non_exhaustive]`, like
/// [`Variant`]: a new game does not compile until every match over the games has its arm.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyGame {
    /// A Hungarian hand.
    Hungarian(Hungarian),
    /// A Polish hand.
    Polish(Polish),
    /// An Austrian hand.
    Austrian(Austrian),
    /// A Danish hand.
    Danish(Danish),
    /// A Slovenian hand.
    Slovenian(Slovenian),
}

/// The first illegal action of a replayed record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Index of the action in the list.
    pub index: usize,
    /// The action.
    pub action: Action,
    /// The seat that was to act (`None` if the hand was already over).
    pub seat: Option<Seat>,
    /// Why it is illegal.
    pub violation: Violation,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "action {} ({}) is illegal: {}",
            self.index, self.action, self.violation
        )
    }
}

impl std::error::Error for ReplayError {}

impl AnyGame {
    /// Validates `setup` and deals.
    ///
    /// # Errors
    /// [`SetupError`] naming what is wrong.
    pub fn new(setup: &Setup) -> Result<AnyGame, SetupError> {
        with_game!(setup.variant, G => from_setup::<G>(setup))
    }

    /// Sets up and applies `actions` in order.
    ///
    /// # Errors
    /// [`ReplayError`] for the first illegal action (the setup itself must be valid: it is
    /// checked first and its error returned in `Err(Err(..))`).
    pub fn replay(
        setup: &Setup,
        actions: &[Action],
    ) -> Result<AnyGame, Result<ReplayError, SetupError>> {
        AnyGame::replay_with(setup, actions, |_| {})
    }

    /// [`AnyGame::replay`], telling `acted` the seat that made each action, in order, as it is
    /// applied (a record holds the actions only; a history shows who made them).
    ///
    /// # Errors
    /// As [`AnyGame::replay`].
    pub fn replay_with(
        setup: &Setup,
        actions: &[Action],
        acted: impl FnMut(Seat),
    ) -> Result<AnyGame, Result<ReplayError, SetupError>> {
        let g = AnyGame::new(setup).map_err(Err)?;
        g.replay_from(actions, acted).map_err(Ok)
    }

    /// Checks and applies `actions` in order from this game, telling `acted` the seat that made
    /// each: [`AnyGame::replay_with`] for a caller that already holds the game as dealt (from
    /// [`AnyGame::new`] of the same setup, e.g. kept from an earlier request), which it copies.
    ///
    /// # Errors
    /// [`ReplayError`] for the first illegal action, its index counted from this game.
    pub fn replay_from(
        mut self,
        actions: &[Action],
        mut acted: impl FnMut(Seat),
    ) -> Result<AnyGame, ReplayError> {
        for (index, &action) in actions.iter().enumerate() {
            let seat = self.to_act();
            if let Err(violation) = self.check(action) {
                return Err(ReplayError {
                    index,
                    action,
                    seat,
                    violation,
                });
            }
            // A legal action has a seat to make it.
            acted(seat.unwrap_or_default());
            self.play_unchecked(action);
        }
        Ok(self)
    }

    /// The Hungarian hand, if this is one.
    #[must_use]
    pub fn as_hungarian(&self) -> Option<&Hungarian> {
        let AnyGame::Hungarian(h) = self else {
            return None;
        };
        Some(h)
    }

    /// The Polish hand, if this is one.
    #[must_use]
    pub fn as_polish(&self) -> Option<&Polish> {
        let AnyGame::Polish(p) = self else {
            return None;
        };
        Some(p)
    }

    /// The Austrian hand, if this is one.
    #[must_use]
    pub fn as_austrian(&self) -> Option<&Austrian> {
        let AnyGame::Austrian(a) = self else {
            return None;
        };
        Some(a)
    }

    /// The Danish hand, if this is one.
    #[must_use]
    pub fn as_danish(&self) -> Option<&Danish> {
        let AnyGame::Danish(d) = self else {
            return None;
        };
        Some(d)
    }

    /// The Slovenian hand, if this is one.
    #[must_use]
    pub fn as_slovenian(&self) -> Option<&Slovenian> {
        let AnyGame::Slovenian(s) = self else {
            return None;
        };
        Some(s)
    }

    /// The hand as it was dealt, before any action (the same setup and cards).
    #[must_use]
    pub fn as_dealt(&self) -> AnyGame {
        dispatch!(self, g => g.as_dealt().into())
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        dispatch!(self, g => g.variant())
    }

    /// The stable integer id of an action in this hand's variant and pack.
    #[must_use]
    pub fn action_id(&self, a: Action) -> Option<u32> {
        dispatch!(self, g => g.action_id(a))
    }

    /// The action with a stable id.
    #[must_use]
    pub fn action_from_id(&self, id: u32) -> Option<Action> {
        dispatch!(self, g => g.action_from_id(id))
    }

    /// The size of the id space.
    #[must_use]
    pub fn action_space(&self) -> u32 {
        dispatch!(self, g => g.action_space())
    }

    /// How many 64-bit words a mask over the id space takes (see [`AnyGame::legal_mask_into`]).
    #[must_use]
    pub fn mask_words(&self) -> usize {
        (self.action_space() as usize).div_ceil(64)
    }

    /// The legal actions as a mask over the id space, for learning and search bots that index
    /// their outputs by action id: bit `i % 64` of `mask[i / 64]` is set exactly when the action
    /// with id `i` is legal. The first [`AnyGame::mask_words`] words are written (the rest are
    /// left alone), without allocating. Returns the number of legal actions (none once the hand
    /// is over), or `None`, writing nothing, when `mask` is shorter than that.
    pub fn legal_mask_into(&self, mask: &mut [u64]) -> Option<usize> {
        let mask = mask.get_mut(..self.mask_words())?;
        mask.fill(0);
        let mut legal = ActionList::new();
        self.legal_actions_into(&mut legal);
        for &a in legal.iter() {
            // Every listed action has an id (the engine's tests check it for every game).
            if let Some(id) = self.action_id(a) {
                mask[id as usize / 64] |= 1 << (id % 64);
            }
        }
        Some(legal.len())
    }

    /// The heuristic bot's choice for `seat` among `legal` (not empty).
    pub(crate) fn heuristic(&self, seat: Seat, legal: &[Action]) -> Action {
        dispatch!(self, g => g.heuristic(seat, legal))
    }
}

/// [`AnyGame::new`] for the game `G`: the setup validated (options, seats, dealer, cards) and
/// dealt.
fn from_setup<G: Rules>(setup: &Setup) -> Result<AnyGame, SetupError> {
    let mut o = G::default_options(setup.variant);
    o.set_all(&setup.options).map_err(SetupError::Option)?;
    if !G::SEATS.contains(&setup.seats) {
        return Err(SetupError::Seats {
            variant: setup.variant,
            seats: setup.seats,
        });
    }
    let table =
        G::table(setup.seats, setup.dealer).map_err(|_| SetupError::Dealer(setup.dealer))?;
    G::carry_in(&mut o, &setup.carried, &table).map_err(SetupError::Carried)?;
    let shape = G::shape(&o);
    let deal = match &setup.deal {
        DealSource::Seed(seed) => {
            let order = shuffle::shuffled(shape.pack, *seed);
            G::deal_from_order(&o, &table, order.as_slice())
        }
        DealSource::Explicit(b) => b.build(&shape, &table).map_err(SetupError::Deal)?,
    };
    Ok(G::from_setup(o, table, deal).into())
}

impl Observe for AnyGame {
    fn core(&self) -> &Core {
        dispatch!(self, g => g.core())
    }

    fn stage(&self) -> Stage {
        dispatch!(self, g => g.stage())
    }

    fn table_info(&self) -> Table {
        dispatch!(self, g => g.table_info())
    }

    fn deal(&self) -> &Deal {
        dispatch!(self, g => g.deal())
    }

    fn hand(&self, s: Seat) -> CardSet {
        dispatch!(self, g => g.hand(s))
    }

    fn discards(&self, s: Seat) -> CardSet {
        dispatch!(self, g => g.discards(s))
    }

    fn discarded_tarokks(&self, s: Seat) -> Option<u8> {
        dispatch!(self, g => g.discarded_tarokks(s))
    }

    fn declared_count(&self, s: Seat) -> Option<u8> {
        dispatch!(self, g => Observe::declared_count(g, s))
    }

    fn side_known_to(&self, viewer: Viewer, s: Seat) -> Option<Team> {
        dispatch!(self, g => g.side_known_to(viewer, s))
    }

    fn won(&self, s: Seat) -> CardSet {
        dispatch!(self, g => g.won(s))
    }

    fn talon_received(&self, s: Seat) -> CardSet {
        dispatch!(self, g => g.talon_received(s))
    }

    fn talon_remaining(&self) -> CardSet {
        dispatch!(self, g => g.talon_remaining())
    }

    fn declarer(&self) -> Option<(Seat, Contract)> {
        dispatch!(self, g => g.declarer())
    }

    fn visible(&self, viewer: Viewer) -> Visible {
        dispatch!(self, g => g.visible(viewer))
    }

    fn called(&self) -> Option<Card> {
        dispatch!(self, g => g.called())
    }

    fn partner(&self) -> Option<Seat> {
        dispatch!(self, g => g.partner())
    }

    fn for_each_announced(&self, f: impl FnMut(Bonus, Team, u8, Seat)) {
        dispatch!(self, g => Observe::for_each_announced(g, f))
    }

    fn game_level(&self) -> u8 {
        dispatch!(self, g => g.game_level())
    }

    fn current_trick(&self) -> &Trick {
        dispatch!(self, g => g.current_trick())
    }

    fn tricks(&self) -> &[Trick] {
        dispatch!(self, g => g.tricks())
    }

    fn trick_winner(&self, i: usize) -> Option<(Seat, Card)> {
        dispatch!(self, g => g.trick_winner(i))
    }

    fn talon_groups(&self) -> Option<TalonGroups> {
        dispatch!(self, g => Observe::talon_groups(g))
    }

    fn auction_bounds(&self) -> (usize, Option<usize>) {
        dispatch!(self, g => Observe::auction_bounds(g))
    }

    fn card_points_of(&self, s: Seat) -> i64 {
        dispatch!(self, g => Observe::card_points_of(g, s))
    }

    fn actions_applied(&self) -> u16 {
        dispatch!(self, g => g.actions_applied())
    }

    fn settlement(&self, round_multiplier: i64) -> Option<Ledger> {
        dispatch!(self, g => Observe::settlement(g, round_multiplier))
    }
}

impl Game for AnyGame {
    fn to_act(&self) -> Option<Seat> {
        dispatch!(self, g => g.to_act())
    }

    fn legal_actions(&self) -> ActionList {
        // Built here in one place rather than by each game's own `legal_actions` in its arm,
        // which the compiler filled and copied out once more.
        let mut out = ActionList::new();
        self.legal_actions_into(&mut out);
        out
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        dispatch!(self, g => g.legal_actions_into(out))
    }

    fn pick_legal(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        dispatch!(self, g => g.pick_legal(pick))
    }

    fn play_pick(&mut self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        dispatch!(self, g => g.play_pick(pick))
    }

    fn check(&self, a: Action) -> Result<(), Violation> {
        dispatch!(self, g => g.check(a))
    }

    fn play_unchecked(&mut self, a: Action) {
        dispatch!(self, g => g.play_unchecked(a))
    }

    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }
}
