//! Exhaustive move counts (perft) for fixed Austrian deals, frozen in `tests/data/austrian.perft`
//! and `tests/data/austrian_trischaken.perft`.
//!
//! Two reference generators written here check the engine's fast one:
//! - for trick play, a naive generator that keeps hands as vectors, applies follow-suit and
//!   must-trump with plain loops (and in Trischaken must-win and the I kept to the last
//!   tarock), and finds trick winners by comparing ranks, without the engine's bitsets;
//! - for every phase, a brute-force generator that tries every id of the action space with
//!   `check` (independent of `legal_actions`).

mod common;

use common::{
    cases, check_cases, naive_follow, naive_perft, naive_winner, Case, NaivePlay, NaiveTricks,
};
use tarock_engine::austrian::Phase;
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{Card, Seat, Setup, Variant};

const DATA: &str = include_str!("data/austrian.perft");
const TRISCHAKEN: &str = include_str!("data/austrian_trischaken.perft");

#[derive(Clone)]
struct Naive {
    t: NaiveTricks,
    trischaken: bool,
}

impl NaivePlay for Naive {
    fn legal(&self) -> Vec<Card> {
        let t = &self.t;
        let seat = t.to_act();
        let hand = &t.hands[seat];
        let mut legal = naive_follow(hand, t.trick.first().map(|&(_, c)| c));
        if !self.trischaken {
            return legal;
        }
        let tarocks = hand.iter().filter(|c| c.tarokk_number().is_some()).count();
        if tarocks > 1 && legal.len() > 1 {
            legal.retain(|&c| c != Card::PAGAT);
        }
        if t.trick.is_empty() {
            return legal;
        }
        let winners: Vec<Card> = legal
            .iter()
            .copied()
            .filter(|&c| {
                let mut trick = t.trick.clone();
                trick.push((seat, c));
                naive_winner(&trick) == seat
            })
            .collect();
        if winners.is_empty() {
            legal
        } else {
            winners
        }
    }

    fn play(&mut self, c: Card) {
        self.t.play(c);
    }

    fn over(&self) -> bool {
        self.t.tricks_left == 0
    }
}

/// Checks every case of a data file under `options`; returns how many were in trick play.
fn check(cases: &[Case], options: &[(&str, &str)]) -> usize {
    let setup = |seed| {
        Setup::seeded(
            Variant::AustrianIllustrated,
            3,
            Seat::new(2),
            seed_from_u64(seed),
        )
        .with_options(options)
    };
    check_cases(
        cases,
        setup,
        |g, depth| {
            let phase = g.as_austrian().map(|a| a.phase());
            matches!(phase, Some(Phase::Play | Phase::Trischaken)).then(|| {
                let naive = Naive {
                    t: NaiveTricks::of(g, 16),
                    trischaken: phase == Some(Phase::Trischaken),
                };
                naive_perft(&naive, depth)
            })
        },
        4,
    )
}

// rule: AT-BID-01, AT-BID-02, AT-BID-03, AT-BID-04, AT-TALON-03, AT-TALON-04, AT-ANN-02
// rule: AT-PLAY-02, AT-PLAY-03, AT-PLAY-04, AT-PLAY-05
#[test]
fn frozen_perft_counts_agree_with_reference_generators() {
    let cases = cases(DATA);
    assert!(cases.len() >= 7, "the data file lists the fixed positions");
    assert!(check(&cases, &[]) >= 3, "positions in trick play");
    // The first two turns of the auction, counted by hand: forehand passes or names one of the
    // four contracts; middlehand then has five answers to a pass or a Dreiblatt (a higher
    // contract, Unteren or pass), four to a Zweiblatt, three to an Einblatt, two to a Solo.
    assert_eq!(cases[0].prefix.len(), 0);
    assert_eq!((cases[0].depth, cases[0].count), (2, 5 + 5 + 4 + 3 + 2));
}

// rule: AT-BID-07, AT-PLAY-08, AT-PLAY-09
#[test]
fn frozen_trischaken_counts_agree_with_reference_generators() {
    let cases = cases(TRISCHAKEN);
    assert!(cases.len() >= 3);
    assert_eq!(
        check(&cases, &[("all_pass_action", "trischaken")]),
        cases.len()
    );
}
