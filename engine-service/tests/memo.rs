//! The kept replays change no answer: a server that answers whole hands from the replays it
//! kept answers every request with the bytes a server that has kept nothing answers.

use prost::Message;
use tarock_engine::game::{Game, Observe};
use tarock_engine::{AnyGame, Seat, Setup, Variant, RULES_VERSION};
use tarock_proto::lazy;
use tarock_proto::server::engine_service_server::EngineService;
use tarock_proto::v1 as pb;
use tarock_service::{convert, Engine};
use tonic::Request;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Hand `n` of variant `v` (at its first table size, the dealer by `n`), dealt from a seed made
/// of `seed`, and the game as dealt.
fn hand(v: Variant, n: u64, seed: u64) -> (Setup, AnyGame) {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let seats = v.seat_counts()[0];
    let setup = Setup::seeded(v, seats, Seat::new((n % u64::from(seats)) as u8), bytes);
    let g = AnyGame::new(&setup).expect("a seeded deal");
    (setup, g)
}

/// The answer's bytes, or the error's code and message.
type Outcome = Result<Vec<u8>, (tonic::Code, String)>;

/// `ApplyAction` on `body` (a request's bytes, read as the server reads them off the wire).
async fn apply(engine: &Engine, body: &[u8]) -> Outcome {
    let r = lazy::ApplyActionRequest::decode(body).expect("a request");
    engine
        .apply_action(Request::new(r))
        .await
        .map(|a| a.into_inner().bytes().to_vec())
        .map_err(|s| (s.code(), s.message().to_owned()))
}

/// `LegalMoves` on `body`.
async fn legal_moves(engine: &Engine, body: &[u8]) -> Outcome {
    let r = lazy::LegalMovesRequest::decode(body).expect("a request");
    engine
        .legal_moves(Request::new(r))
        .await
        .map(|a| a.into_inner().bytes().to_vec())
        .map_err(|s| (s.code(), s.message().to_owned()))
}

/// The record an `ApplyAction` response carries.
fn record_of(response: &[u8]) -> pb::GameRecord {
    pb::ApplyActionResponse::decode(response)
        .expect("a response")
        .record
        .expect("an open record")
}

#[tokio::test]
async fn answers_from_kept_replays_are_the_answers_of_a_fresh_server() {
    // One server plays whole hands, each request sending the record the last answer wrote (kept
    // by the server when it wrote it); a server that has kept nothing answers every one of
    // those requests with exactly the same bytes.
    let kept = Engine::new();
    let mut rng = Rng(0x4B3E_7E11_0A57);
    let mut steps = 0;
    for (i, &v) in Variant::ALL.iter().enumerate() {
        for n in 0..4u64 {
            let (setup, mut g) = hand(v, n, n * 13 + i as u64);
            // Some hands carry a match state (written after the actions), and some start from
            // a record the server would write otherwise (the rules version left out), which the
            // answers keep as it came, each with its action added.
            let state = pb::MatchState {
                deals_played: 3,
                totals: [12, -4, -8, 0][..usize::from(setup.seats)].to_vec(),
                ..Default::default()
            };
            let match_state = (n % 2 == 1).then_some(state);
            let mut record = convert::record_with_deal(&setup, &[], &g, match_state, RULES_VERSION)
                .expect("a record");
            if n >= 2 {
                record.rules_version = 0;
            }
            while let Some(seat) = g.to_act() {
                let legal = g.legal_actions();
                let a = legal[rng.below(legal.len())];
                let lm = pb::LegalMovesRequest {
                    state: Some(pb::legal_moves_request::State::Record(record.clone())),
                    ..Default::default()
                }
                .encode_to_vec();
                let listed = legal_moves(&kept, &lm).await;
                assert!(listed.is_ok());
                assert_eq!(listed, legal_moves(&Engine::new(), &lm).await);
                // A viewer other than the acting seat, now and then.
                let viewer = if rng.below(3) == 0 {
                    (seat.get() + 1) % g.table_info().seats
                } else {
                    seat.get()
                };
                let body = pb::ApplyActionRequest {
                    state: Some(pb::apply_action_request::State::Record(record)),
                    action: Some(convert::action_to_pb(a)),
                    viewer: Some(pb::Viewer {
                        role: pb::ViewerRole::Seat as i32,
                        seat: u32::from(viewer),
                    }),
                    ..Default::default()
                }
                .encode_to_vec();
                let answer = apply(&kept, &body).await;
                assert_eq!(answer, apply(&Engine::new(), &body).await);
                record = record_of(&answer.expect("a legal action applies"));
                g.play_unchecked(a);
                steps += 1;
            }
            // The finished hand's record: no one is to act, alike either way.
            let body = pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record)),
                action_id: Some(0),
                ..Default::default()
            }
            .encode_to_vec();
            let over = apply(&kept, &body).await;
            assert_eq!(
                over.as_ref().map_err(|e| e.0),
                Err(tonic::Code::FailedPrecondition)
            );
            assert_eq!(over, apply(&Engine::new(), &body).await);
        }
    }
    assert!(steps > 600, "{steps} steps");
}
