//! Request metrics (count, errors by code, latency histogram per RPC) in the Prometheus text
//! format, a span per RPC, and a minimal HTTP endpoint that serves `/metrics`.

use crate::service::ByteRpc;
use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_server::EngineService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tonic::{Code, Request, Response, Status};
use tracing::Instrument;

/// The RPCs, in metric order.
pub const RPCS: [&str; 9] = [
    "ListVariants",
    "NewDeal",
    "LegalMoves",
    "ApplyAction",
    "GetView",
    "Score",
    "ValidateGame",
    "NextDeal",
    "SuggestMove",
];

/// Upper bounds of the latency buckets, in seconds.
pub const BUCKETS: [f64; 13] = [
    0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

const CODES: usize = 17;

struct RpcMetrics {
    by_code: [AtomicU64; CODES],
    /// Requests whose latency fell in each bucket and no lower one (one increment per request);
    /// [`Metrics::render`] adds them up into Prometheus's cumulative buckets.
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_nanos: AtomicU64,
}

impl RpcMetrics {
    fn new() -> RpcMetrics {
        RpcMetrics {
            by_code: std::array::from_fn(|_| AtomicU64::new(0)),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            count: AtomicU64::new(0),
            sum_nanos: AtomicU64::new(0),
        }
    }
}

/// How many copies of the counters there are: each thread records into the copy of its own
/// slot (see [`stripe`]), so that two cores recording requests at once do not pass the same
/// cache lines back and forth (under load that took about 0.7 µs of the server's CPU per
/// request); the text exposition adds the copies up.
const STRIPES: usize = 8;

/// One copy of the counters of every RPC, on cache lines of its own.
#[repr(align(128))]
struct Stripe {
    rpcs: [RpcMetrics; RPCS.len()],
}

/// The stripe of the calling thread: threads take the slots in turn as they first record.
fn stripe() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static SLOT: usize = NEXT.fetch_add(1, Ordering::Relaxed) % STRIPES;
    }
    SLOT.with(|s| *s)
}

/// Counters and histograms for every RPC, for Prometheus (lock-free atomics, striped by
/// thread) and for OpenTelemetry (instruments of the global meter provider, no-ops when none
/// is installed).
pub struct Metrics {
    stripes: Box<[Stripe]>,
    otel_requests: opentelemetry::metrics::Counter<u64>,
    otel_latency: opentelemetry::metrics::Histogram<f64>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

impl Default for Metrics {
    /// New metrics; the OpenTelemetry instruments come from the global meter provider as
    /// installed at this moment.
    fn default() -> Metrics {
        let meter = opentelemetry::global::meter("tarock-server");
        Metrics {
            stripes: (0..STRIPES)
                .map(|_| Stripe {
                    rpcs: std::array::from_fn(|_| RpcMetrics::new()),
                })
                .collect(),
            otel_requests: meter
                .u64_counter("tarock.requests")
                .with_description("Requests handled, by RPC and gRPC status code")
                .build(),
            otel_latency: meter
                .f64_histogram("tarock.request.duration")
                .with_unit("s")
                .with_description("Request latency by RPC")
                .build(),
        }
    }
}

/// The canonical name of a gRPC status code by its number, e.g. `UNIMPLEMENTED` for 12.
#[must_use]
pub fn code_name(i: usize) -> &'static str {
    [
        "OK",
        "CANCELLED",
        "UNKNOWN",
        "INVALID_ARGUMENT",
        "DEADLINE_EXCEEDED",
        "NOT_FOUND",
        "ALREADY_EXISTS",
        "PERMISSION_DENIED",
        "RESOURCE_EXHAUSTED",
        "FAILED_PRECONDITION",
        "ABORTED",
        "OUT_OF_RANGE",
        "UNIMPLEMENTED",
        "INTERNAL",
        "UNAVAILABLE",
        "DATA_LOSS",
        "UNAUTHENTICATED",
    ]
    .get(i)
    .copied()
    .unwrap_or("UNKNOWN")
}

