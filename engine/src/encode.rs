//! Fixed-size encodings of a position as one seat knows it, for learning and search bots: the
//! observation tensor (the position now) and the information-state tensor (everything the seat
//! has seen since the deal). The legal-action mask is [`AnyGame::legal_mask_into`].
//!
//! Both tensors are `f32` values written into a caller's buffer without allocating. Their sizes
//! depend only on the game, the number of seats and the pack (and so on the options that choose
//! the pack): [`AnyGame::observation_layout`] and [`AnyGame::info_state_layout`] name their
//! segments with offsets and shapes, built by the same code that writes the values, so the
//! description cannot drift from the data.
//!
//! # Conventions
//!
//! - A card axis has one entry per card of the pack, in the pack's order
//!   ([`Pack::position`]).
//! - A seat axis has one entry per seat of the table, *relative to the encoded seat*: entry 0
//!   is the seat itself, entry 1 the seat after it in the order of play, and so on. The
//!   segment `seat` gives the seat's absolute number.
//! - One-hot segments are all zeros when there is nothing to show (no declarer yet, the hand
//!   is over and nobody is to act).
//!
//! # The information state
//!
//! The observation, then the seat's hand as dealt, then the history in two segments:
//!
//! - `acted` (`[action id, seat]`): for each action the seat saw, `(k + 1) / 1024` at its id
//!   and its actor, where `k` is the action's index in the hand (the last time, for an action
//!   made more than once). The seat sees every action but another seat's face-down discard.
//! - `auction` (`[call, kind]`): the calls of the auction in order, each one-hot over pass,
//!   hold, unteren and any other call (a bid, which `acted` identifies).
//!
//! Together with the observation's count of actions applied this is the whole history as the
//! seat saw it: an action that `acted` does not place is a pass, a hold or an unteren (which
//! `auction` tells apart in the auction), a talon group turned up (the Polish talon), or a
//! discard the seat did not see; outside the auction each phase has only one of these. So two
//! positions a seat cannot tell apart encode identically, and two it can tell apart differ (the
//! engine's tests check both over random hands of every game).

use crate::action::Action;
use crate::card::{CardSet, Pack};
use crate::game::{Observe, Stage, Viewer, Visible};
use crate::ledger::Team;
use crate::rules::Rules;
use crate::seat::Seat;
use crate::variant::{dispatch, AnyGame};
use std::fmt;

/// The scale of the step values of the `acted` segment: a power of two, so every step of any
/// hand is exact in an `f32`.
pub const STEP_SCALE: f32 = 1024.0;

/// The most auction calls the `auction` segment holds. No game's auction comes near: each call
/// passes (once per seat), bids higher than the bid before (at most once per contract level) or
/// holds a bid (at most once per bid), so an auction has at most 5 + 2 × 11 calls.
pub const MAX_AUCTION_CALLS: usize = 32;

/// Kinds of auction call in the `auction` segment.
const CALL_KINDS: usize = 4;

/// The most tarokks a seat can declare holding, plus one (the count axis runs 0..=22).
const COUNTS: usize = 23;

/// The kontra levels of the game (0 to 5).
const LEVELS: usize = 6;

/// The talon groups one-hot and bit segments hold at most this many groups.
const GROUPS: usize = 8;

/// The stages, in the order of the `stage` segment.
const STAGES: usize = Stage::COUNT;

/// A named part of a tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Its name, e.g. `hands`.
    pub name: &'static str,
    /// The index of its first value.
    pub offset: usize,
    /// Its shape, row-major; the product is its length.
    pub shape: Vec<usize>,
    /// What its values mean.
    pub description: &'static str,
}

/// The layout of a tensor: its size and its segments in order, covering it without gaps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Layout {
    /// Number of values.
    pub size: usize,
    /// The segments.
    pub segments: Vec<Segment>,
}

impl Layout {
    /// The segment named `name`.
    #[must_use]
    pub fn segment(&self, name: &str) -> Option<&Segment> {
        self.segments.iter().find(|s| s.name == name)
    }
}

