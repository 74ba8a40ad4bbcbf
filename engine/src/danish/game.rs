//! The Danish hand as a state machine.
//!
//! # Representation
//!
//! [`Danish`] is a `Copy` value of fixed size, like the other games: hands are [`CardSet`]s,
//! the 25 tricks live in a fixed array, and listing or applying an action never allocates.
//! The fool is the card [`Card::SKIZ`] of the universal layout, played under
//! [`TrickRules::DANISH`] as an excuse.
//!
//! # Phases
//!
//! 1. Opening: each active player from the dealer's right in turn passes, or, dealt no trump
//!    (the fool not counting), throws the hand in: the same dealer deals again (DK-DEAL-11).
//!    Everyone is asked, so that being asked reveals nothing.
//! 2. Discard: the dealer, holding 28 cards, lays three away as the skat under
//!    `danish_discard_rules` (DK-TALON), and may announce Tout first (`announce volat`), which
//!    alone lets him discard the fool.
//! 3. The declarations are compulsory and exact, so the engine makes them for every player when
//!    the discard is done (DK-ANN): each is paid at once by the other two.
//! 4. Play of 25 tricks from the dealer's right (DK-PLAY), with the payments for kings and the
//!    pagat lost, and the pagat winning, in every trick but the last (DK-SCORE-09..11). Under
//!    `call_for_fool` the player on lead may first call for the fool (`call SKIZ`, once in a
//!    hand), and its holder must play it to that trick (DK-PLAY-15).
//! 5. Over: Tout, Nolo, Ultimo, Bagud, the last trick and the count (DK-SCORE-13..30).
//!
//! Every hand also carries its pots: a pot that starts the hand empty is founded first
//! (DK-MATCH-01/02), and the dealer pays his fee (DK-SCORE-03). The contents the hand starts
//! with are what the match carries in ([`crate::Carried::pots`]).

use crate::action::{Action, Bonus};
use crate::bot::SeatKnowledge;
use crate::card::{Card, CardSet, Pack, Suit};
use crate::count::danish_value;
use crate::danish::options::{DanishOptions, DiscardRules, FoolEndplay, FoolLead};
use crate::danish::score::{self, Facts, DEALING_FEE, TRICK_PAYMENT};
use crate::danish::{bot, ids};
use crate::deal::{Deal, DealShape};
use crate::game::{
    pick_in_listing, ActionList, End, Game, Observe, Outcome, Stage, Viewer, Violation,
    ViolationKind, Visible,
};
use crate::ledger::{Ledger, Pot};
use crate::rules::ActionIds;
use crate::rules::{self, Rules};
use crate::seat::{BySeat, Seat, Table, TableError};
use crate::shared::Core;
use crate::trick::{Trick, TrickRules};
use crate::variant::{Carried, Variant, MAX_POT};

pub use super::melds::{combination_cards, melds, Grade, Meld, Melds};
use crate::words::Words;

/// Tricks in a hand (DK-PLAY-07).
pub const TRICKS: usize = 25;
/// Cards in the skat (DK-TALON-01).
const SKAT: u32 = 3;
/// The fool (DK-DEAL-07).
pub const FOOL: Card = Card::SKIZ;
/// The trumps 1..21, the fool not among them.
pub(crate) const TRUMPS: CardSet = CardSet::TAROKKS_NUMBERED;
/// The trick rules: trumps 1..21, the fool an excuse.
const RULES: TrickRules = TrickRules::DANISH;

/// The phase of a Danish hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Each player may throw in a hand without trumps.
    Opening,
    /// The dealer discards the skat.
    Discard,
    /// Trick play.
    Play,
    /// The hand is over.
    Over(End),
}

/// The trick's winner: the highest trump, else the highest card of the suit the fool's lead
/// named (`named`), else of the suit the first other card led (DK-PLAY-06/09/11). `None`
/// while only the fool is in the trick.
#[must_use]
pub fn trick_winner(trick: &Trick, named: Option<Option<Suit>>) -> Option<(Seat, Card)> {
    if let Some(n) = named {
        let cards = trick.cards() - FOOL.set();
        let best = match (cards & TRUMPS).highest() {
            Some(t) => Some(t),
            None => n.and_then(|s| (cards & s.mask()).highest()),
        };
        if let Some(b) = best {
            return trick.player_of(b).map(|p| (p, b));
        }
    }
    trick.winner(&RULES)
}

