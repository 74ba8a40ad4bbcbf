//! The `tarock.v1` gRPC API, generated from `proto/tarock/v1/*.proto`.
//!
//! Knows nothing of the engine: these are the wire types, the `EngineService` client and
//! server stubs, their protobuf-JSON (serde) implementations, and the encoded file descriptor
//! set for server reflection.

pub mod codec;
pub mod decode;
pub mod wire;

/// Package `tarock.v1`.
#[allow(missing_docs, unreachable_pub, clippy::all, clippy::pedantic)]
pub mod v1 {
    // Generated code: the lints above are relaxed because prost and pbjson decide its shape.
    tonic::include_proto!("tarock.v1");
    include!(concat!(env!("OUT_DIR"), "/tarock.v1.serde.rs"));
}

/// The encoded `FileDescriptorSet` of the API, for gRPC server reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/tarock_descriptor.bin"));
