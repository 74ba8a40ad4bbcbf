//! The double-dummy solver: its values agree with a plain minimax over the engine's legal moves
//! on thousands of short endings of every game and table (reached by random play from seeded
//! deals), `values` agrees with solving each child, `solve_cuts` with the exact value, merging equivalent cards never changes a
//! value, and positions it cannot solve are refused without panicking.

use tarock_engine::count::{count_thirds, CountMethod};
use tarock_engine::game::{Game, Observe, Stage};
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{
    Action, AnyGame, Card, CardSet, Seat, SeatMask, Setup, SolveError, Solver, Variant,
};

/// SplitMix64, for the moves of the random play.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

/// A table to test: variant, seats and rule options.
#[derive(Clone, Copy, Debug)]
struct Config {
    variant: Variant,
    seats: u8,
    options: &'static [(&'static str, &'static str)],
}

/// Every variant at every table size, and the options that change trick play: the Hungarian
/// 54-card game, Trischaken (AT-PLAY-08/09), the Danish fool's rules (DK-PLAY-10..13, 15), the
/// Slovenian emperor's trick in any order and OpenSpiel's forced pagat (SI-PLAY-04/06).
const CONFIGS: [Config; 20] = [
    cfg(Variant::HungarianIllustrated, 4, &[]),
    cfg(Variant::HungarianIllustrated, 5, &[]),
    cfg(Variant::HungarianPaskievics, 4, &[]),
    cfg(Variant::HungarianPaskievics, 5, &[]),
    cfg(Variant::HungarianHigh, 4, &[]),
    cfg(Variant::HungarianHigh, 5, &[]),
    cfg(Variant::HungarianIllustrated, 4, &[("pack", "54")]),
    cfg(Variant::PolishKrolami, 4, &[]),
    cfg(Variant::AustrianIllustrated, 3, &[]),
    cfg(
        Variant::AustrianIllustrated,
        3,
        &[("all_pass_action", "trischaken")],
    ),
    cfg(Variant::DanishTarok, 3, &[]),
    cfg(Variant::DanishTarok, 4, &[]),
    cfg(
        Variant::DanishTarok,
        3,
        &[
            ("fool_exchange_card", "true"),
            ("fool_endplay", "before_last_three"),
        ],
    ),
    cfg(
        Variant::DanishTarok,
        4,
        &[
            ("fool_exchange_card", "true"),
            ("fool_lead_suit", "next_card"),
        ],
    ),
    cfg(
        Variant::DanishTarok,
        3,
        &[
            ("fool_exchange_card", "true"),
            ("fool_endplay", "must_play_before_last"),
        ],
    ),
    cfg(Variant::DanishTarok, 3, &[("fool_lead_suit", "next_card")]),
    cfg(Variant::DanishTarok, 3, &[("call_for_fool", "true")]),
    cfg(Variant::SlovenianTarok, 3, &[]),
    cfg(Variant::SlovenianTarok, 4, &[]),
    cfg(
        Variant::SlovenianTarok,
        4,
        &[("emperor_order", "any"), ("openspiel_quirks", "true")],
    ),
];

const fn cfg(
    variant: Variant,
    seats: u8,
    options: &'static [(&'static str, &'static str)],
) -> Config {
    Config {
        variant,
        seats,
        options,
    }
}

/// The count of each game, named here apart from the engine's solver: HU-SCORE-01 plain,
/// PL-SCORE-02, AT-SCORE-02 and SI-SCORE-01 threes minus two, DK-SCORE-26 the Danish count.
fn method(v: Variant) -> CountMethod {
    match v {
        Variant::HungarianIllustrated | Variant::HungarianPaskievics | Variant::HungarianHigh => {
            CountMethod::Plain
        }
        Variant::PolishKrolami | Variant::AustrianIllustrated | Variant::SlovenianTarok => {
            CountMethod::ThreesMinusTwo
        }
        Variant::DanishTarok => CountMethod::Danish,
    }
}

/// The seats that play the hand.
fn active(g: &AnyGame) -> Vec<Seat> {
    let t = g.table_info();
    Seat::all(t.seats).filter(|&s| t.is_active(s)).collect()
}

/// The cards still in the active hands.
fn cards_in_hands(g: &AnyGame) -> u32 {
    active(g).iter().map(|&s| g.hand(s).len()).sum()
}

