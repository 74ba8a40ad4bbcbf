//! Settlement of a Danish hand: the pots founded and the dealer's fee, the declarations, the
//! payments during play, and the end of the hand (Tout, Nolo, Ultimo, Bagud, the last trick
//! and the count).
//!
//! [`settle`] is a pure function of the facts of a hand ([`Facts`]); the state machine
//! collects them during play. Each kind of line has its function, in the seed's order.
//!
//! # Payments and pots
//!
//! Money moves between the players and into and out of the two pots: every line carries, beside
//! the seats' payments, what it puts into or takes from each pot, and seats and pots together
//! sum to zero. The end of the hand is settled with the pots as they were counted before it
//! (DK-SCORE-23).

use crate::card::{Card, CardSet, Suit};
use crate::count::danish_value;
use crate::danish::game::{melds, trick_winner, FOOL, TRICKS};
use crate::danish::options::DanishOptions;
use crate::ledger::{DanishItem, Item, Ledger, LedgerItem, Pot, Scoring};
use crate::seat::{BySeat, Seat, Table, MAX_SEATS};
use crate::trick::Trick;

/// What the dealer pays into each pot (DK-SCORE-03).
pub(crate) const DEALING_FEE: i64 = 5;
/// What a king or the pagat lost in an earlier trick pays each other player and its pot
/// (DK-SCORE-09/10), and what the pagat winning an earlier trick is paid (DK-SCORE-11).
pub(crate) const TRICK_PAYMENT: i64 = 5;
/// Nolo: no trick (DK-SCORE-15).
const NOLO: i64 = 25;
/// Pagat Ultimo and Pagat Bagud (DK-SCORE-18, DK-SCORE-20).
const PAGAT_ULTIMO: i64 = 45;
/// King Ultimo and King Bagud (DK-SCORE-19, DK-SCORE-21).
const KING_ULTIMO: i64 = 40;
/// The last trick won with another card (DK-SCORE-22).
const LAST_TRICK: i64 = 20;
/// The count each player settles against (DK-SCORE-27).
const COUNT_PAR: i64 = 26;
/// The count is settled rounded to the nearest multiple of this (DK-SCORE-28).
const COUNT_UNIT: i64 = 5;

/// The kings and the pagat: the ultimo cards (DK-SCORE-12).
const ULTIMO_CARDS: CardSet = CardSet(CardSet::KINGS.0 | 1 << Card::PAGAT.index());

/// The facts of a Danish hand that its settlement depends on.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// The rules, and the pots the hand started with.
    pub options: &'a DanishOptions,
    /// The table: three active players, a fourth sitting out.
    pub table: Table,
    /// The hand was played out (else it ended in the opening: only the pots' foundation and
    /// the dealer's fee are due).
    pub played: bool,
    /// The hands the declarations were made on.
    pub declared_on: BySeat<CardSet>,
    /// Kings each seat lost in earlier tricks.
    pub kings_lost: BySeat<u8>,
    /// Pagats each seat lost in earlier tricks.
    pub pagat_lost: BySeat<u8>,
    /// Earlier tricks each seat won with the pagat.
    pub pagat_tricks: BySeat<u8>,
    /// Tricks each seat won.
    pub tricks_won: BySeat<u8>,
    /// The cards each seat won in tricks.
    pub won: BySeat<CardSet>,
    /// The skat the dealer laid away.
    pub skat: CardSet,
    /// The dealer announced Tout.
    pub tout: bool,
    /// The last trick and what a fool's lead of it named.
    pub last: (Trick, Option<Option<Suit>>),
    /// The pots as the hand tracked them during play: the ledger's lines before the end of the
    /// hand must leave the same (a check in debug builds).
    pub pots_in_play: [i64; 2],
}

