//! Conversions between engine types and `tarock.v1` wire types, written by hand in one place.
//!
//! Decoding never panics: every malformed field becomes a [`FieldViolation`] naming the field.

use crate::respond::{self, Detail};
use std::borrow::Cow;
use tarock_engine::action::{Declaration, Target};
use tarock_engine::danish::{Grade, Meld};
use tarock_engine::game::{End, Observe, Stage, Viewer};
use tarock_engine::ledger::{DanishItem, Scoring};
use tarock_engine::{
    Action, AnyGame, Bonus, Card, Carried, Contract, DealBuilder, DealSource, Item, Ledger, Seat,
    Setup, Suit, Team, Variant,
};
use tarock_proto::v1 as pb;

/// One malformed field of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldViolation {
    /// The field path, e.g. `record.actions[3].card`.
    pub field: String,
    /// What is wrong.
    pub description: String,
}

impl FieldViolation {
    /// A violation of `field`.
    pub fn new(field: impl Into<String>, description: impl Into<String>) -> FieldViolation {
        FieldViolation {
            field: field.into(),
            description: description.into(),
        }
    }
}

/// Longest record accepted: no legal hand comes near it (the longest possible round of
/// announcements has under 1,000 actions), so anything longer is malformed.
pub const MAX_RECORD_ACTIONS: usize = 4096;

// ----- cards ---------------------------------------------------------------------------------

/// A card on the wire.
pub fn card_to_pb(c: Card) -> pb::Card {
    let (notation, name) = card_strings(c);
    pb::Card {
        index: u32::from(c.index()),
        notation: notation.to_owned(),
        name: name.to_owned(),
    }
}

/// Every card's notation and name, made once per process: every card of every record, view and
/// legal move on the wire carries them.
fn card_table() -> &'static [(String, String)] {
    static TABLE: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..tarock_engine::card::NUM_CARDS as u8)
            .map(|i| {
                let c = Card::new(i);
                (c.to_string(), c.name())
            })
            .collect()
    })
}

/// The notation and name of a card.
pub(crate) fn card_strings(c: Card) -> (&'static str, &'static str) {
    card_table()
        .get(usize::from(c.index()))
        .map_or(("", ""), |(n, m)| (n.as_str(), m.as_str()))
}

/// A card from the wire: the notation if given, else the index.
pub fn card_from_pb(c: Option<&pb::Card>, field: &str) -> Result<Card, FieldViolation> {
    card_problem(c).map_err(|d| FieldViolation::new(field, d))
}

/// [`card_from_pb`] without the field: what is wrong, if anything. (Decoding a record names
/// the field only when it reports a violation, so that a valid record formats no paths.)
fn card_problem(c: Option<&pb::Card>) -> Result<Card, String> {
    let Some(c) = c else {
        return Err("missing card".to_owned());
    };
    if !c.notation.is_empty() {
        if let Some(card) = card_by_notation(c.notation.as_bytes()) {
            return Ok(card);
        }
        return c
            .notation
            .parse()
            .map_err(|e: tarock_engine::card::ParseCardError| e.to_string());
    }
    u8::try_from(c.index)
        .ok()
        .and_then(Card::try_new)
        .ok_or_else(|| format!("card index {} out of range 0..77", c.index))
}

/// The card whose notation is exactly `s` as this service writes it (`T21`, `SKIZ`, `HK`,
/// `C10`, …), found through a hash of its bytes (no two notations share a slot) and checked
/// against the table; `None` for any other spelling, which the engine's parser then reads.
/// Records sent back carry the notations the service wrote, so this finds almost every card of
/// a request without parsing.
fn card_by_notation(b: &[u8]) -> Option<Card> {
    const EMPTY: u8 = u8::MAX;
    fn slot(b: &[u8]) -> usize {
        // Notations have two to four bytes; these weights separate all 78.
        let (first, second, last) = (b[0], b[1], b[b.len() - 1]);
        (usize::from(first) + 10 * usize::from(last) + 15 * usize::from(second) + 2 * b.len())
            & 0xff
    }
    static SLOTS: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    let slots = SLOTS.get_or_init(|| {
        let mut t = [EMPTY; 256];
        for i in 0..tarock_engine::card::NUM_CARDS as u8 {
            let n = card_strings(Card::new(i)).0.as_bytes();
            if (2..=4).contains(&n.len()) && t[slot(n)] == EMPTY {
                t[slot(n)] = i;
            }
        }
        t
    });
    if !(2..=4).contains(&b.len()) {
        return None;
    }
    let c = Card::try_new(slots[slot(b)])?;
    (card_strings(c).0.as_bytes() == b).then_some(c)
}

// ----- enums ---------------------------------------------------------------------------------

