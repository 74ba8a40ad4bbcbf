//! The Slovenian settlement: a score sheet (SI-SCORE, SI-MATCH-01). The declarer and the
//! partner are each credited the game's result (negative when lost), the defenders nothing;
//! in klop each player his own; the mond penalty is one player's.

use crate::action::{Bonus, Contract};
use crate::card::{Card, CardSet};
use crate::count::{self, CountMethod};
use crate::game::Observe;
use crate::ledger::{Item, Ledger, LedgerItem, Scoring, Team};
use crate::seat::{BySeat, Seat};
use crate::shared::ladder_multiplier;
use crate::slovenian::game::{negative, takes_talon, value, Slovenian, TRULA};
use crate::slovenian::options::Rounding;

/// Card points the declarer's side needs more than (SI-SCORE-02).
const HALF: i64 = 35;
/// Silent trula and kings (SI-SCORE-07).
const TRULA_KINGS: i64 = 10;
/// Silent pagat ultimo (SI-SCORE-08).
const PAGAT_ULTIMO: i64 = 25;
/// Silent king ultimo (SI-SCORE-09).
const KING_ULTIMO: i64 = 10;
/// Silent valat (SI-SCORE-10).
const VALAT: i64 = 250;
/// Announced valat (SI-ANN-03).
const ANNOUNCED_VALAT: i64 = 500;
/// A klop player without a trick, or with more than 35 points (SI-SCORE-12).
const KLOP_FULL: i64 = 70;
/// Every card of the pack in piles: OpenSpiel's test of a valat.
const ALL_CARDS: u32 = 48;

/// `n` rounded to the nearest 5 under `rounding` (SI-SCORE-04).
fn round(rounding: Rounding, n: i64) -> i64 {
    match rounding {
        Rounding::Nearest5 => (n + 2).div_euclid(5) * 5,
        Rounding::None => n,
    }
}

/// A line crediting `points` to the declarer and the partner.
fn side_line(
    g: &Slovenian,
    item: Item,
    team: Team,
    base: i64,
    made: bool,
    points: i64,
) -> LedgerItem {
    let mut payments = BySeat::splat(0);
    let table = g.core_ref().table();
    for s in Seat::all(table.seats) {
        if table.is_active(s) && g.team_of(s) == Team::Declarer {
            payments[s] = points;
        }
    }
    LedgerItem {
        item,
        team: Some(team),
        seat: None,
        base,
        multiplier: 1,
        announced: false,
        made,
        payments,
        pots: [0; 2],
    }
}

/// A line crediting `points` to one seat.
fn seat_line(item: Item, s: Seat, base: i64, made: bool, points: i64) -> LedgerItem {
    let mut payments = BySeat::splat(0);
    payments[s] = points;
    LedgerItem {
        item,
        team: None,
        seat: Some(s),
        base,
        multiplier: 1,
        announced: false,
        made,
        payments,
        pots: [0; 2],
    }
}

/// The settlement of a hand played out.
pub(crate) fn settle(g: &Slovenian) -> Ledger {
    radli(g, lines(g))
}

/// SI-MATCH-02: a player holding a radelc has his score for the hand doubled, won or lost, but
/// for the mond penalty.
fn radli(g: &Slovenian, ledger: Ledger) -> Ledger {
    let held = g.options().radli_held;
    if held.iter().all(|&r| r == 0) {
        return ledger;
    }
    let mut out = Ledger {
        items: Vec::with_capacity(ledger.items.len()),
        totals: BySeat::splat(0),
        ..ledger.clone()
    };
    for mut line in ledger.items {
        if line.item != Item::Bonus(Bonus::XxiCatch) {
            for (p, &r) in line.payments.0.iter_mut().zip(&held) {
                if r > 0 {
                    *p *= 2;
                }
            }
        }
        out.push(line);
    }
    out
}

