//! Rule tests of Slovenian Tarok (docs/rules/slovenian.md), through the public API only.
//!
//! Four players: the dealer is seat 3, so seat 0 is forehand and seat 1 speaks first. Three
//! players: the dealer is seat 2. Legality cases start from [`four`] or [`three`]; settlements
//! are played out by a fixed policy and checked against the rules' arithmetic, and against
//! numbers worked by hand where the hand is simple enough.

mod table;

use table::{c, legal, line, refused, seat, set, Cards};
use tarock_engine::count::{count, CountMethod};
use tarock_engine::game::{Game, Observe, Viewer};
use tarock_engine::hungarian::MatchContext;
use tarock_engine::session::SessionRules;
use tarock_engine::slovenian::Phase;
use tarock_engine::{
    Action, AnyGame, Bonus, Card, CardSet, Contract, End, Item, Ledger, Pack, Seat, Setup,
    SetupError, Slovenian, Suit, Team, Trick, Variant,
};

const SI: Variant = Variant::SlovenianTarok;

// ---------------------------------------------------------------------------------------------
// Helpers

/// Four players. Seat 0: the škis and six high taroks, the hearts and diamonds kings and queens,
/// the clubs king. Seat 1: the pagat, five taroks, hearts and diamonds knights and jacks, the
/// clubs queen and the spades king. Seat 2: six middle taroks and low red cards, clubs knight
/// and jack. Seat 3: three low taroks and the rest. The talon: low clubs and spades.
fn four() -> Cards {
    Cards::new(
        SI,
        seat(3),
        [
            "SKIZ T21 T20 T19 T18 T17 T16 HK HQ DK DQ CK",
            "T1 T15 T14 T13 T12 T11 HC HJ DC DJ CQ SK",
            "T10 T9 T8 T7 T6 T5 HA H2 DA D2 CC CJ",
            "T4 T3 T2 H3 H4 D3 D4 C10 C9 SQ SC SJ",
        ],
        "C8 C7 S10 S9 S8 S7",
    )
}

/// Three players. Seat 0: the škis and seven high taroks, kings and queens. Seat 1: the pagat
/// and six taroks, hearts and diamonds courts and aces, clubs knight and jack, spades knight.
/// Seat 2: seven low taroks and the low cards.
fn three() -> Cards {
    Cards::new(
        SI,
        seat(2),
        [
            "SKIZ T21 T20 T19 T18 T17 T16 T15 HK HQ DK DQ CK CQ SK SQ",
            "T1 T14 T13 T12 T11 T10 T9 HC HJ HA DC DJ DA CC CJ SC",
            "T8 T7 T6 T5 T4 T3 T2 H2 H3 H4 D2 D3 D4 C10 C9 SJ",
        ],
        "C8 C7 S10 S9 S8 S7",
    )
}

/// Applies actions in notation, each legal; a card played while the round of announcements is
/// open first passes the round through (every player passes).
fn act(g: &mut AnyGame, actions: &str) {
    for a in actions.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        if a.starts_with("play") {
            while si(g).phase() == Phase::Announce {
                table::act(g, "pass");
            }
        }
        table::act(g, a);
    }
}

/// Passes the round of announcements through, if one is open.
fn to_play(g: &mut AnyGame) {
    while si(g).phase() == Phase::Announce {
        table::act(g, "pass");
    }
}

fn si(g: &AnyGame) -> &Slovenian {
    g.as_slovenian().expect("a Slovenian hand")
}

/// Plays the hand out: seats in `high` play their highest legal card, the others their lowest;
/// every other decision takes the first legal action. Returns the actions applied.
fn play_out(g: &mut AnyGame, high: &[u8]) -> Vec<Action> {
    let mut applied = Vec::new();
    while let Some(s) = g.to_act() {
        let legal = g.legal_actions();
        let mut plays = legal.iter().filter(|a| matches!(a, Action::Play(_)));
        let a = if high.contains(&s.get()) {
            plays.next_back()
        } else {
            plays.next()
        };
        let a = a.copied().unwrap_or(legal.as_slice()[0]);
        *g = g.play(a).unwrap_or_else(|e| panic!("{e}"));
        applied.push(a);
    }
    applied
}

fn ledger(g: &AnyGame) -> Ledger {
    g.outcome().expect("the hand is over").ledger
}

fn total(l: &Ledger, s: u8) -> i64 {
    l.totals[seat(s)]
}

fn winner(g: &Slovenian, cards: &[(u8, &str)]) -> Seat {
    let mut t = Trick::new(seat(cards[0].0));
    for &(s, card) in cards {
        t.push(seat(s), c(card));
    }
    g.winner_of(&t).expect("a trick").0
}

/// Seat 0 (forehand) plays `contract` after the others pass (three, klop: forehand's own).
fn forehand_plays(cards: &Cards, contract: &str, opts: &[(&str, &str)]) -> AnyGame {
    let mut g = cards.game(opts);
    let passes = cards.hands.len() - 1;
    act(&mut g, &"pass, ".repeat(passes));
    act(&mut g, &format!("bid {contract}"));
    g
}

// ---------------------------------------------------------------------------------------------
// Deal

// rule: SI-DEAL-01
#[test]
fn three_four_or_five_players_the_dealer_of_five_sitting_out() {
    for seats in [2, 6] {
        assert!(matches!(
            AnyGame::new(&Setup::seeded(SI, seats, seat(0), [1; 32])),
            Err(SetupError::Seats { .. })
        ));
    }
    let g = AnyGame::new(&Setup::seeded(SI, 5, seat(2), [1; 32])).expect("five");
    let t = g.table_info();
    assert_eq!((t.sitting_out, t.active_count()), (Some(seat(2)), 4));
    assert!(g.hand(seat(2)).is_empty());
    assert_eq!(g.hand(seat(3)).len(), 12);
}

// rule: SI-DEAL-02, SI-PLAY-03
#[test]
fn the_pack_and_its_ranking() {
    assert_eq!(Slovenian::SHAPE.pack, Pack::Tarock54);
    assert_eq!(Pack::Tarock54.cards().len(), 54);
    let g = three().game(&[]);
    let g = si(&g);
    assert_eq!(winner(g, &[(0, "T21"), (1, "SKIZ"), (2, "T2")]), seat(1));
    // Red suits: the 1 ("A") above the 2; black: the 10 above the 9.
    assert_eq!(winner(g, &[(0, "H2"), (1, "HA"), (2, "H4")]), seat(1));
    assert_eq!(winner(g, &[(0, "S9"), (1, "S10"), (2, "SJ")]), seat(2));
    // A tarok beats every suit card; a card of another suit never wins.
    assert_eq!(winner(g, &[(0, "HK"), (1, "T1"), (2, "DK")]), seat(1));
    assert_eq!(winner(g, &[(0, "H4"), (1, "DK"), (2, "SK")]), seat(0));
}

