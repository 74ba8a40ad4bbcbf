//! Rule tests of Austrian Illustrated Tarock (CHECKLIST section AT), through the public API
//! only.
//!
//! Seats 0..2 are A, B and C: the dealer is seat 2 (rearhand), so seat 0 is forehand, who bids
//! and leads first, and seat 1 is middlehand. Legality cases start from [`base`]; settlement
//! cases are whole hands written as their tricks ([`Script`]), from which the deal is derived,
//! replayed action by action.

mod table;

use table::{act, c, legal, line, notation, refused, seat, set, totals, Cards};
use tarock_engine::austrian::{Phase, Won};
use tarock_engine::count::{count, CountMethod};
use tarock_engine::game::{Game, Observe, Viewer};
use tarock_engine::hungarian::{MatchContext, MatchKind};
use tarock_engine::shuffle::{seed_from_u64, shuffled};
use tarock_engine::{
    Action, AnyGame, Austrian, Bonus, Card, CardSet, Contract, End, Item, Ledger, Pack, Setup,
    SetupError, Team, Trick, TrickRules, Variant,
};

const AT: Variant = Variant::AustrianIllustrated;

// ---------------------------------------------------------------------------------------------
// Helpers

/// A: nine tarocks from the Sküs down, the four kings, the hearts and diamonds queens. B: the
/// I and six middle tarocks. C: six low tarocks. The talon: low clubs and spades.
fn base() -> Cards {
    Cards::new(
        AT,
        seat(2),
        [
            "SKIZ T21 T20 T19 T18 T17 T16 T15 T14 HK HQ HC DK DQ CK SK",
            "T1 T13 T12 T11 T10 T9 T8 HJ HA H2 DC DJ DA CQ CC SQ",
            "T7 T6 T5 T4 T3 T2 H3 H4 D2 D3 D4 CJ C10 SC SJ S10",
        ],
        "C9 C8 C7 S9 S8 S7",
    )
}

fn at(g: &AnyGame) -> &Austrian {
    g.as_austrian().expect("an Austrian hand")
}

/// Passes every turn of a round of declarations but the scripted actions.
fn round(g: &mut AnyGame, script: &[(u8, &str)]) {
    table::round(g, script, |g| at(g).phase());
}

/// The base deal with A as soloist of `contract` (the others pass), after the rounds and the
/// talon up to the discards.
fn declared(cards: &Cards, contract: &str, opts: &[(&str, &str)]) -> AnyGame {
    let mut g = cards.game(opts);
    act(&mut g, &format!("bid {contract}, pass, pass"));
    g
}

// ---------------------------------------------------------------------------------------------
// Deal

// rule: AT-DEAL-01
#[test]
fn exactly_three_players() {
    for seats in [4, 5] {
        assert!(matches!(
            AnyGame::new(&Setup::seeded(AT, seats, seat(0), [1; 32])),
            Err(SetupError::Seats { .. })
        ));
    }
    assert_eq!(AT.seat_counts(), &[3]);
}

// rule: AT-DEAL-02, AT-DEAL-03, AT-DEAL-04, AT-SCORE-01
#[test]
fn the_pack_its_ranking_and_its_values() {
    assert_eq!(Austrian::SHAPE.pack, Pack::Tarock54);
    let wins = |cards: &str| {
        let mut t = Trick::new(seat(0));
        for (i, card) in cards.split_whitespace().enumerate() {
            t.push(seat(i as u8), c(card));
        }
        t.winner(&TrickRules::TAROCK).map(|(_, w)| w.to_string())
    };
    assert_eq!(wins("T21 SKIZ T1").as_deref(), Some("SKIZ"));
    assert_eq!(wins("S7 S10 SJ").as_deref(), Some("SJ"));
    assert_eq!(wins("H4 HA H2").as_deref(), Some("HA"));
    assert_eq!(wins("HK HQ T1").as_deref(), Some("T1"));
    let value = |s: &str| tarock_engine::count::central_value(c(s));
    for (card, v) in [
        ("HK", 5),
        ("T1", 5),
        ("T21", 5),
        ("SKIZ", 5),
        ("DQ", 4),
        ("CC", 3),
        ("SJ", 2),
        ("T2", 1),
        ("S7", 1),
    ] {
        assert_eq!(value(card), v, "{card}");
    }
}

// rule: AT-DEAL-06, AT-DEAL-07, AT-BID-02, AT-PLAY-01
#[test]
fn forehand_is_the_dealers_right_middlehand_his_left_and_rearhand_deals() {
    for dealer in 0..3u8 {
        let g = AnyGame::new(&Setup::seeded(AT, 3, seat(dealer), [4; 32])).expect("deals");
        let forehand = seat((dealer + 1) % 3);
        assert_eq!(g.to_act(), Some(forehand));
        assert_eq!(at(&g).table_info().dealer, seat(dealer));
    }
    let mut g = base().game(&[]);
    act(&mut g, "pass");
    assert_eq!(g.to_act(), Some(seat(1)), "middlehand speaks second");
    act(&mut g, "pass");
    assert_eq!(g.to_act(), Some(seat(2)), "rearhand last");
}

// rule: AT-DEAL-08, AT-PLAY-07
#[test]
fn a_seeded_deal_is_the_talon_then_packets_of_four() {
    let seed = seed_from_u64(9);
    let g = AnyGame::new(&Setup::seeded(AT, 3, seat(2), seed)).expect("deals");
    let o = shuffled(Pack::Tarock54, seed);
    let o = o.as_slice();
    assert_eq!(at(&g).deal().talon(), &o[..6]);
    for s in 0..3usize {
        let expected: CardSet = (0..4)
            .flat_map(|round| {
                let from = 6 + 12 * round + 4 * s;
                o[from..from + 4].iter().copied()
            })
            .collect();
        assert_eq!(at(&g).hand(seat(s as u8)), expected, "seat {s}");
        assert_eq!(expected.len(), 16);
    }
}

