//! Table-driven tests of the Hungarian rules for calling a partner (HU-CALL), the round of
//! announcements (HU-ANN: declarations, bonuses, kontras, side conventions) and trick play with
//! its rájátszás obligations (HU-PLAY), plus the Paskievics (PK) and variation (HV) rows the
//! engine implements.
//!
//! Every case starts from an explicit 4-player deal (dealer seat 3, so seat 0 bids first and
//! leads to trick 1) and is driven to the position under test with action notation. Each test or
//! table row cites the CHECKLIST ids it asserts.

use tarock_engine::game::{Game, Observe};
use tarock_engine::hungarian::Phase;
use tarock_engine::{
    Action, AnyGame, Bonus, Card, CardSet, DealBuilder, DealSource, End, Hungarian, Pack, Seat,
    Setup, Target, Team, Variant,
};

const ILL: Variant = Variant::HungarianIllustrated;
const PASK: Variant = Variant::HungarianPaskievics;
const HIGH: Variant = Variant::HungarianHigh;

/// Six low suit cards: whoever receives one can discard it.
const TALON: &str = "C10 CJ S10 SJ HA DA";

/// Seat 0 bids three and everyone else passes: seat 0 is declarer and takes three talon cards.
const THREE: &str = "bid three, pass, pass, pass";

