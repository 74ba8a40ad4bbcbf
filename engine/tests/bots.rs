//! The built-in bots: every choice is legal in every variant, choices are repeatable, the
//! heuristic bot sees only its seat's view, and it beats the random bot clearly.

use tarock_engine::game::{Game, Observe};
use tarock_engine::hungarian::bot::SeatKnowledge;
use tarock_engine::hungarian::Phase;
use tarock_engine::ledger::Team;
use tarock_engine::search;
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{Action, AnyGame, Bot, Budget, Card, End, Seat, Setup, Variant};

/// A variant, its number of seats and rule options.
type Config = (Variant, u8, &'static [(&'static str, &'static str)]);

/// One seeded deal played by `bots` (one per seat); the finished game.
fn play(variant: Variant, seats: u8, seed: u64, bots: &[Bot], options: &[(&str, &str)]) -> AnyGame {
    let mut setup = Setup::seeded(
        variant,
        seats,
        Seat::new((seed % u64::from(seats)) as u8),
        seed_from_u64(seed),
    );
    setup.options = Setup::option_pairs(options);
    let mut g = AnyGame::new(&setup).expect("valid setup");
    let mut steps = 0;
    let mut history = Vec::new();
    while let Some(seat) = g.to_act() {
        let bot = bots[seat.index()];
        let a = bot
            .choose(&g, &history, seed, Budget::worlds(8))
            .expect("the history leads to the position")
            .expect("a bot acts while the hand is on");
        history.push(a);
        g = g
            .play(a)
            .unwrap_or_else(|e| panic!("{bot} chose an illegal {a}: {}", e.violation));
        steps += 1;
        assert!(steps < 2000, "deal {seed} does not end");
    }
    g
}

fn hungarian(g: &AnyGame) -> &tarock_engine::Hungarian {
    g.as_hungarian().expect("only hungarian setups here")
}

fn totals(g: &AnyGame, seats: u8) -> Vec<i64> {
    let ledger = g.outcome().expect("over").ledger;
    assert!(ledger.is_balanced(), "settlement does not add up");
    (0..seats).map(|s| ledger.totals[Seat::new(s)]).collect()
}

/// Mean and standard error of the mean.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

// rule: HU-BID-01, HU-TALON-01, HU-CALL-01, HU-ANN-01, HU-PLAY-01 (every bot choice is legal in
// every phase of every variant; `play` checks each one)
#[test]
fn bots_play_only_legal_actions_in_every_variant() {
    let mixes = [
        [Bot::Heuristic; 5],
        [
            Bot::Heuristic,
            Bot::Random,
            Bot::Heuristic,
            Bot::Random,
            Bot::Heuristic,
        ],
    ];
    let configs: [Config; 15] = [
        (Variant::HungarianIllustrated, 4, &[]),
        (Variant::HungarianIllustrated, 5, &[]),
        (Variant::HungarianPaskievics, 4, &[]),
        (Variant::HungarianHigh, 4, &[]),
        (Variant::HungarianIllustrated, 4, &[("pack", "54")]),
        (Variant::PolishKrolami, 4, &[]),
        (
            Variant::PolishKrolami,
            4,
            &[("talon_procedure", "exposed"), ("dealing", "packets")],
        ),
        (Variant::AustrianIllustrated, 3, &[]),
        (
            Variant::AustrianIllustrated,
            3,
            &[("all_pass_action", "trischaken"), ("kontra_rules", "beck")],
        ),
        (
            Variant::AustrianIllustrated,
            3,
            &[
                ("all_pass_action", "graz_keep"),
                ("bonus_declaration_timing", "graz"),
                ("point_bonuses", "graz"),
                ("valat_scoring", "graz"),
            ],
        ),
        (
            Variant::AustrianIllustrated,
            3,
            &[("owl_pre_ultimo", "true"), ("mondfang_bonus", "true")],
        ),
        (Variant::DanishTarok, 3, &[]),
        (Variant::DanishTarok, 4, &[]),
        (
            Variant::DanishTarok,
            3,
            &[
                ("fool_lead_suit", "next_card"),
                ("fool_endplay", "before_last_three"),
                ("danish_discard_rules", "simple4pt"),
            ],
        ),
        (
            Variant::DanishTarok,
            4,
            &[
                ("call_for_fool", "true"),
                ("fool_endplay", "before_last_two"),
            ],
        ),
    ];
    for (variant, seats, options) in configs {
        let mut played = 0;
        for seed in 0..300 {
            let g = play(variant, seats, seed, &mixes[(seed % 2) as usize], options);
            if g.outcome().map(|o| o.end) == Some(End::Played) {
                played += 1;
            }
            let _ = totals(&g, seats);
        }
        // Heuristic bidders take most hands to play rather than throwing them in.
        assert!(
            played > 150,
            "{variant:?}/{seats}: only {played} of 300 hands played"
        );
    }
}

#[test]
fn choices_repeat_for_the_same_seed() {
    for seed in 0..20 {
        for bot in Bot::ALL {
            let a = play(Variant::HungarianIllustrated, 4, seed, &[bot; 4], &[]);
            let b = play(Variant::HungarianIllustrated, 4, seed, &[bot; 4], &[]);
            assert_eq!(a, b);
        }
    }
}

/// The heuristic bot's first moves of deal `seed` of `variant` (`seed % 70` of them, fewer if
/// the hand ends), and the position they reach with the same deal after one card each of two
/// other seats' hands, still held and unseen by the seat to act, is exchanged: `(game, swapped,
/// the seat to act, the actions that led to both)`. `None` when there is no seat to act, no such cards, or the
/// prefix no longer replays (a swap can change what others were obliged to play).
fn unseen_swap(variant: Variant, seed: u64) -> Option<(AnyGame, AnyGame, Seat, Vec<Action>)> {
    let seats = variant.seat_counts()[0];
    let setup = Setup::seeded(variant, seats, Seat::new(0), seed_from_u64(seed));
    let start = AnyGame::new(&setup).unwrap();
    let mut g = start;
    let mut prefix = Vec::new();
    while prefix.len() < (seed % 70) as usize {
        let Some(a) = Bot::Heuristic
            .choose(&g, &prefix, seed, Budget::default())
            .unwrap()
        else {
            break;
        };
        prefix.push(a);
        g = g.play(a).unwrap();
    }
    let me = g.to_act()?;
    let visible = g.visible(tarock_engine::Viewer::Seat(me));
    let others: Vec<Seat> = Seat::all(seats).filter(|&s| s != me).collect();
    let n = others.len();
    let (a, b) = (others[seed as usize % n], others[(seed as usize + 1) % n]);
    let hidden = |s: Seat| (g.hand(s) & start.deal().hands[s]) - visible.hands[s];
    let (ca, cb) = (hidden(a).lowest()?, hidden(b).highest()?);
    let mut hands: Vec<Vec<tarock_engine::Card>> = Seat::all(seats)
        .map(|s| start.deal().hands[s].into_iter().collect())
        .collect();
    for c in hands.iter_mut().flatten() {
        if *c == ca {
            *c = cb;
        } else if *c == cb {
            *c = ca;
        }
    }
    let mut builder = tarock_engine::DealBuilder::new().talon(start.deal().talon());
    for (s, cards) in hands.iter().enumerate() {
        builder = builder.hand(s as u8, cards);
    }
    let mut swapped_setup = setup.clone();
    swapped_setup.deal = tarock_engine::DealSource::Explicit(builder);
    let swapped = AnyGame::replay(&swapped_setup, &prefix).ok()?;
    assert_ne!(g.hand(a), swapped.hand(a), "the swap changed nothing");
    Some((g, swapped, me, prefix))
}

/// The search bot's whole decision (its choice, the worlds drawn and every candidate's value)
/// is the same for two games the seat cannot tell apart.
fn search_sees_only_its_seat(
    g: &AnyGame,
    swapped: &AnyGame,
    me: Seat,
    prefix: &[Action],
    seed: u64,
) {
    // What the rules make public about hidden holdings (the Danish melds, declared and
    // discarded tarokk counts) may differ after a swap: the seat can tell those games apart.
    let facts = |x: &AnyGame| {
        Seat::all(x.table_info().seats)
            .map(|s| {
                let melds = x.as_danish().and_then(|d| d.melds_of(s));
                format!(
                    "{:?} {:?} {melds:?}",
                    x.declared_count(s),
                    x.discarded_tarokks(s)
                )
            })
            .collect::<Vec<_>>()
    };
    if facts(g) != facts(swapped) {
        return;
    }
    let budget = Budget::worlds(3);
    let a = search::decide(g, prefix, seed, budget).expect("the prefix leads to the game");
    let b = search::decide(swapped, prefix, seed, budget).expect("the prefix leads to the game");
    assert_eq!(
        a, b,
        "deal {seed}: the search changed with cards seat {me} cannot see"
    );
}

/// The heuristic's and the search bot's knowledge is the seat's view: at any point of a deal,
/// two games that differ only in cards the acting seat cannot see (one card swapped between two
/// other hands, both still unplayed) give it the same knowledge and the same choice.
#[test]
fn heuristic_sees_only_its_seat() {
    let mut checked = 0;
    let mut phases = std::collections::HashSet::new();
    for seed in 0..400u64 {
        let Some((g, swapped, me, prefix)) = unseen_swap(Variant::HungarianIllustrated, seed)
        else {
            continue;
        };
        let k1 = SeatKnowledge::new(hungarian(&g), me);
        let k2 = SeatKnowledge::new(hungarian(&swapped), me);
        assert_eq!(k1.hand(), k2.hand());
        assert_eq!(k1.seen(), k2.seen());
        assert_eq!(
            Bot::Heuristic.choose(&g, &[], 1, Budget::default()),
            Bot::Heuristic.choose(&swapped, &[], 1, Budget::default()),
            "deal {seed}: the choice changed with cards seat {me} cannot see"
        );
        search_sees_only_its_seat(&g, &swapped, me, &prefix, seed);
        checked += 1;
        phases.insert(format!("{:?}", hungarian(&g).phase()));
    }
    assert!(checked > 150, "only {checked} positions checked");
    for p in ["Auction", "Discard", "Announce", "Play"] {
        assert!(phases.contains(p), "no position checked in {p}: {phases:?}");
    }
}

/// Over `seeds` deals of `variant`, the heuristic's choice and the search bot's decision never
/// change with cards the seat cannot see; more than `min` positions are checked, in every phase of `phases` (as `phase`
/// names a game's).
fn sees_only_its_seat(
    variant: Variant,
    seeds: u64,
    min: usize,
    phases: &[&str],
    phase: impl Fn(&AnyGame) -> String,
) {
    let mut checked = 0;
    let mut seen = std::collections::HashSet::new();
    for seed in 0..seeds {
        let Some((g, swapped, me, prefix)) = unseen_swap(variant, seed) else {
            continue;
        };
        assert_eq!(
            Bot::Heuristic.choose(&g, &[], 1, Budget::default()),
            Bot::Heuristic.choose(&swapped, &[], 1, Budget::default()),
            "deal {seed}: the choice changed with cards seat {me} cannot see"
        );
        search_sees_only_its_seat(&g, &swapped, me, &prefix, seed);
        checked += 1;
        seen.insert(phase(&g));
    }
    assert!(checked > min, "only {checked} positions checked");
    for p in phases {
        assert!(seen.contains(*p), "no position checked in {p}: {seen:?}");
    }
}

/// The Polish heuristic, too, sees only its seat.
#[test]
fn polish_heuristic_sees_only_its_seat() {
    sees_only_its_seat(
        Variant::PolishKrolami,
        600,
        200,
        &["Auction", "Call", "KingRound", "Announce", "Play"],
        |g| format!("{:?}", g.as_polish().expect("Polish").phase()),
    );
}

/// The Danish heuristic, too, sees only its seat.
#[test]
fn danish_heuristic_sees_only_its_seat() {
    sees_only_its_seat(Variant::DanishTarok, 600, 200, &["Discard", "Play"], |g| {
        format!("{:?}", g.as_danish().expect("Danish").phase())
    });
}

/// The Austrian heuristic, too, sees only its seat.
#[test]
fn austrian_heuristic_sees_only_its_seat() {
    sees_only_its_seat(
        Variant::AustrianIllustrated,
        900,
        200,
        &["Auction", "PreTalon", "Talon", "Announce", "Play"],
        |g| format!("{:?}", g.as_austrian().expect("Austrian").phase()),
    );
}

/// Mean payment per deal (with its standard error) of one heuristic bot, seated in turn at every
/// seat, and of the random bots at the other seats.
fn heuristic_edge(config: Config, deals: u64) -> ((f64, f64), (f64, f64)) {
    let (variant, seats, options) = config;
    let mut heuristic = Vec::new();
    let mut random = Vec::new();
    for seed in 0..deals {
        let hseat = (seed / 4 % u64::from(seats)) as usize;
        let mut bots = [Bot::Random; 5];
        bots[hseat] = Bot::Heuristic;
        let g = play(variant, seats, seed, &bots[..seats as usize], options);
        for (s, t) in totals(&g, seats).into_iter().enumerate() {
            if s == hseat {
                heuristic.push(t as f64);
            } else {
                random.push(t as f64);
            }
        }
    }
    (mean_se(&heuristic), mean_se(&random))
}

/// Over 2,000 seeded deals of Illustrated tarokk, one heuristic bot (in turn at every seat)
/// against three random bots earns clearly more than they do.
#[test]
fn heuristic_beats_random() {
    let ((hm, hse), (rm, rse)) = heuristic_edge((Variant::HungarianIllustrated, 4, &[]), 2000);
    eprintln!("heuristic {hm:.2} ± {hse:.2} per deal; random {rm:.2} ± {rse:.2}");
    // Zero-sum: the three random seats lose what the heuristic wins.
    assert!((hm + 3.0 * rm).abs() < 1e-6);
    assert!(
        hm - rm > 4.0 * (hse + rse),
        "heuristic {hm} ± {hse}, random {rm} ± {rse}"
    );
}

/// The heuristic bot also beats random bots in the other variants.
#[test]
fn heuristic_beats_random_in_every_variant() {
    let configs: [Config; 8] = [
        (Variant::DanishTarok, 3, &[]),
        (Variant::DanishTarok, 4, &[]),
        (Variant::HungarianIllustrated, 5, &[]),
        (Variant::HungarianPaskievics, 4, &[]),
        (Variant::HungarianHigh, 4, &[]),
        (Variant::HungarianIllustrated, 4, &[("pack", "54")]),
        (Variant::PolishKrolami, 4, &[]),
        (Variant::AustrianIllustrated, 3, &[]),
    ];
    for config in configs {
        let ((hm, hse), (rm, rse)) = heuristic_edge(config, 2000);
        eprintln!(
            "{:?}/{} {:?}: heuristic {hm:.2} ± {hse:.2}; random {rm:.2} ± {rse:.2}",
            config.0, config.1, config.2
        );
        assert!(
            hm - rm > 3.0 * (hse + rse),
            "{config:?}: heuristic {hm} ± {hse}, random {rm} ± {rse}"
        );
    }
}

/// Two heuristic partners against random opponents win the declarer's game more often than
/// random declarers do.
#[test]
fn heuristic_partners_win_more_games() {
    let rate = |bots: [Bot; 4]| {
        let (mut games, mut won) = (0u32, 0u32);
        for seed in 0..2000u64 {
            let g = play(Variant::HungarianIllustrated, 4, seed, &bots, &[]);
            let h = hungarian(&g);
            let (Some((declarer, _)), Some(partner)) = (h.declarer(), h.partner()) else {
                continue;
            };
            // Only hands where seats 0 and 2 formed the declarer's team.
            let team = [declarer.index(), partner.index()];
            let ours = team.contains(&0) && team.contains(&2);
            if !ours || !matches!(h.phase(), Phase::Over(End::Played)) {
                continue;
            }
            games += 1;
            let ledger = g.outcome().unwrap().ledger;
            let game_won = ledger
                .items
                .iter()
                .find(|i| i.item == tarock_engine::Item::Game)
                .is_some_and(|i| i.made && i.team == Some(Team::Declarer));
            won += u32::from(game_won);
        }
        (games, won)
    };
    let (hg, hw) = rate([Bot::Heuristic, Bot::Random, Bot::Heuristic, Bot::Random]);
    let (rg, rw) = rate([Bot::Random; 4]);
    let (hr, rr) = (f64::from(hw) / f64::from(hg), f64::from(rw) / f64::from(rg));
    eprintln!(
        "declarer's game won: heuristic partners {hw}/{hg} = {hr:.3}; random {rw}/{rg} = {rr:.3}"
    );
    assert!(hg >= 100 && rg >= 100, "too few hands: {hg}, {rg}");
    assert!(hr > rr + 0.1, "heuristic {hr}, random {rr}");
}

/// The search bot's decisions: repeatable for a seed, a value per legal action in their order,
/// one of them chosen, the heuristic's choice kept unless another did better; a history that
/// does not lead to the position is refused.
#[test]
fn search_decisions_are_sound() {
    use tarock_engine::search::{Fallback, SearchError};
    let mut searched = 0;
    for variant in Variant::ALL {
        for seed in 0..6u64 {
            let seats = variant.seat_counts()[0];
            let setup = Setup::seeded(variant, seats, Seat::new(0), seed_from_u64(seed));
            let mut g = AnyGame::new(&setup).unwrap();
            let mut history = Vec::new();
            while g.to_act().is_some() {
                let budget = Budget::worlds(4);
                let d = search::decide(&g, &history, seed, budget).unwrap().unwrap();
                assert_eq!(
                    d,
                    search::decide(&g, &history, seed, budget).unwrap().unwrap()
                );
                let legal = g.legal_actions();
                assert!(legal.contains(d.action));
                match d.fallback {
                    Some(Fallback::OneAction) => assert_eq!(legal.len(), 1),
                    Some(Fallback::NoWorlds(_)) => assert_eq!(d.action, d.heuristic),
                    None => {
                        searched += 1;
                        assert!(d.worlds >= 1 && d.worlds <= 4);
                        let listed: Vec<Action> = d.values.iter().map(|v| v.0).collect();
                        assert_eq!(listed, legal.as_slice());
                        let value = |a: Action| d.values.iter().find(|v| v.0 == a).unwrap().1;
                        // A switch away from the heuristic is to a better mean.
                        assert!(d.action == d.heuristic || value(d.action) > value(d.heuristic));
                    }
                }
                g = g.play(d.action).unwrap();
                history.push(d.action);
            }
            // A history one action short of the position.
            if let Some((_, shorter)) = history.split_last() {
                if g.to_act().is_none() {
                    continue;
                }
                assert!(matches!(
                    search::decide(&g, shorter, seed, Budget::worlds(1)),
                    Err(SearchError::HistoryMismatch { .. })
                ));
            }
        }
    }
    assert!(searched > 200, "only {searched} decisions searched");
}

/// The search bot weighs the Danish call for the fool like any other action: it is among the
/// candidates whenever it is legal, and every choice stays legal (the call does not end the
/// caller's turn).
// rule: DK-PLAY-15
#[test]
fn search_weighs_the_call_for_the_fool() {
    let mut offered = 0;
    for seed in 0..8u64 {
        let setup = Setup::seeded(Variant::DanishTarok, 3, Seat::new(0), seed_from_u64(seed))
            .with_options(&[("call_for_fool", "true")]);
        let mut g = AnyGame::new(&setup).unwrap();
        let mut history = Vec::new();
        while g.to_act().is_some() {
            let d = search::decide(&g, &history, seed, Budget::worlds(3))
                .unwrap()
                .unwrap();
            let legal = g.legal_actions();
            assert!(legal.contains(d.action));
            if legal.contains(Action::Call(Card::SKIZ)) && d.fallback.is_none() {
                assert!(d.values.iter().any(|v| v.0 == Action::Call(Card::SKIZ)));
                offered += 1;
            }
            g = g.play(d.action).unwrap();
            history.push(d.action);
        }
    }
    assert!(offered > 5, "the call was a candidate {offered} times");
}

/// In duplicate (every deal played four times, the search bot at each seat in turn against three
/// heuristic bots), the search bot earns more per deal than the heuristic bots, by more than
/// three standard errors of the paired difference: 200 deals of Illustrated tarokk, 32 worlds
/// per decision. (The arena benchmark measures every variant at the default budget.)
#[test]
fn search_beats_the_heuristic_in_duplicate() {
    let mut lead = Vec::new();
    for seed in 0..200u64 {
        let (mut mine, mut theirs) = (0.0, 0.0);
        for r in 0..4 {
            let mut bots = [Bot::Heuristic; 4];
            bots[r] = Bot::Search;
            let setup = Setup::seeded(
                Variant::HungarianIllustrated,
                4,
                Seat::new((seed % 4) as u8),
                seed_from_u64(seed),
            );
            let mut g = AnyGame::new(&setup).unwrap();
            let mut history = Vec::new();
            while let Some(s) = g.to_act() {
                let a = bots[s.index()]
                    .choose(&g, &history, seed, Budget::worlds(32))
                    .unwrap()
                    .unwrap();
                g = g.play(a).unwrap();
                history.push(a);
            }
            let t = totals(&g, 4);
            mine += t[r] as f64 / 4.0;
            theirs += t
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != r)
                .map(|(_, &x)| x as f64)
                .sum::<f64>()
                / 12.0;
        }
        lead.push(mine - theirs);
    }
    let (m, se) = mean_se(&lead);
    eprintln!("search − heuristic: {m:.2} ± {se:.2} per deal");
    assert!(m > 3.0 * se, "search − heuristic {m} ± {se}");
}