/// The lines of the hand before the radli.
fn lines(g: &Slovenian) -> Ledger {
    let mut ledger = Ledger {
        scoring: Scoring::Points,
        ..Ledger::default()
    };
    let Some(contract) = g.contract() else {
        return ledger;
    };
    if contract == Contract::Klop {
        klop(g, &mut ledger);
        return ledger;
    }
    let mine = g.declarer_pile();
    let points = count::count(CountMethod::ThreesMinusTwo, mine);
    ledger.card_points = Some([points, 70 - points]);
    if takes_talon(contract) {
        talon_contract(g, contract, mine, points, &mut ledger);
    } else {
        let won = match contract {
            Contract::Beggar | Contract::OpenBeggar => {
                g.core_ref().won(g.declarer_seat()).is_empty()
            }
            Contract::SoloWithout => {
                count::count(
                    CountMethod::ThreesMinusTwo,
                    g.core_ref().won(g.declarer_seat()),
                ) > HALF
            }
            _ => every_trick(g, Team::Declarer),
        };
        let v = value(contract);
        let mut game = side_line(g, Item::Game, Team::Declarer, v, won, 0);
        game.multiplier = ladder_multiplier(g.game_kontra());
        let points = (if won { v } else { -v }) * game.multiplier;
        set_points(g, &mut game, points);
        ledger.push(game);
    }
    let penalty = g.options().mond_penalty;
    if let Some(p) = g.mond_lost().filter(|_| penalty > 0 && !negative(contract)) {
        ledger.push(seat_line(
            Item::Bonus(Bonus::XxiCatch),
            p,
            penalty,
            false,
            -penalty,
        ));
    }
    ledger
}

/// True when `team` took every trick.
fn every_trick(g: &Slovenian, team: Team) -> bool {
    (0..g.tricks().len()).all(|i| g.trick_winner(i).is_some_and(|(w, _)| g.team_of(w) == team))
}

/// What a bonus came to in the hand: made by `Team` (the side credited when it is silent), or
/// failed by its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Made by this side.
    Made(Team),
    /// Played for and failed by this side (an ultimo card lost in the last trick).
    Failed(Team),
    /// Nothing happened.
    None,
}

/// How `b` ended (SI-SCORE-07..09): the trula and the kings by the side that took them all, the
/// pagat ultimo by the pagat in the last trick, the king ultimo by the called king there.
fn outcome(g: &Slovenian, b: Bonus, mine: CardSet, theirs: CardSet) -> Outcome {
    let pile = |cards: CardSet| {
        if mine.is_superset(cards) {
            Outcome::Made(Team::Declarer)
        } else if theirs.is_superset(cards) {
            Outcome::Made(Team::Opponents)
        } else {
            Outcome::None
        }
    };
    let last = g.tricks().last().copied();
    let last = last.and_then(|t| g.winner_of(&t).map(|w| (t, w)));
    match b {
        Bonus::Trull => pile(TRULA),
        Bonus::FourKings => pile(CardSet::KINGS),
        Bonus::PagatUltimo => match last {
            Some((t, (_, best))) => match t.player_of(Card::PAGAT) {
                Some(by) if best == Card::PAGAT => Outcome::Made(g.team_of(by)),
                Some(by) => Outcome::Failed(g.team_of(by)),
                None => Outcome::None,
            },
            None => Outcome::None,
        },
        Bonus::KingUltimo(suit) => match last {
            Some((t, (w, _))) if g.called() == Some(Card::king(suit)) => {
                if !t.cards().contains(Card::king(suit)) {
                    Outcome::None
                } else if g.team_of(w) == Team::Declarer {
                    Outcome::Made(Team::Declarer)
                } else {
                    Outcome::Failed(Team::Declarer)
                }
            }
            _ => Outcome::None,
        },
        _ => Outcome::None,
    }
}

