//! The Austrian hand (Illustriertes Dreiertarock, after Beck, with the Graz variants) as a
//! state machine.
//!
//! # Representation
//!
//! [`Austrian`] is a `Copy` value of fixed size, like the other games: hands are [`CardSet`]s,
//! the tricks and the declarable bonuses live in fixed arrays, and listing or applying an action
//! never allocates.
//!
//! # Phases
//!
//! 1. Auction (AT-BID): from forehand, each player still in names a higher contract, says
//!    "Unteren" to a contract that was named (to play it himself), or passes ("Weiter", "Gut");
//!    forehand may hold the contract he named against an Unteren. A player who passes is out.
//!    When all three pass, `all_pass_action` decides: the same dealer deals again, Trischaken is
//!    played, or the dealer keeps up to six talon cards for the next hand (Graz).
//! 2. Before the talon (Beck): the soloist and then the defenders, clockwise, may declare
//!    bonuses at their higher value, and under Beck's kontra rules double the game.
//! 3. Talon: turned face up in order; the soloist takes a run of adjacent cards (AT-TALON-03)
//!    and discards as many (AT-TALON-04). A Solo does not use the talon.
//! 4. "Ich liege": the soloist declares, the defenders answer clockwise with their declarations
//!    and kontras, and the kontras are answered (AT-ANN-01..03).
//! 5. Play of sixteen tricks from forehand (AT-PLAY); in Trischaken with the obligation to win
//!    the trick and the I played only as one's last tarock.
//!
//! A round of declarations is made of turns, each any number of declarations and kontras ended
//! by `pass`; new declarations come in one's first turn, later turns answer kontras; a round ends
//! after two silent turns once everyone has had one.
//!
//! The settlement is a score sheet (AT-MATCH-03, AT-SCORE-32): each line credits points to the
//! players who won it, and nobody pays (`Scoring::Points`).

use crate::action::{Action, Bonus, Contract, Target};
use crate::austrian::options::{AllPass, AustrianOptions, KontraRules, Rules, TalonRemainder};
use crate::austrian::score::{self, Declared, Facts};
use crate::austrian::{bot, ids};
use crate::bot::SeatKnowledge;
use crate::card::{Card, CardSet, Pack};
use crate::count::{self, CountMethod};
use crate::deal::{Deal, DealShape};
use crate::game::{
    pick_in_listing, pick_listed, ActionList, End, Game, Observe, Outcome, Stage, TalonGroups,
    Viewer, Violation, ViolationKind, Visible,
};
use crate::ledger::{Ledger, Scoring, Team};
use crate::rules;
use crate::rules::ActionIds;
use crate::seat::{BySeat, Seat, Table, TableError};
use crate::shared::{Core, Round};
use crate::trick::TrickRules;
use crate::variant::Variant;
use crate::words::Words;

/// Tricks in a hand (AT-PLAY-07).
pub const TRICKS: usize = 16;
/// Cards in the talon.
const TALON: u8 = 6;
/// Every seat: the three players.
const ALL_SEATS: u8 = 0b111;
/// The trull cards: I, XXI, Sküs.
const TRULL: CardSet = CardSet::HONOURS;

/// The phase of an Austrian hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Bidding.
    Auction,
    /// All three passed (Graz): the dealer keeps talon cards for the next hand, or none.
    Keep,
    /// Declarations and kontras before the talon (Beck).
    PreTalon,
    /// The soloist takes talon cards.
    Talon,
    /// The soloist discards.
    Discard,
    /// "Ich liege": declarations and kontras after the talon.
    Announce,
    /// Trick play.
    Play,
    /// Trischaken: everyone for himself.
    Trischaken,
    /// The hand is over.
    Over(End),
}

/// How the soloist came by the contract (AT-SCORE-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Won {
    /// Named it ("Dreier"): 3 game points.
    Declared,
    /// Took it over by "Unteren": 4.
    Unteren,
    /// Held it against an Unteren: 5.
    Held,
}

impl Won {
    /// The game points (AT-SCORE-05).
    #[must_use]
    pub const fn game_points(self) -> i64 {
        match self {
            Won::Declared => 3,
            Won::Unteren => 4,
            Won::Held => 5,
        }
    }
}

/// The bonuses a player may declare, in the order of their action ids.
pub const BONUSES: [Bonus; 10] = [
    Bonus::RoyalTrull,
    Bonus::TarockTrull,
    Bonus::Heads,
    Bonus::WithoutKings,
    Bonus::WithoutTrull,
    Bonus::WithForty,
    Bonus::WithFifty,
    Bonus::PagatUltimo,
    Bonus::SasUhu,
    Bonus::Volat,
];

