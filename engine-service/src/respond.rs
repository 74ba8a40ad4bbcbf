//! Records, views and legal moves written straight from the engine's types into protobuf
//! bytes: the one description of what those messages hold.
//!
//! Building prost structures first and encoding them afterwards cost two allocations per card
//! and action (its notation and name) and another pass over every nested message; answering
//! `ApplyAction` spent most of its time there. The writers below put each field in place once,
//! with the notations, names and labels copied from tables made once per process. The bytes are
//! what prost writes for the same message (fields in tag order, defaults left out), so any
//! protobuf library reads them; the functions of [`crate::convert`] that return prost
//! structures ([`convert::view`], [`convert::record_with_deal`]) decode these bytes, so both
//! paths give the same message.

use crate::convert::{self, action_parts, CardFields};
use std::borrow::Cow;
use std::ops::Range;
use tarock_engine::game::{ActionList, Game, Observe, Stage, Viewer};
use tarock_engine::{Action, AnyGame, Card, CardSet, DealSource, Seat, Setup};
use tarock_proto::v1 as pb;
use tarock_proto::wire::{self, Writer};

/// How cards and actions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// With their notations and names, as clients are shown them.
    Full,
    /// Cards by index and actions by their structured fields only: what decoding reads, and
    /// what a sealed record stores (see [`convert::action_to_pb_compact`]).
    Compact,
}

/// The length of a gRPC message's prefix on the wire: a compression flag (one byte) and the
/// message's length (four bytes, big-endian).
pub const GRPC_PREFIX: usize = 5;

/// A response message written after room for its gRPC prefix, so that the server's routes send
/// the bytes as they are, the prefix filled in, instead of copying them behind one (see
/// [`crate::routes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer(Vec<u8>);

impl Answer {
    /// A writer for an answer of about `capacity` bytes, the prefix's room taken.
    fn writer(capacity: usize) -> Writer {
        let mut w = Writer::with_capacity(GRPC_PREFIX + capacity);
        w.raw(&[0; GRPC_PREFIX]);
        w
    }

    /// The message's bytes.
    #[must_use]
    pub fn message(&self) -> &[u8] {
        self.0.get(GRPC_PREFIX..).unwrap_or_default()
    }

    /// The message as one uncompressed gRPC frame: its prefix, then its bytes. `None` for a
    /// message longer than a prefix can say (4 GiB).
    #[must_use]
    pub fn into_frame(mut self) -> Option<Vec<u8>> {
        let len = u32::try_from(self.message().len()).ok()?;
        let prefix = self.0.get_mut(..GRPC_PREFIX)?;
        prefix[0] = 0;
        prefix[1..].copy_from_slice(&len.to_be_bytes());
        Some(self.0)
    }
}

impl AsRef<[u8]> for Answer {
    /// The message's bytes.
    fn as_ref(&self) -> &[u8] {
        self.message()
    }
}

/// A card as field `tag`: its index, and in [`Detail::Full`] its notation and name.
fn card_as(w: &mut Writer, tag: u32, c: Card, detail: Detail) {
    match detail {
        Detail::Full => card_field(w, tag, CardFields::get(), c),
        Detail::Compact => {
            // The index is written even when it is 0 (which protobuf would leave out), so that
            // every card takes the same room and a sealed record's length does not depend on
            // which cards its hidden discards are.
            w.message(tag, |w| w.opt_uint(1, Some(u32::from(c.index()))));
        }
    }
}

/// A card as field `tag`, with its notation and name, from the table `t`.
fn card_field(w: &mut Writer, tag: u32, t: CardFields, c: Card) {
    let (slot, len) = t.field(c);
    match wire::len_key(tag) {
        Some(key) => w.field_fixed(key, slot, len),
        None => w.bytes_always(tag, slot.get(2..len).unwrap_or_default()),
    }
}

/// A card as field `tag`, with its notation and name.
fn card(w: &mut Writer, tag: u32, c: Card) {
    card_as(w, tag, c, Detail::Full);
}

/// The cards of `s` as repeated field `tag`, highest index first (as views list them).
fn cards(w: &mut Writer, tag: u32, s: CardSet) {
    let t = CardFields::get();
    for c in s.into_iter().rev() {
        card_field(w, tag, t, c);
    }
}

/// An action's fields; in [`Detail::Full`] with `notation`.
fn action_body(w: &mut Writer, a: Action, detail: Detail, notation: &str) {
    let p = action_parts(a);
    w.int(1, p.kind as i64);
    if let Some(c) = p.card {
        card_as(w, 2, c, detail);
    }
    w.int(3, p.contract as i64);
    w.int(4, p.bonus as i64);
    w.int(5, p.suit as i64);
    w.uint(6, u64::from(p.level));
    w.uint(7, u64::from(p.count));
    if detail == Detail::Full {
        w.bytes(8, notation.as_bytes());
    }
    w.uint(9, u64::from(p.group));
}

/// The fields of `a`'s wire message in `detail` (in [`Detail::Full`] with the given notation),
/// encoded (for the tables of [`convert::action_encoded`]).
pub(crate) fn encode_action(a: Action, detail: Detail, notation: &str) -> Vec<u8> {
    let mut w = Writer::default();
    action_body(&mut w, a, detail, notation);
    w.into_bytes()
}

