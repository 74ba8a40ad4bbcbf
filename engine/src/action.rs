//! One action type for every phase of every game, and its text notation.
//!
//! An [`Action`] is a small `Copy` value. Every phase of a hand is driven by actions: bids, holds
//! and passes in the auction; discards; annulment; the partner call, declarations,
//! announcements and kontras; card play. The short notation (`bid two`, `call T20`,
//! `announce king-ultimo:H`, `rekontra game`, `play SKIZ`) is what logs and the command-line
//! client show, and [`Action::from_str`](std::str::FromStr) parses it back.

use crate::card::{Card, ParseCardError, Suit};
use std::fmt;
use std::str::FromStr;

/// A contract that can be bid.
///
/// The Hungarian bids are named by the number of talon cards the declarer takes: three (lowest)
/// to solo (highest). The Polish bids (Taroki z królami) are named by their number, one
/// (lowest, three talon cards) to four (highest, none): a game uses only its own contracts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Contract {
    /// Hungarian "három": declarer takes three talon cards; basic value 1.
    Three,
    /// Hungarian "kettő": two talon cards; basic value 2.
    Two,
    /// Hungarian "egy": one talon card; basic value 3.
    One,
    /// Hungarian "szóló": no talon card; basic value 4.
    Solo,
    /// Polish "jeden" (1): three talon cards; game value 1.
    Jeden,
    /// Polish "dwa" (2): two talon cards; game value 2.
    Dwa,
    /// Polish "trzy" (3): one talon card; game value 3.
    Trzy,
    /// Polish "cztery" (4): no talon card; game value 4.
    Cztery,
    /// Austrian Dreiblatt: three talon cards, multiplier 1. (The Austrian Solo is [`Contract::Solo`].)
    Dreiblatt,
    /// Austrian Zweiblatt: two talon cards, multiplier 2.
    Zweiblatt,
    /// Austrian Einblatt: one talon card, multiplier 3.
    Einblatt,
    /// Slovenian klop: nobody bids, everyone plays for himself to take as little as possible.
    Klop,
    /// Slovenian solo three: three talon cards, no partner; 40.
    SoloThree,
    /// Slovenian solo two: two talon cards, no partner; 50.
    SoloTwo,
    /// Slovenian solo one: one talon card, no partner; 60.
    SoloOne,
    /// Slovenian beggar (berač): no trick; 70.
    Beggar,
    /// Slovenian solo without (solo brez): no talon, no partner, more than 35 card points; 80.
    SoloWithout,
    /// Slovenian open beggar (odprti berač): no trick, the hand shown after the first; 90.
    OpenBeggar,
    /// Slovenian colour valat (barvni valat): every trick, taroks not trumps; 125.
    ColourValat,
    /// Slovenian valat: every trick; 500.
    Valat,
}

impl Contract {
    /// The Hungarian bids, lowest first.
    pub const HUNGARIAN: [Contract; 4] = [
        Contract::Three,
        Contract::Two,
        Contract::One,
        Contract::Solo,
    ];

    /// The Austrian contracts, lowest first: Dreiblatt, Zweiblatt, Einblatt, Solo.
    pub const AUSTRIAN: [Contract; 4] = [
        Contract::Dreiblatt,
        Contract::Zweiblatt,
        Contract::Einblatt,
        Contract::Solo,
    ];

    /// The Slovenian contracts, lowest first: klop, three, two, one, solo three, solo two, solo
    /// one, beggar, solo without, open beggar, colour valat, valat (SI-BID-01).
    pub const SLOVENIAN: [Contract; 12] = [
        Contract::Klop,
        Contract::Three,
        Contract::Two,
        Contract::One,
        Contract::SoloThree,
        Contract::SoloTwo,
        Contract::SoloOne,
        Contract::Beggar,
        Contract::SoloWithout,
        Contract::OpenBeggar,
        Contract::ColourValat,
        Contract::Valat,
    ];

