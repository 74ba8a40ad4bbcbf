//! Rule tests of Danish Tarok (CHECKLIST section DK), through the public API only.
//!
//! Seats 0..2 are A, B and C, the dealer C (seat 2) unless a test says otherwise, so A (the
//! dealer's right) is asked first and leads the first trick. Deals are explicit where a rule
//! needs particular cards ([`deal`] places the cards named and deals the rest of the pack in
//! order), seeded elsewhere; every settlement of thousands of random hands is checked against a
//! reference written here from the rule texts ([`reference`]).

mod table;

use table::{act, c, legal, refused, seat, set, Cards};
use tarock_engine::count::danish_value;
use tarock_engine::danish::game::{combination_cards, melds, trick_winner, Grade, Meld, TRICKS};
use tarock_engine::danish::options::FoolEndplay;
use tarock_engine::game::{Game, Observe, Viewer};
use tarock_engine::hungarian::MatchContext;
use tarock_engine::ledger::{DanishItem, Pot};
use tarock_engine::shuffle::{seed_from_u64, shuffled, DealRng};
use tarock_engine::{
    Action, AnyGame, Bot, Budget, Card, CardSet, Danish, End, Item, Ledger, Pack, Seat, Setup,
    SetupError, Suit, Trick, TrickRules, Variant,
};

const DK: Variant = Variant::DanishTarok;
const FOOL: Card = Card::SKIZ;

// ---------------------------------------------------------------------------------------------
// Helpers

fn dk(g: &AnyGame) -> &Danish {
    g.as_danish().expect("a Danish hand")
}

