//! The Polish hand (Taroki z królami, as played at Kozy) as a state machine.
//!
//! # Representation
//!
//! [`Polish`] is a `Copy` value of fixed size: hands are [`CardSet`]s, the tricks live in a
//! fixed array, the four announceable items in a fixed table. Listing legal actions and applying
//! one never allocates.
//!
//! The engine knows the true partnership from the moment the king is called (PL-CALL-04):
//! legality checks that depend on sides (who may say kontra) use the true sides, while what each
//! viewer is shown of the sides follows what the table can know.
//!
//! # Phases
//!
//! 1. Opening: each player in turn from forant (the dealer's right) passes, throws in a hand
//!    without tarokks (PL-DEAL-10) or lays down four kings (PL-DEAL-11). Everyone is asked, so
//!    that being asked reveals nothing.
//! 2. Auction: one turn each from forant, a bid higher than the last or a pass (PL-BID).
//! 3. Call: the declarer names a king (PL-CALL-01); after a final bid of one the declarer may
//!    throw the hand in instead (PL-BID-08).
//! 4. The king round, before the talon: the holder of the called king may announce król ultymo,
//!    an opponent who could not bid three may say kontra to the game, and the kontras are
//!    answered (PL-ANN-01..06).
//! 5. Talon: the declarer looks at the groups in turn, taking one or turning it face up, or gives
//!    up on finding the called king (PL-TALON-01..06, 14).
//! 6. Discard: as many cards as were taken (PL-TALON-07..10).
//! 7. Announcements after the talon, from the declarer: trul, pagat ultymo, walat, the tarokk
//!    count, and kontras on trul and pagat ultymo (PL-ANN-07..14).
//! 8. Play of the twelve tricks, forant leading (PL-PLAY).
//!
//! Both rounds of announcements are made of turns: a turn is any number of announcements,
//! declarations and kontras, ended by `pass`. New announcements and declarations are made in a
//! player's first turn of the round (one circuit, as the seed describes); later turns answer
//! kontras. A round ends when three turns in a row were silent after everyone has had a turn.
//!
//! The phases are `impl Polish` blocks of their own submodules (`auction`, `announce`, `talon`,
//! `play`); this module holds the state, the dispatch by phase and what the hand shows.

use crate::action::{Action, Bonus, Contract, Declaration, Target};
use crate::bot::SeatKnowledge;
use crate::card::{Card, CardSet, Pack, Suit};
use crate::count::{self, CountMethod};
use crate::deal::{Deal, DealShape};
use crate::game::{
    pick_in_listing, pick_listed, ActionList, End, Game, Observe, Outcome, Stage, TalonGroups,
    Viewer, Violation, ViolationKind, Visible,
};
use crate::ledger::{Ledger, Team};
use crate::polish::options::{Dealing, PolishOptions, TalonProcedure};
use crate::polish::score::{self, Announced, Facts};
use crate::polish::{bot, ids};
use crate::rules::ActionIds;
use crate::rules::{self, Rules};
use crate::seat::{BySeat, Seat, Table, TableError};
use crate::shared::{Core, Round};
use crate::trick::TrickRules;
use crate::variant::Variant;
use crate::words::Words;

mod announce;
mod auction;
mod play;
mod talon;

/// Tricks in a hand (PL-PLAY-10).
pub const TRICKS: usize = 12;
/// Cards in the talon.
const TALON: u8 = 6;
/// Turns of the opening: each player is asked once (PL-DEAL-10/11).
pub const OPENING_TURNS: u8 = 4;
/// Calls of the auction: each player speaks once (PL-BID-02).
pub const AUCTION_TURNS: u8 = 4;
/// Every seat: the four players.
const ALL_SEATS: u8 = 0b1111;

/// The phase of a Polish hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Before the auction: throw-ins and four kings (PL-DEAL-10/11).
    Opening,
    /// Bidding.
    Auction,
    /// The declarer calls a king (or throws in a bid of one).
    Call,
    /// The round before the talon: król ultymo and kontras on the game.
    KingRound,
    /// The declarer takes a talon group.
    Talon,
    /// The declarer discards.
    Discard,
    /// The round after the talon: announcements, declarations and their kontras.
    Announce,
    /// Trick play.
    Play,
    /// The hand is over.
    Over(End),
}

