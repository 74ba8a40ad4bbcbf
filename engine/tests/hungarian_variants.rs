//! The Hungarian variations through the state machine: rule options and their per-variant
//! defaults, five players, Paskievics' talon honours, High Tarokk's bonuses and the 54-card game.
//!
//! The golden settlements come from whole hands played through [`AnyGame`]: an explicit deal, the
//! auction, the talon exchange, the annulment round, the announcements and every trick, each
//! action checked by the engine. A deal is written as its tricks (each from its leader; seat 0
//! leads trick 1, the winner of each trick leads the next) plus the talon and the discards; the
//! hands are worked out from them, so every case is a hand that could really have been played.
//!
//! Seats: four players with dealer seat 3, or five with dealer seat 4 sitting out; either way
//! seat 0 bids first, is the declarer and leads to trick 1. Each table row cites the CHECKLIST ids
//! it asserts.

use tarock_engine::deal::DealProblem;
use tarock_engine::game::{Game, Observe};
use tarock_engine::hungarian::score::card_points;
use tarock_engine::hungarian::Phase;
use tarock_engine::shuffle::{seed_from_u64, shuffled};
use tarock_engine::{
    Action, AnyGame, Bonus, Card, CardSet, DealBuilder, DealSource, End, Hungarian, Item, Ledger,
    Pack, Seat, Setup, SetupError, Trick, TrickRules, Variant, Viewer,
};

const ILL: Variant = Variant::HungarianIllustrated;
const PASK: Variant = Variant::HungarianPaskievics;
const HIGH: Variant = Variant::HungarianHigh;

/// Rule options as name/value pairs.
type Opts = &'static [(&'static str, &'static str)];

const NO_OPTS: Opts = &[];
const PACK54: Opts = &[("pack", "54")];

// ---------------------------------------------------------------------------------------------
// Deals
// ---------------------------------------------------------------------------------------------

/// A hand written as it was played.
struct Deal {
    /// The talon, top card first.
    talon: &'static str,
    /// The discards in the order they are made (the declarer first, then anticlockwise); empty
    /// when every player discards exactly the talon cards it received.
    discards: &'static str,
    /// Every trick, each listed from its leader.
    tricks: &'static [&'static str],
}

/// 42 cards: the talon of four low pips and two low tarokks. At three the declarer draws and
/// discards the pips ♥A ♦A ♣10; seats 2 and 3 discard the III and the IIII, so the declarer may
/// call any tarokk that is not an honour (HU-CALL-06).
const TALON42: &str = "HA DA C10 S10 T3 T4";
/// 54 cards: the talon, used like [`TALON42`].
const TALON54: &str = "HA H2 H3 H4 T3 T4";

/// Seat 2, void in hearts, trumps the first trick with the pagát. Seat 2 holds the XVIII.
const FACAN_PAGAT: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "HQ HJ T1 HC",
        "T18 T17 T8 T21",
        "T19 T14 T13 SKIZ",
        "T20 T15 T10 T9",
        "T16 T11 T6 T5",
        "T12 T7 T2 HK",
        "DK DQ DC DJ",
        "CC CK CQ CJ",
        "SC SK SQ SJ",
    ],
};

/// As [`FACAN_PAGAT`] with the II in trick 1 and the pagát in trick 6.
const FACAN_SAS: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "HQ HJ T2 HC",
        "T18 T17 T8 T21",
        "T19 T14 T13 SKIZ",
        "T20 T15 T10 T9",
        "T16 T11 T6 T5",
        "T12 T7 T1 HK",
        "DK DQ DC DJ",
        "CC CK CQ CJ",
        "SC SK SQ SJ",
    ],
};

/// Seat 1's skíz captures the declarer's pagát in trick 1. Seat 2 holds the XIII.
const PAGAT_LOST: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "T1 SKIZ T9 T14",
        "T7 T10 T21 T2",
        "T15 T20 T8 T11",
        "T5 T18 T12 T16",
        "T19 T13 T17 T6",
        "HK HQ HC HJ",
        "DK DQ DC DJ",
        "CJ CK CQ CC",
        "SJ SK SQ SC",
    ],
};

/// The declarer's XXI wins trick 1, which holds seat 1's II. Seat 2 holds the XIX.
const PAROS: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "T21 T2 T5 T6",
        "T20 SKIZ T7 T8",
        "T9 T19 T10 T11",
        "T18 T12 T1 T13",
        "T17 T14 T15 T16",
        "HK HQ HC HJ",
        "DJ DK DQ DC",
        "CK CQ CC CJ",
        "SJ SK SQ SC",
    ],
};

/// As [`PAROS`], but the II in trick 1 is the partner's (seat 2).
const PAROS_PARTNER: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "T21 T5 T2 T6",
        "T20 SKIZ T7 T8",
        "T9 T19 T10 T11",
        "T18 T12 T1 T13",
        "T17 T14 T15 T16",
        "HK HQ HC HJ",
        "DJ DK DQ DC",
        "CK CQ CC CJ",
        "SJ SK SQ SC",
    ],
};

/// Seat 1, an opponent, wins trick 1 with the XXI; its partner seat 3 plays the II there. Seat 2
/// holds the XV.
const PAROS_OPPONENTS: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "T5 T21 T6 T2",
        "T7 T8 T9 T20",
        "T19 T10 T11 T12",
        "T18 T13 SKIZ T14",
        "T15 T16 T1 T17",
        "HQ HC HJ HK",
        "DK DQ DC DJ",
        "CK CQ CC CJ",
        "SK SQ SC SJ",
    ],
};

/// The declarer holds eight tarokks, draws the others' and wins trick 8 with the II and trick 9
/// with the pagát. Seat 2 holds the XV.
const ULTI: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "SKIZ T16 T15 T14",
        "T21 T13 T12 T11",
        "T20 T10 T9 T8",
        "T19 T7 T6 T5",
        "DJ DK DQ DC",
        "HK HC HJ T18",
        "T17 HQ SQ SC",
        "T2 CQ CK CJ",
        "T1 SJ SK CC",
    ],
};

/// As [`ULTI`], but the pagát wins trick 8 and the II trick 9.
const ULTI_REVERSED: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "SKIZ T16 T15 T14",
        "T21 T13 T12 T11",
        "T20 T10 T9 T8",
        "T19 T7 T6 T5",
        "DJ DK DQ DC",
        "HK HC HJ T18",
        "T17 HQ SQ SC",
        "T1 CQ CK CJ",
        "T2 SJ SK CC",
    ],
};

/// As [`ULTI`], but the pagát trumps trick 6 and the II wins trick 7.
const BIRDS_PAGAT_SAS: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "SKIZ T16 T15 T14",
        "T21 T13 T12 T11",
        "T20 T10 T9 T8",
        "T19 T7 T6 T5",
        "DJ DK DQ DC",
        "HK HC HJ T1",
        "T2 HQ SQ SC",
        "T18 CQ CK CJ",
        "T17 SJ SK CC",
    ],
};

/// As [`ULTI`], but the II trumps trick 6 and the pagát wins trick 7.
const BIRDS_SAS_PAGAT: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "SKIZ T16 T15 T14",
        "T21 T13 T12 T11",
        "T20 T10 T9 T8",
        "T19 T7 T6 T5",
        "DJ DK DQ DC",
        "HK HC HJ T2",
        "T1 HQ SQ SC",
        "T18 CQ CK CJ",
        "T17 SJ SK CC",
    ],
};

