//! Settlement of a Hungarian hand: game, double game and volát with the multiplier rules,
//! every bonus silent and announced, kontras, tarokk declarations, lone-declarer payments.
//!
//! [`settle`] is a pure function of the facts of a finished hand ([`ScoreInput`]); the state
//! machine collects those facts during play. [`settle_trial_bid`] and
//! [`settle_trull_only_three`] settle the two kinds of hand that end before play.
//!
//! # Payments
//!
//! A team item worth `v` (already multiplied) is paid between the teams: two against two, each
//! member of the winning team receives `v` and each member of the losing team pays `v`
//! (HU-SCORE-57); a lone declarer receives or pays `v` from or to each opponent, `3v` in all
//! (HU-SCORE-58). Only active seats take part: the sitting-out dealer of a five-handed table has
//! 0 in every line (HU-SCORE-59). Every line is zero-sum.
//!
//! # Game, double game and volát
//!
//! The rules 1–6 of the seed (HU-SCORE-13..20) reduce to one computation that reproduces every
//! cell of the multiplier table GAPS 000-G5. For each team `X` let the *silent feat* `sf(X)` be
//! `3g` if `X` took every trick and did not announce volát, else `2g` if `X` reached the
//! double-game threshold and announced neither double game nor volát, else 0. Announced double
//! game and volát are scored on their own (±4g, ±6g, times their kontras). The winner `W` of the
//! game then scores: `g × 2^kontra + sf(W)` if the game was kontra'd; `sf(W)` alone if `W`
//! announced double game or volát; otherwise the larger of `g` and `sf(W)`.
//!
//! # Robustness
//!
//! Nothing here panics, whatever the input: missing tricks simply do not score (a bonus whose
//! trick is missing is not made), kontra levels above mordkontra count as mordkontra, and the
//! round multiplier is clamped to `0..=2^20` so that no sum can overflow.

use crate::action::{non_hungarian_bonus, Bonus, Contract};
use crate::card::{Card, CardSet};
use crate::hungarian::options::{
    Game, HungarianOptions, TarokkCountPayment, TrialBidPenalty, VolatVoids,
};
use crate::ledger::{active_seats, team_line, Item, Ledger, LedgerItem, Sides, Team};
use crate::seat::{BySeat, Seat, Table, MAX_SEATS};
use crate::trick::{Trick, TrickRules};

/// An announced bonus as it stands at the end of the round of announcements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Announced {
    /// The bonus.
    pub bonus: Bonus,
    /// The team that announced it.
    pub team: Team,
    /// Kontra level reached on it: 0 none, 1 kontra (×2) … 5 mordkontra (×32).
    pub level: u8,
}

/// The facts of a finished, played hand that its settlement depends on.
#[derive(Clone, Copy, Debug)]
pub struct ScoreInput<'a> {
    /// The rules.
    pub options: &'a HungarianOptions,
    /// Seats, dealer and who sat out.
    pub table: Table,
    /// The declarer.
    pub declarer: Seat,
    /// The declarer's partner; `None` when the declarer plays alone.
    pub partner: Option<Seat>,
    /// The final bid.
    pub contract: Contract,
    /// Every trick in order (9, or 12 with 54 cards), each complete.
    pub tricks: &'a [Trick],
    /// Each seat's discards.
    pub discards: BySeat<CardSet>,
    /// The talon cards each seat received.
    pub talon_received: BySeat<CardSet>,
    /// Announced bonuses still standing (an ultimó replaced by an uhu is not listed).
    pub announced: &'a [Announced],
    /// Kontra level on the game: 0 none … 5 mordkontra.
    pub game_level: u8,
    /// Tarokks declared by each seat in the round of announcements (0: none).
    pub declared: BySeat<u8>,
    /// Tarokks each seat held when play began.
    pub tarokks_held: BySeat<u8>,
    /// Round multiplier from the match (1, or 2^k in doubled rounds).
    pub round_multiplier: i64,
}

/// Largest round multiplier applied. Real matches stay far below it (2^k for k overlapping
/// doubled rounds); the clamp only guarantees that no sum overflows on absurd input.
const MAX_ROUND_MULTIPLIER: i64 = 1 << 20;

/// Highest kontra level (mordkontra, ×32); higher levels in the input count as this one.
const MAX_KONTRA_LEVEL: u8 = 5;

