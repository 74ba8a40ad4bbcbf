//! Hand-written encoding of the responses that carry records and views, and of records alone
//! (the server seals them): the same bytes prost writes, in one pass.
//!
//! prost prefixes every nested message with its length, and computes that length by walking the
//! message, so a card inside an action inside a history entry inside a view inside a response is
//! measured once per level above it and then written: most of the time of encoding a view went
//! to measuring. Here each nested message is written once, after one placeholder byte for its
//! length; a length of 128 bytes or more (a view, a record) moves the message up by the extra
//! bytes its length needs. The output is what `prost::Message::encode` gives for the same value,
//! byte for byte (fields in tag order, proto3 defaults left out, `optional` fields written when
//! set, repeated scalars packed, negative enums as ten-byte varints); the tests compare the two on
//! random messages.
//!
//! Every encoder below takes its message apart with an exhaustive pattern, so a field added to
//! `engine.proto` does not compile until it is encoded here too.

use crate::v1 as pb;
use prost::bytes::BufMut;
use std::any::Any;
use std::cell::RefCell;
use std::ops::Range;

/// Appends the encoding of `msg` to `buf` and returns `true` when `msg` is one of the responses
/// this module encodes (`NewDeal`, `LegalMoves`, `ApplyAction`, `GetView`, `NextDeal`) or a
/// `GameRecord`; `false`, without writing anything, for any other message.
pub fn encode<T: Any>(msg: &T, buf: &mut impl BufMut) -> bool {
    let any = msg as &dyn Any;
    if let Some(m) = any.downcast_ref::<pb::ApplyActionResponse>() {
        with_writer(buf, |w| apply_action_response(w, m));
    } else if let Some(m) = any.downcast_ref::<pb::LegalMovesResponse>() {
        with_writer(buf, |w| legal_moves_response(w, m));
    } else if let Some(m) = any.downcast_ref::<pb::GetViewResponse>() {
        with_writer(buf, |w| get_view_response(w, m));
    } else if let Some(m) = any.downcast_ref::<pb::NewDealResponse>() {
        with_writer(buf, |w| new_deal_response(w, m));
    } else if let Some(m) = any.downcast_ref::<pb::NextDealResponse>() {
        with_writer(buf, |w| next_deal_response(w, m));
    } else if let Some(m) = any.downcast_ref::<pb::GameRecord>() {
        with_writer(buf, |w| game_record(w, m));
    } else {
        return false;
    }
    true
}

/// Encodes into this thread's scratch buffer (lengths are patched in place, which the codec's
/// buffer does not allow) and copies the result to `buf`.
fn with_writer(buf: &mut impl BufMut, f: impl FnOnce(&mut Writer)) {
    /// Scratch kept for the next message up to this size; a larger one is freed after use.
    const KEEP: usize = 64 * 1024;
    thread_local! {
        static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }
    SCRATCH.with(|s| {
        let mut w = Writer(std::mem::take(&mut *s.borrow_mut()));
        w.0.clear();
        f(&mut w);
        buf.put_slice(&w.0);
        if w.0.capacity() <= KEEP {
            *s.borrow_mut() = w.0;
        }
    });
}

/// Protobuf wire types.
const VARINT: u32 = 0;
const LEN: u32 = 2;

/// Writes protobuf fields to a growing buffer, as prost writes them: a field at its default is
/// left out, and each nested message is written once (see the module's description). Callers
/// write fields in tag order.
#[derive(Debug, Default)]
pub struct Writer(Vec<u8>);

fn varint_len(v: u64) -> usize {
    // 1 byte per 7 bits, at least one.
    (64 - (v | 1).leading_zeros() as usize).div_ceil(7)
}

/// The bytes [`Writer::uint`] writes for field `tag` with value `v` (none for zero).
#[must_use]
pub fn uint_len(tag: u32, v: u64) -> usize {
    if v == 0 {
        0
    } else {
        varint_len(u64::from(tag << 3)) + varint_len(v)
    }
}

/// The key of length-delimited field `tag` when one byte holds it (tags 1 to 15).
#[must_use]
pub const fn len_key(tag: u32) -> Option<u8> {
    if tag >= 1 && tag < 16 {
        Some((tag << 3 | LEN) as u8)
    } else {
        None
    }
}

impl Writer {
    /// An empty writer with room for `n` bytes.
    #[must_use]
    pub fn with_capacity(n: usize) -> Writer {
        Writer(Vec::with_capacity(n))
    }

    /// The bytes written.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }

