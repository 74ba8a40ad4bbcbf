//! The glossary: what a table calls its cards, bonuses, contracts, kontras and phases, in
//! English and in each game's own language.
//!
//! English is the engine's own words, read from where the engine keeps them: [`Card::name`],
//! [`Variant::bonus_name`], [`Contract::word`] and [`KONTRA_LADDER`]. The native words are the
//! games' terms as the rules reference (`docs/rules/*.md`) uses them: Hungarian for the three
//! Hungarian games, Polish for Taroki z królami, (Austrian) German for Illustrated Tarock,
//! Danish for Danish Tarok and Slovenian for Slovenian Tarok ([`Language::of`]).
//!
//! - Cards and phases have a name in every [`Language`]: a card's name is the language's, not
//!   the game's (a Polish speaker looking at a Hungarian hand reads `król kier`).
//! - Bonuses, contracts and kontra levels are a game's own: each has its English name and its
//!   name in the game's language, and asked in any other language answers in English.
//! - What a variant does not have (a card outside its pack, a bonus it neither announces nor
//!   scores, a contract it does not bid, a kontra level its ladder skips) is `None`, never a
//!   panic. [`cards`], [`bonuses`], [`contracts`] and [`kontra_levels`] list what each variant
//!   has.
//!
//! Not for play: the names are built as they are asked for.

use crate::action::{non_hungarian_bonus, Bonus, Contract, KONTRA_WORDS};
use crate::card::{roman, Card, CardSet, Pack, Suit};
use crate::game::Stage;
use crate::rules::Rules;
use crate::variant::{with_game, Variant};
use crate::words::KONTRA_LADDER;

/// A language of the glossary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// English: the engine's own words.
    English,
    /// Hungarian (`hu`): the Hungarian games.
    Hungarian,
    /// Polish (`pl`): Taroki z królami.
    Polish,
    /// German (`de`), in its Austrian usage: Illustrated Tarock.
    German,
    /// Danish (`da`): Danish Tarok.
    Danish,
    /// Slovenian (`sl`): Slovenian Tarok.
    Slovenian,
}

impl Language {
    /// Every language.
    pub const ALL: [Language; 6] = [
        Language::English,
        Language::Hungarian,
        Language::Polish,
        Language::German,
        Language::Danish,
        Language::Slovenian,
    ];

    /// The ISO 639-1 code: `en`, `hu`, `pl`, `de`, `da` or `sl`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Hungarian => "hu",
            Language::Polish => "pl",
            Language::German => "de",
            Language::Danish => "da",
            Language::Slovenian => "sl",
        }
    }

    /// The language of a code, case-insensitively; a locale with a region (`de-AT`, `en_GB`)
    /// is read by its language. `None` for any other text.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        let primary = code.split(['-', '_']).next().unwrap_or_default();
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The game's own language: Hungarian for the three Hungarian games, Polish, German
    /// (Austrian), Danish and Slovenian.
    #[must_use]
    pub const fn of(variant: Variant) -> Language {
        with_game!(variant, G => G::LANGUAGE)
    }
}

// ---------------------------------------------------------------------------------------------
// Cards

/// Every card `variant` can deal: its pack, and for the Hungarian games the 54-card pack of the
/// option `pack` (which holds the 42 cards of the default pack).
#[must_use]
pub fn cards(variant: Variant) -> CardSet {
    let pack = variant.default_pack().cards();
    if Variant::HUNGARIAN.contains(&variant) {
        pack | Pack::Tarock54.cards()
    } else {
        pack
    }
}

/// The name of `card` in `language`: in English [`Card::name`], in the others the language's
/// own (`kőr király`, `król kier`, `Herz-König`, `hjerter konge`; `pagát`, `mond`, `Sküs`,
/// `skisen`). English is the name every card carries on the wire, so the skíz is `skíz` in
/// every game. `None` for a card not in [`cards`]`(variant)`.
#[must_use]
pub fn card_name(variant: Variant, card: Card, language: Language) -> Option<String> {
    if !cards(variant).contains(card) {
        return None;
    }
    Some(match language {
        Language::English => card.name(),
        Language::Hungarian => HUNGARIAN_CARDS.name(card),
        Language::Polish => POLISH_CARDS.name(card),
        Language::German => GERMAN_CARDS.name(card),
        Language::Danish => DANISH_CARDS.name(card),
        Language::Slovenian => SLOVENIAN_CARDS.name(card),
    })
}

