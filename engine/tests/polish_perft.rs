//! Exhaustive move counts (perft) for fixed Polish deals, frozen in `tests/data/polish.perft`.
//!
//! Two reference generators written here check the engine's fast one:
//! - for trick play, a naive generator that keeps hands as vectors and applies follow-suit,
//!   must-trump and the ultymo reservations with plain loops, and finds trick winners by
//!   comparing ranks, without the engine's bitsets;
//! - for every phase, a brute-force generator that tries every id of the action space with
//!   `check` (independent of `legal_actions`).

mod common;

use common::{cases, naive_follow, perft_bruteforce, perft_fast, strength};
use tarock_engine::game::Observe;
use tarock_engine::polish::Phase;
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{AnyGame, Bonus, Card, Seat, Setup, Variant};

const DATA: &str = include_str!("data/polish.perft");

#[derive(Clone)]
struct Naive {
    hands: Vec<Vec<Card>>,
    trick: Vec<(usize, Card)>,
    leader: usize,
    tricks_left: u32,
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
            hands: (0..4)
                .map(|s| p.hand(Seat::new(s)).into_iter().collect())
                .collect(),
            trick: p
                .current_trick()
                .plays()
                .map(|(s, c)| (s.index(), c))
                .collect(),
            leader: p.current_trick().leader().index(),
            tricks_left: 12 - p.tricks().len() as u32,
            keep,
        }
    }

    fn to_act(&self) -> usize {
        (self.leader + self.trick.len()) % 4
    }

    fn legal(&self) -> Vec<Card> {
        let seat = self.to_act();
        let hand = &self.hands[seat];
        let legal: Vec<Card> = naive_follow(hand, self.trick.first().map(|&(_, c)| c));
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
        let seat = self.to_act();
        self.hands[seat].retain(|&x| x != c);
        self.trick.push((seat, c));
        if self.trick.len() == 4 {
            let led = self.trick[0].1;
            let winner = self
                .trick
                .iter()
                .filter(|(_, x)| x.tarokk_number().is_some() || x.suit() == led.suit())
                .max_by_key(|(_, x)| strength(*x))
                .expect("the leader's card qualifies")
                .0;
            self.leader = winner;
            self.trick.clear();
            self.tricks_left -= 1;
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.tricks_left == 0 {
            return 1;
        }
        self.legal()
            .into_iter()
            .map(|c| {
                let mut n = self.clone();
                n.play(c);
                n.perft(depth - 1)
            })
            .sum()
    }
}

// rule: PL-BID-02, PL-BID-04, PL-BID-05, PL-BID-06, PL-PLAY-03, PL-PLAY-04, PL-PLAY-05
// rule: PL-PLAY-06, PL-PLAY-08, PL-PLAY-09
#[test]
fn frozen_perft_counts_agree_with_reference_generators() {
    let cases = cases(DATA);
    assert!(cases.len() >= 7, "the data file lists the fixed positions");
    let mut in_play = 0;
    for c in &cases {
        let setup = Setup::seeded(
            Variant::PolishKrolami,
            4,
            Seat::new(3),
            seed_from_u64(c.seed),
        );
        let g = AnyGame::replay(&setup, &c.prefix)
            .unwrap_or_else(|e| panic!("seed {}: prefix does not replay: {e:?}", c.seed));
        let fast = perft_fast(&g, c.depth);
        assert_eq!(
            fast, c.count,
            "seed {} depth {}: count changed",
            c.seed, c.depth
        );
        if g.as_polish().map(|p| p.phase()) == Some(Phase::Play) {
            in_play += 1;
            let naive = Naive::from_engine(&g).perft(c.depth);
            assert_eq!(
                naive, c.count,
                "seed {}: naive play generator disagrees",
                c.seed
            );
        }
        let d = c.depth.min(4);
        assert_eq!(
            perft_bruteforce(&g, d),
            perft_fast(&g, d),
            "seed {}: brute force disagrees at depth {d}",
            c.seed
        );
    }
    assert!(in_play >= 3, "positions in trick play");
    // The opening and auction from the deal, counted by hand: each player speaks once, forant
    // may not bid four, four only over three: 25 + 14 + 7 + 4 sequences after forant's pass,
    // one, two or three.
    assert_eq!(cases[0].prefix.len(), 0);
    assert_eq!(cases[0].count, 50);
}
