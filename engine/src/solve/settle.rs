//! The settlement under perfect play: what the side nets in the game's own settlement at the
//! end of the hand (the contract, every bonus made or failed, kontras and all), where card
//! points alone do not decide ([`Solver::solve_settlement`]).
//!
//! # Method
//!
//! Alpha-beta over the engine's legal moves, each end of the hand valued by the game's own
//! [`Game::settlement`](crate::game::Game::settlement), so that no scoring rule is restated
//! here. The settlement reads the history of the play (which card won which trick, for the
//! ultimos, birds and catches), so two positions of one hand share their value only when their
//! plays were the same: there is no transposition table. The work grows far faster with the
//! tricks left than the card-point solve's: this is for endings.
//!
//! Equivalent cards are merged as in the card-point solve, except the cards a bonus names
//! (`Solvable::scored_cards`: a silent ultimó's pagat or II, the trull, the kings), which no
//! rule of play need name. Two cards of one hand that follow one suit, are adjacent among the
//! cards in play, are worth the same and are named by no rule of play or scoring lead to lines
//! of play that differ only by the two cards trading places: the same legal moves, the same
//! winner of every trick, the same card points in every pile, and bonuses that read only cards
//! other than these two, so the same settlement. Merging halves the work of a five-trick
//! Hungarian ending and quarters a Danish one.
//!
//! The moves are ordered as the card-point solve orders them (winning cheaply, giving points
//! to a partner's winning card): the tricks that carry the card points carry most bonuses too.

use super::{Ctx, Settled, Solvable, SolveError, Solver, MAX_MOVES, NO_MOVE};
use crate::action::Action;
use crate::game::Stage;
use crate::solve::SeatMask;

/// A value below every settlement's.
const LOW: i64 = i64::MIN / 2;
/// A value above every settlement's.
const HIGH: i64 = i64::MAX / 2;

impl Solver {
    /// The settlement for `side` of the position `g` under perfect play and a move that
    /// achieves it; with `each`, every legal move's value too, in the order of the legal
    /// moves.
    pub(super) fn settle_game<G: Solvable>(
        &mut self,
        g: &G,
        side: SeatMask,
        each: bool,
    ) -> Result<(Settled, Vec<(Action, i64)>), SolveError> {
        let ctx = self.begin_with(g, side, g.named_cards() | g.scored_cards())?;
        let maximise = ctx.side & (1 << g.core().to_act.get()) != 0;
        g.legal_actions_into(&mut self.list);
        if self.list.len() > MAX_MOVES {
            return Err(SolveError::TooManyMoves);
        }
        let mut moves = [(Action::Pass, 0i32); MAX_MOVES];
        let n = if each {
            // Every move gets the whole window: listed in the order of the legal moves.
            for (m, &a) in moves.iter_mut().zip(self.list.iter()) {
                m.0 = a;
            }
            self.list.len()
        } else {
            self.order(&ctx, g, ctx.in_play(g.core()), NO_MOVE, &mut moves)
        };
        let (mut alpha, mut beta) = (LOW, HIGH);
        let mut best: Option<(Action, i64)> = None;
        let mut values = Vec::with_capacity(if each { n } else { 0 });
        for &(a, _) in &moves[..n] {
            let mut child = *g;
            child.play_unchecked(a);
            // Each move's own value needs the whole window; the best alone, what is left of it.
            let v = if each {
                self.settle_search(&ctx, &child, LOW, HIGH)
            } else {
                self.settle_search(&ctx, &child, alpha, beta)
            };
            if self.overflow {
                return Err(SolveError::TooManyMoves);
            }
            if self.unsettled {
                return Err(SolveError::Unsettled);
            }
            if self.aborted {
                return Err(SolveError::SettlementLimit { nodes: self.nodes });
            }
            let better = best.map_or(true, |(_, b)| if maximise { v > b } else { v < b });
            if better {
                best = Some((a, v));
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if each {
                values.push((a, v));
            }
        }
        let (best, value) = best.ok_or(SolveError::TooManyMoves)?;
        Ok((
            Settled {
                value,
                best,
                nodes: self.nodes,
            },
            values,
        ))
    }

    /// Fail-soft alpha-beta on the side's settlement: its value if it lies in `alpha..beta`
    /// (exclusive), else a bound beyond the window's edge.
    fn settle_search<G: Solvable>(
        &mut self,
        ctx: &Ctx,
        g: &G,
        mut alpha: i64,
        mut beta: i64,
    ) -> i64 {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        }
        if self.aborted || self.overflow || self.unsettled {
            return 0;
        }
        if g.stage() != Stage::Play {
            return match g.settlement(1) {
                Some(ledger) => ledger
                    .totals
                    .0
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| ctx.side & (1 << i) != 0)
                    .map(|(_, t)| *t)
                    .sum(),
                None => {
                    self.unsettled = true;
                    0
                }
            };
        }
        let core = g.core();
        g.legal_actions_into(&mut self.list);
        if self.list.len() > MAX_MOVES {
            self.overflow = true;
            return 0;
        }
        let mut moves = [(Action::Pass, 0i32); MAX_MOVES];
        let n = self.order(ctx, g, ctx.in_play(core), NO_MOVE, &mut moves);
        let maximise = ctx.side & (1 << core.to_act.get()) != 0;
        let mut best = if maximise { LOW } else { HIGH };
        for &(a, _) in &moves[..n] {
            let mut child = *g;
            child.play_unchecked(a);
            let v = self.settle_search(ctx, &child, alpha, beta);
            if self.aborted || self.overflow || self.unsettled {
                return 0;
            }
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