pub(crate) fn contract_to_pb(c: Contract) -> pb::Contract {
    match c {
        Contract::Three => pb::Contract::Three,
        Contract::Two => pb::Contract::Two,
        Contract::One => pb::Contract::One,
        Contract::Solo => pb::Contract::Solo,
        Contract::Jeden => pb::Contract::Jeden,
        Contract::Dwa => pb::Contract::Dwa,
        Contract::Trzy => pb::Contract::Trzy,
        Contract::Cztery => pb::Contract::Cztery,
        Contract::Dreiblatt => pb::Contract::Dreiblatt,
        Contract::Zweiblatt => pb::Contract::Zweiblatt,
        Contract::Einblatt => pb::Contract::Einblatt,
        Contract::Klop => pb::Contract::Klop,
        Contract::SoloThree => pb::Contract::SoloThree,
        Contract::SoloTwo => pb::Contract::SoloTwo,
        Contract::SoloOne => pb::Contract::SoloOne,
        Contract::Beggar => pb::Contract::Beggar,
        Contract::SoloWithout => pb::Contract::SoloWithout,
        Contract::OpenBeggar => pb::Contract::OpenBeggar,
        Contract::ColourValat => pb::Contract::ColourValat,
        Contract::Valat => pb::Contract::Valat,
    }
}

fn contract_from_pb(v: i32) -> Option<Contract> {
    match pb::Contract::try_from(v).ok()? {
        pb::Contract::Three => Some(Contract::Three),
        pb::Contract::Two => Some(Contract::Two),
        pb::Contract::One => Some(Contract::One),
        pb::Contract::Solo => Some(Contract::Solo),
        pb::Contract::Jeden => Some(Contract::Jeden),
        pb::Contract::Dwa => Some(Contract::Dwa),
        pb::Contract::Trzy => Some(Contract::Trzy),
        pb::Contract::Cztery => Some(Contract::Cztery),
        pb::Contract::Dreiblatt => Some(Contract::Dreiblatt),
        pb::Contract::Zweiblatt => Some(Contract::Zweiblatt),
        pb::Contract::Einblatt => Some(Contract::Einblatt),
        pb::Contract::Klop => Some(Contract::Klop),
        pb::Contract::SoloThree => Some(Contract::SoloThree),
        pb::Contract::SoloTwo => Some(Contract::SoloTwo),
        pb::Contract::SoloOne => Some(Contract::SoloOne),
        pb::Contract::Beggar => Some(Contract::Beggar),
        pb::Contract::SoloWithout => Some(Contract::SoloWithout),
        pb::Contract::OpenBeggar => Some(Contract::OpenBeggar),
        pb::Contract::ColourValat => Some(Contract::ColourValat),
        pb::Contract::Valat => Some(Contract::Valat),
        pb::Contract::Unspecified => None,
    }
}

pub(crate) fn suit_to_pb(s: Option<Suit>) -> pb::Suit {
    match s {
        None => pb::Suit::Unspecified,
        Some(Suit::Hearts) => pb::Suit::Hearts,
        Some(Suit::Diamonds) => pb::Suit::Diamonds,
        Some(Suit::Clubs) => pb::Suit::Clubs,
        Some(Suit::Spades) => pb::Suit::Spades,
    }
}

fn suit_from_pb(v: i32) -> Option<Suit> {
    match pb::Suit::try_from(v).ok()? {
        pb::Suit::Hearts => Some(Suit::Hearts),
        pb::Suit::Diamonds => Some(Suit::Diamonds),
        pb::Suit::Clubs => Some(Suit::Clubs),
        pb::Suit::Spades => Some(Suit::Spades),
        pb::Suit::Unspecified => None,
    }
}

/// The wire enum of a bonus (the suit travels separately).
pub fn bonus_to_pb(b: Bonus) -> pb::Bonus {
    use pb::Bonus as P;
    match b {
        Bonus::Trull => P::Trull,
        Bonus::FourKings => P::FourKings,
        Bonus::DoubleGame => P::DoubleGame,
        Bonus::Volat => P::Volat,
        Bonus::PagatUltimo => P::PagatUltimo,
        Bonus::XxiCatch => P::XxiCatch,
        Bonus::Centrum => P::Centrum,
        Bonus::SmallBird => P::SmallBird,
        Bonus::LargeBird => P::LargeBird,
        Bonus::PagatUhu => P::PagatUhu,
        Bonus::KingUltimo(_) => P::KingUltimo,
        Bonus::KingUhu(_) => P::KingUhu,
        Bonus::SasUltimo => P::SasUltimo,
        Bonus::SasUhu => P::SasUhu,
        Bonus::PagatCatch => P::PagatCatch,
        Bonus::PagatFacan => P::PagatFacan,
        Bonus::SasFacan => P::SasFacan,
        Bonus::ParosFacan => P::ParosFacan,
        Bonus::SuitFamily(_) => P::SuitFamily,
        Bonus::ThreeKings => P::ThreeKings,
        Bonus::FinalPair => P::FinalPair,
        Bonus::PagatSmallBird => P::PagatSmallBird,
        Bonus::SasSmallBird => P::SasSmallBird,
        Bonus::KingSmallBird(_) => P::KingSmallBird,
        Bonus::PagatLargeBird => P::PagatLargeBird,
        Bonus::SasLargeBird => P::SasLargeBird,
        Bonus::KingLargeBird(_) => P::KingLargeBird,
        Bonus::LongDoubleGame => P::LongDoubleGame,
        Bonus::KingCatch => P::KingCatch,
        Bonus::RoyalTrull => P::RoyalTrull,
        Bonus::TarockTrull => P::TarockTrull,
        Bonus::Heads => P::Heads,
        Bonus::WithoutKings => P::WithoutKings,
        Bonus::WithoutTrull => P::WithoutTrull,
        Bonus::WithForty => P::WithForty,
        Bonus::WithFifty => P::WithFifty,
    }
}

