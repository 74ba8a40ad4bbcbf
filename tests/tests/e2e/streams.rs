//! The streams: Play (tables kept on the stream, played by action id, many hands each) checked
//! against the engine's own play of the same tables; its refusals, which leave the stream
//! usable; its bounds (tables per stream, streams per server, the idle timeout); and
//! ValidateGames.

use sha2::{Digest, Sha256};
use std::time::Duration;
use tarock_e2e::{seed, Chooser, TestServer};
use tarock_engine::game::{Game, Observe};
use tarock_engine::{Action, AnyGame, DealSource, Seat, Setup, Variant};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tarock_service::{Config, Limits};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::transport::Channel;
use tonic::{Code, Status, Streaming};
use tonic_types::StatusExt;

type Client = EngineServiceClient<Channel>;

/// One Play stream: messages sent, answers read, one at a time.
struct Stream {
    tx: mpsc::Sender<pb::PlayRequest>,
    rx: Streaming<pb::PlayResponse>,
}

impl Stream {
    async fn open(c: &mut Client) -> Result<Stream, Status> {
        let (tx, rx) = mpsc::channel(4);
        let answers = c.play(ReceiverStream::new(rx)).await?.into_inner();
        Ok(Stream { tx, rx: answers })
    }

    async fn try_send(&mut self, r: pb::PlayRequest) -> Result<pb::PlayResponse, Status> {
        self.tx.send(r).await.expect("the stream takes messages");
        self.rx
            .message()
            .await?
            .ok_or_else(|| Status::internal("the stream ended"))
    }

    async fn send(&mut self, r: pb::PlayRequest) -> pb::PlayResponse {
        self.try_send(r).await.expect("an answer")
    }
}

fn config(limits: Limits) -> Config {
    Config {
        limits,
        drain_delay: Duration::ZERO,
        shutdown_grace: Duration::from_secs(2),
        ..Config::default()
    }
}

/// A table as the test plays it with the engine, next to the server's.
struct Mirror {
    setup: Setup,
    seed: [u8; 32],
    game: AnyGame,
    actions: Vec<Action>,
    hands: u32,
}

impl Mirror {
    fn new(variant: Variant, seats: u8, dealer: u8, seed: [u8; 32]) -> Mirror {
        let setup = Setup {
            variant,
            options: Vec::new(),
            seats,
            dealer: Seat::new(dealer),
            deal: DealSource::Seed(seed),
            carried: tarock_engine::Carried::default(),
        };
        let game = AnyGame::new(&setup).expect("a deal");
        Mirror {
            setup,
            seed,
            game,
            actions: Vec::new(),
            hands: 0,
        }
    }

    fn mask(&self) -> Vec<u8> {
        let mut words = vec![0u64; self.game.mask_words()];
        self.game.legal_mask_into(&mut words).expect("room");
        let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        bytes.truncate((self.game.action_space() as usize).div_ceil(8));
        bytes
    }

    /// Plays the action of `id`; the rewards when it ends the hand (and the next is dealt).
    fn play(&mut self, id: u32) -> Option<Vec<i64>> {
        let a = self.game.action_from_id(id).expect("an id");
        self.game.play(a).expect("legal");
        self.game.play_unchecked(a);
        self.actions.push(a);
        if !self.game.is_over() {
            return None;
        }
        let ledger = self.game.settlement(1).expect("a settlement");
        let rewards = ledger.totals.first(self.setup.seats).to_vec();
        self.hands += 1;
        self.seed = Sha256::digest(self.seed).into();
        self.setup.dealer = self.setup.dealer.next(self.setup.seats);
        self.setup.deal = DealSource::Seed(self.seed);
        self.game = AnyGame::new(&self.setup).expect("the next deal");
        self.actions.clear();
        Some(rewards)
    }

    fn to_act(&self) -> u32 {
        u32::from(self.game.to_act().expect("a seat to act").get())
    }
}

