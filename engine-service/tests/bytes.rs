//! The byte routes of `LegalMoves` and `ApplyAction` (the request decoded lean from its bytes)
//! answer exactly as the handlers on decoded requests do: the same response bytes, or the same
//! error, for valid requests, for requests the game refuses and for corrupted bytes.

use prost::Message;
use tarock_engine::game::{Game, Observe};
use tarock_engine::{Action, AnyGame, Seat, Setup, Variant, RULES_VERSION};
use tarock_proto::v1 as pb;
use tarock_service::respond::Answer;
use tarock_service::service::ByteRpc;
use tarock_service::{convert, Engine};
use tonic::Status;

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

/// Records of games in progress, every variant, and the action played next.
fn games(rng: &mut Rng) -> Vec<(pb::GameRecord, Action, Seat)> {
    let mut out = Vec::new();
    for (i, &v) in Variant::ALL.iter().enumerate() {
        for n in 0..12u64 {
            let (setup, mut g) = hand(v, n, n * 7 + i as u64);
            let mut actions = Vec::new();
            let stop = rng.below(60);
            while !g.is_over() && actions.len() < stop {
                let legal = g.legal_actions();
                let a = legal[rng.below(legal.len())];
                g.play_unchecked(a);
                actions.push(a);
            }
            let Some(seat) = g.to_act() else { continue };
            let legal = g.legal_actions();
            let next = legal[rng.below(legal.len())];
            let record = convert::record_with_deal(&setup, &actions, &g, None, RULES_VERSION);
            out.push((record, next, seat));
        }
    }
    out
}

/// Corruptions of `bytes`: cut short, one byte changed, one byte inserted.
fn corruptions(rng: &mut Rng, bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for _ in 0..3 {
        out.push(bytes[..rng.below(bytes.len())].to_vec());
        let mut b = bytes.to_vec();
        let i = rng.below(b.len());
        b[i] = match rng.below(3) {
            0 => b[i] ^ 0x80,
            1 => b[i].wrapping_add(1),
            _ => rng.below(256) as u8,
        };
        out.push(b);
        let mut b = bytes.to_vec();
        b.insert(rng.below(bytes.len()), rng.below(256) as u8);
        out.push(b);
    }
    out
}

/// The answer's message, or the error's code and message.
fn outcome(r: Result<Answer, Status>) -> Result<Vec<u8>, (tonic::Code, String)> {
    r.map(|a| a.message().to_vec())
        .map_err(|s| (s.code(), s.message().to_owned()))
}

/// Both ways on `body`, as each request; returns whether `ApplyAction` and `LegalMoves` were
/// answered with a response.
fn same(engine: &Engine, body: &[u8]) -> (bool, bool) {
    let decoded = pb::ApplyActionRequest::decode(body);
    let by_bytes = outcome(engine.handle_bytes(ByteRpc::ApplyAction, body));
    let applied = by_bytes.is_ok();
    match decoded {
        Ok(r) => assert_eq!(by_bytes, outcome(engine.apply_action_wire(&r))),
        Err(_) => assert_eq!(by_bytes.map_err(|e| e.0), Err(tonic::Code::InvalidArgument)),
    }
    let legal = pb::LegalMovesRequest::decode(body);
    let by_bytes_lm = outcome(engine.handle_bytes(ByteRpc::LegalMoves, body));
    let listed = by_bytes_lm.is_ok();
    match legal {
        Ok(r) => assert_eq!(by_bytes_lm, outcome(engine.legal_moves_wire(&r))),
        Err(_) => assert_eq!(
            by_bytes_lm.map_err(|e| e.0),
            Err(tonic::Code::InvalidArgument)
        ),
    }
    (applied, listed)
}

#[test]
fn byte_routes_answer_as_the_handlers_do() {
    let engine = Engine::new();
    let mut rng = Rng(0x05EE_D0FB_17E5);
    let (mut answered, mut refused) = (0, 0);
    for (record, next, seat) in games(&mut rng) {
        let request = pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(record.clone())),
            action: Some(convert::action_to_pb(next)),
            viewer: Some(pb::Viewer {
                role: pb::ViewerRole::Seat as i32,
                seat: u32::from(seat.get()),
            }),
            seat: Some(u32::from(seat.get())),
            ..Default::default()
        };
        let body = request.encode_to_vec();
        assert_eq!(
            same(&engine, &body),
            (true, true),
            "a legal action is applied"
        );
        // The same record as a LegalMoves request (its fields share their numbers).
        let lm = pb::LegalMovesRequest {
            state: Some(pb::legal_moves_request::State::Record(record.clone())),
            ..Default::default()
        };
        assert_eq!(same(&engine, &lm.encode_to_vec()), (false, true));
        // Another seat acting is refused alike.
        let mut wrong = request.clone();
        wrong.seat = Some((u32::from(seat.get()) + 1) % 4);
        assert_eq!(same(&engine, &wrong.encode_to_vec()), (false, true));
        // Two records in a row merge (their actions appended): answered alike either way.
        let mut twice = body.clone();
        twice.extend_from_slice(
            &pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record)),
                ..Default::default()
            }
            .encode_to_vec(),
        );
        same(&engine, &twice);
        for c in corruptions(&mut rng, &body) {
            if same(&engine, &c).0 {
                answered += 1;
            } else {
                refused += 1;
            }
        }
    }
    // Corruption goes both ways: some bytes still make a request that applies, most do not.
    assert!(
        answered > 0 && refused > answered,
        "{answered} answered, {refused} refused"
    );
}

/// The record an `ApplyAction` response carries.
fn record_of(response: &[u8]) -> pb::GameRecord {
    pb::ApplyActionResponse::decode(response)
        .expect("a response")
        .record
        .expect("an open record")
}

#[test]
fn answers_from_kept_replays_are_the_answers_of_a_fresh_server() {
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
            // a record the server would write otherwise (the rules version left out): the
            // answer to it is written in full, and the hand goes on from the server's records.
            let state = pb::MatchState {
                deals_played: 3,
                totals: [12, -4, -8, 0][..usize::from(setup.seats)].to_vec(),
                ..Default::default()
            };
            let match_state = (n % 2 == 1).then_some(state);
            let mut record = convert::record_with_deal(&setup, &[], &g, match_state, RULES_VERSION);
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
                let listed = outcome(kept.handle_bytes(ByteRpc::LegalMoves, &lm));
                assert!(listed.is_ok());
                assert_eq!(
                    listed,
                    outcome(Engine::new().handle_bytes(ByteRpc::LegalMoves, &lm))
                );
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
                let answer = outcome(kept.handle_bytes(ByteRpc::ApplyAction, &body));
                assert_eq!(
                    answer,
                    outcome(Engine::new().handle_bytes(ByteRpc::ApplyAction, &body))
                );
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
            let over = outcome(kept.handle_bytes(ByteRpc::ApplyAction, &body));
            assert_eq!(
                over.as_ref().map_err(|e| e.0),
                Err(tonic::Code::FailedPrecondition)
            );
            assert_eq!(
                over,
                outcome(Engine::new().handle_bytes(ByteRpc::ApplyAction, &body))
            );
        }
    }
    assert!(steps > 600, "{steps} steps");
}
