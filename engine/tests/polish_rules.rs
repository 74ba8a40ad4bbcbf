//! Rule tests of Polish Taroki z królami (CHECKLIST section PL), through the public API only.
//!
//! Seats 0..3 are A, B, C and D of the seed's example: the dealer is seat 3, so seat 0 is
//! forant, who speaks and leads first, and the turn goes 0, 1, 2, 3. Legality cases start from
//! [`base`] and exchange cards with [`Cards::swap`]; settlement cases are whole hands written as
//! their tricks ([`Script`]), from which the deal is derived, and are replayed action by action,
//! so that every golden value comes from a hand that could really have been played.

mod table;

use table::{act, c, legal, line, notation, refused, seat, set, totals, Cards};
use tarock_engine::count::{count_thirds, round_thirds, CountMethod};
use tarock_engine::game::{Game, Observe, Viewer};
use tarock_engine::polish::game::{multiplier, next_level, Phase};
use tarock_engine::shuffle::{seed_from_u64, shuffled};
use tarock_engine::{
    AnyGame, Bonus, Card, CardSet, End, Item, Ledger, Pack, Polish, Setup, SetupError, Suit, Team,
    Trick, TrickRules, Variant,
};

const PL: Variant = Variant::PolishKrolami;

// ---------------------------------------------------------------------------------------------
// Helpers

/// A: eight tarokks with skiż and XXI, the kings of hearts and diamonds. B: the pagat, the king
/// of clubs. C: the king of spades. D: four low tarokks. Talon: six low clubs and spades.
fn base() -> Cards {
    Cards::new(
        PL,
        seat(3),
        [
            "SKIZ T21 T20 T19 T18 T17 T16 T15 HK HQ DK DQ",
            "T1 T14 T13 T12 T11 HC HJ HA DC DJ DA CK",
            "T10 T9 T8 T7 T6 H2 H3 H4 D2 D3 D4 SK",
            "T5 T4 T3 T2 CQ CC CJ C10 SQ SC SJ S10",
        ],
        "C9 C8 C7 S9 S8 S7",
    )
}

fn pl(g: &AnyGame) -> &Polish {
    g.as_polish().expect("a Polish hand")
}

/// Passes every turn of a round of announcements except the scripted actions, each made in its
/// seat's turn, until the round is over.
fn round(g: &mut AnyGame, script: &[(u8, &str)]) {
    table::round(g, script, |g| pl(g).phase());
}

const OPEN: &str = "pass, pass, pass, pass";

/// The base deal after the opening and an auction where A bids `bid` and the rest pass.
fn bid_by_a(cards: &Cards, bid: &str, opts: &[(&str, &str)]) -> AnyGame {
    let mut g = cards.game(opts);
    act(&mut g, OPEN);
    act(&mut g, &format!("bid {bid}, pass, pass, pass"));
    g
}

// ---------------------------------------------------------------------------------------------
// Deal

// rule: PL-DEAL-01
#[test]
fn exactly_four_players() {
    for seats in [3, 5] {
        let s = Setup::seeded(PL, seats, seat(0), [1; 32]);
        assert!(matches!(
            AnyGame::new(&s),
            Err(SetupError::Seats { seats: n, .. }) if n == seats
        ));
    }
    assert_eq!(PL.seat_counts(), &[4]);
    assert!(AnyGame::new(&Setup::seeded(PL, 4, seat(2), [1; 32])).is_ok());
}

// rule: PL-DEAL-02, PL-BID-03
#[test]
fn forant_is_the_dealers_right_and_the_turn_goes_anticlockwise() {
    for dealer in 0..4u8 {
        let mut g = AnyGame::new(&Setup::seeded(PL, 4, seat(dealer), [5; 32])).expect("deals");
        let forant = seat((dealer + 1) % 4);
        for k in 0..4u8 {
            assert_eq!(g.to_act(), Some(seat((forant.get() + k) % 4)));
            act(&mut g, "pass");
        }
        // The auction starts with forant again.
        assert_eq!(pl(&g).phase(), Phase::Auction);
        assert_eq!(g.to_act(), Some(forant));
    }
}

// rule: PL-DEAL-03, PL-DEAL-04, PL-DEAL-05
#[test]
fn the_pack_and_the_ranking_of_its_cards() {
    assert_eq!(Polish::SHAPE.pack, Pack::Tarock54);
    let pack = Pack::Tarock54.cards();
    assert_eq!(pack.len(), 54);
    assert_eq!((pack & CardSet::TAROKKS).len(), 22);
    for s in Suit::ALL {
        assert_eq!((pack & s.mask()).len(), 8);
    }
    // Who wins a trick of the given cards, led by the first.
    let wins = |cards: &str| {
        let mut t = Trick::new(seat(0));
        for (i, card) in cards.split_whitespace().enumerate() {
            t.push(seat(i as u8), c(card));
        }
        t.winner(&TrickRules::TAROCK).map(|(_, w)| w.to_string())
    };
    assert_eq!(wins("T21 SKIZ T20 T1").as_deref(), Some("SKIZ"));
    assert_eq!(wins("T1 T2 HK SK").as_deref(), Some("T2"));
    // Red pips: 1 (ace) high; black pips: 10 high; courts above them.
    assert_eq!(wins("H4 HA H2 H3").as_deref(), Some("HA"));
    assert_eq!(wins("S7 S10 S9 S8").as_deref(), Some("S10"));
    assert_eq!(wins("HA HJ HC HQ").as_deref(), Some("HQ"));
    assert_eq!(wins("CJ CK CQ CC").as_deref(), Some("CK"));
}

// rule: PL-DEAL-08
#[test]
fn a_seeded_deal_is_the_talon_then_two_rounds_of_six() {
    let seed = seed_from_u64(42);
    let g = AnyGame::new(&Setup::seeded(PL, 4, seat(3), seed)).expect("deals");
    let order = shuffled(Pack::Tarock54, seed);
    let o = order.as_slice();
    assert_eq!(pl(&g).deal().talon(), &o[..6]);
    for s in 0..4usize {
        let expected: CardSet = o[6 + 6 * s..12 + 6 * s]
            .iter()
            .chain(&o[30 + 6 * s..36 + 6 * s])
            .copied()
            .collect();
        assert_eq!(pl(&g).hand(seat(s as u8)), expected, "seat {s}");
    }
}

// rule: PL-DEAL-09
#[test]
fn after_a_refused_cut_the_deal_is_four_packets_of_twelve() {
    let seed = seed_from_u64(43);
    let mut s = Setup::seeded(PL, 4, seat(1), seed);
    s.options = vec![("dealing".to_owned(), "packets".to_owned())];
    let g = AnyGame::new(&s).expect("deals");
    let o = shuffled(Pack::Tarock54, seed);
    let o = o.as_slice();
    // From the dealer's right (seat 2), the dealer (seat 1) last.
    for (k, s) in [2u8, 3, 0, 1].into_iter().enumerate() {
        let expected: CardSet = o[6 + 12 * k..18 + 12 * k].iter().copied().collect();
        assert_eq!(pl(&g).hand(seat(s)), expected, "seat {s}");
    }
}