/// A position of deal `seed` under `c`: random play to trick play (announcements made half the
/// time, so that the Hungarian and Polish obligations come up), then random cards until at most
/// `tricks` tricks' cards are left in the hands, and `extra` more cards into the trick. `None`
/// when the hand ends first.
fn position(c: Config, seed: u64, tricks: u32, extra: usize, rng: &mut Rng) -> Option<AnyGame> {
    let setup = Setup::seeded(
        c.variant,
        c.seats,
        Seat::new((seed % u64::from(c.seats)) as u8),
        seed_from_u64(seed),
    )
    .with_options(c.options);
    let mut g = AnyGame::new(&setup).expect("a valid setup");
    // Under Trischaken, and in the Slovenian game (whose random bids are mostly valats lost at
    // the first trick), pass in the auction mostly.
    let passing = c.options.contains(&("all_pass_action", "trischaken"))
        || c.variant == Variant::SlovenianTarok;
    while g.stage() != Stage::Play {
        g.to_act()?;
        let legal = g.legal_actions();
        let pass = match g.stage() {
            Stage::Announce => rng.below(2) == 0,
            Stage::Auction => passing && rng.below(10) != 0,
            _ => false,
        };
        let a = if pass && legal.contains(Action::Pass) {
            Action::Pass
        } else {
            legal[rng.below(legal.len())]
        };
        g.play_unchecked(a);
    }
    let n = active(&g).len() as u32;
    while cards_in_hands(&g) > tricks * n {
        let legal = g.legal_actions();
        g.play_unchecked(*legal.get(rng.below(legal.len()))?);
    }
    for _ in 0..extra {
        if g.stage() != Stage::Play {
            break;
        }
        let legal = g.legal_actions();
        g.play_unchecked(*legal.get(rng.below(legal.len()))?);
    }
    (g.stage() == Stage::Play).then_some(g)
}

/// A random side: any non-empty set of active seats (the solver takes any), or the declarer's
/// team where there is one.
fn side(g: &AnyGame, rng: &mut Rng) -> SeatMask {
    if rng.below(2) == 0 {
        if let Some(d) = SeatMask::declarer_side(g) {
            return if rng.below(2) == 0 {
                d
            } else {
                d.others(&g.table_info())
            };
        }
    }
    let seats = active(g);
    loop {
        let m = seats
            .iter()
            .filter(|_| rng.below(2) == 0)
            .fold(SeatMask::EMPTY, |m, &s| m.with(s));
        if !m.is_empty() && m != SeatMask::active(&g.table_info()) {
            return m;
        }
    }
}

/// The union of the side's piles.
fn piles(g: &AnyGame, side: SeatMask) -> CardSet {
    Seat::all(g.table_info().seats)
        .filter(|&s| side.contains(s))
        .fold(CardSet::EMPTY, |p, s| p | g.won(s))
}

/// What moving from `before` to `after` changed in the side's piles, in thirds.
fn gain(before: &AnyGame, after: &AnyGame, side: SeatMask) -> i64 {
    let m = method(before.variant());
    let (b, a) = (piles(before, side), piles(after, side));
    count_thirds(m, a - b) - count_thirds(m, b - a)
}

/// The plain minimax: every legal move, no table, no pruning, no merging.
fn naive(g: &AnyGame, side: SeatMask) -> i64 {
    if g.stage() != Stage::Play {
        return 0;
    }
    let Some(me) = g.to_act() else { return 0 };
    let legal = g.legal_actions();
    let values = legal.iter().map(|&a| {
        let mut child = *g;
        child.play_unchecked(a);
        gain(g, &child, side) + naive(&child, side)
    });
    let best = if side.contains(me) {
        values.max()
    } else {
        values.min()
    };
    best.expect("a position in play has a legal move")
}

/// The value after `a`, by the plain minimax.
fn naive_after(g: &AnyGame, a: Action, side: SeatMask) -> i64 {
    let mut child = *g;
    child.play_unchecked(a);
    gain(g, &child, side) + naive(&child, side)
}

/// Checks the solver against the plain minimax on `want` endings of `c` (up to four tricks).
/// Returns how many were played without a declarer (Danish, Trischaken).
fn agree_with_minimax(c: Config, want: usize) -> usize {
    let mut rng = Rng(0xD0D0 ^ u64::from(c.seats) ^ (c.options.len() as u64) << 8);
    let mut solver = Solver::with_capacity(1 << 14);
    let (mut done, mut seed, mut without_declarer) = (0, 0u64, 0);
    while done < want {
        seed += 1;
        assert!(seed < 20 * want as u64, "{c:?}: too few positions reached");
        let tricks = 1 + rng.below(4) as u32;
        let extra = rng.below(3);
        let Some(g) = position(c, seed ^ 0xABCD_0000, tricks, extra, &mut rng) else {
            continue;
        };
        let side = side(&g, &mut rng);
        without_declarer += usize::from(SeatMask::declarer_side(&g).is_none());
        let want_v = naive(&g, side);
        let s = solver.solve(&g, side).expect("solvable");
        assert_eq!(s.value_thirds, want_v, "{c:?} seed {seed}: value");
        assert!(g.legal_actions().contains(s.best), "{c:?} seed {seed}");
        assert_eq!(
            naive_after(&g, s.best, side),
            want_v,
            "{c:?} seed {seed}: the best move achieves the value"
        );
        done += 1;
    }
    without_declarer
}

