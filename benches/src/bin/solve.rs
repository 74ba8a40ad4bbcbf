//! `solve`: the double-dummy solver on full endings: every trick of seeded deals of one variant,
//! solved from the first card of trick play, on one thread. Prints one JSON line with the time
//! and nodes per deal (mean, median, p95, max).
//!
//! ```text
//! cargo run --release -p tarock-benches --bin solve -- --variant hungarian-illustrated --deals 1000
//! {"variant":"hungarian-illustrated","seats":4,"deals":1000,"tricks":9,"mean_ms":…,"p95_ms":…,…}
//! ```
//!
//! Positions come from seeded deals played to the first card by the `Realistic` policy. The side
//! is the declarer's team where there is one, else the dealer. Each deal is solved by one
//! reused `Solver` (its table emptied by generation between deals); the time is that of
//! `Solver::solve` alone. The binary asserts what it computed: the best move is legal, the
//! value lies within the points in play, and on the first deals (`--check`) the value is
//! confirmed by solving for the other seats (the two values share the points in play, outside
//! the Danish exchange of a card) and by `Solver::values`.

use clap::Parser;
use std::time::Instant;
use tarock_benches::{choose, quantile, seats, Policy, Rng};
use tarock_engine::count::{count_thirds, CountMethod};
use tarock_engine::game::{Game, Observe, Stage};
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{
    AnyGame, Bracket, CardSet, SeatMask, Settled, Setup, Solution, SolveError, Solver, Variant,
};

/// Flags.
#[derive(Debug, Parser)]
#[command(
    name = "solve",
    about = "Double-dummy solves of full endings on one thread"
)]
struct Args {
    /// The variant id.
    #[arg(long, default_value = "hungarian-illustrated")]
    variant: String,
    /// Seats at the table (default: the variant's smallest table).
    #[arg(long)]
    seats: Option<u8>,
    /// Deals to solve.
    #[arg(long, default_value_t = 1000)]
    deals: u64,
    /// Seed of the first deal (deal n uses seed n).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Transposition table entries.
    #[arg(long, default_value_t = Solver::DEFAULT_ENTRIES)]
    entries: usize,
    /// Deals checked by a second solve and by `values`.
    #[arg(long, default_value_t = 5)]
    check: u64,
    /// Rule options as `name=value`, repeatable.
    #[arg(long = "option")]
    options: Vec<String>,
    /// Solve endings of this many tricks (random cards played first) instead of the whole play.
    #[arg(long)]
    tricks: Option<usize>,
    /// Give up a deal after this many nodes (counted as `limited`, left out of the figures).
    #[arg(long)]
    node_limit: Option<u64>,
    /// Solve the contract's outcome instead of the exact value: which of these totals of card
    /// points (the declarer's team's, discards included, in a plainly counted game; e.g.
    /// `24,48,71` for the Hungarian defenders' double game, game and double game) the team
    /// reaches, by `Solver::solve_cuts`.
    #[arg(long, value_delimiter = ',')]
    cuts: Vec<i64>,
    /// Also value each legal move (`Solver::solve_each`, as SolvePosition's `each_move`; with
    /// `--cuts`, place each among them, `Solver::solve_cuts_each`); the time and nodes are
    /// those of the whole.
    #[arg(long)]
    each_move: bool,
    /// Solve the side's settlement instead of card points (`Solver::solve_settlement`; with
    /// `--each-move`, `Solver::settlement_each`): for endings (`--tricks`).
    #[arg(long, conflicts_with = "cuts")]
    settlement: bool,
}

/// The declarer's team's card points before the rest of the play of `g` (its discards, and
/// tricks already won): read off the settlement at the end of one line of play (the first
/// legal move every time), less what the team's piles gain along it. Plainly counted games
/// only (a point is three thirds).
fn team_points_so_far(g: &AnyGame, side: SeatMask) -> Option<i64> {
    let mut end = *g;
    while end.stage() == Stage::Play {
        end.play_unchecked(*end.legal_actions().first()?);
    }
    let gained = count_thirds(CountMethod::Plain, piles(&end, side) - piles(g, side)) / 3;
    Some(end.outcome()?.ledger.card_points?[0] - gained)
}

/// The cards in the piles of `side`'s seats.
fn piles(g: &AnyGame, side: SeatMask) -> CardSet {
    let table = g.table_info();
    tarock_engine::Seat::all(table.seats)
        .filter(|&s| side.contains(s))
        .fold(CardSet::EMPTY, |p, s| p | g.won(s))
}

/// What one solve found.
enum Solved {
    /// The exact value (`Solver::solve`).
    Exact(Solution),
    /// Where it lies among the cuts (`Solver::solve_cuts`).
    Placed(Bracket),
    /// The settlement (`Solver::solve_settlement`).
    Settled(Settled),
}

/// The cards in the active hands.
fn in_hands(g: &AnyGame) -> CardSet {
    let table = g.table_info();
    tarock_engine::Seat::all(table.seats)
        .filter(|&s| table.is_active(s))
        .fold(CardSet::EMPTY, |p, s| p | g.hand(s))
}

