//! The tarock rules engine as a stateless gRPC service.
//!
//! The only crate that knows both the engine and protobuf. A request goes through
//! [`server`] (health, reflection, gRPC-Web, limits, the byte budget and error details of
//! [`layers`], a graceful shutdown) and [`metrics`] (a span and counters per RPC) to
//! [`service`], which hands it to its module in `rpc`: [`state`] opens its game (kept replays
//! in [`replays`], deals in [`dealt`], seals in [`seal`]), [`convert`] reads the wire's types
//! into the engine's, [`respond`] writes records and views, and [`error`] makes every status.
//! [`web`] serves a built web app's files on the same port.

pub mod convert;
pub mod dealt;
mod encodings;
pub mod error;
pub mod layers;
pub mod metrics;
mod replays;
pub mod respond;
mod rpc;
pub mod seal;
pub mod server;
pub mod service;
mod state;
mod streams;
pub mod telemetry;
pub mod web;

pub use server::{run, Config, ServerError};
pub use service::{Engine, Limits};