    /// How many bytes are written.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nothing is written.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.0.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }

    fn key(&mut self, tag: u32, wire_type: u32) {
        self.varint(u64::from(tag << 3 | wire_type));
    }

    /// A `uint32`, `uint64` or `bool` field: left out when zero.
    pub fn uint(&mut self, tag: u32, v: u64) {
        if v != 0 {
            self.key(tag, VARINT);
            self.varint(v);
        }
    }

    /// An `int32` or enum field: left out when zero; negative values take ten bytes.
    pub fn int(&mut self, tag: u32, v: i64) {
        if v != 0 {
            self.key(tag, VARINT);
            self.varint(v as u64);
        }
    }

    /// An `optional uint32` field: written whenever set, zero included.
    pub fn opt_uint(&mut self, tag: u32, v: Option<u32>) {
        if let Some(v) = v {
            self.key(tag, VARINT);
            self.varint(u64::from(v));
        }
    }

    /// Length-delimited bytes, always written.
    pub fn bytes_always(&mut self, tag: u32, b: &[u8]) {
        self.key(tag, LEN);
        self.varint(b.len() as u64);
        self.0.extend_from_slice(b);
    }

    /// A `string` or `bytes` field: left out when empty.
    pub fn bytes(&mut self, tag: u32, b: &[u8]) {
        if !b.is_empty() {
            self.bytes_always(tag, b);
        }
    }

    /// A packed repeated varint field (`repeated int64`, `repeated uint32`).
    pub fn packed(&mut self, tag: u32, vs: impl Iterator<Item = u64> + Clone) {
        let len: usize = vs.clone().map(varint_len).sum();
        if len > 0 {
            self.key(tag, LEN);
            self.varint(len as u64);
            for v in vs {
                self.varint(v);
            }
        }
    }

    /// Bytes already encoded as whole fields, appended as they are.
    pub fn raw(&mut self, fields: &[u8]) {
        self.0.extend_from_slice(fields);
    }

    /// The first `len` bytes of `padded`, fields already encoded (`len` at most `N`): the whole
    /// array is copied, a copy of a size known here, and the rest cut off again, which is
    /// quicker for short fields than copying `len` bytes.
    pub fn raw_fixed<const N: usize>(&mut self, padded: &[u8; N], len: usize) {
        let end = self.0.len() + len.min(N);
        self.0.extend_from_slice(padded);
        self.0.truncate(end);
    }

    /// A length-delimited field already written in the first `len` bytes of `slot` (at most
    /// `N`) but for its key, one byte (see [`len_key`]), which goes first: the whole slot is
    /// copied, a copy of a size known here, the key put in and the rest cut off again.
    pub fn field_fixed<const N: usize>(&mut self, key: u8, slot: &[u8; N], len: usize) {
        let start = self.0.len();
        self.0.extend_from_slice(slot);
        if let Some(b) = self.0.get_mut(start) {
            *b = key;
        }
        self.0.truncate(start + len.min(N));
    }

    /// The key and length of a nested message of `len` bytes, which the caller writes next
    /// (for a message whose length is known beforehand, e.g. made of [`Writer::raw`] fields).
    pub fn message_header(&mut self, tag: u32, len: usize) {
        self.key(tag, LEN);
        self.varint(len as u64);
    }

    /// A nested message written by `body`, prefixed with its length; returns where its body
    /// is in the bytes written.
    pub fn message(&mut self, tag: u32, body: impl FnOnce(&mut Writer)) -> Range<usize> {
        self.message_in(tag, 1, body)
    }

    /// [`Writer::message`] for a message likely to take 128 bytes to 16 KiB (a view, a seat's
    /// view with its cards): room for a length of two bytes is left before it, so that the
    /// message is written in place; one of another length is moved into place.
    pub fn long_message(&mut self, tag: u32, body: impl FnOnce(&mut Writer)) -> Range<usize> {
        self.message_in(tag, 2, body)
    }

