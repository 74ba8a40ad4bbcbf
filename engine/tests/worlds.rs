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
                let (t, a) = worlds.proposals();
                tried += t;
                ok += a;
            }
            rates.push(format!("{variant}/{seats}: {ok}/{tried}"));
        }
    }
    eprintln!("acceptance: {rates:?}");
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
