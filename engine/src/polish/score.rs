//! Settlement of a Polish hand: the game, four kings, trul, pagat ultymo and the lost pagat,
//! król ultymo and the captured king, the XXI caught, walat and the tarokk declarations.
//!
//! [`settle`] is a pure function of the facts of a finished hand ([`Facts`]); the state
//! machine collects them during play. [`settle_give_up`] settles a declarer who gave the game
//! up on finding the called king in the talon. Each kind of line has its function, in the
//! order the ledger lists them.
//!
//! # Payments
//!
//! A team line is paid between the teams: in two against two each player of the losing team
//! pays one of the winners (PL-SCORE-09); a player alone pays or receives the value from each
//! of the three (PL-SCORE-10).

use crate::action::{Bonus, Contract};
use crate::card::{Card, CardSet, Suit};
use crate::count::{self, CountMethod};
use crate::ledger::{team_line, Item, Ledger, LedgerItem, Sides, Team};
use crate::polish::game::{declaration_value, game_value, multiplier, Announceable, TRICKS};
use crate::polish::options::{FourKingsSide, PolishOptions};
use crate::seat::{BySeat, Seat, Table};
use crate::trick::{Trick, TrickRules};

/// The card points the declarer's team needs, in thirds: more than 35 (PL-SCORE-05).
const GAME_THIRDS: i64 = 105;
/// Four kings declared and brought home, or lost (PL-SCORE-16).
const FOUR_KINGS_DECLARED: i64 = 8;
/// Four kings taken without a declaration (PL-SCORE-15).
const FOUR_KINGS_SILENT: i64 = 2;
/// Trul taken without an announcement (PL-SCORE-13).
const TRUL_SILENT: i64 = 2;
/// Pagat ultymo announced (PL-SCORE-19).
const PAGAT_ULTIMO_ANNOUNCED: i64 = 2;
/// Pagat ultymo made or lost unannounced (PL-SCORE-17/18).
const PAGAT_ULTIMO_SILENT: i64 = 1;
/// The pagat captured in an earlier trick (PL-SCORE-26..28).
const PAGAT_CAUGHT: i64 = 1;
/// Król ultymo announced (PL-SCORE-21).
const KING_ULTIMO_ANNOUNCED: i64 = 2;
/// Król ultymo made unannounced (PL-SCORE-20).
const KING_ULTIMO_SILENT: i64 = 1;
/// The called king captured by the opponents (PL-SCORE-22..25).
const KING_CAUGHT: i64 = 1;
/// The XXI caught by the other team's skiż (PL-SCORE-29).
const XXI_CAUGHT: i64 = 2;
/// Walat announced (PL-SCORE-30).
const WALAT_ANNOUNCED: i64 = 20;
/// Walat made unannounced (PL-SCORE-30).
const WALAT_SILENT: i64 = 5;

/// An announced item as it stands at the end of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Announced {
    /// The announcing team.
    pub team: Team,
    /// The announcer.
    pub announcer: Seat,
    /// Kontra level on it: 0, or 1 kontra, 2 re, 3 sub, 5 mort.
    pub level: u8,
}

/// The facts of a finished, played Polish hand that its settlement depends on.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// The rules.
    pub options: &'a PolishOptions,
    /// The table of four.
    pub table: Table,
    /// The declarer.
    pub declarer: Seat,
    /// The holder of the called king, if not the declarer (`None`: the declarer plays alone).
    pub partner: Option<Seat>,
    /// The final bid.
    pub contract: Contract,
    /// The called king.
    pub called: Option<Card>,
    /// Who laid down four kings before the auction.
    pub four_kings: Option<Seat>,
    /// The twelve tricks in order.
    pub tricks: &'a [Trick],
    /// Each team's pile (declarer's team, opponents), talon cards included (PL-TALON-11..13).
    pub piles: [CardSet; 2],
    /// The talon cards turned up and left: a called king among them is captured (PL-SCORE-23).
    pub talon_left_up: CardSet,
    /// The announced items, by [`Announceable`] (król ultymo, trul, pagat ultymo, walat).
    pub announced: [Option<Announced>; 4],
    /// Kontra level on the game.
    pub game_level: u8,
    /// The tarokk count each seat declared.
    pub declared: BySeat<Option<u8>>,
}

/// The facts with the questions the scoring rules ask of them.
struct Hand<'a> {
    f: &'a Facts<'a>,
    sides: Sides,
}