/// The fool led naming each suit, then trumps: how a leader who names the suit leads it.
const FOOL_LEADS: [Action; 5] = [
    Action::LeadFool(Some(Suit::ALL[0])),
    Action::LeadFool(Some(Suit::ALL[1])),
    Action::LeadFool(Some(Suit::ALL[2])),
    Action::LeadFool(Some(Suit::ALL[3])),
    Action::LeadFool(None),
];

/// Calling for the fool (`call_for_fool`, DK-PLAY-15): the call action, as the listing's tail.
const CALL: [Action; 1] = [Action::Call(FOOL)];

/// A Danish hand in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Danish {
    o: DanishOptions,
    /// The hands hold the dealer's three extra cards from the deal on.
    core: Core,
    phase: Phase,
    /// Players asked in the opening so far.
    asked: u8,
    skat: CardSet,
    /// The dealer's combination cards as he starts discarding (`danish_discard_rules = pagat`).
    protected: CardSet,
    /// The dealer announced Tout.
    tout: bool,
    /// The hands the declarations are made on: after the discard, the dealer's with the
    /// combination cards he could not avoid discarding.
    declared_on: BySeat<CardSet>,
    /// What the fool's lead of the current trick named (`Some(None)`: trumps).
    named: Option<Option<Suit>>,
    /// What the fool's lead named in each trick: 0 nothing, 1..=4 a suit, 5 trumps.
    named_in: [u8; TRICKS],
    tricks_won: BySeat<u8>,
    kings_lost: BySeat<u8>,
    pagat_lost: BySeat<u8>,
    pagat_tricks: BySeat<u8>,
    /// The pots as they stand (pagat, king): as the hand started, founded, the dealer's fee and
    /// the payments during play.
    pots: [i64; 2],
    /// The fool's player owes the winner of the fool's trick a card of no value (option).
    owed: Option<(Seat, Seat)>,
    /// The dealer has shown that he holds no trump (DK-TALON-05).
    dealer_out_of_trumps: bool,
    /// The fool has been called for (`call_for_fool`, DK-PLAY-15): its holder must play it.
    fool_called: bool,
}

/// Error from setting up a Danish table.
pub type SetupError = TableError;

const fn encode(named: Option<Option<Suit>>) -> u8 {
    match named {
        None => 0,
        Some(None) => 5,
        Some(Some(s)) => s as u8 + 1,
    }
}

const fn decode(code: u8) -> Option<Option<Suit>> {
    match code {
        0 => None,
        5 => Some(None),
        n => Some(Suit::from_index(n - 1)),
    }
}

impl Danish {
    /// The deal's shape: 78 cards, hands of 25, and the three the dealer adds to his
    /// (DK-DEAL-02, DK-DEAL-09).
    pub const SHAPE: DealShape = DealShape {
        pack: Pack::French78,
        hand_size: 25,
        talon_size: SKAT as usize,
    };

    /// What goes into each pot before play: the foundation of a pot that is empty (every seat,
    /// the one sitting out too, pays it) and the dealer's fee of 5.
    fn foundation_and_fee(&self) -> [(Pot, i64); 2] {
        let start = [self.o.pagat_pot, self.o.king_pot];
        Pot::BOTH.map(|p| {
            let founded = if start[p.index()] == 0 {
                self.o.pot_foundation * i64::from(self.core.table.seats)
            } else {
                0
            };
            (p, founded + DEALING_FEE)
        })
    }

    // ----- accessors -------------------------------------------------------------------------

