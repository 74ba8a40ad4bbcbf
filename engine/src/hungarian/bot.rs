//! The heuristic bot for the Hungarian family, and the one view of a hand it may read.

use super::game::{Hungarian, Phase};
use super::options::Game as Kind;
use crate::action::{Action, Bonus, Contract, Declaration, Target};
use crate::card::{Card, CardSet, Suit};
use crate::count::central_value;
use crate::game::{Observe, Viewer};
use crate::ledger::Team;
use crate::seat::Seat;
use crate::trick::{Trick, TrickRules};

/// What one seat knows of a Hungarian hand (see [`crate::bot::SeatKnowledge`]).
pub type SeatKnowledge<'a> = crate::bot::SeatKnowledge<'a, Hungarian>;

impl<'a> SeatKnowledge<'a> {
    /// The cards the seat knows to be out of play or in its own hand: its hand, its discards,
    /// the talon cards it saw, every card played, and whatever the rules show it.
    #[must_use]
    pub fn seen(&self) -> CardSet {
        let v = self.game.visible(Viewer::Seat(self.me));
        let mut seen = v.talon | self.played();
        for s in Seat::all(self.game.table_info().seats) {
            seen = seen | v.hands[s] | v.discards[s];
        }
        seen
    }

    /// Every card played to a trick so far (public).
    #[must_use]
    pub fn played(&self) -> CardSet {
        let mut c = self.game.current_trick().cards();
        for t in self.game.tricks() {
            c |= t.cards();
        }
        c
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.game.phase()
    }

    /// The game (Illustrated or Paskievics rules).
    #[must_use]
    pub fn kind(&self) -> Kind {
        self.game.options().game
    }

    /// The number of seats and who plays this hand.
    #[must_use]
    pub fn active_seats(&self) -> u8 {
        self.game.table_info().active_count()
    }

    /// The declarer and the contract, once the auction is won (public).
    #[must_use]
    pub fn declarer(&self) -> Option<(Seat, Contract)> {
        self.game.declarer()
    }

    /// The called card (public once called).
    #[must_use]
    pub fn called(&self) -> Option<Card> {
        self.game.called()
    }

    /// Cue bids made in the auction (public).
    #[must_use]
    pub fn cue_bids(&self) -> &'a [(Seat, Card)] {
        self.game.cue_bids()
    }

    /// The seat's own side: the declarer and the holder of the called card are the declarer's
    /// team. `None` before the call for anyone but the declarer.
    #[must_use]
    pub fn my_team(&self) -> Option<Team> {
        self.side_of(self.me)
    }

    /// The side of seat `s` as this seat can know it.
    #[must_use]
    pub fn side_of(&self, s: Seat) -> Option<Team> {
        self.game.side_known_to(Viewer::Seat(self.me), s)
    }

    /// The announced items standing: bonus, team, kontra level, announcer (public).
    pub fn announced(&self) -> impl Iterator<Item = (Bonus, Team, u8, Seat)> + 'a {
        self.game.announced()
    }

    /// The trick in progress (public).
    #[must_use]
    pub fn trick(&self) -> &'a Trick {
        self.game.current_trick()
    }
}

/// The heuristic bot's choice among `legal` (not empty) for the seat of `k`.
#[must_use]
pub fn choose(k: &SeatKnowledge<'_>, legal: &[Action]) -> Action {
    let choice = match k.phase() {
        Phase::Auction => bid(k, legal),
        Phase::Discard => discard(k, legal),
        Phase::Annul => annul(k, legal),
        Phase::Announce => announce(k, legal),
        Phase::Play => play(k, legal),
        Phase::Over(_) => None,
    };
    choice
        .filter(|a| legal.contains(a))
        .unwrap_or_else(|| fallback(legal))
}

/// When nothing better applies: pass if allowed, else the first action that is not a kontra.
fn fallback(legal: &[Action]) -> Action {
    if legal.contains(&Action::Pass) {
        return Action::Pass;
    }
    legal
        .iter()
        .copied()
        .find(|a| !matches!(a, Action::Kontra(..)))
        .unwrap_or(legal[0])
}

fn tarokks(hand: CardSet) -> CardSet {
    hand & CardSet::TAROKKS
}

fn has(hand: CardSet, c: Card) -> bool {
    hand.contains(c)
}

/// Hand strength in half-points: two per tarokk, three for each of the XXI and the skíz, one
/// for each high tarokk (XVI–XX) and each king.
fn strength(hand: CardSet) -> u32 {
    let t = tarokks(hand);
    let high = tarokks_between(t, 16, 20);
    2 * t.len()
        + 3 * u32::from(has(hand, Card::XXI))
        + 3 * u32::from(has(hand, Card::SKIZ))
        + high
        + (hand & CardSet::KINGS).len()
}

