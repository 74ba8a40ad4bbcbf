//! What the random-deal tests of every game check at each step: the listing of legal actions
//! against `check`, the action ids and the notation, and `pick_legal` against the listing.

use std::fmt::Debug;
use tarock_engine::game::{ActionList, Game};
use tarock_engine::{Action, AnyGame};

/// Checks `legal`, the listing of `g`'s legal actions: not empty, each action accepted by
/// `check`, with an id, listed once. With `full_space`, each listed action's notation parses
/// back, and every id of the action space maps to an action whose id it is and which `check`
/// accepts exactly when it is listed. `seed` and `phase` name the position in messages.
pub(crate) fn check_listing(
    g: &AnyGame,
    legal: &ActionList,
    seed: u64,
    phase: impl Debug,
    full_space: bool,
) {
    assert!(
        !legal.is_empty(),
        "seed {seed}: no legal action in {phase:?}"
    );
    // Listed actions are distinct: a bitset over the action ids, which every listed action has
    // (a pairwise comparison would cost more than the rest of the step).
    let mut seen = [0u64; 8];
    assert!(g.action_space() as usize <= 64 * seen.len());
    for &a in legal.iter() {
        assert_eq!(g.check(a), Ok(()), "seed {seed}: listed {a} is refused");
        let id = g.action_id(a).expect("a listed action has an id") as usize;
        let (word, bit) = (id / 64, 1u64 << (id % 64));
        assert_eq!(seen[word] & bit, 0, "seed {seed}: {a} listed twice");
        seen[word] |= bit;
        if full_space {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "notation of {a}");
        }
    }
    if full_space {
        // No action outside the list applies: try the whole id space.
        for id in 0..g.action_space() {
            let a = g
                .action_from_id(id)
                .expect("every id in the space maps to an action");
            assert_eq!(g.action_id(a), Some(id));
            assert_eq!(
                g.check(a).is_ok(),
                legal.contains(a),
                "seed {seed}: {a} check/list disagree in {phase:?}"
            );
        }
    }
}

/// `pick_legal` finds the action at each of `indices` of `legal` without the list, and none
/// past its end.
pub(crate) fn check_picks(
    g: &AnyGame,
    legal: &ActionList,
    seed: u64,
    indices: impl IntoIterator<Item = usize>,
) {
    let n = legal.len();
    for i in indices {
        let picked = g.pick_legal(|m| {
            assert_eq!(m, n, "seed {seed}: pick_legal counts {m} of {n} actions");
            i
        });
        assert_eq!(
            picked,
            legal.as_slice().get(i).copied(),
            "seed {seed}: pick_legal at {i}"
        );
    }
}
