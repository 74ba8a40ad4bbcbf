//! The Slovenian hand as a state machine.
//!
//! # Representation
//!
//! [`Slovenian`] is a `Copy` value of fixed size, like the other games: the hands and piles
//! are [`CardSet`]s in its [`Core`], the bids a small array, and listing or applying an action
//! never allocates.
//!
//! # Phases
//!
//! 1. Opening: a player dealt no tarok throws the hand in (SI-DEAL-04).
//! 2. Auction (SI-BID): from the player after forehand, forehand last; equal bids go to the
//!    player nearer forehand; pass is final; three and klop are forehand's after all others
//!    passed; the last bidder names the final contract.
//! 3. Call (four players, three/two/one): a king, or a queen by a declarer with all four kings.
//! 4. Talon and discard (the contracts that take talon cards): a group, then as many discards.
//! 5. Announcements (option `announcements`; not in klop): a round from the declarer in the
//!    order of play, in which the declarer's side announces bonuses and either side says
//!    kontra, re, sub or mort on the game and the announced bonuses (SI-ANN).
//! 6. Play: from forehand, or the declarer in the contracts without talon that he leads.
//! 7. Over.

use crate::action::{Action, Bonus, Contract, Target};
use crate::bot::SeatKnowledge;
use crate::card::{Card, CardSet, Pack, Suit};
use crate::count::{self, CountMethod};
use crate::deal::{Deal, DealShape};
use crate::game::{
    pick_in_listing, pick_listed, ActionList, End, Game, Observe, Outcome, Stage, TalonGroups,
    Viewer, Violation, ViolationKind, Visible,
};
use crate::ledger::{Ledger, Scoring, Team};
use crate::rules;
use crate::rules::ActionIds;
use crate::seat::{Seat, Table, TableError, MAX_SEATS};
use crate::shared::{ladder_next, Core, Round};
use crate::slovenian::ids::{self, CALLABLE};
use crate::slovenian::options::{DiscardTaroks, EmperorOrder, Radli, SlovenianOptions};
use crate::slovenian::{bot, score};
use crate::trick::{Trick, TrickRules};
use crate::variant::Variant;
use crate::words::Words;

mod announce;
mod auction;
mod play;
mod talon;

/// Cards in the talon (SI-DEAL-03).
pub const TALON: u8 = 6;
/// The trula: pagat, mond, škis.
pub const TRULA: CardSet = CardSet::HONOURS;
/// The mond (XXI).
pub const MOND: Card = Card::XXI;
/// A bid not yet spoken.
const UNSPOKEN: u8 = u8::MAX;

/// The phase of a Slovenian hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A player dealt no tarok throws the hand in.
    Opening,
    /// Bidding.
    Auction,
    /// The declarer calls a king (or a queen).
    Call,
    /// The declarer takes a talon group.
    Talon,
    /// The declarer discards.
    Discard,
    /// Announcements and kontras.
    Announce,
    /// Trick play.
    Play,
    /// The hand is over.
    Over(End),
}

/// A Slovenian hand in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slovenian {
    o: SlovenianOptions,
    core: Core,
    phase: Phase,
    /// Each seat's last call: [`UNSPOKEN`], 0 pass, or a contract's number (1 klop … 12 valat).
    bids: [u8; MAX_SEATS],
    declarer: Seat,
    contract: Contract,
    /// The auction is over and a contract is played.
    decided: bool,
    called: Option<Card>,
    partner: Option<Seat>,
    /// The talon group taken.
    taken: Option<u8>,
    talon_received: CardSet,
    to_discard: u8,
    discards: CardSet,
    /// The talon cards that went to tricks: klop's gifts, or the rest after the called king
    /// won a trick (SI-TALON-07, SI-CALL-04).
    talon_won: CardSet,
    /// The trick that brought the rest of the talon to the declarer (SI-CALL-04).
    rest_with: Option<u8>,
    /// The player who loses the mond penalty (SI-SCORE-11).
    mond_lost: Option<Seat>,
    /// The round of announcements.
    round: Round,
    /// The announced bonuses, in [`BONUSES`]' order.
    items: [Announced; 8],
    /// The kontra level on the game.
    game_level: u8,
    /// Seats whose announcement or kontra showed their side (bit per seat).
    identified: u8,
    /// The calls of the auction so far (a hand without taroks has none).
    calls: u8,
}