/// A bonus from its wire enum and suit; `Ok(None)` for an unset bonus.
pub fn bonus_from_pb(v: i32, suit: i32, field: &str) -> Result<Option<Bonus>, FieldViolation> {
    bonus_problem(v, suit).map_err(|d| FieldViolation::new(field, d))
}

/// [`bonus_from_pb`] without the field.
fn bonus_problem(v: i32, suit: i32) -> Result<Option<Bonus>, String> {
    use pb::Bonus as P;
    let p = P::try_from(v).map_err(|_| format!("unknown bonus {v}"))?;
    let need_suit = || suit_from_pb(suit).ok_or_else(|| "this bonus needs a suit".to_owned());
    Ok(Some(match p {
        P::Unspecified => return Ok(None),
        P::Trull => Bonus::Trull,
        P::FourKings => Bonus::FourKings,
        P::DoubleGame => Bonus::DoubleGame,
        P::Volat => Bonus::Volat,
        P::PagatUltimo => Bonus::PagatUltimo,
        P::XxiCatch => Bonus::XxiCatch,
        P::Centrum => Bonus::Centrum,
        P::SmallBird => Bonus::SmallBird,
        P::LargeBird => Bonus::LargeBird,
        P::PagatUhu => Bonus::PagatUhu,
        P::KingUltimo => Bonus::KingUltimo(need_suit()?),
        P::KingUhu => Bonus::KingUhu(need_suit()?),
        P::SasUltimo => Bonus::SasUltimo,
        P::SasUhu => Bonus::SasUhu,
        P::PagatCatch => Bonus::PagatCatch,
        P::PagatFacan => Bonus::PagatFacan,
        P::SasFacan => Bonus::SasFacan,
        P::ParosFacan => Bonus::ParosFacan,
        P::SuitFamily => Bonus::SuitFamily(need_suit()?),
        P::ThreeKings => Bonus::ThreeKings,
        P::FinalPair => Bonus::FinalPair,
        P::PagatSmallBird => Bonus::PagatSmallBird,
        P::SasSmallBird => Bonus::SasSmallBird,
        P::KingSmallBird => Bonus::KingSmallBird(need_suit()?),
        P::PagatLargeBird => Bonus::PagatLargeBird,
        P::SasLargeBird => Bonus::SasLargeBird,
        P::KingLargeBird => Bonus::KingLargeBird(need_suit()?),
        P::LongDoubleGame => Bonus::LongDoubleGame,
        P::KingCatch => Bonus::KingCatch,
        P::RoyalTrull => Bonus::RoyalTrull,
        P::TarockTrull => Bonus::TarockTrull,
        P::Heads => Bonus::Heads,
        P::WithoutKings => Bonus::WithoutKings,
        P::WithoutTrull => Bonus::WithoutTrull,
        P::WithForty => Bonus::WithForty,
        P::WithFifty => Bonus::WithFifty,
    }))
}

pub(crate) fn team_to_pb(t: Option<Team>) -> pb::Team {
    match t {
        None => pb::Team::Unspecified,
        Some(Team::Declarer) => pb::Team::Declarer,
        Some(Team::Opponents) => pb::Team::Opponents,
    }
}

/// The wire phase of a stage.
pub fn phase_to_pb(p: Stage) -> pb::Phase {
    match p {
        Stage::Opening => pb::Phase::Opening,
        Stage::Auction => pb::Phase::Auction,
        Stage::Call => pb::Phase::Call,
        Stage::Talon => pb::Phase::Talon,
        Stage::Discard => pb::Phase::Discard,
        Stage::Annul => pb::Phase::Annul,
        Stage::Announce => pb::Phase::Announce,
        Stage::Play => pb::Phase::Play,
        Stage::Over(_) => pb::Phase::Over,
    }
}

/// The wire reason of an end.
pub fn end_to_pb(e: End) -> (pb::EndReason, Option<u32>) {
    match e {
        End::Played => (pb::EndReason::Played, None),
        End::PassedOut => (pb::EndReason::PassedOut, None),
        End::Annulled(s) => (pb::EndReason::Annulled, Some(u32::from(s.get()))),
        End::TrialBidFailed(s) => (pb::EndReason::TrialBidFailed, Some(u32::from(s.get()))),
        End::TrullOnlyThree => (pb::EndReason::TrullOnlyThree, None),
        End::ThrownIn(s) => (pb::EndReason::ThrownIn, Some(u32::from(s.get()))),
        End::GaveUp(s) => (pb::EndReason::GaveUp, Some(u32::from(s.get()))),
    }
}

