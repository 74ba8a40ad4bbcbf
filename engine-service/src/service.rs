//! The `tarock.v1.EngineService` handlers: decode, call the engine, encode.
//!
//! Architecture invariant: no game state is kept between requests. Every request carries its
//! record, and its answer depends on nothing else: the handler replays the record, or takes the
//! replay of the same bytes from [`crate::replays`], which keeps recent replays the way
//! [`crate::dealt`] keeps deals (a pure function of the bytes, kept or not).

use crate::convert::{self, Decoded, FieldViolation, LeanAction};
use crate::dealt::DealtGames;
use crate::error::{self, Context, Reason};
use crate::replays::{Compact, Replayed, Replays, StateKey};
use crate::respond::{self, Answer};
use crate::seal::{self, KeyRing, Role, SealedGame};
use std::sync::{Arc, OnceLock};
use tarock_engine::game::{Game, Viewer};
use tarock_engine::options::OptionKind;
use tarock_engine::{
    Action, AnyGame, Bot, DealSource, Seat, Setup, SetupError, Variant, RULES_VERSION,
};
use tarock_engine::{Observe, Stage};
use tarock_proto::decode::{self, StateBytes};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_server::EngineService;
use tonic::{Request, Response, Status};

/// The service. Cheap to clone; holds only configuration, the key ring, the games as dealt of
/// recent seeded setups and the replays of recent records (see [`crate::dealt`] and
/// [`crate::replays`]: what they keep is a pure function of a request's bytes, and no game in
/// progress is kept).
#[derive(Clone, Debug, Default)]
pub struct Engine {
    keys: Option<Arc<KeyRing>>,
    refuse_open: bool,
    /// Whether a sealed deal may be of a client's choosing (a seed or explicit cards). Off by
    /// default, so that a sealed deal's seed commitment means the deal was random.
    chosen_deals: bool,
    dealt: Arc<DealtGames>,
    replays: Arc<Replays>,
}

impl Engine {
    /// A service for open records only.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// A service with a key ring for sealed records; `refuse_open` makes it accept sealed
    /// records only (for public deployments).
    pub fn with_keys(keys: Option<Arc<KeyRing>>, refuse_open: bool) -> Engine {
        Engine {
            keys,
            refuse_open,
            chosen_deals: false,
            dealt: Arc::default(),
            replays: Arc::default(),
        }
    }

    /// The same service, letting sealed deals (NewDeal, NextDeal) be dealt from a seed or cards
    /// the client chose (`allow`), as tests and tournament replays need; by default a sealed deal
    /// is always dealt from a seed the server draws.
    #[must_use]
    pub fn allowing_chosen_deals(mut self, allow: bool) -> Engine {
        self.chosen_deals = allow;
        self
    }
}

/// The open or sealed state of a request.
enum State<'a> {
    Open(&'a pb::GameRecord),
    Sealed(&'a pb::SealedRecord),
    Missing,
}

macro_rules! state_of {
    ($req:expr, $module:ident) => {
        match &$req.state {
            Some(pb::$module::State::Record(r)) => State::Open(r),
            Some(pb::$module::State::Sealed(s)) => State::Sealed(s),
            None => State::Missing,
        }
    };
}

/// What the request's record and token allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    /// An open record: the client holds everything.
    Open,
    /// A sealed record with a seat token.
    Seat(Seat),
    /// A sealed record with the table token.
    Table,
    /// A sealed record without a token.
    Spectator,
}

fn phase_name(g: &AnyGame) -> &'static str {
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

fn missing_state() -> Status {
    error::bad_field("state", "set record (or sealed)")
}

fn setup_error(e: &SetupError, field: &str) -> Status {
    match e {
        SetupError::Deal(d) => {
            let v: Vec<FieldViolation> = d
                .problems
                .iter()
                .map(|p| FieldViolation::new(format!("{field}explicit_deal"), p.to_string()))
                .collect();
            error::bad_request(&v)
        }
        other => error::bad_field(field.trim_end_matches('.'), &other.to_string()),
    }
}

/// The RPCs answered from a request's bytes to its response's (see [`crate::routes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByteRpc {
    /// `LegalMoves`.
    LegalMoves,
    /// `ApplyAction`.
    ApplyAction,
}

impl ByteRpc {
    /// Every one.
    pub const ALL: [ByteRpc; 2] = [ByteRpc::LegalMoves, ByteRpc::ApplyAction];

    /// The RPC's gRPC path.
    #[must_use]
    pub const fn path(self) -> &'static str {
        match self {
            ByteRpc::LegalMoves => "/tarock.v1.EngineService/LegalMoves",
            ByteRpc::ApplyAction => "/tarock.v1.EngineService/ApplyAction",
        }
    }
}

/// A request's state replayed before its handler runs (from the request's bytes, see
/// [`Engine::by_bytes`]), or `None` for the handler to open the state of the decoded request.
type Prepared<'a> = Option<Result<Ready<'a>, Status>>;

/// A state replayed from its bytes, with what else the lean decoder left encoded.
struct Ready<'a> {
    replayed: Arc<Replayed>,
    /// The open record's bytes (`None` for a sealed record).
    record: Option<&'a [u8]>,
    /// An `ApplyActionRequest`'s action, read from its bytes (see [`convert::lean_action`]).
    action: Option<LeanAction>,
    /// The request's token, borrowed from its bytes (the decoded request's is left empty).
    token: &'a [u8],
}

impl<'a> Ready<'a> {
    /// The replay of the open record `record`.
    fn open(replayed: Arc<Replayed>, record: &'a [u8]) -> Ready<'a> {
        Ready {
            replayed,
            record: Some(record),
            action: None,
            token: &[],
        }
    }
}

/// Decodes and replays a record (from the game as dealt, kept in `dealt`); the first illegal
/// action fails the request.
fn replay_record(
    dealt: &DealtGames,
    record: &pb::GameRecord,
    lean: Option<&[LeanAction]>,
) -> Result<(Decoded, AnyGame, Vec<Seat>), Status> {
    if record.rules_version != 0 && record.rules_version != RULES_VERSION {
        return Err(error::precondition(
            Reason::RulesVersionUnsupported,
            &format!(
                "the record is for rules version {}, this server plays version {RULES_VERSION}",
                record.rules_version
            ),
            &Context::default(),
        ));
    }
    let decoded = match lean {
        Some(actions) => convert::record_with_actions(record, actions.iter().cloned()),
        None => convert::record_from_pb(record),
    }
    .map_err(|v| error::bad_request(&v))?;
    let mut seats = Vec::with_capacity(decoded.actions.len() + 1);
    let start = dealt
        .deal(&decoded.setup)
        .map_err(|e| setup_error(&e, "record."))?;
    let game = match start.replay_from(&decoded.actions, |s| seats.push(s)) {
        Ok(g) => g,
        Err(e) => {
            return Err(error::violation(
                &e.violation,
                Context {
                    seat: e.seat,
                    phase: "",
                    action_index: e.index,
                    rule: None,
                },
            ))
        }
    };
    convert::match_from_pb(decoded.match_state.as_ref(), &game)
        .map_err(|e| error::bad_request(&[e]))?;
    Ok((decoded, game, seats))
}

impl Engine {
    fn keys(&self) -> Result<&KeyRing, Status> {
        self.keys.as_deref().ok_or_else(|| {
            error::unimplemented(
                "sealed records need a key ring, and this server has none configured",
            )
        })
    }