/// An action as field `tag`.
fn action(w: &mut Writer, tag: u32, a: Action, detail: Detail) {
    match (detail, convert::action_encoded(a)) {
        (Detail::Full, Some(encoded)) => w.bytes_always(tag, encoded),
        (Detail::Full, None) => {
            let n: Cow<'static, str> = convert::notation_str(a);
            w.message(tag, |w| action_body(w, a, detail, &n));
        }
        (Detail::Compact, _) => match convert::action_encoded_compact(a) {
            Some(encoded) => w.bytes_always(tag, encoded),
            None => {
                w.message(tag, |w| action_body(w, a, detail, ""));
            }
        },
    }
}

/// A record's fields: the setup, an explicit deal as the cards `game` was dealt, the actions and
/// the match state. Returns where the actions end in the bytes written (the match state, if
/// any, follows them).
pub fn record(
    w: &mut Writer,
    setup: &Setup,
    actions: &[Action],
    game: &AnyGame,
    match_state: Option<&pb::MatchState>,
    rules_version: u32,
    detail: Detail,
) -> usize {
    w.bytes(1, setup.variant.id().as_bytes());
    w.uint(2, u64::from(rules_version));
    for (name, value) in &setup.options {
        w.message(3, |w| {
            w.bytes(1, name.as_bytes());
            w.bytes(2, value.as_bytes());
        });
    }
    w.uint(4, u64::from(setup.seats));
    w.uint(5, u64::from(setup.dealer.get()));
    match &setup.deal {
        DealSource::Seed(s) => w.bytes_always(6, s),
        DealSource::Explicit(_) => {
            let deal = game.deal();
            w.message(7, |w| {
                for s in Seat::all(setup.seats) {
                    w.message(1, |w| {
                        for c in deal.hands[s].into_iter().rev() {
                            card_as(w, 1, c, detail);
                        }
                    });
                }
                for &c in deal.talon() {
                    card_as(w, 2, c, detail);
                }
            });
        }
    }
    for &a in actions {
        match (convert::action_as_fields(a), detail) {
            (Some(f), Detail::Full) => w.raw(&f.record_full),
            (Some(f), Detail::Compact) => w.raw(&f.record_compact),
            (None, _) => action(w, RECORD_ACTION_TAG, a, detail),
        }
    }
    let actions_end = w.len();
    if let Some(m) = match_state {
        w.message(9, |w| wire::match_state_message(w, m));
    }
    actions_end
}

/// A record that the server writes as it stands, except for the actions added after it: its
/// bytes and where its actions end in them (see [`record`]).
#[derive(Clone, Copy, Debug)]
pub struct Written<'a> {
    /// The record's `GameRecord` message, as [`record`] writes it in [`Detail::Full`].
    pub bytes: &'a [u8],
    /// Where its actions end.
    pub actions_end: usize,
}

/// The tag of `LegalMove.action`.
pub(crate) const LEGAL_ACTION_TAG: u32 = 1;
/// The tag of `LegalMove.id`.
const LEGAL_ID_TAG: u32 = 2;
/// The tag of `LegalMove.label`.
pub(crate) const LEGAL_LABEL_TAG: u32 = 3;

/// A legal move's fields: the action, its id and its label.
fn legal_move_body(w: &mut Writer, game: &AnyGame, a: Action) {
    action(w, LEGAL_ACTION_TAG, a, Detail::Full);
    w.uint(
        LEGAL_ID_TAG,
        u64::from(game.action_id(a).unwrap_or(u32::MAX)),
    );
    match convert::own_label(game, a) {
        Some(label) => w.bytes(LEGAL_LABEL_TAG, label.as_bytes()),
        None => w.bytes(LEGAL_LABEL_TAG, convert::label_str(a).as_bytes()),
    }
}

/// The legal moves of the seat to act as repeated field `tag`: for an action in the tables, its
/// action and label fields copied whole around its id, under a header of known length.
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
        legal_moves_of(w, tag, game, list.as_slice());
    });
}

/// [`legal_moves`] of the actions `legal`.
fn legal_moves_of(w: &mut Writer, tag: u32, game: &AnyGame, legal: &[Action]) {
    // Only the other games word some labels their own way.
    let own_words = !matches!(game, AnyGame::Hungarian(_));
    for &a in legal {
        let id = u64::from(game.action_id(a).unwrap_or(u32::MAX));
        let own = own_words && convert::own_label(game, a).is_some();
        match convert::action_as_fields(a).filter(|_| !own) {
            Some(f) => {
                let len =
                    f.legal_action.len() + wire::uint_len(LEGAL_ID_TAG, id) + f.legal_label.len();
                w.message_header(tag, len);
                w.raw(&f.legal_action);
                w.uint(LEGAL_ID_TAG, id);
                w.raw(&f.legal_label);
            }
            None => {
                w.message(tag, |w| legal_move_body(w, game, a));
            }
        }
    }
}

/// A `LegalMovesResponse`: the seat to act, the phase, and its legal moves when `may_see`.
#[must_use]
pub fn legal_moves_response(game: &AnyGame, may_see: bool) -> Answer {
    let mut w = Answer::writer(1024);
    w.opt_uint(1, game.to_act().map(|s| u32::from(s.get())));
    w.int(2, convert::phase_to_pb(game.stage()) as i64);
    if may_see {
        legal_moves(&mut w, 3, game);
    }
    w.uint(4, u64::from(game.is_over()));
    Answer(w.into_bytes())
}

/// A trick: its leader, its plays and, for a completed one, its winner.
fn trick(w: &mut Writer, t: &tarock_engine::Trick, winner: Option<Seat>) {
    w.uint(1, u64::from(t.leader().get()));
    for (s, c) in t.plays() {
        w.message(2, |w| {
            w.uint(1, u64::from(s.get()));
            card(w, 2, c);
        });
    }
    w.opt_uint(3, winner.map(|s| u32::from(s.get())));
}