/// The cards of one deal. A hand written `*` gets every card of the pack not given elsewhere.
struct Deal {
    hands: [&'static str; 4],
    talon: &'static str,
}

/// A = seat 0 declarer (skíz, XXI, pagát, no XX); B = seat 1 opponent with eight tarokks;
/// C = seat 2 the XX holder, so the partner when A calls the XX; D = seat 3 opponent (five
/// tarokks: VI V IIII III II, and K♠ Q♠ R♠ J♦).
const ANN: Deal = Deal {
    hands: [
        "SKIZ T21 T1 T19 T18 HK HQ DK DQ",
        "T17 T16 T15 T14 T13 T12 T11 T10 HC",
        "T20 T9 T8 T7 CK CQ CC HJ DC",
        "*",
    ],
    talon: TALON,
};

/// As [`ANN`] with the hands of B and C swapped: B (seat 1) holds the XX, C has eight tarokks.
const ANN_B_PARTNER: Deal = Deal {
    hands: [
        "SKIZ T21 T1 T19 T18 HK HQ DK DQ",
        "T20 T9 T8 T7 CK CQ CC HJ DC",
        "T17 T16 T15 T14 T13 T12 T11 T10 HC",
        "*",
    ],
    talon: TALON,
};

/// As [`ANN`], but B (seat 1) holds nine tarokks.
const NINE: Deal = Deal {
    hands: [
        "SKIZ T21 T1 T19 T18 HK HQ DK DQ",
        "T17 T16 T15 T14 T13 T12 T11 T10 T9",
        "T20 T8 T7 HC CK CQ CC HJ DC",
        "*",
    ],
    talon: TALON,
};

/// The declarer (seat 0) holds the XX and eight tarokks, but not the XVIII (seat 1 has it).
const XX_DECLARER: Deal = Deal {
    hands: [
        "SKIZ T21 T20 T19 T17 T16 T15 T14 HK",
        "T18 T13 T12 HQ HC HJ DK DQ DC",
        "T11 T10 T9 T8 DJ CK CQ CC SK",
        "*",
    ],
    talon: TALON,
};

/// As [`ANN`], but the VIII is the fourth talon card: seat 1 receives it and discards it.
const OTHER_DISCARDS_TAROKK: Deal = Deal {
    hands: [
        "SKIZ T21 T1 T19 T18 HK HQ DK DQ",
        "T17 T16 T15 T14 T13 T12 T11 T10 HC",
        "T20 T9 SJ T7 CK CQ CC HJ DC",
        "*",
    ],
    talon: "C10 CJ S10 T8 HA DA",
};

/// As [`OTHER_DISCARDS_TAROKK`], but the VIII is the top talon card: the declarer discards it.
const DECLARER_DISCARDS_TAROKK: Deal = Deal {
    hands: [
        "SKIZ T21 T1 T19 T18 HK HQ DK DQ",
        "T17 T16 T15 T14 T13 T12 T11 T10 HC",
        "T20 T9 SJ T7 CK CQ CC HJ DC",
        "*",
    ],
    talon: "T8 C10 CJ S10 HA DA",
};

/// Seat 1 holds the XIX and the XXI and cue bids one over seat 0's three; seat 0 (skíz, pagát)
/// holds it and becomes declarer at one. Seat 2 receives the VIII from the talon and discards it.
const CUE: Deal = Deal {
    hands: [
        "SKIZ T1 T18 T17 T11 HK HQ DK DQ",
        "T21 T19 T16 T15 T14 T13 T12 HC SJ",
        "T20 T10 T9 T7 CK CQ CC HJ DC",
        "*",
    ],
    talon: "C10 CJ S10 T8 HA DA",
};

/// As [`CUE`], but the declarer's only honour is the pagát (the skíz is with seat 2).
const CUE_PAGAT_DECLARER: Deal = Deal {
    hands: [
        "T1 T18 T17 T11 T10 HK HQ DK DQ",
        "T21 T19 T16 T15 T14 T13 T12 HC SJ",
        "T20 SKIZ T9 T7 CK CQ CC HJ DC",
        "*",
    ],
    talon: "C10 CJ S10 T8 HA DA",
};

/// Paskievics: seat 1 cue bids one over three with the XIX and the pagát as only honour.
const CUE_ON_PAGAT: Deal = Deal {
    hands: [
        "SKIZ T21 T18 T17 T11 HK HQ DK DQ",
        "T1 T19 T16 T15 T14 T13 T12 HC SJ",
        "T20 T10 T9 T7 CK CQ CC HJ DC",
        "*",
    ],
    talon: "C10 CJ S10 T8 HA DA",
};

/// The auction of [`CUE`], [`CUE_PAGAT_DECLARER`] and [`CUE_ON_PAGAT`].
const CUE_AUCTION: &str = "bid three, bid one, pass, pass, hold, pass";

/// A yielded game: seat 0 (skíz, XX) opens three, seat 3 bids two, seat 0 passes. Seat 3 is
/// declarer at two; seat 1 receives the VIII from the talon and discards it.
const YIELD: Deal = Deal {
    hands: [
        "SKIZ T20 T18 T17 T16 HK HQ DK DQ",
        "T15 T14 T13 T12 T11 T10 HC HJ HA",
        "T9 T7 T6 CK CQ CC DC DJ SK",
        "*",
    ],
    talon: "C10 CJ S10 SJ T8 DA",
};

/// The auction of [`YIELD`].
const YIELD_AUCTION: &str = "bid three, pass, pass, bid two, pass";

/// HU-PLAY-13: seat 0 (nine tarokks with the XX and the pagát) plays alone; seat 1 holds the
/// skíz, the XXI, seven more tarokks and the II.
const PLAY_UHU: Deal = Deal {
    hands: [
        "T1 T3 T4 T5 T6 T7 T8 T9 T20",
        "SKIZ T21 T19 T18 T17 T16 T15 T14 T2",
        "T10 T11 HK HQ HC HJ DK DQ DC",
        "*",
    ],
    talon: TALON,
};

/// HU-PLAY-14 and the basic play rows: seat 0 (declarer) holds K♠ 10♠ and seven tarokks; seat 2
/// is the partner (XX, pagát); seat 1 (skíz, six high tarokks, K♦, K♥) wins every trick.
const PLAY_KING: Deal = Deal {
    hands: [
        "T21 T2 T3 T4 T5 T6 T7 SK S10",
        "SKIZ T19 T18 T17 T16 T15 T14 DK HK",
        "T20 T1 T8 T9 HQ HC DQ CK CQ",
        "*",
    ],
    talon: "C10 CJ SJ HA DA HJ",
};

/// The nine tricks of [`PLAY_KING`] without announcements, each in order of play. Seat 1 wins
/// them all.
const PLAY_KING_TRICKS: [&str; 9] = [
    "T21 SKIZ T20 T10",
    "T19 T9 T11 T2",
    "T18 T8 T12 T3",
    "T17 T1 T13 T4",
    "T16 HQ CC T5",
    "T15 HC SQ T6",
    "T14 CK SC T7",
    "DK DQ DC SK",
    "HK CQ DJ S10",
];

/// HU-PLAY-17, the seed's example: "you" are seat 3 (declarer), holding XXI XIV XIII XII V IIII
/// III and two hearts; your partner opposite (seat 1) has skíz XX XIX XVIII XVII X IX II and K♦;
/// the opponent to your right (seat 0) leads a diamond, the one to your left (seat 2) is void in
/// diamonds and trumps with the XV.
const PLAY_SMALL_BIRD: Deal = Deal {
    hands: [
        "T1 T6 T7 T8 DQ DC DJ CQ CC",
        "SKIZ T20 T19 T18 T17 T10 T9 T2 DK",
        "T15 T16 T11 HK HQ CK SK SQ SC",
        "T21 T14 T13 T12 T5 T4 T3 HC HJ",
    ],
    talon: TALON,
};

/// HU-PLAY-19: seat 0 (declarer: XXI XX XIX XVIII XVII XVI, K♥ K♦ K♣) calls the XV held by
/// seat 2, who also holds the skíz, the pagát, IV III II V and K♠ Q♠.
const PLAY_BIRDS: Deal = Deal {
    hands: [
        "T21 T20 T19 T18 T17 T16 HK DK CK",
        "T6 T7 T8 T9 T10 HQ HC HJ DQ",
        "SKIZ T1 T15 T2 T3 T4 T5 SK SQ",
        "*",
    ],
    talon: TALON,
};

/// Tricks 1–5 of [`PLAY_BIRDS`]: seat 0 leads and wins each, the XX last.
const PLAY_BIRDS_TRICKS: [&str; 5] = [
    "T19 T6 T15 T11",
    "T18 T7 T2 T12",
    "T17 T8 T3 T13",
    "T16 T9 T4 T14",
    "T20 T10 T5 SC",
];

/// 54 cards: seat 1 holds ten tarokks.
const PACK54_TEN: Deal = Deal {
    hands: [
        "SKIZ T21 T1 T20 HK HQ HC HJ DK DQ DC DJ",
        "T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 HA H2",
        "T9 T8 T7 T6 DA D2 D3 CK CQ CC CJ C10",
        "*",
    ],
    talon: "C7 C8 S7 S8 H4 D4",
};

/// 54 cards: seat 1 holds twelve tarokks.
const PACK54_TWELVE: Deal = Deal {
    hands: [
        "SKIZ T21 T1 T20 HK HQ HC HJ DK DQ DC DJ",
        "T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8",
        "T7 T6 T5 T4 HA H2 DA D2 CK CQ CC CJ",
        "*",
    ],
    talon: "C7 C8 S7 S8 H4 D4",
};

// ----- helpers ---------------------------------------------------------------------------------

fn card(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn set(s: &str) -> CardSet {
    s.split_whitespace().map(card).collect()
}

fn action(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn seat(i: u8) -> Seat {
    Seat::new(i)
}

/// A hand of `variant` with `options`, dealt as `deal`, dealer seat 3.
fn new_game(variant: Variant, options: &[(&str, &str)], deal: &Deal) -> Hungarian {
    let pack = if options.contains(&("pack", "54")) {
        Pack::Tarock54
    } else {
        Pack::Hungarian42
    };
    let given = deal
        .hands
        .iter()
        .filter(|h| **h != "*")
        .fold(set(deal.talon), |a, h| a | set(h));
    let mut builder = DealBuilder::new().talon_str(deal.talon);
    for (i, h) in deal.hands.iter().enumerate() {
        builder = if *h == "*" {
            let rest: Vec<Card> = (pack.cards() - given).into_iter().collect();
            builder.hand(i as u8, &rest)
        } else {
            builder.hand_str(i as u8, h)
        };
    }
    let setup = Setup {
        variant,
        options: Setup::option_pairs(options),
        seats: 4,
        dealer: seat(3),
        deal: DealSource::Explicit(builder),
        carried: tarock_engine::Carried::default(),
    };
    let g = AnyGame::new(&setup).unwrap_or_else(|e| panic!("{e}"));
    *g.as_hungarian().expect("only hungarian setups here")
}

/// Applies one action, which must be legal.
#[track_caller]
fn act(g: &mut Hungarian, s: &str) {
    let a = action(s);
    if let Err(v) = g.check(a) {
        panic!("{s:?} by seat {:?} refused: {v}", g.to_act());
    }
    assert!(
        g.legal_actions().contains(a),
        "{s:?} accepted but not listed"
    );
    g.play_unchecked(a);
}

/// Applies actions in order, written as notation separated by commas.
#[track_caller]
fn run(g: &mut Hungarian, script: &str) {
    for s in script.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        act(g, s);
    }
}

/// Plays cards in order, written as notation; commas separate tricks for the reader.
#[track_caller]
fn play_tricks(g: &mut Hungarian, tricks: &str) {
    for c in tricks
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|c| !c.is_empty())
    {
        act(g, &format!("play {c}"));
    }
}

/// Asserts that `a` is refused under exactly `rule`, and not listed as legal.
#[track_caller]
fn refuse_action(g: &Hungarian, a: Action, rule: &str) {
    match g.check(a) {
        Ok(()) => panic!("{a} accepted, expected a refusal under {rule}"),
        Err(v) => assert_eq!(v.rule, rule, "{a} refused for the wrong rule: {v}"),
    }
    assert!(!g.legal_actions().contains(a), "{a} refused but listed");
}

/// Asserts that the action written `s` is refused under exactly `rule`.
#[track_caller]
fn refuse(g: &Hungarian, s: &str, rule: &str) {
    refuse_action(g, action(s), rule);
}

/// Asserts that the action written `s` is legal (accepted and listed), without applying it.
#[track_caller]
fn allow(g: &Hungarian, s: &str) {
    let a = action(s);
    assert_eq!(g.check(a), Ok(()), "{s:?} should be legal");
    assert!(g.legal_actions().contains(a), "{s:?} legal but not listed");
}

/// Asserts the verdict on `s`: legal (`None`) or refused under the rule given.
#[track_caller]
fn verdict(g: &Hungarian, s: &str, expect: Option<&str>) {
    match expect {
        None => allow(g, s),
        Some(rule) => refuse(g, s, rule),
    }
}

/// Deals, plays the auction, lets each seat discard exactly the talon cards it received (the
/// talon is handed out and discarded in the same seat order, so discarding it card by card in
/// talon order does that), and lets every player pass the chance to annul.
#[track_caller]
fn start(variant: Variant, options: &[(&str, &str)], deal: &Deal, auction: &str) -> Hungarian {
    let mut g = new_game(variant, options, deal);
    run(&mut g, auction);
    assert_eq!(g.phase(), Phase::Discard);
    for c in deal.talon.split_whitespace() {
        act(&mut g, &format!("discard {c}"));
    }
    assert_eq!(g.phase(), Phase::Annul);
    run(&mut g, "pass, pass, pass, pass");
    assert_eq!(g.phase(), Phase::Announce);
    g
}

/// [`start`] with `script` applied in the round of announcements.
#[track_caller]
fn announce(
    variant: Variant,
    options: &[(&str, &str)],
    deal: &Deal,
    auction: &str,
    script: &str,
) -> Hungarian {
    let mut g = start(variant, options, deal, auction);
    run(&mut g, script);
    g
}

/// One row of an announcement table: the script after the exchange, the action to judge, and
/// the rule that refuses it (`None`: legal).
type Row = (&'static str, &'static str, Option<&'static str>);

/// Checks every row of a table, each from a fresh hand.
#[track_caller]
fn table(variant: Variant, options: &[(&str, &str)], deal: &Deal, auction: &str, rows: &[Row]) {
    for (script, a, expect) in rows {
        let g = announce(variant, options, deal, auction, script);
        verdict(&g, a, *expect);
    }
}

/// The cards the seat to act may play.
fn legal_cards(g: &Hungarian) -> CardSet {
    g.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// The cards the declarer may call.
fn legal_calls(g: &Hungarian) -> CardSet {
    g.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Call(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// The standing announced item `bonus`: its team, kontra level and announcer.
fn item(g: &Hungarian, bonus: &str) -> Option<(Team, u8, Seat)> {
    let b: Bonus = bonus.parse().unwrap_or_else(|e| panic!("{e}"));
    g.announced()
        .find(|(x, ..)| *x == b)
        .map(|(_, t, l, s)| (t, l, s))
}

fn identified(g: &Hungarian) -> [bool; 4] {
    [0, 1, 2, 3].map(|i| g.identified(seat(i)))
}

// ----- HU-CALL ---------------------------------------------------------------------------------

#[test]
fn call_rows() {
    // Declarer without the XX, nobody else discarded a tarokk.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-CALL-03
        ("", "call T20", None),
        // rule: HU-CALL-03
        ("", "call T19", Some("HU-CALL-03")),
        // rule: HU-CALL-03
        ("", "call T17", Some("HU-CALL-03")),
        // rule: HU-CALL-03, HU-CALL-06
        ("", "call T5", Some("HU-CALL-03")),
    ];
    table(ILL, &[], &ANN, THREE, rows);
    // Declarer with the XX, XIX, XVII…: the highest tarokk below the XX not held is the XVIII.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-CALL-04
        ("", "call T18", None),
        // rule: HU-CALL-04
        ("", "call T17", Some("HU-CALL-04")),
        // rule: HU-CALL-04
        ("", "call T13", Some("HU-CALL-04")),
        // rule: HU-CALL-04
        ("", "call T12", Some("HU-CALL-04")),
        // rule: HU-CALL-05
        ("", "call T20", None),
    ];
    table(ILL, &[], &XX_DECLARER, THREE, rows);
    // Seat 1 discarded the VIII.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-CALL-06
        ("", "call T2", None),
        // rule: HU-CALL-06
        ("", "call T5", None),
        // rule: HU-CALL-06
        ("", "call T17", None),
        // rule: HU-CALL-06
        ("", "call T20", None),
        // rule: HU-CALL-06, HU-CALL-07
        ("", "call T8", None),
        // rule: HU-CALL-06
        ("", "call T21", Some("HU-CALL-06")),
        // rule: HU-CALL-06
        ("", "call T1", Some("HU-CALL-06")),
        // rule: HU-CALL-06
        ("", "call SKIZ", Some("HU-CALL-06")),
        // rule: HU-CALL-06
        ("", "call HK", Some("HU-CALL-06")),
    ];
    table(ILL, &[], &OTHER_DISCARDS_TAROKK, THREE, rows);
    // Only the declarer discarded a tarokk: that does not free the call.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-CALL-06, HU-CALL-03
        ("", "call T5", Some("HU-CALL-03")),
        // rule: HU-CALL-03
        ("", "call T20", None),
    ];
    table(ILL, &[], &DECLARER_DISCARDS_TAROKK, THREE, rows);
    // Paskievics: the declarer may not call a tarokk of their own hand.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: PK-CALL-01
        ("", "call T19", Some("PK-CALL-01")),
        // rule: PK-CALL-01
        ("", "call T18", Some("PK-CALL-01")),
        // rule: PK-CALL-01
        ("", "call T5", None),
        // rule: PK-CALL-01, HU-CALL-07
        ("", "call T8", None),
        // rule: PK-CALL-01, HU-CALL-06
        ("", "call T21", Some("HU-CALL-06")),
    ];
    table(PASK, &[], &OTHER_DISCARDS_TAROKK, THREE, rows);
    // Seat 1 cue bid one (XIX) and seat 0 held it; seat 2 discarded the VIII.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-CALL-08
        ("", "call T19", None),
        // rule: HU-CALL-08
        ("", "call T20", Some("HU-CALL-08")),
        // rule: HU-CALL-08
        ("", "call T8", Some("HU-CALL-08")),
    ];
    table(ILL, &[], &CUE, CUE_AUCTION, rows);
    // Seat 0 yielded; seat 1 discarded the VIII.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-CALL-09
        ("", "call T20", None),
        // rule: HU-CALL-09
        ("", "call T15", Some("HU-CALL-09")),
        // rule: HU-CALL-09
        ("", "call T8", Some("HU-CALL-09")),
    ];
    table(ILL, &[], &YIELD, YIELD_AUCTION, rows);
}

