//! `DescribeRules`: the rules of one variant as the rules reference states them, in English or
//! in the game's own language, its options, and what its cards, bonuses, contracts, kontra
//! levels and phases are called.

use crate::convert::{self, FieldViolation};
use crate::error;
use tarock_engine::game::{End, Stage};
use tarock_engine::glossary::{self, Language};
use tarock_engine::rulebook::{self, Rule};
use tarock_engine::Variant;
use tarock_proto::v1 as pb;
use tonic::Status;

/// The answer: every rule of the variant (or those asked for) in the request's locale.
pub(crate) fn handle(r: &pb::DescribeRulesRequest) -> Result<pb::DescribeRulesResponse, Status> {
    let Some(variant) = Variant::from_id(&r.variant) else {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        return Err(error::bad_field(
            "variant",
            &format!(
                "unknown variant {:?}; known: {}",
                error::clip(&r.variant),
                known.join(", ")
            ),
        ));
    };
    let native = rulebook::language(variant);
    let asked = Language::from_code(&r.locale).map(Language::code);
    let locale = match (r.locale.as_str(), asked) {
        ("", _) | (_, Some("en")) => "en",
        (_, Some(l)) if l == native => native,
        (other, _) => {
            return Err(error::bad_field(
                "locale",
                &format!(
                    "{:?} is not a language of {variant}'s rules: \"en\" or {native:?}",
                    error::clip(other)
                ),
            ))
        }
    };
    let book = rulebook::rulebook();
    let mut violations = Vec::new();
    let rules: Vec<&Rule> = if r.ids.is_empty() {
        book.for_variant(variant).collect()
    } else {
        let mut chosen = Vec::with_capacity(r.ids.len());
        for (i, id) in r.ids.iter().enumerate() {
            let played = |rule: &&Rule| rulebook::prefixes(variant).contains(&&rule.id[..2]);
            match book.get(id).filter(played) {
                Some(rule) => chosen.push(rule),
                None => violations.push(FieldViolation::new(
                    format!("ids[{i}]"),
                    format!("{variant} has no rule {:?}", error::clip(id)),
                )),
            }
        }
        chosen
    };
    if !violations.is_empty() {
        return Err(error::bad_request(&violations));
    }
    Ok(pb::DescribeRulesResponse {
        variant: variant.id().to_owned(),
        locale: locale.to_owned(),
        rules: rules
            .into_iter()
            .map(|rule| pb::RuleInfo {
                id: rule.id.to_owned(),
                phase: rule.phase.to_owned(),
                // Every rule has its sentence in the game's language (a test checks it); the
                // English one stands in should one be missing.
                text: rule.text_in(locale).unwrap_or(rule.text).to_owned(),
                option: rule.option.unwrap_or_default().to_owned(),
                callers_job: rule.callers_job.unwrap_or_default().to_owned(),
            })
            .collect(),
        options: crate::rpc::list_variants::options(variant),
        glossary: Some(glossary_of(variant, locale)),
    })
}

/// The phases the API names, in its order.
const STAGES: [Stage; 9] = [
    Stage::Auction,
    Stage::Discard,
    Stage::Annul,
    Stage::Announce,
    Stage::Play,
    Stage::Over(End::Played),
    Stage::Opening,
    Stage::Call,
    Stage::Talon,
];

/// What the variant's cards, bonuses, contracts, kontra levels and phases are called in
/// `locale` ("en" or the game's own language).
fn glossary_of(variant: Variant, locale: &str) -> pb::Glossary {
    let language = Language::from_code(locale).unwrap_or(Language::English);
    pb::Glossary {
        cards: glossary::cards(variant)
            .into_iter()
            .map(|card| pb::Card {
                name: glossary::card_name(variant, card, language)
                    .unwrap_or_else(|| card.name().to_owned()),
                ..convert::card_to_pb(card)
            })
            .collect(),
        bonuses: glossary::bonuses(variant)
            .iter()
            .filter_map(|&bonus| {
                Some(pb::BonusName {
                    bonus: convert::bonus_to_pb(bonus) as i32,
                    suit: convert::suit_to_pb(bonus.suit()) as i32,
                    name: glossary::bonus_name(variant, bonus, language)?,
                })
            })
            .collect(),
        contracts: glossary::contracts(variant)
            .iter()
            .filter_map(|&contract| {
                Some(pb::ContractName {
                    contract: convert::contract_to_pb(contract) as i32,
                    name: glossary::contract_name(variant, contract, language)?.to_owned(),
                })
            })
            .collect(),
        kontra_levels: glossary::kontra_levels(variant)
            .iter()
            .filter_map(|&level| {
                Some(pb::KontraLevelName {
                    level: u32::from(level),
                    name: glossary::kontra_level(variant, level, language)?.to_owned(),
                })
            })
            .collect(),
        phases: STAGES
            .iter()
            .map(|&stage| pb::PhaseName {
                phase: convert::phase_to_pb(stage) as i32,
                name: glossary::phase_name(stage, language).to_owned(),
            })
            .collect(),
    }
}
