//! The server: the engine service with health, reflection, gRPC-Web, limits, metrics and a
//! graceful shutdown, on one listener.

use crate::coalesce::Coalesced;
use crate::metrics::{self, Metrics};
use crate::service::Engine;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tarock_proto::v1::engine_service_server::EngineServiceServer;
use tokio::net::TcpListener;
use tokio::sync::Notify;
use tokio_stream::StreamExt;
use tonic::transport::server::TcpIncoming;
use tonic::transport::Server;
use tonic_health::ServingStatus;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// Server settings (the binary fills them from flags and the environment).
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest request or response message, in bytes.
    pub max_message_bytes: usize,
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
    /// Connections are closed (gracefully) after this age, so load spreads over new replicas.
    pub max_connection_age: Duration,
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
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_message_bytes: 4 * 1024 * 1024,
            concurrency_per_connection: 256,
            global_concurrency: 4096,
            request_timeout: Duration::from_secs(10),
            keepalive_interval: Duration::from_secs(30),
            keepalive_timeout: Duration::from_secs(10),
            max_connection_age: Duration::from_secs(300),
            drain_delay: Duration::from_secs(5),
            shutdown_grace: Duration::from_secs(10),
            cors_origins: Vec::new(),
            keys: None,
            refuse_open_records: false,
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
/// [`ServerError`] when the reflection service cannot be built or the transport fails.
pub async fn run(
    listener: TcpListener,
    config: Config,
    metrics: Arc<Metrics>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let (reporter, health) = tonic_health::server::health_reporter();
    reporter
        .set_serving::<EngineServiceServer<metrics::Instrumented<Engine>>>()
        .await;
    reporter
        .set_service_status("", ServingStatus::Serving)
        .await;

    let reflection = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(tarock_proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()
        .map_err(|e| ServerError(format!("reflection: {e}")))?;

    if config.refuse_open_records && config.keys.is_none() {
        return Err(ServerError(
            "refusing open records needs a key ring for sealed ones".to_owned(),
        ));
    }
    let service = Engine::with_keys(config.keys.clone(), config.refuse_open_records);
    let engine = crate::routes::Routes::new(
        metrics::Instrumented::new(service, metrics),
        config.max_message_bytes,
        config.max_message_bytes,
    );

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

    // Small request/response pairs: without TCP_NODELAY on accepted connections, Nagle's
    // algorithm and delayed ACKs add tens of milliseconds to every call.
    let serve = Server::builder()
        .accept_http1(true)
        .concurrency_limit_per_connection(config.concurrency_per_connection)
        .timeout(config.request_timeout)
        .http2_keepalive_interval(Some(config.keepalive_interval))
        .http2_keepalive_timeout(Some(config.keepalive_timeout))
        .max_connection_age(config.max_connection_age)
        .layer(cors(&config.cors_origins))
        .layer(tonic_web::GrpcWebLayer::new())
        .layer(LoadShedLayer::new())
        .layer(GlobalConcurrencyLimitLayer::new(config.global_concurrency))
        .add_service(health)
        .add_service(reflection)
        .add_service(engine)
        .serve_with_incoming_shutdown(
            TcpIncoming::from(listener)
                .with_nodelay(Some(true))
                .map(|accepted| accepted.map(Coalesced::new)),
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
