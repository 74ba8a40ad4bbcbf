//! The `tarock.v1.EngineService` as the server implements it: [`Engine`], whose methods hand
//! each request to its module in [`crate::rpc`].
//!
//! Architecture invariant: no game state is kept between requests. Every request carries its
//! record, and its answer depends on nothing else: the handler replays the record, or takes the
//! replay of the same bytes from [`crate::replays`], which keeps recent replays the way
//! [`crate::dealt`] keeps deals (a pure function of the bytes, kept or not).

use crate::dealt::DealtGames;
use crate::replays::Replays;
use crate::rpc;
use crate::seal::KeyRing;
use crate::streams::{Answers, Slot};
use std::pin::Pin;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;
use tarock_proto::codec::Encoded;
use tarock_proto::lazy;
use tarock_proto::server::engine_service_server::EngineService;
use tarock_proto::v1 as pb;
use tokio::sync::Semaphore;
use tokio_stream::Stream;
use tonic::{Request, Response, Status, Streaming};

/// The service. Cheap to clone; holds only configuration, the key ring, the games as dealt of
/// recent seeded setups and the replays of recent records (see [`crate::dealt`] and
/// [`crate::replays`]: what they keep is a pure function of a request's bytes, and no game in
/// progress is kept).
#[derive(Clone, Debug, Default)]
pub struct Engine {
    /// The key ring for sealed records; `None`: open records only.
    pub(crate) keys: Option<Arc<KeyRing>>,
    /// Whether only sealed records are served.
    pub(crate) refuse_open: bool,
    /// Whether a sealed deal may be of a client's choosing (a seed or explicit cards). Off by
    /// default, so that a sealed deal's seed commitment means the deal was random.
    pub(crate) chosen_deals: bool,
    pub(crate) dealt: Arc<DealtGames>,
    pub(crate) replays: Arc<Replays>,
    /// The bounds of the streams and of SampleWorlds.
    pub(crate) limits: Limits,
    /// The Play streams open on the server.
    pub(crate) play_streams: Arc<AtomicUsize>,
    /// The search bot's threads.
    pub(crate) search_pool: SearchPool,
    /// Solvers kept for SolvePosition.
    pub(crate) solvers: rpc::solve_position::Solvers,
}

/// The bounds of the streaming RPCs, of SampleWorlds and of the search bot (the server's flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Tables open at once on one Play stream.
    pub tables_per_stream: usize,
    /// Play streams open at once on the server; a new one beyond it fails with
    /// RESOURCE_EXHAUSTED.
    pub play_streams: usize,
    /// A stream on which no message comes for this long is ended (DEADLINE_EXCEEDED).
    pub stream_idle: Duration,
    /// The most worlds one SampleWorlds request may ask for.
    pub max_worlds: u32,
    /// Search bot decisions (SuggestMove with the `search` bot) running at once, each on its
    /// own blocking thread; further requests wait for one to finish.
    pub search_threads: usize,
    /// The most worlds one search decision may ask for.
    pub max_search_worlds: u32,
    /// The longest time bound one search decision may ask for.
    pub max_search_time: Duration,
    /// The most nodes one SolvePosition request may search.
    pub max_solve_nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            tables_per_stream: 1024,
            play_streams: 48,
            stream_idle: Duration::from_secs(60),
            max_worlds: 1000,
            search_threads: default_search_threads(),
            max_search_worlds: 4096,
            max_search_time: Duration::from_secs(10),
            max_solve_nodes: 50_000_000,
        }
    }
}

/// Search threads by default: one per core.
#[must_use]
pub fn default_search_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// The permits of the search threads: the search bot's and the solver's blocking threads.
#[derive(Clone, Debug)]
pub(crate) struct SearchPool(Arc<Semaphore>);

impl SearchPool {
    fn new(threads: usize) -> SearchPool {
        SearchPool(Arc::new(Semaphore::new(
            threads.clamp(1, Semaphore::MAX_PERMITS),
        )))
    }

