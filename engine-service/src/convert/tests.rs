use super::*;
use prost::Message;
use tarock_engine::game::Game;

/// A game of `variant` with default options at its first table size, seeded.
fn game_of(variant: Variant, seed: u64) -> AnyGame {
    let seats = variant.seat_counts().first().copied().unwrap_or(4);
    let setup = Setup::seeded(
        variant,
        seats,
        Seat::new(seats - 1),
        tarock_engine::shuffle::seed_from_u64(seed),
    );
    AnyGame::new(&setup).expect("a valid setup")
}

// The Danish, Polish and Austrian games name the skíz, the Tout and their bonuses in their
// own words; the Hungarian keeps the shared labels.
#[test]
fn games_label_moves_in_their_own_words() {
    let danish = game_of(Variant::DanishTarok, 1);
    let polish = game_of(Variant::PolishKrolami, 1);
    let austrian = game_of(Variant::AustrianIllustrated, 1);
    let hungarian = game_of(Variant::HungarianIllustrated, 1);
    let label = |g: &AnyGame, a| legal_move(g, a).label;
    assert_eq!(label(&danish, Action::Play(Card::SKIZ)), "Play the fool");
    assert_eq!(
        label(&danish, Action::Discard(Card::SKIZ)),
        "Discard the fool"
    );
    assert!(label(&danish, Action::Announce(Bonus::Volat)).starts_with("Announce Tout"));
    assert_eq!(label(&polish, Action::Play(Card::SKIZ)), "Play the skiż");
    assert_eq!(
        label(&polish, Action::Announce(Bonus::PagatUltimo)),
        "Announce pagat ultymo"
    );
    assert_eq!(
        label(&polish, Action::Announce(Bonus::KingUltimo(Suit::Hearts))),
        "Announce król ultymo (hearts)"
    );
    assert_eq!(
        label(&polish, Action::Kontra(Target::Bonus(Bonus::Trull), 1)),
        "Kontra the trul"
    );
    assert_eq!(
        label(&polish, Action::Kontra(Target::Game, 1)),
        "Kontra the game"
    );
    assert_eq!(label(&austrian, Action::Play(Card::SKIZ)), "Play the Sküs");
    assert_eq!(
        label(&austrian, Action::Announce(Bonus::Volat)),
        "Announce Valat"
    );
    assert_eq!(
        label(&austrian, Action::Play(Card::PAGAT)),
        super::label(Action::Play(Card::PAGAT))
    );
    assert_eq!(label(&hungarian, Action::Play(Card::SKIZ)), "Play skíz");
    assert_eq!(
        label(&hungarian, Action::Announce(Bonus::Volat)),
        "Announce volát"
    );
}

// A settlement's bonus lines are named as the game names them.
#[test]
fn ledger_lines_name_bonuses_in_the_games_words() {
    for variant in [Variant::PolishKrolami, Variant::AustrianIllustrated] {
        let mut renamed = 0;
        for seed in 0..200 {
            let mut g = game_of(variant, seed);
            while let Some(a) = tarock_engine::Bot::Heuristic
                .choose(&g, &[], seed, tarock_engine::Budget::default())
                .expect("position-only bot")
            {
                g.play_unchecked(a);
            }
            let Some(ledger) = g.settlement(1) else {
                continue;
            };
            let seats = g.table_info().seats;
            let pb = ledger_to_pb(&ledger, seats, variant);
            for (line, item) in pb.items.iter().zip(&ledger.items) {
                if let Item::Bonus(b) = item.item {
                    assert_eq!(line.label, variant.bonus_name(b));
                    if variant.own_bonus_word(b).is_some() {
                        assert_ne!(line.label, b.name());
                        renamed += 1;
                    }
                }
            }
        }
        assert!(
            renamed > 0,
            "{variant:?}: some line names a bonus its own way"
        );
    }
}

#[test]
fn every_card_has_its_notation_and_name() {
    for i in 0..tarock_engine::card::NUM_CARDS as u8 {
        let c = Card::new(i);
        let (notation, name) = card_strings(c);
        assert_eq!(
            (notation, name),
            (c.to_string().as_str(), c.name().as_str())
        );
    }
}

#[test]
fn every_card_is_found_by_its_notation_as_the_parser_reads_it() {
    for i in 0..tarock_engine::card::NUM_CARDS as u8 {
        let c = Card::new(i);
        let wire = card_to_pb(c);
        assert_eq!(
            card_by_notation(wire.notation.as_bytes()),
            Some(c),
            "{}",
            wire.notation
        );
        assert_eq!(wire.notation.parse::<Card>(), Ok(c), "{}", wire.notation);
        assert_eq!(card_from_pb(Some(&wire), "card"), Ok(c));
    }
}