/// What can be announced in a Polish hand, in the order of the action ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Announceable {
    /// Król ultymo, by the holder of the called king, before the talon.
    KingUltimo,
    /// Trul, by the holder of skiż, XXI and pagat.
    Trul,
    /// Pagat ultymo, by the holder of the pagat.
    PagatUltimo,
    /// Walat, for one's team.
    Walat,
}

impl Announceable {
    /// Every item, in table order.
    pub const ALL: [Announceable; 4] = [
        Announceable::KingUltimo,
        Announceable::Trul,
        Announceable::PagatUltimo,
        Announceable::Walat,
    ];

    /// The item's bonus; król ultymo names the called king's suit.
    #[must_use]
    pub const fn bonus(self, called: Suit) -> Bonus {
        match self {
            Announceable::KingUltimo => Bonus::KingUltimo(called),
            Announceable::Trul => Bonus::Trull,
            Announceable::PagatUltimo => Bonus::PagatUltimo,
            Announceable::Walat => Bonus::Volat,
        }
    }

    /// The item a bonus names, if it is one of Polish.
    #[must_use]
    pub const fn of(b: Bonus) -> Option<Announceable> {
        match b {
            Bonus::KingUltimo(_) => Some(Announceable::KingUltimo),
            Bonus::Trull => Some(Announceable::Trul),
            Bonus::PagatUltimo => Some(Announceable::PagatUltimo),
            Bonus::Volat => Some(Announceable::Walat),
            _ => None,
        }
    }
}

/// One announced item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Item {
    announced: bool,
    team: Team,
    announcer: Seat,
    level: u8,
}

/// The next kontra level after `level` on the Polish ladder: kontra 1, re 2, sub 3, mort 5
/// (PL-ANN-06); `None` after mort.
#[must_use]
pub const fn next_level(level: u8) -> Option<u8> {
    crate::shared::ladder_next(level)
}

/// The multiplier of a kontra level: ×2, ×4, ×8, ×16 for kontra, re, sub and mort
/// (PL-SCORE-07).
#[must_use]
pub const fn multiplier(level: u8) -> i64 {
    crate::shared::ladder_multiplier(level)
}

/// The game value of a bid: one 1 … four 4 (PL-SCORE-06).
#[must_use]
pub const fn game_value(c: Contract) -> i64 {
    c.level() as i64 + 1
}

/// What a declaration of `n` tarokks is paid: 12 → 3, 11 → 2, 10 → 1, 2 → 1, 1 → 2, 0 → 3
/// (PL-SCORE-12); `None` for a number that cannot be declared.
#[must_use]
pub const fn declaration_value(n: u8) -> Option<i64> {
    match n {
        12 | 0 => Some(3),
        11 | 1 => Some(2),
        10 | 2 => Some(1),
        _ => None,
    }
}

/// Error from setting up a Polish table.
pub type SetupError = TableError;

/// A Polish hand in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Polish {
    o: PolishOptions,
    core: Core,
    phase: Phase,
    /// Turns taken in the opening or the auction.
    turns: u8,
    /// Who laid down four kings.
    four_kings: Option<Seat>,
    /// The highest bid so far and its bidder.
    high: Option<(Seat, Contract)>,
    /// Seats that may say kontra to the game, from the auction (PL-ANN-02).
    may_kontra_game: BySeat<bool>,
    declarer: Seat,
    contract: Contract,
    called: Option<Card>,
    partner: Option<Seat>,
    /// The group the declarer looks at next (the number of groups once all were turned up).
    looking: u8,
    /// Groups turned face up (bit per group).
    exposed: u8,
    taken: Option<u8>,
    talon_received: CardSet,
    to_discard: u8,
    discards: CardSet,
    round: Round,
    game_level: u8,
    items: [Item; 4],
    declared: BySeat<Option<u8>>,
    /// Seats whose side the table knows from what they said (PL-CALL-04).
    identified: BySeat<bool>,
}