// ----- actions -------------------------------------------------------------------------------

/// An action on the wire, every applicable field set.
pub fn action_to_pb(a: Action) -> pb::Action {
    let mut out = action_fields(a, card_to_pb);
    out.notation = notation(a);
    out
}

/// The structured fields of an action as the wire has them: the kind, the card and the enum
/// and number fields (zero where the kind has none). The one mapping of actions to the wire;
/// [`action_fields`] and the writers of [`crate::respond`] both use it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ActionParts {
    pub kind: pb::ActionKind,
    pub card: Option<Card>,
    pub contract: pb::Contract,
    pub bonus: pb::Bonus,
    pub suit: pb::Suit,
    pub level: u32,
    pub count: u32,
    pub group: u32,
}

/// The wire fields of `a`.
pub(crate) fn action_parts(a: Action) -> ActionParts {
    let mut out = ActionParts {
        kind: pb::ActionKind::Unspecified,
        card: None,
        contract: pb::Contract::Unspecified,
        bonus: pb::Bonus::Unspecified,
        suit: pb::Suit::Unspecified,
        level: 0,
        count: 0,
        group: 0,
    };
    out.kind = match a {
        Action::Pass => pb::ActionKind::Pass,
        Action::Bid(c) => {
            out.contract = contract_to_pb(c);
            pb::ActionKind::Bid
        }
        Action::Hold => pb::ActionKind::Hold,
        Action::Discard(c) => {
            out.card = Some(c);
            pb::ActionKind::Discard
        }
        Action::Annul => pb::ActionKind::Annul,
        Action::Call(c) => {
            out.card = Some(c);
            pb::ActionKind::Call
        }
        Action::Declare(Declaration::Tarokks(n)) => {
            out.count = u32::from(n);
            pb::ActionKind::DeclareTarokks
        }
        Action::Announce(b) => {
            out.bonus = bonus_to_pb(b);
            out.suit = suit_to_pb(b.suit());
            pb::ActionKind::Announce
        }
        Action::Kontra(t, level) => {
            if let Target::Bonus(b) = t {
                out.bonus = bonus_to_pb(b);
                out.suit = suit_to_pb(b.suit());
            }
            out.level = u32::from(level);
            pb::ActionKind::Kontra
        }
        Action::Play(c) => {
            out.card = Some(c);
            pb::ActionKind::Play
        }
        Action::ThrowIn => pb::ActionKind::ThrowIn,
        Action::GiveUp => pb::ActionKind::GiveUp,
        Action::TakeTalon(i) => {
            out.group = u32::from(i) + 1;
            pb::ActionKind::TakeTalon
        }
        Action::ExposeTalon => pb::ActionKind::ExposeTalon,
        Action::Declare(Declaration::FourKings) => pb::ActionKind::DeclareFourKings,
        Action::Unteren => pb::ActionKind::Unteren,
        Action::KeepTalon(n) => {
            out.count = u32::from(n);
            pb::ActionKind::KeepTalon
        }
        Action::LeadFool(named) => {
            out.suit = suit_to_pb(named);
            pb::ActionKind::LeadFool
        }
    };
    out
}

/// The structured fields of an action, cards written by `card`.
fn action_fields(a: Action, card_to_pb: impl Fn(Card) -> pb::Card) -> pb::Action {
    let p = action_parts(a);
    pb::Action {
        kind: p.kind as i32,
        card: p.card.map(card_to_pb),
        contract: p.contract as i32,
        bonus: p.bonus as i32,
        suit: p.suit as i32,
        level: p.level,
        count: p.count,
        notation: String::new(),
        group: p.group,
    }
}

/// An action from the wire: the structured fields, or the notation when `kind` is unset.
pub fn action_from_pb(a: Option<&pb::Action>, field: &str) -> Result<Action, FieldViolation> {
    let Some(a) = a else {
        return Err(FieldViolation::new(field, "missing action"));
    };
    action_problem(a).map_err(|p| p.at(field))
}

/// What is wrong with a sub-field of a field whose path is not formatted yet.
#[derive(Clone, Debug)]
pub(crate) struct Problem {
    /// The sub-field (`card`, `kind`, …), or `None` for the field itself.
    sub: Option<&'static str>,
    description: String,
}

impl Problem {
    fn of(sub: &'static str, description: impl Into<String>) -> Problem {
        Problem {
            sub: Some(sub),
            description: description.into(),
        }
    }

    /// The violation, at `field` (or its sub-field).
    pub(crate) fn at(self, field: &str) -> FieldViolation {
        match self.sub {
            None => FieldViolation::new(field, self.description),
            Some(sub) => FieldViolation::new(format!("{field}.{sub}"), self.description),
        }
    }
}