impl Metrics {
    /// Records one finished request.
    pub fn record(&self, rpc: usize, start: Instant, code: Code) {
        let rpcs = &self.stripes[stripe() % self.stripes.len()].rpcs;
        let (Some(m), Some(&name)) = (rpcs.get(rpc), RPCS.get(rpc)) else {
            return;
        };
        let elapsed = start.elapsed();
        let secs = elapsed.as_secs_f64();
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        m.count.fetch_add(1, Ordering::Relaxed);
        m.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
        if let Some(c) = m.by_code.get(code as usize) {
            c.fetch_add(1, Ordering::Relaxed);
        }
        if let Some(b) = BUCKETS.iter().position(|&bound| secs <= bound) {
            m.buckets[b].fetch_add(1, Ordering::Relaxed);
        }
        let attrs = [
            opentelemetry::KeyValue::new("rpc", name),
            opentelemetry::KeyValue::new("code", code_name(code as usize)),
        ];
        self.otel_requests.add(1, &attrs);
        self.otel_latency.record(secs, &attrs[..1]);
    }

    /// The sum over the stripes of the counter `counter` picks of RPC `rpc`.
    fn total(&self, rpc: usize, counter: impl Fn(&RpcMetrics) -> &AtomicU64) -> u64 {
        self.stripes
            .iter()
            .map(|s| counter(&s.rpcs[rpc]).load(Ordering::Relaxed))
            .sum()
    }

