//! Settlement of Hungarian hands (`hungarian::score`), through the public API only.
//!
//! Every case is a complete, legal deal: 9 tricks of 4 cards plus 6 discards use the 42 cards
//! exactly once (12 tricks and 54 cards in the 54-card game), and the play follows suit and
//! trumps as the rules require. `play` replays each deal and rejects it otherwise, so the golden
//! values below come from hands that could really have been played.
//!
//! Seats: 4 players, dealer 3, so seat 0 leads trick 1. Seat 0 is always the declarer and seat 2
//! the partner (unless the declarer plays alone); seats 1 and 3 are the opponents.
//!
//! Card notation in the deal tables: `T1`..`T21` tarokks, `SKIZ` the skíz, a suit letter
//! (H D C S) and a rank (K Q C J A 2..10) for suit cards, so `SK` is the king of spades.

use std::str::FromStr;

use tarock_engine::hungarian::options::{Game, HungarianOptions};
use tarock_engine::hungarian::score::{
    card_points, settle, settle_trial_bid, settle_trull_only_three, Announced, ScoreInput,
};
use tarock_engine::{
    Bonus, BySeat, Card, CardSet, Contract, Item, Ledger, Pack, Seat, Suit, Table, Team, Trick,
    TrickRules,
};

// ---------------------------------------------------------------------------------------------
// Deals
// ---------------------------------------------------------------------------------------------

/// A complete deal: the tricks in play order (each listed from its leader on; the leader of trick
/// 1 is the first active player, of every later trick the winner of the one before) and the six
/// discarded cards, which are shared out by `discards` according to the bid.
struct Deal {
    pack54: bool,
    pool: [&'static str; 6],
    tricks: &'static [[&'static str; 4]],
}

/// Discards of the 42-card deals: the four low pips and two low tarokks, 1 point each, so the
/// declarer's team's points move by at most 3 from one bid to another.
const POOL42: [&str; 6] = ["HA", "DA", "C10", "S10", "T3", "T4"];
/// Discards of the 54-card deals.
const POOL54: [&str; 6] = ["HA", "H2", "H3", "H4", "T3", "T4"];

/// The declarer's team takes every trick: 88 card points plus the declarer's discards.
const ALL: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T17", "T16", "T15"],
        ["T21", "T14", "T13", "T12"],
        ["T20", "T11", "T10", "T9"],
        ["T19", "T8", "T7", "T6"],
        ["T18", "T5", "T2", "T1"],
        ["HK", "HQ", "HC", "HJ"],
        ["DK", "DQ", "DC", "DJ"],
        ["CK", "CQ", "CC", "CJ"],
        ["SK", "SQ", "SC", "SJ"],
    ],
};

/// The opponents take every trick (seat 1 holds the top tarokks and all kings).
const NONE: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["T17", "SKIZ", "T16", "T15"],
        ["T21", "T14", "T13", "T12"],
        ["T20", "T11", "T10", "T9"],
        ["T19", "T8", "T7", "T6"],
        ["T18", "T5", "T2", "T1"],
        ["HK", "HQ", "HC", "HJ"],
        ["DK", "DQ", "DC", "DJ"],
        ["CK", "CQ", "CC", "CJ"],
        ["SK", "SQ", "SC", "SJ"],
    ],
};

/// The declarer's team loses one plain tarokk trick: 84 in tricks, with trull and four kings.
const D84: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T17", "T16", "T15"],
        ["T21", "T14", "T13", "T12"],
        ["T20", "T11", "T10", "T9"],
        ["T19", "T8", "T1", "T6"],
        ["T5", "T18", "T7", "T2"],
        ["HQ", "HC", "HJ", "HK"],
        ["DK", "DQ", "DC", "DJ"],
        ["CK", "CQ", "CC", "CJ"],
        ["SK", "SQ", "SC", "SJ"],
    ],
};

/// 50 in tricks for the declarer's team; the opponents win all three honours (silent trull).
/// Tricks 7–9 are won by kings of the declarer's team.
const D50: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["T18", "SKIZ", "T12", "T8"],
        ["T20", "T13", "T21", "T1"],
        ["T2", "T10", "T5", "T14"],
        ["T16", "T9", "T11", "T6"],
        ["T15", "T19", "T17", "T7"],
        ["SQ", "SJ", "SK", "SC"],
        ["HQ", "HJ", "HC", "HK"],
        ["DK", "DQ", "DC", "DJ"],
        ["CJ", "CQ", "CK", "CC"],
    ],
};

/// 32 in tricks for the declarer's team.
const D32: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["T1", "SKIZ", "T5", "T14"],
        ["T12", "T8", "T21", "T2"],
        ["T15", "T20", "T13", "T9"],
        ["T6", "T18", "T10", "T16"],
        ["T19", "T11", "T17", "T7"],
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DK", "DQ", "DC"],
        ["CJ", "CK", "CQ", "CC"],
        ["SJ", "SK", "SQ", "SC"],
    ],
};

/// 18 in tricks for the declarer's team; the opponents capture the declarer's pagát in trick 1.
const D18: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["T1", "SKIZ", "T9", "T14"],
        ["T7", "T10", "T21", "T2"],
        ["T15", "T20", "T8", "T11"],
        ["T5", "T18", "T12", "T16"],
        ["T19", "T13", "T17", "T6"],
        ["HK", "HQ", "HC", "HJ"],
        ["DK", "DQ", "DC", "DJ"],
        ["CJ", "CK", "CQ", "CC"],
        ["SJ", "SK", "SQ", "SC"],
    ],
};

/// The declarer holds eight tarokks, draws the others' and wins trick 8 with the II and trick 9
/// with the pagát (sas uhu, pagát ultimó, final pair). 74 for the declarer's team in tricks.
const ULTI: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T16", "T15", "T14"],
        ["T21", "T13", "T12", "T11"],
        ["T20", "T10", "T9", "T8"],
        ["T19", "T7", "T6", "T5"],
        ["DJ", "DK", "DQ", "DC"],
        ["HK", "HC", "HJ", "T18"],
        ["T17", "HQ", "SQ", "SC"],
        ["T2", "CQ", "CK", "CJ"],
        ["T1", "SJ", "SK", "CC"],
    ],
};

/// As `ULTI`, but the pagát wins trick 8 and the II trick 9.
const ULTI2: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T16", "T15", "T14"],
        ["T21", "T13", "T12", "T11"],
        ["T20", "T10", "T9", "T8"],
        ["T19", "T7", "T6", "T5"],
        ["DJ", "DK", "DQ", "DC"],
        ["HK", "HC", "HJ", "T18"],
        ["T17", "HQ", "SQ", "SC"],
        ["T1", "CQ", "CK", "CJ"],
        ["T2", "SJ", "SK", "CC"],
    ],
};

/// As `ULTI`, but the pagát trumps trick 6 and the II wins trick 7.
const ULTI_BIRDS_1: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T16", "T15", "T14"],
        ["T21", "T13", "T12", "T11"],
        ["T20", "T10", "T9", "T8"],
        ["T19", "T7", "T6", "T5"],
        ["DJ", "DK", "DQ", "DC"],
        ["HK", "HC", "HJ", "T1"],
        ["T2", "HQ", "SQ", "SC"],
        ["T18", "CQ", "CK", "CJ"],
        ["T17", "SJ", "SK", "CC"],
    ],
};

/// As `ULTI`, but the II trumps trick 6 and the pagát wins trick 7.
const ULTI_BIRDS_2: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T16", "T15", "T14"],
        ["T21", "T13", "T12", "T11"],
        ["T20", "T10", "T9", "T8"],
        ["T19", "T7", "T6", "T5"],
        ["DJ", "DK", "DQ", "DC"],
        ["HK", "HC", "HJ", "T2"],
        ["T1", "HQ", "SQ", "SC"],
        ["T18", "CQ", "CK", "CJ"],
        ["T17", "SJ", "SK", "CC"],
    ],
};