/// How many tarokks numbered `lo..=hi` the set holds.
fn tarokks_between(set: CardSet, lo: u8, hi: u8) -> u32 {
    (lo..=hi).filter(|&n| set.contains(Card::tarokk(n))).count() as u32
}

/// The highest contract the hand is worth.
fn worth(hand: CardSet) -> Option<Contract> {
    match strength(hand) {
        s if s >= 27 => Some(Contract::Solo),
        s if s >= 22 => Some(Contract::One),
        s if s >= 19 => Some(Contract::Two),
        s if s >= 15 => Some(Contract::Three),
        _ => None,
    }
}

fn bid(k: &SeatKnowledge<'_>, legal: &[Action]) -> Option<Action> {
    let max = worth(k.hand());
    let lowest_bid = legal
        .iter()
        .filter_map(|a| match a {
            Action::Bid(c) => Some(*c),
            _ => None,
        })
        .min();
    if let Some(max) = max {
        // Holding keeps the game at the level just below the lowest bid still open.
        if legal.contains(&Action::Hold) {
            let held = lowest_bid.map_or(Contract::Solo, |c| {
                Contract::from_level(c.level().saturating_sub(1)).unwrap_or(Contract::Three)
            });
            if held <= max {
                return Some(Action::Hold);
            }
        }
        if let Some(c) = lowest_bid.filter(|&c| c <= max) {
            return Some(Action::Bid(c));
        }
    }
    Some(Action::Pass)
}

/// Discards make voids and bank points: a suit card from a short suit, the more points the
/// better; a tarokk only when nothing else may go.
fn discard(k: &SeatKnowledge<'_>, legal: &[Action]) -> Option<Action> {
    let hand = k.hand();
    legal
        .iter()
        .copied()
        .filter_map(|a| match a {
            Action::Discard(c) => Some((a, discard_score(hand, c))),
            _ => None,
        })
        .max_by_key(|&(_, s)| s)
        .map(|(a, _)| a)
}

fn discard_score(hand: CardSet, c: Card) -> i64 {
    match c.suit() {
        Some(s) => {
            let len = i64::from((hand & s.mask()).len());
            central_value(c) * 3 + (8 - len) * 2
        }
        // The lowest tarokk, never an honour.
        None => -100 - i64::from(c.tarokk_number().unwrap_or(22)),
    }
}

/// Annulling throws a hopeless hand in; the declarer never annuls its own game.
fn annul(k: &SeatKnowledge<'_>, legal: &[Action]) -> Option<Action> {
    let declarer = k.declarer().map(|(s, _)| s);
    if legal.contains(&Action::Annul) && declarer != Some(k.seat()) {
        return Some(Action::Annul);
    }
    Some(Action::Pass)
}

fn announce(k: &SeatKnowledge<'_>, legal: &[Action]) -> Option<Action> {
    let hand = k.hand();
    // The call: the card a cue bid showed, else the highest tarokk from XX down not held.
    let calls: Vec<Card> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Call(c) => Some(*c),
            _ => None,
        })
        .collect();
    if !calls.is_empty() {
        return Some(Action::Call(call_choice(k, hand, &calls)));
    }
    // Declaring tarokks scores; declare the count held.
    if let Some(a) = legal
        .iter()
        .find(|a| matches!(a, Action::Declare(Declaration::Tarokks(_))))
    {
        return Some(*a);
    }
    if let Some(b) = [
        Bonus::Trull,
        Bonus::FourKings,
        Bonus::PagatUltimo,
        Bonus::DoubleGame,
    ]
    .into_iter()
    .find(|&b| legal.contains(&Action::Announce(b)) && can_make(k, hand, b))
    {
        return Some(Action::Announce(b));
    }
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Kontra(t, level) if wants_kontra(k, hand, *t, *level)))
        .or(Some(Action::Pass))
}

fn call_choice(k: &SeatKnowledge<'_>, hand: CardSet, calls: &[Card]) -> Card {
    for &(seat, card) in k.cue_bids() {
        if seat != k.seat() && calls.contains(&card) {
            return card;
        }
    }
    (1..=20)
        .rev()
        .map(Card::tarokk)
        .find(|c| !has(hand, *c) && calls.contains(c))
        .unwrap_or_else(|| {
            *calls
                .iter()
                .max_by_key(|c| c.tarokk_number().unwrap_or(0))
                .unwrap_or(&calls[0])
        })
}