impl Hand<'_> {
    fn line(
        &self,
        item: Item,
        team: Team,
        base: i64,
        mult: i64,
        ann: bool,
        made: bool,
    ) -> LedgerItem {
        team_line(&self.sides, item, team, base, mult, ann, made)
    }

    fn pile(&self, t: Team) -> CardSet {
        self.f.piles[usize::from(t == Team::Opponents)]
    }

    fn item(&self, a: Announceable) -> Option<Announced> {
        self.f.announced[a as usize]
    }

    /// The trick index `c` was played to, the team that played it and the team that won it.
    fn team_at(&self, c: Card) -> Option<(usize, Team, Team)> {
        self.f.tricks.iter().enumerate().find_map(|(i, t)| {
            let by = t.player_of(c)?;
            let (w, _) = t.winner(&TrickRules::TAROCK)?;
            Some((i, self.sides.team_of(by), self.sides.team_of(w)))
        })
    }

    /// True if `team` took every trick.
    fn all_tricks(&self, team: Team) -> bool {
        self.f.tricks.iter().all(|t| {
            t.winner(&TrickRules::TAROCK)
                .is_some_and(|(w, _)| self.sides.team_of(w) == team)
        })
    }

    /// The game (PL-SCORE-05/06), made with more than 35 card points.
    fn game_line(&self, ledger: &mut Ledger, thirds: [i64; 2]) {
        let made = thirds[0] > GAME_THIRDS;
        ledger.push(self.line(
            Item::Game,
            Team::Declarer,
            game_value(self.f.contract),
            multiplier(self.f.game_level),
            false,
            made,
        ));
    }

    /// Four kings declared (PL-SCORE-16), or taken silently by a team (PL-SCORE-15).
    fn four_kings_lines(&self, ledger: &mut Ledger) {
        let item = Item::Bonus(Bonus::FourKings);
        if let Some(h) = self.f.four_kings {
            let team = match self.f.options.four_kings_commitment_side {
                FourKingsSide::Holder => self.sides.team_of(h),
                FourKingsSide::Bidder => Team::Declarer,
            };
            let made = self.pile(team).is_superset(CardSet::KINGS);
            ledger.push(self.line(item, team, FOUR_KINGS_DECLARED, 1, true, made));
            return;
        }
        for team in [Team::Declarer, Team::Opponents] {
            if self.pile(team).is_superset(CardSet::KINGS) {
                ledger.push(self.line(item, team, FOUR_KINGS_SILENT, 1, false, true));
            }
        }
    }

    /// Trul announced (PL-SCORE-14) or taken silently (PL-SCORE-13).
    fn trul_lines(&self, ledger: &mut Ledger) {
        let item = Item::Bonus(Bonus::Trull);
        if let Some(trul) = self.item(Announceable::Trul) {
            let made = self.pile(trul.team).is_superset(CardSet::HONOURS);
            let value = self.f.options.announced_trul_value;
            ledger.push(self.line(item, trul.team, value, multiplier(trul.level), true, made));
            return;
        }
        for team in [Team::Declarer, Team::Opponents] {
            if self.pile(team).is_superset(CardSet::HONOURS) {
                ledger.push(self.line(item, team, TRUL_SILENT, 1, false, true));
            }
        }
    }

    /// Pagat ultymo, announced or silent (PL-SCORE-17..19), and the pagat caught in an earlier
    /// trick (PL-SCORE-26..28).
    fn pagat_lines(&self, ledger: &mut Ledger) {
        let last = TRICKS - 1;
        let item = Item::Bonus(Bonus::PagatUltimo);
        let pagat = self.team_at(Card::PAGAT);
        let won_last = pagat.is_some_and(|(i, by, w)| i == last && by == w)
            && self
                .f
                .tricks
                .get(last)
                .and_then(|t| t.winner(&TrickRules::TAROCK))
                .map(|(_, c)| c)
                == Some(Card::PAGAT);
        if let Some(ultimo) = self.item(Announceable::PagatUltimo) {
            let m = multiplier(ultimo.level);
            let base = PAGAT_ULTIMO_ANNOUNCED;
            ledger.push(self.line(item, ultimo.team, base, m, true, won_last));
        } else if let Some((i, by, _)) = pagat {
            if i == last {
                ledger.push(self.line(item, by, PAGAT_ULTIMO_SILENT, 1, false, won_last));
            }
        }
        if let Some((i, by, w)) = pagat {
            if by != w && i != last {
                let caught = Item::Bonus(Bonus::PagatCatch);
                ledger.push(self.line(caught, w, PAGAT_CAUGHT, 1, false, true));
            }
        }
    }

    /// Król ultymo, announced or silent (PL-SCORE-20/21), and the called king captured
    /// (PL-SCORE-22..25).
    fn king_lines(&self, ledger: &mut Ledger) {
        let Some(k) = self.f.called else {
            return;
        };
        let last = TRICKS - 1;
        let suit = k.suit().unwrap_or(Suit::Hearts);
        let item = Item::Bonus(Bonus::KingUltimo(suit));
        let king = self.team_at(k);
        let announced = self.item(Announceable::KingUltimo);
        let won_last = king.is_some_and(|(i, _, w)| i == last && w == Team::Declarer);
        if let Some(a) = announced {
            let m = multiplier(a.level);
            let base = KING_ULTIMO_ANNOUNCED;
            ledger.push(self.line(item, Team::Declarer, base, m, true, won_last));
        } else if won_last {
            ledger.push(self.line(item, Team::Declarer, KING_ULTIMO_SILENT, 1, false, true));
        }
        let captured = match king {
            Some((i, _, w)) => w == Team::Opponents && !(i == last && announced.is_some()),
            // PL-SCORE-23/24: turned up and left, not merely unseen.
            None => self.f.talon_left_up.contains(k),
        };
        if captured {
            let caught = Item::Bonus(Bonus::KingCatch);
            ledger.push(self.line(caught, Team::Opponents, KING_CAUGHT, 1, false, true));
        }
    }

    /// The XXI caught by the other team's skiż (PL-SCORE-29).
    fn xxi_line(&self, ledger: &mut Ledger) {
        let caught = self.f.tricks.iter().find_map(|t| {
            let skiz = self.sides.team_of(t.player_of(Card::SKIZ)?);
            let xxi = self.sides.team_of(t.player_of(Card::XXI)?);
            (skiz != xxi).then_some(skiz)
        });
        if let Some(team) = caught {
            let item = Item::Bonus(Bonus::XxiCatch);
            ledger.push(self.line(item, team, XXI_CAUGHT, 1, false, true));
        }
    }

    /// Walat, announced or silent (PL-SCORE-30).
    fn walat_lines(&self, ledger: &mut Ledger) {
        let item = Item::Bonus(Bonus::Volat);
        if let Some(walat) = self.item(Announceable::Walat) {
            let made = self.all_tricks(walat.team);
            ledger.push(self.line(item, walat.team, WALAT_ANNOUNCED, 1, true, made));
            return;
        }
        for team in [Team::Declarer, Team::Opponents] {
            if self.all_tricks(team) {
                ledger.push(self.line(item, team, WALAT_SILENT, 1, false, true));
            }
        }
    }

    /// The tarokk counts declared (PL-SCORE-12).
    fn declaration_lines(&self, ledger: &mut Ledger) {
        for s in Seat::all(self.f.table.seats) {
            let declared = self.f.declared[s];
            if let Some((n, v)) = declared.and_then(|n| Some((n, declaration_value(n)?))) {
                let item = Item::Tarokks {
                    count: n,
                    declared: true,
                };
                let mut line = self.line(item, self.sides.team_of(s), v, 1, true, true);
                line.seat = Some(s);
                ledger.push(line);
            }
        }
    }
}

