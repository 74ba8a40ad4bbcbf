//! `arena`: the built-in bots against each other in duplicate, in process, on every core.
//!
//! ```text
//! cargo run --release -p tarock-benches --bin arena -- --variant all --deals 2000
//! ```
//!
//! Deal `i` is dealt from seed `--seed + i` with the dealer at seat `i mod seats`, and played
//! once per seat: in play `r` the bot under test (`--bot`) sits at seat `r` and the field's bot
//! (`--field`) at every other seat, so the bot holds every hand of every deal and the luck of
//! the cards cancels. The bot's result for a deal is its mean total over the seats it held, the
//! field's the mean total of the field's seats over the same plays; the report gives both means
//! over the deals with 95 % confidence intervals, and the bot's lead over the field (paired by
//! deal) with its standard error and how many standard errors it is. One JSON line per variant,
//! then a Markdown table.
//!
//! The search bot's budget is `--worlds` per decision (repeatable), or also `--time-ms`.
//!
//! `--bot search-ddK` (e.g. `search-dd3`) measures the alternative for the card play: the search
//! bot, except that with at most K cards in hand it plays by PIMC with the double-dummy solver
//! (the same worlds' budget; in each world every legal card's exact card points for the seat's
//! side, the card of the best mean taken). `--bot search-settleK` does the same with the side's
//! settlement under perfect play (`Solver::settlement_each`) instead of its card points.

use clap::Parser;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tarock_benches::seats;
use tarock_engine::game::{Game, Observe, Stage};
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{
    Action, AnyGame, Bot, Budget, DealRng, Seat, SeatMask, Setup, Solver, Variant, World, Worlds,
};

/// Flags.
#[derive(Debug, Parser)]
#[command(name = "arena", about = "The built-in bots in duplicate, in process")]
struct Args {
    /// The variant id, or `all` for the six variants at their usual table sizes.
    #[arg(long, default_value = "all")]
    variant: String,
    /// Deals per variant (each played once per rotation).
    #[arg(long, default_value_t = 2000)]
    deals: u64,
    /// The bot under test, at one seat: a bot's name, or `search-ddK` (see above).
    #[arg(long, default_value = "search")]
    bot: String,
    /// The bot at every other seat.
    #[arg(long, default_value = "heuristic")]
    field: String,
    /// The search bot's worlds per decision.
    #[arg(long, default_value_t = Budget::DEFAULT_WORLDS)]
    worlds: u32,
    /// The search bot's time bound per decision, in milliseconds (none by default: repeatable).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Seed of the first deal.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Per deal: the bot's and the field's mean totals, and the bot's decisions and the time they
/// took (seconds) and the longest.
#[derive(Clone, Copy, Debug, Default)]
struct DealResult {
    means: [f64; 2],
    decisions: u64,
    seconds: f64,
    longest: f64,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let variants: Vec<Variant> = if args.variant == "all" {
        Variant::ALL.to_vec()
    } else if let Some(v) = Variant::from_id(&args.variant) {
        vec![v]
    } else {
        eprintln!("error: unknown variant {:?}", args.variant);
        return std::process::ExitCode::FAILURE;
    };
    // `search-ddK`, `search-settleK`: the search bot, with the solver for its last K cards.
    let settle = args.bot.starts_with("search-settle");
    let solved_cards = args
        .bot
        .strip_prefix("search-dd")
        .or_else(|| args.bot.strip_prefix("search-settle"))
        .and_then(|k| k.parse::<u32>().ok());
    let bot = if solved_cards.is_some() {
        "search"
    } else {
        args.bot.as_str()
    };
    let bots = match (bot.parse::<Bot>(), args.field.parse::<Bot>()) {
        (Ok(b), Ok(f)) => [b, f],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let budget = Budget {
        worlds: args.worlds.max(1),
        time: args.time_ms.map(Duration::from_millis),
    };
    let labels = [args.bot.as_str(), bots[1].name()];
    let players = Players {
        bots,
        budget,
        solved_cards: solved_cards.unwrap_or(0),
        settle,
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let mut rows = Vec::new();
    for variant in variants {
        let start = Instant::now();
        let results = run(variant, &args, &players, threads);
        let elapsed = start.elapsed().as_secs_f64();
        let n = results.len() as f64;
        let mut line = serde_json::json!({
            "variant": variant.id(),
            "seats": seats(variant),
            "deals": results.len(),
            "worlds": budget.worlds,
            "solved_cards": players.solved_cards,
            "seconds": elapsed,
        });
        let mut cells = Vec::new();
        for (b, key) in ["bot", "field"].into_iter().enumerate() {
            let xs: Vec<f64> = results.iter().map(|r| r.means[b]).collect();
            let (mean, se) = mean_se(&xs);
            line[key] = serde_json::json!({"name": labels[b], "mean": mean, "ci95": 1.96 * se});
            cells.push(format!("{mean:+.2} ± {:.2}", 1.96 * se));
        }
        let d: Vec<f64> = results.iter().map(|r| r.means[0] - r.means[1]).collect();
        let (mean, se) = mean_se(&d);
        let z = if se > 0.0 { mean / se } else { 0.0 };
        line["lead"] = serde_json::json!({"mean": mean, "se": se, "z": z});
        cells.push(format!("{mean:+.2} ± {se:.2} ({z:.1} SE)"));
        let decisions: u64 = results.iter().map(|r| r.decisions).sum();
        let seconds: f64 = results.iter().map(|r| r.seconds).sum();
        let longest = results.iter().map(|r| r.longest).fold(0.0, f64::max);
        let per = 1e3 * seconds / (decisions.max(1) as f64);
        line["decision_ms"] =
            serde_json::json!({"mean": per, "max": 1e3 * longest, "count": decisions});
        cells.push(format!("{per:.1} ms ({:.0} ms)", 1e3 * longest));
        println!("{line}");
        rows.push((variant, n, cells, elapsed));
    }
    let [bot, field] = labels;
    println!(
        "\n| variant, seats | deals | {bot} (mean, 95 % CI) | {field} (mean, 95 % CI) | \
         {bot} − {field} (± SE) | {bot}'s decision: mean (max) | time |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (variant, n, cells, elapsed) in rows {
        println!(
            "| {}, {} | {n} | {} | {elapsed:.0} s |",
            variant.id(),
            seats(variant),
            cells.join(" | ")
        );
    }
    std::process::ExitCode::SUCCESS
}

/// Plays every deal of `variant` in every rotation on `threads` threads.
fn run(variant: Variant, args: &Args, players: &Players, threads: usize) -> Vec<DealResult> {
    let next = AtomicU64::new(0);
    let mut results: Vec<(u64, DealResult)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= args.deals {
                            break;
                        }
                        mine.push((i, deal(variant, args.seed.wrapping_add(i), i, players)));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("an arena thread panicked"))
            .collect()
    });
    results.sort_by_key(|r| r.0);
    results.into_iter().map(|r| r.1).collect()
}

