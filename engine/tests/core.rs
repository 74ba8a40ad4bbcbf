//! Integration tests of the engine's core through its public API: cards and packs, trick play,
//! action notation, seats and tables.

use std::collections::HashSet;

use tarock_engine::action::KONTRA_WORDS;
use tarock_engine::card::NUM_CARDS;
use tarock_engine::{
    Action, Bonus, Card, CardSet, Contract, Declaration, Pack, Rank, Seat, Suit, Table, Target,
    Trick, TrickRules, Variant,
};

const PACKS: [Pack; 3] = [Pack::Hungarian42, Pack::Tarock54, Pack::French78];

/// A card from its notation.
fn c(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A set of cards from space-separated notations.
fn set(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

/// Asserts that each card is strictly stronger (higher index) than the next.
fn assert_descending(cards: &str) {
    let cards: Vec<Card> = cards.split_whitespace().map(c).collect();
    for w in cards.windows(2) {
        assert!(w[0] > w[1], "{} should rank above {}", w[0], w[1]);
    }
}

fn seat(i: u8) -> Seat {
    Seat::new(i)
}

// ---------------------------------------------------------------------------------------------
// Cards and packs

// rule: HU-DEAL-02, HV-DEAL-01, AT-DEAL-02, PL-DEAL-03, DK-DEAL-02, DK-DEAL-03
#[test]
fn pack_sizes_and_composition() {
    assert_eq!(Pack::Hungarian42.len(), 42);
    assert_eq!(Pack::Tarock54.len(), 54);
    assert_eq!(Pack::French78.len(), 78);
    for (pack, per_suit) in [
        (Pack::Hungarian42, 5),
        (Pack::Tarock54, 8),
        (Pack::French78, 14),
    ] {
        let cards = pack.cards();
        assert_eq!(cards.len() as usize, pack.len());
        assert!(!pack.is_empty());
        assert_eq!((cards & CardSet::TAROKKS).len(), 22, "{pack:?}");
        assert!(cards.contains(Card::SKIZ));
        for s in Suit::ALL {
            let suit = cards & s.mask();
            assert_eq!(suit.len(), per_suit, "{pack:?} {s:?}");
            // Every pack has all four courts.
            for r in Rank::COURTS {
                assert!(suit.contains(Card::suited(s, r)));
            }
            // Suit cards know their suit; tarokks have none.
            assert!(suit.into_iter().all(|card| card.suit() == Some(s)));
        }
        assert!((cards & CardSet::TAROKKS)
            .into_iter()
            .all(|card| card.suit().is_none()));
    }
    assert_eq!(Pack::French78.cards(), CardSet::ALL);
    assert_eq!(NUM_CARDS, 78);
}

// rule: DK-DEAL-03
#[test]
fn french_pack_has_spots_one_to_ten() {
    for s in Suit::ALL {
        for n in 1..=10 {
            assert!(Pack::French78
                .cards()
                .contains(Card::suited(s, Rank::new(n))));
        }
    }
}

// rule: HU-DEAL-07
#[test]
fn hungarian_pack_is_the_54_card_pack_without_red_234_and_black_987() {
    let mut removed = CardSet::EMPTY;
    for s in [Suit::Hearts, Suit::Diamonds] {
        for n in [2, 3, 4] {
            removed.insert(Card::suited(s, Rank::new(n)));
        }
    }
    for s in [Suit::Clubs, Suit::Spades] {
        for n in [9, 8, 7] {
            removed.insert(Card::suited(s, Rank::new(n)));
        }
    }
    assert_eq!(removed.len(), 12);
    assert_eq!(Pack::Tarock54.cards() - removed, Pack::Hungarian42.cards());
    assert!(Pack::Tarock54
        .cards()
        .is_superset(Pack::Hungarian42.cards()));
    assert!(Pack::French78.cards().is_superset(Pack::Tarock54.cards()));
}

#[test]
fn position_and_card_at_round_trip() {
    for pack in PACKS {
        for (i, card) in pack.cards().into_iter().enumerate() {
            assert_eq!(pack.position(card), Some(i as u8), "{pack:?} {card}");
            assert_eq!(pack.card_at(i as u8), Some(card));
        }
        assert_eq!(pack.card_at(pack.len() as u8), None);
        for card in !pack.cards() {
            assert_eq!(pack.position(card), None, "{pack:?} {card}");
        }
    }
}

#[test]
fn notation_round_trips_for_all_78_cards() {
    let mut seen = HashSet::new();
    for i in 0..78u8 {
        let card = Card::new(i);
        let text = card.to_string();
        assert_eq!(text.parse::<Card>(), Ok(card), "{text}");
        assert_eq!(
            text.to_ascii_lowercase().parse::<Card>(),
            Ok(card),
            "{text}"
        );
        assert!(seen.insert(text), "notation of {card:?} is not unique");
    }
    assert_eq!(Card::try_new(78), None);
}

#[test]
fn notation_examples() {
    assert_eq!(Card::XXI.to_string(), "T21");
    assert_eq!(Card::PAGAT.to_string(), "T1");
    assert_eq!(Card::SKIZ.to_string(), "SKIZ");
    assert_eq!(Card::king(Suit::Spades).to_string(), "SK");
    assert_eq!(Card::king(Suit::Hearts).to_string(), "HK");
    assert_eq!(Card::suited(Suit::Hearts, Rank::new(1)).to_string(), "HA");
    assert_eq!(
        Card::suited(Suit::Diamonds, Rank::new(10)).to_string(),
        "D10"
    );
    assert_eq!(Card::suited(Suit::Clubs, Rank::RIDER).to_string(), "CC");
    assert_eq!(c("H1"), c("HA"));
    assert_eq!(c("SR"), c("SC"));
}

#[test]
fn roman_numerals_parse() {
    assert_eq!("XXI".parse::<Card>(), Ok(Card::XXI));
    assert_eq!("I".parse::<Card>(), Ok(Card::PAGAT));
    assert_eq!("II".parse::<Card>(), Ok(Card::EAGLE));
    assert_eq!("xix".parse::<Card>(), Ok(Card::XIX));
    assert_eq!("XVIII".parse::<Card>(), Ok(Card::XVIII));
    assert_eq!("XX".parse::<Card>(), Ok(Card::tarokk(20)));
}

#[test]
fn bad_notation_errors() {
    for bad in [
        "T22", "T0", "T", "HX", "", "  ", "Z5", "H11", "H0", "SKK", "X5", "XXII",
    ] {
        let err = bad.parse::<Card>().expect_err(bad);
        assert_eq!(err.input, bad);
        assert!(!err.to_string().is_empty());
    }
}

// rule: HU-DEAL-03, DK-DEAL-06
#[test]
fn tarokks_rank_by_number_skiz_highest() {
    for n in 1..21 {
        assert!(Card::tarokk(n + 1) > Card::tarokk(n));
        assert_eq!(Card::tarokk(n).tarokk_number(), Some(n));
    }
    assert!(Card::SKIZ > Card::XXI);
    assert_eq!(CardSet::TAROKKS.highest(), Some(Card::SKIZ));
    assert_eq!(CardSet::TAROKKS.lowest(), Some(Card::PAGAT));
    assert_eq!(CardSet::TAROKKS_NUMBERED.highest(), Some(Card::XXI));
}

// rule: HU-DEAL-06
#[test]
fn honours() {
    assert_eq!(CardSet::HONOURS, set("SKIZ T21 T1"));
    assert_eq!(CardSet::HIGH_HONOURS, set("SKIZ T21"));
    assert_eq!(CardSet::KINGS, set("HK DK CK SK"));
}

// rule: HU-DEAL-04, HU-DEAL-05
#[test]
fn hungarian_suit_ranking() {
    assert_descending("HK HQ HC HJ HA");
    assert_descending("DK DQ DC DJ DA");
    assert_descending("CK CQ CC CJ C10");
    assert_descending("SK SQ SC SJ S10");
    let hearts = Pack::Hungarian42.cards() & Suit::Hearts.mask();
    assert_eq!(hearts.lowest(), Some(c("HA")));
    assert_eq!(hearts.highest(), Some(c("HK")));
    let clubs = Pack::Hungarian42.cards() & Suit::Clubs.mask();
    assert_eq!(clubs.lowest(), Some(c("C10")));
}

// rule: HV-DEAL-01, AT-DEAL-04, PL-DEAL-05
#[test]
fn tarock54_suit_ranking_red_pips_reversed() {
    assert_descending("HK HQ HC HJ H1 H2 H3 H4");
    assert_descending("DK DQ DC DJ D1 D2 D3 D4");
    assert_descending("CK CQ CC CJ C10 C9 C8 C7");
    assert_descending("SK SQ SC SJ S10 S9 S8 S7");
    for s in Suit::ALL {
        let suit: Vec<Card> = (Pack::Tarock54.cards() & s.mask())
            .into_iter()
            .rev()
            .collect();
        let want = if s.is_red() {
            ["K", "Q", "C", "J", "A", "2", "3", "4"]
        } else {
            ["K", "Q", "C", "J", "10", "9", "8", "7"]
        };
        let want: Vec<Card> = want
            .iter()
            .map(|r| c(&format!("{}{r}", s.letter())))
            .collect();
        assert_eq!(suit, want, "{s:?}");
    }
}

// rule: DK-DEAL-04, DK-DEAL-05
#[test]
fn french78_suit_ranking_red_pips_reversed() {
    assert_descending("HK HQ HC HJ H1 H2 H3 H4 H5 H6 H7 H8 H9 H10");
    assert_descending("DK DQ DC DJ D1 D2 D3 D4 D5 D6 D7 D8 D9 D10");
    assert_descending("CK CQ CC CJ C10 C9 C8 C7 C6 C5 C4 C3 C2 C1");
    assert_descending("SK SQ SC SJ S10 S9 S8 S7 S6 S5 S4 S3 S2 S1");
}

#[test]
fn card_set_iteration_is_ascending_and_exact_size() {
    for pack in PACKS {
        let cards = pack.cards();
        let mut it = cards.into_iter();
        assert_eq!(it.len(), pack.len());
        it.next();
        assert_eq!(it.len(), pack.len() - 1);
        let v: Vec<Card> = cards.into_iter().collect();
        assert!(v.windows(2).all(|w| w[0] < w[1]));
        let back: Vec<Card> = cards.into_iter().rev().collect();
        assert!(back.windows(2).all(|w| w[0] > w[1]));
        assert_eq!(v.first().copied(), cards.lowest());
        assert_eq!(v.last().copied(), cards.highest());
        assert_eq!(cards.nth(0), cards.lowest());
    }
    assert_eq!(CardSet::EMPTY.into_iter().len(), 0);
    assert_eq!(CardSet::EMPTY.highest(), None);
    assert_eq!(CardSet::EMPTY.lowest(), None);
    let s = set("T5 HK D10 SKIZ");
    assert_eq!(s.len(), 4);
    assert_eq!(s.highest(), Some(Card::SKIZ));
    assert_eq!(s.lowest(), Some(c("HK")));
    assert_eq!(s.to_string(), "SKIZ T5 D10 HK");
}

#[test]
fn card_set_operations() {
    let a = set("HK HQ T1");
    let b = set("HQ T1 T2");
    assert_eq!(a | b, set("HK HQ T1 T2"));
    assert_eq!(a & b, set("HQ T1"));
    assert_eq!(a - b, set("HK"));
    assert_eq!(a ^ b, set("HK T2"));
    assert!(a.intersects(b));
    assert!(!a.intersects(set("SK")));
    assert_eq!(!CardSet::EMPTY, CardSet::ALL);
    let mut m = a;
    m.remove(c("HK"));
    m.insert(c("SK"));
    assert_eq!(m, set("SK HQ T1"));
    assert!(m.contains(c("SK")));
    assert!(!m.contains(Card::SKIZ));
}

#[test]
fn card_accessors() {
    let hk = c("HK");
    assert!(hk.is_king());
    assert_eq!(hk.suit(), Some(Suit::Hearts));
    assert_eq!(hk.rank(), Some(Rank::KING));
    assert_eq!(hk.tarokk_number(), None);
    assert_eq!(Card::SKIZ.tarokk_number(), Some(22));
    assert_eq!(Card::SKIZ.suit(), None);
    assert!(!Card::XXI.is_king());
    assert_eq!(Card::king(Suit::Diamonds).name(), "king of diamonds");
    assert_eq!(Card::XXI.name(), "XXI");
    for n in 1..=14 {
        for s in Suit::ALL {
            let r = Rank::new(n);
            assert_eq!(Card::suited(s, r).rank(), Some(r));
            assert_eq!(Card::suited(s, r).suit(), Some(s));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Trick play: Central European rules

const T: TrickRules = TrickRules::TAROCK;

// rule: HU-PLAY-03
#[test]
fn tarock_any_card_may_be_led() {
    let hand = set("HK DJ T5 SKIZ C10");
    assert_eq!(T.legal(hand, None), hand);
}

// rule: HU-PLAY-04, HU-PLAY-08
#[test]
fn tarock_follow_suit_without_obligation_to_beat() {
    let hand = set("HA HQ T5 SKIZ C10");
    // Hearts led by the jack: both hearts are legal, the ace too although it cannot win.
    assert_eq!(T.legal(hand, Some(c("HJ"))), set("HA HQ"));
    // King led: nothing can beat it, any heart is still legal.
    assert_eq!(T.legal(hand, Some(c("HK"))), set("HA HQ"));
}

// rule: HU-PLAY-05
#[test]
fn tarock_void_in_suit_must_trump() {
    let hand = set("DK T5 T2 C10");
    assert_eq!(T.legal(hand, Some(c("HK"))), set("T5 T2"));
    // The skíz is a tarokk: a player whose only tarokk is the skíz must play it.
    let hand = set("DK SKIZ C10");
    assert_eq!(T.legal(hand, Some(c("HK"))), set("SKIZ"));
}

// rule: HU-PLAY-06
#[test]
fn tarock_trump_led_forces_trump() {
    let hand = set("HK T3 SKIZ C10");
    assert_eq!(T.legal(hand, Some(c("T20"))), set("T3 SKIZ"));
    assert_eq!(T.legal(hand, Some(Card::SKIZ)), set("T3 SKIZ"));
}

// rule: HU-PLAY-07
#[test]
fn tarock_void_in_suit_and_trumps_plays_anything() {
    let hand = set("DK DA C10 SQ");
    assert_eq!(T.legal(hand, Some(c("HK"))), hand);
    assert_eq!(T.legal(hand, Some(c("T4"))), hand);
}

/// Plays `cards` in order, starting with `leader`, at a table of `n`.
fn trick(leader: u8, n: u8, cards: &str) -> Trick {
    let mut t = Trick::new(seat(leader));
    let mut s = seat(leader);
    for card in cards.split_whitespace() {
        t.push(s, c(card));
        s = s.next(n);
    }
    t
}

// rule: HU-PLAY-09, HU-DEAL-03
#[test]
fn tarock_highest_trump_wins() {
    let t = trick(1, 4, "HK T2 T19 HA");
    assert_eq!(t.winner(&T), Some((seat(3), c("T19"))));
    let t = trick(0, 4, "T21 SKIZ T20 T1");
    assert_eq!(t.winner(&T), Some((seat(1), Card::SKIZ)));
    let t = trick(2, 4, "HA HK DK T1");
    assert_eq!(t.winner(&T), Some((seat(1), Card::PAGAT)));
}

// rule: HU-PLAY-09
#[test]
fn tarock_no_trump_highest_of_suit_led_wins() {
    // Hearts led; the king of spades is off-suit and cannot win.
    let t = trick(3, 4, "HA SK HQ HJ");
    assert_eq!(t.winner(&T), Some((seat(1), c("HQ"))));
    assert_eq!(t.led(&T), Some(c("HA")));
}

#[test]
fn trick_accessors() {
    let t = trick(3, 4, "HA SK HQ HJ");
    assert_eq!(t.leader(), seat(3));
    assert_eq!(t.len(), 4);
    assert!(!t.is_empty());
    assert_eq!(t.cards(), set("HA SK HQ HJ"));
    assert_eq!(t.card_of(seat(0)), Some(c("SK")));
    assert_eq!(t.player_of(c("HJ")), Some(seat(2)));
    assert_eq!(t.player_of(c("HK")), None);
    let plays: Vec<(Seat, Card)> = t.plays().collect();
    assert_eq!(
        plays,
        vec![
            (seat(3), c("HA")),
            (seat(0), c("SK")),
            (seat(1), c("HQ")),
            (seat(2), c("HJ"))
        ]
    );
    let empty = Trick::new(seat(0));
    assert!(empty.is_empty());
    assert_eq!(empty.winner(&T), None);
    assert_eq!(empty.led(&T), None);
}

// ---------------------------------------------------------------------------------------------
// Trick play: Danish rules, the fool as excuse

const D: TrickRules = TrickRules::DANISH;

// rule: DK-PLAY-02, DK-PLAY-03, DK-PLAY-04
#[test]
fn danish_follow_suit_else_trump_else_anything() {
    assert_eq!(D.legal(set("H5 H7 T3 C2"), Some(c("HK"))), set("H5 H7"));
    assert_eq!(D.legal(set("D5 T3 T9 C2"), Some(c("HK"))), set("T3 T9"));
    assert_eq!(D.legal(set("D5 T3 C2"), Some(c("T20"))), set("T3"));
    assert_eq!(D.legal(set("D5 C2"), Some(c("HK"))), set("D5 C2"));
}

// rule: DK-PLAY-08
#[test]
fn danish_fool_may_always_be_played() {
    // Even when holding the suit led.
    assert_eq!(
        D.legal(set("H5 H7 SKIZ T3"), Some(c("HK"))),
        set("H5 H7 SKIZ")
    );
    // Instead of trumping.
    assert_eq!(D.legal(set("D5 SKIZ T3"), Some(c("HK"))), set("T3 SKIZ"));
    // To a trump lead.
    assert_eq!(D.legal(set("D5 SKIZ T3"), Some(c("T9"))), set("T3 SKIZ"));
    // The fool is no trump: a player whose only "trump" is the fool, void in the suit led,
    // may play anything.
    assert_eq!(D.legal(set("D5 C2 SKIZ"), Some(c("HK"))), set("D5 C2 SKIZ"));
}

// rule: DK-PLAY-09
#[test]
fn danish_fool_never_wins() {
    let t = trick(0, 3, "H10 SKIZ H9");
    assert_eq!(t.winner(&D), Some((seat(2), c("H9"))));
    let t = trick(0, 3, "C1 SKIZ D1");
    assert_eq!(t.winner(&D), Some((seat(0), c("C1"))));
    // Fool led: it does not win either.
    let t = trick(1, 3, "SKIZ S2 S3");
    assert_eq!(t.winner(&D), Some((seat(0), c("S3"))));
}

// rule: DK-DEAL-07
#[test]
fn danish_fool_is_not_a_trump() {
    assert!(!D.trumps.contains(Card::SKIZ));
    assert!(T.trumps.contains(Card::SKIZ));
    // Fool and trumps in one trick: the highest numbered trump wins, even the pagat.
    let t = trick(0, 3, "T1 SKIZ H4");
    assert_eq!(t.winner(&D), Some((seat(0), Card::PAGAT)));
    let t = trick(2, 3, "T5 T20 SKIZ");
    assert_eq!(t.winner(&D), Some((seat(0), c("T20"))));
    // Under the Central European rules the same card is the top trump.
    let t = trick(2, 3, "T5 T20 SKIZ");
    assert_eq!(t.winner(&T), Some((seat(1), Card::SKIZ)));
}

#[test]
fn danish_fool_led_next_card_sets_the_suit() {
    let mut t = Trick::new(seat(0));
    t.push(seat(0), Card::SKIZ);
    assert_eq!(t.led(&D), None);
    assert_eq!(t.winner(&D), None);
    // The next player is not bound by the fool: any card.
    let hand = set("D5 D3 T4 C2");
    assert_eq!(D.legal(hand, t.led(&D)), hand);
    t.push(seat(1), c("D5"));
    assert_eq!(t.led(&D), Some(c("D5")));
    // Now diamonds must be followed; D3 outranks D5 (red pips reversed).
    assert_eq!(D.legal(set("D3 T4 C2"), t.led(&D)), set("D3"));
    t.push(seat(2), c("D3"));
    assert_eq!(t.winner(&D), Some((seat(2), c("D3"))));
}

// ---------------------------------------------------------------------------------------------
// Action notation

fn every_bonus() -> Vec<Bonus> {
    let mut v = vec![
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
        Bonus::SasUltimo,
        Bonus::SasUhu,
        Bonus::PagatCatch,
        Bonus::PagatFacan,
        Bonus::SasFacan,
        Bonus::ParosFacan,
        Bonus::ThreeKings,
        Bonus::FinalPair,
        Bonus::PagatSmallBird,
        Bonus::SasSmallBird,
        Bonus::PagatLargeBird,
        Bonus::SasLargeBird,
        Bonus::LongDoubleGame,
        Bonus::KingCatch,
        Bonus::RoyalTrull,
        Bonus::TarockTrull,
        Bonus::Heads,
        Bonus::WithoutKings,
        Bonus::WithoutTrull,
        Bonus::WithForty,
        Bonus::WithFifty,
    ];
    for s in Suit::ALL {
        v.extend([
            Bonus::KingUltimo(s),
            Bonus::KingUhu(s),
            Bonus::SuitFamily(s),
            Bonus::KingSmallBird(s),
            Bonus::KingLargeBird(s),
        ]);
    }
    // Fails to compile when a variant is added, as a reminder to list it above.
    for b in &v {
        match b {
            Bonus::Trull
            | Bonus::FourKings
            | Bonus::DoubleGame
            | Bonus::Volat
            | Bonus::PagatUltimo
            | Bonus::XxiCatch
            | Bonus::Centrum
            | Bonus::SmallBird
            | Bonus::LargeBird
            | Bonus::PagatUhu
            | Bonus::KingUltimo(_)
            | Bonus::KingUhu(_)
            | Bonus::SasUltimo
            | Bonus::SasUhu
            | Bonus::PagatCatch
            | Bonus::PagatFacan
            | Bonus::SasFacan
            | Bonus::ParosFacan
            | Bonus::SuitFamily(_)
            | Bonus::ThreeKings
            | Bonus::FinalPair
            | Bonus::PagatSmallBird
            | Bonus::SasSmallBird
            | Bonus::KingSmallBird(_)
            | Bonus::PagatLargeBird
            | Bonus::SasLargeBird
            | Bonus::KingLargeBird(_)
            | Bonus::LongDoubleGame
            | Bonus::KingCatch
            | Bonus::RoyalTrull
            | Bonus::TarockTrull
            | Bonus::Heads
            | Bonus::WithoutKings
            | Bonus::WithoutTrull
            | Bonus::WithForty
            | Bonus::WithFifty => {}
        }
    }
    v
}

fn every_action() -> Vec<Action> {
    let mut v = vec![
        Action::Pass,
        Action::Hold,
        Action::Annul,
        Action::ThrowIn,
        Action::GiveUp,
        Action::ExposeTalon,
        Action::Unteren,
        Action::Declare(Declaration::FourKings),
    ];
    v.extend(Contract::HUNGARIAN.map(Action::Bid));
    v.extend(Contract::POLISH.map(Action::Bid));
    // The Austrian Solo is the Hungarian one.
    v.extend(Contract::AUSTRIAN[..3].iter().map(|&c| Action::Bid(c)));
    v.extend((0..6).map(Action::TakeTalon));
    v.extend((0..=6).map(Action::KeepTalon));
    let cards = [
        Card::SKIZ,
        Card::XXI,
        Card::PAGAT,
        c("SK"),
        c("HA"),
        c("D10"),
        c("CC"),
        c("S1"),
        c("T20"),
    ];
    for card in cards {
        v.extend([
            Action::Discard(card),
            Action::Call(card),
            Action::Play(card),
        ]);
    }
    for n in [0, 1, 2, 8, 9, 10, 11, 12] {
        v.push(Action::Declare(Declaration::Tarokks(n)));
    }
    let bonuses = every_bonus();
    for &b in &bonuses {
        v.push(Action::Announce(b));
    }
    for level in 1..=5 {
        v.push(Action::Kontra(Target::Game, level));
        for &b in &bonuses {
            v.push(Action::Kontra(Target::Bonus(b), level));
        }
    }
    v
}

#[test]
fn action_notation_round_trips() {
    let actions = every_action();
    let mut seen = HashSet::new();
    for a in &actions {
        let text = a.to_string();
        assert_eq!(text.parse::<Action>(), Ok(*a), "{text}");
        assert!(seen.insert(text.clone()), "{text} is not unique");
    }
    assert_eq!(seen.len(), actions.len());
}

#[test]
fn action_notation_examples() {
    assert_eq!(Action::Bid(Contract::Two).to_string(), "bid two");
    assert_eq!(Action::Call(c("T20")).to_string(), "call T20");
    assert_eq!(Action::Play(Card::SKIZ).to_string(), "play SKIZ");
    assert_eq!(Action::Play(c("SK")).to_string(), "play SK");
    assert_eq!(
        Action::Announce(Bonus::KingUltimo(Suit::Hearts)).to_string(),
        "announce king-ultimo:H"
    );
    assert_eq!(Action::Kontra(Target::Game, 2).to_string(), "rekontra game");
    assert_eq!(
        Action::Kontra(Target::Bonus(Bonus::Trull), 5).to_string(),
        "mordkontra trull"
    );
    assert_eq!(
        Action::Declare(Declaration::Tarokks(8)).to_string(),
        "declare tarokks:8"
    );
    assert_eq!(
        "declare tarokks:8".parse(),
        Ok(Action::Declare(Declaration::Tarokks(8)))
    );
    for (i, w) in KONTRA_WORDS.iter().enumerate() {
        assert_eq!(
            format!("{w} game").parse(),
            Ok(Action::Kontra(Target::Game, i as u8 + 1))
        );
    }
    // The Polish ladder's words: re, sub and mort are rekontra, szubkontra and mordkontra.
    for (w, level) in [("re", 2), ("sub", 3), ("mort", 5)] {
        assert_eq!(
            format!("{w} pagat-ultimo").parse(),
            Ok(Action::Kontra(Target::Bonus(Bonus::PagatUltimo), level))
        );
    }
    assert_eq!(Action::Bid(Contract::Cztery).to_string(), "bid cztery");
    assert_eq!(Action::TakeTalon(0).to_string(), "take 1");
    assert_eq!("take 6".parse(), Ok(Action::TakeTalon(5)));
    assert_eq!(
        Action::Declare(Declaration::FourKings).to_string(),
        "declare four-kings"
    );
    // Case and surrounding space are forgiven.
    assert_eq!("  BID Solo ".parse(), Ok(Action::Bid(Contract::Solo)));
    assert_eq!(
        "announce KING-UHU:s".parse(),
        Ok(Action::Announce(Bonus::KingUhu(Suit::Spades)))
    );
}

#[test]
fn bad_action_notation_errors() {
    for bad in [
        "take 0",
        "take",
        "take x",
        "throw-in now",
        "bid seven",
        "bid",
        "play",
        "play T22",
        "discard",
        "call XYZ",
        "announce nothing",
        "announce king-ultimo",
        "announce king-ultimo:X",
        "announce trull:H",
        "pass now",
        "hold on",
        "annul it",
        "declare tarokks",
        "declare kings:4",
        "kontra",
        "kontra nothing",
        "superkontra game",
        "",
        "fold",
    ] {
        let err = bad.parse::<Action>().expect_err(bad);
        // The error names the part that failed (the card or bonus text, or the whole action).
        assert!(bad.contains(err.input.as_str()), "{bad:?}: {err}");
        assert!(!err.to_string().is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Seats and tables

#[test]
fn seat_arithmetic() {
    assert_eq!(seat(0).next(4), seat(1));
    assert_eq!(seat(3).next(4), seat(0));
    assert_eq!(seat(2).next(3), seat(0));
    assert_eq!(seat(4).next(5), seat(0));
    assert_eq!(seat(1).plus(2, 4), seat(3));
    assert_eq!(seat(3).plus(3, 4), seat(2));
    assert_eq!(seat(2).plus(7, 5), seat(4));
    assert_eq!(seat(2).plus(0, 3), seat(2));
    assert_eq!(seat(3).distance_from(seat(1), 4), 2);
    assert_eq!(seat(1).distance_from(seat(3), 4), 2);
    assert_eq!(seat(0).distance_from(seat(4), 5), 1);
    assert_eq!(seat(2).distance_from(seat(2), 5), 0);
    for n in 3..=5u8 {
        for a in Seat::all(n) {
            for k in 0..n {
                assert_eq!(a.plus(k, n).distance_from(a, n), k);
            }
        }
    }
    assert_eq!(Seat::all(4).count(), 4);
    assert_eq!(Seat::try_new(5), None);
    assert_eq!(seat(4).index(), 4);
}

// rule: HU-DEAL-01
#[test]
fn five_seats_dealer_sits_out() {
    let table = Table {
        seats: 5,
        dealer: seat(2),
        sitting_out: Some(seat(2)),
    };
    assert_eq!(table.active_count(), 4);
    assert!(!table.is_active(seat(2)));
    assert!(table.is_active(seat(3)));
    assert_eq!(table.first_active(), seat(3));
    let order: Vec<Seat> = table.active_from(table.first_active()).collect();
    assert_eq!(order, vec![seat(3), seat(4), seat(0), seat(1)]);
    assert_eq!(table.next_active(seat(1)), seat(3));
    assert_eq!(table.next_active(seat(4)), seat(0));
    let order: Vec<Seat> = table.active_from(seat(0)).collect();
    assert_eq!(order, vec![seat(0), seat(1), seat(3), seat(4)]);

    // Dealer in the last seat: the first active player wraps to seat 0.
    let table = Table {
        seats: 5,
        dealer: seat(4),
        sitting_out: Some(seat(4)),
    };
    assert_eq!(table.first_active(), seat(0));
    assert_eq!(table.next_active(seat(3)), seat(0));
}

#[test]
fn four_seats_nobody_sits_out() {
    let table = Table {
        seats: 4,
        dealer: seat(3),
        sitting_out: None,
    };
    assert_eq!(table.active_count(), 4);
    assert_eq!(table.first_active(), seat(0));
    let order: Vec<Seat> = table.active_from(seat(2)).collect();
    assert_eq!(order, vec![seat(2), seat(3), seat(0), seat(1)]);
    assert!(!table.is_active(seat(4)));
}

// rule: DK-DEAL-01
#[test]
fn danish_four_people_opposite_the_dealer_sits_out() {
    let dealer = seat(1);
    let table = Table {
        seats: 4,
        dealer,
        sitting_out: Some(dealer.plus(2, 4)),
    };
    assert_eq!(table.active_count(), 3);
    assert_eq!(table.first_active(), seat(2));
    let order: Vec<Seat> = table.active_from(table.first_active()).collect();
    assert_eq!(order, vec![seat(2), seat(0), seat(1)]);
}

/// Every option of every variant: its spec's default is the value a fresh hand gets, setting
/// that value again changes nothing, its description says what it does in plain words, and an
/// unknown name is refused.
#[test]
fn every_variants_options_default_and_round_trip() {
    for v in Variant::ALL {
        let d = v.default_options();
        assert!(!d.specs().is_empty(), "{v}");
        for spec in d.specs() {
            assert_eq!(
                d.get(spec.name).as_deref(),
                Some(spec.default),
                "{v} {}",
                spec.name
            );
            assert!(!spec.description.is_empty(), "{v} {}", spec.name);
            // Plain words: no internal code in front ("H1: ..."), a name of words.
            let code = spec.description.split_once(": ").map(|(head, _)| head);
            assert!(
                !code.is_some_and(|c| c.len() <= 4 && c.chars().any(|ch| ch.is_ascii_digit())),
                "{v} {}: {}",
                spec.name,
                spec.description
            );
            assert!(
                spec.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_' || b.is_ascii_digit())
                    && spec.name.starts_with(|c: char| c.is_ascii_lowercase()),
                "{v} {}",
                spec.name
            );
            // No placeholder: every option offers a choice.
            let choices = match spec.kind {
                tarock_engine::options::OptionKind::Bool => 2,
                tarock_engine::options::OptionKind::Int { min, max } => max - min + 1,
                tarock_engine::options::OptionKind::Enum(values) => values.len() as i64,
            };
            assert!(choices >= 2, "{v} {}: a placeholder", spec.name);
            // No state of a match: the pots and the obliged bidder are the match state's.
            assert!(
                !["pagat_pot", "king_pot", "obliged_bidder"].contains(&spec.name),
                "{v} {}",
                spec.name
            );
            let mut o = d;
            o.set(spec.name, spec.default)
                .unwrap_or_else(|e| panic!("{v} {}: {e}", spec.name));
            assert_eq!(o, d, "{v} {}", spec.name);
        }
        assert_eq!(d.values().len(), d.specs().len());
        let mut o = d;
        assert!(o.set("no_such_option", "1").is_err(), "{v}");
        assert_eq!(d.get("no_such_option"), None);
    }
}

/// Every variant's action ids are dense: each id of the space maps to an action that maps back
/// to it, no action twice, and none past the end.
#[test]
fn every_variants_action_ids_map_both_ways() {
    for v in Variant::ALL {
        let seats = v.seat_counts()[0];
        let g = tarock_engine::AnyGame::new(&tarock_engine::Setup::seeded(
            v,
            seats,
            Seat::new(0),
            [1; 32],
        ))
        .expect("a seeded deal");
        let space = g.action_space();
        let mut seen = HashSet::new();
        for id in 0..space {
            let a = g
                .action_from_id(id)
                .unwrap_or_else(|| panic!("{v}: id {id} has an action"));
            assert_eq!(g.action_id(a), Some(id), "{v}: {a}");
            assert!(seen.insert(a), "{v}: {a} twice");
        }
        assert_eq!(g.action_from_id(space), None, "{v}");
    }
}

/// A fresh hand of every variant is dealt from its default pack: every card once, in the hands
/// and the talon.
#[test]
fn every_variant_deals_its_default_pack() {
    use tarock_engine::game::Observe;
    for v in Variant::ALL {
        let seats = v.seat_counts()[0];
        let setup = tarock_engine::Setup::seeded(v, seats, Seat::new(0), [2; 32]);
        let g = tarock_engine::AnyGame::new(&setup).expect("a seeded deal");
        let mut cards = g.deal().talon_set();
        for s in 0..seats {
            cards |= g.hand(Seat::new(s));
        }
        assert_eq!(cards, v.default_pack().cards(), "{v}");
    }
}