// rule: HU-CALL-03, HU-CALL-04, HU-CALL-05, HU-CALL-06, HU-CALL-08, HU-CALL-09
#[test]
fn callable_cards_listed() {
    let ann = start(ILL, &[], &ANN, THREE);
    assert_eq!(legal_calls(&ann), set("T20"));
    let xx = start(ILL, &[], &XX_DECLARER, THREE);
    assert_eq!(legal_calls(&xx), set("T20 T18"));
    let discarded = start(ILL, &[], &OTHER_DISCARDS_TAROKK, THREE);
    let calls = legal_calls(&discarded);
    assert_eq!(
        calls - set("T19 T18"),
        set("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T20")
    );
    assert!(!calls.intersects(set("SKIZ T21 T1")));
    let pask = start(PASK, &[], &OTHER_DISCARDS_TAROKK, THREE);
    assert_eq!(
        legal_calls(&pask),
        set("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T20")
    );
    let cue = start(ILL, &[], &CUE, CUE_AUCTION);
    assert_eq!(legal_calls(&cue), set("T19"));
    let yielded = start(ILL, &[], &YIELD, YIELD_AUCTION);
    assert_eq!(legal_calls(&yielded), set("T20"));
}

// rule: HU-CALL-01
#[test]
fn called_card_holder_is_partner() {
    let g = announce(ILL, &[], &ANN, THREE, "call T20");
    assert_eq!(g.called(), Some(Card::XX));
    assert_eq!(g.partner(), Some(seat(2)));
    assert_eq!(g.team_of(seat(0)), Team::Declarer);
    assert_eq!(g.team_of(seat(2)), Team::Declarer);
    assert_eq!(g.team_of(seat(1)), Team::Opponents);
    assert_eq!(g.team_of(seat(3)), Team::Opponents);
    // Calling the XVIII of another player's hand makes that player the partner.
    let g = announce(ILL, &[], &XX_DECLARER, THREE, "call T18");
    assert_eq!(g.partner(), Some(seat(1)));
}

// rule: HU-CALL-05
#[test]
fn own_xx_called_plays_alone() {
    let g = announce(ILL, &[], &XX_DECLARER, THREE, "call T20");
    assert_eq!(g.partner(), None);
    for i in 1..4 {
        assert_eq!(g.team_of(seat(i)), Team::Opponents);
    }
}

// rule: HU-CALL-07, HU-ANN-25, HU-CALL-10
#[test]
fn discarded_card_called_declarer_alone_and_discarder_must_kontra() {
    let mut g = announce(ILL, &[], &OTHER_DISCARDS_TAROKK, THREE, "call T8");
    assert_eq!(g.partner(), None);
    for i in 1..4 {
        assert_eq!(g.team_of(seat(i)), Team::Opponents);
    }
    // Nobody's side is revealed by the call.
    assert_eq!(identified(&g), [true, false, false, false]);
    act(&mut g, "pass");
    // Seat 1 discarded the VIII and must kontra the game before passing.
    refuse(&g, "pass", "HU-ANN-25");
    act(&mut g, "kontra game");
    assert_eq!(g.game_level(), 1);
    act(&mut g, "pass");
    // The forced kontra shows only the discarder's own side, not that the declarer is alone.
    assert_eq!(identified(&g), [true, true, false, false]);
    // The other opponents are under no obligation.
    act(&mut g, "pass");
    act(&mut g, "pass");
    act(&mut g, "pass");
    assert_eq!(g.phase(), Phase::Play);
}

// rule: HU-ANN-25
#[test]
fn discard_kontra_only_for_the_called_card() {
    // The VIII was discarded but the V (seat 3's) is called: seat 1 may pass.
    let g = announce(ILL, &[], &OTHER_DISCARDS_TAROKK, THREE, "call T5, pass");
    assert_eq!(g.partner(), Some(seat(3)));
    allow(&g, "pass");
}

// rule: PK-ANN-01
#[test]
fn paskievics_discarder_kontras_at_first_turn() {
    let mut g = announce(PASK, &[], &OTHER_DISCARDS_TAROKK, THREE, "call T8, pass");
    assert_eq!(g.to_act(), Some(seat(1)));
    refuse(&g, "pass", "HU-ANN-25");
    run(&mut g, "kontra game, pass");
    assert_eq!(g.game_level(), 1);
}

// rule: HU-CALL-10
#[test]
fn call_reveals_no_side() {
    let g = announce(ILL, &[], &ANN, THREE, "call T20, pass");
    assert_eq!(identified(&g), [true, false, false, false]);
}

// rule: HU-CALL-02, HU-ANN-02
#[test]
fn declarer_first_turn_order() {
    let mut g = start(ILL, &[], &XX_DECLARER, THREE);
    assert_eq!(g.to_act(), Some(seat(0)));
    // Before the call only the call and a tarokk declaration are possible.
    let listed = g.legal_actions();
    assert!(listed
        .iter()
        .all(|a| matches!(a, Action::Call(_) | Action::Declare(_))));
    refuse(&g, "announce trull", "HU-CALL-02");
    refuse(&g, "pass", "HU-ANN-02");
    // Declaring tarokks may come first.
    act(&mut g, "declare tarokks:8");
    refuse(&g, "announce trull", "HU-CALL-02");
    refuse(&g, "pass", "HU-ANN-02");
    act(&mut g, "call T18");
    // The call is made once.
    refuse(&g, "call T20", "HU-CALL-02");
    act(&mut g, "announce trull");
    act(&mut g, "pass");
    // Nobody else calls.
    assert_eq!(g.to_act(), Some(seat(1)));
    refuse(&g, "call T20", "HU-CALL-02");
}

// rule: HU-CALL-08, HU-ANN-18
#[test]
fn cue_bidder_called_is_proved_partner() {
    let mut g = start(ILL, &[], &CUE, CUE_AUCTION);
    assert_eq!(g.declarer().map(|d| d.0), Some(seat(0)));
    assert_eq!(g.cue_bids(), &[(seat(1), Card::XIX)]);
    act(&mut g, "call T19");
    assert_eq!(g.partner(), Some(seat(1)));
    assert!(g.identified(seat(1)));
}

// rule: HU-CALL-09, HU-ANN-18, HU-ANN-01
#[test]
fn yielder_called_is_proved_partner() {
    let mut g = start(ILL, &[], &YIELD, YIELD_AUCTION);
    assert_eq!(g.yielder(), Some(seat(0)));
    // The declarer, seat 3, begins the round of announcements.
    assert_eq!(g.to_act(), Some(seat(3)));
    act(&mut g, "call T20");
    assert_eq!(g.partner(), Some(seat(0)));
    assert!(g.identified(seat(0)));
    // Then anticlockwise: seat 0 follows the declarer.
    act(&mut g, "pass");
    assert_eq!(g.to_act(), Some(seat(0)));
}

// ----- HU-ANN: structure -----------------------------------------------------------------------

// rule: HU-ANN-01
#[test]
fn round_starts_after_discards_and_annulment_with_declarer() {
    let mut g = new_game(ILL, &[], &ANN);
    run(&mut g, THREE);
    assert_eq!(g.phase(), Phase::Discard);
    run(
        &mut g,
        "discard C10, discard CJ, discard S10, discard SJ, discard HA, discard DA",
    );
    assert_eq!(g.phase(), Phase::Annul);
    run(&mut g, "pass, pass, pass");
    assert_eq!(g.phase(), Phase::Annul);
    act(&mut g, "pass");
    assert_eq!(g.phase(), Phase::Announce);
    assert_eq!(g.to_act(), Some(seat(0)));
}

