//! The Austrian score sheet: the game, the card combinations, With Forty and With Fifty, Pagat
//! Ultimo and the Owl, Valat and Mondfang; and Trischaken.
//!
//! [`settle`] is a pure function of the facts of a finished hand ([`Facts`]); the state
//! machine collects them during play. [`settle_trischaken`] settles a hand played by everyone
//! for himself. Each kind of line has its function, in the order the sheet lists them.
//!
//! # Points, not payments
//!
//! A line credits its value to the players who won it: the soloist alone, or each defender
//! (AT-SCORE-32); nobody pays (`Scoring::Points`). The contract multiplies every line
//! (AT-SCORE-07): Dreiblatt 1 … Solo 4. Under Beck's rules a kontra on the game doubles every
//! line; under Graz's each declared item has its own.

use crate::action::{Bonus, Contract};
use crate::austrian::game::{bonus_slot, Won, TRICKS};
use crate::austrian::options::{AustrianOptions, KontraRules, Rules, ValatScoring};
use crate::card::{Card, CardSet, Pack};
use crate::count::{self, CountMethod};
use crate::ledger::{Item, Ledger, LedgerItem, Scoring, Team};
use crate::seat::{BySeat, Seat, Table};
use crate::trick::{Trick, TrickRules};

/// The card points the soloist needs: 36 of 70 (AT-SCORE-04).
const GAME_POINTS: i64 = 36;
/// The points above which each point counts for the game's winner (AT-SCORE-06).
const EXCESS_FROM: i64 = 35;
/// With Forty's card points and basic value (AT-SCORE-19).
const WITH_FORTY: (i64, i64) = (40, 5);
/// With Fifty's card points and basic value (AT-SCORE-20).
const WITH_FIFTY: (i64, i64) = (50, 10);
/// Pagat Ultimo's and the Owl's basic value, Still (AT-SCORE-22/23).
const ULTIMO: i64 = 5;
/// Beck A's Valat: Still, declared after the talon, before it (AT-SCORE-25).
const VALAT_BECK: [i64; 3] = [12, 24, 48];
/// Graz's Valat factor: Still, declared (AT-SCORE-27).
const VALAT_GRAZ: [i64; 2] = [6, 12];
/// Mondfang: the Sküs's player gains it and the XXI's loses it (AT-SCORE-24).
const MONDFANG: i64 = 5;
/// Trischaken: the most card points lose 10 (AT-SCORE-33)…
const TRISCHAKEN_MOST: i64 = -10;
/// …the others win 5…
const TRISCHAKEN_OTHERS: i64 = 5;
/// …and 10 without a trick.
const TRISCHAKEN_NO_TRICK: i64 = 10;

/// The card combinations (AT-SCORE-11..17) and their basic values.
const COMBOS: [(Bonus, i64); 5] = [
    (Bonus::RoyalTrull, 5),
    (Bonus::TarockTrull, 4),
    (Bonus::Heads, 2),
    (Bonus::WithoutKings, 5),
    (Bonus::WithoutTrull, 4),
];

/// The trull cards: I, XXI, Sküs.
const TRULL: CardSet = CardSet::HONOURS;

/// A bonus of the hand, declared or not, as the round left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Declared {
    /// It was declared.
    pub declared: bool,
    /// Who declared it.
    pub by: Seat,
    /// Declared before the talon (Beck).
    pub before_talon: bool,
    /// Graz kontra level on it.
    pub level: u8,
}

/// The facts of a finished, played Austrian hand with a soloist that its score depends on.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// The rules.
    pub options: &'a AustrianOptions,
    /// The table of three.
    pub table: Table,
    /// The soloist.
    pub declarer: Seat,
    /// The contract.
    pub contract: Contract,
    /// How the soloist came by the contract.
    pub won_as: Won,
    /// Each bonus of [`crate::austrian::game::BONUSES`], in its order.
    pub bonuses: [Declared; 10],
    /// The kontra level on the game (Graz), or on everything (Beck).
    pub game_level: u8,
    /// Each hand as play started: the combinations are judged on it.
    pub at_play: BySeat<CardSet>,
    /// The sixteen tricks in order.
    pub tricks: &'a [Trick],
    /// The soloist's pile and the defenders' (AT-TALON-04, `talon_remainder`).
    pub piles: [CardSet; 2],
    /// The talon cards the soloist did not take.
    pub talon_left: CardSet,
}

/// The facts with the questions the scoring rules ask of them.
struct Hand<'a> {
    f: &'a Facts<'a>,
    /// The contract multiplier (AT-SCORE-07).
    m: i64,
    /// Beck's kontra rules: a kontra doubles everything.
    beck: bool,
    /// The kontra factor on every line under Beck's rules (1 under Graz's).
    all: i64,
}

