//! The server: the engine service with health, reflection, gRPC-Web, limits, metrics and a
//! graceful shutdown, on one listener, and optionally the static files of a web app.

use crate::layers::{BudgetLayer, DetailsLayer};
use crate::metrics::{self, Metrics};
use crate::service::Engine;
use crate::web::{self, WebFilesLayer};
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tarock_proto::server::engine_service_server::EngineServiceServer;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio_io_timeout::TimeoutStream;
use tokio_stream::StreamExt;
use tonic::transport::server::{Connected, TcpConnectInfo, TcpIncoming};
use tonic::transport::Server;
use tonic_health::ServingStatus;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;
use tower::util::option_layer;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// The largest response message, in bytes: the server's own answers (a view of the longest
/// legal hand is a few tens of kilobytes; an answer of a Play stream with the tensors of 256
/// tables a few megabytes), bounded only against a broken invariant.
pub const MAX_RESPONSE_BYTES: usize = 16 * 1024 * 1024;

/// Server settings (the binary fills them from flags and the environment).
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest request message, in bytes (OUT_OF_RANGE beyond). The default, 64 KiB, is nearly four
    /// times the longest legal record measured (17.6 KB: a five-seat High tarokk hand of 512
    /// actions with every announcement and kontra, explicit cards and every option spelled out;
    /// `tests/tests/e2e/hardening.rs` measures it) and twenty times a whole Danish hand.
    pub max_message_bytes: usize,
    /// The bytes of request bodies in flight on the whole server; a request that would go over
    /// fails with RESOURCE_EXHAUSTED (see [`crate::layers::BudgetLayer`]).
    pub max_inflight_bytes: usize,
    /// Requests in flight on one connection.
    pub concurrency_per_connection: usize,
    /// Requests in flight on the whole server; beyond it requests fail with RESOURCE_EXHAUSTED.
    pub global_concurrency: usize,
    /// Longest time a request may take.
    pub request_timeout: Duration,
    /// HTTP/2 keepalive ping interval.
    pub keepalive_interval: Duration,
    /// HTTP/2 keepalive ping timeout.
    pub keepalive_timeout: Duration,
    /// A connection from which nothing arrives for this long is closed: one that never sends
    /// the HTTP/2 preface, or a peer gone silent. Longer than the keepalive interval, so that a
    /// live client's answers to the pings keep its connection.
    pub idle_timeout: Duration,
    /// Connections are closed (gracefully) after this age, so load spreads over new replicas.
    pub max_connection_age: Duration,
    /// After its maximum age, how long a connection may take to close before it is dropped.
    pub max_connection_age_grace: Duration,
    /// After a shutdown signal, how long health reports NOT_SERVING before the server stops
    /// accepting (so load balancers stop sending).
    pub drain_delay: Duration,
    /// After the drain delay, how long in-flight requests may take to finish.
    pub shutdown_grace: Duration,
    /// Origins allowed to call over gRPC-Web; empty means any.
    pub cors_origins: Vec<String>,
    /// The key ring for sealed records; `None`: open records only.
    pub keys: Option<Arc<crate::seal::KeyRing>>,
    /// Accept sealed records only (public deployments). Needs `keys`.
    pub refuse_open_records: bool,
    /// Let a sealed deal be dealt from a seed or cards the client chose. Off by default, so that
    /// a sealed deal's seed commitment means the deal was random.
    pub allow_chosen_sealed_deals: bool,
    /// The bounds of the Play and ValidateGames streams (tables per stream, Play streams, idle
    /// timeout) and of SampleWorlds (worlds per request).
    pub limits: crate::Limits,
    /// A directory of static files (a built web app, with an `index.html`) served to GET and
    /// HEAD requests on the same port (see [`crate::web`]); `None`: no files.
    pub web_dir: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_message_bytes: 64 * 1024,
            max_inflight_bytes: 32 * 1024 * 1024,
            concurrency_per_connection: 256,
            global_concurrency: 1024,
            request_timeout: Duration::from_secs(10),
            keepalive_interval: Duration::from_secs(30),
            keepalive_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connection_age: Duration::from_secs(300),
            max_connection_age_grace: Duration::from_secs(30),
            drain_delay: Duration::from_secs(5),
            shutdown_grace: Duration::from_secs(10),
            cors_origins: Vec::new(),
            keys: None,
            refuse_open_records: false,
            allow_chosen_sealed_deals: false,
            limits: crate::Limits::default(),
            web_dir: None,
        }
    }
}

/// Error from running the server.
#[derive(Debug)]
pub struct ServerError(String);

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServerError {}

fn cors(origins: &[String]) -> CorsLayer {
    let allow = if origins.is_empty() {
        AllowOrigin::any()
    } else {
        AllowOrigin::list(origins.iter().filter_map(|o| o.parse().ok()))
    };
    CorsLayer::new()
        .allow_origin(allow)
        .allow_methods([http::Method::POST, http::Method::OPTIONS])
        .allow_headers(tower_http::cors::Any)
        .expose_headers([
            http::HeaderName::from_static("grpc-status"),
            http::HeaderName::from_static("grpc-message"),
            http::HeaderName::from_static("grpc-status-details-bin"),
        ])
}

