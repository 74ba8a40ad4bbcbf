//! Criterion benchmarks of the engine, per variant (four seats, the Austrian and Danish games
//! three): listing the legal actions and applying one in each phase, a complete random deal
//! from the auction to the settlement, replaying a stored record of a complete deal (alone and
//! with a seat's view), and the settlement.
//!
//! Positions come from seeded random play ([`tarock_benches::position`]), so every run measures
//! the same games. Every benchmark asserts what it computed: the number of legal actions, that
//! the action applied, that a replayed game equals the original, that settlements add up.
//!
//! `cargo bench -p tarock-benches --bench engine` runs them all; a filter selects some, e.g.
//! `cargo bench -p tarock-benches --bench engine -- replay`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use tarock_benches::{complete_record, phases, playout, position, setup, Method, Rng, VARIANTS};
use tarock_engine::game::{ActionList, Game, Observe, Viewer};
use tarock_engine::{AnyGame, Seat};

/// How far into each phase the benchmarked position lies (the round of announcements has items
/// standing by then, so its listing includes kontras).
const SKIP: usize = 6;

fn legal_actions(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_actions");
    for v in VARIANTS {
        for &(name, phase) in phases(v) {
            let p = position(v, phase, SKIP);
            let expected = p.game.legal_actions().len();
            assert!(expected > 0, "{v} {name}: no legal action");
            group.bench_with_input(BenchmarkId::new(v.id(), name), &p.game, |b, g| {
                b.iter(|| {
                    let list = black_box(g).legal_actions();
                    assert_eq!(list.len(), expected);
                    list
                });
            });
            group.bench_with_input(
                BenchmarkId::new(format!("{}/into", v.id()), name),
                &p.game,
                |b, g| {
                    let mut list = ActionList::new();
                    b.iter(|| {
                        black_box(g).legal_actions_into(&mut list);
                        assert_eq!(list.len(), expected);
                    });
                },
            );
        }
    }
    group.finish();
}

fn apply(c: &mut Criterion) {
    let mut group = c.benchmark_group("apply");
    for v in VARIANTS {
        for &(name, phase) in phases(v) {
            let p = position(v, phase, SKIP);
            let list = p.game.legal_actions();
            // The middle action of the list: a bid, a discard, an announcement or kontra, a card.
            let a = list[list.len() / 2];
            let before = p.game.actions_applied();
            group.bench_with_input(BenchmarkId::new(v.id(), name), &p.game, |b, g| {
                b.iter(|| {
                    let next = black_box(*g)
                        .play(black_box(a))
                        .expect("a listed action applies");
                    assert_eq!(next.actions_applied(), before + 1);
                    next
                });
            });
        }
    }
    group.finish();
}

/// Deals per iteration of the complete-deal benchmark.
const DEALS: u64 = 8;

fn random_deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_deal");
    for v in VARIANTS {
        // The same eight deals and move choices every iteration; the throughput is in actions.
        // Both methods play the same deals.
        let setups: Vec<_> = (0..DEALS).map(|n| setup(v, n)).collect();
        let actions: u64 = setups
            .iter()
            .zip(0u64..)
            .map(|(s, n)| playout(s, Method::Pick, &mut Rng::new(n)).1)
            .sum();
        group.throughput(Throughput::Elements(actions));
        for m in [Method::Pick, Method::List] {
            group.bench_function(format!("{}/{}", v.id(), m.name()), |b| {
                b.iter(|| {
                    let mut total = 0u64;
                    for (s, n) in setups.iter().zip(0u64..) {
                        let (g, k) = playout(black_box(s), m, &mut Rng::new(n));
                        let outcome = g.outcome().expect("the deal is over");
                        assert!(outcome.ledger.is_balanced());
                        total += k;
                    }
                    assert_eq!(total, actions);
                });
            });
        }
    }
    group.finish();
}

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    for v in VARIANTS {
        let p = complete_record(v, 0);
        group.throughput(Throughput::Elements(p.actions.len() as u64));
        group.bench_function(v.id(), |b| {
            b.iter(|| {
                let g = AnyGame::replay(black_box(&p.setup), black_box(&p.actions))
                    .expect("the record replays");
                assert_eq!(g, p.game);
                g
            });
        });
        // What a request costs the engine: replay the record, then build a seat's view.
        group.bench_function(BenchmarkId::new("with_view", v.id()), |b| {
            b.iter(|| {
                let g = AnyGame::replay(black_box(&p.setup), black_box(&p.actions))
                    .expect("the record replays");
                let seen = g.visible(Viewer::Seat(Seat::new(1)));
                assert_eq!(seen.hands[Seat::new(1)], g.hand(Seat::new(1)));
                seen
            });
        });
    }
    group.finish();
}

fn settle(c: &mut Criterion) {
    let mut group = c.benchmark_group("settle");
    for v in VARIANTS {
        let p = complete_record(v, 0);
        let g = p.game;
        group.bench_function(v.id(), |b| {
            b.iter(|| {
                let ledger = black_box(&g).settlement(1).expect("the hand is over");
                assert!(ledger.is_balanced());
                assert!(!ledger.items.is_empty());
                ledger
            });
        });
    }
    group.finish();
}

/// The tensors a learning bot reads at every step: the observation, and the information state
/// (which replays the record to place each action), of a seat at the end of a complete hand.
fn encode(c: &mut Criterion) {
    let mut group = c.benchmark_group("encode");
    for v in VARIANTS {
        let p = complete_record(v, 0);
        let g = p.game;
        let me = Seat::new(1);
        let mut obs = vec![0.0f32; g.observation_size()];
        let mut info = vec![0.0f32; g.info_state_size()];
        group.bench_function(BenchmarkId::new("observation", v.id()), |b| {
            b.iter(|| {
                black_box(&g)
                    .write_observation(me, &mut obs)
                    .expect("encodable");
                obs[0]
            });
        });
        group.throughput(Throughput::Elements(p.actions.len() as u64));
        group.bench_function(BenchmarkId::new("info_state", v.id()), |b| {
            b.iter(|| {
                black_box(&g)
                    .write_info_state(black_box(&p.actions), me, &mut info)
                    .expect("encodable");
                info[0]
            });
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    legal_actions,
    apply,
    random_deal,
    replay,
    settle,
    encode
);
criterion_main!(benches);