// rule: PL-DEAL-10, PL-ANN-12, PL-MATCH-02
#[test]
fn a_hand_without_tarokks_may_be_thrown_in_before_the_auction() {
    // B gives the pagat and its four tarokks for A's hearts and diamonds.
    let cards = base()
        .swap("T1", "HK")
        .swap("T14", "HQ")
        .swap("T13", "DK")
        .swap("T12", "DQ")
        .swap("T11", "S9");
    let mut g = cards.game(&[]);
    assert_eq!(refused(&g, "throw-in"), "PL-DEAL-10");
    act(&mut g, "pass");
    assert!(legal(&g, "throw-in"));
    act(&mut g, "throw-in");
    assert_eq!(pl(&g).phase(), Phase::Over(End::ThrownIn(seat(1))));
    // No score at all: not even the declaration of no tarokks it could have made.
    assert!(g.outcome().expect("over").ledger.items.is_empty());
    // Passing instead keeps the hand, and the bonus for declaring none later.
    let mut g = cards.game(&[]);
    act(&mut g, "pass, pass");
    assert_eq!(refused(&g, "throw-in"), "PL-DEAL-10");
}

// rule: PL-DEAL-11
#[test]
fn four_kings_are_declared_before_the_auction_and_shown() {
    let cards = base().swap("CK", "HQ").swap("SK", "DQ");
    let mut g = cards.game(&[]);
    assert!(legal(&g, "declare four-kings"));
    act(&mut g, "declare four-kings");
    assert_eq!(pl(&g).four_kings(), Some(seat(0)));
    assert_eq!(refused(&g, "declare four-kings"), "PL-DEAL-11");
    // Everyone sees the four kings on the table, and nothing else of A's hand.
    for viewer in [Viewer::Spectator, Viewer::Seat(seat(2))] {
        assert_eq!(pl(&g).visible(viewer).hands[seat(0)], CardSet::KINGS);
    }
    // Declaring is optional.
    let mut g = cards.game(&[]);
    act(&mut g, "pass");
    assert_eq!(pl(&g).four_kings(), None);
}

// ---------------------------------------------------------------------------------------------
// Auction

// rule: PL-BID-01, PL-BID-05
#[test]
fn bids_rise_from_one_to_four() {
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    assert_eq!(refused(&g, "bid three"), "PL-BID-01");
    act(&mut g, "bid dwa");
    assert_eq!(refused(&g, "bid jeden"), "PL-BID-05");
    assert_eq!(refused(&g, "bid dwa"), "PL-BID-05");
    assert!(legal(&g, "bid trzy"));
    assert_eq!(refused(&g, "hold"), "PL-BID-02");
}

// rule: PL-BID-02, PL-BID-07
#[test]
fn each_player_speaks_once_and_the_highest_bidder_declares() {
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    act(&mut g, "bid jeden, bid dwa, pass, bid trzy");
    // Four calls end the auction, even though A could still have outbid.
    assert_eq!(pl(&g).phase(), Phase::Call);
    assert_eq!(
        pl(&g).declarer(),
        Some((seat(3), tarock_engine::Contract::Trzy))
    );
    assert_eq!(g.to_act(), Some(seat(3)));
}

// rule: PL-BID-04, PL-BID-06
#[test]
fn four_only_after_another_players_three_and_never_by_forant() {
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    assert_eq!(refused(&g, "bid cztery"), "PL-BID-04");
    assert!(legal(&g, "bid trzy"));
    act(&mut g, "bid dwa");
    assert_eq!(refused(&g, "bid cztery"), "PL-BID-06");
    act(&mut g, "bid trzy");
    assert!(legal(&g, "bid cztery"));
    act(&mut g, "bid cztery, pass");
    assert_eq!(pl(&g).declarer().map(|(s, _)| s), Some(seat(2)));
}

// rule: PL-BID-08, PL-MATCH-02
#[test]
fn a_final_bid_of_one_may_be_thrown_in_or_played() {
    let mut g = bid_by_a(&base(), "jeden", &[]);
    assert!(legal(&g, "throw-in"));
    act(&mut g, "throw-in");
    assert_eq!(pl(&g).phase(), Phase::Over(End::ThrownIn(seat(0))));
    assert!(g.outcome().expect("over").ledger.items.is_empty());
    let mut g = bid_by_a(&base(), "jeden", &[]);
    act(&mut g, "call SK");
    assert_eq!(pl(&g).phase(), Phase::KingRound);
    // A higher bid cannot be thrown in.
    let g = bid_by_a(&base(), "dwa", &[]);
    assert_eq!(refused(&g, "throw-in"), "PL-BID-08");
    // Without the choice, a final bid of one is always thrown in.
    let g = bid_by_a(&base(), "jeden", &[("allow_play_bid_one", "false")]);
    assert_eq!(pl(&g).phase(), Phase::Over(End::ThrownIn(seat(0))));
}

// rule: PL-BID-09
#[test]
fn four_passes_throw_the_hand_in() {
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    act(&mut g, "pass, pass, pass, pass");
    assert_eq!(pl(&g).phase(), Phase::Over(End::PassedOut));
    assert!(g.outcome().expect("over").ledger.items.is_empty());
    assert_eq!(pl(&g).declarer(), None);
}

// ---------------------------------------------------------------------------------------------
// Calling a king

// rule: PL-CALL-01, PL-DEAL-01
#[test]
fn the_holder_of_the_called_king_is_the_partner() {
    let mut g = bid_by_a(&base(), "dwa", &[]);
    assert_eq!(refused(&g, "call T20"), "PL-CALL-01");
    assert_eq!(refused(&g, "call HQ"), "PL-CALL-01");
    act(&mut g, "call CK");
    assert_eq!(pl(&g).called(), Some(c("CK")));
    assert_eq!(pl(&g).partner(), Some(seat(1)));
    assert_eq!(pl(&g).team_of(seat(1)), Team::Declarer);
    assert_eq!(pl(&g).team_of(seat(2)), Team::Opponents);
}

// rule: PL-CALL-02, PL-CALL-04
#[test]
fn calling_ones_own_king_plays_alone_unseen() {
    let mut g = bid_by_a(&base(), "dwa", &[]);
    act(&mut g, "call HK");
    assert_eq!(pl(&g).partner(), None);
    for s in 1..4 {
        assert_eq!(pl(&g).team_of(seat(s)), Team::Opponents);
        // Nobody else can tell: a spectator knows no side but the declarer's, and an
        // opponent only its own.
        assert_eq!(pl(&g).side_known_to(Viewer::Spectator, seat(s)), None);
        let other = seat(s % 3 + 1);
        assert_eq!(pl(&g).side_known_to(Viewer::Seat(other), seat(s)), None);
        assert_eq!(
            pl(&g).side_known_to(Viewer::Seat(seat(s)), seat(s)),
            Some(Team::Opponents)
        );
        // The declarer, who holds the king, knows every side.
        assert_eq!(
            pl(&g).side_known_to(Viewer::Seat(seat(0)), seat(s)),
            Some(Team::Opponents)
        );
    }
}