    /// The Polish bids, lowest first.
    pub const POLISH: [Contract; 4] = [
        Contract::Jeden,
        Contract::Dwa,
        Contract::Trzy,
        Contract::Cztery,
    ];

    /// The notation word.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Contract::Three => "three",
            Contract::Two => "two",
            Contract::One => "one",
            Contract::Solo => "solo",
            Contract::Jeden => "jeden",
            Contract::Dwa => "dwa",
            Contract::Trzy => "trzy",
            Contract::Cztery => "cztery",
            Contract::Dreiblatt => "dreiblatt",
            Contract::Zweiblatt => "zweiblatt",
            Contract::Einblatt => "einblatt",
            Contract::Klop => "klop",
            Contract::SoloThree => "solo-three",
            Contract::SoloTwo => "solo-two",
            Contract::SoloOne => "solo-one",
            Contract::Beggar => "beggar",
            Contract::SoloWithout => "solo-without",
            Contract::OpenBeggar => "open-beggar",
            Contract::ColourValat => "colour-valat",
            Contract::Valat => "valat",
        }
    }

    /// The level within its game: the lowest bid 0 … the highest 3 (three, jeden, Dreiblatt 0;
    /// solo, cztery 3). Three talon cards at level 0, none at level 3, in every game. The
    /// Slovenian contracts, which are more than four, have the level of their talon cards
    /// (solo three 0 … every contract without talon 3); their order is
    /// [`Contract::SLOVENIAN`]'s.
    #[must_use]
    pub const fn level(self) -> u8 {
        match self {
            Contract::Three | Contract::Jeden | Contract::Dreiblatt | Contract::SoloThree => 0,
            Contract::Two | Contract::Dwa | Contract::Zweiblatt | Contract::SoloTwo => 1,
            Contract::One | Contract::Trzy | Contract::Einblatt | Contract::SoloOne => 2,
            Contract::Solo
            | Contract::Cztery
            | Contract::Klop
            | Contract::Beggar
            | Contract::SoloWithout
            | Contract::OpenBeggar
            | Contract::ColourValat
            | Contract::Valat => 3,
        }
    }

    /// True for the Hungarian bids.
    #[must_use]
    pub const fn is_hungarian(self) -> bool {
        matches!(
            self,
            Contract::Three | Contract::Two | Contract::One | Contract::Solo
        )
    }

    /// The number of talon cards the declarer takes: 3 at level 0 … 0 at level 3.
    #[must_use]
    pub const fn talon_cards(self) -> u8 {
        3 - self.level()
    }

    /// The Hungarian bid at `level` (0 = three … 3 = solo).
    #[must_use]
    pub const fn from_level(level: u8) -> Option<Contract> {
        match level {
            0 => Some(Contract::Three),
            1 => Some(Contract::Two),
            2 => Some(Contract::One),
            3 => Some(Contract::Solo),
            _ => None,
        }
    }

    /// The Polish bid at `level` (0 = jeden … 3 = cztery).
    #[must_use]
    pub const fn polish_from_level(level: u8) -> Option<Contract> {
        match level {
            0 => Some(Contract::Jeden),
            1 => Some(Contract::Dwa),
            2 => Some(Contract::Trzy),
            3 => Some(Contract::Cztery),
            _ => None,
        }
    }
}