/// The declarer's skíz catches seat 1's XXI in trick 1. Trick 6 is won by the declarer's ♥K,
/// trick 7 by seat 1's ♦K, trick 8 by the partner's ♣K (seat 2, the XX), trick 9 by seat 3's ♠K.
const KINGS: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "SKIZ T21 T5 T6",
        "T1 T7 T20 T8",
        "T9 T19 T10 T11",
        "T12 T13 T18 T14",
        "T15 T16 T2 T17",
        "HK HQ HC HJ",
        "DJ DK DQ DC",
        "CJ CK CQ CC",
        "SJ SK SQ SC",
    ],
};

/// The declarer's team wins tricks 7–9 with ♥K, ♦K and the partner's ♣K (seat 2 holds the
/// XVI); the opponents take the skíz and the XXI.
const THREE_KINGS: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "T18 SKIZ T12 T8",
        "T20 T13 T21 T1",
        "T2 T10 T5 T14",
        "T16 T9 T11 T6",
        "T15 T19 T17 T7",
        "SQ SJ SK SC",
        "HQ HJ HC HK",
        "DK DQ DC DJ",
        "CJ CQ CK CC",
    ],
};

/// The declarer draws every tarokk, regains the lead with the ♣K and wins the last three tricks
/// with ♥K, ♥Q, ♥C. Seat 2 holds the XVI.
const SUIT_FAMILY: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "SKIZ T17 T16 T15",
        "T21 T13 T14 T12",
        "T20 T10 T11 T9",
        "T19 T7 T8 T6",
        "T5 T18 T2 T1",
        "CQ CC CJ CK",
        "HK HJ DQ DJ",
        "HQ DK DC SC",
        "HC SK SQ SJ",
    ],
};

/// Trick 9: seat 1 leads the II, the declarer plays the pagát, the partner's XVIII wins.
const LAST_TRICK_LOST: Deal = Deal {
    talon: TALON42,
    discards: "",
    tricks: &[
        "HK HQ HC HJ",
        "DJ DQ DK DC",
        "CJ CK CQ CC",
        "SJ SC SK SQ",
        "T5 SKIZ T6 T7",
        "T8 T21 T9 T10",
        "T11 T20 T12 T13",
        "T14 T19 T15 T16",
        "T2 T18 T17 T1",
    ],
};

/// The hands of [`KINGS`] with two honours in the talon: at three the declarer (seat 0) draws the
/// pagát with ♥A and ♦A and discards ♥A ♦A and the III; seat 1 draws the XXI and discards the
/// IIII; seats 2 and 3 draw and discard ♣10 and ♠10.
const TALON_HONOURS: Deal = Deal {
    talon: "T1 HA DA T21 C10 S10",
    discards: "HA DA T3 T4 C10 S10",
    tricks: KINGS.tricks,
};

/// 54 cards: 51 in tricks for the declarer's team (54 with three discards). Trick 4 is won by
/// seat 1's ♦A over ♦2 ♦3 ♦4, trick 6 by seat 3's ♣10 over ♣9 ♣8 ♣7, trick 8 by the declarer's
/// ♥K, the last trick by the partner's ♣K (seat 2, the XIV).
const D54: Deal = Deal {
    talon: TALON54,
    discards: "",
    tricks: &[
        "T1 SKIZ T10 T2",
        "T19 T11 T15 T5",
        "SK SC SQ S7",
        "DA D3 D2 D4",
        "T9 T12 T21 T6",
        "C10 C9 C8 C7",
        "T17 T7 T18 T13",
        "HQ HC HJ HK",
        "T20 T8 T14 T16",
        "DK DQ DC DJ",
        "SJ S10 S9 S8",
        "CJ CQ CK CC",
    ],
};

/// 54 cards: 77 in tricks for the declarer's team (80 with three discards). Seat 2 holds the
/// XVIII.
const DG54: Deal = Deal {
    talon: TALON54,
    discards: "",
    tricks: &[
        "SKIZ T8 T1 T9",
        "T20 T2 T7 T10",
        "T19 T14 T21 T11",
        "T18 T12 T17 T15",
        "T6 T13 T5 T16",
        "SK S9 S8 S10",
        "CC C9 C8 C10",
        "DC DK D4 DQ",
        "HC HJ HK HQ",
        "CK CQ CJ C7",
        "DA D2 D3 DJ",
        "S7 SQ SJ SC",
    ],
};

/// 54 cards: the declarer's team wins tricks 1–7, trick 5 with the XX, trick 6 with the XXI
/// and trick 7 with the partner's skíz (seat 2, who holds the XIX).
const BIRDS54: Deal = Deal {
    talon: TALON54,
    discards: "",
    tricks: &[
        "HK HQ HC HJ",
        "DK DQ DC DJ",
        "CK CQ CC CJ",
        "SK SQ SC SJ",
        "T20 T5 T6 T7",
        "T21 T8 T9 T10",
        "T11 T12 SKIZ T13",
        "T14 T15 T16 T17",
        "T18 T19 T2 T1",
        "DA D2 D3 D4",
        "C10 C9 C8 C7",
        "S10 S9 S8 S7",
    ],
};

/// The hands of [`BIRDS54`] played otherwise: the partner's XIX wins trick 5, the declarer's XXI
/// trick 6 and the partner's skíz trick 7, so the declarer's team wins tricks 1–7 without the
/// centrum.
const BIRDS54_NO_CENTRUM: Deal = Deal {
    talon: TALON54,
    discards: "",
    tricks: &[
        "HK HQ HC HJ",
        "DK DQ DC DJ",
        "CK CQ CC CJ",
        "SK SQ SC SJ",
        "T11 T5 T19 T7",
        "T9 T10 T21 T8",
        "T20 T12 SKIZ T13",
        "T14 T15 T16 T17",
        "T18 T6 T2 T1",
        "D4 DA D2 D3",
        "C10 C9 C8 C7",
        "S10 S9 S8 S7",
    ],
};

