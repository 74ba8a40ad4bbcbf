//! Hand-written decoding of the requests that carry a whole record (`LegalMoves`,
//! `ApplyAction`): the same message prost decodes, in less time.
//!
//! Every request carries its record, so decoding it is a large share of the server's work per
//! request. prost decodes through the generic `Buf` interface, field by field, and grows every
//! string and list as it goes; here the message is read from one contiguous slice, strings are
//! allocated at their final size and the actions list at the number of actions.
//!
//! Only well-formed input in the shapes this service's clients write is decoded here. Anything
//! else (a malformed varint, key or length, a wire type that does not match the field, a field
//! number the message does not have, invalid UTF-8, input in more than one chunk) makes the fast
//! path give up, and the whole message is decoded by prost instead, so that every result and
//! every error is exactly prost's. Repeated occurrences of a field behave as in prost: a scalar or
//! string is replaced, a message is merged, a list is appended to, a `oneof` keeps merging into
//! the same case and restarts on another. The tests decode random and corrupted messages both
//! ways and compare.

use crate::v1 as pb;
use prost::bytes::Buf;
use prost::Message;
use std::any::Any;

/// Decodes a `U` from `buf`: a `LegalMovesRequest` or an `ApplyActionRequest` through the fast
/// path when it can, anything else (and anything the fast path declines) with prost. The result,
/// or the error, is what `U::decode(buf)` gives.
///
/// # Errors
/// prost's [`prost::DecodeError`] for bytes that are not a valid `U`.
pub fn decode<U: Message + Default + Any>(mut buf: impl Buf) -> Result<U, prost::DecodeError> {
    let len = buf.remaining();
    if buf.chunk().len() == len {
        if let Some(m) = fast::<U>(buf.chunk()) {
            buf.advance(len);
            return Ok(m);
        }
    }
    U::decode(buf)
}

/// The fast path alone: `bytes` decoded as a `U` when `U` is one of the requests decoded here
/// and the fast path takes the input; `None` otherwise (prost then decides, error or not).
pub fn fast<U: Default + Any>(bytes: &[u8]) -> Option<U> {
    let mut out = U::default();
    let any = &mut out as &mut dyn Any;
    if let Some(m) = any.downcast_mut::<pb::ApplyActionRequest>() {
        apply_action_request(Reader(bytes), m, None)?;
    } else if let Some(m) = any.downcast_mut::<pb::LegalMovesRequest>() {
        legal_moves_request(Reader(bytes), m, None)?;
    } else {
        return None;
    }
    Some(out)
}

/// A record decoded with its actions left in the bytes (see [`lean_record`]): `message` is the
/// record with `actions` empty, and `actions` are the encoded `Action` messages, not yet decoded
/// (read each with [`action_ref`]; most records repeat encodings the server wrote, which a
/// caller can recognise without decoding). The record is as prost reads it if, and only if,
/// every action decodes with [`action_ref`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lean<'a, U> {
    /// The record, its actions left out.
    pub message: U,
    /// The record's actions, each the bytes of an `Action` message.
    pub actions: Vec<&'a [u8]>,
}

/// A request's state as its bytes (see [`lean`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StateBytes<'a> {
    /// No state.
    #[default]
    Missing,
    /// An open record: the bytes of its `GameRecord` message (decode them with
    /// [`lean_record`]).
    Record(&'a [u8]),
    /// A sealed record: its `SealedRecord` fields, `data` borrowed.
    Sealed {
        /// `data`.
        data: &'a [u8],
        /// `move_count`.
        move_count: u64,
    },
}

/// A request decoded with its state, and an `ApplyActionRequest`'s action, left as bytes (see
/// [`lean`]): `message` is the request without them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LeanRequest<'a, U> {
    /// The request without its state and action.
    pub message: U,
    /// The state.
    pub state: StateBytes<'a>,
    /// The action's `Action` message, if the request has one (read it with [`action_ref`]).
    pub action: Option<&'a [u8]>,
    /// The token's bytes (`message`'s token is left empty).
    pub token: &'a [u8],
}