/// The place of a bonus in [`BONUSES`].
#[must_use]
pub fn bonus_slot(b: Bonus) -> Option<usize> {
    BONUSES.iter().position(|&x| x == b)
}

/// An Austrian hand in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Austrian {
    o: AustrianOptions,
    core: Core,
    phase: Phase,
    /// Seats out of the auction (bit per seat).
    out: u8,
    /// Seats that made a call (bid, Unteren, hold).
    called: u8,
    /// The standing contract, who holds it and how.
    high: Option<(Seat, Contract, Won)>,
    /// Who named the standing contract's level.
    named_by: Option<Seat>,
    /// An Unteren was said at the standing level.
    unteren: bool,
    declarer: Seat,
    contract: Contract,
    won_as: Won,
    /// Talon cards kept for the next hand (Graz).
    kept: u8,
    taken: Option<u8>,
    talon_received: CardSet,
    to_discard: u8,
    discards: CardSet,
    round: Round,
    items: [Declared; 10],
    /// The kontra level on the game (Graz), or on everything (Beck).
    game_level: u8,
    /// Each hand at the start of play: the card combinations are judged on it.
    at_play: BySeat<CardSet>,
    /// The calls of the auction so far.
    calls: u8,
}

/// Error from setting up an Austrian table.
pub type SetupError = TableError;

impl Austrian {
    /// The deal's shape: 54 cards, hands of 16, a talon of 6 (AT-DEAL-02, AT-DEAL-08).
    pub const SHAPE: DealShape = DealShape {
        pack: Pack::Tarock54,
        hand_size: 16,
        talon_size: TALON as usize,
    };

    // ----- accessors -------------------------------------------------------------------------

    /// The rule options.
    #[must_use]
    pub fn options(&self) -> &AustrianOptions {
        &self.o
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The standing contract during the auction: its holder, the contract, how it was won.
    #[must_use]
    pub fn high_bid(&self) -> Option<(Seat, Contract, Won)> {
        self.high
    }

    /// How the soloist came by the contract, once the auction is over.
    #[must_use]
    pub fn won_as(&self) -> Option<Won> {
        self.declarer_known().then_some(self.won_as)
    }

    /// The talon cards the dealer kept for the next hand after three passes (Graz).
    #[must_use]
    pub fn kept(&self) -> Option<(Seat, CardSet)> {
        (self.kept > 0).then(|| {
            let cards: CardSet = self.core.deal.talon()[..usize::from(self.kept)]
                .iter()
                .copied()
                .collect();
            (self.core.table.dealer, cards)
        })
    }

    /// The declared bonuses: bonus, the declarer's side, Graz kontra level, who declared it,
    /// and whether it was declared before the talon.
    pub fn declared(&self) -> impl Iterator<Item = (Bonus, Team, u8, Seat, bool)> + '_ {
        BONUSES
            .into_iter()
            .zip(self.items)
            .filter(|(_, i)| i.declared)
            .map(|(b, i)| (b, self.team_of(i.by), i.level, i.by, i.before_talon))
    }

    /// The side of a seat: the soloist, or a defender.
    #[must_use]
    pub fn team_of(&self, s: Seat) -> Team {
        if s == self.declarer {
            Team::Declarer
        } else {
            Team::Opponents
        }
    }

    fn declarer_known(&self) -> bool {
        !matches!(
            self.phase,
            Phase::Auction | Phase::Keep | Phase::Trischaken | Phase::Over(End::PassedOut)
        ) && self.high.is_some()
    }

    fn bit(s: Seat) -> u8 {
        1 << s.get()
    }

    fn next(&self, s: Seat) -> Seat {
        self.core.table.next_active(s)
    }

    /// The seat to `s`'s left: the next clockwise (AT-ANN-02).
    fn clockwise(&self, s: Seat) -> Seat {
        s.plus(self.core.table.seats - 1, self.core.table.seats)
    }

    /// Whether everyone sees the talon: once it is turned up after the auction (AT-TALON-01;
    /// never in a Solo or Trischaken), and once a hand with a soloist is played out.
    fn talon_shown(&self) -> bool {
        let turned_up = self.declarer_known()
            && self.contract != Contract::Solo
            && !matches!(self.phase, Phase::PreTalon);
        turned_up || (self.phase == Phase::Over(End::Played) && self.declarer_known())
    }

    fn finish(&mut self, end: End) {
        self.phase = Phase::Over(end);
    }

    // ----- auction -----------------------------------------------------------------------------

    fn may_unteren(&self, s: Seat) -> bool {
        matches!(self.high, Some((h, _, Won::Declared)) if h != s) && !self.unteren
    }

