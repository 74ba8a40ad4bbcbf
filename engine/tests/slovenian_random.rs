//! Property tests over many seeded random complete Slovenian deals, at three, four and five
//! seats, from the auction to the score sheet: cards are conserved after every action, every
//! listed action is legal and distinct, no action outside the list applies (the whole action
//! space is tried on the first deals), `Game::pick_legal` finds the listed action at an index,
//! every deal ends, the two sides' card points total 70, the sides score as the rules say, and
//! a replay of the record reaches the same game.
//!
//! The bidding policy is mixed so that every contract is reached: most auctions pass towards
//! forehand, who then picks among klop, three and the rest.

mod listing;

use listing::{check_listing, check_picks};
use std::collections::BTreeMap;
use tarock_engine::count::{count, CountMethod};
use tarock_engine::game::{Game, Observe};
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::slovenian::Phase;
use tarock_engine::{
    Action, AnyGame, Contract, End, Item, Pack, Seat, Setup, Slovenian, Team, Variant,
};

const SI: Variant = Variant::SlovenianTarok;

fn si(g: &AnyGame) -> &Slovenian {
    g.as_slovenian().expect("only Slovenian setups here")
}

fn assert_conserved(g: &Slovenian, seats: u8, seed: u64) {
    let pack = Pack::Tarock54.cards();
    let mut seen = g.talon_remaining() | g.current_trick().cards();
    let mut n = seen.len();
    for s in Seat::all(seats) {
        for set in [g.hand(s), g.won(s), g.discards(s)] {
            assert!(!seen.intersects(set), "seed {seed}: a card in two places");
            seen |= set;
            n += set.len();
        }
    }
    assert_eq!(seen, pack, "seed {seed}: cards lost or invented");
    assert_eq!(n, 54);
}

fn setup(seed: u64, seats: u8, options: &[(&str, &str)]) -> Setup {
    Setup::seeded(
        SI,
        seats,
        Seat::new((seed % u64::from(seats)) as u8),
        seed_from_u64(seed),
    )
    .with_options(options)
}

fn play(
    seed: u64,
    seats: u8,
    options: &[(&str, &str)],
    full_space: bool,
    rng: &mut DealRng,
) -> (AnyGame, Vec<Action>) {
    let mut g = AnyGame::new(&setup(seed, seats, options)).expect("valid setup");
    let mut record = Vec::new();
    // Per deal: mostly pass (forehand then chooses), sometimes bid at random.
    let pass_rate = [9, 9, 4, 1][rng.below(4) as usize];
    while g.to_act().is_some() {
        let legal = g.legal_actions();
        check_listing(&g, &legal, seed, si(&g).phase(), full_space);
        let pass = legal.iter().position(|&a| a == Action::Pass);
        let k = match pass {
            Some(p) if rng.below(10) < pass_rate => p,
            _ => rng.below(legal.len() as u32) as usize,
        };
        check_picks(&g, &legal, seed, [0, k, legal.len() - 1, legal.len()]);
        let a = legal[k];
        record.push(a);
        g = g.play(a).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_conserved(si(&g), seats, seed);
        assert!(record.len() < 200, "seed {seed}: the deal does not end");
    }
    (g, record)
}

