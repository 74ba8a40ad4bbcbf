//! The requests of the service benchmarks (`loadgen` over gRPC, `handlers` in process): records
//! of games in progress and the `LegalMoves` and `ApplyAction` requests on them, open and sealed.
//!
//! A sealed record cannot be made by the client: it is dealt by `NewDeal` with `sealed` set and
//! advanced by `ApplyAction` with the table token, one action at a time, until it holds the same
//! actions as the open record. [`new_deal_request`] and [`table_step_request`] are those steps;
//! [`sealed_apply_action_request`] is then the measured request, as a hosted client sends it:
//! the acting seat's token and the move count it expects.

use crate::{random_deal, setup, Policy, Rng, RECORD_VARIANTS};
use prost::Message;
use tarock_engine::game::Game;
use tarock_engine::{Action, AnyGame, DealSource, Seat, Setup, RULES_VERSION};
use tarock_proto::v1 as pb;
use tarock_service::convert;

/// A game in progress: the record so far and the action the seat to act played next.
#[derive(Clone, Debug)]
pub struct InProgress {
    /// The deal's setup (seeded, default options, the variant's usual table).
    pub setup: Setup,
    /// The actions of the record.
    pub actions: Vec<Action>,
    /// The action played next in the deal.
    pub next: Action,
    /// The seat to act (who plays `next`).
    pub seat: Seat,
}

/// The `i`-th deal of a set (the variants in turn, seed `seeds + i`), played to its end under
/// [`Policy::Realistic`].
fn realistic_deal(i: usize, seeds: u64, rng: &mut Rng) -> (Setup, Vec<Action>) {
    let s = setup(RECORD_VARIANTS[i % RECORD_VARIANTS.len()], seeds + i as u64);
    let (_, actions) = random_deal(&s, Policy::Realistic, rng);
    (s, actions)
}

/// `n` games in progress, every variant in turn, each stopped at a random point of a seeded
/// deal played under [`Policy::Realistic`] (a few dozen actions on average). Deterministic: the
/// same `n` gives the same games.
///
/// # Panics
/// If the engine's own random play gives a record that does not replay (an engine bug).
#[must_use]
pub fn in_progress(n: usize) -> Vec<InProgress> {
    let mut rng = Rng::new(0x10AD);
    (0..n)
        .map(|i| {
            let (s, mut actions) = realistic_deal(i, 0, &mut rng);
            // A game in progress: some seat is to act after the first `k` actions.
            let k = rng.below(actions.len());
            let game = AnyGame::replay(&s, &actions[..k]).expect("a played record replays");
            let seat = game.to_act().expect("the game is in progress");
            let next = actions[k];
            actions.truncate(k);
            InProgress {
                setup: s,
                actions,
                next,
                seat,
            }
        })
        .collect()
}

/// A complete seeded deal, as a table plays it through the service.
#[derive(Clone, Debug)]
pub struct Played {
    /// The deal's setup.
    pub setup: Setup,
    /// Its actions, and the seat that made each.
    pub actions: Vec<(Action, Seat)>,
}

/// A played deal's `ApplyAction` requests, encoded: the first's state field (the record before
/// any action, key and length included), and for each action in turn the request's other
/// fields. A table sends each step after the state its last answer returned.
pub type Steps = (Vec<u8>, Vec<Vec<u8>>);

impl Played {
    /// The requests on the open record: the action, the acting seat and that seat's view.
    #[must_use]
    pub fn open(&self) -> Steps {
        let game = AnyGame::new(&self.setup).expect("a seeded setup deals");
        let record = convert::record_with_deal(&self.setup, &[], &game, None, RULES_VERSION)
            .expect("the writer writes records prost reads");
        self.steps(
            pb::apply_action_request::State::Record(record),
            |_, _, step| step,
        )
    }

    /// The requests on the sealed record `NewDeal` dealt, with its seats' tokens: each step
    /// also carries the acting seat's token and the move count the client expects.
    #[must_use]
    pub fn sealed(&self, dealt: pb::SealedRecord, seat_tokens: &[Vec<u8>]) -> Steps {
        self.steps(
            pb::apply_action_request::State::Sealed(dealt),
            |k, seat, step| pb::ApplyActionRequest {
                token: seat_tokens
                    .get(usize::from(seat.get()))
                    .cloned()
                    .unwrap_or_default(),
                expected_move_count: Some(k as u64),
                ..step
            },
        )
    }

