//! Checks of the listing and the play obligations against their definitions.

use super::play::{Due, OBLIGATIONS};
use super::*;
use crate::shuffle::seed_from_u64;
use crate::variant::{AnyGame, Setup, Variant};

/// The legal cards by the rules' own wording: for each standing obligation of the team whose
/// card the player holds and whose trick is still ahead (and, for centrum and the birds, the
/// team has lost no trick), the card is reserved until its earliest such trick.
fn legal_cards_by_definition(g: &Hungarian, s: Seat) -> (CardSet, &'static str) {
    let hand = g.core.hands[s];
    let rules = TrickRules::TAROCK;
    let base = rules.legal(hand, g.core.trick.led(&rules));
    let now = g.core.ntricks + 1;
    let last = g.trick_count();
    let ti = team_index(g.team_of(s));
    let mut reserved: Vec<(Card, u8)> = Vec::new();
    for (i, obligation) in OBLIGATIONS.iter().enumerate() {
        let Some((card, due, conditional)) = *obligation else {
            continue;
        };
        let target = match due {
            Due::Last => last,
            Due::Penultimate => last - 1,
            Due::Trick(k) => k,
        };
        if g.ann.mask[ti] & (1 << i) == 0
            || !hand.contains(card)
            || target < now
            || (conditional && g.lost_trick[ti])
        {
            continue;
        }
        match reserved.iter_mut().find(|(c, _)| *c == card) {
            Some(r) => r.1 = r.1.min(target),
            None => reserved.push((card, target)),
        }
    }
    if reserved.is_empty() {
        return (base, "HU-PLAY-04");
    }
    let due: CardSet = reserved
        .iter()
        .filter(|(c, t)| *t == now && base.contains(*c))
        .map(|(c, _)| *c)
        .collect();
    if !due.is_empty() {
        return (due, "HU-PLAY-12");
    }
    let later: CardSet = reserved
        .iter()
        .filter(|(_, t)| *t > now)
        .map(|(c, _)| *c)
        .collect();
    if !(base - later).is_empty() {
        return (base - later, "HU-PLAY-12");
    }
    let earliest = reserved
        .iter()
        .filter(|(c, _)| base.contains(*c))
        .map(|(_, t)| *t)
        .min();
    let pick: CardSet = reserved
        .iter()
        .filter(|(c, t)| base.contains(*c) && Some(*t) == earliest)
        .map(|(c, _)| *c)
        .collect();
    if pick.is_empty() {
        (base, "HU-PLAY-04")
    } else {
        (pick, "HU-PLAY-18")
    }
}

// rule: HU-ANN-05, HU-ANN-09, HU-ANN-24, HU-ANN-27
#[test]
fn play_pick_applies_what_pick_legal_picks() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut draw = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let (mut steps, mut kontras, mut announcements) = (0, 0, 0);
    for variant in Variant::HUNGARIAN {
        for n in 0..200u64 {
            let setup = Setup::seeded(variant, 4, Seat::new(0), seed_from_u64(n));
            let Ok(AnyGame::Hungarian(mut g)) = AnyGame::new(&setup) else {
                panic!("setup of deal {n} refused");
            };
            loop {
                let r = draw();
                let below = |k: usize| (r % k as u64) as usize;
                let mut picked = g;
                let a = picked.play_pick(below);
                assert_eq!(a, g.pick_legal(below), "{variant:?} deal {n}");
                let Some(a) = a else { break };
                g.play_unchecked(a);
                assert_eq!(picked, g, "{variant:?} deal {n}: {a}");
                steps += 1;
                kontras += usize::from(matches!(a, Action::Kontra(Target::Bonus(_), _)));
                announcements += usize::from(matches!(a, Action::Announce(_)));
            }
        }
    }
    assert!(
        steps > 100_000 && kontras > 50_000 && announcements > 10_000,
        "{steps} {kontras} {announcements}"
    );
}

// rule: HU-PLAY-12, HU-PLAY-15, HU-PLAY-16, HU-PLAY-18
#[test]
fn reservations_made_at_the_first_trick_give_the_cards_the_rules_define() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut below = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let (mut positions, mut narrowed, mut forced) = (0, 0, 0);
    for variant in Variant::HUNGARIAN {
        for (seats, pack) in [(4, "42"), (5, "42"), (4, "54")] {
            for n in 0..400u64 {
                let mut setup = Setup::seeded(variant, seats, Seat::new(0), seed_from_u64(n));
                setup.options = vec![("pack".to_owned(), pack.to_owned())];
                let Ok(AnyGame::Hungarian(mut g)) = AnyGame::new(&setup) else {
                    panic!("setup of deal {n} refused");
                };
                while let Some(a) = g.pick_legal(&mut below) {
                    if g.phase == Phase::Play {
                        let expect = legal_cards_by_definition(&g, g.core.to_act);
                        assert_eq!(g.legal_cards(g.core.to_act), expect, "{variant:?} deal {n}");
                        positions += 1;
                        narrowed += usize::from(expect.1 != "HU-PLAY-04");
                        forced += usize::from(expect.1 == "HU-PLAY-18");
                    }
                    g.play_unchecked(a);
                }
            }
        }
    }
    // The random announcements leave many obligations standing: the comparison covered
    // every rule that narrows the cards.
    assert!(
        positions > 100_000 && narrowed > 30_000 && forced > 1_000,
        "{positions} {narrowed} {forced}"
    );
}
