//! End-to-end tests: a real server on loopback and the generated clients, in one test binary
//! (one link of the service instead of one per file).

mod bots;
mod encodings;
mod fuzz;
mod hardening;
mod leaks;
mod malformed;
mod matches;
mod rules;
mod sealed;
mod service;
mod solve;
mod streams;
mod web_dir;
mod worlds;