/// How a language names the cards.
struct CardWords {
    /// Hearts, diamonds, clubs, spades.
    suits: [&'static str; 4],
    /// Ranks 1 (the ace) to 14 (the king).
    ranks: [&'static str; 14],
    /// How a suit card is written from its suit and rank.
    suited: fn(&'static str, &'static str) -> String,
    /// The pagát (tarokk I).
    pagat: &'static str,
    /// The XXI, where the language names it otherwise than by its number.
    xxi: Option<&'static str>,
    /// The skíz.
    skiz: &'static str,
    /// The other tarokks, from their numbers.
    numbered: fn(u8) -> String,
}

impl CardWords {
    fn name(&self, card: Card) -> String {
        match (card.suit(), card.rank(), card.tarokk_number()) {
            (Some(s), Some(r), _) => {
                let rank = self.ranks.get(usize::from(r.get()) - 1).copied();
                (self.suited)(self.suits[s as usize], rank.unwrap_or_default())
            }
            (_, _, Some(1)) => self.pagat.to_owned(),
            (_, _, Some(22)) => self.skiz.to_owned(),
            (_, _, Some(n)) => match (n, self.xxi) {
                (21, Some(xxi)) => xxi.to_owned(),
                _ => (self.numbered)(n),
            },
            // Every card is a suit card or a tarokk.
            (_, _, None) => card.name(),
        }
    }
}

const HUNGARIAN_CARDS: CardWords = CardWords {
    suits: ["kőr", "káró", "treff", "pikk"],
    ranks: [
        "ász", "kettes", "hármas", "négyes", "ötös", "hatos", "hetes", "nyolcas", "kilences",
        "tízes", "bubi", "lovas", "dáma", "király",
    ],
    suited: |suit, rank| format!("{suit} {rank}"),
    pagat: "pagát",
    xxi: None,
    skiz: "skíz",
    numbered: |n| roman(n).to_owned(),
};

const POLISH_CARDS: CardWords = CardWords {
    suits: ["kier", "karo", "trefl", "pik"],
    ranks: [
        "as",
        "dwójka",
        "trójka",
        "czwórka",
        "piątka",
        "szóstka",
        "siódemka",
        "ósemka",
        "dziewiątka",
        "dziesiątka",
        "walet",
        "kawal",
        "dama",
        "król",
    ],
    suited: |suit, rank| format!("{rank} {suit}"),
    pagat: "pagat",
    xxi: Some("mond"),
    skiz: "skiż",
    numbered: |n| roman(n).to_owned(),
};

const GERMAN_CARDS: CardWords = CardWords {
    suits: ["Herz", "Karo", "Treff", "Pik"],
    ranks: [
        "Ass", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube",
        "Cavall", "Dame", "König",
    ],
    suited: |suit, rank| format!("{suit}-{rank}"),
    pagat: "Pagat",
    xxi: Some("Mond"),
    skiz: "Sküs",
    numbered: |n| roman(n).to_owned(),
};

const DANISH_CARDS: CardWords = CardWords {
    suits: ["hjerter", "ruder", "klør", "spar"],
    ranks: [
        "es", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti", "knægt", "kaval",
        "dame", "konge",
    ],
    suited: |suit, rank| format!("{suit} {rank}"),
    pagat: "pagat",
    xxi: Some("mond"),
    skiz: "skisen",
    numbered: |n| format!("trumf {n}"),
};

const SLOVENIAN_CARDS: CardWords = CardWords {
    suits: ["srce", "kara", "križ", "pik"],
    ranks: [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "fant", "kaval", "dama", "kralj",
    ],
    suited: |suit, rank| format!("{suit} {rank}"),
    pagat: "pagat",
    xxi: Some("mond"),
    skiz: "škis",
    numbered: |n| roman(n).to_owned(),
};

/// A suit's name in `language`, for the bonuses that name one.
const fn suit_word(suit: Suit, language: Language) -> &'static str {
    match language {
        Language::English => suit.name(),
        Language::Hungarian => HUNGARIAN_CARDS.suits[suit as usize],
        Language::Polish => POLISH_CARDS.suits[suit as usize],
        Language::German => GERMAN_CARDS.suits[suit as usize],
        Language::Danish => DANISH_CARDS.suits[suit as usize],
        Language::Slovenian => SLOVENIAN_CARDS.suits[suit as usize],
    }
}

// ---------------------------------------------------------------------------------------------
// Bonuses

/// The bonuses of Illustrated tarokk: the basic six, the birds, the uhus and the king ultimós,
/// and the sas bonuses and pagát-catch of the options `sas_bonuses` and `pagat_catch_bonus`: the
/// first 21 of the Hungarian bonuses (High tarokk's own follow them).
pub(crate) const ILLUSTRATED_BONUSES: &[Bonus] = crate::hungarian::game::ALL_BONUSES.split_at(21).0;

/// The bonuses of Paskievics tarokk: the basic six, and those of the options `sas_bonuses`
/// and `pagat_catch_bonus`.
pub(crate) const PASKIEVICS_BONUSES: [Bonus; 9] = [
    Bonus::Trull,
    Bonus::FourKings,
    Bonus::DoubleGame,
    Bonus::Volat,
    Bonus::PagatUltimo,
    Bonus::XxiCatch,
    Bonus::SasUltimo,
    Bonus::SasUhu,
    Bonus::PagatCatch,
];

/// The Polish bonuses, in the order of the settlement: the four kings, trul, pagat ultymo and
/// the lost pagat, król ultymo and the captured king, the XXI caught, walat.
pub(crate) const POLISH_BONUSES: [Bonus; 11] = [
    Bonus::FourKings,
    Bonus::Trull,
    Bonus::PagatUltimo,
    Bonus::PagatCatch,
    Bonus::KingUltimo(Suit::Hearts),
    Bonus::KingUltimo(Suit::Diamonds),
    Bonus::KingUltimo(Suit::Clubs),
    Bonus::KingUltimo(Suit::Spades),
    Bonus::KingCatch,
    Bonus::XxiCatch,
    Bonus::Volat,
];

/// The Austrian bonuses: those a player declares ([`crate::austrian::game::BONUSES`], in their
/// order), and Mondfang (option `mondfang_bonus`).
pub(crate) const AUSTRIAN_BONUSES: [Bonus; 11] =
    Bonus::with_xxi_catch(&crate::austrian::game::BONUSES);

/// Every bonus `variant` announces or scores, under any of its options (Danish Tarok: Tout).
#[must_use]
pub fn bonuses(variant: Variant) -> &'static [Bonus] {
    with_game!(variant, G => G::bonuses(variant))
}