// rule: PL-CALL-03
#[test]
fn a_called_king_in_the_talon_leaves_the_declarer_alone() {
    let cards = base().swap("SK", "C9");
    let mut g = bid_by_a(&cards, "dwa", &[]);
    act(&mut g, "call SK");
    assert_eq!(pl(&g).partner(), None);
    assert!((1..4).all(|s| pl(&g).team_of(seat(s)) == Team::Opponents));
}

// rule: PL-CALL-04
#[test]
fn the_partnership_shows_when_the_called_king_is_played() {
    let mut g = bid_by_a(&base(), "dwa", &[]);
    act(&mut g, "call SK");
    round(&mut g, &[]);
    act(&mut g, "take 1, discard HQ, discard DQ");
    round(&mut g, &[]);
    let partner = seat(2);
    assert_eq!(pl(&g).partner(), Some(partner));
    assert_eq!(pl(&g).side_known_to(Viewer::Spectator, partner), None);
    assert_eq!(pl(&g).side_known_to(Viewer::Seat(seat(1)), partner), None);
    // The partner knows every side.
    assert_eq!(
        pl(&g).side_known_to(Viewer::Seat(partner), seat(3)),
        Some(Team::Opponents)
    );
    // Play the first legal card each time until the king of spades is played.
    while !pl(&g).current_trick().cards().contains(c("SK"))
        && !pl(&g).tricks().iter().any(|t| t.cards().contains(c("SK")))
    {
        let a = g.legal_actions()[0];
        g = g.play(a).expect("legal");
    }
    assert_eq!(
        pl(&g).side_known_to(Viewer::Spectator, partner),
        Some(Team::Declarer)
    );
    assert_eq!(
        pl(&g).side_known_to(Viewer::Spectator, seat(1)),
        Some(Team::Opponents)
    );
}

// ---------------------------------------------------------------------------------------------
// Talon

/// The base deal with A declaring `bid` and calling the king of spades (C's), after the king
/// round.
fn at_talon(cards: &Cards, bid: &str, opts: &[(&str, &str)]) -> AnyGame {
    let mut g = bid_by_a(cards, bid, opts);
    act(&mut g, "call SK");
    round(&mut g, &[]);
    g
}

// rule: PL-TALON-01, PL-TALON-04, PL-TALON-07
#[test]
fn a_bid_of_one_takes_three_cards_in_groups_of_three() {
    let mut g = at_talon(&base(), "jeden", &[]);
    assert_eq!(pl(&g).phase(), Phase::Talon);
    let t = pl(&g).talon_state();
    assert_eq!((t.group_size, t.groups, t.looking), (3, 2, Some(0)));
    assert_eq!(refused(&g, "take 2"), "PL-TALON-02");
    act(&mut g, "take 1");
    assert_eq!(pl(&g).hand(seat(0)).len(), 15);
    assert_eq!(pl(&g).talon_received(seat(0)), set("C9 C8 C7"));
    act(&mut g, "discard C9, discard C8");
    assert_eq!(pl(&g).phase(), Phase::Discard);
    act(&mut g, "discard C7");
    assert_eq!(pl(&g).hand(seat(0)).len(), 12);
    assert_eq!(pl(&g).phase(), Phase::Announce);
}

// rule: PL-TALON-01, PL-TALON-02
#[test]
fn a_bid_of_two_looks_at_pairs_and_must_take_one_after_exposing_all() {
    let mut g = at_talon(&base(), "dwa", &[]);
    let t = pl(&g).talon_state();
    assert_eq!((t.group_size, t.groups), (2, 3));
    // A looks at the first pair alone.
    assert_eq!(pl(&g).visible(Viewer::Seat(seat(0))).talon, set("C9 C8"));
    assert!(pl(&g).visible(Viewer::Spectator).talon.is_empty());
    act(&mut g, "expose");
    // The first pair lies face up; A looks at the second.
    assert_eq!(pl(&g).visible(Viewer::Spectator).talon, set("C9 C8"));
    assert_eq!(
        pl(&g).visible(Viewer::Seat(seat(0))).talon,
        set("C9 C8 C7 S9")
    );
    assert_eq!(refused(&g, "take 1"), "PL-TALON-02");
    act(&mut g, "expose, expose");
    assert_eq!(refused(&g, "expose"), "PL-TALON-02");
    // Every pair is face up: any one may be taken.
    for i in 1..=3 {
        assert!(legal(&g, &format!("take {i}")));
    }
    act(&mut g, "take 1");
    assert_eq!(pl(&g).talon_received(seat(0)), set("C9 C8"));
}

// rule: PL-TALON-03
#[test]
fn a_bid_of_three_looks_at_single_cards() {
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    act(&mut g, "pass, bid trzy, pass, pass");
    act(&mut g, "call SK");
    round(&mut g, &[]);
    let t = pl(&g).talon_state();
    assert_eq!((t.group_size, t.groups), (1, 6));
    act(
        &mut g,
        "expose, expose, expose, expose, expose, expose, take 4",
    );
    assert_eq!(pl(&g).talon_received(seat(1)), set("S9"));
}

// rule: PL-TALON-05, PL-TALON-13
#[test]
fn a_bid_of_four_leaves_the_talon_unseen() {
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    act(&mut g, "pass, bid trzy, bid cztery, pass");
    act(&mut g, "call HK");
    round(&mut g, &[]);
    // Straight to the announcements: no talon, no discard.
    assert_eq!(pl(&g).phase(), Phase::Announce);
    assert_eq!(pl(&g).talon_remaining(), set("C9 C8 C7 S9 S8 S7"));
    for v in [
        Viewer::Seat(seat(2)),
        Viewer::Spectator,
        Viewer::Seat(seat(0)),
    ] {
        assert!(pl(&g).visible(v).talon.is_empty());
    }
    assert_eq!(pl(&g).talon_groups(), None);
}

// rule: PL-TALON-06
#[test]
fn the_shortcut_exposes_every_group_at_once() {
    let mut g = at_talon(&base(), "dwa", &[("talon_procedure", "exposed")]);
    assert_eq!(
        pl(&g).visible(Viewer::Spectator).talon,
        set("C9 C8 C7 S9 S8 S7")
    );
    assert_eq!(refused(&g, "expose"), "PL-TALON-02");
    act(&mut g, "take 3");
    assert_eq!(pl(&g).talon_received(seat(0)), set("S8 S7"));
}