// rule: AT-DEAL-09
#[test]
fn after_a_knock_the_graz_deal_is_three_packets_of_sixteen() {
    let seed = seed_from_u64(10);
    let mut s = Setup::seeded(AT, 3, seat(0), seed);
    s.options = vec![("deal_after_knock".to_owned(), "3x16".to_owned())];
    let g = AnyGame::new(&s).expect("deals");
    let o = shuffled(Pack::Tarock54, seed);
    let o = o.as_slice();
    // Forehand (seat 1) takes the first packet, middlehand the second, rearhand the last.
    for (k, s) in [1u8, 2, 0].into_iter().enumerate() {
        let expected: CardSet = o[6 + 16 * k..22 + 16 * k].iter().copied().collect();
        assert_eq!(at(&g).hand(seat(s)), expected);
    }
}

// ---------------------------------------------------------------------------------------------
// Auction

// rule: AT-BID-01, AT-BID-03
#[test]
fn contracts_rise_from_dreiblatt_to_solo() {
    let mut g = base().game(&[]);
    assert_eq!(refused(&g, "bid three"), "AT-BID-01");
    assert_eq!(refused(&g, "bid jeden"), "AT-BID-01");
    act(&mut g, "bid zweiblatt");
    assert_eq!(refused(&g, "bid dreiblatt"), "AT-BID-03");
    assert_eq!(refused(&g, "bid zweiblatt"), "AT-BID-03");
    assert!(legal(&g, "bid einblatt"));
    assert!(legal(&g, "bid solo"));
    assert_eq!(g.auction_bounds(), (0, None), "the auction runs on");
    act(&mut g, "bid solo, pass, pass");
    assert_eq!(at(&g).declarer(), Some((seat(1), Contract::Solo)));
    // The auction was four calls; the passes of the round after it are not bids.
    assert_eq!(g.auction_bounds(), (0, Some(4)));
}

// rule: AT-BID-03, AT-BID-04, AT-BID-05, AT-SCORE-05
#[test]
fn gut_unteren_and_the_held_game() {
    // "Gut": the contract stands as named.
    let mut g = base().game(&[]);
    act(&mut g, "bid dreiblatt, pass, pass");
    assert_eq!(at(&g).won_as(), Some(Won::Declared));
    assert_eq!(Won::Declared.game_points(), 3);
    // Unteren: middlehand plays forehand's contract; forehand lets it stand.
    let mut g = base().game(&[]);
    act(&mut g, "bid dreiblatt, unteren");
    assert_eq!(refused(&g, "unteren"), "AT-BID-03");
    act(&mut g, "pass, pass");
    assert_eq!(at(&g).declarer(), Some((seat(1), Contract::Dreiblatt)));
    assert_eq!(at(&g).won_as(), Some(Won::Unteren));
    assert_eq!(Won::Unteren.game_points(), 4);
    // Forehand holds against the Unteren: a held game.
    let mut g = base().game(&[]);
    act(&mut g, "bid dreiblatt, unteren, pass");
    assert!(legal(&g, "hold"));
    act(&mut g, "hold");
    // Middlehand may still name a higher contract; here it lets the held game stand.
    assert!(legal(&g, "bid zweiblatt"));
    act(&mut g, "pass");
    assert_eq!(at(&g).won_as(), Some(Won::Held));
    assert_eq!(Won::Held.game_points(), 5);
    // Only forehand holds, and only what he named.
    let mut g = base().game(&[]);
    act(&mut g, "pass, bid dreiblatt, unteren");
    assert_eq!(refused(&g, "hold"), "AT-BID-04");
    // Rearhand outbids a held contract.
    let mut g = base().game(&[]);
    act(&mut g, "bid dreiblatt, unteren, pass");
    let mut g2 = base().game(&[]);
    act(&mut g2, "bid dreiblatt, unteren, bid zweiblatt, pass, pass");
    assert_eq!(at(&g2).declarer(), Some((seat(2), Contract::Zweiblatt)));
    act(&mut g, "hold, bid einblatt, pass");
    assert_eq!(at(&g).declarer(), Some((seat(1), Contract::Einblatt)));
    assert_eq!(at(&g).won_as(), Some(Won::Declared));
}

// rule: AT-BID-06
#[test]
fn three_passes_are_dealt_again_by_the_same_dealer() {
    let mut g = base().game(&[]);
    act(&mut g, "pass, pass, pass");
    assert_eq!(at(&g).phase(), Phase::Over(End::PassedOut));
    assert!(g.outcome().expect("over").ledger.items.is_empty());
    let mut m = MatchContext::austrian(seat(2)).expect("three seats");
    m.record_game(&g);
    assert_eq!(m.dealer(), seat(2), "the same dealer deals again");
}

