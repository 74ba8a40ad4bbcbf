//! Property tests over many seeded random complete Hungarian deals: from the auction to the
//! settlement, with uniformly random legal actions.

use tarock_engine::game::Game;
use tarock_engine::hungarian::Phase;
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{Action, AnyGame, CardSet, End, Seat, Setup, Variant};

fn hungarian(g: &AnyGame) -> &tarock_engine::Hungarian {
    match g {
        AnyGame::Hungarian(h) => h,
        _ => unreachable!("only hungarian setups here"),
    }
}

/// Every card of the pack is in exactly one place: a hand, a discard pile, a won pile, the
/// trick in progress, or the talon not yet handed out.
fn assert_conserved(g: &AnyGame, pack: CardSet) {
    let h = hungarian(g);
    let t = h.table_info();
    let mut seen = h.talon_remaining() | h.current_trick().cards();
    let mut count = h.talon_remaining().len() + h.current_trick().cards().len();
    for s in Seat::all(t.seats) {
        for set in [h.hand(s), h.discards(s), h.won(s)] {
            assert!(!seen.intersects(set), "a card is in two places");
            seen |= set;
            count += set.len();
        }
    }
    assert_eq!(seen, pack, "cards lost or invented");
    assert_eq!(count, pack.len());
}

/// Plays one random deal; returns the number of actions applied.
fn play_random(
    variant: Variant,
    seats: u8,
    seed: u64,
    options: &[(&str, &str)],
    full_space: bool,
) -> (AnyGame, usize) {
    let mut setup = Setup::seeded(
        variant,
        seats,
        Seat::new((seed % u64::from(seats)) as u8),
        seed_from_u64(seed),
    );
    setup.options = options
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let mut g = AnyGame::new(&setup).expect("valid setup");
    let pack = {
        let h = hungarian(&g);
        tarock_engine::Hungarian::shape(h.options()).pack.cards()
    };
    let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15));
    let mut steps = 0;
    while let Some(_seat) = g.to_act() {
        let legal = g.legal_actions();
        assert!(
            !legal.is_empty(),
            "seed {seed}: no legal action in {:?}",
            hungarian(&g).phase()
        );
        for &a in legal.iter() {
            assert_eq!(
                g.check(a),
                Ok(()),
                "seed {seed}: listed action {a} is refused"
            );
            // Listed actions are distinct.
            assert_eq!(
                legal.iter().filter(|&&b| b == a).count(),
                1,
                "seed {seed}: {a} listed twice"
            );
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
                    "seed {seed}: {a} check/list disagree in {:?}",
                    hungarian(&g).phase()
                );
            }
        }
        let a = legal[rng.below(legal.len() as u32) as usize];
        g = g.play(a).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_conserved(&g, pack);
        steps += 1;
        assert!(steps < 3_000, "seed {seed}: the deal does not terminate");
    }
    assert!(g.legal_actions().is_empty());
    (g, steps)
}

fn check_outcome(g: &AnyGame, total: i64) {
    let out = g.outcome().expect("finished deal has an outcome");
    assert!(
        out.ledger.is_zero_sum(),
        "payments are not zero-sum: {:?}",
        out.ledger
    );
    if out.end == End::Played {
        let [a, b] = out
            .ledger
            .card_points
            .expect("a played hand counts card points");
        assert_eq!(a + b, total, "card points must total {total}");
    }
    let h = hungarian(g);
    if let Phase::Over(end) = h.phase() {
        assert_eq!(end, out.end);
    }
}

// rule: HU-BID-06, HU-PLAY-10, HU-SCORE-02, HU-SCORE-56
#[test]
fn ten_thousand_random_illustrated_deals() {
    let mut played = 0;
    let mut actions = 0;
    for seed in 0..10_000u64 {
        let (g, n) = play_random(Variant::HungarianIllustrated, 4, seed, &[], seed < 300);
        check_outcome(&g, 94);
        actions += n;
        if g.outcome().map(|o| o.end) == Some(End::Played) {
            played += 1;
        }
    }
    // Random bidding passes many hands out, but thousands must be played to the end.
    assert!(
        played > 2_000,
        "only {played} of 10000 deals were played out"
    );
    assert!(actions > 100_000);
}

// rule: HU-DEAL-13, HU-SCORE-59
#[test]
fn random_five_player_deals() {
    for seed in 0..1_000u64 {
        let (g, _) = play_random(Variant::HungarianIllustrated, 5, seed, &[], seed < 50);
        check_outcome(&g, 94);
        let out = g.outcome().expect("over");
        let dealer = hungarian(&g).table_info().dealer;
        assert_eq!(
            out.ledger.totals[dealer], 0,
            "the dealer sitting out neither wins nor loses"
        );
    }
}

#[test]
fn random_deals_under_non_default_options() {
    let opts: &[(&str, &str)] = &[
        ("hold_rule", "old"),
        ("jump_to_solo_means", "XVIII"),
        ("annul_timing", "before_discard"),
        ("xx_discardable", "false"),
        ("allow_ulti_to_uhu_upgrade", "false"),
        ("double_and_volat_same_turn", "true"),
        ("max_kontra_level", "3"),
        ("tarokk_declaration_identifies_side", "true"),
        ("sas_bonuses", "true"),
        ("pagat_catch_bonus", "true"),
        ("overcaller_must_announce", "true"),
        ("skip_trull_only_three", "true"),
    ];
    for seed in 0..2_000u64 {
        let (g, _) = play_random(Variant::HungarianIllustrated, 4, seed, opts, seed < 100);
        check_outcome(&g, 94);
    }
}

#[test]
fn random_paskievics_and_high_deals() {
    for seed in 0..1_000u64 {
        let (g, _) = play_random(Variant::HungarianPaskievics, 4, seed, &[], seed < 50);
        check_outcome(&g, 94);
        let (g, _) = play_random(Variant::HungarianHigh, 4, seed, &[], seed < 50);
        check_outcome(&g, 94);
        let (g, _) = play_random(
            Variant::HungarianIllustrated,
            4,
            seed,
            &[("pack", "54")],
            seed < 50,
        );
        check_outcome(&g, 106);
    }
}

#[test]
fn replay_reproduces_the_game() {
    for seed in 0..200u64 {
        let setup = Setup::seeded(
            Variant::HungarianIllustrated,
            4,
            Seat::new(0),
            seed_from_u64(seed),
        );
        let mut g = AnyGame::new(&setup).expect("valid");
        let mut rng = DealRng::from_seed(seed_from_u64(seed + 7));
        let mut record: Vec<Action> = Vec::new();
        while g.to_act().is_some() {
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len() as u32) as usize];
            record.push(a);
            g.play_unchecked(a);
        }
        let replayed = AnyGame::replay(&setup, &record).expect("a recorded game replays");
        assert_eq!(replayed, g);
        // The notation of every action parses back to the action.
        for a in &record {
            assert_eq!(a.to_string().parse::<Action>().as_ref(), Ok(a));
        }
    }
}