/// 54 cards: the declarer holds twelve tarokks with the pagát and leads them all, the pagát to
/// trick 11, where nobody has a tarokk left. Seat 2 holds the VII.
const RUNNER54: Deal = Deal {
    talon: TALON54,
    discards: "",
    tricks: &[
        "SKIZ T10 T7 T2",
        "T21 T9 T6 T11",
        "T20 T8 T5 C8",
        "T19 HK HC C7",
        "T18 HQ HJ SK",
        "T17 DK D4 SQ",
        "T16 DQ CK SC",
        "T15 DC CQ SJ",
        "T14 DJ CC S10",
        "T13 DA CJ S9",
        "T1 D2 C10 S8",
        "T12 D3 C9 S7",
    ],
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn card(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

fn set(s: &str) -> CardSet {
    cards(s).into_iter().collect()
}

fn seat(i: u8) -> Seat {
    Seat::new(i)
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);

/// Talon cards each active seat (declarer seat 0 first) takes at a bid (HU-TALON-01..04).
fn shares(bid: &str) -> [usize; 4] {
    match bid {
        "three" => [3, 1, 1, 1],
        "two" => [2, 2, 1, 1],
        "one" => [1, 2, 2, 1],
        "solo" => [0, 2, 2, 2],
        other => panic!("no bid {other}"),
    }
}

/// `cards` shared out among seats 0..3 by `shares`, in order.
fn share_out(cards: &[Card], shares: [usize; 4]) -> [CardSet; 4] {
    let mut out = [CardSet::EMPTY; 4];
    let mut rest = cards;
    for (s, n) in shares.into_iter().enumerate() {
        let (mine, tail) = rest.split_at(n);
        out[s] = mine.iter().copied().collect();
        rest = tail;
    }
    out
}

impl Deal {
    fn discard_order(&self) -> Vec<Card> {
        cards(if self.discards.is_empty() {
            self.talon
        } else {
            self.discards
        })
    }

    /// The dealt hands of seats 0..3 when seat 0 is declarer at `bid`: what each seat played
    /// and discarded, less what it drew from the talon.
    fn hands(&self, bid: &str) -> [CardSet; 4] {
        let mut played = [CardSet::EMPTY; 4];
        let mut leader = 0usize;
        for t in self.tricks {
            let mut trick = Trick::new(seat(leader as u8));
            for (i, c) in cards(t).into_iter().enumerate() {
                let s = (leader + i) % 4;
                trick.push(seat(s as u8), c);
                played[s].insert(c);
            }
            leader = trick
                .winner(&TrickRules::TAROCK)
                .expect("full trick")
                .0
                .index();
        }
        let received = share_out(&cards(self.talon), shares(bid));
        let discarded = share_out(&self.discard_order(), shares(bid));
        std::array::from_fn(|s| {
            let kept = played[s] | discarded[s];
            assert!(
                kept.is_superset(received[s]),
                "seat {s} drew a card it never used"
            );
            kept - received[s]
        })
    }
}

/// One hand of a variant: rules, table, deal, bid of seat 0, and the round of announcements.
#[derive(Clone, Copy)]
struct Case {
    variant: Variant,
    options: Opts,
    /// 4, or 5 with dealer seat 4 sitting out.
    seats: u8,
    deal: &'static Deal,
    /// Seat 0's bid, after which everyone passes: `three`, `solo` (an opening solo invites
    /// nobody), or `two`/`one` for a cue bid by the declarer.
    bid: &'static str,
    /// The round of announcements, in action notation separated by commas.
    script: &'static str,
}

impl Case {
    fn setup(&self) -> Setup {
        let hands = self.deal.hands(self.bid);
        let builder = hands
            .iter()
            .enumerate()
            .fold(DealBuilder::new(), |b, (i, h)| {
                b.hand(i as u8, &h.into_iter().collect::<Vec<_>>())
            })
            .talon(&cards(self.deal.talon));
        Setup {
            variant: self.variant,
            options: Setup::option_pairs(self.options),
            seats: self.seats,
            dealer: seat(self.seats - 1),
            deal: DealSource::Explicit(builder),
            carried: tarock_engine::Carried::default(),
        }
    }

    /// The hand after the annulment round, at the start of the round of announcements.
    #[track_caller]
    fn exchanged(&self) -> AnyGame {
        let mut g = AnyGame::new(&self.setup()).unwrap_or_else(|e| panic!("{e}"));
        let auction = match self.bid {
            "solo" => "bid solo".to_owned(),
            bid => format!("bid {bid}, pass, pass, pass"),
        };
        run(&mut g, &auction);
        for c in self.deal.discard_order() {
            act(&mut g, &format!("discard {c}"));
        }
        assert_eq!(hu(&g).phase(), Phase::Annul);
        run(&mut g, "pass, pass, pass, pass");
        assert_eq!(hu(&g).phase(), Phase::Announce);
        g
    }

    /// Plays the whole hand; checks the ledger's invariants and returns the finished hand.
    #[track_caller]
    fn play(&self) -> AnyGame {
        let mut g = self.exchanged();
        run(&mut g, self.script);
        assert_eq!(hu(&g).phase(), Phase::Play, "the announcements are over");
        for t in self.deal.tricks {
            for c in t.split_whitespace() {
                act(&mut g, &format!("play {c}"));
            }
        }
        assert_eq!(hu(&g).phase(), Phase::Over(End::Played));
        let ledger = ledger(&g);
        assert!(ledger.is_zero_sum(), "{ledger:#?}");
        let [d, o] = ledger
            .card_points
            .expect("a played hand counts card points");
        assert_eq!(d + o, hu(&g).options().total_points());
        g
    }
}

fn hu(g: &AnyGame) -> &Hungarian {
    g.as_hungarian().expect("a hungarian hand")
}

fn ledger(g: &AnyGame) -> Ledger {
    g.outcome().expect("the hand is over").ledger
}

/// Applies one action, which must be legal and listed.
#[track_caller]
fn act(g: &mut AnyGame, notation: &str) {
    let a: Action = notation.parse().unwrap_or_else(|e| panic!("{e}"));
    let who = g.to_act();
    // A five-handed table's dealer sits out: it is never asked to act (HU-DEAL-01).
    assert!(
        who.is_some_and(|s| hu(g).table_info().is_active(s)),
        "{who:?} is not an active seat"
    );
    if let Err(v) = g.check(a) {
        panic!("seat {who:?}: {notation} refused: {v}");
    }
    assert!(
        g.legal_actions().contains(a),
        "{notation} legal but not listed"
    );
    g.play_unchecked(a);
}

/// Applies actions written in notation, separated by commas.
#[track_caller]
fn run(g: &mut AnyGame, script: &str) {
    for a in script.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        act(g, a);
    }
}

/// What `seat` receives over the lines of `item`: `game` (the game, double game and volát),
/// `total`, `tarokks` (declared or claimed), `talon-honour`, or a bonus in notation (every line
/// of it, announced or silent, of either team).
fn value(ledger: &Ledger, seat: Seat, item: &str) -> i64 {
    let wanted = |i: Item| match item {
        "game" => matches!(
            i,
            Item::Game | Item::Bonus(Bonus::DoubleGame | Bonus::Volat | Bonus::LongDoubleGame)
        ),
        "total" => true,
        "tarokks" => matches!(i, Item::Tarokks { .. }),
        "talon-honour" => i == Item::TalonHonour,
        bonus => i == Item::Bonus(bonus.parse().unwrap_or_else(|e| panic!("{e}"))),
    };
    ledger
        .items
        .iter()
        .filter(|l| wanted(l.item))
        .map(|l| l.payments[seat])
        .sum()
}

/// A golden row: the case, the item, and what seats 0 and 1 receive for it.
type Golden = (Case, &'static str, i64, i64);

#[track_caller]
fn check_golden(rows: &[Golden]) {
    for (case, item, seat0, seat1) in rows {
        let what = format!(
            "{} {:?} {}: [{}] -> {item}",
            case.variant, case.options, case.bid, case.script
        );
        // Printed only if the hand below fails.
        eprintln!("{what}");
        let g = case.play();
        let ledger = ledger(&g);
        assert_eq!(value(&ledger, S0, item), *seat0, "{what}\n{ledger:#?}");
        assert_eq!(value(&ledger, S1, item), *seat1, "{what}\n{ledger:#?}");
    }
}

/// A four-player case.
const fn case(
    variant: Variant,
    options: Opts,
    deal: &'static Deal,
    bid: &'static str,
    script: &'static str,
) -> Case {
    Case {
        variant,
        options,
        seats: 4,
        deal,
        bid,
        script,
    }
}

/// A High Tarokk hand at three.
const fn high(deal: &'static Deal, script: &'static str) -> Case {
    case(HIGH, NO_OPTS, deal, "three", script)
}

/// A 54-card illustrated hand.
const fn p54(options: Opts, deal: &'static Deal, bid: &'static str, script: &'static str) -> Case {
    case(ILL, options, deal, bid, script)
}

/// The round of announcements in which the declarer only calls `call`.
macro_rules! call_only {
    ($call:literal) => {
        concat!("call ", $call, ", pass, pass, pass, pass")
    };
}

// ---------------------------------------------------------------------------------------------
// Options and their defaults
// ---------------------------------------------------------------------------------------------

fn spec_default(variant: Variant, name: &str) -> &'static str {
    variant
        .option_specs()
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("{variant} has no option {name}"))
        .default
}