/// A bonus (feat) that can be announced, or scored silently where the rules allow.
///
/// Bonuses that name a suit (king ultimó, suit family, king birds) carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bonus {
    /// Trull (tulétroá): the team wins skíz, XXI and pagát.
    Trull,
    /// Four kings (négykirály).
    FourKings,
    /// Double game (duplajáték): at least 71 of 94 card points.
    DoubleGame,
    /// Volát: every trick.
    Volat,
    /// Pagátultimó: the pagát wins the last trick.
    PagatUltimo,
    /// XXI-catch (huszonegyfogás): the skíz captures the other team's XXI.
    XxiCatch,
    /// Centrum: tricks 1–5, the fifth won by the XX.
    Centrum,
    /// Small bird (kismadár): tricks 1–6, the sixth won by the XXI.
    SmallBird,
    /// Large bird (nagymadár): tricks 1–7, the seventh won by the skíz.
    LargeBird,
    /// Pagátuhu: the pagát wins the penultimate trick.
    PagatUhu,
    /// King ultimó of a suit: that king wins the last trick.
    KingUltimo(Suit),
    /// King uhu of a suit: that king wins the penultimate trick.
    KingUhu(Suit),
    /// Sas (II) ultimó: the II wins the last trick (variation, High Tarokk's sasultimó).
    SasUltimo,
    /// Sas uhu: the II wins the penultimate trick.
    SasUhu,
    /// Pagát-catch (pagátfogás): the other team captures the pagát (variation).
    PagatCatch,
    /// High Tarokk pagátfácán: the pagát wins the first trick.
    PagatFacan,
    /// High Tarokk sasfácán: the II wins the first trick.
    SasFacan,
    /// High Tarokk párosfácán: the XXI wins the first trick, which holds the I or the II.
    ParosFacan,
    /// High Tarokk színcsalád: the last three tricks won by cards of one suit.
    SuitFamily(Suit),
    /// High Tarokk három király: the last three tricks won by kings.
    ThreeKings,
    /// High Tarokk zárópáros: the last two tricks won by the II and the I.
    FinalPair,
    /// High Tarokk pagátkismadár: the pagát wins trick 6.
    PagatSmallBird,
    /// High Tarokk saskismadár: the II wins trick 6.
    SasSmallBird,
    /// High Tarokk királykismadár: the king of a suit wins trick 6.
    KingSmallBird(Suit),
    /// High Tarokk pagátnagymadár: the pagát wins trick 7.
    PagatLargeBird,
    /// High Tarokk sasnagymadár: the II wins trick 7.
    SasLargeBird,
    /// High Tarokk királynagymadár: the king of a suit wins trick 7.
    KingLargeBird(Suit),
    /// High Tarokk long double game (hosszú duplajáték): a double game promising seven tarokks.
    LongDoubleGame,
    /// Polish captured king: the declarer's opponents capture the called king (in a trick, or
    /// in a talon group the declarer turned face up and left).
    KingCatch,
    /// Austrian Royal Trull: all four kings in one hand.
    RoyalTrull,
    /// Austrian Tarock Trull: the I, the XXI and the Sküs in one hand.
    TarockTrull,
    /// Austrian Heads: two of the three trull cards in one hand.
    Heads,
    /// Austrian Without Kings: the soloist's hand holds no king.
    WithoutKings,
    /// Austrian Without Trull: the soloist's hand holds none of the trull cards.
    WithoutTrull,
    /// Austrian With Forty ("Absolute"): the soloist takes 40 card points.
    WithForty,
    /// Austrian With Fifty ("Panzer"): the soloist takes 50 card points.
    WithFifty,
}

const SIMPLE_BONUSES: [(Bonus, &str); 30] = [
    (Bonus::Trull, "trull"),
    (Bonus::FourKings, "four-kings"),
    (Bonus::DoubleGame, "double-game"),
    (Bonus::Volat, "volat"),
    (Bonus::PagatUltimo, "pagat-ultimo"),
    (Bonus::XxiCatch, "xxi-catch"),
    (Bonus::Centrum, "centrum"),
    (Bonus::SmallBird, "small-bird"),
    (Bonus::LargeBird, "large-bird"),
    (Bonus::PagatUhu, "pagat-uhu"),
    (Bonus::SasUltimo, "sas-ultimo"),
    (Bonus::SasUhu, "sas-uhu"),
    (Bonus::PagatCatch, "pagat-catch"),
    (Bonus::PagatFacan, "pagat-facan"),
    (Bonus::SasFacan, "sas-facan"),
    (Bonus::ParosFacan, "paros-facan"),
    (Bonus::ThreeKings, "three-kings"),
    (Bonus::FinalPair, "final-pair"),
    (Bonus::PagatSmallBird, "pagat-small-bird"),
    (Bonus::SasSmallBird, "sas-small-bird"),
    (Bonus::PagatLargeBird, "pagat-large-bird"),
    (Bonus::SasLargeBird, "sas-large-bird"),
    (Bonus::KingCatch, "king-catch"),
    (Bonus::RoyalTrull, "royal-trull"),
    (Bonus::TarockTrull, "tarock-trull"),
    (Bonus::Heads, "heads"),
    (Bonus::WithoutKings, "without-kings"),
    (Bonus::WithoutTrull, "without-trull"),
    (Bonus::WithForty, "with-forty"),
    (Bonus::WithFifty, "with-fifty"),
];