// rule: AT-BID-07, AT-BID-08, AT-PLAY-08, AT-PLAY-09, AT-SCORE-33
#[test]
fn trischaken_after_three_passes() {
    let opts = [("all_pass_action", "trischaken")];
    // B holds the XXI, A the XIII.
    let mut g = base().swap("T21", "T13").game(&opts);
    act(&mut g, "pass, pass, pass");
    assert_eq!(at(&g).phase(), Phase::Trischaken);
    assert_eq!(at(&g).declarer(), None);
    // No talon, no bonus: straight to play, forehand leading.
    assert_eq!(g.to_act(), Some(seat(0)));
    assert!(at(&g).visible(Viewer::Seat(seat(0))).talon.is_empty());
    act(&mut g, "play HQ");
    // B must follow hearts and win if it can: the A (ace) is below the queen, so any heart.
    assert!(legal(&g, "play HJ"));
    act(&mut g, "play HJ");
    // C must follow hearts; neither wins.
    act(&mut g, "play H4");
    assert_eq!(g.to_act(), Some(seat(0)));
    // A leads a tarock: B must take the trick with its XXI.
    act(&mut g, "play T14");
    assert_eq!(refused(&g, "play T8"), "AT-PLAY-08");
    // B's I may not be played while it holds other tarocks.
    assert_eq!(refused(&g, "play T1"), "AT-PLAY-09");
    act(&mut g, "play T21");
    // C cannot beat the XXI: any tarock.
    assert!(legal(&g, "play T7"));
    act(&mut g, "play T2");
    assert_eq!(g.to_act(), Some(seat(1)));
    // Play the hand out with the first legal card; then the most points lose 10.
    while g.to_act().is_some() {
        let a = g.legal_actions()[0];
        g = g.play(a).expect("legal");
    }
    let l = g.outcome().expect("over").ledger;
    assert_eq!(l.scoring, tarock_engine::ledger::Scoring::Points);
    let points: Vec<i64> = (0..3)
        .map(|s| count(CountMethod::ThreesMinusTwo, at(&g).won(seat(s))))
        .collect();
    let most = *points.iter().max().expect("three");
    for s in 0..3u8 {
        let expected = if points[usize::from(s)] == most {
            -10
        } else if at(&g).won(seat(s)).is_empty() {
            10
        } else {
            5
        };
        assert_eq!(l.totals[seat(s)], expected, "seat {s}: {points:?}");
    }
    assert!(l.items.iter().all(|i| i.item == Item::Trischaken));
}

// rule: AT-BID-09, AT-BID-10
#[test]
fn graz_the_dealer_keeps_talon_cards_and_must_then_bid() {
    let opts = [("all_pass_action", "graz_keep")];
    let mut g = base().game(&opts);
    act(&mut g, "pass, pass, pass");
    assert_eq!(at(&g).phase(), Phase::Keep);
    assert_eq!(g.to_act(), Some(seat(2)), "rearhand, the dealer, decides");
    assert_eq!(refused(&g, "play T1"), "AT-BID-09");
    act(&mut g, "keep 4");
    assert_eq!(at(&g).phase(), Phase::Over(End::PassedOut));
    assert_eq!(at(&g).kept(), Some((seat(2), set("C9 C8 C7 S9"))));
    // The next hand: dealt by the next dealer from the rest of the pack, the kept cards in
    // the keeper's hand of sixteen, who may not pass.
    let mut m = MatchContext::austrian(seat(2)).expect("three seats");
    m.record_game(&g);
    assert_eq!(m.dealer(), seat(0));
    let next = m.next_setup(&base().setup(&opts), seed_from_u64(3));
    assert_eq!(next.carried.obliged_bidder, Some(seat(2)));
    assert!(next.options.iter().all(|(n, _)| n != "obliged_bidder"));
    let mut h = AnyGame::new(&next).expect("a valid deal");
    assert!(at(&h).hand(seat(2)).is_superset(set("C9 C8 C7 S9")));
    for s in 0..3 {
        assert_eq!(at(&h).hand(seat(s)).len(), 16);
    }
    // Forehand is seat 1 now; the keeper, seat 2, is middlehand and must bid.
    act(&mut h, "pass");
    assert_eq!(h.to_act(), Some(seat(2)));
    assert_eq!(refused(&h, "pass"), "AT-BID-10");
    act(&mut h, "bid dreiblatt, pass");
    assert_eq!(at(&h).declarer(), Some((seat(2), Contract::Dreiblatt)));
    // Keeping nothing puts the talon back and obliges nobody.
    let mut g = base().game(&opts);
    act(&mut g, "pass, pass, pass, keep 0");
    assert_eq!(at(&g).kept(), None);
}

// ---------------------------------------------------------------------------------------------
// Talon

// rule: AT-TALON-01, AT-TALON-03, AT-TALON-04
#[test]
fn the_talon_is_turned_up_in_order_and_a_run_of_adjacent_cards_taken() {
    let mut g = declared(&base(), "dreiblatt", &[]);
    // Beck: a round of declarations before the talon; nobody sees it yet.
    assert_eq!(at(&g).phase(), Phase::PreTalon);
    assert!(at(&g).visible(Viewer::Spectator).talon.is_empty());
    assert_eq!(at(&g).talon_groups(), None);
    round(&mut g, &[]);
    assert_eq!(at(&g).phase(), Phase::Talon);
    assert_eq!(
        at(&g).visible(Viewer::Seat(seat(1))).talon,
        set("C9 C8 C7 S9 S8 S7")
    );
    // Dreiblatt: runs of three start at cards 1 to 4.
    for p in 1..=4 {
        assert!(legal(&g, &format!("take {p}")));
    }
    assert_eq!(refused(&g, "take 5"), "AT-TALON-03");
    assert_eq!(at(&g).talon_groups().map(|t| t.taken), Some(0));
    act(&mut g, "take 3");
    assert_eq!(at(&g).talon_received(seat(0)), set("C7 S9 S8"));
    // Views show the talon in its order, card by card, the run taken marked.
    let t = at(&g).talon_groups().expect("turned up");
    assert_eq!((t.group_size, t.groups, t.exposed), (1, 6, 0b11_1111));
    assert_eq!(t.taken, 0b1_1100);
    act(&mut g, "discard C7, discard S9");
    assert_eq!(at(&g).phase(), Phase::Discard);
    act(&mut g, "discard HC");
    assert_eq!(at(&g).phase(), Phase::Announce);
    assert_eq!(at(&g).hand(seat(0)).len(), 16);
    // The discards are the soloist's: they count with his tricks.
    assert!(at(&g).piles()[0].is_superset(set("C7 S9 HC")));
}