#[test]
fn agrees_with_minimax_hungarian_illustrated() {
    agree_with_minimax(CONFIGS[0], 1000);
    agree_with_minimax(CONFIGS[1], 1000);
}

#[test]
fn agrees_with_minimax_hungarian_paskievics() {
    agree_with_minimax(CONFIGS[2], 1000);
    agree_with_minimax(CONFIGS[3], 1000);
}

#[test]
fn agrees_with_minimax_hungarian_high() {
    agree_with_minimax(CONFIGS[4], 1000);
    agree_with_minimax(CONFIGS[5], 1000);
}

#[test]
fn agrees_with_minimax_hungarian_54_cards() {
    agree_with_minimax(CONFIGS[6], 300);
}

#[test]
fn agrees_with_minimax_polish() {
    agree_with_minimax(CONFIGS[7], 1000);
}

#[test]
fn agrees_with_minimax_austrian() {
    agree_with_minimax(CONFIGS[8], 1000);
}

// rule: AT-PLAY-08, AT-PLAY-09 (Trischaken: win the trick if able, the I as the last tarock)
#[test]
fn agrees_with_minimax_austrian_trischaken_option() {
    let trischaken = agree_with_minimax(CONFIGS[9], 500);
    assert!(trischaken >= 50, "only {trischaken} Trischaken endings");
}

// rule: SI-PLAY-04, SI-PLAY-05, SI-PLAY-06, SI-PLAY-07 (the emperor's trick, overtaking and the
// pagat in klop and the beggars, colour valat's tricks), SI-TALON-07, SI-CALL-04 (talon cards
// going to tricks)
#[test]
fn agrees_with_minimax_slovenian() {
    agree_with_minimax(CONFIGS[17], 1000);
    agree_with_minimax(CONFIGS[18], 1000);
    agree_with_minimax(CONFIGS[19], 300);
}

/// The trula: the pagat, the mond (XXI) and the škis.
fn trula() -> CardSet {
    Card::PAGAT.set() | Card::tarokk(21).set() | Card::SKIZ.set()
}

// rule: SI-PLAY-03, SI-PLAY-04 (the emperor's trick: the pagat takes the mond and the škis)
#[test]
fn endings_that_hold_the_whole_trula_agree_with_minimax() {
    // Random play that keeps the trula's cards while it can, so that the emperor's trick can
    // still decide the endings: the solver may not bound them by the highest tarok.
    let mut rng = Rng(0x7201A);
    let mut solver = Solver::with_capacity(1 << 14);
    let (mut done, mut seed) = (0, 0u64);
    for c in [CONFIGS[17], CONFIGS[18], CONFIGS[19]] {
        let want = done + 150;
        while done < want {
            seed += 1;
            assert!(seed < 20_000, "too few endings hold the trula");
            let Some(mut g) = position(c, seed ^ 0x7201_0000, 16, 0, &mut rng) else {
                continue;
            };
            let n = active(&g).len() as u32;
            let tricks = 2 + rng.below(2) as u32;
            while g.stage() == Stage::Play && cards_in_hands(&g) > tricks * n {
                let legal = g.legal_actions();
                let keep: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, Action::Play(c) if trula().contains(*c)))
                    .collect();
                let from = if keep.is_empty() {
                    legal.iter().copied().collect()
                } else {
                    keep
                };
                g.play_unchecked(from[rng.below(from.len())]);
            }
            let held = active(&g)
                .iter()
                .fold(CardSet::EMPTY, |p, &s| p | g.hand(s));
            if g.stage() != Stage::Play || !held.is_superset(trula()) {
                continue;
            }
            let side = side(&g, &mut rng);
            let s = solver.solve(&g, side).expect("solvable");
            assert_eq!(s.value_thirds, naive(&g, side), "{c:?} seed {seed}: value");
            done += 1;
        }
    }
}

#[test]
fn agrees_with_minimax_danish() {
    agree_with_minimax(CONFIGS[10], 1000);
    agree_with_minimax(CONFIGS[11], 1000);
}

// rule: DK-PLAY-10 (the fool stays with its player; a card of no value given for it),
// DK-PLAY-11 (the fool's lead and the suit), DK-PLAY-12, DK-PLAY-13 (when the fool must go),
// DK-PLAY-15 (the fool called for)
#[test]
fn agrees_with_minimax_danish_fool_options() {
    for c in &CONFIGS[12..17] {
        agree_with_minimax(*c, 500);
    }
}