    /// Runs `f` on a blocking thread once one of the pool's threads is free (waiting for it).
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Status> {
        let permit = self
            .0
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| crate::error::internal("the search pool is closed"))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            f()
        })
        .await
        .map_err(|e| crate::error::internal(&format!("a search thread failed: {e}")))
    }
}

impl Default for SearchPool {
    fn default() -> SearchPool {
        SearchPool::new(default_search_threads())
    }
}

/// The answers of a Play stream.
pub type PlayStream = Pin<Box<dyn Stream<Item = Result<Encoded<pb::PlayResponse>, Status>> + Send>>;

/// The verdicts of a ValidateGames stream.
pub type ValidateGamesStream =
    Pin<Box<dyn Stream<Item = Result<pb::ValidateGamesResponse, Status>> + Send>>;

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
            ..Engine::default()
        }
    }

    /// The same service under the stream, sampling and search bounds `limits`.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Engine {
        self.limits = limits;
        self.search_pool = SearchPool::new(limits.search_threads);
        self
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

#[tonic::async_trait]
impl EngineService for Engine {
    async fn list_variants(
        &self,
        _request: Request<pb::ListVariantsRequest>,
    ) -> Result<Response<pb::ListVariantsResponse>, Status> {
        Ok(Response::new(rpc::list_variants::handle()))
    }

    async fn describe_rules(
        &self,
        request: Request<pb::DescribeRulesRequest>,
    ) -> Result<Response<pb::DescribeRulesResponse>, Status> {
        rpc::describe_rules::handle(request.get_ref()).map(Response::new)
    }

    async fn new_deal(
        &self,
        request: Request<pb::NewDealRequest>,
    ) -> Result<Response<Encoded<pb::NewDealResponse>>, Status> {
        rpc::new_deal::handle(self, request.get_ref()).map(Response::new)
    }

    async fn legal_moves(
        &self,
        request: Request<lazy::LegalMovesRequest>,
    ) -> Result<Response<Encoded<pb::LegalMovesResponse>>, Status> {
        rpc::legal_moves::handle(self, request.get_ref()).map(Response::new)
    }

    async fn apply_action(
        &self,
        request: Request<lazy::ApplyActionRequest>,
    ) -> Result<Response<Encoded<pb::ApplyActionResponse>>, Status> {
        rpc::apply_action::handle(self, request.get_ref()).map(Response::new)
    }

    async fn get_view(
        &self,
        request: Request<lazy::GetViewRequest>,
    ) -> Result<Response<Encoded<pb::GetViewResponse>>, Status> {
        rpc::get_view::handle(self, request.get_ref()).map(Response::new)
    }

    async fn score(
        &self,
        request: Request<lazy::ScoreRequest>,
    ) -> Result<Response<pb::ScoreResponse>, Status> {
        rpc::score::handle(self, request.get_ref()).map(Response::new)
    }

    async fn validate_game(
        &self,
        request: Request<lazy::ValidateGameRequest>,
    ) -> Result<Response<pb::ValidateGameResponse>, Status> {
        rpc::validate_game::handle(self, request.get_ref()).map(Response::new)
    }

    async fn next_deal(
        &self,
        request: Request<lazy::NextDealRequest>,
    ) -> Result<Response<Encoded<pb::NextDealResponse>>, Status> {
        rpc::next_deal::handle(self, request.get_ref()).map(Response::new)
    }

    async fn suggest_move(
        &self,
        request: Request<lazy::SuggestMoveRequest>,
    ) -> Result<Response<pb::SuggestMoveResponse>, Status> {
        rpc::suggest_move::handle(self, request.get_ref())
            .await
            .map(Response::new)
    }

    async fn solve_position(
        &self,
        request: Request<lazy::SolvePositionRequest>,
    ) -> Result<Response<pb::SolvePositionResponse>, Status> {
        rpc::solve_position::handle(self, request.get_ref())
            .await
            .map(Response::new)
    }

