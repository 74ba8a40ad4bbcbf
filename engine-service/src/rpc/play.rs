//! `Play`: vectorised play on a bidirectional stream. The stream is a session holding its tables
//! in memory (the one place the server keeps games, for as long as the stream is open): each
//! table is its setup, its hand's seed, the game now, the actions since the deal (from which
//! the information state is encoded, and the record exported) and the hands played. Each message opens tables, acts at them, exports and closes them,
//! and is answered with one column per value over the tables it reports.
//!
//! A step is the engine's: the action looked up by its id, checked, and applied; at the end of
//! a hand the settlement's totals are the rewards, and the table deals its next hand (the seed
//! the SHA-256 of the last, the deal passed to the next seat). The answer's columns are written
//! as the steps go, into buffers the session keeps from message to message: a step allocates
//! nothing but at the end of a hand (the settlement's ledger).

use crate::convert;
use crate::encodings::{self, Asked};
use crate::error;
use crate::respond::{self, varint, Detail, Writer};
use crate::streams::{Handler, Slot};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use tarock_engine::game::{Game, Observe};
use tarock_engine::{Action, AnyGame, DealSource, Seat, Setup, Variant, RULES_VERSION};
use tarock_proto::codec::Encoded;
use tarock_proto::fields as f;
use tarock_proto::v1 as pb;

/// The largest answer, in bytes: a message whose answer could be larger is refused whole
/// (`INVALID_MESSAGE`). The server's limit on any response: 256 five-seat Hungarian tables
/// with both tensors take 6.3 MB, over the gRPC libraries' default receive limit of 4 MiB,
/// which such a client raises.
pub(crate) const ANSWER_LIMIT: usize = crate::server::MAX_RESPONSE_BYTES;

/// The room an answer's columns keep for the next once it is written: the buffers of a larger
/// answer (tensors of many tables) are let go, so that an idle stream holds little.
const KEPT_ROOM: usize = 4 * 1024 * 1024;

/// The most bytes one refusal (a `TableError`) takes in an answer.
const ERROR_BYTES: usize = 224;

/// The most bytes one exported record takes in an answer: more than the longest legal record
/// (17.6 KB, `tests/tests/e2e/hardening.rs`).
const EXPORT_BYTES: usize = 20 * 1024;

/// The reason codes of [`pb::TableError`].
mod reason {
    pub(super) const ILLEGAL_ACTION: &str = "ILLEGAL_ACTION";
    pub(super) const UNKNOWN_ACTION_ID: &str = "UNKNOWN_ACTION_ID";
    pub(super) const UNKNOWN_TABLE: &str = "UNKNOWN_TABLE";
    pub(super) const TABLE_LIMIT: &str = "TABLE_LIMIT";
    pub(super) const INVALID_TABLE: &str = "INVALID_TABLE";
    pub(super) const INVALID_MESSAGE: &str = "INVALID_MESSAGE";
    pub(super) const INTERNAL: &str = "INTERNAL";
}

/// One table of a stream.
#[derive(Debug)]
struct Table {
    /// Its variant, options, seats and dealer, and its hand's seed as the deal.
    setup: Setup,
    /// The seed of its hand.
    seed: [u8; 32],
    /// The hand now.
    game: AnyGame,
    /// The actions since the deal.
    actions: Vec<Action>,
    /// Hands finished.
    hands: u32,
    /// The bytes of its legal mask, and the values of its tensors.
    sizes: Sizes,
}

/// The sizes of a table's encodings.
#[derive(Clone, Copy, Debug)]
struct Sizes {
    mask: usize,
    observation: usize,
    info_state: usize,
}

impl Sizes {
    fn of(game: &AnyGame) -> Sizes {
        Sizes {
            mask: encodings::mask_len(game),
            observation: game.observation_size(),
            info_state: game.info_state_size(),
        }
    }

    /// The most bytes one report of the table takes in an answer, with the encodings `asked`:
    /// its values in every column (varints at their longest), a hand's rewards, the encodings.
    fn report_bytes(self, seats: u8, asked: Asked) -> usize {
        let mut n = 5 + 5 + 1 + 5 + 10 * usize::from(seats);
        if asked.mask {
            n += self.mask;
        }
        if asked.observation {
            n += 4 * self.observation;
        }
        if asked.info_state {
            n += 4 * self.info_state;
        }
        n.max(ERROR_BYTES)
    }
}

