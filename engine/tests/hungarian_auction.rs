//! Rule tests of the Hungarian deal, auction, talon exchange and annulment (CHECKLIST sections
//! HU-DEAL, HU-BID, HU-TALON and HU-ANNUL, with their PK and HV variations), through the public
//! API only.
//!
//! Every case plays an explicit deal built for the rule it checks. Seats 0..3 are A, B, C and D
//! of the seed's examples: the dealer is seat 3, so seat 0 bids first and the turn goes 0, 1, 2,
//! 3. Most cases start from [`spread`] and exchange single cards with [`Cards::swap`], so that a
//! case names only the cards that matter to it.

use tarock_engine::deal::DealProblem;
use tarock_engine::game::{Game, Observe};
use tarock_engine::hungarian::Phase;
use tarock_engine::shuffle::{seed_from_u64, shuffled};
use tarock_engine::{
    Action, AnyGame, Card, CardSet, Contract, DealBuilder, DealSource, End, Hungarian, Ledger,
    Pack, Seat, Setup, SetupError, Variant,
};

const ILL: Variant = Variant::HungarianIllustrated;
const PASK: Variant = Variant::HungarianPaskievics;
const HIGH: Variant = Variant::HungarianHigh;

/// Option pairs, or card pairs to exchange.
type Pairs = &'static [(&'static str, &'static str)];

const NO_OPTS: Pairs = &[];
const OLD_HOLD: Pairs = &[("hold_rule", "old")];
const SOLO_XVIII: Pairs = &[("jump_to_solo_means", "XVIII")];
const PAGAT_CUE: Pairs = &[("cue_bid_with_pagat_only", "true")];
const XX_KEPT: Pairs = &[("xx_discardable", "false")];
const BEFORE_DISCARD: Pairs = &[("annul_timing", "before_discard")];

// Exchanges that turn [`spread`] into the hand a case needs.
/// A loses the XIX (to the top of the talon) and gets the XII.
const A_NO_XIX: (&str, &str) = ("T19", "T12");
/// A loses the XVIII (to the top of the talon) and gets the XII.
const A_NO_XVIII: (&str, &str) = ("T18", "T12");
/// A loses the XX (to the top of the talon) and gets the XII.
const A_NO_XX: (&str, &str) = ("T20", "T12");
/// A's only honour becomes the pagát; C gets the skíz.
const A_PAGAT: (&str, &str) = ("SKIZ", "T1");
/// B gets the XIX; A gets the XVII.
const B_XIX: (&str, &str) = ("T19", "T17");
/// B gets the XVIII; A gets the XVII.
const B_XVIII: (&str, &str) = ("T18", "T17");
/// D gets the XXI; B is left without an honour.
const D_XXI: (&str, &str) = ("T21", "T14");
/// D gets the pagát; C is left without an honour.
const D_PAGAT: (&str, &str) = ("T1", "T14");
/// The pagát goes to the top of the talon; C is left without an honour.
const TALON_PAGAT: (&str, &str) = ("T12", "T1");

// ---------------------------------------------------------------------------------------------
// Helpers