/// A Danish position of deal `seed` under `c` at the start of a trick with `tricks` tricks
/// left, reached by random play in which nobody calls for the fool and its holder keeps it
/// while he may. `None` when the hand ends first.
fn keeping_the_fool(c: Config, seed: u64, tricks: u32, rng: &mut Rng) -> Option<AnyGame> {
    let setup = Setup::seeded(
        c.variant,
        c.seats,
        Seat::new((seed % u64::from(c.seats)) as u8),
        seed_from_u64(seed),
    )
    .with_options(c.options);
    let mut g = AnyGame::new(&setup).expect("a valid setup");
    let n = active(&g).len() as u32;
    while g.stage() != Stage::Play || cards_in_hands(&g) > tricks * n {
        g.to_act()?;
        let legal = g.legal_actions();
        let kept: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Call(_) | Action::LeadFool(_)))
            .filter(|&a| a != Action::Play(Card::SKIZ))
            .collect();
        let a = if kept.is_empty() {
            legal[rng.below(legal.len())]
        } else {
            kept[rng.below(kept.len())]
        };
        g.play_unchecked(a);
    }
    Some(g)
}

// rule: DK-PLAY-15
#[test]
fn a_call_for_the_fool_is_solved_apart_from_its_lead() {
    // Endings where the player on lead may still call for the fool: the value, and the value
    // after the call and after each card, are the plain minimax's (the position before the call
    // and the one after it are keyed apart).
    let c = CONFIGS[16];
    assert_eq!(c.options, &[("call_for_fool", "true")]);
    let call = Action::Call(Card::SKIZ);
    let mut rng = Rng(0xCA11);
    let mut solver = Solver::with_capacity(1 << 14);
    let (mut done, mut seed) = (0, 0u64);
    while done < 2000 {
        seed += 1;
        assert!(seed < 500_000, "too few endings with the call open");
        let tricks = 2 + rng.below(3) as u32;
        let Some(g) = keeping_the_fool(c, seed, tricks, &mut rng) else {
            continue;
        };
        if !g.legal_actions().contains(call) {
            continue;
        }
        let side = side(&g, &mut rng);
        let s = solver.solve(&g, side).expect("solvable");
        assert_eq!(s.value_thirds, naive(&g, side), "seed {seed}: value");
        let values = solver.values(&g, side).expect("solvable");
        assert!(values.iter().any(|v| v.0 == call));
        for (a, v) in values {
            assert_eq!(v, naive_after(&g, a, side), "seed {seed}: after {a}");
        }
        done += 1;
    }
}

/// Positions of `c` with up to `tricks` tricks left, `n` of them.
fn positions(c: Config, n: usize, tricks: u32, salt: u64) -> Vec<(AnyGame, SeatMask)> {
    positions_between(c, n, 1, tricks, salt)
}

/// Positions of `c` with `min ..= max` tricks left, `n` of them.
fn positions_between(
    c: Config,
    n: usize,
    min: u32,
    max: u32,
    salt: u64,
) -> Vec<(AnyGame, SeatMask)> {
    let tricks = max - min + 1;
    let mut rng = Rng(salt);
    let mut out = Vec::new();
    let mut seed = salt << 20;
    while out.len() < n {
        seed += 1;
        let t = min + rng.below(tricks as usize) as u32;
        let extra = rng.below(3);
        if let Some(g) = position(c, seed, t, extra, &mut rng) {
            let s = side(&g, &mut rng);
            out.push((g, s));
        }
    }
    out
}

#[test]
fn values_and_solve_each_agree_with_solving_each_child() {
    let mut solver = Solver::new();
    let mut child_solver = Solver::with_capacity(1 << 12);
    for c in CONFIGS {
        for (g, side) in positions(c, 40, 5, 7) {
            let values = solver.values(&g, side).expect("solvable");
            let legal = g.legal_actions();
            assert_eq!(values.len(), legal.len());
            let best = solver.solve(&g, side).expect("solvable");
            // Both in one: the same values, the position's value and a best move among them.
            let (both, each) = solver.solve_each(&g, side).expect("solvable");
            assert_eq!(each, values, "{c:?}: solve_each's values");
            assert_eq!(
                both.value_thirds, best.value_thirds,
                "{c:?}: solve_each's value"
            );
            assert!(
                each.contains(&(both.best, both.value_thirds)),
                "{c:?}: its best move"
            );
            let top = if side.contains(g.to_act().expect("in play")) {
                values.iter().map(|v| v.1).max()
            } else {
                values.iter().map(|v| v.1).min()
            };
            assert_eq!(top, Some(best.value_thirds), "{c:?}");
            for (&a, &(b, v)) in legal.iter().zip(&values) {
                assert_eq!(a, b, "{c:?}: the order of legal_actions");
                let mut child = g;
                child.play_unchecked(a);
                let after = if child.stage() == Stage::Play {
                    child_solver
                        .solve(&child, side)
                        .expect("solvable")
                        .value_thirds
                } else {
                    0
                };
                assert_eq!(v, gain(&g, &child, side) + after, "{c:?}: after {a}");
            }
        }
    }
}