impl Table {
    /// The table `spec` describes, dealt.
    fn open(spec: &pb::TableSpec) -> Result<Table, String> {
        let seats = if spec.seats == 0 {
            Variant::from_id(&spec.variant).map_or(0, |v| u32::from(v.seat_counts()[0]))
        } else {
            spec.seats
        };
        let seed: [u8; 32] = if spec.seed.is_empty() {
            crate::state::random_seed().map_err(|s| s.message().to_owned())?
        } else {
            spec.seed
                .as_slice()
                .try_into()
                .map_err(|_| format!("seed: a seed has 32 bytes, not {}", spec.seed.len()))?
        };
        let setup = convert::setup_from_pb(
            &spec.variant,
            &spec.options,
            seats,
            spec.dealer,
            Some(DealSource::Seed(seed)),
            "",
        )
        .map_err(|v| {
            v.iter()
                .map(|v| format!("{}: {}", v.field, v.description))
                .collect::<Vec<_>>()
                .join("; ")
        })?;
        let dealt = AnyGame::new(&setup).map_err(|e| e.to_string())?;
        Ok(Table {
            setup,
            seed,
            game: dealt,
            actions: Vec::with_capacity(128),
            hands: 0,
            sizes: Sizes::of(&dealt),
        })
    }

    /// Deals the next hand: the seed the SHA-256 of the last, the deal passed to the next seat.
    fn deal_next(&mut self) -> Result<(), String> {
        self.seed = Sha256::digest(self.seed).into();
        self.setup.dealer = self.setup.dealer.next(self.setup.seats);
        self.setup.deal = DealSource::Seed(self.seed);
        self.game = AnyGame::new(&self.setup).map_err(|e| e.to_string())?;
        self.actions.clear();
        Ok(())
    }

    /// The seat to act (a hand is dealt again at its end, so there is one).
    fn to_act(&self) -> Seat {
        self.game
            .to_act()
            .unwrap_or_else(|| self.game.table_info().first_active())
    }
}

/// An answer's columns, kept from message to message for their room.
#[derive(Debug, Default)]
struct Columns {
    tables: Vec<u8>,
    to_act: Vec<u8>,
    hand_over: Vec<u8>,
    rewards: Vec<u8>,
    masks: Vec<u8>,
    observations: Vec<u8>,
    info_states: Vec<u8>,
    errors: Writer,
    records: Writer,
    hands: Vec<u8>,
    /// Room for the engine's mask words and tensor values.
    words: Vec<u64>,
    floats: Vec<f32>,
}

impl Columns {
    fn clear(&mut self) {
        self.tables.clear();
        self.to_act.clear();
        self.hand_over.clear();
        self.rewards.clear();
        self.masks.clear();
        self.observations.clear();
        self.info_states.clear();
        self.errors.clear();
        self.records.clear();
        self.hands.clear();
    }

    /// A refusal: of entry `index` of the list `field`, about `table` (none: the whole message).
    fn refuse(
        &mut self,
        table: Option<u32>,
        field: &str,
        index: usize,
        reason: &str,
        message: &str,
        rule: &str,
    ) {
        use f::table_error as e;
        self.errors.message(f::play_response::ERRORS, |w| {
            w.opt_uint(e::TABLE, table);
            w.uint(e::INDEX, index as u64);
            w.bytes(e::REASON, reason.as_bytes());
            w.bytes(e::MESSAGE, error::clip(message).as_bytes());
            w.bytes(e::RULE, rule.as_bytes());
            w.bytes(e::FIELD, field.as_bytes());
        });
    }

    /// Reports table `id` after an action that did (`over`) or did not end a hand.
    fn report(&mut self, id: u32, t: &Table, over: bool, asked: Asked) {
        varint(&mut self.tables, u64::from(id));
        let seat = t.to_act();
        varint(&mut self.to_act, u64::from(seat.get()));
        varint(&mut self.hand_over, u64::from(over));
        varint(&mut self.hands, u64::from(t.hands));
        if asked.mask {
            encodings::push_mask(&t.game, &mut self.words, &mut self.masks);
        }
        if asked.observation {
            let at = self.observations.len();
            if let Err(e) = encodings::push_observation(
                &t.game,
                seat,
                t.sizes.observation,
                &mut self.floats,
                &mut self.observations,
            ) {
                // Never for the seat to act and the sizes the table was opened with; its place
                // is kept.
                self.observations.resize(at + 4 * t.sizes.observation, 0);
                let e = format!("cannot encode the observation: {e}");
                self.refuse(Some(id), "tables", 0, reason::INTERNAL, &e, "");
            }
        }
        if asked.info_state {
            let at = self.info_states.len();
            if let Err(e) = encodings::push_info_state(
                &t.game,
                &t.actions,
                seat,
                t.sizes.info_state,
                &mut self.floats,
                &mut self.info_states,
            ) {
                self.info_states.resize(at + 4 * t.sizes.info_state, 0);
                let e = format!("cannot encode the information state: {e}");
                self.refuse(Some(id), "tables", 0, reason::INTERNAL, &e, "");
            }
        }
    }

