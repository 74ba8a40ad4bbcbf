//! `ApplyAction`: one action applied to a record, answered with the new record (or sealed
//! record), what the action caused, and the view.

use crate::convert::{self, Decoded};
use crate::encodings;
use crate::error;
use crate::replays::{Key, Replayed};
use crate::respond::{self, Detail, Hand, Written};
use crate::state::{acting_context, actor, viewer_for, HasState, State};
use crate::Engine;
use std::sync::OnceLock;
use tarock_engine::game::Game;
use tarock_engine::Action;
use tarock_proto::codec::Encoded;
use tarock_proto::fields as f;
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The action the request names: the `Action` message, or else its id.
fn action_of(
    r: &lazy::ApplyActionRequest,
    game: &tarock_engine::AnyGame,
) -> Result<Action, Status> {
    match (&r.action, r.action_id) {
        (Some(a), _) => {
            convert::action_from_pb(Some(a), "action").map_err(|e| error::bad_request(&[e]))
        }
        (None, Some(id)) => game.action_from_id(id).ok_or_else(|| {
            error::bad_field(
                "action_id",
                &format!("no action has id {id} in this variant"),
            )
        }),
        (None, None) => Err(error::bad_field("action", "set action or action_id")),
    }
}

/// The answer: the action checked (the seat, its token, the move count of a sealed record, the
/// rules) and applied, with the encodings of the new position asked for. The replay of the record answered with is kept, under its bytes, for the
/// table's next request.
pub(crate) fn handle(
    engine: &Engine,
    r: &lazy::ApplyActionRequest,
) -> Result<Encoded<pb::ApplyActionResponse>, Status> {
    let (replayed, access) = engine.open(r.state(), &r.token)?;
    let Replayed {
        decoded,
        game,
        seats,
        sealed,
        actions_end,
        compact,
        ..
    } = &*replayed;
    let index = decoded.actions.len();
    if sealed.is_some() {
        // Without the count, a client holding an older sealed record could play on from it:
        // fork the table, or rewind it after peeking at what an action showed.
        let expected = r.expected_move_count.ok_or_else(error::no_move_count)?;
        if expected != index as u64 {
            return Err(error::stale(index, expected));
        }
    }
    let action = action_of(r, game)?;
    let to_act = actor(game, index, access, r.seat)?;
    if index >= convert::MAX_RECORD_ACTIONS {
        return Err(error::bad_field(
            "record.actions",
            "the record is at its maximum length",
        ));
    }
    let next = game
        .play(action)
        .map_err(|e| error::violation(&e.violation, acting_context(game, index, Some(to_act))))?;
    let actions = [decoded.actions.as_slice(), &[action]].concat();
    let seats = [seats.as_slice(), &[to_act]].concat();
    let who = viewer_for(access, r.viewer.as_ref(), &next)?;
    let encodings = encodings::message(r.encodings.as_ref(), access, &next, &actions, &seats)?;
    // Sealed, the record inside grows by the action's field where its actions end.
    let (new_sealed, new_compact) = match (sealed, compact) {
        (None, _) => (None, None),
        (Some(g), Some(c)) => {
            let written = Written {
                bytes: c,
                actions_end: actions_end.unwrap_or(c.len()),
            };
            let (record, end) = respond::record_with_action(written, action, Detail::Compact);
            let s = engine.seal_record(&record, actions.len(), g.id())?;
            (Some(s), Some((record, end)))
        }
        (Some(g), None) => (Some(engine.seal(decoded, &actions, &next, g.id())?), None),
    };
    let hand = Hand {
        setup: &decoded.setup,
        actions: &actions,
        seats: &seats,
        game: &next,
        match_state: decoded.match_state.as_ref(),
        open: sealed.is_none(),
        viewer: (!r.omit_view).then_some(who),
        history: (!r.omit_view).then(|| replayed.history()),
    };
    // The open record grows by the action's field, where its actions end.
    let written = match r.state() {
        State::Open(bytes) => Some(Written {
            bytes,
            actions_end: actions_end.unwrap_or(bytes.len()),
        }),
        _ => None,
    };
    let (answer, record_at) =
        respond::apply_action_response(&hand, game, action, written, new_sealed.as_ref());
    // The record just written is the one the table's next request sends: kept, unless it is
    // already (the same request again).
    let (key, actions_end, compact) = match (&new_sealed, record_at) {
        (Some(s), _) => (
            Some(Key::Sealed(&s.data)),
            new_compact.as_ref().map(|c| c.1),
            new_compact.map(|c| c.0),
        ),
        (None, Some(at)) => (
            answer.bytes().get(at.span).map(Key::Open),
            Some(at.actions_end),
            None,
        ),
        (None, None) => (None, None, None),
    };
    if let Some(key) = key.filter(|&k| !engine.replays.holds(k)) {
        // The next view of this game copies these entries and the action's.
        let history = hand.history.map(|h| h.and(to_act, action));
        engine.keep(
            key.to_owned(),
            Replayed {
                decoded: Decoded {
                    setup: decoded.setup.clone(),
                    actions,
                    match_state: decoded.match_state.clone(),
                },
                game: next,
                seats,
                sealed: sealed.clone(),
                actions_end,
                compact: compact.map(bytes::Bytes::from),
                history: history.map_or_else(OnceLock::new, OnceLock::from),
            },
        );
    }
    Ok(match encodings {
        Some(e) => respond::with_message(answer, f::apply_action_response::ENCODINGS, &e),
        None => answer,
    })
}
