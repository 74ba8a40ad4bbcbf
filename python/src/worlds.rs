//! `State.sample_worlds`: complete hands consistent with what one seat knows, from the engine's
//! sampler ([`tarock_engine::worlds::Worlds`]).

use crate::state::State;
use crate::TarockError;
use pyo3::prelude::*;
use tarock_engine::game::Observe;
use tarock_engine::{Card, DealBuilder, DealRng, DealSource, Seat, Setup, Worlds};

/// Most worlds one call draws.
pub(crate) const MAX_WORLDS: usize = 100_000;

/// `n` worlds for `seat` of `state`, drawn with the generator seeded by `seed`: each a state
/// dealt explicitly, with the state's actions (a hidden discard replaced by the world's own).
pub(crate) fn sample(state: &State, seat: Seat, n: usize, seed: [u8; 32]) -> PyResult<Vec<State>> {
    if n == 0 || n > MAX_WORLDS {
        return Err(TarockError::new_err(format!(
            "the number of worlds is 1 to {MAX_WORLDS}, not {n}"
        )));
    }
    let mut worlds = Worlds::new(&state.game, &state.actions, seat)
        .map_err(|e| TarockError::new_err(format!("no worlds for seat {seat}: {e}")))?;
    let mut rng = DealRng::from_seed(seed);
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let world = worlds
            .sample(&mut rng)
            .map_err(|e| TarockError::new_err(format!("no world for seat {seat}: {e}")))?;
        let dealt = worlds.game_of(&world);
        let game = dealt
            .replay_from(&world.actions, |_| {})
            .map_err(|e| TarockError::new_err(format!("a sampled world does not replay: {e}")))?;
        let deal = dealt.deal();
        let mut builder = DealBuilder::new();
        for s in Seat::all(state.setup.seats) {
            let cards: Vec<Card> = deal.hands[s].into_iter().collect();
            builder = builder.hand(s.get(), &cards);
        }
        builder = builder.talon(deal.talon());
        let setup = Setup {
            deal: DealSource::Explicit(builder),
            ..state.setup.clone()
        };
        out.push(State::new(
            game,
            setup,
            world.actions,
            state.match_state.clone(),
            state.multiplier,
        ));
    }
    Ok(out)
}
