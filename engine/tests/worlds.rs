//! World sampling: every sampled world replays and shows the seat what the real hand showed it;
//! the sampler is uniform (compared with a slow reference by chi-square); it reads nothing the
//! seat cannot see; bad input is refused.

use tarock_engine::game::{Game, Observe, Stage, Viewer};
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{Action, AnyGame, Card, Seat, Setup, Variant, World, WorldError, Worlds};

/// A seeded hand of `variant` at `seats`, dealt by seat 0.
fn dealt(variant: Variant, seats: u8, seed: u64) -> AnyGame {
    AnyGame::new(&Setup::seeded(
        variant,
        seats,
        Seat::new(0),
        seed_from_u64(seed),
    ))
    .expect("a valid setup")
}

/// Random play from `g`, stopping before action `stop` or at the end.
fn play(g: &AnyGame, rng: &mut DealRng, stop: usize) -> (AnyGame, Vec<Action>) {
    let mut g = *g;
    let mut actions = Vec::new();
    while actions.len() < stop {
        let Some(a) = g.play_pick(|n| rng.below(n as u32) as usize) else {
            break;
        };
        actions.push(a);
    }
    (g, actions)
}

/// Random play until `stage` is reached (`None` if the hand ends first), then `extra` more
/// actions.
fn play_to(
    g: &AnyGame,
    rng: &mut DealRng,
    stage: Stage,
    extra: usize,
) -> Option<(AnyGame, Vec<Action>)> {
    let mut g = *g;
    let mut actions = Vec::new();
    while g.stage() != stage {
        let a = g.play_pick(|n| rng.below(n as u32) as usize)?;
        actions.push(a);
    }
    for _ in 0..extra {
        let a = g.play_pick(|n| rng.below(n as u32) as usize)?;
        actions.push(a);
    }
    Some((g, actions))
}

/// The actions with the discards `viewer` is not shown (in the final position `g`) masked, as
/// the service writes a history.
fn masked(dealt: &AnyGame, actions: &[Action], g: &AnyGame, viewer: Seat) -> Vec<Option<Action>> {
    let vis = g.visible(Viewer::Seat(viewer));
    let mut seats = Vec::new();
    dealt
        .replay_from(actions, |s| seats.push(s))
        .expect("the record replays");
    actions
        .iter()
        .zip(&seats)
        .map(|(&a, &s)| match a {
            Action::Discard(c) if !vis.discards[s].contains(c) => None,
            _ => Some(a),
        })
        .collect()
}

/// Checks that `w` replays from its deal and shows `seat` what the real hand shows it.
fn check_world(
    worlds: &Worlds,
    real_dealt: &AnyGame,
    real_actions: &[Action],
    seat: Seat,
    w: &World,
) {
    let real = real_dealt
        .replay_from(real_actions, |_| {})
        .expect("real replays");
    let wd = worlds.game_of(w);
    let wg = wd
        .replay_from(&w.actions, |_| {})
        .expect("a sampled world replays legally");
    assert_eq!(
        wd.deal().hands[seat],
        real_dealt.deal().hands[seat],
        "own dealt hand"
    );
    assert_eq!(wg.hand(seat), real.hand(seat), "own current hand");
    assert_eq!(
        wg.visible(Viewer::Seat(seat)),
        real.visible(Viewer::Seat(seat)),
        "visible cards"
    );
    assert_eq!(
        masked(&wd, &w.actions, &wg, seat),
        masked(real_dealt, real_actions, &real, seat),
        "the actions as the seat sees them"
    );
    assert_eq!(wg.stage(), real.stage());
    assert_eq!(wg.to_act(), real.to_act());
    // The seat's information state, which tells apart exactly the positions the seat can
    // (engine/tests/encodings.rs), is the same in the world.
    if real.table_info().is_active(seat) {
        let mut a = vec![0.0f32; real.info_state_size()];
        let mut b = vec![0.0f32; wg.info_state_size()];
        real.write_info_state(real_actions, seat, &mut a)
            .expect("the real hand encodes");
        wg.write_info_state(&w.actions, seat, &mut b)
            .expect("the world encodes");
        assert!(a == b, "the information state differs in a sampled world");
    }
    for s in Seat::all(real.table_info().seats) {
        assert_eq!(wg.hand(s).len(), real.hand(s).len());
        assert_eq!(wg.discarded_tarokks(s), real.discarded_tarokks(s));
        assert_eq!(wg.declared_count(s), real.declared_count(s));
        assert_eq!(
            wg.side_known_to(Viewer::Seat(seat), s),
            real.side_known_to(Viewer::Seat(seat), s)
        );
    }
}