/// An explicit deal for three, dealt by C: the cards named go where they are named (the
/// dealer's three extra cards in `extra`), the rest of the pack in index order, low spot cards
/// first, then courts and trumps, to whichever hand still has room, A first.
fn deal(named: [&str; 3], extra: &str) -> Cards {
    let mut hands: Vec<CardSet> = named.iter().map(|h| set(h)).collect();
    let mut extra = set(extra);
    let used = hands.iter().fold(extra, |a, &h| a | h);
    let mut rest: Vec<Card> = (Pack::French78.cards() - used).into_iter().collect();
    rest.sort_by_key(|&c| {
        (
            c.rank().is_none(),
            c.rank().is_some_and(|r| r.is_court()),
            c.index(),
        )
    });
    let mut rest = rest.into_iter();
    for h in &mut hands {
        while h.len() < 25 {
            h.insert(rest.next().expect("enough cards"));
        }
    }
    while extra.len() < 3 {
        extra.insert(rest.next().expect("enough cards"));
    }
    let note = |s: CardSet| {
        s.into_iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Cards::new(DK, seat(2), hands.into_iter().map(note), &note(extra))
}

/// A whole deal for three, dealt by C: A's and B's 25 cards, and C's 28, the last three of
/// them the dealer's extra cards.
fn full(a: &str, b: &str, c: &str) -> Cards {
    let c: Vec<&str> = c.split_whitespace().collect();
    assert_eq!(c.len(), 28, "the dealer's 28");
    Cards::new(DK, seat(2), [a, b, &c[..25].join(" ")], &c[25..].join(" "))
}

/// The fourteen cards of a suit (letter `s`).
fn suit(s: &str) -> String {
    [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K",
    ]
    .map(|r| format!("{s}{r}"))
    .join(" ")
}

/// Trumps `from` to `to`.
fn trumps(from: u8, to: u8) -> String {
    (from..=to)
        .map(|n| format!("T{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Passes the opening (everyone asked).
fn open(g: &mut AnyGame) {
    while dk(g).phase() == tarock_engine::danish::Phase::Opening {
        act(g, "pass");
    }
}

/// Plays to the end with `bot`, from any point.
fn finish(mut g: AnyGame, bot: Bot, seed: u64) -> AnyGame {
    while g.to_act().is_some() {
        let a = bot
            .choose(&g, &[], seed, Budget::default())
            .expect("position-only bot")
            .expect("a legal action");
        g = g.play(a).expect("legal");
    }
    g
}

fn line(l: &Ledger, item: DanishItem) -> Option<&tarock_engine::LedgerItem> {
    l.items.iter().find(|i| i.item == Item::Danish(item))
}

// ---------------------------------------------------------------------------------------------
// The pack and the deal

// rule: DK-DEAL-02, DK-DEAL-03, DK-DEAL-04, DK-DEAL-05, DK-DEAL-06, DK-DEAL-07, DK-PLAY-06
// rule: DK-PLAY-09
#[test]
fn the_pack_and_its_ranking() {
    let pack = Pack::French78.cards();
    assert_eq!(pack.len(), 78);
    assert_eq!((pack & CardSet::TAROKKS_NUMBERED).len(), 21);
    for s in Suit::ALL {
        assert_eq!((pack & s.mask()).len(), 14);
    }
    let wins = |cards: &str| {
        let mut t = Trick::new(seat(0));
        for (i, card) in cards.split_whitespace().enumerate() {
            t.push(seat(i as u8), c(card));
        }
        t.winner(&TrickRules::DANISH).map(|(_, w)| w.to_string())
    };
    // Black suits: king high, then the ten down to the ace.
    assert_eq!(wins("SK SQ SC").as_deref(), Some("SK"));
    assert_eq!(wins("SJ S10 SA").as_deref(), Some("SJ"));
    assert_eq!(wins("S2 SA S10").as_deref(), Some("S10"));
    // Red suits: the pips reversed, the ace highest pip.
    assert_eq!(wins("H10 HA H2").as_deref(), Some("HA"));
    assert_eq!(wins("DJ DA D2").as_deref(), Some("DJ"));
    // Trumps by number, 21 the mondo highest, 1 the pagat lowest; any trump over a suit.
    assert_eq!(wins("T1 T21 T20").as_deref(), Some("T21"));
    assert_eq!(wins("HK T1 HQ").as_deref(), Some("T1"));
    // The fool is in no suit and never wins, even led.
    assert_eq!(wins("SKIZ H2 H3").as_deref(), Some("H2"));
    assert_eq!(wins("H2 SKIZ HA").as_deref(), Some("HA"));
}

// rule: DK-DEAL-01, DK-DEAL-08, DK-DEAL-09, DK-DEAL-10, DK-MATCH-04
#[test]
fn three_play_and_a_fourth_opposite_the_dealer_sits_out() {
    for seats in [2u8, 5] {
        assert!(matches!(
            AnyGame::new(&Setup::seeded(DK, seats, seat(0), [1; 32])),
            Err(SetupError::Seats { .. })
        ));
    }
    // Five cards at a time from the dealer's right (counter-clockwise), the last three to the
    // dealer: 25 each, the dealer 28 ("skaten er klar").
    let seed = seed_from_u64(3);
    let g = AnyGame::new(&Setup::seeded(DK, 3, seat(1), seed)).expect("deals");
    let order = shuffled(Pack::French78, seed);
    let o = order.as_slice();
    for (k, s) in [2u8, 0, 1].into_iter().enumerate() {
        let expected: CardSet = (0..5)
            .flat_map(|round| {
                o[15 * round + 5 * k..15 * round + 5 * k + 5]
                    .iter()
                    .copied()
            })
            .collect();
        assert_eq!(g.deal().hands[seat(s)], expected, "seat {s}");
    }
    assert_eq!(g.deal().talon(), &o[75..]);
    assert_eq!(dk(&g).hand(seat(1)).len(), 28);
    assert_eq!(g.to_act(), Some(seat(2)), "the dealer's right speaks first");
    // Four at the table: the player opposite the dealer sits out and holds nothing.
    let g = AnyGame::new(&Setup::seeded(DK, 4, seat(1), seed)).expect("deals");
    assert_eq!(g.table_info().sitting_out, Some(seat(3)));
    assert!(dk(&g).hand(seat(3)).is_empty());
    assert_eq!(g.to_act(), Some(seat(2)));
    // The next dealer is the dealer's right.
    let mut m = MatchContext::danish(4, seat(1)).expect("a table");
    let g = finish(g, Bot::Heuristic, 3);
    m.record_game(&g);
    assert_eq!(m.dealer(), seat(2));
}

// rule: DK-DEAL-11, DK-PLAY-14, DK-MATCH-16, DK-MATCH-15
#[test]
fn a_hand_dealt_no_trump_may_be_thrown_in_and_dealt_again() {
    // B holds the fool but no trump: a misdeal all the same.
    let trumps: Vec<String> = (1..=21).map(|n| format!("T{n}")).collect();
    let cards = deal(
        [&trumps[..11].join(" "), "SKIZ", &trumps[11..].join(" ")],
        "",
    );
    let mut g = cards.game(&[]);
    assert_eq!(refused(&g, "throw-in"), "DK-DEAL-11");
    act(&mut g, "pass");
    assert!(legal(&g, "throw-in"));
    act(&mut g, "throw-in");
    assert_eq!(
        dk(&g).phase(),
        tarock_engine::danish::Phase::Over(End::ThrownIn(seat(1)))
    );
    let l = g.outcome().expect("over").ledger;
    // Nothing is scored but the pots' foundation and the dealer's fee, which goes into the
    // pots (DK-MATCH-15: the dealer never pays without the pots moving).
    let fee = line(&l, DanishItem::DealingFee).expect("the dealer's fee");
    assert_eq!(fee.seat, Some(seat(2)));
    assert_eq!(fee.payments.0[2], -10);
    assert_eq!(fee.pots, [5, 5]);
    assert!(l.items.iter().all(|i| matches!(
        i.item,
        Item::Danish(DanishItem::Foundation(_) | DanishItem::DealingFee)
    )));
    let mut m = MatchContext::danish(3, seat(2)).expect("a table");
    m.record_game(&g);
    assert_eq!(m.dealer(), seat(2), "the same dealer deals again");
}

// ---------------------------------------------------------------------------------------------
// The discard

/// The dealer C holds the four kings, the pagat, the mondo, the fool, the II, the hearts
/// courts, the spades pips and low diamonds; A eighteen trumps and low hearts; B the rest.
fn dealer_hand() -> Cards {
    full(
        &format!("{} H2 H3 H4 H5 H6 H7 H8", trumps(3, 20)),
        &format!(
            "HA H9 H10 DA D9 D10 DJ DC DQ SJ SC SQ {}",
            suit("C").replace(" CK", "")
        ),
        "HK DK CK SK T1 T21 SKIZ T2 HQ HC HJ SA S2 S3 S4 S5 S6 S7 S8 S9 S10 D2 D3 D4 D5 D6 D7 D8",
    )
}

// rule: DK-TALON-01, DK-TALON-02, DK-TALON-03, DK-TALON-04, DK-TALON-06, DK-TALON-07
// rule: DK-BID-01
// rule: DK-TALON-09, DK-MATCH-24  (an improper discard is refused when made: none to put right)
#[test]
fn the_dealer_discards_three_within_the_restrictions() {
    let mut g = dealer_hand().game(&[]);
    open(&mut g);
    assert_eq!(g.to_act(), Some(seat(2)), "no auction: the dealer discards");
    assert_eq!(refused(&g, "discard HK"), "DK-TALON-03");
    assert_eq!(refused(&g, "discard T1"), "DK-TALON-03");
    assert_eq!(refused(&g, "discard T21"), "DK-TALON-03");
    assert_eq!(refused(&g, "discard SKIZ"), "DK-TALON-07");
    // He holds the pagat and the mondo: he can never be left without a trump.
    assert_eq!(refused(&g, "discard T2"), "DK-TALON-04");
    // The hearts courts are a full cavallerie, and other cards can go.
    assert_eq!(refused(&g, "discard HQ"), "DK-TALON-06");
    assert!(legal(&g, "discard S2"));
    act(&mut g, "discard S2, discard S3");
    let third = dk(&g).hand(seat(2)) - combination_cards(dk(&g).hand(seat(2)));
    act(
        &mut g,
        &format!("discard {}", third.lowest().expect("a spare card")),
    );
    assert_eq!(dk(&g).phase(), tarock_engine::danish::Phase::Play);
    // The skat is the first trick of the dealer's pile: one point and its cards' values.
    assert_eq!(g.discards(seat(2)).len(), 3);
    let g = finish(g, Bot::Heuristic, 1);
    let d = dk(&g);
    let skat: i64 = d.discards(seat(2)).into_iter().map(danish_value).sum();
    let pile: i64 = d.won(seat(2)).into_iter().map(danish_value).sum();
    assert_eq!(
        d.count_of(seat(2)),
        pile + skat + i64::from(d.tricks_won(seat(2))) + 1
    );
}

// rule: DK-TALON-04, DK-TALON-06, DK-PLAY-14
#[test]
fn trumps_go_only_all_together_and_combinations_only_when_unavoidable() {
    // C holds two low trumps (no pagat, no mondo) and the fool: the fool does not count, so he
    // may discard both trumps, and then must finish.
    let trumps: Vec<String> = (3..=21).map(|n| format!("T{n}")).collect();
    let cards = deal(
        [
            &trumps[..10].join(" "),
            &trumps[10..].join(" "),
            "T1 T2 SKIZ",
        ],
        "",
    );
    // The pagat is C's: not discardable, so no trump may go.
    let mut g = cards.game(&[]);
    open(&mut g);
    assert_eq!(refused(&g, "discard T2"), "DK-TALON-04");
    // With the pagat A's, C's only trump is the II: it may go.
    let cards = deal(
        [
            &format!("T1 {}", trumps[..9].join(" ")),
            &trumps[9..].join(" "),
            "T2 SKIZ",
        ],
        "",
    );
    let mut g = cards.game(&[]);
    open(&mut g);
    assert!(legal(&g, "discard T2"));
    act(&mut g, "discard T2");
    assert!(!dk(&g).hand(seat(2)).intersects(CardSet::TAROKKS_NUMBERED));
    // A combination's card goes only when nothing else can: a dealer holding the four courts
    // of every suit, the kings, the pagat, the mondo and the fool has no free card.
    let courts = "HK HQ HC HJ DK DQ DC DJ CK CQ CC CJ SK SQ SC SJ T1 T21 SKIZ";
    let g = deal(["", "", courts], "").game(&[]);
    let mut g = g;
    open(&mut g);
    let listed: CardSet = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some(*c),
            _ => None,
        })
        .collect();
    let protected = combination_cards(dk(&g).hand(seat(2)));
    assert!(!listed.intersects(protected) || (dk(&g).hand(seat(2)) - protected).len() < 3);
}

// rule: DK-ANN-14, DK-TALON-07, DK-SCORE-25
#[test]
fn the_fool_is_discarded_only_with_an_announced_tout() {
    let mut g = dealer_hand().game(&[]);
    open(&mut g);
    assert_eq!(refused(&g, "discard SKIZ"), "DK-TALON-07");
    act(&mut g, "announce volat");
    assert_eq!(refused(&g, "announce volat"), "DK-ANN-14");
    assert!(dk(&g).tout_announced());
    // The fool is a card of his matadors (fool, mondo, pagat): still protected while other
    // cards can go.
    assert_eq!(refused(&g, "discard SKIZ"), "DK-TALON-06");
    // Without a combination to break, the announced Tout frees the fool.
    let cards = full(
        &format!("T1 {} HA H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ", trumps(9, 21)),
        &format!("HC HQ HK DJ DC DQ DK SJ SC SQ SK {}", suit("C")),
        &format!(
            "SKIZ {} SA S2 S3 S4 S5 S6 S7 S8 S9 S10 DA D2 D3 D4 D5 D6 D7 D8 D9 D10",
            trumps(2, 8)
        ),
    );
    let mut g = cards.game(&[]);
    open(&mut g);
    act(
        &mut g,
        "announce volat, discard SKIZ, discard S2, discard S3",
    );
    let g = finish(g, Bot::Random, 5);
    let l = g.outcome().expect("over").ledger;
    // A dealer who does not take every trick doubles both pots and pays the Tout to each.
    let failed = line(&l, DanishItem::ToutFailed).expect("the Tout failed");
    assert!(failed.announced && !failed.made);
    assert_eq!(
        failed.payments[seat(2)],
        -(2 * 85 + failed.pots[0] + failed.pots[1])
    );
    assert!(failed.pots[0] > 0 && failed.pots[1] > 0);
    assert!(line(&l, DanishItem::PagatUltimo).is_none());
    assert!(line(&l, DanishItem::KingUltimo).is_none());
}

// rule: DK-TALON-08
#[test]
fn the_simple_rule_bars_only_the_four_point_cards() {
    let opts = [("danish_discard_rules", "simple4pt")];
    let mut g = dealer_hand().game(&opts);
    open(&mut g);
    for card in ["HK", "T1", "T21", "SKIZ"] {
        assert_eq!(refused(&g, &format!("discard {card}")), "DK-TALON-08");
    }
    assert!(legal(&g, "discard T2"));
    assert!(legal(&g, "discard HQ"));
}

// ---------------------------------------------------------------------------------------------
// Declarations

// rule: DK-ANN-03, DK-ANN-04, DK-ANN-05, DK-ANN-06, DK-ANN-07, DK-ANN-08, DK-ANN-09, DK-ANN-10
// rule: DK-ANN-11, DK-ANN-12, DK-SCORE-05, DK-SCORE-06, DK-SCORE-07, DK-SCORE-08, DK-PLAY-14
#[test]
fn the_declarations_and_what_they_are_worth() {
    let of = |h: &str| melds(set(h)).iter().collect::<Vec<Meld>>();
    // Ten trumps with the fool counting, the pagat among them.
    assert_eq!(
        of("T1 T3 T5 T7 T9 T11 T13 T15 T17 SKIZ"),
        vec![Meld::Trumps {
            count: 10,
            pagat: true
        }]
    );
    assert_eq!(
        Meld::Trumps {
            count: 10,
            pagat: true
        }
        .value(),
        10
    );
    assert_eq!(
        Meld::Trumps {
            count: 12,
            pagat: false
        }
        .value(),
        20
    );
    assert!(of("T2 T3 T5 T7 T9 T11 T13 T15 T17").is_empty(), "nine: pas");
    // Matadors: fool, mondo, pagat, then the run down from 20.
    assert_eq!(of("SKIZ T21 T1"), vec![Meld::Matadors(3)]);
    assert_eq!(of("SKIZ T21 T1 T20 T19 T17"), vec![Meld::Matadors(5)]);
    assert_eq!(Meld::Matadors(3).value(), 10);
    assert_eq!(Meld::Matadors(5).value(), 20);
    assert!(of("T21 T1 T20").is_empty());
    // Cavallerie: full, abundant with the fool, half with three and the fool.
    assert_eq!(
        of("HK HQ HC HJ"),
        vec![Meld::Cavallerie(Suit::Hearts, Grade::Full)]
    );
    assert_eq!(
        of("DK DQ DC SKIZ"),
        vec![Meld::Cavallerie(Suit::Diamonds, Grade::Half(c("DJ")))]
    );
    assert!(of("DK DQ DC").is_empty());
    assert_eq!(Meld::Cavallerie(Suit::Hearts, Grade::Full).value(), 10);
    assert_eq!(Meld::Cavallerie(Suit::Hearts, Grade::Abundant).value(), 15);
    assert_eq!(
        Meld::Cavallerie(Suit::Hearts, Grade::Half(c("HJ"))).value(),
        5
    );
    // Kings: full, abundant, half (naming the suit missing).
    assert_eq!(of("HK DK CK SK"), vec![Meld::Kings(Grade::Full)]);
    assert_eq!(of("HK DK CK SKIZ"), vec![Meld::Kings(Grade::Half(c("SK")))]);
    assert_eq!(Meld::Kings(Grade::Abundant).value(), 15);
    // The fool in several declarations: each is declared and paid.
    assert_eq!(
        of("SKIZ T21 T1 HK HQ HC HJ DK CK SK"),
        vec![
            Meld::Matadors(3),
            Meld::Cavallerie(Suit::Hearts, Grade::Abundant),
            Meld::Kings(Grade::Abundant),
        ]
    );
    assert_eq!(
        Meld::Cavallerie(Suit::Diamonds, Grade::Half(c("DC"))).to_string(),
        "half diamonds, no knight"
    );
    assert_eq!(
        Meld::Kings(Grade::Half(c("SK"))).to_string(),
        "half kings, no king of spades"
    );
}

// rule: DK-ANN-01, DK-ANN-02, DK-SCORE-04, DK-TALON-06
// rule: DK-ANN-13, DK-MATCH-14, DK-MATCH-22  (declarations are exact: none to correct)
#[test]
fn every_player_declares_when_the_discard_is_done_and_the_others_pay() {
    let mut g = dealer_hand().game(&[]);
    open(&mut g);
    assert_eq!(dk(&g).melds_of(seat(0)), None, "nothing before the discard");
    act(&mut g, "discard S2, discard S3");
    let spare = (dk(&g).hand(seat(2)) - combination_cards(dk(&g).hand(seat(2))))
        .lowest()
        .expect("a spare card");
    act(&mut g, &format!("discard {spare}"));
    // Each player's declarations are exactly those the hand holds, made for him.
    for s in [seat(0), seat(1), seat(2)] {
        let made: Vec<Meld> = dk(&g).melds_of(s).expect("declared").iter().collect();
        let held: Vec<Meld> = melds(dk(&g).hand(s)).iter().collect();
        assert_eq!(made, held, "{s:?}");
    }
    // C: matadors (fool, mondo, pagat), full hearts, abundant kings.
    let c_melds: Vec<Meld> = dk(&g).melds_of(seat(2)).expect("declared").iter().collect();
    assert_eq!(
        c_melds,
        vec![
            Meld::Matadors(3),
            Meld::Cavallerie(Suit::Hearts, Grade::Abundant),
            Meld::Kings(Grade::Abundant),
        ]
    );
    let g = finish(g, Bot::Heuristic, 2);
    let l = g.outcome().expect("over").ledger;
    let declared: Vec<_> = l
        .items
        .iter()
        .filter(|i| matches!(i.item, Item::Danish(DanishItem::Declaration(_))))
        .collect();
    // The dealer declares first; each declaration is paid by both others.
    assert_eq!(declared[0].seat, Some(seat(2)));
    for d in declared.iter().filter(|d| d.seat == Some(seat(2))) {
        assert_eq!(d.payments.0[..3], [-d.base, -d.base, 2 * d.base]);
    }
}

// ---------------------------------------------------------------------------------------------
// Play

/// A hand in play, the discard made by the first legal choices.
fn in_play(cards: &Cards, opts: &[(&str, &str)]) -> AnyGame {
    let mut g = cards.game(opts);
    open(&mut g);
    while dk(&g).phase() == tarock_engine::danish::Phase::Discard {
        let a = g
            .legal_actions()
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Discard(_)))
            .expect("a discard");
        g = g.play(a).expect("legal");
    }
    g
}

