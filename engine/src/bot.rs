//! Built-in bots: a uniformly random player, a rule-aware heuristic player, and a search
//! player that samples the hidden cards and plays each candidate out ([`crate::search`]).
//!
//! A bot chooses one of the legal actions of the seat to act. It sees only that seat's view:
//! the heuristic reads the game through [`SeatKnowledge`], which exposes the seat's own cards
//! and what is public, never another seat's hand, the talon it was not given or others'
//! discards. The random bot looks at nothing but the list of legal actions.
//!
//! Bots are deterministic: the same position, bot and seed give the same action.

use crate::action::Action;
use crate::card::{Card, CardSet};
use crate::count::central_value;
use crate::game::{ActionList, Game, Observe};
use crate::ledger::Team;
use crate::search::{self, Budget, SearchError};
use crate::seat::Seat;
use crate::trick::{Trick, TrickRules};
use crate::variant::AnyGame;
use std::fmt;
use std::str::FromStr;

/// What one seat knows of a hand of game `G`: its own cards and what is public. Each game's
/// heuristic reads the game only through this type (its methods for that game are in the
/// game's `bot` module), so it cannot look at another seat's hand, a talon card it was not
/// given, or others' discards.
#[derive(Clone, Copy, Debug)]
pub struct SeatKnowledge<'a, G> {
    pub(crate) game: &'a G,
    pub(crate) me: Seat,
}

impl<'a, G: Observe> SeatKnowledge<'a, G> {
    /// The knowledge of seat `me`.
    #[must_use]
    pub fn new(game: &'a G, me: Seat) -> SeatKnowledge<'a, G> {
        SeatKnowledge { game, me }
    }

    /// The seat.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.me
    }

    /// The seat's hand.
    #[must_use]
    pub fn hand(&self) -> CardSet {
        self.game.hand(self.me)
    }
}

/// A built-in bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bot {
    /// Uniform over the legal actions, seeded.
    Random,
    /// Rule-aware play for every phase: bids by honours and tarokk strength, keeps honours and
    /// kings, follows the calling conventions, announces only what it can make, plays to win
    /// valuable tricks, protects the pagát for the ultimó and kontras when strong.
    Heuristic,
    /// Determinised flat Monte Carlo: draws worlds consistent with what the seat knows, plays
    /// each legal action and then the rest of the hand with the heuristic in every seat, and
    /// takes the action with the best mean settlement when it beats the heuristic's choice
    /// clearly ([`crate::search`]).
    Search,
}

impl Bot {
    /// Every bot, in the order lists show them.
    pub const ALL: [Bot; 3] = [Bot::Random, Bot::Heuristic, Bot::Search];

    /// The name requests use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Heuristic => "heuristic",
            Bot::Search => "search",
        }
    }

    /// One line on what the bot does.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Bot::Random => "uniformly random among the legal actions (seeded)",
            Bot::Heuristic => {
                "rule-aware play: bids on honours and tarokk strength, discards to make voids, \
                 calls by convention, announces only what it can make, wins valuable tricks, \
                 keeps the pagát for the ultimó, kontras when strong"
            }
            Bot::Search => {
                "samples the hidden cards consistently with what the seat knows, plays every \
                 legal action out with the heuristic in all seats, and takes the best mean \
                 settlement (budget: worlds per decision, or time)"
            }
        }
    }

    /// The action this bot chooses for the seat to act in `game`, or `None` when the hand is
    /// over. `history` is every action since the deal, which led to `game`: the search bot
    /// reads the seat's knowledge from it (and checks that it leads to `game`); the others read
    /// the position only. `budget` bounds the search bot's work; the others ignore it.
    ///
    /// `seed` makes random choices repeatable: the random bot mixes it with the number of
    /// actions taken so far, so a whole deal played with one seed is reproducible; the search
    /// bot draws its worlds from it (repeatable when `budget` has no time bound).
    ///
    /// # Errors
    /// [`SearchError`] when the search bot is given a history that does not lead to `game`.
    pub fn choose(
        self,
        game: &AnyGame,
        history: &[Action],
        seed: u64,
        budget: Budget,
    ) -> Result<Option<Action>, SearchError> {
        let Some(seat) = game.to_act() else {
            return Ok(None);
        };
        if self == Bot::Search {
            return Ok(search::decide(game, history, seed, budget)?.map(|d| d.action));
        }
        let mut legal = ActionList::default();
        game.legal_actions_into(&mut legal);
        let actions = legal.as_slice();
        if actions.is_empty() {
            return Ok(None);
        }
        let applied = u64::from(game.actions_applied());
        let mut rng = SplitMix::new(seed ^ applied.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        Ok(Some(match self {
            Bot::Random => actions[rng.below(actions.len())],
            Bot::Heuristic | Bot::Search => game.heuristic(seat, actions),
        }))
    }
}

impl fmt::Display for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown bot name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBot(pub String);

impl fmt::Display for UnknownBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown bot {:?}; the bots are", self.0)?;
        for (i, b) in Bot::ALL.iter().enumerate() {
            write!(f, "{} {b}", if i == 0 { "" } else { "," })?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownBot {}

impl FromStr for Bot {
    type Err = UnknownBot;

    fn from_str(s: &str) -> Result<Bot, UnknownBot> {
        Bot::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| UnknownBot(crate::echo::clip(s).into_owned()))
    }
}

