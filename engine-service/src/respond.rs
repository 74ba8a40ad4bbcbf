//! Records, views and legal moves written straight from the engine's types into protobuf bytes:
//! the server's one writer, and the responses that carry them ([`Encoded`], sent as they are).
//!
//! Building prost structures first and encoding them afterwards cost two allocations per card
//! and action (its notation and name), another pass over every nested message to measure it,
//! and most of an `ApplyAction`'s time. The writer puts each field in place once, with the
//! notations and names of cards and card actions copied from tables made once per process, and
//! every field number from [`tarock_proto::fields`], which the build derives from the proto.
//! The bytes are what prost writes for the same message (fields in number order, defaults left
//! out), so any protobuf library reads them; the tests check that prost decodes them and writes
//! the same bytes back. Small messages that a response carries (events, ledgers, sealed records,
//! match states) are prost structures, encoded by prost into place ([`Writer::prost`]).

use crate::convert::{self, action_parts};
use prost::encoding::{encoded_len_varint, WireType};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;
use tarock_engine::game::{ActionList, Game, Observe, Stage, Viewer};
use tarock_engine::{Action, AnyGame, Card, CardSet, DealSource, Seat, Setup};
use tarock_proto::codec::Encoded;
use tarock_proto::fields as f;
use tarock_proto::v1 as pb;

/// How cards and actions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// With their notations and names, as clients are shown them.
    Full,
    /// Cards by index and actions by their structured fields only: what decoding reads, and
    /// what a sealed record stores. Every card's index is written, 0 included, so that every
    /// card takes the same room (a sealed record's length tells nothing of its cards).
    Compact,
}

/// Writes protobuf fields to a growing buffer, as prost writes them: a field at its default is
/// left out, and each nested message is written once, its length filled in after it. Callers
/// write fields in number order.
#[derive(Debug, Default)]
pub struct Writer(Vec<u8>);

