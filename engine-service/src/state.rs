//! A request's game: its state (an open record, or a sealed one) opened, replayed or taken from
//! the kept replays, and what the request's token lets the caller do with it.
//!
//! Every RPC that takes a game goes through [`Engine::open`]: it refuses open records on a
//! server that serves sealed ones only, opens a seal with the key ring, replays the record from
//! the game as dealt (or takes the replay of the same bytes from [`crate::replays`]), and checks
//! the token against the game.

use crate::convert::{self, Decoded};
use crate::error::{self, Context, Reason};
use crate::replays::{Key, Replayed, StateKey};
use crate::seal::{KeyRing, Role, SealedGame};
use crate::Engine;
use bytes::Bytes;
use std::sync::Arc;
use tarock_engine::game::{Game, Observe, Viewer};
use tarock_engine::{AnyGame, Seat, Stage, RULES_VERSION};
use tarock_proto::lazy;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The state a request names: an open record's bytes, a sealed record, or none.
#[derive(Clone, Copy, Debug)]
pub(crate) enum State<'a> {
    /// An open record, as the bytes of its `GameRecord` message.
    Open(&'a Bytes),
    /// A sealed record.
    Sealed(&'a pb::SealedRecord),
    /// No state.
    Missing,
}

/// The requests that carry a state in their `state` oneof (the lazy forms: an open record left
/// as its bytes).
pub(crate) trait HasState {
    /// The request's state.
    fn state(&self) -> State<'_>;
}

macro_rules! has_state {
    ($($message:ident => $module:ident),* $(,)?) => {$(
        impl HasState for lazy::$message {
            fn state(&self) -> State<'_> {
                match &self.state {
                    Some(lazy::$module::State::Record(r)) => State::Open(r),
                    Some(lazy::$module::State::Sealed(s)) => State::Sealed(s),
                    None => State::Missing,
                }
            }
        }
    )*};
}

has_state!(
    LegalMovesRequest => legal_moves_request,
    ApplyActionRequest => apply_action_request,
    GetViewRequest => get_view_request,
    ScoreRequest => score_request,
    ValidateGameRequest => validate_game_request,
    SuggestMoveRequest => suggest_move_request,
    NextDealRequest => next_deal_request,
    SampleWorldsRequest => sample_worlds_request,
    SolvePositionRequest => solve_position_request,
);

/// What the request's record and token allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    /// An open record: the client holds everything.
    Open,
    /// A sealed record with a seat token.
    Seat(Seat),
    /// A sealed record with the table token.
    Table,
    /// A sealed record without a token.
    Spectator,
}

impl Access {
    /// Allows what only `seat` may do or see: an open record, the table token and `seat`'s own
    /// token may; another seat's token is refused with `other(its seat)`, no token with `none`
    /// (TOKEN_NOT_ALLOWED).
    pub(crate) fn require_seat(
        self,
        seat: Seat,
        other: impl FnOnce(Seat) -> String,
        none: &str,
    ) -> Result<(), Status> {
        match self {
            Access::Open | Access::Table => Ok(()),
            Access::Seat(s) if s == seat => Ok(()),
            Access::Seat(s) => Err(error::refused(Reason::TokenNotAllowed, &other(s))),
            Access::Spectator => Err(error::refused(Reason::TokenNotAllowed, none)),
        }
    }
}

/// The name of a game's phase, as errors give it.
pub(crate) fn phase_name(g: &AnyGame) -> &'static str {
    match g.stage() {
        Stage::Opening => "opening",
        Stage::Auction => "auction",
        Stage::Call => "call",
        Stage::Talon => "talon",
        Stage::Discard => "discard",
        Stage::Annul => "annul",
        Stage::Announce => "announce",
        Stage::Play => "play",
        Stage::Over(_) => "over",
    }
}

impl Engine {
    /// The key ring, or UNIMPLEMENTED on a server without one.
    pub(crate) fn keys(&self) -> Result<&KeyRing, Status> {
        self.keys.as_deref().ok_or_else(error::no_keys)
    }

    /// Refuses open records on a server started to accept sealed ones only.
    pub(crate) fn check_open(&self) -> Result<(), Status> {
        if self.refuse_open {
            return Err(error::refused(
                Reason::OpenRecordsRefused,
                "this server accepts sealed records only",
            ));
        }
        Ok(())
    }

