//! Request metrics and a span per RPC, recorded through the `metrics` facade and exported by
//! `metrics-exporter-prometheus` (the binary installs its recorder and HTTP listener; without
//! one, recording is a no-op), and through OpenTelemetry instruments (exported over OTLP when
//! configured, see [`crate::telemetry`]).
//!
//! The metrics:
//! - `tarock_requests_total{rpc, code}`: requests answered, by RPC and gRPC status code;
//! - `tarock_request_duration_seconds{rpc}`: latency histogram ([`BUCKETS`]);
//! - `tarock_requests_in_flight`: requests the handlers are working on;
//! - `tarock_requests_shed_total{reason}`: requests refused before a handler for load
//!   (`OVERLOADED`) or for the byte budget (`MEMORY_BUDGET`);
//! - `tarock_cache_lookups_total{cache, result}`: the deal and replay memos' hits and misses;
//! - `process_*`: CPU, resident memory, open file descriptors and threads (`metrics-process`,
//!   collected by the binary every few seconds).

use metrics::{Counter, Gauge, Histogram};
use std::future::Future;
use std::sync::Arc;
use std::time::Instant;
use tarock_proto::codec::Encoded;
use tarock_proto::lazy;
use tarock_proto::server::engine_service_server::EngineService;
use tarock_proto::v1 as pb;
use tonic::{Code, Request, Response, Status};
use tracing::Instrument;

/// The RPCs, in metric order. A stream (Play, ValidateGames) is counted once, when it is
/// opened or refused.
pub const RPCS: [&str; 15] = [
    "ListVariants",
    "NewDeal",
    "LegalMoves",
    "ApplyAction",
    "GetView",
    "Score",
    "ValidateGame",
    "NextDeal",
    "SuggestMove",
    "DescribeEncodings",
    "SampleWorlds",
    "Play",
    "ValidateGames",
    "SolvePosition",
    "DescribeRules",
];