    fn may_hold(&self, s: Seat) -> bool {
        let forehand = self.core.table.first_active();
        s == forehand
            && self.named_by == Some(forehand)
            && matches!(self.high, Some((h, _, Won::Unteren)) if h != s)
    }

    fn may_outbid(&self) -> bool {
        self.high
            .map_or(true, |(_, h, _)| h.level() < Contract::Solo.level())
    }

    fn check_auction(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => {
                let obliged = self.o.obliged_bidder == Some(s.get())
                    && self.called & Austrian::bit(s) == 0
                    && (self.may_outbid() || self.may_unteren(s) || self.may_hold(s));
                if obliged {
                    Err(Violation::illegal(
                        "AT-BID-10",
                        "a player who kept talon cards must declare at least Dreiblatt",
                    ))
                } else {
                    Ok(())
                }
            }
            Action::Bid(c) if !Contract::AUSTRIAN.contains(&c) => Err(Violation::illegal(
                "AT-BID-01",
                "the contracts are Dreiblatt, Zweiblatt, Einblatt and Solo",
            )),
            Action::Bid(c) => {
                if self.high.is_some_and(|(_, h, _)| c.level() <= h.level()) {
                    Err(Violation::illegal(
                        "AT-BID-03",
                        "a contract must be higher than the one named",
                    ))
                } else {
                    Ok(())
                }
            }
            Action::Unteren => {
                if self.may_unteren(s) {
                    Ok(())
                } else {
                    Err(Violation::illegal(
                        "AT-BID-03",
                        "Unteren answers a contract another player named, once",
                    ))
                }
            }
            Action::Hold => {
                if self.may_hold(s) {
                    Ok(())
                } else {
                    Err(Violation::illegal(
                        "AT-BID-04",
                        "only forehand holds, the contract he named, against an Unteren",
                    ))
                }
            }
            _ => Err(Violation::wrong_phase(
                "AT-BID-02",
                "the auction takes contracts, Unteren, hold and pass",
            )),
        }
    }

    fn apply_auction(&mut self, s: Seat, a: Action) {
        self.calls = self.calls.saturating_add(1);
        match a {
            Action::Bid(c) => {
                self.high = Some((s, c, Won::Declared));
                self.named_by = Some(s);
                self.unteren = false;
                self.called |= Austrian::bit(s);
            }
            Action::Unteren => {
                if let Some((_, c, _)) = self.high {
                    self.high = Some((s, c, Won::Unteren));
                }
                self.unteren = true;
                self.called |= Austrian::bit(s);
            }
            Action::Hold => {
                if let Some((_, c, _)) = self.high {
                    self.high = Some((s, c, Won::Held));
                }
                self.called |= Austrian::bit(s);
            }
            _ => self.out |= Austrian::bit(s),
        }
        let holder = self.high.map(|(h, _, _)| h);
        let others_out = Seat::all(self.core.table.seats)
            .filter(|&t| Some(t) != holder)
            .all(|t| self.out & Austrian::bit(t) != 0);
        if !others_out {
            let mut t = self.next(s);
            while self.out & Austrian::bit(t) != 0 {
                t = self.next(t);
            }
            self.core.to_act = t;
            return;
        }
        match self.high {
            Some((h, c, w)) => {
                self.declarer = h;
                self.contract = c;
                self.won_as = w;
                self.after_auction();
            }
            None => match self.o.all_pass_action {
                AllPass::Redeal => self.finish(End::PassedOut),
                AllPass::Trischaken => self.start_play(Phase::Trischaken),
                AllPass::GrazKeep => {
                    self.phase = Phase::Keep;
                    self.core.to_act = self.core.table.dealer;
                }
            },
        }
    }

    fn after_auction(&mut self) {
        let solo = self.contract == Contract::Solo;
        let before = self.o.bonus_declaration_timing == Rules::Beck
            || self.o.kontra_rules == KontraRules::Beck;
        if solo {
            self.start_round(Phase::Announce);
        } else if before {
            self.start_round(Phase::PreTalon);
        } else {
            self.start_talon();
        }
    }

    // ----- keeping the talon (Graz) ------------------------------------------------------------

    fn check_keep(&self, a: Action) -> Result<(), Violation> {
        match a {
            Action::KeepTalon(n) if n <= TALON => Ok(()),
            _ => Err(Violation::wrong_phase(
                "AT-BID-09",
                "after three passes the dealer keeps 0 to 6 talon cards for the next hand",
            )),
        }
    }

    // ----- rounds of declarations --------------------------------------------------------------

    fn start_round(&mut self, phase: Phase) {
        self.phase = phase;
        self.round = Round::default();
        self.core.to_act = self.declarer;
    }

    fn first_turn(&self, s: Seat) -> bool {
        self.round.first_turn(s)
    }

    /// The bonuses `s` may declare now (the first rule that forbids `b`, or `Ok`).
    fn check_declare(&self, s: Seat, b: Bonus) -> Result<(), Violation> {
        let Some(slot) = bonus_slot(b) else {
            return Err(Violation::illegal(
                "AT-ANN-04",
                "not a bonus of Illustrated Tarock",
            ));
        };
        if self.phase == Phase::PreTalon && self.o.bonus_declaration_timing == Rules::Graz {
            return Err(Violation::illegal(
                "AT-TALON-02",
                "no bonus is declared before the talon is turned up",
            ));
        }
        if self.items[slot].declared {
            return Err(Violation::illegal(
                "AT-ANN-04",
                "this bonus is declared already",
            ));
        }
        if !self.first_turn(s) {
            return Err(Violation::illegal(
                "AT-ANN-04",
                "bonuses are declared in one's first turn of the round",
            ));
        }
        let soloist = s == self.declarer;
        let hand = self.core.hands[s];
        let trull = (hand & TRULL).len();
        let (ok, rule, why) = match b {
            Bonus::RoyalTrull => (
                hand.is_superset(CardSet::KINGS),
                "AT-SCORE-12",
                "Royal Trull needs all four kings in the hand",
            ),
            Bonus::TarockTrull => (
                trull == 3,
                "AT-SCORE-13",
                "Tarock Trull needs the I, the XXI and the Sküs in the hand",
            ),
            Bonus::Heads => (
                trull == 2,
                "AT-SCORE-14",
                "Heads needs two of the three trull cards in the hand",
            ),
            Bonus::WithoutKings => (
                soloist && !hand.intersects(CardSet::KINGS),
                "AT-SCORE-16",
                "Without Kings is the soloist's, with no king in the hand",
            ),
            Bonus::WithoutTrull => (
                soloist && trull == 0,
                "AT-SCORE-17",
                "Without Trull is the soloist's, with no trull card in the hand",
            ),
            Bonus::WithForty | Bonus::WithFifty => (
                soloist && self.o.point_bonuses == Rules::Beck,
                "AT-SCORE-21",
                "With Forty and With Fifty are the soloist's, declared under Beck's rules",
            ),
            Bonus::PagatUltimo => (
                hand.contains(Card::PAGAT),
                "AT-SCORE-22",
                "Pagat Ultimo is declared by the holder of the I",
            ),
            Bonus::SasUhu => (
                self.o.owl_pre_ultimo && hand.contains(Card::EAGLE),
                "AT-ANN-09",
                "Owl pre-ultimo is played only if agreed, and declared by the holder of the II",
            ),
            _ => (soloist, "AT-ANN-10", "Valat is declared by the soloist"),
        };
        if ok {
            Ok(())
        } else {
            Err(Violation::illegal(rule, why))
        }
    }

    /// A kontra at `level` on `t` by `s` (AT-ANN-05..08).
    fn check_kontra(&self, s: Seat, t: Target, level: u8) -> Result<(), Violation> {
        let beck = self.o.kontra_rules == KontraRules::Beck;
        if !beck && self.phase != Phase::Announce {
            return Err(Violation::illegal(
                "AT-ANN-06",
                "kontras come after \"Ich liege\"",
            ));
        }
        let (owner, current) = match t {
            Target::Game => (Team::Declarer, self.game_level),
            Target::Bonus(_) if beck => {
                return Err(Violation::illegal(
                    "AT-ANN-08",
                    "under Beck's rules a kontra doubles the game and the bonuses together: say it on the game",
                ))
            }
            Target::Bonus(b) => match bonus_slot(b).map(|i| self.items[i]) {
                Some(i) if i.declared => (self.team_of(i.by), i.level),
                _ => {
                    return Err(Violation::illegal(
                        "AT-ANN-05",
                        "only a declared bonus can be kontra'd",
                    ))
                }
            },
        };
        if level != current + 1 || level > 2 {
            return Err(Violation::illegal(
                "AT-ANN-05",
                "kontra, then rekontra, and no higher",
            ));
        }
        let by_opposing = level == 1;
        if (self.team_of(s) != owner) != by_opposing {
            return Err(Violation::illegal(
                "AT-ANN-05",
                "kontra is said against a declaration, rekontra by its declarer's side",
            ));
        }
        Ok(())
    }

    fn check_round(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => Ok(()),
            Action::Announce(b) => self.check_declare(s, b),
            Action::Kontra(t, level) => self.check_kontra(s, t, level),
            _ => Err(Violation::wrong_phase(
                "AT-ANN-01",
                "declare a bonus, say kontra, or pass",
            )),
        }
    }

    fn apply_round(&mut self, s: Seat, a: Action) {
        match a {
            Action::Pass => return self.end_turn(s),
            Action::Announce(b) => {
                if let Some(slot) = bonus_slot(b) {
                    self.items[slot] = Declared {
                        declared: true,
                        by: s,
                        before_talon: self.phase == Phase::PreTalon,
                        level: 0,
                    };
                }
            }
            Action::Kontra(Target::Game, level) => self.game_level = level,
            Action::Kontra(Target::Bonus(b), level) => {
                if let Some(slot) = bonus_slot(b) {
                    self.items[slot].level = level;
                }
            }
            _ => {}
        }
        self.round.act();
    }

    fn end_turn(&mut self, s: Seat) {
        // Two silent turns in a row end the round once everyone has had one.
        if self.round.end_turn(s, 2, ALL_SEATS) {
            match self.phase {
                Phase::PreTalon => self.start_talon(),
                _ => self.start_play(Phase::Play),
            }
        } else {
            self.core.to_act = self.clockwise(s);
        }
    }

    // ----- talon and discards ------------------------------------------------------------------

    fn start_talon(&mut self) {
        self.phase = Phase::Talon;
        self.core.to_act = self.declarer;
    }

    fn check_talon(&self, a: Action) -> Result<(), Violation> {
        let k = self.contract.talon_cards();
        match a {
            Action::TakeTalon(p) if p + k <= TALON => Ok(()),
            Action::TakeTalon(_) => Err(Violation::illegal(
                "AT-TALON-03",
                "the cards taken are adjacent cards of the talon",
            )),
            _ => Err(Violation::wrong_phase(
                "AT-TALON-03",
                "the soloist takes adjacent talon cards",
            )),
        }
    }

    fn apply_talon(&mut self, p: u8) {
        let k = self.contract.talon_cards();
        let cards: CardSet = self
            .core
            .deal
            .talon()
            .get(usize::from(p)..usize::from(p + k))
            .unwrap_or_default()
            .iter()
            .copied()
            .collect();
        self.taken = Some(p);
        self.talon_received = cards;
        self.core.hands[self.declarer] |= cards;
        self.to_discard = cards.len() as u8;
        self.phase = Phase::Discard;
    }

    fn check_discard(&self, a: Action) -> Result<(), Violation> {
        let phase = Violation::wrong_phase(
            "AT-TALON-04",
            "the soloist discards as many cards as were taken",
        );
        let discarded = self
            .core
            .card_discarded(self.declarer, a, phase, "AT-TALON-04");
        discarded.map(|_| ())
    }

    fn apply_discard(&mut self, c: Card) {
        self.core.hands[self.declarer].remove(c);
        self.discards.insert(c);
        self.to_discard = self.to_discard.saturating_sub(1);
        if self.to_discard == 0 {
            self.start_round(Phase::Announce);
        }
    }

    /// The talon cards the soloist did not take (all six in a Solo).
    fn talon_left(&self) -> CardSet {
        self.core.deal.talon_set() - self.talon_received
    }

    // ----- play --------------------------------------------------------------------------------

    fn start_play(&mut self, phase: Phase) {
        self.phase = phase;
        self.at_play = self.core.hands;
        let forehand = self.core.table.first_active();
        self.core.lead(forehand);
    }

    /// The cards `s` may play (AT-PLAY-02..05; in Trischaken AT-PLAY-08/09).
    fn legal_cards(&self, s: Seat) -> CardSet {
        let rules = TrickRules::TAROCK;
        let hand = self.core.hands[s];
        let legal = rules.legal(hand, self.core.trick.led(&rules));
        if self.phase != Phase::Trischaken {
            return legal;
        }
        // The I only as one's last tarock.
        let mut legal = legal;
        if (hand & CardSet::TAROKKS).len() > 1 && legal.len() > 1 {
            legal.remove(Card::PAGAT);
        }
        // Win the trick if able.
        if self.core.trick.is_empty() {
            return legal;
        }
        let winners: CardSet = legal
            .into_iter()
            .filter(|&c| {
                let mut t = self.core.trick;
                t.push(s, c);
                t.winner(&rules).is_some_and(|(w, _)| w == s)
            })
            .collect();
        if winners.is_empty() {
            legal
        } else {
            winners
        }
    }

    fn check_play(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let c = self
            .core
            .card_played(s, a.card_played(), ("AT-PLAY-01", "AT-PLAY-01"))?;
        if self.legal_cards(s).contains(c) {
            return Ok(());
        }
        let rules = TrickRules::TAROCK;
        let by_suit = rules.legal(self.core.hands[s], self.core.trick.led(&rules));
        Err(if !by_suit.contains(c) {
            match self.core.trick.led(&rules) {
                Some(l) if (self.core.hands[s] & rules.suit_of(l)).is_empty() => {
                    Violation::illegal(
                        "AT-PLAY-03",
                        "you cannot follow the suit led: play a tarock",
                    )
                }
                _ => Violation::illegal("AT-PLAY-02", "you must follow the suit led"),
            }
        } else if c == Card::PAGAT {
            Violation::illegal(
                "AT-PLAY-09",
                "in Trischaken the I is played only as one's last tarock",
            )
        } else {
            Violation::illegal(
                "AT-PLAY-08",
                "in Trischaken you must win the trick if you can",
            )
        })
    }

    fn apply_play(&mut self, s: Seat, c: Card) {
        if let Some((_, played)) = self
            .core
            .play(s, c, &<Self as crate::rules::Rules>::TRICK_RULES)
        {
            if played >= TRICKS {
                self.finish(End::Played);
            }
        }
    }

    // ----- scoring -----------------------------------------------------------------------------

    /// The soloist's pile (tricks and discards, AT-TALON-04) and the defenders' (their tricks,
    /// and the talon cards left with `talon_remainder = defenders`).
    #[must_use]
    pub fn piles(&self) -> [CardSet; 2] {
        let mut piles = [self.core.won[self.declarer] | self.discards, CardSet::EMPTY];
        for s in Seat::all(self.core.table.seats).filter(|&s| s != self.declarer) {
            piles[1] |= self.core.won[s];
        }
        if self.o.talon_remainder == TalonRemainder::Defenders {
            piles[1] |= self.talon_left();
        }
        piles
    }

    /// The settlement of the hand (meaningful once it is over): a score sheet.
    #[must_use]
    pub fn settle(&self) -> Ledger {
        match self.phase {
            Phase::Over(End::Played) if !self.declarer_known() => {
                score::settle_trischaken(self.core.table, self.core.won)
            }
            Phase::Over(End::Played) => score::settle(&Facts {
                options: &self.o,
                table: self.core.table,
                declarer: self.declarer,
                contract: self.contract,
                won_as: self.won_as,
                bonuses: self.items,
                game_level: self.game_level,
                at_play: self.at_play,
                tricks: self.tricks(),
                piles: self.piles(),
                talon_left: self.talon_left(),
            }),
            _ => Ledger {
                scoring: Scoring::Points,
                ..Ledger::default()
            },
        }
    }

    // ----- dispatch ----------------------------------------------------------------------------

    fn check_phase(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match self.phase {
            Phase::Auction => self.check_auction(s, a),
            Phase::Keep => self.check_keep(a),
            Phase::PreTalon | Phase::Announce => self.check_round(s, a),
            Phase::Talon => self.check_talon(a),
            Phase::Discard => self.check_discard(a),
            Phase::Play | Phase::Trischaken => self.check_play(s, a),
            Phase::Over(_) => Err(Violation {
                kind: ViolationKind::GameOver,
                rule: "AT-PLAY-07",
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

impl crate::rules::Rules for Austrian {
    const LANGUAGE: crate::glossary::Language = crate::glossary::Language::German;

    const RULEBOOK: &'static [(&'static str, &'static str)] = &[(
        "austrian.md",
        include_str!("../../../docs/rules/austrian.md"),
    )];

    fn rule_prefixes(_variant: Variant) -> &'static [&'static str] {
        &["AT"]
    }

    const CONTRACTS: &'static [Contract] = &Contract::AUSTRIAN;

    const KONTRA_LEVELS: &'static [u8] = &[1, 2];

    fn bonuses(_variant: Variant) -> &'static [Bonus] {
        &crate::glossary::AUSTRIAN_BONUSES
    }

    /// Any card may be discarded.
    const NEVER_DISCARDED: CardSet = CardSet::EMPTY;

    type Options = AustrianOptions;

    /// Three players (AT-DEAL-01).
    const SEATS: &'static [u8] = &[3];

    const TRICK_RULES: TrickRules = TrickRules::TAROCK;

    const WORDS: Words = crate::austrian::words::WORDS;

    const IDS: ActionIds = ids::IDS;

    const HEURISTIC: fn(&SeatKnowledge<'_, Self>, &[Action]) -> Action = bot::choose;

    fn shape(_o: &AustrianOptions) -> DealShape {
        Austrian::SHAPE
    }

    /// Deals a shuffled order: six to the talon, then packets of four (AT-DEAL-08), or after a
    /// knock three packets of sixteen, taken in turn from forehand (AT-DEAL-09).
    fn deal_from_order(o: &AustrianOptions, table: &Table, order: &[Card]) -> Deal {
        let packets: &[usize] = if o.packets_of_16 {
            &[16]
        } else {
            &[4, 4, 4, 4]
        };
        Deal::from_order(order, table, TALON.into(), packets)
    }

    /// The seat that kept talon cards in the hand before and may not pass (AT-BID-10).
    fn carry_in(
        o: &mut AustrianOptions,
        carried: &crate::variant::Carried,
        table: &Table,
    ) -> Result<(), &'static str> {
        if carried.radli != [0; crate::seat::MAX_SEATS] {
            return Err("an Austrian hand carries no radli");
        }
        if carried.pots != [0, 0] {
            return Err("an Austrian hand has no pots");
        }
        match carried.obliged_bidder {
            Some(s) if s.get() >= table.seats => {
                Err("the obliged bidder is not a seat at the table")
            }
            s => {
                o.obliged_bidder = s.map(Seat::get);
                Ok(())
            }
        }
    }

    /// A new hand: `deal` must fit [`Austrian::SHAPE`].
    fn from_setup(o: AustrianOptions, table: Table, deal: Deal) -> Austrian {
        let forehand = table.first_active();
        let item = Declared {
            declared: false,
            by: forehand,
            before_talon: false,
            level: 0,
        };
        Austrian {
            o,
            core: Core::new(table, deal, deal.hands, forehand),
            phase: Phase::Auction,
            out: 0,
            called: 0,
            high: None,
            named_by: None,
            unteren: false,
            declarer: forehand,
            contract: Contract::Dreiblatt,
            won_as: Won::Declared,
            kept: 0,
            taken: None,
            talon_received: CardSet::EMPTY,
            to_discard: 0,
            discards: CardSet::EMPTY,
            round: Round::default(),
            items: [item; 10],
            game_level: 0,
            at_play: BySeat::splat(CardSet::EMPTY),
            calls: 0,
        }
    }

    fn options(&self) -> &AustrianOptions {
        &self.o
    }

    fn variant(&self) -> Variant {
        Variant::AustrianIllustrated
    }

    fn settle(&self, _round_multiplier: i64) -> Ledger {
        Austrian::settle(self)
    }
}

