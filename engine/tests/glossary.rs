//! The glossary: every card, bonus, contract, kontra level and phase of every variant has a
//! name in English and in the game's language, distinct where it must be; English is the
//! engine's own words; the native words are the games' terms; what a variant does not have is
//! `None`; and the bonuses listed for a variant are those its hands announce and score.

use std::collections::HashSet;
use tarock_engine::game::{End, Game, Stage};
use tarock_engine::glossary::{
    bonus_name, bonuses, card_name, cards, contract_name, contracts, kontra_level, kontra_levels,
    phase_name, Language,
};
use tarock_engine::shuffle::{seed_from_u64, DealRng};
use tarock_engine::words::KONTRA_LADDER;
use tarock_engine::{
    Action, AnyGame, Bonus, Card, Contract, Item, Pack, Rank, Seat, Setup, Suit, Target, Variant,
};

fn card(notation: &str) -> Card {
    notation.parse().expect("a card")
}

fn name(v: Variant, notation: &str, l: Language) -> String {
    card_name(v, card(notation), l).expect("in the pack")
}

#[test]
fn language_codes_round_trip() {
    for l in Language::ALL {
        assert_eq!(Language::from_code(l.code()), Some(l));
        assert_eq!(Language::from_code(&l.code().to_uppercase()), Some(l));
    }
    assert_eq!(Language::from_code("de-AT"), Some(Language::German));
    assert_eq!(Language::from_code("en_GB"), Some(Language::English));
    assert_eq!(Language::from_code("hu-HU"), Some(Language::Hungarian));
    for other in ["", "-", "_en", "fr", "eng", "h", "xx-AT", "dé", "de AT"] {
        assert_eq!(Language::from_code(other), None, "{other:?}");
    }
}

#[test]
fn each_game_has_its_own_language() {
    for v in Variant::HUNGARIAN {
        assert_eq!(Language::of(v), Language::Hungarian);
    }
    assert_eq!(Language::of(Variant::PolishKrolami), Language::Polish);
    assert_eq!(Language::of(Variant::AustrianIllustrated), Language::German);
    assert_eq!(Language::of(Variant::DanishTarok), Language::Danish);
}

#[test]
fn every_card_of_every_pack_has_a_distinct_name_in_every_language() {
    for v in Variant::ALL {
        let all = cards(v);
        assert!(all.is_superset(v.default_pack().cards()), "{v}");
        for l in Language::ALL {
            let mut packs = vec![all];
            if Variant::HUNGARIAN.contains(&v) {
                assert_eq!(all, Pack::Tarock54.cards(), "{v}");
                packs.push(Pack::Hungarian42.cards());
            }
            for pack in packs {
                let names: HashSet<String> = pack
                    .into_iter()
                    .map(|c| {
                        let n = card_name(v, c, l).unwrap_or_else(|| panic!("{v} {c} {l:?}"));
                        assert!(!n.trim().is_empty(), "{v} {c} {l:?}");
                        n
                    })
                    .collect();
                assert_eq!(names.len(), pack.len() as usize, "{v} {l:?}: names repeat");
            }
        }
    }
}

#[test]
fn the_packs_have_their_sizes() {
    assert_eq!(cards(Variant::HungarianIllustrated).len(), 54);
    assert_eq!(cards(Variant::PolishKrolami).len(), 54);
    assert_eq!(cards(Variant::AustrianIllustrated).len(), 54);
    assert_eq!(cards(Variant::DanishTarok).len(), 78);
}

#[test]
fn english_card_names_are_the_engines() {
    for v in Variant::ALL {
        for c in cards(v) {
            assert_eq!(card_name(v, c, Language::English), Some(c.name()));
        }
    }
}

#[test]
fn a_card_outside_the_pack_has_no_name() {
    let five_of_hearts = Card::suited(Suit::Hearts, Rank::new(5));
    let six_of_spades = Card::suited(Suit::Spades, Rank::new(6));
    for v in [
        Variant::HungarianHigh,
        Variant::PolishKrolami,
        Variant::AustrianIllustrated,
    ] {
        for l in Language::ALL {
            assert_eq!(card_name(v, five_of_hearts, l), None, "{v}");
            assert_eq!(card_name(v, six_of_spades, l), None, "{v}");
        }
    }
    assert!(card_name(Variant::DanishTarok, five_of_hearts, Language::Danish).is_some());
}