/// The card points the declarer's team needs to win the game and a team needs for a double
/// game: 48 and 71 of 94 (HU-SCORE-03/04), 54 and 80 of 106 with 54 cards (HV-SCORE-21/22).
const THRESHOLDS: [(i64, i64); 2] = [(48, 71), (54, 80)];
/// Double game, times *g*: silent, announced (HU-SCORE-10).
const DOUBLE_GAME: [i64; 2] = [2, 4];
/// Volát, times *g*: silent, announced (HU-SCORE-11).
const VOLAT: [i64; 2] = [3, 6];
/// Trull and four kings: silent, announced (HU-SCORE-34/35).
const TRULL: [i64; 2] = [1, 2];
/// Pagátulti and sasultimó: silent, announced (HU-SCORE-38..40, HV-SCORE-13).
const ULTIMO: [i64; 2] = [5, 10];
/// XXI-catch: silent, announced (HU-SCORE-42).
const XXI_CATCH: [i64; 2] = [21, 42];
/// Pagát-catch: silent, announced (H10).
const PAGAT_CATCH: [i64; 2] = [4, 8];
/// Pagátfácán and sasfácán: silent, announced (HV-SCORE-06..09).
const FACAN: [i64; 2] = [10, 50];
/// Párosfácán: silent, announced (HV-SCORE-10).
const PAROS_FACAN: [i64; 2] = [30, 60];
/// Chained birds: centrum, small bird on it, large bird on both (HV-SCORE-24).
const CHAINED_BIRDS: [i64; 3] = [10, 20, 40];
/// King ultimó (HU-SCORE-50).
const KING_ULTIMO: i64 = 15;
/// King uhu (HU-SCORE-51).
const KING_UHU: i64 = 20;
/// Színcsalád and három király (HV-SCORE-14/15).
const LAST_THREE: i64 = 100;
/// Zárópáros (HV-SCORE-16).
const FINAL_PAIR: i64 = 40;
/// Pagát, sas and király kismadár (HV-SCORE-17).
const CARD_SMALL_BIRD: i64 = 40;
/// Pagát, sas and király nagymadár (HV-SCORE-18).
const CARD_LARGE_BIRD: i64 = 30;
/// What the declarer's team wins for a three with only trull announced (HV-ANN-02).
const TRULL_ONLY_THREE: i64 = 3;
/// The speculative bidder's penalty under `trial_bid_penalty = three` (H15).
const TRIAL_BID_THREE: i64 = 3;
/// What a five-handed dealer is paid for each honour received from the talon (PK-SCORE-01).
const TALON_HONOURS: [(Card, i64); 3] = [(Card::SKIZ, 3), (Card::XXI, 2), (Card::PAGAT, 1)];

/// The Hungarian card-point value of every card in `cards`, summed plainly (HU-SCORE-01/02):
/// skíz, XXI, pagát and kings 5, queens 4, riders 3, jacks 2, every other card 1. The 42-card
/// pack totals 94 and the 54-card pack 106.
#[must_use]
pub fn card_points(cards: CardSet) -> i64 {
    crate::count::central_sum(cards)
}

/// The basic game value *g* of a bid (GAPS 000-G4): three 1, two 2, one 3, solo 4.
#[must_use]
pub const fn game_value(contract: Contract) -> i64 {
    match contract {
        Contract::Three => 1,
        Contract::Two => 2,
        Contract::One => 3,
        Contract::Solo => 4,
        // Not a Hungarian bid: no game reaches the settlement with one.
        Contract::Jeden
        | Contract::Dwa
        | Contract::Trzy
        | Contract::Cztery
        | Contract::Dreiblatt
        | Contract::Zweiblatt
        | Contract::Einblatt
        | Contract::Klop
        | Contract::SoloThree
        | Contract::SoloTwo
        | Contract::SoloOne
        | Contract::Beggar
        | Contract::SoloWithout
        | Contract::OpenBeggar
        | Contract::ColourValat
        | Contract::Valat => 0,
    }
}

/// The multiplier of a kontra level: 2^level, capped at mordkontra.
fn kontra_multiplier(level: u8) -> i64 {
    1_i64 << level.min(MAX_KONTRA_LEVEL)
}

/// The round multiplier, clamped to a range in which no settlement can overflow.
fn clamp_round(round_multiplier: i64) -> i64 {
    round_multiplier.clamp(0, MAX_ROUND_MULTIPLIER)
}

/// True for the bonuses that `double_loss_for_ulti` doubles when lost: the ultimós and uhus.
fn is_ulti_or_uhu(bonus: Bonus) -> bool {
    matches!(
        bonus,
        Bonus::PagatUltimo
            | Bonus::PagatUhu
            | Bonus::KingUltimo(_)
            | Bonus::KingUhu(_)
            | Bonus::SasUltimo
            | Bonus::SasUhu
    )
}

