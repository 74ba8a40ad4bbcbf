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
use tarock_benches::{play_on, playout, setup, Method, Rng};
use tarock_engine::game::{ActionList, Game, Observe, Stage};
use tarock_engine::{Action, AnyGame, Setup, Variant};

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
    /// Seats at the table (default: the variant's usual table, as for every figure in
    /// docs/performance.md).
    #[arg(long)]
    seats: Option<u8>,
    /// A rule option as `name=value`, repeatable.
    #[arg(long = "option")]
    options: Vec<String>,
    /// Full-length deals: in the auction pass whenever allowed, and otherwise take one of the
    /// two lowest contracts on offer at random (the Slovenian forehand's klop or three).
    #[arg(long)]
    pass_auction: bool,
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
    let mut options = Vec::new();
    for o in &args.options {
        let Some((name, value)) = o.split_once('=') else {
            eprintln!("error: an option is name=value, not {o:?}");
            return std::process::ExitCode::FAILURE;
        };
        options.push((name.to_owned(), value.to_owned()));
    }
    // One setup, its seed and dealer changed for each deal (the options are not copied).
    let mut template = setup(variant, args.seed);
    if let Some(seats) = args.seats {
        template.seats = seats;
    }
    template.options = options;
    let base = |s: &mut Setup, n: u64| {
        let fresh = setup(variant, n);
        s.deal = fresh.deal;
        s.dealer = tarock_engine::Seat::new((n % u64::from(s.seats)) as u8);
    };
    base(&mut template, args.seed);
    if let Err(e) = AnyGame::new(&template) {
        eprintln!("error: {e}");
        return std::process::ExitCode::FAILURE;
    }
    let budget = Duration::from_secs_f64(args.seconds.max(0.001));
    let mut rng = Rng::new(args.seed ^ 0xC0FF_EE00);
    let (mut deals, mut actions) = (0u64, 0u64);
    // With --pass-auction: the actions after the auction and the time they took alone.
    let (mut played, mut playing) = (0u64, Duration::ZERO);
    let start = Instant::now();
    let elapsed = loop {
        base(&mut template, args.seed.wrapping_add(deals));
        let (game, n) = if args.pass_auction {
            let (game, n, after) = playout_passing(&template, method, &mut rng);
            played += after.0;
            playing += after.1;
            (game, n)
        } else {
            playout(&template, method, &mut rng)
        };
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
        "seats": template.seats,
        "pass_auction": args.pass_auction,
        "options": args.options,
        "deals_per_sec": deals as f64 / secs,
        "actions_per_sec": actions as f64 / secs,
        "ns_per_action": secs * 1e9 / actions as f64,
        "deals": deals,
        "actions": actions,
        "actions_per_deal": actions as f64 / deals as f64,
        "seconds": secs,
    });
    let mut line = line;
    if args.pass_auction && played > 0 {
        // What OpenSpiel's timing of a deal from the end of its auction measures.
        line["after_auction_actions"] = played.into();
        line["after_auction_seconds"] = playing.as_secs_f64().into();
        line["after_auction_ns_per_action"] = (playing.as_secs_f64() * 1e9 / played as f64).into();
    }
    println!("{line}");
    std::process::ExitCode::SUCCESS
}

/// [`playout`] with the auction passed (`--pass-auction`): pass whenever allowed, otherwise one
/// of the two lowest contracts on offer; the rest by `method`, timed on its own (its actions and
/// time are the third value), with the settlement.
fn playout_passing(
    setup: &Setup,
    method: Method,
    rng: &mut Rng,
) -> (AnyGame, u64, (u64, Duration)) {
    let mut g = AnyGame::new(setup).expect("valid setup");
    let mut n = 0u64;
    let mut legal = ActionList::new();
    while g.stage() == Stage::Auction {
        g.legal_actions_into(&mut legal);
        let a = if legal.contains(Action::Pass) {
            Action::Pass
        } else {
            legal[rng.below(legal.len().min(2))]
        };
        g.play_unchecked(a);
        n += 1;
    }
    let auction = n;
    let start = Instant::now();
    n += play_on(&mut g, method, rng);
    black_box(g.outcome());
    let took = start.elapsed();
    (g, n, (n - auction, took))
}
