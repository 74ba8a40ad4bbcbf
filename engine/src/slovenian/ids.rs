//! Stable integer ids for Slovenian actions: a dense space for bots and learning.
//!
//! The layout (a card's number is its [`Pack::position`](crate::card::Pack::position) in the
//! 54-card pack):
//!
//! | ids | action |
//! |---|---|
//! | 0 | pass |
//! | 1–12 | bid klop, three, two, one, solo three, solo two, solo one, beggar, solo without, open beggar, colour valat, valat ([`Contract::SLOVENIAN`]'s order; OpenSpiel's bid numbers) |
//! | 13–20 | call the king, then the queen, of hearts, diamonds, clubs, spades |
//! | 21–26 | take talon group 1–6 |
//! | 27 + card | discard |
//! | 81 + card | play |
//! | 135 | throw in a hand dealt without taroks |
//! | 136 + b | announce bonus `b` (order of [`BONUSES`]) |
//! | 144 + 4t + step | kontra (step 0), re (1), sub (2) or mort (3) on target `t`: 0 the game, 1 + b a bonus |
//!
//! The layout is part of the rules version: ids never change meaning within one version.

use crate::action::{Action, Contract, Target};
use crate::card::{Card, Pack, Rank, Suit};
use crate::rules::ActionIds;
use crate::slovenian::game::{bonus_slot, BONUSES};

const PACK: Pack = Pack::Tarock54;
const CARDS: u32 = 54;
const CALL: u32 = 13;
const TAKE: u32 = 21;
const DISCARD: u32 = 27;
const PLAY: u32 = DISCARD + CARDS;
const THROW_IN: u32 = PLAY + CARDS;
const ANNOUNCE: u32 = THROW_IN + 1;
const KONTRA: u32 = ANNOUNCE + BONUSES.len() as u32;
/// The kontra levels, in ladder order: kontra, re, sub, mort.
const LEVELS: [u8; 4] = [1, 2, 3, 5];

/// Number of ids.
pub const SPACE: u32 = KONTRA + 4 * (BONUSES.len() as u32 + 1);

/// The cards that can be called, in id order: the kings, then the queens.
pub const CALLABLE: [Card; 8] = [
    Card::king(Suit::Hearts),
    Card::king(Suit::Diamonds),
    Card::king(Suit::Clubs),
    Card::king(Suit::Spades),
    Card::suited(Suit::Hearts, Rank::QUEEN),
    Card::suited(Suit::Diamonds, Rank::QUEEN),
    Card::suited(Suit::Clubs, Rank::QUEEN),
    Card::suited(Suit::Spades, Rank::QUEEN),
];

/// The id space as [`crate::rules::Rules::IDS`] gives it.
pub const IDS: ActionIds = ActionIds {
    id: |_, a| action_id(a),
    action: |_, id| action_from_id(id),
    space: |_| SPACE,
};

/// The id of `a`, or `None` for an action that has no Slovenian meaning.
#[must_use]
pub fn action_id(a: Action) -> Option<u32> {
    let card = |c| PACK.position(c).map(u32::from);
    Some(match a {
        Action::Pass => 0,
        Action::Bid(c) => 1 + Contract::SLOVENIAN.iter().position(|&x| x == c)? as u32,
        Action::Call(c) => CALL + CALLABLE.iter().position(|&x| x == c)? as u32,
        Action::TakeTalon(g) if g < 6 => TAKE + u32::from(g),
        Action::Discard(c) => DISCARD + card(c)?,
        Action::Play(c) => PLAY + card(c)?,
        Action::ThrowIn => THROW_IN,
        Action::Announce(b) => ANNOUNCE + bonus_slot(b)? as u32,
        Action::Kontra(t, level) => {
            let step = LEVELS.iter().position(|&l| l == level)? as u32;
            let t = match t {
                Target::Game => 0,
                Target::Bonus(b) => 1 + bonus_slot(b)? as u32,
            };
            KONTRA + 4 * t + step
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
        1..=12 => Action::Bid(Contract::SLOVENIAN[(id - 1) as usize]),
        CALL..TAKE => Action::Call(CALLABLE[(id - CALL) as usize]),
        TAKE..DISCARD => Action::TakeTalon((id - TAKE) as u8),
        DISCARD..PLAY => Action::Discard(card(id - DISCARD)?),
        PLAY..THROW_IN => Action::Play(card(id - PLAY)?),
        THROW_IN => Action::ThrowIn,
        ANNOUNCE..KONTRA => Action::Announce(BONUSES[(id - ANNOUNCE) as usize]),
        KONTRA..SPACE => {
            let (t, step) = ((id - KONTRA) / 4, (id - KONTRA) % 4);
            let target = match t {
                0 => Target::Game,
                t => Target::Bonus(BONUSES[(t - 1) as usize]),
            };
            Action::Kontra(target, LEVELS[step as usize])
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bids_are_openspiel_numbers_and_other_games_actions_have_none() {
        // That every id maps to an action that maps back: `tests/core.rs`, for every variant.
        assert_eq!(action_id(Action::Bid(Contract::Klop)), Some(1));
        assert_eq!(action_id(Action::Bid(Contract::Valat)), Some(12));
        assert_eq!(action_from_id(SPACE), None);
        assert_eq!(action_id(Action::Bid(Contract::Solo)), None);
        assert_eq!(action_id(Action::Call(Card::XXI)), None);
        assert_eq!(action_id(Action::Hold), None);
        assert_eq!(action_id(Action::Kontra(Target::Game, 4)), None);
        assert_eq!(
            action_from_id(SPACE - 1),
            Some(Action::Kontra(Target::Bonus(BONUSES[7]), 5))
        );
    }
}