/// The partner, void in hearts, trumps the first trick with the pagát (pagátfácán).
const FACAN_PAGAT: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["HQ", "HJ", "T1", "HC"],
        ["T18", "T17", "T8", "T21"],
        ["T19", "T14", "T13", "SKIZ"],
        ["T20", "T15", "T10", "T9"],
        ["T16", "T11", "T6", "T5"],
        ["T12", "T7", "T2", "HK"],
        ["DK", "DQ", "DC", "DJ"],
        ["CC", "CK", "CQ", "CJ"],
        ["SC", "SK", "SQ", "SJ"],
    ],
};

/// As `FACAN_PAGAT` with the II in trick 1 (sasfácán) and the pagát in trick 6.
const FACAN_SAS: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["HQ", "HJ", "T2", "HC"],
        ["T18", "T17", "T8", "T21"],
        ["T19", "T14", "T13", "SKIZ"],
        ["T20", "T15", "T10", "T9"],
        ["T16", "T11", "T6", "T5"],
        ["T12", "T7", "T1", "HK"],
        ["DK", "DQ", "DC", "DJ"],
        ["CC", "CK", "CQ", "CJ"],
        ["SC", "SK", "SQ", "SJ"],
    ],
};

/// The declarer's XXI wins trick 1, which holds an opponent's II (silent párosfácán). The
/// declarer plays the pagát to trick 4.
const PAROS_A: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["T21", "T2", "T5", "T6"],
        ["T20", "SKIZ", "T7", "T8"],
        ["T9", "T19", "T10", "T11"],
        ["T18", "T12", "T1", "T13"],
        ["T17", "T14", "T15", "T16"],
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DK", "DQ", "DC"],
        ["CK", "CQ", "CC", "CJ"],
        ["SJ", "SK", "SQ", "SC"],
    ],
};

/// As `PAROS_A`, but the II in trick 1 is the partner's.
const PAROS_B: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["T21", "T5", "T2", "T6"],
        ["T20", "SKIZ", "T7", "T8"],
        ["T9", "T19", "T10", "T11"],
        ["T18", "T12", "T1", "T13"],
        ["T17", "T14", "T15", "T16"],
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DK", "DQ", "DC"],
        ["CK", "CQ", "CC", "CJ"],
        ["SJ", "SK", "SQ", "SC"],
    ],
};

/// The declarer's skíz catches seat 1's XXI in trick 1. Trick 6 is won by the declarer's ♥K,
/// trick 7 by seat 1's ♦K, trick 8 by the partner's ♣K, trick 9 by seat 3's ♠K.
const CATCH: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T21", "T5", "T6"],
        ["T1", "T7", "T20", "T8"],
        ["T9", "T19", "T10", "T11"],
        ["T12", "T13", "T18", "T14"],
        ["T15", "T16", "T2", "T17"],
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DK", "DQ", "DC"],
        ["CJ", "CK", "CQ", "CC"],
        ["SJ", "SK", "SQ", "SC"],
    ],
};

/// As `CATCH`, but the XXI in trick 1 is the partner's: no catch.
const CATCH_PARTNERS: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T5", "T21", "T6"],
        ["T1", "T7", "T20", "T8"],
        ["T9", "T19", "T10", "T11"],
        ["T12", "T13", "T18", "T14"],
        ["T15", "T16", "T2", "T17"],
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DK", "DQ", "DC"],
        ["CJ", "CK", "CQ", "CC"],
        ["SJ", "SK", "SQ", "SC"],
    ],
};

/// The declarer plays the pagát to trick 9, which the partner wins with the XVIII; seat 1 plays
/// the II there. 48 in tricks for the declarer's team.
const LASTP: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DQ", "DK", "DC"],
        ["CJ", "CK", "CQ", "CC"],
        ["SJ", "SC", "SK", "SQ"],
        ["T5", "SKIZ", "T6", "T7"],
        ["T8", "T21", "T9", "T10"],
        ["T11", "T20", "T12", "T13"],
        ["T14", "T19", "T15", "T16"],
        ["T2", "T18", "T17", "T1"],
    ],
};

/// As `LASTP` with the ♦J discarded and the ♦A in trick 2: 47 in tricks, and 47–47 at solo.
const LASTP47: Deal = Deal {
    pack54: false,
    pool: ["HA", "DJ", "C10", "S10", "T3", "T4"],
    tricks: &[
        ["HK", "HQ", "HC", "HJ"],
        ["DA", "DQ", "DK", "DC"],
        ["CJ", "CK", "CQ", "CC"],
        ["SJ", "SC", "SK", "SQ"],
        ["T5", "SKIZ", "T6", "T7"],
        ["T8", "T21", "T9", "T10"],
        ["T11", "T20", "T12", "T13"],
        ["T14", "T19", "T15", "T16"],
        ["T2", "T18", "T17", "T1"],
    ],
};

/// The declarer's team wins tricks 1–7, trick 5 with the XX, trick 6 with the XXI and trick 7
/// with the skíz (centrum, small bird, large bird), and loses trick 9.
const BIRDS: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DQ", "DK", "DC"],
        ["CK", "CQ", "CC", "CJ"],
        ["T19", "T1", "T11", "T12"],
        ["T9", "T13", "T20", "T14"],
        ["T21", "T15", "T8", "T16"],
        ["T7", "T17", "SKIZ", "T18"],
        ["SK", "SQ", "SC", "SJ"],
        ["T6", "T5", "T2", "T10"],
    ],
};

/// As `BIRDS`, but the XXI wins trick 5 and the XX trick 6: centrum and small bird fail, the
/// (independent) large bird is still made.
const BIRDS_FAIL: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DQ", "DK", "DC"],
        ["CK", "CQ", "CC", "CJ"],
        ["T19", "T1", "T11", "T12"],
        ["T9", "T13", "T21", "T14"],
        ["T20", "T15", "T8", "T16"],
        ["T7", "T17", "SKIZ", "T18"],
        ["SK", "SQ", "SC", "SJ"],
        ["T6", "T5", "T2", "T10"],
    ],
};

/// The declarer draws every tarokk, regains the lead with the ♣K and wins the last three tricks
/// with ♥K, ♥Q, ♥C (suit family of hearts).
const SUITFAM: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T17", "T16", "T15"],
        ["T21", "T13", "T14", "T12"],
        ["T20", "T10", "T11", "T9"],
        ["T19", "T7", "T8", "T6"],
        ["T5", "T18", "T2", "T1"],
        ["CQ", "CC", "CJ", "CK"],
        ["HK", "HJ", "DQ", "DJ"],
        ["HQ", "DK", "DC", "SC"],
        ["HC", "SK", "SQ", "SJ"],
    ],
};

/// 68 in tricks for the declarer's team: exactly 71 with three discards, 70 with two.
const EDGE71: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["HK", "HQ", "HC", "HJ"],
        ["DJ", "DC", "DK", "DQ"],
        ["CK", "CJ", "CQ", "CC"],
        ["SJ", "SC", "SK", "SQ"],
        ["T21", "T1", "T5", "T6"],
        ["T7", "SKIZ", "T8", "T9"],
        ["T20", "T10", "T11", "T12"],
        ["T13", "T14", "T19", "T15"],
        ["T18", "T16", "T17", "T2"],
    ],
};

/// For a lone declarer: seat 0 takes 44 in tricks (47 with own discards, 50 with all six).
const LONE: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T1", "T7", "T8"],
        ["T20", "T9", "T10", "T11"],
        ["T5", "T12", "T21", "T13"],
        ["T14", "T15", "T6", "T16"],
        ["T17", "T18", "T19", "T2"],
        ["HJ", "HK", "HQ", "HC"],
        ["DK", "DQ", "DC", "DJ"],
        ["CJ", "CK", "CQ", "CC"],
        ["SJ", "SQ", "SK", "SC"],
    ],
};

