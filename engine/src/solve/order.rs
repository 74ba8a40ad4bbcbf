//! Move ordering: the moves of a position listed best first, equivalent cards merged. Ordering
//! changes only the work the search does, never the value.

use super::{code, Ctx, Solvable, Solver, MAX_MOVES, NO_MOVE};
use crate::action::Action;
use crate::card::{Card, CardSet};
use crate::rules::Rules;
use crate::seat::{Seat, MAX_SEATS};
use crate::shared::Core;

impl Solver {
    /// Lists the moves of `g` into `moves` (the first equivalent card of each run only, when
    /// pruning), best first: the table's move, then by [`score`]. Returns how many.
    pub(super) fn order<G: Solvable>(
        &self,
        ctx: &Ctx,
        g: &G,
        in_play: CardSet,
        hint: u8,
        moves: &mut [(Action, i32); MAX_MOVES],
    ) -> usize {
        let core = g.core();
        let mut n = 0;
        // The last card kept, to merge the next one with.
        let mut last: Option<Card> = None;
        for &a in self.list.iter() {
            if ctx.prune {
                if let (Action::Play(c), Some(p)) = (a, last) {
                    if equivalent(ctx, in_play, p, c) {
                        // Keep the run's strongest card: the same value either way.
                        if let Some(slot) =
                            moves[..n].iter_mut().rev().find(|m| m.0 == Action::Play(p))
                        {
                            slot.0 = Action::Play(c);
                        }
                        last = Some(c);
                        continue;
                    }
                }
            }
            last = match a {
                Action::Play(c) => Some(c),
                _ => None,
            };
            if n < MAX_MOVES {
                moves[n] = (a, 0);
                n += 1;
            }
        }
        if n < 2 {
            // A forced move: nothing to order.
            return n;
        }
        let lead = Lead::new::<G>(ctx, core);
        for m in &mut moves[..n] {
            m.1 = if code(m.0) == hint && hint != NO_MOVE {
                i32::MAX
            } else {
                score(ctx, core, &lead, m.0)
            };
        }
        // Insertion sort, best first: short lists.
        for i in 1..n {
            let x = moves[i];
            let mut j = i;
            while j > 0 && moves[j - 1].1 < x.1 {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = x;
        }
        n
    }
}

/// True when `p` and `c` (`p` listed just before `c`, so weaker or in another suit) are
/// equivalent: the same suit for following, no card still in play between them, the same
/// value, and neither named by a rule of play.
#[inline]
fn equivalent(ctx: &Ctx, in_play: CardSet, p: Card, c: Card) -> bool {
    let (i, j) = (u32::from(p.index()), u32::from(c.index()));
    if i >= j || ctx.named.contains(p) || ctx.named.contains(c) {
        return false;
    }
    let group = ctx.group(p);
    if group == 0 || group & c.set().0 == 0 {
        return false;
    }
    if ctx.thirds[i as usize] != ctx.thirds[j as usize] {
        return false;
    }
    // The bits strictly between them.
    let between = ((1u128 << j) - 1) & !((1u128 << (i + 1)) - 1);
    between & in_play.0 == 0
}

/// The ordering heuristic of a move of the seat to act (larger first). In a trick: when a
/// partner's card already wins it so that no seat of the other side still to play can beat it,
/// or a partner still to play can take it so, the card of most points; then a card that wins it
/// so (the weakest such); else the card of fewest points. Leading: a card no seat of the other
/// side can beat, else the weakest card.
fn score(ctx: &Ctx, core: &Core, lead: &Lead, a: Action) -> i32 {
    let Action::Play(c) = a else {
        // The Danish fool led naming a suit, or called for: rarely best.
        return -10_000;
    };
    let v = ctx.thirds[usize::from(c.index())];
    let strength = i32::from(c.index());
    let Some((w, wc)) = lead.winning else {
        if core.trick.is_empty() {
            let trump = ctx.trumps.contains(c);
            return if !lead.later_beat(ctx, c) {
                1000 + 8 * v - if trump { 200 } else { 0 }
            } else if lead.leads_to_friend(ctx, c) {
                500 - 8 * v - strength
            } else {
                -8 * v - strength
            };
        }
        // Only the excuse so far: this card takes the lead.
        return if lead.mine {
            2000 + 4 * v - strength
        } else {
            -8 * v
        };
    };
    // Whether `c` beats the winning card: a higher trump, or a higher card of its suit.
    let t = ctx.trumps;
    let beats = if t.contains(c) {
        !t.contains(wc) || c.index() > wc.index()
    } else {
        !t.contains(wc) && ctx.group(c) & wc.set().0 != 0 && c.index() > wc.index()
    };
    let partner_wins =
        ctx.side & (1 << w.get()) != 0 && lead.mine || ctx.side & (1 << w.get()) == 0 && !lead.mine;
    if beats {
        if lead.later_beat(ctx, c) {
            // Taken back later in the trick: a card given away.
            -8 * v - strength
        } else {
            3000 - strength
        }
    } else if partner_wins && !lead.later_beat(ctx, wc) {
        3000 + 8 * v
    } else if lead.friend_takes(ctx, wc) {
        3500 + 8 * v
    } else {
        -8 * v - strength
    }
}

/// What the ordering reads of the trick once per position.
#[derive(Clone, Copy, Debug)]
struct Lead {
    /// The winning seat and card so far (approximate for a suit the Danish fool named).
    winning: Option<(Seat, Card)>,
    /// The seat to act is on the side.
    mine: bool,
    /// The cards of the group led (the trumps, or the suit), empty before a card sets it.
    led: u128,
    /// The hands of the other side's seats still to play to this trick after the seat to act.
    later: [u128; MAX_SEATS],
    nlater: usize,
    /// The hands of the side's own seats still to play to this trick after the seat to act.
    friends: u128,
}

impl Lead {
    fn new<R: Rules>(ctx: &Ctx, core: &Core) -> Lead {
        let me = core.to_act;
        let mine = ctx.side & (1 << me.get()) != 0;
        let led = core.trick.led(&R::TRICK_RULES).map_or(0, |c| ctx.group(c));
        let mut later = [0u128; MAX_SEATS];
        let mut nlater = 0;
        let mut friends = 0;
        let active = usize::from(core.table.active_count());
        let mut s = me;
        for _ in core.trick.len() + 1..active {
            s = core.table.next_active(s);
            let on_side = ctx.side & (1 << s.get()) != 0;
            if on_side != mine && nlater < MAX_SEATS {
                later[nlater] = core.hands[s].0;
                nlater += 1;
            } else if on_side == mine {
                friends |= core.hands[s].0;
            }
        }
        Lead {
            winning: core.trick.winner(&R::TRICK_RULES),
            mine,
            led,
            later,
            nlater,
            friends,
        }
    }

