//! [`Ctx`]: what stays fixed while one root is solved, and what the search reads through it:
//! card values, equivalent runs and their renaming in the table's keys, and the bounds the top
//! trumps settle.

use super::{code, Key, Solvable, MAX_RUNS, NO_MOVE};
use crate::action::Action;
use crate::card::{Card, CardSet};
use crate::count::count_thirds;
use crate::seat::{Seat, MAX_SEATS};
use crate::shared::Core;

/// What stays fixed while one root is solved.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ctx {
    /// The side, a mask of seats.
    pub(super) side: u8,
    /// Each seat's rank among the active seats (0 for a seat sitting out).
    pub(super) rank: [u8; MAX_SEATS],
    /// The active seats, as a mask.
    pub(super) active: u8,
    /// Cards grouped by their value in thirds: (value, cards).
    pub(super) classes: [(i32, u128); 8],
    pub(super) nclasses: usize,
    /// Each card's value in thirds.
    pub(super) thirds: [i32; 78],
    /// Cards never merged as equivalent.
    pub(super) named: CardSet,
    /// The trumps of the game's trick rules.
    pub(super) trumps: CardSet,
    /// Runs of two or more cards that follow one suit (or are trumps), adjacent in strength,
    /// of one value and named by no rule: (cards, lowest index). The cards of a run held in a
    /// position can be renamed to the run's lowest cards, in their order, without changing
    /// anything the rest of the play reads: the table keys positions so renamed.
    pub(super) runs: [(u128, u8); MAX_RUNS],
    pub(super) nruns: usize,
    /// Each card's run (`u8::MAX`: none).
    pub(super) run_of: [u8; 78],
    /// `Solvable::pile_slack` at the root.
    pub(super) slack: i32,
    /// Merge equivalent cards.
    pub(super) prune: bool,
    /// `Solvable::trumps_settle_tricks` at the root.
    pub(super) settle: bool,
}

impl Ctx {
    pub(super) fn new<G: Solvable>(g: &G, side: u8, prune: bool, named: CardSet) -> Ctx {
        let table = g.core().table;
        let mut rank = [0u8; MAX_SEATS];
        let mut active = 0u8;
        let mut r = 0u8;
        for s in Seat::all(table.seats) {
            if table.is_active(s) {
                rank[s.index()] = r;
                active |= 1 << s.get();
                r += 1;
            }
        }
        let mut thirds = [0i32; 78];
        let mut classes = [(0i32, 0u128); 8];
        let mut nclasses = 0;
        for c in CardSet::ALL {
            let v = i32::try_from(count_thirds(G::COUNT, c.set())).unwrap_or(0);
            thirds[usize::from(c.index())] = v;
            match classes[..nclasses].iter_mut().find(|(w, _)| *w == v) {
                Some((_, m)) => *m |= c.set().0,
                None => {
                    if nclasses < classes.len() {
                        classes[nclasses] = (v, c.set().0);
                        nclasses += 1;
                    }
                }
            }
        }
        let trumps = G::TRICK_RULES.trumps;
        let mut ctx = Ctx {
            side,
            rank,
            active,
            classes,
            nclasses,
            thirds,
            named,
            trumps,
            runs: [(0, 0); MAX_RUNS],
            nruns: 0,
            run_of: [u8::MAX; 78],
            slack: i32::try_from(g.pile_slack()).unwrap_or(i32::MAX / 4),
            prune,
            settle: g.trumps_settle_tricks(),
        };
        ctx.classes[..nclasses].sort_unstable_by_key(|&(v, _)| v);
        ctx.find_runs();
        ctx
    }

