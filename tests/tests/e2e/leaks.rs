//! The differential leak test: nothing a viewer may not see changes what the service tells it.
//!
//! For every variant and table size, seeded deals are played to their end. At a point of each
//! deal, two cards that the viewer has not seen at any moment up to that point are swapped
//! everywhere: in the deal and in the actions (another seat's face-down discard of one becomes
//! a discard of the other). The swap is kept when the swapped record is still legal up to that
//! point and the facts the rules make public about hidden holdings (declared tarokk counts,
//! discarded tarokk counts, the Danish declarations) are unchanged. Then, at every position up
//! to that point, each answer the viewer can get must be byte-identical for the two games:
//! GetView, LegalMoves, SuggestMove with every bot (with the search bot's values of the
//! candidates), Score, ApplyAction (the line's own action, as a platform applies it and
//! forwards the viewer's view) and the errors of actions naming the swapped cards, with open
//! records and with sealed ones (whose bytes differ, but whose length may not).
//!
//! What a viewer has seen is what the engine's `Observe::visible` gives it (its hand, the
//! cards the rules show it) together with every card played to a trick: the test proves that
//! nothing the service derives (scores, errors, legal moves, bots' choices, histories, lengths)
//! says more than that.

use prost::Message;
use std::collections::BTreeSet;
use std::sync::Arc;
use tarock_e2e::Local;
use tarock_engine::game::{Game, Observe, Viewer};
use tarock_engine::shuffle::seed_from_u64;
use tarock_engine::{Action, AnyGame, Bot, Budget, Card, CardSet, Seat, Setup, Variant};
use tarock_proto::v1 as pb;
use tarock_service::convert::action_to_pb;
use tarock_service::seal::KeyRing;
use tarock_service::Engine;
use tonic::{Request, Response, Status};
use tonic_types::StatusExt;

/// Deals per variant and table size.
const DEALS: u64 = 200;

/// The search bot's budget here: a few worlds and no time bound, so that its answer (its
/// choice, and the values of the candidates over the worlds) depends only on what it is given.
const SEARCH: pb::SearchBudget = pb::SearchBudget {
    worlds: 4,
    time_ms: 0,
};

/// A deal played to its end: `games[t]` is the position after `actions[..t]`.
struct Line {
    setup: Setup,
    actions: Vec<Action>,
    games: Vec<AnyGame>,
}

impl Line {
    /// Deal `n` of `variant` at `seats` seats, played by the heuristic bot (even `n`) or the
    /// random one (odd `n`).
    fn play(variant: Variant, seats: u8, n: u64) -> Line {
        let setup = Setup::seeded(
            variant,
            seats,
            Seat::new((n % u64::from(seats)) as u8),
            seed_from_u64(n),
        );
        let bot = if n % 2 == 0 {
            Bot::Heuristic
        } else {
            Bot::Random
        };
        let mut g = AnyGame::new(&setup).expect("a seeded deal");
        let mut line = Line {
            setup,
            actions: Vec::new(),
            games: Vec::new(),
        };
        loop {
            line.games.push(g);
            let seed = n ^ (line.actions.len() as u64) << 20;
            let Some(a) = bot
                .choose(&g, &line.actions, seed, Budget::default())
                .expect("the line's actions lead to its game")
            else {
                break;
            };
            g = g.play(a).expect("a bot's action is legal");
            line.actions.push(a);
        }
        line
    }
}

/// Everything `viewer` may see in `g`: what `visible` shows it, and every card played.
fn seen(g: &AnyGame, viewer: Viewer) -> CardSet {
    let vis = g.visible(viewer);
    let mut s = vis.talon | g.current_trick().cards();
    for seat in Seat::all(g.table_info().seats) {
        s |= vis.hands[seat] | vis.discards[seat] | g.won(seat);
    }
    for t in g.tricks() {
        s |= t.cards();
    }
    s
}

