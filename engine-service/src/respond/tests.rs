use super::*;
use prost::Message;
use tarock_engine::{DealBuilder, Variant};

/// Games of every variant at every stage: seeded deals and, for every third, the same cards
/// as an explicit deal, played at random and taken after about one action in three.
fn games() -> Vec<(Setup, Vec<Action>, AnyGame)> {
    let mut out = Vec::new();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut below = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for (i, &v) in Variant::ALL.iter().enumerate() {
        for n in 0..24u64 {
            let mut seed = [0u8; 32];
            seed[..8].copy_from_slice(&(n * 31 + i as u64).to_le_bytes());
            let seats = v.seat_counts()[0];
            let dealer = Seat::new((n % u64::from(seats)) as u8);
            let mut setup = Setup::seeded(v, seats, dealer, seed);
            let mut g = AnyGame::new(&setup).expect("a seeded deal");
            if n % 3 == 0 {
                let d = *g.deal();
                let mut b = DealBuilder::new();
                for s in Seat::all(seats) {
                    let cs: Vec<Card> = d.hands[s].into_iter().collect();
                    b = b.hand(s.get(), &cs);
                }
                setup.deal = DealSource::Explicit(b.talon(d.talon()));
                g = AnyGame::new(&setup).expect("the same cards, explicit");
            }
            let mut actions = Vec::new();
            out.push((setup.clone(), actions.clone(), g));
            while !g.is_over() {
                let legal = g.legal_actions();
                let a = legal[below(legal.len())];
                g.play_unchecked(a);
                actions.push(a);
                if below(3) == 0 || g.is_over() {
                    out.push((setup.clone(), actions.clone(), g));
                }
            }
        }
    }
    out
}

/// `bytes` decode as `M`, and prost writes that message back as exactly `bytes`: the
/// writer keeps prost's field order and leaves out what prost does.
fn canonical<M: Message + Default>(bytes: &[u8]) -> M {
    let m = M::decode(bytes).expect("the bytes decode");
    assert_eq!(m.encode_to_vec(), bytes, "prost writes the same bytes");
    m
}

#[test]
fn views_records_and_moves_are_what_prost_writes() {
    let mut seen_explicit = false;
    let mut hidden_seen = false;
    let m = pb::MatchState {
        deals_played: 3,
        totals: vec![5, -5, 0, 0],
        ..Default::default()
    };
    for (setup, actions, g) in games() {
        let mut viewers = vec![Viewer::Referee, Viewer::Spectator];
        viewers.extend(Seat::all(setup.seats).map(Viewer::Seat));
        for v in viewers {
            let pv: pb::GameView = canonical(&view_bytes(&g, &actions, &[], v));
            assert_eq!(pv.history.len(), actions.len());
            assert_eq!(pv.to_act, g.to_act().map(|s| u32::from(s.get())));
            // Told who made each action, or finding it out: the same view.
            let mut seats = Vec::new();
            AnyGame::replay_with(&setup, &actions, |s| seats.push(s)).expect("replays");
            assert_eq!(view_bytes(&g, &actions, &seats, v), pv.encode_to_vec());
            let r: pb::GetViewResponse =
                canonical(get_view_response(&g, &actions, &seats, v, None).bytes());
            assert_eq!(r.view.as_ref(), Some(&pv));
            // The entries kept with a replay, of all the actions or of the first ones, or
            // grown by one action, give the same view: hidden discards stay hidden.
            let n = actions.len();
            hidden_seen |= pv.history.iter().any(|e| {
                e.action
                    .as_ref()
                    .is_some_and(|a| a.card.is_none() && a.notation == "discard")
            });
            for k in [0, n / 2, n] {
                let kept = History::of(&actions[..k], &seats[..k]);
                let r = get_view_response(&g, &actions, &seats, v, Some(&kept));
                assert_eq!(
                    canonical::<pb::GetViewResponse>(r.bytes()).view,
                    Some(pv.clone())
                );
                if k > 0 {
                    let grown = History::of(&actions[..k - 1], &seats[..k - 1])
                        .and(seats[k - 1], actions[k - 1]);
                    assert_eq!(grown.bytes, kept.bytes);
                    assert_eq!(grown.discards, kept.discards);
                }
            }
        }
        for detail in [Detail::Full, Detail::Compact] {
            let bytes = record_bytes(&setup, &actions, &g, Some(&m), 7, detail);
            // A compact record writes a card index of 0, which prost leaves out (so that
            // every card takes the same room): it decodes to the same message.
            let r: pb::GameRecord = match detail {
                Detail::Full => canonical(&bytes),
                Detail::Compact => {
                    pb::GameRecord::decode(bytes.as_slice()).expect("the bytes decode")
                }
            };
            // The record reads back as the same hand.
            let d = convert::record_from_pb(&r).expect("the record decodes");
            assert_eq!(d.actions, actions);
            assert_eq!(d.match_state.as_ref(), Some(&m));
            assert_eq!(AnyGame::replay(&d.setup, &d.actions).ok(), Some(g));
            seen_explicit |= matches!(r.deal, Some(pb::game_record::Deal::ExplicitDeal(_)));
            let full = detail == Detail::Full;
            assert!(r.actions.iter().all(|a| a.notation.is_empty() != full));
        }
        for may_see in [true, false] {
            let lm: pb::LegalMovesResponse = canonical(legal_moves_response(&g, may_see).bytes());
            let expected = if may_see { g.legal_actions().len() } else { 0 };
            assert_eq!(lm.moves.len(), expected);
            assert_eq!(lm.game_over, g.is_over());
            // Each move as the prost message for it.
            for (wire, &a) in lm.moves.iter().zip(g.legal_actions().as_slice()) {
                assert_eq!(wire, &convert::legal_move(&g, a));
            }
        }
    }
    assert!(seen_explicit);
    assert!(hidden_seen, "some view hides a discard");
}

