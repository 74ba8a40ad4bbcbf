//! `DescribeRules`: the rules of one variant as the rules reference states them, in English or
//! in the game's own language, and its options.

use crate::convert::FieldViolation;
use crate::error;
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
    let locale = match r.locale.as_str() {
        "" | "en" => "en",
        l if l == native => native,
        other => {
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
            match book
                .get(id)
                .filter(|rule| book.for_variant(variant).any(|x| x.id == rule.id))
            {
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
    })
}
