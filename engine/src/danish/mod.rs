//! Danish Tarok: three active players (a fourth sits out), the 78-card pack with the fool as
//! an excuse, no bidding, compulsory declarations, and payments made during play and into two
//! pots.

pub mod bot;
pub mod game;
pub mod ids;
pub mod options;
pub mod score;
pub mod session;
pub mod words;

pub use game::{Danish, Grade, Meld, Phase};
pub use options::DanishOptions;