/// Why an encoding could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// The buffer is shorter than the tensor.
    BufferTooSmall {
        /// Values the tensor has.
        needed: usize,
        /// Values the buffer has.
        got: usize,
    },
    /// The seat does not play this hand.
    NotAtTable(Seat),
    /// The actions given do not lead from the deal to this position: the first that is
    /// illegal, or none when they are legal but lead elsewhere.
    History {
        /// The index of the first illegal action, if one is.
        index: Option<usize>,
    },
    /// The auction had more calls than the `auction` segment holds (see [`MAX_AUCTION_CALLS`]).
    AuctionTooLong,
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::BufferTooSmall { needed, got } => {
                write!(f, "the tensor has {needed} values, the buffer {got}")
            }
            EncodeError::NotAtTable(s) => write!(f, "seat {s} does not play this hand"),
            EncodeError::History { index: Some(i) } => write!(
                f,
                "the actions do not lead to this position: action {i} is illegal"
            ),
            EncodeError::History { index: None } => {
                f.write_str("the actions do not lead from the deal to this position")
            }
            EncodeError::AuctionTooLong => write!(
                f,
                "the auction has more than {MAX_AUCTION_CALLS} calls, more than any game allows"
            ),
        }
    }
}

impl std::error::Error for EncodeError {}

/// Where the segments go: a description of them, or the values written into a buffer. The
/// encoders call [`Sink::put`] for every segment in order, whichever it is.
trait Sink {
    /// True when [`Sink::put`] calls its `fill`: the encoders read the hand only then.
    const WRITES: bool;

    /// The segment `name` of `shape`: `fill` writes its values into a slice of its length,
    /// zeroed first (a description never calls it).
    fn put(
        &mut self,
        name: &'static str,
        shape: &[usize],
        description: &'static str,
        fill: impl FnOnce(&mut [f32]) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError>;
}

/// A [`Sink`] that records the layout.
#[derive(Default)]
struct Describe(Layout);

impl Sink for Describe {
    const WRITES: bool = false;

    fn put(
        &mut self,
        name: &'static str,
        shape: &[usize],
        description: &'static str,
        _fill: impl FnOnce(&mut [f32]) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        let len: usize = shape.iter().product();
        self.0.segments.push(Segment {
            name,
            offset: self.0.size,
            shape: shape.to_vec(),
            description,
        });
        self.0.size += len;
        Ok(())
    }
}

/// A [`Sink`] that writes the values into a buffer (long enough: checked before).
struct Write<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Sink for Write<'_> {
    const WRITES: bool = true;

    #[inline]
    fn put(
        &mut self,
        _name: &'static str,
        shape: &[usize],
        _description: &'static str,
        fill: impl FnOnce(&mut [f32]) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        let len: usize = shape.iter().product();
        let end = self.at + len;
        let got = self.out.len();
        let part = self
            .out
            .get_mut(self.at..end)
            .ok_or(EncodeError::BufferTooSmall { needed: end, got })?;
        part.fill(0.0);
        fill(part)?;
        self.at = end;
        Ok(())
    }
}

/// A sink that counts values only: the size without building a description.
#[derive(Default)]
struct Count(usize);

impl Sink for Count {
    const WRITES: bool = false;

    fn put(
        &mut self,
        _name: &'static str,
        shape: &[usize],
        _description: &'static str,
        _fill: impl FnOnce(&mut [f32]) -> Result<(), EncodeError>,
    ) -> Result<(), EncodeError> {
        self.0 += shape.iter().product::<usize>();
        Ok(())
    }
}

/// The seat axis relative to `me`: the entry of seat `s`.
#[inline]
fn rel(s: Seat, me: Seat, n: usize) -> usize {
    (s.index() + n - me.index()) % n
}

/// Sets the entries of `cards` on a card axis of `pack`.
#[inline]
fn put_cards(out: &mut [f32], pack: Pack, cards: CardSet) {
    for c in cards {
        if let Some(i) = pack.position(c) {
            if let Some(v) = out.get_mut(usize::from(i)) {
                *v = 1.0;
            }
        }
    }
}

/// Sets entry `i` of a one-hot segment, if it has one.
#[inline]
fn one_hot(out: &mut [f32], i: usize) {
    if let Some(v) = out.get_mut(i) {
        *v = 1.0;
    }
}