    /// The first request's `state`, and each step: what `each` makes of the `k`-th action's
    /// [`step`], given its seat.
    fn steps(
        &self,
        state: pb::apply_action_request::State,
        each: impl Fn(usize, Seat, pb::ApplyActionRequest) -> pb::ApplyActionRequest,
    ) -> Steps {
        let first = pb::ApplyActionRequest {
            state: Some(state),
            ..Default::default()
        }
        .encode_to_vec();
        let steps = self
            .actions
            .iter()
            .enumerate()
            .map(|(k, &(a, seat))| each(k, seat, step(a, seat)).encode_to_vec())
            .collect();
        (first, steps)
    }
}

/// `n` complete deals, every variant in turn, played under [`Policy::Realistic`] from seeds of
/// their own. Deterministic: the same `n` gives the same deals.
///
/// # Panics
/// If the engine's own random play stops with no seat to act (an engine bug).
#[must_use]
pub fn played(n: usize) -> Vec<Played> {
    let mut rng = Rng::new(0x91A7);
    (0..n)
        .map(|i| {
            let (setup, actions) = realistic_deal(i, 1 << 32, &mut rng);
            let mut g = AnyGame::new(&setup).expect("a seeded setup deals");
            let actions = actions
                .iter()
                .map(|&a| {
                    let seat = g.to_act().expect("someone is to act");
                    g.play_unchecked(a);
                    (a, seat)
                })
                .collect();
            Played { setup, actions }
        })
        .collect()
}

/// An `ApplyAction` request's fields that send `a` by `seat`, with that seat's view (no state).
fn step(a: Action, seat: Seat) -> pb::ApplyActionRequest {
    pb::ApplyActionRequest {
        action: Some(convert::action_to_pb(a)),
        viewer: Some(seat_viewer(seat)),
        seat: Some(u32::from(seat.get())),
        ..Default::default()
    }
}

fn seat_viewer(seat: Seat) -> pb::Viewer {
    pb::Viewer {
        role: pb::ViewerRole::Seat as i32,
        seat: u32::from(seat.get()),
    }
}

/// The open record of `p`.
///
/// # Panics
/// If the record does not replay (an engine bug).
#[must_use]
pub fn record(p: &InProgress) -> pb::GameRecord {
    let game = AnyGame::replay(&p.setup, &p.actions).expect("a played record replays");
    convert::record_with_deal(&p.setup, &p.actions, &game, None, RULES_VERSION)
        .expect("the writer writes records prost reads")
}

/// `LegalMoves` on the open record.
#[must_use]
pub fn legal_moves_request(p: &InProgress) -> pb::LegalMovesRequest {
    pb::LegalMovesRequest {
        state: Some(pb::legal_moves_request::State::Record(record(p))),
        ..Default::default()
    }
}

/// `ApplyAction` on the open record with the next action, the acting seat and its view.
#[must_use]
pub fn apply_action_request(p: &InProgress) -> pb::ApplyActionRequest {
    pb::ApplyActionRequest {
        state: Some(pb::apply_action_request::State::Record(record(p))),
        ..step(p.next, p.seat)
    }
}

/// `NewDeal` of `setup`'s deal (its variant, seats, dealer and seed), sealed or open.
#[must_use]
pub fn new_deal_request(setup: &Setup, sealed: bool) -> pb::NewDealRequest {
    let deal = match &setup.deal {
        DealSource::Seed(s) => Some(pb::new_deal_request::Deal::Seed(s.to_vec())),
        DealSource::Explicit(_) => None,
    };
    pb::NewDealRequest {
        variant: setup.variant.id().to_owned(),
        seats: u32::from(setup.seats),
        dealer: u32::from(setup.dealer.get()),
        deal,
        sealed,
        ..Default::default()
    }
}

/// One step of building `p`'s sealed record: its `index`-th action applied to `sealed` (which
/// holds the actions before it) with the table token.
#[must_use]
pub fn table_step_request(
    p: &InProgress,
    index: usize,
    sealed: pb::SealedRecord,
    table_token: &[u8],
) -> pb::ApplyActionRequest {
    pb::ApplyActionRequest {
        state: Some(pb::apply_action_request::State::Sealed(sealed)),
        action: Some(convert::action_to_pb(p.actions[index])),
        token: table_token.to_vec(),
        expected_move_count: Some(index as u64),
        ..Default::default()
    }
}

/// `ApplyAction` on `p`'s sealed record with the next action, sent as a hosted client sends it:
/// the acting seat's token, the seat, its view and the move count the client expects.
#[must_use]
pub fn sealed_apply_action_request(
    p: &InProgress,
    sealed: pb::SealedRecord,
    seat_token: &[u8],
) -> pb::ApplyActionRequest {
    pb::ApplyActionRequest {
        state: Some(pb::apply_action_request::State::Sealed(sealed)),
        token: seat_token.to_vec(),
        expected_move_count: Some(p.actions.len() as u64),
        ..step(p.next, p.seat)
    }
}