impl Observe for Austrian {
    fn core(&self) -> &Core {
        &self.core
    }

    fn stage(&self) -> Stage {
        match self.phase {
            Phase::Auction => Stage::Auction,
            Phase::Keep | Phase::Talon => Stage::Talon,
            Phase::PreTalon | Phase::Announce => Stage::Announce,
            Phase::Discard => Stage::Discard,
            Phase::Play | Phase::Trischaken => Stage::Play,
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

    fn side_known_to(&self, _viewer: Viewer, s: Seat) -> Option<Team> {
        (self.declarer_known() && s.get() < self.core.table.seats).then(|| self.team_of(s))
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

    /// The cards `viewer` may see: a seat its own hand and the soloist its discards; everyone
    /// the talon once it is turned up (AT-TALON-01; never in a Solo or Trischaken), and the talon
    /// cards left once the hand is played out.
    fn visible(&self, viewer: Viewer) -> Visible {
        if viewer == Viewer::Referee {
            return Visible::everything(&self.core, self.declarer, self.discards);
        }
        let mut v = Visible::default();
        if self.talon_shown() {
            v.talon = self.core.deal.talon_set();
        }
        if let Viewer::Seat(me) = viewer {
            if me.get() < self.core.table.seats {
                v.hands[me] = self.core.hands[me];
                if me == self.declarer && self.declarer_known() {
                    v.discards[me] = self.discards;
                }
            }
        }
        v
    }

    fn for_each_announced(&self, mut f: impl FnMut(Bonus, Team, u8, Seat)) {
        for (b, t, level, by, _) in self.declared() {
            f(b, t, level, by);
        }
    }

    fn game_level(&self) -> u8 {
        self.game_level
    }

    /// The talon turned up, card by card in its order, once everyone sees it: a group of one
    /// card each, the run the soloist took marked taken.
    fn talon_groups(&self) -> Option<TalonGroups> {
        self.talon_shown().then(|| {
            let run = (1u8 << self.contract.talon_cards()) - 1;
            TalonGroups {
                group_size: 1,
                groups: TALON,
                exposed: (1 << TALON) - 1,
                looking: None,
                taken: self.taken.map_or(0, |p| run << p),
            }
        })
    }

    /// The auction is the record's first calls, as many as it took: the passes of a round of
    /// declarations that follows are not bids.
    fn auction_bounds(&self) -> (usize, Option<usize>) {
        (
            0,
            (self.phase != Phase::Auction).then_some(usize::from(self.calls)),
        )
    }

    fn card_points_of(&self, s: Seat) -> i64 {
        count::count(CountMethod::ThreesMinusTwo, self.core.won[s])
    }

    fn settlement(&self, round_multiplier: i64) -> Option<Ledger> {
        rules::settlement(self, round_multiplier)
    }
}

/// Every kontra target of an Austrian hand, in id order: the game, then each bonus.
const TARGETS: [Target; 11] = [
    Target::Game,
    Target::Bonus(BONUSES[0]),
    Target::Bonus(BONUSES[1]),
    Target::Bonus(BONUSES[2]),
    Target::Bonus(BONUSES[3]),
    Target::Bonus(BONUSES[4]),
    Target::Bonus(BONUSES[5]),
    Target::Bonus(BONUSES[6]),
    Target::Bonus(BONUSES[7]),
    Target::Bonus(BONUSES[8]),
    Target::Bonus(BONUSES[9]),
];

impl crate::solve::Solvable for Austrian {
    /// AT-SCORE-02: counted in threes, two off per three.
    const COUNT: CountMethod = CountMethod::ThreesMinusTwo;

    /// In Trischaken the I is played only as one's last tarock (AT-PLAY-09).
    fn named_cards(&self) -> CardSet {
        if self.phase == Phase::Trischaken {
            Card::PAGAT.set()
        } else {
            CardSet::EMPTY
        }
    }

    /// The ultimos' pagat and II (AT-SCORE-22/23), the Mondfang's XXI and Sküs (AT-SCORE-24),
    /// and the kings.
    fn scored_cards(&self) -> CardSet {
        CardSet::HONOURS | CardSet::KINGS | Card::EAGLE.set()
    }

    /// The highest tarokk wins every trick, and the tricks' cards go to its winner.
    fn trumps_settle_tricks(&self) -> bool {
        true
    }

    /// Nothing of the Austrian hand's own changes in play that play reads.
    fn play_state(&self) -> u32 {
        0
    }
}

impl Game for Austrian {
    fn to_act(&self) -> Option<Seat> {
        (!matches!(self.phase, Phase::Over(_))).then_some(self.core.to_act)
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        let s = self.core.to_act;
        match self.phase {
            Phase::Auction => {
                for a in [Action::Pass, Action::Unteren, Action::Hold] {
                    self.push_legal(out, s, a);
                }
                for c in Contract::AUSTRIAN {
                    self.push_legal(out, s, Action::Bid(c));
                }
            }
            Phase::Keep => out.extend((0..=TALON).map(Action::KeepTalon)),
            Phase::PreTalon | Phase::Announce => {
                out.push(Action::Pass);
                for b in BONUSES {
                    self.push_legal(out, s, Action::Announce(b));
                }
                for t in TARGETS {
                    let level = match t {
                        Target::Game => self.game_level,
                        Target::Bonus(b) => bonus_slot(b).map_or(2, |i| self.items[i].level),
                    };
                    if level < 2 {
                        self.push_legal(out, s, Action::Kontra(t, level + 1));
                    }
                }
            }
            Phase::Talon => {
                let k = self.contract.talon_cards();
                out.extend((0..=TALON - k).map(Action::TakeTalon));
            }
            Phase::Discard => {
                for c in self.core.hands[self.declarer] {
                    out.push(Action::Discard(c));
                }
            }
            Phase::Play | Phase::Trischaken => {
                for c in self.legal_cards(s) {
                    out.push(Action::Play(c));
                }
            }
            Phase::Over(_) => {}
        }
    }

    fn pick_legal(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        match self.phase {
            Phase::Play | Phase::Trischaken => pick_in_listing(
                None,
                self.legal_cards(self.core.to_act),
                Action::Play,
                &[],
                pick,
            ),
            Phase::Discard => pick_in_listing(
                None,
                self.core.hands[self.declarer],
                Action::Discard,
                &[],
                pick,
            ),
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
            (Phase::Auction, _) => self.apply_auction(s, a),
            (Phase::Keep, Action::KeepTalon(n)) => {
                self.kept = n.min(TALON);
                self.finish(End::PassedOut);
            }
            (Phase::PreTalon | Phase::Announce, _) => self.apply_round(s, a),
            (Phase::Talon, Action::TakeTalon(p)) => self.apply_talon(p),
            (Phase::Discard, Action::Discard(c)) => self.apply_discard(c),
            (Phase::Play | Phase::Trischaken, Action::Play(c)) => self.apply_play(s, c),
            _ => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        rules::outcome(self)
    }
}
