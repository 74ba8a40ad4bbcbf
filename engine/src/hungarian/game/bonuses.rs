//! The Hungarian bonuses: their order (the action ids'), and the masks of bonus indices the
//! rules of announcing and kontra-ing read.

use super::*;

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

/// Number of Hungarian bonuses.
pub(super) const NB: usize = ALL_BONUSES.len();

/// The index of a bonus in [`ALL_BONUSES`] (and in the action ids); a bonus of another game
/// has `NB`, one past the last, which no mask or table holds.
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

/// The bit of a bonus in the masks of bonus indices.
pub(super) const fn bit(b: Bonus) -> u64 {
    1 << bonus_index(b)
}

/// The mask of the bonuses in `list`.
pub(super) const fn bonus_mask(list: &[Bonus]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < list.len() {
        m |= bit(list[i]);
        i += 1;
    }
    m
}

/// Every Hungarian bonus.
pub(super) const ALL_BONUS_BITS: u64 = (1 << NB) - 1;

/// The bonuses of every Hungarian game (PK-ANN-03).
pub(super) const BASIC_BONUSES: u64 = bonus_mask(&[
    Bonus::Trull,
    Bonus::FourKings,
    Bonus::DoubleGame,
    Bonus::Volat,
    Bonus::PagatUltimo,
    Bonus::XxiCatch,
]);

/// The bonuses Illustrated tarokk adds to the basic ones.
pub(super) const ILLUSTRATED_BONUSES: u64 = {
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
pub(super) const SAS_BONUSES: u64 = bonus_mask(&[Bonus::SasUltimo, Bonus::SasUhu]);

/// Double game and long double game: a team announces at most one of them (HU-ANN-05).
pub(super) const DOUBLE_GAMES: u64 = bonus_mask(&[Bonus::DoubleGame, Bonus::LongDoubleGame]);

/// The bonuses whose announcement or kontra obliges a declaration of 8+ tarokks (HU-ANN-27):
/// the pagát's and the kings' ultimó and uhu.
pub(super) const DECLARATION_TRIGGERS: u64 = bonus_mask(&[
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
pub(super) const fn ultimos_to_uhus(m: u64) -> u64 {
    ((m << 5) & bit(Bonus::PagatUhu))
        | ((m << 1) & bit(Bonus::SasUhu))
        | ((m << 4) & (0xF << bonus_index(Bonus::KingUhu(Suit::Hearts))))
}

/// Maps each uhu bit of `m` to the bit of the ultimó of the same card.
pub(super) const fn uhus_to_ultimos(m: u64) -> u64 {
    ((m >> 5) & bit(Bonus::PagatUltimo))
        | ((m >> 1) & bit(Bonus::SasUltimo))
        | ((m >> 4) & (0xF << bonus_index(Bonus::KingUltimo(Suit::Hearts))))
}

/// `Action::Announce` of each bonus index (64 entries, so that any bit index of a mask is in
/// range; those beyond the bonuses are never read).
pub(super) const ANNOUNCE_ACTIONS: [Action; 64] = {
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
pub(super) const KONTRA_ACTIONS: [[Action; 8]; 64] = {
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