    /// Opens the request's state (and checks its token): the replayed game and what the caller
    /// may do with it.
    fn open(&self, state: State<'_>, token: &[u8]) -> Result<(Arc<Replayed>, Access), Status> {
        self.opened(None, state, token)
    }

    /// [`Engine::open`], or, when the request's state was replayed from its bytes before the
    /// handler ran (`prepared`), that replay with the token checked (the token the lean decoder
    /// left in the bytes: the request's own is empty then).
    fn opened(
        &self,
        prepared: Prepared<'_>,
        state: State<'_>,
        token: &[u8],
    ) -> Result<(Arc<Replayed>, Access), Status> {
        let (replayed, token) = match prepared {
            Some(r) => {
                let r = r?;
                (r.replayed, r.token)
            }
            None => (self.replay_state(state)?, token),
        };
        let access = self.access(&replayed, token)?;
        Ok((replayed, access))
    }

    /// Refuses open records on a server started to accept sealed ones only.
    fn check_open(&self) -> Result<(), Status> {
        if self.refuse_open {
            return Err(error::refused(
                Reason::OpenRecordsRefused,
                "this server accepts sealed records only",
            ));
        }
        Ok(())
    }

    /// Replays a decoded request's state (a sealed one from the kept replay of its data, when
    /// kept).
    fn replay_state(&self, state: State<'_>) -> Result<Arc<Replayed>, Status> {
        match state {
            State::Missing => Err(missing_state()),
            State::Open(record) => {
                self.check_open()?;
                let (decoded, game, seats) = replay_record(&self.dealt, record, None)?;
                Ok(Arc::new(Replayed::new(decoded, game, seats, None)))
            }
            State::Sealed(s) => self.replay_sealed(&s.data),
        }
    }

    /// Replays a state the lean decoder left as bytes: from the kept replay of the same bytes
    /// when there is one, else decoded, replayed and kept. `None` when an open record's bytes
    /// are not for the fast decoder (the request is then decoded in full, and prost decides).
    fn replay_bytes<'a>(&self, state: StateBytes<'a>) -> Prepared<'a> {
        match state {
            StateBytes::Missing => Some(Err(missing_state())),
            StateBytes::Record(bytes) => {
                // Kept only by a server that accepts open records.
                let miss = match self.replays.get(StateKey::Open(bytes)) {
                    Ok(r) => return Some(Ok(Ready::open(r, bytes))),
                    Err(miss) => miss,
                };
                let lean = decode::lean_record(bytes)?;
                let actions = convert::lean_actions(&lean.actions)?;
                Some(self.check_open().and_then(|()| {
                    let (decoded, game, seats) =
                        replay_record(&self.dealt, &lean.message, Some(&actions))?;
                    let r = Arc::new(Replayed::new(decoded, game, seats, None));
                    self.replays.insert(miss, Arc::clone(&r));
                    Ok(Ready::open(r, bytes))
                }))
            }
            StateBytes::Sealed { data, .. } => {
                Some(self.replay_sealed(data).map(|replayed| Ready {
                    replayed,
                    record: None,
                    action: None,
                    token: &[],
                }))
            }
        }
    }

    /// Opens and replays a sealed record's `data`, or takes the kept replay of the same data
    /// (kept only once it opened: the key ring does not change while the server runs).
    fn replay_sealed(&self, data: &[u8]) -> Result<Arc<Replayed>, Status> {
        let miss = match self.replays.get(StateKey::Sealed(data)) {
            Ok(r) => return Ok(r),
            Err(miss) => miss,
        };
        let keys = self.keys()?;
        let payload = keys
            .open(data)
            .map_err(|e| error::refused(Reason::SealInvalid, &format!("sealed record: {e}")))?;
        let record = payload
            .record
            .ok_or_else(|| error::refused(Reason::SealInvalid, "sealed record: empty"))?;
        // Authenticated, so the server wrote it: a record that does not decode is refused as
        // tampered with.
        let lean = decode::lean_record(&record)
            .and_then(|r| Some((r.message, convert::lean_actions(&r.actions)?)));
        let (decoded, game, seats) = match lean {
            Some((r, actions)) => replay_record(&self.dealt, &r, Some(&actions))?,
            None => {
                let r = <pb::GameRecord as prost::Message>::decode(record.as_slice()).map_err(
                    |_| {
                        error::refused(
                            Reason::SealInvalid,
                            &format!("sealed record: {}", seal::SealError::Tampered),
                        )
                    },
                )?;
                replay_record(&self.dealt, &r, None)?
            }
        };
        if payload.move_count != decoded.actions.len() as u64 {
            return Err(error::refused(
                Reason::SealInvalid,
                "sealed record: move counter mismatch",
            ));
        }
        let r = Arc::new(Replayed::new(
            decoded,
            game,
            seats,
            Some(Arc::new(SealedGame::new(payload.game_id))),
        ));
        self.replays.insert(miss, Arc::clone(&r));
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

    /// Handles a request's bytes: decoded lean with its state replayed from its bytes (see
    /// [`Engine::replay_bytes`]) when the fast decoder takes them, else decoded in full as the
    /// generated service's codec decodes them.
    fn by_bytes<U: prost::Message + Default + 'static>(
        &self,
        body: &[u8],
        handle: impl Fn(&U, Prepared<'_>) -> Result<Answer, Status>,
    ) -> Result<Answer, Status> {
        if let Some(r) = decode::lean::<U>(body) {
            let action = match r.action {
                None => Some(None),
                Some(b) => convert::lean_action(b).map(Some),
            };
            if let Some(action) = action {
                if let Some(replayed) = self.replay_bytes(r.state) {
                    let token = r.token;
                    let ready = replayed.map(|ready| Ready {
                        action,
                        token,
                        ..ready
                    });
                    return handle(&r.message, Some(ready));
                }
            }
        }
        let r = decode::decode::<U>(body).map_err(tarock_proto::codec::invalid)?;
        handle(&r, None)
    }

    /// Seals the record of `setup` and `actions` (which reached `game`) for the game `game_id`
    /// with the active key. The record is written compact (cards by index, no notations or
    /// names: decoding does not read them, and no one is shown a sealed record's inside).
    fn seal(
        &self,
        setup: &Setup,
        actions: &[Action],
        game: &AnyGame,
        match_state: Option<&pb::MatchState>,
        game_id: &[u8],
    ) -> Result<pb::SealedRecord, Status> {
        let record = Compact::of(setup, actions, game, match_state);
        self.seal_compact(&record, actions.len(), game_id)
    }

    /// Seals `record`, a record of `move_count` actions written compact, for the game `game_id`
    /// with the active key.
    fn seal_compact(
        &self,
        record: &Compact,
        move_count: usize,
        game_id: &[u8],
    ) -> Result<pb::SealedRecord, Status> {
        let keys = self.keys()?;
        let move_count = move_count as u64;
        let data = keys
            .seal(&record.bytes, move_count, game_id)
            .map_err(|e| error::internal(&e))?;
        Ok(pb::SealedRecord { data, move_count })
    }
}

