//! What the perft tests of every game share: the engine's count, the brute-force count over
//! the whole action-id space, a naive strength for trick winners, and the frozen data files.

use tarock_engine::game::{Game, Observe};
use tarock_engine::{Action, AnyGame, Card, Seat, Setup, Suit};

/// The engine's count of legal action sequences of `depth` from `g`.
pub(crate) fn perft_fast(g: &AnyGame, depth: u32) -> u64 {
    if depth == 0 || g.to_act().is_none() {
        return 1;
    }
    g.legal_actions()
        .iter()
        .map(|&a| {
            let mut h = *g;
            h.play_unchecked(a);
            perft_fast(&h, depth - 1)
        })
        .sum()
}

/// The same count found by trying every id of the action space with `check` (independent of
/// `legal_actions`).
pub(crate) fn perft_bruteforce(g: &AnyGame, depth: u32) -> u64 {
    if depth == 0 || g.to_act().is_none() {
        return 1;
    }
    (0..g.action_space())
        .filter_map(|id| g.action_from_id(id))
        .filter(|&a| g.check(a).is_ok())
        .map(|a| {
            let mut h = *g;
            h.play_unchecked(a);
            perft_bruteforce(&h, depth - 1)
        })
        .sum()
}

/// Strength of a card for a naive trick winner, without the engine's layout: tarokks above
/// everything by number (the skíz 22), suit cards by court rank, then pips (red pips reversed,
/// the ace highest).
pub(crate) fn strength(c: Card) -> u32 {
    if let Some(n) = c.tarokk_number() {
        return 1000 + u32::from(n);
    }
    let r = u32::from(c.rank().expect("suit card").get());
    let red = matches!(c.suit(), Some(Suit::Hearts | Suit::Diamonds));
    if r >= 11 || !red {
        r
    } else {
        11 - r
    }
}

/// The cards of `hand` that follow `led` by the plain rules, with loops instead of the engine's
/// masks: the suit led, else a tarokk, else anything; a tarokk lead asks for a tarokk.
#[allow(dead_code)]
pub(crate) fn naive_follow(hand: &[Card], led: Option<Card>) -> Vec<Card> {
    let Some(led) = led else {
        return hand.to_vec();
    };
    let tarokks: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|c| c.tarokk_number().is_some())
        .collect();
    let same: Vec<Card> = if led.tarokk_number().is_some() {
        Vec::new()
    } else {
        hand.iter()
            .copied()
            .filter(|c| c.tarokk_number().is_none() && c.suit() == led.suit())
            .collect()
    };
    if !same.is_empty() {
        same
    } else if !tarokks.is_empty() {
        tarokks
    } else {
        hand.to_vec()
    }
}

/// The seat that wins `trick` (seat, card; the leader's card first) by the plain rules: the
/// strongest tarokk, else the strongest card of the suit led.
#[allow(dead_code)]
pub(crate) fn naive_winner(trick: &[(usize, Card)]) -> usize {
    let led = trick[0].1;
    trick
        .iter()
        .filter(|(_, x)| x.tarokk_number().is_some() || x.suit() == led.suit())
        .max_by_key(|(_, x)| strength(*x))
        .expect("the leader's card qualifies")
        .0
}

/// The state of a naive generator for the games where every seat plays to every trick: the
/// hands as vectors, the trick so far (seat, card), the leader and the tricks left. (The
/// Hungarian test keeps its own: a dealer of five sits out, and its reservations follow which
/// side lost a trick.)
#[allow(dead_code)]
#[derive(Clone)]
pub(crate) struct NaiveTricks {
    pub(crate) hands: Vec<Vec<Card>>,
    pub(crate) trick: Vec<(usize, Card)>,
    pub(crate) leader: usize,
    pub(crate) tricks_left: u32,
}