/// [`action_from_pb`] without the field path, which only a violation needs.
fn action_problem(a: &pb::Action) -> Result<Action, Problem> {
    let kind = pb::ActionKind::try_from(a.kind)
        .map_err(|_| Problem::of("kind", format!("unknown action kind {}", a.kind)))?;
    let card = || card_problem(a.card.as_ref()).map_err(|d| Problem::of("card", d));
    let bonus = || bonus_problem(a.bonus, a.suit).map_err(|d| Problem::of("bonus", d));
    Ok(match kind {
        pb::ActionKind::Unspecified => {
            if a.notation.is_empty() {
                return Err(Problem {
                    sub: None,
                    description: "set kind or notation".to_owned(),
                });
            }
            a.notation
                .parse()
                .map_err(|e: tarock_engine::action::ParseActionError| {
                    Problem::of("notation", e.to_string())
                })?
        }
        pb::ActionKind::Pass => Action::Pass,
        pb::ActionKind::Hold => Action::Hold,
        pb::ActionKind::Annul => Action::Annul,
        pb::ActionKind::Bid => Action::Bid(
            contract_from_pb(a.contract)
                .ok_or_else(|| Problem::of("contract", "a bid needs a contract"))?,
        ),
        pb::ActionKind::Discard => Action::Discard(card()?),
        pb::ActionKind::Call => Action::Call(card()?),
        pb::ActionKind::Play => Action::Play(card()?),
        pb::ActionKind::DeclareTarokks => {
            let n = u8::try_from(a.count)
                .ok()
                .filter(|n| (0..=12).contains(n))
                .ok_or_else(|| Problem::of("count", "declared tarokks are 0 to 12"))?;
            Action::Declare(Declaration::Tarokks(n))
        }
        pb::ActionKind::DeclareFourKings => Action::Declare(Declaration::FourKings),
        pb::ActionKind::ThrowIn => Action::ThrowIn,
        pb::ActionKind::GiveUp => Action::GiveUp,
        pb::ActionKind::ExposeTalon => Action::ExposeTalon,
        pb::ActionKind::TakeTalon => {
            let n = u8::try_from(a.group)
                .ok()
                .filter(|n| (1..=6).contains(n))
                .ok_or_else(|| Problem::of("group", "talon groups are numbered 1 to 6"))?;
            Action::TakeTalon(n - 1)
        }
        pb::ActionKind::Unteren => Action::Unteren,
        pb::ActionKind::LeadFool => Action::LeadFool(match pb::Suit::try_from(a.suit) {
            Ok(pb::Suit::Unspecified) => None,
            Ok(_) => suit_from_pb(a.suit),
            Err(_) => return Err(Problem::of("suit", format!("unknown suit {}", a.suit))),
        }),
        pb::ActionKind::KeepTalon => {
            let n = u8::try_from(a.count)
                .ok()
                .filter(|n| (0..=6).contains(n))
                .ok_or_else(|| Problem::of("count", "0 to 6 talon cards are kept"))?;
            Action::KeepTalon(n)
        }
        pb::ActionKind::Announce => Action::Announce(
            bonus()?.ok_or_else(|| Problem::of("bonus", "an announcement needs a bonus"))?,
        ),
        pb::ActionKind::Kontra => {
            let level = u8::try_from(a.level)
                .ok()
                .filter(|l| (1..=5).contains(l))
                .ok_or_else(|| Problem::of("level", "kontra levels are 1 to 5"))?;
            let target = match bonus()? {
                None => Target::Game,
                Some(b) => Target::Bonus(b),
            };
            Action::Kontra(target, level)
        }
    })
}

/// The short notation of an action, e.g. `play T20`.
fn notation(a: Action) -> String {
    a.to_string()
}

/// A human-readable label for a legal move, in the words every game shares.
pub fn label(a: Action) -> String {
    tarock_engine::words::label(a)
}

/// The label of `a` as the game `g` words it: its own words where the shared label would
/// mislead ([`Variant::own_label`]).
pub(crate) fn own_label(g: &AnyGame, a: Action) -> Cow<'static, str> {
    match g.variant().own_label(a) {
        Some(own) => own.into(),
        None => label(a).into(),
    }
}

/// A legal move on the wire.
pub fn legal_move(g: &AnyGame, a: Action) -> pb::LegalMove {
    pb::LegalMove {
        action: Some(action_to_pb(a)),
        id: g.action_id(a).unwrap_or(u32::MAX),
        label: own_label(g, a).into_owned(),
    }
}

// ----- records -------------------------------------------------------------------------------

/// A record decoded: the setup and the actions.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The hand's setup.
    pub setup: Setup,
    /// The actions in order.
    pub actions: Vec<Action>,
    /// The match state the record carries, unchanged.
    pub match_state: Option<pb::MatchState>,
}