// rule: SI-DEAL-03
#[test]
fn six_to_the_talon_then_packets() {
    use tarock_engine::rules::Rules;
    use tarock_engine::shuffle::shuffled;
    for (seats, packet) in [(3u8, 8usize), (4, 6)] {
        let seed = [7; 32];
        let g = AnyGame::new(&Setup::seeded(SI, seats, seat(0), seed)).expect("deals");
        let order = shuffled(Pack::Tarock54, seed);
        let order = order.as_slice();
        assert_eq!(g.deal().talon(), &order[..6]);
        // Forehand (seat 1) gets the first packet after the talon.
        let first: CardSet = order[6..6 + packet].iter().copied().collect();
        assert!(g.hand(seat(1)).is_superset(first));
        for s in Seat::all(seats) {
            assert_eq!(g.hand(s).len() as usize, 48 / usize::from(seats));
        }
        let table = g.table_info();
        let opts = tarock_engine::SlovenianOptions::default();
        assert_eq!(*g.deal(), Slovenian::deal_from_order(&opts, &table, order));
    }
}

// rule: SI-DEAL-04
#[test]
fn a_hand_without_taroks_is_thrown_in_and_redealt_by_the_same_dealer() {
    let cards = four().swap("T4", "HK").swap("T3", "HQ").swap("T2", "DK");
    let g = cards.game(&[]);
    assert_eq!(si(&g).phase(), Phase::Opening);
    assert_eq!(g.to_act(), Some(seat(3)));
    assert_eq!(g.legal_actions().as_slice(), [Action::ThrowIn]);
    assert_eq!(refused(&g, "pass"), "SI-DEAL-04");
    let mut g = g;
    act(&mut g, "throw-in");
    let out = g.outcome().expect("over");
    assert_eq!(out.end, End::ThrownIn(seat(3)));
    assert!(out.ledger.items.is_empty());
    assert!(Slovenian::keeps_dealer(out.end, false));
    assert!(!Slovenian::keeps_dealer(End::Played, false));
}

// rule: SI-DEAL-05, SI-BID-02
#[test]
fn the_player_after_forehand_speaks_first_and_forehand_last() {
    let mut g = four().game(&[]);
    let mut order = Vec::new();
    for _ in 0..3 {
        order.push(g.to_act().expect("to act").get());
        act(&mut g, "pass");
    }
    assert_eq!(order, [1, 2, 3]);
    assert_eq!(g.to_act(), Some(seat(0)));
    // Forehand (the dealer's right, seat 0) speaks last.
    let mut g = four().game(&[]);
    act(&mut g, "bid two, pass, pass");
    assert_eq!(g.to_act(), Some(seat(0)));
    act(&mut g, "pass");
    // The turn goes round to the last bidder, who names the final contract.
    assert_eq!(g.to_act(), Some(seat(1)));
}

// ---------------------------------------------------------------------------------------------
// Auction

// rule: SI-BID-01
#[test]
fn the_contracts_and_no_solo_three_two_one_with_three_players() {
    assert_eq!(Contract::SLOVENIAN.len(), 12);
    let g = three().game(&[]);
    for bid in ["bid solo-three", "bid solo-two", "bid solo-one"] {
        assert_eq!(refused(&g, bid), "SI-BID-01");
    }
    assert!(legal(&g, "bid two"));
    let g = four().game(&[]);
    assert!(legal(&g, "bid solo-three"));
    assert_eq!(refused(&g, "bid solo"), "SI-BID-01");
}

// rule: SI-BID-03
#[test]
fn higher_bids_and_holding_by_the_player_nearer_forehand() {
    let mut g = four().game(&[]);
    act(&mut g, "bid two");
    // Seat 2 comes after seat 1 from forehand: equal is not enough.
    assert_eq!(refused(&g, "bid two"), "SI-BID-03");
    act(&mut g, "bid one, pass");
    // Forehand comes before both: it may hold the one.
    assert!(legal(&g, "bid one"));
    assert_eq!(refused(&g, "bid two"), "SI-BID-03");
    act(&mut g, "bid one");
    // Seat 1 now must go higher than the one forehand holds.
    assert_eq!(refused(&g, "bid one"), "SI-BID-03");
    assert!(legal(&g, "bid solo-three"));
}

// rule: SI-BID-04
#[test]
fn a_pass_is_final() {
    let mut g = four().game(&[]);
    act(&mut g, "pass, bid two, bid one, bid solo-three");
    // Seat 1 passed: the turn skips it.
    assert_eq!(g.to_act(), Some(seat(2)));
}

// rule: SI-BID-05
#[test]
fn three_and_klop_are_forehands_after_all_passes() {
    let mut g = four().game(&[]);
    assert_eq!(refused(&g, "bid three"), "SI-BID-05");
    assert_eq!(refused(&g, "bid klop"), "SI-BID-05");
    act(&mut g, "pass, pass, pass");
    assert_eq!(refused(&g, "pass"), "SI-BID-05");
    assert!(legal(&g, "bid klop"));
    assert!(legal(&g, "bid three"));
    assert!(legal(&g, "bid valat"));
}

// rule: SI-BID-06
#[test]
fn the_last_bidder_names_the_final_contract() {
    let mut g = four().game(&[]);
    act(&mut g, "bid two, pass, pass, pass");
    assert_eq!(g.to_act(), Some(seat(1)));
    assert_eq!(refused(&g, "pass"), "SI-BID-06");
    assert_eq!(refused(&g, "bid three"), "SI-BID-05");
    assert!(legal(&g, "bid two"));
    act(&mut g, "bid solo-two");
    assert_eq!(si(&g).contract(), Some(Contract::SoloTwo));
    assert_eq!(g.declarer(), Some((seat(1), Contract::SoloTwo)));
    assert_eq!(si(&g).phase(), Phase::Talon);
}

// rule: SI-BID-07, SI-TALON-07, SI-SCORE-12
#[test]
fn klop_everyone_alone_with_the_talon_given_to_the_first_six_tricks() {
    let mut g = forehand_plays(&four(), "klop", &[]);
    assert_eq!(g.declarer(), None);
    assert_eq!(si(&g).phase(), Phase::Play);
    assert_eq!(g.to_act(), Some(seat(0)));
    // Nobody's side is known: everyone plays alone.
    assert_eq!(g.side_known_to(Viewer::Referee, seat(1)), None);
    let talon: Vec<Card> = g.deal().talon().to_vec();
    play_out(&mut g, &[]);
    let s = si(&g);
    for (i, t) in s.tricks().iter().enumerate().take(6) {
        let (w, _) = s.winner_of(t).expect("a winner");
        assert!(s.won(w).contains(talon[i]), "trick {i}'s talon card");
    }
    let l = ledger(&g);
    let points: Vec<i64> = (0..4)
        .map(|p| count(CountMethod::ThreesMinusTwo, s.won(seat(p))))
        .collect();
    assert_eq!(points.iter().sum::<i64>(), 70);
    let extreme: Vec<bool> = (0..4)
        .map(|p| points[p] > 35 || s.won(seat(p as u8)).is_empty())
        .collect();
    for p in 0..4u8 {
        let i = usize::from(p);
        let expected = if points[i] > 35 {
            -70
        } else if s.won(seat(p)).is_empty() {
            70
        } else if extreme.iter().any(|&e| e) {
            0
        } else {
            -((points[i] + 2) / 5 * 5)
        };
        assert_eq!(total(&l, p), expected, "seat {p}: {points:?}");
        assert_eq!(
            line(&l, Item::Trischaken).map(|x| x.item),
            Some(Item::Trischaken)
        );
    }
}

