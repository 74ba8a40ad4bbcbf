//! Card-counting methods of the family: plain sum, threes-minus-two, and the Danish count.
//!
//! The games count won cards differently (GAPS X1):
//!
//! | Method | Games | Rule | Pack total |
//! |---|---|---|---|
//! | [`CountMethod::Plain`] | Hungarian | sum of [`central_value`] | 94 (42 cards), 106 (54 cards) |
//! | [`CountMethod::ThreesMinusTwo`] | Austrian, Polish | sum of [`central_value`] in threes, 2 off per three | 70 (54 cards) |
//! | [`CountMethod::Danish`] | Danish | sum of [`danish_value`] + 1 per three cards | 78 (78 cards) |
//!
//! # Exact arithmetic in thirds
//!
//! Counting by threes gives fractions of a point when a pile is not a multiple of three cards,
//! so [`count_thirds`] returns **thirds of a point** and never loses precision:
//!
//! - Plain: `3 × Σ value`.
//! - ThreesMinusTwo: `3 × Σ value − 2 × cards`, i.e. each card counts its value minus ⅔. On a
//!   multiple of three cards this is exactly "2 off per group of three"; on the leftover cards it
//!   is the GAPS 001-G2 / AT-SCORE-03 fallback (⅔ off per leftover card, round the team total).
//! - Danish: `3 × Σ value + cards`, i.e. one point per three cards. The skat (three cards) counts
//!   as one trick. A pile of `3n ± 1` cards (the fool moved a card between piles) still scores
//!   `n` trick points once rounded (DK-SCORE-30).
//!
//! [`round_thirds`] turns thirds into whole points, rounding to the nearest point; [`count`]
//! does both. Because thirds are summed before rounding, the counts of two piles that make up a
//! pack always add up to the pack total (a remainder of ⅓ in one pile is matched by ⅔ in the
//! other, and one rounds down while the other rounds up).

use crate::card::{Card, CardSet};

/// How the cards in a team's (or player's) tricks are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountMethod {
    /// Hungarian: the plain sum of [`central_value`], no deduction (94 in the 42-card pack).
    Plain,
    /// Austrian and Polish: [`central_value`] counted in threes with 2 off per three, i.e. each
    /// card counts its value − ⅔ (70 in the 54-card pack).
    ThreesMinusTwo,
    /// Danish: [`danish_value`] plus one point per three cards (78 in the 78-card pack).
    Danish,
}

/// The card value in the Hungarian, Austrian and Polish games: skíz, XXI, pagát and kings 5;
/// queens 4; riders 3; jacks 2; every other card 1.
#[must_use]
pub fn central_value(card: Card) -> i64 {
    if CardSet::HONOURS.contains(card) {
        return 5;
    }
    match card.rank().map(|r| r.get()) {
        Some(14) => 5,
        Some(13) => 4,
        Some(12) => 3,
        Some(11) => 2,
        _ => 1,
    }
}

/// The Danish counter value: kings, pagat (I), mondo (XXI) and the fool 4; queens 3; knights
/// (riders) 2; jacks 1; every other card 0.
#[must_use]
pub fn danish_value(card: Card) -> i64 {
    if CardSet::HONOURS.contains(card) {
        return 4;
    }
    match card.rank().map(|r| r.get()) {
        Some(14) => 4,
        Some(13) => 3,
        Some(12) => 2,
        Some(11) => 1,
        _ => 0,
    }
}

/// The cards of one rank slot (see [`crate::card`]'s layout) in all four suits.
const fn slot_in_every_suit(slot: u32) -> CardSet {
    CardSet((1 << slot) | (1 << (14 + slot)) | (1 << (28 + slot)) | (1 << (42 + slot)))
}

/// The honours and the kings: 5 in the central count, 4 in the Danish.
const FIVES: CardSet = CardSet::HONOURS.union(CardSet::KINGS);
/// Queens.
const QUEENS: CardSet = slot_in_every_suit(12);
/// Riders (knights).
const RIDERS: CardSet = slot_in_every_suit(11);
/// Jacks.
const JACKS: CardSet = slot_in_every_suit(10);

/// The sum of [`central_value`] over `cards`, by masks: every card 1, and the courts and
/// honours their extra points on top (the 42-card pack 94, the 54-card pack 106).
#[must_use]
pub fn central_sum(cards: CardSet) -> i64 {
    let n = |m: CardSet| i64::from((cards & m).len());
    i64::from(cards.len()) + 4 * n(FIVES) + 3 * n(QUEENS) + 2 * n(RIDERS) + n(JACKS)
}

/// The sum of [`danish_value`] over `cards`, by masks.
#[must_use]
pub fn danish_sum(cards: CardSet) -> i64 {
    let n = |m: CardSet| i64::from((cards & m).len());
    4 * n(FIVES) + 3 * n(QUEENS) + 2 * n(RIDERS) + n(JACKS)
}