// rule: AT-TALON-02
#[test]
fn graz_declares_nothing_before_the_talon() {
    // With Graz timing and Graz kontras there is no round before the talon.
    let opts = [("bonus_declaration_timing", "graz")];
    let g = declared(&base(), "dreiblatt", &opts);
    assert_eq!(at(&g).phase(), Phase::Talon);
    // With Beck's kontras the round is there, but declarations are not.
    let opts = [
        ("bonus_declaration_timing", "graz"),
        ("kontra_rules", "beck"),
    ];
    let mut g = declared(&base(), "dreiblatt", &opts);
    assert_eq!(at(&g).phase(), Phase::PreTalon);
    assert_eq!(refused(&g, "announce royal-trull"), "AT-TALON-02");
    act(&mut g, "pass");
    assert!(legal(&g, "kontra game"));
}

// rule: AT-TALON-05
#[test]
fn a_solo_uses_no_talon() {
    let mut g = declared(&base(), "solo", &[]);
    assert_eq!(at(&g).phase(), Phase::Announce);
    assert!(at(&g).visible(Viewer::Spectator).talon.is_empty());
    round(&mut g, &[]);
    assert_eq!(at(&g).phase(), Phase::Play);
    assert_eq!(at(&g).talon_remaining().len(), 6);
}

// ---------------------------------------------------------------------------------------------
// Declarations and kontra

/// The base deal in the round after the talon, A soloist of Dreiblatt having taken the first
/// three talon cards and discarded them again.
fn ich_liege(cards: &Cards, opts: &[(&str, &str)]) -> AnyGame {
    let mut g = declared(cards, "dreiblatt", opts);
    if at(&g).phase() == Phase::PreTalon {
        round(&mut g, &[]);
    }
    act(&mut g, "take 1, discard C9, discard C8, discard C7");
    assert_eq!(at(&g).phase(), Phase::Announce);
    g
}

// rule: AT-ANN-01, AT-ANN-02, AT-ANN-03, AT-ANN-06, AT-ANN-07
#[test]
fn ich_liege_then_the_defenders_answer_clockwise() {
    let mut g = ich_liege(&base(), &[]);
    assert_eq!(g.to_act(), Some(seat(0)), "the soloist first");
    assert!(legal(&g, "announce royal-trull"));
    // Graz: no kontra by the soloist on his own game.
    assert_eq!(refused(&g, "kontra game"), "AT-ANN-05");
    act(&mut g, "announce royal-trull");
    assert_eq!(at(&g).declared().count(), 1);
    let mut g = ich_liege(&base(), &[]);
    act(&mut g, "pass");
    // Clockwise: rearhand (A's left) answers first, then middlehand.
    assert_eq!(g.to_act(), Some(seat(2)));
    act(&mut g, "kontra game, pass");
    assert_eq!(g.to_act(), Some(seat(1)));
    act(&mut g, "pass");
    // The kontra is answered: A may say rekontra; play starts once the kontras are done.
    assert_eq!(at(&g).phase(), Phase::Announce);
    assert_eq!(g.to_act(), Some(seat(0)));
    act(&mut g, "rekontra game, pass, pass, pass");
    assert_eq!(at(&g).phase(), Phase::Play);
    assert_eq!(at(&g).game_level(), 2);
    // The kontra binds both defenders: the game line's multiplier is the same for both.
    assert_eq!(g.to_act(), Some(seat(0)), "forehand leads");
}

// rule: AT-ANN-04, AT-ANN-05, AT-ANN-09, AT-ANN-10
#[test]
fn what_may_be_declared_and_kontrad() {
    let mut g = ich_liege(&base(), &[]);
    // A holds SKIZ and XXI (heads), four kings (Royal Trull); not the I.
    assert!(legal(&g, "announce heads"));
    assert_eq!(refused(&g, "announce tarock-trull"), "AT-SCORE-13");
    assert_eq!(refused(&g, "announce pagat-ultimo"), "AT-SCORE-22");
    assert_eq!(refused(&g, "announce without-kings"), "AT-SCORE-16");
    // The owl is played only if agreed.
    assert_eq!(refused(&g, "announce sas-uhu"), "AT-ANN-09");
    act(&mut g, "announce royal-trull, announce volat, pass");
    // A defender may declare his own combination and Pagat Ultimo; and kontra the soloist's.
    assert_eq!(g.to_act(), Some(seat(2)));
    assert_eq!(refused(&g, "announce volat"), "AT-ANN-04");
    assert_eq!(refused(&g, "rekontra volat"), "AT-ANN-05");
    act(&mut g, "kontra volat, pass");
    assert_eq!(g.to_act(), Some(seat(1)));
    act(&mut g, "announce pagat-ultimo, pass");
    // A's second turn: only answers, rekontra of his Valat and kontra of B's ultimo.
    assert_eq!(refused(&g, "announce with-forty"), "AT-ANN-04");
    act(&mut g, "rekontra volat, kontra pagat-ultimo, pass");
    round(&mut g, &[]);
    let declared: Vec<_> = at(&g)
        .declared()
        .map(|(b, t, l, s, _)| (b, t, l, s))
        .collect();
    assert_eq!(
        declared,
        vec![
            (Bonus::RoyalTrull, Team::Declarer, 0, seat(0)),
            (Bonus::PagatUltimo, Team::Opponents, 1, seat(1)),
            (Bonus::Volat, Team::Declarer, 2, seat(0)),
        ]
    );
    // Owl pre-ultimo when agreed, by the holder of the II.
    let g = ich_liege(&base().swap("T2", "T14"), &[("owl_pre_ultimo", "true")]);
    assert!(legal(&g, "announce sas-uhu"));
}