#[test]
fn cuts_place_the_exact_value_and_the_move_keeps_it_there() {
    // `solve_cuts` answers which of some totals the value reaches (the Hungarian contract
    // reads 24, 48 and 71 points, HU-SCORE-03/04): it must agree with the exact value, and
    // its move must lead to a value in the same bracket. Cuts fall around the exact value,
    // on it and one third either side, where a wrong bound would show.
    let mut solver = Solver::new();
    let mut exact = Solver::with_capacity(1 << 14);
    let mut rng = Rng(23);
    let mut searched = 0;
    for c in CONFIGS {
        for (g, side) in positions(c, 25, 5, 29) {
            let v = exact.solve(&g, side).expect("solvable").value_thirds;
            let mut cuts: Vec<i64> = (0..1 + rng.below(4))
                .map(|_| v - 4 + rng.below(9) as i64)
                .collect();
            cuts.sort_unstable();
            cuts.dedup();
            let b = solver.solve_cuts(&g, side, &cuts).expect("solvable");
            let reached = cuts.iter().filter(|&&x| v >= x).count();
            assert_eq!(b.reached, reached, "{c:?}: {v} in {cuts:?}");
            searched += usize::from(b.nodes > 0);
            let mut child = g;
            child.play_unchecked(b.best);
            let after = if child.stage() == Stage::Play {
                exact.solve(&child, side).expect("solvable").value_thirds
            } else {
                0
            };
            let by_best = gain(&g, &child, side) + after;
            let kept = cuts.iter().filter(|&&x| by_best >= x).count();
            assert_eq!(
                kept, reached,
                "{c:?}: after {}, {by_best} in {cuts:?}",
                b.best
            );
        }
    }
    assert!(searched > 400, "only {searched} positions needed a search");
}

#[test]
fn each_moves_bracket_agrees_with_its_exact_value() {
    // `solve_cuts_each` places each move's value among the cuts (what a bot compares where
    // only the contract's totals decide, HU-SCORE-03/04): each bracket must be the one of the
    // move's exact value, and the position's the best of them for the seat to act, reached by
    // its move. Cuts fall around the position's value, where the moves' values differ.
    let mut solver = Solver::new();
    let mut exact = Solver::with_capacity(1 << 14);
    let mut rng = Rng(37);
    let mut differ = 0;
    for c in CONFIGS {
        for (g, side) in positions(c, 20, 5, 43) {
            let values = exact.values(&g, side).expect("solvable");
            let v = exact.solve(&g, side).expect("solvable").value_thirds;
            let mut cuts: Vec<i64> = (0..1 + rng.below(4))
                .map(|_| v - 12 + rng.below(16) as i64)
                .collect();
            cuts.sort_unstable();
            cuts.dedup();
            let (b, each) = solver.solve_cuts_each(&g, side, &cuts).expect("solvable");
            let place = |x: i64| cuts.iter().filter(|&&k| x >= k).count();
            assert_eq!(each.len(), values.len(), "{c:?}");
            for (&(a, r), &(a2, x)) in each.iter().zip(&values) {
                assert_eq!(a, a2, "{c:?}: the order of legal_actions");
                assert_eq!(r, place(x), "{c:?}: after {a}, {x} in {cuts:?}");
            }
            assert_eq!(b.reached, place(v), "{c:?}: the position, {v} in {cuts:?}");
            assert!(each.contains(&(b.best, b.reached)), "{c:?}: its move");
            assert_eq!(
                solver
                    .solve_cuts(&g, side, &cuts)
                    .expect("solvable")
                    .reached,
                b.reached,
                "{c:?}"
            );
            differ += usize::from(each.iter().any(|m| m.1 != b.reached));
        }
    }
    assert!(
        differ > 30,
        "only {differ} positions had moves in other brackets"
    );
    let (g, side) = positions(CONFIGS[0], 1, 4, 47).remove(0);
    assert_eq!(
        solver.solve_cuts_each(&g, side, &[6, 3]).err(),
        Some(SolveError::UnorderedCuts)
    );
}