/// SplitMix64: a small, fast generator for the bots' choices (not for dealing).
struct SplitMix(u64);

impl SplitMix {
    fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), by multiply-shift (bias below 2^-32 for any list size here).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

/// The talon choice of the heuristic bots that take talon cards by choice (Austrian, Slovenian):
/// among `legal`, the take whose cards (`cards_of` a take, empty for any other action) are worth
/// most, a tarokk counting two more than its card value.
pub(crate) fn richest_take<'t>(
    legal: &[Action],
    cards_of: impl Fn(Action) -> &'t [Card],
) -> Option<Action> {
    legal.iter().copied().max_by_key(|&a| {
        cards_of(a)
            .iter()
            .map(|&c| central_value(c) + 2 * i64::from(CardSet::TAROKKS.contains(c)))
            .sum::<i64>()
    })
}

/// The discard of those heuristic bots: among `legal`, a card neither tarokk nor king before
/// any other, from the shortest suit of `hand`, of the least value.
pub(crate) fn shortest_suit_discard(hand: CardSet, legal: &[Action]) -> Option<Action> {
    legal.iter().copied().min_by_key(|a| match a {
        Action::Discard(c) => {
            let keep = CardSet::TAROKKS.contains(*c) || c.is_king();
            let suit_len = c.suit().map_or(99, |s| (hand & s.mask()).len());
            (keep, suit_len, central_value(*c), c.index())
        }
        _ => (true, 99, 99, 0),
    })
}

/// The cards played by the card plays among `legal`.
pub(crate) fn plays(legal: &[Action]) -> CardSet {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// The card play of the heuristic bots of the games where a side wins tricks together (the
/// Polish and Austrian games), among `legal` (card plays): lead the lowest card of the longest
/// plain suit; save the pagat on a trick the own side surely wins; give points to a partner's
/// winning trick; otherwise win a valuable trick with the cheapest winning card, or give the
/// least. `side` is the side of a seat as the bot's seat knows it; `ultimo` says the seat
/// announced Pagat Ultimo and keeps the pagat for the last trick (where the rules do not
/// already make it).
pub(crate) fn play_card(
    trick: &Trick,
    me: Seat,
    hand: CardSet,
    legal: &[Action],
    seats: u8,
    ultimo: bool,
    side: impl Fn(Seat) -> Option<Team>,
) -> Action {
    let trick = *trick;
    let cards: Vec<Card> = plays(legal).into_iter().collect();
    let Some(&lowest) = cards.iter().min_by_key(|c| (central_value(**c), c.index())) else {
        return legal.first().copied().unwrap_or(Action::Pass);
    };
    // Keep the pagat for the last trick where possible.
    let spare: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|&c| c != Card::PAGAT || cards.len() == 1)
        .collect();
    let low = spare
        .iter()
        .copied()
        .min_by_key(|c| (central_value(*c), c.index()))
        .unwrap_or(lowest);
    if trick.is_empty() {
        // Lead the lowest card of the longest plain suit, else the lowest tarokk.
        let lead = spare
            .iter()
            .copied()
            .filter(|c| c.suit().is_some() && !c.is_king())
            .max_by_key(|c| {
                let n = c.suit().map_or(0, |s| (hand & s.mask()).len());
                (n, std::cmp::Reverse(central_value(*c)))
            })
            .unwrap_or(low);
        return Action::Play(lead);
    }
    let rules = TrickRules::TAROCK;
    let (leader, _) = trick.winner(&rules).unwrap_or((trick.leader(), lowest));
    let mine = side(me);
    let friend_winning = leader != me && mine.is_some() && side(leader) == mine;
    let wins = |c: Card| {
        let mut t: Trick = trick;
        t.push(me, c);
        t.winner(&rules).is_some_and(|(w, _)| w == me)
    };
    // Save an unannounced pagat on a trick the own side wins for sure: the partner's skíz or
    // XXI, or any trick of ours when this seat plays last.
    let last_to_play = trick.len() + 1 == usize::from(seats);
    let safe = |c: Card| {
        let mut t: Trick = trick;
        t.push(me, c);
        t.winner(&rules).is_some_and(|(w, best)| {
            let ours = w == me || (mine.is_some() && side(w) == mine);
            ours && (last_to_play || best == Card::SKIZ || best == Card::XXI)
        })
    };
    if !ultimo && cards.contains(&Card::PAGAT) && cards.len() > 1 && safe(Card::PAGAT) {
        return Action::Play(Card::PAGAT);
    }
    if friend_winning {
        // Give the partner points, sparing the honours.
        let give = spare
            .iter()
            .copied()
            .filter(|c| !CardSet::HONOURS.contains(*c))
            .max_by_key(|c| (central_value(*c), c.index()))
            .unwrap_or(low);
        return Action::Play(give);
    }
    let value: i64 = trick.cards().into_iter().map(central_value).sum();
    let winner = spare
        .iter()
        .copied()
        .filter(|&c| wins(c) && (c != Card::XXI || value >= 5))
        .min_by_key(|c| (central_value(*c), c.index()));
    Action::Play(winner.unwrap_or(low))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for b in Bot::ALL {
            assert_eq!(b.name().parse::<Bot>(), Ok(b));
        }
        let e = "clever".parse::<Bot>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown bot \"clever\"; the bots are random, heuristic, search"
        );
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SplitMix::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[r.below(5)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 850 && n < 1150), "{seen:?}");
    }
}
