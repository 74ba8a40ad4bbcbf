//! The Hungarian hand as a state machine: auction, talon, discards, annulment, the round of
//! announcements, and play.
//!
//! # Representation
//!
//! [`Hungarian`] is a `Copy` value of fixed size: hands are [`CardSet`]s, the announced items
//! and the tricks live in fixed arrays. Listing legal actions and applying one never allocates.
//!
//! The engine knows the true partnerships from the moment the partner is called; legality
//! checks that depend on sides use the true sides, and the side-identification conventions
//! (HU-ANN-14..18) decide only which side the *table* presumes a player to be on.
//!
//! # Phases
//!
//! 1. Auction: bids, holds and passes from the dealer's right (HU-BID).
//! 2. The talon is handed out automatically (HU-TALON-01..05); a speculative bidder who drew no
//!    honour ends the hand (HU-BID-10).
//! 3. Discards, one card per action, the declarer first, then anticlockwise (HU-TALON-08..12).
//! 4. Annulment: every active player in turn from the declarer says `annul` or `pass`
//!    (HU-ANNUL). Asking everyone, not only those with a qualifying hand, keeps the question
//!    itself from revealing a hand. With `annul_timing = before_discard` this comes before 3.
//! 5. The round of announcements (HU-CALL, HU-ANN): a turn is any number of declarations,
//!    a call, announcements and kontras, ended by `pass`; three silent turns in a row end it.
//! 6. Play of the tricks with the rájátszás obligations (HU-PLAY).
//!
//! Each phase is an `impl Hungarian` block of its own submodule (`auction`, `talon`, `annul`,
//! `announce`, `play`, `scoring`); this module holds the state, the dispatch by phase and what
//! the hand shows. The bonuses' order and masks are in `bonuses`.

use crate::action::{non_hungarian_bonus, Action, Bonus, Contract, Declaration, Target};
use crate::bits::{all_if, bit_indices, nth_bit, spread};
use crate::bot::SeatKnowledge;
use crate::card::{Card, CardSet, Pack, Suit};
use crate::deal::{Deal, DealShape};
use crate::game::{
    pick_in_listing, pick_listed, ActionList, End, Game, Observe, Outcome, Stage, Viewer,
    Violation, ViolationKind, Visible,
};
use crate::hungarian::options::{
    AnnulTiming, Game as Kind, HoldRule, HungarianOptions, JumpToSolo,
};
use crate::hungarian::score::{self, Announced, ScoreInput};
use crate::hungarian::{bot, ids};
use crate::ledger::{Ledger, Team};
use crate::rules::ActionIds;
use crate::rules::{self, Rules};
use crate::seat::{BySeat, Seat, Table, TableError};
use crate::shared::{Core, Round};
use crate::trick::TrickRules;
use crate::variant::Variant;

mod announce;
mod annul;
mod auction;
mod bonuses;
mod play;
mod scoring;
mod talon;
#[cfg(test)]
mod tests;

pub use bonuses::{bonus_index, is_hungarian_bonus, ALL_BONUSES};

use announce::TurnPick;
use bonuses::{
    bit, uhus_to_ultimos, ultimos_to_uhus, ALL_BONUS_BITS, ANNOUNCE_ACTIONS, BASIC_BONUSES,
    DECLARATION_TRIGGERS, DOUBLE_GAMES, ILLUSTRATED_BONUSES, KONTRA_ACTIONS, NB, SAS_BONUSES,
};
use play::Reserved;

/// Most bids in one auction (levels strictly rise, so at most four bids plus their holds).
const MAX_CALLS: usize = 8;

/// The phase of a Hungarian hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Bidding.
    Auction,
    /// Discarding after the talon was handed out.
    Discard,
    /// Each player in turn may annul.
    Annul,
    /// The round of announcements (call, declarations, bonuses, kontras).
    Announce,
    /// Trick play.
    Play,
    /// The hand is over.
    Over(End),
}

/// One call in the auction, for the record the rules look back on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Call {
    seat: Seat,
    contract: Contract,
    hold: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Auction {
    passed: BySeat<bool>,
    /// The last bid or hold of each seat.
    last: BySeat<Option<Contract>>,
    calls: [Call; MAX_CALLS],
    ncalls: u8,
    passes: u8,
    /// The fourth player bid after three passes.
    speculative: bool,
    /// Cue bids made: seat and the card shown, in order.
    cues: [(Seat, Card); 4],
    ncues: u8,
    /// The seat whose cue bid rests on the pagát alone (Paskievics).
    pagat_cue: Option<Seat>,
    /// The opener who yielded the game.
    yielder: Option<Seat>,
}

