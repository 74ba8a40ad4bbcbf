//! The match layer at its earlier path: the session is [`crate::session`], and the Hungarian
//! rules of it are [`super::session`].

pub use super::session::skiz_holder;
pub use crate::session::{MatchContext, MatchError, MatchKind, Session, MAX_DOUBLED_ROUNDS};