/// The viewer a request may have: open records and the table token may ask for any view; a seat
/// token sees its seat; no token sees as a spectator.
fn viewer_for(
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
fn acting_context(game: &AnyGame, index: usize, seat: Option<Seat>) -> Context {
    Context {
        seat,
        phase: phase_name(game),
        action_index: index,
        rule: None,
    }
}

/// The seat to act in `game` (after `index` actions), when the caller may act (or ask a bot
/// to act) for it; GAME_OVER when the hand is over.
fn actor(game: &AnyGame, index: usize, access: Access, seat: Option<u32>) -> Result<Seat, Status> {
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
    check_actor(
        access,
        to_act,
        seat,
        &acting_context(game, index, Some(to_act)),
    )?;
    Ok(to_act)
}

/// Checks that the caller may act (or ask a bot to act) for `to_act`: an open record or the
/// table token may; a seat token only for its own seat; no token in a sealed game may not. A
/// `seat` the request names must be the seat to act.
fn check_actor(
    access: Access,
    to_act: Seat,
    seat: Option<u32>,
    ctx: &Context,
) -> Result<(), Status> {
    match access {
        Access::Open | Access::Table => {}
        Access::Seat(s) if s == to_act => {}
        Access::Seat(s) => {
            return Err(error::refused(
                Reason::TokenNotAllowed,
                &format!("the token is seat {s}'s; seat {to_act} is to act"),
            ))
        }
        Access::Spectator => {
            return Err(error::refused(
                Reason::TokenNotAllowed,
                "acting in a sealed game needs the acting seat's token",
            ))
        }
    }
    match seat {
        Some(seat) if seat != u32::from(to_act.get()) => Err(error::precondition(
            Reason::NotYourTurn,
            &format!("the request is for seat {seat}, but seat {to_act} is to act"),
            ctx,
        )),
        _ => Ok(()),
    }
}

/// The round multiplier and running totals of a replayed hand's match.
fn match_of(r: &Replayed) -> Option<tarock_engine::hungarian::MatchContext> {
    // Validated in `open`.
    convert::match_from_pb(r.decoded.match_state.as_ref(), &r.game)
        .ok()
        .flatten()
}

fn viewer(v: Option<&pb::Viewer>, g: &AnyGame) -> Result<Viewer, Status> {
    let seats = g.table_info().seats;
    convert::viewer_from_pb(v, seats, "viewer").map_err(|e| error::bad_request(&[e]))
}

/// PERMISSION_DENIED for a sealed deal the client chose through `field`.
fn chosen_deal_refused(field: &str) -> Status {
    error::refused(
        Reason::ChosenDealRefused,
        &format!(
            "this server deals sealed hands from seeds it draws itself, so that the seed \
             commitment shows the deal was random: leave `{field}` unset"
        ),
    )
}

fn random_seed() -> Result<[u8; 32], Status> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed)
        .map_err(|e| error::internal(&format!("no randomness for a seed: {e}")))?;
    Ok(seed)
}

/// `LegalMoves` and `ApplyAction` answer with bytes written straight from the engine's types
/// (see [`crate::respond`]): the server's routes send them as they are, and the trait's methods
/// decode them.
impl Engine {
    /// `LegalMoves`, its response encoded.
    ///
    /// # Errors
    /// As the RPC: the record or token is invalid.
    pub fn legal_moves_wire(&self, r: &pb::LegalMovesRequest) -> Result<Answer, Status> {
        self.legal_moves_in(r, None)
    }

    fn legal_moves_in(
        &self,
        r: &pb::LegalMovesRequest,
        prepared: Prepared<'_>,
    ) -> Result<Answer, Status> {
        let (replayed, access) =
            self.opened(prepared, state_of!(r, legal_moves_request), &r.token)?;
        let game = &replayed.game;
        let may_see = match access {
            Access::Open | Access::Table => true,
            Access::Seat(s) => game.to_act() == Some(s),
            Access::Spectator => false,
        };
        Ok(respond::legal_moves_response(game, may_see))
    }

    /// `ApplyAction`, its response encoded.
    ///
    /// # Errors
    /// As the RPC: the record, token, seat or action is invalid, or the action is illegal.
    pub fn apply_action_wire(&self, r: &pb::ApplyActionRequest) -> Result<Answer, Status> {
        self.apply_action_in(r, None)
    }

    /// `rpc` on a request's bytes, decoded lean when they allow it; its response encoded.
    ///
    /// # Errors
    /// As the RPC; INVALID_ARGUMENT for bytes that are not a request.
    pub fn handle_bytes(&self, rpc: ByteRpc, body: &[u8]) -> Result<Answer, Status> {
        match rpc {
            ByteRpc::LegalMoves => self.by_bytes(body, |r, p| self.legal_moves_in(r, p)),
            ByteRpc::ApplyAction => self.by_bytes(body, |r, p| self.apply_action_in(r, p)),
        }
    }