    /// The Prometheus text exposition of every metric.
    pub fn render(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        out.push_str(
            "# HELP tarock_requests_total Requests handled, by RPC and gRPC status code.\n",
        );
        out.push_str("# TYPE tarock_requests_total counter\n");
        for (rpc, name) in RPCS.iter().enumerate() {
            for i in 0..CODES {
                let n = self.total(rpc, |m| &m.by_code[i]);
                if n > 0 || i == 0 {
                    let _ = writeln!(
                        out,
                        "tarock_requests_total{{rpc=\"{name}\",code=\"{}\"}} {n}",
                        code_name(i)
                    );
                }
            }
        }
        out.push_str("# HELP tarock_request_duration_seconds Request latency by RPC.\n");
        out.push_str("# TYPE tarock_request_duration_seconds histogram\n");
        for (rpc, name) in RPCS.iter().enumerate() {
            let mut cumulative = 0u64;
            for (b, bound) in BUCKETS.iter().enumerate() {
                cumulative += self.total(rpc, |m| &m.buckets[b]);
                let _ = writeln!(
                    out,
                    "tarock_request_duration_seconds_bucket{{rpc=\"{name}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            // Read after the buckets, so no lower than their sum (counts only grow).
            let count = self.total(rpc, |m| &m.count).max(cumulative);
            let _ = writeln!(
                out,
                "tarock_request_duration_seconds_bucket{{rpc=\"{name}\",le=\"+Inf\"}} {count}"
            );
            let sum = self.total(rpc, |m| &m.sum_nanos) as f64 / 1e9;
            let _ = writeln!(
                out,
                "tarock_request_duration_seconds_sum{{rpc=\"{name}\"}} {sum}"
            );
            let _ = writeln!(
                out,
                "tarock_request_duration_seconds_count{{rpc=\"{name}\"}} {count}"
            );
        }
        out
    }
}

/// Serves `GET /metrics` on `listener` until `shutdown` completes. Any other path is 404.
pub async fn serve(
    listener: TcpListener,
    metrics: Arc<Metrics>,
    shutdown: impl Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    loop {
        let conn = tokio::select! {
            () = &mut shutdown => return,
            c = listener.accept() => c,
        };
        let Ok((mut stream, _)) = conn else { continue };
        let metrics = metrics.clone();
        tokio::spawn(async move {
            let mut buf = [0u8; 2048];
            let mut len = 0;
            // Read the request head (bounded); the body, if any, is ignored.
            while len < buf.len() {
                match tokio::time::timeout(
                    std::time::Duration::from_secs(5),
                    stream.read(&mut buf[len..]),
                )
                .await
                {
                    Ok(Ok(0)) | Err(_) | Ok(Err(_)) => break,
                    Ok(Ok(n)) => {
                        len += n;
                        if buf[..len].windows(4).any(|w| w == b"\r\n\r\n") {
                            break;
                        }
                    }
                }
            }
            let head = String::from_utf8_lossy(&buf[..len]);
            let path_ok = head.starts_with("GET /metrics ") || head.starts_with("GET /metrics?");
            let (status, ctype, body) = if path_ok {
                ("200 OK", "text/plain; version=0.0.4", metrics.render())
            } else {
                ("404 Not Found", "text/plain", "not found\n".to_owned())
            };
            let resp = format!(
                "HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = stream.write_all(resp.as_bytes()).await;
            let _ = stream.shutdown().await;
        });
    }
}

/// The service wrapped with a span and metrics per RPC.
#[derive(Debug)]
pub struct Instrumented<S> {
    inner: S,
    metrics: Arc<Metrics>,
}

impl<S> Instrumented<S> {
    /// Wraps `inner`.
    pub fn new(inner: S, metrics: Arc<Metrics>) -> Instrumented<S> {
        Instrumented { inner, metrics }
    }

    async fn observe<T>(
        &self,
        rpc: usize,
        fut: impl Future<Output = Result<Response<T>, Status>>,
    ) -> Result<Response<T>, Status> {
        let start = Instant::now();
        let name = RPCS.get(rpc).copied().unwrap_or("unknown");
        // At INFO only for the exporter (see `telemetry::exporting_spans`).
        let span = if crate::telemetry::exporting_spans() {
            tracing::info_span!("rpc", rpc = name, code = tracing::field::Empty)
        } else {
            tracing::debug_span!("rpc", rpc = name, code = tracing::field::Empty)
        };
        let result = fut.instrument(span.clone()).await;
        let code = result.as_ref().map_or_else(Status::code, |_| Code::Ok);
        span.record("code", tracing::field::debug(code));
        if code != Code::Ok {
            if let Err(s) = &result {
                tracing::debug!(parent: &span, code = ?code, message = s.message(), "request failed");
            }
        }
        self.metrics.record(rpc, start, code);
        result
    }
}

impl Instrumented<crate::Engine> {
    /// `rpc` on the request's bytes, answered with its encoded response (see
    /// [`crate::routes`]), counted as the RPC is.
    ///
    /// # Errors
    /// As [`crate::Engine::handle_bytes`].
    pub async fn handle_bytes(
        &self,
        rpc: ByteRpc,
        r: Request<tonic::codegen::Bytes>,
    ) -> Result<Response<crate::respond::Answer>, Status> {
        let index = match rpc {
            ByteRpc::LegalMoves => 2,
            ByteRpc::ApplyAction => 3,
        };
        let inner = &self.inner;
        self.observe(index, async move {
            inner.handle_bytes(rpc, r.get_ref()).map(Response::new)
        })
        .await
    }
}

#[tonic::async_trait]
impl<S: EngineService> EngineService for Instrumented<S> {
    async fn list_variants(
        &self,
        r: Request<pb::ListVariantsRequest>,
    ) -> Result<Response<pb::ListVariantsResponse>, Status> {
        self.observe(0, self.inner.list_variants(r)).await
    }
    async fn new_deal(
        &self,
        r: Request<pb::NewDealRequest>,
    ) -> Result<Response<pb::NewDealResponse>, Status> {
        self.observe(1, self.inner.new_deal(r)).await
    }
    async fn legal_moves(
        &self,
        r: Request<pb::LegalMovesRequest>,
    ) -> Result<Response<pb::LegalMovesResponse>, Status> {
        self.observe(2, self.inner.legal_moves(r)).await
    }
    async fn apply_action(
        &self,
        r: Request<pb::ApplyActionRequest>,
    ) -> Result<Response<pb::ApplyActionResponse>, Status> {
        self.observe(3, self.inner.apply_action(r)).await
    }
    async fn get_view(
        &self,
        r: Request<pb::GetViewRequest>,
    ) -> Result<Response<pb::GetViewResponse>, Status> {
        self.observe(4, self.inner.get_view(r)).await
    }
    async fn score(
        &self,
        r: Request<pb::ScoreRequest>,
    ) -> Result<Response<pb::ScoreResponse>, Status> {
        self.observe(5, self.inner.score(r)).await
    }
    async fn validate_game(
        &self,
        r: Request<pb::ValidateGameRequest>,
    ) -> Result<Response<pb::ValidateGameResponse>, Status> {
        self.observe(6, self.inner.validate_game(r)).await
    }
    async fn next_deal(
        &self,
        r: Request<pb::NextDealRequest>,
    ) -> Result<Response<pb::NextDealResponse>, Status> {
        self.observe(7, self.inner.next_deal(r)).await
    }
    async fn suggest_move(
        &self,
        r: Request<pb::SuggestMoveRequest>,
    ) -> Result<Response<pb::SuggestMoveResponse>, Status> {
        self.observe(8, self.inner.suggest_move(r)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Engine;
    use tracing_subscriber::layer::SubscriberExt;

    #[test]
    fn each_request_lands_in_one_bucket_and_renders_cumulative() {
        let m = Metrics::default();
        let now = Instant::now();
        for _ in 0..3 {
            m.record(3, now, Code::Ok);
        }
        m.record(3, now - std::time::Duration::from_millis(30), Code::Aborted);
        let body = m.render();
        let bucket = |le: &str| -> u64 {
            let prefix = format!(
                "tarock_request_duration_seconds_bucket{{rpc=\"ApplyAction\",le=\"{le}\"}} "
            );
            body.lines()
                .find_map(|l| l.strip_prefix(&prefix))
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("no bucket {le} in\n{body}"))
        };
        assert_eq!(bucket("0.025"), 3);
        assert_eq!(bucket("0.05"), 4);
        assert_eq!(bucket("1"), 4);
        assert_eq!(bucket("+Inf"), 4);
        assert!(body.contains("tarock_requests_total{rpc=\"ApplyAction\",code=\"ABORTED\"} 1"));
    }

    #[test]
    fn requests_recorded_on_many_threads_are_all_counted() {
        // More threads than stripes, so that some share one.
        let m = Arc::new(Metrics::default());
        let threads: Vec<_> = (0..2 * STRIPES + 1)
            .map(|t| {
                let m = Arc::clone(&m);
                std::thread::spawn(move || {
                    for _ in 0..100 {
                        m.record(2, Instant::now(), Code::Ok);
                    }
                    m.record(
                        2,
                        Instant::now(),
                        if t % 2 == 0 { Code::Ok } else { Code::Internal },
                    );
                })
            })
            .collect();
        for t in threads {
            t.join().expect("no panic");
        }
        let body = m.render();
        let n = 2 * STRIPES + 1;
        let ok = 100 * n + n.div_ceil(2);
        assert!(body.contains(&format!(
            "tarock_requests_total{{rpc=\"LegalMoves\",code=\"OK\"}} {ok}\n"
        )));
        assert!(body.contains(&format!(
            "tarock_requests_total{{rpc=\"LegalMoves\",code=\"INTERNAL\"}} {}\n",
            n / 2
        )));
        assert!(body.contains(&format!(
            "tarock_request_duration_seconds_count{{rpc=\"LegalMoves\"}} {}\n",
            101 * n
        )));
    }

    // Without the OTLP exporter the default log level (info) makes no span per RPC: none would
    // be printed, only formatted. At debug they are made.
    #[tokio::test(flavor = "current_thread")]
    async fn without_the_exporter_rpc_spans_are_made_at_debug_only() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use tracing_subscriber::layer::Context;

        /// Counts the spans named `rpc` made.
        struct Spans(Arc<AtomicUsize>);
        impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Spans {
            fn on_new_span(
                &self,
                attrs: &tracing::span::Attributes<'_>,
                _: &tracing::span::Id,
                _: Context<'_, S>,
            ) {
                if attrs.metadata().name() == "rpc" {
                    self.0.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        assert!(!crate::telemetry::exporting_spans());
        for (filter, expected) in [("info", 0), ("debug", 1)] {
            let made = Arc::new(AtomicUsize::new(0));
            let subscriber = tracing_subscriber::registry()
                .with(tracing_subscriber::EnvFilter::new(filter))
                .with(Spans(Arc::clone(&made)));
            let _default = tracing::subscriber::set_default(subscriber);
            let svc = Instrumented::new(Engine::new(), Arc::new(Metrics::default()));
            let r = svc
                .list_variants(Request::new(pb::ListVariantsRequest {}))
                .await;
            assert!(r.is_ok());
            assert_eq!(made.load(Ordering::Relaxed), expected, "at {filter}");
        }
    }

    // With spans enabled (at debug, or at info when they are exported), every RPC names itself:
    // NextDeal, the last, too.
    #[tokio::test(flavor = "current_thread")]
    async fn every_rpc_is_named_in_its_span_and_counted() {
        let subscriber = tracing_subscriber::registry()
            .with(tracing_subscriber::fmt::layer().with_writer(std::io::sink));
        let _default = tracing::subscriber::set_default(subscriber);
        let metrics = Arc::new(Metrics::default());
        let svc = Instrumented::new(Engine::new(), Arc::clone(&metrics));
        let r = svc
            .next_deal(Request::new(pb::NextDealRequest::default()))
            .await;
        assert_eq!(
            r.map(|_| ()).map_err(|s| s.code()),
            Err(Code::InvalidArgument)
        );
        assert!(metrics
            .render()
            .contains("tarock_requests_total{rpc=\"NextDeal\",code=\"INVALID_ARGUMENT\"} 1"));
    }
}