/// The name of `bonus` in `variant`, with the suit it names in brackets: in English
/// [`Variant::bonus_name`], in the game's language its own word (`tulétroá`, `pagát ultimó`…
/// `királyultimó (kőr)`, `trul`, `Mondfang`, `tout`), in any other language the English one.
/// `None` for a bonus not in [`bonuses`]`(variant)`.
#[must_use]
pub fn bonus_name(variant: Variant, bonus: Bonus, language: Language) -> Option<String> {
    if !bonuses(variant).contains(&bonus) {
        return None;
    }
    let own = if language == Language::of(variant) {
        own_bonus_word(variant, bonus)
    } else {
        None
    };
    Some(match (own, bonus.suit()) {
        (Some(w), Some(s)) => format!("{w} ({})", suit_word(s, language)),
        (Some(w), None) => w.to_owned(),
        (None, _) => variant.bonus_name(bonus),
    })
}

/// The game's own word for a bonus, without the suit.
const fn own_bonus_word(variant: Variant, bonus: Bonus) -> Option<&'static str> {
    match Language::of(variant) {
        Language::Hungarian => hungarian_bonus(bonus),
        Language::Polish => polish_bonus(bonus),
        Language::German => austrian_bonus(bonus),
        Language::Danish => match bonus {
            Bonus::Volat => Some("tout"),
            _ => None,
        },
        Language::Slovenian => match bonus {
            Bonus::Trull => Some("trula"),
            Bonus::FourKings => Some("kralji"),
            Bonus::PagatUltimo => Some("pagat ultimo"),
            Bonus::KingUltimo(_) => Some("kralj ultimo"),
            Bonus::Volat => Some("valat"),
            Bonus::XxiCatch => Some("izgubljeni mond"),
            _ => None,
        },
        Language::English => None,
    }
}

