//! The interface of a hand in play, shared by every variant.
//!
//! After shakmaty's `Position`: [`Game::legal_actions`] fills a stack-allocated
//! [`ActionList`], [`Game::play_unchecked`] applies an action known to be legal, and
//! [`Game::play`] checks first and hands the unchanged game back with the violated rule on error.
//! Neither listing nor applying allocates.

use crate::action::{Action, Bonus, Contract};
use crate::card::{Card, CardSet};
use crate::deal::Deal;
use crate::ledger::{Ledger, Team};
use crate::seat::{BySeat, Seat, Table};
use crate::shared::Core;
use crate::trick::Trick;
use std::fmt;

/// Capacity of an [`ActionList`].
///
/// The largest phase is the Hungarian round of announcements: at most 43 bonus announcements,
/// one kontra step on the game, one on each standing announced item (at most 43 per team, so
/// 86), a declaration, a call and a pass: 133 at the very most. A discard lists at most 15
/// cards and a card play at most 12.
pub const MAX_ACTIONS: usize = 160;

/// A list of actions on the stack.
#[derive(Clone, Copy)]
pub struct ActionList {
    len: u8,
    items: [Action; MAX_ACTIONS],
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList::new()
    }
}

impl ActionList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> ActionList {
        ActionList {
            len: 0,
            items: [Action::Pass; MAX_ACTIONS],
        }
    }

    /// Appends an action. Actions beyond the capacity are dropped, which the bound on
    /// [`MAX_ACTIONS`] rules out in reachable positions (and a debug assertion checks).
    pub fn push(&mut self, a: Action) {
        debug_assert!((self.len as usize) < MAX_ACTIONS, "action list overflow");
        if (self.len as usize) < MAX_ACTIONS {
            self.items[self.len as usize] = a;
            self.len += 1;
        }
    }

    /// Empties the list (the storage is kept; nothing is re-initialised).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The actions as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len as usize]
    }

    /// Number of actions.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// True if there is none.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True if `a` is in the list.
    #[must_use]
    pub fn contains(&self, a: Action) -> bool {
        self.as_slice().contains(&a)
    }
}

impl ActionList {
    /// Appends the actions `fill` writes at the start of the free slots it is given; `fill`
    /// returns how many it wrote. Lets a listing loop keep its count in a register and write
    /// without a branch per action (a slot written but not counted is overwritten next).
    #[inline]
    pub fn fill_with(&mut self, fill: impl FnOnce(&mut [Action]) -> usize) {
        let len = (self.len as usize).min(MAX_ACTIONS);
        let n = fill(&mut self.items[len..]).min(MAX_ACTIONS - len);
        self.len = (len + n) as u8;
    }
}

impl Extend<Action> for ActionList {
    /// Appends every action of `iter`; as with [`ActionList::push`], actions beyond the capacity
    /// are dropped. The length is kept in a local while appending, which lets the compiler keep
    /// it in a register: listing loops use this rather than repeated pushes.
    fn extend<I: IntoIterator<Item = Action>>(&mut self, iter: I) {
        let mut len = self.len as usize;
        for a in iter {
            debug_assert!(len < MAX_ACTIONS, "action list overflow");
            if len < MAX_ACTIONS {
                self.items[len] = a;
                len += 1;
            }
        }
        self.len = len as u8;
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Why an action was refused, in the categories a client acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ViolationKind {
    /// The hand is over: no action is possible.
    GameOver,
    /// The action is not one this phase takes (e.g. a card play during the auction).
    WrongPhase,
    /// The action is of the right kind but the rules forbid it.
    Illegal,
}

/// A refused action: which rule forbids it, in words and as a CHECKLIST id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    /// The category.
    pub kind: ViolationKind,
    /// The CHECKLIST id of the rule, e.g. `HU-PLAY-05`.
    pub rule: &'static str,
    /// What the rule says, lower case, no trailing period.
    pub message: &'static str,
}

impl Violation {
    /// An illegal action under `rule`.
    #[must_use]
    pub const fn illegal(rule: &'static str, message: &'static str) -> Violation {
        Violation {
            kind: ViolationKind::Illegal,
            rule,
            message,
        }
    }