// rule: PK-SCORE-01, HU-SCORE-59, PK-BID-01, PK-SCORE-02, HV-SCORE-23, HV-SCORE-24
#[test]
fn option_defaults_per_variant() {
    // Parlett's settlement pays the dealer for talon honours; the illustrated seed does not.
    assert_eq!(spec_default(PASK, "talon_honours_pay_dealer"), "true");
    assert_eq!(spec_default(ILL, "talon_honours_pay_dealer"), "false");
    assert_eq!(spec_default(HIGH, "talon_honours_pay_dealer"), "false");
    assert_eq!(spec_default(PASK, "cue_bid_with_pagat_only"), "true");
    assert_eq!(spec_default(ILL, "cue_bid_with_pagat_only"), "false");
    // (Every spec's default is the value a fresh hand gets: `tests/core.rs`, every variant.)
    for v in Variant::HUNGARIAN {
        // The 42-card pack keeps the seed's independent birds and single losses.
        assert_eq!(spec_default(v, "birds_chained"), "false");
        assert_eq!(spec_default(v, "double_loss_for_ulti"), "false");
    }
    let talon_honours = |variant| {
        let g = AnyGame::new(&Setup::seeded(variant, 5, seat(4), seed_from_u64(1))).expect("setup");
        hu(&g).options().talon_honours_pay_dealer
    };
    assert!(talon_honours(PASK));
    assert!(!talon_honours(ILL));
    assert!(!talon_honours(HIGH));
}

// rule: HV-SCORE-23, HV-SCORE-24, HV-DEAL-01, PK-SCORE-02
#[test]
fn the_54_card_game_chains_birds_and_doubles_lost_ultis_unless_told_otherwise() {
    let opts = |variant: Variant, options: &[(&str, &str)]| {
        let mut s = Setup::seeded(variant, 4, seat(3), seed_from_u64(7));
        s.options = Setup::option_pairs(options);
        *AnyGame::new(&s)
            .expect("setup")
            .as_hungarian()
            .expect("hu")
            .options()
    };
    for v in Variant::HUNGARIAN {
        let o = opts(v, &[("pack", "54")]);
        assert!(o.pack54 && o.birds_chained && o.double_loss_for_ulti, "{v}");
        let o = opts(v, &[]);
        assert!(
            !o.pack54 && !o.birds_chained && !o.double_loss_for_ulti,
            "{v}"
        );
        // An explicit setting wins, before or after `pack` in the list.
        let o = opts(v, &[("birds_chained", "false"), ("pack", "54")]);
        assert!(!o.birds_chained && o.double_loss_for_ulti, "{v}");
        let o = opts(v, &[("pack", "54"), ("double_loss_for_ulti", "false")]);
        assert!(o.birds_chained && !o.double_loss_for_ulti, "{v}");
        // The 42-card game takes them as options too (PK-SCORE-02 for Paskievics).
        let o = opts(v, &[("double_loss_for_ulti", "true"), ("pack", "42")]);
        assert!(o.double_loss_for_ulti && !o.birds_chained, "{v}");
    }
    // The option descriptions say so.
    for name in ["pack", "birds_chained", "double_loss_for_ulti"] {
        let spec = ILL
            .option_specs()
            .iter()
            .find(|s| s.name == name)
            .expect("spec");
        assert!(
            spec.description.contains("54"),
            "{name}: {}",
            spec.description
        );
    }
}

// ---------------------------------------------------------------------------------------------
// High Tarokk: golden hands
// ---------------------------------------------------------------------------------------------