#[test]
fn sampled_worlds_replay_and_show_the_seat_the_same() {
    let mut rates = Vec::new();
    for variant in Variant::ALL {
        for &seats in variant.seat_counts() {
            let (mut tried, mut ok) = (0u64, 0u64);
            for seed in 0..40u64 {
                let g0 = dealt(variant, seats, seed * 31 + u64::from(seats));
                let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0xabcd));
                let stop = rng.below(120) as usize;
                let (_, actions) = play(&g0, &mut rng, stop);
                let seat = Seat::new(rng.below(u32::from(seats)) as u8);
                let mut worlds = Worlds::new(&g0, &actions, seat)
                    .unwrap_or_else(|e| panic!("{variant} {seats} seed {seed}: {e}"));
                for _ in 0..4 {
                    let w = worlds.sample(&mut rng).unwrap_or_else(|e| {
                        panic!("{variant} {seats} seed {seed} stop {stop}: {e}")
                    });
                    check_world(&worlds, &g0, &actions, seat, &w);
                }
                // The position `sample_position` returns is the world's own after its actions.
                let mut w = World {
                    deal: *g0.deal(),
                    actions: Vec::new(),
                };
                let here = worlds
                    .sample_position(&mut rng, &mut w)
                    .unwrap_or_else(|e| panic!("{variant} {seats} seed {seed} stop {stop}: {e}"));
                check_world(&worlds, &g0, &actions, seat, &w);
                let replayed = worlds.game_of(&w).replay_from(&w.actions, |_| {});
                assert_eq!(Ok(here), replayed, "{variant} {seats} seed {seed}");
                let (t, a) = worlds.proposals();
                tried += t;
                ok += a;
            }
            rates.push(format!("{variant}/{seats}: {ok}/{tried}"));
        }
    }
    eprintln!("acceptance: {rates:?}");
}

// rule: DK-PLAY-15
#[test]
fn sampled_worlds_follow_a_call_for_the_fool() {
    // Danish hands where the player on lead calls for the fool: the call shows that he does not
    // hold it, and each card played to the trick after it that is not the fool shows that its
    // player does not either. Every world must agree, for every seat.
    let (mut seen, mut sampled, mut constrained) = (0, 0, 0);
    for seed in 0..60u64 {
        let seats = 3 + (seed % 2) as u8;
        let setup = Setup::seeded(
            Variant::DanishTarok,
            seats,
            Seat::new(0),
            seed_from_u64(seed + 500),
        )
        .with_options(&[("call_for_fool", "true")]);
        let g0 = AnyGame::new(&setup).expect("a valid setup");
        let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0xf001));
        let mut g = g0;
        let mut actions = Vec::new();
        let call = Action::Call(Card::SKIZ);
        // Play at random, calling at the call's first chance after a random number of them.
        let skip = rng.below(3);
        let mut chances = 0;
        while g.to_act().is_some() {
            let legal = g.legal_actions();
            if legal.contains(call) {
                if chances == skip {
                    break;
                }
                chances += 1;
            }
            let cards: Vec<Action> = legal.iter().copied().filter(|&a| a != call).collect();
            let a = cards[rng.below(cards.len() as u32) as usize];
            g = g.play(a).expect("legal");
            actions.push(a);
        }
        if g.to_act().is_none() {
            continue;
        }
        g = g.play(call).expect("the call is legal");
        actions.push(call);
        for _ in 0..rng.below(3) {
            let Some(a) = g.play_pick(|n| rng.below(n as u32) as usize) else {
                break;
            };
            actions.push(a);
        }
        for seat in Seat::all(seats).filter(|&s| g.table_info().is_active(s)) {
            let mut worlds =
                Worlds::new(&g0, &actions, seat).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            for _ in 0..4 {
                match worlds.sample(&mut rng) {
                    Ok(w) => {
                        check_world(&worlds, &g0, &actions, seat, &w);
                        sampled += 1;
                    }
                    // Declarations can leave the proposals few placements that replay, with the
                    // call or without it.
                    Err(WorldError::TooConstrained { .. }) => {
                        constrained += 1;
                        break;
                    }
                    Err(e) => panic!("seed {seed}: {e}"),
                }
            }
        }
        seen += 1;
    }
    assert!(seen > 30, "{seen} hands with a call");
    assert!(
        sampled > 300 && constrained < 10,
        "{sampled} worlds, {constrained} too constrained"
    );
}

