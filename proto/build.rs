//! Compiles `tarock/v1/*.proto` without a system protoc: protox parses the files, prost and tonic
//! generate the types and stubs, pbjson generates the protobuf-JSON (serde) impls, and the encoded
//! descriptor set is kept for server reflection.

use prost::Message;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos = ["tarock/v1/engine.proto"];
    for p in &protos {
        println!("cargo:rerun-if-changed={p}");
    }
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    let fds = protox::compile(protos, ["."])?;
    let descriptor_path = out.join("tarock_descriptor.bin");
    let bytes = fds.encode_to_vec();
    std::fs::write(&descriptor_path, &bytes)?;

    let mut config = prost_build::Config::new();
    config
        .file_descriptor_set_path(&descriptor_path)
        .skip_protoc_run();
    tonic_prost_build::configure()
        .codec_path("crate::codec::TarockCodec")
        .compile_with_config(config, &protos, &["."])?;

    pbjson_build::Builder::new()
        .register_descriptors(&bytes)?
        .build(&[".tarock.v1"])?;
    Ok(())
}