#[test]
fn high_tarokk_bonuses_golden() {
    #[rustfmt::skip]
    let rows: &[Golden] = &[
        // rule: HV-SCORE-06, HV-ANN-13  (silent pagátfácán: the partner's pagát wins trick 1)
        (high(&FACAN_PAGAT, call_only!("T18")), "pagat-facan", 10, -10),
        // rule: HV-SCORE-06, HV-ANN-13
        (high(&FACAN_PAGAT, "call T18, announce pagat-facan, pass, pass, pass, pass"), "pagat-facan", 50, -50),
        // rule: HV-ANN-13  (no fácán outside High Tarokk)
        (case(ILL, NO_OPTS, &FACAN_PAGAT, "three", call_only!("T18")), "pagat-facan", 0, 0),
        // rule: HV-SCORE-07  (the pagát captured in trick 1: its team pays 10)
        (high(&PAGAT_LOST, call_only!("T13")), "pagat-facan", -10, 10),
        // rule: HV-SCORE-07, HV-SCORE-06  (announced, it fails: 50, and no silent 10 besides)
        (high(&PAGAT_LOST, "call T13, announce pagat-facan, pass, pass, pass, pass"), "pagat-facan", -50, 50),
        // rule: HV-SCORE-08, HV-ANN-13
        (high(&FACAN_SAS, call_only!("T18")), "sas-facan", 10, -10),
        // rule: HV-SCORE-08, HV-ANN-13
        (high(&FACAN_SAS, "call T18, announce sas-facan, pass, pass, pass, pass"), "sas-facan", 50, -50),
        // rule: HV-SCORE-09, HV-SCORE-11  (seat 1's II captured by the declarer's XXI)
        (high(&PAROS, call_only!("T19")), "sas-facan", 10, -10),
        // rule: HV-SCORE-10, HV-SCORE-11  (silent párosfácán: 30, plus the 10 above)
        (high(&PAROS, call_only!("T19")), "paros-facan", 30, -30),
        // rule: HV-SCORE-11  (the II is the partner's: no silent párosfácán, nothing captured)
        (high(&PAROS_PARTNER, call_only!("T19")), "paros-facan", 0, 0),
        // rule: HV-SCORE-11
        (high(&PAROS_PARTNER, call_only!("T19")), "sas-facan", 0, 0),
        // rule: HV-SCORE-11  (the opponents' XXI over their own II, unannounced)
        (high(&PAROS_OPPONENTS, call_only!("T15")), "paros-facan", 0, 0),
        // rule: HV-SCORE-12, HV-ANN-10, HV-ANN-13  (announced by an opponent of the leader: the partner's II counts)
        (high(&PAROS_OPPONENTS, "call T15, pass, kontra game, announce paros-facan, pass, pass, pass, pass"), "paros-facan", -60, 60),
        // rule: HV-SCORE-13, HV-ANN-13  (silent sasultimó)
        (high(&ULTI_REVERSED, call_only!("T15")), "sas-ultimo", 5, -5),
        // rule: HV-SCORE-13, HV-ANN-13
        (high(&ULTI_REVERSED, "call T15, announce sas-ultimo, pass, pass, pass, pass"), "sas-ultimo", 10, -10),
        // rule: HV-SCORE-13  (seat 1's II played to the last trick and beaten: its team pays 5)
        (high(&LAST_TRICK_LOST, call_only!("T18")), "sas-ultimo", 5, -5),
        // rule: HV-SCORE-13, HV-ANN-08  (no sas bonus in the illustrated game without the option)
        (case(ILL, NO_OPTS, &LAST_TRICK_LOST, "three", call_only!("T18")), "sas-ultimo", 0, 0),
        // rule: HV-SCORE-14
        (high(&SUIT_FAMILY, "call T16, announce suit-family:H, pass, pass, pass, pass"), "suit-family:H", 100, -100),
        // rule: HV-SCORE-14
        (high(&SUIT_FAMILY, "call T16, announce suit-family:D, pass, pass, pass, pass"), "suit-family:D", -100, 100),
        // rule: HV-SCORE-15
        (high(&THREE_KINGS, "call T16, announce three-kings, pass, pass, pass, pass"), "three-kings", 100, -100),
        // rule: HV-SCORE-15  (♥K ♥Q ♥C: not three kings)
        (high(&SUIT_FAMILY, "call T16, announce three-kings, pass, pass, pass, pass"), "three-kings", -100, 100),
        // rule: HV-SCORE-16  (II in trick 8, pagát in trick 9)
        (high(&ULTI, "call T15, announce final-pair, pass, pass, pass, pass"), "final-pair", 40, -40),
        // rule: HV-SCORE-16  (pagát in trick 8, II in trick 9)
        (high(&ULTI_REVERSED, "call T15, announce final-pair, pass, pass, pass, pass"), "final-pair", 40, -40),
        // rule: HV-SCORE-16
        (high(&SUIT_FAMILY, "call T16, announce final-pair, pass, pass, pass, pass"), "final-pair", -40, 40),
        // rule: HV-SCORE-17
        (high(&BIRDS_PAGAT_SAS, "call T15, announce pagat-small-bird, announce sas-large-bird, pass, pass, pass, pass"), "pagat-small-bird", 40, -40),
        // rule: HV-SCORE-18
        (high(&BIRDS_PAGAT_SAS, "call T15, announce pagat-small-bird, announce sas-large-bird, pass, pass, pass, pass"), "sas-large-bird", 30, -30),
        // rule: HV-SCORE-17
        (high(&BIRDS_SAS_PAGAT, "call T15, announce sas-small-bird, announce pagat-large-bird, pass, pass, pass, pass"), "sas-small-bird", 40, -40),
        // rule: HV-SCORE-18
        (high(&BIRDS_SAS_PAGAT, "call T15, announce sas-small-bird, announce pagat-large-bird, pass, pass, pass, pass"), "pagat-large-bird", 30, -30),
        // rule: HV-SCORE-17  (the ♥K wins trick 6, though the declarer's team lost tricks 2–4)
        (high(&KINGS, "call T20, announce king-small-bird:H, pass, pass, pass, pass"), "king-small-bird:H", 40, -40),
        // rule: HV-SCORE-18  (the ♦K that wins trick 7 is the opponents')
        (high(&KINGS, "call T20, announce king-large-bird:D, pass, pass, pass, pass"), "king-large-bird:D", -30, 30),
        // rule: HV-SCORE-18, HU-ANN-17  (announced by seat 1, who shows its side by a kontra first)
        (high(&KINGS, "call T20, pass, kontra game, announce king-large-bird:D, pass, pass, pass, pass"), "king-large-bird:D", -30, 30),
        // rule: HV-SCORE-19, HV-ANN-13
        (high(&ULTI, "call T15, announce sas-uhu, pass, pass, pass, pass"), "sas-uhu", 20, -20),
        // rule: HV-SCORE-01, HV-SCORE-19
        (case(HIGH, &[("pagat_uhu_value", "15")], &ULTI, "three", "call T15, announce sas-uhu, pass, pass, pass, pass"), "sas-uhu", 15, -15),
        // rule: HV-ANN-11  (eight tarokks; 77 card points: the long double game is made, 4g)
        (high(&ULTI, "call T15, announce long-double-game, pass, pass, pass, pass"), "game", 4, -4),
        // rule: HV-ANN-11  (kontra'd, ×2)
        (high(&ULTI, "call T15, announce long-double-game, pass, kontra long-double-game, pass, pass, pass, pass"), "long-double-game", 8, -8),
    ];
    check_golden(rows);
}

// ---------------------------------------------------------------------------------------------
// The 54-card game: golden hands
// ---------------------------------------------------------------------------------------------

/// The announcements of [`BIRDS54`]: the declarer calls the XIX and announces all three birds.
const ALL_BIRDS: &str =
    "call T19, announce centrum, announce small-bird, announce large-bird, pass, pass, pass, pass";
/// The announcements of [`BIRDS54_NO_CENTRUM`]: small and large bird only.
const TWO_BIRDS: &str =
    "call T19, announce small-bird, announce large-bird, pass, pass, pass, pass";
/// The 54-card game with independent birds.
const PACK54_UNCHAINED: Opts = &[("pack", "54"), ("birds_chained", "false")];
/// The 54-card game with single losses.
const PACK54_SINGLE_LOSS: Opts = &[("double_loss_for_ulti", "false"), ("pack", "54")];