// rule: PL-TALON-08
#[test]
fn five_point_cards_may_not_be_discarded() {
    let mut g = at_talon(&base(), "dwa", &[]);
    act(&mut g, "take 1");
    for card in ["SKIZ", "T21", "HK", "DK"] {
        assert_eq!(refused(&g, &format!("discard {card}")), "PL-TALON-08");
    }
    // The pagat too.
    let cards = base().swap("T1", "T15");
    let mut g = at_talon(&cards, "dwa", &[]);
    act(&mut g, "take 1");
    assert_eq!(refused(&g, "discard T1"), "PL-TALON-08");
}

// rule: PL-TALON-09, PL-TALON-10
#[test]
fn a_tarokk_is_discarded_only_when_unavoidable_and_is_shown() {
    // With plain cards to spare, no tarokk.
    let mut g = at_talon(&base(), "dwa", &[]);
    act(&mut g, "take 1");
    assert_eq!(refused(&g, "discard T15"), "PL-TALON-09");
    // The talon's first three cards are tarokks: A keeps only tarokks and kings, so after
    // the queens one tarokk must go.
    let cards = base().swap("C9", "T10").swap("C8", "T9").swap("C7", "T8");
    let mut g = at_talon(&cards, "jeden", &[]);
    act(&mut g, "take 1");
    // Two plain cards for three discards: a tarokk may go now, or after them.
    assert!(legal(&g, "discard T15"));
    act(&mut g, "discard HQ, discard T15");
    // The last discard must be the queen: keeping it would leave a plain card.
    assert_eq!(refused(&g, "discard T16"), "PL-TALON-09");
    act(&mut g, "discard DQ");
    let kept = pl(&g).hand(seat(0));
    assert_eq!(kept.len(), 12);
    assert_eq!(kept - CardSet::TAROKKS - CardSet::KINGS, CardSet::EMPTY);
    // The discarded tarokk is shown to everyone, the queens are not.
    assert_eq!(
        pl(&g).visible(Viewer::Spectator).discards[seat(0)],
        set("T15")
    );
    assert_eq!(pl(&g).discarded_tarokks(seat(0)), Some(1));
    assert_eq!(
        pl(&g).visible(Viewer::Seat(seat(0))).discards[seat(0)],
        set("HQ DQ T15")
    );
}

// rule: PL-TALON-14, PL-TALON-15, PL-SCORE-11
#[test]
fn a_declarer_who_finds_the_called_king_may_give_up() {
    // The king of spades lies in the second pair of the talon.
    let cards = base().swap("SK", "S9");
    let mut g = at_talon(&cards, "dwa", &[]);
    assert_eq!(refused(&g, "give-up"), "PL-TALON-14");
    act(&mut g, "expose");
    assert!(legal(&g, "give-up"));
    act(&mut g, "give-up");
    assert_eq!(pl(&g).phase(), Phase::Over(End::GaveUp(seat(0))));
    let l = g.outcome().expect("over").ledger;
    assert_eq!(l.items.len(), 1, "nothing but the penalty: {l:?}");
    assert_eq!(l.items[0].item, Item::GiveUp);
    assert_eq!(l.totals.0[..4], [-6, 2, 2, 2]);
}

// rule: PL-TALON-15, PL-SCORE-31
#[test]
fn giving_up_voids_the_kontras_and_the_younger_players_charge_five() {
    let cards = base().swap("SK", "C9");
    let mut g = cards.game(&[("king_in_talon_giveup_penalty", "5")]);
    act(&mut g, OPEN);
    act(&mut g, "bid jeden, bid dwa, bid trzy, pass");
    // C declares trzy and calls the king of spades; D could not bid three, and says kontra.
    act(&mut g, "call SK");
    round(&mut g, &[(3, "kontra game")]);
    assert_eq!(pl(&g).game_level(), 1);
    act(&mut g, "give-up");
    let l = g.outcome().expect("over").ledger;
    assert_eq!(l.items.len(), 1);
    assert_eq!(l.totals.0[..4], [5, 5, -15, 5]);
}

// ---------------------------------------------------------------------------------------------
// Announcements

// rule: PL-ANN-01
#[test]
fn only_the_holder_of_the_called_king_announces_krol_ultymo() {
    let mut g = bid_by_a(&base(), "dwa", &[]);
    act(&mut g, "call SK");
    // The king round starts at B, the declarer's right.
    assert_eq!(g.to_act(), Some(seat(1)));
    assert_eq!(refused(&g, "announce king-ultimo:S"), "PL-ANN-01");
    act(&mut g, "pass");
    assert_eq!(refused(&g, "announce king-ultimo:H"), "PL-ANN-01");
    act(&mut g, "announce king-ultimo:S");
    // The holder shows itself: every side is now known.
    assert_eq!(
        pl(&g).side_known_to(Viewer::Spectator, seat(2)),
        Some(Team::Declarer)
    );
    assert_eq!(
        pl(&g).side_known_to(Viewer::Spectator, seat(3)),
        Some(Team::Opponents)
    );
    // Trul and pagat ultymo wait for the round after the talon.
    assert_eq!(refused(&g, "announce trull"), "PL-ANN-08");
}

// rule: PL-ANN-02, PL-ANN-03
#[test]
fn only_an_opponent_who_could_not_bid_three_may_kontra_the_game() {
    // The seed's example: A "2", B "pas", C "3", D "pas".
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    act(&mut g, "bid dwa, pass, bid trzy, pass");
    // C calls the king of clubs (B's): A and D are the opponents.
    act(&mut g, "call CK");
    assert_eq!(g.to_act(), Some(seat(3)));
    assert!(legal(&g, "kontra game"));
    act(&mut g, "pass");
    // A could have bid three.
    assert_eq!(g.to_act(), Some(seat(0)));
    assert_eq!(refused(&g, "kontra game"), "PL-ANN-02");
    // If D holds the called king, D is a partner and nobody may.
    let mut g2 = base().swap("CK", "S10").game(&[]);
    act(&mut g2, OPEN);
    act(&mut g2, "bid dwa, pass, bid trzy, pass");
    act(&mut g2, "call CK");
    assert_eq!(refused(&g2, "kontra game"), "PL-ANN-02");
    // A bidder of three overcalled by four may.
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    act(&mut g, "pass, bid trzy, bid cztery, pass");
    act(&mut g, "call HK");
    round(&mut g, &[(1, "kontra game")]);
    assert_eq!(pl(&g).game_level(), 1);
}

// rule: PL-ANN-04
#[test]
fn a_bid_of_one_or_two_cannot_be_kontrad() {
    for bid in ["jeden", "dwa"] {
        let mut g = bid_by_a(&base(), bid, &[]);
        act(&mut g, "call SK");
        act(&mut g, "pass");
        // C is the partner; B and D are opponents.
        act(&mut g, "pass");
        assert_eq!(refused(&g, "kontra game"), "PL-ANN-04");
    }
}