/// One announced item, as read from [`Announcements`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Item {
    bonus: Bonus,
    team: Team,
    level: u8,
    announcer: Seat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Announcements {
    called: Option<Card>,
    /// The seat other than the declarer that discarded the called card (HU-ANN-25).
    called_discarder: Option<Seat>,
    /// Standing announced bonuses of each team (Declarer, Opponents): bit `bonus_index`.
    /// An ultimó replaced by its uhu (HU-ANN-09) is cleared.
    mask: [u64; 2],
    /// Kontra level of each team's item.
    levels: [[u8; NB]; 2],
    /// Who announced each team's item.
    announcers: [[Seat; NB]; 2],
    /// Derived from `levels`, for listing kontras without visiting every item: the items of
    /// each team whose kontra level is odd (the announcing team answers next)…
    odd: [u64; 2],
    /// …and those at the highest level allowed (nobody answers any more).
    maxed: [u64; 2],
    /// Derived from `announcers`: the bonuses each seat announced (for PK-ANN-04).
    announced_by: BySeat<u64>,
    game_level: u8,
    declared: BySeat<u8>,
    /// The table knows this seat's side.
    identified: BySeat<bool>,
    /// The most recent seat that announced a bonus or said kontra (HU-ANN-15).
    last_announcer: Option<Seat>,
    /// The round of turns: silent turns, and who has had a turn (the declarer's first turn
    /// is the one in which the call is due, HU-CALL-02).
    round: Round,
    /// This turn announced double game / volát (HU-ANN-07).
    turn_double: bool,
    turn_volat: bool,
    /// This turn announced or kontra'd an ultimó or uhu (HU-ANN-27).
    turn_ulti: bool,
}

/// A Hungarian hand in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hungarian {
    o: HungarianOptions,
    core: Core,
    phase: Phase,
    auction: Auction,
    declarer: Seat,
    contract: Contract,
    partner: Option<Seat>,
    talon_received: BySeat<CardSet>,
    to_discard: BySeat<u8>,
    discards: BySeat<CardSet>,
    annul_answers: u8,
    /// Every discard has been made (the discarded tarokk counts are public).
    discards_done: bool,
    ann: Announcements,
    /// Whether each team (Declarer, Opponents) has lost a trick (HU-PLAY-16).
    lost_trick: [bool; 2],
    /// Each team's play obligations, from the first trick on.
    reserved: [Reserved; 2],
    /// Tarokks each seat holds, from the round of announcements on: hands do not change
    /// between the discards and the first trick, so the announcement rules that count tarokks
    /// (HU-ANN-26..28, HV-ANN-11) read this, and the settlement counts the tarokks held at the
    /// start of play (HU-SCORE-55).
    tarokks_at_play: BySeat<u8>,
}

/// Error from setting up a Hungarian table.
pub type SetupError = TableError;

fn team_index(t: Team) -> usize {
    match t {
        Team::Declarer => 0,
        Team::Opponents => 1,
    }
}

/// The basic game value *g* of a bid (HU-SCORE-06..09).
#[must_use]
pub const fn game_value(c: Contract) -> i64 {
    c.level() as i64 + 1
}

impl Hungarian {
    /// The deal's shape under `o`: 42 cards in hands of 9, or 54 in hands of 12; talon 6.
    #[must_use]
    pub const fn shape(o: &HungarianOptions) -> DealShape {
        if o.pack54 {
            DealShape {
                pack: Pack::Tarock54,
                hand_size: 12,
                talon_size: 6,
            }
        } else {
            DealShape {
                pack: Pack::Hungarian42,
                hand_size: 9,
                talon_size: 6,
            }
        }
    }

    // ----- accessors -------------------------------------------------------------------------

    /// The rule options.
    #[must_use]
    pub fn options(&self) -> &HungarianOptions {
        &self.o
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The opener who yielded the game, if any.
    #[must_use]
    pub fn yielder(&self) -> Option<Seat> {
        self.auction.yielder
    }

    /// The cue bids made, with the card each showed.
    #[must_use]
    pub fn cue_bids(&self) -> &[(Seat, Card)] {
        &self.auction.cues[..self.auction.ncues as usize]
    }

    /// The announced items still standing: bonus, announcing team, kontra level, announcer.
    pub fn announced(&self) -> impl Iterator<Item = (Bonus, Team, u8, Seat)> + '_ {
        self.items()
            .map(|i| (i.bonus, i.team, i.level, i.announcer))
    }

