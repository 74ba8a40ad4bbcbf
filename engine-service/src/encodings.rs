//! The encodings of a position for bots and learning: the legal-action mask (one bit per action
//! id), and the observation and information-state tensors of one seat (little-endian `f32`), as
//! LegalMoves, ApplyAction and GetView return them on request, and every answer of a Play stream
//! carries them.
//!
//! The mask is the engine's ([`AnyGame::legal_mask_into`]) as bytes: bit `i % 8` of byte `i / 8`
//! is action id `i`, which is the little-endian bytes of the engine's 64-bit words cut to
//! `ceil(action_space / 8)` bytes. Who may see what follows the views and the legal moves: the
//! mask belongs to the seat to act (as LegalMoves' moves do), a seat's tensors to that seat (as
//! its view does).

use crate::error;
use crate::respond::Writer;
use crate::state::Access;
use tarock_engine::encode::{EncodeError, Layout};
use tarock_engine::game::{Game, Observe};
use tarock_engine::{Action, AnyGame, Seat};
use tarock_proto::fields as f;
use tarock_proto::v1 as pb;
use tonic::Status;

/// Which encodings a request asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Asked {
    /// The legal-action mask.
    pub mask: bool,
    /// The observation tensor.
    pub observation: bool,
    /// The information-state tensor.
    pub info_state: bool,
}

impl Asked {
    /// What `r` asks for.
    pub(crate) fn of(r: &pb::EncodingRequest) -> Asked {
        Asked {
            mask: r.legal_mask,
            observation: r.observation,
            info_state: r.info_state,
        }
    }

    /// Whether a tensor is asked for.
    pub(crate) fn tensors(self) -> bool {
        self.observation || self.info_state
    }
}

/// The length of `game`'s legal-action mask in bytes.
pub(crate) fn mask_len(game: &AnyGame) -> usize {
    (game.action_space() as usize).div_ceil(8)
}