/// The declarer holds nine tarokks and leads them all.
const NINE: Deal = Deal {
    pack54: false,
    pool: POOL42,
    tricks: &[
        ["SKIZ", "T13", "T12", "T11"],
        ["T21", "T10", "T9", "T8"],
        ["T20", "T7", "T6", "T5"],
        ["T19", "T2", "T1", "CC"],
        ["T18", "HK", "HC", "CJ"],
        ["T17", "HQ", "HJ", "SK"],
        ["T16", "DK", "DC", "SQ"],
        ["T15", "DQ", "DJ", "SC"],
        ["T14", "CK", "CQ", "SJ"],
    ],
};

/// 54 cards: 51 in tricks for the declarer's team (54 with three discards, 53 with two). The
/// last trick is won by the partner's ♣K.
const D54: Deal = Deal {
    pack54: true,
    pool: POOL54,
    tricks: &[
        ["T1", "SKIZ", "T10", "T2"],
        ["T19", "T11", "T15", "T5"],
        ["SK", "SC", "SQ", "S7"],
        ["DA", "D3", "D2", "D4"],
        ["T9", "T12", "T21", "T6"],
        ["C10", "C9", "C8", "C7"],
        ["T17", "T7", "T18", "T13"],
        ["HQ", "HC", "HJ", "HK"],
        ["T20", "T8", "T14", "T16"],
        ["DK", "DQ", "DC", "DJ"],
        ["SJ", "S10", "S9", "S8"],
        ["CJ", "CQ", "CK", "CC"],
    ],
};

/// 54 cards: 77 in tricks for the declarer's team (80 with three discards, 79 with two).
const DG54: Deal = Deal {
    pack54: true,
    pool: POOL54,
    tricks: &[
        ["SKIZ", "T8", "T1", "T9"],
        ["T20", "T2", "T7", "T10"],
        ["T19", "T14", "T21", "T11"],
        ["T18", "T12", "T17", "T15"],
        ["T6", "T13", "T5", "T16"],
        ["SK", "S9", "S8", "S10"],
        ["CC", "C9", "C8", "C10"],
        ["DC", "DK", "D4", "DQ"],
        ["HC", "HJ", "HK", "HQ"],
        ["CK", "CQ", "CJ", "C7"],
        ["DA", "D2", "D3", "DJ"],
        ["S7", "SQ", "SJ", "SC"],
    ],
};

/// 54 cards: the declarer holds twelve tarokks and leads them all.
const RUNNER54: Deal = Deal {
    pack54: true,
    pool: POOL54,
    tricks: &[
        ["SKIZ", "T10", "T7", "T2"],
        ["T21", "T9", "T6", "T1"],
        ["T20", "T8", "T5", "C8"],
        ["T19", "HK", "HC", "C7"],
        ["T18", "HQ", "HJ", "SK"],
        ["T17", "DK", "D4", "SQ"],
        ["T16", "DQ", "CK", "SC"],
        ["T15", "DC", "CQ", "SJ"],
        ["T14", "DJ", "CC", "S10"],
        ["T13", "DA", "CJ", "S9"],
        ["T12", "D2", "C10", "S8"],
        ["T11", "D3", "C9", "S7"],
    ],
};

/// The deals by the names the data files use.
fn deal(name: &str) -> &'static Deal {
    match name {
        "all" => &ALL,
        "none" => &NONE,
        "d84" => &D84,
        "d50" => &D50,
        "d32" => &D32,
        "d18" => &D18,
        "ulti" => &ULTI,
        "ulti2" => &ULTI2,
        "ulti_birds_1" => &ULTI_BIRDS_1,
        "ulti_birds_2" => &ULTI_BIRDS_2,
        "facan_pagat" => &FACAN_PAGAT,
        "facan_sas" => &FACAN_SAS,
        "paros_a" => &PAROS_A,
        "paros_b" => &PAROS_B,
        "catch" => &CATCH,
        "catch_partners" => &CATCH_PARTNERS,
        "lastp" => &LASTP,
        "birds" => &BIRDS,
        "birds_fail" => &BIRDS_FAIL,
        "suitfam" => &SUITFAM,
        _ => panic!("unknown deal {name}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Building and checking cases
// ---------------------------------------------------------------------------------------------

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);
const S2: Seat = Seat::new(2);
const S3: Seat = Seat::new(3);
const S4: Seat = Seat::new(4);

/// Four players, dealer 3.
fn table4() -> Table {
    Table {
        seats: 4,
        dealer: S3,
        sitting_out: None,
    }
}

/// Five players, dealer 4 sitting out; seat 0 is still first to play.
fn table5() -> Table {
    Table {
        seats: 5,
        dealer: S4,
        sitting_out: Some(S4),
    }
}

fn card(s: &str) -> Card {
    match s {
        "SKIZ" => Card::SKIZ,
        // Spelled out because the crate's own text form of the skíz has been `SK` in the past.
        "SK" => Card::king(Suit::Spades),
        _ => s
            .parse()
            .unwrap_or_else(|e| panic!("bad card {s:?} in a deal: {e}")),
    }
}

fn contract(word: &str) -> Contract {
    Contract::HUNGARIAN
        .into_iter()
        .find(|c| c.word() == word)
        .unwrap_or_else(|| panic!("unknown contract {word}"))
}

/// Plays a deal out at `table`: the tricks and each seat's hand. Panics if the deal does not
/// use the pack exactly once or if any card is played illegally.
fn play(deal: &Deal, table: Table) -> (Vec<Trick>, BySeat<CardSet>) {
    let mut leader = table.first_active();
    let mut tricks = Vec::new();
    for cards in deal.tricks {
        let mut trick = Trick::new(leader);
        let mut seat = leader;
        for c in cards {
            trick.push(seat, card(c));
            seat = table.next_active(seat);
        }
        leader = trick.winner(&TrickRules::TAROCK).expect("a full trick").0;
        tricks.push(trick);
    }
    let mut hands = BySeat::splat(CardSet::EMPTY);
    let mut played = 0;
    for t in &tricks {
        for (s, c) in t.plays() {
            hands[s].insert(c);
            played += 1;
        }
    }
    let pool: CardSet = deal.pool.iter().map(|c| card(c)).collect();
    let pack = if deal.pack54 {
        Pack::Tarock54
    } else {
        Pack::Hungarian42
    };
    let all = hands.0.iter().fold(pool, |a, h| a | *h);
    assert_eq!(played + 6, pack.len(), "every card once");
    assert_eq!(all, pack.cards(), "the deal uses exactly the pack");
    assert!(
        !pool.intersects(CardSet::HONOURS | CardSet::KINGS),
        "honours and kings may not be discarded"
    );
    // Replay with the rules of play: follow suit, else trump, else anything.
    let mut rest = hands;
    for (k, t) in tricks.iter().enumerate() {
        let mut led = None;
        for (s, c) in t.plays() {
            assert!(
                TrickRules::TAROCK.legal(rest[s], led).contains(c),
                "trick {}: {c} by seat {s} is illegal",
                k + 1
            );
            rest[s].remove(c);
            led.get_or_insert(c);
        }
    }
    (tricks, hands)
}

/// The discards for `contract`: the declarer takes (and discards) 3/2/1/0 talon cards and the
/// others the rest in turn (HU-TALON-01..04), from the deal's pool in order.
fn discards(deal: &Deal, table: Table, declarer: Seat, contract: Contract) -> BySeat<CardSet> {
    let counts = match contract {
        Contract::Three => [3, 1, 1, 1],
        Contract::Two => [2, 2, 1, 1],
        Contract::One => [1, 2, 2, 1],
        Contract::Solo => [0, 2, 2, 2],
        other => unreachable!("not a Hungarian bid: {other:?}"),
    };
    let mut pool = deal.pool.iter().map(|c| card(c));
    let mut out = BySeat::splat(CardSet::EMPTY);
    let mut seat = declarer;
    for n in counts {
        for _ in 0..n {
            out[seat].insert(pool.next().expect("six discards"));
        }
        seat = table.next_active(seat);
    }
    out
}

/// Everything a `ScoreInput` borrows, with builder methods.
struct Case {
    options: HungarianOptions,
    table: Table,
    declarer: Seat,
    partner: Option<Seat>,
    contract: Contract,
    tricks: Vec<Trick>,
    discards: BySeat<CardSet>,
    talon_received: BySeat<CardSet>,
    announced: Vec<Announced>,
    game_level: u8,
    declared: BySeat<u8>,
    tarokks_held: BySeat<u8>,
    round_multiplier: i64,
}

impl Case {
    fn new(deal: &Deal, contract: Contract) -> Case {
        Case::at(deal, contract, table4())
    }

    fn at(deal: &Deal, contract: Contract, table: Table) -> Case {
        let (tricks, hands) = play(deal, table);
        let mut tarokks_held = BySeat::splat(0);
        for (i, h) in hands.0.iter().enumerate() {
            tarokks_held.0[i] = (*h & CardSet::TAROKKS).len() as u8;
        }
        let options = HungarianOptions {
            pack54: deal.pack54,
            ..HungarianOptions::default()
        };
        Case {
            options,
            table,
            declarer: S0,
            partner: Some(S2),
            contract,
            tricks,
            discards: discards(deal, table, S0, contract),
            talon_received: BySeat::splat(CardSet::EMPTY),
            announced: Vec::new(),
            game_level: 0,
            declared: BySeat::splat(0),
            tarokks_held,
            round_multiplier: 1,
        }
    }

    /// Switches to another Hungarian game, keeping the pack.
    fn game(mut self, game: Game) -> Case {
        let pack54 = self.options.pack54;
        self.options = HungarianOptions::for_game(game);
        self.options.pack54 = pack54;
        self
    }

    fn opt(mut self, name: &str, value: &str) -> Case {
        self.options
            .set(name, value)
            .unwrap_or_else(|e| panic!("option {name}={value}: {e:?}"));
        self
    }

    fn ann(mut self, bonus: Bonus, team: Team, level: u8) -> Case {
        self.announced.push(Announced { bonus, team, level });
        self
    }

    fn kontra_game(mut self, level: u8) -> Case {
        self.game_level = level;
        self
    }

    fn alone(mut self) -> Case {
        self.partner = None;
        self
    }

    fn declare(mut self, seat: Seat, count: u8) -> Case {
        self.declared[seat] = count;
        self
    }

    fn round(mut self, multiplier: i64) -> Case {
        self.round_multiplier = multiplier;
        self
    }

    fn input(&self) -> ScoreInput<'_> {
        ScoreInput {
            options: &self.options,
            table: self.table,
            declarer: self.declarer,
            partner: self.partner,
            contract: self.contract,
            tricks: &self.tricks,
            discards: self.discards,
            talon_received: self.talon_received,
            announced: &self.announced,
            game_level: self.game_level,
            declared: self.declared,
            tarokks_held: self.tarokks_held,
            round_multiplier: self.round_multiplier,
        }
    }

    fn settle(&self) -> Ledger {
        check(&self.input())
    }
}