/// The tag of `GameRecord.actions`.
pub(crate) const RECORD_ACTION_TAG: u32 = 8;
/// The tag of `HistoryEntry.action`.
pub(crate) const HISTORY_ACTION_TAG: u32 = 2;

/// The history entry (field 18) of a discard its viewer may not see, by the discarding seat: the
/// seat, and an action of kind DISCARD without its card. (Only discards are hidden, and never in
/// the auction.)
fn hidden_discard_entry(seat: Seat) -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..tarock_engine::MAX_SEATS as u8)
            .map(|s| {
                let mut w = Writer::default();
                w.message(HISTORY_TAG, |w| {
                    w.uint(1, u64::from(s));
                    w.message(2, |w| {
                        w.int(1, pb::ActionKind::Discard as i64);
                        w.bytes(8, b"discard");
                    });
                });
                w.into_bytes()
            })
            .collect()
    });
    table
        .get(usize::from(seat.get()))
        .map_or(&[], Vec::as_slice)
}

/// A history entry, or an auction entry, as field `tag`: who acted and what they did.
fn history_entry(w: &mut Writer, tag: u32, seat: Seat, a: Action) {
    if let Some(f) = convert::action_as_fields(a) {
        // The seat (left out when 0) and the action as a whole field: the entry's length is
        // known before it is written.
        let seat = seat.get();
        let len = if seat == 0 { 0 } else { 2 } + f.history.len();
        w.message_header(tag, len);
        if seat != 0 {
            w.uint(1, u64::from(seat));
        }
        w.raw(&f.history);
        return;
    }
    w.message(tag, |w| {
        w.uint(1, u64::from(seat.get()));
        action(w, HISTORY_ACTION_TAG, a, Detail::Full);
    });
}

/// `GameView.history`.
const HISTORY_TAG: u32 = 18;
/// `GameView.auction`.
const AUCTION_TAG: u32 = 8;
/// `GameView.tricks`.
const TRICKS_TAG: u32 = 17;

/// The parts of a record's views that only grow, as a view writes them, made once for a record
/// the server keeps (see [`crate::replays`]): the auction's entries, the completed tricks, and
/// every action's history entry as a viewer who sees every card reads it, keys and lengths
/// included, one after another in one buffer in the order a view writes them, so that a view
/// reads them in one sweep. A view copies them, writing a hidden discard in place of the entry
/// of a discard its viewer may not see (the discards are listed, with where their entries are).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The auction's entries (field 8), then the completed tricks (field 17), then the history
    /// entries (field 18).
    bytes: Vec<u8>,
    /// Where the auction's entries end in `bytes`.
    auction_end: usize,
    /// Where the completed tricks end in `bytes` (the history entries start).
    tricks_end: usize,
    /// How many actions it holds.
    actions: usize,
    /// How many completed tricks it holds.
    ntricks: usize,
    /// Whether the auction is over within the actions: an action of another kind followed it.
    auction_over: bool,
    /// The discards among the actions, in order, up to [`MAX_DISCARDS`] (a deal has at most
    /// [`tarock_engine::deal::MAX_TALON`]).
    discards: [Discarded; MAX_DISCARDS],
    /// How many of `discards` there are; `None` for more than they hold (then views do not use
    /// this history).
    ndiscards: Option<usize>,
}

/// The most discards a [`History`] lists.
const MAX_DISCARDS: usize = 8;

/// A discard among a history's actions: who discarded which card, and where its entry is among
/// the history entries (from their start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Discarded {
    seat: Seat,
    card: Card,
    entry: (u32, u32),
}

/// The auction's entries (field 8) of the calls among `actions` (made by `seats`, the first of
/// them the record's action number `from`) up to the first action of another kind or the end
/// of the auction's `bounds` (see [`AnyGame::auction_bounds`]); whether the auction is over.
fn auction_entries(
    w: &mut Writer,
    actions: &[Action],
    seats: &[Seat],
    from: usize,
    bounds: (usize, Option<usize>),
) -> bool {
    let (start, calls) = bounds;
    // The actions before the auction: a throw-in ends the hand without one.
    let before = start.saturating_sub(from).min(actions.len());
    if actions[..before].contains(&Action::ThrowIn) {
        return true;
    }
    // How many of the rest are still the auction's calls.
    let left = calls.map_or(usize::MAX, |n| (start + n).saturating_sub(from.max(start)));
    for (k, (&a, &s)) in actions[before..]
        .iter()
        .zip(&seats[before.min(seats.len())..])
        .enumerate()
    {
        if k >= left || !matches!(a, Action::Pass | Action::Bid(_) | Action::Hold) {
            return true;
        }
        history_entry(w, AUCTION_TAG, s, a);
    }
    false
}

impl Default for History {
    /// The history of no action.
    fn default() -> History {
        History {
            bytes: Vec::new(),
            auction_end: 0,
            tricks_end: 0,
            actions: 0,
            ntricks: 0,
            auction_over: false,
            discards: [Discarded {
                seat: Seat::new(0),
                card: Card::new(0),
                entry: (0, 0),
            }; MAX_DISCARDS],
            ndiscards: Some(0),
        }
    }
}

impl History {
    /// The history of `actions`, made by `seats` (one each), which reached `game`.
    #[must_use]
    pub fn of(game: &AnyGame, actions: &[Action], seats: &[Seat]) -> History {
        History::default().and(game, actions, seats)
    }