impl Polish {
    /// The deal's shape: 54 cards, hands of 12, a talon of 6 (PL-DEAL-03, PL-DEAL-08).
    pub const SHAPE: DealShape = DealShape {
        pack: Pack::Tarock54,
        hand_size: 12,
        talon_size: TALON as usize,
    };

    // ----- accessors -------------------------------------------------------------------------

    /// The rule options.
    #[must_use]
    pub fn options(&self) -> &PolishOptions {
        &self.o
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The highest bid so far and its bidder.
    #[must_use]
    pub fn high_bid(&self) -> Option<(Seat, Contract)> {
        self.high
    }

    /// Who laid down four kings before the auction.
    #[must_use]
    pub fn four_kings(&self) -> Option<Seat> {
        self.four_kings
    }

    /// The announced items: bonus, announcing team, kontra level, announcer.
    pub fn announced(&self) -> impl Iterator<Item = (Bonus, Team, u8, Seat)> + '_ {
        let suit = self.called_suit();
        Announceable::ALL
            .into_iter()
            .zip(self.items)
            .filter(|(_, i)| i.announced)
            .map(move |(a, i)| (a.bonus(suit), i.team, i.level, i.announcer))
    }

    /// The true team of a seat (meaningful once the king is called).
    #[must_use]
    pub fn team_of(&self, s: Seat) -> Team {
        if s == self.declarer || Some(s) == self.partner {
            Team::Declarer
        } else {
            Team::Opponents
        }
    }

    /// The talon's groups as they stand (meaningful once the talon phase has begun).
    #[must_use]
    pub fn talon_state(&self) -> TalonGroups {
        let size = self.group_size();
        let groups = TALON.checked_div(size).unwrap_or(0);
        TalonGroups {
            group_size: size,
            groups,
            exposed: self.exposed,
            looking: (self.phase == Phase::Talon && self.looking < groups).then_some(self.looking),
            taken: self.taken.map_or(0, |g| 1 << g),
        }
    }

    fn called_suit(&self) -> Suit {
        self.called.and_then(Card::suit).unwrap_or(Suit::Hearts)
    }

    fn group_size(&self) -> u8 {
        if self.declarer().is_none() {
            return 0;
        }
        self.contract.talon_cards()
    }

    fn groups(&self) -> u8 {
        TALON.checked_div(self.group_size()).unwrap_or(0)
    }

    /// The cards of talon group `i`.
    fn group(&self, i: u8) -> CardSet {
        let g = usize::from(self.group_size());
        let from = usize::from(i) * g;
        self.core
            .deal
            .talon()
            .get(from..from + g)
            .map_or(CardSet::EMPTY, |cs| cs.iter().copied().collect())
    }

    /// The cards of the groups in mask `m`.
    fn groups_in(&self, m: u8) -> CardSet {
        (0..self.groups())
            .filter(|i| m & (1 << i) != 0)
            .fold(CardSet::EMPTY, |a, i| a | self.group(i))
    }

    /// The talon cards the declarer has seen: the groups turned up, the one being looked at
    /// and the one taken.
    fn talon_seen_by_declarer(&self) -> CardSet {
        let mut m = self.exposed;
        if self.phase == Phase::Talon && self.looking < self.groups() {
            m |= 1 << self.looking;
        }
        if let Some(t) = self.taken {
            m |= 1 << t;
        }
        self.groups_in(m)
    }

    /// The talon cards nobody looked at (PL-TALON-13).
    fn talon_unseen(&self) -> CardSet {
        if self.declarer().is_none() {
            return self.core.deal.talon_set();
        }
        let seen = match self.o.talon_procedure {
            TalonProcedure::Exposed => self.groups_in(self.exposed),
            TalonProcedure::Sequential => self.talon_seen_by_declarer(),
        };
        self.core.deal.talon_set() - seen
    }

    /// The called king lies in the talon.
    fn king_in_talon(&self) -> bool {
        self.called
            .is_some_and(|k| self.core.deal.talon_set().contains(k))
    }

