//! `playout`: plays uniformly random complete deals of one variant on one thread for a given
//! time and prints one JSON line with the throughput.
//!
//! ```text
//! cargo run --release -p tarock-benches --bin playout -- --variant hungarian-illustrated --seconds 10
//! {"variant":"hungarian-illustrated","deals_per_sec":…,"actions_per_sec":…,"ns_per_action":…,…}
//! ```
//!
//! Each deal is dealt from its seed, played to the end by applying actions chosen uniformly at
//! random among the legal ones, and settled; the settlement is checked to add up. The
//! action is found and applied with `Game::play_pick` (count the legal actions, take the chosen
//! one, apply it), or with `--method list` by listing them all, indexing the list and applying
//! with `Game::play_unchecked`; both play the same deals. A
//! uniformly random player passes in the round of announcements about once in thirty choices,
//! so most actions of these deals are announcements and kontras: the engine's largest
//! listings.

use clap::Parser;
use std::hint::black_box;
use std::time::{Duration, Instant};
use tarock_benches::{playout, setup, Method, Rng};
use tarock_engine::game::Game;
use tarock_engine::Variant;

/// Flags.
#[derive(Debug, Parser)]
#[command(
    name = "playout",
    about = "Random playouts of the tarock engine on one thread"
)]
struct Args {
    /// The variant id, e.g. `hungarian-illustrated`.
    #[arg(long, default_value = "hungarian-illustrated")]
    variant: String,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Stop after this many deals instead of after `--seconds` (for instruction counts under
    /// valgrind, which then measures the same games every run).
    #[arg(long)]
    deals: Option<u64>,
    /// Seed of the first deal (deal n uses seed n) and of the move choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How the random action is found: `pick` (`Game::play_pick`, the rollout path) or `list`
    /// (`Game::legal_actions_into`, then index the list). Both play the same deals.
    #[arg(long, default_value = "pick")]
    method: String,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let Some(variant) = Variant::from_id(&args.variant) else {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        eprintln!(
            "error: unknown variant {:?}; known: {}",
            args.variant,
            known.join(", ")
        );
        return std::process::ExitCode::FAILURE;
    };
    let Some(method) = Method::from_name(&args.method) else {
        eprintln!("error: unknown method {:?}; known: pick, list", args.method);
        return std::process::ExitCode::FAILURE;
    };
    let budget = Duration::from_secs_f64(args.seconds.max(0.001));
    let mut rng = Rng::new(args.seed ^ 0xC0FF_EE00);
    let (mut deals, mut actions) = (0u64, 0u64);
    let start = Instant::now();
    let elapsed = loop {
        let s = setup(variant, args.seed.wrapping_add(deals));
        let (game, n) = playout(&s, method, &mut rng);
        let outcome = game.outcome().expect("a finished deal has an outcome");
        assert!(outcome.ledger.is_balanced(), "a settlement does not add up");
        black_box(outcome);
        deals += 1;
        actions += n;
        let t = start.elapsed();
        let done = match args.deals {
            Some(n) => deals >= n,
            None => t >= budget,
        };
        if done {
            break t;
        }
    };
    let secs = elapsed.as_secs_f64();
    let line = serde_json::json!({
        "variant": variant.id(),
        "method": method.name(),
        "deals_per_sec": deals as f64 / secs,
        "actions_per_sec": actions as f64 / secs,
        "ns_per_action": secs * 1e9 / actions as f64,
        "deals": deals,
        "actions": actions,
        "actions_per_deal": actions as f64 / deals as f64,
        "seconds": secs,
    });
    println!("{line}");
    std::process::ExitCode::SUCCESS
}