/// Builds a suit-carrying bonus from its suit.
type SuitBonus = fn(Suit) -> Bonus;

const SUIT_BONUSES: [(SuitBonus, &str); 5] = [
    (Bonus::KingUltimo, "king-ultimo"),
    (Bonus::KingUhu, "king-uhu"),
    (Bonus::SuitFamily, "suit-family"),
    (Bonus::KingSmallBird, "king-small-bird"),
    (Bonus::KingLargeBird, "king-large-bird"),
];

impl Bonus {
    /// `declared` followed by the XXI-catch (the Austrian Mondfang, the Slovenian mond penalty):
    /// the bonuses a game scores besides those it announces. `N` is `declared.len() + 1`.
    pub(crate) const fn with_xxi_catch<const N: usize>(declared: &[Bonus]) -> [Bonus; N] {
        let mut all = [Bonus::XxiCatch; N];
        let mut i = 0;
        while i < declared.len() {
            all[i] = declared[i];
            i += 1;
        }
        all
    }

    /// The suit the bonus names, if any.
    #[must_use]
    pub const fn suit(self) -> Option<Suit> {
        match self {
            Bonus::KingUltimo(s)
            | Bonus::KingUhu(s)
            | Bonus::SuitFamily(s)
            | Bonus::KingSmallBird(s)
            | Bonus::KingLargeBird(s) => Some(s),
            _ => None,
        }
    }

    /// The notation slug without the suit, e.g. `king-ultimo`.
    #[must_use]
    pub fn slug(self) -> &'static str {
        if let Some(&(_, s)) = SIMPLE_BONUSES.iter().find(|(b, _)| *b == self) {
            return s;
        }
        match self {
            Bonus::KingUltimo(_) => "king-ultimo",
            Bonus::KingUhu(_) => "king-uhu",
            Bonus::SuitFamily(_) => "suit-family",
            Bonus::KingSmallBird(_) => "king-small-bird",
            Bonus::KingLargeBird(_) => "king-large-bird",
            Bonus::LongDoubleGame => "long-double-game",
            _ => unreachable!("every simple bonus is in SIMPLE_BONUSES"),
        }
    }

    /// A descriptive English name.
    #[must_use]
    pub fn name(self) -> String {
        let base = match self {
            Bonus::Trull => "trull",
            Bonus::FourKings => "four kings",
            Bonus::DoubleGame => "double game",
            Bonus::Volat => "volát",
            Bonus::PagatUltimo => "pagát ultimó",
            Bonus::XxiCatch => "XXI-catch",
            Bonus::Centrum => "centrum",
            Bonus::SmallBird => "small bird",
            Bonus::LargeBird => "large bird",
            Bonus::PagatUhu => "pagát uhu",
            Bonus::KingUltimo(_) => "king ultimó",
            Bonus::KingUhu(_) => "king uhu",
            Bonus::SasUltimo => "sas ultimó",
            Bonus::SasUhu => "sas uhu",
            Bonus::PagatCatch => "pagát-catch",
            Bonus::PagatFacan => "pagátfácán",
            Bonus::SasFacan => "sasfácán",
            Bonus::ParosFacan => "párosfácán",
            Bonus::SuitFamily(_) => "suit family",
            Bonus::ThreeKings => "three kings",
            Bonus::FinalPair => "final pair",
            Bonus::PagatSmallBird => "pagát small bird",
            Bonus::SasSmallBird => "sas small bird",
            Bonus::KingSmallBird(_) => "king small bird",
            Bonus::PagatLargeBird => "pagát large bird",
            Bonus::SasLargeBird => "sas large bird",
            Bonus::KingLargeBird(_) => "king large bird",
            Bonus::LongDoubleGame => "long double game",
            Bonus::KingCatch => "captured king",
            Bonus::RoyalTrull => "royal trull",
            Bonus::TarockTrull => "tarock trull",
            Bonus::Heads => "heads",
            Bonus::WithoutKings => "without kings",
            Bonus::WithoutTrull => "without trull",
            Bonus::WithForty => "with forty",
            Bonus::WithFifty => "with fifty",
        };
        match self.suit() {
            Some(s) => format!("{base} ({})", s.name()),
            None => base.to_owned(),
        }
    }
}

impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.suit() {
            Some(s) => write!(f, "{}:{}", self.slug(), s.letter()),
            None => f.write_str(self.slug()),
        }
    }
}

impl FromStr for Bonus {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Bonus, ParseActionError> {
        let err = || ParseActionError::new(s, "unknown bonus");
        let lower = s.trim().to_ascii_lowercase();
        if let Some((slug, suit)) = lower.split_once(':') {
            let mut cs = suit.chars();
            let suit = match (cs.next(), cs.next()) {
                (Some(c), None) => Suit::from_letter(c).ok_or_else(err)?,
                _ => return Err(err()),
            };
            let (make, _) = SUIT_BONUSES
                .iter()
                .find(|(_, n)| *n == slug)
                .ok_or_else(err)?;
            return Ok(make(suit));
        }
        if lower == "long-double-game" {
            return Ok(Bonus::LongDoubleGame);
        }
        SIMPLE_BONUSES
            .iter()
            .find(|(_, n)| *n == lower)
            .map(|(b, _)| *b)
            .ok_or_else(err)
    }
}

/// A pattern matching the bonuses of the Polish and Austrian games, which no Hungarian hand
/// announces or scores: the Hungarian game's exhaustive matches name them in one arm.
macro_rules! non_hungarian_bonus {
    () => {
        $crate::action::Bonus::KingCatch
            | $crate::action::Bonus::RoyalTrull
            | $crate::action::Bonus::TarockTrull
            | $crate::action::Bonus::Heads
            | $crate::action::Bonus::WithoutKings
            | $crate::action::Bonus::WithoutTrull
            | $crate::action::Bonus::WithForty
            | $crate::action::Bonus::WithFifty
    };
}
pub(crate) use non_hungarian_bonus;

/// What a kontra applies to: the game itself or an announced bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// The game (announced by the bid).
    Game,
    /// An announced bonus.
    Bonus(Bonus),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Game => f.write_str("game"),
            Target::Bonus(b) => b.fmt(f),
        }
    }
}

/// The kontra ladder, level 1 (kontra ×2) to 5 (mordkontra ×32). The Polish ladder (kontra,
/// re, sub, mort) is kontra, rekontra, szubkontra and mordkontra: levels 1, 2, 3 and 5, with no
/// hirskontra between them; its own words parse as those levels.
pub const KONTRA_WORDS: [&str; 5] = [
    "kontra",
    "rekontra",
    "szubkontra",
    "hirskontra",
    "mordkontra",
];

/// The Polish words of the kontra ladder and the levels they stand for.
const POLISH_KONTRA_WORDS: [(&str, u8); 3] = [("re", 2), ("sub", 3), ("mort", 5)];

/// A declaration of what one's hand holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Declaration {
    /// The number of tarokks held: "eight tarokks", "nine tarokks" (and 10–12 in the 54-card
    /// game) in Hungarian; 10, 11 or 12, or 2, 1 or 0, in Polish.
    Tarokks(u8),
    /// Polish: all four kings, laid face up before the auction (a commitment to bring them
    /// home).
    FourKings,
}

