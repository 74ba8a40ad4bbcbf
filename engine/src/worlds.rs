//! World sampling: complete deals consistent with what one seat knows, drawn uniformly, for
//! search bots that sample the hidden cards (PIMC, IS-MCTS).
//!
//! # What a seat knows
//!
//! Exactly what the service shows it: every view of the hand from the deal to now. That is its
//! own dealt hand and current hand, the cards [`Observe::visible`] shows it (hands, discards,
//! talon cards, and the talon groups they lie in), every action in order except the discards of
//! other seats it is not shown, the public facts of the views (the phase, who acts, hand and
//! discard sizes, discarded tarokks, declared counts, the sides it can know, the called card,
//! the announcements, the Danish pots, melds and call for the fool, the talon groups' states),
//! the legal actions at each of its turns, and the settlement once the hand is over.
//!
//! A **world** is a complete [`Deal`] (every dealt hand and the talon in order) with the action
//! list replayed in it: the record's actions, with each hidden discard replaced by the world's
//! own. A world is **consistent** when its actions replay legally from its deal and the seat's
//! view is the same at every step as in the real hand (so the hidden discards are hidden in it
//! too). [`Worlds`] draws consistent worlds with every consistent (deal, hidden discards) pair
//! equally likely.
//!
//! # No leak
//!
//! [`Worlds::new`] replays the real hand once to read the seat's views, step by step, and keeps
//! only those: the record with hidden discards masked, the views, the legal lists of the seat's
//! turns, and the facts derived from them. The hand's options and table are kept in a game
//! dealt from a made-up deal that holds the seat's own cards only. Two hands the seat cannot
//! tell apart therefore give the same sampler, and the same worlds for the same random numbers.
//!
//! # The method, and why it is uniform
//!
//! Cards flow within **pools**: a seat's pool is its dealt hand and the talon slots it receives
//! (which slots go to whom follows from public actions: the contract, the talon groups taken);
//! the talon slots nobody receives form one more pool. Within a pool a card ends where the seat
//! can see it (played, shown), in a hidden discard, in the hand, or in the talon left over.
//!
//! A world is drawn in three steps, each uniform:
//!
//! 1. **Where each unknown card is now.** Every card whose place the seat does not know goes to
//!    a **bucket**: another seat's current hand, its hidden discards (split into tarokks and
//!    others where the number of discarded tarokks is public), the unseen talon slots nobody
//!    received, or the seen ones of one talon group. Each bucket has an exact size, and each
//!    card a set of buckets it may lie in: not a hand whose seat showed a void in its suit (or
//!    in trumps), not a hidden discard the rules never allow (HU-TALON-09, PL-TALON-08,
//!    the Danish barred cards), a talon card the seat saw only in the pools its group's slots
//!    went to. Cards with the same set of allowed buckets form a class. A dynamic programme
//!    counts the assignments that fill every bucket exactly: a table with a row per class and a
//!    column per bucket, each assignment weighted `Π n_c! / Π x_cb!` (the ways to choose which
//!    cards of class `c` go where); it walks the rows with the room left in every column as its
//!    state, or the columns with the cards left in every row, whichever state space is smaller
//!    (the weight is the same either way), spreading a row bucket by bucket with weight `1/j!`
//!    for `j` cards. The amounts are then drawn step by step in proportion to the completions,
//!    and the cards of each class dealt out by a uniform shuffle. Buckets that every class
//!    treats alike (the hands, before any void shows) are merged for the count and split by a
//!    shuffle after it: their number of splits is the same whatever they hold. Every assignment
//!    is therefore equally likely.
//! 2. **Which cards of each pool came from the talon, and in what order.** Each received talon
//!    slot gets a card of its pool drawn without replacement: a slot the seat saw gets one of
//!    the seen cards of its group, an unseen one any other card of the pool but those the seat
//!    knows were dealt (its own hand). The talon left over is shuffled into its slots. The rest
//!    of each pool is the dealt hand. A pool must hold exactly as many seen cards of a group as
//!    it received seen slots of it: where a group went to several pools (the five-handed
//!    dealer sees the whole talon handed out) a step-1 outcome that breaks this is rejected
//!    here, which keeps the proposal uniform over the outcomes that pass.
//! 3. **The order of the hidden discards**, a uniform permutation.
//!
//! The number of choices in steps 2 and 3 is the same for every outcome of step 1 (it depends
//! only on pool sizes, slot counts and known cards), and distinct choices give distinct worlds,
//! so the proposal is uniform over a set of worlds that holds every consistent one. Each
//! proposal is then replayed in full and its views compared with the seat's at every step:
//! everything the buckets do not model (declarations, calls, announcements, what a discard may
//! not hold, the melds) is enforced there exactly. Accepting only consistent proposals from a
//! uniform proposal over a superset gives the uniform distribution over consistent worlds.
//!
//! The counts are kept in `f64`: the probabilities are exact up to floating-point rounding (a
//! relative error of the order of 1e-15, far below anything a sample can show). A proposal is
//! retried at most [`Worlds::max_attempts`] times before [`WorldError::TooConstrained`].