// rule: HU-ANN-03
#[test]
fn turn_is_any_number_of_items_ended_by_pass() {
    let mut g = start(ILL, &[], &ANN, THREE);
    act(&mut g, "call T20");
    assert_eq!(g.to_act(), Some(seat(0)));
    act(&mut g, "announce trull");
    act(&mut g, "announce four-kings");
    assert_eq!(g.to_act(), Some(seat(0)));
    act(&mut g, "pass");
    assert_eq!(g.to_act(), Some(seat(1)));
    // An opponent may declare, kontra the other team's items and announce in one turn.
    act(&mut g, "declare tarokks:8");
    act(&mut g, "kontra trull");
    act(&mut g, "kontra game");
    act(&mut g, "announce double-game");
    assert_eq!(g.to_act(), Some(seat(1)));
    // Cards are not played in the round of announcements.
    refuse(&g, "play T17", "HU-ANN-03");
    act(&mut g, "pass");
    assert_eq!(g.to_act(), Some(seat(2)));
}

// rule: HU-ANN-04, HU-ANN-01
#[test]
fn round_ends_after_three_silent_turns() {
    // Declarer calls, then three players pass.
    let mut g = announce(ILL, &[], &ANN, THREE, "call T20, pass, pass, pass");
    assert_eq!(g.phase(), Phase::Announce);
    act(&mut g, "pass");
    assert_eq!(g.phase(), Phase::Play);

    // A kontra restarts the count, and the round goes on for another circuit.
    let mut g = announce(
        ILL,
        &[],
        &ANN,
        THREE,
        "call T20, pass, kontra game, pass, pass, pass",
    );
    assert_eq!(g.phase(), Phase::Announce);
    assert_eq!(g.to_act(), Some(seat(0)));
    act(&mut g, "pass");
    assert_eq!(g.phase(), Phase::Play);
}

// ----- HU-ANN: announcement rules ------------------------------------------------------------

#[test]
fn announcement_rows() {
    // A = seat 0 declarer, B = seat 1 opponent, C = seat 2 partner, D = seat 3 opponent.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-ANN-05
        ("call T20, pass, pass", "announce trull", None),
        // rule: HU-ANN-05
        ("call T20, announce trull, pass, pass", "announce trull", Some("HU-ANN-05")),
        // rule: HU-ANN-06
        ("call T20, pass, pass", "announce pagat-ultimo", None),
        // rule: HU-ANN-06
        ("call T20", "announce king-ultimo:S", None),
        // rule: HU-ANN-07
        ("call T20, announce double-game", "announce volat", Some("HU-ANN-07")),
        // rule: HU-ANN-07
        ("call T20, announce volat", "announce double-game", Some("HU-ANN-07")),
        // rule: HU-ANN-07
        ("call T20, announce double-game, pass, pass", "announce volat", None),
        // rule: HU-ANN-08
        ("call T20, announce volat, pass, pass", "announce double-game", Some("HU-ANN-08")),
        // rule: HU-ANN-09
        ("call T20, announce pagat-ultimo, pass, pass", "announce pagat-uhu", None),
        // rule: HU-ANN-09
        ("call T20, announce king-ultimo:H, pass, pass", "announce king-uhu:H", None),
        // rule: HU-ANN-10
        ("call T20, announce pagat-ultimo", "announce pagat-uhu", Some("HU-ANN-10")),
        // rule: HU-ANN-10
        ("call T20, announce king-ultimo:S, pass, pass, announce trull, pass, pass", "announce king-uhu:S", Some("HU-ANN-10")),
        // rule: HU-ANN-11
        ("call T20, announce pagat-ultimo", "announce king-uhu:D", None),
        // rule: HU-ANN-11
        ("call T20, announce king-uhu:C", "announce pagat-ultimo", None),
        // rule: HU-ANN-12
        ("call T20, announce pagat-uhu, pass, pass", "announce pagat-ultimo", Some("HU-ANN-12")),
        // rule: HU-ANN-12
        ("call T20, announce king-uhu:C", "announce king-ultimo:C", Some("HU-ANN-12")),
        // rule: HU-ANN-13
        ("call T20, announce centrum, announce small-bird, announce large-bird, announce pagat-uhu", "announce king-ultimo:H", None),
        // rule: HU-ANN-14, HU-ANN-17
        ("call T20, pass", "announce trull", Some("HU-ANN-17")),
        // rule: HU-ANN-14, HU-ANN-17
        ("call T20, announce trull, pass", "announce four-kings", Some("HU-ANN-17")),
        // rule: HU-ANN-14
        ("call T20, announce trull, pass, pass", "announce four-kings", None),
        // rule: HU-ANN-14
        ("call T20, pass, pass", "announce four-kings", None),
        // rule: HU-ANN-15, HU-ANN-17
        ("call T20, announce trull, pass, kontra trull, pass", "announce four-kings", Some("HU-ANN-17")),
        // rule: HU-ANN-15
        ("call T20, announce trull, pass, kontra trull, pass, pass", "announce four-kings", None),
        // rule: HU-ANN-15, HU-ANN-17
        ("call T20, announce trull, pass, pass, pass", "announce four-kings", Some("HU-ANN-17")),
        // rule: HU-ANN-16
        ("call T20, pass, declare tarokks:8, pass", "announce trull", None),
        // rule: HU-ANN-16, HU-ANN-17
        ("call T20, pass, declare tarokks:8, pass, pass", "announce trull", Some("HU-ANN-17")),
        // rule: HU-ANN-16
        ("call T20, announce trull, pass", "declare tarokks:8", None),
        // rule: HU-ANN-17
        ("call T20, pass, kontra game", "announce trull", None),
        // rule: HU-ANN-17
        ("call T20, announce trull, pass, kontra trull, pass, rekontra trull", "announce four-kings", None),
        // rule: HU-ANN-17
        ("call T20, pass, kontra game, pass, rekontra game, announce trull, pass, pass, pass", "announce four-kings", None),
        // rule: HU-ANN-19
        ("call T20", "kontra game", Some("HU-ANN-19")),
        // rule: HU-ANN-19
        ("call T20, pass, pass", "kontra game", Some("HU-ANN-19")),
        // rule: HU-ANN-19
        ("call T20, pass", "kontra game", None),
        // rule: HU-ANN-19
        ("call T20, pass, pass, pass", "kontra game", None),
        // rule: HU-ANN-20
        ("call T20, announce trull, pass", "kontra trull", None),
        // rule: HU-ANN-20
        ("call T20, announce trull, pass, pass", "kontra trull", Some("HU-ANN-20")),
        // rule: HU-ANN-20
        ("call T20, pass, kontra game, announce trull, pass", "kontra trull", None),
        // rule: HU-ANN-20
        ("call T20, pass, kontra game, announce trull, pass, pass", "kontra trull", Some("HU-ANN-20")),
        // rule: HU-ANN-21
        ("call T20, announce trull, pass", "kontra four-kings", Some("HU-ANN-21")),
        // rule: HU-ANN-21
        ("call T20, pass", "kontra pagat-ultimo", Some("HU-ANN-21")),
        // rule: HU-ANN-23
        ("call T20, announce trull, pass, kontra trull, pass", "rekontra trull", None),
        // rule: HU-ANN-23
        ("call T20, pass, kontra game, pass", "rekontra game", None),
        // rule: HU-ANN-23
        ("call T20, pass, kontra game, pass, pass, pass", "rekontra game", None),
        // rule: HU-ANN-23, HU-ANN-24
        ("call T20, announce trull, pass, kontra trull, pass, pass", "rekontra trull", Some("HU-ANN-24")),
        // rule: HU-ANN-24
        ("call T20, pass", "rekontra game", Some("HU-ANN-24")),
        // rule: HU-ANN-24
        ("call T20, pass, kontra game", "rekontra game", Some("HU-ANN-24")),
        // rule: HU-ANN-24
        ("call T20, pass, kontra game, pass, rekontra game, pass", "szubkontra game", None),
        // rule: HU-ANN-24
        ("call T20, pass, kontra game, pass, rekontra game, pass", "hirskontra game", Some("HU-ANN-24")),
        // rule: HU-ANN-24
        ("call T20, pass, kontra game, pass, rekontra game, pass, pass", "szubkontra game", Some("HU-ANN-24")),
        // rule: HU-ANN-26
        ("call T20, pass", "declare tarokks:8", None),
        // rule: HU-ANN-26
        ("call T20, pass, pass, pass", "declare tarokks:8", Some("HU-ANN-26")),
        // rule: HU-ANN-26
        ("call T20, pass, declare tarokks:8", "declare tarokks:8", Some("HU-ANN-26")),
        // rule: HU-ANN-26, HU-ANN-27
        ("call T20, pass, kontra game", "pass", None),
        // rule: HU-ANN-27
        ("call T20, pass, kontra game, announce trull", "pass", None),
        // rule: HU-ANN-27
        ("call T20, pass, kontra game, announce pagat-ultimo", "pass", Some("HU-ANN-27")),
        // rule: HU-ANN-27
        ("call T20, pass, kontra game, announce pagat-uhu", "pass", Some("HU-ANN-27")),
        // rule: HU-ANN-27
        ("call T20, pass, kontra game, announce king-ultimo:H", "pass", Some("HU-ANN-27")),
        // rule: HU-ANN-27
        ("call T20, pass, kontra game, announce king-uhu:S", "pass", Some("HU-ANN-27")),
        // rule: HU-ANN-27
        ("call T20, announce pagat-ultimo, pass, kontra pagat-ultimo", "pass", Some("HU-ANN-27")),
        // rule: HU-ANN-27
        ("call T20, announce king-uhu:D, pass, kontra king-uhu:D", "pass", Some("HU-ANN-27")),
        // rule: HU-ANN-27
        ("call T20, pass, kontra game, announce pagat-ultimo, declare tarokks:8", "pass", None),
        // rule: HU-ANN-27
        ("call T20, announce pagat-ultimo, pass, declare tarokks:8, kontra pagat-ultimo", "pass", None),
        // rule: HU-ANN-27
        ("call T20, pass, declare tarokks:8, pass, pass, pass, announce pagat-ultimo, pass, kontra pagat-ultimo", "pass", None),
        // rule: HU-ANN-29
        ("call T20", "announce four-kings", None),
        // rule: HU-ANN-29
        ("call T20, pass, pass", "announce trull", None),
        // rule: HU-ANN-29
        ("call T20, pass, pass", "announce volat", None),
        // rule: HU-ANN-29
        ("call T20, pass, pass, pass, kontra game", "announce double-game", None),
        // rule: HU-ANN-29
        ("call T20, pass, pass, pass, kontra game", "announce xxi-catch", None),
    ];
    table(ILL, &[], &ANN, THREE, rows);
}