/// Appends `v` as a varint. (prost's `encode_varint` writes through `BufMut`, a reserve per
/// byte on a `Vec`; a response writes a few hundred varints.)
#[inline]
pub(crate) fn varint(buf: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        buf.push((v as u8) | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

/// Appends the key of field `tag` of wire type `wire`.
#[inline]
pub(crate) fn key(buf: &mut Vec<u8>, tag: u32, wire: WireType) {
    varint(buf, u64::from(tag << 3 | wire as u32));
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

    /// The room it has.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }

    /// Forgets what is written, keeping the room.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The bytes written.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// A packed repeated varint field whose values are written already, as varints, in
    /// `values`: left out when empty.
    pub fn packed_varints(&mut self, tag: u32, values: &[u8]) {
        self.bytes(tag, values);
    }

    /// A `uint32`, `uint64` or `bool` field: left out when zero.
    pub fn uint(&mut self, tag: u32, v: u64) {
        if v != 0 {
            self.uint_always(tag, v);
        }
    }

    /// A varint field written whatever its value (an `optional` field that is set).
    pub fn uint_always(&mut self, tag: u32, v: u64) {
        key(&mut self.0, tag, WireType::Varint);
        varint(&mut self.0, v);
    }

    /// An `int32`, `int64` or enum field: left out when zero; negative values take ten bytes.
    pub fn int(&mut self, tag: u32, v: i64) {
        self.uint(tag, v as u64);
    }

    /// An `optional uint32` field: written whenever set, zero included.
    pub fn opt_uint(&mut self, tag: u32, v: Option<u32>) {
        if let Some(v) = v {
            self.uint_always(tag, u64::from(v));
        }
    }

    /// Length-delimited bytes, written even when empty (a repeated `bytes` element).
    pub fn bytes_always(&mut self, tag: u32, b: &[u8]) {
        key(&mut self.0, tag, WireType::LengthDelimited);
        varint(&mut self.0, b.len() as u64);
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
        let len: usize = vs.clone().map(encoded_len_varint).sum();
        if len > 0 {
            key(&mut self.0, tag, WireType::LengthDelimited);
            varint(&mut self.0, len as u64);
            for v in vs {
                varint(&mut self.0, v);
            }
        }
    }

    /// Bytes already encoded as whole fields, appended as they are.
    pub fn raw(&mut self, fields: &[u8]) {
        self.0.extend_from_slice(fields);
    }

    /// A nested message written by `body`, prefixed with its length; returns where the message
    /// is in the bytes written.
    pub fn message(&mut self, tag: u32, body: impl FnOnce(&mut Writer)) -> std::ops::Range<usize> {
        self.message_in(tag, 1, body)
    }

    /// [`Writer::message`] for a message likely to take 128 bytes to 16 KiB (a view, a record,
    /// a seat's view with its cards): room for a length of two bytes is left before it, so that
    /// it is written in place.
    pub fn long_message(
        &mut self,
        tag: u32,
        body: impl FnOnce(&mut Writer),
    ) -> std::ops::Range<usize> {
        self.message_in(tag, 2, body)
    }

    /// A nested message written by `body` after `room` bytes left for its length, then moved
    /// where its length takes another number of bytes.
    fn message_in(
        &mut self,
        tag: u32,
        room: usize,
        body: impl FnOnce(&mut Writer),
    ) -> std::ops::Range<usize> {
        key(&mut self.0, tag, WireType::LengthDelimited);
        let at = self.0.len();
        self.0.resize(at + room, 0);
        body(self);
        let end = self.0.len();
        let len = end - at - room;
        let n = encoded_len_varint(len as u64);
        if n > room {
            self.0.resize(end + n - room, 0);
            self.0.copy_within(at + room..end, at + n);
        } else if n < room {
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

    /// A prost message as nested field `tag` (written even when empty).
    pub fn prost(&mut self, tag: u32, m: &impl prost::Message) {
        key(&mut self.0, tag, WireType::LengthDelimited);
        varint(&mut self.0, m.encoded_len() as u64);
        m.encode_raw(&mut self.0);
    }
}

// ----- cards and actions ----------------------------------------------------------------------

/// What is written for every card and every card action, made once per process: records, views
/// and legal moves write the notations and names of dozens of them each.
struct Tables {
    /// Each card's `Card` message (index, notation, name), by index.
    cards: Vec<Vec<u8>>,
    /// Each card's play, discard and call as `Action` messages with every field set, by index.
    actions: Vec<[Vec<u8>; 3]>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let all = (0..tarock_engine::card::NUM_CARDS as u8).map(Card::new);
        let kinds = |c: Card| [Action::Play(c), Action::Discard(c), Action::Call(c)];
        Tables {
            cards: all
                .clone()
                .map(|c| {
                    let mut w = Writer::default();
                    card_body(&mut w, c);
                    w.into_bytes()
                })
                .collect(),
            actions: all
                .map(|c| {
                    kinds(c).map(|a| {
                        // Its card written without the table, which is being made.
                        let mut w = Writer::default();
                        action_body_by(&mut w, a, Detail::Full, |w, tag, c, _| {
                            w.message(tag, |w| card_body(w, c));
                        });
                        w.into_bytes()
                    })
                })
                .collect(),
        }
    })
}

/// The table entry of a card action: its card's index and its kind (play, discard, call).
fn card_action(a: Action) -> Option<(usize, usize)> {
    match a {
        Action::Play(c) => Some((usize::from(c.index()), 0)),
        Action::Discard(c) => Some((usize::from(c.index()), 1)),
        Action::Call(c) => Some((usize::from(c.index()), 2)),
        _ => None,
    }
}

/// A `Card` message's fields: index, notation, name.
fn card_body(w: &mut Writer, c: Card) {
    let (notation, name) = convert::card_strings(c);
    w.uint(f::card::INDEX, u64::from(c.index()));
    w.bytes(f::card::NOTATION, notation.as_bytes());
    w.bytes(f::card::NAME, name.as_bytes());
}

/// A card as field `tag`: its index, and in [`Detail::Full`] its notation and name.
fn card_as(w: &mut Writer, tag: u32, c: Card, detail: Detail) {
    match detail {
        Detail::Full => match tables().cards.get(usize::from(c.index())) {
            Some(body) => w.bytes_always(tag, body),
            None => {
                w.message(tag, |w| card_body(w, c));
            }
        },
        Detail::Compact => {
            w.message(tag, |w| w.uint_always(f::card::INDEX, u64::from(c.index())));
        }
    }
}

/// The cards of `s` as repeated field `tag`, highest index first (as views list them).
fn cards(w: &mut Writer, tag: u32, s: CardSet) {
    for c in s.into_iter().rev() {
        card_as(w, tag, c, Detail::Full);
    }
}

/// An `Action` message's fields; in [`Detail::Full`] with its notation.
fn action_body(w: &mut Writer, a: Action, detail: Detail) {
    action_body_by(w, a, detail, card_as);
}

/// [`action_body`], its card written by `card`.
fn action_body_by(
    w: &mut Writer,
    a: Action,
    detail: Detail,
    card: impl FnOnce(&mut Writer, u32, Card, Detail),
) {
    let p = action_parts(a);
    w.int(f::action::KIND, p.kind as i64);
    if let Some(c) = p.card {
        card(w, f::action::CARD, c, detail);
    }
    w.int(f::action::CONTRACT, p.contract as i64);
    w.int(f::action::BONUS, p.bonus as i64);
    w.int(f::action::SUIT, p.suit as i64);
    w.uint(f::action::LEVEL, u64::from(p.level));
    w.uint(f::action::COUNT, u64::from(p.count));
    if detail == Detail::Full {
        w.bytes(f::action::NOTATION, a.to_string().as_bytes());
    }
    w.uint(f::action::GROUP, u64::from(p.group));
}

/// A table a thread keeps, of encodings made on first use.
type Made<K, V> = RefCell<HashMap<K, V, foldhash::fast::RandomState>>;

thread_local! {
    /// The `Action` messages (every field set) of the actions that name no card, made on a
    /// thread's first use of each: formatting an action's notation was a sixth of an
    /// ApplyAction's work, and a table holds the few hundred actions there are.
    static ACTIONS: Made<Action, Box<[u8]>> = RefCell::default();
    /// History entries (a seat and its action, every field set), made likewise: a view
    /// writes one for every action of the record.
    static ENTRIES: Made<(Seat, Action), Box<[u8]>> = RefCell::default();
    /// The labels of legal moves, by game and action, made likewise.
    static LABELS: Made<(tarock_engine::Variant, Action), Box<str>> = RefCell::default();
}

/// `f` of the `Action` message of `a` with every field set, from the tables.
fn with_action<R>(a: Action, f: impl FnOnce(&[u8]) -> R) -> R {
    if let Some((card, kind)) = card_action(a) {
        if let Some(bodies) = tables().actions.get(card) {
            return f(&bodies[kind]);
        }
    }
    ACTIONS.with_borrow_mut(|t| {
        if let Some(body) = t.get(&a) {
            return f(body);
        }
        let mut b = Writer::default();
        action_body(&mut b, a, Detail::Full);
        f(t.entry(a).or_insert(b.into_bytes().into()))
    })
}

/// An action as field `tag`.
fn action(w: &mut Writer, tag: u32, a: Action, detail: Detail) {
    match detail {
        Detail::Full => with_action(a, |body| w.bytes_always(tag, body)),
        Detail::Compact => {
            w.message(tag, |w| action_body(w, a, detail));
        }
    }
}

/// Writes the label of `a` as `game` words it (the game's own where the shared one would
/// mislead) as field `tag`.
fn label(w: &mut Writer, tag: u32, game: &AnyGame, a: Action) {
    LABELS.with_borrow_mut(|t| {
        let key = (game.variant(), a);
        if let Some(label) = t.get(&key) {
            w.bytes(tag, label.as_bytes());
            return;
        }
        let label = t
            .entry(key)
            .or_insert_with(|| convert::own_label(game, a).into());
        w.bytes(tag, label.as_bytes());
    });
}

// ----- records --------------------------------------------------------------------------------

/// A record's fields: the setup, an explicit deal as the cards `game` was dealt, the actions and
/// the match state.
pub fn record(
    w: &mut Writer,
    setup: &Setup,
    actions: &[Action],
    game: &AnyGame,
    match_state: Option<&pb::MatchState>,
    rules_version: u32,
    detail: Detail,
) -> usize {
    use f::game_record as r;
    w.bytes(r::VARIANT, setup.variant.id().as_bytes());
    w.uint(r::RULES_VERSION, u64::from(rules_version));
    for (name, value) in &setup.options {
        w.message(r::OPTIONS, |w| {
            w.bytes(f::rule_option::NAME, name.as_bytes());
            w.bytes(f::rule_option::VALUE, value.as_bytes());
        });
    }
    w.uint(r::SEATS, u64::from(setup.seats));
    w.uint(r::DEALER, u64::from(setup.dealer.get()));
    match &setup.deal {
        DealSource::Seed(s) => w.bytes_always(r::SEED, s),
        DealSource::Explicit(_) => {
            let deal = game.deal();
            w.message(r::EXPLICIT_DEAL, |w| {
                for s in Seat::all(setup.seats) {
                    w.message(f::explicit_deal::HANDS, |w| {
                        for c in deal.hands[s].into_iter().rev() {
                            card_as(w, f::hand::CARDS, c, detail);
                        }
                    });
                }
                for &c in deal.talon() {
                    card_as(w, f::explicit_deal::TALON, c, detail);
                }
            });
        }
    }
    for &a in actions {
        action(w, r::ACTIONS, a, detail);
    }
    let actions_end = w.len();
    if let Some(m) = match_state {
        w.prost(r::MATCH_STATE, m);
    }
    actions_end
}

/// A record's bytes (a `GameRecord` message): see [`record`].
#[must_use]
pub fn record_bytes(
    setup: &Setup,
    actions: &[Action],
    game: &AnyGame,
    match_state: Option<&pb::MatchState>,
    rules_version: u32,
    detail: Detail,
) -> Vec<u8> {
    let mut w = Writer::with_capacity(256 + actions.len() * 48);
    record(
        &mut w,
        setup,
        actions,
        game,
        match_state,
        rules_version,
        detail,
    );
    w.into_bytes()
}

// ----- legal moves ----------------------------------------------------------------------------

/// A legal move's fields: the action, its id and its label.
fn legal_move(w: &mut Writer, game: &AnyGame, a: Action) {
    action(w, f::legal_move::ACTION, a, Detail::Full);
    w.uint(
        f::legal_move::ID,
        u64::from(game.action_id(a).unwrap_or(u32::MAX)),
    );
    label(w, f::legal_move::LABEL, game, a);
}

/// The legal moves of the seat to act as repeated field `tag`.
fn legal_moves(w: &mut Writer, tag: u32, game: &AnyGame) {
    thread_local! {
        // One list per thread, listed into: a new list would be filled with placeholders and
        // copied out first, which costs more than the listing.
        static LEGAL: std::cell::RefCell<ActionList> = const {
            std::cell::RefCell::new(ActionList::new())
        };
    }
    LEGAL.with_borrow_mut(|list| {
        game.legal_actions_into(list);
        for &a in list.as_slice() {
            w.message(tag, |w| legal_move(w, game, a));
        }
    });
}

/// A `LegalMovesResponse`: the seat to act, the phase, and its legal moves when `may_see`.
#[must_use]
pub fn legal_moves_response(game: &AnyGame, may_see: bool) -> Encoded<pb::LegalMovesResponse> {
    use f::legal_moves_response as r;
    let mut w = Writer::with_capacity(1024);
    w.opt_uint(r::TO_ACT, game.to_act().map(|s| u32::from(s.get())));
    w.int(r::PHASE, convert::phase_to_pb(game.stage()) as i64);
    if may_see {
        legal_moves(&mut w, r::MOVES, game);
    }
    w.uint(r::GAME_OVER, u64::from(game.is_over()));
    Encoded::new(w.into_bytes())
}

// ----- views ----------------------------------------------------------------------------------

/// A trick: its leader, its plays and, for a completed one, its winner.
fn trick(w: &mut Writer, t: &tarock_engine::Trick, winner: Option<Seat>) {
    use f::trick_view as r;
    w.uint(r::LEADER, u64::from(t.leader().get()));
    for (s, c) in t.plays() {
        w.message(r::PLAYS, |w| {
            w.uint(f::play::SEAT, u64::from(s.get()));
            card_as(w, f::play::CARD, c, Detail::Full);
        });
    }
    w.opt_uint(r::WINNER, winner.map(|s| u32::from(s.get())));
}

/// A history entry, or an auction call, as field `tag`: who acted and what they did; a discard
/// the viewer may not see (`hidden`) as a discard without its card.
fn history_entry(w: &mut Writer, tag: u32, seat: Seat, a: Action, hidden: bool) {
    if hidden {
        w.message(tag, |w| {
            w.uint(f::history_entry::SEAT, u64::from(seat.get()));
            w.message(f::history_entry::ACTION, |w| {
                w.int(f::action::KIND, pb::ActionKind::Discard as i64);
                w.bytes(f::action::NOTATION, b"discard");
            });
        });
        return;
    }
    ENTRIES.with_borrow_mut(|t| {
        let entry = t.entry((seat, a)).or_insert_with(|| {
            let mut e = Writer::default();
            e.uint(f::history_entry::SEAT, u64::from(seat.get()));
            action(&mut e, f::history_entry::ACTION, a, Detail::Full);
            e.into_bytes().into()
        });
        w.bytes_always(tag, entry);
    });
}

/// The history entries of a record's actions as a view writes them (field `history` of a
/// `GameView`, every action in full), kept with its replay so that the views of one record write
/// them once: a view copies them, writing a hidden discard in place of each one its viewer may
/// not see, instead of writing an entry per action.
#[derive(Debug, Default)]
pub struct History {
    /// The entries' fields, in the order of the actions.
    bytes: Vec<u8>,
    /// How many actions they are.
    count: usize,
    /// The discards among them: where each one's field is, who discarded and which card.
    discards: Vec<(std::ops::Range<usize>, Seat, Card)>,
}

impl History {
    /// The entries of `actions`, made by `seats`.
    #[must_use]
    pub fn of(actions: &[Action], seats: &[Seat]) -> History {
        let mut h = History {
            bytes: Vec::with_capacity(actions.len() * 24),
            ..History::default()
        };
        for (&a, &s) in actions.iter().zip(seats) {
            h.push(s, a);
        }
        h
    }

    /// These entries and one more: `seat`'s `action`.
    #[must_use]
    pub fn and(&self, seat: Seat, action: Action) -> History {
        let mut bytes = Vec::with_capacity(self.bytes.len() + 32);
        bytes.extend_from_slice(&self.bytes);
        let mut h = History {
            bytes,
            count: self.count,
            discards: self.discards.clone(),
        };
        h.push(seat, action);
        h
    }

    fn push(&mut self, seat: Seat, action: Action) {
        let mut w = Writer(std::mem::take(&mut self.bytes));
        let start = w.len();
        history_entry(&mut w, f::game_view::HISTORY, seat, action, false);
        self.bytes = w.0;
        if let Action::Discard(c) = action {
            self.discards.push((start..self.bytes.len(), seat, c));
        }
        self.count += 1;
    }

    /// Writes the entries as `vis`'s viewer may see them.
    fn write(&self, w: &mut Writer, vis: &tarock_engine::Visible) {
        let mut from = 0;
        for (span, s, c) in &self.discards {
            if !vis.discards[*s].contains(*c) {
                w.raw(&self.bytes[from..span.start]);
                history_entry(w, f::game_view::HISTORY, *s, Action::Discard(*c), true);
                from = span.end;
            }
        }
        w.raw(&self.bytes[from..]);
    }
}

/// The auction's calls among `actions` (made by `seats`): the calls up to the first action of
/// another kind or the end of the auction's `bounds` (see [`AnyGame::auction_bounds`]).
fn auction(w: &mut Writer, actions: &[Action], seats: &[Seat], bounds: (usize, Option<usize>)) {
    let (start, calls) = bounds;
    let start = start.min(actions.len());
    // A throw-in before the auction ends the hand without one.
    if actions[..start].contains(&Action::ThrowIn) {
        return;
    }
    let calls = actions[start..]
        .iter()
        .zip(&seats[start.min(seats.len())..])
        .take(calls.unwrap_or(usize::MAX))
        .take_while(|(a, _)| {
            matches!(
                a,
                Action::Pass | Action::Bid(_) | Action::Hold | Action::Unteren
            )
        });
    for (&a, &s) in calls {
        history_entry(w, f::game_view::AUCTION, s, a, false);
    }
}

/// Who made each of `actions`, which reached `game`: `seats` when the caller knows them (from
/// its replay of the record), else found by replaying them from the deal.
fn actors<'a>(
    game: &AnyGame,
    actions: &[Action],
    seats: &'a [Seat],
) -> std::borrow::Cow<'a, [Seat]> {
    if seats.len() == actions.len() {
        return seats.into();
    }
    let mut g = convert::replay_start(game);
    actions
        .iter()
        .map(|&a| {
            let s = g.to_act().unwrap_or_default();
            g.play_unchecked(a);
            s
        })
        .collect()
}

