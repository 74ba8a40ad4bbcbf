//! The Austrian rule options (GAPS.md A1–A8, and the points the seed leaves open), typed, with
//! defaults, each declared once ([`rule_options!`](crate::options)).

use crate::options::{option_words, rule_options};

option_words! {
    /// How Valat is scored (GAPS A1).
    pub enum ValatScoring {
        /// Beck variant A: 12 Still, 24 declared after the talon, 48 before, times the
        /// contract's multiplier, added to the rest (AT-SCORE-25).
        BeckA = "beckA",
        /// Beck variant B: 12, 24 and 48 multiply the game points and the bonuses (AT-SCORE-26).
        BeckB = "beckB",
        /// Graz: six times the basic value Still, twelve declared (AT-SCORE-27/28).
        Graz = "graz",
    }
}

option_words! {
    /// What happens when all three pass (GAPS A2).
    pub enum AllPass {
        /// The same dealer deals again (AT-BID-06).
        Redeal = "redeal",
        /// Trischaken: everyone plays for himself (AT-BID-07/08).
        Trischaken = "trischaken",
        /// Graz: the dealer keeps up to six talon cards for the next hand (AT-BID-09/10).
        GrazKeep = "graz_keep",
    }
}

option_words! {
    /// Kontra rules (GAPS A3).
    pub enum KontraRules {
        /// Beck: before or after the talon; each kontra doubles game and bonuses together.
        Beck = "beck",
        /// Graz: only after "Ich liege"; the game and each bonus separately.
        Graz = "graz",
    }
}

option_words! {
    /// Rules that come in a Beck and a Graz version (GAPS A4, A7).
    pub enum Rules {
        /// Beck's.
        Beck = "beck",
        /// The Graz players'.
        Graz = "graz",
    }
}

option_words! {
    /// Who gets the talon cards the soloist does not take (an open point of the seed).
    pub enum TalonRemainder {
        /// They count for the defenders, as in the other Austrian games.
        Defenders = "defenders",
        /// They are out of play and count for nobody (the reading AT-SCORE-28 suggests).
        OutOfPlay = "out_of_play",
    }
}

rule_options! {
    /// Every Austrian rule option, and the hand's obliged bidder.
    pub struct AustrianOptions {
        /// The seat that kept talon cards after three passes in the hand before and may not
        /// pass (AT-BID-10): carried by the match ([`crate::Carried`]), not a rule option.
        pub obliged_bidder: Option<u8> = None;
    }
    /// The defaults.
    const fn defaults();
    specs(_o) => &SPECS;
    options {
        "valat_scoring": (words),
            "beckA = Valat 12/24/48 added; beckB = 12/24/48 multiply game and bonuses; graz = 6 or 12 times the basic value"
            => /// A1 `valat_scoring`.
            valat_scoring: ValatScoring = ValatScoring::BeckA;
        "all_pass_action": (words),
            "when all three pass: the dealer deals again, Trischaken is played, or the dealer keeps up to six talon cards for the next hand"
            => /// A2 `all_pass_action`.
            all_pass_action: AllPass = AllPass::Redeal;
        "kontra_rules": (words),
            "beck = kontra before or after the talon, doubling game and bonuses together; graz = after \"Ich liege\", the game and each bonus separately"
            => /// A3 `kontra_rules`.
            kontra_rules: KontraRules = KontraRules::Graz;
        "bonus_declaration_timing": (words),
            "beck = bonuses may be declared before the talon (double value, four times for ultimos); graz = not before the talon"
            => /// A4 `bonus_declaration_timing`.
            bonus_declaration_timing: Rules = Rules::Beck;
        "mondfang_bonus": (bool),
            "the Sküs capturing the XXI gives the capturer 5 and takes 5 from the player who lost it"
            => /// A5 `mondfang_bonus`.
            mondfang_bonus: bool = false;
        "owl_pre_ultimo": (bool),
            "Owl pre-ultimo (the II wins the second to last trick) is played"
            => /// A6 `owl_pre_ultimo`.
            owl_pre_ultimo: bool = false;
        "point_bonuses": (words),
            "beck = With Forty and With Fifty, declarable; graz = With Fifty only, scored at the end"
            => /// A7 `point_bonuses`.
            point_bonuses: Rules = Rules::Beck;
        "deal_after_knock": (flag "4x4", "3x16"),
            "after a knock, packets of four, or three packets of 16 taken in turn from forehand"
            => /// A8 `deal_after_knock`: packets of 16 instead of 4.
            packets_of_16: bool = false;
        "talon_remainder": (words),
            "the talon cards the soloist does not take count for the defenders, or for nobody"
            => /// `talon_remainder`.
            talon_remainder: TalonRemainder = TalonRemainder::Defenders;
    }
}

static SPECS: [crate::options::OptionSpec; 9] = AustrianOptions::spec_table();

impl Default for AustrianOptions {
    fn default() -> AustrianOptions {
        AustrianOptions::defaults()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_and_the_obliged_bidder_is_no_option() {
        // Every option's default and round trip: `tests/core.rs`, for every variant.
        let mut o = AustrianOptions::default();
        assert_eq!(o.obliged_bidder, None);
        assert!(
            o.set("obliged_bidder", "2").is_err(),
            "the match carries it"
        );
        assert!(o.set("valat_scoring", "beckC").is_err());
    }
}