fn spec(variant: Variant, seats: u8, dealer: u8, seed: &[u8]) -> pb::TableSpec {
    pb::TableSpec {
        variant: variant.id().to_owned(),
        seats: u32::from(seats),
        seed: seed.to_vec(),
        dealer: u32::from(dealer),
        ..Default::default()
    }
}

/// A random set bit of `mask`.
fn pick(mask: &[u8], chooser: &mut Chooser) -> u32 {
    let ids: Vec<u32> = (0..mask.len() * 8)
        .filter(|&i| mask[i / 8] & (1 << (i % 8)) != 0)
        .map(|i| i as u32)
        .collect();
    assert!(!ids.is_empty(), "a legal action");
    ids[chooser.below(ids.len())]
}

/// What a report of a table says: the seat to act, the hands played, the mask, the tensors.
type Expected = (u32, u32, Vec<u8>, Vec<u8>, Vec<u8>);

fn expected(m: &Mirror) -> Expected {
    let seat = m.game.to_act().expect("a seat to act");
    let mut obs = vec![0f32; m.game.observation_size()];
    m.game
        .write_observation(seat, &mut obs)
        .expect("an observation");
    let mut info = vec![0f32; m.game.info_state_size()];
    m.game
        .write_info_state(&m.actions, seat, &mut info)
        .expect("an information state");
    let bytes = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect();
    (m.to_act(), m.hands, m.mask(), bytes(&obs), bytes(&info))
}

/// Checks an answer's columns against what the engine's tables gave at each report.
fn check_answer(answer: &pb::PlayResponse, expected: &[Expected], over: &[bool]) {
    let n = answer.tables.len();
    assert_eq!(n, expected.len());
    assert_eq!(answer.hand_over, over);
    let tensors = !answer.observations.is_empty();
    let (mut at, mut obs_at, mut info_at) = (0, 0, 0);
    for (i, (to_act, hands, mask, obs, info)) in expected.iter().enumerate() {
        let t = answer.tables[i];
        assert_eq!(answer.to_act[i], *to_act, "table {t}: the seat to act");
        assert_eq!(answer.hands_played[i], *hands, "table {t}: hands played");
        let got = &answer.legal_masks[at..at + mask.len()];
        assert_eq!(got, mask.as_slice(), "table {t}: the mask");
        at += mask.len();
        if tensors {
            let got = &answer.observations[obs_at..obs_at + obs.len()];
            assert_eq!(got, obs.as_slice(), "table {t}: the observation");
            obs_at += obs.len();
            let got = &answer.info_states[info_at..info_at + info.len()];
            assert_eq!(got, info.as_slice(), "table {t}: the information state");
            info_at += info.len();
        }
    }
    assert_eq!(at, answer.legal_masks.len(), "the masks, concatenated");
    assert_eq!(obs_at, answer.observations.len(), "the observations");
    assert_eq!(info_at, answer.info_states.len(), "the information states");
}