    /// The rule options.
    #[must_use]
    pub fn options(&self) -> &DanishOptions {
        &self.o
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The pots as they stand now (pagat, king).
    #[must_use]
    pub fn pots(&self) -> [i64; 2] {
        self.pots
    }

    /// True if the dealer announced Tout.
    #[must_use]
    pub fn tout_announced(&self) -> bool {
        self.tout
    }

    /// The declarations of seat `s`, once the discard is done.
    #[must_use]
    pub fn melds_of(&self, s: Seat) -> Option<Melds> {
        matches!(self.phase, Phase::Play | Phase::Over(End::Played))
            .then(|| melds(self.declared_on[s]))
    }

    /// The skat's cards that belonged to a combination the dealer had to break, which he names
    /// (DK-TALON-06).
    #[must_use]
    pub fn named_discards(&self) -> CardSet {
        self.skat & self.protected
    }

    /// Whether the skat holds a trump, once the dealer has shown that he holds none: what the
    /// others may then ask (DK-TALON-05).
    #[must_use]
    pub fn skat_has_trumps(&self) -> Option<bool> {
        self.dealer_out_of_trumps
            .then(|| self.skat.intersects(TRUMPS))
    }

    /// True once the fool has been called for (DK-PLAY-15); its holder must play it to the
    /// trick of the call.
    #[must_use]
    pub fn fool_called(&self) -> bool {
        self.fool_called
    }

    /// What the fool's lead of the current trick named, if the fool led it (`Some(None)`:
    /// trumps).
    #[must_use]
    pub fn named_suit(&self) -> Option<Option<Suit>> {
        self.named
    }

    /// What the fool's lead of completed trick `i` named.
    #[must_use]
    pub fn named_in(&self, i: usize) -> Option<Option<Suit>> {
        self.named_in.get(i).copied().and_then(decode)
    }

    /// Tricks each seat has won.
    #[must_use]
    pub fn tricks_won(&self, s: Seat) -> u8 {
        self.tricks_won[s]
    }

    /// Seat `s`'s count: the value of its pile, the skat included for the dealer, and one
    /// point per trick, the skat counting as one (DK-SCORE-26, DK-SCORE-30).
    #[must_use]
    pub fn count_of(&self, s: Seat) -> i64 {
        let won = self.core.won[s];
        score::count(&self.core.table, s, won, self.skat, self.tricks_won[s])
    }

    // ----- opening -----------------------------------------------------------------------------

    fn check_opening(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => Ok(()),
            Action::ThrowIn if !self.core.hands[s].intersects(TRUMPS) => Ok(()),
            Action::ThrowIn => Err(Violation::illegal(
                "DK-DEAL-11",
                "only a player dealt no trump (the fool not counting) may declare a misdeal",
            )),
            _ => Err(Violation::wrong_phase(
                "DK-DEAL-11",
                "before the discard each player passes or, dealt no trump, declares a misdeal",
            )),
        }
    }

    fn apply_opening(&mut self, s: Seat, a: Action) {
        if a == Action::ThrowIn {
            self.phase = Phase::Over(End::ThrownIn(s));
            return;
        }
        self.asked += 1;
        if self.asked >= self.core.table.active_count() {
            self.phase = Phase::Discard;
            self.core.to_act = self.core.table.dealer;
            if self.o.discard_rules == DiscardRules::Pagat {
                self.protected = combination_cards(self.core.hands[self.core.table.dealer]);
            }
        } else {
            self.core.to_act = self.core.table.next_active(s);
        }
    }

    // ----- discard -----------------------------------------------------------------------------

    /// The cards the dealer may lay away next (DK-TALON-03..08).
    fn discardable(&self) -> CardSet {
        let hand = self.core.hands[self.core.table.dealer];
        let four_point = CardSet::KINGS | CardSet::HONOURS;
        if self.o.discard_rules == DiscardRules::Simple4pt {
            return hand - four_point;
        }
        let left = SKAT - self.skat.len();
        let trumps = hand & TRUMPS;
        // A trump only if every trump goes: the pagat and the mondo never do.
        let can_void =
            !trumps.intersects(Card::PAGAT.set() | Card::XXI.set()) && trumps.len() <= left;
        if self.skat.intersects(TRUMPS) && !trumps.is_empty() {
            return trumps;
        }
        let mut barred = CardSet::KINGS | Card::PAGAT.set() | Card::XXI.set();
        if !self.tout {
            barred |= FOOL.set();
        }
        if !can_void {
            barred |= TRUMPS;
        }
        let candidates = hand - barred;
        let free = candidates - self.protected;
        if !free.is_empty() {
            free
        } else if !candidates.is_empty() {
            candidates
        } else {
            hand - four_point
        }
    }

    fn check_discard(&self, a: Action) -> Result<(), Violation> {
        let hand = self.core.hands[self.core.table.dealer];
        match a {
            Action::Announce(Bonus::Volat) if !self.tout => Ok(()),
            Action::Announce(Bonus::Volat) => {
                Err(Violation::illegal("DK-ANN-14", "Tout is announced once"))
            }
            Action::Discard(c) if !hand.contains(c) => Err(Violation::illegal(
                "DK-TALON-01",
                "the dealer discards cards from his hand",
            )),
            Action::Discard(c) if self.discardable().contains(c) => Ok(()),
            Action::Discard(c) => Err(self.discard_refusal(c)),
            _ => Err(Violation::wrong_phase(
                "DK-TALON-01",
                "the dealer discards three cards (and may announce Tout first)",
            )),
        }
    }

