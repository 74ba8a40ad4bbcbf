//! The legal-action mask over the dense id space agrees with the listing and with `check` at
//! every step of random deals of every variant and table size.

use tarock_engine::game::Game;
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{AnyGame, Seat, Setup, Variant};

/// A word the mask must leave alone.
const UNTOUCHED: u64 = 0xA5A5_A5A5_A5A5_A5A5;

fn assert_mask(g: &AnyGame, context: &str) {
    let words = g.mask_words();
    let space = g.action_space();
    assert_eq!(words, (space as usize).div_ceil(64), "{context}");
    // One word more than needed: it stays as it was.
    let mut mask = vec![UNTOUCHED; words + 1];
    let count = g.legal_mask_into(&mut mask).expect("room enough");
    assert_eq!(mask[words], UNTOUCHED, "{context}: a word past the mask");
    assert_eq!(count, g.legal_actions().len(), "{context}: the count");
    let set: u32 = mask[..words].iter().map(|w| w.count_ones()).sum();
    assert_eq!(set as usize, count, "{context}: one bit per legal action");
    for id in 0..space {
        let bit = mask[id as usize / 64] >> (id % 64) & 1 == 1;
        let a = g.action_from_id(id).expect("a dense id space");
        assert_eq!(bit, g.check(a).is_ok(), "{context}: id {id} ({a})");
    }
    // Bits past the space are clear.
    for id in space..(words as u32 * 64) {
        assert_eq!(
            mask[id as usize / 64] >> (id % 64) & 1,
            0,
            "{context}: id {id}"
        );
    }
    // Too short a buffer: refused, nothing written.
    let mut short = vec![UNTOUCHED; words - 1];
    assert_eq!(g.legal_mask_into(&mut short), None, "{context}");
    assert!(short.iter().all(|&w| w == UNTOUCHED), "{context}");
}

#[test]
fn the_mask_is_the_legal_actions_in_every_variant() {
    let mut positions = 0usize;
    for v in Variant::ALL {
        for &seats in v.seat_counts() {
            for seed in 0..40u64 {
                let setup = Setup::seeded(v, seats, Seat::new(0), seed_from_u64(seed));
                let mut g = AnyGame::new(&setup).expect("a seeded deal");
                let mut rng = DealRng::from_seed(seed_from_u64(seed + 1_000));
                loop {
                    let context = format!("{v}, {seats} seats, seed {seed}, position {positions}");
                    assert_mask(&g, &context);
                    positions += 1;
                    let legal = g.legal_actions();
                    if legal.is_empty() {
                        break;
                    }
                    g.play_unchecked(legal[rng.below(legal.len() as u32) as usize]);
                }
                // Over: no legal action, an empty mask.
                assert!(g.to_act().is_none(), "{v}");
            }
        }
    }
    assert!(positions > 10_000, "{positions} positions");
}