/// A: the hearts, the pagat and club pips; B: the other trumps, the club courts and the II of
/// diamonds; C, the dealer: the fool, the spades and the other diamonds (he discards three
/// spades).
fn split_suits() -> Cards {
    full(
        &format!("{} T1 CA C2 C3 C4 C5 C6 C7 C8 C9 C10", suit("H")),
        &format!("{} CJ CC CQ CK D2", trumps(2, 21)),
        &format!("SKIZ {} {}", suit("D").replace("D2 ", ""), suit("S")),
    )
}

// rule: DK-PLAY-01, DK-PLAY-02, DK-PLAY-03, DK-PLAY-04, DK-PLAY-05, DK-PLAY-08, DK-PLAY-10
// rule: DK-MATCH-12  (a revoke is refused: nothing to put right)
#[test]
fn follow_suit_else_trump_else_anything_and_the_fool_always() {
    let cards = split_suits();
    let mut g = in_play(&cards, &[]);
    assert_eq!(g.to_act(), Some(seat(0)), "the dealer's right leads");
    act(&mut g, "play H2");
    // B cannot follow: a trump, any trump; not a club. No need to play high.
    assert!(legal(&g, "play T21"));
    assert_eq!(refused(&g, "play CK"), "DK-PLAY-03");
    act(&mut g, "play T2");
    // C has neither hearts nor a trump: anything, the fool too.
    assert!(legal(&g, "play DK"));
    assert!(legal(&g, "play SK"));
    act(&mut g, "play SKIZ");
    // B's II wins; the fool goes back to C's pile, and B gets no card for it.
    assert_eq!(dk(&g).won(seat(2)), FOOL.set());
    assert_eq!(dk(&g).won(seat(1)), set("H2 T2"));
    assert_eq!(g.to_act(), Some(seat(1)));
    // B leads a diamond: C must follow diamonds, A has none and must trump.
    act(&mut g, "play D2");
    assert_eq!(refused(&g, "play SK"), "DK-PLAY-02");
    act(&mut g, "play DA");
    assert_eq!(refused(&g, "play HA"), "DK-PLAY-03");
    assert!(legal(&g, "play T1"));
}