/// The observation of `g` by `me` into `sink`: one code for the layout and the values.
fn observation<G: Rules, S: Sink>(g: &G, me: Seat, sink: &mut S) -> Result<(), EncodeError> {
    let table = g.table_info();
    let n = usize::from(table.seats);
    let pack = G::shape(g.options()).pack;
    let p = pack.len();
    let space = g.action_space() as usize;
    let seats = || (0..table.seats).map(Seat::new);
    let viewer = Viewer::Seat(me);
    // What the values need, read only when they are written.
    let vis = if S::WRITES {
        g.visible(viewer)
    } else {
        Visible::default()
    };

    sink.put("seat", &[n], "the encoded seat's number, one-hot", |o| {
        one_hot(o, me.index());
        Ok(())
    })?;
    sink.put("dealer", &[n], "the dealer, one-hot", |o| {
        one_hot(o, rel(table.dealer, me, n));
        Ok(())
    })?;
    sink.put(
        "to_act",
        &[n],
        "the seat to act, one-hot (none once the hand is over)",
        |o| {
            if let Some(s) = g.to_act() {
                one_hot(o, rel(s, me, n));
            }
            Ok(())
        },
    )?;
    sink.put("active", &[n], "1 for each seat that plays the hand", |o| {
        for s in seats().filter(|&s| table.is_active(s)) {
            o[rel(s, me, n)] = 1.0;
        }
        Ok(())
    })?;
    sink.put(
        "stage",
        &[STAGES],
        "the phase, one-hot: opening, auction, call, talon, discard, annul, announce, play, over",
        |o| {
            one_hot(o, g.stage().index());
            Ok(())
        },
    )?;
    sink.put(
        "hands",
        &[n, p],
        "the cards of each seat's hand the encoded seat may see (all of its own)",
        |o| {
            for s in seats() {
                let r = rel(s, me, n);
                put_cards(&mut o[r * p..(r + 1) * p], pack, vis.hands[s] & g.hand(s));
            }
            Ok(())
        },
    )?;
    sink.put(
        "hand_sizes",
        &[n],
        "the number of cards in each hand",
        |o| {
            for s in seats() {
                o[rel(s, me, n)] = g.hand(s).len() as f32;
            }
            Ok(())
        },
    )?;
    sink.put(
        "discards",
        &[n, p],
        "the cards of each seat's discards the encoded seat may see",
        |o| {
            for s in seats() {
                let r = rel(s, me, n);
                put_cards(&mut o[r * p..(r + 1) * p], pack, vis.discards[s]);
            }
            Ok(())
        },
    )?;
    sink.put(
        "discard_counts",
        &[n],
        "the number of cards each seat discarded",
        |o| {
            for s in seats() {
                o[rel(s, me, n)] = g.discards(s).len() as f32;
            }
            Ok(())
        },
    )?;
    sink.put(
        "talon",
        &[p],
        "the talon cards the encoded seat may see, wherever they went",
        |o| {
            put_cards(o, pack, vis.talon);
            Ok(())
        },
    )?;
    sink.put(
        "talon_left",
        &[1],
        "the number of talon cards nobody has received",
        |o| {
            o[0] = g.talon_remaining().len() as f32;
            Ok(())
        },
    )?;
    sink.put(
        "won",
        &[n, p],
        "the cards each seat has won in tricks",
        |o| {
            for s in seats() {
                let r = rel(s, me, n);
                put_cards(&mut o[r * p..(r + 1) * p], pack, g.won(s));
            }
            Ok(())
        },
    )?;
    let trick = g.current_trick();
    sink.put(
        "trick",
        &[n, p],
        "the card each seat has played to the trick in progress",
        |o| {
            for (s, c) in trick.plays() {
                let r = rel(s, me, n);
                put_cards(&mut o[r * p..(r + 1) * p], pack, c.set());
            }
            Ok(())
        },
    )?;
    sink.put(
        "trick_leader",
        &[n],
        "the leader of the trick in progress, one-hot (during play)",
        |o| {
            if g.stage() == Stage::Play {
                one_hot(o, rel(trick.leader(), me, n));
            }
            Ok(())
        },
    )?;
    sink.put(
        "tricks_played",
        &[1],
        "the number of tricks completed",
        |o| {
            o[0] = g.tricks().len() as f32;
            Ok(())
        },
    )?;
    let declarer = g.declarer();
    sink.put("declarer", &[n], "the declarer, one-hot", |o| {
        if let Some((s, _)) = declarer {
            one_hot(o, rel(s, me, n));
        }
        Ok(())
    })?;
    sink.put(
        "contract",
        &[4],
        "the final bid's level within its game, one-hot: three talon cards (0) to none (3)",
        |o| {
            if let Some((_, c)) = declarer {
                one_hot(o, usize::from(c.level()));
            }
            Ok(())
        },
    )?;
    sink.put("called", &[p], "the card called for partner", |o| {
        if let Some(c) = g.called() {
            put_cards(o, pack, c.set());
        }
        Ok(())
    })?;
    sink.put(
        "sides",
        &[n, 2],
        "each seat's side as the encoded seat knows it: declarer's side, opponents",
        |o| {
            for s in seats() {
                let r = rel(s, me, n);
                match g.side_known_to(viewer, s) {
                    Some(Team::Declarer) => o[2 * r] = 1.0,
                    Some(Team::Opponents) => o[2 * r + 1] = 1.0,
                    None => {}
                }
            }
            Ok(())
        },
    )?;
    sink.put(
        "declared_tarokks",
        &[n, COUNTS],
        "the number of tarokks each seat declared holding, one-hot 0 to 22",
        |o| {
            for s in seats() {
                if let Some(k) = g.declared_count(s) {
                    let r = rel(s, me, n);
                    o[r * COUNTS + usize::from(k).min(COUNTS - 1)] = 1.0;
                }
            }
            Ok(())
        },
    )?;
    sink.put(
        "discarded_tarokks",
        &[n],
        "the number of tarokks each seat discarded, once shown",
        |o| {
            for s in seats() {
                if let Some(k) = g.discarded_tarokks(s) {
                    o[rel(s, me, n)] = f32::from(k);
                }
            }
            Ok(())
        },
    )?;
    sink.put(
        "announced",
        &[2, space],
        "announced items by side (declarer's, opponents'): 1 + the kontra level at the id of \
         the announcement",
        |o| {
            let mut result = Ok(());
            g.for_each_announced(|b, team, level, _| {
                let row = usize::from(team == Team::Opponents);
                match g.action_id(Action::Announce(b)) {
                    Some(id) => o[row * space + id as usize] = 1.0 + f32::from(level),
                    None => result = Err(EncodeError::History { index: None }),
                }
            });
            result
        },
    )?;
    sink.put(
        "game_level",
        &[LEVELS],
        "the kontra level on the game, one-hot 0 to 5",
        |o| {
            one_hot(o, usize::from(g.game_level()).min(LEVELS - 1));
            Ok(())
        },
    )?;
    sink.put(
        "talon_groups",
        &[3 + 3 * GROUPS],
        "the talon offered in groups: present, cards per group, groups; then a bit per group \
         turned up, a bit per group taken, and the group looked at, one-hot",
        |o| {
            if let Some(t) = g.talon_groups() {
                o[0] = 1.0;
                o[1] = f32::from(t.group_size);
                o[2] = f32::from(t.groups);
                for i in 0..GROUPS {
                    if t.exposed >> i & 1 == 1 {
                        o[3 + i] = 1.0;
                    }
                    if t.taken >> i & 1 == 1 {
                        o[3 + GROUPS + i] = 1.0;
                    }
                }
                if let Some(l) = t.looking {
                    one_hot(&mut o[3 + 2 * GROUPS..], usize::from(l));
                }
            }
            Ok(())
        },
    )?;
    sink.put(
        "card_points",
        &[n],
        "each seat's card points as the game counts them, of what everyone saw",
        |o| {
            for s in seats() {
                o[rel(s, me, n)] = g.card_points_of(s) as f32;
            }
            Ok(())
        },
    )?;
    sink.put(
        "actions_applied",
        &[1],
        "the number of actions in the hand so far",
        |o| {
            o[0] = f32::from(g.actions_applied());
            Ok(())
        },
    )
}