    /// Replays `record` from the game as dealt; the first illegal action fails the request.
    pub(crate) fn replay(&self, record: &pb::GameRecord) -> Result<Replayed, Status> {
        if record.rules_version != 0 && record.rules_version != RULES_VERSION {
            return Err(error::rules_version(record.rules_version));
        }
        let decoded = convert::record_from_pb(record).map_err(|v| error::bad_request(&v))?;
        let start = self
            .dealt
            .deal(&decoded.setup)
            .map_err(|e| error::setup(&e, "record."))?;
        let mut seats = Vec::with_capacity(decoded.actions.len() + 1);
        let game = start
            .replay_from(&decoded.actions, |s| seats.push(s))
            .map_err(|e| {
                error::violation(
                    &e.violation,
                    Context {
                        seat: e.seat,
                        phase: "",
                        action_index: e.index,
                        rule: None,
                    },
                )
            })?;
        convert::match_from_pb(decoded.match_state.as_ref(), &game)
            .map_err(|e| error::bad_request(&[e]))?;
        Ok(Replayed {
            decoded,
            game,
            seats,
            sealed: None,
            actions_end: None,
            compact: None,
            history: std::sync::OnceLock::new(),
        })
    }

    /// Opens the request's state and checks its token: the replayed game and what the caller
    /// may do with it.
    pub(crate) fn open(
        &self,
        state: State<'_>,
        token: &[u8],
    ) -> Result<(Arc<Replayed>, Access), Status> {
        let replayed = match state {
            State::Missing => return Err(error::missing_state()),
            State::Open(bytes) => {
                self.check_open()?;
                self.open_record(bytes)?
            }
            State::Sealed(s) => self.open_sealed(&s.data)?,
        };
        let access = self.access(&replayed, token)?;
        Ok((replayed, access))
    }

    /// The replay of an open record's bytes: kept, or decoded, replayed and kept.
    fn open_record(&self, bytes: &Bytes) -> Result<Arc<Replayed>, Status> {
        if let Some(r) = self.replays.get(Key::Open(bytes)) {
            return Ok(r);
        }
        let record = <pb::GameRecord as prost::Message>::decode(bytes.clone()).map_err(|e| {
            error::bad_field("record", &format!("not a valid GameRecord message: {e}"))
        })?;
        let mut r = self.replay(&record)?;
        r.actions_end = Some(crate::respond::actions_end(
            bytes,
            r.decoded.match_state.as_ref(),
        ));
        let r = Arc::new(r);
        self.replays
            .keep(StateKey::Open(bytes.clone()), Arc::clone(&r));
        Ok(r)
    }

    /// The replay of a sealed record's `data`: kept (only once it opened), or opened with the
    /// key ring, replayed and kept.
    fn open_sealed(&self, data: &[u8]) -> Result<Arc<Replayed>, Status> {
        if let Some(r) = self.replays.get(Key::Sealed(data)) {
            return Ok(r);
        }
        let key = StateKey::Sealed(Bytes::copy_from_slice(data));
        let keys = self.keys()?;
        let payload = keys
            .open(data)
            .map_err(|e| error::refused(Reason::SealInvalid, &format!("sealed record: {e}")))?;
        let compact = Bytes::from(
            payload
                .record
                .ok_or_else(|| error::refused(Reason::SealInvalid, "sealed record: empty"))?,
        );
        // Authenticated, so the server wrote it: a record that does not decode is refused as
        // tampered with.
        let record = <pb::GameRecord as prost::Message>::decode(compact.clone())
            .map_err(|_| error::refused(Reason::SealInvalid, "sealed record: not a record"))?;
        let mut r = self.replay(&record)?;
        r.actions_end = Some(crate::respond::actions_end(
            &compact,
            r.decoded.match_state.as_ref(),
        ));
        r.compact = Some(compact);
        if payload.move_count != r.decoded.actions.len() as u64 {
            return Err(error::refused(
                Reason::SealInvalid,
                "sealed record: move counter mismatch",
            ));
        }
        r.sealed = Some(Arc::new(SealedGame::new(payload.game_id)));
        let r = Arc::new(r);
        self.replays.keep(key, Arc::clone(&r));
        Ok(r)
    }

    /// What `token` allows on `replayed`: everything on an open record; on a sealed one, what
    /// its table or seat token allows, and a spectator's view without one.
    fn access(&self, replayed: &Replayed, token: &[u8]) -> Result<Access, Status> {
        let Some(game) = &replayed.sealed else {
            return Ok(Access::Open);
        };
        if token.is_empty() {
            return Ok(Access::Spectator);
        }
        match self
            .keys()?
            .check_game_token(token, game)
            .map_err(|e| error::refused(Reason::TokenInvalid, &format!("token: {e}")))?
        {
            Role::Table => Ok(Access::Table),
            Role::Seat(n) if n < replayed.decoded.setup.seats => Ok(Access::Seat(Seat::new(n))),
            Role::Seat(_) => Err(error::refused(
                Reason::TokenNotAllowed,
                "token: no such seat at this table",
            )),
        }
    }

