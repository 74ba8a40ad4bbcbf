//! What the rule tests of the Polish, Austrian and Danish games share: cards and actions in
//! notation, explicit deals, and the checks that a move is refused (with its rule) or legal, the
//! list and `check` agreeing either way. (Not every test uses every helper.)
#![allow(dead_code)]

use tarock_engine::game::Game;
use tarock_engine::{
    Action, AnyGame, Card, CardSet, DealBuilder, DealSource, Item, Ledger, LedgerItem, Seat, Setup,
    Variant,
};

pub(crate) fn c(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn set(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

pub(crate) fn seat(i: u8) -> Seat {
    Seat::new(i)
}

/// An explicit deal in notation: the variant and dealer, each seat's hand (seat 0 first) and
/// the talon, top first.
#[derive(Clone, Debug)]
pub(crate) struct Cards {
    pub(crate) variant: Variant,
    pub(crate) dealer: Seat,
    pub(crate) hands: Vec<String>,
    pub(crate) talon: String,
}

impl Cards {
    pub(crate) fn new<S: AsRef<str>>(
        variant: Variant,
        dealer: Seat,
        hands: impl IntoIterator<Item = S>,
        talon: &str,
    ) -> Cards {
        Cards {
            variant,
            dealer,
            hands: hands.into_iter().map(|h| h.as_ref().to_owned()).collect(),
            talon: talon.to_owned(),
        }
    }

    /// The deal with cards `a` and `b` exchanged, wherever they lie.
    pub(crate) fn swap(mut self, a: &str, b: &str) -> Cards {
        let swap_in = |s: &mut String| {
            *s = s
                .split_whitespace()
                .map(|t| {
                    if t == a {
                        b
                    } else if t == b {
                        a
                    } else {
                        t
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
        };
        for h in &mut self.hands {
            swap_in(h);
        }
        swap_in(&mut self.talon);
        self
    }

    pub(crate) fn setup(&self, opts: &[(&str, &str)]) -> Setup {
        let mut b = DealBuilder::new();
        for (i, h) in self.hands.iter().enumerate() {
            b = b.hand_str(i as u8, h);
        }
        Setup {
            variant: self.variant,
            options: Setup::option_pairs(opts),
            seats: self.hands.len() as u8,
            dealer: self.dealer,
            deal: DealSource::Explicit(b.talon_str(&self.talon)),
            carried: tarock_engine::Carried::default(),
        }
    }

    pub(crate) fn game(&self, opts: &[(&str, &str)]) -> AnyGame {
        AnyGame::new(&self.setup(opts)).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// Cards in notation, separated by spaces.
pub(crate) fn notation(cards: CardSet) -> String {
    cards
        .into_iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Applies actions in notation, separated by commas; each must be legal.
pub(crate) fn act(g: &mut AnyGame, actions: &str) {
    for a in actions.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        let action: Action = a.parse().unwrap_or_else(|e| panic!("{e}"));
        *g = g
            .play(action)
            .unwrap_or_else(|e| panic!("{a} by {:?}: {}", e.game.to_act(), e.violation));
    }
}

/// The rule that refuses `a`, which must be refused and not listed.
pub(crate) fn refused(g: &AnyGame, a: &str) -> &'static str {
    let action: Action = a.parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !g.legal_actions().contains(action),
        "{a} is listed as legal"
    );
    g.check(action)
        .err()
        .unwrap_or_else(|| panic!("{a} is accepted"))
        .rule
}

/// Whether `a` is legal; the list and `check` must agree.
pub(crate) fn legal(g: &AnyGame, a: &str) -> bool {
    let action: Action = a.parse().unwrap_or_else(|e| panic!("{e}"));
    let ok = g.check(action).is_ok();
    assert_eq!(
        ok,
        g.legal_actions().contains(action),
        "{a}: check and list"
    );
    ok
}

/// Passes every turn of a round of declarations except the scripted actions, each made in its
/// seat's turn, until the round is over (`phase` of the game changes).
pub(crate) fn round<P: PartialEq + std::fmt::Debug>(
    g: &mut AnyGame,
    script: &[(u8, &str)],
    phase: impl Fn(&AnyGame) -> P,
) {
    let start = phase(g);
    let mut rest = script.iter();
    let mut next = rest.next();
    while phase(g) == start {
        let to_act = g.to_act().expect("a round has a seat to act");
        match next {
            Some(&(s, a)) if seat(s) == to_act => {
                act(g, a);
                next = rest.next();
            }
            _ => act(g, "pass"),
        }
    }
    assert!(
        next.is_none(),
        "unused script after {:?}: {next:?}",
        phase(g)
    );
}

/// The ledger's line for `item`.
pub(crate) fn line(l: &Ledger, item: Item) -> Option<&LedgerItem> {
    l.items.iter().find(|i| i.item == item)
}

/// The totals of the first `N` seats.
pub(crate) fn totals<const N: usize>(l: &Ledger) -> [i64; N] {
    std::array::from_fn(|s| l.totals[seat(s as u8)])
}