/// The view of `game` (reached by `actions`, made by `seats`; see [`actors`]) for `viewer`, as
/// a `GameView`'s fields. Nothing a viewer may not see appears anywhere in it, the history
/// included.
///
/// `history`, when given, holds the entries of the first of `actions` (see [`History`]).
pub fn view(
    w: &mut Writer,
    game: &AnyGame,
    actions: &[Action],
    seats: &[Seat],
    viewer: Viewer,
    history: Option<&History>,
) {
    let seats = actors(game, actions, seats);
    let v = View {
        game,
        actions,
        seats: &seats,
        viewer,
        history: history.filter(|h| h.count <= actions.len()),
    };
    // Each game's view is written by code compiled for it: no dispatch per field.
    match game {
        AnyGame::Hungarian(h) => view_of(w, &v, h),
        AnyGame::Polish(p) => view_of(w, &v, p),
        AnyGame::Danish(d) => {
            view_of(w, &v, d);
            w.message(f::game_view::DANISH, |w| danish_state(w, d));
        }
        AnyGame::Austrian(a) => view_of(w, &v, a),
        AnyGame::Slovenian(s) => view_of(w, &v, s),
    }
}

/// What a view is written from (see [`view`]).
struct View<'a> {
    game: &'a AnyGame,
    actions: &'a [Action],
    seats: &'a [Seat],
    viewer: Viewer,
    history: Option<&'a History>,
}

