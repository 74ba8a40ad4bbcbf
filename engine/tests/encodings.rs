//! The observation and information-state tensors: their layouts, their errors, and that they
//! tell positions apart exactly as the seat can, over random hands of every game and table.

use std::collections::HashMap;
use tarock_engine::encode::{EncodeError, Layout, MAX_AUCTION_CALLS};
use tarock_engine::game::{Game, Observe, Stage, Viewer, Visible};
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{
    Action, AnyGame, Bonus, Card, CardSet, DealBuilder, DealSource, Seat, Setup, Team, Variant,
};

/// The positions per game and table size.
const POSITIONS: usize = 1_000;

/// What a seat knows of a position, written out independently of the encoders: its seat and
/// table, its hand as dealt, the cards it may see where they lie, and every action in order
/// with its actor (another seat's face-down discard without its card).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Knowledge {
    seats: u8,
    dealer: Seat,
    seat: Seat,
    dealt: CardSet,
    visible: Visible,
    history: Vec<(Seat, Option<Action>)>,
    /// The phase and the seat to act, which everyone sees (a hand can end on a hidden card:
    /// a speculative bidder who draws no honour).
    stage: Stage,
    to_act: Option<Seat>,
    /// What the view shows that the actions alone do not: the sides the seat knows (an action
    /// can prove a side: a kontra on the other side's announcement), and the announced items
    /// with their sides and levels.
    sides: Vec<Option<Team>>,
    announced: Vec<(Bonus, Team, u8, Seat)>,
}

fn knowledge(g: &AnyGame, actions: &[Action], me: Seat) -> Knowledge {
    let visible = g.visible(Viewer::Seat(me));
    let mut h = g.as_dealt();
    let mut history = Vec::new();
    for &a in actions {
        let actor = h.to_act().expect("a legal history");
        let hidden = matches!(a, Action::Discard(c) if !visible.discards[actor].contains(c));
        history.push((actor, (!hidden).then_some(a)));
        h.play_unchecked(a);
    }
    let table = g.table_info();
    Knowledge {
        seats: table.seats,
        dealer: table.dealer,
        seat: me,
        dealt: g.deal().hands[me],
        visible,
        history,
        stage: g.stage(),
        to_act: g.to_act(),
        sides: (0..table.seats)
            .map(|t| g.side_known_to(Viewer::Seat(me), Seat::new(t)))
            .collect(),
        announced: {
            let mut items = Vec::new();
            g.for_each_announced(|b, t, level, s| items.push((b, t, level, s)));
            items
        },
    }
}

/// The first segment where two encodings differ, for a readable failure.
fn first_difference(g: &AnyGame, a: &[u32], b: &[u32]) -> String {
    let Some(i) = a.iter().zip(b).position(|(x, y)| x != y) else {
        return "none".to_owned();
    };
    let layout = g.info_state_layout();
    let s = layout
        .segments
        .iter()
        .rev()
        .find(|s| s.offset <= i)
        .map_or("?", |s| s.name);
    format!("value {i} in segment {s}")
}

/// The information state as bit patterns (so that equal means equal, NaN or not).
fn info_bits(g: &AnyGame, actions: &[Action], me: Seat) -> Vec<u32> {
    let mut out = vec![f32::NAN; g.info_state_size()];
    g.write_info_state(actions, me, &mut out)
        .expect("an encodable position");
    out.iter().map(|v| v.to_bits()).collect()
}

/// Rule options under which the tensors are checked.
type Options = &'static [(&'static str, &'static str)];

/// Every variant at every table size with its default options, and the options that add
/// actions of their own (the Danish call for the fool).
fn configs() -> Vec<(Variant, u8, Options)> {
    let mut out = Vec::new();
    for v in Variant::ALL {
        for &seats in v.seat_counts() {
            out.push((v, seats, &[] as Options));
        }
    }
    out.push((Variant::DanishTarok, 3, &[("call_for_fool", "true")]));
    out
}

/// A random position: the game, its actions and an active seat.
fn random_position(
    v: Variant,
    seats: u8,
    options: Options,
    rng: &mut DealRng,
) -> (Setup, AnyGame, Vec<Action>, Seat) {
    let dealer = Seat::new(rng.below(u32::from(seats)) as u8);
    let seed = seed_from_u64(u64::from(rng.below(u32::MAX)));
    let setup = Setup::seeded(v, seats, dealer, seed).with_options(options);
    let mut g = AnyGame::new(&setup).expect("a seeded deal");
    // Stop at a random point of the hand (ends included).
    let stop = rng.below(120) as usize;
    let mut actions = Vec::new();
    while actions.len() < stop {
        let Some(a) = g.play_pick(|n| rng.below(n as u32) as usize) else {
            break;
        };
        actions.push(a);
    }
    let active: Vec<Seat> = (0..seats)
        .map(Seat::new)
        .filter(|&s| g.table_info().is_active(s))
        .collect();
    let me = active[rng.below(active.len() as u32) as usize];
    (setup, g, actions, me)
}

