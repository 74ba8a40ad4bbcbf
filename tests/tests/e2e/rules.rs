//! DescribeRules: the rules reference over the API, in English and in each game's language.

use std::collections::HashSet;
use tarock_e2e::TestServer;
use tarock_engine::rulebook;
use tarock_engine::Variant;
use tarock_proto::v1 as pb;
use tonic::Code;
use tonic_types::StatusExt;

fn request(variant: &str, locale: &str, ids: &[&str]) -> pb::DescribeRulesRequest {
    pb::DescribeRulesRequest {
        variant: variant.to_owned(),
        locale: locale.to_owned(),
        ids: ids.iter().map(|&s| s.to_owned()).collect(),
    }
}

// Every variant's rules come in English and in the game's own language: the same ids in the
// same order, each with its phase, and the statements of the reference.
#[tokio::test]
async fn every_variant_describes_its_rules_in_both_languages() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let book = rulebook::rulebook();
    for variant in Variant::ALL {
        let native = rulebook::language(variant);
        let en = c
            .describe_rules(request(variant.id(), "", &[]))
            .await
            .expect("English")
            .into_inner();
        let own = c
            .describe_rules(request(variant.id(), native, &[]))
            .await
            .expect("the game's language")
            .into_inner();
        assert_eq!(en.locale, "en");
        assert_eq!(own.locale, native);
        assert_eq!(en.variant, variant.id());
        let expected: Vec<&str> = book.for_variant(variant).map(|r| r.id).collect();
        let ids: Vec<&str> = en.rules.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, expected, "{variant}");
        assert!(ids.len() > 40, "{variant}: {} rules", ids.len());
        for (e, o) in en.rules.iter().zip(&own.rules) {
            let rule = book.get(&e.id).expect("defined");
            assert_eq!(e.id, o.id);
            assert_eq!(e.phase, rule.phase);
            assert!(e.id.contains(&format!("-{}-", e.phase)), "{}", e.id);
            assert_eq!(e.text, rule.text);
            assert_eq!(Some(o.text.as_str()), rule.text_in(native));
            assert_ne!(e.text, o.text, "{}: translated", e.id);
            assert_eq!(e.callers_job, rule.callers_job.unwrap_or_default());
        }
        // The glossary names every card of the packs once, in each language; in English as
        // the cards' own names.
        let (ge, go) = (
            en.glossary.expect("glossary"),
            own.glossary.expect("glossary"),
        );
        assert_eq!(
            ge.cards.len(),
            tarock_engine::glossary::cards(variant).len() as usize
        );
        for g in [&ge, &go] {
            let names: HashSet<&str> = g.cards.iter().map(|c| c.name.as_str()).collect();
            assert_eq!(names.len(), g.cards.len(), "{variant}: card names distinct");
            assert!(names.iter().all(|n| !n.is_empty()));
            assert_eq!(g.phases.len(), 9, "{variant}");
            assert_eq!(g.bonuses.len(), ge.bonuses.len());
            assert_eq!(g.kontra_levels.len(), ge.kontra_levels.len());
        }
        for (e, o) in ge.cards.iter().zip(&go.cards) {
            let card = tarock_engine::Card::try_new(e.index as u8).expect("a card");
            assert_eq!(e.name, card.name(), "{variant}");
            assert_eq!((e.index, &e.notation), (o.index, &o.notation));
        }
        assert!(
            ge.cards
                .iter()
                .zip(&go.cards)
                .any(|(e, o)| e.name != o.name),
            "{variant}: the game's names"
        );
        assert!(
            ge.phases
                .iter()
                .zip(&go.phases)
                .any(|(e, o)| e.name != o.name),
            "{variant}: the phases in the game's language"
        );
        let ladder = if variant == Variant::DanishTarok {
            0
        } else {
            1
        };
        assert!(ge.kontra_levels.len() >= ladder, "{variant}");
        // The options are ListVariants' own.
        let listed = c
            .list_variants(pb::ListVariantsRequest {})
            .await
            .expect("variants")
            .into_inner();
        let info = listed
            .variants
            .iter()
            .find(|v| v.id == variant.id())
            .expect("listed");
        assert_eq!(en.options, info.options, "{variant}");
    }
}