/// Each team's card points in thirds (PL-SCORE-02/03): the declarer's team, the opponents.
#[must_use]
pub fn card_thirds(piles: [CardSet; 2]) -> [i64; 2] {
    piles.map(|p| count::count_thirds(CountMethod::ThreesMinusTwo, p))
}

/// Settles a played hand: the game, four kings, trul, pagat ultymo and the lost pagat, król
/// ultymo and the captured king, the XXI caught, walat and the declarations, in that order.
/// `card_points` holds each team's card points, rounded.
#[must_use]
pub fn settle(f: &Facts<'_>) -> Ledger {
    let hand = Hand {
        f,
        sides: Sides::new(f.table, f.declarer, f.partner),
    };
    let mut ledger = Ledger::default();
    let thirds = card_thirds(f.piles);
    ledger.card_points = Some(thirds.map(count::round_thirds));
    hand.game_line(&mut ledger, thirds);
    hand.four_kings_lines(&mut ledger);
    hand.trul_lines(&mut ledger);
    hand.pagat_lines(&mut ledger);
    hand.king_lines(&mut ledger);
    hand.xxi_line(&mut ledger);
    hand.walat_lines(&mut ledger);
    hand.declaration_lines(&mut ledger);
    ledger
}

/// Settles a declarer who gave the game up on finding the called king in the talon
/// (PL-SCORE-11): the declarer alone pays each of the three; nothing else counts.
#[must_use]
pub fn settle_give_up(options: &PolishOptions, table: Table, declarer: Seat) -> Ledger {
    let sides = Sides::new(table, declarer, None);
    let v = options.king_in_talon_giveup_penalty;
    let mut line = team_line(&sides, Item::GiveUp, Team::Declarer, v, 1, false, false);
    line.seat = Some(declarer);
    let mut ledger = Ledger::default();
    ledger.push(line);
    ledger
}