    fn apply_action_in(
        &self,
        r: &pb::ApplyActionRequest,
        mut prepared: Prepared<'_>,
    ) -> Result<Answer, Status> {
        let (record_bytes, lean_action) = match &mut prepared {
            Some(Ok(p)) => (p.record, p.action.take()),
            _ => (None, None),
        };
        let (replayed, access) =
            self.opened(prepared, state_of!(r, apply_action_request), &r.token)?;
        let Replayed {
            decoded,
            game,
            seats: seats_before,
            sealed,
            ..
        } = &*replayed;
        let index = decoded.actions.len();
        if sealed.is_some() {
            // Without the count, a client holding an older sealed record could play on from it:
            // fork the table, or rewind it after peeking at what an action showed.
            let Some(expected) = r.expected_move_count else {
                return Err(error::bad_field(
                    "expected_move_count",
                    "acting on a sealed record needs the number of actions it holds \
                     (SealedRecord.move_count)",
                ));
            };
            if expected != index as u64 {
                return Err(error::stale(index, expected));
            }
        }
        let action: Action = match (lean_action, &r.action, r.action_id) {
            (Some(a), _, _) => a.map_err(|p| error::bad_request(&[p.at("action")]))?,
            (None, Some(a), _) => {
                convert::action_from_pb(Some(a), "action").map_err(|e| error::bad_request(&[e]))?
            }
            (None, None, Some(id)) => game.action_from_id(id).ok_or_else(|| {
                error::bad_field(
                    "action_id",
                    &format!("no action has id {id} in this variant"),
                )
            })?,
            (None, None, None) => {
                return Err(error::bad_field("action", "set action or action_id"))
            }
        };
        let to_act = actor(game, index, access, r.seat)?;
        if index >= convert::MAX_RECORD_ACTIONS {
            return Err(error::bad_field(
                "record.actions",
                "the record is at its maximum length",
            ));
        }
        let next = game.play(action).map_err(|e| {
            error::violation(&e.violation, acting_context(game, index, Some(to_act)))
        })?;
        let mut actions = Vec::with_capacity(index + 1);
        actions.extend_from_slice(&decoded.actions);
        actions.push(action);
        let mut seats = Vec::with_capacity(index + 1);
        seats.extend_from_slice(seats_before);
        seats.push(to_act);
        let who = viewer_for(access, r.viewer.as_ref(), &next)?;
        let who = (!r.omit_view).then_some(who);
        // Sealed, the new record is the one before (kept with its replay) with the action
        // added.
        let (compact, new_sealed) = match sealed {
            None => (None, None),
            Some(sealed_game) => {
                let record = replayed.compact().and(action).unwrap_or_else(|| {
                    let m = decoded.match_state.as_ref();
                    Compact::of(&decoded.setup, &actions, &next, m)
                });
                let new = self.seal_compact(&record, actions.len(), sealed_game.id())?;
                (Some(record), Some(new))
            }
        };
        let (answer, record) = respond::apply_action_response(
            &respond::Applied {
                setup: &decoded.setup,
                actions: &actions,
                seats: &seats,
                // Made for the first view of this game's replays, and kept with them after.
                history: who.map(|_| &**replayed.history()),
                written: record_bytes.and_then(|b| replayed.written(b)),
                before: game,
                after: &next,
                match_state: decoded.match_state.as_ref(),
                viewer: who,
                sealed: new_sealed.as_ref(),
            },
            RULES_VERSION,
        );
        // The record just written is the one the table's next request sends: keep its replay.
        let make = || {
            let history = replayed
                .history_after(&next, &actions, &seats)
                .map_or_else(OnceLock::new, OnceLock::from);
            Arc::new(Replayed {
                decoded: Decoded {
                    setup: decoded.setup.clone(),
                    actions,
                    match_state: decoded.match_state.clone(),
                },
                game: next,
                seats,
                sealed: sealed.clone(),
                history,
                // Written by the server just now.
                actions_end: OnceLock::from(record.as_ref().map(|at| at.actions_end)),
                compact: compact.map_or_else(OnceLock::new, OnceLock::from),
            })
        };
        match (new_sealed, &record) {
            // Its data, copied into the answer, is the key.
            (Some(s), _) => self.replays.keep_sealed(s.data, make),
            (None, Some(at)) => {
                if let Some(key) = answer.message().get(at.span.clone()) {
                    self.replays.keep(StateKey::Open(key), make);
                }
            }
            (None, None) => {}
        }
        Ok(answer)
    }
}

#[tonic::async_trait]
impl EngineService for Engine {
    async fn list_variants(
        &self,
        _request: Request<pb::ListVariantsRequest>,
    ) -> Result<Response<pb::ListVariantsResponse>, Status> {
        let variants = Variant::ALL
            .iter()
            .map(|&v| pb::VariantInfo {
                id: v.id().to_owned(),
                name: v.name().to_owned(),
                seat_counts: v.seat_counts().iter().map(|&n| u32::from(n)).collect(),
                pack_size: v.default_pack().cards().len(),
                options: v
                    .option_specs()
                    .iter()
                    .map(|s| {
                        let (ty, values, min, max) = match s.kind {
                            OptionKind::Bool => (pb::OptionType::Bool, Vec::new(), 0, 0),
                            OptionKind::Int { min, max } => {
                                (pb::OptionType::Int, Vec::new(), min, max)
                            }
                            OptionKind::Enum(vs) => (
                                pb::OptionType::Enum,
                                vs.iter().map(|v| (*v).to_owned()).collect(),
                                0,
                                0,
                            ),
                        };
                        pb::OptionInfo {
                            name: s.name.to_owned(),
                            r#type: ty as i32,
                            values,
                            min,
                            max,
                            default_value: s.default.to_owned(),
                            description: s.description.to_owned(),
                        }
                    })
                    .collect(),
            })
            .collect();
        Ok(Response::new(pb::ListVariantsResponse {
            rules_version: RULES_VERSION,
            variants,
            bots: Bot::ALL
                .iter()
                .map(|b| pb::BotInfo {
                    name: b.name().to_owned(),
                    description: b.description().to_owned(),
                })
                .collect(),
        }))
    }

