//! The hand-written encoder writes exactly what prost writes, for random messages of every shape:
//! defaults and set values, `optional` fields set to zero, negative enums, empty and long
//! strings (lengths of one, two and three varint bytes), empty and long lists.

mod common;

use common::*;
use prost::Message;
use tarock_proto::v1 as pb;
use tarock_proto::wire::{self, Writer};

/// Checks `m` and returns its encoded length.
fn same_as_prost<M: Message + std::fmt::Debug + 'static>(m: &M) -> usize {
    let mut fast = vec![0xAB]; // appended after what is already there
    assert!(wire::encode(m, &mut fast), "encoded by the wire module");
    assert_eq!(fast[0], 0xAB);
    let expected = m.encode_to_vec();
    assert!(fast[1..] == expected[..], "differs from prost: {m:?}");
    expected.len()
}

#[test]
fn responses_encode_as_prost_encodes_them() {
    let mut r = Rng(0x5EED_1234_ABCD_0001);
    let mut sizes = Vec::new();
    for _ in 0..400 {
        sizes.push(same_as_prost(&pb::ApplyActionResponse {
            record: r.opt(record),
            events: r.list(event),
            view: r.opt(view),
            sealed: r.opt(sealed),
        }));
        same_as_prost(&pb::LegalMovesResponse {
            to_act: r.opt_u32(),
            phase: r.enum_(),
            moves: r.list(legal_move),
            game_over: r.bool(),
        });
        same_as_prost(&pb::GetViewResponse { view: r.opt(view) });
        same_as_prost(&record(&mut r));
        same_as_prost(&pb::NewDealResponse {
            record: r.opt(record),
            view: r.opt(view),
            sealed: r.opt(sealed),
            seat_tokens: r.list(Rng::bytes),
            table_token: r.bytes(),
            seed_commitment: r.bytes(),
        });
        same_as_prost(&pb::NextDealResponse {
            record: r.opt(record),
            view: r.opt(view),
            match_over: r.bool(),
            totals: r.list(Rng::i64),
            multiplier: r.u32(),
            sealed: r.opt(sealed),
            seed_commitment: r.bytes(),
        });
    }
    // The shapes include messages of one, two and three length bytes.
    assert!(sizes.iter().any(|&n| n < 128));
    assert!(sizes.iter().any(|&n| (128..16_384).contains(&n)));
    assert!(sizes.iter().any(|&n| n >= 16_384));
    // Defaults: an empty message is empty.
    assert_eq!(same_as_prost(&pb::ApplyActionResponse::default()), 0);
    assert_eq!(same_as_prost(&pb::NewDealResponse::default()), 0);
}

#[test]
fn other_messages_are_left_to_prost() {
    let mut buf = Vec::new();
    assert!(!wire::encode(&pb::ScoreResponse::default(), &mut buf));
    assert!(!wire::encode(&pb::Card::default(), &mut buf));
    assert!(buf.is_empty());
}

#[test]
fn a_field_from_a_slot_is_the_field_written_whole() {
    // A field's body of every length that fits a 16-byte slot after its key and length, under
    // every tag with a one-byte key.
    for tag in 1..16 {
        let key = wire::len_key(tag).expect("tags 1 to 15 take one byte");
        for n in 0..=14 {
            let body: Vec<u8> = (1..=n).collect();
            let mut slot = [0xee; 16];
            slot[1] = n;
            slot[2..2 + usize::from(n)].copy_from_slice(&body);
            let mut from_slot = Writer::default();
            from_slot.raw(b"before");
            from_slot.field_fixed(key, &slot, usize::from(n) + 2);
            let mut whole = Writer::default();
            whole.raw(b"before");
            whole.bytes_always(tag, &body);
            assert_eq!(
                from_slot.into_bytes(),
                whole.into_bytes(),
                "tag {tag}, {n} bytes"
            );
        }
    }
    assert_eq!(wire::len_key(0), None);
    assert_eq!(wire::len_key(16), None);
}

#[test]
fn a_long_message_is_the_message_whatever_its_length() {
    // Lengths that take one, two and three bytes, at their edges: a long message is written
    // after room for two and moved when its length takes another number of bytes.
    for n in [0, 1, 127, 128, 129, 300, 16_383, 16_384, 20_000] {
        let body: Vec<u8> = (0..n).map(|i| (i % 251) as u8).collect();
        let mut short = Writer::default();
        short.raw(b"x");
        let at_short = short.message(5, |w| w.raw(&body));
        let mut long = Writer::default();
        long.raw(b"x");
        let at_long = long.long_message(5, |w| w.raw(&body));
        assert_eq!(at_long, at_short, "{n} bytes: where the body is");
        let (short, long) = (short.into_bytes(), long.into_bytes());
        assert_eq!(long, short, "{n} bytes");
        assert_eq!(&long[at_long], body.as_slice(), "{n} bytes");
    }
}