    /// Why the dealer may not discard `c` now.
    fn discard_refusal(&self, c: Card) -> Violation {
        if self.o.discard_rules == DiscardRules::Simple4pt {
            return Violation::illegal(
                "DK-TALON-08",
                "the 4-point cards (kings, pagat, mondo, fool) may never be discarded",
            );
        }
        if c.is_king() || c == Card::PAGAT || c == Card::XXI {
            Violation::illegal(
                "DK-TALON-03",
                "the dealer may never discard a king, the pagat or the mondo",
            )
        } else if c == FOOL && !self.tout {
            Violation::illegal(
                "DK-TALON-07",
                "the dealer discards the fool only when he announces Tout",
            )
        } else if TRUMPS.contains(c) || self.skat.intersects(TRUMPS) {
            Violation::illegal(
                "DK-TALON-04",
                "a trump is discarded only if that leaves the dealer with no trump",
            )
        } else {
            Violation::illegal(
                "DK-TALON-06",
                "a card of a combination is discarded only when it cannot be avoided",
            )
        }
    }

    fn apply_discard(&mut self, a: Action) {
        let dealer = self.core.table.dealer;
        match a {
            Action::Announce(_) => self.tout = true,
            Action::Discard(c) => {
                self.core.hands[dealer].remove(c);
                self.skat.insert(c);
                if self.skat.len() >= SKAT {
                    self.start_play();
                }
            }
            _ => {}
        }
    }

    fn start_play(&mut self) {
        for s in self.core.table.active_from(self.core.table.first_active()) {
            self.declared_on[s] = self.core.hands[s];
        }
        let dealer = self.core.table.dealer;
        let named = self.named_discards();
        self.declared_on[dealer] |= named;
        self.phase = Phase::Play;
        let first = self.core.table.first_active();
        self.core.lead(first);
    }

    // ----- play --------------------------------------------------------------------------------

    /// The card that sets what must be followed: the fool's named suit (as one of its cards),
    /// else the first card that is not the fool.
    fn led_card(&self) -> Option<Card> {
        match self.named {
            Some(Some(s)) => Some(Card::king(s)),
            Some(None) => Some(Card::PAGAT),
            None => self.core.trick.led(&RULES),
        }
    }

    /// Whether `s` must play the fool now (DK-PLAY-12/13).
    fn fool_due(&self, s: Seat) -> bool {
        let due = match self.o.fool_endplay {
            FoolEndplay::LostInLast => return false,
            FoolEndplay::BeforeLast => TRICKS - 2,
            FoolEndplay::BeforeLastTwo => TRICKS - 3,
            FoolEndplay::BeforeLastThree => TRICKS - 4,
        };
        self.core.hands[s].contains(FOOL) && usize::from(self.core.ntricks) >= due
    }

    /// Whether `s` holds the fool after it was called for, and so must play it now
    /// (DK-PLAY-15).
    fn fool_answers_call(&self, s: Seat) -> bool {
        self.fool_called && self.core.hands[s].contains(FOOL)
    }

    /// The cards `s` may play (DK-PLAY-02..05, 08, 12, 13, 15).
    fn legal_cards(&self, s: Seat) -> CardSet {
        if self.fool_answers_call(s) || self.fool_due(s) {
            return FOOL.set();
        }
        RULES.legal(self.core.hands[s], self.led_card())
    }

    /// True when the fool, led by `s` now, must name the suit.
    fn names_suit(&self) -> bool {
        self.core.trick.is_empty() && self.o.fool_lead == FoolLead::Named
    }

    /// Whether the fool is still to be played: in a hand, or in the skat (where nobody can
    /// play it).
    fn fool_unplayed(&self) -> bool {
        self.skat.contains(FOOL) || self.core.hands.0.iter().any(|h| h.contains(FOOL))
    }

    /// Why `s` may not call for the fool now (DK-PLAY-15, DK-MATCH-20), or `None` if he may.
    /// Whether the fool lies in the skat is read only for the dealer, who knows: anyone else's
    /// call stands, and is simply not answered.
    fn call_refusal(&self, s: Seat) -> Option<Violation> {
        Some(if !self.o.call_for_fool {
            Violation::illegal(
                "DK-PLAY-15",
                "calling for the fool is not played under these rules",
            )
        } else if self.phase != Phase::Play {
            Violation::wrong_phase(
                "DK-PLAY-15",
                "the fool is called for in trick play, by the player on lead before he leads",
            )
        } else if !self.fool_unplayed() {
            Violation::illegal(
                "DK-MATCH-20",
                "the fool has already been played: it can no longer be called for",
            )
        } else if self.fool_called {
            Violation::illegal("DK-PLAY-15", "the fool is called for only once in a hand")
        } else if !self.core.trick.is_empty() {
            Violation::illegal(
                "DK-PLAY-15",
                "only the player on lead calls for the fool, before he leads",
            )
        } else if self.core.hands[s].contains(FOOL) {
            Violation::illegal(
                "DK-PLAY-15",
                "you hold the fool yourself: you cannot call for it",
            )
        } else if s == self.core.table.dealer && self.skat.contains(FOOL) {
            Violation::illegal(
                "DK-PLAY-15",
                "the fool lies in your skat: nobody can play it",
            )
        } else {
            return None;
        })
    }