/// One move by one player, in any phase of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Pass: in the auction, at the end of a turn of announcements, or declining to annul.
    Pass,
    /// Bid a contract.
    Bid(Contract),
    /// Hold (tartom): equal the current highest bid.
    Hold,
    /// Discard one card face down after taking talon cards.
    Discard(Card),
    /// Annul the hand on a qualifying holding.
    Annul,
    /// Call the holder of a card as partner.
    Call(Card),
    /// Make a declaration.
    Declare(Declaration),
    /// Announce a bonus for one's team.
    Announce(Bonus),
    /// Kontra (level 1), rekontra (2), … mordkontra (5) on a target.
    Kontra(Target, u8),
    /// Play a card to the current trick.
    Play(Card),
    /// Throw the hand in for no score: a Polish hand without tarokks before the auction, a
    /// final bid of one not played, or a Danish misdeal (a hand dealt no trump).
    ThrowIn,
    /// Give the game up, paying the penalty: a Polish declarer who found the called king in the
    /// talon.
    GiveUp,
    /// Take talon group `n` (from 0, in the talon's order) into the hand.
    TakeTalon(u8),
    /// Turn the talon group being looked at face up and look at the next.
    ExposeTalon,
    /// Austrian "Unteren": claim the contract that stands, to play it oneself.
    Unteren,
    /// Austrian (Graz) after three passes: the dealer keeps the first `n` talon cards, unseen,
    /// for the next hand (0: puts the talon back).
    KeepTalon(u8),
    /// Danish: lead the fool, naming the suit led (`None`: trumps).
    LeadFool(Option<Suit>),
}

impl Action {
    /// The card a card play plays; `None` for any other action.
    #[must_use]
    pub const fn card_played(self) -> Option<Card> {
        match self {
            Action::Play(c) => Some(c),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Pass => f.write_str("pass"),
            Action::Bid(c) => write!(f, "bid {}", c.word()),
            Action::Hold => f.write_str("hold"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Annul => f.write_str("annul"),
            Action::Call(c) => write!(f, "call {c}"),
            Action::Declare(Declaration::Tarokks(n)) => write!(f, "declare tarokks:{n}"),
            Action::Declare(Declaration::FourKings) => f.write_str("declare four-kings"),
            Action::Announce(b) => write!(f, "announce {b}"),
            Action::Kontra(t, level) => {
                let w = KONTRA_WORDS
                    .get(usize::from(level).wrapping_sub(1))
                    .copied()
                    .unwrap_or("kontra?");
                write!(f, "{w} {t}")
            }
            Action::Play(c) => write!(f, "play {c}"),
            Action::ThrowIn => f.write_str("throw-in"),
            Action::GiveUp => f.write_str("give-up"),
            Action::TakeTalon(n) => write!(f, "take {}", u16::from(n) + 1),
            Action::ExposeTalon => f.write_str("expose"),
            Action::Unteren => f.write_str("unteren"),
            Action::KeepTalon(n) => write!(f, "keep {n}"),
            Action::LeadFool(s) => write!(f, "lead-fool {}", s.map_or('T', Suit::letter)),
        }
    }
}

/// Error from parsing an action's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseActionError {
    /// The text that did not parse (cut to [`crate::echo::ECHO_LIMIT`] characters).
    pub input: String,
    /// What was wrong.
    pub reason: &'static str,
}

impl ParseActionError {
    fn new(input: &str, reason: &'static str) -> ParseActionError {
        ParseActionError {
            input: crate::echo::clip(input).into_owned(),
            reason,
        }
    }
}

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid action {:?}: {}", self.input, self.reason)
    }
}

impl std::error::Error for ParseActionError {}