/// The bonuses the declarer's side may announce, in the order of their ids (SI-ANN-02).
pub const BONUSES: [Bonus; 8] = [
    Bonus::Trull,
    Bonus::FourKings,
    Bonus::PagatUltimo,
    Bonus::KingUltimo(Suit::Hearts),
    Bonus::KingUltimo(Suit::Diamonds),
    Bonus::KingUltimo(Suit::Clubs),
    Bonus::KingUltimo(Suit::Spades),
    Bonus::Volat,
];

/// Every bonus a Slovenian hand scores: those announced ([`BONUSES`]), and the mond penalty.
pub const ALL_BONUSES: [Bonus; 9] = Bonus::with_xxi_catch(&BONUSES);

/// The place of a bonus in [`BONUSES`].
#[must_use]
pub fn bonus_slot(b: Bonus) -> Option<usize> {
    BONUSES.iter().position(|&x| x == b)
}

/// An announced bonus: who announced it, and its kontra level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Announced {
    /// The announcer, once announced.
    pub by: Option<Seat>,
    /// The kontra level: 0, 1 kontra, 2 re, 3 sub, 5 mort.
    pub level: u8,
}

/// Error from setting up a Slovenian table.
pub type SetupError = TableError;

/// The game value of a contract (SI-SCORE-03).
#[must_use]
pub const fn value(c: Contract) -> i64 {
    match c {
        Contract::Three => 10,
        Contract::Two => 20,
        Contract::One => 30,
        Contract::SoloThree => 40,
        Contract::SoloTwo => 50,
        Contract::SoloOne => 60,
        Contract::Beggar | Contract::Klop => 70,
        Contract::SoloWithout => 80,
        Contract::OpenBeggar => 90,
        Contract::ColourValat => 125,
        Contract::Valat => 500,
        _ => 0,
    }
}

/// The contract's number: 1 klop … 12 valat (SI-BID-01).
const fn number(c: Contract) -> u8 {
    let mut i = 0;
    while i < Contract::SLOVENIAN.len() {
        if Contract::SLOVENIAN[i] as u8 == c as u8 {
            return i as u8 + 1;
        }
        i += 1;
    }
    0
}

/// True for the contracts that take talon cards: three … solo one (SI-TALON-01).
#[must_use]
pub const fn takes_talon(c: Contract) -> bool {
    matches!(
        c,
        Contract::Three
            | Contract::Two
            | Contract::One
            | Contract::SoloThree
            | Contract::SoloTwo
            | Contract::SoloOne
    )
}

/// True for klop and the beggars, where a player must overtake (SI-PLAY-05).
#[must_use]
pub const fn negative(c: Contract) -> bool {
    matches!(c, Contract::Klop | Contract::Beggar | Contract::OpenBeggar)
}

/// True for the contracts whose declarer leads the first trick (SI-PLAY-01).
const fn declarer_leads(c: Contract) -> bool {
    matches!(
        c,
        Contract::Beggar
            | Contract::SoloWithout
            | Contract::OpenBeggar
            | Contract::ColourValat
            | Contract::Valat
    )
}

impl Slovenian {
    /// The deal's shape: 54 cards, a talon of 6, the rest shared (16 each with three players,
    /// 12 with four; SI-DEAL-03).
    pub const SHAPE: DealShape = DealShape {
        pack: Pack::Tarock54,
        hand_size: 0,
        talon_size: TALON as usize,
    };

