//! Stable integer ids for Polish actions: a dense space for bots and learning.
//!
//! The layout (a card's number is its [`Pack::position`](crate::card::Pack::position) in the
//! 54-card pack; suits in the order hearts, diamonds, clubs, spades):
//!
//! | ids | action |
//! |---|---|
//! | 0 | pass |
//! | 1 | throw-in |
//! | 2 | give-up |
//! | 3 | expose (turn the talon group face up) |
//! | 4–7 | bid jeden, dwa, trzy, cztery |
//! | 8 | declare four kings |
//! | 9–14 | declare 0, 1, 2, 10, 11, 12 tarokks |
//! | 15–20 | take talon group 1–6 |
//! | 21–24 | call the king of a suit |
//! | 25 + card | discard |
//! | 79 + card | play |
//! | 133–136 | announce król ultymo of a suit |
//! | 137, 138, 139 | announce trul, pagat ultymo, walat |
//! | 140 + 4t + k | kontra, re, sub, mort (k = 0–3) on target `t`: 0 the game, 1 trul, 2 pagat ultymo, 3–6 król ultymo of a suit |
//!
//! The layout is part of the rules version: ids never change meaning within one version.

use crate::action::{Action, Bonus, Contract, Declaration, Target};
use crate::card::{Card, Pack, Suit};
use crate::rules::ActionIds;

const PACK: Pack = Pack::Tarock54;
const CARDS: u32 = 54;
const DISCARD: u32 = 25;
const PLAY: u32 = DISCARD + CARDS;
const ANNOUNCE: u32 = PLAY + CARDS;
const KONTRA: u32 = ANNOUNCE + 7;
/// The declarable tarokk counts, in id order.
const COUNTS: [u8; 6] = [0, 1, 2, 10, 11, 12];
/// The Polish kontra levels, in id order.
const LEVELS: [u8; 4] = [1, 2, 3, 5];

/// Number of ids.
pub const SPACE: u32 = KONTRA + 7 * 4;

fn suit_index(s: Suit) -> u32 {
    s as u32
}

/// The announcement slot of a bonus: król ultymo by suit, then trul, pagat ultymo, walat.
fn bonus_slot(b: Bonus) -> Option<u32> {
    Some(match b {
        Bonus::KingUltimo(s) => suit_index(s),
        Bonus::Trull => 4,
        Bonus::PagatUltimo => 5,
        Bonus::Volat => 6,
        _ => return None,
    })
}

/// The kontra target number of `t`.
fn target_slot(t: Target) -> Option<u32> {
    Some(match t {
        Target::Game => 0,
        Target::Bonus(Bonus::Trull) => 1,
        Target::Bonus(Bonus::PagatUltimo) => 2,
        Target::Bonus(Bonus::KingUltimo(s)) => 3 + suit_index(s),
        Target::Bonus(_) => return None,
    })
}

/// The id space as [`crate::rules::Rules::IDS`] gives it: one for every pack.
pub const IDS: ActionIds = ActionIds {
    id: |_, a| action_id(a),
    action: |_, id| action_from_id(id),
    space: |_| SPACE,
};

/// The id of `a`, or `None` for an action that has no Polish meaning.
#[must_use]
pub fn action_id(a: Action) -> Option<u32> {
    let card = |c| PACK.position(c).map(u32::from);
    Some(match a {
        Action::Pass => 0,
        Action::ThrowIn => 1,
        Action::GiveUp => 2,
        Action::ExposeTalon => 3,
        Action::Bid(c) if Contract::POLISH.contains(&c) => 4 + u32::from(c.level()),
        Action::Declare(Declaration::FourKings) => 8,
        Action::Declare(Declaration::Tarokks(n)) => 9 + COUNTS.iter().position(|&k| k == n)? as u32,
        Action::TakeTalon(i) if i < 6 => 15 + u32::from(i),
        Action::Call(c) if c.is_king() => 21 + suit_index(c.suit()?),
        Action::Discard(c) => DISCARD + card(c)?,
        Action::Play(c) => PLAY + card(c)?,
        Action::Announce(b) => ANNOUNCE + bonus_slot(b)?,
        Action::Kontra(t, level) => {
            let k = LEVELS.iter().position(|&l| l == level)? as u32;
            KONTRA + 4 * target_slot(t)? + k
        }
        Action::Bid(_)
        | Action::TakeTalon(_)
        | Action::Call(_)
        | Action::Hold
        | Action::Annul
        | Action::Unteren
        | Action::KeepTalon(_)
        | Action::LeadFool(_) => return None,
    })
}

/// The action with id `id`, or `None` outside the space.
#[must_use]
pub fn action_from_id(id: u32) -> Option<Action> {
    let card = |i: u32| u8::try_from(i).ok().and_then(|i| PACK.card_at(i));
    let suit = |i: u32| Suit::from_index(u8::try_from(i).ok()?);
    Some(match id {
        0 => Action::Pass,
        1 => Action::ThrowIn,
        2 => Action::GiveUp,
        3 => Action::ExposeTalon,
        4..=7 => Action::Bid(Contract::polish_from_level((id - 4) as u8)?),
        8 => Action::Declare(Declaration::FourKings),
        9..=14 => Action::Declare(Declaration::Tarokks(COUNTS[(id - 9) as usize])),
        15..=20 => Action::TakeTalon((id - 15) as u8),
        21..=24 => Action::Call(Card::king(suit(id - 21)?)),
        _ if id < PLAY => Action::Discard(card(id - DISCARD)?),
        _ if id < ANNOUNCE => Action::Play(card(id - PLAY)?),
        _ if id < ANNOUNCE + 4 => Action::Announce(Bonus::KingUltimo(suit(id - ANNOUNCE)?)),
        _ if id < KONTRA => Action::Announce(
            [Bonus::Trull, Bonus::PagatUltimo, Bonus::Volat][(id - ANNOUNCE - 4) as usize],
        ),
        _ if id < SPACE => {
            let (t, k) = ((id - KONTRA) / 4, (id - KONTRA) % 4);
            let target = match t {
                0 => Target::Game,
                1 => Target::Bonus(Bonus::Trull),
                2 => Target::Bonus(Bonus::PagatUltimo),
                _ => Target::Bonus(Bonus::KingUltimo(suit(t - 3)?)),
            };
            Action::Kontra(target, LEVELS[k as usize])
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
        assert_eq!(action_id(Action::Hold), None);
        assert_eq!(action_id(Action::Call(Card::XX)), None);
        assert_eq!(action_id(Action::Kontra(Target::Game, 4)), None);
    }
}
