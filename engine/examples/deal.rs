//! Plays one seeded Hungarian deal with random legal actions and prints it with its settlement.
//!
//! `cargo run --release -p tarock-engine --example deal -- [SEED] [VARIANT]`

use tarock_engine::game::{Game, Observe};
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{AnyGame, Seat, Setup, Variant};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = match args.next().map(|s| s.parse()) {
        None => 1,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("error: SEED must be a whole number: {e}");
            std::process::exit(2);
        }
    };
    let variant = match args.next() {
        None => Variant::HungarianIllustrated,
        Some(id) => Variant::from_id(&id).unwrap_or_else(|| {
            let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
            eprintln!("error: unknown variant {id:?} (known: {})", ids.join(", "));
            std::process::exit(2);
        }),
    };
    let setup = Setup::seeded(variant, 4, Seat::new(3), seed_from_u64(seed));
    let mut game = match AnyGame::new(&setup) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    if let Some(h) = game.as_hungarian() {
        for s in Seat::all(4) {
            println!("seat {s}: {}", h.hand(s));
        }
        println!("talon: {}", h.talon_remaining());
    }
    let mut rng = DealRng::from_seed(seed_from_u64(seed.wrapping_add(1)));
    while let Some(seat) = game.to_act() {
        let legal = game.legal_actions();
        let action = legal[rng.below(legal.len() as u32) as usize];
        println!("{seat}: {action}");
        game.play_unchecked(action);
    }
    if let Some(outcome) = game.outcome() {
        println!("end: {:?}", outcome.end);
        if let Some([d, o]) = outcome.ledger.card_points {
            println!("card points: declarer's team {d}, opponents {o}");
        }
        for item in &outcome.ledger.items {
            println!(
                "{:<40} base {:>3} x{:<3} {} {}  {:?}",
                format!("{:?}", item.item),
                item.base,
                item.multiplier,
                if item.announced {
                    "announced"
                } else {
                    "silent   "
                },
                if item.made { "made  " } else { "failed" },
                item.payments.first(4)
            );
        }
        println!("totals: {:?}", outcome.ledger.totals.first(4));
    }
}