#[test]
fn cuts_beyond_the_points_in_play_need_no_search_and_unordered_ones_are_refused() {
    let mut solver = Solver::new();
    for c in CONFIGS {
        let (g, side) = positions(c, 1, 4, 31).remove(0);
        let all = count_thirds(method(c.variant), CardSet::ALL);
        let b = solver.solve_cuts(&g, side, &[-all, all]).expect("solvable");
        assert_eq!((b.reached, b.nodes), (1, 0), "{c:?}");
        assert!(g.legal_actions().contains(b.best), "{c:?}");
        let none = solver.solve_cuts(&g, side, &[]).expect("solvable");
        assert_eq!(none.reached, 0);
        for bad in [&[3, 3][..], &[6, 3]] {
            assert_eq!(
                solver.solve_cuts(&g, side, bad),
                Err(SolveError::UnorderedCuts),
                "{c:?}"
            );
        }
    }
}

#[test]
fn equivalent_card_pruning_never_changes_a_value() {
    let mut merged = Solver::new();
    let mut plain = Solver::new();
    plain.set_equivalence_pruning(false);
    for c in CONFIGS {
        let mut fewer = 0u64;
        let mut all = 0u64;
        for (g, side) in positions(c, 40, 5, 11) {
            let a = merged.values(&g, side).expect("solvable");
            let b = plain.values(&g, side).expect("solvable");
            assert_eq!(a, b, "{c:?}");
            let sa = merged.solve(&g, side).expect("solvable");
            let sb = plain.solve(&g, side).expect("solvable");
            assert_eq!(sa.value_thirds, sb.value_thirds, "{c:?}");
            fewer += sa.nodes;
            all += sb.nodes;
        }
        assert!(
            fewer <= all + all / 4,
            "{c:?}: {fewer} nodes merged, {all} not"
        );
    }
}

#[test]
fn a_tiny_table_gives_the_same_values() {
    // Four entries: nearly every store replaces another. Exactness does not rest on the table
    // keeping anything.
    let mut tiny = Solver::with_capacity(1);
    assert_eq!(tiny.capacity(), 4);
    let mut big = Solver::new();
    for c in CONFIGS {
        for (g, side) in positions(c, 20, 5, 13) {
            let a = tiny.solve(&g, side).expect("solvable").value_thirds;
            let b = big.solve(&g, side).expect("solvable").value_thirds;
            assert_eq!(a, b, "{c:?}");
        }
    }
}

#[test]
fn the_two_sides_share_the_points_in_play() {
    // Outside the Danish exchange of a card (which moves a card already won), the two sides
    // of a table win every card still in play between them, under the same perfect play.
    let mut solver = Solver::new();
    for c in CONFIGS.iter().filter(|c| c.variant != Variant::DanishTarok) {
        for (g, side) in positions(*c, 20, 6, 17) {
            let other = side.others(&g.table_info());
            let a = solver.solve(&g, side).expect("solvable").value_thirds;
            let b = solver.solve(&g, other).expect("solvable").value_thirds;
            let m = method(c.variant);
            let mut in_play = g.current_trick().cards();
            for s in active(&g) {
                in_play |= g.hand(s);
            }
            assert_eq!(a + b, count_thirds(m, in_play), "{c:?}");
        }
    }
}

#[test]
fn positions_not_in_play_are_refused() {
    let mut solver = Solver::with_capacity(1 << 10);
    for c in CONFIGS {
        let setup = Setup::seeded(c.variant, c.seats, Seat::new(0), seed_from_u64(3))
            .with_options(c.options);
        let g = AnyGame::new(&setup).expect("a valid setup");
        let all = SeatMask::active(&g.table_info());
        assert_eq!(
            solver.solve(&g, all),
            Err(SolveError::NotInPlay(g.stage())),
            "{c:?}"
        );
        assert!(solver.values(&g, all).is_err());
        // A hand played out.
        let mut rng = Rng(5);
        let mut over = g;
        while over.to_act().is_some() {
            let legal = over.legal_actions();
            over.play_unchecked(legal[rng.below(legal.len())]);
        }
        assert!(matches!(
            solver.solve(&over, all),
            Err(SolveError::NotInPlay(Stage::Over(_)))
        ));
    }
}