// rule: HU-ANN-28, HU-ANN-26
#[test]
fn nine_tarokks_are_declared_as_nine() {
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-ANN-28
        ("call T20, pass", "declare tarokks:8", Some("HU-ANN-28")),
        // rule: HU-ANN-26, HU-ANN-28
        ("call T20, pass", "declare tarokks:9", None),
        // rule: HU-ANN-27, HU-ANN-28
        ("call T20, pass, kontra game, announce pagat-ultimo, declare tarokks:9", "pass", None),
    ];
    table(ILL, &[], &NINE, THREE, rows);
    let g = announce(ILL, &[], &NINE, THREE, "call T20, pass, declare tarokks:9");
    assert_eq!(g.declared(seat(1)), 9);
    assert_eq!(g.declared(seat(2)), 0);
}

// rule: HU-ANN-05
#[test]
fn announcement_is_for_the_team() {
    let g = announce(
        ILL,
        &[],
        &ANN,
        THREE,
        "call T20, pass, kontra game, announce trull, pass, rekontra game, announce four-kings",
    );
    assert_eq!(item(&g, "trull"), Some((Team::Opponents, 0, seat(1))));
    assert_eq!(item(&g, "four-kings"), Some((Team::Declarer, 0, seat(2))));
    // Both teams may announce the same bonus.
    allow(&g, "announce trull");
}

// rule: HU-ANN-09
#[test]
fn uhu_replaces_the_partners_ultimo() {
    let g = announce(
        ILL,
        &[],
        &ANN,
        THREE,
        "call T20, announce pagat-ultimo, pass, pass, announce pagat-uhu",
    );
    assert_eq!(item(&g, "pagat-ultimo"), None);
    assert_eq!(item(&g, "pagat-uhu"), Some((Team::Declarer, 0, seat(2))));
}

// rule: HU-ANN-11, HU-ANN-13
#[test]
fn ultimo_uhu_of_different_cards_and_birds_all_stand() {
    let g = announce(
        ILL,
        &[],
        &ANN,
        THREE,
        "call T20, announce pagat-ultimo, announce king-uhu:D, announce centrum, announce small-bird, announce large-bird",
    );
    for b in [
        "pagat-ultimo",
        "king-uhu:D",
        "centrum",
        "small-bird",
        "large-bird",
    ] {
        assert_eq!(item(&g, b), Some((Team::Declarer, 0, seat(0))), "{b}");
    }
}

// rule: HU-ANN-18
#[test]
fn proved_sides() {
    let mut g = start(ILL, &[], &ANN, THREE);
    // The declarer's side is known from the start.
    assert_eq!(identified(&g), [true, false, false, false]);
    run(&mut g, "call T20, announce trull, pass");
    // A kontra to the game proves an opponent.
    run(&mut g, "kontra game, pass");
    assert_eq!(identified(&g), [true, true, false, false]);
    run(&mut g, "pass");
    assert_eq!(identified(&g), [true, true, false, false]);
    // A kontra to the other team's bonus proves an opponent too.
    run(&mut g, "kontra trull");
    assert_eq!(identified(&g), [true, true, false, true]);
}

// rule: HU-ANN-22
#[test]
fn kontra_applies_only_to_the_item_named() {
    let mut g = announce(
        ILL,
        &[],
        &ANN,
        THREE,
        "call T20, announce trull, announce four-kings, pass, kontra trull",
    );
    assert_eq!(item(&g, "trull").map(|i| i.1), Some(1));
    assert_eq!(item(&g, "four-kings").map(|i| i.1), Some(0));
    assert_eq!(g.game_level(), 0);
    run(&mut g, "kontra game, pass, rekontra trull");
    assert_eq!(item(&g, "trull").map(|i| i.1), Some(2));
    assert_eq!(item(&g, "four-kings").map(|i| i.1), Some(0));
    assert_eq!(g.game_level(), 1);
}

// rule: HU-ANN-23, HU-ANN-24
#[test]
fn kontra_ladder_alternates_up_to_mordkontra() {
    let mut g = announce(ILL, &[], &ANN, THREE, "call T20, announce trull, pass");
    // Each turn takes the game and the trull one level further, alternating sides: B and D are
    // opponents, A (declarer) and C (partner, not the trull's announcer) the announcing side.
    let steps: [(&str, u8); 5] = [
        ("kontra", 1),     // B
        ("rekontra", 2),   // C
        ("szubkontra", 3), // D
        ("hirskontra", 4), // A
        ("mordkontra", 5), // B
    ];
    for (word, level) in steps {
        act(&mut g, &format!("{word} game"));
        act(&mut g, &format!("{word} trull"));
        assert_eq!(g.game_level(), level);
        assert_eq!(item(&g, "trull").map(|i| i.1), Some(level));
        act(&mut g, "pass");
    }
    // Nothing above mordkontra.
    assert_eq!(g.to_act(), Some(seat(2)));
    refuse_action(&g, Action::Kontra(Target::Game, 6), "HU-ANN-24");
    refuse_action(
        &g,
        Action::Kontra(Target::Bonus(Bonus::Trull), 6),
        "HU-ANN-24",
    );
    assert!(!g
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Kontra(..))));
}

// rule: HU-ANN-30, HU-ANN-14, HU-ANN-18, HU-ANN-04
#[test]
fn parlett_example_of_call_and_announcements() {
    let mut g = start(ILL, &[], &ANN_B_PARTNER, THREE);
    // A (declarer): "Call XX, pass."
    run(&mut g, "call T20, pass");
    // B: "Trull, four Kings, pass." B is presumed to be A's partner (and is).
    run(&mut g, "announce trull, announce four-kings, pass");
    assert!(g.identified(seat(1)));
    assert_eq!(item(&g, "trull"), Some((Team::Declarer, 0, seat(1))));
    // C: "Pass."
    act(&mut g, "pass");
    // D: "Kontra the trull, pass." D is proved an opponent.
    run(&mut g, "kontra trull, pass");
    assert!(g.identified(seat(3)));
    assert_eq!(g.team_of(seat(3)), Team::Opponents);
    // A: "Pagat ulti, pass."
    run(&mut g, "announce pagat-ultimo, pass");
    // B, C: "Pass." D: "Pass." The round ends after D's pass.
    run(&mut g, "pass, pass");
    assert_eq!(g.phase(), Phase::Announce);
    act(&mut g, "pass");
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(item(&g, "trull"), Some((Team::Declarer, 1, seat(1))));
    assert_eq!(item(&g, "four-kings"), Some((Team::Declarer, 0, seat(1))));
    assert_eq!(item(&g, "pagat-ultimo"), Some((Team::Declarer, 0, seat(0))));
}

// rule: HU-ANN-16
#[test]
fn declaring_tarokks_is_neutral() {
    // A is declarer, B declares 8 tarokks, C announces trull: C is taken as A's partner.
    let mut g = announce(
        ILL,
        &[],
        &ANN,
        THREE,
        "call T20, pass, declare tarokks:8, pass",
    );
    assert_eq!(g.declared(seat(1)), 8);
    assert!(!g.identified(seat(1)));
    act(&mut g, "announce trull");
    assert_eq!(item(&g, "trull"), Some((Team::Declarer, 0, seat(2))));
}

// ----- PK-ANN ----------------------------------------------------------------------------------