use crate::action::{Action, Bonus, Contract};
use crate::card::{Card, CardSet};
use crate::danish::game::Melds;
use crate::deal::Deal;
use crate::game::{ActionList, Game, Observe, Stage, TalonGroups, Viewer, Visible};
use crate::ledger::{Ledger, Team};
use crate::rules::Rules;
use crate::seat::{BySeat, Seat, MAX_SEATS};
use crate::shuffle::DealRng;
use crate::trick::TrickRules;
use crate::variant::{dispatch, AnyGame, ReplayError, Variant};
use std::fmt;

mod views;
use views::{reads_announcements, seen, Views};

/// The most entries the counting tables may hold (8 bytes each).
const MAX_TABLE: usize = 1 << 22;

/// Attempts per world before giving up, by default.
pub const DEFAULT_MAX_ATTEMPTS: u32 = 20_000;

/// Why no world could be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WorldError {
    /// The seat is not one of the table's.
    SeatNotAtTable {
        /// The seat given.
        seat: Seat,
        /// Seats at the table.
        seats: u8,
    },
    /// The actions do not replay from the dealt game.
    Replay(ReplayError),
    /// No consistent world was found in this many proposals.
    TooConstrained {
        /// Proposals tried.
        attempts: u32,
    },
    /// The counting tables would be too large for this position.
    TooComplex {
        /// Entries the tables would need.
        entries: usize,
    },
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::SeatNotAtTable { seat, seats } => {
                write!(f, "seat {seat} is not at a table of {seats}")
            }
            WorldError::Replay(e) => write!(f, "the record does not replay: {e}"),
            WorldError::TooConstrained { attempts } => {
                write!(f, "no consistent world found in {attempts} proposals")
            }
            WorldError::TooComplex { entries } => {
                write!(f, "counting the worlds would take {entries} table entries")
            }
        }
    }
}

impl std::error::Error for WorldError {}

/// One sampled world: the deal and the actions replayed in it (the record's, with the hidden
/// discards replaced by the world's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct World {
    /// Every seat's dealt hand and the talon in order.
    pub deal: Deal,
    /// The actions of the world, in order.
    pub actions: Vec<Action>,
}

/// The hand `game` plays (same variant, options and table) dealt as `deal`, before any action.
/// `deal` is taken as it is: a deal of the wrong shape gives a game whose replay fails.
#[must_use]
pub fn with_deal(game: &AnyGame, deal: Deal) -> AnyGame {
    fn rebuild<G: Rules>(g: &G, deal: Deal) -> AnyGame {
        G::from_setup(*g.options(), g.table_info(), deal).into()
    }
    dispatch!(game, g => rebuild(g, deal))
}

/// A deal from its parts, unchecked: the dealt hands and the talon in order (at most eight
/// cards). For tools and tests that build worlds; a deal of the wrong shape gives a game whose
/// replay fails.
#[must_use]
pub fn deal_from_parts(hands: BySeat<CardSet>, talon: &[Card]) -> Deal {
    Deal::from_parts(hands, talon)
}

/// Where a free card may lie now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A seat's current hand (the cards the seat cannot see).
    Hand(Seat),
    /// A seat's hidden discards: all of them, or the tarokks, or the others.
    Hidden(Seat, Part),
    /// Talon slots nobody received that the seat did not see.
    RestUnseen,
    /// Talon slots nobody received, seen, of one group.
    RestSeen(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    All,
    Tarokks,
    Others,
}

#[derive(Clone, Debug)]
struct Bucket {
    kind: Kind,
    cap: usize,
    /// The free cards allowed in it.
    column: CardSet,
    /// The dimension of the count it is part of.
    dim: usize,
}

/// A class of free cards with the same allowed places: its cards and its options, each a
/// dimension (a bucket, or buckets merged).
#[derive(Clone, Debug)]
struct Class {
    cards: Vec<Card>,
    options: Vec<usize>,
}

/// One talon slot: who received it (`None`: nobody), whether the seat saw it, its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    to: Option<Seat>,
    seen: bool,
    group: u8,
}

/// The counting programme of step 1: how many cards of each class go to each dimension.
///
/// The problem is a table with a row per class (its cards to place) and a column per dimension
/// (its room), and the cells a class may not use fixed at zero; an assignment of the cards is
/// counted with weight `Π n_c! / Π x_cd!`. The programme walks the rows one by one, its state
/// the room left in every column, or (transposed, when that state space is smaller) the
/// columns one by one, its state the cards left in every row: the weight is symmetric.
#[derive(Clone, Debug)]
struct Counts {
    /// Whether the outer items are the dimensions (transposed).
    by_dim: bool,
    /// The state's digits: the room of each inner item.
    caps: Vec<usize>,
    strides: Vec<usize>,
    states: usize,
    /// Sum of the digits of each state.
    digit_sum: Vec<u16>,
    /// The steps: (outer item, inner item), outer item by outer item.
    steps: Vec<(usize, usize)>,
    /// Where each outer item's steps start (and one past the last).
    outer_at: Vec<usize>,
    /// `rest[o]`: the size of the outer items `o..`.
    rest: Vec<usize>,
    /// `table[k * states + s]`: weighted completions from step `k` in state `s`.
    table: Vec<f64>,
    inv_fact: Vec<f64>,
}