    /// The call for the fool when `s` may make it, as the listing's tail.
    fn call_listing(&self, s: Seat) -> &'static [Action] {
        if self.o.call_for_fool && self.call_refusal(s).is_none() {
            &CALL
        } else {
            &[]
        }
    }

    fn check_play(&self, s: Seat, a: Action) -> Result<(), Violation> {
        if a == Action::Call(FOOL) {
            return self.call_refusal(s).map_or(Ok(()), Err);
        }
        // Leading the fool naming a suit plays the fool.
        let played = match a {
            Action::LeadFool(_) => Some(FOOL),
            _ => a.card_played(),
        };
        let card = self
            .core
            .card_played(s, played, ("DK-PLAY-01", "DK-PLAY-01"))?;
        match (a, self.names_suit()) {
            (Action::LeadFool(_), false) => {
                return Err(Violation::illegal(
                    "DK-PLAY-11",
                    "a suit is named only by a player leading the fool, where the leader names it",
                ))
            }
            (Action::Play(c), true) if c == FOOL => {
                return Err(Violation::illegal(
                    "DK-PLAY-11",
                    "leading the fool, name the suit led: lead-fool H, D, C, S or T",
                ))
            }
            _ => {}
        }
        if self.legal_cards(s).contains(card) {
            return Ok(());
        }
        if self.fool_answers_call(s) {
            return Err(Violation::illegal(
                "DK-PLAY-15",
                "the fool has been called for: play it to this trick",
            ));
        }
        if self.fool_due(s) {
            return Err(Violation::illegal(
                "DK-PLAY-13",
                "the fool must be played now: it may not be kept to the end",
            ));
        }
        let led = self.led_card();
        Err(match led {
            Some(l) if (self.core.hands[s] & RULES.suit_of(l)).is_empty() => Violation::illegal(
                "DK-PLAY-03",
                "you cannot follow the suit led: play a trump (or the fool)",
            ),
            _ => Violation::illegal(
                "DK-PLAY-02",
                "you must follow the suit led (or play the fool)",
            ),
        })
    }

    fn apply_play(&mut self, s: Seat, a: Action) {
        let card = match a {
            Action::Call(_) => {
                self.fool_called = true;
                return;
            }
            Action::LeadFool(named) => {
                self.named = Some(named);
                FOOL
            }
            Action::Play(c) => c,
            _ => return,
        };
        // The dealer shows he holds no trump by playing another card where he had to trump.
        if s == self.core.table.dealer && card != FOOL && !TRUMPS.contains(card) {
            if let Some(l) = self.led_card() {
                if TRUMPS.contains(l) || card.suit() != l.suit() {
                    self.dealer_out_of_trumps = true;
                }
            }
        }
        if self.core.play_card(s, card) {
            self.complete_trick();
        }
    }

    fn complete_trick(&mut self) {
        let idx = usize::from(self.core.ntricks);
        let last = idx + 1 >= TRICKS;
        let trick = self.core.trick;
        let (w, best) = trick_winner(&trick, self.named).unwrap_or((trick.leader(), FOOL));
        let mut to_winner = trick.cards();
        if let Some(fp) = trick.player_of(FOOL) {
            // The fool is not lost, except in the last trick under `lost_in_last` (DK-PLAY-10,
            // DK-PLAY-12).
            if !(last && self.o.fool_endplay == FoolEndplay::LostInLast) && fp != w {
                to_winner.remove(FOOL);
                self.core.won[fp].insert(FOOL);
                if self.o.fool_exchange_card {
                    self.owed = Some((fp, w));
                }
            }
        }
        let played = self.core.close_trick(w, to_winner);
        self.pay_owed();
        if !last {
            for (p, c) in trick.plays() {
                if p == w {
                    continue;
                }
                if c.is_king() {
                    self.kings_lost[p] += 1;
                    self.pots[Pot::King.index()] += TRICK_PAYMENT;
                } else if c == Card::PAGAT {
                    self.pagat_lost[p] += 1;
                    self.pots[Pot::Pagat.index()] += TRICK_PAYMENT;
                }
            }
            if best == Card::PAGAT && self.o.pay_pagat_trick_win {
                self.pagat_tricks[w] += 1;
            }
        }
        if let Some(slot) = self.named_in.get_mut(idx) {
            *slot = encode(self.named);
        }
        self.tricks_won[w] += 1;
        self.named = None;
        if played >= TRICKS {
            self.phase = Phase::Over(End::Played);
        }
    }

    /// Gives the card of no value the fool's player owes, once his pile has one (DK-PLAY-10
    /// with `fool_exchange_card`).
    fn pay_owed(&mut self) {
        if let Some((from, to)) = self.owed {
            let spare = self.core.won[from]
                .into_iter()
                .find(|&c| danish_value(c) == 0);
            if let Some(c) = spare {
                self.core.won[from].remove(c);
                self.core.won[to].insert(c);
                self.owed = None;
            }
        }
    }

    // ----- settlement --------------------------------------------------------------------------

    /// The settlement of the hand (meaningful once it is over): payments between the players
    /// and into and out of the pots.
    #[must_use]
    pub fn settle(&self) -> Ledger {
        score::settle(&Facts {
            options: &self.o,
            table: self.core.table,
            played: self.phase == Phase::Over(End::Played),
            declared_on: self.declared_on,
            kings_lost: self.kings_lost,
            pagat_lost: self.pagat_lost,
            pagat_tricks: self.pagat_tricks,
            tricks_won: self.tricks_won,
            won: self.core.won,
            skat: self.skat,
            tout: self.tout,
            last: (self.core.tricks[TRICKS - 1], self.named_in(TRICKS - 1)),
            pots_in_play: self.pots,
        })
    }

    // ----- dispatch ----------------------------------------------------------------------------

    fn check_phase(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match self.phase {
            Phase::Opening | Phase::Discard if a == Action::Call(FOOL) => {
                self.call_refusal(s).map_or(Ok(()), Err)
            }
            Phase::Opening => self.check_opening(s, a),
            Phase::Discard => self.check_discard(a),
            Phase::Play => self.check_play(s, a),
            Phase::Over(_) => Err(Violation {
                kind: ViolationKind::GameOver,
                rule: "DK-PLAY-07",
                message: "the hand is over",
            }),
        }
    }
}