    // ----- accessors -------------------------------------------------------------------------

    /// The rule options.
    #[must_use]
    pub fn options(&self) -> &SlovenianOptions {
        &self.o
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The contract played, once the auction is over (klop included).
    #[must_use]
    pub fn contract(&self) -> Option<Contract> {
        self.decided.then_some(self.contract)
    }

    /// The highest bid standing during the auction and who holds it.
    #[must_use]
    pub fn high_bid(&self) -> Option<(Seat, Contract)> {
        let (seat, n) = self.highest()?;
        Some((seat, Contract::SLOVENIAN[usize::from(n) - 1]))
    }

    /// The side of a seat once the contract is known: the declarer and the partner, or a
    /// defender (everyone for himself in klop: each is his own declarer).
    #[must_use]
    pub fn team_of(&self, s: Seat) -> Team {
        if s == self.declarer || Some(s) == self.partner {
            Team::Declarer
        } else {
            Team::Opponents
        }
    }

    /// The declarer's pile: tricks, the partner's tricks and the discards (SI-TALON-05).
    #[must_use]
    pub fn declarer_pile(&self) -> CardSet {
        let mut p = self.core.won[self.declarer] | self.discards;
        if let Some(q) = self.partner {
            p |= self.core.won[q];
        }
        p
    }

    /// The defenders' tricks.
    #[must_use]
    pub fn defenders_pile(&self) -> CardSet {
        let t = self.core.table;
        Seat::all(t.seats)
            .filter(|&s| t.is_active(s) && self.team_of(s) == Team::Opponents)
            .fold(CardSet::EMPTY, |p, s| p | self.core.won[s])
    }

    /// The player who loses the mond penalty, if anyone (SI-SCORE-11).
    #[must_use]
    pub fn mond_lost(&self) -> Option<Seat> {
        self.mond_lost
    }

    /// The trick that brought the talon's rest to the declarer (SI-CALL-04), if one did.
    #[must_use]
    pub fn rest_with(&self) -> Option<u8> {
        self.rest_with
    }

    /// The talon's rest after the group taken, in the talon's order.
    pub(crate) fn talon_rest_in_order(&self) -> impl Iterator<Item = Card> + '_ {
        let received = self.talon_received;
        self.core
            .deal
            .talon()
            .iter()
            .copied()
            .filter(move |c| !received.contains(*c))
    }

    /// The place of a seat in the order from forehand (0 forehand, then the next).
    fn rank(&self, s: Seat) -> u8 {
        let t = self.core.table;
        s.distance_from(t.first_active(), t.seats)
    }