/// The view's bytes (a `GameView` message): see [`view`].
#[must_use]
pub fn view_bytes(game: &AnyGame, actions: &[Action], seats: &[Seat], viewer: Viewer) -> Vec<u8> {
    let mut w = Writer::with_capacity(1024 + actions.len() * 64);
    view(&mut w, game, actions, seats, viewer, None);
    w.into_bytes()
}

/// The Danish hand's own state: the pots, the Tout, what the skat may be asked, the fool's named
/// suit, the declarations and the call for the fool. All of it is public.
fn danish_state(w: &mut Writer, d: &tarock_engine::Danish) {
    use f::danish_state as r;
    w.packed(r::POTS, d.pots().iter().map(|&p| p as u64));
    w.uint(r::TOUT_ANNOUNCED, u64::from(d.tout_announced()));
    w.opt_uint(r::SKAT_HAS_TRUMPS, d.skat_has_trumps().map(u32::from));
    if let Some(named) = d.named_suit() {
        w.uint(r::FOOL_NAMED, 1);
        w.int(r::NAMED_SUIT, convert::suit_to_pb(named) as i64);
    }
    let table = d.table_info();
    for s in table.active_from(table.dealer) {
        if let Some(melds) = d.melds_of(s) {
            w.message(r::MELDS, |w| {
                w.uint(f::seat_melds::SEAT, u64::from(s.get()));
                for m in melds.iter() {
                    w.prost(f::seat_melds::MELDS, &convert::meld_to_pb(m));
                }
            });
        }
    }
    w.uint(r::FOOL_CALLED, u64::from(d.fool_called()));
}