impl Danish {
    /// Whether a card of no value can still be given for the fool (DK-PLAY-10 with
    /// `fool_exchange_card`): one is owed, or the fool is still to be played.
    fn exchange_pending(&self) -> bool {
        if !self.o.fool_exchange_card {
            return false;
        }
        let in_hands = self.core.hands.0.iter().any(|h| h.contains(FOOL));
        self.owed.is_some() || in_hands || self.core.trick.cards().contains(FOOL)
    }
}

impl crate::solve::Solvable for Danish {
    /// DK-SCORE-26: the counters plus one point per three cards.
    const COUNT: crate::count::CountMethod = crate::count::CountMethod::Danish;

    /// The fool, the excuse (DK-PLAY-08..13).
    fn named_cards(&self) -> CardSet {
        FOOL.set()
    }

    /// The ultimo cards, the pagat and the kings (DK-SCORE-12, 18, 19, 21), and the other
    /// honours.
    fn scored_cards(&self) -> CardSet {
        CardSet::HONOURS | CardSet::KINGS
    }

    /// What the fool's lead named in the current trick (DK-PLAY-11); while the fool is still to
    /// be played, whether it was called for (DK-PLAY-15: its holder must play it, and nobody may
    /// call again); and, while a card of no value can still be given for the fool (DK-PLAY-10,
    /// `fool_exchange_card`), who owes whom and which piles hold such a card to give.
    fn play_state(&self) -> u32 {
        let mut k = u32::from(encode(self.named));
        if self.fool_called && self.fool_unplayed() {
            k |= 1 << 20;
        }
        if self.exchange_pending() {
            if let Some((from, to)) = self.owed {
                k |= (1 | u32::from(from.get()) << 1 | u32::from(to.get()) << 4) << 3;
            }
            for (i, pile) in self.core.won.0.iter().enumerate() {
                if pile.into_iter().any(|c| danish_value(c) == 0) {
                    k |= 1 << (10 + i);
                }
            }
        }
        k
    }

    /// The one card of no value given for the fool: one third.
    fn pile_slack(&self) -> i64 {
        i64::from(self.exchange_pending())
    }
}