// rule: AT-ANN-08
#[test]
fn beck_kontra_before_the_talon_doubles_everything() {
    let opts = [("kontra_rules", "beck")];
    let mut g = declared(&base(), "dreiblatt", &opts);
    act(&mut g, "announce royal-trull, pass");
    assert_eq!(g.to_act(), Some(seat(2)));
    // A kontra names the game, not a bonus.
    assert_eq!(refused(&g, "kontra royal-trull"), "AT-ANN-08");
    act(&mut g, "kontra game, pass");
    assert_eq!(at(&g).game_level(), 1);
    act(&mut g, "pass");
    assert_eq!(g.to_act(), Some(seat(0)));
    // The same hand without the kontra: every line of the kontra'd one is twice as large.
    let mut plain = declared(&base(), "dreiblatt", &opts);
    act(&mut plain, "announce royal-trull, pass");
    let kontra = settle_passing(g);
    let plain = settle_passing(plain);
    assert!(!plain.items.is_empty());
    assert_eq!(kontra.items.len(), plain.items.len());
    for (k, p) in kontra.items.iter().zip(&plain.items) {
        assert_eq!((k.item, k.base), (p.item, p.base));
        assert_eq!(k.multiplier, 2 * p.multiplier, "{:?}", k.item);
    }
    for s in 0..3u8 {
        assert_eq!(kontra.totals[seat(s)], 2 * plain.totals[seat(s)]);
    }
}

/// Plays a hand out, passing whenever a pass is legal and otherwise taking the first legal
/// action, and returns its settlement.
fn settle_passing(mut g: AnyGame) -> Ledger {
    while g.to_act().is_some() {
        let legal = g.legal_actions();
        let a = if legal.contains(Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        g = g.play(a).expect("legal");
    }
    g.outcome().expect("over").ledger
}

// ---------------------------------------------------------------------------------------------
// Play

// rule: AT-PLAY-02, AT-PLAY-03, AT-PLAY-04, AT-PLAY-05, AT-PLAY-06
// rule: AT-SCORE-30, AT-SCORE-31  (a revoke is refused when tried: its penalty never falls due)
#[test]
fn follow_suit_else_tarock_else_anything_and_no_need_to_win() {
    let mut g = ich_liege(&base(), &[]);
    round(&mut g, &[]);
    act(&mut g, "play HK");
    // B must follow hearts but need not win.
    assert_eq!(refused(&g, "play T13"), "AT-PLAY-02");
    act(&mut g, "play H2");
    act(&mut g, "play H3");
    // A leads diamonds; B follows; C follows.
    act(&mut g, "play DK, play DA, play D2");
    // A leads clubs: B follows, C follows.
    act(&mut g, "play CK, play CC, play CJ");
    // A leads spades: B follows with the queen; C follows.
    act(&mut g, "play SK, play SQ, play SC");
    // A leads the queen of hearts: both follow with their next hearts.
    act(&mut g, "play HQ, play HJ, play H4");
    // A leads the cavalier: B plays its last heart; C is void: it must play a tarock.
    act(&mut g, "play HC, play HA");
    assert_eq!(refused(&g, "play D3"), "AT-PLAY-03");
    assert!(legal(&g, "play T2"));
    act(&mut g, "play T2");
    assert_eq!(g.to_act(), Some(seat(2)), "the tarock wins");
    // A hand with neither the suit nor a tarock plays anything.
    assert_eq!(
        TrickRules::TAROCK.legal(set("D3 S10"), Some(c("HC"))),
        set("D3 S10")
    );
}

// ---------------------------------------------------------------------------------------------
// Whole hands

/// A whole hand written as its tricks (see the module docs).
struct Script {
    opts: &'static [(&'static str, &'static str)],
    talon: &'static str,
    auction: &'static str,
    soloist: u8,
    pre_talon: &'static [(u8, &'static str)],
    take: &'static str,
    discards: &'static str,
    announce: &'static [(u8, &'static str)],
    tricks: [&'static str; 16],
}

impl Script {
    fn cards(&self) -> Cards {
        let mut played = [CardSet::EMPTY; 3];
        let mut leader = seat(0);
        for t in self.tricks {
            let mut trick = Trick::new(leader);
            for (k, card) in t.split_whitespace().enumerate() {
                let s = seat((leader.get() + k as u8) % 3);
                trick.push(s, c(card));
                played[s.index()].insert(c(card));
            }
            leader = trick.winner(&TrickRules::TAROCK).expect("a winner").0;
        }
        let talon: Vec<Card> = self.talon.split_whitespace().map(c).collect();
        let taken: CardSet = match self.take.strip_prefix("take ") {
            Some(p) => {
                let p: usize = p.parse::<usize>().expect("a position") - 1;
                let k = self.discards.split_whitespace().count();
                talon[p..p + k].iter().copied().collect()
            }
            None => CardSet::EMPTY,
        };
        let s = usize::from(self.soloist);
        played[s] = (played[s] - taken) | set(self.discards);
        Cards::new(AT, seat(2), played.map(notation), self.talon)
    }