/// One seat's view.
fn seat_view<G: Observe>(
    w: &mut Writer,
    h: &G,
    s: Seat,
    vis: &tarock_engine::Visible,
    viewer: Viewer,
) {
    use f::seat_view as r;
    let table = h.table_info();
    w.uint(r::SEAT, u64::from(s.get()));
    w.uint(r::ACTIVE, u64::from(table.is_active(s)));
    w.uint(r::HAND_SIZE, u64::from(h.hand(s).len()));
    cards(w, r::HAND, vis.hands[s]);
    w.uint(r::DISCARD_COUNT, u64::from(h.discards(s).len()));
    w.opt_uint(r::DISCARDED_TAROKKS, h.discarded_tarokks(s).map(u32::from));
    cards(w, r::DISCARDS, vis.discards[s]);
    let declared = h.declared_count(s);
    w.uint(r::DECLARED_TAROKKS, u64::from(declared.unwrap_or(0)));
    w.int(
        r::TEAM,
        convert::team_to_pb(h.side_known_to(viewer, s)) as i64,
    );
    cards(w, r::WON, h.won(s));
    w.uint(r::TALON_RECEIVED, u64::from(h.talon_received(s).len()));
    w.uint(r::TAROKKS_DECLARED, u64::from(declared.is_some()));
}