/// The silent value of a bonus (SI-SCORE-07..09).
fn silent_value(b: Bonus) -> i64 {
    match b {
        Bonus::PagatUltimo => PAGAT_ULTIMO,
        Bonus::KingUltimo(_) => KING_ULTIMO,
        Bonus::Volat => VALAT,
        _ => TRULA_KINGS,
    }
}

/// Three … solo one: the game with the difference, the bonuses silent or announced, or the
/// valat (SI-SCORE-04..10, SI-ANN-03/04).
fn talon_contract(
    g: &Slovenian,
    contract: Contract,
    mine: CardSet,
    points: i64,
    ledger: &mut Ledger,
) {
    let o = g.options();
    let theirs = g.defenders_pile();
    let game_mult = ladder_multiplier(g.game_kontra());
    let valat = if o.openspiel_quirks {
        if mine.len() == ALL_CARDS {
            Some(Team::Declarer)
        } else if theirs.len() == ALL_CARDS {
            Some(Team::Opponents)
        } else {
            None
        }
    } else if every_trick(g, Team::Declarer) {
        Some(Team::Declarer)
    } else if every_trick(g, Team::Opponents) {
        Some(Team::Opponents)
    } else {
        None
    };
    let announced_valat = g.is_announced(Bonus::Volat);
    // SI-ANN-03: an announced bonus counts double its silent value, made or failed, times its
    // kontras; the valat 500.
    let announced_line = |ledger: &mut Ledger, b: Bonus, made: bool, level: u8| {
        let base = if b == Bonus::Volat {
            ANNOUNCED_VALAT
        } else {
            2 * silent_value(b)
        };
        let mut line = side_line(g, Item::Bonus(b), Team::Declarer, base, made, 0);
        line.announced = true;
        line.multiplier = ladder_multiplier(level);
        let v = base * line.multiplier;
        for p in &mut line.payments.0 {
            if *p == 0 {
                continue;
            }
        }
        set_points(g, &mut line, if made { v } else { -v });
        ledger.push(line);
    };
    if let Some(t) = valat {
        // SI-SCORE-10: the valat replaces the game and the bonuses.
        match (t, announced_valat) {
            (Team::Declarer, Some(a)) => announced_line(ledger, Bonus::Volat, true, a.level),
            (t, a) => {
                let sign = if t == Team::Declarer { 1 } else { -1 };
                let mut line = side_line(g, Item::Bonus(Bonus::Volat), t, VALAT, true, 0);
                line.multiplier = game_mult;
                set_points(g, &mut line, sign * VALAT * game_mult);
                ledger.push(line);
                if let Some(a) = a {
                    announced_line(ledger, Bonus::Volat, false, a.level);
                }
            }
        }
        return;
    }
    let won = points > HALF;
    let result = value(contract) + round(o.rounding, (points - HALF).abs());
    let mut game = side_line(g, Item::Game, Team::Declarer, result, won, 0);
    game.multiplier = game_mult;
    set_points(
        g,
        &mut game,
        (if won { result } else { -result }) * game_mult,
    );
    ledger.push(game);
    if let Some(a) = announced_valat {
        announced_line(ledger, Bonus::Volat, false, a.level);
    }
    let made = |ledger: &mut Ledger, b: Bonus, t: Team, base: i64| {
        let sign = if t == Team::Declarer { 1 } else { -1 };
        ledger.push(side_line(g, Item::Bonus(b), t, base, true, sign * base));
    };
    if o.openspiel_quirks {
        // OpenSpiel counts "kings" by a pile of exactly four cards, and never the trula.
        if mine.len() == 4 {
            made(ledger, Bonus::FourKings, Team::Declarer, TRULA_KINGS);
        } else if theirs.len() == 4 {
            made(ledger, Bonus::FourKings, Team::Opponents, TRULA_KINGS);
        }
        quirk_ultimo(g, ledger);
        return;
    }
    let king = g.called().and_then(Card::suit).map(Bonus::KingUltimo);
    let bonuses = [
        Some(Bonus::Trull),
        Some(Bonus::FourKings),
        Some(Bonus::PagatUltimo),
        king,
    ];
    for b in bonuses.into_iter().flatten() {
        let happened = outcome(g, b, mine, theirs);
        if let Some(a) = g.is_announced(b) {
            let ok = happened == Outcome::Made(Team::Declarer);
            announced_line(ledger, b, ok, a.level);
            continue;
        }
        let v = silent_value(b);
        match happened {
            Outcome::Made(t) => made(ledger, b, t, v),
            Outcome::Failed(t) => {
                let sign = if t == Team::Declarer { -1 } else { 1 };
                ledger.push(side_line(g, Item::Bonus(b), t, v, false, sign * v));
            }
            Outcome::None => {}
        }
    }
}