    fn tarokks(&self, s: Seat) -> u8 {
        (self.core.hands[s] & CardSet::TAROKKS).len() as u8
    }

    fn next(&self, s: Seat) -> Seat {
        self.core.table.next_active(s)
    }

    fn finish(&mut self, end: End) {
        self.phase = Phase::Over(end);
    }

    // ----- views -------------------------------------------------------------------------------

    /// True once every side is public: the called king was played, or turned face up in the
    /// talon, or its holder announced król ultymo (PL-CALL-04).
    fn sides_public(&self) -> bool {
        let Some(k) = self.called else {
            return false;
        };
        let played = self.core.played();
        let king = self.items[Announceable::KingUltimo as usize];
        played.contains(k) || self.groups_in(self.exposed).contains(k) || king.announced
    }

    // ----- scoring -----------------------------------------------------------------------------

    /// What each team's pile holds at the end: its tricks, the declarer's discards for the
    /// declarer's team (PL-TALON-11), the groups turned up and left for the opponents
    /// (PL-TALON-12), and the unseen talon for the opponents, or for the declarer when the
    /// called king lay in the talon (PL-TALON-13).
    #[must_use]
    pub fn piles(&self) -> [CardSet; 2] {
        let mut piles = [CardSet::EMPTY; 2];
        for s in Seat::all(self.core.table.seats) {
            piles[team_index(self.team_of(s))] |= self.core.won[s];
        }
        piles[0] |= self.discards;
        let unseen = self.talon_unseen();
        let left = self.talon_remaining() - unseen;
        piles[1] |= left;
        piles[usize::from(!self.king_in_talon())] |= unseen;
        piles
    }

    /// Each team's card points in thirds (PL-SCORE-02/03): the declarer's team, the opponents.
    #[must_use]
    pub fn card_thirds(&self) -> [i64; 2] {
        score::card_thirds(self.piles())
    }

    /// The settlement of the hand (meaningful once it is over).
    #[must_use]
    pub fn settle(&self) -> Ledger {
        match self.phase {
            Phase::Over(End::Played) => score::settle(&self.facts()),
            Phase::Over(End::GaveUp(d)) => score::settle_give_up(&self.o, self.core.table, d),
            _ => Ledger::default(),
        }
    }

    /// The facts of the hand its settlement depends on.
    fn facts(&self) -> Facts<'_> {
        let item = |a: Announceable| {
            let i = self.items[a as usize];
            i.announced.then_some(Announced {
                team: i.team,
                announcer: i.announcer,
                level: i.level,
            })
        };
        Facts {
            options: &self.o,
            table: self.core.table,
            declarer: self.declarer,
            partner: self.partner,
            contract: self.contract,
            called: self.called,
            four_kings: self.four_kings,
            tricks: self.tricks(),
            piles: self.piles(),
            talon_left_up: self.talon_remaining() - self.talon_unseen(),
            announced: Announceable::ALL.map(item),
            game_level: self.game_level,
            declared: self.declared,
        }
    }

    // ----- dispatch ----------------------------------------------------------------------------

    fn check_phase(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match self.phase {
            Phase::Opening => self.check_opening(s, a),
            Phase::Auction => self.check_auction(a),
            Phase::Call => self.check_call(a),
            Phase::KingRound | Phase::Announce => self.check_round(s, a),
            Phase::Talon => self.check_talon(a),
            Phase::Discard => self.check_discard(a),
            Phase::Play => self.check_play(s, a),
            Phase::Over(_) => Err(Violation {
                kind: ViolationKind::GameOver,
                rule: "PL-PLAY-10",
                message: "the hand is over",
            }),
        }
    }

    /// Pushes `a` if it is legal for `s` now.
    fn push_legal(&self, out: &mut ActionList, s: Seat, a: Action) {
        if self.check_phase(s, a).is_ok() {
            out.push(a);
        }
    }
}

fn team_index(t: Team) -> usize {
    match t {
        Team::Declarer => 0,
        Team::Opponents => 1,
    }
}