    fn active(&self) -> impl Iterator<Item = Seat> + '_ {
        let t = &self.core.table;
        t.active_from(t.first_active())
    }

    fn finish(&mut self, end: End) {
        self.phase = Phase::Over(end);
    }

    fn declarer_known(&self) -> bool {
        self.decided && self.contract != Contract::Klop
    }

    /// Whether everyone sees the talon: from the call on in the talon contracts; the klop
    /// gifts as they are given; the rest once a hand is played out.
    fn talon_public(&self) -> CardSet {
        let all = self.core.deal.talon_set();
        if self.phase == Phase::Over(End::Played) {
            return all;
        }
        let turned_up =
            self.decided && takes_talon(self.contract) && !matches!(self.phase, Phase::Call);
        if turned_up {
            all
        } else {
            self.talon_won
        }
    }

    // ----- scoring -----------------------------------------------------------------------------

    /// The settlement of the hand (meaningful once it is over): a score sheet.
    #[must_use]
    pub fn settle(&self) -> Ledger {
        match self.phase {
            Phase::Over(End::Played) => score::settle(self),
            _ => Ledger {
                scoring: Scoring::Points,
                ..Ledger::default()
            },
        }
    }

    /// Each seat's radli once the hand is over (SI-MATCH-02/03): a declarer who won crosses
    /// one out; after klop (and, under `radli = klop_and_high`, beggar up to valat) everyone
    /// at the table gets one.
    #[must_use]
    pub fn radli_after(&self, won: bool) -> [u8; MAX_SEATS] {
        let mut r = self.o.radli_held;
        if self.phase != Phase::Over(End::Played) || self.o.radli == Radli::Off {
            return r;
        }
        if won && self.declarer_known() {
            let d = &mut r[self.declarer.index()];
            *d = d.saturating_sub(1);
        }
        let gives = match self.contract {
            Contract::Klop => true,
            Contract::Beggar
            | Contract::SoloWithout
            | Contract::OpenBeggar
            | Contract::ColourValat
            | Contract::Valat => self.o.radli == Radli::KlopAndHigh,
            _ => false,
        };
        if gives {
            for s in self.active() {
                let x = &mut r[s.index()];
                *x = (*x + 1).min(crate::variant::MAX_RADLI);
            }
        }
        r
    }

    pub(crate) fn core_ref(&self) -> &Core {
        &self.core
    }

    pub(crate) fn declarer_seat(&self) -> Seat {
        self.declarer
    }

    // ----- dispatch ----------------------------------------------------------------------------

    fn check_phase(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match self.phase {
            Phase::Opening => match a {
                Action::ThrowIn => Ok(()),
                _ => Err(Violation::wrong_phase(
                    "SI-DEAL-04",
                    "a player dealt no tarok throws the hand in",
                )),
            },
            Phase::Auction => self.check_auction(s, a),
            Phase::Call => self.check_call(a),
            Phase::Talon => self.check_talon(a),
            Phase::Discard => self.check_discard(a),
            Phase::Announce => self.check_round(s, a),
            Phase::Play => self.check_play(s, a),
            Phase::Over(_) => Err(Violation {
                kind: ViolationKind::GameOver,
                rule: "SI-PLAY-10",
                message: "the hand is over",
            }),
        }
    }

    fn push_legal(&self, out: &mut ActionList, s: Seat, a: Action) {
        if self.check_phase(s, a).is_ok() {
            out.push(a);
        }
    }
}

impl crate::rules::Rules for Slovenian {
    const LANGUAGE: crate::glossary::Language = crate::glossary::Language::Slovenian;