/// The factor of a kontra level: ×2 kontra, ×4 rekontra.
fn kontra(level: u8) -> i64 {
    1_i64 << level.min(2)
}

impl Hand<'_> {
    fn team_of(&self, s: Seat) -> Team {
        if s == self.f.declarer {
            Team::Declarer
        } else {
            Team::Opponents
        }
    }

    /// The kontra factor of a bonus's line.
    fn item_kontra(&self, d: &Declared) -> i64 {
        if self.beck {
            self.all
        } else {
            kontra(d.level)
        }
    }

    fn bonus(&self, b: Bonus) -> Declared {
        self.f.bonuses[bonus_slot(b).unwrap_or(0)]
    }

    /// A line worth `base × multiplier` to `team` (made) or to the other side (failed): the
    /// soloist alone, or each defender (AT-SCORE-32).
    fn line(
        &self,
        item: Item,
        team: Team,
        base: i64,
        mult: i64,
        ann: bool,
        made: bool,
    ) -> LedgerItem {
        // Each player of the winning side is credited the value; nobody pays.
        LedgerItem::of_team(item, team, base, mult, ann, made, |winner, v| {
            let mut credits = BySeat::splat(0);
            for s in Seat::all(self.f.table.seats) {
                if self.team_of(s) == winner {
                    credits[s] = v;
                }
            }
            credits
        })
    }

    /// A line crediting one seat (a card combination in its hand, Mondfang).
    fn seat_line(&self, item: Item, s: Seat, base: i64, multiplier: i64) -> LedgerItem {
        seat_line(item, Some(self.team_of(s)), s, base, multiplier)
    }

    /// Whether `s`'s hand at the start of play holds combination `b`.
    fn holds(&self, s: Seat, b: Bonus) -> bool {
        let h = self.f.at_play[s];
        let trull = (h & TRULL).len();
        match b {
            Bonus::RoyalTrull => h.is_superset(CardSet::KINGS),
            Bonus::TarockTrull => trull == 3,
            Bonus::Heads => trull == 2,
            Bonus::WithoutKings => s == self.f.declarer && !h.intersects(CardSet::KINGS),
            Bonus::WithoutTrull => s == self.f.declarer && trull == 0,
            _ => false,
        }
    }

    /// The trick (0-based) `c` was played to and the seats that played and won it.
    fn played(&self, c: Card) -> Option<(usize, Seat, Seat)> {
        self.f.tricks.iter().enumerate().find_map(|(i, t)| {
            let by = t.player_of(c)?;
            let (w, _) = t.winner(&TrickRules::TAROCK)?;
            Some((i, by, w))
        })
    }

    /// The soloist took every trick.
    fn valat(&self) -> bool {
        self.f.tricks.iter().all(|t| {
            t.winner(&TrickRules::TAROCK)
                .is_some_and(|(w, _)| w == self.f.declarer)
        })
    }

    /// The game (AT-SCORE-04..08), and a declared Valat that fails under Graz's rules, which
    /// gives the defenders the game with every card in play (AT-SCORE-28). Returns what it
    /// credits the soloist, for Graz's Valat.
    fn game_line(&self, ledger: &mut Ledger, points: [i64; 2]) -> i64 {
        let graz_valat_failed = self.f.options.valat_scoring == ValatScoring::Graz
            && self.bonus(Bonus::Volat).declared
            && !self.valat();
        let made = points[0] >= GAME_POINTS && !graz_valat_failed;
        let excess = if graz_valat_failed {
            let in_play = Pack::Tarock54.cards() - self.f.talon_left;
            count::count(CountMethod::ThreesMinusTwo, in_play) - EXCESS_FROM
        } else if made {
            points[0] - EXCESS_FROM
        } else {
            points[1] - EXCESS_FROM
        };
        let game_base = self.f.won_as.game_points() + excess.max(0);
        let game_kontra = if self.beck {
            self.all
        } else {
            kontra(self.f.game_level)
        };
        let mult = self.m * game_kontra;
        ledger.push(self.line(Item::Game, Team::Declarer, game_base, mult, false, made));
        if made {
            game_base * self.m
        } else {
            0
        }
    }

    /// The card combinations (AT-SCORE-11..18), judged on the hands at the start of play;
    /// what they credit the soloist.
    fn combination_lines(&self, ledger: &mut Ledger) -> i64 {
        let mut basis = 0;
        for (b, value) in COMBOS {
            let it = self.bonus(b);
            if !it.declared {
                for s in Seat::all(self.f.table.seats).filter(|&s| self.holds(s, b)) {
                    ledger.push(self.seat_line(Item::Bonus(b), s, value, self.m * self.all));
                    if s == self.f.declarer {
                        basis += value * self.m;
                    }
                }
                continue;
            }
            // Beck: the basic value after the talon, double before it. Graz: the basic value
            // only for a combination shown after the game (silent), double when declared after
            // "Ich liege" (AT-SCORE-10, AT-SCORE-18).
            let graz = self.f.options.bonus_declaration_timing == Rules::Graz;
            let factor = if it.before_talon || graz { 2 } else { 1 };
            let ok = self.holds(it.by, b);
            let mult = self.m * self.item_kontra(&it);
            let team = self.team_of(it.by);
            let mut line = self.line(Item::Bonus(b), team, value * factor, mult, true, ok);
            if ok {
                // A combination is its holder's, even a defender's (AT-SCORE-15).
                line.payments = BySeat::splat(0);
                line.payments[it.by] = value * factor * mult;
                line.seat = Some(it.by);
            }
            if ok && it.by == self.f.declarer {
                basis += value * factor * self.m;
            }
            ledger.push(line);
        }
        basis
    }

    /// With Forty and With Fifty (AT-SCORE-19..21): the soloist's card points.
    fn point_bonus_lines(&self, ledger: &mut Ledger, points: [i64; 2]) {
        for (b, (needed, value)) in [
            (Bonus::WithForty, WITH_FORTY),
            (Bonus::WithFifty, WITH_FIFTY),
        ] {
            let it = self.bonus(b);
            let ok = points[0] >= needed;
            let exists = self.f.options.point_bonuses == Rules::Beck || b == Bonus::WithFifty;
            if it.declared {
                let factor = if it.before_talon { 4 } else { 2 };
                let mult = self.m * self.item_kontra(&it);
                let line = self.line(
                    Item::Bonus(b),
                    Team::Declarer,
                    value * factor,
                    mult,
                    true,
                    ok,
                );
                ledger.push(line);
            } else if exists && ok {
                let mult = self.m * self.all;
                ledger.push(self.line(Item::Bonus(b), Team::Declarer, value, mult, false, true));
            }
        }
    }

    /// Pagat Ultimo and the Owl (AT-SCORE-22/23): 5 Still, 10 declared after the talon, 20
    /// before it. Returns what they credit the soloist.
    fn ultimo_lines(&self, ledger: &mut Ledger) -> i64 {
        let mut basis = 0;
        for (b, card, trick) in [
            (Bonus::PagatUltimo, Card::PAGAT, TRICKS - 1),
            (Bonus::SasUhu, Card::EAGLE, TRICKS - 2),
        ] {
            if b == Bonus::SasUhu && !self.f.options.owl_pre_ultimo {
                continue;
            }
            let it = self.bonus(b);
            let feat = self.played(card).and_then(|(i, by, w)| {
                let best = self.f.tricks[i].winner(&TrickRules::TAROCK).map(|(_, c)| c);
                (i == trick && w == by && best == Some(card)).then_some(by)
            });
            if it.declared {
                let factor = if it.before_talon { 4 } else { 2 };
                let team = self.team_of(it.by);
                let ok = feat.is_some_and(|by| self.team_of(by) == team);
                let mult = self.m * self.item_kontra(&it);
                ledger.push(self.line(Item::Bonus(b), team, ULTIMO * factor, mult, true, ok));
                if ok && team == Team::Declarer {
                    basis += ULTIMO * factor * self.m;
                }
            } else if let Some(by) = feat {
                let team = self.team_of(by);
                let mult = self.m * self.all;
                ledger.push(self.line(Item::Bonus(b), team, ULTIMO, mult, false, true));
                if team == Team::Declarer {
                    basis += ULTIMO * self.m;
                }
            }
        }
        basis
    }

    /// Valat (AT-SCORE-25..28): Beck A adds its value; Beck B and Graz multiply, written as a
    /// line of the rest of the product, `basis` (Graz: what the game, the combinations and the
    /// ultimos credit the soloist) times the factor less one.
    fn valat_line(&self, ledger: &mut Ledger, soloist_basis: i64) {
        let it = self.bonus(Bonus::Volat);
        let (declared, before) = (it.declared, it.before_talon);
        let valat = self.valat();
        let item = Item::Bonus(Bonus::Volat);
        let mult = self.m * self.item_kontra(&it);
        let scoring = self.f.options.valat_scoring;
        let beck = |before: bool| VALAT_BECK[1 + usize::from(before)];
        if scoring == ValatScoring::BeckA {
            let value = if declared {
                beck(before)
            } else {
                VALAT_BECK[0]
            };
            if declared || valat {
                ledger.push(self.line(item, Team::Declarer, value, mult, declared, valat));
            }
            return;
        }
        let factor = match (scoring, declared) {
            (ValatScoring::Graz, _) => VALAT_GRAZ[usize::from(declared)],
            (_, false) => VALAT_BECK[0],
            (_, true) => beck(before),
        };
        if valat {
            // Everything the soloist is credited is multiplied: the Valat line is the rest of
            // the product.
            let basis = if scoring == ValatScoring::Graz {
                soloist_basis
            } else {
                let credited = ledger.items.iter().map(|l| l.payments[self.f.declarer]);
                credited.sum::<i64>()
            };
            let line = self.line(item, Team::Declarer, basis, factor - 1, declared, true);
            ledger.push(line);
        } else if declared && scoring == ValatScoring::BeckB {
            ledger.push(self.line(item, Team::Declarer, beck(before), mult, true, false));
        }
    }

    /// Mondfang (AT-SCORE-24): the Sküs takes the XXI.
    fn mondfang_line(&self, ledger: &mut Ledger) {
        if !self.f.options.mondfang_bonus {
            return;
        }
        let caught = self.f.tricks.iter().find_map(|t| {
            let by = t.player_of(Card::SKIZ)?;
            let lost = t.player_of(Card::XXI)?;
            (by != lost).then_some((by, lost))
        });
        if let Some((by, lost)) = caught {
            let mut line = self.seat_line(Item::Bonus(Bonus::XxiCatch), by, MONDFANG, 1);
            line.payments[lost] = -MONDFANG;
            ledger.push(line);
        }
    }
}