#[test]
fn paskievics_rows() {
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: PK-ANN-03
        ("call T20", "announce centrum", Some("PK-ANN-03")),
        // rule: PK-ANN-03
        ("call T20", "announce small-bird", Some("PK-ANN-03")),
        // rule: PK-ANN-03
        ("call T20", "announce large-bird", Some("PK-ANN-03")),
        // rule: PK-ANN-03
        ("call T20", "announce pagat-uhu", Some("PK-ANN-03")),
        // rule: PK-ANN-03
        ("call T20", "announce king-ultimo:H", Some("PK-ANN-03")),
        // rule: PK-ANN-03
        ("call T20", "announce king-uhu:S", Some("PK-ANN-03")),
        // rule: PK-ANN-03
        ("call T20", "announce trull", None),
        // rule: PK-ANN-03
        ("call T20", "announce four-kings", None),
        // rule: PK-ANN-03
        ("call T20", "announce double-game", None),
        // rule: PK-ANN-03
        ("call T20", "announce volat", None),
        // rule: PK-ANN-03
        ("call T20", "announce pagat-ultimo", None),
        // rule: PK-ANN-03
        ("call T20", "announce xxi-catch", None),
        // rule: PK-ANN-05, HU-ANN-27
        ("call T20, pass, kontra game, announce pagat-ultimo", "pass", Some("HU-ANN-27")),
        // rule: PK-ANN-05, HU-ANN-27
        ("call T20, announce pagat-ultimo, pass, kontra pagat-ultimo", "pass", Some("HU-ANN-27")),
        // rule: PK-ANN-05
        ("call T20, announce trull, pass, kontra trull, kontra game, announce four-kings", "pass", None),
    ];
    table(PASK, &[], &ANN, THREE, rows);
}

// rule: PK-ANN-02
#[test]
fn paskievics_pagat_cue_bidder_must_announce_pagat_ultimo() {
    let mut g = start(PASK, &[], &CUE_ON_PAGAT, CUE_AUCTION);
    assert_eq!(g.cue_bids(), &[(seat(1), Card::XIX)]);
    run(&mut g, "call T19, pass");
    assert_eq!(g.to_act(), Some(seat(1)));
    refuse(&g, "pass", "PK-ANN-02");
    act(&mut g, "announce trull");
    refuse(&g, "pass", "PK-ANN-02");
    act(&mut g, "announce pagat-ultimo");
    allow(&g, "pass");
}

// ----- HV-ANN ----------------------------------------------------------------------------------

#[test]
fn variation_rows() {
    let identifies = [("tarokk_declaration_identifies_side", "true")];
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-01
        ("call T20, pass", "declare tarokks:8", Some("HV-ANN-01")),
        // rule: HV-ANN-01
        ("call T20, announce trull, pass", "declare tarokks:8", Some("HV-ANN-01")),
        // rule: HV-ANN-01
        ("call T20, pass, kontra game", "declare tarokks:8", None),
        // rule: HV-ANN-01
        ("call T20, announce trull, pass, kontra trull", "declare tarokks:8", None),
    ];
    table(ILL, &identifies, &ANN, THREE, rows);
    // With the option a declaration places the declarer on a side; without it, it does not.
    // D kontras the game; then B, presumed D's partner, declares eight tarokks.
    let script = "call T20, pass, pass, pass, kontra game, pass, pass, declare tarokks:8";
    let g = announce(ILL, &identifies, &ANN, THREE, script);
    // rule: HV-ANN-01
    assert!(g.identified(seat(1)));
    let g = announce(ILL, &[], &ANN, THREE, script);
    // rule: HU-ANN-16
    assert!(!g.identified(seat(1)));
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-04
        ("call T20, announce pagat-ultimo, pass, pass", "announce pagat-uhu", Some("HV-ANN-04")),
        // rule: HV-ANN-04
        ("call T20, announce king-ultimo:H, pass, pass", "announce king-uhu:H", Some("HV-ANN-04")),
        // rule: HV-ANN-04, HU-ANN-11
        ("call T20, announce pagat-ultimo, pass, pass", "announce king-uhu:H", None),
    ];
    table(
        ILL,
        &[("allow_ulti_to_uhu_upgrade", "false")],
        &ANN,
        THREE,
        rows,
    );
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-05
        ("call T20, announce double-game", "announce volat", None),
        // rule: HU-ANN-08
        ("call T20, announce volat, pass, pass", "announce double-game", Some("HU-ANN-08")),
    ];
    table(
        ILL,
        &[("double_and_volat_same_turn", "true")],
        &ANN,
        THREE,
        rows,
    );
    // The kontra ladder on the game (B kontra, C rekontra, D szubkontra, A hirskontra), each
    // script ending at the turn of whoever says the next level: D, A and B respectively.
    const TO_SZUBKONTRA: &str = "call T20, pass, kontra game, pass, rekontra game, pass";
    const TO_HIRSKONTRA: &str =
        "call T20, pass, kontra game, pass, rekontra game, pass, szubkontra game, pass";
    const TO_MORDKONTRA: &str = "call T20, pass, kontra game, pass, rekontra game, pass, \
                                 szubkontra game, pass, hirskontra game, pass";
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-06, HU-ANN-24
        (TO_MORDKONTRA, "mordkontra game", Some("HU-ANN-24")),
        // rule: HV-ANN-06
        (TO_HIRSKONTRA, "hirskontra game", None),
    ];
    table(ILL, &[("max_kontra_level", "4")], &ANN, THREE, rows);
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-06, HU-ANN-24
        (TO_HIRSKONTRA, "hirskontra game", Some("HU-ANN-24")),
        // rule: HV-ANN-06
        (TO_SZUBKONTRA, "szubkontra game", None),
    ];
    table(ILL, &[("max_kontra_level", "3")], &ANN, THREE, rows);
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HU-ANN-24, HV-ANN-06
        (TO_MORDKONTRA, "mordkontra game", None),
        // rule: HV-ANN-07
        ("call T20", "announce pagat-catch", Some("HV-ANN-13")),
        // rule: HV-ANN-08
        ("call T20", "announce sas-ultimo", Some("HV-ANN-13")),
        // rule: HV-ANN-08
        ("call T20", "announce sas-uhu", Some("HV-ANN-13")),
    ];
    table(ILL, &[], &ANN, THREE, rows);
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-07
        ("call T20", "announce pagat-catch", None),
    ];
    table(ILL, &[("pagat_catch_bonus", "true")], &ANN, THREE, rows);
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-07
        ("call T20", "announce pagat-catch", None),
    ];
    table(PASK, &[("pagat_catch_bonus", "true")], &ANN, THREE, rows);
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-08
        ("call T20", "announce sas-ultimo", None),
        // rule: HV-ANN-08
        ("call T20", "announce sas-uhu", None),
        // rule: HV-ANN-08, HU-ANN-09
        ("call T20, announce sas-ultimo, pass, pass", "announce sas-uhu", None),
        // rule: HV-ANN-08, HU-ANN-10
        ("call T20, announce sas-ultimo", "announce sas-uhu", Some("HU-ANN-10")),
    ];
    table(ILL, &[("sas_bonuses", "true")], &ANN, THREE, rows);
}

// rule: HV-ANN-10, HV-ANN-11, HV-ANN-13
#[test]
fn high_tarokk_rows() {
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-10
        ("call T20", "announce paros-facan", Some("HV-ANN-10")),
        // rule: HV-ANN-10
        ("call T20, pass, pass", "announce paros-facan", Some("HV-ANN-10")),
        // rule: HV-ANN-10
        ("call T20, pass, kontra game", "announce paros-facan", None),
        // rule: HV-ANN-11
        ("call T20", "announce long-double-game", Some("HV-ANN-11")),
        // rule: HV-ANN-11
        ("call T20, pass, kontra game", "announce long-double-game", None),
        // rule: HV-ANN-13
        ("call T20", "announce sas-facan", None),
        // rule: HV-ANN-13
        ("call T20", "announce pagat-facan", None),
        // rule: HV-ANN-13
        ("call T20", "announce sas-ultimo", None),
        // rule: HV-ANN-13
        ("call T20", "announce sas-uhu", None),
        // rule: HV-ANN-13
        ("call T20", "announce suit-family:H", None),
        // rule: HV-ANN-13
        ("call T20", "announce three-kings", None),
        // rule: HV-ANN-13
        ("call T20", "announce final-pair", None),
        // rule: HV-ANN-13
        ("call T20", "announce pagat-small-bird", None),
        // rule: HV-ANN-13
        ("call T20", "announce sas-small-bird", None),
        // rule: HV-ANN-13
        ("call T20", "announce king-small-bird:D", None),
        // rule: HV-ANN-13
        ("call T20", "announce pagat-large-bird", None),
        // rule: HV-ANN-13
        ("call T20", "announce sas-large-bird", None),
        // rule: HV-ANN-13
        ("call T20", "announce king-large-bird:C", None),
    ];
    table(HIGH, &[], &ANN, THREE, rows);
    // None of them exists in the illustrated game.
    let rows: Vec<Row> = [
        "announce paros-facan",
        "announce sas-facan",
        "announce pagat-facan",
        "announce suit-family:H",
        "announce three-kings",
        "announce final-pair",
        "announce pagat-small-bird",
        "announce sas-small-bird",
        "announce king-small-bird:D",
        "announce pagat-large-bird",
        "announce sas-large-bird",
        "announce king-large-bird:C",
        "announce long-double-game",
    ]
    .into_iter()
    .map(|a| -> Row { ("call T20", a, Some("HV-ANN-13")) })
    .collect();
    // rule: HV-ANN-13
    table(ILL, &[], &ANN, THREE, &rows);
}