/// Appends the legal-action mask of `game`'s seat to act to `out` ([`mask_len`] bytes, all clear
/// once the hand is over), with `words` as room for the engine's words.
pub(crate) fn push_mask(game: &AnyGame, words: &mut Vec<u64>, out: &mut Vec<u8>) {
    let n = game.mask_words();
    if words.len() < n {
        words.resize(n, 0);
    }
    let len = mask_len(game);
    let start = out.len();
    if game.legal_mask_into(words).is_some() {
        for w in &words[..n] {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    out.resize(start + len, 0);
}

/// A tensor's layout on the wire.
pub(crate) fn layout(l: &Layout) -> pb::EncodingLayout {
    let n = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
    pb::EncodingLayout {
        size: n(l.size),
        segments: l
            .segments
            .iter()
            .map(|s| pb::EncodingSegment {
                name: s.name.to_owned(),
                offset: n(s.offset),
                shape: s.shape.iter().map(|&x| n(x)).collect(),
                description: s.description.to_owned(),
            })
            .collect(),
    }
}

/// Appends the first `n` values of `floats` to `out` as little-endian `f32`.
fn push_floats(floats: &[f32], n: usize, out: &mut Vec<u8>) {
    out.reserve(4 * n);
    for v in &floats[..n] {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// Appends `seat`'s observation tensor of `game` (of `size` values, its
/// [`AnyGame::observation_size`]) to `out` as little-endian `f32`, with `floats` as room for the
/// values.
pub(crate) fn push_observation(
    game: &AnyGame,
    seat: Seat,
    size: usize,
    floats: &mut Vec<f32>,
    out: &mut Vec<u8>,
) -> Result<(), EncodeError> {
    if floats.len() < size {
        floats.resize(size, 0.0);
    }
    game.write_observation(seat, &mut floats[..size])?;
    push_floats(floats, size, out);
    Ok(())
}

/// Appends `seat`'s information-state tensor of `game` (of `size` values, its
/// [`AnyGame::info_state_size`]), reached by `actions` from the deal, to `out` as little-endian
/// `f32`, with `floats` as room for the values.
pub(crate) fn push_info_state(
    game: &AnyGame,
    actions: &[Action],
    seat: Seat,
    size: usize,
    floats: &mut Vec<f32>,
    out: &mut Vec<u8>,
) -> Result<(), EncodeError> {
    if floats.len() < size {
        floats.resize(size, 0.0);
    }
    game.write_info_state(actions, seat, &mut floats[..size])?;
    push_floats(floats, size, out);
    Ok(())
}

/// The status of an encoding the engine refused: a seat that sits the hand out is the
/// request's fault; anything else the server's.
fn refused(e: &EncodeError) -> Status {
    match e {
        EncodeError::NotAtTable(_) => error::bad_field("encodings.seat", &e.to_string()),
        other => error::internal(&format!("cannot encode the position: {other}")),
    }
}

/// Whether the caller with `access` may see the legal moves (and mask) of `game`'s seat to act:
/// an open record and the table token may; a seat token only on its seat's turn.
pub(crate) fn may_see_moves(access: Access, game: &AnyGame) -> bool {
    match access {
        Access::Open | Access::Table => true,
        Access::Seat(s) => game.to_act() == Some(s),
        Access::Spectator => false,
    }
}

/// The seat whose tensors `r` asks for: the seat it names, a seat token's own, or the seat to
/// act (the last that acted once the hand is over, per `seats`, who made each action; the
/// first to act of the table before any action). A seat outside the table is INVALID_ARGUMENT;
/// a seat the token may not see as, when tensors are asked for, PERMISSION_DENIED.
fn encoded_seat(
    r: &pb::EncodingRequest,
    access: Access,
    game: &AnyGame,
    seats: &[Seat],
) -> Result<Seat, Status> {
    let table = game.table_info();
    let seat = match r.seat {
        Some(s) => u8::try_from(s)
            .ok()
            .filter(|&s| s < table.seats)
            .and_then(Seat::try_new)
            .ok_or_else(|| {
                error::bad_field(
                    "encodings.seat",
                    &format!("no seat {s} at this table of {}", table.seats),
                )
            })?,
        None => match access {
            Access::Seat(s) => s,
            _ => game
                .to_act()
                .or_else(|| seats.last().copied())
                .unwrap_or_else(|| table.first_active()),
        },
    };
    if Asked::of(r).tensors() {
        access.require_seat(
            seat,
            |_| "a seat token encodes only its own seat".to_owned(),
            "a seat's encodings in a sealed game need its token or the table token",
        )?;
    }
    Ok(seat)
}

/// The `Encodings` message (its fields) that `r` asks for of `game`, reached by `actions` (made
/// by `seats`), for a caller with `access`; `None` when nothing is asked.
///
/// # Errors
/// INVALID_ARGUMENT for a seat outside the table (or sitting the hand out, for its tensors),
/// PERMISSION_DENIED for tensors the token may not see, INTERNAL when the engine cannot encode
/// the position.
pub(crate) fn message(
    r: Option<&pb::EncodingRequest>,
    access: Access,
    game: &AnyGame,
    actions: &[Action],
    seats: &[Seat],
) -> Result<Option<Vec<u8>>, Status> {
    let Some(r) = r else {
        return Ok(None);
    };
    let asked = Asked::of(r);
    let seat = encoded_seat(r, access, game, seats)?;
    let mut w = Writer::with_capacity(256);
    w.uint(f::encodings::SEAT, u64::from(seat.get()));
    let mut out = Vec::new();
    if asked.mask && !game.is_over() && may_see_moves(access, game) {
        push_mask(game, &mut Vec::new(), &mut out);
        w.bytes(f::encodings::LEGAL_MASK, &out);
    }
    let mut floats = Vec::new();
    if asked.observation {
        out.clear();
        let size = game.observation_size();
        push_observation(game, seat, size, &mut floats, &mut out).map_err(|e| refused(&e))?;
        w.bytes(f::encodings::OBSERVATION, &out);
    }
    if asked.info_state {
        out.clear();
        let size = game.info_state_size();
        push_info_state(game, actions, seat, size, &mut floats, &mut out)
            .map_err(|e| refused(&e))?;
        w.bytes(f::encodings::INFO_STATE, &out);
    }
    Ok(Some(w.into_bytes()))
}