    /// Tarokks declared by a seat (0 if none).
    #[must_use]
    pub fn declared(&self, s: Seat) -> u8 {
        self.ann.declared[s]
    }

    /// True once the table knows the seat's side (HU-ANN-18).
    #[must_use]
    pub fn identified(&self, s: Seat) -> bool {
        self.ann.identified[s]
    }

    /// The true team of a seat (meaningful once the partner is called).
    #[must_use]
    pub fn team_of(&self, s: Seat) -> Team {
        // `|`, not `||`: both sides are cheap, and one select beats a branch on random seats.
        if (s == self.declarer) | (Some(s) == self.partner) {
            Team::Declarer
        } else {
            Team::Opponents
        }
    }

    /// Tarokks held by `s` during the round of announcements (counted when it starts).
    fn tarokk_count(&self, s: Seat) -> u8 {
        self.tarokks_at_play[s]
    }

    fn has_honour(&self, s: Seat) -> bool {
        self.core.hands[s].intersects(CardSet::HONOURS)
    }

    fn active_count(&self) -> u8 {
        self.core.table.active_count()
    }

    /// True once the called card has been played: every side is then public.
    fn phase_reveals_partner(&self) -> bool {
        let Some(c) = self.ann.called else {
            return false;
        };
        self.core.played().contains(c)
    }

    fn push_legal(&self, out: &mut ActionList, s: Seat, a: Action) {
        if self.check_phase(s, a).is_ok() {
            out.push(a);
        }
    }

    fn check_phase(&self, s: Seat, a: Action) -> Result<(), Violation> {
        // An annulment out of its turn breaks the rule on when a hand may be annulled, whatever
        // the current phase otherwise takes.
        if a == Action::Annul && !matches!(self.phase, Phase::Annul | Phase::Over(_)) {
            return Err(Violation::wrong_phase(
                "HU-ANNUL-07",
                "a hand can be annulled only in the turn for it after the talon exchange",
            ));
        }
        match self.phase {
            Phase::Auction => self.check_auction(s, a),
            Phase::Discard => self.check_discard(s, a),
            Phase::Annul => self.check_annul(s, a),
            Phase::Announce => self.check_announce_phase(s, a),
            Phase::Play => self.check_play(s, a),
            Phase::Over(_) => Err(Violation {
                kind: ViolationKind::GameOver,
                rule: "HU-PLAY-10",
                message: "the hand is over",
            }),
        }
    }
}

impl Rules for Hungarian {
    const LANGUAGE: crate::glossary::Language = crate::glossary::Language::Hungarian;

