//! Shared pieces of the tarock benchmarks: seeded random play, positions in each phase, stored
//! records of complete deals, and the statistics the binaries print.
//!
//! Everything here is deterministic: deals come from [`Setup::seeded`] and moves from a seeded
//! [`Rng`], so two runs measure the same games. The criterion benchmarks (`benches/engine.rs`)
//! and the `playout`, `loadgen` and `handlers` binaries all build their inputs with these
//! helpers; [`requests`] holds the service requests the last two send.

pub mod requests;

use tarock_engine::game::{ActionList, Game, Observe, Stage};
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{Action, AnyGame, End, Seat, Setup, Variant};

/// The variants the engine benchmarks cover, each at its usual table ([`seats`]).
pub const VARIANTS: [Variant; 7] = Variant::ALL;

/// The variants of the service benchmarks' records (`loadgen`, `handlers`): the Hungarian games
/// in turn, the same mix as every earlier set of figures in `docs/performance.md`, so that the
/// sets compare.
pub const RECORD_VARIANTS: [Variant; 3] = Variant::HUNGARIAN;

/// Seats at the table in the benchmarks of `variant`: four, or three for the Austrian, Danish
/// and Slovenian games.
#[must_use]
pub const fn seats(variant: Variant) -> u8 {
    match variant.seat_counts() {
        [n, ..] => *n,
        [] => 4,
    }
}

/// A small, fast, seeded generator for choosing moves (SplitMix64).
///
/// Move choice is not part of the rules, so the benchmarks use this rather than the engine's
/// ChaCha20 deal generator, whose cost would otherwise show up in the per-action figures.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`), by multiply-shift (the bias is below 2^-50 for the list
    /// lengths here, irrelevant for a benchmark).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// The seeded setup of deal number `n` of `variant`: [`seats`] seats, the dealer rotating
/// with `n`.
#[must_use]
pub fn setup(variant: Variant, n: u64) -> Setup {
    let seats = seats(variant);
    Setup::seeded(
        variant,
        seats,
        Seat::new((n % u64::from(seats)) as u8),
        seed_from_u64(n),
    )
}

/// How a simulated player chooses among the legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly at random among all legal actions. In the round of announcements `pass` is one
    /// choice in a hundred or more, so these deals spend most of their actions there: the
    /// engine's worst case.
    Uniform,
    /// Like players: in the round of announcements pass with probability 3/4 when allowed, and
    /// otherwise uniformly at random. Deals have a few dozen actions, as stored records do.
    Realistic,
}

/// Chooses an action of `legal` (which must not be empty) under `policy`.
pub fn choose(legal: &[Action], policy: Policy, in_announce: bool, rng: &mut Rng) -> Action {
    if policy == Policy::Realistic
        && in_announce
        && rng.below(4) != 0
        && legal.contains(&Action::Pass)
    {
        return Action::Pass;
    }
    legal[rng.below(legal.len())]
}

fn in_announce(g: &AnyGame) -> bool {
    g.stage() == Stage::Announce
}

/// Plays deal `setup` to its end with moves from `rng`, recording every action.
///
/// # Panics
/// If the setup is invalid or the engine lists no action in a position that is not over (an
/// engine bug).
#[must_use]
pub fn random_deal(setup: &Setup, policy: Policy, rng: &mut Rng) -> (AnyGame, Vec<Action>) {
    let mut g = AnyGame::new(setup).expect("valid setup");
    let mut actions = Vec::new();
    while g.to_act().is_some() {
        let legal = g.legal_actions();
        let a = choose(&legal, policy, in_announce(&g), rng);
        g.play_unchecked(a);
        actions.push(a);
    }
    (g, actions)
}

/// How a playout finds its uniformly random action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// [`Game::play_pick`]: count the legal actions, take the chosen one and apply it (the
    /// rollout path).
    Pick,
    /// [`Game::legal_actions_into`] into one reused list, then index it.
    List,
}

impl Method {
    /// The name used on command lines and in the JSON output.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Method::Pick => "pick",
            Method::List => "list",
        }
    }

    /// The method named `s`.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Method> {
        [Method::Pick, Method::List]
            .into_iter()
            .find(|m| m.name() == s)
    }
}

/// Plays deal `setup` to its end under the uniform policy without recording; returns the final
/// game and the number of actions. This is the playout benchmark's inner loop: choose uniformly
/// among the legal actions (found by `method`), apply. Both methods choose the same action for
/// the same random number, so they play the same deals.
///
/// # Panics
/// If the setup is invalid, or the engine offers no action in a position that is not over (an
/// engine bug).
#[must_use]
pub fn playout(setup: &Setup, method: Method, rng: &mut Rng) -> (AnyGame, u64) {
    let mut g = AnyGame::new(setup).expect("valid setup");
    let n = play_on(&mut g, method, rng);
    (g, n)
}

/// Plays `g` on to its end by `method` with uniformly random choices: the number of actions.
pub fn play_on(g: &mut AnyGame, method: Method, rng: &mut Rng) -> u64 {
    let mut n = 0u64;
    match method {
        Method::Pick => {
            while g.play_pick(|k| rng.below(k)).is_some() {
                n += 1;
            }
        }
        Method::List => {
            let mut legal = ActionList::new();
            while g.to_act().is_some() {
                g.legal_actions_into(&mut legal);
                let a = legal[rng.below(legal.len())];
                g.play_unchecked(a);
                n += 1;
            }
        }
    }
    assert!(
        g.is_over(),
        "no legal action in a position that is not over"
    );
    n
}