/// Announces only what the hand can make.
fn can_make(k: &SeatKnowledge<'_>, hand: CardSet, b: Bonus) -> bool {
    let t = tarokks(hand).len();
    let honours = (hand & CardSet::HONOURS).len();
    let solo_side = k.active_seats();
    let high_honour = has(hand, Card::XXI) || has(hand, Card::SKIZ);
    match b {
        // The pagát must be kept from capture until the honours come home.
        Bonus::Trull => honours == 3 && t >= 6,
        Bonus::FourKings => (hand & CardSet::KINGS).len() == 4 && t >= 7,
        Bonus::PagatUltimo => has(hand, Card::PAGAT) && t >= 8 && high_honour,
        Bonus::DoubleGame => t >= 9 && honours >= 2 && solo_side >= 4,
        _ => false,
    }
}

/// Kontra (odd levels) against the other side's item when the hand is strong against it;
/// rekontra (even levels) of the own side's game when very strong.
fn wants_kontra(k: &SeatKnowledge<'_>, hand: CardSet, target: Target, level: u8) -> bool {
    let s = strength(hand);
    let t = tarokks(hand).len();
    let against = level % 2 == 1;
    match (target, against, level) {
        (Target::Game, true, 1) => s >= 20 && k.my_team() == Some(Team::Opponents),
        (Target::Game, false, 2) => s >= 24,
        (Target::Bonus(Bonus::PagatUltimo), true, 1) => {
            t >= 6 && tarokks_between(hand, 16, 21) >= 3 && !has(hand, Card::PAGAT)
        }
        _ => false,
    }
}

// ----- trick play -------------------------------------------------------------------------------

fn play(k: &SeatKnowledge<'_>, legal: &[Action]) -> Option<Action> {
    let rules = TrickRules::TAROCK;
    let hand = k.hand();
    let cards = crate::bot::plays(legal);
    if cards.is_empty() {
        return None;
    }
    if cards.len() == 1 {
        return cards.lowest().map(Action::Play);
    }
    let trick = k.trick();
    let seen = k.seen();
    let unseen = CardSet::ALL - seen;
    let ctx = PlayCtx {
        k,
        hand,
        unseen,
        last_to_play: trick.len() + 1 == usize::from(k.active_seats()),
        rules,
    };
    let card = if trick.is_empty() {
        ctx.lead(cards)
    } else {
        ctx.follow(cards, trick)
    };
    Some(Action::Play(card))
}

struct PlayCtx<'k, 'a> {
    k: &'k SeatKnowledge<'a>,
    hand: CardSet,
    /// Cards the seat has not seen: in other hands, the hidden talon or hidden discards.
    unseen: CardSet,
    last_to_play: bool,
    rules: TrickRules,
}

impl PlayCtx<'_, '_> {
    /// True when no unseen tarokk beats tarokk `c`.
    fn boss_tarokk(&self, c: Card) -> bool {
        let stronger = CardSet(!((1u128 << (c.index() + 1)) - 1)) & CardSet::TAROKKS;
        !(stronger & self.unseen).intersects(CardSet::TAROKKS)
    }

    /// True when the seat plays for the pagát ultimó: its side announced it, or its tarokks are
    /// the larger part of its hand and outnumber the tarokks it has not seen.
    fn ultimo_plan(&self) -> bool {
        let team = self.k.my_team();
        let announced = self
            .k
            .announced()
            .any(|(b, t, _, _)| b == Bonus::PagatUltimo && Some(t) == team);
        let mine = tarokks(self.hand).len();
        announced || (mine * 2 > self.hand.len() && mine > tarokks(self.unseen).len())
    }

    /// The pagát waits for the last trick while other cards may be played, when the seat plays
    /// for the ultimó; otherwise it is a cheap tarokk worth five points, played when safe.
    fn keep_back(&self, c: Card, choices: CardSet) -> bool {
        (c == Card::PAGAT && choices.len() > 1 && self.ultimo_plan())
            // The XXI is caught by an unseen skíz played after it.
            || (c == Card::XXI
                && !self.last_to_play
                && self.unseen.contains(Card::SKIZ)
                && choices.len() > 1)
    }

    /// Cards without the ones kept back (never empty if `choices` is not).
    fn playable(&self, choices: CardSet) -> CardSet {
        let mut out = choices;
        for c in [Card::PAGAT, Card::XXI] {
            if choices.contains(c) && self.keep_back(c, out) {
                out.remove(c);
            }
        }
        out
    }

    fn lead(&self, choices: CardSet) -> Card {
        let ok = self.playable(choices);
        let my_tarokks = tarokks(ok);
        let declarer_side = self.k.my_team() == Some(Team::Declarer);
        // A tarokk nobody can beat wins the trick and draws tarokks out.
        if let Some(top) = my_tarokks.highest() {
            if self.boss_tarokk(top)
                && (declarer_side || tarokks(self.hand).len() * 2 >= self.hand.len())
            {
                return top;
            }
        }
        // A suit card from the longest suit, the cheapest one; a king only when it is all the
        // suit holds.
        let mut best: Option<(u32, i64, Card)> = None;
        for s in Suit::ALL {
            let in_suit = ok & s.mask();
            let Some(cheap) = cheapest(in_suit) else {
                continue;
            };
            let key = (in_suit.len(), -central_value(cheap), cheap);
            if best.map_or(true, |b| (key.0, key.1) > (b.0, b.1)) {
                best = Some(key);
            }
        }
        if let Some((_, _, c)) = best {
            return c;
        }
        // Only tarokks: the lowest. A pagát not kept for the ultimó goes too: held to the last
        // trick it would lose the silent ultimó.
        my_tarokks.lowest().or(ok.lowest()).unwrap_or(Card::PAGAT)
    }