    /// Whether leading `c` lets a seat of the side after the seat to act win the trick, with a
    /// card of the suit led or, void in it, a trump, that no seat of the other side may beat.
    fn leads_to_friend(&self, ctx: &Ctx, c: Card) -> bool {
        let group = ctx.group(c);
        CardSet(self.friends & group)
            .highest()
            .is_some_and(|t| t.index() > c.index() && !self.later_beat(ctx, t))
            || self.ruffs(ctx, group, None)
    }

    /// Whether a seat of the side after the seat to act can take the trick from `wc` so that
    /// no seat of the other side may beat it: with a higher card of the suit led, or, void in
    /// it, with a higher trump.
    fn friend_takes(&self, ctx: &Ctx, wc: Card) -> bool {
        if self.led & wc.set().0 != 0
            && CardSet(self.friends & self.led)
                .highest()
                .is_some_and(|t| t.index() > wc.index() && !self.later_beat(ctx, t))
        {
            return true;
        }
        self.ruffs(ctx, self.led, Some(wc))
    }

    /// Whether the side's seats after the seat to act, all void in `group` (a suit led), hold a
    /// trump above `wc` (when it is a trump) that no seat of the other side, void too, can beat.
    fn ruffs(&self, ctx: &Ctx, group: u128, wc: Option<Card>) -> bool {
        let t = ctx.trumps.0;
        if group == t || group == 0 || self.friends & group != 0 {
            return false;
        }
        CardSet(self.friends & t).highest().is_some_and(|r| {
            let above = !((2u128 << r.index()) - 1);
            wc.map_or(true, |w| t & w.set().0 == 0 || r.index() > w.index())
                && !self.later[..self.nlater]
                    .iter()
                    .any(|&h| h & group == 0 && h & t & above != 0)
        })
    }

    /// Whether a seat of the other side still to play may beat `c` (by the suit-following
    /// rules common to the games: follow the suit led, else trump).
    fn later_beat(&self, ctx: &Ctx, c: Card) -> bool {
        let t = ctx.trumps.0;
        let above = !((2u128 << c.index()) - 1);
        let led = if self.led == 0 {
            ctx.group(c)
        } else {
            self.led
        };
        self.later[..self.nlater].iter().any(|&h| {
            if t & c.set().0 != 0 {
                let void = led == t || h & led == 0;
                void && h & t & above != 0
            } else {
                h & ctx.group(c) & above != 0 || h & led == 0 && h & t != 0
            }
        })
    }
}