/// What [`lean`] leaves as bytes.
#[derive(Default)]
struct Parts<'a> {
    state: StateBytes<'a>,
    action: Option<&'a [u8]>,
    token: &'a [u8],
}

/// An `Action` message's fields, its strings borrowed (as prost reads the message, repeated
/// fields merged); `None` for bytes prost would refuse or that the fast path declines.
#[must_use]
pub fn action_ref(bytes: &[u8]) -> Option<ActionRef<'_>> {
    let mut a = ActionRef::default();
    action_fields(Reader(bytes), &mut a)?;
    Some(a)
}

/// A `GameRecord` decoded with its actions left encoded (see [`Lean`]). `None` for input the
/// fast path declines (prost then decides).
#[must_use]
pub fn lean_record(bytes: &[u8]) -> Option<Lean<'_, pb::GameRecord>> {
    let mut out = Lean {
        message: pb::GameRecord::default(),
        actions: Vec::new(),
    };
    game_record(Reader(bytes), &mut out.message, Some(&mut out.actions))?;
    Some(out)
}

/// [`fast`] with the request's state (and an `ApplyActionRequest`'s action) left as bytes, so
/// that a caller can recognise a state it has seen (the server keeps recent replays by their
/// records' bytes) before decoding it, and an action it wrote itself without decoding it.
/// `None` where [`fast`] declines the rest of the request, and for a request whose state or
/// action field occurs more than once (prost merges the occurrences; [`fast`] and prost then
/// decide).
///
/// For the requests it takes, the request is as prost reads it if, and only if, an open record's
/// bytes are taken by [`lean_record`] and each of its actions, and the request's action, by
/// [`action_ref`]; a sealed record's fields are read here, as prost reads them.
#[must_use]
pub fn lean<U: Default + Any>(bytes: &[u8]) -> Option<LeanRequest<'_, U>> {
    let mut message = U::default();
    let mut parts = Parts::default();
    let any = &mut message as &mut dyn Any;
    if let Some(m) = any.downcast_mut::<pb::ApplyActionRequest>() {
        apply_action_request(Reader(bytes), m, Some(&mut parts))?;
    } else if let Some(m) = any.downcast_mut::<pb::LegalMovesRequest>() {
        legal_moves_request(Reader(bytes), m, Some(&mut parts))?;
    } else {
        return None;
    }
    Some(LeanRequest {
        message,
        state: parts.state,
        action: parts.action,
        token: parts.token,
    })
}

/// Protobuf wire types.
const VARINT: u8 = 0;
const LEN: u8 = 2;

/// What the fast path makes of the input: `None` declines it (prost decides).
type Fast<T = ()> = Option<T>;