    fn follow(&self, choices: CardSet, trick: &Trick) -> Card {
        let me = self.k.seat();
        let (winner, winning_card) = trick.winner(&self.rules).unwrap_or((me, Card::PAGAT));
        let my_team = self.k.my_team();
        let friend_wins = my_team.is_some() && self.k.side_of(winner) == my_team;
        let friend_safe = friend_wins
            && (self.last_to_play
                || (winning_card.suit().is_none() && self.boss_tarokk(winning_card)));
        let ok = self.playable(choices);
        if friend_safe {
            // Smear: the most points that are not honours kept back.
            return richest(ok).unwrap_or_else(|| cheapest(ok).unwrap_or(Card::PAGAT));
        }
        let trick_value: i64 = trick.cards().into_iter().map(central_value).sum();
        // The cheapest card that takes the trick, if one does and the trick is worth it or
        // cannot be taken back.
        let mut winners = CardSet::EMPTY;
        for c in ok {
            let mut t = *trick;
            t.push(me, c);
            if t.winner(&self.rules).map(|(s, _)| s) == Some(me)
                && (self.last_to_play || c.suit().is_some() || self.boss_tarokk(c))
            {
                winners.insert(c);
            }
        }
        if !winners.is_empty() && (trick_value >= 3 || self.last_to_play || friend_wins) {
            if let Some(c) = weakest_winner(winners) {
                return c;
            }
        }
        // Otherwise give as little as possible.
        cheapest(ok).unwrap_or(Card::PAGAT)
    }
}

/// The card worth least; of equal worth a suit card before a tarokk, then the weakest.
fn cheapest(cards: CardSet) -> Option<Card> {
    cards
        .into_iter()
        .min_by_key(|&c| (central_value(c), u8::from(c.suit().is_none()), c.index()))
}

/// The suit card worth most, else the cheapest tarokk.
fn richest(cards: CardSet) -> Option<Card> {
    let suits = cards - CardSet::TAROKKS;
    suits
        .into_iter()
        .max_by_key(|&c| (central_value(c), c.index()))
        .or_else(|| tarokks(cards).lowest())
}

/// Among cards that each take the trick: a suit card before a tarokk, the weakest.
fn weakest_winner(cards: CardSet) -> Option<Card> {
    let suits = cards - CardSet::TAROKKS;
    suits.lowest().or_else(|| tarokks(cards).lowest())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cards: &[&str]) -> CardSet {
        CardSet::from_cards(
            &cards
                .iter()
                .map(|c| c.parse().unwrap())
                .collect::<Vec<Card>>(),
        )
    }

    #[test]
    fn strength_counts_tarokks_honours_and_kings() {
        // Two per tarokk (4 → 8), 3 for the XXI, 3 for the skíz, 1 per high tarokk (XX), 1 per
        // king.
        let h = set(&["T21", "SKIZ", "T20", "T3", "HK", "D10"]);
        assert_eq!(strength(h), 8 + 3 + 3 + 1 + 1);
        assert_eq!(worth(h), Some(Contract::Three));
        assert_eq!(worth(set(&["T3", "T4", "HK"])), None);
    }

    #[test]
    fn discards_prefer_points_in_short_suits_and_never_tarokks() {
        let h = set(&["HQ", "HJ", "H10", "DQ", "T5", "T6"]);
        assert!(discard_score(h, "DQ".parse().unwrap()) > discard_score(h, "HQ".parse().unwrap()));
        assert!(discard_score(h, "HJ".parse().unwrap()) > discard_score(h, Card::tarokk(5)));
        assert!(discard_score(h, Card::tarokk(5)) > discard_score(h, Card::tarokk(6)));
    }

    #[test]
    fn cheapest_and_richest() {
        let c = set(&["HK", "T2", "DQ", "C10"]);
        assert_eq!(cheapest(c), Some("C10".parse().unwrap()));
        assert_eq!(cheapest(set(&["T2", "HK"])), Some(Card::tarokk(2)));
        assert_eq!(richest(c), Some("HK".parse().unwrap()));
        assert_eq!(weakest_winner(set(&["T20", "T4"])), Some(Card::tarokk(4)));
    }
}
