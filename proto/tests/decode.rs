//! The hand-written request decoder gives exactly what prost gives: the same message for every
//! valid input (random messages of every shape, and concatenations of two, which protobuf merges),
//! and for corrupted input either the same message or prost's own error.

mod common;

use common::*;
use prost::bytes::Buf;
use prost::Message;
use std::fmt::Debug;
use tarock_proto::decode;
use tarock_proto::v1 as pb;

fn legal_moves_request(r: &mut Rng) -> pb::LegalMovesRequest {
    use pb::legal_moves_request::State;
    pb::LegalMovesRequest {
        state: match r.below(4) {
            0 => None,
            1 => Some(State::Sealed(sealed(r))),
            _ => Some(State::Record(record(r))),
        },
        token: r.bytes(),
    }
}

fn apply_action_request(r: &mut Rng) -> pb::ApplyActionRequest {
    use pb::apply_action_request::State;
    pb::ApplyActionRequest {
        state: match r.below(4) {
            0 => None,
            1 => Some(State::Sealed(sealed(r))),
            _ => Some(State::Record(record(r))),
        },
        action: r.opt(action),
        action_id: r.opt_u32(),
        viewer: r.opt(|r| pb::Viewer {
            role: r.enum_(),
            seat: r.u32(),
        }),
        seat: r.opt_u32(),
        omit_view: r.bool(),
        token: r.bytes(),
        expected_move_count: r.opt(Rng::u64),
    }
}

/// `bytes` decode alike both ways; returns whether the fast path took them.
fn same_as_prost<M: Message + Default + PartialEq + Debug + 'static>(bytes: &[u8]) -> bool {
    let expected = M::decode(bytes);
    let got = decode::decode::<M>(bytes);
    match (&expected, &got) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "bytes {bytes:?}"),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("prost {expected:?}, fast {got:?}, bytes {bytes:?}"),
    }
    // The lean decoding, its record then decoded lean and the record's actions one by one: the
    // message prost reads whenever it is taken, and taken whenever the fast path takes the bytes
    // and the state field does not repeat (prost merges a repeated one).
    let lean = decode::lean::<M>(bytes).and_then(reassembled);
    match decode::fast::<M>(bytes) {
        Some(m) => {
            assert_eq!(Ok(&m), expected.as_ref().map_err(|_| ()), "bytes {bytes:?}");
            match lean {
                Some(lean) => assert_eq!(lean, m),
                None => assert!(
                    state_fields(bytes) > 1 || action_fields(bytes) > 1,
                    "lean takes what fast takes with one state and one action: {bytes:?}"
                ),
            }
            true
        }
        None => {
            assert!(lean.is_none(), "lean declines what fast declines");
            false
        }
    }
}

/// A request decoded lean put back together: its open record decoded lean and its actions one
/// by one, or its sealed record's fields; `None` where one of them is declined.
fn reassembled<M: Default + 'static>(l: decode::LeanRequest<'_, M>) -> Option<M> {
    use decode::StateBytes;
    let record = |b: &[u8]| {
        let lean = decode::lean_record(b)?;
        let mut record = lean.message;
        assert!(record.actions.is_empty());
        for a in &lean.actions {
            record.actions.push(decode::action_ref(a)?.to_pb());
        }
        Some(record)
    };
    let sealed = |data: &[u8], move_count| pb::SealedRecord {
        data: data.to_vec(),
        move_count,
    };
    let mut m = l.message;
    let any = &mut m as &mut dyn std::any::Any;
    if let Some(r) = any.downcast_mut::<pb::ApplyActionRequest>() {
        use pb::apply_action_request::State;
        assert!(r.state.is_none() && r.action.is_none() && r.token.is_empty());
        r.token = l.token.to_vec();
        r.action = match l.action {
            Some(b) => Some(decode::action_ref(b)?.to_pb()),
            None => None,
        };
        r.state = match l.state {
            StateBytes::Missing => None,
            StateBytes::Record(b) => Some(State::Record(record(b)?)),
            StateBytes::Sealed { data, move_count } => {
                Some(State::Sealed(sealed(data, move_count)))
            }
        };
    } else if let Some(r) = any.downcast_mut::<pb::LegalMovesRequest>() {
        use pb::legal_moves_request::State;
        assert!(r.state.is_none() && l.action.is_none() && r.token.is_empty());
        r.token = l.token.to_vec();
        r.state = match l.state {
            StateBytes::Missing => None,
            StateBytes::Record(b) => Some(State::Record(record(b)?)),
            StateBytes::Sealed { data, move_count } => {
                Some(State::Sealed(sealed(data, move_count)))
            }
        };
    }
    Some(m)
}

/// How many times a request's state field (1 or 2) occurs at its top level (0 when the bytes
/// do not read as fields).
fn state_fields(b: &[u8]) -> usize {
    top_level_fields(b, |tag| matches!(tag, 1 | 2))
}

/// How many times an `ApplyActionRequest`'s action field (3) occurs (0 when the bytes do not
/// read as fields).
fn action_fields(b: &[u8]) -> usize {
    top_level_fields(b, |tag| tag == 3)
}