/// The facts the rules make public about hidden holdings: a swap that changes them changes
/// what everyone knows, and is not a swap of unseen cards.
fn public_facts(g: &AnyGame) -> String {
    let mut out = String::new();
    for s in Seat::all(g.table_info().seats) {
        let melds = g.as_danish().and_then(|d| d.melds_of(s));
        out.push_str(&format!(
            "{:?} {:?} {:?};",
            g.declared_count(s),
            g.discarded_tarokks(s),
            melds
        ));
    }
    out
}

/// The card `c` with `a` and `b` exchanged.
fn swap_card(c: Card, a: Card, b: Card) -> Card {
    if c == a {
        b
    } else if c == b {
        a
    } else {
        c
    }
}

/// The action `x` with the cards `a` and `b` exchanged.
fn swap_action(x: Action, a: Card, b: Card) -> Action {
    match x {
        Action::Discard(c) => Action::Discard(swap_card(c, a, b)),
        Action::Call(c) => Action::Call(swap_card(c, a, b)),
        Action::Play(c) => Action::Play(swap_card(c, a, b)),
        other => other,
    }
}

/// The card an action names, if any.
fn card_of(x: Action) -> Option<Card> {
    match x {
        Action::Discard(c) | Action::Call(c) | Action::Play(c) => Some(c),
        _ => None,
    }
}

/// The explicit deal of `g` with `a` and `b` exchanged.
fn explicit_deal(g: &AnyGame, a: Card, b: Card) -> pb::ExplicitDeal {
    let card = |c: Card| pb::Card {
        index: u32::from(swap_card(c, a, b).index()),
        ..Default::default()
    };
    let deal = g.deal();
    pb::ExplicitDeal {
        hands: Seat::all(g.table_info().seats)
            .map(|s| pb::Hand {
                cards: deal.hands[s].into_iter().map(card).collect(),
            })
            .collect(),
        talon: deal.talon().iter().map(|&c| card(c)).collect(),
    }
}

/// Two games of one deal that differ only in two cards the viewer has not seen up to
/// position `last`.
struct Swap {
    a: Card,
    b: Card,
    /// The swapped deal's positions `0..=last`.
    games: Vec<AnyGame>,
    /// The swapped actions `..last`.
    actions: Vec<Action>,
}

/// A swap of two cards `viewer` has not seen up to position `last` of `line` that keeps the
/// record legal and the public facts unchanged, found among the candidates in an order drawn
/// from `n`; `None` when there is none.
fn find_swap(line: &Line, viewer: Viewer, last: usize, n: u64) -> Option<Swap> {
    let first = &line.games[0];
    let deal = first.deal();
    let mut pack = deal.talon_set();
    for s in Seat::all(first.table_info().seats) {
        pack |= deal.hands[s];
    }
    let mut hidden = pack;
    for g in &line.games[..=last] {
        hidden -= seen(g, viewer);
    }
    // A card named by any action other than a face-down discard is public.
    for &x in &line.actions[..last] {
        if let (Some(c), false) = (card_of(x), matches!(x, Action::Discard(_))) {
            hidden.remove(c);
        }
    }
    let hidden: Vec<Card> = hidden.into_iter().collect();
    let mut pairs: Vec<(Card, Card)> = Vec::new();
    for (i, &a) in hidden.iter().enumerate() {
        for &b in &hidden[i + 1..] {
            // Trumps for trumps, suit cards for suit cards: a tarokk count never changes.
            if a.suit().is_none() == b.suit().is_none() {
                pairs.push((a, b));
            }
        }
    }
    let mut rng = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..24 {
        if pairs.is_empty() {
            return None;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let (a, b) = pairs.swap_remove((rng % pairs.len() as u64) as usize);
        if let Some(s) = try_swap(line, last, a, b) {
            return Some(s);
        }
    }
    None
}

/// The swap of `a` and `b` in `line` up to `last`, when it changes the record, keeps it legal
/// and leaves the public facts as they were.
fn try_swap(line: &Line, last: usize, a: Card, b: Card) -> Option<Swap> {
    let actions: Vec<Action> = line.actions[..last]
        .iter()
        .map(|&x| swap_action(x, a, b))
        .collect();
    let first = &line.games[0];
    let deal = first.deal();
    let holder = |c: Card| Seat::all(first.table_info().seats).find(|&s| deal.hands[s].contains(c));
    if holder(a) == holder(b) && actions == line.actions[..last] {
        // The same cards in the same places and the same actions: nothing changed.
        return None;
    }
    let mut setup = line.setup.clone();
    setup.deal = tarock_service::convert::explicit_from_pb(&explicit_deal(first, a, b), "deal")
        .expect("a valid explicit deal");
    let mut g = AnyGame::new(&setup).ok()?;
    let mut games = vec![g];
    for &x in &actions {
        g = g.play(x).ok()?;
        games.push(g);
    }
    let same_facts = line.games[..=last]
        .iter()
        .zip(&games)
        .all(|(x, y)| public_facts(x) == public_facts(y) && x.to_act() == y.to_act());
    same_facts.then_some(Swap {
        a,
        b,
        games,
        actions,
    })
}

/// An answer reduced to what must match: the response's bytes, or the status's code, message
/// and details (the ErrorInfo metadata as a sorted map: a protobuf map's entries are in no
/// particular order on the wire).
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Ok(Vec<u8>),
    Err(tonic::Code, String, String),
}