    async fn describe_encodings(
        &self,
        request: Request<pb::DescribeEncodingsRequest>,
    ) -> Result<Response<pb::DescribeEncodingsResponse>, Status> {
        rpc::describe_encodings::handle(request.get_ref()).map(Response::new)
    }

    async fn sample_worlds(
        &self,
        request: Request<lazy::SampleWorldsRequest>,
    ) -> Result<Response<pb::SampleWorldsResponse>, Status> {
        rpc::sample_worlds::handle(self, request.get_ref()).map(Response::new)
    }

    type PlayStream = PlayStream;

    async fn play(
        &self,
        request: Request<Streaming<pb::PlayRequest>>,
    ) -> Result<Response<PlayStream>, Status> {
        let slot = Slot::take(&self.play_streams, self.limits.play_streams)?;
        let session = rpc::play::Session::new(self.limits.tables_per_stream, slot);
        let answers = Answers::new(request.into_inner(), session, self.limits.stream_idle);
        Ok(Response::new(Box::pin(answers)))
    }

    type ValidateGamesStream = ValidateGamesStream;

    async fn validate_games(
        &self,
        request: Request<Streaming<pb::ValidateGamesRequest>>,
    ) -> Result<Response<ValidateGamesStream>, Status> {
        let validator = rpc::validate_games::Validator(self.clone());
        let answers = Answers::new(request.into_inner(), validator, self.limits.stream_idle);
        Ok(Response::new(Box::pin(answers)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::{self, Decoded};
    use crate::replays::Key;
    use crate::respond::{self, Detail};
    use crate::seal::Role;
    use prost::Message;
    use tarock_engine::game::{Game, Observe};
    use tarock_engine::{Action, AnyGame, DealSource, Seat, Setup, Variant, RULES_VERSION};

    fn hand() -> (Setup, AnyGame) {
        let setup = Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(1), [3; 32]);
        let g = AnyGame::new(&setup).expect("a seeded deal");
        (setup, g)
    }

    /// A request as the server reads it off the wire.
    fn lazy<T: Message, U: Message + Default>(r: &T) -> U {
        U::decode(r.encode_to_vec().as_slice()).expect("a request decodes lazily")
    }

    fn legal_moves(
        engine: &Engine,
        state: pb::legal_moves_request::State,
        token: &[u8],
    ) -> Result<Encoded<pb::LegalMovesResponse>, Status> {
        let r = pb::LegalMovesRequest {
            state: Some(state),
            token: token.to_vec(),
            encodings: None,
        };
        rpc::legal_moves::handle(engine, &lazy(&r))
    }

    fn apply(
        engine: &Engine,
        state: pb::apply_action_request::State,
        a: Action,
        token: &[u8],
    ) -> Result<Encoded<pb::ApplyActionResponse>, Status> {
        let expected_move_count = match &state {
            pb::apply_action_request::State::Sealed(s) => Some(s.move_count),
            pb::apply_action_request::State::Record(_) => None,
        };
        let r = pb::ApplyActionRequest {
            expected_move_count,
            state: Some(state),
            action: Some(convert::action_to_pb(a)),
            token: token.to_vec(),
            ..Default::default()
        };
        rpc::apply_action::handle(engine, &lazy(&r))
    }

    fn code<T>(r: Result<T, Status>) -> tonic::Code {
        r.map_or_else(|s| s.code(), |_| tonic::Code::Ok)
    }

    fn open_key(r: &pb::GameRecord) -> Vec<u8> {
        r.encode_to_vec()
    }

    /// The compact record that a sealed record of `setup` and `actions` holds.
    fn compact(
        setup: &Setup,
        actions: &[Action],
        g: &AnyGame,
        m: Option<&pb::MatchState>,
    ) -> Vec<u8> {
        respond::record_bytes(setup, actions, g, m, RULES_VERSION, Detail::Compact)
    }

    #[test]
    fn records_replayed_or_written_are_kept_and_failing_ones_are_not() {
        let engine = Engine::new();
        let (setup, g) = hand();
        let record =
            convert::record_with_deal(&setup, &[], &g, None, RULES_VERSION).expect("a record");
        assert!(!engine.replays.holds(Key::Open(&open_key(&record))));
        let a = g.legal_actions()[0];
        let state = pb::apply_action_request::State::Record(record.clone());
        let answer = apply(&engine, state, a, &[]).expect("a legal action applies");
        // The record replayed, and the one the answer carries.
        assert!(engine.replays.holds(Key::Open(&open_key(&record))));
        let written = answer
            .decode()
            .expect("a response")
            .record
            .expect("an open record");
        assert!(engine.replays.holds(Key::Open(&open_key(&written))));
        // A record with an action that is not legal fails, every time, and is not kept.
        let mut bad = record;
        bad.actions.push(convert::action_to_pb(Action::Annul));
        let state = pb::legal_moves_request::State::Record(bad.clone());
        for _ in 0..2 {
            assert_eq!(
                code(legal_moves(&engine, state.clone(), &[])),
                tonic::Code::FailedPrecondition
            );
        }
        assert!(!engine.replays.holds(Key::Open(&open_key(&bad))));
    }

    #[test]
    fn answers_stay_kept_while_many_tables_play() {
        // A thousand tables act one after the other; each table's next request comes after all
        // the others have acted. The record it sends, the answer it was given, is still kept.
        let engine = Engine::new();
        let written: Vec<Vec<u8>> = (0..1_000u32)
            .map(|n| {
                let mut seed = [0; 32];
                seed[..4].copy_from_slice(&n.to_le_bytes());
                let setup = Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(1), seed);
                let g = AnyGame::new(&setup).expect("a seeded deal");
                let record = convert::record_with_deal(&setup, &[], &g, None, RULES_VERSION)
                    .expect("a record");
                let state = pb::apply_action_request::State::Record(record);
                let answer = apply(&engine, state, g.legal_actions()[0], &[]).expect("applies");
                open_key(
                    &answer
                        .decode()
                        .expect("a response")
                        .record
                        .expect("a record"),
                )
            })
            .collect();
        let kept = written
            .iter()
            .filter(|w| engine.replays.holds(Key::Open(w)))
            .count();
        assert!(kept >= 950, "{kept} of 1,000 answers kept");
    }

    #[test]
    fn a_server_for_sealed_records_keeps_no_open_record() {
        let ring = KeyRing::new(vec![("k".to_owned(), [9; 32])], "k").expect("a ring");
        let engine = Engine::with_keys(Some(Arc::new(ring)), true);
        let (setup, g) = hand();
        let record =
            convert::record_with_deal(&setup, &[], &g, None, RULES_VERSION).expect("a record");
        let state = pb::legal_moves_request::State::Record(record.clone());
        for _ in 0..2 {
            assert_eq!(
                code(legal_moves(&engine, state.clone(), &[])),
                tonic::Code::PermissionDenied
            );
        }
        assert!(!engine.replays.holds(Key::Open(&open_key(&record))));
    }

    #[test]
    fn a_kept_sealed_record_still_checks_its_tokens() {
        let ring = Arc::new(KeyRing::new(vec![("k".to_owned(), [9; 32])], "k").expect("a ring"));
        let engine = Engine::with_keys(Some(Arc::clone(&ring)), false);
        let (setup, g) = hand();
        let game_id = b"game one".to_vec();
        let data = ring
            .seal(&compact(&setup, &[], &g, None), 0, &game_id)
            .expect("sealed");
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
                &engine,
                pb::legal_moves_request::State::Sealed(sealed.clone()),
                token,
            )
        };
        assert_eq!(code(lm(&own)), tonic::Code::Ok);
        assert!(engine.replays.holds(Key::Sealed(&data)));
        // Kept now; every token is still checked as before.
        let a = g.legal_actions()[0];
        let act = |token: &[u8]| {
            apply(
                &engine,
                pb::apply_action_request::State::Sealed(sealed.clone()),
                a,
                token,
            )
        };
        assert_eq!(code(act(&other)), tonic::Code::PermissionDenied);
        assert_eq!(code(act(&elsewhere)), tonic::Code::Unauthenticated);
        assert_eq!(code(act(&[])), tonic::Code::PermissionDenied);
        // A tampered copy of the kept data is not the kept data.
        let mut tampered = data.clone();
        *tampered.last_mut().expect("not empty") ^= 1;
        let bad = pb::legal_moves_request::State::Sealed(pb::SealedRecord {
            data: tampered.clone(),
            move_count: 0,
        });
        assert_eq!(
            code(legal_moves(&engine, bad, &own)),
            tonic::Code::Unauthenticated
        );
        assert!(!engine.replays.holds(Key::Sealed(&tampered)));
        // The acting seat's token acts, and the sealed record it is answered with is kept.
        let answer = act(&own).expect("a legal action applies");
        let next = answer
            .decode()
            .expect("a response")
            .sealed
            .expect("a sealed record");
        assert_eq!(next.move_count, 1);
        assert!(engine.replays.holds(Key::Sealed(&next.data)));
        // Applied again (a retry), by this server or by one that kept nothing: the same sealed
        // record, whole answer and all.
        let again = act(&own).expect("a legal action applies");
        assert_eq!(again.bytes(), answer.bytes());
        let fresh = Engine::with_keys(Some(Arc::clone(&ring)), false);
        let fresh = apply(
            &fresh,
            pb::apply_action_request::State::Sealed(sealed.clone()),
            a,
            &own,
        )
        .expect("a legal action applies");
        assert_eq!(fresh.bytes(), answer.bytes());
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
                    let record = compact(&setup, &[a, a], &g, None);
                    let sealed = ring.seal(&record, 2, b"game").expect("sealed");
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
                let record = compact(&explicit, &[], &h, None);
                lengths.insert(ring.seal(&record, 0, b"game").expect("sealed").len());
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
        let answer = apply(
            &engine,
            pb::apply_action_request::State::Sealed(sealed),
            a,
            &token,
        )
        .expect("the old record opens and the action applies");
        let next = answer
            .decode()
            .expect("a response")
            .sealed
            .expect("a sealed record");
        assert_eq!(&next.data[..4], b"TKS\x02");
        actions.push(a);
        g.play_unchecked(a);
        let opened = ring.open(&next.data).expect("it opens");
        assert_eq!(opened.record, Some(compact(&setup, &actions, &g, None)));
        assert_eq!(opened.move_count, 4);
        assert_eq!(opened.game_id, b"game one");
    }

    #[test]
    fn every_sealed_record_of_a_hand_opens_to_its_record() {
        // A sealed hand of a match played to its end, each action applied to the sealed record
        // the last answer gave: every sealed record opens to the record written from scratch,
        // match state included.
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
        let decoded = Decoded {
            setup: setup.clone(),
            actions: Vec::new(),
            match_state: Some(match_state.clone()),
        };
        let mut sealed = engine.seal(&decoded, &[], &g, &game_id).expect("sealed");
        let table = ring.token(&game_id, Role::Table);
        let mut actions = Vec::new();
        while !g.is_over() {
            // A varied choice, the same on every run.
            let legal = g.legal_actions();
            let a = legal[(actions.len() * 7 + 3) % legal.len()];
            let state = pb::apply_action_request::State::Sealed(sealed);
            sealed = apply(&engine, state, a, &table)
                .expect("a legal action applies")
                .decode()
                .expect("a response")
                .sealed
                .expect("a sealed record");
            actions.push(a);
            g.play_unchecked(a);
            let opened = ring.open(&sealed.data).expect("it opens");
            assert_eq!(
                opened.record,
                Some(compact(&setup, &actions, &g, m)),
                "after {} actions",
                actions.len()
            );
            assert_eq!(opened.move_count, actions.len() as u64);
        }
        assert!(actions.len() > 20, "{} actions", actions.len());
    }
}
