//! What every game has, and the mechanisms every game plays by: the table, the deal, the
//! hands, the cards won, the tricks, the current trick and the count of actions applied
//! ([`Core`]); playing a card to a trick and closing a complete one; and a round of turns
//! (`Round`) for the rounds of announcements, declarations and kontras.
//!
//! # Representation
//!
//! [`Core`] is a `Copy` value of fixed size: the hands and piles are [`CardSet`]s and the
//! completed tricks live in a fixed array of [`MAX_TRICKS`], the most tricks a hand of any
//! game has (the Danish 25). Each game holds one and adds only what is its own; the
//! [`Observe`](crate::game::Observe) defaults read it, so a game writes no accessor for what
//! they show.

use crate::action::Action;
use crate::card::{Card, CardSet};
use crate::deal::Deal;
use crate::game::Violation;
use crate::seat::{BySeat, Seat, Table};
use crate::trick::{Trick, TrickRules};

/// The most tricks a hand of any game has: the Danish 25 (DK-PLAY-07).
pub const MAX_TRICKS: usize = 25;

/// What every hand in play has: who plays, the cards as dealt and as they stand, the tricks and
/// the number of actions applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Core {
    /// Seats, dealer, who sits out.
    pub(crate) table: Table,
    /// The cards as dealt (kept whole: views, records and the settlement read it).
    pub(crate) deal: Deal,
    /// The seat to act (meaningless once the hand is over).
    pub(crate) to_act: Seat,
    /// Each seat's current hand.
    pub(crate) hands: BySeat<CardSet>,
    /// The cards each seat has won in tricks.
    pub(crate) won: BySeat<CardSet>,
    /// The trick in progress.
    pub(crate) trick: Trick,
    /// The completed tricks, `tricks[..ntricks]`.
    pub(crate) tricks: [Trick; MAX_TRICKS],
    /// Completed tricks.
    pub(crate) ntricks: u8,
    /// Actions applied: the bots mix it into their seeds, and views show it.
    pub(crate) actions: u16,
}

impl Core {
    /// A hand dealt as `deal` at `table`, holding `hands` (the deal's, or with the talon added
    /// to a hand), with `first` to act and to lead the first trick.
    pub(crate) fn new(table: Table, deal: Deal, hands: BySeat<CardSet>, first: Seat) -> Core {
        Core {
            table,
            deal,
            to_act: first,
            hands,
            won: BySeat::splat(CardSet::EMPTY),
            trick: Trick::new(first),
            tricks: [Trick::new(first); MAX_TRICKS],
            ntricks: 0,
            actions: 0,
        }
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> Table {
        self.table
    }

    /// The deal as it was dealt.
    #[must_use]
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// A seat's current hand.
    #[must_use]
    pub fn hand(&self, s: Seat) -> CardSet {
        self.hands[s]
    }

    /// The cards a seat has won in tricks.
    #[must_use]
    pub fn won(&self, s: Seat) -> CardSet {
        self.won[s]
    }

    /// The trick in progress.
    #[must_use]
    pub fn current_trick(&self) -> &Trick {
        &self.trick
    }

    /// The completed tricks.
    #[must_use]
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks[..usize::from(self.ntricks).min(MAX_TRICKS)]
    }

    /// Number of actions applied.
    #[must_use]
    pub fn actions_applied(&self) -> u16 {
        self.actions
    }

    /// Counts one more action applied.
    #[inline]
    pub(crate) fn count_action(&mut self) {
        self.actions = self.actions.wrapping_add(1);
    }

    /// Every card played so far: the completed tricks' (which went to their winners' piles)
    /// and the current trick's.
    #[inline]
    pub(crate) fn played(&self) -> CardSet {
        self.won
            .0
            .iter()
            .fold(self.trick.cards(), |all, &w| all | w)
    }

    /// The card of `s`'s card play `card` (the card an action plays, `None` for an action that
    /// plays none), checked to be in `s`'s hand. The violations name `rules`: the rule that
    /// play takes only card plays, and the rule that a card is played from one's hand.
    pub(crate) fn card_played(
        &self,
        s: Seat,
        card: Option<Card>,
        rules: (&'static str, &'static str),
    ) -> Result<Card, Violation> {
        let Some(c) = card else {
            return Err(Violation::wrong_phase(
                rules.0,
                "during play the only action is playing a card",
            ));
        };
        if !self.hands[s].contains(c) {
            return Err(Violation::illegal(
                rules.1,
                "you can only play a card from your hand",
            ));
        }
        Ok(c)
    }

