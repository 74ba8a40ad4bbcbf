//! Property tests over many seeded random complete Hungarian deals: from the auction to the
//! settlement, with uniformly random legal actions. 10,000 deals each of illustrated (four and
//! five players), Paskievics, High Tarokk and the 54-card game, and fewer under other options:
//! cards are conserved after every action, every listed action is legal and distinct (the whole
//! action space is tried on the first deals), `Game::pick_legal` finds the listed action at an
//! index without the list, every deal ends, card points total 94 or 106, and
//! the active players' results sum to zero.

mod listing;

use listing::{check_listing, check_picks};
use tarock_engine::game::{Game, Observe};
use tarock_engine::hungarian::Phase;
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{Action, AnyGame, CardSet, End, Item, Seat, Setup, Variant};

fn hungarian(g: &AnyGame) -> &tarock_engine::Hungarian {
    g.as_hungarian().expect("only hungarian setups here")
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
    setup.options = Setup::option_pairs(options);
    let mut g = AnyGame::new(&setup).expect("valid setup");
    let pack = {
        let h = hungarian(&g);
        tarock_engine::Hungarian::shape(h.options()).pack.cards()
    };
    let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15));
    let mut steps = 0;
    while let Some(seat) = g.to_act() {
        // A five-handed table's dealer sits out: it never acts (HU-DEAL-01).
        assert!(
            hungarian(&g).table_info().is_active(seat),
            "seed {seed}: the sitting-out dealer is asked to act"
        );
        let legal = g.legal_actions();
        check_listing(&g, &legal, seed, hungarian(&g).phase(), full_space);
        let k = rng.below(legal.len() as u32) as usize;
        // `pick_legal` finds the action at any index of the listing without the list: every
        // index on the first deals, the first, the last and the chosen one on the others; an
        // index past the end is no action.
        let n = legal.len();
        let picks: Vec<usize> = if full_space {
            (0..=n).collect()
        } else {
            vec![0, k, n - 1, n]
        };
        check_picks(&g, &legal, seed, picks);
        let a = legal[k];
        g = g.play(a).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_conserved(&g, pack);
        steps += 1;
        assert!(steps < 3_000, "seed {seed}: the deal does not terminate");
    }
    assert!(g.legal_actions().is_empty());
    assert_eq!(
        g.pick_legal(|_| panic!("seed {seed}: pick_legal asks for a choice in a finished hand")),
        None
    );
    (g, steps)
}

/// Checks a finished deal: the ledger is zero-sum; a played hand's card points add up to
/// `total`; the active players' results sum to zero, so a sitting-out dealer gets nothing, unless
/// talon honours are paid to the dealer (PK-SCORE-01), the only lines the dealer takes part in.
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
    let table = h.table_info();
    let active: i64 = Seat::all(table.seats)
        .filter(|&s| table.is_active(s))
        .map(|s| out.ledger.totals[s])
        .sum();
    if let Some(dealer) = table.sitting_out {
        let honours: i64 = out
            .ledger
            .items
            .iter()
            .map(|l| {
                if l.item != Item::TalonHonour {
                    assert_eq!(l.payments[dealer], 0, "the dealer in {:?}", l.item);
                }
                l.payments[dealer]
            })
            .sum();
        assert!(honours >= 0 && (honours == 0 || h.options().talon_honours_pay_dealer));
        assert_eq!(out.ledger.totals[dealer], honours);
        assert_eq!(active, -honours);
    } else {
        assert_eq!(active, 0);
    }
}

/// Plays `deals` seeded random deals of one configuration, checking the whole action space at
/// every step of the first `full_space` of them; returns how many were played to the end.
fn random_deals(
    variant: Variant,
    seats: u8,
    options: &[(&str, &str)],
    deals: u64,
    full_space: u64,
) -> usize {
    let total = if options.contains(&("pack", "54")) {
        106
    } else {
        94
    };
    let mut played = 0;
    for seed in 0..deals {
        let (g, _) = play_random(variant, seats, seed, options, seed < full_space);
        check_outcome(&g, total);
        if g.outcome().map(|o| o.end) == Some(End::Played) {
            played += 1;
        }
    }
    played
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

// rule: HU-DEAL-13, HU-DEAL-01, HU-SCORE-59, HU-SCORE-56, HU-SCORE-02
#[test]
fn ten_thousand_random_five_player_illustrated_deals() {
    let played = random_deals(Variant::HungarianIllustrated, 5, &[], 10_000, 60);
    assert!(
        played > 2_000,
        "only {played} of 10000 deals were played out"
    );
}

// rule: PK-SCORE-01, HU-DEAL-01, HU-SCORE-56
#[test]
fn random_five_player_paskievics_deals_pay_talon_honours_to_the_dealer() {
    let played = random_deals(Variant::HungarianPaskievics, 5, &[], 2_000, 20);
    assert!(played > 400, "only {played} of 2000 deals were played out");
}

// rule: HU-SCORE-02, HU-SCORE-56
#[test]
fn ten_thousand_random_paskievics_deals() {
    let played = random_deals(Variant::HungarianPaskievics, 4, &[], 10_000, 60);
    assert!(
        played > 2_000,
        "only {played} of 10000 deals were played out"
    );
}

// rule: HU-SCORE-02, HU-SCORE-56
#[test]
fn ten_thousand_random_high_tarokk_deals() {
    let played = random_deals(Variant::HungarianHigh, 4, &[], 10_000, 0);
    assert!(
        played > 2_000,
        "only {played} of 10000 deals were played out"
    );
}

// rule: HV-SCORE-20, HU-SCORE-56
#[test]
fn ten_thousand_random_54_card_deals() {
    let played = random_deals(
        Variant::HungarianIllustrated,
        4,
        &[("pack", "54")],
        10_000,
        30,
    );
    assert!(
        played > 2_000,
        "only {played} of 10000 deals were played out"
    );
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