    fn run(&self) -> AnyGame {
        let mut g = self.cards().game(self.opts);
        act(&mut g, self.auction);
        if at(&g).phase() == Phase::PreTalon {
            round(&mut g, self.pre_talon);
        }
        act(&mut g, self.take);
        for d in self.discards.split_whitespace() {
            act(&mut g, &format!("discard {d}"));
        }
        round(&mut g, self.announce);
        for t in self.tricks {
            for card in t.split_whitespace() {
                act(&mut g, &format!("play {card}"));
            }
        }
        assert_eq!(at(&g).phase(), Phase::Over(End::Played));
        g
    }

    fn ledger(&self) -> Ledger {
        self.run().outcome().expect("over").ledger
    }
}

/// A, Dreiblatt, takes HQ SQ CQ from the talon and discards H2 DA C10; A wins every trick but
/// the thirteenth: 63 card points to 7.
const G1: Script = Script {
    opts: &[],
    talon: "T2 HQ SQ CQ DC S10",
    auction: "bid dreiblatt, pass, pass",
    soloist: 0,
    pre_talon: &[],
    take: "take 2",
    discards: "H2 DA C10",
    announce: &[],
    tricks: [
        "SKIZ T15 T9",
        "T21 T14 T8",
        "T20 T13 T7",
        "T19 T12 T6",
        "T18 T11 T5",
        "T17 T10 T4",
        "T16 T1 T3",
        "HK HJ H4",
        "DK DJ D4",
        "CK CJ C7",
        "SK SJ S7",
        "HQ HC H3",
        "D2 DQ D3",
        "CC C8 CQ",
        "SQ SC S8",
        "HA S9 C9",
    ],
};

// rule: AT-SCORE-02, AT-SCORE-03, AT-SCORE-04, AT-SCORE-06, AT-SCORE-11, AT-SCORE-12
// rule: AT-SCORE-14, AT-SCORE-15, AT-SCORE-19, AT-SCORE-20, AT-SCORE-32, AT-MATCH-03
#[test]
fn a_dreiblatt_won_with_its_silent_bonuses() {
    let l = G1.ledger();
    assert_eq!(l.card_points, Some([63, 7]));
    let game = line(&l, Item::Game).expect("the game");
    // Declared (3) plus 28 points above 35, Dreiblatt × 1.
    assert_eq!((game.base, game.multiplier, game.made), (31, 1, true));
    let bonus = |b| line(&l, Item::Bonus(b)).map(|i| (i.base, i.seat, i.made));
    assert_eq!(bonus(Bonus::RoyalTrull), Some((5, Some(seat(0)), true)));
    assert_eq!(bonus(Bonus::Heads), Some((2, Some(seat(0)), true)));
    assert_eq!(bonus(Bonus::WithForty), Some((5, None, true)));
    assert_eq!(bonus(Bonus::WithFifty), Some((10, None, true)));
    assert_eq!(bonus(Bonus::TarockTrull), None);
    assert_eq!(bonus(Bonus::Volat), None);
    // Points are credited to the winner; the defenders get nothing here.
    assert_eq!(totals::<3>(&l), [31 + 5 + 2 + 5 + 10, 0, 0]);
    assert_eq!(l.scoring, tarock_engine::ledger::Scoring::Points);
}

// rule: AT-SCORE-05, AT-SCORE-07, AT-SCORE-08, AT-SCORE-29, AT-ANN-07
#[test]
fn held_zweiblatt_kontra_and_rekontra() {
    // Forehand holds against an Unteren: 5 game points; Zweiblatt doubles. A takes two talon
    // cards (HQ SQ) and discards two (H2 DA); CQ is then in A's dealt hand, and the talon's
    // remainder (T2 C10 DC S10) counts for the defenders.
    let held = Script {
        talon: "T2 HQ SQ C10 DC S10",
        take: "take 2",
        discards: "H2 DA",
        auction: "bid zweiblatt, unteren, pass, hold, pass",
        announce: &[(2, "kontra game"), (0, "rekontra game")],
        ..G1
    };
    let g = held.run();
    assert_eq!(at(&g).won_as(), Some(Won::Held));
    let l = g.outcome().expect("over").ledger;
    let game = line(&l, Item::Game).expect("the game");
    let [soloist, defenders] = l.card_points.expect("counted");
    assert_eq!(soloist + defenders, 70);
    assert_eq!(game.base, 5 + soloist - 35);
    // Zweiblatt × 2, kontra and rekontra × 4.
    assert_eq!(game.multiplier, 2 * 4);
    assert_eq!(game.payments[seat(0)], game.base * 8);
    // The same hand declared and not kontra'd: (3 + excess) × 2. The seed's worked example,
    // "Zweiblatt won with 39 scores (3 + 4) × 2 = 16", applies this rule; its product is 14.
    let declared = Script {
        auction: "bid zweiblatt, pass, pass",
        announce: &[],
        ..held
    };
    let l = declared.ledger();
    let game = line(&l, Item::Game).expect("the game");
    assert_eq!(
        (game.base, game.multiplier),
        (3 + l.card_points.expect("counted")[0] - 35, 2)
    );
}