/// The phases a position of `variant` can be benchmarked in: those its hands go through.
#[must_use]
pub fn phases(variant: Variant) -> &'static [(&'static str, Stage)] {
    const HUNGARIAN: [(&str, Stage); 5] = [
        ("auction", Stage::Auction),
        ("discard", Stage::Discard),
        ("annul", Stage::Annul),
        ("announce", Stage::Announce),
        ("play", Stage::Play),
    ];
    const POLISH: [(&str, Stage); 7] = [
        ("opening", Stage::Opening),
        ("auction", Stage::Auction),
        ("call", Stage::Call),
        ("announce", Stage::Announce),
        ("talon", Stage::Talon),
        ("discard", Stage::Discard),
        ("play", Stage::Play),
    ];
    // The first round of declarations is the one before the talon (Beck's timing, the
    // default).
    const AUSTRIAN: [(&str, Stage); 5] = [
        ("auction", Stage::Auction),
        ("announce", Stage::Announce),
        ("talon", Stage::Talon),
        ("discard", Stage::Discard),
        ("play", Stage::Play),
    ];
    const DANISH: [(&str, Stage); 3] = [
        ("opening", Stage::Opening),
        ("discard", Stage::Discard),
        ("play", Stage::Play),
    ];
    // Three players: no call.
    const SLOVENIAN: [(&str, Stage); 4] = [
        ("auction", Stage::Auction),
        ("talon", Stage::Talon),
        ("discard", Stage::Discard),
        ("play", Stage::Play),
    ];
    match variant {
        Variant::HungarianIllustrated | Variant::HungarianPaskievics | Variant::HungarianHigh => {
            &HUNGARIAN
        }
        Variant::SlovenianTarok => &SLOVENIAN,
        Variant::PolishKrolami => &POLISH,
        Variant::DanishTarok => &DANISH,
        Variant::AustrianIllustrated => &AUSTRIAN,
    }
}

/// A position reached by seeded random play, with the record that reaches it.
#[derive(Clone, Debug)]
pub struct Position {
    /// The setup of the deal.
    pub setup: Setup,
    /// The actions from the deal to the position.
    pub actions: Vec<Action>,
    /// The game at the position.
    pub game: AnyGame,
}

/// A position in `phase` of `variant`, reached by uniform random play from the first seeded deal
/// that gets there: the `skip`-th position of the phase (or its last, if the phase is shorter).
/// In the round of announcements a few random steps leave bonuses standing, so the listing
/// includes kontras, as it does in most positions of that phase.
///
/// # Panics
/// If no deal among the first thousand reaches the phase (every variant's deals do).
#[must_use]
pub fn position(variant: Variant, phase: Stage, skip: usize) -> Position {
    for n in 0..1_000u64 {
        let setup = setup(variant, n);
        let mut rng = Rng::new(n ^ 0x5EED);
        let mut g = AnyGame::new(&setup).expect("valid setup");
        let mut actions = Vec::new();
        let mut found: Option<(AnyGame, usize)> = None;
        let mut seen = 0usize;
        while g.to_act().is_some() {
            if g.stage() == phase {
                found = Some((g, actions.len()));
                if seen == skip {
                    break;
                }
                seen += 1;
            } else if found.is_some() {
                break;
            }
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len())];
            g.play_unchecked(a);
            actions.push(a);
        }
        if let Some((game, len)) = found {
            actions.truncate(len);
            return Position {
                setup,
                actions,
                game,
            };
        }
    }
    panic!("no seeded deal of {variant} reaches {phase:?}");
}

/// A stored record of a complete, played-out deal of `variant` under the realistic policy: the
/// first seeded deal from `n` on that is played to the last trick.
///
/// # Panics
/// If none of a thousand deals is played out.
#[must_use]
pub fn complete_record(variant: Variant, n: u64) -> Position {
    for k in n..n + 1_000 {
        let setup = setup(variant, k);
        let mut rng = Rng::new(k);
        let (game, actions) = random_deal(&setup, Policy::Realistic, &mut rng);
        if game.stage() == Stage::Over(End::Played) {
            return Position {
                setup,
                actions,
                game,
            };
        }
    }
    panic!("no played-out deal of {variant}");
}

/// The value at quantile `q` (0..=1) of `sorted`, by the nearest-rank method; 0 for no values.
#[must_use]
pub fn quantile(sorted: &[u64], q: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Runs a binary's work on `runtime` and prints its JSON line (exit 0) or its error (exit 1).
pub fn run_to_line(
    runtime: std::io::Result<tokio::runtime::Runtime>,
    work: impl std::future::Future<Output = Result<serde_json::Value, String>>,
) -> std::process::ExitCode {
    let rt = match runtime {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match rt.block_on(work) {
        Ok(line) => {
            println!("{line}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_in_their_phase() {
        for v in VARIANTS {
            for &(_, phase) in phases(v) {
                let p = position(v, phase, 3);
                assert_eq!(p.game.stage(), phase);
                let replayed = AnyGame::replay(&p.setup, &p.actions).expect("replays");
                assert_eq!(replayed, p.game);
            }
        }
    }

    #[test]
    fn complete_records_replay_to_a_balanced_settlement() {
        for v in VARIANTS {
            let p = complete_record(v, 0);
            let g = AnyGame::replay(&p.setup, &p.actions).expect("replays");
            assert_eq!(g, p.game);
            assert!(g.outcome().expect("over").ledger.is_balanced());
        }
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let v: Vec<u64> = (1..=100).collect();
        assert_eq!(quantile(&v, 0.5), 50);
        assert_eq!(quantile(&v, 0.99), 99);
        assert_eq!(quantile(&v, 1.0), 100);
        assert_eq!(quantile(&[], 0.5), 0);
    }

    #[test]
    fn below_stays_in_range() {
        let mut r = Rng::new(7);
        for n in 1..200 {
            assert!(r.below(n) < n);
        }
    }
}