    async fn new_deal(
        &self,
        request: Request<pb::NewDealRequest>,
    ) -> Result<Response<pb::NewDealResponse>, Status> {
        let r = request.get_ref();
        if r.sealed {
            self.keys()?;
            if r.deal.is_some() && !self.chosen_deals {
                return Err(chosen_deal_refused("deal"));
            }
        } else if self.refuse_open {
            return Err(error::refused(
                Reason::OpenRecordsRefused,
                "this server deals sealed records only: set sealed",
            ));
        }
        let deal = match &r.deal {
            None => DealSource::Seed(random_seed()?),
            Some(pb::new_deal_request::Deal::Seed(s)) => {
                convert::seed_from_pb(s, "seed").map_err(|e| error::bad_request(&[e]))?
            }
            Some(pb::new_deal_request::Deal::ExplicitDeal(d)) => {
                convert::explicit_from_pb(d, "explicit_deal")
                    .map_err(|e| error::bad_request(&[e]))?
            }
        };
        let seats = if r.seats == 0 {
            Variant::from_id(&r.variant).map_or(4, |v| u32::from(v.seat_counts()[0]))
        } else {
            r.seats
        };
        let setup = convert::setup_from_pb(&r.variant, &r.options, seats, r.dealer, Some(deal), "")
            .map_err(|v| error::bad_request(&v))?;
        let game = AnyGame::new(&setup).map_err(|e| setup_error(&e, ""))?;
        let who = viewer(r.viewer.as_ref(), &game)?;
        let view = Some(convert::view(&game, &[], &[], who));
        if !r.sealed {
            let record = convert::record_with_deal(&setup, &[], &game, None, RULES_VERSION);
            return Ok(Response::new(pb::NewDealResponse {
                record: Some(record),
                view,
                ..Default::default()
            }));
        }
        let keys = self.keys()?;
        let mut game_id = [0u8; 16];
        getrandom::fill(&mut game_id)
            .map_err(|e| error::internal(&format!("no randomness for a game id: {e}")))?;
        let seed_commitment = match &setup.deal {
            DealSource::Seed(s) => seal::seed_commitment(s),
            DealSource::Explicit(_) => Vec::new(),
        };
        Ok(Response::new(pb::NewDealResponse {
            record: None,
            view,
            sealed: Some(self.seal(&setup, &[], &game, None, &game_id)?),
            seat_tokens: (0..setup.seats)
                .map(|s| keys.token(&game_id, Role::Seat(s)))
                .collect(),
            table_token: keys.token(&game_id, Role::Table),
            seed_commitment,
        }))
    }

    async fn legal_moves(
        &self,
        request: Request<pb::LegalMovesRequest>,
    ) -> Result<Response<pb::LegalMovesResponse>, Status> {
        let answer = self.legal_moves_wire(request.get_ref())?;
        Ok(Response::new(convert::decode_own_bytes(answer.message())))
    }

    async fn apply_action(
        &self,
        request: Request<pb::ApplyActionRequest>,
    ) -> Result<Response<pb::ApplyActionResponse>, Status> {
        let answer = self.apply_action_wire(request.get_ref())?;
        Ok(Response::new(convert::decode_own_bytes(answer.message())))
    }

    async fn get_view(
        &self,
        request: Request<pb::GetViewRequest>,
    ) -> Result<Response<pb::GetViewResponse>, Status> {
        let r = request.get_ref();
        let (replayed, access) = self.open(state_of!(r, get_view_request), &r.token)?;
        let Replayed {
            decoded,
            game,
            seats,
            ..
        } = &*replayed;
        let who = viewer_for(access, r.viewer.as_ref(), game)?;
        Ok(Response::new(pb::GetViewResponse {
            view: Some(convert::view(game, &decoded.actions, seats, who)),
        }))
    }

    async fn score(
        &self,
        request: Request<pb::ScoreRequest>,
    ) -> Result<Response<pb::ScoreResponse>, Status> {
        let r = request.get_ref();
        let (replayed, _) = self.open(state_of!(r, score_request), &[])?;
        let h = &replayed.game;
        let seats = h.table_info().seats;
        let ctx = match_of(&replayed);
        let multiplier = ctx.map_or(1, |m| m.multiplier());
        let mut match_totals: Vec<i64> = ctx.map_or_else(
            || vec![0; usize::from(seats)],
            |m| m.totals().first(seats).to_vec(),
        );
        let card_points_by_seat = Seat::all(seats).map(|s| h.card_points_of(s)).collect();
        let mut out = pb::ScoreResponse {
            card_points_by_seat,
            multiplier: u32::try_from(multiplier).unwrap_or(u32::MAX),
            ..Default::default()
        };
        if let (Stage::Over(end), Some(ledger)) = (h.stage(), h.settlement(multiplier)) {
            for (t, x) in match_totals.iter_mut().zip(ledger.totals.first(seats)) {
                *t = t.saturating_add(*x);
            }
            out.r#final = true;
            out.end = convert::end_to_pb(end).0 as i32;
            // The hand is over: a sealed deal's seed is revealed against its commitment.
            if let (Some(_), DealSource::Seed(seed)) =
                (&replayed.sealed, &replayed.decoded.setup.deal)
            {
                out.revealed_seed = seed.to_vec();
            }
            out.ledger = Some(convert::ledger_to_pb(
                &ledger,
                seats,
                replayed.decoded.setup.variant,
            ));
        }
        out.match_totals = match_totals;
        Ok(Response::new(out))
    }