/// Seat `s`'s count: the value of its pile, the skat included for the dealer, and one point
/// per trick, the skat counting as one (DK-SCORE-26, DK-SCORE-30).
#[must_use]
pub fn count(table: &Table, s: Seat, won: CardSet, skat: CardSet, tricks_won: u8) -> i64 {
    let (pile, skat) = if s == table.dealer {
        (won | skat, 1)
    } else {
        (won, 0)
    };
    pile.into_iter().map(danish_value).sum::<i64>() + i64::from(tricks_won) + skat
}

/// The ledger being written and the pots as its lines leave them.
struct Sheet<'a> {
    f: &'a Facts<'a>,
    ledger: Ledger,
    pots: [i64; 2],
    /// The active seats from the dealer on, in which order the lines are written: found once,
    /// as the lines are written with the sheet borrowed.
    order: [Seat; MAX_SEATS],
    active: usize,
}

/// A line of a Danish payment.
fn line(
    item: DanishItem,
    seat: Option<Seat>,
    base: i64,
    multiplier: i64,
    payments: BySeat<i64>,
    pots: [i64; 2],
) -> LedgerItem {
    LedgerItem {
        item: Item::Danish(item),
        team: None,
        seat,
        base,
        multiplier,
        announced: false,
        made: true,
        payments,
        pots,
    }
}

/// `d` into `pot` and nothing into the other.
fn into_pot(pot: Pot, d: i64) -> [i64; 2] {
    let mut pots = [0; 2];
    pots[pot.index()] = d;
    pots
}

