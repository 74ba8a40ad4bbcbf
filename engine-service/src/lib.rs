//! The tarock rules engine as a stateless gRPC service.
//!
//! The only crate that knows both the engine and protobuf: [`convert`] maps between them,
//! [`error`] maps failures to gRPC statuses, [`service`] holds the handlers, [`server`] runs them
//! with health, reflection, gRPC-Web, limits and a graceful shutdown, and [`metrics`] counts
//! requests for Prometheus.

pub mod convert;
pub mod dealt;
pub mod error;
mod kept;
pub mod layers;
pub mod metrics;
mod replays;
pub mod respond;
pub mod routes;
pub mod seal;
pub mod server;
pub mod service;
pub mod telemetry;

pub use server::{run, Config, ServerError};
pub use service::Engine;