fn c(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn set(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

fn seat(i: u8) -> Seat {
    Seat::new(i)
}

/// An explicit deal in notation: the hand of each seat (seat 0 first) and the talon, top card
/// first.
#[derive(Clone, Debug)]
struct Cards {
    hands: Vec<String>,
    talon: String,
}

impl Cards {
    fn new(hands: &[&str], talon: &str) -> Cards {
        Cards {
            hands: hands.iter().map(|h| (*h).to_owned()).collect(),
            talon: talon.to_owned(),
        }
    }

    /// The same deal with cards `a` and `b` exchanged, wherever each of them lies.
    fn swap(&self, (a, b): (&str, &str)) -> Cards {
        let (a, b) = (c(a), c(b));
        let mut found = 0;
        let mut swap_in = |text: &str| -> String {
            text.split_whitespace()
                .map(|t| {
                    let x = c(t);
                    if x == a || x == b {
                        found += 1;
                    }
                    if x == a {
                        b
                    } else if x == b {
                        a
                    } else {
                        x
                    }
                    .to_string()
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let hands = self.hands.iter().map(|h| swap_in(h)).collect();
        let talon = swap_in(&self.talon);
        assert_eq!(found, 2, "swap {a} {b}: both cards must be in the deal");
        Cards { hands, talon }
    }

    fn swaps(&self, pairs: &[(&str, &str)]) -> Cards {
        pairs.iter().fold(self.clone(), |d, &p| d.swap(p))
    }

    fn builder(&self) -> DealBuilder {
        let b = self
            .hands
            .iter()
            .enumerate()
            .fold(DealBuilder::new(), |b, (i, h)| b.hand_str(i as u8, h));
        b.talon_str(&self.talon)
    }
}

/// The workhorse deal.
///
/// * A (0): skíz, XX, XIX, XVIII: a high honour and every card a cue bid or a yield shows.
/// * B (1): the XXI, but none of the XX, XIX, XVIII.
/// * C (2): the pagát as the only honour.
/// * D (3): no honour.
/// * Talon, top first: XII, XI, IV, III, II and the club rider: no honour.
fn spread() -> Cards {
    Cards::new(
        &[
            "SKIZ T20 T19 T18 T10 HK HQ DJ C10",
            "T21 T17 T9 T8 DK DQ CJ SJ HA",
            "T1 T16 T15 T7 CK CQ SQ HJ DA",
            "T14 T13 T6 T5 SK SC S10 HC DC",
        ],
        "T12 T11 T4 T3 T2 CC",
    )
}

/// The deal for annulments: A (9 tarokks with the skíz) bids three; B holds the four kings and
/// no tarokk, and receives the diamond ace from the talon (4th card) when A is declarer at three.
fn annul_deal() -> Cards {
    Cards::new(
        &[
            "SKIZ T20 T19 T18 T17 T16 T15 T14 T13",
            "HK DK CK SK HQ DQ CQ SQ HC",
            "T12 T11 T10 T9 T8 T7 T6 T5 DC",
            "T21 T4 T3 T2 T1 CC SC HJ DJ",
        ],
        "CJ SJ HA DA C10 S10",
    )
}

fn setup(
    cards: &Cards,
    variant: Variant,
    options: &[(&str, &str)],
    seats: u8,
    dealer: u8,
) -> Setup {
    Setup {
        variant,
        options: Setup::option_pairs(options),
        seats,
        dealer: seat(dealer),
        deal: DealSource::Explicit(cards.builder()),
        carried: tarock_engine::Carried::default(),
    }
}

/// A four-player hand, dealer seat 3.
fn game_with(cards: &Cards, variant: Variant, options: &[(&str, &str)]) -> AnyGame {
    AnyGame::new(&setup(cards, variant, options, 4, 3)).unwrap_or_else(|e| panic!("{e}"))
}

fn game(cards: &Cards) -> AnyGame {
    game_with(cards, ILL, NO_OPTS)
}

fn hu(g: &AnyGame) -> &Hungarian {
    g.as_hungarian().expect("only hungarian hands here")
}

fn parse(notation: &str) -> Action {
    notation.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Plays one action in notation; it must be legal.
fn act(g: &mut AnyGame, notation: &str) {
    let who = g.to_act();
    *g = g
        .play(parse(notation))
        .unwrap_or_else(|e| panic!("seat {who:?}: {notation} refused: {}", e.violation));
}

/// Asserts that the seat to act may not make `notation`, refused by exactly `rule`, and that the
/// action is not listed as legal.
fn refuse(g: &AnyGame, notation: &str, rule: &str) {
    let a = parse(notation);
    match g.check(a) {
        Ok(()) => panic!(
            "seat {:?}: {notation} accepted, expected {rule}",
            g.to_act()
        ),
        Err(v) => assert_eq!(v.rule, rule, "seat {:?}: {notation}: {v}", g.to_act()),
    }
    assert!(
        !g.legal_actions().contains(a),
        "{notation} is listed as legal"
    );
}

/// A call in the short form of the tables: `three`, `two`, `one`, `solo`, `hold`, `pass`.
fn call(word: &str) -> String {
    match word {
        "three" | "two" | "one" | "solo" => format!("bid {word}"),
        w => w.to_owned(),
    }
}

/// Plays the calls in short form; returns the seat that made each one.
fn auction(g: &mut AnyGame, calls: &str) -> Vec<u8> {
    calls
        .split_whitespace()
        .map(|w| {
            let who = g.to_act().expect("the auction is over").get();
            act(g, &call(w));
            who
        })
        .collect()
}

/// The legal actions, in notation.
fn legal(g: &AnyGame) -> Vec<String> {
    g.legal_actions().iter().map(ToString::to_string).collect()
}

/// The cards the legal actions discard (every legal action must be a discard).
fn legal_discards(g: &AnyGame) -> CardSet {
    g.legal_actions()
        .iter()
        .map(|a| match a {
            Action::Discard(c) => *c,
            other => panic!("{other} listed in the discard phase"),
        })
        .collect()
}

/// Discards for every player in turn, the lowest legal card each time, until the discard phase
/// ends. Returns the seat of each discard.
fn discard_lowest(g: &mut AnyGame) -> Vec<u8> {
    let mut who = Vec::new();
    while hu(g).phase() == Phase::Discard {
        let s = g.to_act().expect("in play").get();
        let a = g.legal_actions()[0];
        act(g, &a.to_string());
        who.push(s);
    }
    who
}

fn declarer(g: &AnyGame) -> Option<(u8, Contract)> {
    hu(g).declarer().map(|(s, c)| (s.get(), c))
}

/// What a call in a table row should do.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// Legal, and no cue bid.
    Legal,
    /// Legal, and a cue bid showing this card.
    Cue(&'static str),
    /// Refused under this rule.
    Refused(&'static str),
}
use Expect::{Cue, Legal, Refused};

/// Variant, exchanges on [`spread`], options, the calls before, the call, what it does.
type CallRow = (Variant, Pairs, Pairs, &'static str, &'static str, Expect);

fn check_calls(rows: &[CallRow]) {
    for &(variant, swaps, opts, before, word, expect) in rows {
        let ctx = format!("{variant} {swaps:?} {opts:?}: [{before}] then {word}");
        let mut g = game_with(&spread().swaps(swaps), variant, opts);
        auction(&mut g, before);
        let who = g.to_act().expect("auction under way");
        let a = parse(&call(word));
        let mut cues = hu(&g).cue_bids().to_vec();
        match expect {
            Refused(rule) => {
                let v = g.check(a).expect_err(&ctx);
                assert_eq!(v.rule, rule, "{ctx}: {v}");
                assert!(!g.legal_actions().contains(a), "{ctx}: listed as legal");
            }
            Legal | Cue(_) => {
                assert_eq!(g.check(a), Ok(()), "{ctx}");
                assert!(g.legal_actions().contains(a), "{ctx}: not listed");
                act(&mut g, &call(word));
                if let Cue(card) = expect {
                    cues.push((who, c(card)));
                }
                assert_eq!(hu(&g).cue_bids(), cues.as_slice(), "{ctx}: cue bids");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// HU-DEAL: pack and deal

// rule: HU-DEAL-02, HU-DEAL-10, HU-DEAL-11, HU-DEAL-12
#[test]
fn seeded_deal_talon_first_then_fives_and_fours_from_dealers_right() {
    for seed in [1u64, 2, 42, 9_999] {
        for dealer in 0..4u8 {
            let g = AnyGame::new(&Setup::seeded(ILL, 4, seat(dealer), seed_from_u64(seed)))
                .expect("valid setup");
            let h = hu(&g);
            let order = shuffled(Pack::Hungarian42, seed_from_u64(seed));
            let order = order.as_slice();
            assert_eq!(order.len(), 42);
            assert_eq!(
                h.deal().talon(),
                &order[..6],
                "the first six cards form the talon"
            );
            let mut all = h.deal().talon_set();
            for k in 0..4u8 {
                // The k-th player anticlockwise from the dealer's right.
                let s = seat((dealer + 1 + k) % 4);
                let five: CardSet = order[6 + 5 * k as usize..][..5].iter().copied().collect();
                let four: CardSet = order[26 + 4 * k as usize..][..4].iter().copied().collect();
                assert_eq!(
                    h.hand(s),
                    five | four,
                    "seed {seed} dealer {dealer} seat {s}"
                );
                assert_eq!(h.hand(s).len(), 9);
                all |= h.hand(s);
            }
            assert_eq!(
                all,
                Pack::Hungarian42.cards(),
                "every card of the 42 is dealt"
            );
        }
    }
}

// rule: HU-DEAL-01, HU-DEAL-13
#[test]
fn seeded_five_player_deal_skips_the_dealer() {
    for dealer in 0..5u8 {
        let seed = seed_from_u64(7);
        let g = AnyGame::new(&Setup::seeded(ILL, 5, seat(dealer), seed)).expect("valid setup");
        let h = hu(&g);
        let order = shuffled(Pack::Hungarian42, seed);
        let order = order.as_slice();
        assert_eq!(h.deal().talon(), &order[..6]);
        assert!(
            h.hand(seat(dealer)).is_empty(),
            "the dealer receives no cards"
        );
        let active: Vec<Seat> = (1..5u8).map(|k| seat((dealer + k) % 5)).collect();
        for (k, &s) in active.iter().enumerate() {
            let five: CardSet = order[6 + 5 * k..][..5].iter().copied().collect();
            let four: CardSet = order[26 + 4 * k..][..4].iter().copied().collect();
            assert_eq!(h.hand(s), five | four, "dealer {dealer} seat {s}");
        }
        assert_eq!(g.to_act(), Some(active[0]), "the dealer's right bids first");
    }
}

// rule: HU-DEAL-07
#[test]
fn the_42_card_pack_is_the_54_without_red_2_3_4_and_black_9_8_7() {
    assert_eq!(
        Pack::Tarock54.cards() - Pack::Hungarian42.cards(),
        set("H2 H3 H4 D2 D3 D4 C9 C8 C7 S9 S8 S7")
    );
    assert!(Pack::Tarock54
        .cards()
        .is_superset(Pack::Hungarian42.cards()));
    assert_eq!(Pack::Hungarian42.len(), 42);
    // A foreign card in an explicit deal is named.
    let mut cards = spread();
    cards.hands[0] = cards.hands[0].replace("C10", "C7");
    match AnyGame::new(&setup(&cards, ILL, NO_OPTS, 4, 3)) {
        Err(SetupError::Deal(e)) => {
            assert!(e.problems.contains(&DealProblem::NotInPack(c("C7"))));
            assert!(e.to_string().contains("card C7 is not in this pack"), "{e}");
        }
        other => panic!("expected a deal error, got {other:?}"),
    }
}

/// The spread deal with its hands and talon replaced by `hands` (where given) and `talon`.
fn altered(hands: [Option<&str>; 4], talon: Option<&str>) -> Cards {
    let mut d = spread();
    for (i, h) in hands.iter().enumerate() {
        if let Some(h) = h {
            d.hands[i] = (*h).to_owned();
        }
    }
    if let Some(t) = talon {
        d.talon = t.to_owned();
    }
    d
}

// rule: HU-DEAL-02, HU-DEAL-07, HU-DEAL-10, HU-DEAL-11
#[test]
fn explicit_deal_errors_name_every_problem() {
    use DealProblem::{BadCard, Duplicate, HandSize, Missing, NoSuchSeat, NotInPack, TalonSize};
    let a_without_c10 = "SKIZ T20 T19 T18 T10 HK HQ DJ";
    let rows: Vec<(Cards, Vec<DealProblem>)> = vec![
        // A foreign card: the club seven is not in the 42-card pack.
        (
            altered(
                [Some("SKIZ T20 T19 T18 T10 HK HQ DJ C7"), None, None, None],
                None,
            ),
            vec![NotInPack(c("C7")), Missing(c("C10"))],
        ),
        // The heart king twice.
        (
            altered(
                [Some("SKIZ T20 T19 T18 T10 HK HQ DJ HK"), None, None, None],
                None,
            ),
            vec![Duplicate(c("HK")), Missing(c("C10"))],
        ),
        // A hand of 8 and a hand of 10.
        (
            altered(
                [
                    Some(a_without_c10),
                    Some("T21 T17 T9 T8 DK DQ CJ SJ HA C10"),
                    None,
                    None,
                ],
                None,
            ),
            vec![
                HandSize {
                    seat: seat(0),
                    expected: 9,
                    found: 8,
                },
                HandSize {
                    seat: seat(1),
                    expected: 9,
                    found: 10,
                },
            ],
        ),
        // A talon of 5 and a hand of 10.
        (
            altered(
                [None, None, None, Some("T14 T13 T6 T5 SK SC S10 HC DC CC")],
                Some("T12 T11 T4 T3 T2"),
            ),
            vec![
                HandSize {
                    seat: seat(3),
                    expected: 9,
                    found: 10,
                },
                TalonSize {
                    expected: 6,
                    found: 5,
                },
            ],
        ),
        // Text that is no card.
        (
            altered(
                [Some("SKIZ T20 T19 T18 T10 HK HQ DJ ZZ"), None, None, None],
                None,
            ),
            vec![
                BadCard("ZZ".to_owned()),
                Missing(c("C10")),
                HandSize {
                    seat: seat(0),
                    expected: 9,
                    found: 8,
                },
            ],
        ),
        // Everything at once: duplicate, foreign, missing, sizes.
        (
            altered(
                [
                    Some("SKIZ T20 T19 T18 T10 HK HQ DJ C10 C10"),
                    None,
                    None,
                    None,
                ],
                Some("T12 T11 T4 T3 T2 S7"),
            ),
            vec![
                NotInPack(c("S7")),
                Duplicate(c("C10")),
                Missing(c("CC")),
                HandSize {
                    seat: seat(0),
                    expected: 9,
                    found: 10,
                },
            ],
        ),
    ];
    for (cards, expected) in rows {
        match AnyGame::new(&setup(&cards, ILL, NO_OPTS, 4, 3)) {
            Err(SetupError::Deal(e)) => {
                assert_eq!(e.problems, expected, "{cards:?}");
                for p in &e.problems {
                    assert!(e.to_string().contains(&p.to_string()), "{e}");
                }
            }
            other => panic!("{cards:?}: expected a deal error, got {other:?}"),
        }
    }
    // A fifth hand at a four-seat table.
    let extra = setup(&spread(), ILL, NO_OPTS, 4, 3);
    let extra = Setup {
        deal: DealSource::Explicit(spread().builder().hand_str(4, "C7")),
        ..extra
    };
    match AnyGame::new(&extra) {
        Err(SetupError::Deal(e)) => {
            assert_eq!(e.problems, vec![NoSuchSeat(4), NotInPack(c("C7"))]);
        }
        other => panic!("expected a deal error, got {other:?}"),
    }
    assert!(AnyGame::new(&setup(&spread(), ILL, NO_OPTS, 4, 3)).is_ok());
    assert!(AnyGame::new(&setup(&annul_deal(), ILL, NO_OPTS, 4, 3)).is_ok());
}

/// [`spread`]'s hands for five seats with seat 1 dealing: the dealer gets no cards.
fn five_seats() -> Cards {
    let d = spread();
    let h: Vec<&str> = d.hands.iter().map(String::as_str).collect();
    Cards::new(&[h[3], "", h[0], h[1], h[2]], &d.talon)
}

// rule: HU-DEAL-01, HU-DEAL-13, HU-BID-02, HU-BID-07
#[test]
fn five_players_the_dealer_sits_out() {
    let cards = five_seats();
    let mut g = AnyGame::new(&setup(&cards, ILL, NO_OPTS, 5, 1)).expect("valid");
    assert!(hu(&g).hand(seat(1)).is_empty());
    // The dealer neither bids nor is waited for: four passes throw the hand in.
    assert_eq!(auction(&mut g, "pass pass pass pass"), vec![2, 3, 4, 0]);
    assert_eq!(hu(&g).phase(), Phase::Over(End::PassedOut));

    // The sitting-out dealer may hold no cards.
    let mut bad = cards.clone();
    bad.hands[1] = "C7".to_owned();
    match AnyGame::new(&setup(&bad, ILL, NO_OPTS, 5, 1)) {
        Err(SetupError::Deal(e)) => assert_eq!(
            e.problems,
            vec![
                DealProblem::NotInPack(c("C7")),
                DealProblem::HandSize {
                    seat: seat(1),
                    expected: 0,
                    found: 1
                }
            ]
        ),
        other => panic!("expected a deal error, got {other:?}"),
    }
}

// rule: HU-DEAL-13, HU-TALON-01, HU-TALON-05, HU-TALON-08
#[test]
fn five_players_the_dealer_gets_no_talon_cards() {
    let mut g = AnyGame::new(&setup(&five_seats(), ILL, NO_OPTS, 5, 1)).expect("valid");
    // Seat 4 holds the pagát and is declarer at three; the turn then skips the dealer (seat 1).
    assert_eq!(auction(&mut g, "pass pass three pass"), vec![2, 3, 4, 0]);
    assert_eq!(declarer(&g), Some((4, Contract::Three)));
    let h = hu(&g);
    for (s, cards) in [(4, "T12 T11 T4"), (0, "T3"), (2, "T2"), (3, "CC"), (1, "")] {
        assert_eq!(h.talon_received(seat(s)), set(cards), "seat {s}");
    }
    assert_eq!(discard_lowest(&mut g), vec![4, 4, 4, 0, 2, 3]);
    assert!(hu(&g).hand(seat(1)).is_empty());
    assert_eq!(hu(&g).phase(), Phase::Annul);
}

// ---------------------------------------------------------------------------------------------
// HU-BID: the auction

// rule: HU-BID-02
#[test]
fn the_auction_starts_right_of_the_dealer_and_goes_anticlockwise() {
    for dealer in 0..4u8 {
        let mut g = AnyGame::new(&setup(&spread(), ILL, NO_OPTS, 4, dealer)).expect("valid");
        let first = (dealer + 1) % 4;
        let order: Vec<u8> = (0..4).map(|k| (first + k) % 4).collect();
        assert_eq!(
            auction(&mut g, "pass pass pass pass"),
            order,
            "dealer {dealer}"
        );
    }
    // Several circuits: A three, B two, C one, D pass, A hold, B solo, C pass, A pass.
    let mut g = game(&spread());
    assert_eq!(
        auction(&mut g, "three two one pass hold solo pass pass"),
        vec![0, 1, 2, 3, 0, 1, 2, 0]
    );
    assert_eq!(declarer(&g), Some((1, Contract::Solo)));
}

// rule: HU-BID-05
#[test]
fn a_player_who_passed_is_never_asked_again() {
    // A three, B pass, C two, D pass, A hold, C pass: B and D are skipped after passing.
    let mut g = game(&spread());
    assert_eq!(
        auction(&mut g, "three pass two pass hold pass"),
        vec![0, 1, 2, 3, 0, 2]
    );
    assert_eq!(declarer(&g), Some((0, Contract::Two)));
}

// rule: HU-BID-06
#[test]
fn the_auction_ends_after_three_passes_or_when_no_call_is_left() {
    // Three passes after a bid: the bidder is declarer at that level.
    let mut g = game(&spread());
    auction(&mut g, "pass pass three pass");
    assert_eq!(declarer(&g), Some((2, Contract::Three)));
    assert_eq!(hu(&g).phase(), Phase::Discard);

    // A held solo: nothing can follow, so A is not asked again; the holder is declarer.
    let mut g = game(&spread());
    assert_eq!(
        auction(&mut g, "three two one pass hold solo hold"),
        vec![0, 1, 2, 3, 0, 1, 2]
    );
    assert_eq!(declarer(&g), Some((2, Contract::Solo)));
    assert_eq!(
        g.to_act(),
        Some(seat(3)),
        "the solo declarer takes and discards nothing"
    );

    // A's solo (a double jump for the XVIII) over B's two: under the new rule B may still hold.
    let mut g = game(&spread());
    auction(&mut g, "three two pass pass solo");
    assert_eq!(hu(&g).phase(), Phase::Auction);
    assert_eq!(g.to_act(), Some(seat(1)));
    assert_eq!(legal(&g), ["pass", "hold"]);
}

// rule: HU-BID-06, HV-BID-01
#[test]
fn old_hold_rule_a_solo_nobody_may_hold_ends_the_auction() {
    let mut g = game_with(&spread(), ILL, OLD_HOLD);
    auction(&mut g, "three two pass pass solo");
    // B spoke after A, so may not hold A's solo: the auction is over.
    assert_eq!(declarer(&g), Some((0, Contract::Solo)));
    assert_eq!(hu(&g).cue_bids(), [(seat(0), c("T18"))]);
}

// rule: HU-BID-07
#[test]
fn four_passes_throw_the_hand_in() {
    let mut g = game(&spread());
    auction(&mut g, "pass pass pass pass");
    assert_eq!(hu(&g).phase(), Phase::Over(End::PassedOut));
    assert_eq!(g.to_act(), None);
    assert!(g.legal_actions().is_empty());
    assert_eq!(declarer(&g), None);
    assert_eq!(hu(&g).talon_remaining(), set("T12 T11 T4 T3 T2 CC"));
    let out = g.outcome().expect("over");
    assert_eq!(out.end, End::PassedOut);
    assert_eq!(out.ledger, Ledger::default());
    refuse(&g, "pass", "HU-PLAY-10");
}

#[test]
fn bids_holds_and_honours() {
    #[rustfmt::skip]
    let rows: &[CallRow] = &[
        // rule: HU-BID-01, HU-BID-03
        (ILL, &[], NO_OPTS, "three", "three", Refused("HU-BID-03")),
        // rule: HU-BID-01, HU-BID-03
        (ILL, &[], NO_OPTS, "two", "two", Refused("HU-BID-03")),
        // rule: HU-BID-01, HU-BID-03
        (ILL, &[], NO_OPTS, "two", "three", Refused("HU-BID-03")),
        // rule: HU-BID-01, HU-BID-03
        (ILL, &[], NO_OPTS, "three two", "two", Refused("HU-BID-03")),
        // rule: HU-BID-01, HU-BID-03
        (ILL, &[], NO_OPTS, "three two one", "two", Refused("HU-BID-03")),
        // rule: HU-BID-01
        (ILL, &[], NO_OPTS, "three two", "one", Legal),
        // rule: HU-BID-08, HU-DEAL-06  (the XXI alone, the pagát alone are honours)
        (ILL, &[], NO_OPTS, "pass", "three", Legal),
        // rule: HU-BID-08, HU-DEAL-06
        (ILL, &[], NO_OPTS, "pass pass", "three", Legal),
        // rule: HU-BID-08
        (ILL, &[], NO_OPTS, "three pass pass", "two", Refused("HU-BID-08")),
        // rule: HU-BID-08
        (ILL, &[], NO_OPTS, "three two pass", "hold", Refused("HU-BID-08")),
        // rule: HU-BID-08
        (ILL, &[], NO_OPTS, "three pass pass", "pass", Legal),
        // rule: HU-BID-08, HU-BID-09  (only the fourth player may bid without an honour)
        (ILL, &[D_PAGAT], NO_OPTS, "pass pass", "three", Refused("HU-BID-08")),
        // rule: HU-BID-09
        (ILL, &[], NO_OPTS, "pass pass pass", "three", Legal),
        // rule: HU-BID-09, HU-BID-13, HU-BID-15  (no honour, no XIX; not a cue bid)
        (ILL, &[], NO_OPTS, "pass pass pass", "two", Legal),
        // rule: HU-BID-15  (the XXI but no XIX)
        (ILL, &[D_XXI], NO_OPTS, "pass pass pass", "two", Legal),
        // rule: HU-BID-09, HU-BID-18  (no XVIII; not a cue bid)
        (ILL, &[], NO_OPTS, "pass pass pass", "one", Legal),
        // rule: HU-BID-09  (any jump)
        (ILL, &[], NO_OPTS, "pass pass pass", "solo", Legal),
        // rule: HU-BID-04  (a: C has not bid)
        (ILL, &[], NO_OPTS, "three two", "hold", Refused("HU-BID-04")),
        // rule: HU-BID-04
        (ILL, &[], NO_OPTS, "three two pass pass", "hold", Legal),
        // rule: HU-BID-04  (c: A already held C's one)
        (ILL, &[], NO_OPTS, "three two one pass hold", "hold", Refused("HU-BID-04")),
        // rule: HU-BID-04  (b, c: B's own two, already held)
        (ILL, &[], NO_OPTS, "three two pass pass hold", "hold", Refused("HU-BID-04")),
        // rule: HU-BID-04  (C holds B's solo)
        (ILL, &[], NO_OPTS, "three two one pass hold solo", "hold", Legal),
        // rule: HU-BID-04  (D holds A's one)
        (ILL, &[D_XXI], NO_OPTS, "three pass pass two one", "hold", Legal),
        // rule: HV-BID-01  (A spoke before B)
        (ILL, &[], OLD_HOLD, "three two pass pass", "hold", Legal),
        // rule: HV-BID-01  (A spoke before C)
        (ILL, &[], OLD_HOLD, "three two one pass", "hold", Legal),
        // rule: HV-BID-01  (C spoke after B)
        (ILL, &[], OLD_HOLD, "three two one pass hold solo", "hold", Refused("HU-BID-04")),
        // rule: HV-BID-01  (D spoke after A)
        (ILL, &[D_XXI], OLD_HOLD, "three pass pass two one", "hold", Refused("HU-BID-04")),
    ];
    check_calls(rows);
}

// rule: HU-BID-08, HU-BID-09
#[test]
fn without_an_honour_only_the_fourth_player_after_three_passes_may_bid() {
    let mut g = game(&spread());
    auction(&mut g, "three pass pass");
    assert_eq!(legal(&g), ["pass"]);
    let mut g = game(&spread());
    auction(&mut g, "pass pass pass");
    assert_eq!(
        legal(&g),
        ["pass", "bid three", "bid two", "bid one", "bid solo"]
    );
}

#[test]
fn single_and_double_jumps() {
    #[rustfmt::skip]
    let rows: &[CallRow] = &[
        // rule: HU-BID-11, HU-BID-12  (an opening two)
        (ILL, &[], NO_OPTS, "", "two", Cue("T19")),
        // rule: HU-BID-11, HU-BID-12, HU-DEAL-06  (one over three; the XXI is a high honour)
        (ILL, &[B_XIX], NO_OPTS, "three", "one", Cue("T19")),
        // rule: HU-BID-11, HU-BID-12  (one instead of holding the two)
        (ILL, &[], NO_OPTS, "three two pass pass", "one", Cue("T19")),
        // rule: HU-BID-11  (the necessary call is no jump)
        (ILL, &[], NO_OPTS, "", "three", Legal),
        // rule: HU-BID-11
        (ILL, &[], NO_OPTS, "two", "one", Legal),
        // rule: HU-BID-11
        (ILL, &[], NO_OPTS, "three two pass pass", "hold", Legal),
        // rule: HU-BID-13
        (ILL, &[A_NO_XIX], NO_OPTS, "", "two", Refused("HU-BID-13")),
        // rule: HU-BID-13
        (ILL, &[], NO_OPTS, "three", "one", Refused("HU-BID-13")),
        // rule: HU-BID-13
        (ILL, &[A_NO_XIX], NO_OPTS, "three two pass pass", "one", Refused("HU-BID-13")),
        // rule: HU-BID-14, HU-DEAL-06  (the XIX with the pagát as only honour)
        (ILL, &[A_PAGAT], NO_OPTS, "", "two", Refused("HU-BID-13")),
        // rule: HU-BID-14
        (ILL, &[A_PAGAT], NO_OPTS, "", "one", Refused("HU-BID-18")),
        // rule: HU-BID-13a  (after A's cue bid, C's jump to solo needs only an honour)
        (ILL, &[], NO_OPTS, "two pass", "solo", Legal),
        // rule: HU-BID-13a  (after B's cue bid, A's jump to solo needs no XIX)
        (ILL, &[B_XIX], NO_OPTS, "three one pass pass", "solo", Legal),
        // rule: HU-BID-16, HU-BID-17  (an opening one)
        (ILL, &[], NO_OPTS, "", "one", Cue("T18")),
        // rule: HU-BID-16, HU-BID-17  (solo over three)
        (ILL, &[B_XVIII], NO_OPTS, "three", "solo", Cue("T18")),
        // rule: HU-BID-16, HU-BID-17  (solo instead of holding the two)
        (ILL, &[], NO_OPTS, "three two pass pass", "solo", Cue("T18")),
        // rule: HU-BID-18
        (ILL, &[A_NO_XVIII], NO_OPTS, "", "one", Refused("HU-BID-18")),
        // rule: HU-BID-18
        (ILL, &[], NO_OPTS, "three", "solo", Refused("HU-BID-18")),
        // rule: HU-BID-18
        (ILL, &[A_NO_XVIII], NO_OPTS, "three two pass pass", "solo", Refused("HU-BID-18")),
        // rule: HU-BID-19  (B's solo after A held two is a single jump)
        (ILL, &[B_XIX], NO_OPTS, "three two pass pass hold", "solo", Cue("T19")),
        // rule: HU-BID-19
        (ILL, &[B_XVIII], NO_OPTS, "three two pass pass hold", "solo", Refused("HU-BID-13")),
        // rule: HU-BID-19  (C, with the skíz and the XIX, jumps to solo over B's two)
        (ILL, &[A_PAGAT, ("T19", "T16")], NO_OPTS, "three two", "solo", Cue("T19")),
        // rule: HV-BID-02
        (ILL, &[B_XVIII], SOLO_XVIII, "three two pass pass hold", "solo", Cue("T18")),
        // rule: HV-BID-02
        (ILL, &[B_XIX], SOLO_XVIII, "three two pass pass hold", "solo", Refused("HV-BID-02")),
        // rule: HV-BID-02  (a single jump below solo still shows the XIX)
        (ILL, &[], SOLO_XVIII, "", "two", Cue("T19")),
        // rule: HV-BID-02  (a double jump to solo shows the XVIII as ever)
        (ILL, &[B_XVIII], SOLO_XVIII, "three", "solo", Cue("T18")),
        // rule: PK-BID-01
        (PASK, &[A_PAGAT], PAGAT_CUE, "", "two", Cue("T19")),
        // rule: PK-BID-01
        (PASK, &[A_PAGAT], PAGAT_CUE, "", "one", Cue("T18")),
        // rule: PK-BID-01  (the option on the illustrated game)
        (ILL, &[A_PAGAT], PAGAT_CUE, "", "two", Cue("T19")),
        // rule: PK-BID-01  (still the cue card is needed)
        (PASK, &[A_PAGAT, A_NO_XIX], PAGAT_CUE, "", "two", Refused("HU-BID-13")),
    ];
    check_calls(rows);
}

#[test]
fn jumps_nobody_could_answer() {
    #[rustfmt::skip]
    let rows: &[CallRow] = &[
        // rule: PK-BID-04, PK-BID-03, HV-BID-01  (B and D spoke after A: nobody may hold A's solo)
        (PASK, &[D_PAGAT, A_NO_XIX], OLD_HOLD, "three two pass one", "solo", Legal),
        // rule: PK-BID-04  (under the new hold rule B and D could hold: a cue bid for the XIX)
        (PASK, &[D_PAGAT, A_NO_XIX], NO_OPTS, "three two pass one", "solo", Refused("HU-BID-13")),
        // rule: PK-BID-04
        (PASK, &[D_PAGAT], NO_OPTS, "three two pass one", "solo", Cue("T19")),
        // rule: PK-BID-04, HU-BID-13  (the exemption is Parlett's: the illustrated game keeps the cue)
        (ILL, &[D_PAGAT, A_NO_XIX], OLD_HOLD, "three two pass one", "solo", Refused("HU-BID-13")),
        // rule: PK-BID-03  (below solo anyone left could overcall: still a cue bid)
        (PASK, &[A_NO_XIX], OLD_HOLD, "three two pass pass", "one", Refused("HU-BID-13")),
        // rule: PK-BID-03
        (PASK, &[], OLD_HOLD, "three two pass pass", "one", Cue("T19")),
        // rule: PK-BID-03  (a double jump to solo that D, who spoke after A, may not hold)
        (PASK, &[D_PAGAT, A_NO_XVIII], OLD_HOLD, "three pass pass two", "solo", Legal),
        // rule: PK-BID-03  (under the new hold rule D could hold it)
        (PASK, &[D_PAGAT, A_NO_XVIII], NO_OPTS, "three pass pass two", "solo", Refused("HU-BID-18")),
        // rule: PK-BID-03, HV-BID-01  (A and B bid before D and could hold D's solo)
        (PASK, &[D_PAGAT], OLD_HOLD, "three two pass", "solo", Refused("HU-BID-13")),
        // rule: PK-BID-03, HU-BID-09, HU-BID-13b  (the fourth player after three passes)
        (PASK, &[], NO_OPTS, "pass pass pass", "one", Legal),
        // rule: HU-BID-13b  (no cue bid in the illustrated game either: no XIX needed)
        (ILL, &[A_NO_XIX], NO_OPTS, "pass pass pass", "one", Legal),
    ];
    check_calls(rows);
}

// rule: PK-BID-04, PK-BID-03, HU-BID-06, HU-CALL-03
#[test]
fn parlett_example_a_solo_nobody_may_hold_invites_nobody() {
    // A three, B two, C pass, D one, A solo: A lacks the XIX, which lies in the talon.
    let mut g = game_with(&spread().swaps(&[D_PAGAT, A_NO_XIX]), PASK, OLD_HOLD);
    assert_eq!(
        auction(&mut g, "three two pass one solo"),
        vec![0, 1, 2, 3, 0]
    );
    // Nobody could answer the solo, so the auction is over and nothing was invited.
    assert_eq!(declarer(&g), Some((0, Contract::Solo)));
    assert!(hu(&g).cue_bids().is_empty());
    // After the exchange and the annulment round the call is free of any invitation.
    discard_lowest(&mut g);
    for _ in 0..4 {
        act(&mut g, "pass");
    }
    assert_eq!(hu(&g).phase(), Phase::Announce);
    let calls: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("call"))
        .collect();
    assert_eq!(calls, ["call T19", "call T20"]);
}

// rule: HU-BID-09, HU-BID-10, HU-BID-13, HU-BID-15, HU-BID-18
#[test]
fn speculative_bid_that_draws_no_honour_throws_the_hand_in() {
    for (word, g_value, drawn) in [
        ("three", 1, "T12 T11 T4"),
        ("two", 2, "T12 T11"),
        ("one", 3, "T12"),
        ("solo", 4, ""),
    ] {
        let mut g = game(&spread());
        auction(&mut g, "pass pass pass");
        act(&mut g, &call(word));
        assert!(
            hu(&g).cue_bids().is_empty(),
            "{word}: no cue bid after three passes"
        );
        assert_eq!(hu(&g).talon_received(seat(3)), set(drawn), "{word}");
        assert_eq!(hu(&g).phase(), Phase::Over(End::TrialBidFailed(seat(3))));
        let out = g.outcome().expect("over");
        assert_eq!(out.end, End::TrialBidFailed(seat(3)));
        // The settlement may not be written yet; when it is, D pays g to each other player.
        if !out.ledger.items.is_empty() {
            assert_eq!(
                out.ledger.totals.first(4),
                [g_value, g_value, g_value, -3 * g_value]
            );
        }
    }
}

// rule: HU-BID-09, HU-BID-10
#[test]
fn speculative_bid_that_draws_an_honour_is_played() {
    for word in ["three", "two", "one"] {
        let mut g = game(&spread().swap(TALON_PAGAT));
        auction(&mut g, "pass pass pass");
        act(&mut g, &call(word));
        assert!(hu(&g).hand(seat(3)).contains(Card::PAGAT));
        assert_eq!(hu(&g).phase(), Phase::Discard, "{word}");
        assert_eq!(g.to_act(), Some(seat(3)));
    }
    // A fourth player who held an honour all along plays whatever the talon gives.
    let mut g = game(&spread().swap(D_XXI));
    auction(&mut g, "pass pass pass three");
    assert_eq!(hu(&g).phase(), Phase::Discard);
}

#[test]
fn yielded_game() {
    #[rustfmt::skip]
    let rows: &[CallRow] = &[
        // rule: HU-BID-20, HU-BID-22  (A holds the XX and the skíz)
        (ILL, &[], NO_OPTS, "three two pass pass", "pass", Legal),
        // rule: HU-BID-22
        (ILL, &[], NO_OPTS, "three two pass pass", "hold", Legal),
        // rule: HU-BID-21  (no XX)
        (ILL, &[A_NO_XX], NO_OPTS, "three two pass pass", "pass", Refused("HU-BID-21")),
        // rule: HU-BID-21
        (ILL, &[A_NO_XX, D_XXI], NO_OPTS, "three pass pass two", "pass", Refused("HU-BID-21")),
        // rule: HU-BID-21  (hold or cue bid instead)
        (ILL, &[A_NO_XX], NO_OPTS, "three two pass pass", "hold", Legal),
        // rule: HU-BID-21
        (ILL, &[A_NO_XX], NO_OPTS, "three two pass pass", "one", Cue("T19")),
        // rule: HU-BID-21
        (ILL, &[A_NO_XX], NO_OPTS, "three two pass pass", "solo", Cue("T18")),
        // rule: HU-BID-23  (the XX with the pagát as only honour)
        (ILL, &[A_PAGAT], NO_OPTS, "three two pass pass", "pass", Refused("HU-BID-21")),
        // rule: HU-BID-23, PK-BID-02
        (PASK, &[A_PAGAT], NO_OPTS, "three two pass pass", "pass", Refused("HU-BID-21")),
        // rule: PK-BID-02  (the XX and a high honour yield as in HU)
        (PASK, &[], NO_OPTS, "three two pass pass", "pass", Legal),
        // rule: HU-BID-20  (overcalled by two and then one, no yield)
        (ILL, &[A_NO_XX], NO_OPTS, "three two one pass", "pass", Legal),
        // rule: HU-BID-20  (overcalled by one, no yield)
        (ILL, &[A_NO_XX, B_XIX], NO_OPTS, "three one pass pass", "pass", Legal),
    ];
    check_calls(rows);
}

// rule: HU-BID-20, HU-BID-21, HU-BID-22, HU-BID-23, PK-BID-01, PK-BID-02
#[test]
fn calls_open_to_a_three_opener_overcalled_only_by_two() {
    let rows: [(Variant, Pairs, &[&str]); 4] = [
        (ILL, &[], &["pass", "hold", "bid one", "bid solo"]),
        (ILL, &[A_NO_XX], &["hold", "bid one", "bid solo"]),
        (ILL, &[A_PAGAT], &["hold"]),
        (PASK, &[A_PAGAT], &["hold", "bid one", "bid solo"]),
    ];
    for (variant, swaps, expected) in rows {
        let mut g = game_with(&spread().swaps(swaps), variant, NO_OPTS);
        auction(&mut g, "three two pass pass");
        assert_eq!(legal(&g), expected, "{variant} {swaps:?}");
    }
    // The yield: B is declarer at two, A the yielder.
    let mut g = game(&spread());
    auction(&mut g, "three two pass pass pass");
    assert_eq!(declarer(&g), Some((1, Contract::Two)));
    assert_eq!(hu(&g).yielder(), Some(seat(0)));
    // Holding instead: A is declarer at two, nobody yielded.
    let mut g = game(&spread());
    auction(&mut g, "three two pass pass hold pass");
    assert_eq!(declarer(&g), Some((0, Contract::Two)));
    assert_eq!(hu(&g).yielder(), None);
}

// rule: HU-BID-24, HU-BID-04, HU-BID-06, HV-BID-01
#[test]
fn example_auction_a_three_d_two_a_holds() {
    // D has the XXI (D's trull shows a high honour), A the skíz and the XIX.
    for opts in [NO_OPTS, OLD_HOLD] {
        let mut g = game_with(&spread().swap(D_XXI), ILL, opts);
        assert_eq!(
            auction(&mut g, "three pass pass two hold pass"),
            vec![0, 1, 2, 3, 0, 3]
        );
        assert_eq!(declarer(&g), Some((0, Contract::Two)), "{opts:?}");
        assert!(hu(&g).cue_bids().is_empty());
        assert_eq!(hu(&g).yielder(), None);
    }
}

// rule: HU-BID-25, HU-BID-04, HU-BID-06, HV-BID-01
#[test]
fn example_auction_c_wins_at_solo_over_b_holding() {
    // B has the XXI, C the skíz; A passes with the pagát.
    for opts in [NO_OPTS, OLD_HOLD] {
        let mut g = game_with(&spread().swap(A_PAGAT), ILL, opts);
        assert_eq!(
            auction(&mut g, "pass three two pass hold one hold solo pass"),
            vec![0, 1, 2, 3, 1, 2, 1, 2, 1]
        );
        assert_eq!(declarer(&g), Some((2, Contract::Solo)), "{opts:?}");
        assert!(hu(&g).cue_bids().is_empty());
    }
}

// rule: HU-BID-26, HU-BID-20, HU-BID-21
#[test]
fn example_auction_a_yields_to_d() {
    // D has the pagát and no high honour; A the XX and the skíz.
    for opts in [NO_OPTS, OLD_HOLD] {
        let mut g = game_with(&spread().swap(D_PAGAT), ILL, opts);
        assert_eq!(
            auction(&mut g, "three pass pass two pass"),
            vec![0, 1, 2, 3, 0]
        );
        assert_eq!(declarer(&g), Some((3, Contract::Two)), "{opts:?}");
        assert_eq!(hu(&g).yielder(), Some(seat(0)));
        assert!(hu(&g).cue_bids().is_empty());
    }
    // Without the XX, A may not pass there.
    let mut g = game(&spread().swaps(&[D_PAGAT, A_NO_XX]));
    auction(&mut g, "three pass pass two");
    refuse(&g, "pass", "HU-BID-21");
}

// rule: PK-BID-01, PK-ANN-02
#[test]
fn paskievics_cue_bid_on_the_pagat_alone_obliges_pagat_ultimo() {
    let mut g = game_with(&spread().swap(A_PAGAT), PASK, PAGAT_CUE);
    auction(&mut g, "two pass pass pass");
    assert_eq!(declarer(&g), Some((0, Contract::Two)));
    assert_eq!(hu(&g).cue_bids(), [(seat(0), c("T19"))]);
    discard_lowest(&mut g);
    for _ in 0..4 {
        act(&mut g, "pass");
    }
    assert_eq!(hu(&g).phase(), Phase::Announce);
    act(&mut g, "call T20");
    refuse(&g, "pass", "PK-ANN-02");
    act(&mut g, "announce pagat-ultimo");
    act(&mut g, "pass");
}

// ---------------------------------------------------------------------------------------------
// HU-TALON: talon distribution and discards

#[test]
fn talon_distribution_and_discard_counts() {
    // Talon, top first: T12 T11 T4 T3 T2 CC. Expected cards of seats 0, 1, 2, 3.
    #[rustfmt::skip]
    let rows: &[(&str, u8, Contract, [&str; 4])] = &[
        // rule: HU-TALON-01, HU-TALON-05, HU-TALON-08
        ("three pass pass pass", 0, Contract::Three, ["T12 T11 T4", "T3", "T2", "CC"]),
        // rule: HU-TALON-02, HU-TALON-05, HU-TALON-08  (A yields to B)
        ("three two pass pass pass", 1, Contract::Two, ["CC", "T12 T11", "T4 T3", "T2"]),
        // rule: HU-TALON-03, HU-TALON-05, HU-TALON-08
        ("three two one pass pass pass", 2, Contract::One, ["T3 T2", "CC", "T12", "T11 T4"]),
        // rule: HU-TALON-04, HU-TALON-05, HU-TALON-08
        ("three two one pass hold solo pass pass", 1, Contract::Solo, ["T2 CC", "", "T12 T11", "T4 T3"]),
    ];
    for &(calls, decl, contract, expected) in rows {
        let mut g = game(&spread());
        auction(&mut g, calls);
        assert_eq!(declarer(&g), Some((decl, contract)), "{calls}");
        let h = hu(&g);
        assert!(h.talon_remaining().is_empty());
        let mut order = Vec::new();
        for k in 0..4u8 {
            let s = (decl + k) % 4;
            let received = h.talon_received(seat(s));
            assert_eq!(received, set(expected[s as usize]), "{calls}: seat {s}");
            assert_eq!(
                h.hand(seat(s)).len(),
                9 + received.len(),
                "{calls}: seat {s}"
            );
            for _ in 0..received.len() {
                order.push(s);
            }
        }
        // The declarer discards first, then the others anticlockwise, as many as each received.
        assert_eq!(discard_lowest(&mut g), order, "{calls}");
        let h = hu(&g);
        for s in Seat::all(4) {
            assert_eq!(
                h.discards(s).len(),
                h.talon_received(s).len(),
                "{calls}: {s}"
            );
            assert_eq!(h.hand(s).len(), 9, "{calls}: {s}");
        }
        assert_eq!(h.phase(), Phase::Annul);
    }
}

/// A hand in the discard phase, set up under the given options.
type Start = fn(Pairs) -> AnyGame;

/// A declarer at one after a cue bid for the XIX: A three, B two, C pass, D pass, A one, B pass.
/// A has taken the XII and discards one card.
fn after_xix_cue(opts: Pairs) -> AnyGame {
    let mut g = game_with(&spread(), ILL, opts);
    auction(&mut g, "three two pass pass one pass");
    assert_eq!(declarer(&g), Some((0, Contract::One)));
    g
}

/// A declarer at one after opening one, a cue bid for the XVIII.
fn after_xviii_cue(opts: Pairs) -> AnyGame {
    let mut g = game_with(&spread(), ILL, opts);
    auction(&mut g, "one pass pass pass");
    g
}

/// A yielded to D; D has discarded two cards and A, who took IV and III, is to discard.
fn after_yield(opts: Pairs) -> AnyGame {
    let mut g = game_with(&spread().swap(D_PAGAT), ILL, opts);
    auction(&mut g, "three pass pass two pass");
    refuse(&g, "discard T1", "HU-TALON-09");
    act(&mut g, "discard HC");
    act(&mut g, "discard DC");
    assert_eq!(g.to_act(), Some(seat(0)));
    g
}

#[test]
fn forbidden_discards() {
    #[rustfmt::skip]
    let rows: &[(Start, Pairs, &str, Result<(), &str>)] = &[
        // rule: HU-TALON-09
        (after_xix_cue, NO_OPTS, "discard SKIZ", Err("HU-TALON-09")),
        // rule: HU-TALON-09
        (after_xix_cue, NO_OPTS, "discard HK", Err("HU-TALON-09")),
        // rule: HU-TALON-10
        (after_xix_cue, NO_OPTS, "discard T19", Err("HU-TALON-10")),
        // rule: HU-TALON-12
        (after_xix_cue, NO_OPTS, "discard T20", Ok(())),
        // rule: HU-TALON-12
        (after_xix_cue, NO_OPTS, "discard T18", Ok(())),
        // rule: HU-TALON-12
        (after_xix_cue, NO_OPTS, "discard T12", Ok(())),
        // rule: HU-TALON-12
        (after_xix_cue, NO_OPTS, "discard HQ", Ok(())),
        // rule: HU-TALON-08
        (after_xix_cue, NO_OPTS, "discard T1", Err("HU-TALON-08")),
        // rule: HU-TALON-08
        (after_xix_cue, NO_OPTS, "play T20", Err("HU-TALON-08")),
        // rule: PK-TALON-03
        (after_xix_cue, XX_KEPT, "discard T20", Err("PK-TALON-03")),
        // rule: PK-TALON-03
        (after_xix_cue, XX_KEPT, "discard HK", Err("HU-TALON-09")),
        // rule: PK-TALON-03
        (after_xix_cue, XX_KEPT, "discard T18", Ok(())),
        // rule: HU-TALON-10
        (after_xviii_cue, NO_OPTS, "discard T18", Err("HU-TALON-10")),
        // rule: HU-TALON-10
        (after_xviii_cue, NO_OPTS, "discard T19", Ok(())),
        // rule: HU-TALON-11
        (after_yield, NO_OPTS, "discard T20", Err("HU-TALON-11")),
        // rule: HU-TALON-11
        (after_yield, XX_KEPT, "discard T20", Err("HU-TALON-11")),
        // rule: HU-TALON-12  (the yielder may discard the XIX and tarokks from the talon)
        (after_yield, NO_OPTS, "discard T19", Ok(())),
        // rule: HU-TALON-12
        (after_yield, NO_OPTS, "discard T4", Ok(())),
    ];
    for &(start, opts, notation, expected) in rows {
        let mut g = start(opts);
        match expected {
            Err(rule) => refuse(&g, notation, rule),
            Ok(()) => {
                let who = g.to_act();
                act(&mut g, notation);
                let card = match parse(notation) {
                    Action::Discard(c) => c,
                    _ => unreachable!(),
                };
                assert!(hu(&g).discards(who.expect("to act")).contains(card));
            }
        }
    }
}

// rule: HU-TALON-09, HU-TALON-10, HU-TALON-11, HU-TALON-12, PK-TALON-03
#[test]
fn the_discard_list_is_exactly_the_allowed_cards() {
    let rows: &[(Start, Pairs, &str)] = &[
        // A: SKIZ T20 T19 T18 T12 T10 HK HQ DJ C10; cue card T19.
        (after_xix_cue, NO_OPTS, "T20 T18 T12 T10 HQ DJ C10"),
        (after_xix_cue, XX_KEPT, "T18 T12 T10 HQ DJ C10"),
        // A: SKIZ T20 T19 T18 T12 T10 HK HQ DJ C10; cue card T18.
        (after_xviii_cue, NO_OPTS, "T20 T19 T12 T10 HQ DJ C10"),
        // A, the yielder: SKIZ T20 T19 T18 T10 T4 T3 HK HQ DJ C10.
        (after_yield, NO_OPTS, "T19 T18 T10 T4 T3 HQ DJ C10"),
        (after_yield, XX_KEPT, "T19 T18 T10 T4 T3 HQ DJ C10"),
    ];
    for &(start, opts, allowed) in rows {
        let g = start(opts);
        assert_eq!(legal_discards(&g), set(allowed), "{opts:?}");
        for card in hu(&g).hand(g.to_act().expect("to act")) {
            let ok = g.check(Action::Discard(card)).is_ok();
            assert_eq!(ok, set(allowed).contains(card), "{card}");
        }
    }
    // D, the declarer of the yielded game, before discarding: the pagát and the king are kept.
    let mut g = game(&spread().swap(D_PAGAT));
    auction(&mut g, "three pass pass two pass");
    assert_eq!(legal_discards(&g), set("T13 T12 T11 T6 T5 SC S10 HC DC"));
}

// ---------------------------------------------------------------------------------------------
// HU-ANNUL: annulling the hand

/// B's heart king goes to D; B gets the club rider. B keeps three kings and no tarokk.
const B_THREE_KINGS: (&str, &str) = ("HK", "CC");

#[test]
fn annulment_holdings() {
    // Variant, exchanges on `annul_deal`, B's discard, whether B may then annul.
    #[rustfmt::skip]
    let rows: &[(Variant, Pairs, &str, Result<(), &str>)] = &[
        // rule: HU-ANNUL-01, HU-ANNUL-02  (four kings and no tarokk)
        (ILL, &[], "DA", Ok(())),
        // rule: HU-ANNUL-01  (four kings with tarokks)
        (ILL, &[("HQ", "T2"), ("DQ", "T3")], "DA", Ok(())),
        // rule: HU-ANNUL-02
        (ILL, &[B_THREE_KINGS], "DA", Ok(())),
        // rule: HU-ANNUL-03
        (ILL, &[B_THREE_KINGS, ("HQ", "T21")], "DA", Ok(())),
        // rule: HU-ANNUL-04
        (ILL, &[B_THREE_KINGS, ("HQ", "T1")], "DA", Ok(())),
        // rule: HU-ANNUL-05
        (ILL, &[B_THREE_KINGS, ("HQ", "T21"), ("DQ", "T1")], "DA", Ok(())),
        // rule: HU-ANNUL-01  (the skíz alone qualifies for nothing; A keeps the XXI to bid)
        (ILL, &[B_THREE_KINGS, ("HQ", "SKIZ"), ("T13", "T21")], "DA", Err("HU-ANNUL-01")),
        // rule: HU-ANNUL-01, HV-ANNUL-02  (the II alone, in the illustrated game)
        (ILL, &[B_THREE_KINGS, ("HQ", "T2")], "DA", Err("HU-ANNUL-01")),
        // rule: HU-ANNUL-03, HV-ANNUL-03  (XXI and II, in the illustrated game)
        (ILL, &[B_THREE_KINGS, ("HQ", "T21"), ("DQ", "T2")], "DA", Err("HU-ANNUL-01")),
        // rule: HU-ANNUL-05, HV-ANNUL-04  (XXI, II and I, in the illustrated game)
        (ILL, &[B_THREE_KINGS, ("HQ", "T21"), ("DQ", "T2"), ("CQ", "T1")], "DA", Err("HU-ANNUL-01")),
        // rule: HU-ANNUL-08  (XXI left after discarding the II)
        (ILL, &[B_THREE_KINGS, ("HQ", "T21"), ("DQ", "T2")], "T2", Err("HU-ANNUL-08")),
        // rule: HU-ANNUL-08  (no tarokk left after discarding the V from the talon)
        (ILL, &[B_THREE_KINGS, ("DA", "T5")], "T5", Err("HU-ANNUL-08")),
        // rule: HU-ANNUL-09
        (ILL, &[("HQ", "T2")], "T2", Ok(())),
        // rule: HV-ANNUL-02
        (HIGH, &[B_THREE_KINGS, ("HQ", "T2")], "DA", Ok(())),
        // rule: HV-ANNUL-03
        (HIGH, &[B_THREE_KINGS, ("HQ", "T21"), ("DQ", "T2")], "DA", Ok(())),
        // rule: HV-ANNUL-04
        (HIGH, &[B_THREE_KINGS, ("HQ", "T21"), ("DQ", "T2"), ("CQ", "T1")], "DA", Ok(())),
        // rule: HV-ANNUL-02, HV-ANNUL-03, HV-ANNUL-04  (the II with the pagát is none of them)
        (HIGH, &[B_THREE_KINGS, ("HQ", "T2"), ("DQ", "T1")], "DA", Err("HU-ANNUL-01")),
        // rule: HU-ANNUL-04  (High Tarokk keeps the basic holdings)
        (HIGH, &[B_THREE_KINGS, ("HQ", "T1")], "DA", Ok(())),
        // rule: HU-ANNUL-08, HV-ANNUL-02
        (HIGH, &[B_THREE_KINGS, ("HQ", "T2"), ("DQ", "T3")], "T3", Err("HU-ANNUL-08")),
    ];
    for &(variant, swaps, b_discard, expected) in rows {
        let ctx = format!("{variant} {swaps:?} B discards {b_discard}");
        let mut g = game_with(&annul_deal().swaps(swaps), variant, NO_OPTS);
        auction(&mut g, "three pass pass pass");
        assert_eq!(declarer(&g), Some((0, Contract::Three)), "{ctx}");
        for card in ["CJ", "SJ", "HA"] {
            act(&mut g, &format!("discard {card}"));
        }
        act(&mut g, &format!("discard {b_discard}"));
        discard_lowest(&mut g);
        // Annulment is asked from the declarer on: A (no qualifying holding) passes.
        assert_eq!(hu(&g).phase(), Phase::Annul, "{ctx}");
        assert_eq!(g.to_act(), Some(seat(0)));
        assert_eq!(legal(&g), ["pass"], "{ctx}");
        act(&mut g, "pass");
        assert_eq!(g.to_act(), Some(seat(1)));
        match expected {
            Err(rule) => {
                refuse(&g, "annul", rule);
                assert_eq!(legal(&g), ["pass"], "{ctx}");
            }
            Ok(()) => {
                assert_eq!(legal(&g), ["pass", "annul"], "{ctx}");
                act(&mut g, "annul");
                assert_eq!(hu(&g).phase(), Phase::Over(End::Annulled(seat(1))), "{ctx}");
                let out = g.outcome().expect("over");
                assert_eq!(out.end, End::Annulled(seat(1)));
                assert_eq!(
                    out.ledger,
                    Ledger::default(),
                    "{ctx}: an annulled hand scores nothing"
                );
            }
        }
    }
}

// rule: HU-ANNUL-06, HU-ANNUL-07, HU-ANNUL-10
#[test]
fn annulling_is_optional_and_only_in_its_turn() {
    let mut g = game(&annul_deal());
    refuse(&g, "annul", "HU-ANNUL-07");
    auction(&mut g, "three pass pass pass");
    // Not during the discards either.
    refuse(&g, "annul", "HU-ANNUL-07");
    discard_lowest(&mut g);
    let mut asked = Vec::new();
    for _ in 0..4 {
        asked.push(g.to_act().expect("to act").get());
        act(&mut g, "pass");
    }
    // B could have annulled (four kings, no tarokk) but passed: the hand goes on.
    assert_eq!(asked, [0, 1, 2, 3]);
    assert_eq!(hu(&g).phase(), Phase::Announce);
    refuse(&g, "annul", "HU-ANNUL-07");
    act(&mut g, "call T20");
    refuse(&g, "annul", "HU-ANNUL-07");
}

// rule: HV-ANNUL-01
#[test]
fn annulment_before_discarding() {
    // After drawing, before discarding: B holds the four kings with the diamond ace.
    let mut g = game_with(&annul_deal(), ILL, BEFORE_DISCARD);
    auction(&mut g, "three pass pass pass");
    assert_eq!(hu(&g).phase(), Phase::Annul);
    assert_eq!(g.to_act(), Some(seat(0)));
    for (s, n) in [(0, 12), (1, 10), (2, 10), (3, 10)] {
        assert_eq!(hu(&g).hand(seat(s)).len(), n);
        assert!(hu(&g).discards(seat(s)).is_empty());
    }
    act(&mut g, "pass");
    act(&mut g, "annul");
    assert_eq!(g.outcome().map(|o| o.end), Some(End::Annulled(seat(1))));

    // The holding counts the talon card: B drew the V and may not discard it first.
    let mut g = game_with(
        &annul_deal().swaps(&[B_THREE_KINGS, ("DA", "T5")]),
        ILL,
        BEFORE_DISCARD,
    );
    auction(&mut g, "three pass pass pass");
    act(&mut g, "pass");
    refuse(&g, "annul", "HU-ANNUL-01");
    for _ in 0..3 {
        act(&mut g, "pass");
    }
    // Then the discards, and no second chance to annul.
    assert_eq!(hu(&g).phase(), Phase::Discard);
    refuse(&g, "annul", "HU-ANNUL-07");
    discard_lowest(&mut g);
    assert_eq!(hu(&g).phase(), Phase::Announce);
}