fn answer<T: Message>(r: Result<Response<T>, Status>, strip: impl FnOnce(&mut T)) -> Answer {
    match r {
        Ok(r) => {
            let mut m = r.into_inner();
            strip(&mut m);
            Answer::Ok(m.encode_to_vec())
        }
        Err(s) => {
            let d = s.get_error_details();
            let info = d.error_info().map(|i| {
                let metadata: std::collections::BTreeMap<_, _> = i.metadata.iter().collect();
                format!("{} {} {metadata:?}", i.reason, i.domain)
            });
            let details = format!("{info:?} {:?}", d.bad_request());
            Answer::Err(s.code(), s.message().to_owned(), details)
        }
    }
}

fn keep<T>(_: &mut T) {}

fn viewer_pb(v: Viewer) -> pb::Viewer {
    match v {
        Viewer::Seat(s) => pb::Viewer {
            role: pb::ViewerRole::Seat as i32,
            seat: u32::from(s.get()),
        },
        Viewer::Spectator => pb::Viewer {
            role: pb::ViewerRole::Spectator as i32,
            seat: 0,
        },
        Viewer::Referee => pb::Viewer {
            role: pb::ViewerRole::Referee as i32,
            seat: 0,
        },
    }
}

/// One side of the comparison: a game's records (open, and sealed with its tokens) at every
/// position up to the swap's.
struct Side {
    open: Vec<pb::GameRecord>,
    sealed: Vec<pb::SealedRecord>,
    seat_tokens: Vec<Vec<u8>>,
    table_token: Vec<u8>,
    /// The actions, as applied at each position.
    actions: Vec<Action>,
    games: Vec<AnyGame>,
}

