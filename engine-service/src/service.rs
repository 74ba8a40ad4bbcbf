//! The `tarock.v1.EngineService` handlers: decode, call the engine, encode.
//!
//! Architecture invariant: no game state is kept between requests. Every request carries its
//! record; the handler replays it (microseconds) and forgets it.

use crate::convert::{self, Decoded, FieldViolation};
use crate::error::{self, Context, Reason};
use tarock_engine::game::{Game, Viewer};
use tarock_engine::hungarian::Phase;
use tarock_engine::options::OptionKind;
use tarock_engine::{Action, AnyGame, DealSource, Seat, SetupError, Variant, RULES_VERSION};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_server::EngineService;
use tonic::{Request, Response, Status};

/// The service. Cheap to clone; holds only configuration.
#[derive(Clone, Debug, Default)]
pub struct Engine {}

impl Engine {
    /// A new service.
    pub fn new() -> Engine {
        Engine {}
    }
}

/// The open or sealed state of a request.
enum State<'a> {
    Open(&'a pb::GameRecord),
    Sealed,
    Missing,
}

macro_rules! state_of {
    ($req:expr, $module:ident) => {
        match &$req.state {
            Some(pb::$module::State::Record(r)) => State::Open(r),
            Some(pb::$module::State::Sealed(_)) => State::Sealed,
            None => State::Missing,
        }
    };
}

/// A replayed game with what it was made from.
struct Replayed {
    decoded: Decoded,
    game: AnyGame,
}

fn phase_name(g: &AnyGame) -> &'static str {
    match g.as_hungarian().map(|h| h.phase()) {
        Some(Phase::Auction) => "auction",
        Some(Phase::Discard) => "discard",
        Some(Phase::Annul) => "annul",
        Some(Phase::Announce) => "announce",
        Some(Phase::Play) => "play",
        Some(Phase::Over(_)) | None => "over",
    }
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

