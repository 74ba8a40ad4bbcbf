//! Exhaustive move counts (perft) for fixed Danish deals, frozen in `tests/data/danish.perft`.
//!
//! Two reference generators written here check the engine's fast one:
//! - for trick play, a naive generator that keeps hands as vectors, applies follow-suit and
//!   must-trump with plain loops, lets the fool be played to any trick (and, led, name the
//!   suit or trumps as one of five moves), lets the player on lead call for the fool when the
//!   option allows it (after which its holder plays nothing else), and finds trick winners by
//!   comparing ranks, without the engine's bitsets or trick rules;
//! - for every phase, a brute-force generator that tries every id of the action space with
//!   `check` (independent of `legal_actions`).

// The Danish generator has moves of its own (the fool led names a suit), not `NaivePlay`'s cards.
#[allow(dead_code)]
mod common;

use common::{cases, check_cases, strength, Case};
use tarock_engine::danish::Phase;
use tarock_engine::game::Observe;
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{AnyGame, Card, Seat, Setup, Suit, Variant};

const DATA: &str = include_str!("data/danish.perft");
/// The line of the data file after which the counts are under `fool_endplay =
/// must_play_before_last`.
const BEFORE_LAST: &str = "# fool_endplay = must_play_before_last";
/// The line of the data file after which the counts are under `call_for_fool = true`.
const CALL: &str = "# call_for_fool = true";
const TRICKS: usize = 25;
const FOOL: Card = Card::SKIZ;

/// A trump: tarokk 1..21, the fool not among them.
fn is_trump(c: Card) -> bool {
    c != FOOL && c.tarokk_number().is_some()
}

/// What a trick asks to follow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Follow {
    Trumps,
    Suit(Suit),
}

fn follow_of(c: Card) -> Follow {
    if is_trump(c) {
        Follow::Trumps
    } else {
        Follow::Suit(c.suit().expect("a suit card"))
    }
}

/// A move of the naive generator: a card, the fool led naming a suit (`None`: trumps), or the
/// call for the fool.
#[derive(Clone, Copy)]
enum Move {
    Card(Card),
    LeadFool(Option<Suit>),
    CallFool,
}

#[derive(Clone)]
struct Naive {
    hands: Vec<Vec<Card>>,
    /// The trick so far (seat, card), the leader's first.
    trick: Vec<(usize, Card)>,
    /// What the fool's lead of this trick named (`Some(None)`: trumps).
    named: Option<Option<Suit>>,
    leader: usize,
    played: usize,
    /// From this trick index on, the fool's holder must play it.
    fool_due_from: Option<usize>,
    /// Calling for the fool is played (`call_for_fool`).
    calls: bool,
    /// The fool has been called for.
    called: bool,
    /// The fool lies in the skat of the dealer (seat 2).
    fool_in_skat: bool,
}

/// The dealer of every case.
const DEALER: usize = 2;

impl Naive {
    fn from_engine(g: &AnyGame, fool_due_from: Option<usize>) -> Naive {
        let d = g.as_danish().expect("Danish");
        Naive {
            hands: (0..3)
                .map(|s| d.hand(Seat::new(s)).into_iter().collect())
                .collect(),
            trick: d
                .current_trick()
                .plays()
                .map(|(s, c)| (s.index(), c))
                .collect(),
            named: d.named_suit(),
            leader: d.current_trick().leader().index(),
            played: d.tricks().len(),
            fool_due_from,
            calls: d.options().call_for_fool,
            called: d.fool_called(),
            fool_in_skat: d.discards(Seat::new(DEALER as u8)).contains(FOOL),
        }
    }

    /// Whether the fool is still in a hand or the skat.
    fn fool_unplayed(&self) -> bool {
        self.fool_in_skat || self.hands.iter().any(|h| h.contains(&FOOL))
    }

    fn to_act(&self) -> usize {
        (self.leader + self.trick.len()) % 3
    }

    /// What must be followed: the suit the fool's lead named, else the first card other than
    /// the fool; `None` on the lead.
    fn follow(&self) -> Option<Follow> {
        match self.named {
            Some(Some(s)) => Some(Follow::Suit(s)),
            Some(None) => Some(Follow::Trumps),
            None => self
                .trick
                .iter()
                .map(|&(_, c)| c)
                .find(|&c| c != FOOL)
                .map(follow_of),
        }
    }