/// The count of `cards` by `method`, in **thirds of a point** (exact; see the module docs).
#[must_use]
pub fn count_thirds(method: CountMethod, cards: CardSet) -> i64 {
    let len = i64::from(cards.len());
    match method {
        CountMethod::Plain => 3 * central_sum(cards),
        CountMethod::ThreesMinusTwo => 3 * central_sum(cards) - 2 * len,
        CountMethod::Danish => 3 * danish_sum(cards) + len,
    }
}

/// Thirds of a point rounded to the nearest whole point, halves away from zero.
///
/// A number of thirds is never exactly half-way between two whole points (its fraction is 0, ⅓
/// or ⅔), so the tie rule never applies; it is stated only to make the function total. Examples:
/// 34 thirds (11⅓) → 11, 176 thirds (58⅔) → 59, −4 thirds (−1⅓) → −1, −5 thirds (−1⅔) → −2.
#[must_use]
pub fn round_thirds(t: i64) -> i64 {
    // Truncating division: the remainder has the sign of `t`, and a remainder of ±2 thirds
    // rounds away from zero.
    let (q, r) = (t / 3, t % 3);
    match r {
        2 => q + 1,
        -2 => q - 1,
        _ => q,
    }
}

/// The count of `cards` by `method`, rounded to whole points ([`round_thirds`] of
/// [`count_thirds`]). For team totals, count the team's whole pile at once: rounding each trick
/// separately would lose the leftover fractions.
#[must_use]
pub fn count(method: CountMethod, cards: CardSet) -> i64 {
    round_thirds(count_thirds(method, cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Pack, Rank, Suit};

    #[test]
    fn the_mask_sums_are_the_card_values_summed() {
        for c in CardSet::ALL {
            assert_eq!(central_sum(c.set()), central_value(c), "{c}");
            assert_eq!(danish_sum(c.set()), danish_value(c), "{c}");
        }
        assert_eq!(central_sum(Pack::Tarock54.cards()), 106);
    }

    #[test]
    fn round_thirds_values() {
        let cases = [
            (0, 0),
            (1, 0),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 2),
            (34, 11),
            (176, 59),
            (-1, 0),
            (-2, -1),
            (-3, -1),
            (-4, -1),
            (-5, -2),
        ];
        for (t, want) in cases {
            assert_eq!(round_thirds(t), want, "{t} thirds");
        }
    }

    // rule: HU-SCORE-01, HU-SCORE-02
    #[test]
    fn hungarian_pack_totals_94_plain() {
        assert_eq!(
            count_thirds(CountMethod::Plain, Pack::Hungarian42.cards()),
            3 * 94
        );
        assert_eq!(count(CountMethod::Plain, Pack::Hungarian42.cards()), 94);
    }

    // rule: HV-SCORE-20, PL-SCORE-02, AT-SCORE-03
    #[test]
    fn tarock54_pack_totals_106_plain_and_70_threes_minus_two() {
        assert_eq!(count(CountMethod::Plain, Pack::Tarock54.cards()), 106);
        assert_eq!(
            count_thirds(CountMethod::ThreesMinusTwo, Pack::Tarock54.cards()),
            3 * 70
        );
        assert_eq!(
            count(CountMethod::ThreesMinusTwo, Pack::Tarock54.cards()),
            70
        );
    }

    // rule: DK-SCORE-26
    #[test]
    fn french78_pack_totals_78_danish() {
        // GAPS 002-G10: 7×4 + 4×3 + 4×2 + 4×1 + (25 tricks + 1 skat) = 78.
        let counters: i64 = Pack::French78.cards().into_iter().map(danish_value).sum();
        assert_eq!(counters, 7 * 4 + 4 * 3 + 4 * 2 + 4);
        assert_eq!(78 / 3, 25 + 1);
        assert_eq!(
            count_thirds(CountMethod::Danish, Pack::French78.cards()),
            3 * 78
        );
        assert_eq!(count(CountMethod::Danish, Pack::French78.cards()), 78);
    }

    // rule: HU-SCORE-01, PL-SCORE-01, AT-SCORE-01
    #[test]
    fn central_values() {
        assert_eq!(central_value(Card::SKIZ), 5);
        assert_eq!(central_value(Card::XXI), 5);
        assert_eq!(central_value(Card::PAGAT), 5);
        assert_eq!(central_value(Card::XX), 1);
        assert_eq!(central_value(Card::EAGLE), 1);
        for s in Suit::ALL {
            assert_eq!(central_value(Card::king(s)), 5);
            assert_eq!(central_value(Card::suited(s, Rank::QUEEN)), 4);
            assert_eq!(central_value(Card::suited(s, Rank::RIDER)), 3);
            assert_eq!(central_value(Card::suited(s, Rank::JACK)), 2);
            for n in 1..=10 {
                assert_eq!(central_value(Card::suited(s, Rank::new(n))), 1);
            }
        }
    }

    // rule: DK-SCORE-26
    #[test]
    fn danish_values() {
        assert_eq!(danish_value(Card::SKIZ), 4);
        assert_eq!(danish_value(Card::XXI), 4);
        assert_eq!(danish_value(Card::PAGAT), 4);
        assert_eq!(danish_value(Card::XX), 0);
        for s in Suit::ALL {
            assert_eq!(danish_value(Card::king(s)), 4);
            assert_eq!(danish_value(Card::suited(s, Rank::QUEEN)), 3);
            assert_eq!(danish_value(Card::suited(s, Rank::RIDER)), 2);
            assert_eq!(danish_value(Card::suited(s, Rank::JACK)), 1);
            for n in 1..=10 {
                assert_eq!(danish_value(Card::suited(s, Rank::new(n))), 0);
            }
        }
    }

    // rule: AT-SCORE-02
    #[test]
    fn three_cards_minus_two() {
        // King + cavalier + X = 5 + 3 + 1 − 2 = 7.
        let cards = CardSet::from_cards(&[
            Card::king(Suit::Hearts),
            Card::suited(Suit::Clubs, Rank::RIDER),
            Card::tarokk(10),
        ]);
        assert_eq!(count_thirds(CountMethod::ThreesMinusTwo, cards), 21);
        assert_eq!(count(CountMethod::ThreesMinusTwo, cards), 7);
    }

    /// Splits `pack` into the first `k` cards in ascending order and the rest.
    fn split(pack: Pack, k: usize) -> (CardSet, CardSet) {
        let a: CardSet = pack.cards().into_iter().take(k).collect();
        (a, pack.cards() - a)
    }

    /// Splits `pack` by taking every card whose index is congruent to `r` modulo `m`.
    fn split_mod(pack: Pack, m: u8, r: u8) -> (CardSet, CardSet) {
        let a: CardSet = pack
            .cards()
            .into_iter()
            .filter(|c| c.index() % m == r)
            .collect();
        (a, pack.cards() - a)
    }

    #[test]
    fn two_piles_add_up_to_the_pack_total() {
        let cases = [
            (CountMethod::Plain, Pack::Hungarian42, 94),
            (CountMethod::Plain, Pack::Tarock54, 106),
            (CountMethod::ThreesMinusTwo, Pack::Tarock54, 70),
            (CountMethod::Danish, Pack::French78, 78),
        ];
        for (method, pack, total) in cases {
            let mut splits: Vec<(CardSet, CardSet)> =
                (0..=pack.len()).map(|k| split(pack, k)).collect();
            for m in 2..6 {
                for r in 0..m {
                    splits.push(split_mod(pack, m, r));
                }
            }
            for (a, b) in splits {
                assert_eq!(a | b, pack.cards());
                assert_eq!(count_thirds(method, a) + count_thirds(method, b), 3 * total);
                assert_eq!(
                    count(method, a) + count(method, b),
                    total,
                    "{method:?}: {} + {} cards",
                    a.len(),
                    b.len()
                );
            }
        }
    }

    // rule: PL-SCORE-02
    #[test]
    fn threes_minus_two_piles_of_multiples_of_three_are_exact() {
        for k in (0..=54).step_by(3) {
            let (a, b) = split(Pack::Tarock54, k);
            let (ta, tb) = (
                count_thirds(CountMethod::ThreesMinusTwo, a),
                count_thirds(CountMethod::ThreesMinusTwo, b),
            );
            assert_eq!(ta % 3, 0, "{k} cards");
            assert_eq!(tb % 3, 0, "{} cards", 54 - k);
            assert_eq!((ta + tb) / 3, 70);
        }
    }

    // rule: PL-SCORE-03, AT-SCORE-03
    #[test]
    fn threes_minus_two_leftover_rule_on_4_and_50_cards() {
        // Pile of 4: the four hearts courts, 5 + 4 + 3 + 2 = 14, minus 4 × ⅔ = 11⅓ → 11.
        let four = CardSet::from_cards(&[
            Card::king(Suit::Hearts),
            Card::suited(Suit::Hearts, Rank::QUEEN),
            Card::suited(Suit::Hearts, Rank::RIDER),
            Card::suited(Suit::Hearts, Rank::JACK),
        ]);
        let fifty = Pack::Tarock54.cards() - four;
        assert_eq!(fifty.len(), 50);
        assert_eq!(count_thirds(CountMethod::ThreesMinusTwo, four), 34);
        assert_eq!(count(CountMethod::ThreesMinusTwo, four), 11);
        // Pile of 50: 106 − 14 = 92, minus 50 × ⅔ = 58⅔ → 59.
        assert_eq!(count_thirds(CountMethod::ThreesMinusTwo, fifty), 176);
        assert_eq!(count(CountMethod::ThreesMinusTwo, fifty), 59);
        assert_eq!(11 + 59, 70);
    }

    // rule: DK-SCORE-30
    #[test]
    fn danish_pile_of_3n_plus_or_minus_1_scores_n_tricks() {
        // Only non-counters, so the count is the trick points alone.
        let blanks: Vec<Card> = Pack::French78
            .cards()
            .into_iter()
            .filter(|&c| danish_value(c) == 0)
            .collect();
        for n in 1..=8usize {
            for len in [3 * n - 1, 3 * n, 3 * n + 1] {
                let pile = CardSet::from_cards(&blanks[..len]);
                assert_eq!(count(CountMethod::Danish, pile), n as i64, "{len} cards");
            }
        }
    }
}