/// Deal `i` (seed `seed`) played once with the bot at each seat: the bot's mean total over its
/// seats, and the field's over its seats.
fn deal(variant: Variant, seed: u64, i: u64, players: &Players) -> DealResult {
    let n = seats(variant);
    let setup = Setup::seeded(
        variant,
        n,
        Seat::new((i % u64::from(n)) as u8),
        seed_from_u64(seed),
    );
    let dealt = AnyGame::new(&setup).expect("a seeded setup deals");
    let mut sum = [0.0; 2];
    let mut held = [0u32; 2];
    let mut out = DealResult::default();
    for r in 0..usize::from(n) {
        let at = |s: Seat| usize::from(s.index() != r);
        let mut g = dealt;
        let mut history = Vec::new();
        while let Some(s) = g.to_act() {
            let t = Instant::now();
            let a = players.choose(at(s), &g, &history, seed);
            if at(s) == 0 {
                let took = t.elapsed().as_secs_f64();
                out.decisions += 1;
                out.seconds += took;
                out.longest = out.longest.max(took);
            }
            g = g.play(a).expect("a bot's choice is legal");
            history.push(a);
        }
        let ledger = g.settlement(1).expect("the hand is over");
        for s in Seat::all(n) {
            sum[at(s)] += ledger.totals[s] as f64;
            held[at(s)] += 1;
        }
    }
    for b in 0..2 {
        out.means[b] = if held[b] == 0 {
            0.0
        } else {
            sum[b] / f64::from(held[b])
        };
    }
    out
}

/// The bot under test (0) and the field's (1), and how they play.
struct Players {
    bots: [Bot; 2],
    budget: Budget,
    /// With at most this many cards in hand, the bot under test plays its cards by PIMC with
    /// the double-dummy solver (0: never).
    solved_cards: u32,
    /// The solver values the side's settlement, not its card points.
    settle: bool,
}

impl Players {
    /// The action of player `p` (0: the bot under test) for the seat to act in `g`.
    fn choose(&self, p: usize, g: &AnyGame, history: &[Action], seed: u64) -> Action {
        let solved = p == 0
            && g.stage() == Stage::Play
            && g.to_act()
                .is_some_and(|s| g.hand(s).len() <= self.solved_cards);
        if solved {
            if let Some(a) = self.solved(g, history, seed) {
                return a;
            }
        }
        self.bots[p]
            .choose(g, history, seed, self.budget)
            .expect("the history leads to the position")
            .expect("a seat to act has a legal action")
    }

    /// PIMC with the solver: in each of the budget's worlds, every legal card's exact card
    /// points for the seat's side (its team in that world, or itself alone); the card of the
    /// best total. `None` where no world can be drawn.
    fn solved(&self, g: &AnyGame, history: &[Action], seed: u64) -> Option<Action> {
        let seat = g.to_act()?;
        let legal = g.legal_actions();
        if legal.len() == 1 {
            return legal.as_slice().first().copied();
        }
        let mut worlds = Worlds::new(g, history, seat).ok()?;
        let mut rng =
            DealRng::from_seed(seed_from_u64(seed ^ u64::from(g.actions_applied()) << 32));
        let mut solver = Solver::with_capacity(1 << 14);
        let mut sum = vec![0i64; legal.len()];
        let mut drawn = 0;
        let mut w = World {
            deal: *g.deal(),
            actions: Vec::with_capacity(history.len()),
        };
        for _ in 0..self.budget.worlds {
            let Ok(here) = worlds.sample_position(&mut rng, &mut w) else {
                break;
            };
            let side = match SeatMask::declarer_side(&here) {
                Some(m) if m.contains(seat) => m,
                Some(m) => m.others(&here.table_info()),
                None => SeatMask::of(seat),
            };
            let values = if self.settle {
                solver.settlement_each(&here, side).map(|(_, v)| v)
            } else {
                solver.values(&here, side)
            }
            .expect("a trick-play position solves");
            for (a, v) in values {
                if let Some(i) = legal.iter().position(|&x| x == a) {
                    sum[i] += v;
                }
            }
            drawn += 1;
        }
        let best = (0..legal.len()).max_by_key(|&i| sum[i])?;
        (drawn > 0).then(|| legal.as_slice()[best])
    }
}

/// The mean of `xs` and its standard error.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}