#[test]
fn sides_without_an_active_seat_are_refused() {
    let mut solver = Solver::with_capacity(1 << 10);
    for c in CONFIGS {
        let (g, _) = positions(c, 1, 3, 19).remove(0);
        assert_eq!(
            solver.solve(&g, SeatMask::EMPTY),
            Err(SolveError::EmptySide)
        );
        assert_eq!(
            solver.values(&g, SeatMask::EMPTY),
            Err(SolveError::EmptySide)
        );
        let t = g.table_info();
        if let Some(out) = t.sitting_out {
            // The seat sitting out plays no card (HU-DEAL five-handed, DK-DEAL-01 four-handed).
            assert_eq!(
                solver.solve(&g, SeatMask::of(out)),
                Err(SolveError::EmptySide)
            );
        }
        // Seats beyond the table are dropped.
        assert_eq!(
            solver.solve(&g, SeatMask::from_bits(0xE0)),
            Err(SolveError::EmptySide)
        );
    }
}

#[test]
fn the_node_limit_stops_the_search() {
    let c = CONFIGS[0];
    let (g, side) = positions(c, 1, 9, 23).remove(0);
    let mut solver = Solver::with_capacity(1 << 10);
    solver.set_node_limit(10);
    assert!(matches!(
        solver.solve(&g, side),
        Err(SolveError::NodeLimit { .. })
    ));
    // The solver is usable again afterwards, and exact.
    solver.set_node_limit(u64::MAX);
    let a = solver.solve(&g, side).expect("solvable");
    let b = Solver::new().solve(&g, side).expect("solvable");
    assert_eq!(a.value_thirds, b.value_thirds);
}

#[test]
fn a_search_stopped_by_its_limit_reports_bounds_that_hold_the_value() {
    // Whole Hungarian plays and long Austrian endings: the bounds an unfinished search reports
    // must hold the exact value, and a larger limit must have proved tighter ones somewhere.
    let mut narrowed = 0;
    for (c, tricks) in [(CONFIGS[0], 9), (CONFIGS[8], 12)] {
        for (g, side) in positions_between(c, 4, tricks, tricks, 41) {
            let exact = Solver::new()
                .solve(&g, side)
                .expect("solvable")
                .value_thirds;
            let cuts = [exact - 6, exact + 1];
            let mut widest = i64::MAX;
            for limit in [5, 2_000, 20_000, 200_000] {
                let mut solver = Solver::with_capacity(1 << 14);
                solver.set_node_limit(limit);
                let mut runs = vec![solver.solve(&g, side).err()];
                runs.push(solver.solve_cuts(&g, side, &cuts).err());
                runs.push(solver.values(&g, side).err());
                runs.push(solver.solve_each(&g, side).err());
                runs.push(solver.solve_cuts_each(&g, side, &cuts).err());
                for e in runs.into_iter().flatten() {
                    let SolveError::NodeLimit {
                        lower_thirds,
                        upper_thirds,
                        ..
                    } = e
                    else {
                        panic!("{c:?}: {e}");
                    };
                    assert!(
                        lower_thirds <= exact && exact <= upper_thirds,
                        "{c:?}, limit {limit}: {exact} outside {lower_thirds}..={upper_thirds}"
                    );
                    let width = upper_thirds - lower_thirds;
                    if width < widest && widest != i64::MAX {
                        narrowed += 1;
                    }
                    widest = widest.min(width);
                }
            }
        }
    }
    assert!(narrowed > 0, "no limit proved more than the points in play");
}

#[test]
fn the_transposition_table_never_changes_a_value() {
    // Positions too deep for the plain minimax, where tricks can be played in other orders
    // to the same hands: the table's keys must tell apart every position whose futures
    // differ, e.g. by the teams' lost tricks that end the centrum's and the birds'
    // obligations (HU-PLAY-16), or by the pile a card of no value is owed from (DK-PLAY-10).
    let mut with = Solver::new();
    let mut without = Solver::with_capacity(4);
    without.set_transpositions(false);
    for c in CONFIGS {
        let (min, max) = match c.variant {
            Variant::DanishTarok | Variant::AustrianIllustrated => (6, 9),
            _ => (4, 6),
        };
        for (g, side) in positions_between(c, 15, min, max, 29) {
            let a = with.solve(&g, side).expect("solvable");
            let b = without.solve(&g, side).expect("solvable");
            assert_eq!(a.value_thirds, b.value_thirds, "{c:?}");
        }
    }
}

/// What `side` nets in the settlement of `g`, a hand over.
fn settled(g: &AnyGame, side: SeatMask) -> i64 {
    let ledger = g.settlement(1).expect("a hand over is settled");
    Seat::all(g.table_info().seats)
        .filter(|&s| side.contains(s))
        .map(|s| ledger.totals[s])
        .sum()
}

/// The side's settlement under perfect play, by the plain minimax.
fn naive_settlement(g: &AnyGame, side: SeatMask) -> i64 {
    if g.stage() != Stage::Play {
        return settled(g, side);
    }
    let me = g.to_act().expect("a seat to act in play");
    let legal = g.legal_actions();
    let values = legal.iter().map(|&a| {
        let mut child = *g;
        child.play_unchecked(a);
        naive_settlement(&child, side)
    });
    let best = if side.contains(me) {
        values.max()
    } else {
        values.min()
    };
    best.expect("a position in play has a legal move")
}