#[test]
fn hungarian_cards() {
    let hu = |n| name(Variant::HungarianIllustrated, n, Language::Hungarian);
    assert_eq!(hu("T1"), "pagát");
    assert_eq!(hu("T2"), "II");
    assert_eq!(hu("T21"), "XXI");
    assert_eq!(hu("SKIZ"), "skíz");
    assert_eq!(hu("HK"), "kőr király");
    assert_eq!(hu("DQ"), "káró dáma");
    assert_eq!(hu("CC"), "treff lovas");
    assert_eq!(hu("SJ"), "pikk bubi");
    assert_eq!(hu("HA"), "kőr ász");
    assert_eq!(hu("S10"), "pikk tízes");
    // The 54-card game's.
    assert_eq!(hu("D2"), "káró kettes");
    assert_eq!(hu("H4"), "kőr négyes");
    assert_eq!(hu("C7"), "treff hetes");
}

#[test]
fn polish_cards() {
    let pl = |n| name(Variant::PolishKrolami, n, Language::Polish);
    assert_eq!(pl("T1"), "pagat");
    assert_eq!(pl("T20"), "XX");
    assert_eq!(pl("T21"), "mond");
    assert_eq!(pl("SKIZ"), "skiż");
    assert_eq!(pl("HK"), "król kier");
    assert_eq!(pl("DQ"), "dama karo");
    assert_eq!(pl("CC"), "kawal trefl");
    assert_eq!(pl("SJ"), "walet pik");
    assert_eq!(pl("HA"), "as kier");
    assert_eq!(pl("S10"), "dziesiątka pik");
    assert_eq!(pl("C7"), "siódemka trefl");
    assert_eq!(pl("D3"), "trójka karo");
}

#[test]
fn austrian_cards() {
    let de = |n| name(Variant::AustrianIllustrated, n, Language::German);
    assert_eq!(de("T1"), "Pagat");
    assert_eq!(de("T2"), "II");
    assert_eq!(de("T21"), "Mond");
    assert_eq!(de("SKIZ"), "Sküs");
    assert_eq!(de("HK"), "Herz-König");
    assert_eq!(de("DQ"), "Karo-Dame");
    assert_eq!(de("CC"), "Treff-Cavall");
    assert_eq!(de("SJ"), "Pik-Bube");
    assert_eq!(de("HA"), "Herz-Ass");
    assert_eq!(de("S7"), "Pik-Sieben");
}

#[test]
fn danish_cards() {
    let da = |n| name(Variant::DanishTarok, n, Language::Danish);
    assert_eq!(da("T1"), "pagat");
    assert_eq!(da("T2"), "trumf 2");
    assert_eq!(da("T20"), "trumf 20");
    assert_eq!(da("T21"), "mond");
    assert_eq!(da("SKIZ"), "skisen");
    assert_eq!(da("HK"), "hjerter konge");
    assert_eq!(da("DQ"), "ruder dame");
    assert_eq!(da("CC"), "klør kaval");
    assert_eq!(da("SJ"), "spar knægt");
    assert_eq!(da("HA"), "hjerter es");
    assert_eq!(da("S10"), "spar ti");
    assert_eq!(da("D5"), "ruder fem");
}

#[test]
fn a_card_has_its_languages_name_in_any_game() {
    let king = Card::king(Suit::Hearts);
    for v in Variant::ALL {
        assert_eq!(
            card_name(v, king, Language::Polish).as_deref(),
            Some("król kier")
        );
        assert_eq!(
            card_name(v, Card::SKIZ, Language::German).as_deref(),
            Some("Sküs")
        );
    }
}

#[test]
fn every_bonus_has_a_name_distinct_within_its_game() {
    for v in Variant::ALL {
        assert!(!bonuses(v).is_empty(), "{v}");
        for l in Language::ALL {
            let names: HashSet<String> = bonuses(v)
                .iter()
                .map(|&b| {
                    let n = bonus_name(v, b, l).unwrap_or_else(|| panic!("{v} {b} {l:?}"));
                    assert!(!n.trim().is_empty(), "{v} {b} {l:?}");
                    n
                })
                .collect();
            assert_eq!(names.len(), bonuses(v).len(), "{v} {l:?}: names repeat");
        }
    }
}

#[test]
fn english_bonus_names_are_the_engines_and_other_languages_read_english() {
    for v in Variant::ALL {
        for &b in bonuses(v) {
            for l in Language::ALL {
                if l != Language::of(v) {
                    assert_eq!(bonus_name(v, b, l), Some(v.bonus_name(b)), "{v} {b} {l:?}");
                }
            }
        }
    }
}