#[allow(dead_code)]
impl NaiveTricks {
    /// The position of `g` in trick play, which deals `tricks` tricks in all.
    pub(crate) fn of(g: &AnyGame, tricks: u32) -> NaiveTricks {
        let seats = g.table_info().seats;
        NaiveTricks {
            hands: (0..seats)
                .map(|s| g.hand(Seat::new(s)).into_iter().collect())
                .collect(),
            trick: g
                .current_trick()
                .plays()
                .map(|(s, c)| (s.index(), c))
                .collect(),
            leader: g.current_trick().leader().index(),
            tricks_left: tricks - g.tricks().len() as u32,
        }
    }

    pub(crate) fn to_act(&self) -> usize {
        (self.leader + self.trick.len()) % self.hands.len()
    }

    /// Plays `c` for the seat to act; the trick's winner leads the next.
    pub(crate) fn play(&mut self, c: Card) {
        let seat = self.to_act();
        self.hands[seat].retain(|&x| x != c);
        self.trick.push((seat, c));
        if self.trick.len() == self.hands.len() {
            self.leader = naive_winner(&self.trick);
            self.trick.clear();
            self.tricks_left -= 1;
        }
    }
}

/// A naive trick-play generator: hands as vectors, rules as plain loops.
pub(crate) trait NaivePlay: Clone {
    /// The cards the seat to act may play.
    fn legal(&self) -> Vec<Card>;
    /// Plays `c` for the seat to act.
    fn play(&mut self, c: Card);
    /// Whether every trick has been played.
    fn over(&self) -> bool;
}

/// The naive count of card-play sequences of `depth` from `n`.
pub(crate) fn naive_perft<N: NaivePlay>(n: &N, depth: u32) -> u64 {
    if depth == 0 || n.over() {
        return 1;
    }
    n.legal()
        .into_iter()
        .map(|c| {
            let mut next = n.clone();
            next.play(c);
            naive_perft(&next, depth - 1)
        })
        .sum()
}

/// Checks frozen `cases`: each prefix replays from the deal `setup` gives for its seed, the
/// engine's count is the frozen one, `naive` (where it counts the position: in trick play)
/// agrees, and the brute-force count agrees to a depth of at most `brute_depth`. Returns how
/// many positions the naive generator counted.
pub(crate) fn check_cases(
    cases: &[Case],
    setup: impl Fn(u64) -> Setup,
    naive: impl Fn(&AnyGame, u32) -> Option<u64>,
    brute_depth: u32,
) -> usize {
    let mut counted = 0;
    for c in cases {
        let g = AnyGame::replay(&setup(c.seed), &c.prefix)
            .unwrap_or_else(|e| panic!("seed {}: prefix does not replay: {e:?}", c.seed));
        let fast = perft_fast(&g, c.depth);
        assert_eq!(
            fast, c.count,
            "seed {} depth {}: engine count changed",
            c.seed, c.depth
        );
        if let Some(n) = naive(&g, c.depth) {
            counted += 1;
            assert_eq!(
                n, c.count,
                "seed {} depth {}: naive play generator disagrees",
                c.seed, c.depth
            );
        }
        // The brute-force generator is slow: check it to a smaller depth.
        let d = c.depth.min(brute_depth);
        assert_eq!(
            perft_bruteforce(&g, d),
            perft_fast(&g, d),
            "seed {}: brute force disagrees at depth {d}",
            c.seed
        );
    }
    counted
}

/// One frozen count: the seed of the deal, the actions from it, the depth and the count.
pub(crate) struct Case {
    pub(crate) seed: u64,
    pub(crate) prefix: Vec<Action>,
    pub(crate) depth: u32,
    pub(crate) count: u64,
}

/// The cases of a data file: `seed | actions (notation, comma-separated) | depth | count`, one
/// per line, `#` comments.
pub(crate) fn cases(data: &str) -> Vec<Case> {
    data.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 4, "perft line: seed | prefix | depth | count");
            Case {
                seed: parts[0].parse().expect("seed"),
                prefix: parts[1]
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap_or_else(|e| panic!("{e}")))
                    .collect(),
                depth: parts[2].parse().expect("depth"),
                count: parts[3].parse().expect("count"),
            }
        })
        .collect()
}