#[test]
fn fifty_four_card_game_golden() {
    #[rustfmt::skip]
    let rows: &[Golden] = &[
        // rule: HV-SCORE-21, HV-SCORE-20  (51 in tricks and three discards: 54 wins)
        (p54(PACK54, &D54, "three", call_only!("T14")), "game", 1, -1),
        // rule: HV-SCORE-21  (solo: 51 loses)
        (p54(PACK54, &D54, "solo", call_only!("T14")), "game", -4, 4),
        // rule: HV-SCORE-22  (80: a silent double game, 2g)
        (p54(PACK54, &DG54, "three", call_only!("T18")), "game", 2, -2),
        // rule: HV-SCORE-22  (77: only the game)
        (p54(PACK54, &DG54, "solo", call_only!("T18")), "game", 4, -4),
        // rule: HV-SCORE-22
        (p54(PACK54, &DG54, "three", call_only!("T18")), "double-game", 2, -2),
        // rule: HV-PLAY-01, HV-SCORE-23  (the partner's ♣K wins trick 12: a won ultimó scores as usual)
        (p54(PACK54, &D54, "three", "call T14, announce king-ultimo:C, pass, pass, pass, pass"), "king-ultimo:C", 15, -15),
        // rule: HV-PLAY-01, HV-SCORE-23  (the ♥K falls in trick 8: the lost ultimó costs double)
        (p54(PACK54, &D54, "three", "call T14, announce king-ultimo:H, pass, pass, pass, pass"), "king-ultimo:H", -30, 30),
        // rule: HV-SCORE-23  (unless the record says otherwise)
        (p54(PACK54_SINGLE_LOSS, &D54, "three", "call T14, announce king-ultimo:H, pass, pass, pass, pass"), "king-ultimo:H", -15, 15),
        // rule: HV-SCORE-23, PK-SCORE-02  (the 42-card game takes the rule as an option)
        (case(PASK, &[("double_loss_for_ulti", "true")], &LAST_TRICK_LOST, "three", "call T18, announce pagat-ultimo, pass, pass, pass, pass"), "pagat-ultimo", -20, 20),
        // rule: PK-SCORE-02  (off by default)
        (case(PASK, NO_OPTS, &LAST_TRICK_LOST, "three", "call T18, announce pagat-ultimo, pass, pass, pass, pass"), "pagat-ultimo", -10, 10),
        // rule: HV-SCORE-24, HV-PLAY-01  (chained birds: centrum 10, small bird 20, large bird 40)
        (p54(PACK54, &BIRDS54, "three", ALL_BIRDS), "centrum", 10, -10),
        // rule: HV-SCORE-24
        (p54(PACK54, &BIRDS54, "three", ALL_BIRDS), "small-bird", 20, -20),
        // rule: HV-SCORE-24  (70 for the whole chain)
        (p54(PACK54, &BIRDS54, "three", ALL_BIRDS), "large-bird", 40, -40),
        // rule: HV-SCORE-24, HU-SCORE-48  (independent birds, 10 each)
        (p54(PACK54_UNCHAINED, &BIRDS54, "three", ALL_BIRDS), "large-bird", 10, -10),
        // rule: HV-SCORE-24  (chained, the small bird needs the centrum, the large bird both)
        (p54(PACK54, &BIRDS54_NO_CENTRUM, "three", TWO_BIRDS), "small-bird", -20, 20),
        // rule: HV-SCORE-24
        (p54(PACK54, &BIRDS54_NO_CENTRUM, "three", TWO_BIRDS), "large-bird", -40, 40),
        // rule: HV-SCORE-24, HU-SCORE-48  (independent, each is made)
        (p54(PACK54_UNCHAINED, &BIRDS54_NO_CENTRUM, "three", TWO_BIRDS), "small-bird", 10, -10),
        // rule: HV-SCORE-24, HU-SCORE-48
        (p54(PACK54_UNCHAINED, &BIRDS54_NO_CENTRUM, "three", TWO_BIRDS), "large-bird", 10, -10),
        // rule: HV-ANN-12, HU-SCORE-54  (twelve tarokks: 5 from each other player)
        (p54(PACK54, &RUNNER54, "three", "call T7, declare tarokks:12, pass, pass, pass, pass"), "tarokks", 15, -5),
        // rule: HV-PLAY-01, HU-SCORE-11  (all twelve tricks: a silent volát, 3g)
        (p54(PACK54, &RUNNER54, "three", call_only!("T7")), "game", 3, -3),
        // rule: HV-PLAY-01, HU-ANN-27  (the uhu is trick 11; the pagát uhu obliges the declaration)
        (p54(PACK54, &RUNNER54, "three", "call T7, declare tarokks:12, announce pagat-uhu, pass, pass, pass, pass"), "pagat-uhu", 20, -20),
        // rule: HV-PLAY-01  (the pagát in trick 11 is no ultimó)
        (p54(PACK54, &RUNNER54, "three", call_only!("T7")), "pagat-ultimo", 0, 0),
    ];
    check_golden(rows);
}

// rule: HV-DEAL-01, HV-DEAL-02, HV-SCORE-20, HV-SCORE-21, HV-PLAY-01, HU-TALON-01, HU-TALON-04
#[test]
fn fifty_four_card_hand_through_the_state_machine() {
    let case = p54(PACK54, &D54, "three", call_only!("T14"));
    let g = case.exchanged();
    let h = hu(&g);
    // Twelve cards in every hand after the exchange, six discards.
    assert!(Seat::all(4).all(|s| h.hand(s).len() == 12));
    assert_eq!(Seat::all(4).map(|s| h.discards(s).len()).sum::<u32>(), 6);
    // The talon goes out as with 42 cards (HU-TALON-01..05): 3/1/1/1 at three, 0/2/2/2 at solo.
    for (bid, expected) in [("three", [3, 1, 1, 1]), ("solo", [0, 2, 2, 2])] {
        let g = p54(PACK54, &D54, bid, "").exchanged();
        let drawn = [0, 1, 2, 3].map(|i| hu(&g).talon_received(seat(i)).len());
        assert_eq!(drawn, expected, "{bid}");
    }
    let g = case.play();
    let h = hu(&g);
    assert_eq!(h.tricks().len(), 12);
    let winners: Vec<(u8, Card)> = h
        .tricks()
        .iter()
        .map(|t| {
            let (s, c) = t.winner(&TrickRules::TAROCK).expect("full trick");
            (s.get(), c)
        })
        .collect();
    // Red suits: K Q R J A 2 3 4, so the ♦A beats ♦2 ♦3 ♦4; black: … J 10 9 8 7.
    assert_eq!(winners[3], (1, card("DA")));
    assert_eq!(winners[5], (3, card("C10")));
    assert_eq!(winners[11], (2, card("CK")));
    let ledger = ledger(&g);
    // 106 card points: 51 in tricks and three discards for the declarer's team.
    assert_eq!(ledger.card_points, Some([54, 52]));
}

// ---------------------------------------------------------------------------------------------
// Five players, the talon and the discards
// ---------------------------------------------------------------------------------------------

/// A five-player case at three, dealer seat 4 sitting out.
const fn five(variant: Variant, options: Opts, deal: &'static Deal, script: &'static str) -> Case {
    Case {
        variant,
        options,
        seats: 5,
        deal,
        bid: "three",
        script,
    }
}

const DEALER5: Seat = Seat::new(4);

// rule: HU-DEAL-13, HU-DEAL-01, HU-MATCH-06, HV-DEAL-02
#[test]
fn five_players_the_dealer_gets_no_cards_and_never_acts() {
    for (options, hand) in [(NO_OPTS, 9), (PACK54, 12)] {
        for dealer in 0..5u8 {
            let mut setup = Setup::seeded(ILL, 5, seat(dealer), seed_from_u64(u64::from(dealer)));
            setup.options = Setup::option_pairs(options);
            let g = AnyGame::new(&setup).expect("setup");
            let h = hu(&g);
            for s in Seat::all(5) {
                let expected = if s == seat(dealer) { 0 } else { hand };
                assert_eq!(
                    h.hand(s).len(),
                    expected,
                    "{options:?} dealer {dealer} seat {s}"
                );
            }
            assert_eq!(h.deal().talon().len(), 6);
            // The player to the dealer's right bids first.
            assert_eq!(g.to_act(), Some(seat((dealer + 1) % 5)));
        }
    }
    // An explicit deal may not give the dealer cards.
    let case = five(ILL, NO_OPTS, &KINGS, "");
    let mut setup = case.setup();
    let DealSource::Explicit(builder) = &setup.deal else {
        unreachable!("explicit")
    };
    setup.deal = DealSource::Explicit(builder.clone().hand_str(4, "SKIZ"));
    let Err(SetupError::Deal(e)) = AnyGame::new(&setup) else {
        panic!("a card for the dealer must be refused")
    };
    assert!(e.problems.contains(&DealProblem::HandSize {
        seat: DEALER5,
        expected: 0,
        found: 1
    }));
}