// Asked for some ids, the answer has those rules, in the order asked.
#[tokio::test]
async fn chosen_rules_come_in_the_order_asked() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let r = c
        .describe_rules(request(
            "hungarian-illustrated",
            "hu",
            &["HU-PLAY-05", "HU-BID-01"],
        ))
        .await
        .expect("rules")
        .into_inner();
    let ids: Vec<&str> = r.rules.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["HU-PLAY-05", "HU-BID-01"]);
    assert_eq!(r.rules[0].phase, "PLAY");
    // A region is read as its language; the Hungarian kontra ladder has five levels.
    let g = r.glossary.expect("glossary");
    assert_eq!(g.kontra_levels.len(), 5);
    assert_eq!(g.kontra_levels[0].level, 1);
    let at = c
        .describe_rules(request("austrian-illustrated", "de-AT", &["AT-PLAY-02"]))
        .await
        .expect("rules")
        .into_inner();
    assert_eq!(at.locale, "de");
    let mond = at
        .glossary
        .expect("glossary")
        .cards
        .into_iter()
        .find(|c| c.notation == "T21")
        .expect("the XXI");
    assert_eq!(mond.name, "Mond");
}

// A wrong variant, locale or id is INVALID_ARGUMENT naming the field.
#[tokio::test]
async fn bad_requests_name_the_field() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    for (req, field) in [
        (request("whist", "", &[]), "variant"),
        (request("polish-krolami", "hu", &[]), "locale"),
        (
            request("danish-tarok", "", &["DK-PLAY-02", "HU-PLAY-05"]),
            "ids[1]",
        ),
        (request("danish-tarok", "", &["nonsense"]), "ids[0]"),
    ] {
        let e = c.describe_rules(req).await.expect_err("refused");
        assert_eq!(e.code(), Code::InvalidArgument);
        let fields: HashSet<String> = e
            .get_error_details()
            .bad_request()
            .expect("a BadRequest")
            .field_violations
            .iter()
            .map(|v| v.field.clone())
            .collect();
        assert!(fields.contains(field), "{fields:?} names {field}");
    }
}

// A lead or a card out of turn is refused (NOT_YOUR_TURN) and changes nothing, so neither
// irregularity can arise.
// rule: DK-MATCH-18, DK-MATCH-19
#[tokio::test]
async fn acting_out_of_turn_is_refused() {
    let server = TestServer::start_default().await;
    let mut c = server.client().await;
    let mut record = tarock_e2e::new_deal(&mut c, "danish-tarok", 3, 3).await;
    // Play on, by the first legal move, to the first trick.
    loop {
        let m = tarock_e2e::legal_moves(&mut c, &record).await;
        if m.phase == pb::Phase::Play as i32 {
            break;
        }
        record = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action_id: Some(m.moves[0].id),
                omit_view: true,
                ..Default::default()
            })
            .await
            .expect("legal")
            .into_inner()
            .record
            .expect("record");
    }
    for _ in 0..2 {
        let m = tarock_e2e::legal_moves(&mut c, &record).await;
        let to_act = m.to_act.expect("a seat to act");
        let other = (to_act + 1) % 3;
        let e = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action_id: Some(m.moves[0].id),
                seat: Some(other),
                ..Default::default()
            })
            .await
            .expect_err("out of turn");
        assert_eq!(e.code(), Code::FailedPrecondition);
        let info = e
            .get_error_details()
            .error_info()
            .cloned()
            .expect("ErrorInfo");
        assert_eq!(info.reason, "NOT_YOUR_TURN");
        // The seat to act plays; the next out-of-turn attempt is a card before one's turn.
        record = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action_id: Some(m.moves[0].id),
                seat: Some(to_act),
                omit_view: true,
                ..Default::default()
            })
            .await
            .expect("in turn")
            .into_inner()
            .record
            .expect("record");
    }
}
