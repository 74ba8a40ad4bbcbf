//! Listing legal actions (as a list or as a mask) and applying an action allocate nothing on the
//! heap: a counting global allocator watches whole random deals, from the auction to the last
//! trick.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use tarock_engine::game::Game;
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{AnyGame, Seat, Setup, Variant};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // Only the test's own thread is watched: the test harness allocates on its other threads.
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if WATCHED.with(Cell::get) {
        ALLOCS.fetch_add(1, Ordering::SeqCst);
    }
}

// SAFETY: every call is forwarded unchanged to the system allocator; only a counter is added.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn legal_actions_and_play_do_not_allocate() {
    let mut total_actions = 0usize;
    for seed in 0..1_200u64 {
        // Every variant in turn (two deals each, one per stepping method), at each table size.
        let variant = Variant::ALL[(seed / 2) as usize % Variant::ALL.len()];
        let counts = variant.seat_counts();
        let seats = counts[(seed / 12) as usize % counts.len()];
        let setup = Setup::seeded(variant, seats, Seat::new(seats - 1), seed_from_u64(seed));
        let mut g = AnyGame::new(&setup).expect("valid setup");
        let mut rng = DealRng::from_seed(seed_from_u64(seed + 1));
        let mut mask = [0u64; 8];
        let before = ALLOCS.load(Ordering::SeqCst);
        WATCHED.with(|w| w.set(true));
        while g.to_act().is_some() {
            // Half the deals step by listing, checking and applying, the other half by the
            // rollout step (`play_pick`).
            if seed % 2 == 1 {
                g.play_pick(|n| rng.below(n as u32) as usize);
                total_actions += 1;
                continue;
            }
            let legal = g.legal_actions();
            // The mask of the same actions, into a caller's buffer.
            assert_eq!(g.legal_mask_into(&mut mask), Some(legal.len()));
            let a = legal[rng.below(legal.len() as u32) as usize];
            let ok = g.check(a).is_ok();
            g.play_unchecked(a);
            if !ok {
                WATCHED.with(|w| w.set(false));
                panic!("seed {seed}: listed action {a} refused");
            }
            total_actions += 1;
        }
        WATCHED.with(|w| w.set(false));
        let after = ALLOCS.load(Ordering::SeqCst);
        assert_eq!(
            after,
            before,
            "seed {seed}: the deal allocated {} times",
            after - before
        );
    }
    assert!(total_actions > 10_000);
}

#[test]
fn writing_the_tensors_does_not_allocate() {
    let mut written = 0usize;
    for seed in 0..120u64 {
        let variant = Variant::ALL[seed as usize % Variant::ALL.len()];
        let counts = variant.seat_counts();
        let seats = counts[(seed / 6) as usize % counts.len()];
        let setup = Setup::seeded(variant, seats, Seat::new(0), seed_from_u64(seed));
        let mut g = AnyGame::new(&setup).expect("valid setup");
        let mut rng = DealRng::from_seed(seed_from_u64(seed + 7));
        let mut actions = Vec::with_capacity(1_000);
        let mut obs = vec![0.0f32; g.observation_size()];
        let mut info = vec![0.0f32; g.info_state_size()];
        loop {
            let me = g.to_act().unwrap_or(Seat::new(1));
            let before = ALLOCS.load(Ordering::SeqCst);
            WATCHED.with(|w| w.set(true));
            let o = g.write_observation(me, &mut obs);
            let i = g.write_info_state(&actions, me, &mut info);
            let size = (g.observation_size(), g.info_state_size());
            WATCHED.with(|w| w.set(false));
            let after = ALLOCS.load(Ordering::SeqCst);
            assert_eq!((o, i), (Ok(()), Ok(())), "seed {seed}");
            assert_eq!(size, (obs.len(), info.len()), "seed {seed}");
            assert_eq!(after, before, "seed {seed}: writing the tensors allocated");
            written += 1;
            match g.play_pick(|n| rng.below(n as u32) as usize) {
                Some(a) => actions.push(a),
                None => break,
            }
        }
    }
    assert!(written > 2_000);
}

#[test]
fn solving_does_not_allocate() {
    use tarock_engine::game::{Observe, Stage};
    use tarock_engine::{SeatMask, Solver};
    // The table is allocated once, with the solver; a solve then allocates nothing.
    let mut solver = Solver::with_capacity(1 << 12);
    let mut solved = 0;
    for seed in 0..60u64 {
        let variant = Variant::ALL[seed as usize % Variant::ALL.len()];
        let counts = variant.seat_counts();
        let seats = counts[(seed / 6) as usize % counts.len()];
        let setup = Setup::seeded(variant, seats, Seat::new(0), seed_from_u64(seed));
        let mut g = AnyGame::new(&setup).expect("valid setup");
        let mut rng = DealRng::from_seed(seed_from_u64(seed + 11));
        // Random play to the last five tricks.
        let n = u32::from(g.table_info().active_count());
        while g.to_act().is_some() {
            let held: u32 = Seat::all(seats).map(|s| g.hand(s).len()).sum();
            if g.stage() == Stage::Play && held <= 5 * n {
                break;
            }
            g.play_pick(|k| rng.below(k as u32) as usize);
        }
        if g.stage() != Stage::Play {
            continue;
        }
        let side = SeatMask::of(g.to_act().expect("in play"));
        let before = ALLOCS.load(Ordering::SeqCst);
        WATCHED.with(|w| w.set(true));
        let s = solver.solve(&g, side);
        WATCHED.with(|w| w.set(false));
        let after = ALLOCS.load(Ordering::SeqCst);
        assert!(s.is_ok(), "seed {seed}");
        assert_eq!(after, before, "seed {seed}: the solve allocated");
        solved += 1;
    }
    assert!(solved > 30, "{solved} positions");
}