    /// Seals the record of `decoded`'s setup and match state with `actions` (which reached
    /// `game`) for the game `game_id` with the active key. The record is written compact (cards
    /// by index, no notations or names: decoding does not read them, and no one is shown a
    /// sealed record's inside).
    pub(crate) fn seal(
        &self,
        decoded: &Decoded,
        actions: &[tarock_engine::Action],
        game: &AnyGame,
        game_id: &[u8],
    ) -> Result<pb::SealedRecord, Status> {
        let record = crate::respond::record_bytes(
            &decoded.setup,
            actions,
            game,
            decoded.match_state.as_ref(),
            RULES_VERSION,
            crate::respond::Detail::Compact,
        );
        self.seal_record(&record, actions.len(), game_id)
    }

    /// Seals `record` (a compact record of `move_count` actions) for the game `game_id` with the
    /// active key.
    pub(crate) fn seal_record(
        &self,
        record: &[u8],
        move_count: usize,
        game_id: &[u8],
    ) -> Result<pb::SealedRecord, Status> {
        let move_count = move_count as u64;
        let data = self
            .keys()?
            .seal(record, move_count, game_id)
            .map_err(|e| error::internal(&e))?;
        Ok(pb::SealedRecord { data, move_count })
    }

    /// Keeps the replay of a record the server answers with (the record the table's next
    /// request sends), under the bytes it wrote.
    pub(crate) fn keep(&self, key: StateKey, replayed: Replayed) {
        self.replays.keep(key, Arc::new(replayed));
    }
}

/// The viewer a request asked for, or the spectator when it asked for none.
pub(crate) fn viewer(v: Option<&pb::Viewer>, g: &AnyGame) -> Result<Viewer, Status> {
    let seats = g.table_info().seats;
    convert::viewer_from_pb(v, seats, "viewer").map_err(|e| error::bad_request(&[e]))
}

/// The viewer a request may have: open records and the table token may ask for any view; a seat
/// token sees its seat; no token sees as a spectator.
pub(crate) fn viewer_for(
    access: Access,
    requested: Option<&pb::Viewer>,
    g: &AnyGame,
) -> Result<Viewer, Status> {
    let asked = viewer(requested, g)?;
    match access {
        Access::Open | Access::Table => Ok(asked),
        Access::Seat(s) => match (requested, asked) {
            (None, _) => Ok(Viewer::Seat(s)),
            (Some(_), Viewer::Seat(t)) if t == s => Ok(asked),
            _ => Err(error::refused(
                Reason::TokenNotAllowed,
                "a seat token shows only its own seat's view",
            )),
        },
        Access::Spectator => match (requested, asked) {
            (None, _) | (Some(_), Viewer::Spectator) => Ok(Viewer::Spectator),
            _ => Err(error::refused(
                Reason::TokenNotAllowed,
                "without a token a sealed game shows only the spectator view",
            )),
        },
    }
}

/// Where an error about acting in `game` (after `index` actions) happened.
pub(crate) fn acting_context(game: &AnyGame, index: usize, seat: Option<Seat>) -> Context {
    Context {
        seat,
        phase: phase_name(game),
        action_index: index,
        rule: None,
    }
}

/// The seat to act in `game` (after `index` actions), when the caller may act (or ask a bot to
/// act) for it: an open record or the table token may; a seat token only for its own seat; no
/// token in a sealed game may not. A `seat` the request names must be the seat to act (a seat
/// outside the table is a bad argument). GAME_OVER when the hand is over.
pub(crate) fn actor(
    game: &AnyGame,
    index: usize,
    access: Access,
    seat: Option<u32>,
) -> Result<Seat, Status> {
    let seats = game.table_info().seats;
    if let Some(seat) = seat.filter(|&s| s >= u32::from(seats)) {
        return Err(error::bad_field(
            "seat",
            &format!("no seat {seat} at this table of {seats}"),
        ));
    }
    let Some(to_act) = game.to_act() else {
        return Err(error::precondition(
            Reason::GameOver,
            "the hand is over",
            &acting_context(game, index, None),
        ));
    };
    access.require_seat(
        to_act,
        |s| format!("the token is seat {s}'s; seat {to_act} is to act"),
        "acting in a sealed game needs the acting seat's token",
    )?;
    match seat {
        Some(seat) if seat != u32::from(to_act.get()) => Err(error::precondition(
            Reason::NotYourTurn,
            &format!("the request is for seat {seat}, but seat {to_act} is to act"),
            &acting_context(game, index, Some(to_act)),
        )),
        _ => Ok(to_act),
    }
}

/// The match state of a replayed hand.
pub(crate) fn match_of(r: &Replayed) -> Option<tarock_engine::session::MatchContext> {
    // Validated when the record was replayed.
    convert::match_from_pb(r.decoded.match_state.as_ref(), &r.game)
        .ok()
        .flatten()
}

/// A seed the server draws.
pub(crate) fn random_seed() -> Result<[u8; 32], Status> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed)
        .map_err(|e| error::internal(&format!("no randomness for a seed: {e}")))?;
    Ok(seed)
}
