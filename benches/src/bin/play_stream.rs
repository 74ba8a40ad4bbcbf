//! `play_stream`: random play over the Play stream, end to end on loopback, and one JSON line
//! with the actions per second.
//!
//! ```text
//! cargo build --release -p tarock-service -p tarock-benches
//! target/release/play_stream --spawn-server target/release/tarock-server --seconds 10
//! target/release/play_stream --server http://127.0.0.1:50051 --tables 256 --streams 2
//! target/release/play_stream --seconds 10             # a server in this process
//! ```
//!
//! Each stream opens `--tables` tables of `--variant` and then, message after message, takes at
//! every table an action drawn uniformly from the legal-action mask of the last answer, as a
//! learning client does: one message of `tables` actions, one answer with every table's seat to
//! act and mask (and with `--tensors` its observation and information state), decoded with prost
//! before the next message is made. The figure is actions applied per second over all streams,
//! from the first message after the tables are open to the end of the run. With
//! `--spawn-server` the line also gives the server's CPU time per action (`server_cpu_ns`), and
//! always the generator's own (`client_cpu_ns`): on a machine of two cores they share, the two
//! say where the time went. The run asserts that no action was refused and that the hands ended
//! and were dealt again.

use clap::Parser;
use prost::Message;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::transport::{Channel, Endpoint};

/// Flags.
#[derive(Debug, Parser)]
#[command(
    name = "play_stream",
    about = "Random play over the Play stream: actions per second, end to end"
)]
struct Args {
    /// The server's URL (else `--spawn-server`, else a server in this process).
    #[arg(long)]
    server: Option<String>,
    /// Start this `tarock-server` binary on a free loopback port, measure it and stop it.
    #[arg(long)]
    spawn_server: Option<String>,
    /// Tables per stream (each acts once per message).
    #[arg(long, default_value_t = 256)]
    tables: u32,
    /// Streams driven at once, each on its own connection.
    #[arg(long, default_value_t = 1)]
    streams: usize,
    /// The variant of every table.
    #[arg(long, default_value = "hungarian-illustrated")]
    variant: String,
    /// Seconds to run.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Ask for the observation and information-state tensors too.
    #[arg(long)]
    tensors: bool,
}

/// What one stream did.
#[derive(Debug, Default)]
struct Tally {
    actions: u64,
    messages: u64,
    hands: u64,
    answer_bytes: u64,
    latencies_us: Vec<u64>,
}

/// A small generator for the choices (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (((self.0 >> 32) * u64::from(n)) >> 32) as u32
    }
}

/// A random set bit of `mask`.
fn pick(mask: &[u8], rng: &mut Rng) -> Option<u32> {
    let count: u32 = mask.iter().map(|b| b.count_ones()).sum();
    if count == 0 {
        return None;
    }
    let mut k = rng.below(count);
    for (i, &b) in mask.iter().enumerate() {
        let n = b.count_ones();
        if k < n {
            let mut b = b;
            for _ in 0..k {
                b &= b - 1;
            }
            return Some(i as u32 * 8 + b.trailing_zeros());
        }
        k -= n;
    }
    None
}

/// Plays one stream on `channel` for the run's seconds from the start `start` gives.
async fn drive(
    channel: Channel,
    args: &Args,
    stream: usize,
    start: tokio::sync::watch::Receiver<Option<Instant>>,
) -> Result<Tally, String> {
    let mut c = EngineServiceClient::new(channel).max_decoding_message_size(64 * 1024 * 1024);
    let (tx, rx) = mpsc::channel::<pb::PlayRequest>(2);
    let mut answers = c
        .play(ReceiverStream::new(rx))
        .await
        .map_err(|e| format!("Play: {e}"))?
        .into_inner();
    let encodings = pb::EncodingRequest {
        legal_mask: true,
        observation: args.tensors,
        info_state: args.tensors,
        seat: None,
    };
    let open = (0..args.tables)
        .map(|i| {
            let mut seed = [0u8; 32];
            seed[..8].copy_from_slice(&(stream as u64 * 1_000_000 + u64::from(i)).to_le_bytes());
            pb::TableSpec {
                variant: args.variant.clone(),
                seed: seed.to_vec(),
                dealer: i % 3,
                ..Default::default()
            }
        })
        .collect();
    let mut next = pb::PlayRequest {
        open,
        encodings: Some(encodings),
        ..Default::default()
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (stream as u64 + 1));
    let mut tally = Tally::default();
    let tables: Vec<u32> = (0..args.tables).collect();
    let mut started: Option<(Instant, Instant)> = None;
    loop {
        let sent = Instant::now();
        tx.send(next)
            .await
            .map_err(|_| "the stream closed".to_owned())?;
        let answer = answers
            .message()
            .await
            .map_err(|e| format!("Play: {e}"))?
            .ok_or("the stream ended")?;
        let now = Instant::now();
        if !answer.errors.is_empty() {
            return Err(format!("refused: {:?}", answer.errors[0]));
        }
        if answer.tables.len() != tables.len() {
            return Err(format!("{} tables reported", answer.tables.len()));
        }
        if let Some((_, until)) = started {
            tally.actions += answer.tables.len() as u64;
            tally.messages += 1;
            tally.hands += answer.hand_over.iter().filter(|&&o| o).count() as u64;
            tally.answer_bytes += answer.encoded_len() as u64;
            tally.latencies_us.push((now - sent).as_micros() as u64);
            if now >= until {
                break;
            }
        } else {
            // The tables are open: every stream's run starts at the same moment.
            let mut start = start.clone();
            let begin = start
                .wait_for(Option::is_some)
                .await
                .map_err(|_| "no start".to_owned())?
                .unwrap_or_else(Instant::now);
            tokio::time::sleep_until(begin.into()).await;
            started = Some((begin, begin + Duration::from_secs_f64(args.seconds)));
        }
        let len = answer.legal_masks.len() / tables.len();
        let mut action_ids = Vec::with_capacity(tables.len());
        for mask in answer.legal_masks.chunks_exact(len.max(1)) {
            action_ids.push(pick(mask, &mut rng).ok_or("a mask with no legal action")?);
        }
        next = pb::PlayRequest {
            tables: tables.clone(),
            action_ids,
            ..Default::default()
        };
    }
    drop(tx);
    Ok(tally)
}

