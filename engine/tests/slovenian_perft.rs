//! Exhaustive move counts (perft) for fixed Slovenian deals, frozen in
//! `tests/data/slovenian.perft`.
//!
//! Two reference generators written here check the engine's fast one:
//! - for trick play, a naive generator that keeps hands as vectors and applies the rules with
//!   plain loops: following suit, in klop and the beggars overtaking and the pagat kept back or
//!   forced into the emperor's trick, the emperor's trick (pagat last), colour valat's tricks
//!   without trumps, klop's talon cards, and the early ends of the beggars and valats;
//! - for every phase, a brute-force generator that tries every id of the action space with
//!   `check` (independent of `legal_actions`).

mod common;

use common::{cases, check_cases, strength, Case, NaivePlay};
use tarock_engine::game::Observe;
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::slovenian::Phase;
use tarock_engine::{AnyGame, Card, Contract, Seat, Setup, Variant};

const DATA: &str = include_str!("data/slovenian.perft");

fn is_tarok(c: Card) -> bool {
    c.tarokk_number().is_some()
}

/// Same kind: both taroks, or both of one suit.
fn same_kind(a: Card, b: Card) -> bool {
    if is_tarok(a) || is_tarok(b) {
        is_tarok(a) && is_tarok(b)
    } else {
        a.suit() == b.suit()
    }
}

#[derive(Clone)]
struct Naive {
    hands: Vec<Vec<Card>>,
    trick: Vec<(usize, Card)>,
    leader: usize,
    tricks_left: u32,
    contract: Contract,
    declarer: usize,
    over: bool,
}

impl Naive {
    fn of(g: &AnyGame) -> Naive {
        let s = g.as_slovenian().expect("Slovenian");
        let seats = g.table_info().seats;
        Naive {
            hands: (0..seats)
                .map(|p| g.hand(Seat::new(p)).into_iter().collect())
                .collect(),
            trick: g
                .current_trick()
                .plays()
                .map(|(p, c)| (p.index(), c))
                .collect(),
            leader: g.current_trick().leader().index(),
            tricks_left: 48 / u32::from(seats) - g.tricks().len() as u32,
            contract: s.contract().expect("in play"),
            declarer: g.declarer().map_or(0, |(p, _)| p.index()),
            over: false,
        }
    }

    fn negative(&self) -> bool {
        matches!(
            self.contract,
            Contract::Klop | Contract::Beggar | Contract::OpenBeggar
        )
    }

    fn winner(&self, trick: &[(usize, Card)]) -> usize {
        let led = trick[0].1;
        let colour_valat = self.contract == Contract::ColourValat;
        let pos = |card: Card| trick.iter().position(|&(_, c)| c == card);
        if let (Some(p), Some(m), Some(s)) = (pos(Card::PAGAT), pos(Card::XXI), pos(Card::SKIZ)) {
            if p > m && p > s && (!colour_valat || is_tarok(led)) {
                return trick[p].0;
            }
        }
        trick
            .iter()
            .filter(|(_, c)| same_kind(*c, led) || (is_tarok(*c) && !colour_valat))
            .max_by_key(|(_, c)| strength(*c))
            .expect("the lead counts")
            .0
    }
}

impl NaivePlay for Naive {
    fn legal(&self) -> Vec<Card> {
        let seat = (self.leader + self.trick.len()) % self.hands.len();
        let hand = &self.hands[seat];
        let neg = self.negative();
        let Some(&(_, led)) = self.trick.first() else {
            let mut all = hand.clone();
            if neg && all.len() > 1 {
                all.retain(|&c| c != Card::PAGAT);
            }
            return all;
        };
        let follow: Vec<Card> = hand
            .iter()
            .copied()
            .filter(|&c| same_kind(c, led))
            .collect();
        let taroks: Vec<Card> = hand.iter().copied().filter(|&c| is_tarok(c)).collect();
        let take = if !follow.is_empty() {
            follow
        } else if !taroks.is_empty() {
            taroks
        } else {
            return hand.clone();
        };
        if !neg {
            return take;
        }
        let played: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        if take.contains(&Card::PAGAT)
            && played.contains(&Card::SKIZ)
            && played.contains(&Card::XXI)
        {
            return vec![Card::PAGAT];
        }
        let kind = take[0];
        let tarok_in = played.iter().any(|&c| is_tarok(c));
        let must_beat = if is_tarok(kind) { tarok_in } else { !tarok_in };
        let mut legal = take.clone();
        if must_beat {
            let best = played
                .iter()
                .copied()
                .filter(|&c| same_kind(c, kind))
                .map(strength)
                .max()
                .unwrap_or(0);
            let higher: Vec<Card> = take
                .iter()
                .copied()
                .filter(|&c| strength(c) > best)
                .collect();
            if !higher.is_empty() {
                legal = higher;
            }
        }
        if legal.len() > 1 {
            legal.retain(|&c| c != Card::PAGAT);
        }
        legal
    }

    fn play(&mut self, c: Card) {
        let seat = (self.leader + self.trick.len()) % self.hands.len();
        self.hands[seat].retain(|&x| x != c);
        self.trick.push((seat, c));
        if self.trick.len() == self.hands.len() {
            let w = self.winner(&self.trick);
            self.leader = w;
            self.trick.clear();
            self.tricks_left -= 1;
            self.over = match self.contract {
                Contract::Beggar | Contract::OpenBeggar => w == self.declarer,
                Contract::ColourValat | Contract::Valat => w != self.declarer,
                _ => false,
            };
        }
    }

    fn over(&self) -> bool {
        self.over || self.tricks_left == 0
    }
}

fn check(cases: &[Case], seats: u8) -> usize {
    let setup = |seed| {
        Setup::seeded(
            Variant::SlovenianTarok,
            seats,
            Seat::new(seats - 1),
            seed_from_u64(seed),
        )
    };
    check_cases(
        cases,
        setup,
        |g, depth| {
            let s = g.as_slovenian()?;
            (s.phase() == Phase::Play).then(|| common::naive_perft(&Naive::of(g), depth))
        },
        3,
    )
}

// rule: SI-BID-02, SI-BID-03, SI-BID-05, SI-BID-06, SI-CALL-01, SI-TALON-01, SI-TALON-02
// rule: SI-ANN-01, SI-ANN-02, SI-ANN-04
// rule: SI-PLAY-02, SI-PLAY-04, SI-PLAY-05, SI-PLAY-06, SI-PLAY-07, SI-PLAY-08
#[test]
fn frozen_perft_counts_agree_with_reference_generators() {
    let all = cases(DATA);
    let (three, four): (Vec<Case>, Vec<Case>) = all.into_iter().partition(|c| c.seed < 1000);
    assert!(
        three.len() >= 5 && four.len() >= 5,
        "the data file lists the positions"
    );
    assert!(check(&three, 3) >= 3, "positions in trick play");
    assert!(check(&four, 4) >= 3, "positions in trick play");
}