// rule: PL-ANN-05, PL-ANN-06, PL-SCORE-07
#[test]
fn the_doublings_go_kontra_re_sub_mort() {
    let mut g = base().game(&[]);
    act(&mut g, OPEN);
    act(&mut g, "bid jeden, bid dwa, bid trzy, pass");
    // C declares, calls the king of clubs (B's). D (who could not bid three) kontras.
    act(&mut g, "call CK");
    assert_eq!(refused(&g, "rekontra game"), "PL-ANN-06");
    act(&mut g, "kontra game, pass");
    // A is an opponent: re is the declarer's team's.
    assert_eq!(refused(&g, "re game"), "PL-ANN-06");
    act(&mut g, "pass");
    // B, the hidden partner, says re.
    assert_eq!(refused(&g, "mort game"), "PL-ANN-06");
    act(&mut g, "re game, pass");
    // C (declarer) may not say sub; any opponent may.
    assert_eq!(refused(&g, "sub game"), "PL-ANN-06");
    act(&mut g, "pass");
    act(&mut g, "sub game, pass");
    act(&mut g, "pass");
    act(&mut g, "pass");
    act(&mut g, "mort game, pass");
    assert_eq!(pl(&g).game_level(), 5);
    // Mort is the last step.
    assert_eq!(next_level(5), None);
    assert_eq!(
        [1, 2, 3, 5].map(multiplier),
        [2, 4, 8, 16],
        "kontra ×2, re ×4, sub ×8, mort ×16"
    );
    // Król ultymo may be kontra'd by either opponent whatever the bidding (a bid of two here).
    let mut g = bid_by_a(&base(), "dwa", &[]);
    act(&mut g, "call SK");
    round(
        &mut g,
        &[
            (2, "announce king-ultimo:S"),
            (1, "kontra king-ultimo:S"),
            (0, "rekontra king-ultimo:S"),
        ],
    );
    let items: Vec<_> = pl(&g).announced().collect();
    assert_eq!(
        items,
        vec![(Bonus::KingUltimo(Suit::Spades), Team::Declarer, 2, seat(2))]
    );
}

// rule: PL-ANN-07, PL-ANN-10, PL-ANN-11
#[test]
fn after_the_talon_the_declarer_starts_and_counts_are_declared_exactly() {
    // A with ten tarokks: A gets B's XIV and XIII for the queens.
    let cards = base().swap("HQ", "T14").swap("DQ", "T13");
    let mut g = at_talon(&cards, "dwa", &[]);
    act(&mut g, "take 1, discard C9, discard C8");
    assert_eq!(g.to_act(), Some(seat(0)));
    assert_eq!(refused(&g, "declare tarokks:9"), "PL-ANN-10");
    assert_eq!(refused(&g, "declare tarokks:11"), "PL-ANN-10");
    act(&mut g, "declare tarokks:10, pass");
    // B holds three tarokks: no declaration.
    assert_eq!(refused(&g, "declare tarokks:3"), "PL-ANN-11");
    act(&mut g, "pass");
    // An announcement comes only in one's first turn.
    act(&mut g, "pass, pass");
    assert_eq!(pl(&g).phase(), Phase::Play);
    assert_eq!(pl(&g).declared_count(seat(0)), Some(10));
}

// rule: PL-ANN-08, PL-ANN-09, PL-ANN-13
#[test]
fn trul_and_pagat_ultymo_need_their_cards_and_are_kontrad_by_the_other_team() {
    // A holds skiż, XXI and the pagat.
    let cards = base().swap("T1", "T15");
    let mut g = at_talon(&cards, "dwa", &[]);
    act(&mut g, "take 1, discard C9, discard C8");
    act(&mut g, "announce trull, announce pagat-ultimo, pass");
    // B may not announce what it does not hold.
    let b_refuses = refused(&g, "announce pagat-ultimo");
    assert_eq!(b_refuses, "PL-ANN-09");
    act(&mut g, "kontra trull, pass");
    // C is A's partner: no kontra on its own team's trul; re is C's to say.
    assert_eq!(refused(&g, "kontra pagat-ultimo"), "PL-ANN-13");
    act(&mut g, "re trull, pass");
    act(&mut g, "kontra pagat-ultimo, pass");
    // A's second turn answers kontras only: no new announcement.
    assert_eq!(g.to_act(), Some(seat(0)));
    assert_eq!(refused(&g, "announce volat"), "PL-ANN-07");
    round(&mut g, &[]);
    let items: Vec<_> = pl(&g).announced().collect();
    assert_eq!(
        items,
        vec![
            (Bonus::Trull, Team::Declarer, 2, seat(0)),
            (Bonus::PagatUltimo, Team::Declarer, 1, seat(0)),
        ]
    );
    // Without the three honours, no trul.
    let mut g = at_talon(&base(), "dwa", &[]);
    act(&mut g, "take 1, discard C9, discard C8");
    assert_eq!(refused(&g, "announce trull"), "PL-ANN-08");
    assert_eq!(refused(&g, "announce pagat-ultimo"), "PL-ANN-09");
}

// rule: PL-ANN-14
#[test]
fn walat_is_announced_after_the_talon_and_not_kontrad() {
    let mut g = at_talon(&base(), "dwa", &[]);
    act(&mut g, "take 1, discard C9, discard C8");
    act(&mut g, "announce volat, pass");
    assert_eq!(refused(&g, "kontra volat"), "PL-ANN-14");
    assert_eq!(refused(&g, "announce volat"), "PL-ANN-14");
}

// ---------------------------------------------------------------------------------------------
// Play

/// The base deal in play: A declares two, calls the king of spades, takes the first pair and
/// discards the two queens.
fn in_play(cards: &Cards, announce: &[(u8, &str)]) -> AnyGame {
    let mut g = at_talon(cards, "dwa", &[]);
    act(&mut g, "take 1, discard HQ, discard DQ");
    round(&mut g, announce);
    assert_eq!(pl(&g).phase(), Phase::Play);
    g
}

// rule: PL-PLAY-01, PL-PLAY-02
#[test]
fn forant_leads_any_card_and_the_winner_leads_next() {
    let mut g = in_play(&base(), &[]);
    assert_eq!(g.to_act(), Some(seat(0)));
    let hand = pl(&g).hand(seat(0));
    for card in hand {
        assert!(legal(&g, &format!("play {card}")));
    }
    // A leads a club; B follows, C (void) trumps, D follows: C won and leads.
    act(&mut g, "play C9, play CK, play T10, play CQ");
    assert_eq!(g.to_act(), Some(seat(2)));
}