impl Game for Danish {
    fn to_act(&self) -> Option<Seat> {
        (!matches!(self.phase, Phase::Over(_))).then_some(self.core.to_act)
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        let s = self.core.to_act;
        match self.phase {
            Phase::Opening => {
                out.push(Action::Pass);
                if !self.core.hands[s].intersects(TRUMPS) {
                    out.push(Action::ThrowIn);
                }
            }
            Phase::Discard => {
                if !self.tout {
                    out.push(Action::Announce(Bonus::Volat));
                }
                out.extend(self.discardable().into_iter().map(Action::Discard));
            }
            Phase::Play => {
                let cards = self.legal_cards(s);
                if self.names_suit() && cards.contains(FOOL) {
                    out.extend((cards - FOOL.set()).into_iter().map(Action::Play));
                    out.extend(FOOL_LEADS);
                } else {
                    out.extend(cards.into_iter().map(Action::Play));
                    out.extend(self.call_listing(s).iter().copied());
                }
            }
            Phase::Over(_) => {}
        }
    }

    fn pick_legal(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        // The same order as `legal_actions_into`, without writing the list out.
        let s = self.core.to_act;
        match self.phase {
            Phase::Opening => {
                let throw_in: &[Action] = if self.core.hands[s].intersects(TRUMPS) {
                    &[]
                } else {
                    &[Action::ThrowIn]
                };
                pick_in_listing(
                    Some(Action::Pass),
                    CardSet::EMPTY,
                    Action::Play,
                    throw_in,
                    pick,
                )
            }
            Phase::Discard => pick_in_listing(
                (!self.tout).then_some(Action::Announce(Bonus::Volat)),
                self.discardable(),
                Action::Discard,
                &[],
                pick,
            ),
            Phase::Play => {
                let cards = self.legal_cards(s);
                if cards.contains(FOOL) && self.names_suit() {
                    pick_in_listing(None, cards - FOOL.set(), Action::Play, &FOOL_LEADS, pick)
                } else {
                    pick_in_listing(None, cards, Action::Play, self.call_listing(s), pick)
                }
            }
            Phase::Over(_) => None,
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
            Phase::Discard => self.apply_discard(a),
            Phase::Play => self.apply_play(s, a),
            Phase::Over(_) => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        rules::outcome(self)
    }
}

impl Rules for Danish {
    const LANGUAGE: crate::glossary::Language = crate::glossary::Language::Danish;

    const RULEBOOK: &'static [(&'static str, &'static str)] =
        &[("danish.md", include_str!("../../../docs/rules/danish.md"))];

    fn rule_prefixes(_variant: Variant) -> &'static [&'static str] {
        &["DK"]
    }

    /// No auction.
    const CONTRACTS: &'static [crate::action::Contract] = &[];

    /// No kontras.
    const KONTRA_LEVELS: &'static [u8] = &[];