/// Decodes a record's rules, seating and deal.
pub fn setup_from_pb(
    variant: &str,
    options: &[pb::RuleOption],
    seats: u32,
    dealer: u32,
    deal: Option<DealSource>,
    field: &str,
) -> Result<Setup, Vec<FieldViolation>> {
    let mut errs = Vec::new();
    let v = Variant::from_id(variant);
    if v.is_none() {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        errs.push(FieldViolation::new(
            format!("{field}variant"),
            format!(
                "unknown variant {:?}; known: {}",
                crate::error::clip(variant),
                known.join(", ")
            ),
        ));
    }
    let seats_u8 = u8::try_from(seats).unwrap_or(u8::MAX);
    if let Some(v) = v {
        if !v.seat_counts().contains(&seats_u8) {
            errs.push(FieldViolation::new(
                format!("{field}seats"),
                format!("{v} is played by {:?} seats, not {seats}", v.seat_counts()),
            ));
        }
    }
    let dealer = u8::try_from(dealer)
        .ok()
        .filter(|&d| d < seats_u8)
        .and_then(Seat::try_new);
    if dealer.is_none() {
        errs.push(FieldViolation::new(
            format!("{field}dealer"),
            "the dealer must be one of the seats",
        ));
    }
    let mut opts = Vec::new();
    if let Some(v) = v {
        let mut typed = v.default_options();
        for (i, o) in options.iter().enumerate() {
            if let Some(place) = moved_to_match_state(&o.name) {
                errs.push(FieldViolation::new(
                    format!("{field}options[{i}]"),
                    format!(
                        "{} is no rule option: a match carries it in the record's {place}, which NextDeal writes",
                        o.name
                    ),
                ));
                continue;
            }
            match typed.set(&o.name, &o.value) {
                Ok(()) => opts.push((o.name.clone(), o.value.clone())),
                Err(e) => errs.push(FieldViolation::new(
                    format!("{field}options[{i}]"),
                    e.to_string(),
                )),
            }
        }
    }
    let Some(deal) = deal else {
        errs.push(FieldViolation::new(
            format!("{field}deal"),
            "set seed or explicit_deal",
        ));
        return Err(errs);
    };
    match (v, dealer, errs.is_empty()) {
        (Some(variant), Some(dealer), true) => Ok(Setup {
            variant,
            options: opts,
            seats: seats_u8,
            dealer,
            deal,
            carried: tarock_engine::Carried::default(),
        }),
        _ => Err(errs),
    }
}

/// The deal source of a wire seed.
pub fn seed_from_pb(seed: &[u8], field: &str) -> Result<DealSource, FieldViolation> {
    let arr: [u8; 32] = seed.try_into().map_err(|_| {
        FieldViolation::new(field, format!("a seed has 32 bytes, not {}", seed.len()))
    })?;
    Ok(DealSource::Seed(arr))
}

/// The deal source of explicit wire cards.
pub fn explicit_from_pb(d: &pb::ExplicitDeal, field: &str) -> Result<DealSource, FieldViolation> {
    let mut b = DealBuilder::new();
    if d.hands.len() > 255 {
        return Err(FieldViolation::new(
            format!("{field}.hands"),
            "too many hands",
        ));
    }
    for (i, h) in d.hands.iter().enumerate() {
        let mut cards = Vec::with_capacity(h.cards.len());
        for (j, c) in h.cards.iter().enumerate() {
            cards.push(
                card_problem(Some(c)).map_err(|e| {
                    FieldViolation::new(format!("{field}.hands[{i}].cards[{j}]"), e)
                })?,
            );
        }
        b = b.hand(i as u8, &cards);
    }
    let mut talon = Vec::with_capacity(d.talon.len());
    for (j, c) in d.talon.iter().enumerate() {
        talon.push(
            card_problem(Some(c))
                .map_err(|e| FieldViolation::new(format!("{field}.talon[{j}]"), e))?,
        );
    }
    Ok(DealSource::Explicit(b.talon(&talon)))
}

/// Decodes a whole record.
pub fn record_from_pb(r: &pb::GameRecord) -> Result<Decoded, Vec<FieldViolation>> {
    let actions = r.actions.iter().map(action_problem);
    let n = actions.len();
    if n > MAX_RECORD_ACTIONS {
        return Err(vec![FieldViolation::new(
            "record.actions",
            format!("{n} actions: longer than any legal hand (at most {MAX_RECORD_ACTIONS})"),
        )]);
    }
    let deal = match &r.deal {
        None => None,
        Some(pb::game_record::Deal::Seed(s)) => {
            Some(seed_from_pb(s, "record.seed").map_err(|e| vec![e])?)
        }
        Some(pb::game_record::Deal::ExplicitDeal(d)) => {
            Some(explicit_from_pb(d, "record.explicit_deal").map_err(|e| vec![e])?)
        }
    };
    let mut setup = setup_from_pb(&r.variant, &r.options, r.seats, r.dealer, deal, "record.")?;
    setup.carried = carried_from_pb(r.match_state.as_ref()).map_err(|e| vec![e])?;
    let mut decoded = Vec::with_capacity(n);
    let mut errs = Vec::new();
    for (i, a) in actions.enumerate() {
        match a {
            Ok(a) => decoded.push(a),
            Err(p) => errs.push(p.at(&format!("record.actions[{i}]"))),
        }
    }
    if errs.is_empty() {
        Ok(Decoded {
            setup,
            actions: decoded,
            match_state: r.match_state.clone(),
        })
    } else {
        Err(errs)
    }
}