/// Checks the finished deal; returns its contract (`None` for a hand thrown in).
fn check(
    g: &AnyGame,
    record: &[Action],
    seed: u64,
    seats: u8,
    options: &[(&str, &str)],
) -> Option<Contract> {
    let out = g.outcome().expect("over");
    let s = si(g);
    assert_eq!(s.phase(), Phase::Over(out.end));
    assert!(out.ledger.is_balanced(), "seed {seed}: {:?}", out.ledger);
    let replayed = AnyGame::replay(&setup(seed, seats, options), record).expect("replays");
    assert_eq!(&replayed, g, "seed {seed}: replay");
    if let End::ThrownIn(p) = out.end {
        // rule: SI-DEAL-04
        assert!(!s.deal().hands[p].intersects(tarock_engine::CardSet::TAROKKS));
        assert!(out.ledger.items.is_empty());
        return None;
    }
    assert_eq!(out.end, End::Played);
    let contract = s.contract().expect("a contract was played");
    let table = s.table_info();
    if contract == Contract::Klop {
        // Every pile, talon cards included, makes the pack's 70 (SI-SCORE-01, SI-TALON-07).
        let total: i64 = Seat::all(seats)
            .filter(|&p| table.is_active(p))
            .map(|p| count(CountMethod::ThreesMinusTwo, s.won(p)))
            .sum();
        assert!((total - 70).abs() <= 2, "seed {seed}: klop piles {total}");
        assert_eq!(s.tricks().len(), 48 / usize::from(table.active_count()));
        return Some(contract);
    }
    let [mine, theirs] = out.ledger.card_points.expect("counted");
    assert_eq!(mine + theirs, 70, "seed {seed}");
    // The defenders are never credited; declarer and partner get the same (SI-SCORE-05).
    let (declarer, _) = s.declarer().expect("a declarer");
    for line in &out.ledger.items {
        for p in Seat::all(seats) {
            let v = line.payments[p];
            if line.item == Item::Bonus(tarock_engine::Bonus::XxiCatch) {
                continue;
            }
            if s.team_of(p) == Team::Opponents {
                assert_eq!(v, 0, "seed {seed}: a defender credited: {line:?}");
            } else {
                assert_eq!(v, line.payments[declarer], "seed {seed}: {line:?}");
            }
        }
    }
    Some(contract)
}

fn run(seats: u8, deals: u64, options: &[(&str, &str)], salt: u64) -> BTreeMap<String, u32> {
    let mut seen = BTreeMap::new();
    for seed in 0..deals {
        let mut rng = DealRng::from_seed(seed_from_u64(seed ^ salt));
        let (g, record) = play(seed, seats, options, seed < 30, &mut rng);
        let c = check(&g, &record, seed, seats, options);
        let key = c.map_or("thrown in", Contract::word).to_owned();
        *seen.entry(key).or_insert(0) += 1;
    }
    seen
}

// rule: SI-DEAL-01, SI-DEAL-03, SI-PLAY-10, SI-SCORE-01, SI-SCORE-05, SI-BID-01
#[test]
fn ten_thousand_random_deals_at_each_table() {
    for seats in [3u8, 4, 5] {
        let seen = run(seats, 10_000, &[], 0x51 + u64::from(seats));
        // Every contract the table has is reached.
        let contracts: &[Contract] = if seats == 3 {
            &[
                Contract::Klop,
                Contract::Three,
                Contract::Two,
                Contract::One,
                Contract::Beggar,
                Contract::SoloWithout,
                Contract::OpenBeggar,
                Contract::ColourValat,
                Contract::Valat,
            ]
        } else {
            &Contract::SLOVENIAN
        };
        for c in contracts {
            assert!(
                seen.get(c.word()).copied().unwrap_or(0) >= 20,
                "{seats} seats: {} reached too rarely: {seen:?}",
                c.word()
            );
        }
        if seats == 3 {
            for c in [Contract::SoloThree, Contract::SoloTwo, Contract::SoloOne] {
                assert!(!seen.contains_key(c.word()), "SI-BID-01");
            }
        }
    }
}

// rule: SI-CALL-03, SI-TALON-03, SI-PLAY-04, SI-SCORE-04, SI-SCORE-11
#[test]
fn random_deals_under_other_options() {
    let configs: [&[(&str, &str)]; 2] = [
        &[
            ("rounding", "none"),
            ("queen_call", "false"),
            ("emperor_order", "any"),
            ("openspiel_quirks", "true"),
        ],
        &[("discard_taroks", "free"), ("mond_penalty", "0")],
    ];
    for (i, opts) in configs.iter().enumerate() {
        for seats in [3u8, 4] {
            run(seats, 1_500, opts, (i as u64) << 20 | u64::from(seats));
        }
    }
}