    const RULEBOOK: &'static [(&'static str, &'static str)] = &[(
        "slovenian.md",
        include_str!("../../../../docs/rules/slovenian.md"),
    )];

    fn rule_prefixes(_variant: Variant) -> &'static [&'static str] {
        &["SI"]
    }

    const CONTRACTS: &'static [Contract] = &Contract::SLOVENIAN;

    /// Kontra, re, sub, mort (SI-ANN-04).
    const KONTRA_LEVELS: &'static [u8] = &[1, 2, 3, 5];

    fn bonuses(_variant: Variant) -> &'static [Bonus] {
        &ALL_BONUSES
    }

    /// Kings and the trula are never discarded (SI-TALON-02).
    const NEVER_DISCARDED: CardSet = CardSet::KINGS.union(TRULA);

    type Options = SlovenianOptions;

    /// Three or four players, five with the dealer sitting out (SI-DEAL-01).
    const SEATS: &'static [u8] = &[3, 4, 5];

    const TRICK_RULES: TrickRules = TrickRules::TAROCK;

    const WORDS: Words = crate::slovenian::words::WORDS;

    const IDS: ActionIds = ids::IDS;

    const HEURISTIC: fn(&SeatKnowledge<'_, Self>, &[Action]) -> Action = bot::choose;

    /// With five, the dealer sits the hand out (SI-DEAL-01).
    fn table(seats: u8, dealer: Seat) -> Result<Table, TableError> {
        let table = Table::try_new(seats, dealer, Self::SEATS)?;
        Ok(Table {
            sitting_out: (seats == 5).then_some(dealer),
            ..table
        })
    }

    fn shape(_o: &SlovenianOptions) -> DealShape {
        Slovenian::SHAPE
    }

    /// Six to the talon, then packets of six with four players or eight with three
    /// (SI-DEAL-03).
    fn deal_from_order(_o: &SlovenianOptions, table: &Table, order: &[Card]) -> Deal {
        let packets: &[usize] = if table.active_count() == 3 {
            &[8, 8]
        } else {
            &[6, 6]
        };
        Deal::from_order(order, table, TALON.into(), packets)
    }

    /// The radli each seat holds as the hand starts (SI-MATCH-02).
    fn carry_in(
        o: &mut SlovenianOptions,
        carried: &crate::variant::Carried,
        table: &Table,
    ) -> Result<(), &'static str> {
        if carried.pots != [0, 0] || carried.obliged_bidder.is_some() {
            return Err("a Slovenian hand carries radli, no pots and no obliged bidder");
        }
        if carried.radli.iter().any(|&r| r > crate::variant::MAX_RADLI) {
            return Err("a seat holds at most 99 radli");
        }
        if carried.radli[usize::from(table.seats)..]
            .iter()
            .any(|&r| r > 0)
        {
            return Err("radli for a seat the table does not have");
        }
        o.radli_held = carried.radli;
        Ok(())
    }

    fn from_setup(o: SlovenianOptions, table: Table, deal: Deal) -> Slovenian {
        let forehand = table.first_active();
        let mut g = Slovenian {
            o,
            core: Core::new(table, deal, deal.hands, forehand),
            phase: Phase::Auction,
            bids: [UNSPOKEN; MAX_SEATS],
            declarer: forehand,
            contract: Contract::Klop,
            decided: false,
            called: None,
            partner: None,
            taken: None,
            talon_received: CardSet::EMPTY,
            to_discard: 0,
            discards: CardSet::EMPTY,
            talon_won: CardSet::EMPTY,
            rest_with: None,
            mond_lost: None,
            round: Round::default(),
            items: [Announced::default(); 8],
            game_level: 0,
            identified: 0,
            calls: 0,
        };
        if let Some(s) = g.without_taroks() {
            g.phase = Phase::Opening;
            g.core.to_act = s;
        } else {
            // SI-BID-02: the player after forehand speaks first.
            g.core.to_act = table.next_active(forehand);
        }
        g
    }

    fn options(&self) -> &SlovenianOptions {
        &self.o
    }

    fn variant(&self) -> Variant {
        Variant::SlovenianTarok
    }

    fn settle(&self, _round_multiplier: i64) -> Ledger {
        Slovenian::settle(self)
    }
}

impl Observe for Slovenian {
    fn core(&self) -> &Core {
        &self.core
    }

    fn stage(&self) -> Stage {
        match self.phase {
            Phase::Opening => Stage::Opening,
            Phase::Auction => Stage::Auction,
            Phase::Call => Stage::Call,
            Phase::Talon => Stage::Talon,
            Phase::Discard => Stage::Discard,
            Phase::Announce => Stage::Announce,
            Phase::Play => Stage::Play,
            Phase::Over(e) => Stage::Over(e),
        }
    }

    fn discards(&self, s: Seat) -> CardSet {
        if s == self.declarer {
            self.discards
        } else {
            CardSet::EMPTY
        }
    }

    /// Discarded taroks are shown (SI-TALON-04).
    fn discarded_tarokks(&self, s: Seat) -> Option<u8> {
        (s == self.declarer && !self.discards.is_empty())
            .then(|| (self.discards & CardSet::TAROKKS).len() as u8)
    }