    /// An action of a kind the current phase does not take.
    #[must_use]
    pub const fn wrong_phase(rule: &'static str, message: &'static str) -> Violation {
        Violation {
            kind: ViolationKind::WrongPhase,
            rule,
            message,
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for Violation {}

/// A refused [`Game::play`]: the violation and the game, unchanged.
#[derive(Clone, Debug)]
pub struct PlayError<G> {
    /// The refused action.
    pub action: Action,
    /// Why.
    pub violation: Violation,
    /// The game as it was.
    pub game: G,
}

impl<G> fmt::Display for PlayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal action {}: {}", self.action, self.violation)
    }
}

impl<G: fmt::Debug> std::error::Error for PlayError<G> {}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Every trick was played and the hand settled.
    Played,
    /// Nobody bid: thrown in, the same dealer deals again.
    PassedOut,
    /// A player annulled the hand on a qualifying holding.
    Annulled(Seat),
    /// A speculative bidder drew no honour from the talon; the bidder pays.
    TrialBidFailed(Seat),
    /// A bid of three with only trull announced was scored without play (option).
    TrullOnlyThree,
    /// A player threw the hand in for no score: a Polish hand dealt without tarokks, or a
    /// final bid of one the declarer chose not to play.
    ThrownIn(Seat),
    /// The declarer gave the game up (a Polish declarer who found the called king in the
    /// talon) and pays the penalty.
    GaveUp(Seat),
}

/// The phase of a hand in the terms every variant shares: what the wire and the views show.
/// Each game has its own finer phases; this is where they meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Before the auction or the discard: throw-ins and declarations on the dealt hand (Polish;
    /// the Danish misdeal).
    Opening,
    /// Bidding.
    Auction,
    /// The declarer calls a partner before the talon (Polish; the Hungarian call is made in
    /// the round of announcements).
    Call,
    /// The declarer takes talon cards by choice (Polish).
    Talon,
    /// Discarding after the talon exchange.
    Discard,
    /// Each player in turn may annul the hand (Hungarian).
    Annul,
    /// A round of announcements, declarations and kontras.
    Announce,
    /// Trick play.
    Play,
    /// The hand is over.
    Over(End),
}

impl Stage {
    /// The number of stages, however a hand ended counting as one.
    pub const COUNT: usize = 9;

    /// The stage's place in game order (opening, auction, call, talon, discard, annul,
    /// announce, play, over): the encodings' `stage` segment and the glossary read it.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Stage::Opening => 0,
            Stage::Auction => 1,
            Stage::Call => 2,
            Stage::Talon => 3,
            Stage::Discard => 4,
            Stage::Annul => 5,
            Stage::Announce => 6,
            Stage::Play => 7,
            Stage::Over(_) => 8,
        }
    }
}

/// Who looks at a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// One seat: its own cards and what is public.
    Seat(Seat),
    /// A spectator: only what is public.
    Spectator,
    /// The referee: everything.
    Referee,
}

/// The cards a viewer may see, wherever they lie. Cards played to tricks are public and not
/// listed here; everything else a viewer is not shown stays hidden, in views and in the action
/// history alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Visible {
    /// Cards of each seat's hand the viewer may see.
    pub hands: BySeat<CardSet>,
    /// Cards of each seat's discards the viewer may see.
    pub discards: BySeat<CardSet>,
    /// Talon cards the viewer may see, wherever they went.
    pub talon: CardSet,
}

impl Visible {
    /// What the referee sees of a hand in which only `declarer` discards: every hand, the
    /// declarer's `discards` and the whole talon.
    #[must_use]
    pub fn everything(core: &Core, declarer: Seat, discards: CardSet) -> Visible {
        let mut v = Visible {
            hands: core.hands,
            discards: BySeat::splat(CardSet::EMPTY),
            talon: core.deal.talon_set(),
        };
        v.discards[declarer] = discards;
        v
    }
}

/// The result of a finished hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// How it ended.
    pub end: End,
    /// The itemised settlement (empty for a hand thrown in without score).
    pub ledger: Ledger,
}

/// A hand in play.
pub trait Game: Sized + Clone {
    /// The seat to act, or `None` when the hand is over.
    fn to_act(&self) -> Option<Seat>;