// Tables of every variant and table size played by random actions from the answers' masks to
// many hand ends: every answer is what the engine gives for the same tables (seat to act, mask,
// the rewards of each hand its settlement's totals, the next hand dealt from the next seed by
// the next dealer); exported records are valid and replay to the tables' positions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_of_every_variant_play_through_many_hands() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let mut stream = Stream::open(&mut c).await.expect("a stream");
    let mut mirrors = Vec::new();
    let mut specs = Vec::new();
    for v in Variant::ALL {
        for &seats in v.seat_counts() {
            for k in 0..2u8 {
                let n = mirrors.len() as u64;
                let s = tarock_engine::shuffle::seed_from_u64(n);
                let dealer = k % seats;
                specs.push(spec(v, seats, dealer, &s));
                mirrors.push(Mirror::new(v, seats, dealer, s));
            }
        }
    }
    let answer = stream
        .send(pb::PlayRequest {
            open: specs,
            ..Default::default()
        })
        .await;
    assert!(answer.errors.is_empty(), "{:?}", answer.errors);
    let ids: Vec<u32> = (0..mirrors.len() as u32).collect();
    assert_eq!(answer.tables, ids);
    assert!(answer.rewards.is_empty());
    let reports: Vec<Expected> = mirrors.iter().map(expected).collect();
    check_answer(&answer, &reports, &vec![false; ids.len()]);
    let mut masks: Vec<Vec<u8>> = reports.into_iter().map(|r| r.2).collect();
    assert!(answer.observations.is_empty(), "the mask only, at first");
    let mut chooser = Chooser::new(99);
    let mut message = 0;
    while mirrors.iter().any(|m| m.hands < 4) {
        message += 1;
        assert!(message < 5_000, "hands end");
        // Every table acts, some twice (the second action picked from the engine's mask).
        let mut tables = Vec::new();
        let mut action_ids = Vec::new();
        let mut over = Vec::new();
        let mut rewards = Vec::new();
        let mut reports = Vec::new();
        for (t, mask) in ids.iter().zip(&masks) {
            let m = &mut mirrors[*t as usize];
            let mut mask = mask.clone();
            for _ in 0..(1 + usize::from(*t % 3 == 0)) {
                let id = pick(&mask, &mut chooser);
                tables.push(*t);
                action_ids.push(id);
                let r = m.play(id);
                over.push(r.is_some());
                rewards.extend(r.unwrap_or_default());
                let e = expected(m);
                mask = e.2.clone();
                reports.push(e);
            }
        }
        let export = if message % 40 == 0 {
            vec![0, 5, 11]
        } else {
            Vec::new()
        };
        // Every tenth message asks for the tensors too, the next for the mask alone again.
        let encodings = match message % 10 {
            0 => Some(pb::EncodingRequest {
                legal_mask: true,
                observation: true,
                info_state: true,
                seat: None,
            }),
            1 => Some(pb::EncodingRequest {
                legal_mask: true,
                ..Default::default()
            }),
            _ => None,
        };
        let answer = stream
            .send(pb::PlayRequest {
                tables: tables.clone(),
                action_ids,
                export: export.clone(),
                encodings,
                ..Default::default()
            })
            .await;
        assert_eq!(answer.observations.is_empty(), message % 10 != 0);
        assert!(answer.errors.is_empty(), "{:?}", answer.errors);
        assert_eq!(answer.tables, tables);
        assert_eq!(answer.rewards, rewards, "the settlements' totals");
        check_answer(&answer, &reports, &over);
        masks = mirrors.iter().map(Mirror::mask).collect();
        assert_eq!(answer.records.len(), export.len());
        for (r, t) in answer.records.iter().zip(&export) {
            assert_eq!(r.table, *t);
            let record = r.record.clone().expect("a record");
            let m = &mirrors[*t as usize];
            assert_eq!(
                record.deal,
                Some(pb::game_record::Deal::Seed(m.seed.to_vec()))
            );
            assert_eq!(record.dealer, u32::from(m.setup.dealer.get()));
            assert_eq!(tarock_e2e::engine_game(&record), m.game, "table {t}");
            let verdict = c
                .validate_game(pb::ValidateGameRequest {
                    state: Some(pb::validate_game_request::State::Record(record)),
                })
                .await
                .expect("validate")
                .into_inner();
            assert!(verdict.valid);
            assert_eq!(verdict.actions_applied as usize, m.actions.len());
        }
    }
    // Hands were dealt anew: each table's seeds were all different.
    assert!(mirrors.iter().all(|m| m.hands >= 4));
    // Closed tables are gone; the others play on.
    let answer = stream
        .send(pb::PlayRequest {
            close: vec![0],
            export: vec![1],
            ..Default::default()
        })
        .await;
    assert!(answer.errors.is_empty());
    assert_eq!(answer.records.len(), 1);
    let answer = stream
        .send(pb::PlayRequest {
            export: vec![0],
            ..Default::default()
        })
        .await;
    assert_eq!(answer.errors[0].reason, "UNKNOWN_TABLE");
}

