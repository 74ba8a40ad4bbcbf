//! Stable integer ids for Hungarian actions: a dense space for bots and learning.
//!
//! The layout (for a pack of `P` cards, 42 or 54; a card's number is its
//! [`Pack::position`](crate::card::Pack::position)):
//!
//! | ids | action |
//! |---|---|
//! | 0 | pass |
//! | 1 | hold |
//! | 2–5 | bid three, two, one, solo |
//! | 6 | annul |
//! | 7–11 | declare 8, 9, 10, 11, 12 tarokks |
//! | 12 + card | discard |
//! | 12 + P + card | call |
//! | 12 + 2P + card | play |
//! | 12 + 3P + b | announce bonus `b` (order of [`ALL_BONUSES`]) |
//! | 12 + 3P + 43 + 5t + (level − 1) | kontra level 1–5 on target `t`: 0 the game, 1 + b a bonus |
//!
//! The layout is part of the rules version: ids never change meaning within one version.

use crate::action::{Action, Contract, Declaration, Target};
use crate::card::Pack;
use crate::hungarian::game::ALL_BONUSES;
use crate::rules::ActionIds;

const NB: u32 = ALL_BONUSES.len() as u32;

/// Number of ids for a pack.
#[must_use]
pub fn space_size(pack: Pack) -> u32 {
    let p = pack.len() as u32;
    12 + 3 * p + NB + 5 * (NB + 1)
}

fn bonus_index(b: crate::action::Bonus) -> Option<u32> {
    crate::hungarian::game::is_hungarian_bonus(b)
        .then(|| crate::hungarian::game::bonus_index(b) as u32)
}

/// The id space as [`crate::rules::Rules::IDS`] gives it: shaped by the pack.
pub const IDS: ActionIds = ActionIds {
    id: action_id,
    action: action_from_id,
    space: space_size,
};

/// The id of `a`, or `None` for an action that has no Hungarian meaning.
#[must_use]
pub fn action_id(pack: Pack, a: Action) -> Option<u32> {
    let p = pack.len() as u32;
    let card = |c| pack.position(c).map(u32::from);
    Some(match a {
        Action::Pass => 0,
        Action::Hold => 1,
        Action::Bid(c) if c.is_hungarian() => 2 + u32::from(c.level()),
        Action::Bid(_) => return None,
        Action::Annul => 6,
        Action::Declare(Declaration::Tarokks(n)) if (8..=12).contains(&n) => 7 + u32::from(n - 8),
        Action::Declare(_) => return None,
        Action::Discard(c) => 12 + card(c)?,
        Action::Call(c) => 12 + p + card(c)?,
        Action::Play(c) => 12 + 2 * p + card(c)?,
        Action::Announce(b) => 12 + 3 * p + bonus_index(b)?,
        Action::Kontra(t, level) if (1..=5).contains(&level) => {
            let t = match t {
                Target::Game => 0,
                Target::Bonus(b) => 1 + bonus_index(b)?,
            };
            12 + 3 * p + NB + 5 * t + u32::from(level - 1)
        }
        Action::Kontra(..)
        | Action::ThrowIn
        | Action::GiveUp
        | Action::TakeTalon(_)
        | Action::ExposeTalon
        | Action::Unteren
        | Action::KeepTalon(_)
        | Action::LeadFool(_) => return None,
    })
}

/// The action with id `id`, or `None` outside the space.
#[must_use]
pub fn action_from_id(pack: Pack, id: u32) -> Option<Action> {
    let p = pack.len() as u32;
    let card = |i: u32| u8::try_from(i).ok().and_then(|i| pack.card_at(i));
    Some(match id {
        0 => Action::Pass,
        1 => Action::Hold,
        2..=5 => Action::Bid(Contract::from_level((id - 2) as u8)?),
        6 => Action::Annul,
        7..=11 => Action::Declare(Declaration::Tarokks((id - 7) as u8 + 8)),
        _ if id < 12 => return None,
        _ if id < 12 + p => Action::Discard(card(id - 12)?),
        _ if id < 12 + 2 * p => Action::Call(card(id - 12 - p)?),
        _ if id < 12 + 3 * p => Action::Play(card(id - 12 - 2 * p)?),
        _ if id < 12 + 3 * p + NB => Action::Announce(ALL_BONUSES[(id - 12 - 3 * p) as usize]),
        _ if id < space_size(pack) => {
            let k = id - 12 - 3 * p - NB;
            let (t, level) = (k / 5, (k % 5) as u8 + 1);
            let target = if t == 0 {
                Target::Game
            } else {
                Target::Bonus(ALL_BONUSES[(t - 1) as usize])
            };
            Action::Kontra(target, level)
        }
        _ => return None,
    })
}
