//! The Danish declarations (meldinger, DK-ANN-03..12): the combinations a hand must declare,
//! which the engine makes for every player once the discard is done, and the cards that belong
//! to them (which the dealer may not discard, DK-TALON-06).

use super::game::{FOOL, TRUMPS};
use crate::card::{Card, CardSet, Rank, Suit};
use std::fmt;

/// How complete a holding of four cards is (cavallerie of a suit, or the kings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grade {
    /// All four ("fulde").
    Full,
    /// All four and the fool ("sprøjtefulde").
    Abundant,
    /// Three of them and the fool ("halve"), naming the card missing.
    Half(Card),
}

/// A compulsory declaration (DK-ANN-03..10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Meld {
    /// Ten or more trumps, the fool counting, and whether the pagat is among them.
    Trumps {
        /// Trumps held, the fool included.
        count: u8,
        /// The pagat is held.
        pagat: bool,
    },
    /// The fool, the mondo and the pagat, and the unbroken run down from 20: 3 or more.
    Matadors(u8),
    /// The four courts of a suit, or three and the fool.
    Cavallerie(Suit, Grade),
    /// The four kings, or three and the fool.
    Kings(Grade),
}

impl Meld {
    /// What each other player pays for it (DK-SCORE-05..08).
    #[must_use]
    pub const fn value(self) -> i64 {
        match self {
            Meld::Trumps { count, .. } => 10 + 5 * (count as i64 - 10),
            Meld::Matadors(n) => 10 + 5 * (n as i64 - 3),
            Meld::Cavallerie(_, g) | Meld::Kings(g) => match g {
                Grade::Full => 10,
                Grade::Abundant => 15,
                Grade::Half(_) => 5,
            },
        }
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grade = |g: Grade| match g {
            Grade::Full => "full",
            Grade::Abundant => "abundant",
            Grade::Half(_) => "half",
        };
        match *self {
            Meld::Trumps { count, pagat } => write!(
                f,
                "{count} trumps {} the pagat",
                if pagat { "with" } else { "without" }
            ),
            Meld::Matadors(n) => write!(f, "{n} matadors"),
            Meld::Cavallerie(s, g) => {
                write!(f, "{} {}", grade(g), s.name())?;
                if let Grade::Half(c) = g {
                    let court = match c.rank().map(Rank::get) {
                        Some(14) => "king",
                        Some(13) => "queen",
                        Some(12) => "knight",
                        _ => "jack",
                    };
                    write!(f, ", no {court}")?;
                }
                Ok(())
            }
            Meld::Kings(g) => {
                write!(f, "{} kings", grade(g))?;
                if let Some(s) = match g {
                    Grade::Half(c) => c.suit(),
                    _ => None,
                } {
                    write!(f, ", no king of {}", s.name())?;
                }
                Ok(())
            }
        }
    }
}

/// The declarations of one hand, in the order they are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Melds {
    list: [Meld; 7],
    len: u8,
}

impl Melds {
    /// The declarations.
    pub fn iter(&self) -> impl Iterator<Item = Meld> + '_ {
        self.list[..usize::from(self.len)].iter().copied()
    }

    /// True if there is none (the player says "pas").
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, m: Meld) {
        if let Some(slot) = self.list.get_mut(usize::from(self.len)) {
            *slot = m;
            self.len += 1;
        }
    }
}

/// The courts of `suit`: king, queen, knight, jack.
fn courts(suit: Suit) -> CardSet {
    Rank::COURTS
        .iter()
        .map(|&r| Card::suited(suit, r))
        .collect()
}

/// The trumps of the matadors' unbroken run down from 21 (21, 20, …) in `hand`.
fn run_from_mondo(hand: CardSet) -> CardSet {
    let mut run = CardSet::EMPTY;
    for n in (1..=21).rev() {
        let c = Card::tarokk(n);
        if !hand.contains(c) {
            break;
        }
        run.insert(c);
    }
    run
}

/// A holding of four cards `set` as a grade, given whether the fool is held.
fn grade(held: CardSet, set: CardSet, fool: bool) -> Option<Grade> {
    match held.len() {
        4 if fool => Some(Grade::Abundant),
        4 => Some(Grade::Full),
        3 if fool => (set - held).lowest().map(Grade::Half),
        _ => None,
    }
}

/// The declarations `hand` must make (DK-ANN-03..10).
#[must_use]
pub fn melds(hand: CardSet) -> Melds {
    let mut out = Melds {
        list: [Meld::Matadors(0); 7],
        len: 0,
    };
    let fool = hand.contains(FOOL);
    let trumps = (hand & TRUMPS).len() + u32::from(fool);
    if trumps >= 10 {
        out.push(Meld::Trumps {
            count: trumps as u8,
            pagat: hand.contains(Card::PAGAT),
        });
    }
    if fool && hand.contains(Card::PAGAT) && hand.contains(Card::XXI) {
        out.push(Meld::Matadors(2 + run_from_mondo(hand).len() as u8));
    }
    for s in Suit::ALL {
        let set = courts(s);
        if let Some(g) = grade(hand & set, set, fool) {
            out.push(Meld::Cavallerie(s, g));
        }
    }
    if let Some(g) = grade(hand & CardSet::KINGS, CardSet::KINGS, fool) {
        out.push(Meld::Kings(g));
    }
    out
}

/// The cards of `hand` that belong to a combination it must declare (DK-TALON-06).
#[must_use]
pub fn combination_cards(hand: CardSet) -> CardSet {
    let fool = hand & FOOL.set();
    let mut out = CardSet::EMPTY;
    if (hand & TRUMPS).len() + fool.len() >= 10 {
        out |= hand & (TRUMPS | fool);
    }
    if !fool.is_empty() && hand.contains(Card::PAGAT) && hand.contains(Card::XXI) {
        out |= fool | Card::PAGAT.set() | run_from_mondo(hand);
    }
    for set in Suit::ALL.map(courts).into_iter().chain([CardSet::KINGS]) {
        let held = hand & set;
        if held.len() == 4 || (held.len() == 3 && !fool.is_empty()) {
            out |= held | fool;
        }
    }
    out
}