// rule: HU-SCORE-59, HU-DEAL-01, HU-MATCH-06
#[test]
fn five_players_play_as_four_and_the_dealer_neither_wins_nor_loses() {
    for variant in [ILL, HIGH] {
        let four = ledger(&case(variant, NO_OPTS, &KINGS, "three", call_only!("T20")).play());
        let five = ledger(&five(variant, NO_OPTS, &KINGS, call_only!("T20")).play());
        assert!(!five.items.is_empty());
        assert_eq!(four.items.len(), five.items.len(), "{variant}");
        for (a, b) in four.items.iter().zip(&five.items) {
            assert_eq!(a.item, b.item);
            assert_eq!(
                a.payments.first(4),
                b.payments.first(4),
                "{variant} {:?}",
                a.item
            );
            assert_eq!(b.payments[DEALER5], 0);
        }
        assert_eq!(five.totals[DEALER5], 0);
    }
}

// rule: PK-SCORE-01, HU-SCORE-59
#[test]
fn five_players_talon_honours_pay_the_dealer_in_paskievics() {
    let pay_on: Opts = &[("talon_honours_pay_dealer", "true")];
    let pay_off: Opts = &[("talon_honours_pay_dealer", "false")];
    // Variant, options, what seat 0 (the pagát) and seat 1 (the XXI) pay the dealer.
    let rows: [(Variant, Opts, i64, i64); 4] = [
        (PASK, NO_OPTS, 1, 2),
        (PASK, pay_off, 0, 0),
        (ILL, NO_OPTS, 0, 0),
        (ILL, pay_on, 1, 2),
    ];
    for (variant, options, pagat, xxi) in rows {
        let g = five(variant, options, &TALON_HONOURS, call_only!("T20")).play();
        let l = ledger(&g);
        let what = format!("{variant} {options:?}");
        assert_eq!(value(&l, S0, "talon-honour"), -pagat, "{what}");
        assert_eq!(value(&l, S1, "talon-honour"), -xxi, "{what}");
        assert_eq!(l.totals[DEALER5], pagat + xxi, "{what}");
        // The dealer takes part in nothing else; the active players' results sum to what the
        // dealer receives.
        for line in l.items.iter().filter(|x| x.item != Item::TalonHonour) {
            assert_eq!(line.payments[DEALER5], 0, "{what} {:?}", line.item);
        }
        let active: i64 = (0..4).map(|i| l.totals[seat(i)]).sum();
        assert_eq!(active, -(pagat + xxi), "{what}");
    }
    // Four players: nobody sits out to be paid.
    let g = case(PASK, NO_OPTS, &TALON_HONOURS, "three", call_only!("T20")).play();
    assert_eq!(value(&ledger(&g), S0, "talon-honour"), 0);
}

// rule: HV-TALON-01, HU-TALON-06, HU-TALON-07
#[test]
fn five_players_the_dealer_may_touch_no_cards() {
    for (option, handles) in [("true", true), ("false", false)] {
        let options: Opts = if handles {
            &[("dealer_handles_talon_5p", "true")]
        } else {
            &[("dealer_handles_talon_5p", "false")]
        };
        let g = five(ILL, options, &TALON_HONOURS, "").exchanged();
        let h = hu(&g);
        let dealer = h.visible(Viewer::Seat(DEALER5));
        if handles {
            // The dealer hands out the talon and keeps the non-declarers' discards.
            assert_eq!(dealer.talon, set(TALON_HONOURS.talon));
            for s in 1..4 {
                assert_eq!(dealer.discards[seat(s)], h.discards(seat(s)));
            }
        } else {
            assert!(dealer.talon.is_empty(), "{option}");
            assert!(
                Seat::all(5).all(|s| dealer.discards[s].is_empty()),
                "{option}"
            );
        }
        assert!(
            dealer.discards[S0].is_empty(),
            "never the declarer's discards"
        );
        assert!(Seat::all(5).all(|s| dealer.hands[s].is_empty()));
        // Either way each active player sees only its own talon cards.
        for s in 0..4 {
            assert_eq!(
                h.visible(Viewer::Seat(seat(s))).talon,
                h.talon_received(seat(s))
            );
        }
    }
}

// rule: PK-TALON-01, PK-TALON-02, HU-TALON-13, HU-TALON-14
#[test]
fn paskievics_the_declarers_discarded_tarokks_lie_face_up() {
    for variant in [PASK, ILL] {
        let case = case(variant, NO_OPTS, &TALON_HONOURS, "three", call_only!("T20"));
        let g = case.exchanged();
        let h = hu(&g);
        assert_eq!(h.discards(S0), set("HA DA T3"));
        assert_eq!(h.discards(S1), set("T4"));
        let face_up = if variant == PASK {
            set("T3")
        } else {
            CardSet::EMPTY
        };
        for viewer in [Viewer::Seat(S1), Viewer::Seat(seat(2)), Viewer::Spectator] {
            let v = h.visible(viewer);
            assert_eq!(v.discards[S0], face_up, "{variant} {viewer:?}");
            // The others' discards lie face down, the partner's too.
            for s in 1..4 {
                if viewer != Viewer::Seat(seat(s)) {
                    assert!(v.discards[seat(s)].is_empty(), "{variant} {viewer:?} {s}");
                }
            }
        }
        // The declarer's discards count for the declarer's team, all the others' (the
        // partner's ♣10 included) for the opponents.
        let g = case.play();
        let h = hu(&g);
        assert_eq!(h.partner(), Some(seat(2)));
        let team = |seats: &[u8], discards: &str| {
            let won = seats
                .iter()
                .fold(CardSet::EMPTY, |a, &s| a | h.won(seat(s)));
            card_points(won | set(discards))
        };
        assert_eq!(
            ledger(&g).card_points,
            Some([team(&[0, 2], "HA DA T3"), team(&[1, 3], "T4 C10 S10")])
        );
    }
}

/// A Paskievics hand in which seat 1 holds the four kings and no tarokk.
fn four_kings_hand() -> AnyGame {
    let builder = DealBuilder::new()
        .hand_str(0, "SKIZ T20 T19 T18 T17 T16 T15 T14 T13")
        .hand_str(1, "HK DK CK SK HQ DQ CQ SQ HC")
        .hand_str(2, "T12 T11 T10 T9 T8 T7 T6 T5 DC")
        .hand_str(3, "T21 T4 T3 T2 T1 CC SC HJ DJ")
        .talon_str("CJ SJ HA DA C10 S10");
    let setup = Setup {
        variant: PASK,
        options: Vec::new(),
        seats: 4,
        dealer: seat(3),
        deal: DealSource::Explicit(builder),
        carried: tarock_engine::Carried::default(),
    };
    let mut g = AnyGame::new(&setup).expect("setup");
    run(&mut g, "bid three, pass, pass, pass");
    run(
        &mut g,
        "discard CJ, discard SJ, discard HA, discard DA, discard C10, discard S10",
    );
    g
}

