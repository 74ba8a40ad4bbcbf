//! The variants behind one enum, and setting up a hand from its description.
//!
//! A [`Setup`] is the unvalidated description of a hand (variant, rule options, seats, dealer,
//! and a seed or explicit cards); [`AnyGame::new`] validates it and deals. [`AnyGame::replay`]
//! applies a list of actions and reports the first illegal one with its index.

use crate::action::{Action, Bonus, Contract};
use crate::austrian::{self, Austrian, AustrianOptions};
use crate::card::{Card, CardSet, Pack};
use crate::danish::{self, Danish, DanishOptions};
use crate::deal::{Deal, DealBuilder, DealError};
use crate::game::{
    ActionList, Game, Observe, Outcome, Stage, TalonGroups, Viewer, Violation, Visible,
};
use crate::hungarian::options::Game as HungarianGame;
use crate::hungarian::{ids, Hungarian, HungarianOptions};
use crate::ledger::{Ledger, Team};
use crate::options::{OptionError, OptionSpec};
use crate::polish::{self, Polish, PolishOptions};
use crate::seat::{Seat, Table};
use crate::shuffle;
use crate::trick::Trick;
use std::fmt;

/// The rules version: fixes the shuffle, the dealing pattern and the action ids. Records name
/// it so that a stored game replays identically for as long as the version is supported.
pub const RULES_VERSION: u32 = 1;

/// A game of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 6] = [
        Variant::HungarianIllustrated,
        Variant::HungarianPaskievics,
        Variant::HungarianHigh,
        Variant::PolishKrolami,
        Variant::AustrianIllustrated,
        Variant::DanishTarok,
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
        }
    }

    /// The pack with the default options: 42 cards for the Hungarian games (54 with the option
    /// `pack`), 54 for the Polish and Austrian ones, 78 for the Danish.
    #[must_use]
    pub const fn default_pack(self) -> Pack {
        match self {
            Variant::PolishKrolami | Variant::AustrianIllustrated => Pack::Tarock54,
            Variant::DanishTarok => Pack::French78,
            _ => Pack::Hungarian42,
        }
    }

    /// The game's own word for bonus `b` where it differs from the shared [`Bonus::name`]
    /// (the Hungarian words), without the suit: the Polish trul, pagat ultymo, król ultymo and
    /// walat, the Austrian Valat, Pagat Ultimo, Mondfang and Uhu, the Danish Tout.
    #[must_use]
    pub const fn own_bonus_word(self, b: Bonus) -> Option<&'static str> {
        match (self, b) {
            (Variant::PolishKrolami, Bonus::Trull) => Some("trul"),
            (Variant::PolishKrolami, Bonus::PagatUltimo) => Some("pagat ultymo"),
            (Variant::PolishKrolami, Bonus::KingUltimo(_)) => Some("król ultymo"),
            (Variant::PolishKrolami, Bonus::Volat) => Some("walat"),
            (Variant::PolishKrolami, Bonus::PagatCatch) => Some("lost pagat"),
            (Variant::PolishKrolami, Bonus::XxiCatch) => Some("XXI caught by the skiż"),
            (Variant::AustrianIllustrated, Bonus::PagatUltimo) => Some("Pagat Ultimo"),
            (Variant::AustrianIllustrated, Bonus::SasUhu) => Some("Uhu"),
            (Variant::AustrianIllustrated, Bonus::Volat) => Some("Valat"),
            (Variant::AustrianIllustrated, Bonus::XxiCatch) => Some("Mondfang"),
            (Variant::DanishTarok, Bonus::Volat) => Some("Tout"),
            _ => None,
        }
    }

    /// Bonus `b` in this game's words: [`Variant::own_bonus_word`] with the suit, else
    /// [`Bonus::name`].
    #[must_use]
    pub fn bonus_name(self, b: Bonus) -> String {
        match (self.own_bonus_word(b), b.suit()) {
            (Some(w), Some(s)) => format!("{w} ({})", s.name()),
            (Some(w), None) => w.to_owned(),
            (None, _) => b.name(),
        }
    }

    /// The allowed numbers of seats.
    #[must_use]
    pub const fn seat_counts(self) -> &'static [u8] {
        match self {
            Variant::PolishKrolami => &[4],
            Variant::AustrianIllustrated => &[3],
            Variant::DanishTarok => &[3, 4],
            _ => &[4, 5],
        }
    }

    /// The default rule options.
    #[must_use]
    pub fn default_options(self) -> VariantOptions {
        match self {
            Variant::PolishKrolami => VariantOptions::Polish(PolishOptions::default()),
            Variant::AustrianIllustrated => VariantOptions::Austrian(AustrianOptions::default()),
            Variant::DanishTarok => VariantOptions::Danish(DanishOptions::default()),
            _ => VariantOptions::Hungarian(HungarianOptions::for_game(self.hungarian_game())),
        }
    }

    /// The rule options this variant takes.
    #[must_use]
    pub fn option_specs(self) -> &'static [OptionSpec] {
        self.default_options().specs()
    }

    /// The Hungarian game a Hungarian variant plays (the illustrated game for any other).
    const fn hungarian_game(self) -> HungarianGame {
        match self {
            Variant::HungarianPaskievics => HungarianGame::Paskievics,
            Variant::HungarianHigh => HungarianGame::High,
            Variant::HungarianIllustrated
            | Variant::PolishKrolami
            | Variant::AustrianIllustrated
            | Variant::DanishTarok => HungarianGame::Illustrated,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The typed options of one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VariantOptions {
    /// The Hungarian games.
    Hungarian(HungarianOptions),
    /// Taroki z królami.
    Polish(PolishOptions),
    /// Illustrated Tarock.
    Austrian(AustrianOptions),
    /// Danish Tarok.
    Danish(DanishOptions),
}

impl VariantOptions {
    /// Sets one option from text.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown name or a value not allowed.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        match self {
            VariantOptions::Hungarian(o) => o.set(name, value),
            VariantOptions::Polish(o) => o.set(name, value),
            VariantOptions::Austrian(o) => o.set(name, value),
            VariantOptions::Danish(o) => o.set(name, value),
        }
    }

    /// The value of one option as text; `None` for an unknown name.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<String> {
        match self {
            VariantOptions::Hungarian(o) => o.get(name),
            VariantOptions::Polish(o) => o.get(name),
            VariantOptions::Austrian(o) => o.get(name),
            VariantOptions::Danish(o) => o.get(name),
        }
    }

    /// The specs of the variant's options, in its order.
    #[must_use]
    pub fn specs(&self) -> &'static [OptionSpec] {
        match self {
            VariantOptions::Hungarian(o) => o.specs(),
            VariantOptions::Polish(o) => o.specs(),
            VariantOptions::Austrian(o) => o.specs(),
            VariantOptions::Danish(o) => o.specs(),
        }
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
        }
    }
}

