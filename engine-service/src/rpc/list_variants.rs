//! `ListVariants`: the games, their seats, packs and rule options, and the bots.

use tarock_engine::options::OptionKind;
use tarock_engine::{Bot, Variant, RULES_VERSION};
use tarock_proto::v1 as pb;

/// The answer: every variant with its options, and every bot.
pub(crate) fn handle() -> pb::ListVariantsResponse {
    pb::ListVariantsResponse {
        rules_version: RULES_VERSION,
        variants: Variant::ALL.iter().map(|&v| variant(v)).collect(),
        bots: Bot::ALL
            .iter()
            .map(|b| pb::BotInfo {
                name: b.name().to_owned(),
                description: b.description().to_owned(),
            })
            .collect(),
    }
}

fn variant(v: Variant) -> pb::VariantInfo {
    pb::VariantInfo {
        id: v.id().to_owned(),
        name: v.name().to_owned(),
        seat_counts: v.seat_counts().iter().map(|&n| u32::from(n)).collect(),
        pack_size: v.default_pack().cards().len(),
        options: options(v),
    }
}

/// The rule options of `v`, as ListVariants and DescribeRules give them.
pub(crate) fn options(v: Variant) -> Vec<pb::OptionInfo> {
    v.option_specs()
        .iter()
        .map(|s| {
            let (ty, values, min, max) = match s.kind {
                OptionKind::Bool => (pb::OptionType::Bool, Vec::new(), 0, 0),
                OptionKind::Int { min, max } => (pb::OptionType::Int, Vec::new(), min, max),
                OptionKind::Enum(vs) => (
                    pb::OptionType::Enum,
                    vs.iter().map(|v| (*v).to_owned()).collect(),
                    0,
                    0,
                ),
            };
            pb::OptionInfo {
                name: s.name.to_owned(),
                r#type: ty as i32,
                values,
                min,
                max,
                default_value: s.default.to_owned(),
                description: s.description.to_owned(),
            }
        })
        .collect()
}