/// The Hungarian words of the bonuses (hungarian.md, hungarian-variations.md).
const fn hungarian_bonus(bonus: Bonus) -> Option<&'static str> {
    Some(match bonus {
        Bonus::Trull => "tulétroá",
        Bonus::FourKings => "négykirály",
        Bonus::DoubleGame => "duplajáték",
        Bonus::Volat => "volát",
        Bonus::PagatUltimo => "pagátultimó",
        Bonus::XxiCatch => "XXI-fogás",
        Bonus::Centrum => "centrum",
        Bonus::SmallBird => "kismadár",
        Bonus::LargeBird => "nagymadár",
        Bonus::PagatUhu => "pagátuhu",
        Bonus::KingUltimo(_) => "királyultimó",
        Bonus::KingUhu(_) => "királyuhu",
        Bonus::SasUltimo => "sasulti",
        Bonus::SasUhu => "sasuhu",
        Bonus::PagatCatch => "pagátfogás",
        Bonus::PagatFacan => "pagátfácán",
        Bonus::SasFacan => "sasfácán",
        Bonus::ParosFacan => "párosfácán",
        Bonus::SuitFamily(_) => "színcsalád",
        Bonus::ThreeKings => "három király",
        Bonus::FinalPair => "zárópáros",
        Bonus::PagatSmallBird => "pagátkismadár",
        Bonus::SasSmallBird => "saskismadár",
        Bonus::KingSmallBird(_) => "királykismadár",
        Bonus::PagatLargeBird => "pagátnagymadár",
        Bonus::SasLargeBird => "sasnagymadár",
        Bonus::KingLargeBird(_) => "királynagymadár",
        Bonus::LongDoubleGame => "hosszú duplajáték",
        non_hungarian_bonus!() => return None,
    })
}

/// The Polish words of the bonuses (polish.md).
const fn polish_bonus(bonus: Bonus) -> Option<&'static str> {
    Some(match bonus {
        Bonus::FourKings => "cztery króle",
        Bonus::Trull => "trul",
        Bonus::PagatUltimo => "pagat ultymo",
        Bonus::PagatCatch => "stracony pagat",
        Bonus::KingUltimo(_) => "król ultymo",
        Bonus::KingCatch => "złapany król",
        Bonus::XxiCatch => "mond złapany przez skiża",
        Bonus::Volat => "walat",
        _ => return None,
    })
}

/// The German words of the Austrian bonuses (austrian.md).
const fn austrian_bonus(bonus: Bonus) -> Option<&'static str> {
    Some(match bonus {
        Bonus::RoyalTrull => "Königstrull",
        Bonus::TarockTrull => "Tarocktrull",
        Bonus::Heads => "Zwei Trullstücke",
        Bonus::WithoutKings => "Ohne König",
        Bonus::WithoutTrull => "Ohne Trull",
        Bonus::WithForty => "Mit Vierzig",
        Bonus::WithFifty => "Mit Fünfzig",
        Bonus::PagatUltimo => "Pagat Ultimo",
        Bonus::SasUhu => "Uhu",
        Bonus::Volat => "Valat",
        Bonus::XxiCatch => "Mondfang",
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// Contracts

/// The contracts `variant` bids, lowest first (none in Danish Tarok, which has no auction).
#[must_use]
pub const fn contracts(variant: Variant) -> &'static [Contract] {
    with_game!(variant, G => G::CONTRACTS)
}

/// The name of `contract` in `variant`: in English [`Contract::word`], in the game's language
/// its own (`három`… `szóló`, `jeden`… `cztery`, `Dreiblatt`… `Solo`), in any other language
/// the English one. `None` for a contract not in [`contracts`]`(variant)`.
#[must_use]
pub fn contract_name(
    variant: Variant,
    contract: Contract,
    language: Language,
) -> Option<&'static str> {
    if !contracts(variant).contains(&contract) {
        return None;
    }
    if language != Language::of(variant) {
        return Some(contract.word());
    }
    Some(match (language, contract) {
        (Language::Hungarian, Contract::Three) => "három",
        (Language::Hungarian, Contract::Two) => "kettő",
        (Language::Hungarian, Contract::One) => "egy",
        (Language::Hungarian, Contract::Solo) => "szóló",
        (Language::German, Contract::Dreiblatt) => "Dreiblatt",
        (Language::German, Contract::Zweiblatt) => "Zweiblatt",
        (Language::German, Contract::Einblatt) => "Einblatt",
        (Language::German, Contract::Solo) => "Solo",
        (Language::Slovenian, Contract::Klop) => "klop",
        (Language::Slovenian, Contract::Three) => "tri",
        (Language::Slovenian, Contract::Two) => "dva",
        (Language::Slovenian, Contract::One) => "ena",
        (Language::Slovenian, Contract::SoloThree) => "solo tri",
        (Language::Slovenian, Contract::SoloTwo) => "solo dva",
        (Language::Slovenian, Contract::SoloOne) => "solo ena",
        (Language::Slovenian, Contract::Beggar) => "berač",
        (Language::Slovenian, Contract::SoloWithout) => "solo brez",
        (Language::Slovenian, Contract::OpenBeggar) => "odprti berač",
        (Language::Slovenian, Contract::ColourValat) => "barvni valat",
        (Language::Slovenian, Contract::Valat) => "valat",
        // The Polish bids' words are the notation's: jeden, dwa, trzy, cztery.
        _ => contract.word(),
    })
}