fn error_summary(e: &pb::TableError) -> (Option<u32>, &str, u32, &str) {
    (e.table, e.field.as_str(), e.index, e.reason.as_str())
}

// Malformed batches are refused per table (or whole, for tables and action ids of different
// lengths, or an answer too large), and the stream goes on.
#[tokio::test]
async fn bad_messages_are_refused_and_the_stream_goes_on() {
    let server = TestServer::start(config(Limits {
        tables_per_stream: 3,
        ..Limits::default()
    }))
    .await;
    let mut c = server.client().await;
    let mut s = Stream::open(&mut c).await.expect("a stream");
    let hu = Variant::HungarianIllustrated;
    let a = s
        .send(pb::PlayRequest {
            open: vec![
                spec(hu, 4, 0, &seed(1)),
                spec(hu, 4, 0, &[1, 2, 3]),
                pb::TableSpec {
                    variant: "nope".to_owned(),
                    ..Default::default()
                },
                spec(hu, 3, 0, &seed(1)),
            ],
            ..Default::default()
        })
        .await;
    assert_eq!(a.tables, vec![0]);
    let errors: Vec<_> = a.errors.iter().map(error_summary).collect();
    assert_eq!(
        errors,
        vec![
            (Some(1), "open", 1, "INVALID_TABLE"),
            (Some(2), "open", 2, "INVALID_TABLE"),
            (Some(3), "open", 3, "INVALID_TABLE"),
        ]
    );
    assert!(a.errors[1].message.contains("variant"), "{:?}", a.errors[1]);
    // The seed is empty: the server draws one. Three tables are the limit.
    let a = s
        .send(pb::PlayRequest {
            open: vec![
                spec(hu, 4, 1, &[]),
                spec(hu, 4, 2, &seed(2)),
                spec(hu, 4, 3, &seed(3)),
            ],
            ..Default::default()
        })
        .await;
    assert_eq!(a.tables, vec![4, 5]);
    assert_eq!(
        a.errors.iter().map(error_summary).collect::<Vec<_>>(),
        vec![(Some(6), "open", 2, "TABLE_LIMIT")]
    );
    let mirror = Mirror::new(hu, 4, 0, seed(1).try_into().expect("32 bytes"));
    let legal = pick(&mirror.mask(), &mut Chooser::new(1));
    // Tables and action ids of different lengths: the whole message is refused.
    let a = s
        .send(pb::PlayRequest {
            open: vec![spec(hu, 4, 0, &seed(4))],
            tables: vec![0, 0],
            action_ids: vec![legal],
            export: vec![0],
            ..Default::default()
        })
        .await;
    assert!(a.tables.is_empty() && a.records.is_empty());
    assert_eq!(
        a.errors.iter().map(error_summary).collect::<Vec<_>>(),
        vec![(None, "tables", 0, "INVALID_MESSAGE")]
    );
    // An unknown table, an id outside the space, an action that is not legal now, among legal
    // ones: each refused alone.
    let space = mirror.game.action_space();
    // Not legal after the legal action, which is applied first.
    let mut after = Mirror::new(hu, 4, 0, seed(1).try_into().expect("32 bytes"));
    after.play(legal);
    let illegal = (0..space)
        .find(|&id| {
            after
                .game
                .action_from_id(id)
                .is_some_and(|a| after.game.check(a).is_err())
        })
        .expect("an illegal action");
    let a = s
        .send(pb::PlayRequest {
            tables: vec![0, 99, 4, 0, 5],
            action_ids: vec![legal, legal, space + 7, illegal, 0],
            export: vec![0, 42],
            close: vec![43],
            ..Default::default()
        })
        .await;
    assert_eq!(a.tables[0], 0);
    let errors: Vec<_> = a.errors.iter().map(error_summary).collect();
    assert_eq!(
        &errors[..3],
        &[
            (Some(99), "tables", 1, "UNKNOWN_TABLE"),
            (Some(4), "tables", 2, "UNKNOWN_ACTION_ID"),
            (Some(0), "tables", 3, "ILLEGAL_ACTION"),
        ]
    );
    assert!(
        !a.errors[2].rule.is_empty(),
        "the rule of an illegal action"
    );
    assert_eq!(
        &errors[errors.len() - 2..],
        &[
            (Some(42), "export", 1, "UNKNOWN_TABLE"),
            (Some(43), "close", 0, "UNKNOWN_TABLE"),
        ]
    );
    // Table 0 has its one legal action; nothing else was applied to it.
    let record = a.records[0].record.clone().expect("a record");
    assert_eq!(record.actions.len(), 1, "only the legal action");
    assert_eq!(
        record.actions[0].notation,
        mirror.game.action_from_id(legal).expect("id").to_string()
    );
    // Closed, a table frees its place; its id is not given again.
    let a = s
        .send(pb::PlayRequest {
            close: vec![5],
            ..Default::default()
        })
        .await;
    assert!(a.errors.is_empty());
    let a = s
        .send(pb::PlayRequest {
            open: vec![spec(hu, 5, 0, &seed(5))],
            tables: vec![5],
            action_ids: vec![0],
            ..Default::default()
        })
        .await;
    assert_eq!(a.tables, vec![7]);
    assert_eq!(a.errors[0].reason, "UNKNOWN_TABLE");
    // An answer that could go over the limit is refused whole.
    let a = s
        .send(pb::PlayRequest {
            export: vec![0; 1_000],
            ..Default::default()
        })
        .await;
    assert!(a.records.is_empty());
    assert_eq!(
        a.errors.iter().map(error_summary).collect::<Vec<_>>(),
        vec![(None, "tables", 0, "INVALID_MESSAGE")]
    );
    // Still playing.
    let a = s
        .send(pb::PlayRequest {
            export: vec![0],
            ..Default::default()
        })
        .await;
    assert!(a.errors.is_empty());
    assert_eq!(a.records.len(), 1);
}