/// True for the announcements that take part in the game/double game/volát computation.
fn is_game_feat(bonus: Bonus) -> bool {
    matches!(
        bonus,
        Bonus::DoubleGame | Bonus::LongDoubleGame | Bonus::Volat
    )
}

/// The facts of one hand, with the questions the scoring rules ask of them.
struct Hand<'a> {
    input: &'a ScoreInput<'a>,
    options: &'a HungarianOptions,
    sides: Sides,
    /// Tricks in a complete hand: 9, or 12 with 54 cards.
    n: usize,
    /// The clamped round multiplier.
    round: i64,
    /// The basic game value of the bid.
    g: i64,
    /// Winner and winning card of the first [`CACHED_TRICKS`] tricks, found once: the scoring
    /// rules ask for them many times.
    winners: [Option<(Seat, Card)>; CACHED_TRICKS],
    /// The cards in the tricks each team won (Declarer, Opponents).
    won: [CardSet; 2],
    /// Card points of each team (Declarer, Opponents), its discards included.
    points: [i64; 2],
    /// The XXI-catch of the hand, if any: the catching team and the seat that lost the XXI.
    xxi_catch: Option<(Team, Seat)>,
}

/// Tricks whose winners [`Hand`] keeps (every trick of a hand; later ones are found on demand).
const CACHED_TRICKS: usize = 12;