#[test]
fn the_settlement_agrees_with_minimax_in_every_game() {
    // Endings of up to four tricks of every table: the side's settlement under perfect play,
    // the best move's and each move's, are the plain minimax's over the game's own settlement
    // (the contract, the bonuses made or failed, the kontras; random announcements included).
    // And the settlement is what it claims to value: in some endings the move that is best for
    // it takes fewer card points than the best for the card points (a bonus outweighs them).
    let mut solver = Solver::with_capacity(1 << 10);
    let mut points_differ = 0;
    for (i, c) in CONFIGS.iter().enumerate() {
        let mut rng = Rng(0x5E77 ^ i as u64);
        let (mut done, mut seed) = (0, 0u64);
        while done < 200 {
            seed += 1;
            assert!(seed < 10_000, "{c:?}: too few positions reached");
            let tricks = 1 + rng.below(4) as u32;
            let extra = rng.below(3);
            let Some(g) = position(*c, seed ^ 0x5E77_0000, tricks, extra, &mut rng) else {
                continue;
            };
            let side = side(&g, &mut rng);
            let want = naive_settlement(&g, side);
            let s = solver.solve_settlement(&g, side).expect("solvable");
            assert_eq!(s.value, want, "{c:?} seed {seed}: settlement");
            let mut after = g;
            after.play_unchecked(s.best);
            assert_eq!(
                naive_settlement(&after, side),
                want,
                "{c:?} seed {seed}: the best move achieves it"
            );
            let (each, moves) = solver.settlement_each(&g, side).expect("solvable");
            assert_eq!(each.value, want, "{c:?} seed {seed}");
            assert_eq!(
                moves.iter().map(|m| m.0).collect::<Vec<_>>(),
                g.legal_actions().to_vec(),
                "{c:?} seed {seed}: in the order of the legal moves"
            );
            for &(a, v) in &moves {
                let mut child = g;
                child.play_unchecked(a);
                assert_eq!(v, naive_settlement(&child, side), "{c:?} seed {seed}: {a}");
            }
            let points = solver.solve(&g, side).expect("solvable").value_thirds;
            if naive_after(&g, s.best, side) < points && side.contains(g.to_act().expect("in play"))
            {
                points_differ += 1;
            }
            done += 1;
        }
    }
    assert!(
        points_differ > 0,
        "the settlement never chose other than the card points"
    );
}

#[test]
fn the_settlement_merges_equivalent_cards_for_less_work() {
    // The settlement's search merges equivalent cards, but those a bonus names: the same
    // values (each move's too) as searching every card, for fewer nodes in every game. (That
    // the named cards stay apart is checked against the minimax above: merging the High
    // Tarokk's II with the III fails it.)
    let (mut merged, mut plain) = (
        Solver::with_capacity(1 << 10),
        Solver::with_capacity(1 << 10),
    );
    plain.set_equivalence_pruning(false);
    for c in [
        CONFIGS[0],
        CONFIGS[4],
        CONFIGS[7],
        CONFIGS[8],
        CONFIGS[10],
        CONFIGS[17],
    ] {
        let (mut fewer, mut more) = (0, 0);
        for (g, side) in positions_between(c, 20, 3, 4, 0x3E6) {
            let (a, a_moves) = merged.settlement_each(&g, side).expect("solvable");
            let (b, b_moves) = plain.settlement_each(&g, side).expect("solvable");
            assert_eq!((a.value, &a_moves), (b.value, &b_moves), "{c:?}");
            fewer += a.nodes;
            more += b.nodes;
        }
        assert!(fewer < more, "{c:?}: {fewer} nodes merged, {more} without");
    }
}

#[test]
fn the_settlement_search_stops_at_its_limit() {
    let (g, side) = positions(CONFIGS[0], 1, 9, 23).remove(0);
    let mut solver = Solver::with_capacity(1 << 10);
    solver.set_node_limit(1_000);
    assert_eq!(
        solver.solve_settlement(&g, side),
        Err(SolveError::SettlementLimit { nodes: 1_001 })
    );
    assert!(matches!(
        solver.settlement_each(&g, side),
        Err(SolveError::SettlementLimit { .. })
    ));
    // Usable again afterwards: an ending within the limit is solved.
    let (end, side) = positions_between(CONFIGS[0], 1, 2, 2, 23).remove(0);
    let s = solver.solve_settlement(&end, side).expect("solvable");
    assert_eq!(s.value, naive_settlement(&end, side));
}