    /// This history with `actions` made by `seats` after it, which reached `game`.
    #[must_use]
    pub fn and(&self, game: &AnyGame, actions: &[Action], seats: &[Seat]) -> History {
        let tricks = game.tricks();
        let mut w = Writer::with_capacity(self.bytes.len() + actions.len() * 64 + 128);
        // The auction's entries, and those of the calls after them while it lasts.
        w.raw(self.auction());
        let auction_over = self.auction_over
            || auction_entries(&mut w, actions, seats, self.actions, game.auction_bounds());
        let auction_end = w.len();
        // The completed tricks.
        w.raw(self.tricks());
        for (i, done) in tricks.iter().enumerate().skip(self.ntricks) {
            let winner = game.trick_winner(i).map(|(s, _)| s);
            w.message(TRICKS_TAG, |w| trick(w, done, winner));
        }
        let tricks_end = w.len();
        // The history entries, with the discards among them.
        w.raw(self.entries());
        let mut discards = self.discards;
        let mut ndiscards = self.ndiscards;
        for (&a, &s) in actions.iter().zip(seats) {
            let start = w.len() - tricks_end;
            history_entry(&mut w, HISTORY_TAG, s, a);
            if let Action::Discard(card) = a {
                let entry = (
                    u32::try_from(start).unwrap_or(u32::MAX),
                    u32::try_from(w.len() - tricks_end).unwrap_or(u32::MAX),
                );
                ndiscards = ndiscards.and_then(|n| {
                    let slot = discards.get_mut(n)?;
                    *slot = Discarded {
                        seat: s,
                        card,
                        entry,
                    };
                    Some(n + 1)
                });
            }
        }
        History {
            bytes: w.into_bytes(),
            auction_end,
            tricks_end,
            actions: self.actions + actions.len().min(seats.len()),
            ntricks: tricks.len().max(self.ntricks),
            auction_over,
            discards,
            ndiscards,
        }
    }

    /// The auction's entries.
    fn auction(&self) -> &[u8] {
        &self.bytes[..self.auction_end]
    }

    /// The completed tricks' entries.
    fn tricks(&self) -> &[u8] {
        &self.bytes[self.auction_end..self.tricks_end]
    }

    /// The history entries.
    fn entries(&self) -> &[u8] {
        &self.bytes[self.tricks_end..]
    }

    /// The discards among the actions (`None` if more than are listed).
    fn discards(&self) -> Option<&[Discarded]> {
        self.discards.get(..self.ndiscards?)
    }

    /// How many actions it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.actions
    }

    /// Whether it holds no action.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The view of `game` (reached by `actions`) for `viewer`. Nothing a viewer may not see appears
/// anywhere in it, the history included. `seats` are who made each action, when the caller
/// learnt them replaying the record (see [`AnyGame::replay_with`]); otherwise (any other
/// length, e.g. empty) the view replays the actions to learn them.
pub fn view(w: &mut Writer, game: &AnyGame, actions: &[Action], seats: &[Seat], viewer: Viewer) {
    view_with(w, game, actions, seats, None, viewer);
}

/// [`view`], the entries of the first actions taken from `kept` (their history, which the
/// caller keeps: it must be the history of `actions[..kept.len()]` made by `seats`).
pub fn view_with(
    w: &mut Writer,
    game: &AnyGame,
    actions: &[Action],
    seats: &[Seat],
    kept: Option<&History>,
    viewer: Viewer,
) {
    // Each game's view is written by code compiled for it: no dispatch per field.
    match game {
        AnyGame::Hungarian(h) => view_of(w, game, h, actions, seats, kept, viewer),
        AnyGame::Polish(p) => view_of(w, game, p, actions, seats, kept, viewer),
        AnyGame::Danish(d) => {
            view_of(w, game, d, actions, seats, kept, viewer);
            w.message(23, |w| danish_state(w, d));
        }
        AnyGame::Austrian(a) => view_of(w, game, a, actions, seats, kept, viewer),
    }
}

/// The Danish hand's own state (field 23 of a view): the pots, the Tout, what the skat may be
/// asked, the fool's named suit and the declarations. All of it is public.
fn danish_state(w: &mut Writer, d: &tarock_engine::Danish) {
    w.packed(1, d.pots().iter().map(|&p| p as u64));
    w.uint(2, u64::from(d.tout_announced()));
    w.opt_uint(3, d.skat_has_trumps().map(u32::from));
    if let Some(named) = d.named_suit() {
        w.uint(4, 1);
        w.int(5, convert::suit_to_pb(named) as i64);
    }
    let table = d.table_info();
    for s in table.active_from(table.dealer) {
        if let Some(melds) = d.melds_of(s) {
            w.message(6, |w| {
                w.uint(1, u64::from(s.get()));
                for m in melds.iter() {
                    w.message(2, |w| tarock_proto::wire::meld(w, &convert::meld_to_pb(m)));
                }
            });
        }
    }
}

