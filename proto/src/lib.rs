//! The `tarock.v1` gRPC API, generated from `proto/tarock/v1/*.proto`.
//!
//! Knows nothing of the engine: these are the wire types, the `EngineService` client, their
//! protobuf-JSON (serde) implementations, and the encoded file descriptor set for server
//! reflection; and, for the server, the same service with its requests read lazily and its
//! records and views written by the server ([`server`], [`lazy`], [`codec::Encoded`]), and
//! every field number as a constant ([`fields`]). All of it is generated from the one
//! descriptor set the build compiles (see `build.rs`).

pub mod codec;

/// Package `tarock.v1`: the messages and the client.
#[allow(missing_docs, unreachable_pub, clippy::all, clippy::pedantic)]
pub mod v1 {
    // Generated code: the lints above are relaxed because prost and pbjson decide its shape.
    tonic::include_proto!("tarock.v1");
    include!(concat!(env!("OUT_DIR"), "/tarock.v1.serde.rs"));
}

/// The requests that carry a game's state, as the server reads them: the same messages as in
/// [`v1`], their open `record` left as the bytes it came as (a `bytes` field of the same number
/// and wire type), so that the server can find a record's replay by its bytes before decoding
/// it. A client never sees these.
#[allow(missing_docs, unreachable_pub, clippy::all, clippy::pedantic)]
pub mod lazy {
    // Generated code: see `v1`.
    include!(concat!(env!("OUT_DIR"), "/lazy/tarock.lazy.v1.rs"));
}

/// The `EngineService` as the server implements it: the requests of [`lazy`] where they carry
/// a state, and the responses with records and views as [`codec::Encoded`] bytes.
#[allow(missing_docs, unreachable_pub, clippy::all, clippy::pedantic)]
pub mod server {
    // Generated code: see `v1`.
    include!(concat!(env!("OUT_DIR"), "/server/tarock.v1.rs"));
}

/// Every message's field numbers, as constants (`fields::game_view::SEAT_VIEWS`), for the
/// server's writer of records and views.
#[allow(missing_docs)]
pub mod fields {
    // Generated from the descriptor set: see `build.rs`.
    include!(concat!(env!("OUT_DIR"), "/fields.rs"));
}

/// The encoded `FileDescriptorSet` of the API, for gRPC server reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/tarock_descriptor.bin"));
