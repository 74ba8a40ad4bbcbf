//! Exhaustive move counts (perft) for fixed Polish deals, frozen in `tests/data/polish.perft`.
//!
//! Two reference generators written here check the engine's fast one:
//! - for trick play, a naive generator that keeps hands as vectors and applies follow-suit,
//!   must-trump and the ultymo reservations with plain loops, and finds trick winners by
//!   comparing ranks, without the engine's bitsets;
//! - for every phase, a brute-force generator that tries every id of the action space with
//!   `check` (independent of `legal_actions`).

mod common;

use common::{cases, check_cases, naive_follow, naive_perft, NaivePlay, NaiveTricks};
use tarock_engine::polish::Phase;
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{AnyGame, Bonus, Card, Seat, Setup, Variant};

const DATA: &str = include_str!("data/polish.perft");

#[derive(Clone)]
struct Naive {
    t: NaiveTricks,
    /// (seat, card) kept while another card is legal: the announcer of pagat ultymo, the
    /// announcer of król ultymo.
    keep: Vec<(usize, Card)>,
}

impl Naive {
    fn from_engine(g: &AnyGame) -> Naive {
        let p = g.as_polish().expect("Polish");
        let mut keep = Vec::new();
        for (bonus, _, _, who) in p.announced() {
            match bonus {
                Bonus::PagatUltimo => keep.push((who.index(), Card::PAGAT)),
                Bonus::KingUltimo(s) => keep.push((who.index(), Card::king(s))),
                _ => {}
            }
        }
        Naive {
            t: NaiveTricks::of(g, 12),
            keep,
        }
    }
}

impl NaivePlay for Naive {
    fn legal(&self) -> Vec<Card> {
        let seat = self.t.to_act();
        let hand = &self.t.hands[seat];
        let legal: Vec<Card> = naive_follow(hand, self.t.trick.first().map(|&(_, c)| c));
        let free: Vec<Card> = legal
            .iter()
            .copied()
            .filter(|c| !self.keep.contains(&(seat, *c)))
            .collect();
        if free.is_empty() {
            legal
        } else {
            free
        }
    }

    fn play(&mut self, c: Card) {
        self.t.play(c);
    }

    fn over(&self) -> bool {
        self.t.tricks_left == 0
    }
}

// rule: PL-BID-02, PL-BID-04, PL-BID-05, PL-BID-06, PL-PLAY-03, PL-PLAY-04, PL-PLAY-05
// rule: PL-PLAY-06, PL-PLAY-08, PL-PLAY-09
#[test]
fn frozen_perft_counts_agree_with_reference_generators() {
    let cases = cases(DATA);
    assert!(cases.len() >= 7, "the data file lists the fixed positions");
    let in_play = check_cases(
        &cases,
        |seed| Setup::seeded(Variant::PolishKrolami, 4, Seat::new(3), seed_from_u64(seed)),
        |g, depth| {
            (g.as_polish().map(|p| p.phase()) == Some(Phase::Play))
                .then(|| naive_perft(&Naive::from_engine(g), depth))
        },
        4,
    );
    assert!(in_play >= 3, "positions in trick play");
    // The opening and auction from the deal, counted by hand: each player speaks once, forant
    // may not bid four, four only over three: 25 + 14 + 7 + 4 sequences after forant's pass,
    // one, two or three.
    assert_eq!(cases[0].prefix.len(), 0);
    assert_eq!(cases[0].count, 50);
}
