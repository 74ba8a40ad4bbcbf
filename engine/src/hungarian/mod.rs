//! Hungarian tarokk: Illustrated (Palatinus), Paskievics and High tarokk, 4 or 5 players.

pub mod bot;
pub mod game;
pub mod ids;
pub mod matchplay;
pub mod options;
pub mod score;
pub mod session;

pub use game::{Hungarian, Phase};
pub use matchplay::{MatchContext, MatchError, MatchKind, Session};
pub use options::HungarianOptions;