/// Settles `input` and checks the invariants every ledger must keep: every line and the totals
/// zero-sum (HU-SCORE-56), totals equal to the sum of the lines, nothing paid to or by a seat
/// that sits out (but for talon honours paid to the dealer), and for a complete deal card points
/// adding up to the pack.
fn check(input: &ScoreInput<'_>) -> Ledger {
    let ledger = settle(input);
    assert!(ledger.is_zero_sum(), "not zero-sum: {ledger:#?}");
    let mut totals = [0_i64; 5];
    for line in &ledger.items {
        assert_eq!(line.payments.0.iter().sum::<i64>(), 0, "line {line:?}");
        for (i, p) in line.payments.0.iter().enumerate() {
            totals[i] += p;
            let seat = Seat::new(i as u8);
            // Only talon honours are paid to a sitting-out dealer (PK-SCORE-01).
            let to_dealer = line.item == Item::TalonHonour && seat == input.table.dealer;
            if !input.table.is_active(seat) && !to_dealer {
                assert_eq!(*p, 0, "inactive seat {i} in {line:?}");
            }
        }
    }
    assert_eq!(ledger.totals.0, totals, "totals are the sum of the lines");
    let active = usize::from(input.table.active_count());
    let complete = input.tricks.len() == input.options.tricks()
        && input.tricks.iter().all(|t| t.len() == active);
    if complete {
        let [d, o] = ledger.card_points.expect("a played hand has card points");
        assert_eq!(d + o, input.options.total_points(), "card points add up");
    }
    ledger
}

/// What `seat` receives over the lines whose item satisfies `pred`.
fn net(ledger: &Ledger, seat: Seat, pred: impl Fn(Item) -> bool) -> i64 {
    ledger
        .items
        .iter()
        .filter(|l| pred(l.item))
        .map(|l| l.payments[seat])
        .sum()
}

fn is_game_item(item: Item) -> bool {
    matches!(
        item,
        Item::Game | Item::Bonus(Bonus::DoubleGame | Bonus::Volat | Bonus::LongDoubleGame)
    )
}

/// What `seat` receives for the game, double game and volát.
fn game_net(ledger: &Ledger, seat: Seat) -> i64 {
    net(ledger, seat, is_game_item)
}

/// What `seat` receives for every line of `bonus`, announced or silent, of either team.
fn bonus_net(ledger: &Ledger, seat: Seat, bonus: Bonus) -> i64 {
    net(ledger, seat, |i| i == Item::Bonus(bonus))
}

/// Tricks won by the declarer's team (seats 0 and 2).
fn declarer_tricks(case: &Case) -> usize {
    case.tricks
        .iter()
        .filter(|t| {
            let (w, _) = t.winner(&TrickRules::TAROCK).expect("full trick");
            w == S0 || Some(w) == case.partner
        })
        .count()
}

/// The data rows of a CSV file: no comments, no header, split at commas.
fn rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split(',').map(str::trim).collect())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Card points
// ---------------------------------------------------------------------------------------------

// rule: HU-SCORE-01, HU-SCORE-02, HV-SCORE-20
#[test]
fn card_values_and_pack_totals() {
    for (c, v) in [
        ("SKIZ", 5),
        ("T21", 5),
        ("T1", 5),
        ("HK", 5),
        ("SK", 5),
        ("DQ", 4),
        ("CC", 3),
        ("SJ", 2),
        ("HA", 1),
        ("C10", 1),
        ("T20", 1),
        ("T2", 1),
        ("H4", 1),
        ("S7", 1),
    ] {
        assert_eq!(card_points(card(c).set()), v, "{c}");
    }
    assert_eq!(card_points(Pack::Hungarian42.cards()), 94);
    assert_eq!(card_points(Pack::Tarock54.cards()), 106);
    assert_eq!(card_points(CardSet::EMPTY), 0);
}

// rule: HU-TALON-13, HU-TALON-14, HU-SCORE-02
#[test]
fn declarer_discards_count_for_declarer_and_all_others_for_opponents() {
    // Bid three: the declarer discards ♥A ♦A ♣10 (3), the partner T3, which counts for the
    // opponents with seat 1's ♠10 and seat 3's T4.
    let ledger = Case::new(&D50, Contract::Three).settle();
    assert_eq!(ledger.card_points, Some([53, 41]));
    // Solo: the declarer discards nothing; the partner's ♣10 and ♠10 go to the opponents.
    let ledger = Case::new(&D50, Contract::Solo).settle();
    assert_eq!(ledger.card_points, Some([50, 44]));
}

// ---------------------------------------------------------------------------------------------
// Game, double game and volát
// ---------------------------------------------------------------------------------------------