/// How many of a message's top-level fields `counted` counts (0 when the bytes do not read as
/// fields).
fn top_level_fields(mut b: &[u8], counted: impl Fn(u64) -> bool) -> usize {
    fn varint(b: &mut &[u8]) -> Option<u64> {
        let mut v = 0u64;
        for i in 0..10 {
            let (&x, rest) = b.split_first()?;
            *b = rest;
            v |= u64::from(x & 0x7f) << (7 * i);
            if x < 0x80 {
                return Some(v);
            }
        }
        None
    }
    let mut n = 0;
    while !b.is_empty() {
        let Some(key) = varint(&mut b) else { return 0 };
        let skip = match key & 7 {
            0 => varint(&mut b).map(|_| 0),
            1 => Some(8),
            2 => varint(&mut b).and_then(|l| usize::try_from(l).ok()),
            5 => Some(4),
            _ => None,
        };
        match skip {
            Some(k) if k <= b.len() => b = &b[k..],
            _ => return 0,
        }
        n += usize::from(counted(key >> 3));
    }
    n
}

/// Corruptions of `bytes`: cut short, one byte changed, one byte inserted.
fn corruptions(r: &mut Rng, bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    if bytes.is_empty() {
        return out;
    }
    let n = bytes.len() as u64;
    for _ in 0..4 {
        out.push(bytes[..r.below(n) as usize].to_vec());
        let mut b = bytes.to_vec();
        let i = r.below(n) as usize;
        b[i] = match r.below(4) {
            0 => b[i] ^ 0x80,
            1 => 0xff,
            2 => b[i].wrapping_add(1),
            _ => r.next() as u8,
        };
        out.push(b);
        let mut b = bytes.to_vec();
        b.insert(r.below(n) as usize, r.next() as u8);
        out.push(b);
    }
    out
}

fn check<M: Message + Default + PartialEq + Debug + 'static>(
    r: &mut Rng,
    make: fn(&mut Rng) -> M,
) -> (usize, usize) {
    let (mut taken, mut total) = (0, 0);
    for _ in 0..300 {
        let a = make(r).encode_to_vec();
        // Everything prost writes is taken by the fast path.
        assert!(same_as_prost::<M>(&a), "declined: {a:?}");
        // Two messages in a row merge: fields replaced, messages merged, lists appended.
        let mut ab = a.clone();
        ab.extend_from_slice(&make(r).encode_to_vec());
        assert!(same_as_prost::<M>(&ab));
        for c in corruptions(r, &a) {
            taken += usize::from(same_as_prost::<M>(&c));
            total += 1;
        }
    }
    (taken, total)
}

#[test]
fn requests_decode_as_prost_decodes_them() {
    let mut r = Rng(0xDEC0_DE00_1234_5678);
    let (t1, n1) = check(&mut r, legal_moves_request);
    let (t2, n2) = check(&mut r, apply_action_request);
    // Corrupted input goes both ways: some is still valid and taken, some is declined.
    assert!(t1 > 0 && t1 < n1, "{t1} of {n1}");
    assert!(t2 > 0 && t2 < n2, "{t2} of {n2}");
}

#[test]
fn unusual_input_is_left_to_prost() {
    // A field this version does not know: prost skips it, the fast path declines.
    let mut b = pb::ApplyActionRequest {
        seat: Some(2),
        ..Default::default()
    }
    .encode_to_vec();
    b.extend_from_slice(&[0xf8, 0x01, 0x05]); // field 31, varint 5
    assert!(!same_as_prost::<pb::ApplyActionRequest>(&b));
    // An unpacked repeated field prost accepts; UTF-8 beyond ASCII; invalid UTF-8.
    let skiz = pb::GameRecord {
        variant: "skíz".to_owned(),
        ..Default::default()
    };
    let mut record = skiz.encode_to_vec();
    record.extend_from_slice(&[0x4a, 0x02, 0x10, 0x07]); // match_state { totals: 7 }
    let mut b = vec![0x0a, record.len() as u8];
    b.extend_from_slice(&record);
    assert!(same_as_prost::<pb::LegalMovesRequest>(&b));
    let m = decode::decode::<pb::LegalMovesRequest>(&b[..]).expect("valid");
    let Some(pb::legal_moves_request::State::Record(rec)) = m.state else {
        panic!("a record");
    };
    assert_eq!(rec.variant, "skíz");
    assert_eq!(rec.match_state.map(|s| s.totals), Some(vec![7]));
    let bad = [0x0a, 0x04, 0x0a, 0x02, 0xc3, 0x28]; // record { variant: invalid UTF-8 }
    assert!(!same_as_prost::<pb::LegalMovesRequest>(&bad));
    // Input in two chunks goes to prost, with the same result.
    let whole = pb::LegalMovesRequest {
        token: vec![1, 2, 3],
        ..Default::default()
    }
    .encode_to_vec();
    let (x, y) = whole.split_at(2);
    let chained = decode::decode::<pb::LegalMovesRequest>(x.chain(y)).expect("valid");
    assert_eq!(chained.token, [1, 2, 3]);
    // Other messages are not decoded here.
    assert!(decode::fast::<pb::GetViewRequest>(&[]).is_none());
    assert!(decode::fast::<pb::LegalMovesRequest>(&[]).is_some());
}
