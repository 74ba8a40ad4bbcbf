//! Stable integer ids for Austrian actions: a dense space for bots and learning.
//!
//! The layout (a card's number is its [`Pack::position`](crate::card::Pack::position) in the
//! 54-card pack):
//!
//! | ids | action |
//! |---|---|
//! | 0 | pass ("Weiter", "Gut", "Ich liege") |
//! | 1 | Unteren |
//! | 2 | hold |
//! | 3–6 | Dreiblatt, Zweiblatt, Einblatt, Solo |
//! | 7–13 | keep 0–6 talon cards |
//! | 14–19 | take the talon's run starting at card 1–6 |
//! | 20 + card | discard |
//! | 74 + card | play |
//! | 128 + b | declare bonus `b` (order of [`BONUSES`]) |
//! | 138 + 2t + (level − 1) | kontra (1) or rekontra (2) on target `t`: 0 the game, 1 + b a bonus |
//!
//! The layout is part of the rules version: ids never change meaning within one version.

use crate::action::{Action, Bonus, Contract, Target};
use crate::austrian::game::{bonus_slot, BONUSES};
use crate::card::Pack;
use crate::rules::ActionIds;

const PACK: Pack = Pack::Tarock54;
const CARDS: u32 = 54;
const DISCARD: u32 = 20;
const PLAY: u32 = DISCARD + CARDS;
const ANNOUNCE: u32 = PLAY + CARDS;
const KONTRA: u32 = ANNOUNCE + BONUSES.len() as u32;

/// Number of ids.
pub const SPACE: u32 = KONTRA + 2 * (BONUSES.len() as u32 + 1);

fn slot(b: Bonus) -> Option<u32> {
    bonus_slot(b).map(|i| i as u32)
}

/// The id space as [`crate::rules::Rules::IDS`] gives it: one for every pack.
pub const IDS: ActionIds = ActionIds {
    id: |_, a| action_id(a),
    action: |_, id| action_from_id(id),
    space: |_| SPACE,
};

/// The id of `a`, or `None` for an action that has no Austrian meaning.
#[must_use]
pub fn action_id(a: Action) -> Option<u32> {
    let card = |c| PACK.position(c).map(u32::from);
    Some(match a {
        Action::Pass => 0,
        Action::Unteren => 1,
        Action::Hold => 2,
        Action::Bid(c) => 3 + Contract::AUSTRIAN.iter().position(|&x| x == c)? as u32,
        Action::KeepTalon(n) if n <= 6 => 7 + u32::from(n),
        Action::TakeTalon(p) if p < 6 => 14 + u32::from(p),
        Action::Discard(c) => DISCARD + card(c)?,
        Action::Play(c) => PLAY + card(c)?,
        Action::Announce(b) => ANNOUNCE + slot(b)?,
        Action::Kontra(t, level) if (1..=2).contains(&level) => {
            let t = match t {
                Target::Game => 0,
                Target::Bonus(b) => 1 + slot(b)?,
            };
            KONTRA + 2 * t + u32::from(level - 1)
        }
        _ => return None,
    })
}

/// The action with id `id`, or `None` outside the space.
#[must_use]
pub fn action_from_id(id: u32) -> Option<Action> {
    let card = |i: u32| u8::try_from(i).ok().and_then(|i| PACK.card_at(i));
    Some(match id {
        0 => Action::Pass,
        1 => Action::Unteren,
        2 => Action::Hold,
        3..=6 => Action::Bid(Contract::AUSTRIAN[(id - 3) as usize]),
        7..=13 => Action::KeepTalon((id - 7) as u8),
        14..=19 => Action::TakeTalon((id - 14) as u8),
        _ if id < DISCARD => return None,
        _ if id < PLAY => Action::Discard(card(id - DISCARD)?),
        _ if id < ANNOUNCE => Action::Play(card(id - PLAY)?),
        _ if id < KONTRA => Action::Announce(BONUSES[(id - ANNOUNCE) as usize]),
        _ if id < SPACE => {
            let (t, k) = ((id - KONTRA) / 2, (id - KONTRA) % 2);
            let target = if t == 0 {
                Target::Game
            } else {
                Target::Bonus(BONUSES[(t - 1) as usize])
            };
            Action::Kontra(target, k as u8 + 1)
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_of_other_games_have_no_id() {
        // That every id maps to an action that maps back: `tests/core.rs`, for every variant.
        assert_eq!(action_from_id(SPACE), None);
        assert_eq!(action_id(Action::Bid(Contract::Three)), None);
        assert_eq!(action_id(Action::Kontra(Target::Game, 3)), None);
        assert_eq!(action_id(Action::Announce(Bonus::Trull)), None);
    }
}