// rule: HU-SCORE-05, HU-SCORE-06, HU-SCORE-07, HU-SCORE-08, HU-SCORE-09, HU-SCORE-10, HU-SCORE-11, HU-SCORE-13, HU-SCORE-14, HU-SCORE-15, HU-SCORE-16, HU-SCORE-17, HU-SCORE-18, HU-SCORE-19, HU-SCORE-20, HU-SCORE-21, HU-SCORE-22, HU-SCORE-23, HU-SCORE-24, HU-SCORE-25, HU-SCORE-26, HU-SCORE-27, HU-SCORE-28, HU-SCORE-57
#[test]
fn multiplier_table_golden() {
    // One deal per column: no trick, ≤23, 24–47, 48–70, ≥71 (not every trick), every trick.
    let columns: [&Deal; 6] = [&NONE, &D18, &D32, &D50, &D84, &ALL];
    let level =
        |s: &str| -> Option<u8> { (s != "-").then(|| s.parse().expect("a kontra level or -")) };
    let data = rows(include_str!("data/multipliers.csv"));
    assert_eq!(data.len(), 8, "the eight rows of GAPS 000-G5");
    for row in data {
        let (rule, label) = (row[0], row[1]);
        let game_level: u8 = row[2].parse().expect("game kontra level");
        let (dd, dv, od) = (level(row[3]), level(row[4]), level(row[5]));
        for (col, deal) in columns.iter().enumerate() {
            let multiple: i64 = row[6 + col].parse().expect("a multiple of g");
            for contract in Contract::HUNGARIAN {
                let mut case = Case::new(deal, contract).kontra_game(game_level);
                if let Some(l) = dd {
                    case = case.ann(Bonus::DoubleGame, Team::Declarer, l);
                }
                if let Some(l) = dv {
                    case = case.ann(Bonus::Volat, Team::Declarer, l);
                }
                if let Some(l) = od {
                    case = case.ann(Bonus::DoubleGame, Team::Opponents, l);
                }
                let ledger = case.settle();
                // The deal really lies in its column.
                let [points, _] = ledger.card_points.expect("card points");
                let tricks = declarer_tricks(&case);
                let in_column = match col {
                    0 => tricks == 0,
                    1 => points <= 23 && tricks > 0,
                    2 => (24..=47).contains(&points),
                    3 => (48..=70).contains(&points),
                    4 => points >= 71 && tricks < 9,
                    _ => tricks == 9,
                };
                assert!(
                    in_column,
                    "{label}: column {col} deal has {points} / {tricks}"
                );
                let g = match contract {
                    Contract::Three => 1,
                    Contract::Two => 2,
                    Contract::One => 3,
                    Contract::Solo => 4,
                    other => unreachable!("not a Hungarian bid: {other:?}"),
                };
                let what = format!("{rule} {label}, column {col}, bid {}", contract.word());
                assert_eq!(game_net(&ledger, S0), multiple * g, "{what}");
                // Two against two: the partner the same, each opponent the opposite.
                assert_eq!(game_net(&ledger, S2), multiple * g, "{what}");
                assert_eq!(game_net(&ledger, S1), -multiple * g, "{what}");
                assert_eq!(game_net(&ledger, S3), -multiple * g, "{what}");
            }
        }
    }
}

// rule: HU-SCORE-03, HU-SCORE-09
#[test]
fn forty_eight_wins_forty_seven_loses() {
    // Solo: no discards for the declarer, so the tricks alone decide.
    let ledger = Case::new(&LASTP, Contract::Solo).settle();
    assert_eq!(ledger.card_points, Some([48, 46]));
    assert_eq!(game_net(&ledger, S0), 4);
    let ledger = Case::new(&LASTP47, Contract::Solo).settle();
    assert_eq!(ledger.card_points, Some([47, 47]));
    assert_eq!(game_net(&ledger, S0), -4);
    let game = ledger
        .items
        .iter()
        .find(|l| l.item == Item::Game)
        .expect("game line");
    assert_eq!((game.team, game.made), (Some(Team::Declarer), false));
}

// rule: HV-SCORE-04, HU-SCORE-03, HU-SCORE-19
#[test]
fn opponents_need_48_after_kontra_option() {
    // 47–47 with the game kontra'd: normally the opponents win it (×2).
    let case = || Case::new(&LASTP47, Contract::Solo);
    assert_eq!(game_net(&case().kontra_game(1).settle(), S0), -8);
    // With the option, the opponents who said kontra need 48 themselves.
    let opt = |c: Case| c.opt("opponents_need_48_after_kontra", "true");
    assert_eq!(game_net(&opt(case()).kontra_game(1).settle(), S0), 8);
    // The option changes nothing without a kontra.
    assert_eq!(game_net(&opt(case()).settle(), S0), -4);
}

// rule: HU-SCORE-04, HU-SCORE-10, HU-SCORE-13
#[test]
fn double_game_threshold_is_71() {
    // Three: 68 + 3 discards = 71, a silent double game (2g) replaces the game.
    let ledger = Case::new(&EDGE71, Contract::Three).settle();
    assert_eq!(ledger.card_points, Some([71, 23]));
    assert_eq!(bonus_net(&ledger, S0, Bonus::DoubleGame), 2);
    assert_eq!(net(&ledger, S0, |i| i == Item::Game), 0);
    // Two: 70 is only the game (g = 2).
    let ledger = Case::new(&EDGE71, Contract::Two).settle();
    assert_eq!(ledger.card_points, Some([70, 24]));
    assert_eq!(bonus_net(&ledger, S0, Bonus::DoubleGame), 0);
    assert_eq!(net(&ledger, S0, |i| i == Item::Game), 2);
}

// rule: HU-SCORE-29, HU-SCORE-30, HU-SCORE-56, HU-SCORE-57
#[test]
fn two_against_two_each_pays_one() {
    // D50 at three: the declarer's team wins the game (+1 each) and the opponents make a silent
    // trull (+1 each); both are paid member to member.
    let ledger = Case::new(&D50, Contract::Three).settle();
    let game = &ledger.items[0];
    assert_eq!(game.item, Item::Game);
    assert_eq!(game.payments.0, [1, -1, 1, -1, 0]);
    let trull = ledger
        .items
        .iter()
        .find(|l| l.item == Item::Bonus(Bonus::Trull))
        .expect("silent trull");
    assert_eq!(trull.team, Some(Team::Opponents));
    assert!(!trull.announced && trull.made);
    assert_eq!(trull.payments.0, [-1, 1, -1, 1, 0]);
    assert_eq!(ledger.totals.0, [0, 0, 0, 0, 0]);
}

// rule: HU-SCORE-58, HU-CALL-11, HV-CALL-01
#[test]
fn lone_declarer_pays_and_receives_three_times() {
    // Seat 0 called a tarokk that seat 3 had discarded and plays alone: 44 in tricks plus its
    // own three discards is 47, a lost game, while the others' discards stay with them.
    let ledger = Case::new(&LONE, Contract::Three).alone().settle();
    assert_eq!(ledger.card_points, Some([47, 47]));
    assert_eq!(ledger.items[0].payments.0, [-3, 1, 1, 1, 0]);
    // With the ITVB rule every discard goes to the lone declarer: 50, a won game.
    let ledger = Case::new(&LONE, Contract::Three)
        .alone()
        .opt("discard_pile_to_lone_declarer", "true")
        .settle();
    assert_eq!(ledger.card_points, Some([50, 44]));
    assert_eq!(ledger.items[0].payments.0, [3, -1, -1, -1, 0]);
    // The option only concerns a lone declarer: with a partner the split is unchanged.
    let ledger = Case::new(&D50, Contract::Three)
        .opt("discard_pile_to_lone_declarer", "true")
        .settle();
    assert_eq!(ledger.card_points, Some([53, 41]));
    // Bonuses too: a failed trull costs the lone declarer 2 to each opponent.
    let ledger = Case::new(&LONE, Contract::Three)
        .alone()
        .ann(Bonus::Trull, Team::Declarer, 0)
        .settle();
    let trull = net(&ledger, S0, |i| i == Item::Bonus(Bonus::Trull));
    assert_eq!(trull, -6);
    assert_eq!(net(&ledger, S2, |i| i == Item::Bonus(Bonus::Trull)), 2);
}

