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

use crate::action::{non_hungarian_bonus, Action, Bonus, Contract, Declaration, Target};
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
use crate::rules::{self, Rules};
use crate::seat::{BySeat, Seat, Table, TableError};
use crate::shared::{Core, Round};
use crate::trick::TrickRules;
use crate::variant::Variant;

/// Most items that can be announced in one hand (both teams together).
const MAX_ITEMS: usize = 2 * NB;
/// Most distinct cards a team's obligations can reserve: the pagát, the II, the XX, the XXI, the
/// skíz and the four kings (HU-PLAY-12/15, High Tarokk's birds and fácáns). One 9-card hand can
/// hold all of them.
const MAX_RESERVED: usize = 9;
/// Most bids in one auction (levels strictly rise, so at most four bids plus their holds).
const MAX_CALLS: usize = 8;

/// Every Hungarian bonus, in the order of their action ids.
pub const ALL_BONUSES: [Bonus; 43] = {
    use Suit::{Clubs as C, Diamonds as D, Hearts as H, Spades as S};
    [
        Bonus::Trull,
        Bonus::FourKings,
        Bonus::DoubleGame,
        Bonus::Volat,
        Bonus::PagatUltimo,
        Bonus::XxiCatch,
        Bonus::Centrum,
        Bonus::SmallBird,
        Bonus::LargeBird,
        Bonus::PagatUhu,
        Bonus::KingUltimo(H),
        Bonus::KingUltimo(D),
        Bonus::KingUltimo(C),
        Bonus::KingUltimo(S),
        Bonus::KingUhu(H),
        Bonus::KingUhu(D),
        Bonus::KingUhu(C),
        Bonus::KingUhu(S),
        Bonus::SasUltimo,
        Bonus::SasUhu,
        Bonus::PagatCatch,
        Bonus::PagatFacan,
        Bonus::SasFacan,
        Bonus::ParosFacan,
        Bonus::SuitFamily(H),
        Bonus::SuitFamily(D),
        Bonus::SuitFamily(C),
        Bonus::SuitFamily(S),
        Bonus::ThreeKings,
        Bonus::FinalPair,
        Bonus::PagatSmallBird,
        Bonus::SasSmallBird,
        Bonus::KingSmallBird(H),
        Bonus::KingSmallBird(D),
        Bonus::KingSmallBird(C),
        Bonus::KingSmallBird(S),
        Bonus::PagatLargeBird,
        Bonus::SasLargeBird,
        Bonus::KingLargeBird(H),
        Bonus::KingLargeBird(D),
        Bonus::KingLargeBird(C),
        Bonus::KingLargeBird(S),
        Bonus::LongDoubleGame,
    ]
};

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

/// Number of Hungarian bonuses.
const NB: usize = ALL_BONUSES.len();

/// The index of a bonus in [`ALL_BONUSES`] (and in the action ids); a bonus of another game
/// has [`NB`], one past the last, which no mask or table holds.
#[must_use]
pub const fn bonus_index(b: Bonus) -> usize {
    const fn suit(s: Suit) -> usize {
        s as usize
    }
    match b {
        Bonus::Trull => 0,
        Bonus::FourKings => 1,
        Bonus::DoubleGame => 2,
        Bonus::Volat => 3,
        Bonus::PagatUltimo => 4,
        Bonus::XxiCatch => 5,
        Bonus::Centrum => 6,
        Bonus::SmallBird => 7,
        Bonus::LargeBird => 8,
        Bonus::PagatUhu => 9,
        Bonus::KingUltimo(s) => 10 + suit(s),
        Bonus::KingUhu(s) => 14 + suit(s),
        Bonus::SasUltimo => 18,
        Bonus::SasUhu => 19,
        Bonus::PagatCatch => 20,
        Bonus::PagatFacan => 21,
        Bonus::SasFacan => 22,
        Bonus::ParosFacan => 23,
        Bonus::SuitFamily(s) => 24 + suit(s),
        Bonus::ThreeKings => 28,
        Bonus::FinalPair => 29,
        Bonus::PagatSmallBird => 30,
        Bonus::SasSmallBird => 31,
        Bonus::KingSmallBird(s) => 32 + suit(s),
        Bonus::PagatLargeBird => 36,
        Bonus::SasLargeBird => 37,
        Bonus::KingLargeBird(s) => 38 + suit(s),
        Bonus::LongDoubleGame => 42,
        non_hungarian_bonus!() => NB,
    }
}

/// True for the bonuses of the Hungarian games.
#[must_use]
pub const fn is_hungarian_bonus(b: Bonus) -> bool {
    bonus_index(b) < NB
}

/// When an obligation's card is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Due {
    /// The last trick.
    Last,
    /// The last but one.
    Penultimate,
    /// A trick by its number (1-based).
    Trick(u8),
}

/// The play obligation (rájátszás) each bonus carries when announced, by bonus index: the card,
/// when it is due, and whether the obligation ends when the team loses a trick (centrum and the
/// birds). HU-PLAY-12/15, High Tarokk's fácáns and birds.
const OBLIGATIONS: [Option<(Card, Due, bool)>; NB] = {
    let mut t = [None; NB];
    let mut i = 0;
    while i < NB {
        t[i] = match ALL_BONUSES[i] {
            Bonus::PagatUltimo => Some((Card::PAGAT, Due::Last, false)),
            Bonus::PagatUhu => Some((Card::PAGAT, Due::Penultimate, false)),
            Bonus::KingUltimo(s) => Some((Card::king(s), Due::Last, false)),
            Bonus::KingUhu(s) => Some((Card::king(s), Due::Penultimate, false)),
            Bonus::SasUltimo => Some((Card::EAGLE, Due::Last, false)),
            Bonus::SasUhu => Some((Card::EAGLE, Due::Penultimate, false)),
            Bonus::Centrum => Some((Card::XX, Due::Trick(5), true)),
            Bonus::SmallBird => Some((Card::XXI, Due::Trick(6), true)),
            Bonus::LargeBird => Some((Card::SKIZ, Due::Trick(7), true)),
            Bonus::PagatFacan => Some((Card::PAGAT, Due::Trick(1), false)),
            Bonus::SasFacan => Some((Card::EAGLE, Due::Trick(1), false)),
            Bonus::ParosFacan => Some((Card::XXI, Due::Trick(1), false)),
            Bonus::PagatSmallBird => Some((Card::PAGAT, Due::Trick(6), false)),
            Bonus::SasSmallBird => Some((Card::EAGLE, Due::Trick(6), false)),
            Bonus::KingSmallBird(s) => Some((Card::king(s), Due::Trick(6), false)),
            Bonus::PagatLargeBird => Some((Card::PAGAT, Due::Trick(7), false)),
            Bonus::SasLargeBird => Some((Card::EAGLE, Due::Trick(7), false)),
            Bonus::KingLargeBird(s) => Some((Card::king(s), Due::Trick(7), false)),
            _ => None,
        };
        i += 1;
    }
    t
};

/// Every card an obligation can reserve, each with its slot in [`Reserved`]: the pagát, the II,
/// the XX, the XXI, the skíz and the four kings.
const RESERVABLE_CARDS: [Card; MAX_RESERVED] = [
    Card::PAGAT,
    Card::EAGLE,
    Card::XX,
    Card::XXI,
    Card::SKIZ,
    Card::king(Suit::Hearts),
    Card::king(Suit::Diamonds),
    Card::king(Suit::Clubs),
    Card::king(Suit::Spades),
];

/// The slot in [`RESERVABLE_CARDS`] of each bonus's obligation card (by bonus index; 0 for
/// bonuses without an obligation). A card an obligation reserves without a slot fails to compile.
const OBLIGATION_SLOTS: [usize; NB] = {
    let mut t = [0; NB];
    let mut i = 0;
    while i < NB {
        if let Some((card, _, _)) = OBLIGATIONS[i] {
            let mut k = 0;
            while RESERVABLE_CARDS[k].index() != card.index() {
                k += 1;
                assert!(
                    k < MAX_RESERVED,
                    "an obligation reserves a card without a slot"
                );
            }
            t[i] = k;
        }
        i += 1;
    }
    t
};

/// A team's play obligations (rájátszás) as trick play reads them, made when play starts (the
/// items stand unchanged from then on): for each card of [`RESERVABLE_CARDS`], the tricks it is
/// due in, bit `t` for trick `t` (1-based).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Reserved {
    /// The cards some obligation reserves.
    cards: CardSet,
    /// Obligations that hold to their trick (ultimó, uhu, fácán, High Tarokk's birds).
    always: [u16; MAX_RESERVED],
    /// Obligations that end when the team loses a trick (centrum and the birds, HU-PLAY-16).
    until_lost: [u16; MAX_RESERVED],
}