#[test]
fn a_bonus_a_game_does_not_have_has_no_name() {
    let absent = [
        (Variant::HungarianPaskievics, Bonus::Centrum),
        (
            Variant::HungarianPaskievics,
            Bonus::KingUltimo(Suit::Hearts),
        ),
        (Variant::HungarianIllustrated, Bonus::PagatFacan),
        (Variant::HungarianIllustrated, Bonus::LongDoubleGame),
        (Variant::HungarianHigh, Bonus::RoyalTrull),
        (Variant::PolishKrolami, Bonus::SasUhu),
        (Variant::PolishKrolami, Bonus::DoubleGame),
        (Variant::AustrianIllustrated, Bonus::Trull),
        (Variant::AustrianIllustrated, Bonus::KingUltimo(Suit::Clubs)),
        (Variant::DanishTarok, Bonus::PagatUltimo),
        (Variant::DanishTarok, Bonus::Trull),
    ];
    for (v, b) in absent {
        for l in Language::ALL {
            assert_eq!(bonus_name(v, b, l), None, "{v} {b} {l:?}");
        }
    }
}

#[test]
fn hungarian_bonuses() {
    let hu = |v, b| bonus_name(v, b, Language::Hungarian).expect("a bonus of the game");
    let il = Variant::HungarianIllustrated;
    assert_eq!(hu(il, Bonus::Trull), "tulétroá");
    assert_eq!(hu(il, Bonus::FourKings), "négykirály");
    assert_eq!(hu(il, Bonus::DoubleGame), "duplajáték");
    assert_eq!(hu(il, Bonus::Volat), "volát");
    assert_eq!(hu(il, Bonus::PagatUltimo), "pagátultimó");
    assert_eq!(hu(il, Bonus::XxiCatch), "XXI-fogás");
    assert_eq!(hu(il, Bonus::Centrum), "centrum");
    assert_eq!(hu(il, Bonus::SmallBird), "kismadár");
    assert_eq!(hu(il, Bonus::LargeBird), "nagymadár");
    assert_eq!(hu(il, Bonus::PagatUhu), "pagátuhu");
    assert_eq!(
        hu(il, Bonus::KingUltimo(Suit::Hearts)),
        "királyultimó (kőr)"
    );
    assert_eq!(hu(il, Bonus::KingUhu(Suit::Spades)), "királyuhu (pikk)");
    let high = Variant::HungarianHigh;
    assert_eq!(hu(high, Bonus::PagatFacan), "pagátfácán");
    assert_eq!(hu(high, Bonus::ParosFacan), "párosfácán");
    assert_eq!(
        hu(high, Bonus::SuitFamily(Suit::Clubs)),
        "színcsalád (treff)"
    );
    assert_eq!(hu(high, Bonus::ThreeKings), "három király");
    assert_eq!(hu(high, Bonus::FinalPair), "zárópáros");
    assert_eq!(
        hu(high, Bonus::KingLargeBird(Suit::Diamonds)),
        "királynagymadár (káró)"
    );
    assert_eq!(hu(high, Bonus::LongDoubleGame), "hosszú duplajáték");
    assert_eq!(
        bonus_name(il, Bonus::KingUltimo(Suit::Hearts), Language::English).as_deref(),
        Some("king ultimó (hearts)")
    );
}

#[test]
fn polish_bonuses() {
    let v = Variant::PolishKrolami;
    let pl = |b| bonus_name(v, b, Language::Polish).expect("a Polish bonus");
    assert_eq!(pl(Bonus::Trull), "trul");
    assert_eq!(pl(Bonus::FourKings), "cztery króle");
    assert_eq!(pl(Bonus::PagatUltimo), "pagat ultymo");
    assert_eq!(pl(Bonus::KingUltimo(Suit::Hearts)), "król ultymo (kier)");
    assert_eq!(pl(Bonus::Volat), "walat");
    assert_eq!(
        bonus_name(v, Bonus::Volat, Language::English).as_deref(),
        Some("walat")
    );
}

#[test]
fn austrian_bonuses() {
    let v = Variant::AustrianIllustrated;
    let de = |b| bonus_name(v, b, Language::German).expect("an Austrian bonus");
    assert_eq!(de(Bonus::RoyalTrull), "Königstrull");
    assert_eq!(de(Bonus::TarockTrull), "Tarocktrull");
    assert_eq!(de(Bonus::PagatUltimo), "Pagat Ultimo");
    assert_eq!(de(Bonus::SasUhu), "Uhu");
    assert_eq!(de(Bonus::Volat), "Valat");
    assert_eq!(de(Bonus::XxiCatch), "Mondfang");
    assert_eq!(de(Bonus::WithForty), "Mit Vierzig");
    assert_eq!(de(Bonus::WithFifty), "Mit Fünfzig");
    for b in tarock_engine::austrian::game::BONUSES {
        assert!(bonuses(v).contains(&b), "{b}");
    }
}