impl<'a> Hand<'a> {
    fn new(input: &'a ScoreInput<'a>) -> Hand<'a> {
        let sides = Sides::new(input.table, input.declarer, input.partner);
        let mut winners = [None; CACHED_TRICKS];
        let mut won = [CardSet::EMPTY; 2];
        for (i, t) in input.tricks.iter().enumerate() {
            let w = t.winner(&TrickRules::TAROCK);
            if let Some((s, _)) = w {
                let ti = usize::from(sides.team_of(s) == Team::Opponents);
                won[ti] |= t.cards();
            }
            if let Some(slot) = winners.get_mut(i) {
                *slot = w;
            }
        }
        let mut hand = Hand {
            input,
            options: input.options,
            sides,
            n: input.options.tricks(),
            round: clamp_round(input.round_multiplier),
            g: game_value(input.contract),
            winners,
            won,
            points: [0; 2],
            xxi_catch: None,
        };
        for team in [Team::Declarer, Team::Opponents] {
            hand.points[usize::from(team == Team::Opponents)] =
                card_points(hand.trick_cards(team) | hand.discards_for(team));
        }
        hand.xxi_catch = hand.find_xxi_catch();
        hand
    }

    /// Trick number `k` (1-based, as the rules count), if it was played.
    fn trick(&self, k: usize) -> Option<&'a Trick> {
        k.checked_sub(1).and_then(|i| self.input.tricks.get(i))
    }

    /// Winner and winning card of trick `k`.
    fn winner(&self, k: usize) -> Option<(Seat, Card)> {
        match k.checked_sub(1) {
            Some(i) if i < CACHED_TRICKS => self.winners[i],
            _ => self.trick(k).and_then(|t| t.winner(&TrickRules::TAROCK)),
        }
    }

    /// True if `team` won trick `k`.
    fn won_by(&self, k: usize, team: Team) -> bool {
        self.winner(k)
            .is_some_and(|(s, _)| self.sides.team_of(s) == team)
    }

    /// True if `card` itself won trick `k` for `team`.
    fn won_with(&self, k: usize, card: Card, team: Team) -> bool {
        self.winner(k)
            .is_some_and(|(s, c)| c == card && self.sides.team_of(s) == team)
    }

    /// True if `team` won every trick from 1 to `k`, trick `k` with `card`.
    fn run_to(&self, k: usize, card: Card, team: Team) -> bool {
        (1..k).all(|i| self.won_by(i, team)) && self.won_with(k, card, team)
    }

    /// True if `team` won each of the last `count` tricks with a card satisfying `pred`.
    fn last_won_with(&self, count: usize, team: Team, pred: impl Fn(Card) -> bool) -> bool {
        let first = self.n.saturating_sub(count) + 1;
        (first..=self.n).all(|k| {
            self.winner(k)
                .is_some_and(|(s, c)| pred(c) && self.sides.team_of(s) == team)
        })
    }

    /// True if `team` took every trick of a complete hand (volát).
    fn took_all(&self, team: Team) -> bool {
        let tricks = self.input.tricks;
        tricks.len() >= self.n
            && !tricks.is_empty()
            && (1..=tricks.len()).all(|k| self.won_by(k, team))
    }

    /// The cards in the tricks `team` won (discards not included).
    fn trick_cards(&self, team: Team) -> CardSet {
        self.won[usize::from(team == Team::Opponents)]
    }

    /// The discards that count for `team` (HU-TALON-13/14, HU-CALL-11, HV-CALL-01).
    fn discards_for(&self, team: Team) -> CardSet {
        let to_lone = self.options.discard_pile_to_lone_declarer && self.sides.partner.is_none();
        let mut set = CardSet::EMPTY;
        let n = self.input.table.seats.min(MAX_SEATS as u8);
        for s in (0..n).filter_map(Seat::try_new) {
            let owner = if s == self.sides.declarer || to_lone {
                Team::Declarer
            } else {
                // The partner's discards too count for the opponents (HU-TALON-14).
                Team::Opponents
            };
            if owner == team {
                set |= self.input.discards[s];
            }
        }
        set
    }

    /// Card points of `team`: its tricks plus its share of the discards.
    fn points(&self, team: Team) -> i64 {
        self.points[usize::from(team == Team::Opponents)]
    }

    /// Points needed to win the game (declarer's team), and to make a double game.
    fn thresholds(&self) -> (i64, i64) {
        THRESHOLDS[usize::from(self.options.pack54)]
    }

    /// The team whose skíz caught the other team's XXI, and the seat that lost the XXI.
    fn xxi_catch(&self) -> Option<(Team, Seat)> {
        self.xxi_catch
    }

    /// Finds the XXI-catch (for [`Hand::new`]).
    fn find_xxi_catch(&self) -> Option<(Team, Seat)> {
        self.input.tricks.iter().zip(1..).find_map(|(t, k)| {
            let (skiz_seat, card) = self.winner(k)?;
            if card != Card::SKIZ {
                return None;
            }
            let xxi_seat = t.player_of(Card::XXI)?;
            let catcher = self.sides.team_of(skiz_seat);
            // Partners playing skíz and XXI to one trick is no catch (HU-SCORE-43).
            (catcher != self.sides.team_of(xxi_seat)).then_some((catcher, xxi_seat))
        })
    }

    /// The team that captured the other team's pagát in a trick, if any.
    fn pagat_catch(&self) -> Option<Team> {
        self.input.tricks.iter().find_map(|t| {
            let owner = self.sides.team_of(t.player_of(Card::PAGAT)?);
            let (w, _) = t.winner(&TrickRules::TAROCK)?;
            let catcher = self.sides.team_of(w);
            (catcher != owner).then_some(catcher)
        })
    }

    /// True if `team` achieved the feat an announcement of `bonus` promises.
    fn feat(&self, bonus: Bonus, team: Team) -> bool {
        let n = self.n;
        let penult = n.saturating_sub(1);
        let chained = self.options.birds_chained;
        match bonus {
            Bonus::Trull => self.trick_cards(team).is_superset(CardSet::HONOURS),
            Bonus::FourKings => self.trick_cards(team).is_superset(CardSet::KINGS),
            Bonus::DoubleGame | Bonus::LongDoubleGame => self.points(team) >= self.thresholds().1,
            Bonus::Volat => self.took_all(team),
            Bonus::PagatUltimo => self.won_with(n, Card::PAGAT, team),
            Bonus::XxiCatch => self.xxi_catch().is_some_and(|(t, _)| t == team),
            Bonus::Centrum => self.run_to(5, Card::XX, team),
            // Chained birds need the earlier feats too (HV-SCORE-24); independent ones do not
            // (HU-SCORE-48), though winning tricks 1–6 already covers tricks 1–5.
            Bonus::SmallBird => {
                self.run_to(6, Card::XXI, team) && (!chained || self.run_to(5, Card::XX, team))
            }
            Bonus::LargeBird => {
                self.run_to(7, Card::SKIZ, team)
                    && (!chained
                        || (self.run_to(5, Card::XX, team) && self.run_to(6, Card::XXI, team)))
            }
            Bonus::PagatUhu => self.won_with(penult, Card::PAGAT, team),
            Bonus::KingUltimo(s) => self.won_with(n, Card::king(s), team),
            Bonus::KingUhu(s) => self.won_with(penult, Card::king(s), team),
            Bonus::SasUltimo => self.won_with(n, Card::EAGLE, team),
            Bonus::SasUhu => self.won_with(penult, Card::EAGLE, team),
            // Holding the pagát oneself makes an announced pagát-catch fail: the pagát then
            // cannot be the other team's (HV-ANN-07).
            Bonus::PagatCatch => self.pagat_catch() == Some(team),
            Bonus::PagatFacan => self.won_with(1, Card::PAGAT, team),
            Bonus::SasFacan => self.won_with(1, Card::EAGLE, team),
            // Announced, it succeeds whoever played the I or II (HV-SCORE-12).
            Bonus::ParosFacan => {
                self.won_with(1, Card::XXI, team)
                    && self.trick(1).is_some_and(|t| {
                        t.cards().intersects(Card::PAGAT.set() | Card::EAGLE.set())
                    })
            }
            Bonus::SuitFamily(suit) => self.last_won_with(3, team, |c| c.suit() == Some(suit)),
            Bonus::ThreeKings => self.last_won_with(3, team, Card::is_king),
            Bonus::FinalPair => {
                (self.won_with(penult, Card::EAGLE, team) && self.won_with(n, Card::PAGAT, team))
                    || (self.won_with(penult, Card::PAGAT, team)
                        && self.won_with(n, Card::EAGLE, team))
            }
            Bonus::PagatSmallBird => self.won_with(6, Card::PAGAT, team),
            Bonus::SasSmallBird => self.won_with(6, Card::EAGLE, team),
            Bonus::KingSmallBird(s) => self.won_with(6, Card::king(s), team),
            Bonus::PagatLargeBird => self.won_with(7, Card::PAGAT, team),
            Bonus::SasLargeBird => self.won_with(7, Card::EAGLE, team),
            Bonus::KingLargeBird(s) => self.won_with(7, Card::king(s), team),
            // Not a Hungarian bonus: never announced in a Hungarian hand.
            non_hungarian_bonus!() => false,
        }
    }

    /// The value of an announced bonus before kontras (HU-SCORE-32..51, HV-SCORE-06..24).
    fn announced_value(&self, bonus: Bonus) -> i64 {
        let birds = self.options.bird_values.values();
        let chained = self.options.birds_chained;
        match bonus {
            Bonus::Trull | Bonus::FourKings => TRULL[1],
            Bonus::DoubleGame | Bonus::LongDoubleGame => DOUBLE_GAME[1] * self.g,
            Bonus::Volat => VOLAT[1] * self.g,
            Bonus::PagatUltimo | Bonus::SasUltimo => ULTIMO[1],
            Bonus::XxiCatch => XXI_CATCH[1],
            Bonus::Centrum => {
                if chained {
                    CHAINED_BIRDS[0]
                } else {
                    birds[0]
                }
            }
            Bonus::SmallBird => {
                if chained {
                    CHAINED_BIRDS[1]
                } else {
                    birds[1]
                }
            }
            Bonus::LargeBird => {
                if chained {
                    CHAINED_BIRDS[2]
                } else {
                    birds[2]
                }
            }
            Bonus::PagatUhu | Bonus::SasUhu => self.options.pagat_uhu_value,
            Bonus::KingUltimo(_) => KING_ULTIMO,
            Bonus::KingUhu(_) => KING_UHU,
            Bonus::PagatCatch => PAGAT_CATCH[1],
            Bonus::PagatFacan | Bonus::SasFacan => FACAN[1],
            Bonus::ParosFacan => PAROS_FACAN[1],
            Bonus::SuitFamily(_) | Bonus::ThreeKings => LAST_THREE,
            Bonus::FinalPair => FINAL_PAIR,
            Bonus::PagatSmallBird | Bonus::SasSmallBird | Bonus::KingSmallBird(_) => {
                CARD_SMALL_BIRD
            }
            Bonus::PagatLargeBird | Bonus::SasLargeBird | Bonus::KingLargeBird(_) => {
                CARD_LARGE_BIRD
            }
            // Not a Hungarian bonus: never announced in a Hungarian hand.
            non_hungarian_bonus!() => 0,
        }
    }

    /// The value a team pays for losing `bonus` worth `value`: doubled for an ultimó or uhu
    /// under `double_loss_for_ulti` (HV-SCORE-23).
    fn loss_value(&self, bonus: Bonus, value: i64) -> i64 {
        if self.options.double_loss_for_ulti && is_ulti_or_uhu(bonus) {
            value * 2
        } else {
            value
        }
    }

    /// True if `team` announced `bonus` (then it scores no silent version of it).
    fn announced_by(&self, bonus: Bonus, team: Team) -> bool {
        self.input
            .announced
            .iter()
            .any(|a| a.bonus == bonus && a.team == team)
    }

    /// True if `team` announced double game (or High Tarokk's long double game).
    fn announced_double(&self, team: Team) -> bool {
        self.announced_by(Bonus::DoubleGame, team) || self.announced_by(Bonus::LongDoubleGame, team)
    }

    /// The silent feat of `team` on top of or instead of the game: silent volát (3g) or silent
    /// double game (2g), with the bonus it is recorded as.
    fn silent_feat(&self, team: Team) -> Option<(Bonus, i64)> {
        let announced_volat = self.announced_by(Bonus::Volat, team);
        if self.took_all(team) && !announced_volat {
            Some((Bonus::Volat, VOLAT[0] * self.g))
        } else if self.points(team) >= self.thresholds().1
            && !announced_volat
            && !self.announced_double(team)
        {
            Some((Bonus::DoubleGame, DOUBLE_GAME[0] * self.g))
        } else {
            None
        }
    }

    /// The lines for the game, double game and volát (HU-SCORE-13..28).
    fn game_lines(&self, ledger: &mut Ledger) {
        let (win, _) = self.thresholds();
        let level = self.input.game_level;
        let declarer_wins = if self.options.opponents_need_48_after_kontra && level > 0 {
            // The opponents who said kontra must reach the winning total themselves (H14).
            self.points(Team::Opponents) < win
        } else {
            self.points(Team::Declarer) >= win
        };
        let w = if declarer_wins {
            Team::Declarer
        } else {
            Team::Opponents
        };
        let silent = self.silent_feat(w);
        let game_scored = level > 0
            || (!self.announced_double(w)
                && !self.announced_by(Bonus::Volat, w)
                && silent.is_none());
        if game_scored {
            // The game belongs to the declarer's team (announced by the bid); `made` says
            // whether it won.
            ledger.push(team_line(
                &self.sides,
                Item::Game,
                Team::Declarer,
                self.g,
                kontra_multiplier(level).saturating_mul(self.round),
                false,
                declarer_wins,
            ));
        }
        if let Some((bonus, value)) = silent {
            ledger.push(team_line(
                &self.sides,
                Item::Bonus(bonus),
                w,
                value,
                self.round,
                false,
                true,
            ));
        }
        for a in self
            .input
            .announced
            .iter()
            .filter(|a| is_game_feat(a.bonus))
        {
            ledger.push(team_line(
                &self.sides,
                Item::Bonus(a.bonus),
                a.team,
                self.announced_value(a.bonus),
                kontra_multiplier(a.level).saturating_mul(self.round),
                true,
                self.feat(a.bonus, a.team),
            ));
        }
    }

    /// One line per announced bonus other than double game and volát (HU-SCORE-33).
    fn announced_lines(&self, ledger: &mut Ledger) {
        for a in self
            .input
            .announced
            .iter()
            .filter(|a| !is_game_feat(a.bonus))
        {
            let made = self.feat(a.bonus, a.team);
            let value = self.announced_value(a.bonus);
            let base = if made {
                value
            } else {
                self.loss_value(a.bonus, value)
            };
            ledger.push(team_line(
                &self.sides,
                Item::Bonus(a.bonus),
                a.team,
                base,
                kontra_multiplier(a.level).saturating_mul(self.round),
                true,
                made,
            ));
        }
    }

    /// A silent line for `team`, unless that team announced the bonus (HU-SCORE-53).
    fn silent_line(&self, ledger: &mut Ledger, bonus: Bonus, team: Team, base: i64, made: bool) {
        if self.announced_by(bonus, team) {
            return;
        }
        ledger.push(team_line(
            &self.sides,
            Item::Bonus(bonus),
            team,
            base,
            self.round,
            false,
            made,
        ));
    }

    /// Silent ultimó of `card` (pagát, or the II): won by the card itself, +5; played to the
    /// last trick and not winning it, even to a partner, −5 (HU-SCORE-38/39, HV-ANN-08).
    fn silent_ultimo(&self, ledger: &mut Ledger, bonus: Bonus, card: Card) {
        let Some(trick) = self.trick(self.n) else {
            return;
        };
        let (Some(player), Some((_, won_by))) =
            (trick.player_of(card), trick.winner(&TrickRules::TAROCK))
        else {
            return;
        };
        let team = self.sides.team_of(player);
        let value = ULTIMO[0];
        if won_by == card {
            self.silent_line(ledger, bonus, team, value, true);
        } else {
            self.silent_line(ledger, bonus, team, self.loss_value(bonus, value), false);
        }
    }

    /// High Tarokk silent fácán of `card` (pagát or II): wins trick 1, +10; captured in trick 1
    /// by an opponent, the team that played it pays 10 (HV-SCORE-06..09).
    fn silent_facan(&self, ledger: &mut Ledger, bonus: Bonus, card: Card) {
        let Some(trick) = self.trick(1) else {
            return;
        };
        let (Some(player), Some((winner, won_by))) =
            (trick.player_of(card), trick.winner(&TrickRules::TAROCK))
        else {
            return;
        };
        let team = self.sides.team_of(player);
        if won_by == card {
            self.silent_line(ledger, bonus, team, FACAN[0], true);
        } else if self.sides.team_of(winner) != team {
            self.silent_line(ledger, bonus, team, FACAN[0], false);
        }
    }

    /// Silent párosfácán: the XXI wins trick 1 holding an I or II of the other team; 30
    /// (HV-SCORE-10/11). The 10 for the captured card is the fácán line.
    fn silent_paros_facan(&self, ledger: &mut Ledger) {
        let Some(trick) = self.trick(1) else {
            return;
        };
        let Some((winner, Card::XXI)) = trick.winner(&TrickRules::TAROCK) else {
            return;
        };
        let team = self.sides.team_of(winner);
        let caught = [Card::PAGAT, Card::EAGLE].into_iter().any(|c| {
            trick
                .player_of(c)
                .is_some_and(|p| self.sides.team_of(p) != team)
        });
        if caught {
            self.silent_line(ledger, Bonus::ParosFacan, team, PAROS_FACAN[0], true);
        }
    }

    /// Every bonus made (or, for ultimós and fácáns, lost) without an announcement.
    fn silent_lines(&self, ledger: &mut Ledger) {
        let high = self.options.game == Game::High;
        for team in [Team::Declarer, Team::Opponents] {
            // A team that took every trick scores no silent trull or four kings (HU-SCORE-36);
            // with `silent_only`, only when its volát was silent (HV-SCORE-05).
            let voided = self.took_all(team)
                && match self.options.volat_voids_silent_bonuses {
                    VolatVoids::Any => true,
                    VolatVoids::SilentOnly => !self.announced_by(Bonus::Volat, team),
                };
            for bonus in [Bonus::Trull, Bonus::FourKings] {
                if !voided && self.feat(bonus, team) {
                    self.silent_line(ledger, bonus, team, TRULL[0], true);
                }
            }
        }
        self.silent_ultimo(ledger, Bonus::PagatUltimo, Card::PAGAT);
        if self.options.sas_bonuses || high {
            self.silent_ultimo(ledger, Bonus::SasUltimo, Card::EAGLE);
        }
        if let Some((team, _)) = self.xxi_catch() {
            self.silent_line(ledger, Bonus::XxiCatch, team, XXI_CATCH[0], true);
        }
        if self.options.pagat_catch_bonus {
            if let Some(team) = self.pagat_catch() {
                self.silent_line(ledger, Bonus::PagatCatch, team, PAGAT_CATCH[0], true);
            }
        }
        if high {
            self.silent_facan(ledger, Bonus::PagatFacan, Card::PAGAT);
            self.silent_facan(ledger, Bonus::SasFacan, Card::EAGLE);
            self.silent_paros_facan(ledger);
        }
    }

    /// Declared tarokks, and undeclared ones claimed from the partner (HU-SCORE-54/55, H8,
    /// HV-ANN-12). Individual lines, multiplied by the round multiplier only.
    fn tarokk_lines(&self, ledger: &mut Ledger) {
        let table = self.input.table;
        for s in active_seats(table) {
            let declared = self.input.declared[s];
            let held = self.input.tarokks_held[s];
            let team = self.sides.team_of(s);
            if declared >= 8 {
                let base = tarokk_value(declared);
                let v = base.saturating_mul(self.round);
                let (line_team, payments) = match self.options.tarokk_count_payment {
                    TarokkCountPayment::AllOthers => (
                        None,
                        self.sides.individual_payments(s, active_seats(table), v),
                    ),
                    // A team item (PVSZ18): the holder's partner shares it instead of paying.
                    TarokkCountPayment::Team => (Some(team), self.sides.team_payments(team, v)),
                };
                ledger.push(LedgerItem {
                    item: Item::Tarokks {
                        count: declared,
                        declared: true,
                    },
                    team: line_team,
                    seat: Some(s),
                    base,
                    multiplier: self.round,
                    announced: true,
                    made: true,
                    payments,
                    pots: [0; 2],
                });
            } else if declared == 0 && held >= 8 {
                if self.sides.members(team).all(|p| p == s) {
                    // A lone declarer has nobody to claim from.
                    continue;
                }
                let base = tarokk_value(held);
                ledger.push(LedgerItem {
                    item: Item::Tarokks {
                        count: held,
                        declared: false,
                    },
                    team: None,
                    seat: Some(s),
                    base,
                    multiplier: self.round,
                    announced: false,
                    made: true,
                    payments: self.sides.individual_payments(
                        s,
                        self.sides.members(team),
                        base.saturating_mul(self.round),
                    ),
                    pots: [0; 2],
                });
            }
        }
    }

    /// Five players: who received an honour from the talon pays the dealer 3/2/1 (PK-SCORE-01).
    fn talon_honour_lines(&self, ledger: &mut Ledger) {
        let table = self.input.table;
        if !self.options.talon_honours_pay_dealer || table.is_active(table.dealer) {
            return;
        }
        for s in active_seats(table) {
            for (card, base) in TALON_HONOURS {
                if !self.input.talon_received[s].contains(card) {
                    continue;
                }
                let v = base * self.round;
                let mut payments = BySeat::splat(0);
                payments[s] -= v;
                payments[table.dealer] += v;
                ledger.push(LedgerItem {
                    item: Item::TalonHonour,
                    team: None,
                    seat: Some(s),
                    base,
                    multiplier: self.round,
                    announced: false,
                    made: false,
                    payments,
                    pots: [0; 2],
                });
            }
        }
    }
}

