//! Exhaustive move counts (perft) for fixed Hungarian deals, frozen in `tests/data/hungarian.perft`.
//!
//! Two reference generators written here check the engine's fast one:
//! - for trick play, a naive generator that keeps hands as vectors and applies follow-suit,
//!   must-trump and the rájátszás reservations with plain loops, and finds trick winners by
//!   comparing ranks, without the engine's bitsets;
//! - for every phase, a brute-force generator that tries every id of the action space with
//!   `check` (independent of `legal_actions`).

mod common;

use common::{cases, check_cases, naive_follow, naive_perft, naive_winner, NaivePlay};
use tarock_engine::game::{Game, Observe};
use tarock_engine::hungarian::Phase;
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{AnyGame, Bonus, Card, Seat, Setup, Team, Variant};

const DATA: &str = include_str!("data/hungarian.perft");

fn hungarian(g: &AnyGame) -> &tarock_engine::Hungarian {
    g.as_hungarian().expect("only hungarian setups here")
}

#[derive(Clone)]
struct Naive {
    hands: Vec<Vec<Card>>,
    trick: Vec<(usize, Card)>,
    leader: usize,
    trick_no: u32,
    tricks: u32,
    /// Reserved (card, target trick, ends when the team loses a trick, team).
    reservations: Vec<(Card, u32, bool, Team)>,
    team: Vec<Team>,
    lost: [bool; 2],
}

impl Naive {
    fn from_engine(g: &AnyGame) -> Naive {
        let h = hungarian(g);
        let n = h.table_info().seats as usize;
        let tricks = if h.options().pack54 { 12 } else { 9 };
        let mut reservations = Vec::new();
        for (bonus, team, _, _) in h.announced() {
            let r = match bonus {
                Bonus::PagatUltimo => Some((Card::PAGAT, tricks, false)),
                Bonus::PagatUhu => Some((Card::PAGAT, tricks - 1, false)),
                Bonus::KingUltimo(s) => Some((Card::king(s), tricks, false)),
                Bonus::KingUhu(s) => Some((Card::king(s), tricks - 1, false)),
                Bonus::Centrum => Some((Card::XX, 5, true)),
                Bonus::SmallBird => Some((Card::XXI, 6, true)),
                Bonus::LargeBird => Some((Card::SKIZ, 7, true)),
                _ => None,
            };
            if let Some((c, t, cond)) = r {
                reservations.push((c, t, cond, team));
            }
        }
        Naive {
            hands: (0..n)
                .map(|s| h.hand(Seat::new(s as u8)).into_iter().collect())
                .collect(),
            trick: Vec::new(),
            leader: g.to_act().expect("play in progress").index(),
            trick_no: 1,
            tricks,
            reservations,
            team: (0..n).map(|s| h.team_of(Seat::new(s as u8))).collect(),
            lost: [false; 2],
        }
    }

    fn active(&self) -> Vec<usize> {
        (0..self.hands.len())
            .filter(|&s| !self.hands[s].is_empty() || self.trick.iter().any(|&(p, _)| p == s))
            .collect()
    }

    fn to_act(&self) -> usize {
        let active = self.active();
        let pos = active
            .iter()
            .position(|&s| s == self.leader)
            .expect("leader active");
        active[(pos + self.trick.len()) % active.len()]
    }
}

impl NaivePlay for Naive {
    fn legal(&self) -> Vec<Card> {
        let seat = self.to_act();
        let hand = &self.hands[seat];
        let mut legal: Vec<Card> = naive_follow(hand, self.trick.first().map(|&(_, c)| c));
        let team = self.team[seat];
        let ti = usize::from(team == Team::Opponents);
        let mine: Vec<(Card, u32)> = self
            .reservations
            .iter()
            .filter(|r| {
                r.3 == team
                    && hand.contains(&r.0)
                    && r.1 >= self.trick_no
                    && !(r.2 && self.lost[ti])
            })
            .map(|r| (r.0, r.1))
            .collect();
        if mine.is_empty() {
            return legal;
        }
        let due: Vec<Card> = legal
            .iter()
            .copied()
            .filter(|c| mine.iter().any(|r| r.0 == *c && r.1 == self.trick_no))
            .collect();
        if !due.is_empty() {
            return due;
        }
        let is_later = |c: &Card| mine.iter().any(|r| r.0 == *c && r.1 > self.trick_no);
        let free: Vec<Card> = legal.iter().copied().filter(|c| !is_later(c)).collect();
        if !free.is_empty() {
            return free;
        }
        let earliest = legal
            .iter()
            .filter_map(|c| mine.iter().filter(|r| r.0 == *c).map(|r| r.1).min())
            .min()
            .expect("a forced card is reserved");
        legal.retain(|c| mine.iter().any(|r| r.0 == *c && r.1 == earliest));
        legal
    }

    fn play(&mut self, c: Card) {
        let seat = self.to_act();
        self.hands[seat].retain(|&x| x != c);
        self.trick.push((seat, c));
        if self.trick.len() == self.active().len() {
            let winner = naive_winner(&self.trick);
            let loser = if self.team[winner] == Team::Declarer {
                1
            } else {
                0
            };
            self.lost[loser] = true;
            self.leader = winner;
            self.trick.clear();
            self.trick_no += 1;
        }
    }

    fn over(&self) -> bool {
        self.trick_no > self.tricks
    }
}

// rule: HU-PLAY-04, HU-PLAY-05, HU-PLAY-06, HU-PLAY-07, HU-PLAY-09, HU-PLAY-12, HU-PLAY-15
#[test]
fn frozen_perft_counts_agree_with_reference_generators() {
    let cases = cases(DATA);
    assert!(cases.len() >= 5, "the data file lists the fixed positions");
    check_cases(
        &cases,
        |seed| {
            Setup::seeded(
                Variant::HungarianIllustrated,
                4,
                Seat::new(3),
                seed_from_u64(seed),
            )
        },
        |g, depth| {
            (hungarian(g).phase() == Phase::Play)
                .then(|| naive_perft(&Naive::from_engine(g), depth))
        },
        3,
    );
}