// rule: DK-TALON-05
#[test]
fn once_the_dealer_shows_he_has_no_trump_the_skat_may_be_asked_about() {
    // C, the dealer, holds no trump and discarded three spades.
    let cards = split_suits();
    let mut g = in_play(&cards, &[]);
    act(&mut g, "play H2, play T2");
    assert_eq!(dk(&g).skat_has_trumps(), None);
    // The fool shows nothing; a spade to a heart lead, with no trump played, does.
    act(&mut g, "play SK");
    assert_eq!(
        dk(&g).skat_has_trumps(),
        Some(false),
        "yes or no, never how many"
    );
}

// rule: DK-PLAY-11, DK-MATCH-13
#[test]
fn a_fool_led_names_the_suit() {
    // A: the fool, the clubs and low trumps; B: the hearts and high trumps; C: the spades and
    // the diamonds.
    let cards = full(
        &format!("SKIZ {} {}", suit("C"), trumps(1, 10)),
        &format!("{} {}", suit("H"), trumps(11, 21)),
        &format!("{} {}", suit("S"), suit("D")),
    );
    let mut g = in_play(&cards, &[]);
    assert_eq!(refused(&g, "play SKIZ"), "DK-PLAY-11");
    // Any suit may be named, one the others cannot follow too (A alone holds clubs).
    assert!(legal(&g, "lead-fool C"));
    act(&mut g, "lead-fool H");
    assert_eq!(dk(&g).named_suit(), Some(Some(Suit::Hearts)));
    // B must follow the named hearts, though it holds trumps.
    assert_eq!(refused(&g, "play T11"), "DK-PLAY-02");
    act(&mut g, "play H2");
    // C has neither hearts nor trumps: anything.
    act(&mut g, "play SK");
    assert_eq!(
        trick_winner(&dk(&g).tricks()[0], dk(&g).named_in(0)).map(|(s, _)| s),
        Some(seat(1))
    );
    assert_eq!(g.trick_winner(0).map(|(s, _)| s), Some(seat(1)));
    // With the French rule the next card sets the suit.
    let mut g = in_play(&cards, &[("fool_lead_suit", "next_card")]);
    assert_eq!(refused(&g, "lead-fool H"), "DK-PLAY-11");
    act(&mut g, "play SKIZ, play H2");
    // The II of hearts set the suit: C, without hearts or trumps, plays anything.
    assert!(legal(&g, "play SK") && legal(&g, "play DK"));
}