/// [`view_with`] of the hand `h`, which is `game`'s.
fn view_of<G: Observe>(
    w: &mut Writer,
    game: &AnyGame,
    h: &G,
    actions: &[Action],
    seats: &[Seat],
    kept: Option<&History>,
    viewer: Viewer,
) {
    let table = h.table_info();
    let vis = h.visible(viewer);
    let phase = h.stage();
    let v = convert::viewer_to_pb(viewer);
    w.message(1, |w| {
        w.int(1, i64::from(v.role));
        w.uint(2, u64::from(v.seat));
    });
    w.bytes(2, game.variant().id().as_bytes());
    w.uint(3, u64::from(table.seats));
    w.uint(4, u64::from(table.dealer.get()));
    w.int(5, convert::phase_to_pb(phase) as i64);
    w.opt_uint(6, game.to_act().map(|s| u32::from(s.get())));
    for s in Seat::all(table.seats) {
        w.message(7, |w| {
            w.uint(1, u64::from(s.get()));
            w.uint(2, u64::from(table.is_active(s)));
            w.uint(3, u64::from(h.hand(s).len()));
            cards(w, 4, vis.hands[s]);
            w.uint(5, u64::from(h.discards(s).len()));
            w.opt_uint(6, h.discarded_tarokks(s).map(u32::from));
            cards(w, 7, vis.discards[s]);
            let declared = h.declared_count(s);
            w.uint(8, u64::from(declared.unwrap_or(0)));
            w.int(9, convert::team_to_pb(h.side_known_to(viewer, s)) as i64);
            cards(w, 10, h.won(s));
            w.uint(11, u64::from(h.talon_received(s).len()));
            w.uint(12, u64::from(declared.is_some()));
        });
    }
    let replayed;
    let seats = if seats.len() == actions.len() {
        seats
    } else {
        // Who made each action: replay from the deal (the setup is the game's own, so every
        // action applies).
        let mut g = convert::replay_start(game);
        replayed = actions
            .iter()
            .map(|&a| {
                let s = g.to_act().unwrap_or_default();
                g.play_unchecked(a);
                s
            })
            .collect::<Vec<Seat>>();
        &replayed
    };
    // The kept history, if it is of this record's first actions and lists its discards.
    let kept = kept.filter(|h| {
        h.discards().is_some() && h.len() <= actions.len() && seats.len() == actions.len()
    });
    let from_kept = kept.map_or(0, History::len);
    // The auction: the calls up to the first action of another kind; the kept history's, then
    // the calls after it unless its actions ended the auction.
    match kept {
        Some(k) if k.auction_over => w.raw(k.auction()),
        Some(k) => {
            w.raw(k.auction());
            auction_entries(
                w,
                &actions[from_kept..],
                &seats[from_kept..],
                from_kept,
                game.auction_bounds(),
            );
        }
        None => {
            auction_entries(w, actions, seats, 0, game.auction_bounds());
        }
    }
    if let Some((d, c)) = h.declarer() {
        w.opt_uint(9, Some(u32::from(d.get())));
        w.int(10, convert::contract_to_pb(c) as i64);
    }
    w.uint(11, u64::from(h.talon_remaining().len()));
    cards(w, 12, vis.talon);
    if let Some(c) = h.called() {
        card(w, 13, c);
    }
    h.for_each_announced(|b, t, level, who| {
        w.message(14, |w| {
            w.int(1, convert::bonus_to_pb(b) as i64);
            w.int(2, convert::suit_to_pb(b.suit()) as i64);
            w.int(3, convert::team_to_pb(Some(t)) as i64);
            w.uint(4, u64::from(level));
            w.uint(5, u64::from(who.get()));
        });
    });
    w.uint(15, u64::from(h.game_level()));
    w.message(16, |w| trick(w, h.current_trick(), None));
    // The kept tricks are the first of this game's (the kept history is of its first actions).
    let kept_tricks = match kept {
        Some(k) if k.ntricks <= h.tricks().len() => {
            w.raw(k.tricks());
            k.ntricks
        }
        _ => 0,
    };
    for (i, t) in h.tricks().iter().enumerate().skip(kept_tricks) {
        let winner = h.trick_winner(i).map(|(s, _)| s);
        w.message(TRICKS_TAG, |w| trick(w, t, winner));
    }
    // Whether the viewer may not see `seat`'s discard of `card`.
    let hidden = |seat: Seat, card: Card| !vis.discards[seat].contains(card);
    // The kept entries, copied in runs between the discards this viewer may not see.
    if let Some(h) = kept {
        let entries = h.entries();
        let mut run = 0;
        for d in h.discards().unwrap_or_default() {
            let (start, end) = (d.entry.0 as usize, d.entry.1 as usize);
            if hidden(d.seat, d.card) {
                w.raw(entries.get(run..start).unwrap_or_default());
                w.raw(hidden_discard_entry(d.seat));
                run = end;
            }
        }
        w.raw(entries.get(run..).unwrap_or_default());
    }
    for (&a, &s) in actions.iter().zip(seats).skip(from_kept) {
        match a {
            Action::Discard(c) if hidden(s, c) => w.raw(hidden_discard_entry(s)),
            _ => history_entry(w, HISTORY_TAG, s, a),
        }
    }
    if let Stage::Over(end) = phase {
        let (reason, seat) = convert::end_to_pb(end);
        w.int(19, reason as i64);
        w.opt_uint(20, seat);
    }
    // Legal moves: for the seat to act if the viewer is that seat or the referee.
    if let Some(s) = game.to_act() {
        if viewer == Viewer::Referee || viewer == Viewer::Seat(s) {
            legal_moves(w, 21, game);
        }
    }
    if let Some(t) = game.talon_groups() {
        w.message(22, |w| talon_groups(w, game, &t, &vis));
    }
}

/// The talon's groups (field 22 of a view): each with its state and the cards of it the viewer
/// may see.
fn talon_groups(
    w: &mut Writer,
    game: &AnyGame,
    t: &tarock_engine::TalonGroups,
    vis: &tarock_engine::Visible,
) {
    use pb::TalonGroupState as S;
    w.uint(1, u64::from(t.group_size));
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
        w.message(2, |w| {
            w.uint(1, u64::from(i) + 1);
            w.int(2, state as i64);
            cards(w, 3, group & vis.talon);
        });
    }
}