// A stream on which nothing comes for the idle timeout is ended with DEADLINE_EXCEEDED.
#[tokio::test]
async fn an_idle_stream_is_ended() {
    let server = TestServer::start(config(Limits {
        stream_idle: Duration::from_millis(300),
        ..Limits::default()
    }))
    .await;
    let mut c = server.client().await;
    let mut s = Stream::open(&mut c).await.expect("a stream");
    // Messages within the timeout keep it open.
    for _ in 0..4 {
        tokio::time::sleep(Duration::from_millis(150)).await;
        s.send(pb::PlayRequest::default()).await;
    }
    let start = std::time::Instant::now();
    let e = s.rx.message().await.expect_err("ended");
    assert!(
        start.elapsed() >= Duration::from_millis(250),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(e.code(), Code::DeadlineExceeded);
    let info = e.get_error_details().error_info().cloned().expect("info");
    assert_eq!(info.reason, "STREAM_IDLE");
}

// Beyond the server's Play streams, a new stream is refused; one closed frees its place.
#[tokio::test]
async fn play_streams_beyond_the_limit_are_refused() {
    let server = TestServer::start(config(Limits {
        play_streams: 2,
        ..Limits::default()
    }))
    .await;
    let mut c = server.client().await;
    let mut a = Stream::open(&mut c).await.expect("a stream");
    let mut b = Stream::open(&mut c).await.expect("a stream");
    a.send(pb::PlayRequest::default()).await;
    b.send(pb::PlayRequest::default()).await;
    let e = Stream::open(&mut c).await.err().expect("over the limit");
    assert_eq!(e.code(), Code::ResourceExhausted);
    let info = e.get_error_details().error_info().cloned().expect("info");
    assert_eq!(info.reason, "TOO_MANY_STREAMS");
    assert_eq!(info.metadata.get("limit").map(String::as_str), Some("2"));
    // ValidateGames is not a Play stream.
    let (tx, rx) = mpsc::channel::<pb::ValidateGamesRequest>(1);
    let _validating = c
        .validate_games(ReceiverStream::new(rx))
        .await
        .expect("not limited");
    drop(tx);
    drop(a);
    let mut again = None;
    for _ in 0..50 {
        if let Ok(s) = Stream::open(&mut c).await {
            again = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut again = again.expect("the closed stream's place");
    again.send(pb::PlayRequest::default()).await;
    b.send(pb::PlayRequest::default()).await;
}

// A long stream holds the bytes of its last message only: it goes on past the server's budget
// of bytes in flight.
#[tokio::test]
async fn a_long_stream_stays_within_the_byte_budget() {
    let server = TestServer::start(Config {
        max_inflight_bytes: 16 * 1024,
        ..config(Limits::default())
    })
    .await;
    let mut c = server.client().await;
    let mut s = Stream::open(&mut c).await.expect("a stream");
    for _ in 0..100 {
        let a = s
            .send(pb::PlayRequest {
                close: (1_000..1_300).collect(),
                ..Default::default()
            })
            .await;
        assert_eq!(a.errors.len(), 300);
    }
}

// ValidateGames answers each record in order; a record that cannot be validated gets the
// status ValidateGame fails with, and the stream goes on.
#[tokio::test]
async fn validate_games_answers_in_order() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let polish = tarock_e2e::new_deal(&mut c, "polish-krolami", 2, 4).await;
    let done = tarock_e2e::play_to_end(&mut c, polish, &mut Chooser::new(2)).await;
    let fresh = tarock_e2e::new_deal(&mut c, "danish-tarok", 3, 3).await;
    let mut illegal = fresh.clone();
    // A card played in the auction.
    let card = tarock_engine::Card::new(0);
    illegal
        .actions
        .push(tarock_service::convert::action_to_pb(Action::Play(card)));
    let mut malformed = fresh.clone();
    malformed.variant = "nope".to_owned();
    let records = [done.clone(), malformed, illegal, fresh.clone(), done];
    let requests: Vec<pb::ValidateGamesRequest> = records
        .iter()
        .map(|r| pb::ValidateGamesRequest {
            game: Some(pb::ValidateGameRequest {
                state: Some(pb::validate_game_request::State::Record(r.clone())),
            }),
        })
        .chain([pb::ValidateGamesRequest { game: None }])
        .collect();
    let answers = collect(
        c.validate_games(tokio_stream::iter(requests))
            .await
            .expect("a stream")
            .into_inner(),
    )
    .await;
    assert_eq!(answers.len(), 6);
    let v = |i: usize| answers[i].verdict.clone();
    assert!(v(0).is_some_and(|v| v.valid && v.game_over && v.ledger.is_some()));
    assert!(v(1).is_none());
    assert!(
        answers[1].error.starts_with("INVALID_ARGUMENT: "),
        "{}",
        answers[1].error
    );
    let illegal = v(2).expect("a verdict");
    assert!(!illegal.valid);
    assert!(illegal.first_illegal.is_some());
    assert!(v(3).is_some_and(|v| v.valid && !v.game_over));
    assert_eq!(answers[4], answers[0]);
    assert!(
        answers[5].error.starts_with("INVALID_ARGUMENT: "),
        "{}",
        answers[5].error
    );
}

/// Reads a stream of answers to its end.
async fn collect<T>(mut answers: Streaming<T>) -> Vec<T> {
    let mut out = Vec::new();
    while let Some(m) = answers.message().await.expect("an answer") {
        out.push(m);
    }
    out
}