/// Every kontra target of a Polish hand but król ultymo's, which names the called king.
const TARGETS: [Target; 3] = [
    Target::Game,
    Target::Bonus(Bonus::Trull),
    Target::Bonus(Bonus::PagatUltimo),
];

impl Rules for Polish {
    const LANGUAGE: crate::glossary::Language = crate::glossary::Language::Polish;

    const RULEBOOK: &'static [(&'static str, &'static str)] = &[(
        "polish.md",
        include_str!("../../../../docs/rules/polish.md"),
    )];

    fn rule_prefixes(_variant: Variant) -> &'static [&'static str] {
        &["PL"]
    }

    const CONTRACTS: &'static [Contract] = &Contract::POLISH;

    const KONTRA_LEVELS: &'static [u8] = &[1, 2, 3, 5];

    fn bonuses(_variant: Variant) -> &'static [crate::action::Bonus] {
        &crate::glossary::POLISH_BONUSES
    }

    /// The honours and kings are never discarded.
    const NEVER_DISCARDED: CardSet = CardSet::HONOURS.union(CardSet::KINGS);

    type Options = PolishOptions;

    /// Four players, nobody sitting out (PL-DEAL-01).
    const SEATS: &'static [u8] = &[4];

    const TRICK_RULES: TrickRules = TrickRules::TAROCK;

    const WORDS: Words = crate::polish::words::WORDS;

    const IDS: ActionIds = ids::IDS;

    const HEURISTIC: fn(&SeatKnowledge<'_, Self>, &[Action]) -> Action = bot::choose;

    fn shape(_o: &PolishOptions) -> DealShape {
        Polish::SHAPE
    }

    /// Deals a shuffled order: six to the talon, then two rounds of six (PL-DEAL-08) or, after a
    /// refused cut, packets of twelve (PL-DEAL-09), from the dealer's right.
    fn deal_from_order(o: &PolishOptions, table: &Table, order: &[Card]) -> Deal {
        let packets: &[usize] = match o.dealing {
            Dealing::Batches => &[6, 6],
            Dealing::Packets => &[12],
        };
        Deal::from_order(order, table, TALON.into(), packets)
    }

    /// A new hand: `deal` must fit [`Polish::SHAPE`].
    fn from_setup(o: PolishOptions, table: Table, deal: Deal) -> Polish {
        let forant = table.first_active();
        let item = Item {
            announced: false,
            team: Team::Declarer,
            announcer: forant,
            level: 0,
        };
        Polish {
            o,
            core: Core::new(table, deal, deal.hands, forant),
            phase: Phase::Opening,
            turns: 0,
            four_kings: None,
            high: None,
            may_kontra_game: BySeat::splat(false),
            declarer: forant,
            contract: Contract::Jeden,
            called: None,
            partner: None,
            looking: 0,
            exposed: 0,
            taken: None,
            talon_received: CardSet::EMPTY,
            to_discard: 0,
            discards: CardSet::EMPTY,
            round: Round::default(),
            game_level: 0,
            items: [item; 4],
            declared: BySeat::splat(None),
            identified: BySeat::splat(false),
        }
    }

    fn options(&self) -> &PolishOptions {
        &self.o
    }

    fn variant(&self) -> Variant {
        Variant::PolishKrolami
    }

    fn settle(&self, _round_multiplier: i64) -> Ledger {
        Polish::settle(self)
    }
}

impl Observe for Polish {
    fn core(&self) -> &Core {
        &self.core
    }

    /// The phase in the terms every variant shares: both rounds of announcements are
    /// [`Stage::Announce`].
    fn stage(&self) -> Stage {
        match self.phase {
            Phase::Opening => Stage::Opening,
            Phase::Auction => Stage::Auction,
            Phase::Call => Stage::Call,
            Phase::KingRound | Phase::Announce => Stage::Announce,
            Phase::Talon => Stage::Talon,
            Phase::Discard => Stage::Discard,
            Phase::Play => Stage::Play,
            Phase::Over(e) => Stage::Over(e),
        }
    }