    async fn validate_game(
        &self,
        request: Request<pb::ValidateGameRequest>,
    ) -> Result<Response<pb::ValidateGameResponse>, Status> {
        let r = request.get_ref();
        let record = match state_of!(r, validate_game_request) {
            State::Open(rec) if !self.refuse_open => rec,
            other => {
                // Sealed records are made by the server and always valid once they open.
                let (replayed, _) = self.open(other, &[])?;
                let seats = replayed.decoded.setup.seats;
                let multiplier = match_of(&replayed).map_or(1, |m| m.multiplier());
                let variant = replayed.decoded.setup.variant;
                let ledger = replayed
                    .game
                    .settlement(multiplier)
                    .map(|l| convert::ledger_to_pb(&l, seats, variant));
                return Ok(Response::new(pb::ValidateGameResponse {
                    valid: true,
                    first_illegal: None,
                    actions_applied: replayed.decoded.actions.len() as u32,
                    game_over: replayed.game.is_over(),
                    ledger,
                }));
            }
        };
        if record.rules_version != 0 && record.rules_version != RULES_VERSION {
            return Err(error::precondition(
                Reason::RulesVersionUnsupported,
                &format!("this server plays rules version {RULES_VERSION}"),
                &Context::default(),
            ));
        }
        let decoded = convert::record_from_pb(record).map_err(|v| error::bad_request(&v))?;
        match AnyGame::replay(&decoded.setup, &decoded.actions) {
            Ok(game) => {
                let seats = decoded.setup.seats;
                let multiplier = convert::match_from_pb(decoded.match_state.as_ref(), &game)
                    .map_err(|e| error::bad_request(&[e]))?
                    .map_or(1, |m| m.multiplier());
                let ledger = game
                    .settlement(multiplier)
                    .map(|l| convert::ledger_to_pb(&l, seats, decoded.setup.variant));
                Ok(Response::new(pb::ValidateGameResponse {
                    valid: true,
                    first_illegal: None,
                    actions_applied: decoded.actions.len() as u32,
                    game_over: game.is_over(),
                    ledger,
                }))
            }
            Err(Err(e)) => Err(setup_error(&e, "record.")),
            Err(Ok(e)) => Ok(Response::new(pb::ValidateGameResponse {
                valid: false,
                first_illegal: Some(pb::IllegalAction {
                    index: e.index as u32,
                    action: Some(convert::action_to_pb(e.action)),
                    seat: e.seat.map(|s| u32::from(s.get())),
                    rule: e.violation.rule.to_owned(),
                    reason: Reason::of(&e.violation).as_str().to_owned(),
                    message: e.violation.message.to_owned(),
                }),
                actions_applied: e.index as u32,
                game_over: false,
                ledger: None,
            })),
        }
    }
    async fn suggest_move(
        &self,
        request: Request<pb::SuggestMoveRequest>,
    ) -> Result<Response<pb::SuggestMoveResponse>, Status> {
        let r = request.get_ref();
        let bot: Bot = if r.bot.is_empty() {
            Bot::Heuristic
        } else {
            r.bot.parse().map_err(|e: tarock_engine::bot::UnknownBot| {
                error::bad_field("bot", &e.to_string())
            })?
        };
        let (replayed, access) = self.open(state_of!(r, suggest_move_request), &r.token)?;
        let Replayed { decoded, game, .. } = &*replayed;
        let to_act = actor(game, decoded.actions.len(), access, r.seat)?;
        let action = bot
            .choose(game, r.seed)
            .ok_or_else(|| error::internal("no legal action while the hand is on"))?;
        Ok(Response::new(pb::SuggestMoveResponse {
            seat: u32::from(to_act.get()),
            r#move: Some(convert::legal_move(game, action)),
            bot: bot.name().to_owned(),
        }))
    }