    /// Fills [`Ctx::runs`]: within each suit and the trumps (when they lie in one block of the
    /// layout, as in every game), the maximal runs of cards of one value none of which is named.
    pub(super) fn find_runs(&mut self) {
        let t = self.trumps.0;
        let mut groups = [t; 5];
        for (i, g) in groups.iter_mut().take(4).enumerate() {
            *g = (((1u128 << 14) - 1) << (14 * i)) & !t;
        }
        for g in groups {
            if g == 0 || (g >> g.trailing_zeros()).trailing_ones() != g.count_ones() {
                // Only blocks of adjacent bits: a suit's, the trumps'.
                continue;
            }
            let (lo, hi) = (g.trailing_zeros(), 128 - g.leading_zeros());
            let mut start = lo;
            while start < hi {
                let v = self.thirds[start as usize];
                let mut end = start + 1;
                let named = |i: u32| self.named.0 >> i & 1 != 0;
                if !named(start) {
                    while end < hi && !named(end) && self.thirds[end as usize] == v {
                        end += 1;
                    }
                }
                if end - start >= 2 && self.nruns < MAX_RUNS {
                    let m = ((1u128 << (end - start)) - 1) << start;
                    for i in start..end {
                        self.run_of[i as usize] = self.nruns as u8;
                    }
                    self.runs[self.nruns] = (m, start as u8);
                    self.nruns += 1;
                }
                start = end;
            }
        }
    }

    /// The card that stands for `c` (a card of the position in play `in_play`) in the table's
    /// renamed positions.
    pub(super) fn renamed(&self, c: Card, in_play: u128) -> u8 {
        let i = usize::from(c.index());
        let Some(&(m, lo)) = self.runs.get(usize::from(self.run_of[i])) else {
            return c.index();
        };
        lo + (in_play & m & ((1u128 << i) - 1)).count_ones() as u8
    }

    /// The card of the position in play `in_play` that the renamed card `code` stands for.
    pub(super) fn real(&self, code: u8, in_play: u128) -> u8 {
        let Some(&ri) = self.run_of.get(usize::from(code)) else {
            return code;
        };
        let Some(&(m, lo)) = self.runs.get(usize::from(ri)) else {
            return code;
        };
        let mut rest = in_play & m;
        for _ in lo..code {
            rest &= rest.wrapping_sub(1);
        }
        if rest == 0 {
            NO_MOVE
        } else {
            rest.trailing_zeros() as u8
        }
    }

    /// [`code`] of a move, its card renamed as the table keys it.
    pub(super) fn code(&self, a: Action, in_play: CardSet) -> u8 {
        match a {
            Action::Play(c) => self.renamed(c, in_play.0),
            _ => code(a),
        }
    }

    /// The value in thirds of `cards`, card by card: for a trick's few cards.
    #[inline]
    pub(super) fn value_of_few(&self, cards: CardSet) -> i32 {
        let mut rest = cards.0;
        let mut v = 0;
        while rest != 0 {
            v += self
                .thirds
                .get(rest.trailing_zeros() as usize)
                .copied()
                .unwrap_or(0);
            rest &= rest - 1;
        }
        v
    }

    /// The value in thirds of `cards`.
    #[inline]
    pub(super) fn value(&self, cards: CardSet) -> i32 {
        let mut v = 0;
        for &(w, m) in &self.classes[..self.nclasses] {
            v += w * (cards.0 & m).count_ones() as i32;
        }
        v
    }

    /// The union of the side's piles.
    #[inline]
    pub(super) fn side_piles(&self, core: &Core) -> CardSet {
        let mut p = CardSet::EMPTY;
        for (i, &w) in core.won.0.iter().enumerate() {
            if self.side & (1 << i) != 0 {
                p |= w;
            }
        }
        p
    }

    /// The cards still in play: the active hands and the current trick.
    #[inline]
    pub(super) fn in_play(&self, core: &Core) -> CardSet {
        let mut p = core.trick.cards();
        for (i, &h) in core.hands.0.iter().enumerate() {
            if self.active & (1 << i) != 0 {
                p |= h;
            }
        }
        p
    }