    const RULEBOOK: &'static [(&'static str, &'static str)] = &[
        (
            "hungarian.md",
            include_str!("../../../../docs/rules/hungarian.md"),
        ),
        (
            "hungarian-variations.md",
            include_str!("../../../../docs/rules/hungarian-variations.md"),
        ),
    ];

    /// The base game's rules, and the variations the variant's options reach (Paskievics its
    /// own).
    fn rule_prefixes(variant: Variant) -> &'static [&'static str] {
        if variant == Variant::HungarianPaskievics {
            &["HU", "PK", "HV"]
        } else {
            &["HU", "HV"]
        }
    }

    const CONTRACTS: &'static [Contract] = &Contract::HUNGARIAN;

    const KONTRA_LEVELS: &'static [u8] = &[1, 2, 3, 4, 5];

    fn bonuses(variant: Variant) -> &'static [crate::action::Bonus] {
        match variant {
            Variant::HungarianPaskievics => &crate::glossary::PASKIEVICS_BONUSES,
            Variant::HungarianHigh => &ALL_BONUSES,
            _ => crate::glossary::ILLUSTRATED_BONUSES,
        }
    }

    /// The honours and kings are never discarded (HU-TALON).
    const NEVER_DISCARDED: CardSet = CardSet::HONOURS.union(CardSet::KINGS);

    type Options = HungarianOptions;

    const SEATS: &'static [u8] = &[4, 5];

    const TRICK_RULES: TrickRules = TrickRules::TAROCK;

    const IDS: ActionIds = ids::IDS;

    const HEURISTIC: fn(&SeatKnowledge<'_, Self>, &[Action]) -> Action = bot::choose;

    fn default_options(variant: Variant) -> HungarianOptions {
        HungarianOptions::for_game(Kind::of(variant))
    }

    /// The table for `seats` (4 or 5) and `dealer`; with five the dealer sits out (HU-DEAL-01).
    fn table(seats: u8, dealer: Seat) -> Result<Table, TableError> {
        let table = Table::try_new(seats, dealer, Self::SEATS)?;
        Ok(Table {
            sitting_out: (seats == 5).then_some(dealer),
            ..table
        })
    }

    fn shape(o: &HungarianOptions) -> DealShape {
        Hungarian::shape(o)
    }

    /// Deals from a shuffled order: six to the talon, then packets of 5 and 4 (HU-DEAL-10/11),
    /// or two packets of 6 with 54 cards (HV-DEAL-02).
    fn deal_from_order(o: &HungarianOptions, table: &Table, order: &[Card]) -> Deal {
        let packets: &[usize] = if o.pack54 { &[6, 6] } else { &[5, 4] };
        Deal::from_order(order, table, 6, packets)
    }

    /// A new hand: `deal` must fit [`Hungarian::shape`] (a [`crate::deal::DealBuilder`] or
    /// [`Rules::deal_from_order`] guarantees it).
    fn from_setup(o: HungarianOptions, table: Table, deal: Deal) -> Hungarian {
        let first = table.first_active();
        Hungarian {
            o,
            core: Core::new(table, deal, deal.hands, first),
            phase: Phase::Auction,
            auction: Auction {
                passed: BySeat::splat(false),
                last: BySeat::splat(None),
                calls: [Call {
                    seat: first,
                    contract: Contract::Three,
                    hold: false,
                }; MAX_CALLS],
                ncalls: 0,
                passes: 0,
                speculative: false,
                cues: [(first, Card::XIX); 4],
                ncues: 0,
                pagat_cue: None,
                yielder: None,
            },
            declarer: first,
            contract: Contract::Three,
            partner: None,
            talon_received: BySeat::splat(CardSet::EMPTY),
            to_discard: BySeat::splat(0),
            discards: BySeat::splat(CardSet::EMPTY),
            annul_answers: 0,
            discards_done: false,
            ann: Announcements {
                called: None,
                called_discarder: None,
                mask: [0; 2],
                levels: [[0; NB]; 2],
                announcers: [[first; NB]; 2],
                odd: [0; 2],
                maxed: [0; 2],
                announced_by: BySeat::splat(0),
                game_level: 0,
                declared: BySeat::splat(0),
                identified: BySeat::splat(false),
                last_announcer: None,
                round: Round::default(),
                turn_double: false,
                turn_volat: false,
                turn_ulti: false,
            },
            lost_trick: [false; 2],
            reserved: [Reserved::default(); 2],
            tarokks_at_play: BySeat::splat(0),
        }
    }

    fn options(&self) -> &HungarianOptions {
        &self.o
    }

    fn variant(&self) -> Variant {
        self.o.game.variant()
    }

    fn settle(&self, round_multiplier: i64) -> Ledger {
        Hungarian::settle(self, round_multiplier)
    }
}

impl Observe for Hungarian {
    fn core(&self) -> &Core {
        &self.core
    }

    /// The phase in the terms every variant shares.
    fn stage(&self) -> Stage {
        match self.phase {
            Phase::Auction => Stage::Auction,
            Phase::Discard => Stage::Discard,
            Phase::Annul => Stage::Annul,
            Phase::Announce => Stage::Announce,
            Phase::Play => Stage::Play,
            Phase::Over(e) => Stage::Over(e),
        }
    }

    /// A seat's discards.
    fn discards(&self, s: Seat) -> CardSet {
        self.discards[s]
    }

    /// How many tarokks each seat discarded: public once everyone has discarded (HU-TALON-16).
    fn discarded_tarokks(&self, s: Seat) -> Option<u8> {
        let done = self.discards_done;
        (done && self.core.table.is_active(s))
            .then(|| (self.discards[s] & CardSet::TAROKKS).len() as u8)
    }