/// Reads protobuf fields from a slice.
#[derive(Clone, Copy)]
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A varint as prost reads it: at most ten bytes, the tenth at most 1.
    #[inline(always)]
    fn varint(&mut self) -> Fast<u64> {
        match self.0.split_first() {
            Some((&b, rest)) if b < 0x80 => {
                self.0 = rest;
                Some(u64::from(b))
            }
            _ => self.long_varint(),
        }
    }

    /// [`Reader::varint`] of two bytes or more (or none).
    #[inline(never)]
    fn long_varint(&mut self) -> Fast<u64> {
        let mut v = 0u64;
        for (i, &b) in self.0.iter().enumerate().take(10) {
            if i == 9 && b > 1 {
                return None;
            }
            v |= u64::from(b & 0x7f) << (7 * i);
            if b < 0x80 {
                self.0 = &self.0[i + 1..];
                return Some(v);
            }
        }
        None
    }

    /// A field key: its number and wire type (a key prost rejects is declined).
    fn key(&mut self) -> Fast<(u32, u8)> {
        let k = u32::try_from(self.varint()?).ok()?;
        let (tag, wire_type) = (k >> 3, (k & 7) as u8);
        (tag != 0).then_some((tag, wire_type))
    }

    /// The payload of a length-delimited field.
    fn len_delimited(&mut self, wire_type: u8) -> Fast<&'a [u8]> {
        if wire_type != LEN {
            return None;
        }
        let n = usize::try_from(self.varint()?).ok()?;
        if n > self.0.len() {
            return None;
        }
        let (b, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(b)
    }

    /// A nested message, as a reader over its bytes.
    fn message(&mut self, wire_type: u8) -> Fast<Reader<'a>> {
        self.len_delimited(wire_type).map(Reader)
    }

    fn string(&mut self, wire_type: u8) -> Fast<String> {
        let b = self.len_delimited(wire_type)?;
        std::str::from_utf8(b).ok().map(str::to_owned)
    }

    /// A `string` field's bytes, borrowed, checked to be UTF-8 as prost checks them (most are
    /// ASCII, which is quicker to check).
    fn text(&mut self, wire_type: u8) -> Fast<&'a [u8]> {
        let b = self.len_delimited(wire_type)?;
        (b.is_ascii() || std::str::from_utf8(b).is_ok()).then_some(b)
    }

    fn bytes(&mut self, wire_type: u8) -> Fast<Vec<u8>> {
        self.len_delimited(wire_type).map(<[u8]>::to_vec)
    }

    /// A varint field's value.
    fn scalar(&mut self, wire_type: u8) -> Fast<u64> {
        if wire_type != VARINT {
            return None;
        }
        self.varint()
    }

    /// A `uint32` field (prost keeps the low 32 bits).
    fn uint32(&mut self, wire_type: u8) -> Fast<u32> {
        self.scalar(wire_type).map(|v| v as u32)
    }

    /// An `int32` or enum field (prost keeps the low 32 bits).
    fn int32(&mut self, wire_type: u8) -> Fast<i32> {
        self.scalar(wire_type).map(|v| v as i32)
    }

    /// A repeated varint field, packed or not, appended to `out` through `f`.
    fn repeated<T>(&mut self, wire_type: u8, out: &mut Vec<T>, f: impl Fn(u64) -> T) -> Fast {
        if wire_type == VARINT {
            out.push(f(self.varint()?));
            return Some(());
        }
        let mut packed = Reader(self.len_delimited(wire_type)?);
        while !packed.is_empty() {
            out.push(f(packed.varint()?));
        }
        Some(())
    }
}

/// Reads every field of `r` with `field`, which declines the fields it does not know.
fn fields<'a>(mut r: Reader<'a>, mut field: impl FnMut(&mut Reader<'a>, u32, u8) -> Fast) -> Fast {
    while !r.is_empty() {
        let (tag, wire_type) = r.key()?;
        field(&mut r, tag, wire_type)?;
    }
    Some(())
}

/// Merges a nested message into `slot`, as prost does with a repeated occurrence.
fn merge_into<T: Default>(
    r: &mut Reader<'_>,
    wire_type: u8,
    slot: &mut Option<T>,
    merge: impl FnOnce(Reader<'_>, &mut T) -> Fast,
) -> Fast {
    let body = r.message(wire_type)?;
    merge(body, slot.get_or_insert_with(T::default))
}

fn card(r: Reader<'_>, m: &mut pb::Card) -> Fast {
    fields(r, |r, tag, wt| {
        match tag {
            1 => m.index = r.uint32(wt)?,
            2 => m.notation = r.string(wt)?,
            3 => m.name = r.string(wt)?,
            _ => return None,
        }
        Some(())
    })
}

/// An action merged into `m`, by [`action_fields`] (the one reading of its fields).
fn action(r: Reader<'_>, m: &mut pb::Action) -> Fast {
    let mut fields = ActionRef::from(&*m);
    action_fields(r, &mut fields)?;
    let merged = fields.to_pb();
    *m = merged;
    Some(())
}

/// A card's fields, borrowed from the request's bytes (see [`lean`]). The strings are given as
/// their bytes, which are valid UTF-8 (decoding checks it, as prost does).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardRef<'a> {
    /// `index`.
    pub index: u32,
    /// `notation`.
    pub notation: &'a [u8],
    /// `name`.
    pub name: &'a [u8],
}

