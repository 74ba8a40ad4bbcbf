//! One module per RPC of `tarock.v1.EngineService`, each three steps: read the request, ask the
//! engine, write the response; the streams (`play`, `validate_games`) answer each message so; the searches
//! (`suggest_move`'s search bot, `solve_position`) run on the search threads. What several share (opening a request's game, checking who may
//! act or see what) is in [`crate::state`]; every status comes from [`crate::error`].

pub(crate) mod apply_action;
pub(crate) mod describe_encodings;
pub(crate) mod describe_rules;
pub(crate) mod get_view;
pub(crate) mod legal_moves;
pub(crate) mod list_variants;
pub(crate) mod new_deal;
pub(crate) mod next_deal;
pub(crate) mod play;
pub(crate) mod sample_worlds;
pub(crate) mod score;
pub(crate) mod solve_position;
pub(crate) mod suggest_move;
pub(crate) mod validate_game;
pub(crate) mod validate_games;