    /// A seat's discards (only the declarer discards).
    fn discards(&self, s: Seat) -> CardSet {
        if s == self.declarer {
            self.discards
        } else {
            CardSet::EMPTY
        }
    }

    /// The discarded tarokks, which are shown (PL-TALON-10): their number.
    fn discarded_tarokks(&self, s: Seat) -> Option<u8> {
        (s == self.declarer && !self.discards.is_empty())
            .then(|| (self.discards & CardSet::TAROKKS).len() as u8)
    }

    /// The side of seat `s` as `viewer` can know it: the declarer's is public; a seat knows its
    /// own (the holder of the called king knows every side, and so does a declarer who holds
    /// it); everyone knows every side once the called king shows (PL-CALL-04), and the side of a
    /// player whose kontra showed it.
    fn side_known_to(&self, viewer: Viewer, s: Seat) -> Option<Team> {
        if self.declarer().is_none() || s.get() >= self.core.table.seats {
            return None;
        }
        if s == self.declarer {
            return Some(Team::Declarer);
        }
        let k = self.called?;
        let known = match viewer {
            Viewer::Referee => true,
            Viewer::Spectator => self.identified[s] || self.sides_public(),
            Viewer::Seat(me) => {
                me == s
                    || self.identified[s]
                    || self.sides_public()
                    || self.core.hands[me].contains(k)
                    || (me == self.declarer && self.talon_received.contains(k))
            }
        };
        known.then(|| self.team_of(s))
    }

    /// The talon cards a seat took.
    fn talon_received(&self, s: Seat) -> CardSet {
        if s == self.declarer {
            self.talon_received
        } else {
            CardSet::EMPTY
        }
    }

    /// The talon cards nobody took.
    fn talon_remaining(&self) -> CardSet {
        self.core.deal.talon_set() - self.talon_received
    }

    /// The declarer and the final bid, once the auction is over.
    fn declarer(&self) -> Option<(Seat, Contract)> {
        match self.phase {
            Phase::Opening | Phase::Auction | Phase::Over(End::PassedOut) => None,
            Phase::Over(End::ThrownIn(_)) if self.high.is_none() => None,
            _ => Some((self.declarer, self.contract)),
        }
    }

    /// The cards `viewer` may see: a seat its own hand and discards, and the talon groups it
    /// looked at; everyone the four kings laid down (PL-DEAL-11), the discarded tarokks
    /// (PL-TALON-10), the groups turned face up, and once the hand is played out the talon
    /// cards nobody took, which are counted with the tricks (PL-TALON-12/13). Played cards are
    /// public.
    fn visible(&self, viewer: Viewer) -> Visible {
        if viewer == Viewer::Referee {
            return Visible::everything(&self.core, self.declarer, self.discards);
        }
        let mut v = Visible::default();
        if let Some(h) = self.four_kings {
            v.hands[h] = self.core.hands[h] & CardSet::KINGS;
        }
        v.discards[self.declarer] = self.discards & CardSet::TAROKKS;
        v.talon = self.groups_in(self.exposed);
        if self.phase == Phase::Over(End::Played) {
            v.talon |= self.talon_remaining();
        }
        if let Viewer::Seat(me) = viewer {
            if me.get() < self.core.table.seats {
                v.hands[me] = self.core.hands[me];
                if me == self.declarer && self.declarer().is_some() {
                    v.discards[me] = self.discards;
                    v.talon |= self.talon_seen_by_declarer();
                }
            }
        }
        v
    }

    /// The called king, once called.
    fn called(&self) -> Option<Card> {
        self.called
    }

    /// The true partner (`None` before the call, or for a declarer alone). Hidden information.
    fn partner(&self) -> Option<Seat> {
        self.partner
    }

    fn for_each_announced(&self, mut f: impl FnMut(Bonus, Team, u8, Seat)) {
        Polish::announced(self).for_each(|(b, t, l, s)| f(b, t, l, s));
    }

    /// Kontra level on the game (0, or 1 kontra, 2 re, 3 sub, 5 mort).
    fn game_level(&self) -> u8 {
        self.game_level
    }

    fn declared_count(&self, s: Seat) -> Option<u8> {
        self.declared[s]
    }