/// A sampler of the worlds consistent with one seat's knowledge of one hand.
///
/// Prepared once by [`Worlds::new`] (which reads the seat's views and builds the counting
/// tables), then [`Worlds::sample`] draws worlds, each independent of the others given the
/// random numbers.
#[derive(Clone, Debug)]
pub struct Worlds {
    /// The hand's options and table, dealt from a made-up deal (the seat's cards only are real).
    template: AnyGame,
    me: Seat,
    views: Views,
    trick_rules: TrickRules,
    /// The seat's own pool and dealt hand.
    my_pool: CardSet,
    my_dealt: CardSet,
    /// Cards of each other seat's pool whose place is known (played, shown).
    fixed_pool: BySeat<CardSet>,
    active: BySeat<bool>,
    hand_size: BySeat<usize>,
    slots: Vec<Slot>,
    /// The seen talon cards of each group.
    seen_groups: Vec<CardSet>,
    all_seen: CardSet,
    buckets: Vec<Bucket>,
    /// Members of each bucket dimension, in order.
    dims: Vec<Vec<usize>>,
    classes: Vec<Class>,
    counts: Counts,
    max_attempts: u32,
    // Scratch.
    placed: Vec<Vec<Card>>,
    amounts: Vec<usize>,
    scratch: Vec<Card>,
    /// Each bucket's cards in a proposal.
    contents: Vec<CardSet>,
    /// Each group of seen cards' share of the rest in a proposal.
    rest_seen: Vec<CardSet>,
    attempts: u64,
    accepted: u64,
}

impl Worlds {
    /// Prepares the sampler for `seat` in the hand `game` (its dealt game is used: any position
    /// of the hand will do) after `actions`.
    ///
    /// # Errors
    /// [`WorldError::SeatNotAtTable`], [`WorldError::Replay`] when `actions` do not replay,
    /// [`WorldError::TooComplex`] when the counting tables would be too large, and
    /// [`WorldError::TooConstrained`] when no world fits the constraints at all.
    pub fn new(game: &AnyGame, actions: &[Action], seat: Seat) -> Result<Worlds, WorldError> {
        let dealt = game.as_dealt();
        let table = dealt.table_info();
        if seat.get() >= table.seats {
            return Err(WorldError::SeatNotAtTable {
                seat,
                seats: table.seats,
            });
        }
        let mut g = dealt;
        let mut actors = Vec::with_capacity(actions.len());
        let mut steps = Vec::with_capacity(actions.len() + 1);
        let mut announced = Vec::new();
        let mut announced_at = Vec::with_capacity(actions.len() + 1);
        let mut legal = Vec::new();
        let mut legal_at = Vec::with_capacity(actions.len() + 1);
        let mut list = ActionList::new();
        let mut record = |g: &AnyGame, k: usize| {
            steps.push(seen(g, seat));
            let from = announced.len() as u32;
            if reads_announcements(actions, k) {
                g.for_each_announced(|b, t, l, s| announced.push((b, t, l, s)));
            }
            announced_at.push((from, announced.len() as u32));
            let from = legal.len() as u32;
            if g.to_act() == Some(seat) {
                g.legal_actions_into(&mut list);
                legal.extend_from_slice(list.as_slice());
            }
            legal_at.push((from, legal.len() as u32));
        };
        for (index, &action) in actions.iter().enumerate() {
            record(&g, index);
            let actor = g.to_act();
            if let Err(violation) = g.check(action) {
                return Err(WorldError::Replay(ReplayError {
                    index,
                    action,
                    seat: actor,
                    violation,
                }));
            }
            actors.push(actor.unwrap_or_default());
            g.play_unchecked(action);
        }
        record(&g, actions.len());
        let settlement = g.settlement(1);
        let fin = steps.last().map(|s| s.visible).unwrap_or_default();

        // The record as the seat sees it.
        let mut masked = actions.to_vec();
        let mut hidden = Vec::new();
        for (k, (a, &t)) in masked.iter_mut().zip(&actors).enumerate() {
            if let Action::Discard(c) = *a {
                if !fin.discards[t].contains(c) {
                    *a = Action::Discard(Card::PAGAT);
                    hidden.push((k, t));
                }
            }
        }
        let views = Views {
            actions: masked,
            hidden,
            steps,
            announced,
            announced_at,
            legal,
            legal_at,
            settlement,
        };
        Worlds::from_views(&g, seat, views)
    }