/// What an applied action answers with; see [`apply_action_response`].
#[derive(Debug)]
pub struct Applied<'a> {
    /// The hand's setup.
    pub setup: &'a Setup,
    /// The record's actions, the new one last.
    pub actions: &'a [Action],
    /// Who made each action, if known (see [`view`]).
    pub seats: &'a [Seat],
    /// The history of the first actions, if kept (see [`view_with`]).
    pub history: Option<&'a History>,
    /// The record before the action, as the server writes it, if known: the new record is
    /// then those bytes with the action added.
    pub written: Option<Written<'a>>,
    /// The game before the action.
    pub before: &'a AnyGame,
    /// The game after it.
    pub after: &'a AnyGame,
    /// The match state the record carries.
    pub match_state: Option<&'a pb::MatchState>,
    /// The viewer of the returned view; `None`: no view.
    pub viewer: Option<Viewer>,
    /// The new sealed record, in sealed mode (then no open record is written).
    pub sealed: Option<&'a pb::SealedRecord>,
}

/// Where an answer's open record is: its `GameRecord` message, and where its actions end in
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordAt {
    /// The message's bytes in the answer's message ([`Answer::message`]).
    pub span: Range<usize>,
    /// Where the record's actions end, from the start of the message.
    pub actions_end: usize,
}

/// Room an ApplyAction answer is given per action of its record, beyond 1 KiB.
const ANSWER_BYTES_PER_ACTION: usize = 100;