// rule: HU-SCORE-59, HU-SCORE-54
#[test]
fn five_players_dealer_gets_nothing() {
    // The declarer holds eight tarokks and declares them; trull is announced and kontra'd.
    let four = Case::new(&ULTI, Contract::Three)
        .ann(Bonus::Trull, Team::Declarer, 1)
        .declare(S0, 8)
        .settle();
    let five = Case::at(&ULTI, Contract::Three, table5())
        .ann(Bonus::Trull, Team::Declarer, 1)
        .declare(S0, 8)
        .settle();
    assert_eq!(four.items.len(), five.items.len());
    for (a, b) in four.items.iter().zip(&five.items) {
        assert_eq!(a.payments.0[..4], b.payments.0[..4], "{:?}", a.item);
        assert_eq!(b.payments[S4], 0);
    }
    assert_eq!(five.totals[S4], 0);
    // Eight tarokks are paid by the three other active players only.
    let tarokks = five
        .items
        .iter()
        .find(|l| matches!(l.item, Item::Tarokks { .. }))
        .expect("tarokk line");
    assert_eq!(tarokks.payments.0, [3, -1, -1, -1, 0]);
}

// rule: PK-SCORE-01, HU-SCORE-59
#[test]
fn talon_honours_pay_the_dealer() {
    let mut case =
        Case::at(&D50, Contract::Three, table5()).opt("talon_honours_pay_dealer", "true");
    // The declarer drew the pagát, seat 1 the skíz (both are in their hands in D50).
    case.talon_received[S0] = Card::PAGAT.set() | card("HA").set();
    case.talon_received[S1] = Card::SKIZ.set();
    let ledger = case.settle();
    let lines: Vec<_> = ledger
        .items
        .iter()
        .filter(|l| l.item == Item::TalonHonour)
        .map(|l| (l.seat, l.base, l.payments.0))
        .collect();
    assert_eq!(
        lines,
        vec![
            (Some(S0), 1, [-1, 0, 0, 0, 1]),
            (Some(S1), 3, [0, -3, 0, 0, 3]),
        ]
    );
    // Without the option the dealer stays out of it.
    case.options.talon_honours_pay_dealer = false;
    assert_eq!(net(&case.settle(), S4, |_| true), 0);
    // With four players there is no sitting-out dealer to pay.
    let mut four = Case::new(&D50, Contract::Three).opt("talon_honours_pay_dealer", "true");
    four.talon_received[S1] = Card::SKIZ.set();
    assert_eq!(net(&four.settle(), S3, |i| i == Item::TalonHonour), 0);
}

// rule: HU-MATCH-03, HU-MATCH-04, HU-SCORE-60
#[test]
fn round_multiplier_multiplies_every_line() {
    let make = |m: i64| {
        Case::new(&ULTI, Contract::Two)
            .ann(Bonus::PagatUltimo, Team::Declarer, 1)
            .kontra_game(1)
            .declare(S0, 8)
            .round(m)
            .settle()
    };
    let single = make(1);
    let quadruple = make(4);
    assert_eq!(single.items.len(), quadruple.items.len());
    for (a, b) in single.items.iter().zip(&quadruple.items) {
        assert_eq!(b.multiplier, a.multiplier * 4, "{:?}", a.item);
        for s in 0..5 {
            assert_eq!(b.payments.0[s], a.payments.0[s] * 4, "{:?}", a.item);
        }
    }
    // Game kontra'd (2 × 2) and a kontra'd pagátulti (10 × 2) at ×4.
    assert_eq!(net(&quadruple, S0, |i| i == Item::Game), 16);
    assert_eq!(bonus_net(&quadruple, S0, Bonus::PagatUltimo), 80);
}

// ---------------------------------------------------------------------------------------------
// Bonuses
// ---------------------------------------------------------------------------------------------

// rule: HU-SCORE-11, HU-SCORE-12, HU-SCORE-14, HU-SCORE-15, HU-SCORE-30, HU-SCORE-31, HU-SCORE-32, HU-SCORE-33, HU-SCORE-34, HU-SCORE-35, HU-SCORE-36, HU-SCORE-37, HU-SCORE-38, HU-SCORE-39, HU-SCORE-40, HU-SCORE-41, HU-SCORE-42, HU-SCORE-43, HU-SCORE-45, HU-SCORE-46, HU-SCORE-47, HU-SCORE-48, HU-SCORE-49, HU-SCORE-50, HU-SCORE-51, HU-SCORE-52, HU-SCORE-53, HU-SCORE-60, HU-ANN-06, HU-ANN-13, PK-SCORE-02, HV-ANN-07, HV-ANN-08, HV-ANN-11, HV-SCORE-01, HV-SCORE-02, HV-SCORE-05, HV-SCORE-06, HV-SCORE-07, HV-SCORE-08, HV-SCORE-09, HV-SCORE-10, HV-SCORE-11, HV-SCORE-12, HV-SCORE-13, HV-SCORE-14, HV-SCORE-15, HV-SCORE-16, HV-SCORE-17, HV-SCORE-18, HV-SCORE-19, HV-SCORE-23, HV-SCORE-24
#[test]
fn bonus_table_golden() {
    let data = rows(include_str!("data/bonuses.csv"));
    assert!(data.len() > 100);
    for row in data {
        let [rules, deal_name, bid, options, announced, level, item, seat0, seat1] = row[..] else {
            panic!("bad row {row:?}");
        };
        assert!(rules.contains('-'), "every row cites its rules");
        let mut case = Case::new(deal(deal_name), contract(bid));
        for opt in options.split(';').filter(|o| *o != "-") {
            let (name, value) = opt.split_once('=').expect("name=value");
            case = if name == "game" {
                assert_eq!(value, "high");
                case.game(Game::High)
            } else {
                case.opt(name, value)
            };
        }
        for a in announced.split(';').filter(|a| *a != "-") {
            let parts: Vec<&str> = a.split('|').collect();
            let bonus = Bonus::from_str(parts[0]).expect("bonus notation");
            let team = match parts[1] {
                "D" => Team::Declarer,
                _ => Team::Opponents,
            };
            case = case.ann(bonus, team, parts[2].parse().expect("kontra level"));
        }
        case = case.kontra_game(level.parse().expect("game kontra level"));
        let ledger = case.settle();
        let value = |seat: Seat| match item {
            "game" => game_net(&ledger, seat),
            "total" => ledger.totals[seat],
            slug => bonus_net(&ledger, seat, Bonus::from_str(slug).expect("bonus")),
        };
        let what = format!("{rules}: {deal_name} {bid} {options} {announced} -> {item}");
        assert_eq!(value(S0), seat0.parse::<i64>().expect("seat0"), "{what}");
        assert_eq!(value(S1), seat1.parse::<i64>().expect("seat1"), "{what}");
    }
}

// rule: HU-SCORE-37, HU-SCORE-36
#[test]
fn parlett_one_lost_trick_beats_volat() {
    // Bid three, nothing announced, all honours and kings won: losing one trick scores double
    // game 2 + trull 1 + four kings 1 …
    let lose_one = Case::new(&D84, Contract::Three).settle();
    let mut items: Vec<_> = lose_one
        .items
        .iter()
        .map(|l| (l.item, l.payments[S0]))
        .collect();
    items.sort_by_key(|(i, _)| format!("{i:?}"));
    assert_eq!(
        items,
        vec![
            (Item::Bonus(Bonus::DoubleGame), 2),
            (Item::Bonus(Bonus::FourKings), 1),
            (Item::Bonus(Bonus::Trull), 1),
        ]
    );
    assert_eq!(lose_one.totals[S0], 4);
    // … winning every trick only the silent volát, 3.
    let volat = Case::new(&ALL, Contract::Three).settle();
    assert_eq!(volat.items.len(), 1);
    assert_eq!(volat.items[0].item, Item::Bonus(Bonus::Volat));
    assert_eq!(volat.totals[S0], 3);
}

