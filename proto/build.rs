//! Compiles `tarock/v1/*.proto` without a system protoc: protox parses the files, prost and tonic
//! generate the types and stubs, pbjson generates the protobuf-JSON (serde) impls, and the encoded
//! descriptor set is kept for server reflection. Everything else is derived from that one
//! descriptor set, so that nothing in the crate describes a message a second time:
//!
//! - `v1`: the messages, their JSON and the client (what every client uses);
//! - `lazy`: each request that carries a game's state, with its open record left as bytes (the
//!   same field number and wire type, read as a `bytes` field), so that the server can look a
//!   record's replay up by its bytes before it decodes anything;
//! - `server`: the service as the server implements it, taking the lazy requests and answering
//!   the responses with records and views as bytes the server wrote (`codec::Encoded`);
//! - `fields`: every message's field numbers as constants, for the server's one writer.

use prost::Message;
use prost_types::field_descriptor_proto::Type;
use prost_types::{DescriptorProto, FileDescriptorProto, FileDescriptorSet};
use std::fmt::Write;
use std::path::PathBuf;

/// The package of the API.
const PACKAGE: &str = "tarock.v1";
/// The package of the lazy requests (not under `tarock.v1`, which is mapped as a whole).
const LAZY_PACKAGE: &str = "tarock.lazy.v1";
/// The field of a request's `state` that is left as bytes, and its message type.
const LAZY_FIELD: (&str, &str) = ("record", ".tarock.v1.GameRecord");
/// The responses the server writes itself (records, views, and the columns of a Play stream's
/// answers), by RPC response type.
const ENCODED: [&str; 6] = [
    "LegalMovesResponse",
    "ApplyActionResponse",
    "GetViewResponse",
    "NewDealResponse",
    "NextDealResponse",
    "PlayResponse",
];

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

    // The messages and the client.
    let mut config = prost_build::Config::new();
    config
        .file_descriptor_set_path(&descriptor_path)
        .skip_protoc_run();
    tonic_prost_build::configure()
        .build_server(false)
        .codec_path("crate::codec::TarockCodec")
        .compile_with_config(config, &protos, &["."])?;
    pbjson_build::Builder::new()
        .register_descriptors(&bytes)?
        .build(&[".tarock.v1"])?;

    // The lazy requests.
    let (lazy, requests) = lazy_file(&fds);
    let lazy_dir = out.join("lazy");
    std::fs::create_dir_all(&lazy_dir)?;
    let mut config = prost_build::Config::new();
    config
        .out_dir(&lazy_dir)
        .extern_path(format!(".{PACKAGE}"), "crate::v1")
        .bytes(["."]);
    let mut set = fds.clone();
    set.file.push(lazy);
    config.compile_fds(set)?;

    // The service as the server implements it.
    let server_dir = out.join("server");
    std::fs::create_dir_all(&server_dir)?;
    let mut server = tonic_prost_build::configure()
        .build_client(false)
        .build_server(true)
        .out_dir(&server_dir)
        .codec_path("crate::codec::TarockCodec")
        .extern_path(format!(".{PACKAGE}"), "crate::v1");
    for r in &requests {
        server = server.extern_path(format!(".{PACKAGE}.{r}"), format!("crate::lazy::{r}"));
    }
    for r in ENCODED {
        server = server.extern_path(
            format!(".{PACKAGE}.{r}"),
            format!("crate::codec::Encoded<crate::v1::{r}>"),
        );
    }
    server.compile_fds(fds.clone())?;

    std::fs::write(out.join("fields.rs"), fields(&fds))?;
    Ok(())
}

/// The API's file.
fn api(fds: &FileDescriptorSet) -> &FileDescriptorProto {
    fds.file
        .iter()
        .find(|f| f.package() == PACKAGE)
        .expect("the API's file is in the set")
}

/// The file of the lazy requests, and their names: every message with the field
/// [`LAZY_FIELD`], that field made `bytes`.
fn lazy_file(fds: &FileDescriptorSet) -> (FileDescriptorProto, Vec<String>) {
    let api = api(fds);
    let mut messages: Vec<DescriptorProto> = Vec::new();
    for m in &api.message_type {
        let lazy = m
            .field
            .iter()
            .any(|f| f.name() == LAZY_FIELD.0 && f.type_name() == LAZY_FIELD.1);
        if !lazy || !m.name().ends_with("Request") {
            continue;
        }
        let mut m = m.clone();
        for f in &mut m.field {
            if f.name() == LAZY_FIELD.0 && f.type_name() == LAZY_FIELD.1 {
                f.set_type(Type::Bytes);
                f.type_name = None;
            }
        }
        messages.push(m);
    }
    let names = messages.iter().map(|m| m.name().to_owned()).collect();
    let file = FileDescriptorProto {
        name: Some("tarock/lazy/v1/lazy.proto".to_owned()),
        package: Some(LAZY_PACKAGE.to_owned()),
        dependency: vec![api.name().to_owned()],
        message_type: messages,
        syntax: Some("proto3".to_owned()),
        ..FileDescriptorProto::default()
    };
    (file, names)
}

/// `CamelCase` as `snake_case`.
fn snake(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A module per message of the API, a constant per field: its number.
fn fields(fds: &FileDescriptorSet) -> String {
    let mut out = String::new();
    for m in &api(fds).message_type {
        let _ = writeln!(out, "/// The field numbers of `{}`.", m.name());
        let _ = writeln!(out, "pub mod {} {{", snake(m.name()));
        for f in &m.field {
            let _ = writeln!(out, "    /// `{}`.", f.name());
            let _ = writeln!(
                out,
                "    pub const {}: u32 = {};",
                f.name().to_ascii_uppercase(),
                f.number()
            );
        }
        let _ = writeln!(out, "}}");
    }
    out
}