/// CPU time of process `pid` (this process when `None`), summed over its threads.
fn cpu_time(pid: Option<u32>) -> Option<Duration> {
    let dir = match pid {
        Some(p) => format!("/proc/{p}/task"),
        None => "/proc/self/task".to_owned(),
    };
    let mut total = 0u64;
    for t in std::fs::read_dir(dir).ok()?.flatten() {
        let s = std::fs::read_to_string(t.path().join("schedstat")).ok()?;
        total += s.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(Duration::from_nanos(total))
}

/// A spawned server, stopped when dropped.
struct Spawned(Child);

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn connect(url: &str) -> Result<Channel, String> {
    let endpoint = Endpoint::from_shared(url.to_owned())
        .map_err(|e| format!("bad server url {url:?}: {e}"))?
        .tcp_nodelay(true);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match endpoint.connect().await {
            Ok(c) => return Ok(c),
            Err(e) if Instant::now() > deadline => return Err(format!("cannot connect: {e}")),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

async fn run(args: Args) -> Result<serde_json::Value, String> {
    let mut spawned = None;
    let mut in_process = None;
    let url = if let Some(url) = &args.server {
        url.clone()
    } else {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        if let Some(path) = &args.spawn_server {
            drop(listener);
            let child = Command::new(path)
                .args(["--listen", &addr.to_string(), "--drain-delay-secs", "0"])
                .env("RUST_LOG", "warn")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("cannot start {path}: {e}"))?;
            spawned = Some(Spawned(child));
        } else {
            listener.set_nonblocking(true).map_err(|e| e.to_string())?;
            let listener =
                tokio::net::TcpListener::from_std(listener).map_err(|e| e.to_string())?;
            let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
            let config = tarock_service::Config {
                drain_delay: Duration::ZERO,
                ..tarock_service::Config::default()
            };
            let metrics = std::sync::Arc::new(tarock_service::metrics::Metrics::default());
            tokio::spawn(tarock_service::run(listener, config, metrics, async move {
                let _ = stopped.await;
            }));
            in_process = Some(stop);
        }
        format!("http://{addr}")
    };
    let server_pid = spawned.as_ref().map(|s| s.0.id());
    let args = std::sync::Arc::new(args);
    let (start_tx, start_rx) = tokio::sync::watch::channel(None);
    let mut tasks = Vec::new();
    for stream in 0..args.streams.max(1) {
        let channel = connect(&url).await?;
        let args = std::sync::Arc::clone(&args);
        let start = start_rx.clone();
        tasks.push(tokio::spawn(async move {
            drive(channel, &args, stream, start).await
        }));
    }
    // The streams open their tables; then the clock starts for all of them.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let begin = Instant::now() + Duration::from_millis(100);
    let _ = start_tx.send(Some(begin));
    tokio::time::sleep_until(begin.into()).await;
    let (server_before, client_before) = (cpu_time(server_pid), cpu_time(None));
    let mut total = Tally::default();
    for t in tasks {
        let tally = t.await.map_err(|e| e.to_string())??;
        total.actions += tally.actions;
        total.messages += tally.messages;
        total.hands += tally.hands;
        total.answer_bytes += tally.answer_bytes;
        total.latencies_us.extend(tally.latencies_us);
    }
    let elapsed = begin.elapsed().as_secs_f64();
    let per_action = |before: Option<Duration>, after: Option<Duration>| match (before, after) {
        (Some(b), Some(a)) if total.actions > 0 => {
            Some(((a - b).as_nanos() as f64 / total.actions as f64).round())
        }
        _ => None,
    };
    let server_cpu_ns = per_action(server_before, cpu_time(server_pid));
    let client_cpu_ns = per_action(client_before, cpu_time(None));
    if let Some(stop) = in_process {
        let _ = stop.send(());
    }
    drop(spawned);
    if total.actions == 0 || total.hands == 0 {
        return Err(format!(
            "{} actions and {} hands played: nothing measured",
            total.actions, total.hands
        ));
    }
    total.latencies_us.sort_unstable();
    let q = |p: f64| tarock_benches::quantile(&total.latencies_us, p);
    Ok(serde_json::json!({
        "bench": "play_stream",
        "server": if server_pid.is_some() { "spawned" } else if args.server.is_some() { "remote" } else { "in_process" },
        "variant": args.variant,
        "tables_per_stream": args.tables,
        "streams": args.streams.max(1),
        "tensors": args.tensors,
        "seconds": (elapsed * 100.0).round() / 100.0,
        "actions": total.actions,
        "actions_per_s": (total.actions as f64 / elapsed).round(),
        "messages_per_s": (total.messages as f64 / elapsed).round(),
        "hands_per_s": (total.hands as f64 / elapsed).round(),
        "answer_bytes_per_action": (total.answer_bytes as f64 / total.actions as f64).round(),
        "message_p50_us": q(0.5),
        "message_p99_us": q(0.99),
        "server_cpu_ns": server_cpu_ns,
        "client_cpu_ns": client_cpu_ns,
    }))
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match rt.block_on(run(args)) {
        Ok(line) => {
            println!("{line}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