// rule: AT-SCORE-09, AT-SCORE-10, AT-SCORE-18, AT-SCORE-21, AT-SCORE-22, AT-ANN-04
#[test]
fn declared_bonuses_count_by_when_they_were_declared() {
    // Before the talon (Beck): Royal Trull 5 × 2, With Fifty 10 × 4; after it: Heads 2 × 1.
    let s = Script {
        pre_talon: &[(0, "announce royal-trull"), (0, "announce with-fifty")],
        announce: &[(0, "announce heads")],
        ..G1
    };
    let l = s.ledger();
    let bonus = |b| line(&l, Item::Bonus(b)).map(|i| (i.base, i.announced, i.made));
    assert_eq!(bonus(Bonus::RoyalTrull), Some((10, true, true)));
    assert_eq!(bonus(Bonus::WithFifty), Some((40, true, true)));
    assert_eq!(bonus(Bonus::Heads), Some((2, true, true)));
    // A declared With Forty after the talon counts double.
    let s = Script {
        announce: &[(0, "announce with-forty")],
        ..G1
    };
    let l = s.ledger();
    assert_eq!(
        line(&l, Item::Bonus(Bonus::WithForty)).map(|i| i.base),
        Some(10)
    );
    // Graz's timing: nothing before the talon; a combination declared after "Ich liege" counts
    // double, one left silent its basic value.
    let s = Script {
        opts: &[("bonus_declaration_timing", "graz")],
        announce: &[(0, "announce royal-trull")],
        ..G1
    };
    let l = s.ledger();
    let bonus = |b| line(&l, Item::Bonus(b)).map(|i| (i.base, i.announced));
    assert_eq!(bonus(Bonus::RoyalTrull), Some((10, true)));
    assert_eq!(bonus(Bonus::Heads), Some((2, false)));
}

// rule: AT-SCORE-32, AT-SCORE-22, AT-SCORE-13, AT-SCORE-17
#[test]
fn a_failed_declaration_scores_for_the_other_side() {
    // B declares Pagat Ultimo after the talon; the I falls in the seventh trick: A scores 10.
    let s = Script {
        announce: &[(1, "announce pagat-ultimo")],
        ..G1
    };
    let l = s.ledger();
    let u = line(&l, Item::Bonus(Bonus::PagatUltimo)).expect("the ultimo");
    assert_eq!((u.base, u.team, u.made), (10, Some(Team::Opponents), false));
    assert_eq!(u.payments.0[..3], [10, 0, 0]);
    // A Valat declared by A fails (the thirteenth trick): each defender scores it.
    let s = Script {
        announce: &[(0, "announce volat")],
        ..G1
    };
    let l = s.ledger();
    let v = line(&l, Item::Bonus(Bonus::Volat)).expect("Valat");
    assert_eq!((v.base, v.made), (24, false));
    assert_eq!(v.payments.0[..3], [0, 24, 24]);
}

/// G1 but A also wins the thirteenth trick: every trick.
const VALAT: Script = Script {
    talon: "T2 HQ SQ CQ D2 S10",
    discards: "H2 DA C10",
    tricks: [
        "SKIZ T15 T9",
        "T21 T14 T8",
        "T20 T13 T7",
        "T19 T12 T6",
        "T18 T11 T5",
        "T17 T10 T4",
        "T16 T1 T3",
        "HK HJ H4",
        "DK DJ D4",
        "CK CJ C7",
        "SK SJ S7",
        "HQ HC H3",
        "DQ DC D3",
        "CQ CC C8",
        "SQ SC S8",
        "HA S9 C9",
    ],
    ..G1
};

// rule: AT-SCORE-25, AT-ANN-10
#[test]
fn valat_beck_a_is_added() {
    let l = VALAT.ledger();
    let v = line(&l, Item::Bonus(Bonus::Volat)).expect("Valat");
    assert_eq!((v.base, v.multiplier, v.announced), (12, 1, false));
    let s = Script {
        pre_talon: &[(0, "announce volat")],
        ..VALAT
    };
    let l = s.ledger();
    assert_eq!(
        line(&l, Item::Bonus(Bonus::Volat)).map(|v| v.base),
        Some(48)
    );
    let s = Script {
        announce: &[(0, "announce volat")],
        ..VALAT
    };
    let l = s.ledger();
    assert_eq!(
        line(&l, Item::Bonus(Bonus::Volat)).map(|v| v.base),
        Some(24)
    );
}

// rule: AT-SCORE-26, AT-SCORE-27, AT-SCORE-28
#[test]
fn valat_beck_b_and_graz_multiply() {
    let plain = VALAT.ledger().totals[seat(0)];
    let without_valat: i64 = VALAT
        .ledger()
        .items
        .iter()
        .filter(|i| i.item != Item::Bonus(Bonus::Volat))
        .map(|i| i.payments[seat(0)])
        .sum();
    assert_eq!(plain, without_valat + 12);
    // Beck B: twelve times everything the soloist scores.
    let s = Script {
        opts: &[("valat_scoring", "beckB")],
        ..VALAT
    };
    assert_eq!(s.ledger().totals[seat(0)], 12 * without_valat);
    // Graz: six times the basic value (game, combinations, last-trick bonuses), Still.
    let s = Script {
        opts: &[("valat_scoring", "graz")],
        ..VALAT
    };
    let l = s.ledger();
    let basis: i64 = l
        .items
        .iter()
        .filter(|i| {
            matches!(
                i.item,
                Item::Game | Item::Bonus(Bonus::RoyalTrull | Bonus::Heads)
            )
        })
        .map(|i| i.payments[seat(0)])
        .sum();
    let v = line(&l, Item::Bonus(Bonus::Volat)).expect("Valat");
    assert_eq!((v.base, v.multiplier), (basis, 5));
    // Graz, declared and failed: the defenders win the game with every card in play.
    let s = Script {
        opts: &[("valat_scoring", "graz")],
        announce: &[(0, "announce volat")],
        ..G1
    };
    let l = s.ledger();
    let game = line(&l, Item::Game).expect("the game");
    assert!(!game.made);
    let in_play = 70 - count(CountMethod::ThreesMinusTwo, set("T2 DC S10"));
    assert_eq!(game.base, 3 + in_play - 35);
    assert_eq!(game.payments.0[..3], [0, game.base, game.base]);
}