// ---------------------------------------------------------------------------------------------
// Kontra

/// The levels of `variant`'s kontra ladder: 1 to 5 in the Hungarian games, 1, 2, 3 and 5 in
/// the Polish and Slovenian (kontra, re, sub, mort), 1 and 2 in the Austrian, none in Danish
/// Tarok.
#[must_use]
pub const fn kontra_levels(variant: Variant) -> &'static [u8] {
    with_game!(variant, G => G::KONTRA_LEVELS)
}

/// The name of kontra level `level` in `variant`: in English the [`KONTRA_LADDER`]'s word, in
/// the game's language its own (`kontra`… `mordkontra`, `kontra`, `re`, `sub`, `mort`,
/// `Kontra`, `Rekontra`), in any other language the English one. `None` for a level not in
/// [`kontra_levels`]`(variant)`.
#[must_use]
pub fn kontra_level(variant: Variant, level: u8, language: Language) -> Option<&'static str> {
    if !kontra_levels(variant).contains(&level) {
        return None;
    }
    let i = usize::from(level).wrapping_sub(1);
    let own = match (Language::of(variant), language) {
        // The notation's words are the Hungarian ladder's.
        (Language::Hungarian, Language::Hungarian) => KONTRA_WORDS.get(i).copied(),
        (Language::Polish, Language::Polish) | (Language::Slovenian, Language::Slovenian) => {
            match level {
                1 => Some("kontra"),
                2 => Some("re"),
                3 => Some("sub"),
                5 => Some("mort"),
                _ => None,
            }
        }
        // The Austrian ladder, Kontra and Rekontra, is the engine's own words.
        _ => None,
    };
    own.or_else(|| KONTRA_LADDER.get(i).copied())
}

// ---------------------------------------------------------------------------------------------
// Phases

/// The name of a phase in `language`. English is the API's name of the phase: `opening`,
/// `auction`, `call`, `talon`, `discard`, `annul`, `announce`, `play` or `over` (however the
/// hand ended).
#[must_use]
pub const fn phase_name(stage: Stage, language: Language) -> &'static str {
    let i = stage.index();
    let words = match language {
        Language::English => [
            "opening", "auction", "call", "talon", "discard", "annul", "announce", "play", "over",
        ],
        Language::Hungarian => [
            "kezdés",
            "licit",
            "hívás",
            "talon",
            "skartolás",
            "bedobás",
            "bemondások",
            "lejátszás",
            "vége",
        ],
        Language::Polish => [
            "początek",
            "licytacja",
            "wołanie",
            "talon",
            "odkładanie",
            "unieważnienie",
            "zapowiedzi",
            "rozgrywka",
            "koniec",
        ],
        Language::German => [
            "Eröffnung",
            "Lizitation",
            "Rufen",
            "Talon",
            "Ablegen",
            "Annullierung",
            "Ansagen",
            "Ausspielen",
            "Ende",
        ],
        Language::Danish => [
            "åbning",
            "budrunde",
            "kald",
            "skat",
            "ekartering",
            "annullering",
            "meldinger",
            "spil",
            "slut",
        ],
        Language::Slovenian => [
            "začetek",
            "licitacija",
            "klicanje kralja",
            "talon",
            "zalaganje",
            "razveljavitev",
            "napovedi",
            "igra",
            "konec",
        ],
    };
    words[i]
}
