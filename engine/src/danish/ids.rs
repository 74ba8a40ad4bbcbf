//! Stable integer ids for Danish actions: a dense space for bots and learning.
//!
//! The layout (a card's number is its [`Pack::position`](crate::card::Pack::position) in the
//! 78-card pack):
//!
//! | ids | action |
//! |---|---|
//! | 0 | pass |
//! | 1 | throw-in (misdeal) |
//! | 2 | announce Tout (`announce volat`) |
//! | 3 + card | discard |
//! | 81 + card | play |
//! | 159–163 | lead the fool naming hearts, diamonds, clubs, spades, trumps |
//! | 164 | call for the fool (`call SKIZ`) |
//!
//! The layout is part of the rules version: ids never change meaning within one version.

use crate::action::{Action, Bonus};
use crate::card::{Card, Pack, Suit};
use crate::rules::ActionIds;

const PACK: Pack = Pack::French78;
const CARDS: u32 = 78;
const DISCARD: u32 = 3;
const PLAY: u32 = DISCARD + CARDS;
const LEAD_FOOL: u32 = PLAY + CARDS;
const CALL_FOOL: u32 = LEAD_FOOL + 5;

/// Number of ids.
pub const SPACE: u32 = CALL_FOOL + 1;

/// The id space as [`crate::rules::Rules::IDS`] gives it: one for every pack.
pub const IDS: ActionIds = ActionIds {
    id: |_, a| action_id(a),
    action: |_, id| action_from_id(id),
    space: |_| SPACE,
};

/// The id of `a`, or `None` for an action that has no Danish meaning.
#[must_use]
pub fn action_id(a: Action) -> Option<u32> {
    let card = |c| PACK.position(c).map(u32::from);
    Some(match a {
        Action::Pass => 0,
        Action::ThrowIn => 1,
        Action::Announce(Bonus::Volat) => 2,
        Action::Discard(c) => DISCARD + card(c)?,
        Action::Play(c) => PLAY + card(c)?,
        Action::LeadFool(named) => LEAD_FOOL + named.map_or(4, |s| s as u32),
        Action::Call(Card::SKIZ) => CALL_FOOL,
        _ => return None,
    })
}

/// The action with id `id`, or `None` outside the space.
#[must_use]
pub fn action_from_id(id: u32) -> Option<Action> {
    let card = |i: u32| PACK.card_at(u8::try_from(i).ok()?);
    Some(match id {
        0 => Action::Pass,
        1 => Action::ThrowIn,
        2 => Action::Announce(Bonus::Volat),
        _ if id < PLAY => Action::Discard(card(id - DISCARD)?),
        _ if id < LEAD_FOOL => Action::Play(card(id - PLAY)?),
        _ if id < CALL_FOOL => Action::LeadFool(Suit::from_index((id - LEAD_FOOL) as u8)),
        CALL_FOOL => Action::Call(Card::SKIZ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Contract;

    #[test]
    fn actions_of_other_games_have_no_id() {
        // That every id maps to an action that maps back: `tests/core.rs`, for every variant.
        assert_eq!(action_from_id(SPACE), None);
        assert_eq!(action_id(Action::Bid(Contract::Three)), None);
        assert_eq!(action_id(Action::Announce(Bonus::Trull)), None);
        assert_eq!(action_id(Action::Hold), None);
        assert_eq!(action_id(Action::Call(Card::XX)), None);
        assert_eq!(action_from_id(SPACE - 1), Some(Action::Call(Card::SKIZ)));
    }
}