    /// A nested message written by `body` after `room` bytes left for its length, then moved
    /// if its length takes another number of bytes.
    fn message_in(
        &mut self,
        tag: u32,
        room: usize,
        body: impl FnOnce(&mut Writer),
    ) -> Range<usize> {
        self.key(tag, LEN);
        let at = self.0.len();
        self.0.resize(at + room, 0);
        body(self);
        let end = self.0.len();
        let len = end - at - room;
        if room == 1 && len < 0x80 {
            // Most messages (cards, actions, history entries): one length byte, in place.
            self.0[at] = len as u8;
            return at + 1..end;
        }
        let n = varint_len(len as u64);
        if n > room {
            // Room for the longer length: move the message up.
            self.0.resize(end + n - room, 0);
            self.0.copy_within(at + room..end, at + n);
        } else if n < room {
            // A shorter length: move the message down.
            self.0.copy_within(at + room..end, at + n);
            self.0.truncate(at + n + len);
        }
        let mut v = len as u64;
        for b in &mut self.0[at..at + n] {
            *b = (v as u8) | 0x80;
            v >>= 7;
        }
        self.0[at + n - 1] &= 0x7f;
        at + n..at + n + len
    }
}

fn enum_value(v: i32) -> i64 {
    i64::from(v)
}

// ----- messages, each as prost writes it: fields in tag order ---------------------------------

fn card(w: &mut Writer, m: &pb::Card) {
    let pb::Card {
        index,
        notation,
        name,
    } = m;
    w.uint(1, u64::from(*index));
    w.bytes(2, notation.as_bytes());
    w.bytes(3, name.as_bytes());
}

fn cards(w: &mut Writer, tag: u32, cs: &[pb::Card]) {
    for c in cs {
        w.message(tag, |w| card(w, c));
    }
}

fn action(w: &mut Writer, m: &pb::Action) {
    let pb::Action {
        kind,
        card: c,
        contract,
        bonus,
        suit,
        level,
        count,
        notation,
        group,
    } = m;
    w.int(1, enum_value(*kind));
    if let Some(c) = c {
        w.message(2, |w| card(w, c));
    }
    w.int(3, enum_value(*contract));
    w.int(4, enum_value(*bonus));
    w.int(5, enum_value(*suit));
    w.uint(6, u64::from(*level));
    w.uint(7, u64::from(*count));
    w.bytes(8, notation.as_bytes());
    w.uint(9, u64::from(*group));
}

/// Writes a `GameRecord`'s fields.
pub fn game_record(w: &mut Writer, m: &pb::GameRecord) {
    let pb::GameRecord {
        variant,
        rules_version,
        options,
        seats,
        dealer,
        actions,
        match_state,
        deal,
    } = m;
    w.bytes(1, variant.as_bytes());
    w.uint(2, u64::from(*rules_version));
    for o in options {
        let pb::RuleOption { name, value } = o;
        w.message(3, |w| {
            w.bytes(1, name.as_bytes());
            w.bytes(2, value.as_bytes());
        });
    }
    w.uint(4, u64::from(*seats));
    w.uint(5, u64::from(*dealer));
    match deal {
        None => {}
        Some(pb::game_record::Deal::Seed(s)) => w.bytes_always(6, s),
        Some(pb::game_record::Deal::ExplicitDeal(d)) => {
            w.message(7, |w| {
                let pb::ExplicitDeal { hands, talon } = d;
                for h in hands {
                    let pb::Hand { cards: cs } = h;
                    w.message(1, |w| cards(w, 1, cs));
                }
                cards(w, 2, talon);
            });
        }
    }
    for a in actions {
        w.message(8, |w| action(w, a));
    }
    if let Some(ms) = match_state {
        w.message(9, |w| match_state_message(w, ms));
    }
}

/// Writes a `MatchState`'s fields.
pub fn match_state_message(w: &mut Writer, m: &pb::MatchState) {
    let pb::MatchState {
        deals_played,
        totals,
        doubled_rounds,
        session,
        skiz_holder,
        session_turns,
    } = m;
    w.uint(1, u64::from(*deals_played));
    w.packed(2, totals.iter().map(|&t| t as u64));
    w.packed(3, doubled_rounds.iter().map(|&r| u64::from(r)));
    w.int(4, enum_value(*session));
    w.opt_uint(5, *skiz_holder);
    w.uint(6, u64::from(*session_turns));
}

/// Writes a `SealedRecord`'s fields.
pub fn sealed_record(w: &mut Writer, m: &pb::SealedRecord) {
    let pb::SealedRecord { data, move_count } = m;
    w.bytes(1, data);
    w.uint(2, *move_count);
}

fn legal_move(w: &mut Writer, m: &pb::LegalMove) {
    let pb::LegalMove {
        action: a,
        id,
        label,
    } = m;
    if let Some(a) = a {
        w.message(1, |w| action(w, a));
    }
    w.uint(2, u64::from(*id));
    w.bytes(3, label.as_bytes());
}