/// [`view`] of the hand `h`, which is `game`'s.
fn view_of<G: Observe>(w: &mut Writer, v: &View<'_>, h: &G) {
    use f::game_view as r;
    let View {
        game,
        actions,
        seats,
        viewer,
        ..
    } = *v;
    let table = h.table_info();
    let vis = h.visible(viewer);
    let phase = h.stage();
    w.prost(r::VIEWER, &convert::viewer_to_pb(viewer));
    w.bytes(r::VARIANT, game.variant().id().as_bytes());
    w.uint(r::SEATS, u64::from(table.seats));
    w.uint(r::DEALER, u64::from(table.dealer.get()));
    w.int(r::PHASE, convert::phase_to_pb(phase) as i64);
    w.opt_uint(r::TO_ACT, game.to_act().map(|s| u32::from(s.get())));
    for s in Seat::all(table.seats) {
        w.message(r::SEAT_VIEWS, |w| seat_view(w, h, s, &vis, viewer));
    }
    auction(w, actions, seats, game.auction_bounds());
    if let Some((d, c)) = h.declarer() {
        w.opt_uint(r::DECLARER, Some(u32::from(d.get())));
        w.int(r::CONTRACT, convert::contract_to_pb(c) as i64);
    }
    w.uint(r::TALON_SIZE, u64::from(h.talon_remaining().len()));
    cards(w, r::TALON, vis.talon);
    if let Some(c) = h.called() {
        card_as(w, r::CALLED, c, Detail::Full);
    }
    h.for_each_announced(|b, t, level, who| {
        use f::announced_item as i;
        w.message(r::ANNOUNCEMENTS, |w| {
            w.int(i::BONUS, convert::bonus_to_pb(b) as i64);
            w.int(i::SUIT, convert::suit_to_pb(b.suit()) as i64);
            w.int(i::TEAM, convert::team_to_pb(Some(t)) as i64);
            w.uint(i::LEVEL, u64::from(level));
            w.uint(i::ANNOUNCER, u64::from(who.get()));
        });
    });
    w.uint(r::GAME_LEVEL, u64::from(h.game_level()));
    w.message(r::CURRENT_TRICK, |w| trick(w, h.current_trick(), None));
    for (i, t) in h.tricks().iter().enumerate() {
        let winner = h.trick_winner(i).map(|(s, _)| s);
        w.message(r::TRICKS, |w| trick(w, t, winner));
    }
    let kept = v.history.map_or(0, |k| {
        k.write(w, &vis);
        k.count
    });
    for (&a, &s) in actions.iter().zip(seats).skip(kept) {
        let hidden = matches!(a, Action::Discard(c) if !vis.discards[s].contains(c));
        history_entry(w, r::HISTORY, s, a, hidden);
    }
    if let Stage::Over(end) = phase {
        let (reason, seat) = convert::end_to_pb(end);
        w.int(r::END, reason as i64);
        w.opt_uint(r::END_SEAT, seat);
    }
    // Legal moves: for the seat to act if the viewer is that seat or the referee.
    if let Some(s) = game.to_act() {
        if viewer == Viewer::Referee || viewer == Viewer::Seat(s) {
            legal_moves(w, r::MOVES, game);
        }
    }
    if let Some(t) = game.talon_groups() {
        w.message(r::TALON_GROUPS, |w| talon_groups(w, game, &t, &vis));
    }
}