    /// Every legal action of the seat to act (empty when the hand is over).
    fn legal_actions(&self) -> ActionList {
        let mut out = ActionList::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// The same list as [`Game::legal_actions`], written into `out` (which is cleared first).
    /// For loops that list many positions: reusing one list spares initialising a new one each
    /// time.
    fn legal_actions_into(&self, out: &mut ActionList);

    /// One legal action of the seat to act, chosen by its index in [`Game::legal_actions`]
    /// without necessarily writing the list: `pick` is given the number of legal actions (at
    /// least 1) and returns an index, and the action at that index is returned. `None` when the
    /// hand is over (then `pick` is not called) or the index is not below the number.
    ///
    /// Random playouts use this (`pick_legal(|n| rng.below(n))`): in the round of
    /// announcements a listing has dozens of actions, and counting them costs less than
    /// writing them all out to keep one.
    fn pick_legal(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        pick_listed(self, pick)
    }

    /// Checks one action for the seat to act.
    ///
    /// # Errors
    /// The [`Violation`] naming the rule that forbids it.
    fn check(&self, action: Action) -> Result<(), Violation>;

    /// Applies an action that [`Game::check`] accepts. An illegal action leaves the game in an
    /// unspecified (but memory-safe and panic-free) state.
    fn play_unchecked(&mut self, action: Action);

    /// Picks a legal action as [`Game::pick_legal`] does and applies it; returns the action, or
    /// `None` when there is none (the game is then unchanged).
    ///
    /// The step of a random playout (`while let Some(a) = g.play_pick(|n| rng.below(n)) {}`):
    /// a game may apply the action it picked from what picking it found out, without reading
    /// the action back.
    fn play_pick(&mut self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        let action = self.pick_legal(pick)?;
        self.play_unchecked(action);
        Some(action)
    }

    /// Checks and applies an action.
    ///
    /// # Errors
    /// [`PlayError`] with the violation and the unchanged game.
    fn play(mut self, action: Action) -> Result<Self, PlayError<Self>> {
        match self.check(action) {
            Ok(()) => {
                self.play_unchecked(action);
                Ok(self)
            }
            Err(violation) => Err(PlayError {
                action,
                violation,
                game: self,
            }),
        }
    }

    /// True when the hand is over.
    fn is_over(&self) -> bool {
        self.to_act().is_none()
    }

    /// The result, once the hand is over.
    fn outcome(&self) -> Option<Outcome>;
}

/// [`Game::pick_legal`] by writing the listing out and taking the picked action: for the
/// phases whose actions are not the cards of a set.
pub(crate) fn pick_listed<G: Game>(g: &G, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
    let mut list = ActionList::new();
    g.legal_actions_into(&mut list);
    if list.is_empty() {
        return None;
    }
    list.get(pick(list.len())).copied()
}

/// [`Game::pick_legal`] for a listing made of `head` (at most one action), then each card of
/// `cards` made an action by `make` (in the set's order), then `tail`, without writing it out.
#[inline]
pub(crate) fn pick_in_listing(
    head: Option<Action>,
    cards: CardSet,
    make: fn(Card) -> Action,
    tail: &[Action],
    pick: impl FnOnce(usize) -> usize,
) -> Option<Action> {
    let h = usize::from(head.is_some());
    let body = cards.len() as usize;
    let n = h + body + tail.len();
    if n == 0 {
        return None;
    }
    let i = pick(n);
    if i < h {
        return head;
    }
    let i = i - h;
    if i < body {
        return cards.nth(u32::try_from(i).ok()?).map(make);
    }
    tail.get(i - body).copied()
}

/// The talon offered in groups: as a Polish declarer takes it, or turned up card by card for an
/// Austrian soloist (groups of one card, of which a run is taken).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TalonGroups {
    /// Cards per group (3, 2 or 1).
    pub group_size: u8,
    /// Number of groups.
    pub groups: u8,
    /// Groups turned face up (bit per group).
    pub exposed: u8,
    /// The group the declarer is looking at, while choosing.
    pub looking: Option<u8>,
    /// The groups taken (bit per group).
    pub taken: u8,
}