    /// The card `s` discards with `a`, checked to be in `s`'s hand: `phase` is the violation
    /// of an action that is no discard, `rule` the rule that a card is discarded from one's
    /// hand.
    pub(crate) fn card_discarded(
        &self,
        s: Seat,
        a: Action,
        phase: Violation,
        rule: &'static str,
    ) -> Result<Card, Violation> {
        let Action::Discard(c) = a else {
            return Err(phase);
        };
        if !self.hands[s].contains(c) {
            return Err(Violation::illegal(
                rule,
                "you can only discard a card from your hand",
            ));
        }
        Ok(c)
    }

    /// Play begins: `leader` leads the first trick.
    #[inline]
    pub(crate) fn lead(&mut self, leader: Seat) {
        self.trick = Trick::new(leader);
        self.to_act = leader;
    }

    /// Plays `c` from `s`'s hand to the current trick. True when that completes the trick
    /// (every active player has played to it); otherwise the next active seat is to act.
    #[inline(always)]
    pub(crate) fn play_card(&mut self, s: Seat, c: Card) -> bool {
        self.hands[s].remove(c);
        self.trick.push(s, c);
        if self.trick.len() < usize::from(self.table.active_count()) {
            self.to_act = self.table.next_active(s);
            return false;
        }
        true
    }

    /// Closes the complete current trick won by `winner`: `to_winner` (its cards, unless one
    /// stays with its player, as the Danish fool does) goes to the winner's pile, the trick is
    /// stored, and the winner leads the next one. Returns the number of tricks played.
    #[inline(always)]
    pub(crate) fn close_trick(&mut self, winner: Seat, to_winner: CardSet) -> usize {
        self.won[winner] |= to_winner;
        if let Some(slot) = self.tricks.get_mut(usize::from(self.ntricks)) {
            *slot = self.trick;
        }
        self.ntricks += 1;
        self.trick = Trick::new(winner);
        self.to_act = winner;
        usize::from(self.ntricks)
    }

    /// Plays `c` from `s`'s hand under `rules`, the highest card taking a complete trick:
    /// the winner and the number of tricks played once the trick is complete.
    #[inline(always)]
    pub(crate) fn play(&mut self, s: Seat, c: Card, rules: &TrickRules) -> Option<(Seat, usize)> {
        if !self.play_card(s, c) {
            return None;
        }
        let (winner, _) = self.trick.winner(rules).unwrap_or((s, c));
        let played = self.close_trick(winner, self.trick.cards());
        Some((winner, played))
    }
}

/// The next level after `level` on the kontra ladder of the Polish and Slovenian games:
/// kontra 1, re 2, sub 3, mort 5 (the levels are the Hungarian ladder's, whose fourth step
/// these games skip); `None` after mort.
#[must_use]
pub const fn ladder_next(level: u8) -> Option<u8> {
    match level {
        0 => Some(1),
        1 => Some(2),
        2 => Some(3),
        3 => Some(5),
        _ => None,
    }
}

/// The multiplier of a level of that ladder: ×2, ×4, ×8, ×16 for kontra, re, sub and mort.
#[must_use]
pub const fn ladder_multiplier(level: u8) -> i64 {
    match level {
        0 => 1,
        1 => 2,
        2 => 4,
        3 => 8,
        _ => 16,
    }
}

/// A round of turns: announcements, declarations and kontras, each turn ended by `pass`.
///
/// A turn that does more than pass is not silent; the round ends after a number of silent
/// turns in a row, once every seat that must speak has had a turn. The rules of each game
/// differ only in those two numbers, which [`Round::end_turn`] is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Round {
    /// Silent turns in a row.
    silent: u8,
    /// The current turn has done something besides passing.
    acted: bool,
    /// The seats that have had a turn in this round (bit per seat).
    had_turn: u8,
}

impl Round {
    /// True while `s` has not finished a turn of this round: new announcements and
    /// declarations come in one's first turn.
    #[inline]
    pub(crate) fn first_turn(&self, s: Seat) -> bool {
        self.had_turn & (1 << s.get()) == 0
    }

    /// The current turn did more than pass.
    #[inline]
    pub(crate) fn act(&mut self) {
        self.acted = true;
    }

    /// Ends `s`'s turn; true when that ends the round: `silent_turns` silent turns in a row,
    /// once every seat of the mask `everyone` has had a turn.
    #[inline]
    pub(crate) fn end_turn(&mut self, s: Seat, silent_turns: u8, everyone: u8) -> bool {
        if self.acted {
            self.silent = 0;
        } else {
            self.silent += 1;
        }
        self.acted = false;
        self.had_turn |= 1 << s.get();
        self.silent >= silent_turns && self.had_turn & everyone == everyone
    }
}