    async fn next_deal(
        &self,
        request: Request<pb::NextDealRequest>,
    ) -> Result<Response<pb::NextDealResponse>, Status> {
        use tarock_engine::hungarian::{MatchContext, MatchKind};
        let r = request.get_ref();
        let (replayed, access) = self.open(state_of!(r, next_deal_request), &r.token)?;
        if !matches!(access, Access::Open | Access::Table) {
            return Err(error::refused(
                Reason::TokenNotAllowed,
                "dealing the next hand of a sealed match needs the table token",
            ));
        }
        let h = &replayed.game;
        let match_rule = MatchKind::of(h.variant()).rule();
        let ctx_of = |s: &'static str| Context {
            seat: None,
            phase: s,
            action_index: replayed.decoded.actions.len(),
            rule: Some(match_rule),
        };
        if !h.is_over() {
            return Err(error::precondition(
                Reason::IllegalAction,
                "the next hand is dealt once this one is over",
                &ctx_of(phase_name(&replayed.game)),
            ));
        }
        let table = h.table_info();
        let mut m = match match_of(&replayed) {
            Some(m) => m,
            None => MatchContext::starting_with(h)
                .map_err(|e| error::bad_field("record", &e.to_string()))?,
        };
        if m.is_over() {
            return Err(error::precondition(
                Reason::MatchOver,
                "the session has ended",
                &ctx_of("over"),
            ));
        }
        m.record_game(h);
        if let Some(seat) = r.end_session_by {
            if seat >= u32::from(table.seats) {
                return Err(error::bad_field(
                    "end_session_by",
                    &format!("no seat {seat} at this table"),
                ));
            }
            m.end_session();
        }
        let totals = m.totals().first(table.seats).to_vec();
        if m.is_over() {
            return Ok(Response::new(pb::NextDealResponse {
                record: None,
                view: None,
                match_over: true,
                totals,
                multiplier: 1,
                ..Default::default()
            }));
        }
        if replayed.sealed.is_some() && r.seed.is_some() && !self.chosen_deals {
            return Err(chosen_deal_refused("seed"));
        }
        let seed = match &r.seed {
            Some(s) => {
                match convert::seed_from_pb(s, "seed").map_err(|e| error::bad_request(&[e]))? {
                    DealSource::Seed(s) => s,
                    DealSource::Explicit(_) => {
                        return Err(error::internal("a seed decodes to a seed"))
                    }
                }
            }
            None => random_seed()?,
        };
        let setup = m.next_setup(&replayed.decoded.setup, seed);
        let game = AnyGame::new(&setup).map_err(|e| setup_error(&e, ""))?;
        let who = viewer(r.viewer.as_ref(), &game)?;
        let match_state = convert::match_to_pb(&m);
        let (record, sealed, seed_commitment) = match &replayed.sealed {
            None => {
                let record =
                    convert::record_with_deal(&setup, &[], &game, Some(match_state), RULES_VERSION);
                (Some(record), None, Vec::new())
            }
            // The match keeps its game id, so the seat tokens stay valid.
            Some(sealed_game) => (
                None,
                Some(self.seal(&setup, &[], &game, Some(&match_state), sealed_game.id())?),
                // A hand dealt around kept talon cards is recorded as its cards: no seed is
                // revealed at its end, so none is committed to.
                if matches!(setup.deal, DealSource::Seed(_)) {
                    seal::seed_commitment(&seed)
                } else {
                    Vec::new()
                },
            ),
        };
        Ok(Response::new(pb::NextDealResponse {
            record,
            view: Some(convert::view(&game, &[], &[], who)),
            match_over: false,
            totals,
            multiplier: u32::try_from(m.multiplier()).unwrap_or(u32::MAX),
            sealed,
            seed_commitment,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    fn hand() -> (Setup, AnyGame) {
        let setup = Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(1), [3; 32]);
        let g = AnyGame::new(&setup).expect("a seeded deal");
        (setup, g)
    }

    fn legal_moves(state: pb::legal_moves_request::State, token: &[u8]) -> Vec<u8> {
        pb::LegalMovesRequest {
            state: Some(state),
            token: token.to_vec(),
        }
        .encode_to_vec()
    }

    fn apply(state: pb::apply_action_request::State, a: Action, token: &[u8]) -> Vec<u8> {
        let expected_move_count = match &state {
            pb::apply_action_request::State::Sealed(s) => Some(s.move_count),
            pb::apply_action_request::State::Record(_) => None,
        };
        pb::ApplyActionRequest {
            expected_move_count,
            state: Some(state),
            action: Some(convert::action_to_pb(a)),
            token: token.to_vec(),
            ..Default::default()
        }
        .encode_to_vec()
    }

    fn code(r: Result<Answer, Status>) -> tonic::Code {
        r.map_or_else(|s| s.code(), |_| tonic::Code::Ok)
    }

    #[test]
    fn records_replayed_or_written_are_kept_and_failing_ones_are_not() {
        let engine = Engine::new();
        let (setup, g) = hand();
        let record = convert::record_with_deal(&setup, &[], &g, None, RULES_VERSION);
        let bytes = record.encode_to_vec();
        assert!(!engine.replays.holds(StateKey::Open(&bytes)));
        let a = g.legal_actions()[0];
        let answer = engine
            .handle_bytes(
                ByteRpc::ApplyAction,
                &apply(
                    pb::apply_action_request::State::Record(record.clone()),
                    a,
                    &[],
                ),
            )
            .expect("a legal action applies");
        // The record replayed, and the one the answer carries.
        assert!(engine.replays.holds(StateKey::Open(&bytes)));
        let written = pb::ApplyActionResponse::decode(answer.message())
            .expect("a response")
            .record
            .expect("an open record");
        assert!(engine
            .replays
            .holds(StateKey::Open(&written.encode_to_vec())));
        // A record with an action that is not legal fails, every time, and is not kept.
        let mut bad = record;
        bad.actions.push(convert::action_to_pb(Action::Annul));
        let state = pb::legal_moves_request::State::Record(bad.clone());
        for _ in 0..2 {
            assert_eq!(
                code(engine.handle_bytes(ByteRpc::LegalMoves, &legal_moves(state.clone(), &[]))),
                tonic::Code::FailedPrecondition
            );
        }
        assert!(!engine.replays.holds(StateKey::Open(&bad.encode_to_vec())));
    }

    #[test]
    fn a_server_for_sealed_records_keeps_no_open_record() {
        let ring = KeyRing::new(vec![("k".to_owned(), [9; 32])], "k").expect("a ring");
        let engine = Engine::with_keys(Some(Arc::new(ring)), true);
        let (setup, g) = hand();
        let record = convert::record_with_deal(&setup, &[], &g, None, RULES_VERSION);
        let state = pb::legal_moves_request::State::Record(record.clone());
        for _ in 0..2 {
            assert_eq!(
                code(engine.handle_bytes(ByteRpc::LegalMoves, &legal_moves(state.clone(), &[]))),
                tonic::Code::PermissionDenied
            );
        }
        assert!(!engine
            .replays
            .holds(StateKey::Open(&record.encode_to_vec())));
    }

    #[test]
    fn a_kept_sealed_record_still_checks_its_tokens() {
        let ring = Arc::new(KeyRing::new(vec![("k".to_owned(), [9; 32])], "k").expect("a ring"));
        let engine = Engine::with_keys(Some(Arc::clone(&ring)), false);
        let (setup, g) = hand();
        let game_id = b"game one".to_vec();
        let record = Compact::of(&setup, &[], &g, None);
        let data = ring.seal(&record.bytes, 0, &game_id).expect("sealed");
        let sealed = pb::SealedRecord {
            data: data.clone(),
            move_count: 0,
        };
        let to_act = g.to_act().expect("someone bids first");
        let own = ring.token(&game_id, Role::Seat(to_act.get()));
        let other = ring.token(&game_id, Role::Seat((to_act.get() + 1) % 4));
        let elsewhere = ring.token(b"another game", Role::Seat(to_act.get()));
        let lm = |token: &[u8]| {
            legal_moves(
                pb::legal_moves_request::State::Sealed(sealed.clone()),
                token,
            )
        };
        assert_eq!(
            code(engine.handle_bytes(ByteRpc::LegalMoves, &lm(&own))),
            tonic::Code::Ok
        );
        assert!(engine.replays.holds(StateKey::Sealed(&data)));
        // Kept now; every token is still checked as before.
        let a = g.legal_actions()[0];
        let act = |token: &[u8]| {
            apply(
                pb::apply_action_request::State::Sealed(sealed.clone()),
                a,
                token,
            )
        };
        assert_eq!(
            code(engine.handle_bytes(ByteRpc::ApplyAction, &act(&other))),
            tonic::Code::PermissionDenied
        );
        assert_eq!(
            code(engine.handle_bytes(ByteRpc::ApplyAction, &act(&elsewhere))),
            tonic::Code::Unauthenticated
        );
        assert_eq!(
            code(engine.handle_bytes(ByteRpc::ApplyAction, &act(&[]))),
            tonic::Code::PermissionDenied
        );
        // A tampered copy of the kept data is not the kept data.
        let mut tampered = data.clone();
        *tampered.last_mut().expect("not empty") ^= 1;
        let bad = pb::legal_moves_request::State::Sealed(pb::SealedRecord {
            data: tampered.clone(),
            move_count: 0,
        });
        assert_eq!(
            code(engine.handle_bytes(ByteRpc::LegalMoves, &legal_moves(bad, &own))),
            tonic::Code::Unauthenticated
        );
        assert!(!engine.replays.holds(StateKey::Sealed(&tampered)));
        // The acting seat's token acts, and the sealed record it is answered with is kept.
        let answer = engine
            .handle_bytes(ByteRpc::ApplyAction, &act(&own))
            .expect("a legal action applies");
        let next = pb::ApplyActionResponse::decode(answer.message())
            .expect("a response")
            .sealed
            .expect("a sealed record");
        assert_eq!(next.move_count, 1);
        assert!(engine.replays.holds(StateKey::Sealed(&next.data)));
        // Applied again (a retry), by this server or by one that kept nothing: the same sealed
        // record, whole answer and all.
        let again = engine
            .handle_bytes(ByteRpc::ApplyAction, &act(&own))
            .expect("a legal action applies");
        assert_eq!(again.message(), answer.message());
        let fresh = Engine::with_keys(Some(Arc::clone(&ring)), false)
            .handle_bytes(ByteRpc::ApplyAction, &act(&own))
            .expect("a legal action applies");
        assert_eq!(fresh.message(), answer.message());
    }

    #[test]
    fn a_sealed_records_length_does_not_depend_on_its_cards() {
        // Every card of every pack, as the card of each kind of action and in each place of an
        // explicit deal: the sealed record has the same length (protobuf leaves a card index
        // of 0 out, which made a discard of that card two bytes shorter).
        let ring = KeyRing::new(vec![("k".to_owned(), [9; 32])], "k").expect("a ring");
        for v in Variant::ALL {
            let seats = v.seat_counts()[0];
            let setup = Setup::seeded(v, seats, Seat::new(0), [1; 32]);
            let g = AnyGame::new(&setup).expect("a seeded deal");
            let pack: Vec<tarock_engine::Card> = v.default_pack().cards().into_iter().collect();
            let mut lengths = std::collections::BTreeSet::new();
            for &c in &pack {
                for a in [Action::Discard(c), Action::Play(c), Action::Call(c)] {
                    let record = Compact::of(&setup, &[a, a], &g, None);
                    let sealed = ring.seal(&record.bytes, 2, b"game").expect("sealed");
                    lengths.insert(sealed.len());
                }
            }
            assert_eq!(lengths.len(), 1, "{v}: lengths {lengths:?}");
            // The same deal with its first card exchanged for each other card.
            let d = *g.deal();
            let first = d.hands[Seat::new(0)].lowest().expect("a card");
            let mut lengths = std::collections::BTreeSet::new();
            for &c in &pack {
                let swap = |x: tarock_engine::Card| {
                    if x == first {
                        c
                    } else if x == c {
                        first
                    } else {
                        x
                    }
                };
                let mut b = tarock_engine::DealBuilder::new();
                for s in Seat::all(seats) {
                    let cards: Vec<_> = d.hands[s].into_iter().map(swap).collect();
                    b = b.hand(s.get(), &cards);
                }
                let talon: Vec<_> = d.talon().iter().map(|&x| swap(x)).collect();
                let mut explicit = setup.clone();
                explicit.deal = DealSource::Explicit(b.talon(&talon));
                let h = AnyGame::new(&explicit).expect("the same cards, exchanged");
                let record = Compact::of(&explicit, &[], &h, None);
                lengths.insert(ring.seal(&record.bytes, 0, b"game").expect("sealed").len());
            }
            assert_eq!(lengths.len(), 1, "{v}: lengths {lengths:?}");
        }
    }

    /// The sealed record, in format version 1, of the hand of [`hand`] after its first three
    /// actions (passes), for the game `game one`, under the key `[9; 32]` of id `k`.
    const V1_SEALED: &str = "544b5301016bd889c0d3e11add2adbd28e6f6973a8abce4112e7e2d80335c32b\
        198fe732fe5ed22bbe32784541438d16c6792d5497f664956cd73016c6b7b92f98fb5df37f612d2d5e8496ba\
        50f3465926513fb932191579811996320afab1992db5a73c3ca68f1d486572fdfe2b72eeb8f112312dab80cf\
        a6cfc1768caaf15d4c5a21938e11e0";

    #[test]
    fn a_record_sealed_in_format_version_1_plays_on_and_is_answered_in_version_2() {
        let ring = Arc::new(KeyRing::new(vec![("k".to_owned(), [9; 32])], "k").expect("a ring"));
        let engine = Engine::with_keys(Some(Arc::clone(&ring)), false);
        let (setup, mut g) = hand();
        let mut actions = Vec::new();
        for _ in 0..3 {
            let a = g.legal_actions()[0];
            g.play_unchecked(a);
            actions.push(a);
        }
        let sealed = pb::SealedRecord {
            data: hex::decode(V1_SEALED).expect("hex"),
            move_count: 3,
        };
        let a = g.legal_actions()[0];
        let token = ring.token(b"game one", Role::Table);
        let body = apply(pb::apply_action_request::State::Sealed(sealed), a, &token);
        let answer = engine
            .handle_bytes(ByteRpc::ApplyAction, &body)
            .expect("the old record opens and the action applies");
        let next = pb::ApplyActionResponse::decode(answer.message())
            .expect("a response")
            .sealed
            .expect("a sealed record");
        assert_eq!(&next.data[..4], b"TKS\x02");
        actions.push(a);
        g.play_unchecked(a);
        let opened = ring.open(&next.data).expect("it opens");
        assert_eq!(
            opened.record,
            Some(Compact::of(&setup, &actions, &g, None).bytes)
        );
        assert_eq!(opened.move_count, 4);
        assert_eq!(opened.game_id, b"game one");
    }

    #[test]
    fn sealed_records_made_from_kept_ones_hold_the_records_written_anew() {
        // A sealed hand of a match played to its end, each action applied to the sealed record
        // the last answer gave (so sealed from the kept compact record with the action added):
        // every sealed record opens to the record written from scratch, match state included.
        let ring = Arc::new(KeyRing::new(vec![("k".to_owned(), [5; 32])], "k").expect("a ring"));
        let engine = Engine::with_keys(Some(Arc::clone(&ring)), false);
        let (setup, mut g) = hand();
        let game_id = b"a match".to_vec();
        let match_state = pb::MatchState {
            deals_played: 3,
            totals: vec![40, -20, -10, -10],
            ..Default::default()
        };
        let m = Some(&match_state);
        let mut sealed = engine.seal(&setup, &[], &g, m, &game_id).expect("sealed");
        let table = ring.token(&game_id, Role::Table);
        let mut actions = Vec::new();
        while !g.is_over() {
            // A varied choice, the same on every run.
            let legal = g.legal_actions();
            let a = legal[(actions.len() * 7 + 3) % legal.len()];
            let body = apply(pb::apply_action_request::State::Sealed(sealed), a, &table);
            let answer = engine
                .handle_bytes(ByteRpc::ApplyAction, &body)
                .expect("a legal action applies");
            sealed = pb::ApplyActionResponse::decode(answer.message())
                .expect("a response")
                .sealed
                .expect("a sealed record");
            actions.push(a);
            g.play_unchecked(a);
            let opened = ring.open(&sealed.data).expect("it opens");
            assert_eq!(
                opened.record,
                Some(Compact::of(&setup, &actions, &g, m).bytes),
                "after {} actions",
                actions.len()
            );
            assert_eq!(opened.move_count, actions.len() as u64);
        }
        assert!(actions.len() > 20, "{} actions", actions.len());
    }
}