    /// Builds the sampler from the views and the real game `g` at the end of the record: every
    /// fact read from `g` here is one the views show (sizes, recipients of talon slots, which
    /// slots the seat saw, the cards played), or the seat's own cards.
    fn from_views(g: &AnyGame, me: Seat, views: Views) -> Result<Worlds, WorldError> {
        let table = g.table_info();
        let deal = *g.deal();
        let pack = deal.hands.0.iter().fold(deal.talon_set(), |a, &h| a | h);
        let fin = views.steps.last().map(|s| s.visible).unwrap_or_default();
        let trick_rules = if g.variant() == Variant::DanishTarok {
            TrickRules::DANISH
        } else {
            TrickRules::TAROCK
        };
        let mut active = BySeat::splat(false);
        let mut hand_size = BySeat::splat(0usize);
        for s in Seat::all(table.seats) {
            active[s] = table.is_active(s);
            hand_size[s] = deal.hands[s].len() as usize;
        }
        let (my_dealt, my_pool) = if active[me] {
            (deal.hands[me], deal.hands[me] | g.talon_received(me))
        } else {
            (CardSet::EMPTY, CardSet::EMPTY)
        };

        // Cards played, and voids shown.
        let mut played = BySeat::splat(CardSet::EMPTY);
        let mut voids = BySeat::splat(CardSet::EMPTY);
        for trick in g.tricks().iter().chain(std::iter::once(g.current_trick())) {
            let mut plays = trick.plays();
            let Some((s0, first)) = plays.next() else {
                continue;
            };
            played[s0].insert(first);
            let led = (Some(first) != trick_rules.excuse).then(|| trick_rules.suit_of(first));
            for (s, c) in plays {
                played[s].insert(c);
                let Some(led) = led else { continue };
                if Some(c) == trick_rules.excuse || led.contains(c) {
                    continue;
                }
                voids[s] |= led;
                if !trick_rules.trumps.contains(c) {
                    voids[s] |= trick_rules.trumps;
                }
            }
        }

        // Talon slots.
        let groups = g.talon_groups();
        let group_size = groups.map_or(0, |t| usize::from(t.group_size));
        let ngroups = groups.map_or(1, |t| usize::from(t.groups)).max(1);
        let mut slots = Vec::with_capacity(deal.talon().len());
        let mut seen_groups = vec![CardSet::EMPTY; ngroups];
        for (i, &c) in deal.talon().iter().enumerate() {
            let to = Seat::all(table.seats).find(|&s| g.talon_received(s).contains(c));
            let seen = fin.talon.contains(c);
            let group = i.checked_div(group_size).map_or(0, |g| g.min(ngroups - 1));
            if seen {
                seen_groups[group].insert(c);
            }
            slots.push(Slot {
                to,
                seen,
                group: group as u8,
            });
        }
        let all_seen = fin.talon;

        // Pools and the free cards.
        let mut fixed_pool = BySeat::splat(CardSet::EMPTY);
        let mut known = my_pool;
        for s in Seat::all(table.seats) {
            known |= played[s] | fin.hands[s] | fin.discards[s];
            if s != me && active[s] {
                fixed_pool[s] = played[s] | fin.hands[s] | fin.discards[s];
            }
        }
        let free = pack - known;

        let mut hidden_count = BySeat::splat(0usize);
        for &(_, t) in &views.hidden {
            hidden_count[t] += 1;
        }
        let never_hidden = crate::variant::with_game!(g.variant(), G => G::NEVER_DISCARDED);

        // Buckets.
        let mut buckets: Vec<Bucket> = Vec::new();
        let mut add = |kind: Kind, cap: usize| {
            if cap > 0 {
                buckets.push(Bucket {
                    kind,
                    cap,
                    column: CardSet::EMPTY,
                    dim: 0,
                });
            }
        };
        for t in Seat::all(table.seats) {
            if t == me || !active[t] {
                continue;
            }
            let cap = (g.hand(t).len() as usize).saturating_sub(fin.hands[t].len() as usize);
            add(Kind::Hand(t), cap);
            let k = hidden_count[t];
            match g.discarded_tarokks(t) {
                Some(d) if k > 0 => {
                    let shown = (fin.discards[t] & CardSet::TAROKKS).len() as usize;
                    let tar = usize::from(d).saturating_sub(shown).min(k);
                    add(Kind::Hidden(t, Part::Tarokks), tar);
                    add(Kind::Hidden(t, Part::Others), k - tar);
                }
                _ => add(Kind::Hidden(t, Part::All), k),
            }
        }
        let rest_unseen = slots.iter().filter(|s| s.to.is_none() && !s.seen).count();
        add(Kind::RestUnseen, rest_unseen);
        for grp in 0..ngroups {
            let n = slots
                .iter()
                .filter(|s| s.to.is_none() && s.seen && usize::from(s.group) == grp)
                .count();
            add(Kind::RestSeen(grp as u8), n);
        }

        // Each free card's places.
        let nb = buckets.len();
        let mut allowed: Vec<(Card, Vec<usize>)> = Vec::new();
        for c in free {
            let mut opts: Vec<usize> = Vec::new();
            let group = seen_groups.iter().position(|s| s.contains(c));
            for (b, bucket) in buckets.iter().enumerate() {
                let pool_ok = |t: Seat| match group {
                    None => true,
                    Some(grp) => slots
                        .iter()
                        .any(|s| s.seen && usize::from(s.group) == grp && s.to == Some(t)),
                };
                let ok = match bucket.kind {
                    Kind::Hand(t) => !voids[t].contains(c) && pool_ok(t),
                    Kind::Hidden(t, part) => {
                        !never_hidden.contains(c)
                            && pool_ok(t)
                            && match part {
                                Part::All => true,
                                Part::Tarokks => CardSet::TAROKKS.contains(c),
                                Part::Others => !CardSet::TAROKKS.contains(c),
                            }
                    }
                    Kind::RestUnseen => group.is_none(),
                    Kind::RestSeen(grp) => group == Some(usize::from(grp)),
                };
                if !ok {
                    continue;
                }
                opts.push(b);
            }
            allowed.push((c, opts));
        }
        for (c, opts) in &allowed {
            for &b in opts {
                buckets[b].column.insert(*c);
            }
        }

        // Merge the buckets every class treats alike.
        let mut dims: Vec<Vec<usize>> = Vec::new();
        for b in 0..nb {
            match dims
                .iter()
                .position(|d| buckets[d[0]].column == buckets[b].column)
            {
                Some(d) => dims[d].push(b),
                None => dims.push(vec![b]),
            }
        }
        for (d, members) in dims.iter().enumerate() {
            for &b in members {
                buckets[b].dim = d;
            }
        }
        let caps: Vec<usize> = dims
            .iter()
            .map(|m| m.iter().map(|&b| buckets[b].cap).sum())
            .collect();

        // Classes.
        let mut classes: Vec<Class> = Vec::new();
        for (c, opts) in allowed {
            let mut o: Vec<usize> = opts.into_iter().map(|b| buckets[b].dim).collect();
            o.sort_unstable();
            o.dedup();
            match classes.iter_mut().find(|cl| cl.options == o) {
                Some(cl) => cl.cards.push(c),
                None => classes.push(Class {
                    cards: vec![c],
                    options: o,
                }),
            }
        }
        let counts = Counts::for_classes(&caps, &classes)?;

        let mut canonical = BySeat::splat(CardSet::EMPTY);
        let mut rest = pack - my_dealt;
        for s in Seat::all(table.seats) {
            if s == me {
                canonical[s] = my_dealt;
                continue;
            }
            for _ in 0..hand_size[s] {
                if let Some(c) = rest.lowest() {
                    canonical[s].insert(c);
                    rest.remove(c);
                }
            }
        }
        let talon: Vec<Card> = rest.into_iter().collect();
        let template = with_deal(g, Deal::from_parts(canonical, &talon));

        let placed = vec![Vec::new(); dims.len()];
        let contents = vec![CardSet::EMPTY; buckets.len()];
        let rest_seen = vec![CardSet::EMPTY; seen_groups.len()];
        Ok(Worlds {
            template,
            me,
            views,
            trick_rules,
            my_pool,
            my_dealt,
            fixed_pool,
            active,
            hand_size,
            slots,
            seen_groups,
            all_seen,
            buckets,
            dims,
            classes,
            counts,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            placed,
            amounts: Vec::new(),
            scratch: Vec::new(),
            contents,
            rest_seen,
            attempts: 0,
            accepted: 0,
        })
    }