#[test]
fn bad_input_is_refused() {
    let g = dealt(Variant::HungarianIllustrated, 4, 1);
    assert!(matches!(
        Worlds::new(&g, &[], Seat::new(4)),
        Err(WorldError::SeatNotAtTable { .. })
    ));
    let e = Worlds::new(&g, &[Action::Play(Card::PAGAT)], Seat::new(0));
    assert!(matches!(e, Err(WorldError::Replay(r)) if r.index == 0));
    let mut rng = DealRng::from_seed(seed_from_u64(3));
    let (_, mut actions) = play(&g, &mut rng, 30);
    actions.push(Action::Pass);
    actions.push(Action::Pass);
    let _ = Worlds::new(&g, &actions, Seat::new(1));
}

/// Where a card of a world lies, as a number: its dealt place (seat `0..5`, talon slot `5..`),
/// doubled, plus one if it is a hidden discard of the world.
fn locations(w: &World, hidden: &[usize]) -> Vec<(Card, usize)> {
    let mut out = Vec::new();
    let discarded: Vec<Card> = hidden
        .iter()
        .filter_map(|&k| match w.actions[k] {
            Action::Discard(c) => Some(c),
            _ => None,
        })
        .collect();
    let flag = |c: Card| usize::from(discarded.contains(&c));
    for (s, h) in w.deal.hands.0.iter().enumerate() {
        for c in *h {
            out.push((c, 2 * s + flag(c)));
        }
    }
    for (i, &c) in w.deal.talon().iter().enumerate() {
        out.push((c, 2 * (5 + i) + flag(c)));
    }
    out
}

/// The slow reference: a uniform deal with the seat's dealt hand fixed and its talon cards in
/// its slots (in a uniform order), every other card shuffled over the other places, each hidden
/// discard a uniform card of the discarder's hand at that moment (a fixed number of choices);
/// kept if consistent. Uniform over a superset of the consistent worlds, so uniform over them.
fn reference(
    worlds: &Worlds,
    real_dealt: &AnyGame,
    real_actions: &[Action],
    seat: Seat,
    rng: &mut DealRng,
) -> World {
    let real = real_dealt
        .replay_from(real_actions, |_| {})
        .expect("replays");
    let deal = real_dealt.deal();
    let mine = real.talon_received(seat);
    let talon = deal.talon();
    let (masked, hidden) = worlds.masked_actions();
    let my_slots: Vec<usize> = (0..talon.len())
        .filter(|&i| mine.contains(talon[i]))
        .collect();
    let mut others: Vec<Card> = Vec::new();
    for (s, h) in deal.hands.0.iter().enumerate() {
        if s != seat.index() {
            others.extend(*h);
        }
    }
    others.extend(talon.iter().copied().filter(|c| !mine.contains(*c)));
    loop {
        let mut cards = others.clone();
        tarock_engine::shuffle::shuffle(rng, &mut cards);
        let mut my_cards: Vec<Card> = mine.into_iter().collect();
        tarock_engine::shuffle::shuffle(rng, &mut my_cards);
        let mut hands = deal.hands;
        let mut next = cards.into_iter();
        for (s, h) in hands.0.iter_mut().enumerate() {
            if s == seat.index() {
                continue;
            }
            let n = h.len();
            *h = (&mut next).take(n as usize).collect();
        }
        let mut t: Vec<Card> = Vec::new();
        let mut mine_iter = my_cards.into_iter();
        for i in 0..talon.len() {
            if my_slots.contains(&i) {
                t.extend(mine_iter.next());
            } else {
                t.extend(next.next());
            }
        }
        let mut w = World {
            deal: tarock_engine::worlds::deal_from_parts(hands, &t),
            actions: masked.to_vec(),
        };
        let mut g = worlds.game_of(&w);
        let mut ok = true;
        for k in 0..w.actions.len() {
            if hidden.contains(&k) {
                let Some(actor) = g.to_act() else {
                    ok = false;
                    break;
                };
                let hand = g.hand(actor);
                let c = hand.nth(rng.below(hand.len())).expect("a card");
                w.actions[k] = Action::Discard(c);
            }
            if g.check(w.actions[k]).is_err() {
                ok = false;
                break;
            }
            g.play_unchecked(w.actions[k]);
        }
        if ok && worlds.is_consistent(&w) {
            return w;
        }
    }
}