#[test]
fn responses_with_records_and_views_are_what_prost_writes() {
    let sealed = SealedDeal {
        sealed: pb::SealedRecord {
            data: vec![7; 40],
            move_count: 3,
        },
        seat_tokens: vec![vec![1; 8], Vec::new(), vec![3; 8]],
        table_token: vec![9; 8],
        seed_commitment: vec![4; 32],
    };
    for (setup, actions, g) in games().into_iter().step_by(7) {
        let m = pb::MatchState {
            deals_played: 1,
            totals: vec![-3; usize::from(setup.seats)],
            ..Default::default()
        };
        for (open, viewer) in [(true, Some(Viewer::Spectator)), (false, None)] {
            let hand = Hand {
                setup: &setup,
                actions: &actions,
                seats: &[],
                game: &g,
                match_state: Some(&m),
                open,
                viewer,
                history: None,
            };
            let s = (!open).then_some(&sealed);
            let r: pb::NewDealResponse = canonical(new_deal_response(&hand, s).bytes());
            assert_eq!(r.record.is_some(), open);
            assert_eq!(r.sealed.is_some(), !open);
            let r: pb::NextDealResponse =
                canonical(next_deal_response(Some(&hand), &[5, -5], 4, s).bytes());
            assert_eq!((r.multiplier, r.match_over), (4, false));
            if let Some(&last) = actions.last() {
                let before =
                    AnyGame::replay(&setup, &actions[..actions.len() - 1]).expect("replays");
                let (answer, at) =
                    apply_action_response(&hand, &before, last, None, s.map(|s| &s.sealed));
                let r: pb::ApplyActionResponse = canonical(answer.bytes());
                assert_eq!(r.record.is_some(), open);
                // Where the record is, its bytes are the record's.
                if let (Some(record), Some(at)) = (&r.record, at) {
                    assert_eq!(answer.bytes()[at.span].to_vec(), record.encode_to_vec());
                }
                // The record before, as the server wrote it, with the action added where
                // its actions end: the same answer.
                let mut b = Writer::default();
                let end = record(
                    &mut b,
                    &setup,
                    &actions[..actions.len() - 1],
                    &before,
                    Some(&m),
                    tarock_engine::RULES_VERSION,
                    Detail::Full,
                );
                let bytes = b.into_bytes();
                let written = Written {
                    bytes: &bytes,
                    actions_end: end,
                };
                let (again, _) = apply_action_response(
                    &hand,
                    &before,
                    last,
                    Some(written),
                    s.map(|s| &s.sealed),
                );
                assert_eq!(again.bytes(), answer.bytes());
            }
        }
    }
    let over: pb::NextDealResponse = canonical(next_deal_response(None, &[1, -1], 1, None).bytes());
    assert!(over.match_over && over.record.is_none() && over.view.is_none());
}