    /// The seat whose knowledge this is.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.me
    }

    /// Proposals tried per world before [`WorldError::TooConstrained`].
    #[must_use]
    pub fn max_attempts(&self) -> u32 {
        self.max_attempts
    }

    /// Sets the proposals tried per world (at least 1).
    pub fn set_max_attempts(&mut self, n: u32) {
        self.max_attempts = n.max(1);
    }

    /// Proposals made and accepted so far: their ratio is the acceptance rate.
    #[must_use]
    pub fn proposals(&self) -> (u64, u64) {
        (self.attempts, self.accepted)
    }

    /// The trick rules the voids were read under.
    #[must_use]
    pub fn trick_rules(&self) -> TrickRules {
        self.trick_rules
    }

    /// The actions as the seat sees them: the record with each hidden discard's card replaced
    /// by a placeholder (`Card::PAGAT`), and the indices of the hidden discards.
    #[must_use]
    pub fn masked_actions(&self) -> (&[Action], Vec<usize>) {
        (
            &self.views.actions,
            self.views.hidden.iter().map(|&(k, _)| k).collect(),
        )
    }

    /// The hand of a world as dealt: the same variant, options and table with the world's deal.
    #[must_use]
    pub fn game_of(&self, world: &World) -> AnyGame {
        with_deal(&self.template, world.deal)
    }

    /// Draws one consistent world.
    ///
    /// # Errors
    /// [`WorldError::TooConstrained`] when [`Worlds::max_attempts`] proposals in a row fail.
    pub fn sample(&mut self, rng: &mut DealRng) -> Result<World, WorldError> {
        let mut w = World {
            deal: *self.template.deal(),
            actions: Vec::with_capacity(self.views.actions.len()),
        };
        self.sample_into(rng, &mut w)?;
        Ok(w)
    }

    /// [`Worlds::sample`] into `world`, reusing its storage.
    ///
    /// # Errors
    /// As [`Worlds::sample`].
    pub fn sample_into(&mut self, rng: &mut DealRng, world: &mut World) -> Result<(), WorldError> {
        self.sample_position(rng, world).map(|_| ())
    }

    /// [`Worlds::sample_into`], and the position the world reaches after its actions: the
    /// test of consistency replays them, so a caller that plays on from the world (a search
    /// bot) need not replay them again.
    ///
    /// # Errors
    /// As [`Worlds::sample`].
    pub fn sample_position(
        &mut self,
        rng: &mut DealRng,
        world: &mut World,
    ) -> Result<AnyGame, WorldError> {
        for _ in 0..self.max_attempts {
            self.attempts += 1;
            if self.propose(rng, world) {
                if let Some(g) = self.replayed(world) {
                    self.accepted += 1;
                    return Ok(g);
                }
            }
        }
        Err(WorldError::TooConstrained {
            attempts: self.max_attempts,
        })
    }

    /// Step 1: the free cards into the dimensions. Writes each dimension's cards into `placed`.
    fn place(&mut self, rng: &mut DealRng) -> bool {
        for p in &mut self.placed {
            p.clear();
        }
        if self.counts.sample(rng, &mut self.amounts).is_none() {
            return false;
        }
        for (ci, class) in self.classes.iter().enumerate() {
            self.scratch.clear();
            self.scratch.extend_from_slice(&class.cards);
            shuffle(rng, &mut self.scratch);
            let mut taken = 0;
            for (k, &(o, i)) in self.counts.steps.iter().enumerate() {
                let (c, d) = if self.counts.by_dim { (i, o) } else { (o, i) };
                if c != ci {
                    continue;
                }
                let j = self.amounts[k];
                let Some(cards) = self.scratch.get(taken..taken + j) else {
                    return false;
                };
                self.placed[d].extend_from_slice(cards);
                taken += j;
            }
            if taken != class.cards.len() {
                return false;
            }
        }
        true
    }

    /// Steps 1 to 3: one proposal, written into `world`. False if it cannot be completed.
    fn propose(&mut self, rng: &mut DealRng, world: &mut World) -> bool {
        if !self.place(rng) {
            return false;
        }
        let table = self.template.table_info();
        // Split merged dimensions among their buckets.
        let contents = &mut self.contents;
        contents.fill(CardSet::EMPTY);
        for (d, members) in self.dims.iter().enumerate() {
            let cards = &mut self.placed[d];
            shuffle(rng, cards);
            let mut at = 0;
            for &b in members {
                let cap = self.buckets[b].cap;
                let Some(part) = cards.get(at..at + cap) else {
                    return false;
                };
                contents[b] = part.iter().copied().collect();
                at += cap;
            }
        }
        let mut pools = BySeat::splat(CardSet::EMPTY);
        let mut hidden = BySeat::splat(CardSet::EMPTY);
        let mut rest_unseen = CardSet::EMPTY;
        let rest_seen = &mut self.rest_seen;
        rest_seen.fill(CardSet::EMPTY);
        for s in Seat::all(table.seats) {
            pools[s] = if s == self.me {
                self.my_pool
            } else {
                self.fixed_pool[s]
            };
        }
        for (b, bucket) in self.buckets.iter().enumerate() {
            let set = contents[b];
            match bucket.kind {
                Kind::Hand(t) => pools[t] |= set,
                Kind::Hidden(t, _) => {
                    pools[t] |= set;
                    hidden[t] |= set;
                }
                Kind::RestUnseen => rest_unseen |= set,
                Kind::RestSeen(grp) => {
                    if let Some(r) = rest_seen.get_mut(usize::from(grp)) {
                        *r |= set;
                    }
                }
            }
        }

        // Step 2: the talon slots.
        let mut talon = [Card::PAGAT; crate::deal::MAX_TALON];
        let nslots = self.slots.len().min(talon.len());
        let mut filled = [false; crate::deal::MAX_TALON];
        let mut dealt = pools;
        for i in 0..nslots {
            if filled[i] {
                continue;
            }
            let slot = self.slots[i];
            // Every slot of the same kind (recipient, seen, group) is filled at once.
            let same = |s: &Slot| {
                s.to == slot.to && s.seen == slot.seen && (!slot.seen || s.group == slot.group)
            };
            let candidates = match (slot.to, slot.seen) {
                (Some(t), true) => pools[t] & self.seen_groups[usize::from(slot.group)],
                (Some(t), false) => {
                    let known = if t == self.me {
                        self.my_dealt
                    } else {
                        CardSet::EMPTY
                    };
                    pools[t] - self.all_seen - known
                }
                (None, true) => rest_seen[usize::from(slot.group)],
                (None, false) => rest_unseen,
            };
            self.scratch.clear();
            self.scratch.extend(candidates);
            let want = self.slots[..nslots].iter().filter(|s| same(s)).count();
            if self.scratch.len() < want
                || (slot.to.is_none() || slot.seen) && self.scratch.len() != want
            {
                return false;
            }
            partial_shuffle(rng, &mut self.scratch, want);
            let mut next = 0;
            for j in i..nslots {
                if same(&self.slots[j]) {
                    let c = self.scratch[next];
                    next += 1;
                    talon[j] = c;
                    filled[j] = true;
                    if let Some(t) = slot.to {
                        dealt[t].remove(c);
                    }
                }
            }
        }
        for s in Seat::all(table.seats) {
            if !self.active[s] {
                dealt[s] = CardSet::EMPTY;
            }
            if dealt[s].len() as usize != self.hand_size[s] {
                return false;
            }
        }
        world.deal = Deal::from_parts(dealt, &talon[..nslots]);

        // Step 3: the hidden discards, in a uniform order.
        world.actions.clear();
        world.actions.extend_from_slice(&self.views.actions);
        for s in Seat::all(table.seats) {
            if hidden[s].is_empty() {
                continue;
            }
            self.scratch.clear();
            self.scratch.extend(hidden[s]);
            shuffle(rng, &mut self.scratch);
            let mut next = 0;
            for &(k, t) in &self.views.hidden {
                if t != s {
                    continue;
                }
                let (Some(&c), Some(a)) = (self.scratch.get(next), world.actions.get_mut(k)) else {
                    return false;
                };
                *a = Action::Discard(c);
                next += 1;
            }
            if next != self.scratch.len() {
                return false;
            }
        }
        true
    }

    /// True when `world` is consistent: its actions replay legally from its deal and show the
    /// seat what the real hand showed it, at every step (the test every sampled world passes).
    #[must_use]
    pub fn is_consistent(&self, world: &World) -> bool {
        world.actions.len() == self.views.actions.len()
            && world
                .actions
                .iter()
                .zip(&self.views.actions)
                .enumerate()
                .all(|(k, (a, b))| a == b || self.views.hidden.iter().any(|&(h, _)| h == k))
            && self.consistent(world)
    }

    /// [`Worlds::is_consistent`] for a world whose actions are the record's but for the hidden
    /// discards, as every proposal's are.
    fn consistent(&self, world: &World) -> bool {
        self.replayed(world).is_some()
    }

    /// The position `world` reaches after its actions, when it is consistent (as
    /// [`Worlds::consistent`]); `None` when it is not.
    fn replayed(&self, world: &World) -> Option<AnyGame> {
        let v = &self.views;
        let mut g = with_deal(&self.template, world.deal);
        let mut list = ActionList::new();
        for k in 0..=world.actions.len() {
            let a = world.actions.get(k).copied();
            // The action's legality first: most proposals fail there, and it costs less than
            // the view.
            if a.is_some_and(|a| g.check(a).is_err()) || !self.same_view(&g, k, &mut list) {
                return None;
            }
            let Some(a) = a else {
                break;
            };
            g.play_unchecked(a);
        }
        (g.settlement(1) == v.settlement).then_some(g)
    }

    fn same_view(&self, g: &AnyGame, k: usize, list: &mut ActionList) -> bool {
        let v = &self.views;
        if v.steps.get(k) != Some(&seen(g, self.me)) {
            return false;
        }
        let Some(&(from, to)) = v.announced_at.get(k) else {
            return false;
        };
        if reads_announcements(&v.actions, k) {
            let want = v.announced.get(from as usize..to as usize).unwrap_or(&[]);
            let mut i = 0;
            let mut same = true;
            g.for_each_announced(|b, t, l, s| {
                same &= want.get(i) == Some(&(b, t, l, s));
                i += 1;
            });
            if !same || i != want.len() {
                return false;
            }
        }
        let Some(&(from, to)) = v.legal_at.get(k) else {
            return false;
        };
        if g.to_act() == Some(self.me) {
            g.legal_actions_into(list);
            if v.legal.get(from as usize..to as usize) != Some(list.as_slice()) {
                return false;
            }
        }
        true
    }
}