/// An action's fields, borrowed from the request's bytes (see [`lean`]); strings as in
/// [`CardRef`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionRef<'a> {
    /// `kind`.
    pub kind: i32,
    /// `card`.
    pub card: Option<CardRef<'a>>,
    /// `contract`.
    pub contract: i32,
    /// `bonus`.
    pub bonus: i32,
    /// `suit`.
    pub suit: i32,
    /// `level`.
    pub level: u32,
    /// `count`.
    pub count: u32,
    /// `notation`.
    pub notation: &'a [u8],
    /// `group`.
    pub group: u32,
}

/// The text of string bytes decoding has checked (empty if they are not UTF-8, which they are).
#[must_use]
pub fn text(b: &[u8]) -> &str {
    std::str::from_utf8(b).unwrap_or_default()
}

impl ActionRef<'_> {
    /// The action as a prost message.
    #[must_use]
    pub fn to_pb(&self) -> pb::Action {
        pb::Action {
            kind: self.kind,
            card: self.card.map(|c| pb::Card {
                index: c.index,
                notation: text(c.notation).to_owned(),
                name: text(c.name).to_owned(),
            }),
            contract: self.contract,
            bonus: self.bonus,
            suit: self.suit,
            level: self.level,
            count: self.count,
            notation: text(self.notation).to_owned(),
            group: self.group,
        }
    }
}

impl<'a> From<&'a pb::Card> for CardRef<'a> {
    fn from(c: &'a pb::Card) -> CardRef<'a> {
        CardRef {
            index: c.index,
            notation: c.notation.as_bytes(),
            name: c.name.as_bytes(),
        }
    }
}

impl<'a> From<&'a pb::Action> for ActionRef<'a> {
    fn from(a: &'a pb::Action) -> ActionRef<'a> {
        ActionRef {
            kind: a.kind,
            card: a.card.as_ref().map(CardRef::from),
            contract: a.contract,
            bonus: a.bonus,
            suit: a.suit,
            level: a.level,
            count: a.count,
            notation: a.notation.as_bytes(),
            group: a.group,
        }
    }
}

/// An action's fields merged into `m` as prost merges them (a later occurrence of a field
/// replaces a scalar or string, and merges into the card), borrowed from the bytes.
fn action_fields<'a>(r: Reader<'a>, m: &mut ActionRef<'a>) -> Fast {
    fields(r, |r, tag, wt| {
        match tag {
            1 => m.kind = r.int32(wt)?,
            2 => {
                let c = m.card.get_or_insert_with(CardRef::default);
                fields(r.message(wt)?, |r, tag, wt| {
                    match tag {
                        1 => c.index = r.uint32(wt)?,
                        2 => c.notation = r.text(wt)?,
                        3 => c.name = r.text(wt)?,
                        _ => return None,
                    }
                    Some(())
                })?;
            }
            3 => m.contract = r.int32(wt)?,
            4 => m.bonus = r.int32(wt)?,
            5 => m.suit = r.int32(wt)?,
            6 => m.level = r.uint32(wt)?,
            7 => m.count = r.uint32(wt)?,
            8 => m.notation = r.text(wt)?,
            9 => m.group = r.uint32(wt)?,
            _ => return None,
        }
        Some(())
    })
}

fn rule_option(r: Reader<'_>, m: &mut pb::RuleOption) -> Fast {
    fields(r, |r, tag, wt| {
        match tag {
            1 => m.name = r.string(wt)?,
            2 => m.value = r.string(wt)?,
            _ => return None,
        }
        Some(())
    })
}