// rule: DK-PLAY-12, DK-PLAY-13
#[test]
fn the_fool_in_the_end_play() {
    for (opt, due) in [
        ("must_play_before_last", TRICKS - 2),
        ("before_last_two", TRICKS - 3),
        ("before_last_three", TRICKS - 4),
    ] {
        // A keeps the fool as long as it may: it must then play it.
        let cards = deal(["SKIZ", "", ""], "");
        let mut g = in_play(&cards, &[("fool_endplay", opt)]);
        while dk(&g).tricks().len() < due {
            let me = g.to_act().expect("in play");
            let a = g
                .legal_actions()
                .iter()
                .copied()
                .find(|a| !matches!(a, Action::Play(FOOL) | Action::LeadFool(_)) || me != seat(0))
                .expect("a card");
            g = g.play(a).expect("legal");
        }
        assert!(
            dk(&g).hand(seat(0)).contains(FOOL),
            "{opt}: kept to trick {due}"
        );
        while g.to_act() != Some(seat(0)) {
            let a = g.legal_actions()[0];
            g = g.play(a).expect("legal");
        }
        let listed = g.legal_actions();
        assert!(
            listed
                .iter()
                .all(|a| matches!(a, Action::Play(FOOL) | Action::LeadFool(_))),
            "{opt}: only the fool"
        );
        let other = (dk(&g).hand(seat(0)) - FOOL.set())
            .lowest()
            .expect("another card");
        assert_eq!(refused(&g, &format!("play {other}")), "DK-PLAY-13", "{opt}");
    }
    // Kept to the last trick under the default, it goes to that trick's winner.
    let cards = deal(["SKIZ", "", ""], "");
    let mut g = in_play(&cards, &[]);
    assert_eq!(dk(&g).options().fool_endplay, FoolEndplay::LostInLast);
    while dk(&g).tricks().len() < TRICKS - 1 {
        let me = g.to_act().expect("in play");
        let a = g
            .legal_actions()
            .iter()
            .copied()
            .find(|a| !matches!(a, Action::Play(FOOL) | Action::LeadFool(_)) || me != seat(0))
            .expect("a card");
        g = g.play(a).expect("legal");
    }
    let g = finish(g, Bot::Random, 1);
    let d = dk(&g);
    let (w, _) = g.trick_winner(TRICKS - 1).expect("a winner");
    assert_ne!(w, seat(0));
    assert!(d.won(w).contains(FOOL));
    // The old placeholder option is no option any more.
    let mut s = Setup::seeded(DK, 3, seat(0), [1; 32]);
    s.options = vec![("allow_call_for_fool".to_owned(), "false".to_owned())];
    assert!(matches!(AnyGame::new(&s), Err(SetupError::Option(_))));
}

// rule: DK-PLAY-13
#[test]
fn before_the_last_two_the_fool_is_never_played_to_either_of_them() {
    // Random hands to the end: the fool is played by the 23rd trick, or lies in the skat.
    let mut in_time = 0;
    for n in 0..150u64 {
        let mut s = Setup::seeded(DK, 3, seat((n % 3) as u8), seed_from_u64(n));
        s.options = vec![("fool_endplay".to_owned(), "before_last_two".to_owned())];
        let g = finish(
            AnyGame::new(&s).expect("a deal"),
            if n % 2 == 0 {
                Bot::Random
            } else {
                Bot::Heuristic
            },
            n,
        );
        let d = dk(&g);
        if d.phase() != tarock_engine::danish::Phase::Over(End::Played) {
            continue;
        }
        let at = d.tricks().iter().position(|t| t.cards().contains(FOOL));
        match at {
            Some(i) => {
                assert!(i < TRICKS - 2, "deal {n}: the fool in trick {}", i + 1);
                in_time += 1;
            }
            None => assert!(d.discards(d.table_info().dealer).contains(FOOL), "deal {n}"),
        }
    }
    assert!(in_time > 100, "{in_time}");
}

// ---------------------------------------------------------------------------------------------
// Calling for the fool

/// The options that let the player on lead call for the fool.
const CALLS: &[(&str, &str)] = &[("call_for_fool", "true")];

/// The rule and the message that refuse `a`, which must be refused and not listed.
fn refusal(g: &AnyGame, a: &str) -> (&'static str, &'static str) {
    let rule = refused(g, a);
    let v = g.check(a.parse().expect("notation")).expect_err("refused");
    (rule, v.message)
}

// rule: DK-PLAY-15, DK-PLAY-08, DK-PLAY-10
#[test]
fn the_fool_called_for_must_be_played_by_its_holder() {
    // C, the dealer, holds the fool; A leads.
    let cards = split_suits();
    let mut g = in_play(&cards, CALLS);
    assert_eq!(g.to_act(), Some(seat(0)));
    // The call is the last action id, `call SKIZ`, listed last, in the game's own words.
    let call = Action::Call(FOOL);
    assert_eq!("call SKIZ".parse::<Action>(), Ok(call));
    assert_eq!(call.to_string(), "call SKIZ");
    assert_eq!(g.action_id(call), Some(g.action_space() - 1));
    assert_eq!(g.legal_actions().last(), Some(&call));
    assert_eq!(DK.label(call), "Call for the fool");
    // The call does not end A's turn: he then leads as usual.
    assert!(!dk(&g).fool_called());
    act(&mut g, "call SKIZ");
    assert!(dk(&g).fool_called());
    assert_eq!(g.to_act(), Some(seat(0)));
    assert!(legal(&g, "play H2"));
    act(&mut g, "play H2");
    // B, who does not hold the fool, plays as he would have without the call.
    let mut uncalled = in_play(&cards, CALLS);
    act(&mut uncalled, "play H2");
    assert_eq!(
        g.legal_actions().as_slice(),
        uncalled.legal_actions().as_slice()
    );
    act(&mut g, "play T2");
    // C may play nothing but the fool, though he could play anything.
    assert_eq!(g.legal_actions().as_slice(), &[Action::Play(FOOL)]);
    let (rule, message) = refusal(&g, "play DK");
    assert_eq!(rule, "DK-PLAY-15");
    assert!(message.contains("called for"), "{message}");
    act(&mut uncalled, "play T2");
    assert!(legal(&uncalled, "play DK"));
    act(&mut g, "play SKIZ");
    // The trick goes as always: B's trump wins, and the fool returns to C's pile.
    assert_eq!(g.trick_winner(0).map(|(s, _)| s), Some(seat(1)));
    assert_eq!(dk(&g).won(seat(2)), FOOL.set());
    // The view shows the call, and the history holds it.
    assert!(dk(&g).fool_called());
    // With the option off, nobody may call.
    let g = in_play(&cards, &[]);
    assert!(!g.legal_actions().contains(call));
    let (rule, message) = refusal(&g, "call SKIZ");
    assert_eq!(rule, "DK-PLAY-15");
    assert!(message.contains("not played"), "{message}");
}