    /// The side of seat `s` as `viewer` can know it: the referee always; a seat knows its own
    /// side once the partner is called (the partner knows it holds the called card; the declarer
    /// and the opponents learn only what announcements prove, HU-CALL-10); everyone knows the
    /// side of an identified player (HU-ANN-18).
    fn side_known_to(&self, viewer: Viewer, s: Seat) -> Option<Team> {
        if !self.core.table.is_active(s) || self.ann.called.is_none() {
            return (self.declarer().is_some()
                && s == self.declarer
                && self.core.table.is_active(s))
            .then_some(Team::Declarer);
        }
        let known = match viewer {
            Viewer::Referee => true,
            Viewer::Spectator => self.ann.identified[s],
            Viewer::Seat(me) => {
                self.ann.identified[s]
                    || me == s
                    // The partner knows every side: it holds the called card.
                    || Some(me) == self.partner
                    || self.phase_reveals_partner()
            }
        };
        known.then(|| self.team_of(s))
    }

    /// The talon cards a seat received.
    fn talon_received(&self, s: Seat) -> CardSet {
        self.talon_received[s]
    }

    /// The talon cards not yet handed out (all six during the auction).
    fn talon_remaining(&self) -> CardSet {
        let given = Seat::all(self.core.table.seats)
            .fold(CardSet::EMPTY, |a, s| a | self.talon_received[s]);
        self.core.deal.talon_set() - given
    }

    /// The declarer and the final bid, once the auction is over.
    fn declarer(&self) -> Option<(Seat, Contract)> {
        match self.phase {
            Phase::Auction | Phase::Over(End::PassedOut) => None,
            _ => Some((self.declarer, self.contract)),
        }
    }

    /// The cards `viewer` may see (HU-TALON-07, HU-TALON-15, HU-CALL-10). A seat sees its own
    /// hand, discards and talon cards; with five players and `dealer_handles_talon_5p` the
    /// dealer, who hands out the talon and keeps the others' discards, sees those too
    /// (HU-TALON-06); in Paskievics the declarer's discarded tarokks lie face up (PK-TALON-01);
    /// a hand that was annulled is shown (PK-ANNUL-01). Played cards are public.
    fn visible(&self, viewer: Viewer) -> Visible {
        let seats = self.core.table.seats;
        if viewer == Viewer::Referee {
            return Visible {
                hands: self.core.hands,
                discards: self.discards,
                talon: self.core.deal.talon_set(),
            };
        }
        let mut v = Visible::default();
        if self.o.game == Kind::Paskievics && self.declarer().is_some() {
            v.discards[self.declarer] = self.discards[self.declarer] & CardSet::TAROKKS;
        }
        if let Phase::Over(End::Annulled(s)) = self.phase {
            v.hands[s] = self.core.hands[s];
        }
        if let Viewer::Seat(me) = viewer {
            if me.get() < seats {
                v.hands[me] = self.core.hands[me];
                v.discards[me] = self.discards[me];
                v.talon = self.talon_received[me];
                if self.core.table.sitting_out == Some(me)
                    && self.o.dealer_handles_talon_5p
                    && self.declarer().is_some()
                {
                    v.talon = self.core.deal.talon_set() - self.talon_remaining();
                    for t in Seat::all(seats) {
                        if t != self.declarer {
                            v.discards[t] = self.discards[t];
                        }
                    }
                }
            }
        }
        v
    }

    /// The called card, once called.
    fn called(&self) -> Option<Card> {
        self.ann.called
    }

    /// The true partner (`None` before the call, or for a lone declarer). Hidden information.
    fn partner(&self) -> Option<Seat> {
        self.partner
    }

    /// Kontra level on the game.
    fn game_level(&self) -> u8 {
        self.ann.game_level
    }

    fn for_each_announced(&self, mut f: impl FnMut(Bonus, Team, u8, Seat)) {
        Hungarian::announced(self).for_each(|(b, t, l, s)| f(b, t, l, s));
    }

    fn declared_count(&self, s: Seat) -> Option<u8> {
        Some(Hungarian::declared(self, s)).filter(|&n| n > 0)
    }

    fn card_points_of(&self, s: Seat) -> i64 {
        score::card_points(self.core.won[s])
    }

    fn settlement(&self, round_multiplier: i64) -> Option<Ledger> {
        rules::settlement(self, round_multiplier)
    }
}