impl Counts {
    /// The programme for `classes` into dimensions of room `caps`, in the orientation with the
    /// smaller state space.
    fn for_classes(caps: &[usize], classes: &[Class]) -> Result<Counts, WorldError> {
        let sizes: Vec<usize> = classes.iter().map(|c| c.cards.len()).collect();
        let space = |v: &[usize]| v.iter().fold(1usize, |a, &c| a.saturating_mul(c + 1));
        let by_dim = space(&sizes) < space(caps);
        let options: Vec<Vec<usize>> = if by_dim {
            (0..caps.len())
                .map(|d| {
                    (0..classes.len())
                        .filter(|&c| classes[c].options.contains(&d))
                        .collect()
                })
                .collect()
        } else {
            classes.iter().map(|c| c.options.clone()).collect()
        };
        let (outer, inner) = if by_dim {
            (caps.to_vec(), sizes)
        } else {
            (sizes, caps.to_vec())
        };
        Counts::new(by_dim, inner, &outer, &options)
    }

    /// The programme for outer items of sizes `outer`, each spread over its `options` (inner
    /// items) exactly, into inner items of room `inner`, each filled exactly.
    fn new(
        by_dim: bool,
        caps: Vec<usize>,
        outer: &[usize],
        options: &[Vec<usize>],
    ) -> Result<Counts, WorldError> {
        let mut strides = Vec::with_capacity(caps.len());
        let mut states: usize = 1;
        for &c in &caps {
            strides.push(states);
            states = states.saturating_mul(c + 1);
        }
        let mut steps = Vec::new();
        let mut outer_at = Vec::with_capacity(outer.len() + 1);
        for (o, opts) in options.iter().enumerate() {
            outer_at.push(steps.len());
            steps.extend(opts.iter().map(|&i| (o, i)));
        }
        outer_at.push(steps.len());
        let entries = states.saturating_mul(steps.len() + 1);
        if entries > MAX_TABLE {
            return Err(WorldError::TooComplex { entries });
        }
        if outer.iter().sum::<usize>() != caps.iter().sum::<usize>()
            || outer
                .iter()
                .zip(options)
                .any(|(&n, opts)| n > 0 && opts.is_empty())
        {
            return Err(WorldError::TooConstrained { attempts: 0 });
        }
        let mut rest = vec![0usize; outer.len() + 1];
        for o in (0..outer.len()).rev() {
            rest[o] = rest[o + 1] + outer[o];
        }
        let mut digit_sum = vec![0u16; states];
        for (s, sum) in digit_sum.iter_mut().enumerate() {
            *sum = (0..caps.len())
                .map(|d| (s / strides[d]) % (caps[d] + 1))
                .sum::<usize>() as u16;
        }
        let maxn = outer.iter().chain(&caps).copied().max().unwrap_or(0) + 1;
        let mut inv_fact = vec![1.0f64; maxn + 1];
        for j in 1..inv_fact.len() {
            inv_fact[j] = inv_fact[j - 1] / j as f64;
        }
        let mut c = Counts {
            by_dim,
            caps,
            strides,
            states,
            digit_sum,
            steps,
            outer_at,
            rest,
            table: vec![0.0; entries],
            inv_fact,
        };
        let nk = c.steps.len();
        c.table[nk * states] = 1.0;
        for k in (0..nk).rev() {
            let (o, i) = c.steps[k];
            let last = k + 1 == c.outer_at[o + 1];
            let stride = c.strides[i];
            for s in 0..states {
                let (lo, hi) = c.range(s, o, i, last);
                let mut v = 0.0;
                for j in lo..=hi {
                    v += c.inv_fact[j] * c.table[(k + 1) * states + s - j * stride];
                }
                c.table[k * states + s] = v;
            }
        }
        // An outer item without options (and no cards) has no steps: nothing to check.
        if c.start_weight() <= 0.0 {
            return Err(WorldError::TooConstrained { attempts: 0 });
        }
        Ok(c)
    }