    /// Lets go of the room of columns beyond [`KEPT_ROOM`].
    fn trim(&mut self) {
        for v in [
            &mut self.masks,
            &mut self.observations,
            &mut self.info_states,
        ] {
            if v.capacity() > KEPT_ROOM {
                *v = Vec::new();
            }
        }
        for w in [&mut self.errors, &mut self.records] {
            if w.capacity() > KEPT_ROOM {
                *w = Writer::default();
            }
        }
    }

    /// The answer: the columns as a `PlayResponse`.
    fn answer(&mut self) -> Encoded<pb::PlayResponse> {
        use f::play_response as r;
        let len = self.tables.len()
            + self.to_act.len()
            + self.hand_over.len()
            + self.rewards.len()
            + self.masks.len()
            + self.observations.len()
            + self.info_states.len()
            + self.errors.len()
            + self.records.len()
            + self.hands.len();
        let mut w = Writer::with_capacity(len + 64);
        w.packed_varints(r::TABLES, &self.tables);
        w.packed_varints(r::TO_ACT, &self.to_act);
        w.packed_varints(r::HAND_OVER, &self.hand_over);
        w.packed_varints(r::REWARDS, &self.rewards);
        w.bytes(r::LEGAL_MASKS, &self.masks);
        w.bytes(r::OBSERVATIONS, &self.observations);
        w.bytes(r::INFO_STATES, &self.info_states);
        w.raw(self.errors.as_bytes());
        w.raw(self.records.as_bytes());
        w.packed_varints(r::HANDS_PLAYED, &self.hands);
        self.trim();
        Encoded::new(w.into_bytes())
    }
}

/// A stream's session: its tables, the encodings its answers carry, and the answer's columns.
#[derive(Debug)]
pub(crate) struct Session {
    tables: HashMap<u32, Table, foldhash::fast::RandomState>,
    next_id: u32,
    limit: usize,
    asked: Asked,
    columns: Columns,
    /// The stream's place among the server's Play streams.
    _slot: Slot,
}

impl Session {
    /// A session of at most `limit` tables, holding `slot`.
    pub(crate) fn new(limit: usize, slot: Slot) -> Session {
        Session {
            tables: HashMap::default(),
            next_id: 0,
            limit,
            asked: Asked {
                mask: true,
                ..Asked::default()
            },
            columns: Columns::default(),
            _slot: slot,
        }
    }

    /// Refuses the whole message `r` when its answer could be larger than [`ANSWER_LIMIT`]:
    /// what it could take, counted from the tables it names.
    fn answer_bound(
        &self,
        r: &pb::PlayRequest,
        opened: &[Result<Table, String>],
        asked: Asked,
    ) -> usize {
        let report = |t: &Table| t.sizes.report_bytes(t.setup.seats, asked);
        let mut n = 64;
        for t in opened {
            n += t.as_ref().map_or(ERROR_BYTES, report);
        }
        for id in &r.tables {
            n += self.tables.get(id).map_or(ERROR_BYTES, report);
        }
        n += r.export.len() * EXPORT_BYTES;
        n += r.close.len() * ERROR_BYTES;
        n
    }

    /// The answer to one message.
    fn respond(&mut self, r: &pb::PlayRequest) -> Encoded<pb::PlayResponse> {
        self.columns.clear();
        if r.tables.len() != r.action_ids.len() {
            self.columns.refuse(
                None,
                "tables",
                0,
                reason::INVALID_MESSAGE,
                &format!(
                    "{} tables and {} action ids: they pair up, so they are as many; nothing of \
                     the message was applied",
                    r.tables.len(),
                    r.action_ids.len()
                ),
                "",
            );
            return self.columns.answer();
        }
        let asked = r.encodings.as_ref().map_or(self.asked, Asked::of);
        let opened: Vec<Result<Table, String>> = r.open.iter().map(Table::open).collect();
        let bound = self.answer_bound(r, &opened, asked);
        if bound > ANSWER_LIMIT {
            self.columns.refuse(
                None,
                "tables",
                0,
                reason::INVALID_MESSAGE,
                &format!(
                    "the answer could take {bound} bytes, over the limit of {ANSWER_LIMIT}: send \
                     fewer actions, opens or exports in one message, or ask for fewer \
                     encodings; nothing of the message was applied"
                ),
                "",
            );
            return self.columns.answer();
        }
        self.asked = asked;
        for (i, t) in opened.into_iter().enumerate() {
            self.open(i, t);
        }
        self.act(r);
        for (i, &id) in r.export.iter().enumerate() {
            self.export(i, id);
        }
        for (i, id) in r.close.iter().enumerate() {
            if self.tables.remove(id).is_none() {
                self.columns.refuse(
                    Some(*id),
                    "close",
                    i,
                    reason::UNKNOWN_TABLE,
                    &format!("no table {id} is open on this stream"),
                    "",
                );
            }
        }
        self.columns.answer()
    }