/// The same hand with two cards swapped between two other seats' dealt hands, where the seat
/// has not seen either, replayed with the same actions: `None` when the swap makes an action
/// illegal.
fn twin(
    setup: &Setup,
    g: &AnyGame,
    actions: &[Action],
    me: Seat,
    rng: &mut DealRng,
) -> Option<AnyGame> {
    let table = g.table_info();
    let others: Vec<Seat> = (0..table.seats)
        .map(Seat::new)
        .filter(|&s| s != me && table.is_active(s))
        .collect();
    if others.len() < 2 {
        return None;
    }
    let i = rng.below(others.len() as u32) as usize;
    let j = (i + 1 + rng.below(others.len() as u32 - 1) as usize) % others.len();
    let (a, b) = (others[i], others[j]);
    // Cards that were played, discarded or shown to the seat stay where they are.
    let vis = g.visible(Viewer::Seat(me));
    let mut fixed = vis.talon;
    for s in (0..table.seats).map(Seat::new) {
        fixed |= vis.hands[s] | g.discards(s) | g.won(s);
    }
    fixed |= g.current_trick().cards();
    let deal = g.deal();
    let pick = |s: Seat, rng: &mut DealRng| -> Option<Card> {
        let free = deal.hands[s] & !fixed;
        free.nth(rng.below(free.len().max(1)))
    };
    let (ca, cb) = (pick(a, rng)?, pick(b, rng)?);
    let mut builder = DealBuilder::new();
    for s in (0..table.seats).map(Seat::new) {
        let mut hand = deal.hands[s];
        if s == a {
            hand.remove(ca);
            hand.insert(cb);
        } else if s == b {
            hand.remove(cb);
            hand.insert(ca);
        }
        builder = builder.hand(s.get(), &hand.into_iter().collect::<Vec<_>>());
    }
    builder = builder.talon(deal.talon());
    let setup = Setup {
        deal: DealSource::Explicit(builder),
        ..setup.clone()
    };
    AnyGame::replay(&setup, actions).ok()
}

#[test]
fn the_tensors_tell_positions_apart_exactly_as_the_seat_can() {
    let mut rng = DealRng::from_seed(seed_from_u64(30));
    for (v, seats, options) in configs() {
        // Each knowledge has one encoding, and each encoding one knowledge.
        let mut by_knowledge: HashMap<Knowledge, Vec<u32>> = HashMap::new();
        let mut by_encoding: HashMap<Vec<u32>, Knowledge> = HashMap::new();
        let mut twins = 0;
        for _ in 0..POSITIONS {
            let (setup, g, actions, me) = random_position(v, seats, options, &mut rng);
            let mut positions = vec![g];
            if let Some(t) = twin(&setup, &g, &actions, me, &mut rng) {
                positions.push(t);
            }
            for p in positions {
                let k = knowledge(&p, &actions, me);
                let e = info_bits(&p, &actions, me);
                if let Some(prev) = by_knowledge.get(&k) {
                    assert!(
                        prev == &e,
                        "{v} {seats}: one knowledge, two encodings ({}): {k:?}",
                        first_difference(&p, prev, &e)
                    );
                    twins += 1;
                }
                if let Some(prev) = by_encoding.get(&e) {
                    assert_eq!(prev, &k, "{v} {seats}: two knowledges, one encoding");
                }
                by_knowledge.insert(k.clone(), e.clone());
                by_encoding.insert(e, k);
            }
        }
        // The twins really test something: many positions had an indistinguishable twin.
        assert!(twins > POSITIONS / 10, "{v} {seats}: only {twins} twins");
        assert!(by_knowledge.len() > POSITIONS / 2, "{v} {seats}");
    }
}

#[test]
fn the_observation_is_a_function_of_what_the_seat_sees() {
    // The observation forgets the order of the history, but never mixes up two positions that
    // differ in what the seat sees now: twins encode identically.
    let mut rng = DealRng::from_seed(seed_from_u64(31));
    for (v, seats, options) in configs() {
        for _ in 0..200 {
            let (setup, g, actions, me) = random_position(v, seats, options, &mut rng);
            let Some(t) = twin(&setup, &g, &actions, me, &mut rng) else {
                continue;
            };
            if knowledge(&t, &actions, me) != knowledge(&g, &actions, me) {
                continue;
            }
            let mut a = vec![0.0; g.observation_size()];
            let mut b = vec![0.0; t.observation_size()];
            g.write_observation(me, &mut a).expect("encodable");
            t.write_observation(me, &mut b).expect("encodable");
            assert_eq!(a, b, "{v} {seats}");
            // The seat's own hand is in it.
            let layout = g.observation_layout();
            let hands = layout.segment("hands").expect("a hands segment");
            let own: usize = a[hands.offset..hands.offset + hands.shape[1]]
                .iter()
                .map(|&x| x as usize)
                .sum();
            assert_eq!(own as u32, g.hand(me).len(), "{v} {seats}");
        }
    }
}