/// The talon's groups: each with its state and the cards of it the viewer may see.
fn talon_groups(
    w: &mut Writer,
    game: &AnyGame,
    t: &tarock_engine::TalonGroups,
    vis: &tarock_engine::Visible,
) {
    use pb::TalonGroupState as S;
    w.uint(f::talon_groups::GROUP_SIZE, u64::from(t.group_size));
    let talon = game.deal().talon();
    for i in 0..t.groups {
        let state = if t.taken & (1 << i) != 0 {
            S::Taken
        } else if t.exposed & (1 << i) != 0 {
            S::Exposed
        } else if t.looking == Some(i) {
            S::Looking
        } else {
            S::Unseen
        };
        let from = usize::from(i) * usize::from(t.group_size);
        let group: CardSet = talon
            .get(from..from + usize::from(t.group_size))
            .unwrap_or_default()
            .iter()
            .copied()
            .collect();
        w.message(f::talon_groups::GROUPS, |w| {
            w.uint(f::talon_group::NUMBER, u64::from(i) + 1);
            w.int(f::talon_group::STATE, state as i64);
            cards(w, f::talon_group::CARDS, group & vis.talon);
        });
    }
}

/// A `GetViewResponse`.
#[must_use]
pub fn get_view_response(
    game: &AnyGame,
    actions: &[Action],
    seats: &[Seat],
    viewer: Viewer,
    history: Option<&History>,
) -> Encoded<pb::GetViewResponse> {
    let mut w = Writer::with_capacity(1024 + actions.len() * 64);
    w.long_message(f::get_view_response::VIEW, |w| {
        view(w, game, actions, seats, viewer, history);
    });
    Encoded::new(w.into_bytes())
}

// ----- the responses that carry records and views ---------------------------------------------

/// A hand as a response writes it: its record (open) and its view.
#[derive(Debug)]
pub struct Hand<'a> {
    /// The hand's setup.
    pub setup: &'a Setup,
    /// Its actions.
    pub actions: &'a [Action],
    /// Who made each action, if known (see [`view`]).
    pub seats: &'a [Seat],
    /// The game the actions reached.
    pub game: &'a AnyGame,
    /// The match state the record carries.
    pub match_state: Option<&'a pb::MatchState>,
    /// Whether the response carries the open record (not when it is sealed).
    pub open: bool,
    /// The viewer of the view; `None`: no view.
    pub viewer: Option<Viewer>,
    /// The history entries of the first actions, if kept (see [`view`]).
    pub history: Option<&'a History>,
}

impl Hand<'_> {
    /// Writes the record as field `record` when open, and the view as field `view`; returns
    /// where the record's message is.
    fn write(&self, w: &mut Writer, record: u32, view: u32) -> Option<std::ops::Range<usize>> {
        let at = self.open.then(|| {
            w.long_message(record, |w| {
                self::record(
                    w,
                    self.setup,
                    self.actions,
                    self.game,
                    self.match_state,
                    tarock_engine::RULES_VERSION,
                    Detail::Full,
                );
            })
        });
        if let Some(viewer) = self.viewer {
            w.long_message(view, |w| {
                self::view(w, self.game, self.actions, self.seats, viewer, self.history);
            });
        }
        at
    }
}

/// A record the server wrote, as it stands: its bytes and where its actions end in them (its
/// match state, if any, follows).
#[derive(Clone, Copy, Debug)]
pub struct Written<'a> {
    /// The `GameRecord` message.
    pub bytes: &'a [u8],
    /// Where its actions end.
    pub actions_end: usize,
}

/// The record `written` with `action` added where its actions end (written in `detail`): its
/// bytes, and where its actions end now.
#[must_use]
pub fn record_with_action(
    written: Written<'_>,
    action: Action,
    detail: Detail,
) -> (Vec<u8>, usize) {
    let mut w = Writer::with_capacity(written.bytes.len() + 64);
    let end = add_action(&mut w, written, action, detail);
    (w.into_bytes(), end)
}

/// Writes the record `written` with `action` added where its actions end; returns where they
/// end now, from the start of what it wrote.
fn add_action(w: &mut Writer, written: Written<'_>, action: Action, detail: Detail) -> usize {
    let start = w.len();
    let (head, tail) = written
        .bytes
        .split_at(written.actions_end.min(written.bytes.len()));
    w.raw(head);
    self::action(w, f::game_record::ACTIONS, action, detail);
    let end = w.len() - start;
    w.raw(tail);
    end
}

/// Where the actions of a record's `bytes` end, as [`Written`] has it: before its match state
/// when the record ends with `match_state` as this writer writes it, else at its end. Adding an
/// action's field there gives a record of the same fields with the action last among its
/// actions, whatever the record's encoding; for a record this writer wrote, the very bytes it
/// would write for the longer record.
#[must_use]
pub fn actions_end(bytes: &[u8], match_state: Option<&pb::MatchState>) -> usize {
    let Some(m) = match_state else {
        return bytes.len();
    };
    let mut w = Writer::default();
    w.prost(f::game_record::MATCH_STATE, m);
    let tail = w.into_bytes();
    if bytes.ends_with(&tail) {
        bytes.len() - tail.len()
    } else {
        bytes.len()
    }
}