// rule: PK-ANNUL-01, HU-ANNUL-01, HU-ANNUL-07
#[test]
fn paskievics_an_annulled_hand_is_shown_and_only_before_any_announcement() {
    let mut g = four_kings_hand();
    assert_eq!(hu(&g).phase(), Phase::Annul);
    let kings = hu(&g).hand(S1);
    run(&mut g, "pass, annul");
    assert_eq!(hu(&g).phase(), Phase::Over(End::Annulled(S1)));
    for viewer in [Viewer::Seat(S0), Viewer::Seat(seat(3)), Viewer::Spectator] {
        assert_eq!(hu(&g).visible(viewer).hands[S1], kings, "{viewer:?}");
    }
    // Once the round of announcements is under way it is too late.
    let mut g = four_kings_hand();
    run(&mut g, "pass, pass, pass, pass, call T12");
    assert_eq!(hu(&g).phase(), Phase::Announce);
    run(&mut g, "pass");
    let v = g.check(Action::Annul).expect_err("too late to annul");
    assert_eq!(v.rule, "HU-ANNUL-07");
}

// rule: HV-DEAL-02, HV-DEAL-01, HU-DEAL-12
#[test]
fn seeded_54_card_deal_is_a_talon_of_six_then_two_rounds_of_sixes() {
    let fifty_four = Pack::Tarock54.cards();
    assert_eq!(fifty_four.len(), 54);
    assert!(fifty_four.is_superset(set("H2 H3 H4 D2 D3 D4 C9 C8 C7 S9 S8 S7")));
    for seed in [3u64, 77, 2024] {
        for dealer in 0..4u8 {
            let mut setup = Setup::seeded(ILL, 4, seat(dealer), seed_from_u64(seed));
            setup.options = vec![("pack".to_owned(), "54".to_owned())];
            let g = AnyGame::new(&setup).expect("setup");
            let h = hu(&g);
            let order = shuffled(Pack::Tarock54, seed_from_u64(seed));
            let order = order.as_slice();
            assert_eq!(h.deal().talon(), &order[..6]);
            let mut next = 6;
            for _round in 0..2 {
                for k in 1..=4u8 {
                    let s = seat((dealer + k) % 4);
                    let packet: CardSet = order[next..next + 6].iter().copied().collect();
                    assert!(h.hand(s).is_superset(packet), "seed {seed} dealer {dealer}");
                    next += 6;
                }
            }
            assert_eq!(next, 54);
        }
    }
}

// rule: HU-PLAY-12, HU-PLAY-18, HV-SCORE-17, HV-SCORE-18, HV-ANN-13
#[test]
fn high_tarokk_nine_reserved_cards_in_one_hand() {
    // Seat 0 holds exactly the nine cards an obligation can name and its team reserves all of
    // them: none is due in trick 1, so the one due earliest (the XX, for the centrum) must go.
    let builder = DealBuilder::new()
        .hand_str(0, "SKIZ T21 T20 T2 T1 HK DK CK SK")
        .hand_str(1, "T19 T18 T17 T16 T15 T14 T13 HQ DQ")
        .hand_str(2, "T12 T11 T10 T9 T8 T7 T6 HC DC")
        .hand_str(3, "T5 T4 T3 CQ CC CJ SQ SC SJ")
        .talon_str("HA DA C10 S10 HJ DJ");
    let setup = Setup {
        variant: HIGH,
        options: Vec::new(),
        seats: 4,
        dealer: seat(3),
        deal: DealSource::Explicit(builder),
        carried: tarock_engine::Carried::default(),
    };
    let mut g = AnyGame::new(&setup).expect("setup");
    run(&mut g, "bid three, pass, pass, pass");
    run(
        &mut g,
        "discard HA, discard DA, discard C10, discard S10, discard HJ, discard DJ",
    );
    run(&mut g, "pass, pass, pass, pass, call T19");
    run(
        &mut g,
        "announce pagat-ultimo, announce centrum, announce small-bird, announce large-bird, \
         announce king-ultimo:H, announce king-uhu:D, announce sas-ultimo, \
         announce king-small-bird:C, announce king-large-bird:S, pass, pass, pass, pass",
    );
    assert_eq!(hu(&g).phase(), Phase::Play);
    assert_eq!(g.legal_actions().as_slice(), [Action::Play(Card::XX)]);
    for c in ["SK", "CK", "T1", "SKIZ"] {
        let v = g
            .check(Action::Play(card(c)))
            .expect_err("a reserved card may not be led early");
        assert_eq!(v.rule, "HU-PLAY-18", "{c}");
    }
}

// rule: HV-ANN-08, PK-ANN-03, HV-ANN-07
#[test]
fn paskievics_takes_the_h10_bonuses_as_options() {
    let sas: Opts = &[("sas_bonuses", "true")];
    #[rustfmt::skip]
    let rows: &[Golden] = &[
        // rule: HV-ANN-08  (silent sas ultimó: the II wins the last trick)
        (case(PASK, sas, &ULTI_REVERSED, "three", call_only!("T15")), "sas-ultimo", 5, -5),
        // rule: HV-ANN-08, PK-ANN-03  (announced, with the option)
        (case(PASK, sas, &ULTI_REVERSED, "three", "call T15, announce sas-ultimo, pass, pass, pass, pass"), "sas-ultimo", 10, -10),
        // rule: PK-ANN-03  (without it, no sas bonus at all)
        (case(PASK, NO_OPTS, &ULTI_REVERSED, "three", call_only!("T15")), "sas-ultimo", 0, 0),
        // rule: HV-ANN-07  (pagát-catch: seat 1's skíz takes the declarer's pagát, 4 silent)
        (case(PASK, &[("pagat_catch_bonus", "true")], &PAGAT_LOST, "three", call_only!("T13")), "pagat-catch", -4, 4),
    ];
    check_golden(rows);
    let mut g = case(PASK, NO_OPTS, &ULTI_REVERSED, "three", "").exchanged();
    run(&mut g, "call T15");
    let v = g
        .check("announce sas-ultimo".parse().expect("notation"))
        .expect_err("no sas ultimó in paskievics");
    assert_eq!(v.rule, "PK-ANN-03");
}

// rule: PK-SCORE-01, HU-BID-10, HU-SCORE-59
#[test]
fn talon_honours_are_paid_only_for_a_hand_played_out() {
    // Five players, Paskievics. Seat 3, without an honour, bids three after three passes and
    // draws XII XI IIII; seat 0 draws the pagát. The hand is thrown in: seat 3 pays 1 to each
    // other active player and nobody pays the dealer.
    let builder = DealBuilder::new()
        .hand_str(0, "SKIZ T20 T19 T18 T10 HK HQ DJ C10")
        .hand_str(1, "T21 T17 T9 T8 DK DQ CJ SJ HA")
        .hand_str(2, "T16 T15 T7 T14 CK CQ SQ HJ DA")
        .hand_str(3, "T13 T6 T5 T2 SK SC S10 HC DC")
        .talon_str("T12 T11 T4 T1 T3 CC");
    let setup = Setup {
        variant: PASK,
        options: Vec::new(),
        seats: 5,
        dealer: DEALER5,
        deal: DealSource::Explicit(builder),
        carried: tarock_engine::Carried::default(),
    };
    let mut g = AnyGame::new(&setup).expect("setup");
    run(&mut g, "pass, pass, pass, bid three");
    let h = hu(&g);
    assert_eq!(h.phase(), Phase::Over(End::TrialBidFailed(seat(3))));
    assert!(h.talon_received(S0).contains(Card::PAGAT));
    let l = ledger(&g);
    assert_eq!(l.totals.0, [1, 1, 1, -3, 0]);
    assert!(l.items.iter().all(|i| i.item != Item::TalonHonour));
}