    /// The declarer's side is public; the partner's once the called card is played or the
    /// talon shows it (SI-CALL-05), and to a seat that holds it; in klop nobody has a side.
    fn side_known_to(&self, viewer: Viewer, s: Seat) -> Option<Team> {
        if !self.declarer_known() || !self.core.table.is_active(s) {
            return None;
        }
        if s == self.declarer || self.called.is_none() && self.phase != Phase::Call {
            return Some(self.team_of(s));
        }
        let k = self.called?;
        let shown = self.core.played().contains(k)
            || self.talon_public().contains(k)
            || self.identified & (1 << s.get()) != 0;
        let known = match viewer {
            Viewer::Referee => true,
            Viewer::Spectator => shown,
            Viewer::Seat(me) => {
                me == s
                    || shown
                    || self.core.hands[me].contains(k)
                    || (me == self.declarer && self.talon_received.contains(k))
            }
        };
        known.then(|| self.team_of(s))
    }

    fn talon_received(&self, s: Seat) -> CardSet {
        if s == self.declarer {
            self.talon_received
        } else {
            CardSet::EMPTY
        }
    }

    fn talon_remaining(&self) -> CardSet {
        self.talon_left()
    }

    fn declarer(&self) -> Option<(Seat, Contract)> {
        self.declarer_known()
            .then_some((self.declarer, self.contract))
    }

    /// The cards `viewer` may see: a seat its own hand and the declarer his discards; everyone
    /// the talon once it is turned up, klop's talon cards as they are given, the discarded
    /// taroks (SI-TALON-04), and the open beggar's hand after the first trick (SI-PLAY-09).
    fn visible(&self, viewer: Viewer) -> Visible {
        if viewer == Viewer::Referee {
            return Visible::everything(&self.core, self.declarer, self.discards);
        }
        let mut v = Visible {
            talon: self.talon_public(),
            ..Visible::default()
        };
        v.discards[self.declarer] = self.discards & CardSet::TAROKKS;
        if self.decided && self.contract == Contract::OpenBeggar && self.core.ntricks > 0 {
            v.hands[self.declarer] = self.core.hands[self.declarer];
        }
        if let Viewer::Seat(me) = viewer {
            if self.core.table.is_active(me) {
                v.hands[me] = self.core.hands[me];
                if me == self.declarer && self.decided {
                    v.discards[me] = self.discards;
                }
            }
        }
        v
    }

    fn called(&self) -> Option<Card> {
        self.called
    }

    fn for_each_announced(&self, mut f: impl FnMut(Bonus, Team, u8, Seat)) {
        for (b, by, level) in self.announced() {
            f(b, self.team_of(by), level, by);
        }
    }

    fn game_level(&self) -> u8 {
        self.game_level
    }

    fn partner(&self) -> Option<Seat> {
        self.partner
    }

    fn trick_winner(&self, i: usize) -> Option<(Seat, Card)> {
        self.winner_of(self.core.tricks().get(i)?)
    }

    /// The talon in groups of the contract's size, all face up, the one taken marked.
    fn talon_groups(&self) -> Option<TalonGroups> {
        let shown =
            self.decided && takes_talon(self.contract) && !matches!(self.phase, Phase::Call);
        shown.then(|| {
            let k = self.group_size().max(1);
            let groups = TALON / k;
            TalonGroups {
                group_size: k,
                groups,
                exposed: (1 << groups) - 1,
                looking: None,
                taken: self.taken.map_or(0, |g| 1 << g),
            }
        })
    }

    fn card_points_of(&self, s: Seat) -> i64 {
        count::count(CountMethod::ThreesMinusTwo, self.core.won[s])
    }

    /// The auction is the record's first calls, as many as it took: the passes of the round of
    /// announcements that follows are not bids.
    fn auction_bounds(&self) -> (usize, Option<usize>) {
        let open = matches!(self.phase, Phase::Auction | Phase::Opening);
        (0, (!open).then_some(usize::from(self.calls)))
    }

    fn settlement(&self, round_multiplier: i64) -> Option<Ledger> {
        rules::settlement(self, round_multiplier)
    }
}