/// Appends a message of a repeated field to `list`.
fn push<T: Default>(
    r: &mut Reader<'_>,
    wire_type: u8,
    list: &mut Vec<T>,
    merge: impl FnOnce(Reader<'_>, &mut T) -> Fast,
) -> Fast {
    let body = r.message(wire_type)?;
    let mut m = T::default();
    merge(body, &mut m)?;
    list.push(m);
    Some(())
}

fn explicit_deal(r: Reader<'_>, m: &mut pb::ExplicitDeal) -> Fast {
    fields(r, |r, tag, wt| match tag {
        1 => push(r, wt, &mut m.hands, |r, h: &mut pb::Hand| {
            fields(r, |r, tag, wt| match tag {
                1 => push(r, wt, &mut h.cards, card),
                _ => None,
            })
        }),
        2 => push(r, wt, &mut m.talon, card),
        _ => None,
    })
}

fn match_state(r: Reader<'_>, m: &mut pb::MatchState) -> Fast {
    fields(r, |r, tag, wt| {
        match tag {
            1 => m.deals_played = r.uint32(wt)?,
            2 => r.repeated(wt, &mut m.totals, |v| v as i64)?,
            3 => r.repeated(wt, &mut m.doubled_rounds, |v| v as u32)?,
            4 => m.session = r.int32(wt)?,
            5 => m.skiz_holder = Some(r.uint32(wt)?),
            6 => m.session_turns = r.uint32(wt)?,
            _ => return None,
        }
        Some(())
    })
}

/// The number of `actions` fields (tag 8) directly in a record, so that the list is allocated
/// once; `None` when the record does not read as fields (the decoder then declines it anyway).
fn count_actions(mut r: Reader<'_>) -> Fast<usize> {
    let mut n = 0;
    while !r.is_empty() {
        let (tag, wire_type) = r.key()?;
        match wire_type {
            VARINT => {
                r.varint()?;
            }
            LEN => {
                r.len_delimited(LEN)?;
                n += usize::from(tag == 8);
            }
            _ => return None,
        }
    }
    Some(n)
}

/// Decodes a record into `m`; with `lean`, its actions' bytes are appended there instead.
fn game_record<'a>(
    r: Reader<'a>,
    m: &mut pb::GameRecord,
    mut lean: Option<&mut Vec<&'a [u8]>>,
) -> Fast {
    match &mut lean {
        Some(list) => list.reserve(count_actions(r)?),
        None => m.actions.reserve(count_actions(r)?),
    }
    fields(r, |r, tag, wt| {
        match tag {
            1 => m.variant = r.string(wt)?,
            2 => m.rules_version = r.uint32(wt)?,
            3 => push(r, wt, &mut m.options, rule_option)?,
            4 => m.seats = r.uint32(wt)?,
            5 => m.dealer = r.uint32(wt)?,
            6 => m.deal = Some(pb::game_record::Deal::Seed(r.bytes(wt)?)),
            7 => {
                let body = r.message(wt)?;
                if !matches!(m.deal, Some(pb::game_record::Deal::ExplicitDeal(_))) {
                    m.deal = Some(pb::game_record::Deal::ExplicitDeal(Default::default()));
                }
                let Some(pb::game_record::Deal::ExplicitDeal(d)) = &mut m.deal else {
                    return None;
                };
                explicit_deal(body, d)?;
            }
            8 => match &mut lean {
                Some(list) => list.push(r.len_delimited(wt)?),
                None => push(r, wt, &mut m.actions, action)?,
            },
            9 => merge_into(r, wt, &mut m.match_state, match_state)?,
            _ => return None,
        }
        Some(())
    })
}