fn assert_covers(layout: &Layout, size: usize, context: &str) {
    assert_eq!(layout.size, size, "{context}");
    let mut at = 0;
    for s in &layout.segments {
        assert_eq!(
            s.offset, at,
            "{context}: {} starts where the last ended",
            s.name
        );
        assert!(!s.description.is_empty(), "{context}: {}", s.name);
        at += s.shape.iter().product::<usize>();
    }
    assert_eq!(at, size, "{context}: the segments cover the tensor");
    let mut names: Vec<_> = layout.segments.iter().map(|s| s.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(
        names.len(),
        layout.segments.len(),
        "{context}: names are unique"
    );
}

#[test]
fn the_layouts_cover_the_tensors_and_depend_on_the_table_and_pack_only() {
    for v in Variant::ALL {
        for &seats in v.seat_counts() {
            let mut sizes = None;
            for seed in 0..5 {
                let setup = Setup::seeded(v, seats, Seat::new(0), seed_from_u64(seed));
                let mut g = AnyGame::new(&setup).expect("a deal");
                let context = format!("{v} {seats}");
                let obs = g.observation_layout();
                let info = g.info_state_layout();
                assert_covers(&obs, g.observation_size(), &context);
                assert_covers(&info, g.info_state_size(), &context);
                // The information state begins with the observation.
                assert_eq!(
                    info.segments[..obs.segments.len()],
                    obs.segments[..],
                    "{context}"
                );
                let acted = info.segment("acted").expect("acted");
                assert_eq!(
                    acted.shape,
                    vec![g.action_space() as usize, usize::from(seats)],
                    "{context}"
                );
                let auction = info.segment("auction").expect("auction");
                assert_eq!(auction.shape[0], MAX_AUCTION_CALLS, "{context}");
                // The same sizes at every point of every hand.
                let mut rng = DealRng::from_seed(seed_from_u64(seed));
                while g.play_pick(|n| rng.below(n as u32) as usize).is_some() {}
                let here = (g.observation_size(), g.info_state_size());
                assert_eq!(*sizes.get_or_insert(here), here, "{context}");
            }
        }
    }
    // The 54-card Hungarian pack widens every card axis.
    let small = AnyGame::new(&Setup::seeded(
        Variant::HungarianIllustrated,
        4,
        Seat::new(0),
        [1; 32],
    ))
    .expect("a deal");
    let large = AnyGame::new(
        &Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(0), [1; 32])
            .with_options(&[("pack", "54")]),
    )
    .expect("a deal");
    let card_axis = |g: &AnyGame| {
        g.observation_layout()
            .segment("talon")
            .expect("talon")
            .shape[0]
    };
    assert_eq!((card_axis(&small), card_axis(&large)), (42, 54));
}

#[test]
fn bad_requests_are_refused() {
    let setup = Setup::seeded(Variant::HungarianIllustrated, 5, Seat::new(2), [7; 32]);
    let mut g = AnyGame::new(&setup).expect("a deal");
    let mut actions = Vec::new();
    let mut rng = DealRng::from_seed([8; 32]);
    for _ in 0..10 {
        actions.extend(g.play_pick(|n| rng.below(n as u32) as usize));
    }
    let size = g.info_state_size();
    let mut out = vec![0.0; size];
    // The dealer sits out at a table of five.
    assert_eq!(
        g.write_info_state(&actions, Seat::new(2), &mut out),
        Err(EncodeError::NotAtTable(Seat::new(2)))
    );
    assert_eq!(
        g.write_observation(Seat::new(2), &mut out),
        Err(EncodeError::NotAtTable(Seat::new(2)))
    );
    // A short buffer: refused, nothing written.
    let mut short = vec![9.0; size - 1];
    assert_eq!(
        g.write_info_state(&actions, Seat::new(0), &mut short),
        Err(EncodeError::BufferTooSmall {
            needed: size,
            got: size - 1
        })
    );
    assert!(short.iter().all(|&v| v == 9.0));
    // A history that does not lead here: one action short, or an illegal action.
    assert_eq!(
        g.write_info_state(&actions[..9], Seat::new(0), &mut out),
        Err(EncodeError::History { index: None })
    );
    let mut wrong = actions.clone();
    wrong[0] = Action::Play(Card::SKIZ);
    assert_eq!(
        g.write_info_state(&wrong, Seat::new(0), &mut out),
        Err(EncodeError::History { index: Some(0) })
    );
    // A longer buffer than needed is fine; the values past the tensor are left alone.
    let mut long = vec![5.0; size + 3];
    g.write_info_state(&actions, Seat::new(0), &mut long)
        .expect("room enough");
    assert_eq!(&long[size..], &[5.0; 3]);
}
