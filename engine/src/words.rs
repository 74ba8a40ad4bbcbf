//! The words of the games: actions and ledger lines as a person reads them, each game's own
//! words where the shared ones (the Hungarian games') would mislead.
//!
//! A game states its own words once, in its module, as a [`Words`] ([`Rules::WORDS`]);
//! [`Variant::label`], [`Variant::bonus_name`] and [`LedgerItem::label`] read them. The service
//! copies these strings onto the wire and writes none of its own.

use crate::action::{Action, Bonus, Declaration, Target};
use crate::card::Card;
use crate::ledger::{Item, LedgerItem};
use crate::rules::Rules;
use crate::variant::{with_game, Variant};

/// The kontra ladder in words, levels 1 (kontra, ×2) to 5 (mordkontra, ×32). The Polish
/// ladder's levels 1, 2, 3 and 5 are kontra, re, sub and mort: the same words.
pub const KONTRA_LADDER: [&str; 5] = [
    "Kontra",
    "Rekontra",
    "Szubkontra",
    "Hirskontra",
    "Mordkontra",
];

/// What a game calls things where the shared words would mislead.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// The card of the skíz, with its article, where the game calls it otherwise (the Polish
    /// skiż, the Austrian Sküs, the Danish fool).
    pub skiz: Option<&'static str>,
    /// The game's own word for a bonus, without the suit.
    pub bonus: fn(Bonus) -> Option<&'static str>,
    /// The game's own label for an action that the above does not name (the Danish Tout).
    pub action: fn(Action) -> Option<&'static str>,
}

impl Words {
    /// The shared words: a game that names nothing its own way.
    pub const SHARED: Words = Words {
        skiz: None,
        bonus: |_| None,
        action: |_| None,
    };
}

/// The label of `a` in the shared words.
#[must_use]
pub fn label(a: Action) -> String {
    label_named(a, Bonus::name)
}

/// The label of `a`, its bonus named by `name`.
fn label_named(a: Action, name: impl Fn(Bonus) -> String) -> String {
    match a {
        Action::Pass => "Pass".to_owned(),
        Action::Bid(c) => format!("Bid {}", c.word()),
        Action::Hold => "Hold".to_owned(),
        Action::Discard(c) => format!("Discard {}", c.name()),
        Action::Annul => "Annul the hand".to_owned(),
        Action::Call(c) => format!("Call the {}", c.name()),
        Action::Declare(Declaration::Tarokks(n)) => format!("Declare {n} tarokks"),
        Action::Declare(Declaration::FourKings) => "Lay down the four kings".to_owned(),
        Action::ThrowIn => "Throw the hand in".to_owned(),
        Action::GiveUp => "Give the game up".to_owned(),
        Action::TakeTalon(i) => format!("Take from the talon at {}", u16::from(i) + 1),
        Action::Unteren => "Unteren: play the named contract".to_owned(),
        Action::KeepTalon(0) => "Keep no talon card".to_owned(),
        Action::KeepTalon(n) => format!("Keep the first {n} talon cards"),
        Action::LeadFool(Some(s)) => format!("Lead the fool, naming {}", s.name()),
        Action::LeadFool(None) => "Lead the fool, naming trumps".to_owned(),
        Action::ExposeTalon => "Turn the group face up and look at the next".to_owned(),
        Action::Announce(b) => format!("Announce {}", name(b)),
        Action::Kontra(t, l) => {
            let word = KONTRA_LADDER
                .get(usize::from(l).wrapping_sub(1))
                .copied()
                .unwrap_or("Kontra");
            match t {
                Target::Game => format!("{word} the game"),
                Target::Bonus(b) => format!("{word} the {}", name(b)),
            }
        }
        Action::Play(c) => format!("Play {}", c.name()),
    }
}

impl Variant {
    /// The game's own words.
    #[must_use]
    pub const fn words(self) -> Words {
        with_game!(self, G => G::WORDS)
    }

    /// The game's own word for bonus `b` where it differs from the shared [`Bonus::name`]
    /// (the Hungarian words), without the suit: the Polish trul, pagat ultymo, król ultymo and
    /// walat, the Austrian Valat, Pagat Ultimo, Mondfang and Uhu, the Danish Tout.
    #[must_use]
    pub fn own_bonus_word(self, b: Bonus) -> Option<&'static str> {
        (self.words().bonus)(b)
    }

    /// Bonus `b` in this game's words: [`Variant::own_bonus_word`] with the suit, else
    /// [`Bonus::name`].
    #[must_use]
    pub fn bonus_name(self, b: Bonus) -> String {
        match (self.own_bonus_word(b), b.suit()) {
            (Some(w), Some(s)) => format!("{w} ({})", s.name()),
            (Some(w), None) => w.to_owned(),
            (None, _) => b.name(),
        }
    }

    /// The label of `a` in this game's own words where the shared label would mislead: the
    /// Danish dealer's `announce volat` is Tout, the skíz is the Polish skiż, the Austrian Sküs
    /// and the Danish fool, and the bonuses a game names otherwise are announced and kontra'd
    /// by those names. `None` where the shared label ([`label`]) fits.
    #[must_use]
    pub fn own_label(self, a: Action) -> Option<String> {
        let words = self.words();
        if let Some(l) = (words.action)(a) {
            return Some(l.to_owned());
        }
        match a {
            Action::Play(Card::SKIZ) => words.skiz.map(|s| format!("Play {s}")),
            Action::Discard(Card::SKIZ) => words.skiz.map(|s| format!("Discard {s}")),
            Action::Announce(b) | Action::Kontra(Target::Bonus(b), _)
                if (words.bonus)(b).is_some() =>
            {
                Some(label_named(a, |b| self.bonus_name(b)))
            }
            _ => None,
        }
    }

    /// The label of `a` in this game's words.
    #[must_use]
    pub fn label(self, a: Action) -> String {
        self.own_label(a).unwrap_or_else(|| label(a))
    }
}

impl LedgerItem {
    /// What the line is for, in `variant`'s words.
    #[must_use]
    pub fn label(&self, variant: Variant) -> String {
        match self.item {
            Item::Game => "Game".to_owned(),
            Item::Bonus(b) => variant.bonus_name(b),
            Item::Tarokks { count, declared } => format!(
                "{count} tarokks{}",
                if declared {
                    ""
                } else {
                    " (undeclared, from partner)"
                }
            ),
            Item::TrialBidPenalty => "Failed speculative bid".to_owned(),
            Item::TrullOnlyThree => "Three with trull only".to_owned(),
            Item::TalonHonour => "Honour from the talon".to_owned(),
            Item::GiveUp => "Gave up: the called king in the talon".to_owned(),
            Item::Trischaken => match self.base {
                b if b < 0 => "Trischaken: the most card points",
                10 => "Trischaken: won without a trick",
                _ => "Trischaken: won",
            }
            .to_owned(),
            Item::Danish(d) => d.label(),
        }
    }
}