// rule: DK-PLAY-15
#[test]
fn only_the_player_on_lead_calls_and_only_once() {
    let cards = split_suits();
    // Not before trick play: in the opening and in the discard.
    let mut g = cards.game(CALLS);
    for _ in 0..2 {
        let (rule, message) = refusal(&g, "call SKIZ");
        assert_eq!(rule, "DK-PLAY-15");
        assert!(message.contains("trick play"), "{message}");
        let kind = g.check(Action::Call(FOOL)).expect_err("refused").kind;
        assert_eq!(kind, tarock_engine::game::ViolationKind::WrongPhase);
        open(&mut g);
    }
    assert_eq!(dk(&g).phase(), tarock_engine::danish::Phase::Discard);
    // Not by a player who is not on lead, nor by the leader once he has led.
    let mut g = in_play(&cards, CALLS);
    act(&mut g, "play H2");
    let (rule, message) = refusal(&g, "call SKIZ");
    assert_eq!(rule, "DK-PLAY-15");
    assert!(message.contains("on lead"), "{message}");
    // Once in a hand: not twice before the lead.
    let mut g = in_play(&cards, CALLS);
    act(&mut g, "call SKIZ");
    let (rule, message) = refusal(&g, "call SKIZ");
    assert_eq!(rule, "DK-PLAY-15");
    assert!(message.contains("once"), "{message}");
    // Not by the fool's holder: A holds it and leads.
    let cards = full(
        &format!("SKIZ {} {}", suit("C"), trumps(1, 10)),
        &format!("{} {}", suit("H"), trumps(11, 21)),
        &format!("{} {}", suit("S"), suit("D")),
    );
    let g = in_play(&cards, CALLS);
    assert_eq!(g.to_act(), Some(seat(0)));
    let (rule, message) = refusal(&g, "call SKIZ");
    assert_eq!(rule, "DK-PLAY-15");
    assert!(message.contains("you hold the fool"), "{message}");
}

// rule: DK-MATCH-20
#[test]
fn calling_for_the_fool_once_it_has_been_played_is_refused() {
    let cards = split_suits();
    let mut g = in_play(&cards, CALLS);
    // C plays the fool to the first trick without a call; B wins it and leads.
    act(&mut g, "play H2, play T2, play SKIZ");
    assert_eq!(g.to_act(), Some(seat(1)));
    let (rule, message) = refusal(&g, "call SKIZ");
    assert_eq!(rule, "DK-MATCH-20");
    assert!(message.contains("already been played"), "{message}");
    // After a call too: the fool is played to the trick of the call.
    let mut g = in_play(&cards, CALLS);
    act(&mut g, "call SKIZ, play H2, play T2, play SKIZ");
    assert_eq!(refused(&g, "call SKIZ"), "DK-MATCH-20");
}