fn trick(w: &mut Writer, m: &pb::TrickView) {
    let pb::TrickView {
        leader,
        plays,
        winner,
    } = m;
    w.uint(1, u64::from(*leader));
    for p in plays {
        let pb::Play { seat, card: c } = p;
        w.message(2, |w| {
            w.uint(1, u64::from(*seat));
            if let Some(c) = c {
                w.message(2, |w| card(w, c));
            }
        });
    }
    w.opt_uint(3, *winner);
}

fn seat_view(w: &mut Writer, m: &pb::SeatView) {
    let pb::SeatView {
        seat,
        active,
        hand_size,
        hand,
        discard_count,
        discarded_tarokks,
        discards,
        declared_tarokks,
        team,
        won,
        talon_received,
        tarokks_declared,
    } = m;
    w.uint(1, u64::from(*seat));
    w.uint(2, u64::from(*active));
    w.uint(3, u64::from(*hand_size));
    cards(w, 4, hand);
    w.uint(5, u64::from(*discard_count));
    w.opt_uint(6, *discarded_tarokks);
    cards(w, 7, discards);
    w.uint(8, u64::from(*declared_tarokks));
    w.int(9, enum_value(*team));
    cards(w, 10, won);
    w.uint(11, u64::from(*talon_received));
    w.uint(12, u64::from(*tarokks_declared));
}

fn talon_groups(w: &mut Writer, m: &pb::TalonGroups) {
    let pb::TalonGroups { group_size, groups } = m;
    w.uint(1, u64::from(*group_size));
    for g in groups {
        let pb::TalonGroup {
            number,
            state,
            cards: cs,
        } = g;
        w.message(2, |w| {
            w.uint(1, u64::from(*number));
            w.int(2, enum_value(*state));
            cards(w, 3, cs);
        });
    }
}

fn game_view(w: &mut Writer, m: &pb::GameView) {
    let pb::GameView {
        viewer,
        variant,
        seats,
        dealer,
        phase,
        to_act,
        seat_views,
        auction,
        declarer,
        contract,
        talon_size,
        talon,
        called,
        announcements,
        game_level,
        current_trick,
        tricks,
        history,
        end,
        end_seat,
        moves,
        talon_groups: groups,
        danish,
    } = m;
    if let Some(v) = viewer {
        let pb::Viewer { role, seat } = v;
        w.message(1, |w| {
            w.int(1, enum_value(*role));
            w.uint(2, u64::from(*seat));
        });
    }
    w.bytes(2, variant.as_bytes());
    w.uint(3, u64::from(*seats));
    w.uint(4, u64::from(*dealer));
    w.int(5, enum_value(*phase));
    w.opt_uint(6, *to_act);
    for s in seat_views {
        w.message(7, |w| seat_view(w, s));
    }
    for c in auction {
        let pb::AuctionCall { seat, action: a } = c;
        w.message(8, |w| {
            w.uint(1, u64::from(*seat));
            if let Some(a) = a {
                w.message(2, |w| action(w, a));
            }
        });
    }
    w.opt_uint(9, *declarer);
    w.int(10, enum_value(*contract));
    w.uint(11, u64::from(*talon_size));
    cards(w, 12, talon);
    if let Some(c) = called {
        w.message(13, |w| card(w, c));
    }
    for a in announcements {
        let pb::AnnouncedItem {
            bonus,
            suit,
            team,
            level,
            announcer,
        } = a;
        w.message(14, |w| {
            w.int(1, enum_value(*bonus));
            w.int(2, enum_value(*suit));
            w.int(3, enum_value(*team));
            w.uint(4, u64::from(*level));
            w.uint(5, u64::from(*announcer));
        });
    }
    w.uint(15, u64::from(*game_level));
    if let Some(t) = current_trick {
        w.message(16, |w| trick(w, t));
    }
    for t in tricks {
        w.message(17, |w| trick(w, t));
    }
    for h in history {
        let pb::HistoryEntry { seat, action: a } = h;
        w.message(18, |w| {
            w.uint(1, u64::from(*seat));
            if let Some(a) = a {
                w.message(2, |w| action(w, a));
            }
        });
    }
    w.int(19, enum_value(*end));
    w.opt_uint(20, *end_seat);
    for mv in moves {
        w.message(21, |w| legal_move(w, mv));
    }
    if let Some(t) = groups {
        w.message(22, |w| talon_groups(w, t));
    }
    if let Some(d) = danish {
        w.message(23, |w| danish_state(w, d));
    }
}