/// Encodes a record, writing an explicit deal as the cards the game was dealt (see
/// [`respond::record`]).
///
/// # Errors
/// Never for a record the engine reached (the writer writes what prost reads; the tests check
/// it).
pub fn record_with_deal(
    setup: &Setup,
    actions: &[Action],
    game: &AnyGame,
    match_state: Option<pb::MatchState>,
    rules_version: u32,
) -> Result<pb::GameRecord, prost::DecodeError> {
    let m = match_state.as_ref();
    let bytes = respond::record_bytes(setup, actions, game, m, rules_version, Detail::Full);
    prost::Message::decode(bytes.as_slice())
}

// ----- viewers, views, ledgers, events -------------------------------------------------------

/// A viewer from the wire.
pub fn viewer_from_pb(
    v: Option<&pb::Viewer>,
    seats: u8,
    field: &str,
) -> Result<Viewer, FieldViolation> {
    // No viewer is the spectator: a platform that forwards a view it did not ask a seat for
    // shows only what is public. The referee's view (every hand, the talon) is only given when
    // asked for.
    let Some(v) = v else {
        return Ok(Viewer::Spectator);
    };
    match pb::ViewerRole::try_from(v.role)
        .map_err(|_| FieldViolation::new(format!("{field}.role"), "unknown viewer role"))?
    {
        pb::ViewerRole::Referee => Ok(Viewer::Referee),
        pb::ViewerRole::Unspecified | pb::ViewerRole::Spectator => Ok(Viewer::Spectator),
        pb::ViewerRole::Seat => u8::try_from(v.seat)
            .ok()
            .filter(|&s| s < seats)
            .and_then(Seat::try_new)
            .map(Viewer::Seat)
            .ok_or_else(|| {
                FieldViolation::new(
                    format!("{field}.seat"),
                    format!("no seat {} at this table", v.seat),
                )
            }),
    }
}

pub(crate) fn viewer_to_pb(v: Viewer) -> pb::Viewer {
    match v {
        Viewer::Seat(s) => pb::Viewer {
            role: pb::ViewerRole::Seat as i32,
            seat: u32::from(s.get()),
        },
        Viewer::Spectator => pb::Viewer {
            role: pb::ViewerRole::Spectator as i32,
            seat: 0,
        },
        Viewer::Referee => pb::Viewer {
            role: pb::ViewerRole::Referee as i32,
            seat: 0,
        },
    }
}

/// The game as it was dealt, before any action.
pub(crate) fn replay_start(game: &AnyGame) -> AnyGame {
    game.as_dealt()
}

/// A ledger on the wire.
pub fn ledger_to_pb(l: &Ledger, seats: u8, variant: Variant) -> pb::Ledger {
    pb::Ledger {
        items: l
            .items
            .iter()
            .map(|i| {
                let (kind, bonus, count) = match i.item {
                    Item::Game => (pb::LedgerItemKind::Game, None, 0),
                    Item::Bonus(b) => (pb::LedgerItemKind::Bonus, Some(b), 0),
                    Item::Tarokks { count, .. } => {
                        (pb::LedgerItemKind::Tarokks, None, u32::from(count))
                    }
                    Item::TrialBidPenalty => (pb::LedgerItemKind::TrialBidPenalty, None, 0),
                    Item::TrullOnlyThree => (pb::LedgerItemKind::TrullOnlyThree, None, 0),
                    Item::TalonHonour => (pb::LedgerItemKind::TalonHonour, None, 0),
                    Item::GiveUp => (pb::LedgerItemKind::GiveUp, None, 0),
                    Item::Trischaken => (pb::LedgerItemKind::Trischaken, None, 0),
                    Item::Danish(d) => danish_line(d),
                };
                let label = i.label(variant);
                pb::LedgerItem {
                    kind: kind as i32,
                    bonus: bonus.map_or(0, |b| bonus_to_pb(b) as i32),
                    suit: suit_to_pb(bonus.and_then(Bonus::suit)) as i32,
                    team: team_to_pb(i.team) as i32,
                    seat: i.seat.map(|s| u32::from(s.get())),
                    base: i.base,
                    multiplier: i.multiplier,
                    announced: i.announced,
                    made: i.made,
                    payments: i.payments.first(seats).to_vec(),
                    count,
                    label,
                    pots: if i.pots == [0; 2] {
                        Vec::new()
                    } else {
                        i.pots.to_vec()
                    },
                    meld: match i.item {
                        Item::Danish(DanishItem::Declaration(m)) => Some(meld_to_pb(m)),
                        _ => None,
                    },
                }
            })
            .collect(),
        totals: l.totals.first(seats).to_vec(),
        card_points: l.card_points.map(|p| p.to_vec()).unwrap_or_default(),
        hat: l.hat.map(|s| u32::from(s.get())),
        scoring: match l.scoring {
            Scoring::Payments => pb::Scoring::Payments,
            Scoring::Points => pb::Scoring::Points,
        } as i32,
        pots: l.pots.map(|p| p.to_vec()).unwrap_or_default(),
    }
}