// rule: PL-PLAY-03, PL-PLAY-04, PL-PLAY-05
#[test]
fn follow_suit_else_tarokk_else_anything_which_cannot_win() {
    let mut g = in_play(&base(), &[]);
    act(&mut g, "play HK");
    // B holds hearts: must follow.
    assert_eq!(refused(&g, "play T14"), "PL-PLAY-03");
    assert_eq!(refused(&g, "play DA"), "PL-PLAY-03");
    act(&mut g, "play HA");
    act(&mut g, "play H2");
    // D has no heart: must play a tarokk.
    assert_eq!(refused(&g, "play CQ"), "PL-PLAY-04");
    act(&mut g, "play T2");
    assert_eq!(g.to_act(), Some(seat(3)), "the tarokk wins");
    // A hand with neither the suit led nor a tarokk may play anything, which cannot win.
    let legal_cards = TrickRules::TAROCK.legal(set("HA D2 S9"), Some(c("CQ")));
    assert_eq!(legal_cards, set("HA D2 S9"));
    let mut t = Trick::new(seat(0));
    t.push(seat(0), c("C7"));
    t.push(seat(1), c("HK"));
    assert_eq!(t.winner(&TrickRules::TAROCK), Some((seat(0), c("C7"))));
}

// rule: PL-PLAY-06, PL-PLAY-07
#[test]
fn a_tarokk_lead_is_followed_with_tarokks_without_having_to_win() {
    let mut g = in_play(&base(), &[]);
    act(&mut g, "play T15");
    assert_eq!(refused(&g, "play HC"), "PL-PLAY-06");
    // B may under-trump: no obligation to beat the XV.
    assert!(legal(&g, "play T11"));
    act(&mut g, "play T11, play T6, play T2");
    assert_eq!(g.to_act(), Some(seat(0)), "the highest tarokk wins");
}

// rule: PL-PLAY-08
#[test]
fn after_pagat_ultymo_the_pagat_is_kept_while_another_card_is_legal() {
    let cards = base().swap("T1", "T15");
    let mut g = in_play(&cards, &[(0, "announce pagat-ultimo")]);
    assert_eq!(refused(&g, "play T1"), "PL-PLAY-08");
    act(&mut g, "play T21");
    act(&mut g, "play T15, play T10, play T5");
    assert_eq!(refused(&g, "play T1"), "PL-PLAY-08");
}

// rule: PL-PLAY-09
#[test]
fn after_krol_ultymo_the_called_king_is_kept_while_another_card_is_legal() {
    let mut g = bid_by_a(&base(), "dwa", &[]);
    act(&mut g, "call SK");
    round(&mut g, &[(2, "announce king-ultimo:S")]);
    act(&mut g, "take 1, discard HQ, discard DQ");
    round(&mut g, &[]);
    // A leads a club: C has none, and must trump rather than throw the king anyway.
    act(&mut g, "play C9, play CK");
    assert_eq!(refused(&g, "play SK"), "PL-PLAY-04");
    act(&mut g, "play T10, play CQ");
    // C leads: the king of spades stays while other cards are legal.
    assert_eq!(refused(&g, "play SK"), "PL-PLAY-09");
}

// ---------------------------------------------------------------------------------------------
// Counting

// rule: PL-SCORE-01, PL-SCORE-02, PL-SCORE-03
#[test]
fn cards_count_in_threes_less_two_and_the_pack_is_seventy() {
    let thirds = |s: &str| count_thirds(CountMethod::ThreesMinusTwo, set(s));
    // King + cavalier + pip = 5 + 3 + 1 − 2.
    assert_eq!(thirds("HK HC H4"), 3 * 7);
    assert_eq!(thirds("SKIZ T21 T1"), 3 * 13);
    assert_eq!(thirds("HQ HJ T5"), 3 * 5);
    // A leftover card loses 2/3: XXI alone is 4⅓ (13 thirds), rounding to 4.
    assert_eq!(thirds("T21"), 13);
    assert_eq!(round_thirds(13), 4);
    assert_eq!(thirds("T21 HK"), 26);
    assert_eq!(round_thirds(26), 9);
    assert_eq!(
        count_thirds(CountMethod::ThreesMinusTwo, Pack::Tarock54.cards()),
        210
    );
}

// ---------------------------------------------------------------------------------------------
// Whole hands

/// A whole hand written as its tricks: the deal is derived from them (each seat's hand is what
/// it plays, less what the declarer took from the talon, plus the declarer's discards), and
/// the hand is replayed from the opening.
struct Script {
    opts: &'static [(&'static str, &'static str)],
    talon: &'static str,
    opening: &'static [(u8, &'static str)],
    auction: &'static str,
    call: &'static str,
    king_round: &'static [(u8, &'static str)],
    talon_actions: &'static str,
    discards: &'static str,
    announce: &'static [(u8, &'static str)],
    /// Each trick from its leader: forant leads the first, each winner the next.
    tricks: [&'static str; 12],
}

impl Script {
    fn played(&self) -> [CardSet; 4] {
        let mut played = [CardSet::EMPTY; 4];
        let mut leader = seat(0);
        for (i, t) in self.tricks.iter().enumerate() {
            let mut trick = Trick::new(leader);
            for (k, card) in t.split_whitespace().enumerate() {
                let s = seat((leader.get() + k as u8) % 4);
                trick.push(s, c(card));
                played[s.index()].insert(c(card));
            }
            assert_eq!(trick.len(), 4, "trick {}", i + 1);
            leader = trick.winner(&TrickRules::TAROCK).expect("a winner").0;
        }
        played
    }

    fn cards(&self) -> Cards {
        let mut hands = self.played();
        let talon: Vec<Card> = self.talon.split_whitespace().map(c).collect();
        // The declarer: the last bidder.
        let bids: Vec<&str> = self.auction.split(',').map(str::trim).collect();
        let declarer = bids
            .iter()
            .rposition(|b| b.starts_with("bid"))
            .expect("a bid");
        let size = match bids[declarer] {
            "bid jeden" => 3,
            "bid dwa" => 2,
            "bid trzy" => 1,
            _ => 0,
        };
        let taken: CardSet = match self
            .talon_actions
            .split(',')
            .map(str::trim)
            .find_map(|a| a.strip_prefix("take "))
        {
            Some(n) => {
                let i: usize = n.parse::<usize>().expect("a group number") - 1;
                talon[i * size..(i + 1) * size].iter().copied().collect()
            }
            None => CardSet::EMPTY,
        };
        hands[declarer] = (hands[declarer] - taken) | set(self.discards);
        Cards::new(PL, seat(3), hands.map(notation), self.talon)
    }

    fn run(&self) -> AnyGame {
        let mut g = self.cards().game(self.opts);
        for k in 0..4u8 {
            let a = self
                .opening
                .iter()
                .find(|(s, _)| *s == k)
                .map_or("pass", |(_, a)| *a);
            act(&mut g, a);
        }
        act(&mut g, self.auction);
        act(&mut g, self.call);
        round(&mut g, self.king_round);
        act(&mut g, self.talon_actions);
        for d in self.discards.split_whitespace() {
            act(&mut g, &format!("discard {d}"));
        }
        round(&mut g, self.announce);
        for t in self.tricks {
            for card in t.split_whitespace() {
                act(&mut g, &format!("play {card}"));
            }
        }
        assert_eq!(pl(&g).phase(), Phase::Over(End::Played));
        g
    }

    fn ledger(&self) -> Ledger {
        let l = self.run().outcome().expect("over").ledger;
        assert!(l.is_zero_sum());
        l
    }
}