// rule: SI-SCORE-12
#[test]
fn klop_scores_worked_by_hand() {
    // Seat 0 holds every high card and wins every trick by playing its highest: more than 35
    // points, -70; the others take nothing and score +70 each.
    let mut g = forehand_plays(&four(), "klop", &[]);
    play_out(&mut g, &[0]);
    let l = ledger(&g);
    let s = si(&g);
    let won_any: Vec<bool> = (0..4).map(|p| !s.won(seat(p)).is_empty()).collect();
    assert!(count(CountMethod::ThreesMinusTwo, s.won(seat(0))) > 35);
    for p in 1..4u8 {
        let expected = if won_any[usize::from(p)] { 0 } else { 70 };
        assert_eq!(total(&l, p), expected);
    }
    assert_eq!(total(&l, 0), -70);
}

// ---------------------------------------------------------------------------------------------
// The call

// rule: SI-CALL-01, SI-CALL-05
#[test]
fn a_king_is_called_and_its_holder_is_the_secret_partner() {
    let mut g = four().game(&[]);
    act(&mut g, "bid two, pass, pass, pass, bid two");
    assert_eq!(si(&g).phase(), Phase::Call);
    assert_eq!(refused(&g, "call T21"), "SI-CALL-01");
    assert_eq!(refused(&g, "take 1"), "SI-CALL-01");
    act(&mut g, "call HK");
    assert_eq!(g.partner(), Some(seat(0)));
    assert_eq!(g.called(), Some(c("HK")));
    // The partner knows; the others do not until the king is played.
    assert_eq!(
        g.side_known_to(Viewer::Seat(seat(0)), seat(0)),
        Some(Team::Declarer)
    );
    assert_eq!(g.side_known_to(Viewer::Seat(seat(2)), seat(0)), None);
    assert_eq!(g.side_known_to(Viewer::Spectator, seat(0)), None);
    assert_eq!(
        g.side_known_to(Viewer::Seat(seat(2)), seat(1)),
        Some(Team::Declarer)
    );
    act(&mut g, "take 1, discard C8, discard C7");
    // Forehand leads its king: now everyone knows.
    act(&mut g, "play HK");
    assert_eq!(
        g.side_known_to(Viewer::Spectator, seat(0)),
        Some(Team::Declarer)
    );
}

// rule: SI-CALL-02
#[test]
fn calling_ones_own_king_plays_alone() {
    let mut g = four().game(&[]);
    act(&mut g, "bid two, pass, pass, pass, bid two, call SK");
    assert_eq!(g.partner(), None);
    assert_eq!(
        g.side_known_to(Viewer::Seat(seat(1)), seat(0)),
        Some(Team::Opponents)
    );
}

// rule: SI-CALL-03
#[test]
fn a_queen_only_by_a_declarer_with_all_four_kings() {
    let kings = four().swap("CK", "SK");
    // Seat 0 holds HK, DK, SK, CK? No: seat 0 has HK DK SK, seat 1 CK.
    let mut g = kings.game(&[]);
    act(&mut g, "bid two, pass, pass, pass, bid two");
    assert_eq!(refused(&g, "call HQ"), "SI-CALL-03");
    // All four kings with seat 1.
    let all = four().swap("HK", "HC").swap("DK", "DC").swap("CK", "CQ");
    for (opt, ok) in [("true", true), ("false", false)] {
        let mut g = all.game(&[("queen_call", opt)]);
        act(&mut g, "bid two, pass, pass, pass, bid two");
        assert!(g.hand(seat(1)).is_superset(CardSet::KINGS));
        if ok {
            assert!(legal(&g, "call HQ"));
            act(&mut g, "call DQ");
            assert_eq!(g.partner(), Some(seat(0)));
        } else {
            assert_eq!(refused(&g, "call HQ"), "SI-CALL-03");
            assert!(legal(&g, "call HK"));
        }
    }
}