    /// Tout.
    fn bonuses(_variant: Variant) -> &'static [crate::action::Bonus] {
        &[crate::action::Bonus::Volat]
    }

    /// Kings, the pagat and the mond are never discarded.
    const NEVER_DISCARDED: CardSet = CardSet::KINGS
        .union(Card::PAGAT.set())
        .union(Card::XXI.set());

    type Options = DanishOptions;

    const SEATS: &'static [u8] = &[3, 4];

    const TRICK_RULES: TrickRules = RULES;

    const WORDS: Words = crate::danish::words::WORDS;

    const IDS: ActionIds = ids::IDS;

    const HEURISTIC: fn(&SeatKnowledge<'_, Self>, &[Action]) -> Action = bot::choose;

    /// The table: three seats, or four with the player opposite the dealer sitting out
    /// (DK-DEAL-01).
    fn table(seats: u8, dealer: Seat) -> Result<Table, TableError> {
        let mut t = Table::try_new(seats, dealer, Self::SEATS)?;
        if seats == 4 {
            t.sitting_out = Some(dealer.plus(2, 4));
        }
        Ok(t)
    }

    fn shape(_o: &DanishOptions) -> DealShape {
        Danish::SHAPE
    }

    /// Deals a shuffled order: five cards at a time to each active player from the dealer's
    /// right until each has 25, and the last three to the dealer (DK-DEAL-09).
    fn deal_from_order(_o: &DanishOptions, table: &Table, order: &[Card]) -> Deal {
        Deal::from_order_talon_last(order, table, SKAT as usize, &[5; 5])
    }

    /// The pots the hand starts with (DK-MATCH-05): each from 0 (empty) to [`MAX_POT`].
    fn carry_in(
        o: &mut DanishOptions,
        carried: &Carried,
        _table: &Table,
    ) -> Result<(), &'static str> {
        if carried.obliged_bidder.is_some() {
            return Err("a Danish hand has no obliged bidder");
        }
        if carried.radli != [0; crate::seat::MAX_SEATS] {
            return Err("a Danish hand carries no radli");
        }
        if carried.pots.iter().any(|p| !(0..=MAX_POT).contains(p)) {
            return Err("a pot holds from 0 to 10^15");
        }
        [o.pagat_pot, o.king_pot] = carried.pots;
        Ok(())
    }

    /// A new hand: `deal` must fit [`Danish::SHAPE`]; its talon is the three cards the dealer
    /// adds to his hand.
    fn from_setup(o: DanishOptions, table: Table, deal: Deal) -> Danish {
        let first = table.first_active();
        let mut hands = deal.hands;
        hands[table.dealer] |= deal.talon_set();
        let mut d = Danish {
            o,
            core: Core::new(table, deal, hands, first),
            phase: Phase::Opening,
            asked: 0,
            skat: CardSet::EMPTY,
            protected: CardSet::EMPTY,
            tout: false,
            declared_on: BySeat::splat(CardSet::EMPTY),
            named: None,
            named_in: [0; TRICKS],
            tricks_won: BySeat::splat(0),
            kings_lost: BySeat::splat(0),
            pagat_lost: BySeat::splat(0),
            pagat_tricks: BySeat::splat(0),
            pots: [o.pagat_pot, o.king_pot],
            owed: None,
            dealer_out_of_trumps: false,
            fool_called: false,
        };
        for (pot, fee) in d.foundation_and_fee() {
            d.pots[pot.index()] += fee;
        }
        d
    }

    fn options(&self) -> &DanishOptions {
        &self.o
    }

    fn variant(&self) -> Variant {
        Variant::DanishTarok
    }

    fn settle(&self, _round_multiplier: i64) -> Ledger {
        Danish::settle(self)
    }
}

impl Observe for Danish {
    fn core(&self) -> &Core {
        &self.core
    }

    fn stage(&self) -> Stage {
        match self.phase {
            Phase::Opening => Stage::Opening,
            Phase::Discard => Stage::Discard,
            Phase::Play => Stage::Play,
            Phase::Over(e) => Stage::Over(e),
        }
    }

    fn discards(&self, s: Seat) -> CardSet {
        if s == self.core.table.dealer {
            self.skat
        } else {
            CardSet::EMPTY
        }
    }

    fn talon_received(&self, s: Seat) -> CardSet {
        if s == self.core.table.dealer {
            self.core.deal.talon_set()
        } else {
            CardSet::EMPTY
        }
    }

    fn talon_remaining(&self) -> CardSet {
        CardSet::EMPTY
    }

    /// The cards `viewer` may see: a seat its own hand (the dealer his three extra cards and
    /// his skat); everyone the skat's cards the dealer names (DK-TALON-06), and the whole skat
    /// once the hand is played out and counted.
    fn visible(&self, viewer: Viewer) -> Visible {
        let dealer = self.core.table.dealer;
        let mut v = Visible::default();
        if viewer == Viewer::Referee {
            v.hands = self.core.hands;
            v.discards[dealer] = self.skat;
            v.talon = self.core.deal.talon_set();
            return v;
        }
        v.discards[dealer] = if self.phase == Phase::Over(End::Played) {
            self.skat
        } else {
            self.named_discards()
        };
        if let Viewer::Seat(me) = viewer {
            if self.core.table.is_active(me) {
                v.hands[me] = self.core.hands[me];
                if me == dealer {
                    v.discards[me] = self.skat;
                    v.talon = self.core.deal.talon_set();
                }
            }
        }
        v
    }

    fn trick_winner(&self, i: usize) -> Option<(Seat, Card)> {
        trick_winner(self.tricks().get(i)?, self.named_in(i))
    }

    fn auction_bounds(&self) -> (usize, Option<usize>) {
        (0, Some(0))
    }

    fn card_points_of(&self, s: Seat) -> i64 {
        match self.phase {
            Phase::Over(_) => self.count_of(s),
            // The skat lies face down until the hand is over: until then the count is of the
            // tricks alone, which everyone saw.
            _ => {
                self.core.won[s].into_iter().map(danish_value).sum::<i64>()
                    + i64::from(self.tricks_won[s])
            }
        }
    }

    fn settlement(&self, round_multiplier: i64) -> Option<Ledger> {
        rules::settlement(self, round_multiplier)
    }
}