/// Where an answer's open record is: its message's bytes in the answer, and where its actions
/// end in them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordAt {
    /// The record's message in the answer's bytes.
    pub span: std::ops::Range<usize>,
    /// Where its actions end, from the start of the record.
    pub actions_end: usize,
}

/// An `ApplyActionResponse`: the new record (or sealed record), the events of `action` (from the
/// game `before` to the hand's), and the view; with where the open record's bytes are in it.
/// When the record before the action is one the server wrote (`written`), the new one is those
/// bytes with the action's field where the actions end: what writing it anew would give.
#[must_use]
pub fn apply_action_response(
    hand: &Hand<'_>,
    before: &AnyGame,
    action: Action,
    written: Option<Written<'_>>,
    sealed: Option<&pb::SealedRecord>,
) -> (Encoded<pb::ApplyActionResponse>, Option<RecordAt>) {
    use f::apply_action_response as r;
    let mut w = Writer::with_capacity(2048 + hand.actions.len() * 160);
    let record = hand.open.then(|| {
        let mut actions_end = 0;
        let span = w.long_message(r::RECORD, |w| {
            let start = w.len();
            actions_end = match written {
                Some(b) => add_action(w, b, action, Detail::Full),
                None => {
                    record(
                        w,
                        hand.setup,
                        hand.actions,
                        hand.game,
                        hand.match_state,
                        tarock_engine::RULES_VERSION,
                        Detail::Full,
                    ) - start
                }
            };
        });
        RecordAt { span, actions_end }
    });
    // The events name only public facts (trick winners, revealed partners, bonuses).
    for e in convert::events(before, hand.game, action) {
        w.prost(r::EVENTS, &e);
    }
    if let Some(viewer) = hand.viewer {
        w.long_message(r::VIEW, |w| {
            view(w, hand.game, hand.actions, hand.seats, viewer, hand.history);
        });
    }
    if let Some(s) = sealed {
        w.prost(r::SEALED, s);
    }
    (Encoded::new(w.into_bytes()), record)
}

/// `answer` with a message field `tag` of the fields `body` added after its other fields (a
/// response's field of the highest number: where prost writes it).
#[must_use]
pub fn with_message<M>(answer: Encoded<M>, tag: u32, body: &[u8]) -> Encoded<M> {
    let mut w = Writer(answer.into_bytes());
    w.bytes_always(tag, body);
    Encoded::new(w.into_bytes())
}

/// What a sealed deal's response carries besides its view.
#[derive(Debug, Default)]
pub struct SealedDeal {
    /// The sealed record.
    pub sealed: pb::SealedRecord,
    /// One token per seat (NewDeal only).
    pub seat_tokens: Vec<Vec<u8>>,
    /// The table token (NewDeal only).
    pub table_token: Vec<u8>,
    /// The seed commitment (empty for a hand dealt as explicit cards).
    pub seed_commitment: Vec<u8>,
}

/// A `NewDealResponse`: the record or the sealed deal, and the view.
#[must_use]
pub fn new_deal_response(
    hand: &Hand<'_>,
    sealed: Option<&SealedDeal>,
) -> Encoded<pb::NewDealResponse> {
    use f::new_deal_response as r;
    let mut w = Writer::with_capacity(2048);
    hand.write(&mut w, r::RECORD, r::VIEW);
    if let Some(s) = sealed {
        w.prost(r::SEALED, &s.sealed);
        for t in &s.seat_tokens {
            w.bytes_always(r::SEAT_TOKENS, t);
        }
        w.bytes(r::TABLE_TOKEN, &s.table_token);
        w.bytes(r::SEED_COMMITMENT, &s.seed_commitment);
    }
    Encoded::new(w.into_bytes())
}

/// A `NextDealResponse` of a match that goes on with `hand` (`None`: the match is over), the
/// totals after the hand before, and the next hand's multiplier.
#[must_use]
pub fn next_deal_response(
    hand: Option<&Hand<'_>>,
    totals: &[i64],
    multiplier: u32,
    sealed: Option<&SealedDeal>,
) -> Encoded<pb::NextDealResponse> {
    use f::next_deal_response as r;
    let mut w = Writer::with_capacity(2048);
    if let Some(hand) = hand {
        hand.write(&mut w, r::RECORD, r::VIEW);
    }
    w.uint(r::MATCH_OVER, u64::from(hand.is_none()));
    w.packed(r::TOTALS, totals.iter().map(|&t| t as u64));
    w.uint(r::MULTIPLIER, u64::from(multiplier));
    if let Some(s) = sealed {
        w.prost(r::SEALED, &s.sealed);
        w.bytes(r::SEED_COMMITMENT, &s.seed_commitment);
    }
    Encoded::new(w.into_bytes())
}

#[cfg(test)]
mod tests;
