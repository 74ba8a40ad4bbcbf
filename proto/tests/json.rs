//! Records travel as protobuf JSON too: they serialise and parse back unchanged.

use tarock_proto::v1 as pb;

#[test]
fn a_record_round_trips_through_protobuf_json() {
    let record = pb::GameRecord {
        variant: "hungarian-illustrated".to_owned(),
        rules_version: 1,
        options: vec![pb::RuleOption {
            name: "hold_rule".to_owned(),
            value: "old".to_owned(),
        }],
        seats: 4,
        dealer: 3,
        deal: Some(pb::game_record::Deal::Seed(vec![7; 32])),
        actions: vec![
            pb::Action {
                kind: pb::ActionKind::Bid as i32,
                contract: pb::Contract::Three as i32,
                notation: "bid three".to_owned(),
                ..Default::default()
            },
            pb::Action {
                kind: pb::ActionKind::Kontra as i32,
                bonus: pb::Bonus::KingUltimo as i32,
                suit: pb::Suit::Hearts as i32,
                level: 2,
                ..Default::default()
            },
        ],
        match_state: Some(pb::MatchState {
            deals_played: 3,
            totals: vec![4, -4, 2, -2],
            doubled_rounds: vec![2],
            session: pb::SessionState::Requested as i32,
            ..Default::default()
        }),
    };
    let json = serde_json::to_string(&record).expect("serialise");
    // Protobuf JSON: enum names, camelCase fields, base64 bytes.
    assert!(json.contains("\"ACTION_KIND_BID\""), "{json}");
    assert!(json.contains("\"CONTRACT_THREE\""), "{json}");
    assert!(json.contains("\"rulesVersion\":1"), "{json}");
    assert!(json.contains("\"seed\":\"BwcH"), "{json}");
    assert!(json.contains("\"SESSION_STATE_REQUESTED\""), "{json}");
    let back: pb::GameRecord = serde_json::from_str(&json).expect("parse");
    assert_eq!(back, record);
    // Unknown fields and bad enum names are errors, not silent defaults.
    assert!(serde_json::from_str::<pb::GameRecord>(
        r#"{"variant":"x","actions":[{"kind":"ACTION_KIND_NOPE"}]}"#
    )
    .is_err());
}