    /// Card points the top trumps settle, at the start of a trick (only where
    /// [`Ctx::settle`]): `(gain, loss)`, the least the side surely wins and the least it surely
    /// loses from the rest of the play. The trumps above every trump of the other team (the
    /// *top run*) each win the trick they are played to for the team holding them; a seat
    /// holding `m` of them plays them to `m` different tricks, so the team wins at least the
    /// largest such `m` tricks, holding the whole run and, from each seat of the other team, a
    /// card per trick: at least its `m` cheapest.
    pub(super) fn settled(&self, core: &Core, in_play: u128) -> (i32, i32) {
        let trumps = in_play & self.trumps.0;
        if trumps == 0 {
            return (0, 0);
        }
        let (mut mine, mut theirs) = (0u128, 0u128);
        for (i, h) in core.hands.0.iter().enumerate() {
            if self.side & (1 << i) != 0 {
                mine |= h.0;
            } else if self.active & (1 << i) != 0 {
                theirs |= h.0;
            }
        }
        let top = 1u128 << (127 - trumps.leading_zeros());
        let (team, other) = if mine & top != 0 {
            (self.side, theirs & trumps)
        } else {
            (self.active & !self.side, mine & trumps)
        };
        // The trumps above the other team's highest.
        let run = if other == 0 {
            trumps
        } else {
            trumps & !((1u128 << (127 - other.leading_zeros())) * 2 - 1)
        };
        let mut m = 0;
        for (i, h) in core.hands.0.iter().enumerate() {
            if team & (1 << i) != 0 {
                m = m.max((h.0 & run).count_ones());
            }
        }
        let mut v = self.value_of_few(CardSet(run));
        for (i, h) in core.hands.0.iter().enumerate() {
            if (self.active & !team) & (1 << i) == 0 {
                continue;
            }
            let mut left = m;
            for &(w, cls) in &self.classes[..self.nclasses] {
                if left == 0 {
                    break;
                }
                let k = (h.0 & cls).count_ones().min(left);
                v += w * k as i32;
                left -= k;
            }
        }
        if team == self.side {
            (v, 0)
        } else {
            (0, v)
        }
    }

    /// The key of `g` at the start of a trick, its cards renamed (see [`Ctx::runs`]).
    pub(super) fn key<G: Solvable>(&self, g: &G) -> Key {
        let core = g.core();
        let mut hands = [0u128; MAX_SEATS];
        let mut n = 0;
        for (i, &h) in core.hands.0.iter().enumerate() {
            if self.active & (1 << i) != 0 {
                hands[usize::from(self.rank[i])] = h.0;
                n += 1;
            }
        }
        let (mut cards, mut plane0, mut plane1) = (0u128, 0u128, 0u128);
        for (r, &h) in hands[..n].iter().enumerate() {
            cards |= h;
            if r & 1 != 0 {
                plane0 |= h;
            }
            if r & 2 != 0 {
                plane1 |= h;
            }
        }
        // Rename within each run: its cards held move down to its lowest cards, in their
        // order; the same for every hand, so done on the three words.
        for &(m, lo) in &self.runs[..self.nruns] {
            // A run spans at most one suit or the trumps (22 cards): shifted down to bit 0, its
            // bits are moved within one word.
            let held = ((cards & m) >> lo) as u64;
            let low = (1u64 << held.count_ones()) - 1;
            if held == low {
                continue;
            }
            let (q0, q1) = ((plane0 >> lo) as u64, (plane1 >> lo) as u64);
            let (mut p0, mut p1) = (0u64, 0u64);
            let (mut rest, mut at) = (held, 0);
            while rest != 0 {
                let i = rest.trailing_zeros();
                p0 |= (q0 >> i & 1) << at;
                p1 |= (q1 >> i & 1) << at;
                rest &= rest - 1;
                at += 1;
            }
            cards = (cards & !m) | u128::from(low) << lo;
            plane0 = (plane0 & !m) | u128::from(p0) << lo;
            plane1 = (plane1 & !m) | u128::from(p1) << lo;
        }
        let mut k = Key {
            hash: 0,
            cards,
            plane0,
            plane1,
            state: g.play_state(),
            leader: core.to_act.get(),
            ntricks: core.ntricks,
        };
        k.hash = k.hash_of();
        k
    }

    /// The cards of `c`'s suit for following (the trumps, or its suit), empty for a card that
    /// follows none (the excuse).
    #[inline]
    pub(super) fn group(&self, c: Card) -> u128 {
        if self.trumps.contains(c) {
            self.trumps.0
        } else if c.index() < 56 {
            ((1u128 << 14) - 1) << (14 * u32::from(c.index() / 14))
        } else {
            0
        }
    }
}