/// An `ApplyActionResponse`: the new record (or sealed record), the events and the view; with
/// where the open record is in it (`None` for a sealed one).
#[must_use]
pub fn apply_action_response(a: &Applied<'_>, rules_version: u32) -> (Answer, Option<RecordAt>) {
    // Room for what answers of this length take (about 90 bytes an action: the record, the
    // history and the tricks), so that the answer is written without growing its buffer.
    let mut w = Answer::writer((a.actions.len() * ANSWER_BYTES_PER_ACTION + 1024).max(4096));
    let Some(&action) = a.actions.last() else {
        return (Answer(w.into_bytes()), None);
    };
    let mut record_at = None;
    if a.sealed.is_none() {
        let fields = convert::action_as_fields(action);
        record_at = Some(match (a.written, fields) {
            (Some(before), Some(f)) if before.actions_end <= before.bytes.len() => {
                // The record before, with the action's field where its actions end.
                let (head, tail) = before.bytes.split_at(before.actions_end);
                w.message_header(1, head.len() + f.record_full.len() + tail.len());
                let start = w.len();
                w.raw(head);
                w.raw(&f.record_full);
                w.raw(tail);
                RecordAt {
                    span: start - GRPC_PREFIX..w.len() - GRPC_PREFIX,
                    actions_end: head.len() + f.record_full.len(),
                }
            }
            _ => {
                let mut actions_end = 0;
                let span = w.message(1, |w| {
                    let start = w.len();
                    let end = record(
                        w,
                        a.setup,
                        a.actions,
                        a.after,
                        a.match_state,
                        rules_version,
                        Detail::Full,
                    );
                    actions_end = end - start;
                });
                RecordAt {
                    span: span.start - GRPC_PREFIX..span.end - GRPC_PREFIX,
                    actions_end,
                }
            }
        });
    }
    // The events name only public facts (trick winners, revealed partners, bonuses).
    for e in convert::events(a.before, a.after, action) {
        w.message(2, |w| wire::event(w, &e));
    }
    if let Some(viewer) = a.viewer {
        w.long_message(3, |w| {
            view_with(w, a.after, a.actions, a.seats, a.history, viewer);
        });
    }
    if let Some(s) = a.sealed {
        w.message(4, |w| wire::sealed_record(w, s));
    }
    (Answer(w.into_bytes()), record_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;
    use tarock_engine::{DealBuilder, Variant};

    /// Games of every variant at every stage: seeded deals and, for every third, the same cards
    /// as an explicit deal, played at random and taken after about one action in three.
    fn games() -> Vec<(Setup, Vec<Action>, AnyGame)> {
        let mut out = Vec::new();
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut below = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        for (i, &v) in Variant::ALL.iter().enumerate() {
            for n in 0..24u64 {
                let mut seed = [0u8; 32];
                seed[..8].copy_from_slice(&(n * 31 + i as u64).to_le_bytes());
                let seats = v.seat_counts()[0];
                let dealer = Seat::new((n % u64::from(seats)) as u8);
                let mut setup = Setup::seeded(v, seats, dealer, seed);
                let mut g = AnyGame::new(&setup).expect("a seeded deal");
                if n % 3 == 0 {
                    let d = *g.deal();
                    let mut b = DealBuilder::new();
                    for s in Seat::all(seats) {
                        let cs: Vec<Card> = d.hands[s].into_iter().collect();
                        b = b.hand(s.get(), &cs);
                    }
                    setup.deal = DealSource::Explicit(b.talon(d.talon()));
                    g = AnyGame::new(&setup).expect("the same cards, explicit");
                }
                let mut actions = Vec::new();
                out.push((setup.clone(), actions.clone(), g));
                while !g.is_over() {
                    let legal = g.legal_actions();
                    let a = legal[below(legal.len())];
                    g.play_unchecked(a);
                    actions.push(a);
                    if below(3) == 0 || g.is_over() {
                        out.push((setup.clone(), actions.clone(), g));
                    }
                }
            }
        }
        out
    }

    /// `bytes` decode as `M`, and prost and the service's encoder both write that message back
    /// as exactly `bytes`: the writer keeps prost's field order and leaves out what prost does.
    fn canonical<M: Message + Default + 'static>(bytes: &[u8]) -> M {
        let m = M::decode(bytes).expect("the bytes decode");
        assert_eq!(m.encode_to_vec(), bytes, "prost writes the same bytes");
        let mut again = Vec::new();
        if wire::encode(&m, &mut again) {
            assert_eq!(again, bytes, "the service's encoder writes the same bytes");
        }
        m
    }

    #[test]
    fn views_records_and_moves_are_what_prost_writes() {
        let mut seen_explicit = false;
        for (setup, actions, g) in games() {
            let mut viewers = vec![Viewer::Referee, Viewer::Spectator];
            viewers.extend(Seat::all(setup.seats).map(Viewer::Seat));
            for v in viewers {
                let mut w = Writer::default();
                view(&mut w, &g, &actions, &[], v);
                let pv: pb::GameView = canonical(&w.into_bytes());
                assert_eq!(pv.history.len(), actions.len());
                assert_eq!(pv.to_act, g.to_act().map(|s| u32::from(s.get())));
            }
            for detail in [Detail::Full, Detail::Compact] {
                let mut w = Writer::default();
                let m = pb::MatchState {
                    deals_played: 3,
                    totals: vec![5, -5, 0, 0],
                    ..Default::default()
                };
                record(&mut w, &setup, &actions, &g, Some(&m), 7, detail);
                // A compact record writes a card index of 0, which prost leaves out (so that
                // every card takes the same room): it decodes to the same message.
                let r: pb::GameRecord = match detail {
                    Detail::Full => canonical(&w.into_bytes()),
                    Detail::Compact => {
                        pb::GameRecord::decode(w.into_bytes().as_slice()).expect("the bytes decode")
                    }
                };
                // The record reads back as the same hand.
                let d = convert::record_from_pb(&r).expect("the record decodes");
                assert_eq!(d.actions, actions);
                assert_eq!(d.match_state, Some(m));
                assert_eq!(AnyGame::replay(&d.setup, &d.actions).ok(), Some(g));
                seen_explicit |= matches!(r.deal, Some(pb::game_record::Deal::ExplicitDeal(_)));
                let full = detail == Detail::Full;
                assert!(r.actions.iter().all(|a| a.notation.is_empty() != full));
            }
            for may_see in [true, false] {
                let lm: pb::LegalMovesResponse =
                    canonical(legal_moves_response(&g, may_see).message());
                let expected = if may_see { g.legal_actions().len() } else { 0 };
                assert_eq!(lm.moves.len(), expected);
                assert_eq!(lm.game_over, g.is_over());
            }
        }
        assert!(seen_explicit);
    }

    #[test]
    fn views_from_a_kept_history_are_the_views_written_entry_by_entry() {
        let (mut hidden, mut auctions, mut tricks) = (0, 0, 0);
        for (setup, actions, g) in games() {
            let mut seats = Vec::new();
            AnyGame::replay_with(&setup, &actions, |s| seats.push(s)).expect("replays");
            let mut viewers = vec![Viewer::Referee, Viewer::Spectator];
            viewers.extend(Seat::all(setup.seats).map(Viewer::Seat));
            // Kept histories of every length up to the record's, made at once or grown.
            let n = actions.len();
            let whole = History::of(&g, &actions, &seats);
            assert_eq!(whole.len(), n);
            let g_half = AnyGame::replay(&setup, &actions[..n / 2]).expect("replays");
            let half = History::of(&g_half, &actions[..n / 2], &seats[..n / 2]);
            let grown = half.and(&g, &actions[n / 2..], &seats[n / 2..]);
            assert_eq!(grown, whole);
            tricks += whole.ntricks;
            for v in viewers {
                let mut w = Writer::default();
                view(&mut w, &g, &actions, &seats, v);
                let expected = w.into_bytes();
                for kept in [&whole, &half, &History::default()] {
                    let mut w = Writer::default();
                    view_with(&mut w, &g, &actions, &seats, Some(kept), v);
                    assert_eq!(w.into_bytes(), expected, "{n} actions, {} kept", kept.len());
                }
                let pv = pb::GameView::decode(expected.as_slice()).expect("a view");
                hidden += pv
                    .history
                    .iter()
                    .filter(|e| {
                        e.action
                            .as_ref()
                            .is_some_and(|a| a.card.is_none() && a.notation == "discard")
                    })
                    .count();
                auctions += pv.auction.len();
            }
        }
        // Views with discards hidden from their viewer, with auctions and with completed tricks
        // kept were among them.
        assert!(
            hidden > 100 && auctions > 100 && tricks > 100,
            "{hidden} hidden, {auctions} auction entries, {tricks} tricks"
        );
    }

    #[test]
    fn a_history_with_more_discards_than_it_lists_is_not_used() {
        // rule: HU-TALON-08 (each player discards as many cards as it received from the talon:
        // a deal has at most a talon's worth of discards, and a history lists that many)
        let (setup, actions, g) = games()
            .into_iter()
            .find(|(_, a, _)| a.len() > MAX_DISCARDS)
            .expect("a long record");
        let mut seats = Vec::new();
        AnyGame::replay_with(&setup, &actions, |s| seats.push(s)).expect("replays");
        let card = g.won(Seat::new(0)) | g.hand(Seat::new(0));
        let card = card.into_iter().next().expect("a card");
        let n = MAX_DISCARDS + 1;
        let too_many = History::of(&g, &vec![Action::Discard(card); n], &seats[..n]);
        assert_eq!(too_many.discards(), None);
        let listed = History::of(&g, &vec![Action::Discard(card); n - 1], &seats[..n - 1]);
        assert_eq!(listed.discards().map(<[_]>::len), Some(n - 1));
        for v in [
            Viewer::Referee,
            Viewer::Spectator,
            Viewer::Seat(Seat::new(1)),
        ] {
            let mut w = Writer::default();
            view(&mut w, &g, &actions, &seats, v);
            let expected = w.into_bytes();
            let mut w = Writer::default();
            view_with(&mut w, &g, &actions, &seats, Some(&too_many), v);
            assert_eq!(w.into_bytes(), expected);
        }
    }

    #[test]
    fn applying_answers_with_the_record_events_and_view() {
        for (setup, actions, g) in games().into_iter().filter(|(_, a, _)| !a.is_empty()) {
            let before = AnyGame::replay(&setup, &actions[..actions.len() - 1]).expect("replays");
            let viewer = Viewer::Seat(before.to_act().expect("someone acted"));
            let mut seats = Vec::new();
            AnyGame::replay_with(&setup, &actions, |s| seats.push(s)).expect("replays");
            let applied = Applied {
                setup: &setup,
                actions: &actions,
                seats: &seats,
                history: None,
                written: None,
                before: &before,
                after: &g,
                match_state: None,
                viewer: Some(viewer),
                sealed: None,
            };
            let (answer, span) = apply_action_response(&applied, 1);
            let bytes = answer.message();
            let r: pb::ApplyActionResponse = canonical(bytes);
            // Without a viewer: the same answer, the record in the same place, and no view.
            let (bare, bare_span) = apply_action_response(
                &Applied {
                    viewer: None,
                    ..applied
                },
                1,
            );
            let bare: pb::ApplyActionResponse = canonical(bare.message());
            assert_eq!(
                bare,
                pb::ApplyActionResponse {
                    view: None,
                    ..r.clone()
                }
            );
            assert_eq!(bare_span, span);
            let record = r.record.expect("an open record");
            assert_eq!(record.actions.len(), actions.len());
            // The span given is the record's message, exactly, and its actions end where the
            // message without its match state ends.
            let at = span.expect("an open record's place");
            assert_eq!(bytes[at.span.clone()].to_vec(), record.encode_to_vec());
            let without_match = pb::GameRecord {
                match_state: None,
                ..record.clone()
            };
            assert_eq!(at.actions_end, without_match.encode_to_vec().len());
            assert_eq!(r.view, Some(convert::view(&g, &actions, &[], viewer)));
            let last = *actions.last().expect("not empty");
            assert_eq!(r.events, convert::events(&before, &g, last));
            let sealed = pb::SealedRecord {
                data: vec![1, 2, 3],
                move_count: actions.len() as u64,
            };
            let (answer, span) = apply_action_response(
                &Applied {
                    sealed: Some(&sealed),
                    ..applied
                },
                1,
            );
            let r: pb::ApplyActionResponse = canonical(answer.message());
            assert_eq!((r.record, r.sealed, span), (None, Some(sealed), None));
        }
    }

    // rule: PL-BID-02, PL-BID-03 (the auction is one call each from forant, after the opening)
    #[test]
    fn a_polish_view_lists_the_auction_without_the_opening() {
        let setup = Setup::seeded(Variant::PolishKrolami, 4, Seat::new(3), [7; 32]);
        let mut g = AnyGame::new(&setup).expect("a seeded deal");
        let mut actions = Vec::new();
        // The opening (each seat passes), then forant bids, the others pass, then the call.
        for a in ["pass"; 4]
            .into_iter()
            .chain(["bid dwa", "pass", "pass", "pass", "call HK"])
        {
            let a: Action = a.parse().expect("notation");
            g = g.play(a).expect("legal");
            actions.push(a);
            let v = convert::view(&g, &actions, &[], Viewer::Spectator);
            let calls: Vec<String> = v
                .auction
                .iter()
                .map(|c| {
                    c.action
                        .as_ref()
                        .map(|a| a.notation.clone())
                        .unwrap_or_default()
                })
                .collect();
            let expected: Vec<&str> = ["bid dwa", "pass", "pass", "pass"]
                .into_iter()
                .take(actions.len().saturating_sub(4))
                .collect();
            assert_eq!(calls, expected, "after {} actions", actions.len());
            // The same from a history kept after every prefix.
            for k in 0..=actions.len() {
                let mut seats = Vec::new();
                AnyGame::replay_with(&setup, &actions, |s| seats.push(s)).expect("replays");
                let kept = History::of(
                    &AnyGame::replay(&setup, &actions[..k]).expect("replays"),
                    &actions[..k],
                    &seats[..k],
                );
                let mut w = Writer::default();
                view_with(&mut w, &g, &actions, &seats, Some(&kept), Viewer::Spectator);
                let mut plain = Writer::default();
                view(&mut plain, &g, &actions, &seats, Viewer::Spectator);
                assert_eq!(
                    w.into_bytes(),
                    plain.into_bytes(),
                    "kept {k} of {}",
                    actions.len()
                );
            }
        }
        // The first seat to call is forant, the dealer's right.
        let v = convert::view(&g, &actions, &[], Viewer::Spectator);
        assert_eq!(v.auction.first().map(|c| c.seat), Some(0));
    }
}