/// Credits `points` to the declarer and the partner on `line`.
fn set_points(g: &Slovenian, line: &mut LedgerItem, points: i64) {
    let table = g.core_ref().table();
    for s in Seat::all(table.seats) {
        if table.is_active(s) && g.team_of(s) == Team::Declarer {
            line.payments[s] = points;
        }
    }
}

/// OpenSpiel's ultimo: the last `n` cards of the last trick's winner's pile (the trick, and
/// the talon's rest when the called king brought it home there); the called king among them
/// scores 10, else the pagat 25, for the winner's side.
fn quirk_ultimo(g: &Slovenian, ledger: &mut Ledger) {
    let Some(last) = g.tricks().last().copied() else {
        return;
    };
    let Some((winner, _)) = g.winner_of(&last) else {
        return;
    };
    let n = usize::from(g.core_ref().table().active_count());
    let mut order: Vec<Card> = last.plays().map(|(_, c)| c).collect();
    if g.rest_with() == Some(g.tricks_in_hand() - 1) {
        order.extend(g.talon_rest_in_order());
    }
    let window = &order[order.len().saturating_sub(n)..];
    let side = g.team_of(winner);
    let sign = if side == Team::Declarer { 1 } else { -1 };
    let (b, base) = match g.called().filter(|k| window.contains(k)) {
        Some(k) => (
            k.suit().map_or(Bonus::PagatUltimo, Bonus::KingUltimo),
            KING_ULTIMO,
        ),
        None if window.contains(&Card::PAGAT) => (Bonus::PagatUltimo, PAGAT_ULTIMO),
        None => return,
    };
    ledger.push(side_line(g, Item::Bonus(b), side, base, true, sign * base));
}

/// Klop (SI-SCORE-12): each player's own pile.
fn klop(g: &Slovenian, ledger: &mut Ledger) {
    let table = g.core_ref().table();
    let rounding = g.options().rounding;
    let mut scores = BySeat::splat(0_i64);
    let mut extreme = false;
    for s in Seat::all(table.seats).filter(|&s| table.is_active(s)) {
        let pile = g.core_ref().won(s);
        let points = count::count(CountMethod::ThreesMinusTwo, pile);
        scores[s] = if points > HALF {
            extreme = true;
            -KLOP_FULL
        } else if pile.is_empty() {
            extreme = true;
            KLOP_FULL
        } else {
            -round(rounding, points)
        };
    }
    for s in Seat::all(table.seats).filter(|&s| table.is_active(s)) {
        let v = scores[s];
        let v = if extreme && v.abs() != KLOP_FULL {
            0
        } else {
            v
        };
        ledger.push(seat_line(Item::Trischaken, s, v.abs(), v >= 0, v));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_to_the_nearest_five() {
        // rule: SI-SCORE-04
        let r = |n| round(Rounding::Nearest5, n);
        assert_eq!(
            [r(0), r(2), r(3), r(7), r(8), r(13), r(35)],
            [0, 0, 5, 5, 10, 15, 35]
        );
        assert_eq!(round(Rounding::None, 13), 13);
    }
}