/// A, declaring two, calls the king of spades (C's). A wins the five tarokk tricks (capturing
/// B's pagat) and the three king tricks; the opponents take three low tricks; C's king of
/// spades wins the last trick. A takes the first pair (H4 D4) and discards S8 S7; the other
/// two pairs stay unseen and go to the opponents.
const G1: Script = Script {
    opts: &[],
    talon: "H4 D4 T2 S10 T3 S9",
    opening: &[],
    auction: "bid dwa, pass, pass, pass",
    call: "call SK",
    king_round: &[],
    talon_actions: "take 1",
    discards: "S8 S7",
    announce: &[],
    tricks: [
        "SKIZ T17 T13 T8",
        "T21 T16 T12 T7",
        "T20 T15 T11 T6",
        "T19 T14 T10 T5",
        "T18 T1 T9 T4",
        "HK HQ HC HJ",
        "DK DQ DC DJ",
        "CK CQ CC CJ",
        "H4 H3 H2 HA",
        "DA D4 D3 D2",
        "C10 C7 C8 C9",
        "SJ SQ SC SK",
    ],
};

fn bonus(l: &Ledger, b: Bonus) -> Option<&tarock_engine::LedgerItem> {
    line(l, Item::Bonus(b))
}

// rule: PL-SCORE-04, PL-SCORE-05, PL-SCORE-06, PL-SCORE-09, PL-TALON-11, PL-TALON-13
// rule: PL-SCORE-13, PL-SCORE-15, PL-SCORE-20, PL-SCORE-26, PL-SCORE-08
#[test]
fn a_two_against_two_hand_with_its_silent_bonuses() {
    let g = G1.run();
    let p = pl(&g);
    // The declarer's team: 8 of A's tricks, C's last trick and A's discards; the opponents:
    // three tricks and the two unseen pairs.
    assert_eq!(p.card_thirds(), [194, 16]);
    let l = p.settle();
    assert_eq!(l.card_points, Some([65, 5]));
    let game = line(&l, Item::Game).expect("the game");
    assert_eq!((game.base, game.multiplier, game.made), (2, 1, true));
    // Each line independently, each player against one of the other team.
    let silent = |b| bonus(&l, b).map(|i| (i.team, i.base, i.announced, i.made));
    assert_eq!(
        silent(Bonus::FourKings),
        Some((Some(Team::Declarer), 2, false, true))
    );
    assert_eq!(
        silent(Bonus::Trull),
        Some((Some(Team::Declarer), 2, false, true))
    );
    assert_eq!(
        silent(Bonus::KingUltimo(Suit::Spades)),
        Some((Some(Team::Declarer), 1, false, true))
    );
    // B's pagat fell to A's XVIII.
    assert_eq!(
        silent(Bonus::PagatCatch),
        Some((Some(Team::Declarer), 1, false, true))
    );
    assert_eq!(silent(Bonus::PagatUltimo), None);
    assert_eq!(silent(Bonus::KingCatch), None);
    assert_eq!(silent(Bonus::Volat), None);
    assert_eq!(totals::<4>(&l), [8, -8, 8, -8]);
}

// rule: PL-SCORE-21, PL-SCORE-07, PL-ANN-05
#[test]
fn announced_krol_ultymo_made_and_kontrad() {
    let s = Script {
        king_round: &[(2, "announce king-ultimo:S"), (1, "kontra king-ultimo:S")],
        ..G1
    };
    let l = s.ledger();
    let k = bonus(&l, Bonus::KingUltimo(Suit::Spades)).expect("król ultymo");
    assert_eq!(
        (k.base, k.multiplier, k.announced, k.made),
        (2, 2, true, true)
    );
    // Game 2, four kings 2, trul 2, pagat 1, król ultymo 2 × 2.
    assert_eq!(totals::<4>(&l), [11, -11, 11, -11]);
}

/// G1 but D keeps the II for the last trick and leads it: the king of spades falls to it.
const G2: Script = Script {
    talon: "H4 D4 SJ S10 T3 S9",
    discards: "S8 S7",
    talon_actions: "take 1",
    tricks: [
        "SKIZ T17 T13 T8",
        "T21 T16 T12 T7",
        "T20 T15 T11 T6",
        "T19 T14 T10 T5",
        "T18 T1 T9 T4",
        "HK HQ HC HJ",
        "DK DQ DC DJ",
        "CK CQ CC CJ",
        "H4 H3 H2 HA",
        "DA D4 D3 D2",
        "C10 C7 C8 C9",
        "T2 SQ SC SK",
    ],
    ..G1
};

// rule: PL-SCORE-22, PL-SCORE-25
#[test]
fn the_called_king_captured_in_the_last_trick_pays_one_or_the_failed_ultymo() {
    let l = G2.ledger();
    let caught = bonus(&l, Bonus::KingCatch).expect("captured king");
    assert_eq!(
        (caught.team, caught.base, caught.made),
        (Some(Team::Opponents), 1, true)
    );
    assert!(bonus(&l, Bonus::KingUltimo(Suit::Spades)).is_none());
    // Announced, it is only the failed król ultymo.
    let s = Script {
        king_round: &[(2, "announce king-ultimo:S")],
        ..G2
    };
    let l = s.ledger();
    assert!(bonus(&l, Bonus::KingCatch).is_none());
    let k = bonus(&l, Bonus::KingUltimo(Suit::Spades)).expect("król ultymo");
    assert_eq!((k.base, k.announced, k.made), (2, true, false));
}

// rule: PL-SCORE-23, PL-SCORE-24, PL-TALON-12, PL-SCORE-10
#[test]
fn a_called_king_left_face_up_in_the_talon_is_captured_but_not_one_unseen() {
    // The king of spades lies in the second pair; A turns the first up, looks at the second
    // (with the king), turns it up too and takes the third. A plays alone.
    let s = Script {
        talon: "S9 S8 SK T3 H4 D4",
        talon_actions: "expose, expose, take 3",
        discards: "S7 S10",
        tricks: [
            "SKIZ T17 T13 T8",
            "T21 T16 T12 T7",
            "T20 T15 T11 T6",
            "T19 T14 T10 T5",
            "T18 T1 T9 T4",
            "HK HQ HC HJ",
            "DK DQ DC DJ",
            "CK CQ CC CJ",
            "H4 H3 H2 HA",
            "DA D4 D3 D2",
            "C10 C7 C8 C9",
            "SJ SQ SC T2",
        ],
        ..G1
    };
    let l = s.ledger();
    assert_eq!(pl(&s.run()).partner(), None);
    let caught = bonus(&l, Bonus::KingCatch).expect("the face-up king is captured");
    assert_eq!(caught.payments.0[..4], [-3, 1, 1, 1], "alone: threefold");
    // Unseen instead: A takes the first pair at once and the king stays unseen, with A.
    let s2 = Script {
        talon: "H4 D4 SK T3 S9 S8",
        talon_actions: "take 1",
        discards: "S7 S10",
        ..s
    };
    let g = s2.run();
    let l = pl(&g).settle();
    assert!(bonus(&l, Bonus::KingCatch).is_none());
    // The unseen cards count for the declarer: the king was in the talon (PL-TALON-13).
    assert!(pl(&g).piles()[0].is_superset(set("SK T3 S9 S8")));
}