    fn legal(&self) -> Vec<Move> {
        let hand = &self.hands[self.to_act()];
        let has_fool = hand.contains(&FOOL);
        let due = self.fool_due_from.is_some_and(|t| self.played >= t) || self.called;
        let mut cards: Vec<Card> = if has_fool && due {
            vec![FOOL]
        } else {
            let rest: Vec<Card> = hand.iter().copied().filter(|&c| c != FOOL).collect();
            let mut legal = match self.follow() {
                None => rest,
                Some(f) => {
                    let same: Vec<Card> = rest
                        .iter()
                        .copied()
                        .filter(|&c| follow_of(c) == f)
                        .collect();
                    let trumps: Vec<Card> = rest.iter().copied().filter(|&c| is_trump(c)).collect();
                    if !same.is_empty() {
                        same
                    } else if !trumps.is_empty() {
                        trumps
                    } else {
                        rest
                    }
                }
            };
            if has_fool {
                legal.push(FOOL);
            }
            legal
        };
        let mut moves = Vec::new();
        for c in cards.drain(..) {
            if c == FOOL && self.trick.is_empty() {
                for s in [
                    Some(Suit::Hearts),
                    Some(Suit::Diamonds),
                    Some(Suit::Clubs),
                    Some(Suit::Spades),
                    None,
                ] {
                    moves.push(Move::LeadFool(s));
                }
            } else {
                moves.push(Move::Card(c));
            }
        }
        // The player on lead, not holding the fool, may call for it once, while it is still to
        // be played; the dealer not for a fool in his own skat.
        if self.calls
            && !self.called
            && self.trick.is_empty()
            && !has_fool
            && self.fool_unplayed()
            && !(self.to_act() == DEALER && self.fool_in_skat)
        {
            moves.push(Move::CallFool);
        }
        moves
    }

    /// The seat that wins the full trick: the highest trump; else the highest card of the suit
    /// the fool's lead named; else the highest card of the suit of the first card other than
    /// the fool. The fool never wins.
    fn winner(&self) -> usize {
        let cards: Vec<(usize, Card)> = self
            .trick
            .iter()
            .copied()
            .filter(|&(_, c)| c != FOOL)
            .collect();
        let best = |f: Follow| {
            cards
                .iter()
                .filter(|&&(_, c)| follow_of(c) == f)
                .max_by_key(|&&(_, c)| strength(c))
                .map(|&(s, _)| s)
        };
        best(Follow::Trumps)
            .or_else(|| self.named.flatten().and_then(|s| best(Follow::Suit(s))))
            .or_else(|| best(follow_of(cards[0].1)))
            .expect("a card other than the fool")
    }

    fn play(&mut self, m: Move) {
        let seat = self.to_act();
        let c = match m {
            Move::Card(c) => c,
            Move::LeadFool(n) => {
                self.named = Some(n);
                FOOL
            }
            Move::CallFool => {
                self.called = true;
                return;
            }
        };
        self.hands[seat].retain(|&x| x != c);
        self.trick.push((seat, c));
        if self.trick.len() == 3 {
            self.leader = self.winner();
            self.trick.clear();
            self.named = None;
            self.played += 1;
        }
    }
}

/// The naive count of move sequences of `depth` from `n`.
fn naive_perft(n: &Naive, depth: u32) -> u64 {
    if depth == 0 || n.played == TRICKS {
        return 1;
    }
    n.legal()
        .into_iter()
        .map(|m| {
            let mut next = n.clone();
            next.play(m);
            naive_perft(&next, depth - 1)
        })
        .sum()
}

fn setup(seed: u64, options: &[(&str, &str)]) -> Setup {
    Setup::seeded(Variant::DanishTarok, 3, Seat::new(2), seed_from_u64(seed)).with_options(options)
}

