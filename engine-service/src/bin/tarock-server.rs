//! `tarock-server`: the stateless tarock rules-engine gRPC server.
//!
//! Thin by design: parses the configuration, sets up logging and telemetry, binds the
//! listeners, and calls [`tarock_service::run`] with a future that completes on SIGTERM or
//! ctrl-c.

use clap::Parser;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tarock_service::metrics::Metrics;
use tarock_service::{telemetry, Config};

// Every request decodes a record and encodes a response of many small strings and vectors: with
// glibc's allocator, allocating and freeing them took about a quarter of the server's CPU under
// load (docs/performance.md). mimalloc's thread-local free lists halve that; its v2 series (the
// `v2` feature) is faster than v3 on a cold core and keeps less memory (CHANGELOG).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Command-line flags; every flag also reads an environment variable.
#[derive(Debug, Parser)]
#[command(
    name = "tarock-server",
    version,
    about = "Stateless gRPC rules engine for the tarock family of card games"
)]
struct Args {
    /// Address for gRPC (and gRPC-Web, health, reflection).
    #[arg(long, env = "TAROCK_LISTEN", default_value = "127.0.0.1:50051")]
    listen: SocketAddr,
    /// Address for the Prometheus metrics endpoint (`/metrics`); unset: no endpoint.
    #[arg(long, env = "TAROCK_METRICS_LISTEN")]
    metrics_listen: Option<SocketAddr>,
    /// Log format: `text` or `json`.
    #[arg(long, env = "TAROCK_LOG_FORMAT", default_value = "text", value_parser = ["text", "json"])]
    log_format: String,
    /// Largest request message, in bytes (OUT_OF_RANGE beyond). The default is nearly four
    /// times the longest legal record (17.6 KB).
    #[arg(long, env = "TAROCK_MAX_MESSAGE_BYTES", default_value_t = 64 * 1024)]
    max_message_bytes: usize,
    /// Bytes of request bodies in flight on the whole server; a request that would go over
    /// fails with RESOURCE_EXHAUSTED.
    #[arg(long, env = "TAROCK_MAX_INFLIGHT_BYTES", default_value_t = 32 * 1024 * 1024)]
    max_inflight_bytes: usize,
    /// Requests in flight per connection.
    #[arg(long, env = "TAROCK_CONCURRENCY_PER_CONNECTION", default_value_t = 256)]
    concurrency_per_connection: usize,
    /// Requests in flight on the server; beyond it requests fail with RESOURCE_EXHAUSTED.
    #[arg(long, env = "TAROCK_GLOBAL_CONCURRENCY", default_value_t = 1024)]
    global_concurrency: usize,
    /// Request timeout, in milliseconds.
    #[arg(long, env = "TAROCK_REQUEST_TIMEOUT_MS", default_value_t = 10_000)]
    request_timeout_ms: u64,
    /// HTTP/2 keepalive interval, in seconds.
    #[arg(long, env = "TAROCK_KEEPALIVE_SECS", default_value_t = 30)]
    keepalive_secs: u64,
    /// A connection from which nothing arrives for this many seconds is closed (one that never
    /// sends the HTTP/2 preface, a silent peer). Keep it above the keepalive interval.
    #[arg(long, env = "TAROCK_IDLE_TIMEOUT_SECS", default_value_t = 60)]
    idle_timeout_secs: u64,
    /// Maximum connection age, in seconds (connections are then closed gracefully).
    #[arg(long, env = "TAROCK_MAX_CONNECTION_AGE_SECS", default_value_t = 300)]
    max_connection_age_secs: u64,
    /// Seconds a connection past its maximum age may take to close before it is dropped.
    #[arg(
        long,
        env = "TAROCK_MAX_CONNECTION_AGE_GRACE_SECS",
        default_value_t = 30
    )]
    max_connection_age_grace_secs: u64,
    /// After SIGTERM, seconds of NOT_SERVING health before the listener closes.
    #[arg(long, env = "TAROCK_DRAIN_DELAY_SECS", default_value_t = 5)]
    drain_delay_secs: u64,
    /// After the drain delay, seconds in-flight requests may take to finish.
    #[arg(long, env = "TAROCK_SHUTDOWN_GRACE_SECS", default_value_t = 10)]
    shutdown_grace_secs: u64,
    /// Origins allowed for gRPC-Web (comma-separated); empty: any origin.
    #[arg(long, env = "TAROCK_CORS_ORIGINS", value_delimiter = ',')]
    cors_origins: Vec<String>,
    /// Directory of sealing keys (`<id>.key` files of 64 hex digits, optional `active` file);
    /// enables sealed records and seat tokens.
    #[arg(long, env = "TAROCK_KEYS_DIR")]
    keys_dir: Option<std::path::PathBuf>,
    /// Accept sealed records only (for public deployments); needs --keys-dir.
    #[arg(long, env = "TAROCK_REFUSE_OPEN_RECORDS")]
    refuse_open_records: bool,
    /// Let sealed deals (NewDeal, NextDeal) be dealt from a seed or cards the client chose.
    /// Off by default: a sealed deal is dealt from a seed the server draws, so its seed
    /// commitment means the deal was random.
    #[arg(long, env = "TAROCK_ALLOW_CHOSEN_SEALED_DEALS")]
    allow_chosen_sealed_deals: bool,
    /// Tables open at once on one Play stream; beyond it an open is refused (TABLE_LIMIT).
    #[arg(long, env = "TAROCK_PLAY_TABLES_PER_STREAM", default_value_t = 1024)]
    play_tables_per_stream: usize,
    /// Play streams open at once; a new stream beyond it fails with RESOURCE_EXHAUSTED.
    #[arg(long, env = "TAROCK_PLAY_STREAMS", default_value_t = 48)]
    play_streams: usize,
    /// A Play or ValidateGames stream on which no message comes for this many seconds is ended
    /// (DEADLINE_EXCEEDED, STREAM_IDLE).
    #[arg(long, env = "TAROCK_STREAM_IDLE_SECS", default_value_t = 60)]
    stream_idle_secs: u64,
    /// The most worlds one SampleWorlds request may ask for.
    #[arg(long, env = "TAROCK_MAX_WORLDS", default_value_t = 1000)]
    max_worlds: u32,
    /// Search bot decisions running at once, each on its own thread (default: one per core);
    /// further SuggestMove requests for the search bot wait for a free one.
    #[arg(long, env = "TAROCK_SEARCH_THREADS")]
    search_threads: Option<usize>,
    /// The most worlds one search decision may ask for.
    #[arg(long, env = "TAROCK_MAX_SEARCH_WORLDS", default_value_t = 4096)]
    max_search_worlds: u32,
    /// The longest time bound, in milliseconds, one search decision may ask for.
    #[arg(long, env = "TAROCK_MAX_SEARCH_MS", default_value_t = 10_000)]
    max_search_ms: u64,
    /// The most nodes one SolvePosition request may search (about 150 ns each).
    #[arg(long, env = "TAROCK_MAX_SOLVE_NODES", default_value_t = 50_000_000)]
    max_solve_nodes: u64,
    /// Directory of a built web app (with an `index.html`) whose files are served to GET and
    /// HEAD requests on the gRPC port; unset: no files.
    #[arg(long, env = "TAROCK_WEB_DIR")]
    web_dir: Option<std::path::PathBuf>,
}