impl std::error::Error for SetupError {}

/// A hand of any variant.
///
/// The variants are held by value, whatever their sizes: a replay copies and updates a game in
/// place, and a box would cost an allocation per game.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AnyGame {
    /// A Hungarian hand.
    Hungarian(Hungarian),
    /// A Polish hand.
    Polish(Polish),
    /// An Austrian hand.
    Austrian(Austrian),
    /// A Danish hand.
    Danish(Danish),
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
        let mut opts = setup.variant.default_options();
        // The pack first, then the 54-card game's own defaults, then every other option: an
        // option the record sets explicitly wins wherever the list places it.
        let is_pack = |k: &str| k == "pack";
        for (k, v) in setup.options.iter().filter(|(k, _)| is_pack(k)) {
            opts.set(k, v).map_err(SetupError::Option)?;
        }
        if let VariantOptions::Hungarian(o) = &mut opts {
            o.apply_pack_defaults();
        }
        for (k, v) in setup.options.iter().filter(|(k, _)| !is_pack(k)) {
            opts.set(k, v).map_err(SetupError::Option)?;
        }
        if !setup.variant.seat_counts().contains(&setup.seats) {
            return Err(SetupError::Seats {
                variant: setup.variant,
                seats: setup.seats,
            });
        }
        match opts {
            VariantOptions::Hungarian(o) => {
                let table = Hungarian::table(setup.seats, setup.dealer)
                    .map_err(|_| SetupError::Dealer(setup.dealer))?;
                let shape = Hungarian::shape(&o);
                let deal: Deal = match &setup.deal {
                    DealSource::Seed(seed) => {
                        let order = shuffle::shuffled(shape.pack, *seed);
                        Hungarian::deal_from_order(&o, &table, order.as_slice())
                    }
                    DealSource::Explicit(b) => b.build(&shape, &table).map_err(SetupError::Deal)?,
                };
                Ok(AnyGame::Hungarian(Hungarian::new(o, table, deal)))
            }
            VariantOptions::Polish(o) => {
                let table = Polish::table(setup.seats, setup.dealer)
                    .map_err(|_| SetupError::Dealer(setup.dealer))?;
                let deal: Deal = match &setup.deal {
                    DealSource::Seed(seed) => {
                        let order = shuffle::shuffled(Polish::SHAPE.pack, *seed);
                        Polish::deal_from_order(&o, &table, order.as_slice())
                    }
                    DealSource::Explicit(b) => {
                        b.build(&Polish::SHAPE, &table).map_err(SetupError::Deal)?
                    }
                };
                Ok(AnyGame::Polish(Polish::new(o, table, deal)))
            }
            VariantOptions::Austrian(o) => {
                let table = Austrian::table(setup.seats, setup.dealer)
                    .map_err(|_| SetupError::Dealer(setup.dealer))?;
                let deal: Deal = match &setup.deal {
                    DealSource::Seed(seed) => {
                        let order = shuffle::shuffled(Austrian::SHAPE.pack, *seed);
                        Austrian::deal_from_order(&o, &table, order.as_slice())
                    }
                    DealSource::Explicit(b) => b
                        .build(&Austrian::SHAPE, &table)
                        .map_err(SetupError::Deal)?,
                };
                Ok(AnyGame::Austrian(Austrian::new(o, table, deal)))
            }
            VariantOptions::Danish(o) => {
                let table = Danish::table(setup.seats, setup.dealer)
                    .map_err(|_| SetupError::Dealer(setup.dealer))?;
                let deal: Deal = match &setup.deal {
                    DealSource::Seed(seed) => {
                        let order = shuffle::shuffled(Danish::SHAPE.pack, *seed);
                        Danish::deal_from_order(&table, order.as_slice())
                    }
                    DealSource::Explicit(b) => {
                        b.build(&Danish::SHAPE, &table).map_err(SetupError::Deal)?
                    }
                };
                Ok(AnyGame::Danish(Danish::new(o, table, deal)))
            }
        }
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
        match self {
            AnyGame::Hungarian(h) => Some(h),
            _ => None,
        }
    }

    /// The Polish hand, if this is one.
    #[must_use]
    pub fn as_polish(&self) -> Option<&Polish> {
        match self {
            AnyGame::Polish(p) => Some(p),
            _ => None,
        }
    }

    /// The Austrian hand, if this is one.
    #[must_use]
    pub fn as_austrian(&self) -> Option<&Austrian> {
        match self {
            AnyGame::Austrian(a) => Some(a),
            _ => None,
        }
    }

    /// The Danish hand, if this is one.
    #[must_use]
    pub fn as_danish(&self) -> Option<&Danish> {
        match self {
            AnyGame::Danish(d) => Some(d),
            _ => None,
        }
    }

    /// The hand as it was dealt, before any action (the same setup and cards).
    #[must_use]
    pub fn as_dealt(&self) -> AnyGame {
        match self {
            AnyGame::Hungarian(h) => {
                AnyGame::Hungarian(Hungarian::new(*h.options(), h.table_info(), *h.deal()))
            }
            AnyGame::Polish(p) => {
                AnyGame::Polish(Polish::new(*p.options(), p.table_info(), *p.deal()))
            }
            AnyGame::Austrian(a) => {
                AnyGame::Austrian(Austrian::new(*a.options(), a.table_info(), *a.deal()))
            }
            AnyGame::Danish(d) => {
                AnyGame::Danish(Danish::new(*d.options(), d.table_info(), *d.deal()))
            }
        }
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Hungarian(h) => match h.options().game {
                HungarianGame::Illustrated => Variant::HungarianIllustrated,
                HungarianGame::Paskievics => Variant::HungarianPaskievics,
                HungarianGame::High => Variant::HungarianHigh,
            },
            AnyGame::Polish(_) => Variant::PolishKrolami,
            AnyGame::Austrian(_) => Variant::AustrianIllustrated,
            AnyGame::Danish(_) => Variant::DanishTarok,
        }
    }

    /// The stable integer id of an action in this hand's variant and pack.
    #[must_use]
    pub fn action_id(&self, a: Action) -> Option<u32> {
        match self {
            AnyGame::Hungarian(h) => ids::action_id(Hungarian::shape(h.options()).pack, a),
            AnyGame::Polish(_) => polish::ids::action_id(a),
            AnyGame::Austrian(_) => austrian::ids::action_id(a),
            AnyGame::Danish(_) => danish::ids::action_id(a),
        }
    }

    /// The action with a stable id.
    #[must_use]
    pub fn action_from_id(&self, id: u32) -> Option<Action> {
        match self {
            AnyGame::Hungarian(h) => ids::action_from_id(Hungarian::shape(h.options()).pack, id),
            AnyGame::Polish(_) => polish::ids::action_from_id(id),
            AnyGame::Austrian(_) => austrian::ids::action_from_id(id),
            AnyGame::Danish(_) => danish::ids::action_from_id(id),
        }
    }

    /// The size of the id space.
    #[must_use]
    pub fn action_space(&self) -> u32 {
        match self {
            AnyGame::Hungarian(h) => ids::space_size(Hungarian::shape(h.options()).pack),
            AnyGame::Polish(_) => polish::ids::SPACE,
            AnyGame::Austrian(_) => austrian::ids::SPACE,
            AnyGame::Danish(_) => danish::ids::SPACE,
        }
    }
}

/// Dispatches to the game in play.
macro_rules! dispatch {
    ($self:ident, $g:ident => $e:expr) => {
        match $self {
            AnyGame::Hungarian($g) => $e,
            AnyGame::Polish($g) => $e,
            AnyGame::Austrian($g) => $e,
            AnyGame::Danish($g) => $e,
        }
    };
}

impl Observe for AnyGame {
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