impl Game for Hungarian {
    fn to_act(&self) -> Option<Seat> {
        (!matches!(self.phase, Phase::Over(_))).then_some(self.core.to_act)
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        let s = self.core.to_act;
        match self.phase {
            Phase::Auction => {
                self.push_legal(out, s, Action::Pass);
                self.push_legal(out, s, Action::Hold);
                for c in Contract::HUNGARIAN {
                    self.push_legal(out, s, Action::Bid(c));
                }
            }
            Phase::Discard => {
                for c in self.discardable(s) {
                    out.push(Action::Discard(c));
                }
            }
            Phase::Annul => {
                self.push_legal(out, s, Action::Pass);
                self.push_legal(out, s, Action::Annul);
            }
            Phase::Announce => {
                if self.call_pending() {
                    for c in CardSet::TAROKKS {
                        self.push_legal(out, s, Action::Call(c));
                    }
                    let n = self.tarokk_count(s);
                    self.push_legal(out, s, Action::Declare(Declaration::Tarokks(n)));
                    return;
                }
                let t = self.announce_turn(s);
                if t.pass {
                    out.push(Action::Pass);
                }
                if let Some(n) = t.declare {
                    out.push(Action::Declare(Declaration::Tarokks(n)));
                }
                out.extend(bit_indices(t.announce).map(|i| ANNOUNCE_ACTIONS[i & 63]));
                if let Some(g) = t.game_kontra {
                    out.push(Action::Kontra(Target::Game, g));
                }
                // Branch-free: both candidates of an item are written, and each counted only
                // when its mask has the item (an item both teams announced can have both).
                out.fill_with(|free| {
                    let mut n = 0;
                    for i in bit_indices(t.kontras | t.rekontras) {
                        debug_assert!(n + 2 <= free.len(), "action list overflow");
                        if n + 2 > free.len() {
                            break;
                        }
                        free[n] = self.kontra_step(t.other, i);
                        n += ((t.kontras >> i) & 1) as usize;
                        free[n] = self.kontra_step(t.own, i);
                        n += ((t.rekontras >> i) & 1) as usize;
                    }
                    n
                });
            }
            Phase::Play => {
                let (legal, _) = self.legal_cards(s);
                for c in legal {
                    out.push(Action::Play(c));
                }
            }
            Phase::Over(_) => {}
        }
    }

    fn pick_legal(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        let s = self.core.to_act;
        match self.phase {
            Phase::Announce if !self.call_pending() => {
                let t = self.announce_turn(s);
                let n = Self::announce_turn_len(&t);
                if n == 0 {
                    return None;
                }
                self.announce_turn_nth(&t, pick(n))
            }
            Phase::Play => pick_in_listing(None, self.legal_cards(s).0, Action::Play, &[], pick),
            Phase::Discard => {
                pick_in_listing(None, self.discardable(s), Action::Discard, &[], pick)
            }
            Phase::Over(_) => None,
            _ => pick_listed(self, pick),
        }
    }

    fn play_pick(&mut self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        if self.phase != Phase::Announce || self.call_pending() {
            let a = self.pick_legal(pick)?;
            self.play_unchecked(a);
            return Some(a);
        }
        // In a turn of announcements, an announcement or a kontra is applied from the item the
        // pick found, without reading it back from the action.
        let s = self.core.to_act;
        let t = self.announce_turn(s);
        let n = Self::announce_turn_len(&t);
        if n == 0 {
            return None;
        }
        match self.announce_turn_pick(&t, pick(n))? {
            TurnPick::Action(a) => {
                self.play_unchecked(a);
                Some(a)
            }
            TurnPick::Announce(i) => {
                self.core.count_action();
                self.apply_announce(s, i);
                Some(ANNOUNCE_ACTIONS[i & 63])
            }
            TurnPick::Kontra(team, i) => {
                let a = self.kontra_step(team, i);
                let level = self.ann.levels[team & 1][i & 63] + 1;
                self.core.count_action();
                self.apply_kontra(s, team, i, level);
                Some(a)
            }
        }
    }

    fn check(&self, a: Action) -> Result<(), Violation> {
        self.check_phase(self.core.to_act, a)
    }

    fn play_unchecked(&mut self, a: Action) {
        let s = self.core.to_act;
        self.core.count_action();
        match (self.phase, a) {
            (Phase::Auction, _) => self.apply_auction(s, a),
            (Phase::Discard, Action::Discard(c)) => self.apply_discard(s, c),
            (Phase::Annul, _) => self.apply_annul(s, a),
            (Phase::Announce, _) => self.apply_announce_phase(s, a),
            (Phase::Play, Action::Play(c)) => self.apply_play(s, c),
            _ => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        rules::outcome(self)
    }
}
