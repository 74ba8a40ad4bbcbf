//! What the perft tests of every game share: the engine's count, the brute-force count over
//! the whole action-id space, a naive strength for trick winners, and the frozen data files.

use tarock_engine::game::Game;
use tarock_engine::{Action, AnyGame, Card, Suit};

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