impl Side {
    /// Deals `deal` through the service, open and sealed, and applies `actions` to both.
    async fn new(
        engine: &Local,
        setup: &Setup,
        deal: pb::ExplicitDeal,
        actions: Vec<Action>,
        games: Vec<AnyGame>,
    ) -> Side {
        let mut open = pb::GameRecord {
            variant: setup.variant.id().to_owned(),
            seats: u32::from(setup.seats),
            dealer: u32::from(setup.dealer.get()),
            deal: Some(pb::game_record::Deal::ExplicitDeal(deal.clone())),
            ..Default::default()
        };
        let dealt = engine
            .new_deal(Request::new(pb::NewDealRequest {
                variant: open.variant.clone(),
                seats: open.seats,
                dealer: open.dealer,
                deal: Some(pb::new_deal_request::Deal::ExplicitDeal(deal)),
                sealed: true,
                ..Default::default()
            }))
            .await
            .expect("a sealed deal of chosen cards")
            .into_inner();
        let mut side = Side {
            open: vec![open.clone()],
            sealed: vec![dealt.sealed.expect("a sealed record")],
            seat_tokens: dealt.seat_tokens,
            table_token: dealt.table_token,
            actions,
            games,
        };
        for (t, &x) in side.actions.iter().enumerate() {
            open.actions.push(action_to_pb(x));
            side.open.push(open.clone());
            let next = engine
                .apply_action(Request::new(pb::ApplyActionRequest {
                    state: Some(pb::apply_action_request::State::Sealed(
                        side.sealed[t].clone(),
                    )),
                    action: Some(action_to_pb(x)),
                    token: side.table_token.clone(),
                    expected_move_count: Some(t as u64),
                    omit_view: true,
                    ..Default::default()
                }))
                .await
                .expect("the line's action applies")
                .into_inner();
            side.sealed.push(next.sealed.expect("a sealed record"));
        }
        side
    }

    fn token(&self, viewer: Viewer) -> Vec<u8> {
        match viewer {
            Viewer::Seat(s) => self.seat_tokens[usize::from(s.get())].clone(),
            Viewer::Spectator => Vec::new(),
            Viewer::Referee => self.table_token.clone(),
        }
    }
}

