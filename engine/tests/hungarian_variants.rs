//! The Hungarian variations: rule options and their per-variant and per-pack defaults.

use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{AnyGame, Hungarian, Seat, Setup, Variant};

const ILL: Variant = Variant::HungarianIllustrated;
const PASK: Variant = Variant::HungarianPaskievics;
const HIGH: Variant = Variant::HungarianHigh;

fn seat(i: u8) -> Seat {
    Seat::new(i)
}

fn hu(g: &AnyGame) -> &Hungarian {
    g.as_hungarian().expect("a hungarian hand")
}

// ---------------------------------------------------------------------------------------------
// Options and their defaults
// ---------------------------------------------------------------------------------------------

fn spec_default(variant: Variant, name: &str) -> &'static str {
    variant
        .option_specs()
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("{variant} has no option {name}"))
        .default
}

// rule: PK-SCORE-01, HU-SCORE-59, PK-BID-01, PK-SCORE-02, HV-SCORE-23, HV-SCORE-24
#[test]
fn option_defaults_per_variant() {
    // Parlett's settlement pays the dealer for talon honours; the illustrated seed does not.
    assert_eq!(spec_default(PASK, "talon_honours_pay_dealer"), "true");
    assert_eq!(spec_default(ILL, "talon_honours_pay_dealer"), "false");
    assert_eq!(spec_default(HIGH, "talon_honours_pay_dealer"), "false");
    assert_eq!(spec_default(PASK, "cue_bid_with_pagat_only"), "true");
    assert_eq!(spec_default(ILL, "cue_bid_with_pagat_only"), "false");
    for v in Variant::ALL {
        // The spec's default is the value a fresh hand gets.
        let o = v.default_options();
        let values = o.values();
        for spec in v.option_specs() {
            let (_, value) = values
                .iter()
                .find(|(n, _)| *n == spec.name)
                .expect("every option has a value");
            assert_eq!(value, spec.default, "{v} {}", spec.name);
        }
        // The 42-card pack keeps the seed's independent birds and single losses.
        assert_eq!(spec_default(v, "birds_chained"), "false");
        assert_eq!(spec_default(v, "double_loss_for_ulti"), "false");
        assert!(v.option_specs().iter().all(|s| !s.description.is_empty()));
    }
    let talon_honours = |variant| {
        let g = AnyGame::new(&Setup::seeded(variant, 5, seat(4), seed_from_u64(1))).expect("setup");
        hu(&g).options().talon_honours_pay_dealer
    };
    assert!(talon_honours(PASK));
    assert!(!talon_honours(ILL));
    assert!(!talon_honours(HIGH));
}

// rule: HV-SCORE-23, HV-SCORE-24, HV-DEAL-01, PK-SCORE-02
#[test]
fn the_54_card_game_chains_birds_and_doubles_lost_ultis_unless_told_otherwise() {
    let opts = |variant: Variant, options: &[(&str, &str)]| {
        let mut s = Setup::seeded(variant, 4, seat(3), seed_from_u64(7));
        s.options = options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        *AnyGame::new(&s)
            .expect("setup")
            .as_hungarian()
            .expect("hu")
            .options()
    };
    for v in Variant::ALL {
        let o = opts(v, &[("pack", "54")]);
        assert!(o.pack54 && o.birds_chained && o.double_loss_for_ulti, "{v}");
        let o = opts(v, &[]);
        assert!(
            !o.pack54 && !o.birds_chained && !o.double_loss_for_ulti,
            "{v}"
        );
        // An explicit setting wins, before or after `pack` in the list.
        let o = opts(v, &[("birds_chained", "false"), ("pack", "54")]);
        assert!(!o.birds_chained && o.double_loss_for_ulti, "{v}");
        let o = opts(v, &[("pack", "54"), ("double_loss_for_ulti", "false")]);
        assert!(o.birds_chained && !o.double_loss_for_ulti, "{v}");
        // The 42-card game takes them as options too (PK-SCORE-02 for Paskievics).
        let o = opts(v, &[("double_loss_for_ulti", "true"), ("pack", "42")]);
        assert!(o.double_loss_for_ulti && !o.birds_chained, "{v}");
    }
    // The option descriptions say so.
    for name in ["pack", "birds_chained", "double_loss_for_ulti"] {
        let spec = ILL
            .option_specs()
            .iter()
            .find(|s| s.name == name)
            .expect("spec");
        assert!(
            spec.description.contains("54"),
            "{name}: {}",
            spec.description
        );
    }
}