/// Installs the Prometheus recorder with its HTTP listener on `addr` (every path, GET and HEAD,
/// answers the exposition), and collects the process's metrics every few seconds; the task that
/// serves them.
fn serve_metrics(addr: SocketAddr) -> Result<tokio::task::JoinHandle<()>, String> {
    let (recorder, exporter) = tarock_service::metrics::prometheus()
        .with_http_listener(addr)
        .build()
        .map_err(|e| e.to_string())?;
    metrics::set_global_recorder(recorder).map_err(|e| e.to_string())?;
    let process = metrics_process::Collector::default();
    process.describe();
    Ok(tokio::spawn(async move {
        let collect = async {
            loop {
                process.collect();
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
        };
        tokio::select! {
            r = exporter => {
                if let Err(e) = r {
                    tracing::error!(error = ?e, "the metrics endpoint stopped");
                }
            }
            () = collect => {}
        }
    }))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let telemetry = match telemetry::init(&args.log_format) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: telemetry: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let keys = match &args.keys_dir {
        None => None,
        Some(dir) => match tarock_service::seal::KeyRing::load_dir(dir) {
            Ok(k) => {
                tracing::info!(active = k.active_id(), "sealing keys loaded");
                Some(Arc::new(k))
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot load sealing keys");
                return std::process::ExitCode::FAILURE;
            }
        },
    };
    if let Some(dir) = &args.web_dir {
        if let Err(e) = tarock_service::web::check_dir(dir) {
            tracing::error!(error = %e, "cannot serve the web directory");
            return std::process::ExitCode::FAILURE;
        }
    }
    if args.idle_timeout_secs <= args.keepalive_secs {
        tracing::error!(
            idle_timeout_secs = args.idle_timeout_secs,
            keepalive_secs = args.keepalive_secs,
            "the idle timeout must be longer than the keepalive interval, or live connections close"
        );
        return std::process::ExitCode::FAILURE;
    }
    let config = Config {
        max_message_bytes: args.max_message_bytes.max(1),
        max_inflight_bytes: args.max_inflight_bytes.max(1),
        concurrency_per_connection: args.concurrency_per_connection.max(1),
        global_concurrency: args.global_concurrency.max(1),
        request_timeout: Duration::from_millis(args.request_timeout_ms.max(1)),
        keepalive_interval: Duration::from_secs(args.keepalive_secs.max(1)),
        keepalive_timeout: Duration::from_secs(10),
        idle_timeout: Duration::from_secs(args.idle_timeout_secs.max(1)),
        max_connection_age: Duration::from_secs(args.max_connection_age_secs.max(1)),
        max_connection_age_grace: Duration::from_secs(args.max_connection_age_grace_secs),
        drain_delay: Duration::from_secs(args.drain_delay_secs),
        shutdown_grace: Duration::from_secs(args.shutdown_grace_secs),
        cors_origins: args
            .cors_origins
            .into_iter()
            .filter(|o| !o.is_empty())
            .collect(),
        keys,
        refuse_open_records: args.refuse_open_records,
        allow_chosen_sealed_deals: args.allow_chosen_sealed_deals,
        limits: tarock_service::Limits {
            tables_per_stream: args.play_tables_per_stream.max(1),
            play_streams: args.play_streams,
            stream_idle: Duration::from_secs(args.stream_idle_secs.max(1)),
            max_worlds: args.max_worlds.max(1),
            search_threads: args
                .search_threads
                .filter(|&n| n > 0)
                .unwrap_or_else(tarock_service::service::default_search_threads),
            max_search_worlds: args.max_search_worlds.max(1),
            max_search_time: Duration::from_millis(args.max_search_ms),
            max_solve_nodes: args.max_solve_nodes.max(1),
        },
        web_dir: args.web_dir,
    };
    let listener = match tokio::net::TcpListener::bind(args.listen).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(address = %args.listen, error = %e, "cannot listen");
            return std::process::ExitCode::FAILURE;
        }
    };
    let exporter = match args.metrics_listen {
        None => None,
        Some(addr) => match serve_metrics(addr) {
            Ok(task) => {
                tracing::info!(address = %addr, "metrics listening");
                Some(task)
            }
            Err(e) => {
                tracing::error!(address = %addr, error = %e, "cannot serve metrics");
                return std::process::ExitCode::FAILURE;
            }
        },
    };
    // Made after the recorder is installed, so that its handles record into it.
    let metrics = Arc::new(Metrics::default());
    tracing::info!(address = %listener.local_addr().unwrap_or(args.listen), "tarock-server listening");
    let result = tarock_service::run(listener, config, metrics, shutdown_signal()).await;
    if let Some(task) = exporter {
        task.abort();
    }
    telemetry.shutdown();
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            std::process::ExitCode::FAILURE
        }
    }
}