impl crate::solve::Solvable for Slovenian {
    /// SI-SCORE-01: counted in threes, two off per three.
    const COUNT: CountMethod = CountMethod::ThreesMinusTwo;

    /// The trula (the emperor's trick, the pagat's rules in klop and the beggars) and the
    /// called card (the talon's rest).
    fn named_cards(&self) -> CardSet {
        TRULA | self.called.map_or(CardSet::EMPTY, Card::set)
    }

    /// The trula (trula, pagat ultimo, the mond captured) and the kings (kings, king ultimo).
    fn scored_cards(&self) -> CardSet {
        TRULA | CardSet::KINGS
    }

    /// Klop's talon gifts and the talon's rest follow the tricks; the mond penalty follows the
    /// captures.
    fn play_state(&self) -> u32 {
        u32::from(self.rest_with.is_some()) | (u32::from(self.mond_lost.map_or(7, Seat::get)) << 1)
    }

    /// The highest tarok wins, unless the colour valat's tricks or the emperor's trick
    /// (SI-PLAY-03/04) can still decide otherwise, and no talon card is still to follow a trick.
    fn trumps_settle_tricks(&self) -> bool {
        let in_play = self
            .core
            .hands
            .0
            .iter()
            .fold(self.core.trick.cards(), |p, &h| p | h);
        self.contract != Contract::ColourValat
            && !in_play.is_superset(TRULA)
            && crate::solve::Solvable::pile_slack(self) == 0
    }

    /// The talon cards still to go to tricks: klop's gifts, or the rest the called king from the
    /// talon may still bring home (SI-TALON-07, SI-CALL-04); otherwise none.
    fn pile_slack(&self) -> i64 {
        let rest_to_come = self.called.is_some_and(|k| self.talon_received.contains(k))
            && self.rest_with.is_none();
        if self.contract == Contract::Klop || rest_to_come {
            count::count_thirds(CountMethod::Plain, self.talon_left())
        } else {
            0
        }
    }
}

impl Game for Slovenian {
    fn to_act(&self) -> Option<Seat> {
        (!matches!(self.phase, Phase::Over(_))).then_some(self.core.to_act)
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        let s = self.core.to_act;
        match self.phase {
            Phase::Opening => out.push(Action::ThrowIn),
            Phase::Auction => self.auction_legal(s, out),
            Phase::Call => {
                for c in CALLABLE {
                    self.push_legal(out, s, Action::Call(c));
                }
            }
            Phase::Talon => {
                let k = self.group_size().max(1);
                out.extend((0..TALON / k).map(Action::TakeTalon));
            }
            Phase::Discard => {
                for c in self.discardable() {
                    out.push(Action::Discard(c));
                }
            }
            Phase::Announce => {
                out.push(Action::Pass);
                for b in BONUSES {
                    self.push_legal(out, s, Action::Announce(b));
                }
                let levels = BONUSES.map(|b| self.is_announced(b).map(|i| i.level));
                let targets = std::iter::once((Target::Game, Some(self.game_level)))
                    .chain(BONUSES.into_iter().map(Target::Bonus).zip(levels));
                for (t, level) in targets {
                    if let Some(next) = level.and_then(ladder_next) {
                        self.push_legal(out, s, Action::Kontra(t, next));
                    }
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
        match (self.phase, a) {
            (Phase::Opening, Action::ThrowIn) => self.finish(End::ThrownIn(s)),
            (Phase::Auction, _) => self.apply_auction(s, a),
            (Phase::Call, Action::Call(c)) => self.apply_call(c),
            (Phase::Talon, Action::TakeTalon(g)) => self.apply_talon(g),
            (Phase::Discard, Action::Discard(c)) => self.apply_discard(c),
            (Phase::Announce, _) => self.apply_round(s, a),
            (Phase::Play, Action::Play(c)) => self.apply_play(s, c),
            _ => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        rules::outcome(self)
    }
}