/// The upper tail of the chi-square distribution with `df` degrees of freedom at `x`.
fn chi2_sf(x: f64, df: f64) -> f64 {
    // Regularised upper incomplete gamma Q(a, z), a = df/2, z = x/2 (series or continued
    // fraction, as in Numerical Recipes).
    let (a, z) = (df / 2.0, x / 2.0);
    if z <= 0.0 {
        return 1.0;
    }
    let ln_gamma = |v: f64| -> f64 {
        let c = [
            76.180_091_729_471_46,
            -86.505_320_329_416_77,
            24.014_098_240_830_91,
            -1.231_739_572_450_155,
            0.001_208_650_973_866_179,
            -0.000_005_395_239_384_953,
        ];
        let mut y = v;
        let tmp = v + 5.5 - (v + 0.5) * (v + 5.5).ln();
        let mut ser = 1.000_000_000_190_015;
        for ci in c {
            y += 1.0;
            ser += ci / y;
        }
        -tmp + (2.506_628_274_631_000_5 * ser / v).ln()
    };
    if z < a + 1.0 {
        let (mut sum, mut del, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1000 {
            ap += 1.0;
            del *= z / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        1.0 - sum * (-z + a * z.ln() - ln_gamma(a)).exp()
    } else {
        let mut b = z + 1.0 - a;
        let mut c = 1.0 / 1e-300;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < 1e-300 {
                d = 1e-300;
            }
            c = b + an / c;
            if c.abs() < 1e-300 {
                c = 1e-300;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (-z + a * z.ln() - ln_gamma(a)).exp() * h
    }
}

/// Samples `n_fast` worlds with the sampler and `n_ref` with the reference, and compares the
/// places of every card by a two-sample chi-square test; every place the reference finds for a
/// card must turn up in the sampler's worlds.
fn compare_with_reference(
    name: &str,
    real_dealt: &AnyGame,
    actions: &[Action],
    seat: Seat,
    n_fast: usize,
    n_ref: usize,
) {
    use std::collections::BTreeMap;
    let mut worlds = Worlds::new(real_dealt, actions, seat).expect("sampler");
    let hidden = worlds.masked_actions().1;
    let mut rng = DealRng::from_seed(seed_from_u64(0x51));
    let mut fast: BTreeMap<(Card, usize), u64> = BTreeMap::new();
    for _ in 0..n_fast {
        let w = worlds.sample(&mut rng).expect("a world");
        for key in locations(&w, &hidden) {
            *fast.entry(key).or_default() += 1;
        }
    }
    let mut slow: BTreeMap<(Card, usize), u64> = BTreeMap::new();
    let mut rng = DealRng::from_seed(seed_from_u64(0x52));
    for _ in 0..n_ref {
        let w = reference(&worlds, real_dealt, actions, seat, &mut rng);
        for key in locations(&w, &hidden) {
            *slow.entry(key).or_default() += 1;
        }
    }
    for key in slow.keys() {
        assert!(
            fast.contains_key(key),
            "{name}: card {} at place {} in the reference, never sampled",
            key.0,
            key.1
        );
    }
    let (n1, n2) = (n_fast as f64, n_ref as f64);
    let mut cards: Vec<Card> = fast.keys().map(|k| k.0).collect();
    cards.dedup();
    let mut worst = 1.0f64;
    let mut tested = 0;
    for c in cards {
        let places: Vec<usize> = fast
            .keys()
            .chain(slow.keys())
            .filter(|k| k.0 == c)
            .map(|k| k.1)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if places.len() < 2 {
            continue;
        }
        let mut stat = 0.0;
        for p in &places {
            let a = fast.get(&(c, *p)).copied().unwrap_or(0) as f64;
            let b = slow.get(&(c, *p)).copied().unwrap_or(0) as f64;
            let d = (n2 / n1).sqrt() * a - (n1 / n2).sqrt() * b;
            stat += d * d / (a + b);
        }
        let p = chi2_sf(stat, (places.len() - 1) as f64);
        worst = worst.min(p);
        tested += 1;
    }
    eprintln!("{name}: {tested} cards tested, smallest p-value {worst:.4}");
    // A generous level, Bonferroni-corrected over the cards; the seeds are fixed.
    assert!(
        worst > 1e-3 / f64::from(tested.max(1)),
        "{name}: the sampler's card places differ from the reference's (p = {worst})"
    );
}

/// A Hungarian position at the start of trick play (HU-PLAY-01: after the announcements,
/// before the first card), seen from a seat that is not the declarer.
#[test]
fn uniform_at_the_start_of_trick_play() {
    for seed in 0..50u64 {
        let g0 = dealt(Variant::HungarianIllustrated, 4, 1000 + seed);
        let mut rng = DealRng::from_seed(seed_from_u64(seed));
        let Some((g, actions)) = play_to(&g0, &mut rng, Stage::Play, 0) else {
            continue;
        };
        let Some((declarer, _)) = g.declarer() else {
            continue;
        };
        let seat = declarer.next(4);
        compare_with_reference("play start", &g0, &actions, seat, 60_000, 10_000);
        return;
    }
    panic!("no position found");
}

/// A Hungarian position in the second trick, after another seat showed a void in the first
/// (HU-PLAY-04/05: it did not follow suit).
#[test]
fn uniform_mid_play_with_a_void_shown() {
    for seed in 0..400u64 {
        let g0 = dealt(Variant::HungarianIllustrated, 4, 2000 + seed);
        let mut rng = DealRng::from_seed(seed_from_u64(seed));
        let Some((g, actions)) = play_to(&g0, &mut rng, Stage::Play, 4) else {
            continue;
        };
        let trick = g.tricks()[0];
        let mut plays = trick.plays();
        let (_, led) = plays.next().expect("a lead");
        let Some(suit) = led.suit() else { continue };
        let Some((void, _)) = plays.find(|&(_, c)| c.suit() != Some(suit)) else {
            continue;
        };
        let seat = Seat::all(4)
            .find(|&s| s != void && Some(s) != g.declarer().map(|d| d.0))
            .expect("a seat");
        compare_with_reference("mid-play", &g0, &actions, seat, 60_000, 8_000);
        return;
    }
    panic!("no position found");
}

/// A Polish position at the start of trick play, from a seat that is not the declarer: the
/// talon groups (PL-TALON) and the declarer's discards, tarokks shown (PL-TALON-10).
#[test]
fn uniform_polish_at_the_start_of_trick_play() {
    for seed in 0..100u64 {
        let g0 = dealt(Variant::PolishKrolami, 4, 3000 + seed);
        let mut rng = DealRng::from_seed(seed_from_u64(seed));
        let Some((g, actions)) = play_to(&g0, &mut rng, Stage::Play, 0) else {
            continue;
        };
        let Some((declarer, _)) = g.declarer() else {
            continue;
        };
        compare_with_reference("polish", &g0, &actions, declarer.next(4), 120_000, 40_000);
        return;
    }
    panic!("no position found");
}

/// Two hands the seat cannot tell apart (a world sampled from one is the other) give the same
/// sampler: the same worlds for the same random numbers.
#[test]
fn the_sampler_reads_only_what_the_seat_sees() {
    for variant in Variant::ALL {
        for &seats in variant.seat_counts() {
            for seed in 0..12u64 {
                let g0 = dealt(variant, seats, 500 + seed);
                let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0x77));
                let stop = rng.below(100) as usize;
                let (_, actions) = play(&g0, &mut rng, stop);
                let seat = Seat::new(rng.below(u32::from(seats)) as u8);
                let mut a = Worlds::new(&g0, &actions, seat).expect("sampler");
                let other = a.sample(&mut rng).expect("a world");
                let g1 = a.game_of(&other);
                let mut b = Worlds::new(&g1, &other.actions, seat).expect("sampler");
                for k in 0..3u64 {
                    let mut ra = DealRng::from_seed(seed_from_u64(k));
                    let mut rb = DealRng::from_seed(seed_from_u64(k));
                    assert_eq!(
                        a.sample(&mut ra),
                        b.sample(&mut rb),
                        "{variant}/{seats} seed {seed}: the samplers differ"
                    );
                }
            }
        }
    }
}
