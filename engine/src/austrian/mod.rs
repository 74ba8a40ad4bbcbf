//! Austrian Illustrated Tarock (Illustriertes Dreiertarock): three players, 54 cards, a soloist
//! against two, after Beck's rules with the Graz variants.

pub mod bot;
pub mod game;
pub mod ids;
pub mod options;
pub mod score;
pub mod session;
pub mod words;

pub use game::{Austrian, Phase, Won};
pub use options::AustrianOptions;
