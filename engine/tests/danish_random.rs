//! Property tests over many seeded random complete Danish deals, from the opening to the
//! settlement with random legal actions, three and four at the table: cards are conserved after
//! every action, the listing agrees with `check` and the ids (the whole action space on the
//! first deals), every deal ends in 25 tricks or a misdeal, the counts total 78, every ledger
//! line balances with the pots, the pots never go negative, and a replay of the record reaches
//! the same game.

mod listing;

use listing::{check_listing, check_picks};
use tarock_engine::danish::game::TRICKS;
use tarock_engine::game::{Game, Observe};
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{Action, AnyGame, Card, Danish, End, Pack, Seat, Setup, Variant};

fn dk(g: &AnyGame) -> &Danish {
    g.as_danish().expect("only Danish setups here")
}

/// The hand of `seed`: its options, and the pots it starts with (the match's).
#[derive(Clone, Copy)]
struct Config<'a> {
    options: &'a [(&'a str, &'a str)],
    pots: [i64; 2],
}

const PLAIN: Config<'static> = Config {
    options: &[],
    pots: [0, 0],
};

fn setup(seed: u64, seats: u8, config: Config<'_>) -> Setup {
    let mut s = Setup::seeded(
        Variant::DanishTarok,
        seats,
        Seat::new((seed % u64::from(seats)) as u8),
        seed_from_u64(seed),
    )
    .with_options(config.options);
    s.carried.pots = config.pots;
    s
}

/// Every card is in exactly one place: a hand, a pile, the skat or the trick in progress.
fn assert_conserved(d: &Danish, seed: u64) {
    let mut seen = d.current_trick().cards();
    let mut count = seen.len();
    let dealer = d.table_info().dealer;
    for s in Seat::all(d.table_info().seats) {
        for set in [d.hand(s), d.won(s), d.discards(s)] {
            assert!(!seen.intersects(set), "seed {seed}: a card in two places");
            seen |= set;
            count += set.len();
        }
        if !d.table_info().is_active(s) {
            assert!(
                d.hand(s).is_empty() && d.won(s).is_empty(),
                "seed {seed}: {s} sits out"
            );
        }
    }
    assert_eq!(
        seen,
        Pack::French78.cards(),
        "seed {seed}: cards lost or invented"
    );
    assert_eq!(count, 78);
    assert!(d.discards(dealer).len() <= 3);
}

fn play(
    seed: u64,
    seats: u8,
    config: Config<'_>,
    full_space: bool,
    rng: &mut DealRng,
) -> (AnyGame, Vec<Action>) {
    let mut g = AnyGame::new(&setup(seed, seats, config)).expect("valid setup");
    let mut record = Vec::new();
    while g.to_act().is_some() {
        let legal = g.legal_actions();
        check_listing(&g, &legal, seed, dk(&g).phase(), full_space);
        let k = rng.below(legal.len() as u32) as usize;
        check_picks(&g, &legal, seed, [0, k, legal.len() - 1, legal.len()]);
        let a = legal[k];
        record.push(a);
        g = g.play(a).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_conserved(dk(&g), seed);
        assert!(record.len() < 200, "seed {seed}: the deal does not end");
    }
    (g, record)
}

fn check(g: &AnyGame, record: &[Action], seed: u64, seats: u8, config: Config<'_>) -> End {
    let d = dk(g);
    let out = g.outcome().expect("over");
    let l = &out.ledger;
    assert!(l.is_balanced(), "seed {seed}: {l:#?}");
    let start = [d.options().pagat_pot, d.options().king_pot];
    let mut pots = start;
    for line in &l.items {
        for (p, x) in pots.iter_mut().zip(line.pots) {
            *p += x;
            assert!(*p >= 0, "seed {seed}: a pot below zero: {line:?}");
        }
    }
    assert_eq!(l.pots, Some(pots), "seed {seed}");
    if out.end == End::Played {
        assert_eq!(d.tricks().len(), TRICKS);
        let active: Vec<Seat> = Seat::all(seats)
            .filter(|&s| d.table_info().is_active(s))
            .collect();
        let counts: i64 = active.iter().map(|&s| d.count_of(s)).sum();
        assert_eq!(counts, 78, "seed {seed}");
        let tricks: u32 = active.iter().map(|&s| u32::from(d.tricks_won(s))).sum();
        assert_eq!(tricks as usize, TRICKS);
        // The sitting-out player pays foundations only.
        for s in Seat::all(seats).filter(|s| !active.contains(s)) {
            assert!(l.items.iter().all(|i| i.payments[s] <= 0));
        }
    } else {
        assert!(
            matches!(out.end, End::ThrownIn(_)),
            "seed {seed}: {:?}",
            out.end
        );
    }
    let replayed =
        AnyGame::replay(&setup(seed, seats, config), record).expect("the record replays");
    assert_eq!(&replayed, g, "seed {seed}: replay");
    out.end
}

