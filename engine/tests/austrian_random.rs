//! Property tests over many seeded random complete Austrian deals (Illustrated Tarock), from
//! the auction to the score sheet with random legal actions: cards are conserved after every
//! action, every listed action is legal and distinct, no action outside the list applies (the
//! whole action space is tried on the first deals), `Game::pick_legal` finds the listed action
//! at an index, every deal ends, the two sides' card points total 70 (less the talon cards out
//! of play), and a replay of the record reaches the same game.

mod listing;

use listing::{check_listing, check_picks};
use tarock_engine::austrian::options::{AllPass, TalonRemainder};
use tarock_engine::austrian::Phase;
use tarock_engine::game::{Game, Observe};
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{Action, AnyGame, Austrian, End, Pack, Seat, Setup, Variant};

fn at(g: &AnyGame) -> &Austrian {
    g.as_austrian().expect("only Austrian setups here")
}

fn assert_conserved(a: &Austrian, seed: u64) {
    let pack = Pack::Tarock54.cards();
    let mut seen = a.talon_remaining() | a.current_trick().cards();
    let mut count = a.talon_remaining().len() + a.current_trick().cards().len();
    for s in Seat::all(3) {
        for set in [a.hand(s), a.won(s), a.discards(s)] {
            assert!(!seen.intersects(set), "seed {seed}: a card in two places");
            seen |= set;
            count += set.len();
        }
    }
    assert_eq!(seen, pack, "seed {seed}: cards lost or invented");
    assert_eq!(count, 54);
}

/// The hand of `seed` under `options`, with the obliged bidder the match carries in, if any.
fn setup(seed: u64, options: &[(&str, &str)], obliged: Option<u8>) -> Setup {
    let mut s = Setup::seeded(
        Variant::AustrianIllustrated,
        3,
        Seat::new((seed % 3) as u8),
        seed_from_u64(seed),
    )
    .with_options(options);
    s.carried.obliged_bidder = obliged.map(Seat::new);
    s
}

fn play(
    seed: u64,
    (options, obliged): (&[(&str, &str)], Option<u8>),
    full_space: bool,
    rng: &mut DealRng,
) -> (AnyGame, Vec<Action>) {
    let setup = setup(seed, options, obliged);
    let mut g = AnyGame::new(&setup).expect("valid setup");
    let mut record = Vec::new();
    while g.to_act().is_some() {
        let legal = g.legal_actions();
        check_listing(&g, &legal, seed, at(&g).phase(), full_space);
        // Pass often in the rounds of declarations and in the auction, so that hands end.
        let quiet = legal.contains(Action::Pass) && rng.below(3) != 0;
        let k = if quiet {
            legal.iter().position(|&a| a == Action::Pass).unwrap_or(0)
        } else {
            rng.below(legal.len() as u32) as usize
        };
        check_picks(&g, &legal, seed, [0, k, legal.len() - 1, legal.len()]);
        let a = legal[k];
        record.push(a);
        g = g.play(a).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_conserved(at(&g), seed);
        assert!(record.len() < 1_000, "seed {seed}: the deal does not end");
    }
    (g, record)
}

fn check(
    g: &AnyGame,
    record: &[Action],
    seed: u64,
    (options, obliged): (&[(&str, &str)], Option<u8>),
) -> End {
    let out = g.outcome().expect("over");
    let a = at(g);
    assert_eq!(a.phase(), Phase::Over(out.end));
    if out.end == End::Played && a.declarer().is_some() {
        let [s, d] = out.ledger.card_points.expect("counted");
        let left = match a.options().talon_remainder {
            TalonRemainder::Defenders => 0,
            TalonRemainder::OutOfPlay => tarock_engine::count::count(
                tarock_engine::CountMethod::ThreesMinusTwo,
                a.talon_remaining(),
            ),
        };
        assert!(
            (s + d + left - 70).abs() <= 1,
            "seed {seed}: {s} + {d} + {left}"
        );
        assert_eq!(a.tricks().len(), 16);
        // Points are credited, never taken, but for Mondfang's deduction.
        for line in &out.ledger.items {
            if line.item != tarock_engine::Item::Bonus(tarock_engine::Bonus::XxiCatch) {
                assert!(
                    line.payments.0.iter().all(|&p| p >= 0),
                    "seed {seed}: {line:?}"
                );
            }
        }
    }
    if out.end == End::PassedOut {
        assert!(out.ledger.items.is_empty());
        // Only the Graz rule keeps talon cards after three passes.
        if a.options().all_pass_action != AllPass::GrazKeep {
            assert_eq!(a.kept(), None);
        }
    }
    let replayed =
        AnyGame::replay(&setup(seed, options, obliged), record).expect("the record replays");
    assert_eq!(&replayed, g, "seed {seed}: replay");
    out.end
}

// rule: AT-DEAL-01, AT-DEAL-08, AT-PLAY-07, AT-SCORE-03
#[test]
fn ten_thousand_random_deals() {
    let mut played = 0;
    for seed in 0..10_000u64 {
        let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0xa7));
        let (g, record) = play(seed, (&[], None), seed < 40, &mut rng);
        if check(&g, &record, seed, (&[], None)) == End::Played {
            played += 1;
        }
    }
    assert!(played > 3_000, "only {played} played");
}

// rule: AT-BID-07, AT-BID-09, AT-DEAL-09, AT-ANN-08, AT-TALON-02, AT-SCORE-24
#[test]
fn random_deals_under_every_non_default_option() {
    let configs: [&[(&str, &str)]; 4] = [
        &[
            ("all_pass_action", "trischaken"),
            ("kontra_rules", "beck"),
            ("valat_scoring", "beckB"),
            ("owl_pre_ultimo", "true"),
        ],
        &[
            ("all_pass_action", "graz_keep"),
            ("bonus_declaration_timing", "graz"),
            ("valat_scoring", "graz"),
            ("point_bonuses", "graz"),
            ("mondfang_bonus", "true"),
        ],
        &[
            ("deal_after_knock", "3x16"),
            ("talon_remainder", "out_of_play"),
        ],
        &[
            ("kontra_rules", "beck"),
            ("bonus_declaration_timing", "graz"),
        ],
    ];
    for (i, opts) in configs.iter().enumerate() {
        // The third configuration's hands have seat 1 obliged to bid, as after kept cards.
        let obliged = (i == 2).then_some(1);
        for seed in 0..1_500u64 {
            let mut rng = DealRng::from_seed(seed_from_u64(seed ^ (i as u64) << 20));
            let (g, record) = play(seed, (opts, obliged), seed < 10, &mut rng);
            check(&g, &record, seed, (opts, obliged));
        }
    }
}