fn danish_state(w: &mut Writer, m: &pb::DanishState) {
    let pb::DanishState {
        pots,
        tout_announced,
        skat_has_trumps,
        fool_named,
        named_suit,
        melds,
    } = m;
    w.packed(1, pots.iter().map(|&p| p as u64));
    w.uint(2, u64::from(*tout_announced));
    w.opt_uint(3, skat_has_trumps.map(u32::from));
    w.uint(4, u64::from(*fool_named));
    w.int(5, enum_value(*named_suit));
    for s in melds {
        let pb::SeatMelds { seat, melds: ms } = s;
        w.message(6, |w| {
            w.uint(1, u64::from(*seat));
            for m in ms {
                w.message(2, |w| meld(w, m));
            }
        });
    }
}

/// Writes a `Meld`'s fields.
pub fn meld(w: &mut Writer, m: &pb::Meld) {
    let pb::Meld {
        kind,
        count,
        pagat,
        suit,
        missing,
        value,
        text,
    } = m;
    w.int(1, enum_value(*kind));
    w.uint(2, u64::from(*count));
    w.uint(3, u64::from(*pagat));
    w.int(4, enum_value(*suit));
    if let Some(c) = missing {
        w.message(5, |w| card(w, c));
    }
    w.int(6, *value);
    w.bytes(7, text.as_bytes());
}

/// Writes an `Event`'s fields.
pub fn event(w: &mut Writer, m: &pb::Event) {
    let pb::Event {
        kind,
        seat,
        card: c,
        phase,
        bonus,
        suit,
        team,
        end,
    } = m;
    w.int(1, enum_value(*kind));
    w.opt_uint(2, *seat);
    if let Some(c) = c {
        w.message(3, |w| card(w, c));
    }
    w.int(4, enum_value(*phase));
    w.int(5, enum_value(*bonus));
    w.int(6, enum_value(*suit));
    w.int(7, enum_value(*team));
    w.int(8, enum_value(*end));
}

fn apply_action_response(w: &mut Writer, m: &pb::ApplyActionResponse) {
    let pb::ApplyActionResponse {
        record,
        events,
        view,
        sealed,
    } = m;
    if let Some(r) = record {
        w.message(1, |w| game_record(w, r));
    }
    for e in events {
        w.message(2, |w| event(w, e));
    }
    if let Some(v) = view {
        w.message(3, |w| game_view(w, v));
    }
    if let Some(s) = sealed {
        w.message(4, |w| sealed_record(w, s));
    }
}

fn legal_moves_response(w: &mut Writer, m: &pb::LegalMovesResponse) {
    let pb::LegalMovesResponse {
        to_act,
        phase,
        moves,
        game_over,
    } = m;
    w.opt_uint(1, *to_act);
    w.int(2, enum_value(*phase));
    for mv in moves {
        w.message(3, |w| legal_move(w, mv));
    }
    w.uint(4, u64::from(*game_over));
}

fn get_view_response(w: &mut Writer, m: &pb::GetViewResponse) {
    let pb::GetViewResponse { view } = m;
    if let Some(v) = view {
        w.message(1, |w| game_view(w, v));
    }
}

fn new_deal_response(w: &mut Writer, m: &pb::NewDealResponse) {
    let pb::NewDealResponse {
        record,
        view,
        sealed,
        seat_tokens,
        table_token,
        seed_commitment,
    } = m;
    if let Some(r) = record {
        w.message(1, |w| game_record(w, r));
    }
    if let Some(v) = view {
        w.message(2, |w| game_view(w, v));
    }
    if let Some(s) = sealed {
        w.message(3, |w| sealed_record(w, s));
    }
    for t in seat_tokens {
        w.bytes_always(4, t);
    }
    w.bytes(5, table_token);
    w.bytes(6, seed_commitment);
}

fn next_deal_response(w: &mut Writer, m: &pb::NextDealResponse) {
    let pb::NextDealResponse {
        record,
        view,
        match_over,
        totals,
        multiplier,
        sealed,
        seed_commitment,
    } = m;
    if let Some(r) = record {
        w.message(1, |w| game_record(w, r));
    }
    if let Some(v) = view {
        w.message(2, |w| game_view(w, v));
    }
    w.uint(3, u64::from(*match_over));
    w.packed(4, totals.iter().map(|&t| t as u64));
    w.uint(5, u64::from(*multiplier));
    if let Some(s) = sealed {
        w.message(6, |w| sealed_record(w, s));
    }
    w.bytes(7, seed_commitment);
}