/// Every answer `viewer` can get at position `t` of `side`, in order, named.
async fn answers(
    engine: &Local,
    side: &Side,
    t: usize,
    viewer: Viewer,
    probes: &[Action],
) -> Vec<(String, Answer)> {
    let mut out = Vec::new();
    let g = &side.games[t];
    let own_turn = matches!(viewer, Viewer::Seat(s) if g.to_act() == Some(s));
    let open = || Some(side.open[t].clone());
    let sealed = || side.sealed[t].clone();
    let token = side.token(viewer);
    let strip_apply = |r: &mut pb::ApplyActionResponse| {
        r.record = None;
        if let Some(s) = &mut r.sealed {
            // The sealed bytes differ; their length may not.
            s.data = vec![0; s.data.len()];
        }
    };
    out.push((
        "sealed record length".to_owned(),
        Answer::Ok(vec![0; side.sealed[t].data.len()]),
    ));

    // Open records: what a platform forwards to the viewer.
    let view = engine
        .get_view(Request::new(pb::GetViewRequest {
            state: open().map(pb::get_view_request::State::Record),
            viewer: Some(viewer_pb(viewer)),
            ..Default::default()
        }))
        .await;
    out.push(("open GetView".to_owned(), answer(view, keep)));
    let score = engine
        .score(Request::new(pb::ScoreRequest {
            state: open().map(pb::score_request::State::Record),
        }))
        .await;
    out.push(("open Score".to_owned(), answer(score, keep)));
    if own_turn {
        let lm = engine
            .legal_moves(Request::new(pb::LegalMovesRequest {
                state: open().map(pb::legal_moves_request::State::Record),
                token: Vec::new(),
                encodings: None,
            }))
            .await;
        out.push(("open LegalMoves".to_owned(), answer(lm, keep)));
        for bot in ["random", "heuristic", "search"] {
            let s = engine
                .suggest_move(Request::new(pb::SuggestMoveRequest {
                    state: open().map(pb::suggest_move_request::State::Record),
                    bot: bot.to_owned(),
                    seed: t as u64,
                    budget: Some(SEARCH),
                    ..Default::default()
                }))
                .await;
            out.push((format!("open SuggestMove {bot}"), answer(s, keep)));
        }
        for &x in probes {
            let r = engine
                .apply_action(Request::new(pb::ApplyActionRequest {
                    state: open().map(pb::apply_action_request::State::Record),
                    action: Some(action_to_pb(x)),
                    viewer: Some(viewer_pb(viewer)),
                    ..Default::default()
                }))
                .await;
            out.push((format!("open ApplyAction {x}"), answer(r, strip_apply)));
        }
    }
    if let Some(&x) = side.actions.get(t) {
        let r = engine
            .apply_action(Request::new(pb::ApplyActionRequest {
                state: open().map(pb::apply_action_request::State::Record),
                action: Some(action_to_pb(x)),
                viewer: Some(viewer_pb(viewer)),
                ..Default::default()
            }))
            .await;
        out.push((
            "open ApplyAction (the line)".to_owned(),
            answer(r, strip_apply),
        ));
    }

    // Sealed records: what the viewer asks with its own token.
    let view = engine
        .get_view(Request::new(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Sealed(sealed())),
            token: token.clone(),
            ..Default::default()
        }))
        .await;
    out.push(("sealed GetView".to_owned(), answer(view, keep)));
    let score = engine
        .score(Request::new(pb::ScoreRequest {
            state: Some(pb::score_request::State::Sealed(sealed())),
        }))
        .await;
    out.push(("sealed Score".to_owned(), answer(score, keep)));
    let lm = engine
        .legal_moves(Request::new(pb::LegalMovesRequest {
            state: Some(pb::legal_moves_request::State::Sealed(sealed())),
            token: token.clone(),
            encodings: None,
        }))
        .await;
    out.push(("sealed LegalMoves".to_owned(), answer(lm, keep)));
    for bot in ["random", "heuristic", "search"] {
        let s = engine
            .suggest_move(Request::new(pb::SuggestMoveRequest {
                state: Some(pb::suggest_move_request::State::Sealed(sealed())),
                bot: bot.to_owned(),
                seed: t as u64,
                token: token.clone(),
                budget: Some(SEARCH),
                ..Default::default()
            }))
            .await;
        out.push((format!("sealed SuggestMove {bot}"), answer(s, keep)));
    }
    let mut tried: Vec<Action> = probes.to_vec();
    if own_turn {
        if let Some(&x) = side.actions.get(t) {
            tried.push(x);
        }
    }
    for x in tried {
        let r = engine
            .apply_action(Request::new(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Sealed(sealed())),
                action: Some(action_to_pb(x)),
                token: token.clone(),
                expected_move_count: Some(t as u64),
                ..Default::default()
            }))
            .await;
        out.push((format!("sealed ApplyAction {x}"), answer(r, strip_apply)));
    }
    // The platform applies the line's action with the table token and forwards the viewer's
    // view.
    if let Some(&x) = side.actions.get(t) {
        let r = engine
            .apply_action(Request::new(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Sealed(sealed())),
                action: Some(action_to_pb(x)),
                token: side.table_token.clone(),
                viewer: Some(viewer_pb(viewer)),
                expected_move_count: Some(t as u64),
                ..Default::default()
            }))
            .await;
        out.push((
            "sealed ApplyAction (the line, table token)".to_owned(),
            answer(r, strip_apply),
        ));
    }
    out
}

/// The positions compared in a line that reaches `last`: the first, the last, and a few drawn
/// from `n` (every position is stepped through to build the sealed records).
fn positions(last: usize, n: u64) -> BTreeSet<usize> {
    let mut out = BTreeSet::from([0, last]);
    let mut x = n.wrapping_mul(0xD134_2543_DE82_EF95) | 1;
    for _ in 0..4 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.insert((x % (last as u64 + 1)) as usize);
    }
    out
}