/// Bonuses whose announcement carries a play obligation (rájátszás), as a mask of indices.
const OBLIGATION_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < NB {
        if !matches!(
            ALL_BONUSES[i],
            Bonus::Trull
                | Bonus::FourKings
                | Bonus::DoubleGame
                | Bonus::Volat
                | Bonus::XxiCatch
                | Bonus::PagatCatch
                | Bonus::SuitFamily(_)
                | Bonus::ThreeKings
                | Bonus::FinalPair
                | Bonus::LongDoubleGame
        ) {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

/// The bit of a bonus in the masks of bonus indices.
const fn bit(b: Bonus) -> u64 {
    1 << bonus_index(b)
}

/// The mask of the bonuses in `list`.
const fn bonus_mask(list: &[Bonus]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < list.len() {
        m |= bit(list[i]);
        i += 1;
    }
    m
}

/// Every Hungarian bonus.
const ALL_BONUS_BITS: u64 = (1 << NB) - 1;

/// The bonuses of every Hungarian game (PK-ANN-03).
const BASIC_BONUSES: u64 = bonus_mask(&[
    Bonus::Trull,
    Bonus::FourKings,
    Bonus::DoubleGame,
    Bonus::Volat,
    Bonus::PagatUltimo,
    Bonus::XxiCatch,
]);

/// The bonuses Illustrated tarokk adds to the basic ones.
const ILLUSTRATED_BONUSES: u64 = {
    use Suit::{Clubs as C, Diamonds as D, Hearts as H, Spades as S};
    bonus_mask(&[
        Bonus::Centrum,
        Bonus::SmallBird,
        Bonus::LargeBird,
        Bonus::PagatUhu,
        Bonus::KingUltimo(H),
        Bonus::KingUltimo(D),
        Bonus::KingUltimo(C),
        Bonus::KingUltimo(S),
        Bonus::KingUhu(H),
        Bonus::KingUhu(D),
        Bonus::KingUhu(C),
        Bonus::KingUhu(S),
    ])
};

/// The sas (II) bonuses of option H10 `sas_bonuses`.
const SAS_BONUSES: u64 = bonus_mask(&[Bonus::SasUltimo, Bonus::SasUhu]);

/// Double game and long double game: a team announces at most one of them (HU-ANN-05).
const DOUBLE_GAMES: u64 = bonus_mask(&[Bonus::DoubleGame, Bonus::LongDoubleGame]);

/// The bonuses whose announcement or kontra obliges a declaration of 8+ tarokks (HU-ANN-27):
/// the pagát's and the kings' ultimó and uhu.
const DECLARATION_TRIGGERS: u64 = bonus_mask(&[
    Bonus::PagatUltimo,
    Bonus::PagatUhu,
    Bonus::KingUltimo(Suit::Hearts),
    Bonus::KingUltimo(Suit::Diamonds),
    Bonus::KingUltimo(Suit::Clubs),
    Bonus::KingUltimo(Suit::Spades),
    Bonus::KingUhu(Suit::Hearts),
    Bonus::KingUhu(Suit::Diamonds),
    Bonus::KingUhu(Suit::Clubs),
    Bonus::KingUhu(Suit::Spades),
]);

/// Maps each ultimó bit of `m` to the bit of the uhu of the same card (HU-ANN-09..12): the pagát
/// (4 → 9), the sas (18 → 19) and the four kings (10..13 → 14..17).
const fn ultimos_to_uhus(m: u64) -> u64 {
    ((m << 5) & bit(Bonus::PagatUhu))
        | ((m << 1) & bit(Bonus::SasUhu))
        | ((m << 4) & (0xF << bonus_index(Bonus::KingUhu(Suit::Hearts))))
}

/// Maps each uhu bit of `m` to the bit of the ultimó of the same card.
const fn uhus_to_ultimos(m: u64) -> u64 {
    ((m >> 5) & bit(Bonus::PagatUltimo))
        | ((m >> 1) & bit(Bonus::SasUltimo))
        | ((m >> 4) & (0xF << bonus_index(Bonus::KingUltimo(Suit::Hearts))))
}

/// `Action::Announce` of each bonus index (64 entries, so that any bit index of a mask is in
/// range; those beyond the bonuses are never read).
const ANNOUNCE_ACTIONS: [Action; 64] = {
    let mut t = [Action::Pass; 64];
    let mut i = 0;
    while i < NB {
        t[i] = Action::Announce(ALL_BONUSES[i]);
        i += 1;
    }
    t
};

/// `Action::Kontra` on each bonus index at each level 0..=7 (only 1..=5 are ever listed; the
/// sizes let a listing index with any bit index and `level & 7` without a bounds check).
const KONTRA_ACTIONS: [[Action; 8]; 64] = {
    let mut t = [[Action::Pass; 8]; 64];
    let mut i = 0;
    while i < NB {
        let mut l = 0;
        while l < 8 {
            t[i][l] = Action::Kontra(Target::Bonus(ALL_BONUSES[i]), l as u8);
            l += 1;
        }
        i += 1;
    }
    t
};

/// The indices of the set bits of a mask, lowest first.
fn bit_indices(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The index of the `k`-th set bit of `bits` (lowest first), or 64 if there are not that many.
///
/// Branch-free (a random pick's index is unpredictable, and a loop over the bits mispredicts
/// its exit): the bytes' bit counts summed in parallel find the byte holding the bit, and a
/// table the bit within the byte.
fn nth_bit(bits: u64, k: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    if k >= 64 {
        return 64;
    }
    let k = k as u64;
    // Bit counts of each byte, then their running sums (byte j: bits in bytes 0..=j).
    let mut c = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
    c = (c + (c >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    let sums = c.wrapping_mul(ONES);
    // The high bit of byte j is set where sums[j] <= k: those bytes lie before the wanted bit.
    let before = (((k * ONES) | HIGHS) - sums) & HIGHS;
    let bytes = ((before >> 7).wrapping_mul(ONES) >> 56) as u32;
    if bytes >= 8 {
        return 64;
    }
    let shift = bytes * 8;
    let skipped = ((sums << 8) >> shift) & 0xff;
    let rank = (k - skipped) as usize;
    let byte = ((bits >> shift) & 0xff) as usize;
    shift as usize + usize::from(SELECT_IN_BYTE[byte][rank & 7])
}

/// Every bit if `b`, else none: a mask that selects without a branch.
const fn all_if(b: bool) -> u64 {
    (b as u64).wrapping_neg()
}

/// The low 32 bits of `x` spread to the even bits: bit `i` moves to bit `2i`.
const fn spread(x: u64) -> u64 {
    let mut x = x & 0xffff_ffff;
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// `SELECT_IN_BYTE[b][r]`: the position of the `r`-th set bit of byte `b` (8 if none).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b][r] = i as u8;
                r += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// The legal actions of a turn of announcements after the call (see
/// [`Hungarian::announce_turn`]), in the order they are listed.
#[derive(Clone, Copy, Debug)]
struct AnnounceTurn {
    /// The turn may end with a pass.
    pass: bool,
    /// A declaration of this many tarokks.
    declare: Option<u8>,
    /// The bonuses that may be announced (bit `bonus_index`).
    announce: u64,
    /// A kontra on the game at this level.
    game_kontra: Option<u8>,
    /// The other team's items that may be kontra'd (one step up)…
    kontras: u64,
    /// …and one's own team's items that may be answered.
    rekontras: u64,
    /// The team index of the seat to act, and of the other team.
    own: usize,
    other: usize,
}

/// One entry of an announcement turn's listing: an announcement and a kontra on a bonus by the
/// item they concern.
#[derive(Clone, Copy, Debug)]
enum TurnPick {
    /// A pass, a declaration or a kontra on the game.
    Action(Action),
    /// The announcement of the bonus of this index.
    Announce(usize),
    /// The next kontra level on this team's item of this bonus index.
    Kontra(usize, usize),
}

/// A kontra level said by the side whose turn it is not (HU-ANN-24).
const KONTRA_SIDES_ALTERNATE: Violation = Violation::illegal(
    "HU-ANN-24",
    "the kontra levels alternate between the two sides",
);

/// The rules an announcement can break, in the order [`Hungarian::check_announce`] reports them;
/// [`Hungarian::announce_refusals`] gives the bonuses each one forbids. The first entry, a bonus
/// the game does not have, names PK-ANN-03 instead in Paskievics.
const ANNOUNCE_RULES: [Violation; 10] = [
    Violation::illegal("HV-ANN-13", "this bonus does not exist in this game"),
    Violation::illegal("HU-ANN-05", "your team has already announced this bonus"),
    Violation::illegal(
        "HU-ANN-17",
        "the table would take you for the other side: say kontra to the game or a bonus first",
    ),
    Violation::illegal(
        "HU-ANN-07",
        "double game and volát may not be announced in the same turn",
    ),
    Violation::illegal(
        "HU-ANN-08",
        "a team that announced volát may not announce double game",
    ),
    Violation::illegal(
        "HV-ANN-11",
        "long double game needs at least seven tarokks",
    ),
    Violation::illegal(
        "HV-ANN-10",
        "párosfácán may be announced only by an opponent of the player who leads to the first trick",
    ),
    Violation::illegal(
        "HU-ANN-12",
        "an uhu may not be downgraded to the ultimó of the same card",
    ),
    Violation::illegal(
        "HV-ANN-04",
        "an ultimó may not be upgraded to an uhu under these rules",
    ),
    Violation::illegal(
        "HU-ANN-10",
        "only the partner of the ultimó's announcer may upgrade it to the uhu",
    ),
];

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

    /// A new hand: `deal` must fit [`Hungarian::shape`] (a [`crate::deal::DealBuilder`] or
    /// [`Rules::deal_from_order`] guarantees it).
    fn new(o: HungarianOptions, table: Table, deal: Deal) -> Hungarian {
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

    // ----- auction -----------------------------------------------------------------------------

    fn high(&self) -> Option<Call> {
        self.auction.calls[..self.auction.ncalls as usize]
            .iter()
            .rev()
            .find(|c| !c.hold)
            .copied()
    }

    fn held(&self) -> bool {
        self.auction.ncalls > 0 && self.auction.calls[self.auction.ncalls as usize - 1].hold
    }

    fn last_caller(&self) -> Option<Seat> {
        self.auction
            .ncalls
            .checked_sub(1)
            .map(|i| self.auction.calls[i as usize].seat)
    }

    fn order_of(&self, s: Seat) -> u8 {
        s.distance_from(self.core.table.first_active(), self.core.table.seats)
    }

    /// May `s` hold the current highest bid (HU-BID-04, HV-BID-01)?
    fn can_hold(&self, s: Seat) -> bool {
        let Some(high) = self.high() else {
            return false;
        };
        if self.auction.last[s].is_none() || high.seat == s || self.held() {
            return false;
        }
        self.hold_rule_allows(s, high.seat)
    }

    /// Whether the hold rule lets `s`, who has bid before, hold a bid made by `bidder`
    /// (HU-BID-04, HV-BID-01).
    fn hold_rule_allows(&self, s: Seat, bidder: Seat) -> bool {
        match self.o.hold_rule {
            HoldRule::New => true,
            HoldRule::Old => self.order_of(s) < self.order_of(bidder),
        }
    }

    /// Could anyone answer a bid of `c` by `s`: is a player still in the auction who could
    /// overcall it or hold it (PK-BID-03)?
    ///
    /// This is judged on public information only: the players who have not passed, the bids
    /// made so far and the hold rule. Below solo anyone still in the auction could overcall
    /// (whether they hold an honour is their secret). A solo can only be held, by a player who
    /// has bid before and whom the hold rule allows to hold the bidder's bid. So the answer is
    /// "no" exactly when the bid would end the auction at once (HU-BID-06).
    fn bid_could_be_answered(&self, s: Seat, c: Contract) -> bool {
        Seat::all(self.core.table.seats)
            .filter(|&t| t != s && self.core.table.is_active(t) && !self.auction.passed[t])
            .any(|t| {
                c < Contract::Solo
                    || (self.auction.last[t].is_some() && self.hold_rule_allows(t, s))
            })
    }

    /// The yield situation (HU-BID-20): `s` opened three as the first bid, exactly one other
    /// player bid two, and everyone else has passed.
    fn in_yield_spot(&self, s: Seat) -> bool {
        let a = &self.auction;
        if a.ncalls != 2 {
            return false;
        }
        let (c0, c1) = (a.calls[0], a.calls[1]);
        c0.seat == s
            && c0.contract == Contract::Three
            && !c1.hold
            && c1.contract == Contract::Two
            && c1.seat != s
            && Seat::all(self.core.table.seats)
                .filter(|&t| self.core.table.is_active(t) && t != s && t != c1.seat)
                .all(|t| a.passed[t])
    }

    fn holds_xx_and_high_honour(&self, s: Seat) -> bool {
        let h = self.core.hands[s];
        h.contains(Card::XX) && h.intersects(CardSet::HIGH_HONOURS)
    }

    /// May `s` cue bid showing `card` (HU-BID-14, PK-BID-01)?
    fn can_cue(&self, s: Seat, card: Card) -> bool {
        let h = self.core.hands[s];
        h.contains(card)
            && (h.intersects(CardSet::HIGH_HONOURS)
                || (self.o.cue_bid_with_pagat_only && h.contains(Card::PAGAT)))
    }

    fn check_auction(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => {
                if self.in_yield_spot(s) && !self.holds_xx_and_high_honour(s) {
                    return Err(Violation::illegal(
                        "HU-BID-21",
                        "a three-opener overcalled only by two may pass (yield) only with the XX and a high honour; hold or cue bid instead",
                    ));
                }
                Ok(())
            }
            Action::Hold => {
                if !self.has_honour(s) {
                    return Err(Violation::illegal(
                        "HU-BID-08",
                        "a player without an honour must pass",
                    ));
                }
                if !self.can_hold(s) {
                    return Err(Violation::illegal(
                        "HU-BID-04",
                        "a hold needs an earlier bid of yours, a higher bid by another player since, and no hold of that bid yet",
                    ));
                }
                Ok(())
            }
            Action::Bid(c) if !c.is_hungarian() => Err(Violation::illegal(
                "HU-BID-01",
                "the bids are three, two, one and solo",
            )),
            Action::Bid(c) => {
                let high = self.high();
                if let Some(h) = high {
                    if c <= h.contract {
                        return Err(Violation::illegal(
                            "HU-BID-03",
                            "a bid must be higher than the current highest bid",
                        ));
                    }
                }
                if !self.has_honour(s) && !self.is_speculative() {
                    return Err(Violation::illegal(
                        "HU-BID-08",
                        "a player without an honour must pass",
                    ));
                }
                match self.cue_card(s, c) {
                    Some(card) if !self.can_cue(s, card) => Err(if card == Card::XVIII {
                        if self.jump(s, c) == 2 {
                            Violation::illegal(
                                "HU-BID-18",
                                "a double jump is a cue bid and needs the XVIII and a high honour",
                            )
                        } else {
                            Violation::illegal(
                                "HV-BID-02",
                                "a single jump to solo invites the XVIII and needs it and a high honour",
                            )
                        }
                    } else {
                        Violation::illegal(
                            "HU-BID-13",
                            "a single jump is a cue bid and needs the XIX and a high honour",
                        )
                    }),
                    _ => Ok(()),
                }
            }
            _ => Err(Violation::wrong_phase(
                "HU-BID-01",
                "the auction takes only bids, holds and passes",
            )),
        }
    }

    /// The fourth player bids after three passes (HU-BID-09).
    fn is_speculative(&self) -> bool {
        self.high().is_none() && self.auction.passes == self.active_count() - 1
    }

    /// The card a bid of `c` by `s` shows as a cue bid, or `None` if the bid is no cue bid.
    ///
    /// A single jump shows the XIX (or the XVIII, HV-BID-02) unless a cue bid was already made
    /// (HU-BID-13a); a double jump shows the XVIII (HU-BID-16). No jump of the fourth player
    /// after three passes is a cue bid (HU-BID-13b, HU-BID-15, HU-BID-18), and in Paskievics no
    /// jump that nobody could answer (PK-BID-03): such a bid invites nobody.
    fn cue_card(&self, s: Seat, c: Contract) -> Option<Card> {
        if self.is_speculative() {
            return None;
        }
        let card = match self.jump(s, c) {
            1 if self.auction.ncues == 0 => self.single_jump_card(c),
            2 => Card::XVIII,
            _ => return None,
        };
        if self.o.game == Kind::Paskievics && !self.bid_could_be_answered(s, c) {
            return None;
        }
        Some(card)
    }

    /// Levels above the necessary call (HU-BID-11): 0 for the necessary call itself.
    fn jump(&self, s: Seat, c: Contract) -> u8 {
        let necessary = match self.high() {
            None => 0,
            Some(h) if self.can_hold(s) => h.contract.level(),
            Some(h) => h.contract.level() + 1,
        };
        c.level().saturating_sub(necessary)
    }

    fn single_jump_card(&self, c: Contract) -> Card {
        if c == Contract::Solo && self.o.jump_to_solo_means == JumpToSolo::Xviii {
            Card::XVIII
        } else {
            Card::XIX
        }
    }

    fn apply_auction(&mut self, s: Seat, a: Action) {
        match a {
            Action::Pass => {
                if self.in_yield_spot(s) {
                    self.auction.yielder = Some(s);
                }
                self.auction.passed[s] = true;
                self.auction.passes += 1;
            }
            Action::Hold => {
                let c = self.high().map_or(Contract::Three, |h| h.contract);
                self.push_call(s, c, true);
            }
            Action::Bid(c) => {
                if self.is_speculative() {
                    self.auction.speculative = true;
                } else if let Some(card) = self.cue_card(s, c) {
                    let i = self.auction.ncues as usize;
                    if i < self.auction.cues.len() {
                        self.auction.cues[i] = (s, card);
                        self.auction.ncues += 1;
                    }
                    if !self.core.hands[s].intersects(CardSet::HIGH_HONOURS) {
                        self.auction.pagat_cue = Some(s);
                    }
                }
                self.push_call(s, c, false);
            }
            _ => {}
        }
        self.after_auction_call(s);
    }

    fn push_call(&mut self, s: Seat, c: Contract, hold: bool) {
        let i = self.auction.ncalls as usize;
        if i < MAX_CALLS {
            self.auction.calls[i] = Call {
                seat: s,
                contract: c,
                hold,
            };
            self.auction.ncalls += 1;
        }
        self.auction.last[s] = Some(c);
    }

    fn after_auction_call(&mut self, s: Seat) {
        let active = self.active_count();
        let Some(high) = self.high() else {
            if self.auction.passes == active {
                self.finish(End::PassedOut);
            } else {
                self.core.to_act = self.next_bidder(s);
            }
            return;
        };
        let remaining = Seat::all(self.core.table.seats)
            .filter(|&t| self.core.table.is_active(t) && !self.auction.passed[t])
            .count();
        // HU-BID-06: three passes after a bid, or no further call possible: solo held, or solo
        // that nobody still bidding may hold.
        let solo_closed = high.contract == Contract::Solo
            && (self.held()
                || !Seat::all(self.core.table.seats).any(|t| {
                    self.core.table.is_active(t) && !self.auction.passed[t] && self.can_hold(t)
                }));
        if remaining <= 1 || solo_closed {
            let declarer = self.last_caller().unwrap_or(high.seat);
            self.start_exchange(declarer, high.contract);
        } else {
            self.core.to_act = self.next_bidder(s);
        }
    }

    fn next_bidder(&self, s: Seat) -> Seat {
        let mut t = self.core.table.next_active(s);
        for _ in 0..self.core.table.seats {
            if !self.auction.passed[t] {
                return t;
            }
            t = self.core.table.next_active(t);
        }
        t
    }

    // ----- talon and discards ------------------------------------------------------------------

    fn start_exchange(&mut self, declarer: Seat, contract: Contract) {
        self.declarer = declarer;
        self.contract = contract;
        // HU-TALON-01..05: the declarer takes 3/2/1/0 from the top, then each other player in
        // turn takes two if that leaves one for every later player, else one.
        let deal = self.core.deal;
        let talon = deal.talon();
        let mut next = 0usize;
        let mut seat = declarer;
        let others = self.active_count() as usize - 1;
        for i in 0..=others {
            let n = if i == 0 {
                3 - contract.level() as usize
            } else {
                seat = self.core.table.next_active(seat);
                let left = talon.len().saturating_sub(next);
                let later = others - i;
                if left >= 2 + later {
                    2
                } else {
                    left.min(1)
                }
            };
            for &c in &talon[next.min(talon.len())..(next + n).min(talon.len())] {
                self.core.hands[seat].insert(c);
                self.talon_received[seat].insert(c);
            }
            self.to_discard[seat] = n as u8;
            next += n;
        }
        // HU-BID-10: a speculative bidder still without an honour throws the hand in.
        if self.auction.speculative && !self.has_honour(declarer) {
            self.finish(End::TrialBidFailed(declarer));
            return;
        }
        if self.o.annul_timing == AnnulTiming::BeforeDiscard {
            self.start_annul();
        } else {
            self.start_discards();
        }
    }

    fn start_discards(&mut self) {
        self.phase = Phase::Discard;
        match self.next_discarder(self.declarer, true) {
            Some(s) => self.core.to_act = s,
            None => self.after_discards(),
        }
    }

    fn next_discarder(&self, from: Seat, inclusive: bool) -> Option<Seat> {
        let mut s = if inclusive {
            from
        } else {
            self.core.table.next_active(from)
        };
        for _ in 0..self.active_count() {
            if self.to_discard[s] > 0 {
                return Some(s);
            }
            if self.core.table.next_active(s) == self.declarer {
                return None;
            }
            s = self.core.table.next_active(s);
        }
        None
    }

    fn after_discards(&mut self) {
        self.discards_done = true;
        if self.o.annul_timing == AnnulTiming::AfterExchange {
            self.start_annul();
        } else {
            self.start_announcements();
        }
    }

    /// Cards `s` may not discard (HU-TALON-09..11, H1), with the rule for each group.
    fn undiscardable(&self, s: Seat) -> [(CardSet, &'static str, &'static str); 4] {
        let cue = self
            .cue_bids()
            .iter()
            .filter(|(t, _)| *t == s)
            .fold(CardSet::EMPTY, |a, (_, c)| a | c.set());
        let yield_xx = if self.auction.yielder == Some(s) {
            Card::XX.set()
        } else {
            CardSet::EMPTY
        };
        let xx = if self.o.xx_discardable {
            CardSet::EMPTY
        } else {
            Card::XX.set()
        };
        [
            (
                CardSet::HONOURS | CardSet::KINGS,
                "HU-TALON-09",
                "honours and kings may never be discarded",
            ),
            (
                cue,
                "HU-TALON-10",
                "a cue bidder may not discard the tarokk the cue bid showed",
            ),
            (
                yield_xx,
                "HU-TALON-11",
                "the player who yielded the game may not discard the XX",
            ),
            (
                xx,
                "PK-TALON-03",
                "the XX may not be discarded under these rules",
            ),
        ]
    }

    fn discardable(&self, s: Seat) -> CardSet {
        let h = self.core.hands[s];
        let mut allowed = h;
        for (set, _, _) in self.undiscardable(s) {
            allowed -= set;
        }
        // The hand always has enough discardable cards (at most 9 of 12 are protected); the
        // fallback only guards against an impossible deadlock.
        if (allowed.len() as u8) < self.to_discard[s] {
            h - (CardSet::HONOURS | CardSet::KINGS)
        } else {
            allowed
        }
    }

    fn check_discard(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let Action::Discard(c) = a else {
            return Err(Violation::wrong_phase(
                "HU-TALON-08",
                "each player discards as many cards as they took from the talon",
            ));
        };
        if !self.core.hands[s].contains(c) {
            return Err(Violation::illegal(
                "HU-TALON-08",
                "you can only discard a card from your hand",
            ));
        }
        if !self.discardable(s).contains(c) {
            for (set, rule, msg) in self.undiscardable(s) {
                if set.contains(c) {
                    return Err(Violation::illegal(rule, msg));
                }
            }
        }
        Ok(())
    }

    fn apply_discard(&mut self, s: Seat, c: Card) {
        self.core.hands[s].remove(c);
        self.discards[s].insert(c);
        self.to_discard[s] = self.to_discard[s].saturating_sub(1);
        if self.to_discard[s] == 0 {
            match self.next_discarder(s, false) {
                Some(t) => self.core.to_act = t,
                None => self.after_discards(),
            }
        }
    }

    // ----- annulment ---------------------------------------------------------------------------

    fn start_annul(&mut self) {
        self.phase = Phase::Annul;
        self.annul_answers = 0;
        self.core.to_act = self.declarer;
    }

    /// May `s` annul (HU-ANNUL-01..09, HV-ANNUL-02..04)?
    fn annul_ground(&self, s: Seat) -> Result<(), Violation> {
        let h = self.core.hands[s];
        if (h & CardSet::KINGS).len() == 4 {
            return Ok(());
        }
        let t = h & CardSet::TAROKKS;
        let mut grounds = [
            CardSet::EMPTY,
            Card::XXI.set(),
            Card::PAGAT.set(),
            Card::XXI.set() | Card::PAGAT.set(),
            CardSet::EMPTY,
            CardSet::EMPTY,
            CardSet::EMPTY,
        ];
        let mut n = 4;
        if self.o.game == Kind::High {
            grounds[4] = Card::EAGLE.set();
            grounds[5] = Card::XXI.set() | Card::EAGLE.set();
            grounds[6] = Card::XXI.set() | Card::EAGLE.set() | Card::PAGAT.set();
            n = 7;
        }
        if !grounds[..n].contains(&t) {
            return Err(Violation::illegal(
                "HU-ANNUL-01",
                "annulling needs four kings, or no tarokk, or only the XXI and/or the pagát",
            ));
        }
        if self.discards[s].intersects(CardSet::TAROKKS) {
            return Err(Violation::illegal(
                "HU-ANNUL-08",
                "after discarding a tarokk only four kings allow annulling",
            ));
        }
        Ok(())
    }

    fn check_annul(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => Ok(()),
            Action::Annul => self.annul_ground(s),
            _ => Err(Violation::wrong_phase(
                "HU-ANNUL-07",
                "now each player may only annul or pass",
            )),
        }
    }

    fn apply_annul(&mut self, s: Seat, a: Action) {
        if a == Action::Annul {
            self.finish(End::Annulled(s));
            return;
        }
        self.annul_answers += 1;
        if self.annul_answers >= self.active_count() {
            if self.o.annul_timing == AnnulTiming::BeforeDiscard {
                self.start_discards();
            } else {
                self.start_announcements();
            }
        } else {
            self.core.to_act = self.core.table.next_active(s);
        }
    }

    // ----- announcements -----------------------------------------------------------------------

    fn start_announcements(&mut self) {
        self.phase = Phase::Announce;
        for s in Seat::all(self.core.table.seats) {
            self.tarokks_at_play[s] = (self.core.hands[s] & CardSet::TAROKKS).len() as u8;
        }
        self.core.to_act = self.declarer;
        self.ann.identified[self.declarer] = true;
        self.ann.round = Round::default();
        self.reset_turn();
    }

    /// The declarer's first turn of the round of announcements is under way: the declarer
    /// speaks first, so until the declarer passes (HU-CALL-02).
    fn declarers_first_turn(&self) -> bool {
        self.ann.round.first_turn(self.declarer)
    }

    fn reset_turn(&mut self) {
        self.ann.turn_double = false;
        self.ann.turn_volat = false;
        self.ann.turn_ulti = false;
    }

    /// The standing items of both teams, declarer's team first, in bonus order.
    fn items(&self) -> impl Iterator<Item = Item> + '_ {
        [Team::Declarer, Team::Opponents]
            .into_iter()
            .flat_map(move |t| self.team_items(t, u64::MAX))
    }

    /// The standing items of one team among the bonuses in `filter`.
    fn team_items(&self, t: Team, filter: u64) -> impl Iterator<Item = Item> + '_ {
        let ti = team_index(t);
        let mut bits = self.ann.mask[ti] & filter;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Item {
                bonus: ALL_BONUSES[i],
                team: t,
                level: self.ann.levels[ti][i],
                announcer: self.ann.announcers[ti][i],
            })
        })
    }

    fn standing(&self, b: Bonus, t: Team) -> Option<Item> {
        let (ti, i) = (team_index(t), bonus_index(b));
        (self.ann.mask[ti] & (1 << i) != 0).then(|| Item {
            bonus: b,
            team: t,
            level: self.ann.levels[ti][i],
            announcer: self.ann.announcers[ti][i],
        })
    }

    /// The cue bid by another player that the declarer must call (HU-CALL-08): the first one.
    fn forced_cue(&self) -> Option<(Seat, Card)> {
        self.cue_bids()
            .iter()
            .copied()
            .find(|(s, _)| *s != self.declarer)
    }

    /// The card the declarer must call, if the call is forced (HU-CALL-08/09).
    fn forced_call(&self) -> Option<Card> {
        if let Some((_, c)) = self.forced_cue() {
            return Some(c);
        }
        self.auction.yielder.map(|_| Card::XX)
    }

    fn check_call(&self, c: Card) -> Result<(), Violation> {
        if let Some(forced) = self.forced_call() {
            if c != forced {
                return Err(if self.forced_cue().is_some() {
                    Violation::illegal(
                        "HU-CALL-08",
                        "the declarer must call the tarokk another player's cue bid showed",
                    )
                } else {
                    Violation::illegal(
                        "HU-CALL-09",
                        "in a yielded game the declarer must call the XX",
                    )
                });
            }
            return Ok(());
        }
        if c == Card::XX {
            return Ok(());
        }
        let mine = self.core.hands[self.declarer];
        if mine.contains(Card::XX) {
            let below =
                (CardSet::TAROKKS_NUMBERED & CardSet((1u128 << Card::XX.index()) - 1)) - mine;
            if below.highest() == Some(c) {
                return Ok(());
            }
        }
        let others_discarded = Seat::all(self.core.table.seats)
            .any(|s| s != self.declarer && self.discards[s].intersects(CardSet::TAROKKS));
        if others_discarded && CardSet::TAROKKS.contains(c) && !CardSet::HONOURS.contains(c) {
            if self.o.game == Kind::Paskievics && mine.contains(c) {
                return Err(Violation::illegal(
                    "PK-CALL-01",
                    "the declarer may not call a tarokk of their own hand",
                ));
            }
            return Ok(());
        }
        Err(if others_discarded {
            Violation::illegal(
                "HU-CALL-06",
                "only a tarokk that is not an honour may be called",
            )
        } else if mine.contains(Card::XX) {
            Violation::illegal(
                "HU-CALL-04",
                "holding the XX you may call it or the highest tarokk below it you do not hold",
            )
        } else {
            Violation::illegal("HU-CALL-03", "the declarer must call the XX")
        })
    }

    fn apply_call(&mut self, c: Card) {
        self.ann.called = Some(c);
        self.ann.called_discarder = Seat::all(self.core.table.seats)
            .find(|&s| s != self.declarer && self.discards[s].contains(c));
        let holder = Seat::all(self.core.table.seats).find(|&s| self.core.hands[s].contains(c));
        self.partner = holder.filter(|&s| s != self.declarer);
        // A cue bidder or yielder whose card had to be called is known to be the partner
        // (HU-ANN-18).
        if self.forced_call().is_some() {
            if let Some(p) = self.partner {
                self.identify(p);
            }
        }
    }

    fn identify(&mut self, s: Seat) {
        self.ann.identified[s] = true;
        if Some(s) == self.partner {
            // Once the partner is known, so is everyone else's side.
            for t in Seat::all(self.core.table.seats) {
                self.ann.identified[t] = true;
            }
        }
    }

    /// The side the table presumes an unidentified announcer to be on (HU-ANN-14/15).
    fn presumed_team(&self) -> Team {
        self.ann
            .last_announcer
            .map_or(Team::Declarer, |s| self.team_of(s))
    }

    /// The bonuses that exist in this game (PK-ANN-03, H10, HV-ANN-13), as a mask of indices.
    fn existing_bonuses(&self) -> u64 {
        let sas = if self.o.sas_bonuses { SAS_BONUSES } else { 0 };
        let catch = if self.o.pagat_catch_bonus {
            bit(Bonus::PagatCatch)
        } else {
            0
        };
        match self.o.game {
            // The H10 options add their bonuses to Paskievics too: the settlement already scores
            // a silent sas ultimó whenever `sas_bonuses` is on.
            Kind::Paskievics => BASIC_BONUSES | sas | catch,
            Kind::Illustrated => BASIC_BONUSES | ILLUSTRATED_BONUSES | sas | catch,
            Kind::High => (ALL_BONUS_BITS & !bit(Bonus::PagatCatch)) | catch,
        }
    }

    /// A declaration of `n` tarokks by `s` (HU-ANN-26..28, HV-ANN-01).
    fn check_declare(&self, s: Seat, n: u8) -> Result<(), Violation> {
        if self.ann.declared[s] != 0 {
            return Err(Violation::illegal(
                "HU-ANN-26",
                "tarokks can be declared only once",
            ));
        }
        let held = self.tarokk_count(s);
        let max = if self.o.pack54 { 12 } else { 9 };
        if held < 8 || held > max {
            return Err(Violation::illegal(
                "HU-ANN-26",
                "only a player holding 8 or more tarokks may declare them",
            ));
        }
        if n != held {
            return Err(Violation::illegal(
                "HU-ANN-28",
                "tarokks must be declared at their true number",
            ));
        }
        if self.o.tarokk_declaration_identifies_side
            && !self.ann.identified[s]
            && self.presumed_team() != self.team_of(s)
        {
            return Err(Violation::illegal(
                    "HV-ANN-01",
                    "a declaration presumes you on the side of the last announcer: say kontra first to show your side",
                ));
        }
        Ok(())
    }

    fn check_announce_phase(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let first = self.declarers_first_turn();
        let must_call = first && self.ann.called.is_none();
        match a {
            Action::Call(c) => {
                if !first || self.ann.called.is_some() {
                    return Err(Violation::illegal(
                        "HU-CALL-02",
                        "only the declarer calls, once, in their first turn",
                    ));
                }
                self.check_call(c)
            }
            Action::Declare(Declaration::Tarokks(n)) => self.check_declare(s, n),
            Action::Announce(b) | Action::Kontra(Target::Bonus(b), _) if !is_hungarian_bonus(b) => {
                Err(Violation::illegal(
                    "HV-ANN-13",
                    "this bonus is not one of this game's",
                ))
            }
            Action::Announce(b) => {
                if must_call {
                    return Err(Violation::illegal(
                        "HU-CALL-02",
                        "the declarer calls a partner before announcing bonuses",
                    ));
                }
                self.check_announce(s, b)
            }
            Action::Kontra(t, level) => {
                if must_call {
                    return Err(Violation::illegal(
                        "HU-CALL-02",
                        "the declarer calls a partner first",
                    ));
                }
                self.check_kontra(s, t, level)
            }
            Action::Pass => self.check_end_turn(s),
            _ => Err(Violation::wrong_phase(
                "HU-ANN-03",
                "in the round of announcements: declare, call, announce, kontra or pass",
            )),
        }
    }

    /// For each rule of [`ANNOUNCE_RULES`], the bonuses it forbids `s` to announce now. One
    /// computation serves both [`Hungarian::check_announce`] (the first rule whose mask holds
    /// the bonus) and the listing (every bonus outside all masks), so the two cannot disagree.
    #[inline]
    fn announce_refusals(&self, s: Seat) -> [u64; ANNOUNCE_RULES.len()] {
        let team = self.team_of(s);
        let own = self.ann.mask[team_index(team)];
        let mut r = [0u64; ANNOUNCE_RULES.len()];
        // HV-ANN-13, PK-ANN-03: bonuses this game does not have. The later rules need not
        // mention these (the first rule that forbids a bonus is the one reported), so rules
        // that concern only bonuses the game lacks are not evaluated.
        let exists = self.existing_bonuses();
        r[0] = ALL_BONUS_BITS & !exists;
        // HU-ANN-05: the team's standing bonuses, and both double games once either stands.
        r[1] = own
            | if own & DOUBLE_GAMES != 0 {
                DOUBLE_GAMES
            } else {
                0
            };
        // Branch-free where the condition follows the random course of the round.
        // HU-ANN-17: an unidentified player the table presumes on the other side.
        r[2] = ALL_BONUS_BITS & all_if(!self.ann.identified[s] & (self.presumed_team() != team));
        // HU-ANN-07: double game and volát in the same turn.
        if !self.o.double_and_volat_same_turn {
            r[3] = (DOUBLE_GAMES & all_if(self.ann.turn_volat))
                | (bit(Bonus::Volat) & all_if(self.ann.turn_double));
        }
        // HU-ANN-08: no double game after the team's volát.
        r[4] = DOUBLE_GAMES & all_if(own & bit(Bonus::Volat) != 0);
        // HV-ANN-11: long double game promises seven tarokks.
        if exists & bit(Bonus::LongDoubleGame) != 0 && self.tarokk_count(s) < 7 {
            r[5] = bit(Bonus::LongDoubleGame);
        }
        // HV-ANN-10: párosfácán only against the player who leads to the first trick.
        if exists & bit(Bonus::ParosFacan) != 0
            && self.team_of(self.core.table.first_active()) == team
        {
            r[6] = bit(Bonus::ParosFacan);
        }
        // HU-ANN-12: no ultimó where the team's uhu of the same card stands.
        r[7] = uhus_to_ultimos(own);
        if self.o.allow_ulti_to_uhu_upgrade {
            // HU-ANN-10: only the partner of the ultimó's announcer upgrades it. The standing
            // items `s` announced are those of `announced_by` (see `apply_announce`).
            r[9] = ultimos_to_uhus(own & self.ann.announced_by[s]);
        } else {
            // HV-ANN-04: no upgrade at all.
            r[8] = ultimos_to_uhus(own);
        }
        r
    }

    /// The bonuses `s` may announce now, as a mask of indices.
    fn announceable(&self, s: Seat) -> u64 {
        let refused = self
            .announce_refusals(s)
            .iter()
            .fold(0u64, |acc, &m| acc | m);
        ALL_BONUS_BITS & !refused
    }

    fn check_announce(&self, s: Seat, b: Bonus) -> Result<(), Violation> {
        let b = bit(b);
        let refusals = self.announce_refusals(s);
        match refusals.iter().position(|&m| m & b != 0) {
            None => Ok(()),
            Some(0) if self.o.game == Kind::Paskievics => Err(Violation::illegal(
                "PK-ANN-03",
                "this bonus does not exist in paskievics tarokk",
            )),
            Some(k) => Err(ANNOUNCE_RULES[k]),
        }
    }

    fn max_level(&self) -> u8 {
        self.o.max_kontra_level.clamp(1, 5)
    }

    fn check_kontra(&self, s: Seat, t: Target, level: u8) -> Result<(), Violation> {
        if level == 0 || level > self.max_level() {
            return Err(Violation::illegal(
                "HU-ANN-24",
                "no kontra level beyond the highest allowed",
            ));
        }
        // Odd levels are said by the side opposing the announcer, even levels by the announcer's.
        let by_opposing = level % 2 == 1;
        let team = self.team_of(s);
        match t {
            Target::Game if self.game_kontra_allowed(s, level) => Ok(()),
            Target::Game => Err(if level != self.ann.game_level + 1 {
                Violation::illegal("HU-ANN-24", "kontra levels go up one step at a time")
            } else if !by_opposing
                && team == Team::Declarer
                && self.o.game == Kind::Paskievics
                && s != self.declarer
            {
                Violation::illegal(
                    "PK-ANN-04",
                    "only the declarer, who announced the game, may rekontra it",
                )
            } else if level == 1 {
                Violation::illegal(
                    "HU-ANN-19",
                    "only an opponent of the declarer may kontra the game",
                )
            } else {
                KONTRA_SIDES_ALTERNATE
            }),
            Target::Bonus(b) => self.check_bonus_kontra(s, team, bonus_index(b), level),
        }
    }

    /// Whether `s` may say kontra at `level` on the game: the next level (HU-ANN-24) within the
    /// highest allowed, odd levels by the opponents and even ones by the declarer's side
    /// (HU-ANN-19, HU-ANN-24), in Paskievics the even ones by the declarer alone (PK-ANN-04).
    /// Branch-free: the listing asks this every turn.
    fn game_kontra_allowed(&self, s: Seat, level: u8) -> bool {
        let by_opposing = level % 2 == 1;
        let declarer_side = self.team_of(s) == Team::Declarer;
        let paskievics_partner =
            declarer_side & (self.o.game == Kind::Paskievics) & (s != self.declarer);
        (level != 0)
            & (level <= self.max_level())
            & (level == self.ann.game_level + 1)
            & (by_opposing != declarer_side)
            & !(paskievics_partner & !by_opposing)
    }

    /// A kontra at `level` (already within the allowed levels) by `s` of team `team` on the
    /// item of bonus index `i`. The listing calls this for each standing item with what every
    /// candidate shares (the speaker's team) computed once.
    #[inline]
    fn check_bonus_kontra(
        &self,
        s: Seat,
        team: Team,
        i: usize,
        level: u8,
    ) -> Result<(), Violation> {
        // Odd levels are said by the side opposing the announcer, even levels by the announcer's.
        let by_opposing = level % 2 == 1;
        let announcer_team = if by_opposing { team.other() } else { team };
        let at = team_index(announcer_team);
        if self.ann.mask[at] & (1 << i) == 0 {
            // No item of the team this level answers. If nobody announced the bonus it cannot be
            // kontra'd at all (HU-ANN-21); otherwise the player's own team announced it (a
            // kontra, HU-ANN-20) or the level is the other side's to say (rekontra and up,
            // HU-ANN-24).
            let announced = self.ann.mask[1 - at] & (1 << i) != 0;
            return Err(if !announced {
                Violation::illegal("HU-ANN-21", "only an announced bonus can be kontra'd")
            } else if level == 1 {
                Violation::illegal(
                    "HU-ANN-20",
                    "only a bonus announced by the other team can be kontra'd (and rekontra'd by the announcing team)",
                )
            } else {
                KONTRA_SIDES_ALTERNATE
            });
        }
        if level != self.ann.levels[at][i] + 1 {
            return Err(Violation::illegal(
                "HU-ANN-24",
                "kontra levels go up one step at a time",
            ));
        }
        // PK-ANN-04: in Parlett's game only the announcer answers a kontra on their item.
        if !by_opposing && self.o.game == Kind::Paskievics && self.ann.announcers[at][i] != s {
            return Err(Violation::illegal(
                "PK-ANN-04",
                "only the player who announced a bonus may rekontra it",
            ));
        }
        Ok(())
    }

    /// Whether the round of announcements opens with the declarer's call of a partner still to
    /// make (HU-ANN-02): until then the turn is the call, not a turn of announcements.
    fn call_pending(&self) -> bool {
        self.declarers_first_turn() && self.ann.called.is_none()
    }

    fn check_end_turn(&self, s: Seat) -> Result<(), Violation> {
        if self.call_pending() {
            return Err(Violation::illegal(
                "HU-ANN-02",
                "the declarer must call a partner before passing",
            ));
        }
        if self.ann.game_level == 0 && self.ann.called_discarder == Some(s) {
            return Err(Violation::illegal(
                "HU-ANN-25",
                "the player who discarded the called tarokk must kontra the game",
            ));
        }
        // The tarokk count first: it is the same all round, the others change with every turn.
        if self.tarokk_count(s) >= 8 && self.ann.declared[s] == 0 && self.ann.turn_ulti {
            return Err(Violation::illegal(
                "HU-ANN-27",
                "announcing or kontra-ing an ultimó or uhu obliges you to declare your tarokks",
            ));
        }
        let team = self.team_of(s);
        // The announcement obligations below bind only while the announcement is possible, so
        // that no position is left without a legal action (e.g. a pagát cue bidder on the
        // opposing side who cannot yet show that side).
        let owes_pagat_ulti = || {
            self.standing(Bonus::PagatUltimo, team).is_none()
                && self.standing(Bonus::PagatUhu, team).is_none()
                && self.check_announce(s, Bonus::PagatUltimo).is_ok()
        };
        if self.auction.pagat_cue == Some(s) && owes_pagat_ulti() {
            return Err(Violation::illegal(
                "PK-ANN-02",
                "a cue bid on the pagát alone obliges you to announce pagát ultimó",
            ));
        }
        if self.declarers_first_turn()
            && self.o.overcaller_must_announce
            && self.forced_cue().is_some()
        {
            let h = self.core.hands[s];
            if h.intersects(CardSet::HIGH_HONOURS)
                && self.standing(Bonus::Trull, team).is_none()
                && self.check_announce(s, Bonus::Trull).is_ok()
            {
                return Err(Violation::illegal(
                    "HV-ANN-03",
                    "winning over a cue bid with a high honour obliges you to announce trull",
                ));
            }
            if !h.intersects(CardSet::HIGH_HONOURS) && h.contains(Card::PAGAT) && owes_pagat_ulti()
            {
                return Err(Violation::illegal(
                    "HV-ANN-03",
                    "winning over a cue bid with only the pagát obliges you to announce pagát ultimó",
                ));
            }
        }
        Ok(())
    }

    fn apply_announce_phase(&mut self, s: Seat, a: Action) {
        match a {
            Action::Call(c) => {
                self.apply_call(c);
                self.ann.round.act();
            }
            Action::Declare(Declaration::Tarokks(n)) => {
                self.ann.declared[s] = n;
                self.ann.round.act();
                if self.o.tarokk_declaration_identifies_side {
                    self.ann.last_announcer = Some(s);
                    self.identify(s);
                }
            }
            Action::Announce(b) => self.apply_announce(s, bonus_index(b)),
            Action::Kontra(Target::Game, level) => {
                self.ann.game_level = level;
                self.spoke(s);
            }
            Action::Kontra(Target::Bonus(b), level) => {
                let team = self.team_of(s);
                let announcer_team = if level % 2 == 1 { team.other() } else { team };
                self.apply_kontra(s, team_index(announcer_team), bonus_index(b), level);
            }
            Action::Pass => {
                self.reset_turn();
                // Silent turns by all but one of the players in a row end the round.
                if self.ann.round.end_turn(s, self.active_count() - 1, 0) {
                    self.end_announcements();
                } else {
                    self.core.to_act = self.core.table.next_active(s);
                }
            }
            _ => {}
        }
    }

    /// The announcement by `s` of the bonus of index `i`.
    fn apply_announce(&mut self, s: Seat, i: usize) {
        let ti = team_index(self.team_of(s));
        let b = 1u64 << (i & 63);
        // HU-ANN-09: the uhu replaces the team's ultimó of the same card.
        self.ann.mask[ti] = (self.ann.mask[ti] & !uhus_to_ultimos(b)) | b;
        self.set_level(ti, i, 0);
        self.ann.announcers[ti][i] = s;
        // No bit is ever cleared: a team cannot announce a bonus it has standing (HU-ANN-05),
        // and the one item that stops standing, an ultimó replaced by its uhu, cannot be
        // announced again (HU-ANN-12), so a stale bit never meets a standing item of its team.
        self.ann.announced_by[s] |= b;
        self.ann.turn_double |= b & DOUBLE_GAMES != 0;
        self.ann.turn_volat |= b & bit(Bonus::Volat) != 0;
        self.ann.turn_ulti |= b & DECLARATION_TRIGGERS != 0;
        self.spoke(s);
    }

    /// A kontra by `s` at `level` on team `ti`'s item `i`.
    fn apply_kontra(&mut self, s: Seat, ti: usize, i: usize, level: u8) {
        self.set_level(ti, i, level);
        self.ann.turn_ulti |= (1u64 << (i & 63)) & DECLARATION_TRIGGERS != 0;
        self.spoke(s);
    }

    /// `s` announced or said kontra: the table now knows `s`'s side, and the turn did more than
    /// pass.
    fn spoke(&mut self, s: Seat) {
        self.ann.last_announcer = Some(s);
        self.identify(s);
        self.ann.round.act();
    }

    /// Sets the kontra level of team `ti`'s item `i`, keeping the derived masks in step.
    fn set_level(&mut self, ti: usize, i: usize, level: u8) {
        let b = 1u64 << i;
        self.ann.levels[ti][i] = level;
        // Branch-free: the levels a random player says are unpredictable.
        let odd = all_if(level % 2 == 1);
        let maxed = all_if(level >= self.max_level());
        self.ann.odd[ti] = (self.ann.odd[ti] & !b) | (b & odd);
        self.ann.maxed[ti] = (self.ann.maxed[ti] & !b) | (b & maxed);
    }

    fn end_announcements(&mut self) {
        // HV-ANN-02 (option H16): three, only trull by the declarer's team, nothing else.
        if self.o.skip_trull_only_three
            && self.contract == Contract::Three
            && self.ann.game_level == 0
        {
            let only_trull = {
                let mut standing = self.items();
                matches!(
                (standing.next(), standing.next()),
                (Some(i), None) if i.bonus == Bonus::Trull && i.team == Team::Declarer && i.level == 0
                )
            };
            if only_trull {
                self.finish(End::TrullOnlyThree);
                return;
            }
        }
        self.phase = Phase::Play;
        self.reserved = [self.reservations(0), self.reservations(1)];
        let leader = self.core.table.first_active();
        self.core.lead(leader);
    }

    // ----- play --------------------------------------------------------------------------------

    fn trick_count(&self) -> u8 {
        self.o.tricks() as u8
    }

    /// Team `ti`'s play obligations (HU-PLAY-12/15), from its standing items and
    /// [`OBLIGATIONS`].
    fn reservations(&self, ti: usize) -> Reserved {
        let last = self.trick_count();
        let mut r = Reserved::default();
        for i in bit_indices(self.ann.mask[ti] & OBLIGATION_MASK) {
            let Some((card, due, conditional)) = OBLIGATIONS[i] else {
                continue;
            };
            let target = match due {
                Due::Last => last,
                Due::Penultimate => last - 1,
                Due::Trick(k) => k,
            };
            let k = OBLIGATION_SLOTS[i];
            let tricks = if conditional {
                &mut r.until_lost
            } else {
                &mut r.always
            };
            tricks[k] |= 1 << target;
            r.cards.insert(card);
        }
        r
    }

    /// The legal cards of `s` in the current trick, with the rule that narrowed them last.
    fn legal_cards(&self, s: Seat) -> (CardSet, &'static str) {
        let hand = self.core.hands[s];
        let rules = TrickRules::TAROCK;
        let base = rules.legal(hand, self.core.trick.led(&rules));
        let ti = team_index(self.team_of(s));
        let r = &self.reserved[ti];
        if !hand.intersects(r.cards) {
            return (base, "HU-PLAY-04");
        }
        // Each reserved card of the hand is due in this trick (its earliest trick still ahead is
        // this one) or later. Branch-free over the slots: which obligations stand is
        // unpredictable in random play.
        let now = u32::from(self.core.ntricks) + 1;
        let live = u16::from(!self.lost_trick[ti]).wrapping_neg();
        let ahead = u16::MAX << now;
        let mut due_now = 0u128;
        let mut later = 0u128;
        for (k, card) in RESERVABLE_CARDS.iter().enumerate() {
            let held = u16::from(hand.contains(*card)).wrapping_neg();
            let tricks = (r.always[k] | (r.until_lost[k] & live)) & ahead & held;
            let due = u128::from((tricks >> now) & 1);
            let pending = u128::from(tricks != 0);
            due_now |= due << card.index();
            later |= (pending & !due) << card.index();
        }
        let (due_now, later) = (CardSet(due_now), CardSet(later));
        if due_now.is_empty() && later.is_empty() {
            return (base, "HU-PLAY-04");
        }
        // HU-PLAY-12/15: a card due in this trick must be played here when the rules allow it.
        let due = due_now & base;
        if !due.is_empty() {
            return (due, "HU-PLAY-12");
        }
        let free = base - later;
        if !free.is_empty() {
            return (free, "HU-PLAY-12");
        }
        // HU-PLAY-18: forced to give up a reserved card early, give up the one due earliest.
        let mut earliest = u32::MAX;
        let mut pick = CardSet::EMPTY;
        for (k, card) in RESERVABLE_CARDS.iter().enumerate() {
            if !base.contains(*card) || !later.contains(*card) {
                continue;
            }
            let tricks = (r.always[k] | (r.until_lost[k] & live)) & ahead;
            let first = tricks.trailing_zeros();
            if first < earliest {
                earliest = first;
                pick = CardSet::EMPTY;
            }
            if first == earliest {
                pick.insert(*card);
            }
        }
        if pick.is_empty() {
            (base, "HU-PLAY-04")
        } else {
            (pick, "HU-PLAY-18")
        }
    }

    fn check_play(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let Action::Play(c) = a else {
            return Err(Violation::wrong_phase(
                "HU-PLAY-03",
                "during play the only action is playing a card",
            ));
        };
        if !self.core.hands[s].contains(c) {
            return Err(Violation::illegal(
                "HU-PLAY-03",
                "you can only play a card from your hand",
            ));
        }
        let rules = TrickRules::TAROCK;
        let hand = self.core.hands[s];
        if let Some(led) = self.core.trick.led(&rules) {
            let base = rules.legal(hand, Some(led));
            if !base.contains(c) {
                let led_trump = rules.trumps.contains(led);
                return Err(if led_trump {
                    Violation::illegal("HU-PLAY-06", "a tarokk was led: you must play a tarokk")
                } else if hand.intersects(rules.suit_of(led)) {
                    Violation::illegal("HU-PLAY-04", "you must follow suit")
                } else {
                    Violation::illegal("HU-PLAY-05", "void in the suit led, you must play a tarokk")
                });
            }
        }
        let (legal, rule) = self.legal_cards(s);
        if !legal.contains(c) {
            return Err(match rule {
                "HU-PLAY-18" => Violation::illegal(
                    "HU-PLAY-18",
                    "forced to give up a reserved card early, you must give up the one due earliest",
                ),
                _ => Violation::illegal(
                    "HU-PLAY-12",
                    "an announced ultimó, uhu, centrum or bird reserves this card for its trick",
                ),
            });
        }
        Ok(())
    }

    fn apply_play(&mut self, s: Seat, c: Card) {
        let Some((winner, played)) = self.core.play(s, c, &TrickRules::TAROCK) else {
            return;
        };
        let loser = self.team_of(winner).other();
        self.lost_trick[team_index(loser)] = true;
        if played >= usize::from(self.trick_count()) {
            self.finish(End::Played);
        }
    }

    fn finish(&mut self, end: End) {
        self.phase = Phase::Over(end);
    }

    // ----- views -------------------------------------------------------------------------------

    /// True once the called card has been played: every side is then public.
    fn phase_reveals_partner(&self) -> bool {
        let Some(c) = self.ann.called else {
            return false;
        };
        self.core.played().contains(c)
    }

    // ----- scoring -----------------------------------------------------------------------------

    /// The items as the settlement sees them.
    fn announced_for_score(&self, out: &mut [Announced; MAX_ITEMS]) -> usize {
        let mut n = 0;
        for i in self.items() {
            out[n] = Announced {
                bonus: i.bonus,
                team: i.team,
                level: i.level,
            };
            n += 1;
        }
        n
    }

    /// The settlement of the hand as it stands (meaningful once the hand is over), multiplied
    /// by `round_multiplier` (the match's doubled rounds).
    #[must_use]
    pub fn settle(&self, round_multiplier: i64) -> Ledger {
        match self.phase {
            Phase::Over(End::Played) => {
                let mut buf = [Announced {
                    bonus: Bonus::Trull,
                    team: Team::Declarer,
                    level: 0,
                }; MAX_ITEMS];
                let n = self.announced_for_score(&mut buf);
                let input = ScoreInput {
                    options: &self.o,
                    table: self.core.table,
                    declarer: self.declarer,
                    partner: self.partner,
                    contract: self.contract,
                    tricks: self.tricks(),
                    discards: self.discards,
                    talon_received: self.talon_received,
                    announced: &buf[..n],
                    game_level: self.ann.game_level,
                    declared: self.ann.declared,
                    tarokks_held: self.tarokks_at_play,
                    round_multiplier,
                };
                score::settle(&input)
            }
            Phase::Over(End::TrialBidFailed(s)) => score::settle_trial_bid(
                &self.o,
                self.core.table,
                s,
                self.contract,
                round_multiplier,
            ),
            Phase::Over(End::TrullOnlyThree) => score::settle_trull_only_three(
                self.core.table,
                self.declarer,
                self.partner,
                round_multiplier,
            ),
            _ => Ledger::default(),
        }
    }

    /// The legal actions of `s` in a turn of announcements once the partner is called, as flags
    /// and masks: [`Game::legal_actions_into`] writes them out in this order, and
    /// [`Game::pick_legal`] counts them and picks one without writing the list.
    #[inline(always)]
    fn announce_turn(&self, s: Seat) -> AnnounceTurn {
        // The pass and the declaration through their checks (not `check_phase`: the phase and
        // the call are known here).
        let pass = self.check_end_turn(s).is_ok();
        let n = self.tarokk_count(s);
        let declare = (n >= 8 && self.check_declare(s, n).is_ok()).then_some(n);
        // Announcements from the masks of refusals (each rule's mask computed once), not by
        // checking the bonuses one by one.
        let announce = self.announceable(s);
        let g = self.ann.game_level + 1;
        let game_kontra = self.game_kontra_allowed(s, g).then_some(g);
        // One step up the ladder on standing items, from the masks of levels (see
        // `check_bonus_kontra`): an odd level on the other team's items at an even level
        // (kontra, szubkontra, mordkontra); an even level on one's own team's items at an odd
        // level (rekontra, hirskontra), in Paskievics only by the item's announcer. An item
        // both teams announced at the same odd level is answered once.
        let own = team_index(self.team_of(s));
        let other = 1 - own;
        let open = |t: usize| self.ann.mask[t] & !self.ann.maxed[t];
        let kontras = open(other) & !self.ann.odd[other];
        let mut rekontras = open(own) & self.ann.odd[own];
        if self.o.game == Kind::Paskievics {
            rekontras &= self.ann.announced_by[s];
        }
        AnnounceTurn {
            pass,
            declare,
            announce,
            game_kontra,
            kontras,
            rekontras,
            own,
            other,
        }
    }

    /// The kontra one step above the current level of team `t`'s item `i`.
    #[inline]
    fn kontra_step(&self, t: usize, i: usize) -> Action {
        KONTRA_ACTIONS[i & 63][(usize::from(self.ann.levels[t & 1][i & 63]) + 1) & 7]
    }

    /// The number of actions in the announcement turn `t`'s listing.
    #[inline]
    fn announce_turn_len(t: &AnnounceTurn) -> usize {
        usize::from(t.pass)
            + usize::from(t.declare.is_some())
            + t.announce.count_ones() as usize
            + usize::from(t.game_kontra.is_some())
            + t.kontras.count_ones() as usize
            + t.rekontras.count_ones() as usize
    }

    /// The action at index `k` of the announcement turn `t`'s listing, if there is one.
    #[inline]
    fn announce_turn_nth(&self, t: &AnnounceTurn, k: usize) -> Option<Action> {
        Some(match self.announce_turn_pick(t, k)? {
            TurnPick::Action(a) => a,
            TurnPick::Announce(i) => ANNOUNCE_ACTIONS[i & 63],
            TurnPick::Kontra(team, i) => self.kontra_step(team, i),
        })
    }

    /// The entry at index `k` of the announcement turn `t`'s listing, if there is one.
    fn announce_turn_pick(&self, t: &AnnounceTurn, mut k: usize) -> Option<TurnPick> {
        if t.pass {
            if k == 0 {
                return Some(TurnPick::Action(Action::Pass));
            }
            k -= 1;
        }
        if let Some(n) = t.declare {
            if k == 0 {
                return Some(TurnPick::Action(Action::Declare(Declaration::Tarokks(n))));
            }
            k -= 1;
        }
        let announced = t.announce.count_ones() as usize;
        if k < announced {
            return Some(TurnPick::Announce(nth_bit(t.announce, k)));
        }
        k -= announced;
        if let Some(g) = t.game_kontra {
            if k == 0 {
                return Some(TurnPick::Action(Action::Kontra(Target::Game, g)));
            }
            k -= 1;
        }
        if (t.kontras | t.rekontras) >> 32 == 0 {
            // Items below bonus 32 (all but some of High Tarokk's): the listing order is that
            // of the bits of the two masks interleaved (item i's kontra at bit 2i, its answer
            // at 2i + 1), so one branch-free select finds the step.
            let j = nth_bit(spread(t.kontras) | spread(t.rekontras) << 1, k);
            if j >= 64 {
                return None;
            }
            let team = if j & 1 == 0 { t.other } else { t.own };
            return Some(TurnPick::Kontra(team, j / 2));
        }
        for i in bit_indices(t.kontras | t.rekontras) {
            if (t.kontras >> i) & 1 != 0 {
                if k == 0 {
                    return Some(TurnPick::Kontra(t.other, i));
                }
                k -= 1;
            }
            if (t.rekontras >> i) & 1 != 0 {
                if k == 0 {
                    return Some(TurnPick::Kontra(t.own, i));
                }
                k -= 1;
            }
        }
        None
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
    type Options = HungarianOptions;

    const SEATS: &'static [u8] = &[4, 5];

    const TRICK_RULES: TrickRules = TrickRules::TAROCK;

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

    fn from_setup(o: HungarianOptions, table: Table, deal: Deal) -> Hungarian {
        Hungarian::new(o, table, deal)
    }

    fn options(&self) -> &HungarianOptions {
        &self.o
    }

    fn variant(&self) -> Variant {
        self.o.game.variant()
    }

    fn action_id(&self, a: Action) -> Option<u32> {
        ids::action_id(Hungarian::shape(&self.o).pack, a)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        ids::action_from_id(Hungarian::shape(&self.o).pack, id)
    }

    fn action_space(&self) -> u32 {
        ids::space_size(Hungarian::shape(&self.o).pack)
    }

    fn settle(&self, round_multiplier: i64) -> Ledger {
        Hungarian::settle(self, round_multiplier)
    }

    fn heuristic(&self, seat: Seat, legal: &[Action]) -> Action {
        bot::choose(&bot::SeatKnowledge::new(self, seat), legal)
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
        match self.phase {
            Phase::Over(_) => None,
            _ => Some(self.core.to_act),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::seed_from_u64;
    use crate::variant::{AnyGame, Setup, Variant};

    /// The legal cards by the rules' own wording: for each standing obligation of the team whose
    /// card the player holds and whose trick is still ahead (and, for centrum and the birds, the
    /// team has lost no trick), the card is reserved until its earliest such trick.
    fn legal_cards_by_definition(g: &Hungarian, s: Seat) -> (CardSet, &'static str) {
        let hand = g.core.hands[s];
        let rules = TrickRules::TAROCK;
        let base = rules.legal(hand, g.core.trick.led(&rules));
        let now = g.core.ntricks + 1;
        let last = g.trick_count();
        let ti = team_index(g.team_of(s));
        let mut reserved: Vec<(Card, u8)> = Vec::new();
        for (i, obligation) in OBLIGATIONS.iter().enumerate() {
            let Some((card, due, conditional)) = *obligation else {
                continue;
            };
            let target = match due {
                Due::Last => last,
                Due::Penultimate => last - 1,
                Due::Trick(k) => k,
            };
            if g.ann.mask[ti] & (1 << i) == 0
                || !hand.contains(card)
                || target < now
                || (conditional && g.lost_trick[ti])
            {
                continue;
            }
            match reserved.iter_mut().find(|(c, _)| *c == card) {
                Some(r) => r.1 = r.1.min(target),
                None => reserved.push((card, target)),
            }
        }
        if reserved.is_empty() {
            return (base, "HU-PLAY-04");
        }
        let due: CardSet = reserved
            .iter()
            .filter(|(c, t)| *t == now && base.contains(*c))
            .map(|(c, _)| *c)
            .collect();
        if !due.is_empty() {
            return (due, "HU-PLAY-12");
        }
        let later: CardSet = reserved
            .iter()
            .filter(|(_, t)| *t > now)
            .map(|(c, _)| *c)
            .collect();
        if !(base - later).is_empty() {
            return (base - later, "HU-PLAY-12");
        }
        let earliest = reserved
            .iter()
            .filter(|(c, _)| base.contains(*c))
            .map(|(_, t)| *t)
            .min();
        let pick: CardSet = reserved
            .iter()
            .filter(|(c, t)| base.contains(*c) && Some(*t) == earliest)
            .map(|(c, _)| *c)
            .collect();
        if pick.is_empty() {
            (base, "HU-PLAY-04")
        } else {
            (pick, "HU-PLAY-18")
        }
    }

    // rule: HU-ANN-05, HU-ANN-09, HU-ANN-24, HU-ANN-27
    #[test]
    fn play_pick_applies_what_pick_legal_picks() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut draw = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut steps, mut kontras, mut announcements) = (0, 0, 0);
        for variant in Variant::HUNGARIAN {
            for n in 0..200u64 {
                let setup = Setup::seeded(variant, 4, Seat::new(0), seed_from_u64(n));
                let Ok(AnyGame::Hungarian(mut g)) = AnyGame::new(&setup) else {
                    panic!("setup of deal {n} refused");
                };
                loop {
                    let r = draw();
                    let below = |k: usize| (r % k as u64) as usize;
                    let mut picked = g;
                    let a = picked.play_pick(below);
                    assert_eq!(a, g.pick_legal(below), "{variant:?} deal {n}");
                    let Some(a) = a else { break };
                    g.play_unchecked(a);
                    assert_eq!(picked, g, "{variant:?} deal {n}: {a}");
                    steps += 1;
                    kontras += usize::from(matches!(a, Action::Kontra(Target::Bonus(_), _)));
                    announcements += usize::from(matches!(a, Action::Announce(_)));
                }
            }
        }
        assert!(
            steps > 100_000 && kontras > 50_000 && announcements > 10_000,
            "{steps} {kontras} {announcements}"
        );
    }

    // rule: HU-PLAY-12, HU-PLAY-15, HU-PLAY-16, HU-PLAY-18
    #[test]
    fn reservations_made_at_the_first_trick_give_the_cards_the_rules_define() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut below = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let (mut positions, mut narrowed, mut forced) = (0, 0, 0);
        for variant in Variant::HUNGARIAN {
            for (seats, pack) in [(4, "42"), (5, "42"), (4, "54")] {
                for n in 0..400u64 {
                    let mut setup = Setup::seeded(variant, seats, Seat::new(0), seed_from_u64(n));
                    setup.options = vec![("pack".to_owned(), pack.to_owned())];
                    let Ok(AnyGame::Hungarian(mut g)) = AnyGame::new(&setup) else {
                        panic!("setup of deal {n} refused");
                    };
                    while let Some(a) = g.pick_legal(&mut below) {
                        if g.phase == Phase::Play {
                            let expect = legal_cards_by_definition(&g, g.core.to_act);
                            assert_eq!(
                                g.legal_cards(g.core.to_act),
                                expect,
                                "{variant:?} deal {n}"
                            );
                            positions += 1;
                            narrowed += usize::from(expect.1 != "HU-PLAY-04");
                            forced += usize::from(expect.1 == "HU-PLAY-18");
                        }
                        g.play_unchecked(a);
                    }
                }
            }
        }
        // The random announcements leave many obligations standing: the comparison covered
        // every rule that narrows the cards.
        assert!(
            positions > 100_000 && narrowed > 30_000 && forced > 1_000,
            "{positions} {narrowed} {forced}"
        );
    }

    #[test]
    fn nth_bit_and_spread_match_their_definitions() {
        let naive = |mut bits: u64, k: usize| {
            for _ in 0..k {
                bits &= bits.wrapping_sub(1);
            }
            bits.trailing_zeros() as usize
        };
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut masks = vec![0, u64::MAX, 1, 1 << 63, 0x8000_0000_0000_0001, 0xff00];
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            masks.push(x);
            masks.push(x & (x >> 3) & (x >> 5));
        }
        for &m in &masks {
            let spread = super::spread(m);
            for i in 0..32 {
                let expect = (m >> i) & 1 == 1;
                assert_eq!((spread >> (2 * i)) & 1 == 1, expect, "mask {m:#x}, bit {i}");
                assert_eq!((spread >> (2 * i + 1)) & 1, 0, "mask {m:#x}, bit {i}");
            }
        }
        for m in masks {
            for k in 0..=65 {
                assert_eq!(super::nth_bit(m, k), naive(m, k), "mask {m:#x}, k {k}");
            }
        }
    }
}
