//! Reaching a server: the one given by `--server`, or one started in this process.
//!
//! Starting an in-process server is the client's only use of the `tarock-service` crate, and
//! only with the `embedded-server` feature (on by default): it binds `127.0.0.1:0`, runs
//! `tarock_service::run` on this process's runtime, and is then spoken to over real gRPC like
//! any other server. Everything the client shows comes through the public API; built without
//! the feature, the client links nothing but that API.

use crate::error::CliError;
use std::time::Duration;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tokio::sync::oneshot;
use tonic::transport::{Channel, Endpoint};

/// The generated client over one channel. Cheap to clone: clones share the channel.
pub(crate) type Client = EngineServiceClient<Channel>;

/// A connected client, and the in-process server when one was started (it stops when this is
/// dropped).
pub(crate) struct Connection {
    /// The client.
    pub(crate) client: Client,
    _server: Option<InProcess>,
}

/// A server running on this process's runtime; stopped when dropped.
struct InProcess {
    stop: Option<oneshot::Sender<()>>,
}

impl Drop for InProcess {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            // The server may already have stopped; then there is nobody to tell.
            let _ = tx.send(());
        }
    }
}

/// Records of long games stay far below this; the default 4 MiB would do too, but a client
/// should not be the narrower end.
const MAX_MESSAGE_BYTES: usize = 64 * 1024 * 1024;

/// Connects to `server`, or starts a server in this process when `server` is `None`.
///
/// # Errors
/// [`CliError::Connect`] when the URL is malformed, the server does not answer, or the
/// in-process server cannot bind a loopback port.
pub(crate) async fn connect(server: Option<&str>) -> Result<Connection, CliError> {
    match server {
        Some(url) => {
            let url = if url.contains("://") {
                url.to_owned()
            } else {
                format!("http://{url}")
            };
            let channel = dial(&url).await?;
            Ok(Connection {
                client: client(channel),
                _server: None,
            })
        }
        None => {
            let (url, server) = embedded().await?;
            Ok(Connection {
                client: client(dial(&url).await?),
                _server: Some(server),
            })
        }
    }
}

/// Starts a server in this process on a loopback port: its URL, and what stops it.
#[cfg(feature = "embedded-server")]
async fn embedded() -> Result<(String, InProcess), CliError> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| CliError::Connect(format!("cannot start a server on a loopback port: {e}")))?;
    let addr = listener
        .local_addr()
        .map_err(|e| CliError::Connect(format!("cannot start a server on a loopback port: {e}")))?;
    let (tx, rx) = oneshot::channel::<()>();
    let config = tarock_service::Config {
        // Nobody else uses this server: no load balancer to drain.
        drain_delay: Duration::ZERO,
        shutdown_grace: Duration::from_secs(1),
        max_message_bytes: MAX_MESSAGE_BYTES,
        ..tarock_service::Config::default()
    };
    let metrics = std::sync::Arc::new(tarock_service::metrics::Metrics::default());
    tokio::spawn(async move {
        let shutdown = async move {
            let _ = rx.await;
        };
        if let Err(e) = tarock_service::run(listener, config, metrics, shutdown).await {
            crate::out::stderr(format_args!("error: the in-process server stopped: {e}\n"));
        }
    });
    Ok((format!("http://{addr}"), InProcess { stop: Some(tx) }))
}

/// Without the `embedded-server` feature there is no server to start: `--server` is needed.
#[cfg(not(feature = "embedded-server"))]
async fn embedded() -> Result<(String, InProcess), CliError> {
    Err(CliError::Connect(
        "this build of tarock has no embedded server: give --server URL (or TAROCK_SERVER)"
            .to_owned(),
    ))
}

fn client(channel: Channel) -> Client {
    EngineServiceClient::new(channel)
        .max_decoding_message_size(MAX_MESSAGE_BYTES)
        .max_encoding_message_size(MAX_MESSAGE_BYTES)
}

async fn dial(url: &str) -> Result<Channel, CliError> {
    let endpoint = Endpoint::from_shared(url.to_owned())
        .map_err(|e| CliError::Connect(format!("not a server URL: {url}: {e}")))?
        .connect_timeout(Duration::from_secs(5))
        .tcp_nodelay(true);
    endpoint.connect().await.map_err(|e| {
        // The transport's errors wrap each other, often repeating the same words: name each
        // cause once.
        let mut causes = vec![e.to_string()];
        let mut source = std::error::Error::source(&e);
        while let Some(s) = source {
            let text = s.to_string();
            if !causes.iter().any(|c| c.contains(&text)) {
                causes.push(text);
            }
            source = s.source();
        }
        CliError::Connect(format!(
            "cannot connect to the server at {url}: {}",
            causes.join(": ")
        ))
    })
}