/// What can be shown of a hand, whatever the game: the one door through which views, events
/// and scores read a hand. Each game implements it, and so does [`crate::AnyGame`] by
/// dispatching; code generic over it is compiled once per game, without a dispatch per call.
///
/// What every game has is read from its [`Core`] by the default methods, and what a game
/// lacks (a called partner, tarokk declarations, announced items, talon groups) defaults to
/// nothing: a game writes only what is its own.
pub trait Observe {
    /// What every game has: table, deal, hands, won cards, tricks and actions applied.
    fn core(&self) -> &Core;
    /// The phase in the terms every game shares.
    fn stage(&self) -> Stage;
    /// The table: seats, dealer, who sits out.
    fn table_info(&self) -> Table {
        self.core().table()
    }
    /// The deal as it was dealt.
    fn deal(&self) -> &Deal {
        self.core().deal()
    }
    /// A seat's current hand.
    fn hand(&self, s: Seat) -> CardSet {
        self.core().hand(s)
    }
    /// A seat's discards.
    fn discards(&self, s: Seat) -> CardSet;
    /// How many tarokks a seat discarded, once that is public. By default none: a game where
    /// discarded tarokks are not shown.
    fn discarded_tarokks(&self, _s: Seat) -> Option<u8> {
        None
    }
    /// The tarokk count a seat declared, if it declared one (a Polish count may be 0). By
    /// default none: a game without tarokk declarations.
    fn declared_count(&self, _s: Seat) -> Option<u8> {
        None
    }
    /// The side of seat `s` as `viewer` can know it. By default none: a game without sides.
    fn side_known_to(&self, _viewer: Viewer, _s: Seat) -> Option<Team> {
        None
    }
    /// Cards a seat has won in tricks.
    fn won(&self, s: Seat) -> CardSet {
        self.core().won(s)
    }
    /// The talon cards a seat received.
    fn talon_received(&self, s: Seat) -> CardSet;
    /// The talon cards nobody received.
    fn talon_remaining(&self) -> CardSet;
    /// The declarer and the final bid, once the auction is over. By default none: a game
    /// without a declarer.
    fn declarer(&self) -> Option<(Seat, Contract)> {
        None
    }
    /// The cards `viewer` may see.
    fn visible(&self, viewer: Viewer) -> Visible;
    /// The called card, once called. By default none: a game without a called partner.
    fn called(&self) -> Option<Card> {
        None
    }
    /// The true partner (`None` before the call, or for a declarer alone). Hidden information.
    /// By default none: a game without a called partner.
    fn partner(&self) -> Option<Seat> {
        None
    }
    /// Calls `f` with each announced item: bonus, announcing team, kontra level, announcer.
    /// By default none: a game where nothing is announced for a side.
    fn for_each_announced(&self, _f: impl FnMut(Bonus, Team, u8, Seat)) {}
    /// Kontra level on the game. By default 0: a game without kontras.
    fn game_level(&self) -> u8 {
        0
    }
    /// The trick in progress.
    fn current_trick(&self) -> &Trick {
        self.core().current_trick()
    }
    /// The completed tricks.
    fn tricks(&self) -> &[Trick] {
        self.core().tricks()
    }
    /// The winner of completed trick `i` and the card that won it.
    fn trick_winner(&self, i: usize) -> Option<(Seat, Card)> {
        self.tricks()
            .get(i)?
            .winner(&crate::trick::TrickRules::TAROCK)
    }
    /// The talon offered in groups, once the declarer takes from it (Polish, Austrian). By
    /// default none.
    fn talon_groups(&self) -> Option<TalonGroups> {
        None
    }
    /// Where the auction lies in a record's actions: how many actions come before it (the
    /// Polish opening asks each of the four players once), and how many calls it has at most
    /// (`None`: as many as the bidding takes, up to the first action of another kind). By
    /// default it comes first and runs as long as the bidding takes.
    fn auction_bounds(&self) -> (usize, Option<usize>) {
        (0, None)
    }
    /// The card points of the cards a seat won, counted as the game counts them. Public at
    /// every moment: cards that lie face down (the Danish skat) count only once the hand is
    /// over.
    fn card_points_of(&self, s: Seat) -> i64;
    /// Number of actions applied.
    fn actions_applied(&self) -> u16 {
        self.core().actions_applied()
    }
    /// The settlement once the hand is over (`None` before), multiplied by `round_multiplier`
    /// where the game has doubled rounds (the Hungarian match's).
    fn settlement(&self, round_multiplier: i64) -> Option<Ledger>;
}
