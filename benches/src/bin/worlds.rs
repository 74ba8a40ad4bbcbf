//! `worlds`: consistent worlds sampled per second on one thread, for one variant, at the start
//! of trick play (after the auction, discards and announcements, before the first card) and
//! mid-play (after a given number of cards), from a random seat. Prints one JSON line per
//! position kind.
//!
//! ```text
//! cargo run --release -p tarock-benches --bin worlds -- --variant hungarian-illustrated --seconds 5
//! {"variant":"hungarian-illustrated","seats":4,"position":"play-start","worlds_per_sec":…,…}
//! ```
//!
//! Positions come from seeded deals played by the `Realistic` policy; each position gets a
//! fresh `Worlds` (its preparation is timed apart) and `--per-position` worlds are drawn from
//! it. Every world is checked by the sampler itself (full replay and view comparison); the
//! binary also replays one world per position again to assert it.

use clap::Parser;
use std::time::{Duration, Instant};
use tarock_benches::{choose, seats, Policy, Rng};
use tarock_engine::game::{Game, Observe, Stage};
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{Action, AnyGame, Seat, Setup, Variant, Worlds};

/// Flags.
#[derive(Debug, Parser)]
#[command(name = "worlds", about = "World sampling throughput on one thread")]
struct Args {
    /// The variant id.
    #[arg(long, default_value = "hungarian-illustrated")]
    variant: String,
    /// Seconds per position kind.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Worlds drawn per position.
    #[arg(long, default_value_t = 200)]
    per_position: u32,
    /// Cards played before the mid-play position.
    #[arg(long, default_value_t = 12)]
    cards: usize,
    /// Seed of the first deal.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// A position of deal `seed`: trick play reached and `cards` cards played, with the record.
fn position(
    variant: Variant,
    seed: u64,
    cards: usize,
    rng: &mut Rng,
) -> Option<(AnyGame, Vec<Action>)> {
    let setup = Setup::seeded(variant, seats(variant), Seat::new(0), seed_from_u64(seed));
    let dealt = AnyGame::new(&setup).ok()?;
    let mut g = dealt;
    let mut actions = Vec::new();
    while g.stage() != Stage::Play {
        g.to_act()?;
        let legal = g.legal_actions();
        let a = choose(&legal, Policy::Realistic, g.stage() == Stage::Announce, rng);
        g.play_unchecked(a);
        actions.push(a);
    }
    for _ in 0..cards {
        g.to_act()?;
        let legal = g.legal_actions();
        let a = choose(&legal, Policy::Realistic, false, rng);
        g.play_unchecked(a);
        actions.push(a);
    }
    (g.stage() == Stage::Play).then_some((dealt, actions))
}

fn run(args: &Args, variant: Variant, name: &str, cards: usize) {
    let budget = Duration::from_secs_f64(args.seconds.max(0.001));
    let mut rng = Rng::new(args.seed ^ 0x5EED);
    let mut deal_rng = DealRng::from_seed(seed_from_u64(args.seed));
    let (mut positions, mut worlds_drawn, mut failed) = (0u64, 0u64, 0u64);
    let (mut proposals, mut prepare, mut sampling) = (0u64, Duration::ZERO, Duration::ZERO);
    let mut seed = args.seed;
    let start = Instant::now();
    while start.elapsed() < budget {
        seed += 1;
        let Some((dealt, actions)) = position(variant, seed, cards, &mut rng) else {
            continue;
        };
        let seat = Seat::new(rng.below(usize::from(seats(variant))) as u8);
        let t = Instant::now();
        let Ok(mut worlds) = Worlds::new(&dealt, &actions, seat) else {
            failed += 1;
            continue;
        };
        prepare += t.elapsed();
        let t = Instant::now();
        for i in 0..args.per_position {
            match worlds.sample(&mut deal_rng) {
                Ok(w) => {
                    worlds_drawn += 1;
                    if i == 0 {
                        let g = worlds.game_of(&w);
                        assert!(g.replay_from(&w.actions, |_| {}).is_ok());
                    }
                }
                Err(_) => {
                    failed += 1;
                    break;
                }
            }
        }
        sampling += t.elapsed();
        proposals += worlds.proposals().0;
        positions += 1;
    }
    let per_sec = worlds_drawn as f64 / sampling.as_secs_f64().max(1e-9);
    println!(
        "{{\"variant\":\"{}\",\"seats\":{},\"position\":\"{name}\",\"cards_played\":{cards},\
         \"positions\":{positions},\"worlds\":{worlds_drawn},\"worlds_per_sec\":{per_sec:.0},\
         \"us_per_world\":{:.2},\"acceptance\":{:.3},\"prepare_us\":{:.1},\"failed\":{failed}}}",
        variant.id(),
        seats(variant),
        1e6 / per_sec.max(1e-9),
        worlds_drawn as f64 / proposals.max(1) as f64,
        prepare.as_secs_f64() * 1e6 / positions.max(1) as f64,
    );
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let Some(variant) = Variant::from_id(&args.variant) else {
        eprintln!("error: unknown variant {:?}", args.variant);
        return std::process::ExitCode::FAILURE;
    };
    run(&args, variant, "play-start", 0);
    run(&args, variant, "mid-play", args.cards);
    std::process::ExitCode::SUCCESS
}