    /// Opens the table of spec `index` (dealt, or why not) under the next id.
    fn open(&mut self, index: usize, table: Result<Table, String>) {
        let id = self.next_id;
        let Some(next) = self.next_id.checked_add(1) else {
            self.columns.refuse(
                None,
                "open",
                index,
                reason::TABLE_LIMIT,
                "this stream has given out every table id: open a new stream",
                "",
            );
            return;
        };
        self.next_id = next;
        let t = match table {
            Ok(t) => t,
            Err(e) => {
                self.columns
                    .refuse(Some(id), "open", index, reason::INVALID_TABLE, &e, "");
                return;
            }
        };
        if self.tables.len() >= self.limit {
            self.columns.refuse(
                Some(id),
                "open",
                index,
                reason::TABLE_LIMIT,
                &format!(
                    "this stream has {} tables open, the server's limit: close some",
                    self.limit
                ),
                "",
            );
            return;
        }
        self.columns.report(id, &t, false, self.asked);
        self.tables.insert(id, t);
    }

    /// The message's actions, each at its table, in order.
    fn act(&mut self, r: &pb::PlayRequest) {
        let asked = self.asked;
        let columns = &mut self.columns;
        for (i, (&id, &action_id)) in r.tables.iter().zip(&r.action_ids).enumerate() {
            let Some(t) = self.tables.get_mut(&id) else {
                columns.refuse(
                    Some(id),
                    "tables",
                    i,
                    reason::UNKNOWN_TABLE,
                    &format!("no table {id} is open on this stream"),
                    "",
                );
                continue;
            };
            let Some(action) = t.game.action_from_id(action_id) else {
                columns.refuse(
                    Some(id),
                    "tables",
                    i,
                    reason::UNKNOWN_ACTION_ID,
                    &format!(
                        "no action has id {action_id} in {} (ids are below {})",
                        t.game.variant(),
                        t.game.action_space()
                    ),
                    "",
                );
                continue;
            };
            if let Err(v) = t.game.check(action) {
                columns.refuse(
                    Some(id),
                    "tables",
                    i,
                    reason::ILLEGAL_ACTION,
                    &format!("{action}: {}", v.message),
                    v.rule,
                );
                continue;
            }
            t.game.play_unchecked(action);
            t.actions.push(action);
            let over = t.game.is_over();
            if over {
                let seats = t.setup.seats;
                let totals = t.game.settlement(1).map(|l| l.totals);
                for s in Seat::all(seats) {
                    let x = totals.as_ref().map_or(0, |t| t[s]);
                    // sint64: zigzag.
                    varint(&mut columns.rewards, ((x << 1) ^ (x >> 63)) as u64);
                }
                t.hands = t.hands.saturating_add(1);
                if let Err(e) = t.deal_next() {
                    // Never: the setup dealt before.
                    columns.refuse(Some(id), "tables", i, reason::INTERNAL, &e, "");
                    self.tables.remove(&id);
                    continue;
                }
            }
            columns.report(id, t, over, asked);
        }
    }

    /// Writes table `id`'s record (entry `index` of `export`).
    fn export(&mut self, index: usize, id: u32) {
        let Some(t) = self.tables.get(&id) else {
            self.columns.refuse(
                Some(id),
                "export",
                index,
                reason::UNKNOWN_TABLE,
                &format!("no table {id} is open on this stream"),
                "",
            );
            return;
        };
        self.columns
            .records
            .long_message(f::play_response::RECORDS, |w| {
                w.uint(f::table_record::TABLE, u64::from(id));
                w.long_message(f::table_record::RECORD, |w| {
                    respond::record(
                        w,
                        &t.setup,
                        &t.actions,
                        &t.game,
                        None,
                        RULES_VERSION,
                        Detail::Full,
                    );
                });
            });
    }
}

impl Handler<pb::PlayRequest> for Session {
    type Answer = Encoded<pb::PlayResponse>;

    fn answer(&mut self, message: pb::PlayRequest) -> Encoded<pb::PlayResponse> {
        self.respond(&message)
    }
}
