//! Polish Taroki z królami (Kozy): four players, 54 cards, the partner chosen by calling a king.

pub mod bot;
pub mod game;
pub mod ids;
pub mod options;
pub mod score;
pub mod session;
pub mod words;

pub use game::{Phase, Polish};
pub use options::PolishOptions;