/// A and C take every trick: A leads its tarokks from the top, then the king of hearts, and
/// its pagat wins the last trick. A takes the XIV and XIII from the talon.
const G3: Script = Script {
    opts: &[],
    talon: "T14 T13 S9 S10 C7 C8",
    opening: &[],
    auction: "bid dwa, pass, pass, pass",
    call: "call SK",
    king_round: &[],
    talon_actions: "take 1",
    discards: "S7 S8",
    announce: &[],
    tricks: [
        "SKIZ T12 T2 T7",
        "T21 T11 SK T6",
        "T20 T10 SQ T5",
        "T19 T9 SC T4",
        "T18 T8 SJ T3",
        "T17 DK D3 CK",
        "T16 DQ D4 CQ",
        "T15 DC HA CC",
        "T14 DJ H2 CJ",
        "T13 DA H3 C10",
        "HK HQ HJ HC",
        "T1 D2 H4 C9",
    ],
};

// rule: PL-SCORE-30, PL-SCORE-17, PL-SCORE-13, PL-SCORE-15
#[test]
fn silent_walat_and_pagat_ultymo() {
    let l = G3.ledger();
    let silent = |b| bonus(&l, b).map(|i| (i.team, i.base, i.announced, i.made));
    let ours = Some(Team::Declarer);
    assert_eq!(silent(Bonus::Volat), Some((ours, 5, false, true)));
    assert_eq!(silent(Bonus::PagatUltimo), Some((ours, 1, false, true)));
    assert_eq!(silent(Bonus::Trull), Some((ours, 2, false, true)));
    assert_eq!(silent(Bonus::FourKings), Some((ours, 2, false, true)));
    assert_eq!(l.card_points, Some([69, 1]));
    // Game 2, four kings 2, trul 2, pagat ultymo 1, walat 5.
    assert_eq!(totals::<4>(&l), [12, -12, 12, -12]);
}

// rule: PL-SCORE-12, PL-SCORE-14, PL-SCORE-19, PL-SCORE-30, PL-ANN-10, PL-ANN-11, PL-SCORE-32
#[test]
fn announced_walat_trul_pagat_ultymo_and_declared_counts() {
    let s = Script {
        announce: &[
            (0, "declare tarokks:11"),
            (0, "announce trull"),
            (0, "announce pagat-ultimo"),
            (0, "announce volat"),
            (2, "declare tarokks:1"),
        ],
        ..G3
    };
    let l = s.ledger();
    let announced = |b| bonus(&l, b).map(|i| (i.base, i.announced, i.made));
    assert_eq!(announced(Bonus::Volat), Some((20, true, true)));
    assert_eq!(announced(Bonus::PagatUltimo), Some((2, true, true)));
    assert_eq!(announced(Bonus::Trull), Some((4, true, true)));
    let declared: Vec<_> = l
        .items
        .iter()
        .filter_map(|i| match i.item {
            Item::Tarokks { count, .. } => Some((i.seat, count, i.base, i.team)),
            _ => None,
        })
        .collect();
    assert_eq!(
        declared,
        vec![
            (Some(seat(0)), 11, 2, Some(Team::Declarer)),
            (Some(seat(2)), 1, 2, Some(Team::Declarer)),
        ]
    );
    // Game 2, four kings 2, trul 4, pagat ultymo 2, walat 20, declarations 2 + 2.
    assert_eq!(totals::<4>(&l), [34, -34, 34, -34]);
    // The club rules' trul of 5.
    let s5 = Script {
        opts: &[("announced_trul_value", "5")],
        ..s
    };
    let l = s5.ledger();
    assert_eq!(bonus(&l, Bonus::Trull).map(|i| i.base), Some(5));
    assert_eq!(totals::<4>(&l), [35, -35, 35, -35]);
}

// rule: PL-SCORE-10, PL-CALL-02
#[test]
fn a_declarer_alone_wins_or_pays_threefold() {
    // G1 with A calling its own king of hearts: C's king of spades is an opponent's now.
    let s = Script {
        call: "call HK",
        ..G1
    };
    let l = s.ledger();
    for i in &l.items {
        let p = i.payments;
        assert_eq!(p[seat(0)], -3 * p[seat(1)], "{:?}", i.item);
        assert_eq!(p[seat(1)], p[seat(2)]);
        assert_eq!(p[seat(2)], p[seat(3)]);
    }
    // Game 2, trul 2, the captured pagat 1: 5 from each of three.
    assert_eq!(totals::<4>(&l), [15, -5, -5, -5]);
}

// ---------------------------------------------------------------------------------------------
// The match

// rule: PL-MATCH-01, PL-MATCH-02, PL-MATCH-03
#[test]
fn the_deal_passes_to_the_right_after_every_hand_and_only_balances_carry() {
    use tarock_engine::hungarian::MatchContext;
    let mut m = MatchContext::polish(seat(3)).expect("a table of four");
    assert_eq!(m.kind(), tarock_engine::hungarian::MatchKind::Polish);
    // A played hand (G1, dealt by seat 3).
    let played = G1.run();
    let ledger = m.record_game(&played).expect("over");
    assert_eq!(m.dealer(), seat(0));
    assert_eq!(m.totals().0[..4], [8, -8, 8, -8]);
    assert_eq!(ledger.totals.0[..4], [8, -8, 8, -8]);
    // A passed-out hand dealt by seat 0: no score, no doubling, and the next player deals.
    let mut g = AnyGame::new(&m.next_setup(&Setup::seeded(PL, 4, seat(0), [3; 32]), [3; 32]))
        .expect("deals");
    assert_eq!(pl(&g).table_info().dealer, seat(0));
    act(&mut g, OPEN);
    act(&mut g, "pass, pass, pass, pass");
    m.record_game(&g).expect("over");
    assert_eq!((m.dealer(), m.multiplier()), (seat(1), 1));
    assert_eq!(m.totals().0[..4], [8, -8, 8, -8]);
    assert_eq!(m.deals(), 2);
    // The players stop when they like.
    assert!(!m.is_over());
    m.end_session();
    assert!(m.is_over());
    // Parts of a match outside a table of four are refused.
    assert!(MatchContext::polish(seat(4)).is_err());
    let polish = tarock_engine::hungarian::MatchKind::Polish;
    assert!(MatchContext::simple_from_parts(polish, seat(1), &[1, -1, 0], 3, false).is_err());
    assert_eq!(
        MatchContext::simple_from_parts(polish, seat(1), &[1, -1, 0, 0], 3, false)
            .map(|m| m.deals()),
        Ok(3)
    );
}