    fn start(&self) -> usize {
        self.caps
            .iter()
            .zip(&self.strides)
            .map(|(a, b)| a * b)
            .sum()
    }

    fn start_weight(&self) -> f64 {
        if self.steps.is_empty() {
            return if self.start() == 0 { 1.0 } else { 0.0 };
        }
        self.at(0, self.start())
    }

    #[inline]
    fn at(&self, k: usize, s: usize) -> f64 {
        self.table.get(k * self.states + s).copied().unwrap_or(0.0)
    }

    #[inline]
    fn digit(&self, s: usize, d: usize) -> usize {
        (s / self.strides[d]) % (self.caps[d] + 1)
    }

    /// The amounts outer item `o` may put into inner item `i` in state `s`: at most the inner
    /// item's room and the outer item's amount still to place; exactly that for its last
    /// option. An empty range is `(1, 0)`.
    fn range(&self, s: usize, o: usize, i: usize, last: bool) -> (usize, usize) {
        let left = usize::from(self.digit_sum[s]);
        if left > self.rest[o] {
            return (1, 0);
        }
        let Some(rem) = left.checked_sub(self.rest[o + 1]) else {
            return (1, 0);
        };
        let hi = rem.min(self.digit(s, i));
        if last {
            if hi < rem {
                return (1, 0);
            }
            return (rem, rem);
        }
        (0, hi)
    }