/// Upper bounds of the latency buckets, in seconds.
pub const BUCKETS: [f64; 13] = [
    0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

/// The name of the latency histogram, whose buckets the exporter is given.
pub const DURATION: &str = "tarock_request_duration_seconds";

const CODES: usize = 17;

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

/// The hit and miss counters of the memo `cache` (`dealt`, `replays`), registered with the
/// recorder installed now.
pub fn lookups(cache: &'static str) -> [Counter; 2] {
    ["hit", "miss"]
        .map(|result| metrics::counter!("tarock_cache_lookups_total", "cache" => cache, "result" => result))
}

/// The handles of every metric, registered once with the recorder installed when they are made
/// (so that recording is an atomic add, not a lookup by name and labels), and the OpenTelemetry
/// instruments.
pub struct Metrics {
    /// Per RPC, per status code.
    requests: Vec<[Counter; CODES]>,
    /// Per RPC.
    durations: Vec<Histogram>,
    in_flight: Gauge,
    shed_overloaded: Counter,
    shed_budget: Counter,
    otel_requests: opentelemetry::metrics::Counter<u64>,
    otel_latency: opentelemetry::metrics::Histogram<f64>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

impl Default for Metrics {
    /// The metrics of the recorder and the OpenTelemetry meter provider installed at this
    /// moment (no-ops where none is).
    fn default() -> Metrics {
        metrics::describe_counter!(
            "tarock_requests_total",
            "Requests answered, by RPC and gRPC status code."
        );
        metrics::describe_histogram!(DURATION, metrics::Unit::Seconds, "Request latency by RPC.");
        metrics::describe_gauge!(
            "tarock_requests_in_flight",
            "Requests the handlers are working on."
        );
        metrics::describe_counter!(
            "tarock_requests_shed_total",
            "Requests refused before a handler, by reason (OVERLOADED, MEMORY_BUDGET)."
        );
        metrics::describe_counter!(
            "tarock_cache_lookups_total",
            "Lookups in the deal and replay memos, by cache and result (hit, miss)."
        );
        let meter = opentelemetry::global::meter("tarock-server");
        Metrics {
            requests: RPCS
                .iter()
                .map(|&rpc| {
                    std::array::from_fn(|i| {
                        metrics::counter!("tarock_requests_total", "rpc" => rpc, "code" => code_name(i))
                    })
                })
                .collect(),
            durations: RPCS
                .iter()
                .map(|&rpc| metrics::histogram!(DURATION, "rpc" => rpc))
                .collect(),
            in_flight: metrics::gauge!("tarock_requests_in_flight"),
            shed_overloaded: metrics::counter!("tarock_requests_shed_total", "reason" => "OVERLOADED"),
            shed_budget: metrics::counter!("tarock_requests_shed_total", "reason" => "MEMORY_BUDGET"),
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

impl Metrics {
    /// Records one finished request of RPC number `rpc` (in [`RPCS`]).
    pub fn record(&self, rpc: usize, start: Instant, code: Code) {
        let (Some(counters), Some(&name)) = (self.requests.get(rpc), RPCS.get(rpc)) else {
            return;
        };
        let secs = start.elapsed().as_secs_f64();
        if let Some(c) = counters.get(code as usize) {
            c.increment(1);
        }
        self.durations[rpc].record(secs);
        let attrs = [
            opentelemetry::KeyValue::new("rpc", name),
            opentelemetry::KeyValue::new("code", code_name(code as usize)),
        ];
        self.otel_requests.add(1, &attrs);
        self.otel_latency.record(secs, &attrs[..1]);
    }

    /// Counts a request shed before a handler: for load (`budget` false) or for the byte budget.
    pub fn shed(&self, budget: bool) {
        if budget {
            self.shed_budget.increment(1);
        } else {
            self.shed_overloaded.increment(1);
        }
    }
}

/// The Prometheus exporter's builder with the server's histogram buckets: the binary adds its
/// HTTP listener and installs it.
///
/// # Panics
/// Never: the buckets are a non-empty constant.
#[must_use]
pub fn prometheus() -> metrics_exporter_prometheus::PrometheusBuilder {
    metrics_exporter_prometheus::PrometheusBuilder::new()
        .set_buckets_for_metric(
            metrics_exporter_prometheus::Matcher::Full(DURATION.to_owned()),
            &BUCKETS,
        )
        .expect("buckets are not empty")
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
        self.metrics.in_flight.increment(1.0);
        let result = fut.instrument(span.clone()).await;
        self.metrics.in_flight.decrement(1.0);
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

#[tonic::async_trait]
impl<S: EngineService> EngineService for Instrumented<S> {
    async fn list_variants(
        &self,
        r: Request<pb::ListVariantsRequest>,
    ) -> Result<Response<pb::ListVariantsResponse>, Status> {
        self.observe(0, self.inner.list_variants(r)).await
    }
    async fn describe_rules(
        &self,
        r: Request<pb::DescribeRulesRequest>,
    ) -> Result<Response<pb::DescribeRulesResponse>, Status> {
        self.observe(14, self.inner.describe_rules(r)).await
    }
    async fn new_deal(
        &self,
        r: Request<pb::NewDealRequest>,
    ) -> Result<Response<Encoded<pb::NewDealResponse>>, Status> {
        self.observe(1, self.inner.new_deal(r)).await
    }
    async fn legal_moves(
        &self,
        r: Request<lazy::LegalMovesRequest>,
    ) -> Result<Response<Encoded<pb::LegalMovesResponse>>, Status> {
        self.observe(2, self.inner.legal_moves(r)).await
    }
    async fn apply_action(
        &self,
        r: Request<lazy::ApplyActionRequest>,
    ) -> Result<Response<Encoded<pb::ApplyActionResponse>>, Status> {
        self.observe(3, self.inner.apply_action(r)).await
    }
    async fn get_view(
        &self,
        r: Request<lazy::GetViewRequest>,
    ) -> Result<Response<Encoded<pb::GetViewResponse>>, Status> {
        self.observe(4, self.inner.get_view(r)).await
    }
    async fn score(
        &self,
        r: Request<lazy::ScoreRequest>,
    ) -> Result<Response<pb::ScoreResponse>, Status> {
        self.observe(5, self.inner.score(r)).await
    }
    async fn validate_game(
        &self,
        r: Request<lazy::ValidateGameRequest>,
    ) -> Result<Response<pb::ValidateGameResponse>, Status> {
        self.observe(6, self.inner.validate_game(r)).await
    }
    async fn next_deal(
        &self,
        r: Request<lazy::NextDealRequest>,
    ) -> Result<Response<Encoded<pb::NextDealResponse>>, Status> {
        self.observe(7, self.inner.next_deal(r)).await
    }
    async fn suggest_move(
        &self,
        r: Request<lazy::SuggestMoveRequest>,
    ) -> Result<Response<pb::SuggestMoveResponse>, Status> {
        self.observe(8, self.inner.suggest_move(r)).await
    }
    async fn describe_encodings(
        &self,
        r: Request<pb::DescribeEncodingsRequest>,
    ) -> Result<Response<pb::DescribeEncodingsResponse>, Status> {
        self.observe(9, self.inner.describe_encodings(r)).await
    }
    async fn sample_worlds(
        &self,
        r: Request<lazy::SampleWorldsRequest>,
    ) -> Result<Response<pb::SampleWorldsResponse>, Status> {
        self.observe(10, self.inner.sample_worlds(r)).await
    }
    type PlayStream = S::PlayStream;
    async fn play(
        &self,
        r: Request<tonic::Streaming<pb::PlayRequest>>,
    ) -> Result<Response<S::PlayStream>, Status> {
        self.observe(11, self.inner.play(r)).await
    }
    type ValidateGamesStream = S::ValidateGamesStream;
    async fn validate_games(
        &self,
        r: Request<tonic::Streaming<pb::ValidateGamesRequest>>,
    ) -> Result<Response<S::ValidateGamesStream>, Status> {
        self.observe(12, self.inner.validate_games(r)).await
    }
    async fn solve_position(
        &self,
        r: Request<lazy::SolvePositionRequest>,
    ) -> Result<Response<pb::SolvePositionResponse>, Status> {
        self.observe(13, self.inner.solve_position(r)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Engine;
    use tracing_subscriber::layer::SubscriberExt;

    /// `f` run with a fresh Prometheus recorder as the thread's, and the exposition after it.
    fn rendered(f: impl FnOnce(&Metrics)) -> String {
        let recorder = prometheus().build_recorder();
        let handle = recorder.handle();
        metrics::with_local_recorder(&recorder, || f(&Metrics::default()));
        handle.render()
    }

    #[test]
    fn each_request_lands_in_its_bucket_and_is_counted_by_code() {
        let body = rendered(|m| {
            let now = Instant::now();
            for _ in 0..3 {
                m.record(3, now, Code::Ok);
            }
            m.record(3, now - std::time::Duration::from_millis(30), Code::Aborted);
            m.shed(true);
            let [hit, miss] = lookups("replays");
            hit.increment(1);
            miss.increment(2);
        });
        let value = |series: &str| -> f64 {
            body.lines()
                .find_map(|l| l.strip_prefix(series)?.strip_prefix(' '))
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("no {series} in\n{body}"))
        };
        let bucket = |le: &str| {
            value(&format!(
                "tarock_request_duration_seconds_bucket{{rpc=\"ApplyAction\",le=\"{le}\"}}"
            ))
        };
        assert_eq!(bucket("0.025"), 3.0);
        assert_eq!(bucket("0.05"), 4.0);
        assert_eq!(bucket("+Inf"), 4.0);
        assert_eq!(
            value("tarock_requests_total{rpc=\"ApplyAction\",code=\"ABORTED\"}"),
            1.0
        );
        assert_eq!(
            value("tarock_requests_total{rpc=\"ApplyAction\",code=\"OK\"}"),
            3.0
        );
        assert_eq!(
            value("tarock_requests_shed_total{reason=\"MEMORY_BUDGET\"}"),
            1.0
        );
        assert_eq!(
            value("tarock_cache_lookups_total{cache=\"replays\",result=\"miss\"}"),
            2.0
        );
        assert!(
            body.contains("# TYPE tarock_requests_in_flight gauge"),
            "{body}"
        );
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
        let recorder = prometheus().build_recorder();
        let handle = recorder.handle();
        let metrics = Arc::new(metrics::with_local_recorder(&recorder, Metrics::default));
        let svc = Instrumented::new(Engine::new(), Arc::clone(&metrics));
        let r = svc
            .next_deal(Request::new(lazy::NextDealRequest::default()))
            .await;
        assert_eq!(
            r.map(|_| ()).map_err(|s| s.code()),
            Err(Code::InvalidArgument)
        );
        assert!(handle
            .render()
            .contains("tarock_requests_total{rpc=\"NextDeal\",code=\"INVALID_ARGUMENT\"} 1"));
    }
}