/// The kind, bonus and count of a Danish ledger line.
fn danish_line(d: DanishItem) -> (pb::LedgerItemKind, Option<Bonus>, u32) {
    use pb::LedgerItemKind as K;
    let (kind, count) = match d {
        DanishItem::Foundation(_) => (K::Foundation, 0),
        DanishItem::DealingFee => (K::DealingFee, 0),
        DanishItem::Declaration(_) => (K::Declaration, 0),
        DanishItem::KingsLost => (K::KingsLost, 0),
        DanishItem::PagatLost => (K::PagatLost, 0),
        DanishItem::PagatTrick => (K::PagatTrick, 0),
        DanishItem::Tout => (K::Tout, 0),
        DanishItem::ToutFailed => (K::ToutFailed, 0),
        DanishItem::Nolo => (K::Nolo, 0),
        DanishItem::PagatUltimo => (K::PagatUltimo, 0),
        DanishItem::KingUltimo => (K::KingUltimo, 0),
        DanishItem::PagatBagud => (K::PagatBagud, 0),
        DanishItem::KingBagud => (K::KingBagud, 0),
        DanishItem::LastTrick => (K::LastTrick, 0),
        DanishItem::Count(points) => (K::Count, u32::from(points)),
    };
    (kind, None, count)
}

/// A Danish declaration on the wire.
pub(crate) fn meld_to_pb(m: Meld) -> pb::Meld {
    use pb::MeldKind as K;
    let mut out = pb::Meld {
        value: m.value(),
        text: m.to_string(),
        ..pb::Meld::default()
    };
    let half = |out: &mut pb::Meld, g: Grade, full: K, abundant: K, half: K| match g {
        Grade::Full => full,
        Grade::Abundant => abundant,
        Grade::Half(c) => {
            out.missing = Some(card_to_pb(c));
            half
        }
    };
    out.kind = match m {
        Meld::Trumps { count, pagat } => {
            out.count = u32::from(count);
            out.pagat = pagat;
            K::Trumps
        }
        Meld::Matadors(n) => {
            out.count = u32::from(n);
            K::Matadors
        }
        Meld::Cavallerie(s, g) => {
            out.suit = suit_to_pb(Some(s)) as i32;
            half(
                &mut out,
                g,
                K::FullCavallerie,
                K::AbundantCavallerie,
                K::HalfCavallerie,
            )
        }
        Meld::Kings(g) => half(&mut out, g, K::FullKings, K::AbundantKings, K::HalfKings),
    } as i32;
    out
}

/// The events `action` caused, comparing the game before and after.
pub fn events(before: &AnyGame, after: &AnyGame, action: Action) -> Vec<pb::Event> {
    let (b, a) = (before, after);
    let mut out = Vec::new();
    if a.tricks().len() > b.tricks().len() {
        if let Some(i) = a.tricks().len().checked_sub(1) {
            if let Some((s, c)) = a.trick_winner(i) {
                out.push(pb::Event {
                    kind: pb::EventKind::TrickWon as i32,
                    seat: Some(u32::from(s.get())),
                    card: Some(card_to_pb(c)),
                    ..Default::default()
                });
            }
        }
    }
    if let (Action::Play(c), Some(called)) = (action, a.called()) {
        if c == called {
            if let Some(p) = a.partner() {
                out.push(pb::Event {
                    kind: pb::EventKind::PartnerRevealed as i32,
                    seat: Some(u32::from(p.get())),
                    card: Some(card_to_pb(c)),
                    ..Default::default()
                });
            }
        }
    }
    if phase_to_pb(a.stage()) != phase_to_pb(b.stage()) {
        out.push(pb::Event {
            kind: pb::EventKind::PhaseChanged as i32,
            phase: phase_to_pb(a.stage()) as i32,
            ..Default::default()
        });
    }
    if let (Stage::Over(end), false) = (a.stage(), matches!(b.stage(), Stage::Over(_))) {
        let ledger = a.settlement(1).unwrap_or_default();
        for item in &ledger.items {
            if let Item::Bonus(bonus) = item.item {
                out.push(pb::Event {
                    kind: if item.made {
                        pb::EventKind::BonusMade
                    } else {
                        pb::EventKind::BonusFailed
                    } as i32,
                    bonus: bonus_to_pb(bonus) as i32,
                    suit: suit_to_pb(bonus.suit()) as i32,
                    team: team_to_pb(item.team) as i32,
                    ..Default::default()
                });
            }
        }
        if let Some(hat) = ledger.hat {
            out.push(pb::Event {
                kind: pb::EventKind::Hat as i32,
                seat: Some(u32::from(hat.get())),
                ..Default::default()
            });
        }
        out.push(pb::Event {
            kind: pb::EventKind::HandOver as i32,
            end: end_to_pb(end).0 as i32,
            seat: end_to_pb(end).1,
            ..Default::default()
        });
    }
    out
}

mod match_state;
use match_state::{carried_from_pb, moved_to_match_state};
pub use match_state::{carried_to_pb, match_from_pb, match_to_pb};

#[cfg(test)]
mod tests;