#[test]
fn every_action_has_its_notation_and_label() {
    use tarock_engine::hungarian::ids;
    for pack in [
        tarock_engine::Pack::Hungarian42,
        tarock_engine::Pack::Tarock54,
    ] {
        for id in 0..ids::space_size(pack) {
            let Some(a) = ids::action_from_id(pack, id) else {
                continue;
            };
            assert_eq!(notation(a), a.to_string());
            assert_eq!(label(a), tarock_engine::words::label(a));
            assert_eq!(action_to_pb(a).notation, a.to_string());
        }
    }
}

#[test]
fn other_spellings_of_a_card_still_parse() {
    let card = |n: &str| pb::Card {
        notation: n.to_owned(),
        ..Default::default()
    };
    assert_eq!(card_by_notation(b"xxi"), None);
    assert_eq!(card_from_pb(Some(&card("xxi")), "c"), Ok(Card::tarokk(21)));
    assert_eq!(card_from_pb(Some(&card("skiz")), "c"), Ok(Card::SKIZ));
    assert_eq!(card_from_pb(Some(&card("t1")), "c"), Ok(Card::tarokk(1)));
    let e = card_from_pb(Some(&card("Z9")), "c").expect_err("not a card");
    assert_eq!(e.field, "c");
    let index = pb::Card {
        index: 99,
        ..Default::default()
    };
    assert_eq!(
        card_from_pb(Some(&index), "c"),
        Err(FieldViolation::new("c", "card index 99 out of range 0..77"))
    );
}

#[test]
fn a_compact_record_decodes_to_the_same_game() {
    use tarock_engine::game::Game;
    let setup =
        tarock_engine::Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(1), [9; 32]);
    let mut g = AnyGame::new(&setup).expect("valid setup");
    let mut actions = Vec::new();
    // The last legal action each time: through the auction, the discards and into play.
    while g.to_act().is_some() && actions.len() < 60 {
        let legal = g.legal_actions();
        let a = legal[legal.len() - 1];
        g.play_unchecked(a);
        actions.push(a);
    }
    let full = record_with_deal(&setup, &actions, &g, None, 1).expect("a record");
    let compact = pb::GameRecord::decode(
        respond::record_bytes(&setup, &actions, &g, None, 1, Detail::Compact).as_slice(),
    )
    .expect("a record");
    assert!(compact.actions.iter().any(|a| a.card.is_some()));
    assert!(compact.actions.iter().all(|a| a.notation.is_empty()));
    assert!(compact
        .actions
        .iter()
        .filter_map(|a| a.card.as_ref())
        .all(|c| c.notation.is_empty() && c.name.is_empty()));
    let (a, b) = (
        record_from_pb(&full).expect("valid"),
        record_from_pb(&compact).expect("valid"),
    );
    assert_eq!(a.actions, b.actions);
    assert_eq!(a.setup, b.setup);
    // The compact record is the full one without its notations and names.
    let mut stripped = full.clone();
    for a in &mut stripped.actions {
        a.notation = String::new();
        if let Some(c) = &mut a.card {
            c.notation = String::new();
            c.name = String::new();
        }
    }
    assert_eq!(stripped, compact);
}

#[test]
fn violations_in_a_record_name_their_fields() {
    let setup =
        tarock_engine::Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(0), [1; 32]);
    let game = AnyGame::new(&setup).expect("a seeded deal");
    let mut r =
        record_with_deal(&setup, &[Action::Pass, Action::Pass], &game, None, 1).expect("a record");
    r.actions[0] = pb::Action {
        kind: pb::ActionKind::Play as i32,
        card: Some(pb::Card {
            notation: "nonsense".to_owned(),
            ..Default::default()
        }),
        ..Default::default()
    };
    r.actions[1] = pb::Action {
        kind: pb::ActionKind::Kontra as i32,
        level: 9,
        ..Default::default()
    };
    let errs = record_from_pb(&r).expect_err("malformed");
    let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(
        fields,
        ["record.actions[0].card", "record.actions[1].level"]
    );
    assert_eq!(errs[1].description, "kontra levels are 1 to 5");
    let e = action_from_pb(
        Some(&pb::Action {
            kind: 77,
            ..Default::default()
        }),
        "action",
    )
    .expect_err("unknown kind");
    assert_eq!(
        e,
        FieldViolation::new("action.kind", "unknown action kind 77")
    );
    let e = action_from_pb(Some(&pb::Action::default()), "action").expect_err("empty");
    assert_eq!(e, FieldViolation::new("action", "set kind or notation"));
    let e = action_from_pb(
        Some(&pb::Action {
            kind: pb::ActionKind::Announce as i32,
            bonus: pb::Bonus::KingUltimo as i32,
            ..Default::default()
        }),
        "action",
    )
    .expect_err("no suit");
    assert_eq!(
        e,
        FieldViolation::new("action.bonus", "this bonus needs a suit")
    );
}