// rule: HU-SCORE-12
#[test]
fn parlett_bid_one_with_announced_volat_pays_18() {
    let ledger = Case::new(&ALL, Contract::One)
        .ann(Bonus::Volat, Team::Declarer, 0)
        .settle();
    let volat = ledger
        .items
        .iter()
        .find(|l| l.item == Item::Bonus(Bonus::Volat))
        .expect("volát line");
    assert!(volat.announced && volat.made);
    assert_eq!((volat.base, volat.multiplier), (18, 1));
    assert_eq!(volat.payments[S0], 18);
    assert_eq!(game_net(&ledger, S0), 18);
}

// rule: HU-SCORE-53, HU-SCORE-35, HU-SCORE-33
#[test]
fn bonus_announced_by_one_team_made_by_the_other_scores_twice() {
    let ledger = Case::new(&D84, Contract::Three)
        .ann(Bonus::FourKings, Team::Opponents, 0)
        .settle();
    let lines: Vec<_> = ledger
        .items
        .iter()
        .filter(|l| l.item == Item::Bonus(Bonus::FourKings))
        .map(|l| (l.team, l.announced, l.made, l.payments[S0]))
        .collect();
    assert_eq!(
        lines,
        vec![
            (Some(Team::Opponents), true, false, 2),
            (Some(Team::Declarer), false, true, 1),
        ]
    );
}

// rule: HU-SCORE-39
#[test]
fn silent_pagat_ultimo_fails_even_when_partner_wins() {
    let ledger = Case::new(&LASTP, Contract::Three).settle();
    // Trick 9: the declarer's pagát, won by the partner's XVIII.
    let last = ledger
        .items
        .iter()
        .find(|l| l.item == Item::Bonus(Bonus::PagatUltimo))
        .expect("failed silent ultimó");
    assert_eq!(
        (last.team, last.announced, last.made),
        (Some(Team::Declarer), false, false)
    );
    assert_eq!(last.payments.0, [-5, 5, -5, 5, 0]);
}

// rule: HU-SCORE-42, HU-SCORE-43, HU-SCORE-44
#[test]
fn xxi_catch_and_the_hat() {
    let caught = Case::new(&CATCH, Contract::Three).settle();
    assert_eq!(caught.hat, Some(S1));
    assert_eq!(bonus_net(&caught, S0, Bonus::XxiCatch), 21);
    // Partners' skíz and XXI in one trick: no catch and no hat.
    let partners = Case::new(&CATCH_PARTNERS, Contract::Three).settle();
    assert_eq!(partners.hat, None);
    assert_eq!(bonus_net(&partners, S0, Bonus::XxiCatch), 0);
    // The hat is worn whether or not the catch was announced, and whoever announced it.
    let announced = Case::new(&CATCH, Contract::Three)
        .ann(Bonus::XxiCatch, Team::Opponents, 0)
        .settle();
    assert_eq!(announced.hat, Some(S1));
    assert_eq!(Case::new(&D50, Contract::Three).settle().hat, None);
}

// rule: HV-SCORE-24, HU-SCORE-48
#[test]
fn chained_birds_pay_seventy_in_all() {
    let all = |deal: &Deal, chained: &str| {
        let ledger = Case::new(deal, Contract::Three)
            .opt("birds_chained", chained)
            .ann(Bonus::Centrum, Team::Declarer, 0)
            .ann(Bonus::SmallBird, Team::Declarer, 0)
            .ann(Bonus::LargeBird, Team::Declarer, 0)
            .settle();
        [Bonus::Centrum, Bonus::SmallBird, Bonus::LargeBird]
            .iter()
            .map(|&b| bonus_net(&ledger, S0, b))
            .sum::<i64>()
    };
    assert_eq!(all(&BIRDS, "true"), 70);
    assert_eq!(all(&BIRDS, "false"), 30);
    assert_eq!(all(&BIRDS_FAIL, "true"), -70);
    assert_eq!(all(&BIRDS_FAIL, "false"), -10);
}

// ---------------------------------------------------------------------------------------------
// Tarokk declarations
// ---------------------------------------------------------------------------------------------

fn tarokk_lines(ledger: &Ledger) -> Vec<(Item, Option<Seat>, [i64; 5])> {
    ledger
        .items
        .iter()
        .filter(|l| matches!(l.item, Item::Tarokks { .. }))
        .map(|l| (l.item, l.seat, l.payments.0))
        .collect()
}

// rule: HU-SCORE-54, HU-ANN-26, HU-SCORE-31
#[test]
fn declared_tarokks_paid_by_every_other_player() {
    let eight = Item::Tarokks {
        count: 8,
        declared: true,
    };
    let ledger = Case::new(&ULTI, Contract::Solo).declare(S0, 8).settle();
    assert_eq!(
        tarokk_lines(&ledger),
        vec![(eight, Some(S0), [3, -1, -1, -1, 0])]
    );
    let nine = Item::Tarokks {
        count: 9,
        declared: true,
    };
    let ledger = Case::new(&NINE, Contract::Three).declare(S0, 9).settle();
    assert_eq!(
        tarokk_lines(&ledger),
        vec![(nine, Some(S0), [6, -2, -2, -2, 0])]
    );
    // The same for a lone declarer: three payers.
    let ledger = Case::new(&NINE, Contract::Three)
        .alone()
        .declare(S0, 9)
        .settle();
    assert_eq!(
        tarokk_lines(&ledger),
        vec![(nine, Some(S0), [6, -2, -2, -2, 0])]
    );
}

// rule: HV-SCORE-03, HU-SCORE-54
#[test]
fn declared_tarokks_as_a_team_item() {
    let ledger = Case::new(&ULTI, Contract::Three)
        .opt("tarokk_count_payment", "team")
        .declare(S0, 8)
        .settle();
    let line = ledger
        .items
        .iter()
        .find(|l| matches!(l.item, Item::Tarokks { .. }))
        .expect("tarokk line");
    // The partner does not pay: the holder's team is paid by the opponents.
    assert_eq!(line.payments.0, [1, -1, 1, -1, 0]);
    assert_eq!((line.team, line.seat), (Some(Team::Declarer), Some(S0)));
    // Alone, the declarer is paid by all three opponents.
    let ledger = Case::new(&ULTI, Contract::Three)
        .opt("tarokk_count_payment", "team")
        .alone()
        .declare(S0, 8)
        .settle();
    assert_eq!(tarokk_lines(&ledger)[0].2, [3, -1, -1, -1, 0]);
}

// rule: HU-SCORE-55
#[test]
fn undeclared_tarokks_claimed_from_partner_only() {
    // The declarer holds eight tarokks and did not declare them.
    let case = Case::new(&ULTI, Contract::Three);
    assert_eq!(case.tarokks_held[S0], 8);
    let undeclared = Item::Tarokks {
        count: 8,
        declared: false,
    };
    assert_eq!(
        tarokk_lines(&case.settle()),
        vec![(undeclared, Some(S0), [1, 0, -1, 0, 0])]
    );
    let nine = Item::Tarokks {
        count: 9,
        declared: false,
    };
    assert_eq!(
        tarokk_lines(&Case::new(&NINE, Contract::Three).settle()),
        vec![(nine, Some(S0), [2, 0, -2, 0, 0])]
    );
    // A lone declarer has nobody to claim from.
    let alone = Case::new(&ULTI, Contract::Three).alone().settle();
    assert!(tarokk_lines(&alone).is_empty());
}