// rule: DK-PLAY-15, DK-TALON-07
#[test]
fn a_fool_in_the_skat_is_called_for_in_vain() {
    // C, the dealer, announces Tout and lays the fool away; A holds hearts and clubs, B the
    // low trumps and the courts; C the high trumps and the spade and diamond pips.
    let cards = full(
        &format!("{} CA C2 C3 C4 C5 C6 C7 C8 C9 C10 CJ", suit("H")),
        &format!("{} T21 CC CQ CK SJ SC SQ SK DJ DC DQ DK", trumps(1, 13)),
        &format!(
            "SKIZ {} SA S2 S3 S4 S5 S6 S7 S8 S9 S10 DA D2 D3 D4 D5 D6 D7 D8 D9 D10",
            trumps(14, 20)
        ),
    );
    let mut g = cards.game(CALLS);
    open(&mut g);
    act(
        &mut g,
        "announce volat, discard SKIZ, discard SA, discard S2",
    );
    assert!(dk(&g).discards(seat(2)).contains(FOOL));
    // A cannot see the skat: his call stands, whatever it holds, and nobody answers it.
    let mut called = g;
    assert!(legal(&called, "call SKIZ"));
    act(&mut called, "call SKIZ, play H2, play T2, play T20");
    assert!(dk(&called).fool_called());
    assert_eq!(called.to_act(), Some(seat(2)));
    assert_eq!(refused(&called, "call SKIZ"), "DK-PLAY-15");
    // Without that call, the dealer, on lead, may not call for the fool he laid away.
    act(&mut g, "play H2, play T2, play T20");
    assert_eq!(g.to_act(), Some(seat(2)));
    let (rule, message) = refusal(&g, "call SKIZ");
    assert_eq!(rule, "DK-PLAY-15");
    assert!(message.contains("skat"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Scoring

/// Everything the seed says about the end of a hand, computed here from the tricks: each
/// seat's result and the pots after the hand.
fn reference(d: &Danish) -> ([i64; 4], [i64; 2]) {
    let o = d.options();
    let table = d.table_info();
    let n = table.seats;
    let dealer = table.dealer;
    let active: Vec<Seat> = Seat::all(n).filter(|&s| table.is_active(s)).collect();
    let mut pay = [0i64; 4];
    let mut pots = [o.pagat_pot, o.king_pot];
    // `to` receives `v` from each other active player.
    let collect = |pay: &mut [i64; 4], to: Seat, v: i64| {
        for &s in &active {
            if s != to {
                pay[s.index()] -= v;
                pay[to.index()] += v;
            }
        }
    };
    for pot in &mut pots {
        if *pot == 0 {
            *pot += o.pot_foundation * i64::from(n);
            for s in Seat::all(n) {
                pay[s.index()] -= o.pot_foundation;
            }
        }
        *pot += 5;
    }
    pay[dealer.index()] -= 10;
    let Some(End::Played) = g_end(d) else {
        return (pay, pots);
    };
    // Declarations on the hands after the discard (the dealer's with what he had to break).
    for &s in &active {
        let mut hand = d.deal().hands[s];
        if s == dealer {
            hand = ((hand | d.deal().talon_set()) - d.discards(s)) | d.named_discards();
        }
        for m in melds(hand).iter() {
            collect(&mut pay, s, m.value());
        }
    }
    let tricks = d.tricks();
    let winners: Vec<(Seat, Card)> = (0..TRICKS)
        .map(|i| trick_winner(&tricks[i], d.named_in(i)).expect("a winner"))
        .collect();
    for (i, t) in tricks.iter().enumerate().take(TRICKS - 1) {
        let (w, best) = winners[i];
        for (p, card) in t.plays() {
            if p != w && (card.is_king() || card == Card::PAGAT) {
                collect(&mut pay, p, -5);
                pay[p.index()] -= 5;
                pots[usize::from(card.is_king())] += 5;
            }
        }
        if best == Card::PAGAT && o.pay_pagat_trick_win {
            collect(&mut pay, w, 5);
        }
    }
    let mut won = [0usize; 4];
    for (w, _) in &winners {
        won[w.index()] += 1;
    }
    let tout = active.iter().copied().find(|s| won[s.index()] == TRICKS);
    let blanks: Vec<Seat> = active
        .iter()
        .copied()
        .filter(|s| won[s.index()] == 0)
        .collect();
    let nolo = if tout.is_none() && blanks.len() == 1 {
        Some(blanks[0])
    } else {
        None
    };
    let failed = d.tout_announced() && tout != Some(dealer);
    let counted = pots;
    if let Some(t) = tout {
        collect(&mut pay, t, o.tout_payment);
        pay[t.index()] += counted[0] + counted[1];
        pots = [0, 0];
    }
    if failed {
        collect(&mut pay, dealer, -o.tout_payment);
        pay[dealer.index()] -= counted[0] + counted[1];
        pots = [pots[0] + counted[0], pots[1] + counted[1]];
    }
    if let Some(s) = nolo {
        collect(&mut pay, s, 25);
    }
    let last = &tricks[TRICKS - 1];
    let (w, best) = winners[TRICKS - 1];
    if tout.is_none() && nolo.is_none() && !failed {
        if best == Card::PAGAT {
            collect(&mut pay, w, 45);
            pay[w.index()] += counted[0];
            pots[0] -= counted[0];
        } else if best.is_king() {
            collect(&mut pay, w, 40);
            pay[w.index()] += counted[1];
            pots[1] -= counted[1];
        }
    }
    let mut bagud = false;
    for (p, card) in last.plays() {
        if p == w {
            continue;
        }
        if card == Card::PAGAT {
            bagud = true;
            collect(&mut pay, p, -45);
            pay[p.index()] -= counted[0];
            pots[0] += counted[0];
        } else if card.is_king() {
            bagud = true;
            collect(&mut pay, p, -40);
            pay[p.index()] -= counted[1];
            pots[1] += counted[1];
        }
    }
    if tout.is_none() && nolo.is_none() && !bagud && !best.is_king() && best != Card::PAGAT {
        collect(&mut pay, w, 20);
    }
    if nolo.is_none() {
        // The count, from the tricks: the fool back to its player except in the last trick.
        let mut points = [0i64; 4];
        for (i, t) in tricks.iter().enumerate() {
            let (w, _) = winners[i];
            points[w.index()] += 1;
            for (p, card) in t.plays() {
                let to = if card == FOOL
                    && !(i == TRICKS - 1 && o.fool_endplay == FoolEndplay::LostInLast)
                {
                    p
                } else {
                    w
                };
                points[to.index()] += danish_value(card);
            }
        }
        points[dealer.index()] += 1 + d
            .discards(dealer)
            .into_iter()
            .map(danish_value)
            .sum::<i64>();
        let new_dealer = dealer.next(n);
        for &s in &active {
            if s == new_dealer {
                continue;
            }
            let diff = points[s.index()] - 26;
            let r = (diff as f64 / 5.0).round() as i64 * 5;
            pay[s.index()] += r;
            pay[new_dealer.index()] -= r;
        }
    }
    (pay, pots)
}

fn g_end(d: &Danish) -> Option<End> {
    match d.phase() {
        tarock_engine::danish::Phase::Over(e) => Some(e),
        _ => None,
    }
}

// rule: DK-SCORE-01, DK-SCORE-02, DK-SCORE-03, DK-SCORE-09, DK-SCORE-10, DK-SCORE-11
// rule: DK-SCORE-12, DK-SCORE-13, DK-SCORE-14, DK-SCORE-15, DK-SCORE-16, DK-SCORE-17
// rule: DK-SCORE-18, DK-SCORE-19, DK-SCORE-20, DK-SCORE-21, DK-SCORE-22, DK-SCORE-23
// rule: DK-SCORE-26, DK-SCORE-27, DK-SCORE-28, DK-SCORE-29, DK-SCORE-30, DK-MATCH-01
// rule: DK-MATCH-02, DK-MATCH-03
#[test]
fn thousands_of_hands_settle_as_the_reference_does() {
    // Each configuration's options, and the pots its hands start with.
    type Config<'a> = (&'a [(&'a str, &'a str)], [i64; 2]);
    let configs: [Config<'_>; 3] = [
        (&[], [0, 0]),
        (&[("pay_pagat_trick_win", "false")], [40, 135]),
        (
            &[
                ("fool_lead_suit", "next_card"),
                ("fool_exchange_card", "true"),
                ("tout_payment", "135"),
            ],
            [0, 0],
        ),
    ];
    let mut seen = std::collections::HashSet::new();
    for (k, (opts, pots)) in configs.iter().enumerate() {
        for seed in 0..1_500u64 {
            let seats = 3 + (seed % 2) as u8;
            let mut setup = Setup::seeded(DK, seats, seat((seed % 3) as u8), seed_from_u64(seed));
            setup.options = opts
                .iter()
                .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
                .collect();
            setup.carried.pots = *pots;
            let mut g = AnyGame::new(&setup).expect("deals");
            let mut rng = DealRng::from_seed(seed_from_u64(seed ^ (k as u64) << 32));
            // Mixed play: random moves, and now and then the heuristic, so that kings and the
            // pagat reach the last trick and some hands are one-sided.
            while g.to_act().is_some() {
                let a = if rng.below(3) == 0 {
                    Bot::Heuristic
                        .choose(&g, &[], seed, Budget::default())
                        .expect("position-only bot")
                        .expect("a move")
                } else {
                    let l = g.legal_actions();
                    l[rng.below(l.len() as u32) as usize]
                };
                g = g.play(a).expect("legal");
            }
            let d = dk(&g);
            let l = g.outcome().expect("over").ledger;
            let (pay, pots) = reference(d);
            for s in Seat::all(seats) {
                assert_eq!(
                    l.totals[s],
                    pay[s.index()],
                    "seed {seed} config {k} seat {s}: {l:#?}"
                );
            }
            assert_eq!(l.pots, Some(pots), "seed {seed} config {k}");
            assert!(l
                .items
                .iter()
                .all(|i| i.base % 5 == 0 || matches!(i.item, Item::Danish(DanishItem::Count(_)))));
            for i in &l.items {
                if let Item::Danish(item) = i.item {
                    seen.insert(std::mem::discriminant(&item));
                }
            }
        }
    }
    // Every kind of payment came up.
    assert!(seen.len() >= 13, "{} kinds of lines", seen.len());
}

// rule: DK-SCORE-24, DK-SCORE-19, DK-SCORE-21, DK-SCORE-23
#[test]
fn three_kings_in_the_last_trick() {
    // Each player holds a king and every other card of its suit (C the clubs' king and pips
    // too), so that the kings are kept to the last trick; everyone has trumps to win a trick.
    let cards = full(
        &format!("{} SKIZ {} CJ CC CQ", suit("H"), trumps(1, 7)),
        &format!("{} {}", suit("S"), trumps(8, 18)),
        &format!(
            "{} {} CK T19 T20 T21",
            suit("D"),
            suit("C").replace(" CJ CC CQ CK", "")
        ),
    );
    let mut g = cards.game(&[]);
    // Each plays the first legal card that is not a king (and the dealer announces nothing).
    let mut actions = Vec::new();
    while g.to_act().is_some() {
        let listed = g.legal_actions();
        let a = listed
            .iter()
            .copied()
            .find(|a| {
                !matches!(a, Action::Play(k) | Action::Discard(k) if k.is_king())
                    && !matches!(a, Action::Announce(_))
            })
            .unwrap_or(listed[0]);
        actions.push(a);
        g = g.play(a).expect("legal");
    }
    let last = dk(&g).tricks()[TRICKS - 1];
    assert!(CardSet::KINGS.is_superset(last.cards()) && last.len() == 3);
    // C's second king went earlier, 5 into the king pot if lost: start the hand with what
    // makes the pot 135 at the end, the seed's example, and play it again.
    let before = 5 * dk(&g).tricks()[..TRICKS - 1]
        .iter()
        .enumerate()
        .filter(|(i, t)| {
            let w = g.trick_winner(*i).map(|(s, _)| s);
            t.plays().any(|(p, c)| c.is_king() && Some(p) != w)
        })
        .count() as i64;
    let mut setup = cards.setup(&[]);
    setup.carried.pots = [0, 135 - 5 - before];
    let g = AnyGame::replay(&setup, &actions).expect("replays");
    let (w, _) = g.trick_winner(TRICKS - 1).expect("a winner");
    let l = g.outcome().expect("over").ledger;
    let ultimo = line(&l, DanishItem::KingUltimo).expect("king ultimo");
    assert_eq!(ultimo.seat, Some(w));
    assert_eq!(ultimo.pots, [0, -135]);
    assert_eq!(ultimo.payments[w], 2 * 40 + 135);
    let bagud: Vec<_> = l
        .items
        .iter()
        .filter(|i| i.item == Item::Danish(DanishItem::KingBagud))
        .collect();
    assert_eq!(bagud.len(), 2);
    for b in bagud {
        assert_eq!(b.pots, [0, 135]);
        assert_eq!(b.payments[b.seat.expect("a seat")], -(2 * 40 + 135));
    }
    assert_eq!(l.pots.map(|p| p[Pot::King.index()]), Some(270));
}

// rule: DK-MATCH-05, DK-MATCH-07, DK-MATCH-08
#[test]
fn the_pots_go_from_hand_to_hand_and_are_shared_at_the_end() {
    let mut m = MatchContext::danish(3, seat(0)).expect("a table");
    let mut setup = Setup::seeded(DK, 3, seat(0), seed_from_u64(1));
    let mut balance = [0i64; 3];
    for k in 0..6u64 {
        let g = finish(AnyGame::new(&setup).expect("deals"), Bot::Heuristic, k);
        let l = m.record_game(&g).expect("over");
        for (s, b) in balance.iter_mut().enumerate() {
            *b += l.totals[seat(s as u8)];
        }
        // The next hand starts with the pots this one left.
        setup = m.next_setup(&setup, seed_from_u64(10 + k));
        let pots = l.pots.expect("pots");
        assert_eq!(setup.carried.pots, pots);
        assert!(setup.options.is_empty(), "the pots are no options");
        // Whoever empties a pot: the next hand founds it, every player paying.
        let next = AnyGame::new(&setup).expect("deals");
        let founded = next.outcome();
        assert!(founded.is_none());
        assert_eq!(
            dk(&next).pots()[0],
            if pots[0] == 0 { 65 } else { pots[0] + 5 }
        );
    }
    let pots = m.pots();
    let before: i64 = m.totals().0[..3].iter().sum();
    m.end_session();
    assert!(m.is_over());
    assert_eq!(m.pots(), [0, 0]);
    let after: i64 = m.totals().0[..3].iter().sum();
    assert_eq!(after - before, pots[0] + pots[1], "the pots are shared out");
}

// rule: DK-MATCH-09, DK-MATCH-17, DK-MATCH-21, DK-MATCH-11, DK-MATCH-23
#[test]
fn irregularities_cannot_happen() {
    // A deal with a wrong number of cards in a hand is refused before anyone sees a card.
    let mut short = dealer_hand();
    let a: Vec<&str> = short.hands[0].split_whitespace().collect();
    short.hands[0] = a[..24].join(" ");
    assert!(matches!(
        AnyGame::new(&short.setup(&[])),
        Err(SetupError::Deal(_))
    ));
    // The engine makes the declarations exactly and refuses every move out of turn, out of
    // order or against the rules, naming the rule; so no fine is ever due. A lead out of turn:
    let mut g = dealer_hand().game(&[]);
    let out_of_turn = g.play(Action::Discard(c("S2"))).expect_err("refused");
    assert_eq!(out_of_turn.violation.rule, "DK-DEAL-11");
    open(&mut g);
    // Playing before the discard is done:
    assert_eq!(refused(&g, "play S2"), "DK-TALON-01");
    // The views never show another seat's hand.
    let v = g.visible(Viewer::Seat(seat(0)));
    assert!(v.hands[seat(1)].is_empty() && v.hands[seat(2)].is_empty());
}