impl From<ParseCardError> for ParseActionError {
    fn from(e: ParseCardError) -> ParseActionError {
        ParseActionError {
            input: e.input,
            reason: "invalid card",
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let t = s.trim();
        let (verb, arg) = match t.split_once(char::is_whitespace) {
            Some((v, a)) => (v, a.trim()),
            None => (t, ""),
        };
        let verb = verb.to_ascii_lowercase();
        let need_arg = |what: &'static str| -> Result<&str, ParseActionError> {
            if arg.is_empty() {
                Err(ParseActionError::new(s, what))
            } else {
                Ok(arg)
            }
        };
        let no_arg = |a: Action| -> Result<Action, ParseActionError> {
            if arg.is_empty() {
                Ok(a)
            } else {
                Err(ParseActionError::new(s, "unexpected argument"))
            }
        };
        match verb.as_str() {
            "pass" => no_arg(Action::Pass),
            "hold" => no_arg(Action::Hold),
            "annul" => no_arg(Action::Annul),
            "throw-in" => no_arg(Action::ThrowIn),
            "give-up" => no_arg(Action::GiveUp),
            "expose" => no_arg(Action::ExposeTalon),
            "unteren" => no_arg(Action::Unteren),
            "lead-fool" => {
                let a = need_arg("missing suit named (H, D, C, S, or T for trumps)")?;
                let mut chars = a.chars();
                let named = match (chars.next().map(|c| c.to_ascii_uppercase()), chars.next()) {
                    (Some('T'), None) => None,
                    (Some(c), None) => Some(Suit::from_letter(c).ok_or_else(|| {
                        ParseActionError::new(s, "name H, D, C, S, or T for trumps")
                    })?),
                    _ => return Err(ParseActionError::new(s, "name H, D, C, S, or T for trumps")),
                };
                Ok(Action::LeadFool(named))
            }
            "keep" => {
                let n = need_arg("missing number of talon cards")?
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n <= 6)
                    .ok_or_else(|| ParseActionError::new(s, "keep 0 to 6 talon cards"))?;
                Ok(Action::KeepTalon(n))
            }
            "take" => {
                let n = need_arg("missing talon group")?
                    .parse::<u8>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .ok_or_else(|| ParseActionError::new(s, "talon groups are numbered from 1"))?;
                Ok(Action::TakeTalon(n))
            }
            "bid" => {
                let a = need_arg("missing contract")?.to_ascii_lowercase();
                Contract::HUNGARIAN
                    .iter()
                    .chain(Contract::POLISH.iter())
                    .chain(Contract::AUSTRIAN.iter())
                    .chain(Contract::SLOVENIAN.iter())
                    .find(|c| c.word() == a)
                    .map(|&c| Action::Bid(c))
                    .ok_or_else(|| ParseActionError::new(s, "unknown contract"))
            }
            "discard" => Ok(Action::Discard(need_arg("missing card")?.parse()?)),
            "call" => Ok(Action::Call(need_arg("missing card")?.parse()?)),
            "play" => Ok(Action::Play(need_arg("missing card")?.parse()?)),
            "announce" => Ok(Action::Announce(need_arg("missing bonus")?.parse()?)),
            "declare" => {
                let a = need_arg("missing declaration")?.to_ascii_lowercase();
                if a == "four-kings" {
                    return Ok(Action::Declare(Declaration::FourKings));
                }
                let n = a
                    .strip_prefix("tarokks:")
                    .and_then(|n| n.parse::<u8>().ok())
                    .ok_or_else(|| ParseActionError::new(s, "unknown declaration"))?;
                Ok(Action::Declare(Declaration::Tarokks(n)))
            }
            w => {
                let level = KONTRA_WORDS
                    .iter()
                    .position(|k| *k == w)
                    .map(|i| i as u8 + 1)
                    .or_else(|| {
                        POLISH_KONTRA_WORDS
                            .iter()
                            .find(|(k, _)| *k == w)
                            .map(|&(_, l)| l)
                    })
                    .ok_or_else(|| ParseActionError::new(s, "unknown verb"))?;
                let a = need_arg("missing target")?;
                let target = if a.eq_ignore_ascii_case("game") {
                    Target::Game
                } else {
                    Target::Bonus(a.parse()?)
                };
                Ok(Action::Kontra(target, level))
            }
        }
    }
}