/// Serves on `listener` until `shutdown` completes, then shuts down gracefully: health goes
/// NOT_SERVING, the drain delay passes, the listener closes, and in-flight requests get
/// `shutdown_grace` to finish.
///
/// # Errors
/// [`ServerError`] when the web directory is not a directory with an `index.html`, the
/// reflection service cannot be built or the transport fails.
pub async fn run(
    listener: TcpListener,
    config: Config,
    metrics: Arc<Metrics>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    if let Some(dir) = &config.web_dir {
        web::check_dir(dir).map_err(ServerError)?;
    }
    let (reporter, health) = tonic_health::server::health_reporter();
    reporter
        .set_serving::<EngineServiceServer<metrics::Instrumented<Engine>>>()
        .await;
    reporter
        .set_service_status("", ServingStatus::Serving)
        .await;

    // Reflection in both versions: grpcurl and most tools speak v1, Python's grpcio-reflection
    // and older tools only v1alpha.
    let reflection = || {
        tonic_reflection::server::Builder::configure()
            .register_encoded_file_descriptor_set(tarock_proto::FILE_DESCRIPTOR_SET)
            .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
    };
    let reflection_v1 = reflection()
        .build_v1()
        .map_err(|e| ServerError(format!("reflection: {e}")))?;
    let reflection_v1alpha = reflection()
        .build_v1alpha()
        .map_err(|e| ServerError(format!("reflection: {e}")))?;

    if config.refuse_open_records && config.keys.is_none() {
        return Err(ServerError(
            "refusing open records needs a key ring for sealed ones".to_owned(),
        ));
    }
    let service = Engine::with_keys(config.keys.clone(), config.refuse_open_records)
        .allowing_chosen_deals(config.allow_chosen_sealed_deals)
        .with_limits(config.limits);
    let engine =
        EngineServiceServer::new(metrics::Instrumented::new(service, Arc::clone(&metrics)))
            .max_decoding_message_size(config.max_message_bytes)
            .max_encoding_message_size(MAX_RESPONSE_BYTES);

    // Shutdown sequence: signal → NOT_SERVING → drain delay → stop accepting → grace period.
    let stop = Arc::new(Notify::new());
    let stopped = Arc::new(Notify::new());
    {
        let (stop, stopped, reporter) = (stop.clone(), stopped.clone(), reporter.clone());
        let drain = config.drain_delay;
        tokio::spawn(async move {
            shutdown.await;
            tracing::info!("shutdown requested: health NOT_SERVING, draining");
            reporter
                .set_not_serving::<EngineServiceServer<metrics::Instrumented<Engine>>>()
                .await;
            reporter
                .set_service_status("", ServingStatus::NotServing)
                .await;
            tokio::time::sleep(drain).await;
            tracing::info!("no longer accepting connections");
            stop.notify_one();
            stopped.notify_one();
        });
    }

    let idle = config.idle_timeout;
    // Small request/response pairs: without TCP_NODELAY on accepted connections, Nagle's
    // algorithm and delayed ACKs add tens of milliseconds to every call.
    let serve = Server::builder()
        .accept_http1(true)
        .concurrency_limit_per_connection(config.concurrency_per_connection)
        .timeout(config.request_timeout)
        .http2_keepalive_interval(Some(config.keepalive_interval))
        .http2_keepalive_timeout(Some(config.keepalive_timeout))
        .max_connection_age(config.max_connection_age)
        .max_connection_age_grace(config.max_connection_age_grace)
        .layer(option_layer(config.web_dir.map(WebFilesLayer::new)))
        .layer(cors(&config.cors_origins))
        .layer(tonic_web::GrpcWebLayer::new())
        .layer(DetailsLayer(Arc::clone(&metrics)))
        .layer(LoadShedLayer::new())
        .layer(GlobalConcurrencyLimitLayer::new(config.global_concurrency))
        .layer(BudgetLayer::new(
            config.max_inflight_bytes,
            Arc::clone(&metrics),
        ))
        .add_service(health)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(engine)
        .serve_with_incoming_shutdown(
            TcpIncoming::from(listener)
                .with_nodelay(Some(true))
                .map(move |accepted| accepted.map(|s| Connection::new(s, idle))),
            async move {
                stop.notified().await;
            },
        );
    let grace = config.shutdown_grace;
    let bounded = async move {
        stopped.notified().await;
        tokio::time::sleep(grace).await;
    };
    tokio::select! {
        r = serve => r.map_err(|e| ServerError(format!("transport: {e}"))),
        () = bounded => {
            tracing::warn!("in-flight requests did not finish within the shutdown grace period");
            Ok(())
        }
    }
}

/// An accepted connection that is closed when nothing arrives on it for the idle timeout (see
/// [`Config::idle_timeout`]): the timer runs while the server waits to read, and starts again
/// with every byte read.
struct Connection(Pin<Box<TimeoutStream<TcpStream>>>);

impl Connection {
    fn new(stream: TcpStream, idle: Duration) -> Connection {
        let mut s = TimeoutStream::new(stream);
        s.set_read_timeout(Some(idle));
        Connection(Box::pin(s))
    }
}

impl Connected for Connection {
    type ConnectInfo = TcpConnectInfo;

    fn connect_info(&self) -> TcpConnectInfo {
        self.0.get_ref().connect_info()
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        self.0.as_mut().poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.0.as_mut().poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        self.0.as_mut().poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.0.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.0.as_mut().poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.0.as_mut().poll_shutdown(cx)
    }
}