/// A line crediting `base × multiplier` to seat `s`.
fn seat_line(item: Item, team: Option<Team>, s: Seat, base: i64, multiplier: i64) -> LedgerItem {
    let mut payments = BySeat::splat(0);
    payments[s] = base.saturating_mul(multiplier);
    LedgerItem {
        item,
        team,
        seat: Some(s),
        base,
        multiplier,
        announced: false,
        made: true,
        payments,
        pots: [0; 2],
    }
}

/// Each side's card points, counted in threes less two (AT-SCORE-01..03): the soloist's and
/// the defenders'.
#[must_use]
pub fn card_points(piles: [CardSet; 2]) -> [i64; 2] {
    piles.map(|p| count::count(CountMethod::ThreesMinusTwo, p))
}

/// The score sheet of a played hand with a soloist: the game, the combinations, With Forty
/// and With Fifty, Pagat Ultimo and the Owl, Valat and Mondfang, in that order.
#[must_use]
pub fn settle(f: &Facts<'_>) -> Ledger {
    let beck = f.options.kontra_rules == KontraRules::Beck;
    let hand = Hand {
        f,
        m: i64::from(f.contract.level()) + 1,
        beck,
        all: if beck { kontra(f.game_level) } else { 1 },
    };
    let mut ledger = Ledger {
        scoring: Scoring::Points,
        ..Ledger::default()
    };
    let points = card_points(f.piles);
    ledger.card_points = Some(points);
    let mut basis = hand.game_line(&mut ledger, points);
    basis += hand.combination_lines(&mut ledger);
    hand.point_bonus_lines(&mut ledger, points);
    basis += hand.ultimo_lines(&mut ledger);
    hand.valat_line(&mut ledger, basis);
    hand.mondfang_line(&mut ledger);
    ledger
}

/// The score sheet of Trischaken (AT-SCORE-33): the most card points lose 10, the others win
/// 5, and 10 without a trick. Ties for the most all lose. `won` is each seat's tricks' cards.
#[must_use]
pub fn settle_trischaken(table: Table, won: BySeat<CardSet>) -> Ledger {
    let mut ledger = Ledger {
        scoring: Scoring::Points,
        ..Ledger::default()
    };
    let mut points = BySeat::splat(0);
    for s in Seat::all(table.seats) {
        points[s] = count::count(CountMethod::ThreesMinusTwo, won[s]);
    }
    let most = Seat::all(table.seats).map(|s| points[s]).max().unwrap_or(0);
    for s in Seat::all(table.seats) {
        let value = if points[s] == most {
            TRISCHAKEN_MOST
        } else if won[s].is_empty() {
            TRISCHAKEN_NO_TRICK
        } else {
            TRISCHAKEN_OTHERS
        };
        let mut line = seat_line(Item::Trischaken, None, s, value, 1);
        line.made = value > 0;
        ledger.push(line);
    }
    ledger
}