/// Checks every case under `options`, the fool due from trick `fool_due_from` on in the naive
/// generator, the brute force to `brute_depth`; returns how many were in trick play.
fn check(
    cases: &[Case],
    options: &[(&str, &str)],
    fool_due_from: Option<usize>,
    brute_depth: u32,
) -> usize {
    check_cases(
        cases,
        |seed| setup(seed, options),
        |g, depth| {
            (g.as_danish().map(|d| d.phase()) == Some(Phase::Play))
                .then(|| naive_perft(&Naive::from_engine(g, fool_due_from), depth))
        },
        brute_depth,
    )
}

/// The data file's cases under the default options, those under `fool_endplay =
/// must_play_before_last`, and those under `call_for_fool = true`.
fn data() -> (Vec<Case>, Vec<Case>, Vec<Case>) {
    let (default, rest) = DATA.split_once(BEFORE_LAST).expect("the options' section");
    let (before_last, call) = rest.split_once(CALL).expect("the call's section");
    (cases(default), cases(before_last), cases(call))
}

// rule: DK-DEAL-11, DK-PLAY-14, DK-TALON-01, DK-TALON-03, DK-TALON-04, DK-TALON-06, DK-TALON-07
// rule: DK-ANN-14, DK-PLAY-01, DK-PLAY-02, DK-PLAY-03, DK-PLAY-04, DK-PLAY-05, DK-PLAY-06
// rule: DK-DEAL-05, DK-PLAY-07, DK-PLAY-08, DK-PLAY-09, DK-PLAY-11, DK-PLAY-12
#[test]
fn frozen_perft_counts_agree_with_reference_generators() {
    let (cases, _, _) = data();
    assert!(cases.len() >= 8, "the data file lists the fixed positions");
    assert!(check(&cases, &[], None, 3) >= 5, "positions in trick play");
    // The opening from the deal, counted by hand (seats 0, 1, 2 are A, B, C; C deals): A holds
    // trumps and passes; B holds the fool but no trump, so he passes or throws the hand in;
    // after B's pass C, holding trumps, passes.
    let c = &cases[0];
    assert_eq!((c.prefix.len(), c.depth, c.count), (0, 3, 1 + 1));
    let g = AnyGame::new(&setup(c.seed, &[])).expect("a deal");
    let b = g.hand(Seat::new(1));
    assert!(b.contains(FOOL) && !b.into_iter().any(is_trump));
    for s in [0, 2] {
        assert!(g.hand(Seat::new(s)).into_iter().any(is_trump));
    }
    // The dealer's first three discards, counted by hand: his hand holds the fool, three
    // trumps (neither pagat nor mondo), two kings, and the king, knight and jack of spades
    // with the fool, a half cavallerie. Kings and the fool are barred; the knight and jack of
    // spades are kept for the combination; the trumps go only all three, first: 3·2·1; else
    // three of the 20 other cards: 20·19·18; announcing Tout (at any of the three turns) adds
    // 3·(3·2 + 20·19), the fool still kept for the combination.
    let c = &cases[1];
    assert_eq!(c.prefix.len(), 3);
    assert_eq!(
        (c.depth, c.count),
        (3, 3 * 2 + 20 * 19 * 18 + 3 * (3 * 2 + 20 * 19))
    );
}

// rule: DK-PLAY-13
#[test]
fn frozen_counts_with_the_fool_played_before_the_last_trick() {
    let (_, cases, _) = data();
    assert!(cases.len() >= 2);
    let options = [("fool_endplay", "must_play_before_last")];
    assert_eq!(check(&cases, &options, Some(TRICKS - 2), 12), cases.len());
}

// rule: DK-PLAY-15, DK-MATCH-20
#[test]
fn frozen_counts_with_calling_for_the_fool() {
    let (default, _, cases) = data();
    assert!(cases.len() >= 4);
    let options = [("call_for_fool", "true")];
    assert_eq!(check(&cases, &options, None, 4), cases.len());
    // A position of the default section counted again with the option: the calls add to the
    // count, which the option off leaves as it was (the default section's check).
    let mut again = 0;
    for c in &cases {
        if let Some(d) = default
            .iter()
            .find(|d| (d.seed, &d.prefix, d.depth) == (c.seed, &c.prefix, c.depth))
        {
            assert!(d.count < c.count, "seed {}: the calls add moves", c.seed);
            again += 1;
        }
    }
    assert!(again >= 1);
}