    fn talon_groups(&self) -> Option<TalonGroups> {
        Some(self.talon_state()).filter(|t| t.groups > 0)
    }

    fn auction_bounds(&self) -> (usize, Option<usize>) {
        (usize::from(OPENING_TURNS), Some(usize::from(AUCTION_TURNS)))
    }

    fn card_points_of(&self, s: Seat) -> i64 {
        count::count(CountMethod::ThreesMinusTwo, self.core.won[s])
    }

    fn settlement(&self, round_multiplier: i64) -> Option<Ledger> {
        rules::settlement(self, round_multiplier)
    }
}

impl Game for Polish {
    fn to_act(&self) -> Option<Seat> {
        (!matches!(self.phase, Phase::Over(_))).then_some(self.core.to_act)
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        let s = self.core.to_act;
        match self.phase {
            Phase::Opening => {
                for a in [
                    Action::Pass,
                    Action::ThrowIn,
                    Action::Declare(Declaration::FourKings),
                ] {
                    self.push_legal(out, s, a);
                }
            }
            Phase::Auction => {
                self.push_legal(out, s, Action::Pass);
                for c in Contract::POLISH {
                    self.push_legal(out, s, Action::Bid(c));
                }
            }
            Phase::Call => {
                self.push_legal(out, s, Action::ThrowIn);
                for suit in Suit::ALL {
                    out.push(Action::Call(Card::king(suit)));
                }
            }
            Phase::KingRound | Phase::Announce => {
                out.push(Action::Pass);
                let suit = self.called_suit();
                for a in Announceable::ALL {
                    self.push_legal(out, s, Action::Announce(a.bonus(suit)));
                }
                self.push_legal(
                    out,
                    s,
                    Action::Declare(Declaration::Tarokks(self.tarokks(s))),
                );
                let king = Target::Bonus(Bonus::KingUltimo(suit));
                for t in TARGETS.into_iter().chain([king]) {
                    let level = match t {
                        Target::Game => self.game_level,
                        Target::Bonus(b) => {
                            Announceable::of(b).map_or(0, |a| self.items[a as usize].level)
                        }
                    };
                    if let Some(l) = next_level(level) {
                        self.push_legal(out, s, Action::Kontra(t, l));
                    }
                }
            }
            Phase::Talon => {
                for i in 0..self.groups() {
                    self.push_legal(out, s, Action::TakeTalon(i));
                }
                self.push_legal(out, s, Action::ExposeTalon);
                self.push_legal(out, s, Action::GiveUp);
            }
            Phase::Discard => {
                for c in self.discardable() {
                    out.push(Action::Discard(c));
                }
            }
            Phase::Play => {
                for c in self.legal_cards(s) {
                    out.push(Action::Play(c));
                }
            }
            Phase::Over(_) => {}
        }
    }

    fn pick_legal(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        match self.phase {
            Phase::Play => pick_in_listing(
                None,
                self.legal_cards(self.core.to_act),
                Action::Play,
                &[],
                pick,
            ),
            Phase::Discard => pick_in_listing(None, self.discardable(), Action::Discard, &[], pick),
            Phase::Over(_) => None,
            _ => pick_listed(self, pick),
        }
    }

    fn check(&self, a: Action) -> Result<(), Violation> {
        self.check_phase(self.core.to_act, a)
    }

    fn play_unchecked(&mut self, a: Action) {
        let s = self.core.to_act;
        self.core.count_action();
        match self.phase {
            Phase::Opening => self.apply_opening(s, a),
            Phase::Auction => self.apply_auction(s, a),
            Phase::Call => self.apply_call(a),
            Phase::KingRound | Phase::Announce => self.apply_round(s, a),
            Phase::Talon => self.apply_talon(a),
            Phase::Discard => {
                if let Action::Discard(c) = a {
                    self.apply_discard(c);
                }
            }
            Phase::Play => {
                if let Action::Play(c) = a {
                    self.apply_play(s, c);
                }
            }
            Phase::Over(_) => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        rules::outcome(self)
    }
}