/// The information state of `g` by `me`, reached by `actions` from the deal, into `sink`.
fn info_state<G: Rules + PartialEq, S: Sink>(
    g: &G,
    actions: &[Action],
    me: Seat,
    sink: &mut S,
) -> Result<(), EncodeError> {
    observation(g, me, sink)?;
    let pack = G::shape(g.options()).pack;
    let n = usize::from(g.table_info().seats);
    let space = g.action_space() as usize;
    sink.put(
        "dealt_hand",
        &[pack.len()],
        "the seat's hand as dealt",
        |o| {
            put_cards(o, pack, g.deal().hands[me]);
            Ok(())
        },
    )?;
    // The seat sees every discard it may see now: another's face-down discard stays hidden.
    let seen_discards = if S::WRITES {
        g.visible(Viewer::Seat(me)).discards
    } else {
        Visible::default().discards
    };
    // The auction's calls, kept while `acted` is written (it is written first).
    let mut calls = [0u8; MAX_AUCTION_CALLS];
    let mut ncalls = 0usize;
    sink.put(
        "acted",
        &[space, n],
        "for each action the seat saw, at its id and its actor: (k + 1) / 1024 for the action \
         at index k of the hand (the last time, for one made more than once)",
        |o| {
            let mut h = g.as_dealt();
            for (k, &a) in actions.iter().enumerate() {
                let Some(actor) = h.to_act() else {
                    return Err(EncodeError::History { index: Some(k) });
                };
                if h.check(a).is_err() {
                    return Err(EncodeError::History { index: Some(k) });
                }
                if h.stage() == Stage::Auction {
                    let slot = calls.get_mut(ncalls).ok_or(EncodeError::AuctionTooLong)?;
                    *slot = match a {
                        Action::Pass => 0,
                        Action::Hold => 1,
                        Action::Unteren => 2,
                        _ => 3,
                    };
                    ncalls += 1;
                }
                let hidden = matches!(a, Action::Discard(c) if !seen_discards[actor].contains(c));
                if !hidden {
                    let id = h
                        .action_id(a)
                        .ok_or(EncodeError::History { index: Some(k) })?;
                    o[id as usize * n + rel(actor, me, n)] = (k + 1) as f32 / STEP_SCALE;
                }
                h.play_unchecked(a);
            }
            if h != *g {
                return Err(EncodeError::History { index: None });
            }
            Ok(())
        },
    )?;
    sink.put(
        "auction",
        &[MAX_AUCTION_CALLS, CALL_KINDS],
        "the auction's calls in order, each one-hot: pass, hold, unteren, another call (a bid)",
        |o| {
            for (i, &kind) in calls[..ncalls].iter().enumerate() {
                o[i * CALL_KINDS + usize::from(kind)] = 1.0;
            }
            Ok(())
        },
    )
}

