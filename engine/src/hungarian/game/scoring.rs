//! The facts of a finished hand handed to the settlement ([`crate::hungarian::score`]).

use super::*;

/// Most items that can be announced in one hand (both teams together).
pub(super) const MAX_ITEMS: usize = 2 * NB;

impl Hungarian {
    /// The items as the settlement sees them.
    pub(super) fn announced_for_score(&self, out: &mut [Announced; MAX_ITEMS]) -> usize {
        let mut n = 0;
        for i in self.items() {
            out[n] = Announced {
                bonus: i.bonus,
                team: i.team,
                level: i.level,
            };
            n += 1;
        }
        n
    }

    /// The settlement of the hand as it stands (meaningful once the hand is over), multiplied
    /// by `round_multiplier` (the match's doubled rounds).
    #[must_use]
    pub fn settle(&self, round_multiplier: i64) -> Ledger {
        match self.phase {
            Phase::Over(End::Played) => {
                let mut buf = [Announced {
                    bonus: Bonus::Trull,
                    team: Team::Declarer,
                    level: 0,
                }; MAX_ITEMS];
                let n = self.announced_for_score(&mut buf);
                let input = ScoreInput {
                    options: &self.o,
                    table: self.core.table,
                    declarer: self.declarer,
                    partner: self.partner,
                    contract: self.contract,
                    tricks: self.tricks(),
                    discards: self.discards,
                    talon_received: self.talon_received,
                    announced: &buf[..n],
                    game_level: self.ann.game_level,
                    declared: self.ann.declared,
                    tarokks_held: self.tarokks_at_play,
                    round_multiplier,
                };
                score::settle(&input)
            }
            Phase::Over(End::TrialBidFailed(s)) => score::settle_trial_bid(
                &self.o,
                self.core.table,
                s,
                self.contract,
                round_multiplier,
            ),
            Phase::Over(End::TrullOnlyThree) => score::settle_trull_only_three(
                self.core.table,
                self.declarer,
                self.partner,
                round_multiplier,
            ),
            _ => Ledger::default(),
        }
    }
}