// rule: HV-ANN-12, HU-ANN-28, HU-ANN-26
#[test]
fn pack54_declarations_up_to_twelve() {
    let pack54 = [("pack", "54")];
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-12
        ("call T20, pass", "declare tarokks:10", None),
        // rule: HV-ANN-12, HU-ANN-28
        ("call T20, pass", "declare tarokks:9", Some("HU-ANN-28")),
        // rule: HV-ANN-12, HU-ANN-26
        ("call T20", "declare tarokks:10", Some("HU-ANN-26")),
    ];
    table(ILL, &pack54, &PACK54_TEN, THREE, rows);
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-12
        ("call T20, pass", "declare tarokks:12", None),
        // rule: HV-ANN-12, HU-ANN-28
        ("call T20, pass", "declare tarokks:11", Some("HU-ANN-28")),
    ];
    table(ILL, &pack54, &PACK54_TWELVE, THREE, rows);
}

// rule: HV-ANN-02
#[test]
fn trull_only_three_is_not_played() {
    let skip = [("skip_trull_only_three", "true")];
    let trull_only: &str = "call T20, announce trull, pass, pass, pass, pass";
    let g = announce(ILL, &skip, &ANN, THREE, trull_only);
    assert_eq!(g.phase(), Phase::Over(End::TrullOnlyThree));
    assert!(g.is_over());
    // Off by default.
    let g = announce(ILL, &[], &ANN, THREE, trull_only);
    assert_eq!(g.phase(), Phase::Play);
    // Not when anything else is announced or kontra'd.
    for script in [
        "call T20, announce trull, pass, kontra trull, pass, pass, pass, pass",
        "call T20, announce trull, pass, kontra game, pass, pass, pass, pass",
        "call T20, announce trull, pass, pass, announce four-kings, pass, pass, pass, pass",
    ] {
        let g = announce(ILL, &skip, &ANN, THREE, script);
        assert_eq!(g.phase(), Phase::Play, "{script:?}");
    }
    // Not at a bid of two.
    let g = announce(
        ILL,
        &skip,
        &YIELD,
        YIELD_AUCTION,
        "call T20, announce trull, pass, pass, pass, pass",
    );
    assert_eq!(g.phase(), Phase::Play);
}

// rule: HV-ANN-03
#[test]
fn overcaller_of_cue_bid_must_announce() {
    let must = [("overcaller_must_announce", "true")];
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-03
        ("call T19", "pass", Some("HV-ANN-03")),
        // rule: HV-ANN-03
        ("call T19, announce pagat-ultimo", "pass", Some("HV-ANN-03")),
        // rule: HV-ANN-03
        ("call T19, announce trull", "pass", None),
    ];
    table(ILL, &must, &CUE, CUE_AUCTION, rows);
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-03
        ("call T19", "pass", Some("HV-ANN-03")),
        // rule: HV-ANN-03
        ("call T19, announce trull", "pass", Some("HV-ANN-03")),
        // rule: HV-ANN-03
        ("call T19, announce pagat-ultimo", "pass", None),
    ];
    table(ILL, &must, &CUE_PAGAT_DECLARER, CUE_AUCTION, rows);
    // Off by default.
    #[rustfmt::skip]
    let rows: &[Row] = &[
        // rule: HV-ANN-03
        ("call T19", "pass", None),
    ];
    table(ILL, &[], &CUE, CUE_AUCTION, rows);
}

// rule: HV-ANN-09
#[test]
fn marton_bonuses_do_not_exist() {
    // No option names them: a record that asks for them is refused as naming an unknown option.
    let setup = |value: &str| Setup {
        variant: ILL,
        options: vec![("marton_bonuses".to_owned(), value.to_owned())],
        seats: 4,
        dealer: seat(3),
        deal: DealSource::Seed([7; 32]),
        carried: tarock_engine::Carried::default(),
    };
    for value in ["off", "on"] {
        assert!(AnyGame::new(&setup(value)).is_err(), "{value}");
    }
    for v in Variant::HUNGARIAN {
        assert!(
            v.option_specs().iter().all(|s| !s.name.contains("marton")),
            "{v}"
        );
    }
}

// ----- HU-PLAY ---------------------------------------------------------------------------------

/// [`PLAY_KING`] after the declarer's call of the XX (seat 2) and announcements, then the
/// declarer's pass and three silent turns.
fn play_king(announcements: &str) -> Hungarian {
    let mut g = announce(ILL, &[], &PLAY_KING, THREE, "call T20");
    run(&mut g, announcements);
    run(&mut g, "pass, pass, pass, pass");
    assert_eq!(g.phase(), Phase::Play);
    g
}

// rule: HU-PLAY-01, HU-PLAY-03
#[test]
fn eldest_leads_any_card() {
    let g = play_king("");
    assert_eq!(g.to_act(), Some(seat(0)));
    assert_eq!(legal_cards(&g), g.hand(seat(0)));
    assert_eq!(legal_cards(&g).len(), 9);
    // The player to the dealer's right leads even when someone else is declarer.
    let g = announce(
        ILL,
        &[],
        &PLAY_SMALL_BIRD,
        "pass, pass, pass, bid three",
        "call T20, pass, pass, pass, pass",
    );
    assert_eq!(g.declarer().map(|d| d.0), Some(seat(3)));
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.to_act(), Some(seat(0)));
    assert_eq!(g.current_trick().leader(), seat(0));
}

#[test]
fn trick_play_rows() {
    let mut g = play_king("");
    act(&mut g, "play T21");
    // rule: HU-PLAY-06
    assert_eq!(legal_cards(&g), set("SKIZ T19 T18 T17 T16 T15 T14"));
    // rule: HU-PLAY-06
    refuse(&g, "play DK", "HU-PLAY-06");
    act(&mut g, "play SKIZ");
    // rule: HU-PLAY-06, HU-PLAY-08
    assert_eq!(legal_cards(&g), set("T20 T1 T8 T9"));
    run(&mut g, "play T20, play T10");
    // rule: HU-PLAY-09, HU-PLAY-02, HU-PLAY-11
    assert_eq!(g.tricks().len(), 1);
    assert_eq!(g.to_act(), Some(seat(1)));
    assert_eq!(g.current_trick().leader(), seat(1));
    assert_eq!(g.won(seat(1)), set("T21 SKIZ T20 T10"));
    for i in [0, 2, 3] {
        assert!(g.won(seat(i)).is_empty());
    }
    // rule: HU-PLAY-11
    assert_eq!(g.discards(seat(1)), set("HA"));
    assert_eq!(g.discards(seat(2)), set("DA"));
    // rule: HU-PLAY-03
    assert_eq!(legal_cards(&g), g.hand(seat(1)));
    play_tricks(&mut g, &PLAY_KING_TRICKS[1..4].join(", "));
    act(&mut g, "play T16");
    // rule: HU-PLAY-07
    assert_eq!(legal_cards(&g), set("HQ HC DQ CK CQ"));
    run(&mut g, "play HQ, play CC, play T5");
    play_tricks(&mut g, &PLAY_KING_TRICKS[5..7].join(", "));
    act(&mut g, "play DK");
    // rule: HU-PLAY-04
    assert_eq!(legal_cards(&g), set("DQ"));
    // rule: HU-PLAY-04
    refuse(&g, "play CQ", "HU-PLAY-04");
    act(&mut g, "play DQ");
    // rule: HU-PLAY-04
    assert_eq!(legal_cards(&g), set("DC DJ"));
    act(&mut g, "play DC");
    // rule: HU-PLAY-07, HU-PLAY-20
    assert_eq!(legal_cards(&g), set("SK S10"));
    act(&mut g, "play SK");
    // rule: HU-PLAY-09
    // No tarokk in the trick: the K♦ led beats the K♠.
    assert_eq!(
        g.tricks()[7]
            .winner(&tarock_engine::TrickRules::TAROCK)
            .map(|w| w.0),
        Some(seat(1))
    );
    assert_eq!(g.to_act(), Some(seat(1)));
    assert_eq!(g.phase(), Phase::Play);
    play_tricks(&mut g, &PLAY_KING_TRICKS[8..].join(", "));
    // rule: HU-PLAY-10
    assert_eq!(g.tricks().len(), 9);
    assert_eq!(g.phase(), Phase::Over(End::Played));
    assert!(g.is_over());
}

// rule: HU-PLAY-05, HU-PLAY-09, HU-PLAY-08
#[test]
fn void_player_must_trump_and_need_not_beat() {
    let mut g = announce(
        ILL,
        &[],
        &PLAY_SMALL_BIRD,
        "pass, pass, pass, bid three",
        "call T20, pass, pass, pass, pass",
    );
    run(&mut g, "play DJ, play DK");
    // Seat 2 has no diamond: a tarokk, any of them.
    assert_eq!(legal_cards(&g), set("T15 T16 T11"));
    refuse(&g, "play HK", "HU-PLAY-05");
    act(&mut g, "play T15");
    assert_eq!(legal_cards(&g), set("T21 T14 T13 T12 T5 T4 T3"));
    act(&mut g, "play T3");
    // The XV beats the K♦ led.
    assert_eq!(g.to_act(), Some(seat(2)));
    assert_eq!(g.won(seat(2)), set("DJ DK T15 T3"));
    // Holding the XXI, seat 3 may still play the IIII under the XVI.
    act(&mut g, "play T16");
    assert!(legal_cards(&g).contains(card("T4")));
    assert!(legal_cards(&g).contains(card("T21")));
}

