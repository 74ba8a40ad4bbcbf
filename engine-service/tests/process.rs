//! Tests of the `tarock-server` binary as a process: graceful shutdown on SIGTERM, OTLP trace
//! export to a real OTLP receiver, and the Prometheus endpoint.

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tonic::transport::Channel;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port()
}

struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn spawn(extra: &[&str], env: &[(&str, String)]) -> Server {
        let port = free_port();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tarock-server"));
        cmd.arg("--listen")
            .arg(format!("127.0.0.1:{port}"))
            .args(extra)
            .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = cmd.spawn().expect("start tarock-server");
        Server { child, port }
    }

    async fn channel(&self) -> Channel {
        let url = format!("http://127.0.0.1:{}", self.port);
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            match Channel::from_shared(url.clone())
                .expect("url")
                .connect()
                .await
            {
                Ok(c) => return c,
                Err(_) if Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(50)).await
                }
                Err(e) => panic!("server did not come up: {e}"),
            }
        }
    }

    fn term(&self) {
        let ok = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill")
            .success();
        assert!(ok, "SIGTERM delivered");
    }

    /// Waits for the process to exit, at most `limit`.
    fn wait(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(s) = self.child.try_wait().expect("wait") {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn deal_request(n: u64) -> pb::NewDealRequest {
    pb::NewDealRequest {
        variant: "hungarian-illustrated".to_owned(),
        seats: 4,
        dealer: 3,
        deal: Some(pb::new_deal_request::Deal::Seed(
            tarock_engine::shuffle::seed_from_u64(n).to_vec(),
        )),
        ..Default::default()
    }
}

async fn health_status(ch: Channel) -> Option<i32> {
    let mut h = tonic_health::pb::health_client::HealthClient::new(ch);
    h.check(tonic_health::pb::HealthCheckRequest {
        service: String::new(),
    })
    .await
    .ok()
    .map(|r| r.into_inner().status)
}

// SIGTERM during a stream of requests: health flips to NOT_SERVING, every request that was
// answered before the listener closed succeeded, none in flight is lost, and the process exits 0
// within the bound.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_drains_and_exits_cleanly() {
    let mut server = Server::spawn(
        &["--drain-delay-secs", "1", "--shutdown-grace-secs", "5"],
        &[],
    );
    let ch = server.channel().await;
    let mut c = EngineServiceClient::new(ch.clone());
    let record = c
        .new_deal(deal_request(1))
        .await
        .expect("deal")
        .into_inner()
        .record
        .expect("record");

    let ok = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let mut workers = Vec::new();
    for _ in 0..4 {
        let (mut c, record, ok, stop, failures) = (
            c.clone(),
            record.clone(),
            ok.clone(),
            stop.clone(),
            failures.clone(),
        );
        workers.push(tokio::spawn(async move {
            while !stop.load(Ordering::SeqCst) {
                let r = c
                    .legal_moves(pb::LegalMovesRequest {
                        state: Some(pb::legal_moves_request::State::Record(record.clone())),
                        token: Vec::new(),
                        encodings: None,
                    })
                    .await;
                match r {
                    Ok(resp) => {
                        assert!(!resp.into_inner().moves.is_empty());
                        ok.fetch_add(1, Ordering::SeqCst);
                    }
                    Err(e) => {
                        // A status the server sent has no source; one the client made of a
                        // transport error (the connection going away) carries that error.
                        let from_transport = std::error::Error::source(&e).is_some();
                        let failure = (e.code(), e.message().to_owned(), from_transport);
                        failures.lock().expect("lock").push(failure);
                        return;
                    }
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = ok.load(Ordering::SeqCst);
    assert!(before > 20, "requests flow before the signal ({before})");
    let sent_at = Instant::now();
    server.term();

    // Health goes NOT_SERVING during the drain delay, while requests are still answered.
    let mut saw_not_serving = false;
    while sent_at.elapsed() < Duration::from_millis(900) {
        if health_status(ch.clone()).await
            == Some(tonic_health::pb::health_check_response::ServingStatus::NotServing as i32)
        {
            saw_not_serving = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(saw_not_serving, "health reports NOT_SERVING after SIGTERM");
    let during = ok.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(
        ok.load(Ordering::SeqCst) > during,
        "requests are still served while draining"
    );

    let status = tokio::task::spawn_blocking(move || {
        let s = server.wait(Duration::from_secs(10));
        drop(server);
        s
    })
    .await
    .expect("join");
    let status = status.expect("the server exits within drain delay + grace");
    assert!(status.success(), "exit status {status:?}");
    assert!(sent_at.elapsed() < Duration::from_secs(8));
    stop.store(true, Ordering::SeqCst);
    for w in workers {
        w.await.expect("worker");
    }
    // Requests end only because the connection went away, never with a server error. (A
    // request the client sends just as the server's GOAWAY arrives is never processed; the
    // client reports the stream's end as INTERNAL "h2 protocol error", made of the transport
    // error, not sent by the server.)
    for (code, message, from_transport) in failures.lock().expect("lock").iter() {
        let went_away = matches!(
            code,
            tonic::Code::Unavailable | tonic::Code::Cancelled | tonic::Code::Unknown
        ) || (*code == tonic::Code::Internal && *from_transport);
        assert!(
            went_away,
            "a request failed with {code:?}: {message} (from the transport: {from_transport})"
        );
    }
}

/// A received span: its name and its attributes as (key, debug-printed value).
type SpanRecord = (String, Vec<(String, String)>);

#[derive(Default)]
struct Collector {
    spans: Mutex<Vec<SpanRecord>>,
}

struct CollectorSvc(Arc<Collector>);

#[tonic::async_trait]
impl TraceService for CollectorSvc {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let mut spans = self.0.spans.lock().expect("lock");
        for rs in &request.get_ref().resource_spans {
            for ss in &rs.scope_spans {
                for s in &ss.spans {
                    let attrs = s
                        .attributes
                        .iter()
                        .map(|kv| (kv.key.clone(), format!("{:?}", kv.value)))
                        .collect();
                    spans.push((s.name.clone(), attrs));
                }
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse {
            partial_success: None,
        }))
    }
}

// The server exports its RPC spans over OTLP/gRPC to a real OTLP receiver.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exports_spans_over_otlp() {
    let collector = Arc::new(Collector::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let svc = TraceServiceServer::new(CollectorSvc(collector.clone()));
    tokio::spawn(async move {
        tonic::transport::Server::builder()
            .add_service(svc)
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener))
            .await
            .expect("collector");
    });
    let mut server = Server::spawn(
        &["--drain-delay-secs", "0"],
        &[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", format!("http://{addr}")),
            ("OTEL_BSP_SCHEDULE_DELAY", "100".to_owned()),
            ("OTEL_METRIC_EXPORT_INTERVAL", "500".to_owned()),
        ],
    );
    let mut c = EngineServiceClient::new(server.channel().await);
    for n in 0..5 {
        c.new_deal(deal_request(n)).await.expect("deal");
    }
    c.list_variants(pb::ListVariantsRequest {})
        .await
        .expect("variants");
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let found = {
            let spans = collector.spans.lock().expect("lock");
            spans.iter().any(|(name, attrs)| {
                name == "rpc"
                    && attrs
                        .iter()
                        .any(|(k, v)| k == "rpc" && v.contains("NewDeal"))
            })
        };
        if found {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no rpc span for NewDeal reached the collector"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    server.term();
    tokio::task::spawn_blocking(move || server.wait(Duration::from_secs(10)).expect("exits"))
        .await
        .expect("join");
    let spans = collector.spans.lock().expect("lock");
    assert!(
        spans.iter().filter(|(n, _)| n == "rpc").count() >= 6,
        "one span per RPC"
    );
    // Spans carry the RPC and its status, never cards.
    for (_, attrs) in spans.iter() {
        for (k, _) in attrs {
            assert!(!k.contains("card") && !k.contains("hand"), "attribute {k}");
        }
    }
}

async fn http_get(port: u16, path: &str) -> String {
    http_request(port, "GET", path).await
}

async fn http_request(port: u16, method: &str, path: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("connect metrics");
    s.write_all(
        format!("{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .expect("write");
    let mut out = String::new();
    s.read_to_string(&mut out).await.expect("read");
    out
}

// The Prometheus endpoint counts requests by RPC and code and has a latency histogram.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_prometheus_metrics() {
    let mport = free_port();
    let server = Server::spawn(
        &[
            "--metrics-listen",
            &format!("127.0.0.1:{mport}"),
            "--drain-delay-secs",
            "0",
        ],
        &[],
    );
    let mut c = EngineServiceClient::new(server.channel().await);
    for n in 0..7 {
        c.new_deal(deal_request(n)).await.expect("deal");
    }
    let e = c
        .new_deal(pb::NewDealRequest {
            variant: "nonsense".to_owned(),
            ..Default::default()
        })
        .await
        .expect_err("bad variant");
    assert_eq!(e.code(), tonic::Code::InvalidArgument);
    // Every RPC has its own series, the last ones of the service included (the server logs at
    // info level here, so each request's span is recorded).
    let record = c
        .new_deal(deal_request(1))
        .await
        .expect("deal")
        .into_inner()
        .record;
    let s = c
        .suggest_move(pb::SuggestMoveRequest {
            state: Some(pb::suggest_move_request::State::Record(
                record.clone().expect("record"),
            )),
            ..Default::default()
        })
        .await
        .expect("suggestion");
    assert!(s.get_ref().r#move.is_some());
    let e = c
        .next_deal(pb::NextDealRequest {
            state: Some(pb::next_deal_request::State::Record(
                record.expect("record"),
            )),
            ..Default::default()
        })
        .await
        .expect_err("the hand is not over");
    assert_eq!(e.code(), tonic::Code::FailedPrecondition);
    let resp = http_get(mport, "/metrics").await;
    assert!(resp.starts_with("HTTP/1.1 200"), "{resp}");
    let body = resp.split("\r\n\r\n").nth(1).expect("body");
    let value = |name: &str| -> f64 {
        body.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("metric {name} missing in\n{body}"))
    };
    assert_eq!(
        value("tarock_requests_total{rpc=\"NewDeal\",code=\"OK\"}"),
        8.0
    );
    assert_eq!(
        value("tarock_requests_total{rpc=\"NewDeal\",code=\"INVALID_ARGUMENT\"}"),
        1.0
    );
    assert_eq!(
        value("tarock_request_duration_seconds_count{rpc=\"NewDeal\"}"),
        9.0
    );
    // Buckets are cumulative and end at the count.
    let buckets: Vec<f64> = body
        .lines()
        .filter(|l| l.starts_with("tarock_request_duration_seconds_bucket{rpc=\"NewDeal\""))
        .filter_map(|l| l.rsplit(' ').next()?.parse().ok())
        .collect();
    assert_eq!(buckets.len(), 14);
    assert!(buckets.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(*buckets.last().expect("+Inf"), 9.0);
    assert_eq!(
        value("tarock_requests_total{rpc=\"SuggestMove\",code=\"OK\"}"),
        1.0
    );
    assert_eq!(
        value("tarock_requests_total{rpc=\"NextDeal\",code=\"FAILED_PRECONDITION\"}"),
        1.0
    );
    // Every sample line parses as `name{labels} value`.
    for l in body
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        assert!(
            l.rsplit(' ')
                .next()
                .is_some_and(|v| v.parse::<f64>().is_ok()),
            "{l}"
        );
    }
    // The gauges and counters beside the requests', and the process's own.
    assert_eq!(value("tarock_requests_in_flight"), 0.0);
    for name in [
        "tarock_cache_lookups_total{cache=\"dealt\",result=\"hit\"}",
        "tarock_requests_shed_total{reason=\"OVERLOADED\"}",
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_open_fds",
    ] {
        assert!(value(name) >= 0.0, "{name}");
    }
    assert!(value("process_resident_memory_bytes") > 1e6);
    // HEAD answers as GET does, without the body.
    let head = http_request(mport, "HEAD", "/metrics").await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.ends_with("\r\n\r\n"), "{head}");
}

// A server with a small budget for the request bytes in flight: while one request holds most of
// it (a gRPC-Web body that stops part way), another that would go over it is shed with
// RESOURCE_EXHAUSTED and its ErrorInfo; once the first is gone, the same request is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_over_the_byte_budget_are_shed() {
    use tonic_types::StatusExt;
    let server = Server::spawn(&["--max-inflight-bytes", "60000"], &[]);
    let mut c = EngineServiceClient::new(server.channel().await);
    // A record of about 40,000 bytes: an option no variant has, with a long value.
    let record = c
        .new_deal(deal_request(1))
        .await
        .expect("a deal")
        .into_inner()
        .record
        .map(|mut r| {
            r.options.push(pb::RuleOption {
                name: "no_such_option".to_owned(),
                value: "v".repeat(40_000),
            });
            r
        });
    let validate = pb::ValidateGameRequest {
        state: record.map(pb::validate_game_request::State::Record),
    };

    // 35,000 bytes of a 40,000-byte message, and then nothing: the server holds them.
    let mut held = tokio::net::TcpStream::connect(("127.0.0.1", server.port))
        .await
        .expect("connect");
    let len: u32 = 40_000;
    let head = format!(
        "POST /tarock.v1.EngineService/ValidateGame HTTP/1.1\r\nHost: 127.0.0.1\r\n\
         Content-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\nContent-Length: {}\r\n\r\n",
        5 + len
    );
    held.write_all(head.as_bytes()).await.expect("write");
    let mut body = vec![0u8];
    body.extend_from_slice(&len.to_be_bytes());
    body.resize(35_000, 0);
    held.write_all(&body).await.expect("write");
    tokio::time::sleep(Duration::from_millis(500)).await;

    let e = c
        .validate_game(validate.clone())
        .await
        .expect_err("over the budget");
    assert_eq!(e.code(), tonic::Code::ResourceExhausted, "{}", e.message());
    let details = e.get_error_details();
    let info = details.error_info().expect("ErrorInfo");
    assert_eq!(
        (info.reason.as_str(), info.domain.as_str()),
        ("MEMORY_BUDGET", "tarock.v1")
    );
    assert_eq!(
        info.metadata.get("budget").map(String::as_str),
        Some("60000")
    );

    // The held request goes; its bytes are released.
    drop(held);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let e = c
        .validate_game(validate)
        .await
        .expect_err("the unknown option");
    assert_eq!(e.code(), tonic::Code::InvalidArgument, "{}", e.message());
}