    /// Draws the amount of every step, in proportion to the completions, into `amounts`.
    fn sample(&self, rng: &mut DealRng, amounts: &mut Vec<usize>) -> Option<()> {
        amounts.clear();
        let mut state = self.start();
        for (k, &(o, i)) in self.steps.iter().enumerate() {
            let last = k + 1 == self.outer_at[o + 1];
            let stride = self.strides[i];
            let (lo, hi) = self.range(state, o, i, last);
            let u = unit(rng) * self.at(k, state);
            let mut acc = 0.0;
            let mut pick = None;
            for j in lo..=hi {
                let w = self.inv_fact[j] * self.at(k + 1, state - j * stride);
                if w > 0.0 {
                    pick = Some(j);
                    acc += w;
                    if u < acc {
                        break;
                    }
                }
            }
            let j = pick?;
            state -= j * stride;
            amounts.push(j);
        }
        (state == 0).then_some(())
    }
}

/// A uniform shuffle (Fisher–Yates).
fn shuffle(rng: &mut DealRng, items: &mut [Card]) {
    for i in (1..items.len()).rev() {
        let j = rng.below((i + 1) as u32) as usize;
        items.swap(i, j);
    }
}

/// A uniform ordered choice of `k` items, left in `items[..k]`.
fn partial_shuffle(rng: &mut DealRng, items: &mut [Card], k: usize) {
    let n = items.len();
    for i in 0..k.min(n) {
        let j = i + rng.below((n - i) as u32) as usize;
        items.swap(i, j);
    }
}

/// A uniform number in `[0, 1)` with 53 random bits.
fn unit(rng: &mut DealRng) -> f64 {
    let hi = u64::from(rng.next_u32()) >> 5;
    let lo = u64::from(rng.next_u32()) >> 6;
    ((hi << 26) | lo) as f64 * (1.0 / (1u64 << 53) as f64)
}