#[test]
fn danish_bonuses() {
    let v = Variant::DanishTarok;
    assert_eq!(bonuses(v), [Bonus::Volat]);
    assert_eq!(
        bonus_name(v, Bonus::Volat, Language::Danish).as_deref(),
        Some("tout")
    );
    assert_eq!(
        bonus_name(v, Bonus::Volat, Language::English).as_deref(),
        Some("Tout")
    );
}

#[test]
fn contracts_are_named_by_each_game() {
    for v in Variant::ALL {
        for l in Language::ALL {
            let names: HashSet<&str> = contracts(v)
                .iter()
                .map(|&c| {
                    let n = contract_name(v, c, l).unwrap_or_else(|| panic!("{v} {c:?} {l:?}"));
                    assert!(!n.is_empty());
                    if l != Language::of(v) {
                        assert_eq!(n, c.word(), "{v} {c:?} {l:?}");
                    }
                    n
                })
                .collect();
            assert_eq!(names.len(), contracts(v).len(), "{v} {l:?}");
        }
    }
    let own = |v| -> Vec<&str> {
        contracts(v)
            .iter()
            .filter_map(|&c| contract_name(v, c, Language::of(v)))
            .collect()
    };
    assert_eq!(
        own(Variant::HungarianPaskievics),
        ["három", "kettő", "egy", "szóló"]
    );
    assert_eq!(
        own(Variant::PolishKrolami),
        ["jeden", "dwa", "trzy", "cztery"]
    );
    assert_eq!(
        own(Variant::AustrianIllustrated),
        ["Dreiblatt", "Zweiblatt", "Einblatt", "Solo"]
    );
    assert!(contracts(Variant::DanishTarok).is_empty());
    let all = Contract::HUNGARIAN
        .into_iter()
        .chain(Contract::POLISH)
        .chain(Contract::AUSTRIAN);
    for c in all {
        for v in Variant::ALL {
            let named = contract_name(v, c, Language::English).is_some();
            assert_eq!(named, contracts(v).contains(&c), "{v} {c:?}");
        }
    }
    assert_eq!(
        contract_name(Variant::HungarianHigh, Contract::Solo, Language::Hungarian),
        Some("szóló")
    );
    assert_eq!(
        contract_name(
            Variant::AustrianIllustrated,
            Contract::Solo,
            Language::Hungarian
        ),
        Some("solo")
    );
}

#[test]
fn kontra_levels_per_game() {
    let names = |v, l| -> Vec<Option<&str>> { (0..=6).map(|k| kontra_level(v, k, l)).collect() };
    for v in Variant::HUNGARIAN {
        assert_eq!(
            names(v, Language::Hungarian),
            [
                None,
                Some("kontra"),
                Some("rekontra"),
                Some("szubkontra"),
                Some("hirskontra"),
                Some("mordkontra"),
                None
            ]
        );
        assert_eq!(kontra_levels(v), [1, 2, 3, 4, 5]);
    }
    let pl = Variant::PolishKrolami;
    assert_eq!(
        names(pl, Language::Polish),
        [
            None,
            Some("kontra"),
            Some("re"),
            Some("sub"),
            None,
            Some("mort"),
            None
        ]
    );
    let at = Variant::AustrianIllustrated;
    assert_eq!(
        names(at, Language::German),
        [
            None,
            Some("Kontra"),
            Some("Rekontra"),
            None,
            None,
            None,
            None
        ]
    );
    for l in Language::ALL {
        for k in 0..=u8::MAX {
            assert_eq!(kontra_level(Variant::DanishTarok, k, l), None);
        }
    }
    // English is the engine's ladder, and so is any language not the game's.
    for v in Variant::ALL {
        for k in 0..=u8::MAX {
            let has = kontra_levels(v).contains(&k);
            for l in Language::ALL {
                let n = kontra_level(v, k, l);
                assert_eq!(n.is_some(), has, "{v} {k} {l:?}");
                if has && l != Language::of(v) {
                    assert_eq!(n, Some(KONTRA_LADDER[usize::from(k) - 1]), "{v} {k} {l:?}");
                }
            }
        }
    }
}