/// Payment for `count` tarokks: 8 → 1, 9 → 2, 10 → 3, 11 → 4, 12 → 5 (HU-SCORE-54, HV-ANN-12).
fn tarokk_value(count: u8) -> i64 {
    i64::from(count.saturating_sub(7).min(5))
}

/// Settles a played hand: game, double game and volát, every announced and silent bonus,
/// declared and claimed tarokks, and talon honours paid to a five-handed dealer.
///
/// Lines come in a stable order: the game and its silent double game or volát, announced double
/// game and volát, the other announced bonuses in announcement order, silent bonuses, tarokks,
/// talon honours. `card_points` holds the declarer's team's and the opponents' card points, and
/// `hat` the seat whose XXI was caught. Never panics.
#[must_use]
pub fn settle(input: &ScoreInput<'_>) -> Ledger {
    let hand = Hand::new(input);
    let mut ledger = Ledger::default();
    hand.game_lines(&mut ledger);
    hand.announced_lines(&mut ledger);
    hand.silent_lines(&mut ledger);
    hand.tarokk_lines(&mut ledger);
    hand.talon_honour_lines(&mut ledger);
    ledger.card_points = Some([hand.points(Team::Declarer), hand.points(Team::Opponents)]);
    ledger.hat = hand.xxi_catch().map(|(_, seat)| seat);
    ledger
}