/// The start of trick play of deal `seed` (or, with `tricks`, the first trick with that many
/// tricks left after random cards), or `None` if the hand ends before it.
fn start_of_play(setup: &Setup, tricks: Option<usize>, rng: &mut Rng) -> Option<AnyGame> {
    let mut g = AnyGame::new(setup).ok()?;
    while g.stage() != Stage::Play {
        g.to_act()?;
        let legal = g.legal_actions();
        let a = choose(&legal, Policy::Realistic, g.stage() == Stage::Announce, rng);
        g.play_unchecked(a);
    }
    if let Some(t) = tricks {
        let n = usize::from(g.table_info().active_count());
        while g.stage() == Stage::Play && in_hands(&g).len() as usize > t * n {
            let legal = g.legal_actions();
            let a = choose(&legal, Policy::Uniform, false, rng);
            g.play_unchecked(a);
        }
    }
    (g.stage() == Stage::Play).then_some(g)
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let Some(variant) = Variant::from_id(&args.variant) else {
        eprintln!("error: unknown variant {:?}", args.variant);
        return std::process::ExitCode::FAILURE;
    };
    let n_seats = args.seats.unwrap_or(seats(variant));
    let mut pairs = Vec::new();
    for o in &args.options {
        let Some((k, v)) = o.split_once('=') else {
            eprintln!("error: option {o:?} is not name=value");
            return std::process::ExitCode::FAILURE;
        };
        pairs.push((k.trim().to_owned(), v.trim().to_owned()));
    }
    let mut solver = Solver::with_capacity(args.entries);
    if let Some(n) = args.node_limit {
        solver.set_node_limit(n);
    }
    let mut limited = 0u64;
    let mut rng = Rng::new(args.seed ^ 0x501E);
    let (mut times, mut nodes) = (Vec::new(), Vec::new());
    let mut tricks = 0;
    let mut seed = args.seed;
    while (times.len() as u64) < args.deals {
        seed += 1;
        let mut setup = Setup::seeded(
            variant,
            n_seats,
            tarock_engine::Seat::new((seed % u64::from(n_seats)) as u8),
            seed_from_u64(seed),
        );
        setup.options.clone_from(&pairs);
        let Some(g) = start_of_play(&setup, args.tricks, &mut rng) else {
            continue;
        };
        let table = g.table_info();
        let side = SeatMask::declarer_side(&g).unwrap_or(SeatMask::of(table.dealer));
        let side = if side.others(&table).is_empty() {
            SeatMask::of(table.dealer)
        } else {
            side
        };
        let active: Vec<_> = tarock_engine::Seat::all(table.seats)
            .filter(|&s| table.is_active(s))
            .collect();
        let in_play = active.iter().fold(CardSet::EMPTY, |p, &s| p | g.hand(s));
        tricks = in_play.len() as usize / active.len();
        // The cuts in thirds of the rest of the play, with `--cuts`.
        let mut cuts = Vec::new();
        if !args.cuts.is_empty() {
            if variant.count_method() != CountMethod::Plain
                || SeatMask::declarer_side(&g) != Some(side)
            {
                eprintln!(
                    "error: --cuts needs a plainly counted game with a declarer's team (deal {seed})"
                );
                return std::process::ExitCode::FAILURE;
            }
            let Some(past) = team_points_so_far(&g, side) else {
                eprintln!("error: deal {seed}: no card points in the settlement");
                return std::process::ExitCode::FAILURE;
            };
            cuts = args.cuts.iter().map(|c| 3 * (c - past)).collect();
        }
        let t = Instant::now();
        let solved = if args.settlement {
            if args.each_move {
                solver.settlement_each(&g, side).map(|(s, moves)| {
                    assert!(
                        moves.contains(&(s.best, s.value)),
                        "deal {seed}: the best move among the moves"
                    );
                    Solved::Settled(s)
                })
            } else {
                solver.solve_settlement(&g, side).map(Solved::Settled)
            }
        } else if cuts.is_empty() {
            if args.each_move {
                solver.solve_each(&g, side).map(|(s, moves)| {
                    // The best move's value is the position's; none does better for its seat.
                    let mover = side.contains(g.to_act().expect("in play"));
                    assert!(
                        moves.contains(&(s.best, s.value_thirds))
                            && moves.iter().all(|m| {
                                if mover {
                                    m.1 <= s.value_thirds
                                } else {
                                    m.1 >= s.value_thirds
                                }
                            }),
                        "deal {seed}: each move's value against the position's"
                    );
                    Solved::Exact(s)
                })
            } else {
                solver.solve(&g, side).map(Solved::Exact)
            }
        } else if args.each_move {
            solver.solve_cuts_each(&g, side, &cuts).map(|(b, moves)| {
                assert!(
                    moves.contains(&(b.best, b.reached)),
                    "deal {seed}: the position's bracket among the moves'"
                );
                Solved::Placed(b)
            })
        } else {
            solver.solve_cuts(&g, side, &cuts).map(Solved::Placed)
        };
        let solved = match solved {
            Ok(s) => s,
            Err(SolveError::NodeLimit { .. } | SolveError::SettlementLimit { .. }) => {
                limited += 1;
                if limited > args.deals {
                    break;
                }
                continue;
            }
            Err(e) => {
                eprintln!("error: deal {seed}: {e}");
                return std::process::ExitCode::FAILURE;
            }
        };
        times.push(t.elapsed().as_nanos() as u64);
        let s = match solved {
            Solved::Exact(s) => s,
            Solved::Settled(s) => {
                nodes.push(s.nodes);
                assert!(g.legal_actions().contains(s.best), "deal {seed}: best move");
                if (times.len() as u64) <= args.check {
                    // The best move's value is the position's, and no move does better.
                    solver.set_node_limit(u64::MAX);
                    let (each, moves) = solver.settlement_each(&g, side).expect("solvable");
                    assert_eq!(each.value, s.value, "deal {seed}: settlement");
                    let mover = side.contains(g.to_act().expect("in play"));
                    let top = moves.iter().map(|m| m.1);
                    let top = if mover { top.max() } else { top.min() };
                    assert_eq!(top, Some(s.value), "deal {seed}: each move's settlement");
                    if let Some(n) = args.node_limit {
                        solver.set_node_limit(n);
                    }
                }
                continue;
            }
            Solved::Placed(b) => {
                nodes.push(b.nodes);
                assert!(g.legal_actions().contains(b.best), "deal {seed}: best move");
                if (times.len() as u64) <= args.check {
                    solver.set_node_limit(u64::MAX);
                    let v = solver.solve(&g, side).expect("solvable").value_thirds;
                    let reached = cuts.iter().filter(|&&c| v >= c).count();
                    assert_eq!(
                        b.reached, reached,
                        "deal {seed}: bracket of {v} in {cuts:?}"
                    );
                    let mut child = g;
                    child.play_unchecked(b.best);
                    let after = if child.stage() == Stage::Play {
                        solver.solve(&child, side).expect("solvable").value_thirds
                    } else {
                        0
                    };
                    let gained =
                        count_thirds(CountMethod::Plain, piles(&child, side) - piles(&g, side));
                    let by_best = cuts.iter().filter(|&&c| gained + after >= c).count();
                    assert_eq!(by_best, reached, "deal {seed}: the best move's bracket");
                    if let Some(n) = args.node_limit {
                        solver.set_node_limit(n);
                    }
                }
                continue;
            }
        };
        nodes.push(s.nodes);
        let total = count_thirds(variant.count_method(), in_play);
        assert!(g.legal_actions().contains(s.best), "deal {seed}: best move");
        assert!(
            (-1..=total + 1).contains(&s.value_thirds),
            "deal {seed}: value {} of {total}",
            s.value_thirds
        );
        if (times.len() as u64) <= args.check {
            solver.set_node_limit(u64::MAX);
            let other = solver
                .solve(&g, side.others(&table))
                .expect("solvable")
                .value_thirds;
            if variant != Variant::DanishTarok {
                assert_eq!(s.value_thirds + other, total, "deal {seed}: the two sides");
            }
            let values = solver.values(&g, side).expect("solvable");
            let top = values.iter().map(|v| v.1);
            let top = if side.contains(g.to_act().expect("in play")) {
                top.max()
            } else {
                top.min()
            };
            assert_eq!(top, Some(s.value_thirds), "deal {seed}: values");
            if let Some(n) = args.node_limit {
                solver.set_node_limit(n);
            }
        }
    }
    let mut sorted = times.clone();
    sorted.sort_unstable();
    let mut sorted_nodes = nodes.clone();
    sorted_nodes.sort_unstable();
    let n = times.len().max(1) as f64;
    let ms = |ns: u64| ns as f64 / 1e6;
    println!(
        "{{\"variant\":\"{}\",\"seats\":{n_seats},\"deals\":{},\"tricks\":{tricks},\
         \"cuts\":{:?},\"entries\":{},\"node_limit\":{},\"limited\":{limited},\"mean_ms\":{:.3},\"p50_ms\":{:.3},\"p95_ms\":{:.3},\"max_ms\":{:.3},\
         \"mean_nodes\":{:.0},\"p50_nodes\":{},\"p95_nodes\":{},\"max_nodes\":{}}}",
        variant.id(),
        times.len(),
        args.cuts,
        solver.capacity(),
        args.node_limit.map_or("null".to_owned(), |n| n.to_string()),
        times.iter().sum::<u64>() as f64 / n / 1e6,
        ms(quantile(&sorted, 0.5)),
        ms(quantile(&sorted, 0.95)),
        ms(sorted.last().copied().unwrap_or(0)),
        nodes.iter().sum::<u64>() as f64 / n,
        quantile(&sorted_nodes, 0.5),
        quantile(&sorted_nodes, 0.95),
        sorted_nodes.last().copied().unwrap_or(0),
    );
    std::process::ExitCode::SUCCESS
}