// rule: DK-DEAL-01, DK-DEAL-09, DK-PLAY-07, DK-SCORE-01, DK-SCORE-26, DK-MATCH-03
#[test]
fn thousands_of_random_deals() {
    for seats in [3u8, 4] {
        let mut played = 0;
        for seed in 0..3_000u64 {
            let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0xd4));
            let (g, record) = play(seed, seats, PLAIN, seed < 20, &mut rng);
            if check(&g, &record, seed, seats, PLAIN) == End::Played {
                played += 1;
            }
        }
        assert!(played > 2_900, "{seats} seats: only {played} played");
    }
}

// rule: DK-PLAY-11, DK-PLAY-12, DK-PLAY-13, DK-PLAY-15, DK-TALON-08, DK-SCORE-11
#[test]
fn random_deals_under_every_non_default_option() {
    let configs: [Config<'_>; 4] = [
        Config {
            options: &[
                ("fool_endplay", "must_play_before_last"),
                ("fool_lead_suit", "next_card"),
                ("pay_pagat_trick_win", "false"),
            ],
            pots: [35, 140],
        },
        Config {
            options: &[
                ("fool_endplay", "before_last_three"),
                ("fool_exchange_card", "true"),
                ("danish_discard_rules", "simple4pt"),
                ("tout_payment", "135"),
                ("pot_foundation", "40"),
            ],
            pots: [0, 0],
        },
        Config {
            options: &[("fool_exchange_card", "true")],
            pots: [0, 5],
        },
        Config {
            options: &[
                ("call_for_fool", "true"),
                ("fool_endplay", "before_last_two"),
            ],
            pots: [0, 0],
        },
    ];
    for (i, &config) in configs.iter().enumerate() {
        for seed in 0..800u64 {
            let mut rng = DealRng::from_seed(seed_from_u64(seed ^ (i as u64) << 20));
            let seats = 3 + (seed % 2) as u8;
            let (g, record) = play(seed, seats, config, seed < 6, &mut rng);
            check(&g, &record, seed, seats, config);
        }
    }
}

// rule: DK-PLAY-15, DK-MATCH-20
#[test]
fn a_call_for_the_fool_is_answered_in_its_trick() {
    // Random deals where the player on lead calls whenever he may, one time in two: at most one
    // call a hand, never by the fool's holder, and the fool is played to the trick of the call
    // unless it lies in the skat.
    let options = [("call_for_fool", "true")];
    let mut calls = 0;
    for seed in 0..600u64 {
        let seats = 3 + (seed % 2) as u8;
        let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0xca11));
        let config = Config {
            options: &options,
            pots: [0, 0],
        };
        let mut g = AnyGame::new(&setup(seed, seats, config)).expect("valid setup");
        let mut call: Option<(Seat, usize)> = None;
        while let Some(me) = g.to_act() {
            let legal = g.legal_actions();
            check_listing(&g, &legal, seed, dk(&g).phase(), seed < 10);
            let a = if legal.contains(Action::Call(Card::SKIZ)) && rng.below(2) == 0 {
                Action::Call(Card::SKIZ)
            } else {
                let plays: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, Action::Call(_)))
                    .collect();
                plays[rng.below(plays.len() as u32) as usize]
            };
            if a == Action::Call(Card::SKIZ) {
                assert!(call.is_none(), "seed {seed}: a second call");
                assert!(!dk(&g).hand(me).contains(Card::SKIZ), "seed {seed}");
                call = Some((me, dk(&g).tricks().len()));
                calls += 1;
            }
            g = g.play(a).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_conserved(dk(&g), seed);
        }
        let d = dk(&g);
        if let Some((_, trick)) = call {
            let in_skat = d.discards(d.table_info().dealer).contains(Card::SKIZ);
            let answered = d
                .tricks()
                .get(trick)
                .is_some_and(|t| t.cards().contains(Card::SKIZ));
            assert!(
                answered || in_skat,
                "seed {seed}: the call in trick {trick}"
            );
        }
        assert!(d.fool_called() == call.is_some(), "seed {seed}");
    }
    assert!(calls > 300, "{calls} calls");
}