/// The checks every writer makes first: the seat plays the hand, the buffer is long enough.
fn check_target(g: &AnyGame, me: Seat, needed: usize, got: usize) -> Result<(), EncodeError> {
    if !g.table_info().is_active(me) {
        return Err(EncodeError::NotAtTable(me));
    }
    if got < needed {
        return Err(EncodeError::BufferTooSmall { needed, got });
    }
    Ok(())
}

impl AnyGame {
    /// The observation tensor's layout for this game, table and pack.
    #[must_use]
    pub fn observation_layout(&self) -> Layout {
        let mut d = Describe::default();
        // Describing writes nothing and cannot fail.
        let _ = dispatch!(self, g => observation(g, Seat::new(0), &mut d));
        d.0
    }

    /// The number of values of the observation tensor.
    #[must_use]
    pub fn observation_size(&self) -> usize {
        let mut c = Count::default();
        let _ = dispatch!(self, g => observation(g, Seat::new(0), &mut c));
        c.0
    }

    /// Writes the observation of seat `seat` into the first [`AnyGame::observation_size`]
    /// values of `out`, without allocating.
    ///
    /// # Errors
    /// [`EncodeError::NotAtTable`] for a seat that does not play the hand,
    /// [`EncodeError::BufferTooSmall`] for a short buffer (nothing is written).
    pub fn write_observation(&self, seat: Seat, out: &mut [f32]) -> Result<(), EncodeError> {
        check_target(self, seat, self.observation_size(), out.len())?;
        let mut w = Write { out, at: 0 };
        dispatch!(self, g => observation(g, seat, &mut w))
    }

    /// The information-state tensor's layout for this game, table and pack.
    #[must_use]
    pub fn info_state_layout(&self) -> Layout {
        let mut d = Describe::default();
        let _ = dispatch!(self, g => info_state(g, &[], Seat::new(0), &mut d));
        d.0
    }

    /// The number of values of the information-state tensor.
    #[must_use]
    pub fn info_state_size(&self) -> usize {
        let mut c = Count::default();
        let _ = dispatch!(self, g => info_state(g, &[], Seat::new(0), &mut c));
        c.0
    }

    /// Writes the information state of seat `seat` into the first
    /// [`AnyGame::info_state_size`] values of `out`, without allocating. `actions` are the
    /// actions that led from the deal to this position (a record's actions); they are replayed
    /// to place each one.
    ///
    /// # Errors
    /// As [`AnyGame::write_observation`], and [`EncodeError::History`] when `actions` do not
    /// lead from the deal to this position (the buffer's contents are then unspecified).
    pub fn write_info_state(
        &self,
        actions: &[Action],
        seat: Seat,
        out: &mut [f32],
    ) -> Result<(), EncodeError> {
        check_target(self, seat, self.info_state_size(), out.len())?;
        let mut w = Write { out, at: 0 };
        dispatch!(self, g => info_state(g, actions, seat, &mut w))
    }
}
