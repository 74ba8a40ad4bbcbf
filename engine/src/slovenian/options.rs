//! The Slovenian rule options: where the sources name a choice, and the switch that plays
//! OpenSpiel's `tarok` as its code does. Typed, with defaults, each declared once
//! ([`rule_options!`](crate::options)).

use crate::options::{option_words, rule_options};

option_words! {
    /// How the difference and the klop points are rounded (SI-SCORE-04, SI-SCORE-12).
    pub enum Rounding {
        /// To the nearest 5, as the score sheets keep them.
        Nearest5 = "nearest5",
        /// Not at all (OpenSpiel).
        None = "none",
    }
}

option_words! {
    /// When the declarer may discard a tarok (SI-TALON-03).
    pub enum DiscardTaroks {
        /// Only when every other card left is a king or a trula card.
        IfNeeded = "if_needed",
        /// Any tarok but the trula cards, at any time.
        Free = "free",
    }
}

option_words! {
    /// When škis, mond and pagat in one trick make the emperor's trick (SI-PLAY-04).
    pub enum EmperorOrder {
        /// Only when the pagat comes after both škis and mond.
        PagatLast = "pagat_last",
        /// In any order (OpenSpiel).
        Any = "any",
    }
}

option_words! {
    /// Which hands give every player a radelc (SI-MATCH-02).
    pub enum Radli {
        /// None: no radli.
        Off = "off",
        /// Klop.
        Klop = "klop",
        /// Klop, beggar, solo without, open beggar, colour valat and valat.
        KlopAndHigh = "klop_and_high",
    }
}

rule_options! {
    /// Every Slovenian rule option, and the radli the match carries into the hand.
    pub struct SlovenianOptions {
        /// Each seat's radli when the hand starts (SI-MATCH-02): carried by the match
        /// ([`crate::Carried`]), not a rule option.
        pub radli_held: [u8; crate::seat::MAX_SEATS] = [0; crate::seat::MAX_SEATS];
    }
    /// The defaults.
    const fn defaults();
    specs(_o) => &SPECS;
    options {
        "rounding": (words),
            "the difference from 35 and the klop points rounded to the nearest 5, or not rounded"
            => /// `rounding` (SI-SCORE-04, SI-SCORE-12).
            rounding: Rounding = Rounding::Nearest5;
        "queen_call": (bool),
            "a declarer holding all four kings may call a queen"
            => /// `queen_call` (SI-CALL-03).
            queen_call: bool = true;
        "discard_taroks": (words),
            "a tarok (never a trula card) may be discarded only when no other card can be, or at any time"
            => /// `discard_taroks` (SI-TALON-03).
            discard_taroks: DiscardTaroks = DiscardTaroks::IfNeeded;
        "emperor_order": (words),
            "škis, mond and pagat make the emperor's trick only when the pagat comes last, or in any order"
            => /// `emperor_order` (SI-PLAY-04).
            emperor_order: EmperorOrder = EmperorOrder::PagatLast;
        "mond_penalty": (int 0, 50),
            "what a player loses whose mond is captured or left in the talon (0: no penalty)"
            => /// `mond_penalty` (SI-SCORE-11).
            mond_penalty: i64 = 20;
        "announcements": (bool),
            "a round of announcements and kontras before play (false: every bonus silent and no kontra, as OpenSpiel plays)"
            => /// `announcements` (SI-ANN-01).
            announcements: bool = true;
        "radli": (words),
            "the hands after which every player gets a radelc, which doubles his next scores until he wins a game as declarer: none, klop, or klop and the contracts from beggar up"
            => /// `radli` (SI-MATCH-02, SI-MATCH-03).
            radli: Radli = Radli::Klop;
        "openspiel_quirks": (bool),
            "play OpenSpiel's tarok as its code does where that departs from its stated rules: kings by a pile of four cards, no trula, valat by 48 cards, the pagat forced in the emperor's trick over a suit one can follow, the ultimo to the last trick's winner"
            => /// `openspiel_quirks` (SI-SCORE-07..10, SI-PLAY-06).
            openspiel_quirks: bool = false;
    }
}

static SPECS: [crate::options::OptionSpec; 8] = SlovenianOptions::spec_table();

impl Default for SlovenianOptions {
    fn default() -> SlovenianOptions {
        SlovenianOptions::defaults()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked() {
        // Every option's default and round trip: `tests/core.rs`, for every variant.
        let mut o = SlovenianOptions::default();
        assert!(o.set("rounding", "nearest10").is_err());
        assert!(o.set("mond_penalty", "51").is_err());
        o.set("mond_penalty", "21").unwrap();
        assert_eq!(o.mond_penalty, 21);
    }
}