// rule: HU-PLAY-13, HU-PLAY-12
#[test]
fn pagat_uhu_example() {
    let mut g = announce(
        ILL,
        &[],
        &PLAY_UHU,
        THREE,
        "call T20, declare tarokks:9, announce pagat-uhu, pass, pass, pass, pass",
    );
    assert_eq!(g.partner(), None);
    assert_eq!(g.phase(), Phase::Play);
    // The pagát is kept back from the start.
    assert_eq!(legal_cards(&g), g.hand(seat(0)) - set("T1"));
    refuse(&g, "play T1", "HU-PLAY-12");
    play_tricks(
        &mut g,
        "T4 SKIZ T10 T12, T21 T11 T13 T20, T19 HK DJ T9, T18 HQ CK T8, T17 HC CQ T7, T16 HJ CC T6, T15 DK SK T5",
    );
    // Trick 8: an opponent leads the II; the pagát and the III are left.
    run(&mut g, "play T2, play DQ, play SQ");
    assert_eq!(g.hand(seat(0)), set("T1 T3"));
    assert_eq!(legal_cards(&g), set("T1"));
    refuse(&g, "play T3", "HU-PLAY-12");
}

// rule: HU-PLAY-20
#[test]
fn silent_pagat_has_no_obligation() {
    let mut g = announce(
        ILL,
        &[],
        &PLAY_UHU,
        THREE,
        "call T20, pass, pass, pass, pass",
    );
    assert_eq!(legal_cards(&g), g.hand(seat(0)));
    play_tricks(
        &mut g,
        "T4 SKIZ T10 T12, T21 T11 T13 T20, T19 HK DJ T9, T18 HQ CK T8, T17 HC CQ T7, T16 HJ CC T6, T15 DK SK T5",
    );
    run(&mut g, "play T2, play DQ, play SQ");
    assert_eq!(legal_cards(&g), set("T1 T3"));
}

// rule: HU-PLAY-14, HU-PLAY-12
#[test]
fn king_uhu_example() {
    let mut g = play_king("announce king-uhu:S");
    // K♠ is kept back.
    assert_eq!(legal_cards(&g), g.hand(seat(0)) - set("SK"));
    play_tricks(&mut g, &PLAY_KING_TRICKS[..7].join(", "));
    // Trick 8: an opponent leads K♦; the holder has K♠ and 10♠.
    run(&mut g, "play DK, play DQ, play DC");
    assert_eq!(g.hand(seat(0)), set("SK S10"));
    assert_eq!(legal_cards(&g), set("SK"));
    refuse(&g, "play S10", "HU-PLAY-12");
}

// rule: HU-PLAY-12
#[test]
fn ultimo_card_forced_out_by_the_rules_of_play() {
    let mut g = play_king("announce pagat-ultimo");
    act(&mut g, "play T21");
    act(&mut g, "play SKIZ");
    // Seat 2, the partner, keeps the pagát for the last trick.
    assert_eq!(legal_cards(&g), set("T20 T8 T9"));
    refuse(&g, "play T1", "HU-PLAY-12");
    act(&mut g, "play T20");
    act(&mut g, "play T10");
    play_tricks(&mut g, &PLAY_KING_TRICKS[1..3].join(", "));
    // Trick 4: a tarokk is led and the pagát is seat 2's last tarokk: it must go.
    act(&mut g, "play T17");
    assert_eq!(legal_cards(&g), set("T1"));
}

// rule: HU-PLAY-17, HU-PLAY-16, HU-PLAY-15
#[test]
fn small_bird_example() {
    let mut g = announce(
        ILL,
        &[],
        &PLAY_SMALL_BIRD,
        "pass, pass, pass, bid three",
        "call T20, announce trull, announce four-kings, announce centrum, announce small-bird, announce large-bird, announce double-game, pass, pass, announce volat, pass, pass, pass, pass",
    );
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.partner(), Some(seat(1)));
    // Trick 1: the opponent to your right leads a diamond, partner plays K♦, the opponent to
    // your left trumps with the XV.
    run(&mut g, "play DJ, play DK, play T15");
    assert_eq!(legal_cards(&g), set("T14 T13 T12 T5 T4 T3"));
    refuse(&g, "play T21", "HU-PLAY-12");
    act(&mut g, "play T3");
    // The trick is lost: every centrum and bird obligation ends.
    assert_eq!(g.to_act(), Some(seat(2)));
    act(&mut g, "play T16");
    assert_eq!(legal_cards(&g), set("T21 T14 T13 T12 T5 T4"));
    act(&mut g, "play T21");
    act(&mut g, "play T6");
    assert_eq!(legal_cards(&g), set("SKIZ T20 T19 T18 T17 T10 T9 T2"));
}

/// [`PLAY_BIRDS`] with the announcements given by the declarer, up to trick 6, where the
/// declarer leads the XXI.
fn birds(announcements: &str) -> Hungarian {
    let mut g = announce(ILL, &[], &PLAY_BIRDS, THREE, "call T15");
    run(&mut g, announcements);
    run(&mut g, "pass, pass, pass, pass");
    assert_eq!(g.partner(), Some(seat(2)));
    play_tricks(&mut g, &PLAY_BIRDS_TRICKS.join(", "));
    // Trick 6: the small bird's XXI is due now and is the only legal lead.
    assert_eq!(legal_cards(&g), set("T21"));
    run(&mut g, "play T21, play HQ");
    assert_eq!(g.hand(seat(2)), set("SKIZ T1 SK SQ"));
    g
}

// rule: HU-PLAY-19, HU-PLAY-18
#[test]
fn precedence_example() {
    let g = birds("announce small-bird, announce large-bird, announce pagat-uhu");
    assert_eq!(legal_cards(&g), set("SKIZ"));
    refuse(&g, "play T1", "HU-PLAY-18");
    // Without the pagátuhu, the pagát.
    let g = birds("announce small-bird, announce large-bird");
    assert_eq!(legal_cards(&g), set("T1"));
    refuse(&g, "play SKIZ", "HU-PLAY-12");
}

// rule: HU-PLAY-15
#[test]
fn centrum_and_birds_cards_kept_for_their_tricks() {
    let mut g = announce(ILL, &[], &PLAY_BIRDS, THREE, "call T15");
    run(
        &mut g,
        "announce centrum, announce small-bird, announce large-bird, pass, pass, pass, pass",
    );
    // Trick 1: the XX and XXI wait for tricks 5 and 6; the partner's skíz for trick 7.
    assert_eq!(legal_cards(&g), set("T19 T18 T17 T16 HK DK CK"));
    refuse(&g, "play T20", "HU-PLAY-12");
    run(&mut g, "play T19, play T6");
    assert_eq!(legal_cards(&g), set("T15 T5 T4 T3 T2 T1"));
    refuse(&g, "play SKIZ", "HU-PLAY-12");
    run(&mut g, "play T15, play T11");
    play_tricks(&mut g, &PLAY_BIRDS_TRICKS[1..4].join(", "));
    // Trick 5: the XX is due.
    assert_eq!(legal_cards(&g), set("T20"));
    play_tricks(&mut g, &PLAY_BIRDS_TRICKS[4..].join(", "));
    // Trick 6: the XXI is due.
    assert_eq!(legal_cards(&g), set("T21"));
    // The partner plays the pagát, not the skíz kept for trick 7.
    run(&mut g, "play T21, play HQ");
    assert_eq!(legal_cards(&g), set("T1"));
    run(&mut g, "play T1, play DC");
    // Trick 7: the declarer leads K♥; the partner, void in hearts, must play the skíz now.
    run(&mut g, "play HK, play HC");
    assert_eq!(legal_cards(&g), set("SKIZ"));
}

// rule: PK-ANN-04, HU-ANN-23
#[test]
fn paskievics_only_the_announcer_rekontras() {
    // The Parlett example in the Paskievics game: B announces trull for A's team, D kontras.
    let mut g = start(PASK, &[], &ANN_B_PARTNER, THREE);
    run(
        &mut g,
        "call T20, pass, announce trull, pass, pass, kontra trull, kontra game, pass",
    );
    // A, the declarer, may not rekontra B's trull in Parlett's game, but may rekontra the game.
    refuse(&g, "rekontra trull", "PK-ANN-04");
    run(&mut g, "rekontra game, pass");
    // B, who announced the trull, may.
    run(&mut g, "rekontra trull, pass");
    assert_eq!(item(&g, "trull"), Some((Team::Declarer, 2, seat(1))));
    assert_eq!(g.game_level(), 2);

    // In the illustrated game either member of the announcing side may (HU-ANN-23).
    let mut g = start(ILL, &[], &ANN_B_PARTNER, THREE);
    run(
        &mut g,
        "call T20, pass, announce trull, pass, pass, kontra trull, pass",
    );
    run(&mut g, "rekontra trull, pass");
    assert_eq!(item(&g, "trull"), Some((Team::Declarer, 2, seat(1))));
}

// rule: PK-ANN-04
#[test]
fn paskievics_only_the_declarer_rekontras_the_game() {
    let mut g = start(PASK, &[], &ANN_B_PARTNER, THREE);
    run(&mut g, "call T20, pass, pass, pass, kontra game, pass");
    // B, the partner, may not answer the kontra on the game; A may.
    assert_eq!(g.to_act(), Some(seat(0)));
    run(&mut g, "pass");
    refuse(&g, "rekontra game", "PK-ANN-04");
}
