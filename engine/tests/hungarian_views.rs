//! What each viewer may see: hands, talon, discards, discarded-tarokk counts and sides.

use tarock_engine::game::{Game, Observe};
use tarock_engine::hungarian::Phase;
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::{AnyGame, CardSet, Hungarian, Seat, Setup, Team, Variant, Viewer};

/// A seeded deal driven by random legal actions until `stop` holds (or the hand ends).
fn drive(
    seats: u8,
    seed: u64,
    options: &[(&str, &str)],
    stop: impl Fn(&Hungarian) -> bool,
) -> Hungarian {
    let mut setup = Setup::seeded(
        Variant::HungarianIllustrated,
        seats,
        Seat::new(seats - 1),
        seed_from_u64(seed),
    );
    setup.options = Setup::option_pairs(options);
    let mut g = AnyGame::new(&setup).expect("valid setup");
    let mut rng = DealRng::from_seed(seed_from_u64(seed + 1000));
    while g.to_act().is_some() && !stop(g.as_hungarian().expect("hungarian")) {
        let legal = g.legal_actions();
        g.play_unchecked(legal[rng.below(legal.len() as u32) as usize]);
    }
    *g.as_hungarian().expect("hungarian")
}

/// Seeds whose random auction ends with a declarer (not passed out).
fn dealt_seeds(seats: u8, phase: Phase, n: usize) -> Vec<Hungarian> {
    (0..400u64)
        .map(|seed| drive(seats, seed, &[], |h| h.phase() == phase))
        .filter(|h| h.phase() == phase)
        .take(n)
        .collect()
}

// rule: HU-TALON-07, HU-TALON-06
#[test]
fn talon_cards_are_seen_only_by_their_receiver() {
    let games = dealt_seeds(4, Phase::Discard, 20);
    assert_eq!(games.len(), 20);
    for h in games {
        let talon = h.deal().talon_set();
        for me in Seat::all(4) {
            let v = h.visible(Viewer::Seat(me));
            // With four players each takes their own talon cards, unseen by the others.
            assert_eq!(v.talon, h.talon_received(me));
            assert!(!v.talon.intersects(talon - h.talon_received(me)));
            for other in Seat::all(4).filter(|&o| o != me) {
                assert!(v.hands[other].is_empty(), "a seat never sees another hand");
                assert!(v.discards[other].is_empty(), "nor another seat's discards");
            }
            assert_eq!(v.hands[me], h.hand(me));
        }
        let spectator = h.visible(Viewer::Spectator);
        assert!(spectator.talon.is_empty());
        assert!(Seat::all(4).all(|s| spectator.hands[s].is_empty()));
        let referee = h.visible(Viewer::Referee);
        assert_eq!(referee.talon, talon);
        assert!(Seat::all(4).all(|s| referee.hands[s] == h.hand(s)));
    }
}

// rule: HU-TALON-06
#[test]
fn five_players_the_dealer_handles_the_talon() {
    let mut found = 0;
    for seed in 0..400u64 {
        for (option, sees) in [("true", true), ("false", false)] {
            let h = drive(5, seed, &[("dealer_handles_talon_5p", option)], |h| {
                h.phase() == Phase::Announce
            });
            if h.phase() != Phase::Announce {
                continue;
            }
            found += 1;
            let dealer = h.table_info().dealer;
            let (declarer, _) = h.declarer().expect("auction over");
            let v = h.visible(Viewer::Seat(dealer));
            if sees {
                // The dealer hands out all six talon cards and keeps the others' discards.
                assert_eq!(v.talon, h.deal().talon_set());
                for s in Seat::all(5).filter(|&s| s != declarer) {
                    assert_eq!(v.discards[s], h.discards(s));
                }
                assert!(v.discards[declarer].is_empty());
            } else {
                assert!(v.talon.is_empty());
                assert!(Seat::all(5).all(|s| v.discards[s].is_empty()));
            }
            assert!(
                Seat::all(5).all(|s| v.hands[s].is_empty()),
                "the dealer sees no hand"
            );
        }
    }
    assert!(found > 20);
}

// rule: HU-TALON-16
#[test]
fn discarded_tarokk_counts_are_public_after_the_discards() {
    for h in dealt_seeds(4, Phase::Discard, 10) {
        assert!(
            Seat::all(4).all(|s| h.discarded_tarokks(s).is_none()),
            "not before everyone discarded"
        );
    }
    for h in dealt_seeds(4, Phase::Announce, 30) {
        for s in Seat::all(4) {
            let n = (h.discards(s) & CardSet::TAROKKS).len() as u8;
            assert_eq!(h.discarded_tarokks(s), Some(n));
        }
    }
}

// rule: HU-TALON-15, HU-PLAY-11
#[test]
fn discards_stay_apart_from_tricks() {
    let mut played = 0;
    for seed in 0..300u64 {
        let h = drive(4, seed, &[], |_| false);
        if h.phase() != Phase::Over(tarock_engine::End::Played) {
            continue;
        }
        played += 1;
        // Each seat's discards are kept on their own, never mixed into anyone's tricks.
        for s in Seat::all(4) {
            for t in Seat::all(4) {
                assert!(!h.discards(s).intersects(h.won(t)));
            }
        }
        let discards: u32 = Seat::all(4).map(|s| h.discards(s).len()).sum();
        assert_eq!(discards, 6, "the six talon cards come back as six discards");
    }
    assert!(played > 50);
}

// rule: HU-CALL-10, HU-ANN-18
#[test]
fn the_call_does_not_reveal_the_partner() {
    let mut checked = 0;
    for seed in 0..400u64 {
        // Stop right after the call.
        let h = drive(4, seed, &[], |h| h.called().is_some());
        let Some(partner) = h.partner() else { continue };
        if h.identified(partner) {
            continue;
        }
        checked += 1;
        let (declarer, _) = h.declarer().expect("called");
        // The declarer and the opponents do not know who holds the called card.
        assert_eq!(h.side_known_to(Viewer::Seat(declarer), partner), None);
        assert_eq!(h.side_known_to(Viewer::Spectator, partner), None);
        for o in Seat::all(4).filter(|&o| o != declarer && o != partner) {
            assert_eq!(h.side_known_to(Viewer::Seat(o), partner), None);
            assert_eq!(h.side_known_to(Viewer::Seat(o), o), Some(Team::Opponents));
        }
        // The partner knows, and so does the referee.
        assert_eq!(
            h.side_known_to(Viewer::Seat(partner), partner),
            Some(Team::Declarer)
        );
        assert_eq!(
            h.side_known_to(Viewer::Referee, partner),
            Some(Team::Declarer)
        );
        assert_eq!(
            h.side_known_to(Viewer::Spectator, declarer),
            Some(Team::Declarer)
        );
    }
    assert!(checked > 20);
}