#[test]
fn every_phase_has_a_distinct_name_in_every_language() {
    let stages = [
        Stage::Opening,
        Stage::Auction,
        Stage::Call,
        Stage::Talon,
        Stage::Discard,
        Stage::Annul,
        Stage::Announce,
        Stage::Play,
        Stage::Over(End::Played),
    ];
    for l in Language::ALL {
        let names: HashSet<&str> = stages.iter().map(|&s| phase_name(s, l)).collect();
        assert!(names.iter().all(|n| !n.is_empty()), "{l:?}");
        assert_eq!(names.len(), stages.len(), "{l:?}");
        for end in [
            End::PassedOut,
            End::Annulled(Seat::new(1)),
            End::TrullOnlyThree,
        ] {
            assert_eq!(
                phase_name(Stage::Over(end), l),
                phase_name(Stage::Over(End::Played), l)
            );
        }
    }
    let english: Vec<&str> = stages
        .iter()
        .map(|&s| phase_name(s, Language::English))
        .collect();
    assert_eq!(
        english,
        ["opening", "auction", "call", "talon", "discard", "annul", "announce", "play", "over"]
    );
    assert_eq!(phase_name(Stage::Auction, Language::Hungarian), "licit");
    assert_eq!(phase_name(Stage::Auction, Language::Polish), "licytacja");
    assert_eq!(phase_name(Stage::Auction, Language::German), "Lizitation");
    assert_eq!(phase_name(Stage::Discard, Language::Danish), "ekartering");
}

/// The bonus an action announces or kontras.
fn bonus_of(a: Action) -> Option<Bonus> {
    match a {
        Action::Announce(b) | Action::Kontra(Target::Bonus(b), _) => Some(b),
        _ => None,
    }
}

/// Every bonus that random hands of `v` under `options` list in their legal actions or score
/// in their ledgers.
fn bonuses_met(v: Variant, options: &[(&str, &str)], hands: u64) -> HashSet<Bonus> {
    let mut met = HashSet::new();
    let seats = v.seat_counts()[0];
    for seed in 0..hands {
        let setup =
            Setup::seeded(v, seats, Seat::new(0), seed_from_u64(seed)).with_options(options);
        let mut g = AnyGame::new(&setup).expect("a valid setup");
        let mut rng = DealRng::from_seed(seed_from_u64(seed ^ 0x5eed));
        let mut actions = 0;
        while g.to_act().is_some() {
            let legal = g.legal_actions();
            met.extend(legal.iter().filter_map(|&a| bonus_of(a)));
            // Pass often, so that the auction and the announcements end.
            let pass = legal.iter().position(|&a| a == Action::Pass);
            let k = match pass {
                Some(p) if rng.below(3) != 0 => p,
                _ => rng.below(legal.len() as u32) as usize,
            };
            g.play_unchecked(legal[k]);
            actions += 1;
            assert!(actions < 2_000, "{v} seed {seed}: the hand does not end");
        }
        if let Some(ledger) = g.outcome().map(|o| o.ledger) {
            met.extend(ledger.items.iter().filter_map(|i| match i.item {
                Item::Bonus(b) => Some(b),
                _ => None,
            }));
        }
    }
    met
}

#[test]
fn the_bonuses_listed_are_those_the_hands_announce_and_score() {
    let all_on: &[(Variant, &[(&str, &str)])] = &[
        (
            Variant::HungarianIllustrated,
            &[("sas_bonuses", "true"), ("pagat_catch_bonus", "true")],
        ),
        (
            Variant::HungarianPaskievics,
            &[("sas_bonuses", "true"), ("pagat_catch_bonus", "true")],
        ),
        (
            Variant::HungarianHigh,
            &[("sas_bonuses", "true"), ("pagat_catch_bonus", "true")],
        ),
        (Variant::PolishKrolami, &[]),
        (
            Variant::AustrianIllustrated,
            &[("owl_pre_ultimo", "true"), ("mondfang_bonus", "true")],
        ),
        (Variant::DanishTarok, &[]),
    ];
    for &(v, options) in all_on {
        let met = bonuses_met(v, options, 300);
        let listed: HashSet<Bonus> = bonuses(v).iter().copied().collect();
        let unlisted: Vec<_> = met.difference(&listed).collect();
        assert!(unlisted.is_empty(), "{v}: {unlisted:?} met but not listed");
        let unmet: Vec<_> = listed.difference(&met).collect();
        assert!(unmet.is_empty(), "{v}: {unmet:?} listed but never met");
    }
}