// rule: HV-ANN-12, HV-PLAY-01, HU-SCORE-05
#[test]
fn fifty_four_card_tarokk_declarations_and_volat() {
    let case = Case::new(&RUNNER54, Contract::Three);
    assert_eq!(case.tarokks_held[S0], 12);
    for (count, value) in [(8, 1), (9, 2), (10, 3), (11, 4), (12, 5)] {
        let ledger = Case::new(&RUNNER54, Contract::Three)
            .declare(S0, count)
            .settle();
        let lines = tarokk_lines(&ledger);
        assert_eq!(lines.len(), 1);
        assert_eq!(
            lines[0].2,
            [3 * value, -value, -value, -value, 0],
            "{count}"
        );
    }
    // Every one of the twelve tricks: a silent volát, 3g.
    let ledger = case.settle();
    assert_eq!(bonus_net(&ledger, S0, Bonus::Volat), 3);
    assert_eq!(ledger.card_points, Some([103, 3]));
}

// ---------------------------------------------------------------------------------------------
// 54 cards
// ---------------------------------------------------------------------------------------------

// rule: HV-SCORE-21, HV-SCORE-20, HV-DEAL-01, HV-DEAL-02
#[test]
fn fifty_four_cards_need_54_to_win() {
    let ledger = Case::new(&D54, Contract::Three).settle();
    assert_eq!(ledger.card_points, Some([54, 52]));
    assert_eq!(game_net(&ledger, S0), 1);
    let ledger = Case::new(&D54, Contract::Two).settle();
    assert_eq!(ledger.card_points, Some([53, 53]));
    assert_eq!(game_net(&ledger, S0), -2);
}

// rule: HV-SCORE-22
#[test]
fn fifty_four_cards_double_game_at_80() {
    let ledger = Case::new(&DG54, Contract::Three).settle();
    assert_eq!(ledger.card_points, Some([80, 26]));
    assert_eq!(bonus_net(&ledger, S0, Bonus::DoubleGame), 2);
    assert_eq!(game_net(&ledger, S0), 2);
    let ledger = Case::new(&DG54, Contract::Two).settle();
    assert_eq!(ledger.card_points, Some([79, 27]));
    assert_eq!(bonus_net(&ledger, S0, Bonus::DoubleGame), 0);
    assert_eq!(game_net(&ledger, S0), 2);
}

// rule: HV-PLAY-01, HU-SCORE-50
#[test]
fn fifty_four_cards_ultimo_is_trick_twelve() {
    // Trick 12 is won by the partner's ♣K; trick 9 by the declarer's XX.
    let ledger = Case::new(&D54, Contract::Three)
        .ann(Bonus::KingUltimo(Suit::Clubs), Team::Declarer, 0)
        .ann(Bonus::KingUltimo(Suit::Hearts), Team::Declarer, 0)
        .settle();
    assert_eq!(bonus_net(&ledger, S0, Bonus::KingUltimo(Suit::Clubs)), 15);
    assert_eq!(bonus_net(&ledger, S0, Bonus::KingUltimo(Suit::Hearts)), -15);
}

// ---------------------------------------------------------------------------------------------
// Hands that are not played
// ---------------------------------------------------------------------------------------------

// rule: HU-BID-10, HV-BID-03, HU-BID-09
#[test]
fn speculative_bid_without_honour() {
    let options = HungarianOptions::default();
    // Default: the bid's basic value to each other player (two: 2 each).
    let ledger = settle_trial_bid(&options, table4(), S3, Contract::Two, 1);
    assert!(ledger.is_zero_sum());
    assert_eq!(ledger.items.len(), 1);
    assert_eq!(ledger.items[0].item, Item::TrialBidPenalty);
    assert_eq!(ledger.items[0].seat, Some(S3));
    assert_eq!(ledger.totals.0, [2, 2, 2, -6, 0]);
    let ledger = settle_trial_bid(&options, table4(), S3, Contract::Three, 1);
    assert_eq!(ledger.totals.0, [1, 1, 1, -3, 0]);
    // PVSZ18: 3 each, whatever the bid; doubled in a doubled round.
    let mut three = options;
    three.set("trial_bid_penalty", "three").expect("option");
    let ledger = settle_trial_bid(&three, table4(), S3, Contract::One, 2);
    assert_eq!(ledger.totals.0, [6, 6, 6, -18, 0]);
    // mkvm.hu: nothing.
    let mut none = options;
    none.set("trial_bid_penalty", "none").expect("option");
    let ledger = settle_trial_bid(&none, table4(), S3, Contract::Two, 1);
    assert!(ledger.items.is_empty());
    assert_eq!(ledger.totals.0, [0; 5]);
    // Five players: the dealer (seat 4) neither pays nor is paid; seat 3 bid fourth.
    let ledger = settle_trial_bid(&options, table5(), S3, Contract::Three, 1);
    assert!(ledger.is_zero_sum());
    assert_eq!(ledger.totals.0, [1, 1, 1, -3, 0]);
}

// rule: HV-ANN-02
#[test]
fn trull_only_three_pays_three_to_the_declarers_team() {
    let ledger = settle_trull_only_three(table4(), S0, Some(S2), 1);
    assert!(ledger.is_zero_sum());
    assert_eq!(ledger.items.len(), 1);
    assert_eq!(ledger.items[0].item, Item::TrullOnlyThree);
    assert_eq!(ledger.items[0].team, Some(Team::Declarer));
    assert_eq!(ledger.totals.0, [3, -3, 3, -3, 0]);
    assert_eq!(ledger.card_points, None);
    // Alone: 3 from each opponent; in a doubled round twice that; five players: dealer out.
    let ledger = settle_trull_only_three(table4(), S0, None, 2);
    assert_eq!(ledger.totals.0, [18, -6, -6, -6, 0]);
    let ledger = settle_trull_only_three(table5(), S1, Some(S3), 1);
    assert_eq!(ledger.totals.0, [-3, 3, -3, 3, 0]);
}

// ---------------------------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------------------------

// rule: HU-SCORE-56
#[test]
fn never_panics_on_odd_input() {
    // Kontra levels beyond mordkontra, an absurd declaration and round multiplier, and fewer
    // tricks than a hand has (down to none), ending in a half-played and an empty trick.
    for n in 0..=9 {
        let mut case = Case::new(&CATCH, Contract::Solo)
            .ann(Bonus::PagatUltimo, Team::Declarer, 200)
            .ann(Bonus::SuitFamily(Suit::Hearts), Team::Opponents, 3)
            .ann(Bonus::DoubleGame, Team::Opponents, 9)
            .ann(Bonus::Volat, Team::Declarer, 1)
            .ann(Bonus::LargeBird, Team::Declarer, 1)
            .kontra_game(255)
            .declare(S1, 200)
            .round(i64::MAX);
        case.tricks.truncate(n);
        let mut half = Trick::new(S0);
        half.push(S0, Card::XX);
        case.tricks.push(half);
        case.tricks.push(Trick::new(S1));
        let ledger = case.settle();
        assert!(ledger.card_points.is_some());
    }
    // A negative round multiplier scores nothing.
    let ledger = Case::new(&D50, Contract::Three).round(-5).settle();
    assert_eq!(ledger.totals.0, [0; 5]);
    // A partner equal to the declarer is no partner; a five-seat table without anyone sitting
    // out has four opponents: the lost game (31 points) costs seat 0 one to each of them.
    let mut odd = Case::new(&D50, Contract::Three);
    odd.partner = Some(S0);
    odd.table = Table {
        seats: 5,
        dealer: S3,
        sitting_out: None,
    };
    let ledger = odd.settle();
    assert_eq!(ledger.card_points, Some([31, 63]));
    assert_eq!(ledger.items[0].payments.0, [-4, 1, 1, 1, 1]);
}