impl Sheet<'_> {
    fn push(&mut self, line: LedgerItem) {
        for (p, d) in self.pots.iter_mut().zip(line.pots) {
            *p += d;
        }
        self.ledger.push(line);
    }

    /// The active seats from the dealer on.
    fn order(&self) -> impl Iterator<Item = Seat> {
        self.order.into_iter().take(self.active)
    }

    /// `to` receives `v` from each other active player.
    fn collect(&self, to: Seat, v: i64) -> BySeat<i64> {
        self.pay_each(to, -v)
    }

    /// `from` pays `v` to each other active player.
    fn pay_each(&self, from: Seat, v: i64) -> BySeat<i64> {
        let table = &self.f.table;
        let mut p = BySeat::splat(0);
        for o in table
            .active_from(table.first_active())
            .filter(|&t| t != from)
        {
            p[o] += v;
            p[from] -= v;
        }
        p
    }

    /// The foundation of an empty pot, every seat paying (DK-MATCH-01..03), and the dealer's
    /// fee into each pot (DK-SCORE-03).
    fn foundation_and_fee(&mut self) {
        let o = self.f.options;
        let start = [o.pagat_pot, o.king_pot];
        for pot in Pot::BOTH {
            if start[pot.index()] == 0 {
                let f = o.pot_foundation;
                let d = into_pot(pot, f * i64::from(self.f.table.seats));
                let mut pay = BySeat::splat(0);
                for s in Seat::all(self.f.table.seats) {
                    pay[s] = -f;
                }
                self.push(line(DanishItem::Foundation(pot), None, f, 1, pay, d));
            }
        }
        let dealer = self.f.table.dealer;
        let mut fee = BySeat::splat(0);
        fee[dealer] = -2 * DEALING_FEE;
        let pots = [DEALING_FEE; 2];
        let fee_line = line(
            DanishItem::DealingFee,
            Some(dealer),
            DEALING_FEE,
            2,
            fee,
            pots,
        );
        self.push(fee_line);
    }

    /// The declarations, from the dealer on (DK-ANN-02, DK-SCORE-04..08).
    fn declaration_lines(&mut self) {
        for s in self.order() {
            for m in melds(self.f.declared_on[s]).iter() {
                let v = m.value();
                let pay = self.collect(s, v);
                self.push(line(DanishItem::Declaration(m), Some(s), v, 1, pay, [0; 2]));
            }
        }
    }

    /// The payments during play (DK-SCORE-09..11): kings and pagats lost in earlier tricks,
    /// and earlier tricks won with the pagat.
    fn play_lines(&mut self) {
        for s in self.order() {
            let lost = [
                (DanishItem::KingsLost, self.f.kings_lost[s], Pot::King),
                (DanishItem::PagatLost, self.f.pagat_lost[s], Pot::Pagat),
            ];
            for (item, n, pot) in lost {
                if n > 0 {
                    let v = TRICK_PAYMENT * i64::from(n);
                    let mut pay = self.pay_each(s, v);
                    pay[s] -= v;
                    let n = i64::from(n);
                    self.push(line(item, Some(s), TRICK_PAYMENT, n, pay, into_pot(pot, v)));
                }
            }
            let n = self.f.pagat_tricks[s];
            if n > 0 {
                let v = TRICK_PAYMENT * i64::from(n);
                let pay = self.collect(s, v);
                let n = i64::from(n);
                let item = DanishItem::PagatTrick;
                self.push(line(item, Some(s), TRICK_PAYMENT, n, pay, [0; 2]));
            }
        }
    }

    /// Tout (DK-SCORE-13/14): `s` took every trick and both pots.
    fn tout_line(&mut self, s: Seat, counted: [i64; 2]) {
        let t = self.f.options.tout_payment;
        let mut pay = self.collect(s, t);
        pay[s] += counted[0] + counted[1];
        let pots = [-counted[0], -counted[1]];
        let mut l = line(DanishItem::Tout, Some(s), t, 1, pay, pots);
        l.announced = self.f.tout;
        self.push(l);
    }

    /// The announced Tout failed (DK-SCORE-25): the dealer doubles both pots and pays each
    /// opponent.
    fn tout_failed_line(&mut self, counted: [i64; 2]) {
        let dealer = self.f.table.dealer;
        let t = self.f.options.tout_payment;
        let mut pay = self.pay_each(dealer, t);
        pay[dealer] -= counted[0] + counted[1];
        let mut l = line(DanishItem::ToutFailed, Some(dealer), t, 1, pay, counted);
        l.announced = true;
        l.made = false;
        self.push(l);
    }

    /// Nolo (DK-SCORE-15): `s` alone took no trick.
    fn nolo_line(&mut self, s: Seat) {
        let pay = self.collect(s, NOLO);
        self.push(line(DanishItem::Nolo, Some(s), NOLO, 1, pay, [0; 2]));
    }

    /// Ultimo (DK-SCORE-18/19): the last trick won with the pagat or a king takes the counted
    /// pot.
    fn ultimo_line(&mut self, w: Seat, best: Card, counted: [i64; 2]) {
        let ultimo = if best == Card::PAGAT {
            Some((DanishItem::PagatUltimo, PAGAT_ULTIMO, Pot::Pagat))
        } else if best.is_king() {
            Some((DanishItem::KingUltimo, KING_ULTIMO, Pot::King))
        } else {
            None
        };
        if let Some((item, v, pot)) = ultimo {
            let mut pay = self.collect(w, v);
            let c = counted[pot.index()];
            pay[w] += c;
            self.push(line(item, Some(w), v, 1, pay, into_pot(pot, -c)));
        }
    }

    /// Bagud (DK-SCORE-20/21): the pagat or a king played to the last trick and lost pays,
    /// into the pot as counted, whatever else happened. True if any was.
    fn bagud_lines(&mut self, w: Seat, counted: [i64; 2]) -> bool {
        let mut bagud = false;
        for (p, c) in self.f.last.0.plays() {
            if p == w || !ULTIMO_CARDS.contains(c) {
                continue;
            }
            bagud = true;
            let (item, v, pot) = if c == Card::PAGAT {
                (DanishItem::PagatBagud, PAGAT_ULTIMO, Pot::Pagat)
            } else {
                (DanishItem::KingBagud, KING_ULTIMO, Pot::King)
            };
            let mut pay = self.pay_each(p, v);
            let c = counted[pot.index()];
            pay[p] -= c;
            let mut l = line(item, Some(p), v, 1, pay, into_pot(pot, c));
            l.made = false;
            self.push(l);
        }
        bagud
    }

    /// The last trick won with another card (DK-SCORE-22).
    fn last_trick_line(&mut self, w: Seat) {
        let pay = self.collect(w, LAST_TRICK);
        self.push(line(
            DanishItem::LastTrick,
            Some(w),
            LAST_TRICK,
            1,
            pay,
            [0; 2],
        ));
    }

    /// The count against 26, rounded to the nearest 5 and settled with the new dealer (the
    /// dealer's right), who does not count (DK-SCORE-27..29).
    fn count_lines(&mut self) {
        let table = self.f.table;
        let new_dealer = table.dealer.next(table.seats);
        for s in self.order() {
            if s == new_dealer || !table.is_active(new_dealer) {
                continue;
            }
            let points = count(&table, s, self.f.won[s], self.f.skat, self.f.tricks_won[s]);
            let pay = (points - COUNT_PAR + 2).div_euclid(COUNT_UNIT) * COUNT_UNIT;
            if pay != 0 {
                let mut p = BySeat::splat(0);
                p[s] = pay;
                p[new_dealer] = -pay;
                let item = DanishItem::Count(u8::try_from(points).unwrap_or(u8::MAX));
                let mut l = line(item, Some(s), pay.abs(), 1, p, [0; 2]);
                l.made = pay > 0;
                self.push(l);
            }
        }
    }

    /// The end of the hand, in the seed's order, with the pots as they were counted
    /// (DK-SCORE-23): Tout or the failed Tout, Nolo, Ultimo (not after a Tout, a Nolo or a
    /// failed Tout), Bagud (always), the last trick (not after a Tout, a Nolo or a Bagud), and
    /// the count (none after a Nolo).
    fn end_lines(&mut self) {
        debug_assert_eq!(self.pots, self.f.pots_in_play);
        let counted = self.pots;
        let dealer = self.f.table.dealer;
        let tricks_won = self.f.tricks_won;
        let tout_by = self.order().find(|&s| usize::from(tricks_won[s]) == TRICKS);
        let blanks: Vec<Seat> = self.order().filter(|&s| tricks_won[s] == 0).collect();
        let nolo = match (tout_by, blanks.as_slice()) {
            (None, [n]) => Some(*n),
            _ => None,
        };
        let tout_failed = self.f.tout && tout_by != Some(dealer);
        if let Some(s) = tout_by {
            self.tout_line(s, counted);
        }
        if tout_failed {
            self.tout_failed_line(counted);
        }
        if let Some(n) = nolo {
            self.nolo_line(n);
        }
        let (last, named) = self.f.last;
        let (w, best) = trick_winner(&last, named).unwrap_or((last.leader(), FOOL));
        if tout_by.is_none() && nolo.is_none() && !tout_failed {
            self.ultimo_line(w, best, counted);
        }
        let bagud = self.bagud_lines(w, counted);
        if tout_by.is_none() && nolo.is_none() && !bagud && !ULTIMO_CARDS.contains(best) {
            self.last_trick_line(w);
        }
        if nolo.is_none() {
            self.count_lines();
        }
    }
}

/// Settles a hand: the pots' foundation and the dealer's fee, and for a hand played out the
/// declarations, the payments during play and the end of the hand. `pots` holds the pots the
/// hand leaves.
#[must_use]
pub fn settle(f: &Facts<'_>) -> Ledger {
    let mut order = [f.table.dealer; MAX_SEATS];
    let mut active = 0;
    for (slot, s) in order.iter_mut().zip(f.table.active_from(f.table.dealer)) {
        *slot = s;
        active += 1;
    }
    let mut sheet = Sheet {
        f,
        ledger: Ledger {
            scoring: Scoring::Payments,
            ..Ledger::default()
        },
        pots: [f.options.pagat_pot, f.options.king_pot],
        order,
        active,
    };
    sheet.foundation_and_fee();
    if f.played {
        sheet.declaration_lines();
        sheet.play_lines();
        sheet.end_lines();
    }
    sheet.ledger.pots = Some(sheet.pots);
    sheet.ledger
}