// rule: SI-CALL-04, SI-SCORE-11
#[test]
fn a_called_king_in_the_talon_brings_the_rest_home_when_it_wins() {
    // The clubs king in the talon, the mond in its rest.
    let cards = four().swap("CK", "C8").swap("T21", "S10");
    let mut g = cards.game(&[]);
    act(&mut g, "bid two, pass, pass, pass, bid two, call CK");
    assert_eq!(g.partner(), None);
    // The talon: CK C7 T21 S9 S8 S7; group 1 holds the king.
    assert!(legal(&g, "take 2"));
    act(&mut g, "take 1");
    assert_eq!(
        si(&g).mond_lost(),
        Some(seat(1)),
        "the mond left in the talon"
    );
    act(&mut g, "discard C7, discard DJ");
    // Clubs led: seat 0 plays low, seat 1's king wins (no one trumps: 2 and 3 follow).
    act(&mut g, "play C8, play CK, play CC, play C10");
    let rest = set("T21 S9 S8 S7");
    assert!(
        g.won(seat(1)).is_superset(rest),
        "the rest goes with the trick"
    );
    assert_eq!(si(&g).mond_lost(), None, "and the penalty is cancelled");
    assert!(g.talon_remaining().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Talon

// rule: SI-TALON-01
#[test]
fn the_talon_in_groups_of_the_contracts_size() {
    for (contract, groups) in [("three", 2u8), ("two", 3), ("one", 6)] {
        let mut g = forehand_plays(&three(), contract, &[]);
        assert_eq!(si(&g).phase(), Phase::Talon);
        let t = g.talon_groups().expect("turned up");
        assert_eq!((t.groups, t.group_size), (groups, 6 / groups));
        assert_eq!(g.legal_actions().len(), usize::from(groups));
        assert_eq!(refused(&g, &format!("take {}", groups + 1)), "SI-TALON-01");
        // Everyone sees it.
        assert_eq!(g.visible(Viewer::Spectator).talon, g.deal().talon_set());
        act(&mut g, "take 1");
        let took: CardSet = g.deal().talon()[..6 / usize::from(groups)]
            .iter()
            .copied()
            .collect();
        assert_eq!(g.talon_received(seat(0)), took);
    }
}

// rule: SI-TALON-02, SI-TALON-03, SI-TALON-05
#[test]
fn discards_never_kings_or_trula_and_taroks_only_when_needed() {
    let mut g = forehand_plays(&three(), "three", &[]);
    act(&mut g, "take 1");
    assert_eq!(refused(&g, "discard HK"), "SI-TALON-02");
    assert_eq!(refused(&g, "discard SKIZ"), "SI-TALON-02");
    assert_eq!(refused(&g, "discard T15"), "SI-TALON-03");
    assert!(legal(&g, "discard C8"));
    let mut free = forehand_plays(&three(), "three", &[("discard_taroks", "free")]);
    act(&mut free, "take 1");
    assert!(legal(&free, "discard T15"));
    assert_eq!(refused(&free, "discard T21"), "SI-TALON-02");
    // Only taroks and kings left besides the trula: taroks then may go.
    let mut g = forehand_plays(&only_taroks_and_kings(), "three", &[]);
    act(&mut g, "take 1");
    assert!(legal(&g, "discard T9"));
    assert_eq!(refused(&g, "discard T1"), "SI-TALON-02");
    act(&mut g, "discard T9, discard T10, discard T12");
    assert_eq!(si(&g).phase(), Phase::Announce);
    // The discards count for the declarer, the talon's rest for the defenders.
    play_out(&mut g, &[0]);
    let [mine, theirs] = ledger(&g).card_points.expect("counted");
    let s = si(&g);
    assert_eq!(
        mine,
        count(
            CountMethod::ThreesMinusTwo,
            s.won(seat(0)) | set("T9 T10 T12")
        )
    );
    assert_eq!(mine + theirs, 70);
}

/// Three players: seat 0 holds only taroks and kings, and the talon's first group is taroks.
fn only_taroks_and_kings() -> Cards {
    Cards::new(
        SI,
        seat(2),
        [
            "SKIZ T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T1 HK DK CK SK",
            "T2 S8 S7 HC HJ HA DC DJ DA CC CJ SC HQ DQ CQ SQ",
            "T8 T7 T6 T5 T4 T3 S9 H2 H3 H4 D2 D3 D4 C10 C9 SJ",
        ],
        "T9 T10 T11 C8 C7 S10",
    )
}

// rule: SI-TALON-04
#[test]
fn discarded_taroks_are_shown_to_everyone() {
    let mut g = forehand_plays(&only_taroks_and_kings(), "three", &[]);
    act(&mut g, "take 1");
    assert_eq!(refused(&g, "discard HK"), "SI-TALON-02");
    act(&mut g, "discard T9, discard T10, discard T11");
    assert_eq!(
        g.visible(Viewer::Seat(seat(1))).discards[seat(0)],
        set("T9 T10 T11")
    );
    assert_eq!(g.discarded_tarokks(seat(0)), Some(3));
}

// rule: SI-TALON-06
#[test]
fn without_an_exchange_the_talon_stays_face_down() {
    let mut g = forehand_plays(&four(), "beggar", &[]);
    to_play(&mut g);
    assert_eq!(si(&g).phase(), Phase::Play);
    assert!(g.talon_groups().is_none());
    assert!(g.visible(Viewer::Seat(seat(1))).talon.is_empty());
    play_out(&mut g, &[]);
    assert_eq!(g.visible(Viewer::Spectator).talon, g.deal().talon_set());
}

// ---------------------------------------------------------------------------------------------
// Play

// rule: SI-PLAY-01
#[test]
fn forehand_leads_except_where_the_declarer_does() {
    let mut g = four().game(&[]);
    act(
        &mut g,
        "bid solo-without, pass, pass, pass, bid solo-without",
    );
    to_play(&mut g);
    assert_eq!(g.to_act(), Some(seat(1)));
    let mut g = four().game(&[]);
    act(
        &mut g,
        "bid solo-three, pass, pass, pass, bid solo-three, take 1, discard C8",
    );
    act(&mut g, "discard C7, discard DJ");
    to_play(&mut g);
    assert_eq!(g.to_act(), Some(seat(0)));
    for contract in ["beggar", "open-beggar", "colour-valat", "valat"] {
        let mut g = four().game(&[]);
        act(
            &mut g,
            &format!("pass, bid {contract}, pass, pass, bid {contract}"),
        );
        to_play(&mut g);
        assert_eq!(g.to_act(), Some(seat(2)), "{contract}");
    }
}

// rule: SI-PLAY-02
#[test]
fn follow_suit_else_a_tarok_else_anything() {
    let mut g = forehand_plays(&four(), "solo-without", &[]);
    act(&mut g, "play HK");
    assert_eq!(refused(&g, "play T15"), "SI-PLAY-02");
    assert!(legal(&g, "play HC"));
    act(&mut g, "play HC, play HA, play H3");
    act(&mut g, "play CK");
    // Seat 1 holds the clubs queen: it must follow; seat 3 follows with its clubs.
    assert_eq!(refused(&g, "play SK"), "SI-PLAY-02");
    act(&mut g, "play CQ, play CC, play C10");
    act(&mut g, "play DK, play DC, play DA, play D3");
    act(&mut g, "play HQ, play HJ, play H2, play H4");
    // Seat 1 is out of hearts: it must play a tarok.
    act(&mut g, "play DQ, play DJ, play D2, play D4");
    act(&mut g, "play T16, play T11, play T5, play T2");
    let g2 = g;
    assert_eq!(g2.to_act(), Some(seat(0)));
}

// rule: SI-PLAY-04
#[test]
fn the_emperors_trick() {
    let g = three().game(&[]);
    let pagat_last = si(&g);
    assert_eq!(
        winner(pagat_last, &[(0, "SKIZ"), (1, "T21"), (2, "T1")]),
        seat(2)
    );
    assert_eq!(
        winner(pagat_last, &[(0, "T1"), (1, "SKIZ"), (2, "T21")]),
        seat(1)
    );
    let g = three().game(&[("emperor_order", "any")]);
    assert_eq!(
        winner(si(&g), &[(0, "T1"), (1, "SKIZ"), (2, "T21")]),
        seat(0)
    );
}

// rule: SI-PLAY-05, SI-PLAY-06
#[test]
fn klop_and_the_beggars_overtake_and_keep_the_pagat() {
    let mut g = forehand_plays(&four().swap("HK", "HJ"), "klop", &[]);
    act(&mut g, "play HQ");
    // Seat 1 holds the king above the queen: it must play it.
    assert_eq!(refused(&g, "play HC"), "SI-PLAY-05");
    act(&mut g, "play HK");
    // Seats 2 and 3 have nothing above the king: any heart.
    assert!(legal(&g, "play HA") && legal(&g, "play H2"));
    act(&mut g, "play H2, play H4");
    // Seat 1 won and leads: not the pagat while it has other cards.
    assert_eq!(g.to_act(), Some(seat(1)));
    assert_eq!(refused(&g, "play T1"), "SI-PLAY-06");
    act(&mut g, "play T15");
    // Nothing above the XV: any tarok.
    assert!(legal(&g, "play T5") && legal(&g, "play T10"));
    act(&mut g, "play T5, play T2");
    // Seat 0 has only higher taroks: any of them.
    assert!(legal(&g, "play T16") && legal(&g, "play SKIZ"));
    act(&mut g, "play T16");
    // Seat 0 leads a diamond; seat 1 holds no card above the queen: either.
    act(&mut g, "play DQ");
    assert!(legal(&g, "play DC") && legal(&g, "play DJ"));
}

// rule: SI-PLAY-06, SI-PLAY-04
#[test]
fn the_pagat_completes_the_emperors_trick_in_klop() {
    // Seat 1 holds the mond, seat 2 the pagat.
    let cards = three().swap("T1", "T8").swap("T21", "T14");
    let mut g = forehand_plays(&cards, "klop", &[]);
    act(&mut g, "play SKIZ, play T21");
    assert_eq!(g.legal_actions().as_slice(), [Action::Play(Card::PAGAT)]);
    assert_eq!(refused(&g, "play T7"), "SI-PLAY-06");
    act(&mut g, "play T1");
    assert_eq!(g.tricks()[0].plays().count(), 3);
    assert_eq!(g.trick_winner(0), Some((seat(2), Card::PAGAT)));
    // On a heart led, the škis and the mond trumping: the holder of the pagat follows suit by
    // the rules; OpenSpiel forces the pagat.
    let cards = Cards::new(
        SI,
        seat(3),
        [
            "T20 T19 T18 T17 T16 T15 HK HQ HC HJ DK DQ",
            "SKIZ T14 T13 T12 T11 T10 DC DJ DA D2 CK CQ",
            "T21 T9 T8 T7 T6 T5 D3 D4 CC CJ C10 C9",
            "T1 T4 T3 T2 HA H2 H3 H4 SK SQ SC SJ",
        ],
        "C8 C7 S10 S9 S8 S7",
    );
    for (quirks, expected) in [("false", "HA H2 H3 H4"), ("true", "T1")] {
        let mut g = forehand_plays(&cards, "klop", &[("openspiel_quirks", quirks)]);
        act(&mut g, "play HJ, play SKIZ, play T21");
        let cards: CardSet = g
            .legal_actions()
            .iter()
            .filter_map(|a| a.card_played())
            .collect();
        assert_eq!(cards, set(expected), "openspiel_quirks = {quirks}");
    }
}

// rule: SI-PLAY-07
#[test]
fn colour_valat_has_no_trumps() {
    let mut g = four().game(&[]);
    act(
        &mut g,
        "pass, bid colour-valat, pass, pass, bid colour-valat",
    );
    let s = si(&g);
    // On a colour lead the highest card of that colour wins; a tarok played to it loses.
    assert_eq!(
        winner(s, &[(2, "HA"), (3, "T2"), (0, "H2"), (1, "HC")]),
        seat(1)
    );
    // On a tarok lead the highest tarok wins, and the emperor's trick counts.
    assert_eq!(
        winner(s, &[(2, "T5"), (3, "T4"), (0, "SKIZ"), (1, "T1")]),
        seat(0)
    );
}

// rule: SI-PLAY-08, SI-SCORE-06
#[test]
fn beggar_and_valat_end_at_the_first_failure() {
    // Seat 1 declares beggar and must win the first trick with its highest tarok.
    let mut g = four().game(&[]);
    act(&mut g, "pass, bid beggar, pass, pass, bid beggar");
    act(&mut g, "play T5, play T4, play T21");
    assert!(g.to_act().is_some());
    act(&mut g, "play T15");
    // Seat 0 won with the mond: the beggar's declarer did not; play on.
    assert!(g.to_act().is_some());
    let mut g = four().game(&[]);
    act(&mut g, "pass, bid beggar, pass, pass, bid beggar");
    act(&mut g, "play HA, play H4, play HK, play HC");
    assert!(g.to_act().is_some(), "the king won it");
    act(&mut g, "play CK, play CQ");
    act(&mut g, "play CC, play C10");
    // The queen lost to the king: still no trick for the declarer.
    assert!(g.to_act().is_some());
    // A valat lost at the first trick the declarer loses.
    let mut g = four().game(&[]);
    act(&mut g, "pass, pass, pass, bid valat");
    act(&mut g, "play HQ, play HC, play HA, play H4");
    assert!(g.to_act().is_some(), "won the first");
    act(&mut g, "play CK, play CQ, play CC, play C10");
    act(&mut g, "play DQ, play DC, play DA, play D4");
    act(&mut g, "play HK, play HJ, play H2, play H3");
    act(&mut g, "play DK, play DJ, play D2, play D3");
    assert!(g.to_act().is_some());
    act(&mut g, "play T16, play T15");
    act(&mut g, "play T10, play T4");
    assert!(g.to_act().is_some(), "still every trick");
    let mut lost = four().game(&[]);
    act(
        &mut lost,
        "pass, pass, pass, bid valat, play HQ, play HC, play HA, play H4",
    );
    act(&mut lost, "play T17, play T15, play T10, play T4");
    assert!(lost.to_act().is_some());
    let mut lost = four().swap("T21", "T1").game(&[]);
    act(
        &mut lost,
        "pass, pass, pass, bid valat, play T16, play T21, play T10, play T4",
    );
    let out = lost.outcome().expect("over at the first lost trick");
    assert_eq!(lost.tricks().len(), 1);
    assert_eq!(total(&out.ledger, 0), -500);
    assert_eq!(total(&out.ledger, 1), 0);
}

// rule: SI-PLAY-09
#[test]
fn the_open_beggars_hand_is_shown_after_the_first_trick() {
    let mut g = four().game(&[]);
    act(&mut g, "pass, pass, bid open-beggar, pass, bid open-beggar");
    assert_eq!(g.to_act(), Some(seat(3)));
    assert!(g.visible(Viewer::Seat(seat(0))).hands[seat(3)].is_empty());
    act(&mut g, "play H3, play HQ, play HC, play HA");
    assert_eq!(
        g.visible(Viewer::Seat(seat(0))).hands[seat(3)],
        g.hand(seat(3))
    );
}

// ---------------------------------------------------------------------------------------------
// Scoring

/// The result of a talon contract by the rules: the value and the difference rounded to 5,
/// won with more than 35.
fn result(value: i64, points: i64) -> i64 {
    let diff = ((points - 35).abs() + 2) / 5 * 5;
    if points > 35 {
        value + diff
    } else {
        -(value + diff)
    }
}

// rule: SI-SCORE-01, SI-SCORE-02, SI-SCORE-03, SI-SCORE-04, SI-SCORE-05, SI-SCORE-07
#[test]
fn a_two_with_partner_scored_by_the_rules() {
    let mut g = four().game(&[]);
    act(
        &mut g,
        "bid two, pass, pass, pass, bid two, call HK, take 1, discard C8, discard C7",
    );
    play_out(&mut g, &[0]);
    let s = si(&g);
    let l = ledger(&g);
    let mine = s.won(seat(1)) | s.won(seat(0)) | set("C8 C7");
    let points = count(CountMethod::ThreesMinusTwo, mine);
    assert_eq!(l.card_points, Some([points, 70 - points]));
    let mond: i64 = line(&l, Item::Bonus(Bonus::XxiCatch)).map_or(0, |i| i.payments[seat(1)]);
    if let Some(v) = line(&l, Item::Bonus(Bonus::Volat)) {
        // SI-SCORE-10: every trick to one side replaces the rest.
        assert_eq!(total(&l, 1) - mond, v.payments[seat(1)]);
        assert_eq!(v.payments[seat(1)].abs(), 250);
        return;
    }
    let game = line(&l, Item::Game).expect("the game");
    assert_eq!(game.payments[seat(1)], result(20, points));
    let bonuses: i64 = [Bonus::Trull, Bonus::FourKings]
        .into_iter()
        .map(|b| {
            let cards = if b == Bonus::Trull {
                CardSet::HONOURS
            } else {
                CardSet::KINGS
            };
            if mine.is_superset(cards) {
                10
            } else if (s.won(seat(2)) | s.won(seat(3))).is_superset(cards) {
                -10
            } else {
                0
            }
        })
        .sum();
    let ultimo: i64 = l
        .items
        .iter()
        .filter(|i| {
            matches!(
                i.item,
                Item::Bonus(Bonus::PagatUltimo | Bonus::KingUltimo(_))
            )
        })
        .map(|i| i.payments[seat(1)])
        .sum();
    assert_eq!(total(&l, 1), result(20, points) + bonuses + ultimo + mond);
    assert_eq!(
        total(&l, 0) - line(&l, Item::Bonus(Bonus::XxiCatch)).map_or(0, |i| i.payments[seat(0)]),
        total(&l, 1) - mond
    );
    assert_eq!((total(&l, 2), total(&l, 3)), (0, 0));
    // The values.
    for (contract, value) in [
        (Contract::Three, 10),
        (Contract::Two, 20),
        (Contract::One, 30),
        (Contract::SoloThree, 40),
        (Contract::SoloTwo, 50),
        (Contract::SoloOne, 60),
        (Contract::Beggar, 70),
        (Contract::SoloWithout, 80),
        (Contract::OpenBeggar, 90),
        (Contract::ColourValat, 125),
        (Contract::Valat, 500),
    ] {
        assert_eq!(tarock_engine::slovenian::game::value(contract), value);
    }
    // Unrounded under `rounding = none`.
    let mut g = four().game(&[("rounding", "none")]);
    act(
        &mut g,
        "bid two, pass, pass, pass, bid two, call HK, take 1, discard C8, discard C7",
    );
    play_out(&mut g, &[0]);
    let l = ledger(&g);
    let [p, _] = l.card_points.expect("counted");
    let game = line(&l, Item::Game).expect("the game");
    assert_eq!(
        game.payments[seat(1)],
        if p > 35 { 20 + p - 35 } else { -(20 + 35 - p) }
    );
}

// rule: SI-SCORE-10, SI-SCORE-07
#[test]
fn a_silent_valat_replaces_the_game() {
    // Seat 0 holds sixteen taroks and leads them from the top: every trick.
    let cards = Cards::new(
        SI,
        seat(2),
        [
            "SKIZ T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7",
            "T1 HK HQ HC HJ HA DK DQ DC DJ DA CK CQ CC CJ SC",
            "T6 T5 T4 T3 T2 H2 H3 H4 D2 D3 D4 C10 C9 SJ SK SQ",
        ],
        "C8 C7 S10 S9 S8 S7",
    );
    let mut g = forehand_plays(&cards, "three", &[]);
    act(&mut g, "take 1, discard C8, discard C7, discard S10");
    play_out(&mut g, &[0]);
    let l = ledger(&g);
    assert_eq!(l.items.len(), 1, "{l:?}");
    assert_eq!(
        line(&l, Item::Bonus(Bonus::Volat)).map(|i| i.base),
        Some(250)
    );
    assert_eq!([total(&l, 0), total(&l, 1), total(&l, 2)], [250, 0, 0]);
    // OpenSpiel counts 51 cards (with the discards) and scores an ordinary win instead: the
    // 51 cards hold 106 - 3 (S9 S8 S7 left in the talon) = 103 raw points, less 34 for 51 cards
    // counted in threes: 69 card points, 34 over 35, plus three's 10.
    let mut g = forehand_plays(
        &cards,
        "three",
        &[("openspiel_quirks", "true"), ("rounding", "none")],
    );
    act(&mut g, "take 1, discard C8, discard C7, discard S10");
    play_out(&mut g, &[0]);
    let l = ledger(&g);
    assert_eq!(total(&l, 0), 10 + 69 - 35);
}

// rule: SI-SCORE-08
#[test]
fn pagat_ultimo_won_and_lost() {
    // Seat 1 keeps the pagat to the end as its only tarok: it wins the last trick if the others
    // have no tarok left and must follow... built so that the last trick is the pagat's.
    let cards = Cards::new(
        SI,
        seat(2),
        [
            "SKIZ T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 HK",
            "T1 HQ HC HJ HA DK DQ DC DJ DA CK CQ CC CJ SC SK",
            "T7 T6 T5 T4 T3 T2 H2 H3 H4 D2 D3 D4 C10 C9 SJ SQ",
        ],
        "C8 C7 S10 S9 S8 S7",
    );
    let mut g = forehand_plays(&cards, "three", &[]);
    act(&mut g, "take 1, discard C8, discard C7, discard S10");
    // Seat 0 leads taroks from the top; seat 1 sheds suit cards (lowest legal), seat 2 its
    // taroks; the pagat falls in the last trick, led by... whoever. Play and read.
    play_out(&mut g, &[0]);
    let s = si(&g);
    let l = ledger(&g);
    let last = *s.tricks().last().expect("tricks");
    let pagat_line = line(&l, Item::Bonus(Bonus::PagatUltimo));
    match last.player_of(Card::PAGAT) {
        Some(by) => {
            let (_, best) = s.winner_of(&last).expect("a winner");
            let side = s.team_of(by);
            let made = best == Card::PAGAT;
            let x = pagat_line.expect("a pagat line");
            assert_eq!(x.made, made);
            let for_declarer = (side == Team::Declarer) == made;
            assert_eq!(x.payments[seat(0)], if for_declarer { 25 } else { -25 });
        }
        None => assert!(pagat_line.is_none()),
    }
}

// rule: SI-SCORE-09
#[test]
fn king_ultimo_goes_with_the_last_trick() {
    let mut g = four().game(&[]);
    act(
        &mut g,
        "bid two, pass, pass, pass, bid two, call HK, take 1, discard C8, discard C7",
    );
    play_out(&mut g, &[]);
    let s = si(&g);
    let l = ledger(&g);
    let last = *s.tricks().last().expect("tricks");
    let ultimo = line(&l, Item::Bonus(Bonus::KingUltimo(Suit::Hearts)));
    if last.cards().contains(c("HK")) {
        let (w, _) = s.winner_of(&last).expect("winner");
        let ok = s.team_of(w) == Team::Declarer;
        assert_eq!(
            ultimo.map(|u| u.payments[seat(1)]),
            Some(if ok { 10 } else { -10 })
        );
    } else {
        assert!(ultimo.is_none());
    }
}

// rule: SI-SCORE-11
#[test]
fn the_mond_penalty() {
    // The mond left in the talon by the declarer.
    let cards = four().swap("T21", "S10");
    let mut g = cards.game(&[]);
    act(
        &mut g,
        "bid two, pass, pass, pass, bid two, call HK, take 1, discard C8, discard C7",
    );
    assert_eq!(si(&g).mond_lost(), Some(seat(1)));
    play_out(&mut g, &[0]);
    let l = ledger(&g);
    let m = line(&l, Item::Bonus(Bonus::XxiCatch)).expect("the penalty");
    assert_eq!(
        (m.seat, m.payments[seat(1)], m.payments[seat(0)]),
        (Some(seat(1)), -20, 0)
    );
    // The škis captures the mond in solo without.
    let mut g = four().swap("SKIZ", "T1").game(&[("mond_penalty", "21")]);
    act(
        &mut g,
        "bid solo-without, pass, pass, pass, bid solo-without",
    );
    act(&mut g, "play SKIZ, play T5, play T4, play T21");
    assert_eq!(si(&g).mond_lost(), Some(seat(0)));
    play_out(&mut g, &[]);
    let l = ledger(&g);
    let m = line(&l, Item::Bonus(Bonus::XxiCatch)).expect("the penalty");
    assert_eq!((m.seat, m.payments[seat(0)]), (Some(seat(0)), -21));
    // Not in the beggars.
    let mut g = four().swap("SKIZ", "T1").game(&[]);
    act(&mut g, "bid beggar, pass, pass, pass, bid beggar");
    act(&mut g, "play SKIZ, play T5, play T4, play T21");
    assert!(g.is_over(), "the declarer won a trick");
    assert_eq!(si(&g).mond_lost(), None);
}

// ---------------------------------------------------------------------------------------------
// Announcements

/// Four players, seat 1 plays two with seat 0 (the hearts king) as partner, the talon taken.
fn two_with_partner(opts: &[(&str, &str)]) -> AnyGame {
    let mut g = four().game(opts);
    table::act(
        &mut g,
        "bid two, pass, pass, pass, bid two, call HK, take 1, discard C8, discard C7",
    );
    g
}

// rule: SI-ANN-01, SI-ANN-02, SI-ANN-05
#[test]
fn the_round_of_announcements() {
    let mut g = two_with_partner(&[]);
    assert_eq!(si(&g).phase(), Phase::Announce);
    assert_eq!(g.stage(), tarock_engine::Stage::Announce);
    // The auction was the first five calls; the round's passes are not bids.
    assert_eq!(g.auction_bounds(), (0, Some(5)));
    // The declarer first; in the order of play after him.
    assert_eq!(g.to_act(), Some(seat(1)));
    assert_eq!(refused(&g, "play T15"), "SI-ANN-01");
    // Seat 1 holds the pagat, not the called king.
    assert!(legal(&g, "announce pagat-ultimo"));
    assert_eq!(refused(&g, "announce king-ultimo:H"), "SI-ANN-02");
    assert_eq!(refused(&g, "announce double-game"), "SI-ANN-02");
    table::act(&mut g, "announce trull, pass");
    assert_eq!(refused(&g, "announce trull"), "SI-ANN-02", "a defender");
    table::act(&mut g, "pass, pass");
    // Seat 0, the partner, holds the called king: it may announce the king ultimo, and that
    // shows its side.
    assert_eq!(g.to_act(), Some(seat(0)));
    assert_eq!(g.side_known_to(Viewer::Seat(seat(2)), seat(0)), None);
    assert!(legal(&g, "announce king-ultimo:H"));
    table::act(&mut g, "announce four-kings");
    assert_eq!(
        g.side_known_to(Viewer::Seat(seat(2)), seat(0)),
        Some(Team::Declarer)
    );
    table::act(&mut g, "pass");
    // Seat 1's second turn: no new announcement.
    assert_eq!(g.to_act(), Some(seat(1)));
    assert_eq!(refused(&g, "announce volat"), "SI-ANN-02");
    table::act(&mut g, "pass, pass, pass");
    assert_eq!(si(&g).phase(), Phase::Play);
    let announced: Vec<Bonus> = si(&g).announced().map(|(b, _, _)| b).collect();
    assert_eq!(announced, [Bonus::Trull, Bonus::FourKings]);
    // No round in klop, nor with `announcements = false`.
    let g = forehand_plays(&four(), "klop", &[]);
    assert_eq!(si(&g).phase(), Phase::Play);
    let g = two_with_partner(&[("announcements", "false")]);
    assert_eq!(si(&g).phase(), Phase::Play);
}

// rule: SI-ANN-04
#[test]
fn kontra_re_sub_mort() {
    let mut g = two_with_partner(&[]);
    assert_eq!(
        refused(&g, "kontra game"),
        "SI-ANN-04",
        "the declarer's side"
    );
    table::act(&mut g, "announce trull, pass");
    assert_eq!(refused(&g, "rekontra game"), "SI-ANN-04");
    table::act(&mut g, "kontra game, kontra trull, pass");
    table::act(&mut g, "pass");
    // Seat 0 (the partner) answers re on the game: it shows its side.
    assert_eq!(refused(&g, "kontra game"), "SI-ANN-04");
    table::act(&mut g, "re game, pass");
    // Seat 1: re on the trull.
    table::act(&mut g, "re trull, pass");
    // Seat 2: sub on the game; then mort by the declarer's side.
    table::act(&mut g, "sub game, pass");
    assert_eq!(refused(&g, "mort game"), "SI-ANN-04", "seat 3 defends");
    table::act(&mut g, "pass");
    table::act(&mut g, "mort game, pass");
    assert_eq!(g.game_level(), 5);
    assert!(g
        .legal_actions()
        .iter()
        .all(|a| !matches!(a, Action::Kontra(tarock_engine::Target::Game, _))));
    to_play(&mut g);
    assert_eq!(si(&g).phase(), Phase::Play);
    play_out(&mut g, &[0, 1]);
    let l = ledger(&g);
    let game = line(&l, Item::Game).or_else(|| line(&l, Item::Bonus(Bonus::Volat)));
    let game = game.expect("a game line");
    assert_eq!(game.multiplier, 16);
    if let Some(t) = l
        .items
        .iter()
        .find(|i| i.item == Item::Bonus(Bonus::Trull) && i.announced)
    {
        assert_eq!((t.base, t.multiplier), (20, 4));
        assert_eq!(t.payments[seat(1)].abs(), 80);
    }
}

// rule: SI-ANN-03
#[test]
fn announced_bonuses_count_double_made_or_failed() {
    // Seat 1 announces the pagat ultimo it cannot bring home and the trula its side takes.
    let mut g = two_with_partner(&[]);
    table::act(&mut g, "announce pagat-ultimo, announce trull, pass");
    to_play(&mut g);
    play_out(&mut g, &[0, 1]);
    let s = si(&g);
    let l = ledger(&g);
    if line(&l, Item::Bonus(Bonus::Volat)).is_some() {
        // A valat replaces the bonuses.
        assert!(line(&l, Item::Bonus(Bonus::PagatUltimo)).is_none());
        return;
    }
    let pagat = l
        .items
        .iter()
        .find(|i| i.item == Item::Bonus(Bonus::PagatUltimo))
        .expect("the announced pagat ultimo");
    assert!(pagat.announced);
    let last = *s.tricks().last().expect("tricks");
    // Made only if the pagat itself wins the last trick for the declarer's side.
    let made = last.player_of(Card::PAGAT).is_some_and(|by| {
        s.winner_of(&last).map(|(_, c)| c) == Some(Card::PAGAT) && s.team_of(by) == Team::Declarer
    });
    assert_eq!(pagat.made, made);
    assert_eq!(pagat.payments[seat(1)], if made { 50 } else { -50 });
    let mine = s.won(seat(0)) | s.won(seat(1));
    let trull = l
        .items
        .iter()
        .find(|i| i.item == Item::Bonus(Bonus::Trull))
        .expect("the announced trula");
    let made = mine.is_superset(CardSet::HONOURS);
    assert_eq!(trull.payments[seat(0)], if made { 20 } else { -20 });
    assert_eq!((trull.payments[seat(2)], trull.payments[seat(3)]), (0, 0));
}

// ---------------------------------------------------------------------------------------------
// The match

// rule: SI-MATCH-01
#[test]
fn a_score_sheet_without_a_target() {
    let mut g = forehand_plays(&four(), "klop", &[]);
    play_out(&mut g, &[0]);
    let mut m = MatchContext::starting_with(&g).expect("a match");
    let l = m.record_game(&g).expect("over");
    assert_eq!(m.totals().0[..4], l.totals.0[..4]);
    assert_eq!(m.dealer(), seat(0), "the deal passes to the right");
    assert!(!m.is_over());
    let mut h = AnyGame::new(&m.next_setup(&Setup::seeded(SI, 4, seat(0), [5; 32]), [5; 32]))
        .expect("deals");
    assert_eq!(h.table_info().dealer, seat(0));
    act(&mut h, "pass, pass, pass, bid klop");
    play_out(&mut h, &[]);
    let l2 = m.record_game(&h).expect("over");
    for p in 0..4 {
        assert_eq!(m.totals()[seat(p)], l.totals[seat(p)] + l2.totals[seat(p)]);
    }
}

// rule: SI-MATCH-02, SI-MATCH-03
#[test]
fn radli_double_a_holders_scores_until_he_wins() {
    // A klop gives everyone a radelc.
    let mut g = forehand_plays(&four(), "klop", &[]);
    play_out(&mut g, &[0]);
    let mut m = MatchContext::starting_with(&g).expect("a match");
    m.record_game(&g).expect("over");
    assert_eq!(m.radli()[..4], [1, 1, 1, 1]);
    // The next hand carries them; played out, every score but the mond penalty is doubled.
    let base = Setup::seeded(SI, 4, seat(0), [9; 32]);
    let setup = m.next_setup(&base, [9; 32]);
    assert_eq!(setup.carried.radli[..4], [1, 1, 1, 1]);
    let mut h = AnyGame::new(&setup).expect("deals");
    act(&mut h, "pass, pass, pass, bid three");
    let mut actions: Vec<Action> = ["pass", "pass", "pass", "bid three"]
        .iter()
        .map(|a| a.parse().expect("an action"))
        .collect();
    actions.extend(play_out(&mut h, &[1]));
    let plain = AnyGame::replay(
        &Setup {
            carried: Default::default(),
            ..setup.clone()
        },
        &actions,
    )
    .expect("the same hand without radli");
    let (doubled, single) = (ledger(&h), ledger(&plain));
    let mond = |l: &Ledger, p: u8| {
        line(l, Item::Bonus(Bonus::XxiCatch)).map_or(0, |i| i.payments[seat(p)])
    };
    for p in 0..4 {
        assert_eq!(
            total(&doubled, p) - mond(&doubled, p),
            2 * (total(&single, p) - mond(&single, p))
        );
    }
    // The declarer (forehand, seat 1) crosses one out if he won; the others keep theirs.
    let won = line(&doubled, Item::Game)
        .or_else(|| line(&doubled, Item::Bonus(Bonus::Volat)))
        .is_some_and(|l| l.payments[seat(1)] > 0);
    m.record_game(&h).expect("over");
    let expected = if won { [1, 0, 1, 1] } else { [1, 1, 1, 1] };
    assert_eq!(m.radli()[..4], expected);
    // Under `radli = off` nothing is given; under `klop_and_high` a beggar gives them too.
    for (opt, contract, gives) in [
        ("off", "klop", false),
        ("klop_and_high", "beggar", true),
        ("klop", "beggar", false),
    ] {
        let mut g = forehand_plays(&four(), contract, &[("radli", opt)]);
        play_out(&mut g, &[]);
        let mut m = MatchContext::starting_with(&g).expect("a match");
        m.record_game(&g).expect("over");
        let n = u8::from(gives);
        assert_eq!(m.radli()[..4], [n; 4], "{opt} {contract}");
    }
    // A hand refuses radli for seats it does not have, and too many.
    let mut s = Setup::seeded(SI, 3, seat(0), [1; 32]);
    s.carried.radli[3] = 1;
    assert!(matches!(AnyGame::new(&s), Err(SetupError::Carried(_))));
    s.carried.radli = [100, 0, 0, 0, 0];
    assert!(matches!(AnyGame::new(&s), Err(SetupError::Carried(_))));
    let mut a = Setup::seeded(Variant::AustrianIllustrated, 3, seat(0), [1; 32]);
    a.carried.radli[0] = 1;
    assert!(matches!(AnyGame::new(&a), Err(SetupError::Carried(_))));
}
