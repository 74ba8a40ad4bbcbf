//! A server started with a web directory serves its files over HTTP/1.1 on the gRPC port, and
//! gRPC and gRPC-Web still work beside them.

use std::path::PathBuf;
use std::sync::Arc;
use tarock_e2e::{grpc_frame, grpc_web_post, http1_request, http_body, TestServer};
use tarock_proto::v1 as pb;
use tarock_service::metrics::Metrics;
use tarock_service::Config;

const INDEX: &str = "<!doctype html><title>tarock</title><script src=\"app.js\"></script>\n";
const APP: &str = "console.log(\"tarock\");\n";
const SECRET: &str = "outside the web directory";

/// A fresh directory `<tmp>/tarock-web-<name>-<pid>` holding `site/index.html`, `site/app.js`
/// and, outside `site`, `secret.txt`; the directory and its `site`.
fn site(name: &str) -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("tarock-web-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let site = root.join("site");
    std::fs::create_dir_all(&site).expect("create the web directory");
    std::fs::write(site.join("index.html"), INDEX).expect("write index.html");
    std::fs::write(site.join("app.js"), APP).expect("write app.js");
    std::fs::write(root.join("secret.txt"), SECRET).expect("write secret.txt");
    (root, site)
}

/// The status line and the lowercased head of an HTTP/1.1 `response`.
fn head(response: &[u8]) -> (String, String) {
    let end = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(response.len());
    let head = String::from_utf8_lossy(&response[..end]).to_ascii_lowercase();
    let status = head.lines().next().unwrap_or_default().to_owned();
    (status, head)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_dir_serves_index_and_files() {
    let (root, dir) = site("files");
    let server = TestServer::start_web(dir).await;

    let response = http1_request(server.addr, "GET", "/").await;
    let (status, h) = head(&response);
    assert!(status.starts_with("http/1.1 200"), "{status}");
    assert!(h.contains("content-type: text/html"), "{h}");
    assert!(h.contains("cache-control: no-cache"), "{h}");
    assert_eq!(http_body(&response), INDEX.as_bytes());

    let response = http1_request(server.addr, "GET", "/index.html").await;
    assert!(head(&response).0.starts_with("http/1.1 200"));
    assert_eq!(http_body(&response), INDEX.as_bytes());

    let response = http1_request(server.addr, "GET", "/app.js").await;
    let (status, h) = head(&response);
    assert!(status.starts_with("http/1.1 200"), "{status}");
    assert!(h.contains("content-type: text/javascript"), "{h}");
    assert_eq!(http_body(&response), APP.as_bytes());

    let response = http1_request(server.addr, "HEAD", "/app.js").await;
    let (status, h) = head(&response);
    assert!(status.starts_with("http/1.1 200"), "{status}");
    assert!(h.contains(&format!("content-length: {}", APP.len())), "{h}");
    assert!(http_body(&response).is_empty());

    server.stop().await;
    let _ = std::fs::remove_dir_all(root);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_dir_missing_file_is_404() {
    let (root, dir) = site("missing");
    let server = TestServer::start_web(dir).await;
    for path in ["/missing", "/missing/", "/app.js/x"] {
        let response = http1_request(server.addr, "GET", path).await;
        let (status, _) = head(&response);
        assert!(status.starts_with("http/1.1 404"), "{path}: {status}");
    }
    server.stop().await;
    let _ = std::fs::remove_dir_all(root);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_dir_does_not_serve_outside_the_directory() {
    let (root, dir) = site("traversal");
    assert!(dir.join("../secret.txt").is_file());
    let server = TestServer::start_web(dir).await;
    for path in [
        "/../secret.txt",
        "/a/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "/%2e%2e%2fsecret.txt",
        "/..\\secret.txt",
    ] {
        let response = http1_request(server.addr, "GET", path).await;
        let (status, _) = head(&response);
        assert!(!status.contains(" 200"), "{path}: {status}");
        assert!(
            !String::from_utf8_lossy(&response).contains(SECRET),
            "{path} served a file outside the web directory"
        );
    }
    server.stop().await;
    let _ = std::fs::remove_dir_all(root);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_dir_keeps_grpc_and_grpc_web() {
    let (root, dir) = site("grpc");
    let server = TestServer::start_web(dir).await;

    let variants = server
        .client()
        .await
        .list_variants(pb::ListVariantsRequest {})
        .await
        .expect("ListVariants over gRPC")
        .into_inner();
    assert!(!variants.variants.is_empty());

    let response = grpc_web_post(
        server.addr,
        "/tarock.v1.EngineService/ListVariants",
        "application/grpc-web+proto",
        &grpc_frame(&[]),
    )
    .await;
    let text = String::from_utf8_lossy(&response);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text
        .to_ascii_lowercase()
        .contains("content-type: application/grpc-web"));
    assert!(text.contains("hungarian-illustrated"));
    assert!(text.contains("grpc-status:0"), "{text}");

    server.stop().await;
    let _ = std::fs::remove_dir_all(root);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_dir_unset_serves_no_files() {
    let server = TestServer::start_default().await;
    let response = http1_request(server.addr, "GET", "/").await;
    let (status, _) = head(&response);
    assert!(!status.contains(" 200"), "{status}");
    server.stop().await;
}

/// The error `run` stops with for a server given `web_dir`.
async fn start_error(web_dir: PathBuf) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let config = Config {
        web_dir: Some(web_dir),
        ..Config::default()
    };
    let result = tarock_service::run(
        listener,
        config,
        Arc::new(Metrics::default()),
        std::future::pending(),
    );
    let result = tokio::time::timeout(std::time::Duration::from_secs(10), result)
        .await
        .expect("the server stops at once");
    result.expect_err("a bad web directory fails").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_dir_missing_or_without_index_fails_at_start() {
    let (root, dir) = site("bad");
    let missing = root.join("no-such-dir");
    let e = start_error(missing.clone()).await;
    assert!(e.contains(&missing.display().to_string()), "{e}");

    std::fs::remove_file(dir.join("index.html")).expect("remove index.html");
    let e = start_error(dir.clone()).await;
    assert!(e.contains(&dir.display().to_string()), "{e}");
    assert!(e.contains("index.html"), "{e}");

    let e = start_error(dir.join("app.js")).await;
    assert!(e.contains("not a directory"), "{e}");
    let _ = std::fs::remove_dir_all(root);
}