// rule: AT-SCORE-16, AT-SCORE-17, AT-SCORE-13
#[test]
fn without_kings_and_without_trull_are_the_soloists() {
    // C plays a Solo and holds no king and no trull card.
    let mut g = base().game(&[]);
    act(&mut g, "pass, pass, bid solo");
    assert_eq!(at(&g).declarer(), Some((seat(2), Contract::Solo)));
    assert_eq!(g.to_act(), Some(seat(2)));
    assert!(legal(&g, "announce without-kings"));
    assert!(legal(&g, "announce without-trull"));
    // A defender holding Tarock Trull may declare it: A, after B (clockwise from C).
    let mut g = base().swap("T1", "T14").game(&[]);
    act(&mut g, "pass, pass, bid solo, pass");
    assert_eq!(g.to_act(), Some(seat(1)));
    act(&mut g, "pass");
    assert_eq!(g.to_act(), Some(seat(0)));
    assert!(legal(&g, "announce royal-trull"));
    assert!(legal(&g, "announce tarock-trull"));
    assert_eq!(refused(&g, "announce without-kings"), "AT-SCORE-16");
}

// rule: AT-SCORE-23, AT-ANN-09
#[test]
fn owl_pre_ultimo_with_the_ii_in_the_fifteenth_trick() {
    // C's II wins the fifteenth trick: A leads the SQ, B follows, C has no spade left and
    // trumps with the II.
    let s = Script {
        opts: &[("owl_pre_ultimo", "true")],
        talon: "S8 HQ SQ CQ DC S10",
        tricks: [
            "SKIZ T15 T9",
            "T21 T14 T8",
            "T20 T13 T7",
            "T19 T12 T6",
            "T18 T11 T5",
            "T17 T10 T4",
            "T16 T1 T3",
            "HK HJ H4",
            "DK DJ D4",
            "CK CJ C7",
            "SK SJ S7",
            "HQ HC H3",
            "D2 DQ D3",
            "CC C8 CQ",
            "SQ SC T2",
            "C9 HA S9",
        ],
        ..G1
    };
    let l = s.ledger();
    let owl = line(&l, Item::Bonus(Bonus::SasUhu)).expect("the owl");
    assert_eq!(
        (owl.base, owl.team, owl.made),
        (5, Some(Team::Opponents), true)
    );
    assert_eq!(owl.payments.0[..3], [0, 5, 5]);
    // Without the agreement there is no owl.
    let s = Script { opts: &[], ..s };
    assert!(line(&s.ledger(), Item::Bonus(Bonus::SasUhu)).is_none());
}

// rule: AT-SCORE-24
#[test]
fn mondfang_credits_the_captor_and_takes_from_the_loser() {
    // B plays the XXI under A's Sküs in the first trick.
    let s = Script {
        opts: &[("mondfang_bonus", "true")],
        tricks: [
            "SKIZ T21 T9",
            "T15 T14 T8",
            "T20 T13 T7",
            "T19 T12 T6",
            "T18 T11 T5",
            "T17 T10 T4",
            "T16 T1 T3",
            "HK HJ H4",
            "DK DJ D4",
            "CK CJ C7",
            "SK SJ S7",
            "HQ HC H3",
            "D2 DQ D3",
            "CC C8 CQ",
            "SQ SC S8",
            "HA S9 C9",
        ],
        ..G1
    };
    let l = s.ledger();
    let m = line(&l, Item::Bonus(Bonus::XxiCatch)).expect("Mondfang");
    assert_eq!(m.payments.0[..3], [5, -5, 0]);
    // Off by default.
    let s = Script { opts: &[], ..s };
    assert!(line(&s.ledger(), Item::Bonus(Bonus::XxiCatch)).is_none());
}

// rule: AT-SCORE-21
#[test]
fn graz_point_bonuses_are_with_fifty_only_at_the_end() {
    let s = Script {
        opts: &[("point_bonuses", "graz")],
        ..G1
    };
    let l = s.ledger();
    assert!(line(&l, Item::Bonus(Bonus::WithForty)).is_none());
    assert_eq!(
        line(&l, Item::Bonus(Bonus::WithFifty)).map(|i| (i.base, i.announced)),
        Some((10, false))
    );
    let mut g = ich_liege(&base(), &[("point_bonuses", "graz")]);
    assert_eq!(refused(&g, "announce with-fifty"), "AT-SCORE-21");
    act(&mut g, "pass");
}

// ---------------------------------------------------------------------------------------------
// The series

// rule: AT-MATCH-01, AT-MATCH-02, AT-MATCH-04
#[test]
fn the_series_ends_when_a_player_reaches_one_hundred() {
    let mut m = MatchContext::austrian(seat(2)).expect("three seats");
    assert_eq!(m.kind(), MatchKind::Austrian);
    let hand = G1.run();
    // Two hands of 53 for seat 0: the second passes 100 and ends the series, with 10 more.
    m.record_game(&hand);
    assert!(!m.is_over());
    assert_eq!(m.totals().0[..3], [53, 0, 0]);
    assert_eq!(m.dealer(), seat(0));
    m.record_game(&hand);
    assert!(m.is_over());
    assert_eq!(m.totals().0[..3], [116, 0, 0]);
    // The server keeps every player's record (no Schreiber needed); the parts round-trip.
    let again =
        MatchContext::simple_from_parts(MatchKind::Austrian, seat(1), &[10, 20, 30], 4, false)
            .expect("parts");
    assert_eq!(again.totals().0[..3], [10, 20, 30]);
    assert!(
        MatchContext::simple_from_parts(MatchKind::Austrian, seat(1), &[1, 2, 3, 4], 4, false)
            .is_err()
    );
}