/// A `SealedRecord` as [`StateBytes::Sealed`], as prost reads it (a later occurrence of a field
/// replaces an earlier one).
fn sealed_bytes(r: Reader<'_>) -> Fast<StateBytes<'_>> {
    let (mut data, mut move_count): (&[u8], u64) = (&[], 0);
    fields(r, |r, tag, wt| {
        match tag {
            1 => data = r.len_delimited(wt)?,
            2 => move_count = r.scalar(wt)?,
            _ => return None,
        }
        Some(())
    })?;
    Some(StateBytes::Sealed { data, move_count })
}

fn sealed_record(r: Reader<'_>, m: &mut pb::SealedRecord) -> Fast {
    fields(r, |r, tag, wt| {
        match tag {
            1 => m.data = r.bytes(wt)?,
            2 => m.move_count = r.scalar(wt)?,
            _ => return None,
        }
        Some(())
    })
}

fn viewer(r: Reader<'_>, m: &mut pb::Viewer) -> Fast {
    fields(r, |r, tag, wt| {
        match tag {
            1 => m.role = r.int32(wt)?,
            2 => m.seat = r.uint32(wt)?,
            _ => return None,
        }
        Some(())
    })
}

/// The `state` oneof of a request: `record` (1) or `sealed` (2), merged into the same case; with
/// `lean`, left as bytes there (a second occurrence declines).
macro_rules! state_field {
    ($module:ident, $r:expr, $tag:expr, $wt:expr, $state:expr, $lean:expr) => {{
        use pb::$module::State;
        let body = $r.message($wt)?;
        if let Some(lean) = &mut $lean {
            if lean.state != StateBytes::Missing {
                return None;
            }
            lean.state = match $tag {
                1 => StateBytes::Record(body.0),
                _ => sealed_bytes(body)?,
            };
            return Some(());
        }
        match $tag {
            1 => {
                if !matches!($state, Some(State::Record(_))) {
                    *$state = Some(State::Record(Default::default()));
                }
                let Some(State::Record(rec)) = $state else {
                    return None;
                };
                game_record(body, rec, None)?;
            }
            _ => {
                if !matches!($state, Some(State::Sealed(_))) {
                    *$state = Some(State::Sealed(Default::default()));
                }
                let Some(State::Sealed(s)) = $state else {
                    return None;
                };
                sealed_record(body, s)?;
            }
        }
    }};
}

/// A request's `token` (field 10): borrowed into `lean` when there is one, else copied into
/// the message (the last occurrence wins, as prost reads bytes).
fn token<'a>(
    r: &mut Reader<'a>,
    wt: u8,
    m: &mut Vec<u8>,
    lean: &mut Option<&mut Parts<'a>>,
) -> Fast {
    match lean {
        Some(parts) => parts.token = r.len_delimited(wt)?,
        None => *m = r.bytes(wt)?,
    }
    Some(())
}

fn legal_moves_request<'a>(
    r: Reader<'a>,
    m: &mut pb::LegalMovesRequest,
    mut lean: Option<&mut Parts<'a>>,
) -> Fast {
    fields(r, |r, tag, wt| {
        match tag {
            1 | 2 => state_field!(legal_moves_request, r, tag, wt, &mut m.state, lean),
            10 => token(r, wt, &mut m.token, &mut lean)?,
            _ => return None,
        }
        Some(())
    })
}

fn apply_action_request<'a>(
    r: Reader<'a>,
    m: &mut pb::ApplyActionRequest,
    mut lean: Option<&mut Parts<'a>>,
) -> Fast {
    fields(r, |r, tag, wt| {
        match tag {
            1 | 2 => state_field!(apply_action_request, r, tag, wt, &mut m.state, lean),
            3 => match &mut lean {
                Some(parts) if parts.action.is_some() => return None,
                Some(parts) => parts.action = Some(r.len_delimited(wt)?),
                None => merge_into(r, wt, &mut m.action, action)?,
            },
            4 => m.action_id = Some(r.uint32(wt)?),
            5 => merge_into(r, wt, &mut m.viewer, viewer)?,
            6 => m.seat = Some(r.uint32(wt)?),
            7 => m.omit_view = r.scalar(wt)? != 0,
            10 => token(r, wt, &mut m.token, &mut lean)?,
            11 => m.expected_move_count = Some(r.scalar(wt)?),
            _ => return None,
        }
        Some(())
    })
}