/// Decodes and replays an open record; the first illegal action fails the request.
fn open(state: State<'_>) -> Result<Replayed, Status> {
    let record = match state {
        State::Open(r) => r,
        State::Sealed => {
            return Err(error::unimplemented(
                "sealed records need a key ring, and this server has none configured",
            ))
        }
        State::Missing => return Err(error::bad_field("state", "set record (or sealed)")),
    };
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
    let decoded = convert::record_from_pb(record).map_err(|v| error::bad_request(&v))?;
    let game = match AnyGame::replay(&decoded.setup, &decoded.actions) {
        Ok(g) => g,
        Err(Err(e)) => return Err(setup_error(&e, "record.")),
        Err(Ok(e)) => {
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
    Ok(Replayed { decoded, game })
}

/// The round multiplier and running totals of a replayed hand's match.
fn match_of(r: &Replayed) -> Option<tarock_engine::hungarian::MatchContext> {
    // Validated in `open`.
    convert::match_from_pb(r.decoded.match_state.as_ref(), &r.game)
        .ok()
        .flatten()
}

fn viewer(v: Option<&pb::Viewer>, g: &AnyGame) -> Result<Viewer, Status> {
    let seats = g.as_hungarian().map_or(0, |h| h.table_info().seats);
    convert::viewer_from_pb(v, seats, "viewer").map_err(|e| error::bad_request(&[e]))
}

fn random_seed() -> Result<[u8; 32], Status> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed)
        .map_err(|e| Status::internal(format!("no randomness for a seed: {e}")))?;
    Ok(seed)
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
                pack_size: 42,
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
        }))
    }

    async fn new_deal(
        &self,
        request: Request<pb::NewDealRequest>,
    ) -> Result<Response<pb::NewDealResponse>, Status> {
        let r = request.get_ref();
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
        Ok(Response::new(pb::NewDealResponse {
            record: Some(convert::record_with_deal(
                &setup,
                &[],
                &game,
                None,
                RULES_VERSION,
            )),
            view: Some(convert::view(&game, &[], who)),
        }))
    }

    async fn legal_moves(
        &self,
        request: Request<pb::LegalMovesRequest>,
    ) -> Result<Response<pb::LegalMovesResponse>, Status> {
        let r = request.get_ref();
        let Replayed { game, .. } = open(state_of!(r, legal_moves_request))?;
        let phase = game
            .as_hungarian()
            .map_or(pb::Phase::Unspecified, |h| convert::phase_to_pb(h.phase()));
        Ok(Response::new(pb::LegalMovesResponse {
            to_act: game.to_act().map(|s| u32::from(s.get())),
            phase: phase as i32,
            moves: game
                .legal_actions()
                .iter()
                .map(|&a| convert::legal_move(&game, a))
                .collect(),
            game_over: game.is_over(),
        }))
    }

    async fn apply_action(
        &self,
        request: Request<pb::ApplyActionRequest>,
    ) -> Result<Response<pb::ApplyActionResponse>, Status> {
        let r = request.get_ref();
        let Replayed { decoded, game } = open(state_of!(r, apply_action_request))?;
        let index = decoded.actions.len();
        let action: Action = match (&r.action, r.action_id) {
            (Some(a), _) => {
                convert::action_from_pb(Some(a), "action").map_err(|e| error::bad_request(&[e]))?
            }
            (None, Some(id)) => game.action_from_id(id).ok_or_else(|| {
                error::bad_field(
                    "action_id",
                    &format!("no action has id {id} in this variant"),
                )
            })?,
            (None, None) => return Err(error::bad_field("action", "set action or action_id")),
        };
        let ctx = |seat| Context {
            seat,
            phase: phase_name(&game),
            action_index: index,
            rule: None,
        };
        let Some(to_act) = game.to_act() else {
            return Err(error::precondition(
                Reason::GameOver,
                "the hand is over",
                &ctx(None),
            ));
        };
        if let Some(seat) = r.seat {
            if seat != u32::from(to_act.get()) {
                return Err(error::precondition(
                    Reason::NotYourTurn,
                    &format!("seat {seat} acted, but seat {to_act} is to act"),
                    &ctx(Some(to_act)),
                ));
            }
        }
        if decoded.actions.len() >= convert::MAX_RECORD_ACTIONS {
            return Err(error::bad_field(
                "record.actions",
                "the record is at its maximum length",
            ));
        }
        let next = game
            .play(action)
            .map_err(|e| error::violation(&e.violation, ctx(Some(to_act))))?;
        let mut actions = decoded.actions;
        actions.push(action);
        let who = viewer(r.viewer.as_ref(), &next)?;
        Ok(Response::new(pb::ApplyActionResponse {
            record: Some(convert::record_with_deal(
                &decoded.setup,
                &actions,
                &next,
                decoded.match_state,
                RULES_VERSION,
            )),
            events: convert::events(&game, &next, action),
            view: Some(convert::view(&next, &actions, who)),
        }))
    }

    async fn get_view(
        &self,
        request: Request<pb::GetViewRequest>,
    ) -> Result<Response<pb::GetViewResponse>, Status> {
        let r = request.get_ref();
        let Replayed { decoded, game } = open(state_of!(r, get_view_request))?;
        let who = viewer(r.viewer.as_ref(), &game)?;
        Ok(Response::new(pb::GetViewResponse {
            view: Some(convert::view(&game, &decoded.actions, who)),
        }))
    }

    async fn score(
        &self,
        request: Request<pb::ScoreRequest>,
    ) -> Result<Response<pb::ScoreResponse>, Status> {
        let r = request.get_ref();
        let replayed = open(state_of!(r, score_request))?;
        let Some(h) = replayed.game.as_hungarian() else {
            return Err(error::unimplemented("scoring for this variant"));
        };
        let seats = h.table_info().seats;
        let ctx = match_of(&replayed);
        let multiplier = ctx.map_or(1, |m| m.multiplier());
        let mut match_totals: Vec<i64> = ctx.map_or_else(
            || vec![0; usize::from(seats)],
            |m| m.totals().first(seats).to_vec(),
        );
        let card_points_by_seat = Seat::all(seats)
            .map(|s| tarock_engine::hungarian::score::card_points(h.won(s)))
            .collect();
        let mut out = pb::ScoreResponse {
            card_points_by_seat,
            multiplier: u32::try_from(multiplier).unwrap_or(u32::MAX),
            ..Default::default()
        };
        if let Phase::Over(end) = h.phase() {
            let ledger = h.settle(multiplier);
            for (t, x) in match_totals.iter_mut().zip(ledger.totals.first(seats)) {
                *t = t.saturating_add(*x);
            }
            out.r#final = true;
            out.end = convert::end_to_pb(end).0 as i32;
            out.ledger = Some(convert::ledger_to_pb(&ledger, seats));
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
            State::Open(rec) => rec,
            other => {
                // Sealed or missing: the same answers as every other RPC.
                return Err(open(other)
                    .err()
                    .unwrap_or_else(|| Status::internal("unreachable")));
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
                    .as_hungarian()
                    .filter(|h| matches!(h.phase(), Phase::Over(_)))
                    .map(|h| convert::ledger_to_pb(&h.settle(multiplier), seats));
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
    async fn next_deal(
        &self,
        request: Request<pb::NextDealRequest>,
    ) -> Result<Response<pb::NextDealResponse>, Status> {
        use tarock_engine::hungarian::MatchContext;
        let r = request.get_ref();
        let replayed = open(state_of!(r, next_deal_request))?;
        let Some(h) = replayed.game.as_hungarian() else {
            return Err(error::unimplemented("matches for this variant"));
        };
        let ctx_of = |s: &'static str| Context {
            seat: None,
            phase: s,
            action_index: replayed.decoded.actions.len(),
            rule: Some("HU-MATCH-01"),
        };
        if !matches!(h.phase(), Phase::Over(_)) {
            return Err(error::precondition(
                Reason::IllegalAction,
                "the next hand is dealt once this one is over",
                &ctx_of(phase_name(&replayed.game)),
            ));
        }
        let table = h.table_info();
        let mut m = match match_of(&replayed) {
            Some(m) => m,
            None => MatchContext::try_new(table.seats, table.dealer, h.options())
                .map_err(|e| error::bad_field("record", &e.to_string()))?,
        };
        if m.is_over() {
            return Err(error::precondition(
                Reason::MatchOver,
                "the session has ended",
                &ctx_of("over"),
            ));
        }
        m.record_hand(h);
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
            }));
        }
        let seed = match &r.seed {
            Some(s) => {
                match convert::seed_from_pb(s, "seed").map_err(|e| error::bad_request(&[e]))? {
                    DealSource::Seed(s) => s,
                    DealSource::Explicit(_) => {
                        return Err(Status::internal("a seed decodes to a seed"))
                    }
                }
            }
            None => random_seed()?,
        };
        let setup = m.next_setup(&replayed.decoded.setup, seed);
        let game = AnyGame::new(&setup).map_err(|e| setup_error(&e, ""))?;
        let who = viewer(r.viewer.as_ref(), &game)?;
        Ok(Response::new(pb::NextDealResponse {
            record: Some(convert::record_with_deal(
                &setup,
                &[],
                &game,
                Some(convert::match_to_pb(&m)),
                RULES_VERSION,
            )),
            view: Some(convert::view(&game, &[], who)),
            match_over: false,
            totals,
            multiplier: u32::try_from(m.multiplier()).unwrap_or(u32::MAX),
        }))
    }
}