/// The leak test over `DEALS` deals of `variant` at `seats` seats.
async fn no_leaks(variant: Variant, seats: u8) {
    let ring = KeyRing::new(vec![("k".to_owned(), [7; 32])], "k").expect("a key ring");
    let engine = Local(Engine::with_keys(Some(Arc::new(ring)), false).allowing_chosen_deals(true));
    let mut compared = 0usize;
    let mut viewers = BTreeSet::new();
    let mut phases = BTreeSet::new();
    for n in 0..DEALS {
        let line = Line::play(variant, seats, n);
        let viewer = if n % 5 == 4 {
            Viewer::Spectator
        } else {
            Viewer::Seat(Seat::new((n % u64::from(seats)) as u8))
        };
        // A position before the end, drawn from the deal's number.
        let len = line.actions.len();
        let last = ((n.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 7) % len as u64) as usize;
        let Some(swap) = find_swap(&line, viewer, last, n) else {
            continue;
        };
        let first = &line.games[0];
        let original = Side::new(
            &engine,
            &line.setup,
            explicit_deal(first, swap.a, swap.a),
            line.actions[..last].to_vec(),
            line.games[..=last].to_vec(),
        )
        .await;
        let swapped = Side::new(
            &engine,
            &line.setup,
            explicit_deal(first, swap.a, swap.b),
            swap.actions,
            swap.games,
        )
        .await;
        let probes = [
            Action::Play(swap.a),
            Action::Play(swap.b),
            Action::Discard(swap.a),
            Action::Discard(swap.b),
            Action::Call(swap.a),
            Action::Call(swap.b),
        ];
        for t in positions(last, n) {
            let x = answers(&engine, &original, t, viewer, &probes).await;
            let y = answers(&engine, &swapped, t, viewer, &probes).await;
            assert_eq!(x.len(), y.len());
            for ((what, p), (_, q)) in x.iter().zip(&y) {
                assert!(
                    p == q,
                    "{variant} at {seats} seats, deal {n}, {viewer:?}, position {t}: {what} \
                     differs when {} and {} are swapped\n{p:?}\n{q:?}",
                    swap.a,
                    swap.b
                );
            }
            compared += 1;
            phases.insert(format!("{:?}", line.games[t].stage()));
        }
        viewers.insert(format!("{viewer:?}"));
    }
    assert!(
        compared > DEALS as usize,
        "{variant} at {seats} seats: only {compared} positions compared"
    );
    assert!(viewers.contains("Spectator"), "{viewers:?}");
    assert!(phases.contains("Play"), "{variant}: {phases:?}");
}

#[tokio::test]
async fn illustrated_4() {
    no_leaks(Variant::HungarianIllustrated, 4).await;
}

#[tokio::test]
async fn illustrated_5() {
    no_leaks(Variant::HungarianIllustrated, 5).await;
}

#[tokio::test]
async fn paskievics_4() {
    no_leaks(Variant::HungarianPaskievics, 4).await;
}

#[tokio::test]
async fn paskievics_5() {
    no_leaks(Variant::HungarianPaskievics, 5).await;
}

#[tokio::test]
async fn high_4() {
    no_leaks(Variant::HungarianHigh, 4).await;
}

#[tokio::test]
async fn high_5() {
    no_leaks(Variant::HungarianHigh, 5).await;
}

#[tokio::test]
async fn polish_4() {
    no_leaks(Variant::PolishKrolami, 4).await;
}

#[tokio::test]
async fn austrian_3() {
    no_leaks(Variant::AustrianIllustrated, 3).await;
}

#[tokio::test]
async fn danish_3() {
    no_leaks(Variant::DanishTarok, 3).await;
}

#[tokio::test]
async fn danish_4() {
    no_leaks(Variant::DanishTarok, 4).await;
}

#[tokio::test]
async fn slovenian_3() {
    no_leaks(Variant::SlovenianTarok, 3).await;
}

#[tokio::test]
async fn slovenian_4() {
    no_leaks(Variant::SlovenianTarok, 4).await;
}

#[tokio::test]
async fn slovenian_5() {
    no_leaks(Variant::SlovenianTarok, 5).await;
}