/// Settles a speculative fourth-seat bid whose bidder drew no honour (HU-BID-10, GAPS H15): the
/// hand is thrown in and the bidder pays each other active player the bid's basic value
/// (`game_value`), or 3 (`three`), or nothing (`none`: an empty ledger).
#[must_use]
pub fn settle_trial_bid(
    options: &HungarianOptions,
    table: Table,
    bidder: Seat,
    contract: Contract,
    round_multiplier: i64,
) -> Ledger {
    let base = match options.trial_bid_penalty {
        TrialBidPenalty::GameValue => game_value(contract),
        TrialBidPenalty::Three => TRIAL_BID_THREE,
        TrialBidPenalty::None => return Ledger::default(),
    };
    let mut ledger = Ledger::default();
    if !table.is_active(bidder) {
        return ledger;
    }
    let round = clamp_round(round_multiplier);
    let mut payments = BySeat::splat(0);
    // Each other player receives from the bidder: the reverse of an individual payment.
    for s in active_seats(table).filter(|&s| s != bidder) {
        payments[s] += base * round;
        payments[bidder] -= base * round;
    }
    ledger.push(LedgerItem {
        item: Item::TrialBidPenalty,
        team: None,
        seat: Some(bidder),
        base,
        multiplier: round,
        announced: false,
        made: false,
        payments,
        pots: [0; 2],
    });
    ledger
}

/// Settles a bid of three where the declarer's team announced only trull and nothing else was
/// announced or kontra'd, under `skip_trull_only_three` (HV-ANN-02): the hand is not played and
/// the declarer's team wins 3, paid like any team item (×3 for a lone declarer).
#[must_use]
pub fn settle_trull_only_three(
    table: Table,
    declarer: Seat,
    partner: Option<Seat>,
    round_multiplier: i64,
) -> Ledger {
    let sides = Sides::new(table, declarer, partner);
    let mut ledger = Ledger::default();
    ledger.push(team_line(
        &sides,
        Item::TrullOnlyThree,
        Team::Declarer,
        TRULL_ONLY_THREE,
        clamp_round(round_multiplier),
        false,
        true,
    ));
    ledger
}
