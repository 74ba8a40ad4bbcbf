//! `loadgen`: drives a running tarock server over loopback at a given concurrency for a given
//! time and prints one JSON line with the throughput and latency of each kind of request.
//!
//! ```text
//! cargo build --release -p tarock-service -p tarock-benches
//! target/release/loadgen --spawn-server target/release/tarock-server --concurrency 32 --seconds 20
//! target/release/loadgen --server http://127.0.0.1:50051 --concurrency 32 --seconds 20
//! ```
//!
//! The requests are a realistic mix: records of games in progress (every variant, stopped at a
//! random point of a deal played by players who mostly pass in the round of announcements, so a
//! few dozen actions long, as stored records are), sent to `LegalMoves`, and to `ApplyAction`
//! with the action that was played next, the acting seat and its view. In the same run the
//! standard `grpc.health.v1.Health/Check` is driven on the same server: it does no work, so its
//! throughput is the floor the transport sets, and each RPC's `ratio_to_health` compares with it.
//!
//! The kinds take turns in slices of half a second until each has had its share of the time,
//! so a drift of the machine (another process, thermal limits) touches them alike. Requests are
//! encoded once before the run and sent as raw bytes, and responses are counted, not decoded, so
//! that the generator, which shares the machine's cores with the server, spends as little CPU as
//! it can.
//!
//! Sealed records: `apply_action_sealed` is measured only when the server supports sealed
//! records. Before the run one `ApplyAction` with a sealed record is tried; a server without
//! them answers UNIMPLEMENTED and the line reports `{"supported": false, …}` with null figures.
//! (The API has no way yet for a client to obtain a sealed record, so until it has, any other
//! answer is reported the same way, with the status code seen.)
//!
//! With `--spawn-server PATH` the generator starts the server itself on a free loopback port,
//! waits for its health check, and reports `server_peak_rss_mib`: the server's peak resident
//! memory (VmHWM in `/proc/PID/status`) after the run. It stops that server when done.

use bytes::{Buf, BufMut, Bytes};
use clap::Parser;
use prost::Message;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tarock_benches::{quantile, random_deal, setup, Policy, Rng, VARIANTS};
use tarock_engine::game::Game;
use tarock_engine::{AnyGame, RULES_VERSION};
use tarock_proto::v1 as pb;
use tarock_service::convert;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::codegen::http::uri::PathAndQuery;
use tonic::transport::{Channel, Endpoint};
use tonic::{Code, Status};

/// Flags.
#[derive(Debug, Parser)]
#[command(
    name = "loadgen",
    about = "Load generator for the tarock gRPC server: LegalMoves and ApplyAction against the health check"
)]
struct Args {
    /// The server's URL, e.g. `http://127.0.0.1:50051` (not needed with `--spawn-server`).
    #[arg(long)]
    server: Option<String>,
    /// Start this `tarock-server` binary on a free loopback port, measure it and stop it.
    #[arg(long)]
    spawn_server: Option<String>,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 32)]
    concurrency: usize,
    /// Total time of the measured run, in seconds (shared among the kinds of request).
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// HTTP/2 connections the requests are spread over (default: one per request in flight, as
    /// that many independent clients would have).
    #[arg(long)]
    connections: Option<usize>,
    /// Records of games in progress to cycle through.
    #[arg(long, default_value_t = 512)]
    records: usize,
    /// Worker threads of the generator's own runtime (it shares the machine with the server).
    #[arg(long, default_value_t = 2)]
    client_threads: usize,
}

// ----- a codec for pre-encoded requests ----------------------------------------------------------

/// Sends pre-encoded protobuf bytes and counts the bytes of the answer without decoding them.
#[derive(Clone, Copy, Debug, Default)]
struct Raw;

#[derive(Clone, Copy, Debug, Default)]
struct RawEncoder;

#[derive(Clone, Copy, Debug, Default)]
struct RawDecoder;

impl Codec for Raw {
    type Encode = Bytes;
    type Decode = usize;
    type Encoder = RawEncoder;
    type Decoder = RawDecoder;

    fn encoder(&mut self) -> RawEncoder {
        RawEncoder
    }

    fn decoder(&mut self) -> RawDecoder {
        RawDecoder
    }
}

impl Encoder for RawEncoder {
    type Item = Bytes;
    type Error = Status;

    fn encode(&mut self, item: Bytes, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        dst.put_slice(&item);
        Ok(())
    }
}

impl Decoder for RawDecoder {
    type Item = usize;
    type Error = Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<usize>, Status> {
        let n = src.remaining();
        src.advance(n);
        Ok(Some(n))
    }
}

async fn call(channel: &Channel, path: &'static str, body: &Bytes) -> Result<usize, Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    grpc.ready()
        .await
        .map_err(|e| Status::unavailable(format!("not ready: {e}")))?;
    let r = grpc
        .unary(
            tonic::Request::new(body.clone()),
            PathAndQuery::from_static(path),
            Raw,
        )
        .await?;
    Ok(r.into_inner())
}

// ----- the requests ------------------------------------------------------------------------------

const HEALTH: &str = "/grpc.health.v1.Health/Check";
const LEGAL_MOVES: &str = "/tarock.v1.EngineService/LegalMoves";
const APPLY_ACTION: &str = "/tarock.v1.EngineService/ApplyAction";

/// The kinds of request measured, in the order of the JSON line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Health,
    LegalMoves,
    ApplyAction,
}

impl Kind {
    const fn key(self) -> &'static str {
        match self {
            Kind::Health => "health",
            Kind::LegalMoves => "legal_moves",
            Kind::ApplyAction => "apply_action",
        }
    }

    const fn path(self) -> &'static str {
        match self {
            Kind::Health => HEALTH,
            Kind::LegalMoves => LEGAL_MOVES,
            Kind::ApplyAction => APPLY_ACTION,
        }
    }
}

/// Encoded requests of every kind.
struct Requests {
    health: Vec<Bytes>,
    legal_moves: Vec<Bytes>,
    apply_action: Vec<Bytes>,
    /// Mean number of actions in the records.
    mean_actions: f64,
}

impl Requests {
    fn of(&self, kind: Kind) -> &[Bytes] {
        match kind {
            Kind::Health => &self.health,
            Kind::LegalMoves => &self.legal_moves,
            Kind::ApplyAction => &self.apply_action,
        }
    }
}

/// Builds `n` records of games in progress, every variant in turn, each stopped at a random
/// point of a seeded deal, and the requests on them.
fn requests(n: usize) -> Requests {
    let mut rng = Rng::new(0x10AD);
    let mut legal_moves = Vec::with_capacity(n);
    let mut apply_action = Vec::with_capacity(n);
    let mut total_actions = 0usize;
    for i in 0..n {
        let variant = VARIANTS[i % VARIANTS.len()];
        let s = setup(variant, i as u64);
        let (_, actions) = random_deal(&s, Policy::Realistic, &mut rng);
        // A game in progress: some seat is to act after the first `k` actions.
        let k = rng.below(actions.len());
        let game = AnyGame::replay(&s, &actions[..k]).expect("a played record replays");
        let seat = game.to_act().expect("the game is in progress");
        let record = convert::record_with_deal(&s, &actions[..k], &game, None, RULES_VERSION);
        total_actions += k;
        legal_moves.push(Bytes::from(
            pb::LegalMovesRequest {
                state: Some(pb::legal_moves_request::State::Record(record.clone())),
                ..Default::default()
            }
            .encode_to_vec(),
        ));
        apply_action.push(Bytes::from(
            pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record)),
                action: Some(convert::action_to_pb(actions[k])),
                action_id: None,
                viewer: Some(pb::Viewer {
                    role: pb::ViewerRole::Seat as i32,
                    seat: u32::from(seat.get()),
                }),
                seat: Some(u32::from(seat.get())),
                ..Default::default()
            }
            .encode_to_vec(),
        ));
    }
    Requests {
        // HealthCheckRequest { service: "" } encodes to no bytes at all.
        health: vec![Bytes::new()],
        legal_moves,
        apply_action,
        mean_actions: total_actions as f64 / n.max(1) as f64,
    }
}

/// Tries one `ApplyAction` on a sealed record: `None` when the server answers UNIMPLEMENTED
/// (no sealed records), else the status code it gave.
async fn probe_sealed(channel: &Channel) -> Option<Code> {
    let req = pb::ApplyActionRequest {
        state: Some(pb::apply_action_request::State::Sealed(pb::SealedRecord {
            data: vec![0; 64],
            ..Default::default()
        })),
        action: Some(convert::action_to_pb(tarock_engine::Action::Pass)),
        ..Default::default()
    };
    let body = Bytes::from(req.encode_to_vec());
    match call(channel, APPLY_ACTION, &body).await {
        Ok(_) => Some(Code::Ok),
        Err(s) if s.code() == Code::Unimplemented => None,
        Err(s) => Some(s.code()),
    }
}

// ----- running ----------------------------------------------------------------------------------

/// What one kind of request achieved over all its slices.
#[derive(Default)]
struct Tally {
    latencies_us: Vec<u64>,
    errors: u64,
    first_error: Option<String>,
    busy: Duration,
}

/// Drives `kind` with `concurrency` requests in flight for `slice`, spread over `channels`.
async fn run_slice(
    kind: Kind,
    requests: &Arc<Requests>,
    channels: &[Channel],
    concurrency: usize,
    slice: Duration,
    cursor: &Arc<AtomicU64>,
    tally: &mut Tally,
) {
    let start = Instant::now();
    let deadline = start + slice;
    let mut tasks = Vec::with_capacity(concurrency);
    for w in 0..concurrency {
        let channel = channels[w % channels.len()].clone();
        let requests = Arc::clone(requests);
        let cursor = Arc::clone(cursor);
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::with_capacity(4096);
            let mut errors = 0u64;
            let mut first_error = None;
            let pool = requests.of(kind);
            while Instant::now() < deadline {
                let i = cursor.fetch_add(1, Ordering::Relaxed) as usize % pool.len();
                let t = Instant::now();
                match call(&channel, kind.path(), &pool[i]).await {
                    Ok(_) => lat.push(t.elapsed().as_micros() as u64),
                    Err(e) => {
                        errors += 1;
                        first_error.get_or_insert_with(|| format!("{}: {}", e.code(), e.message()));
                    }
                }
            }
            (lat, errors, first_error)
        }));
    }
    for t in tasks {
        let (lat, errors, first_error) = t.await.expect("a load task does not panic");
        tally.latencies_us.extend(lat);
        tally.errors += errors;
        if tally.first_error.is_none() {
            tally.first_error = first_error;
        }
    }
    tally.busy += start.elapsed();
}

fn summary(t: &mut Tally, health_rps: Option<f64>) -> serde_json::Value {
    t.latencies_us.sort_unstable();
    let secs = t.busy.as_secs_f64();
    let rps = if secs > 0.0 {
        t.latencies_us.len() as f64 / secs
    } else {
        0.0
    };
    let mut v = serde_json::json!({
        "supported": true,
        "rps": round1(rps),
        "p50_us": quantile(&t.latencies_us, 0.50),
        "p99_us": quantile(&t.latencies_us, 0.99),
        "ratio_to_health": health_rps.map(|h| round3(rps / h)),
        "requests": t.latencies_us.len(),
        "errors": t.errors,
    });
    if let Some(e) = &t.first_error {
        v["first_error"] = serde_json::Value::from(e.clone());
    }
    v
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The server process started with `--spawn-server`, stopped when dropped.
struct Spawned(Child);

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Peak resident memory of process `pid` in MiB (VmHWM), if readable.
fn peak_rss_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(round1(kib / 1024.0))
}

fn free_loopback_port() -> std::io::Result<u16> {
    let l = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(l.local_addr()?.port())
}

async fn connect(url: &str, n: usize) -> Result<Vec<Channel>, String> {
    let endpoint = Endpoint::from_shared(url.to_owned())
        .map_err(|e| format!("bad server url {url:?}: {e}"))?
        .tcp_nodelay(true);
    let mut channels = Vec::with_capacity(n);
    for _ in 0..n {
        channels.push(
            endpoint
                .connect()
                .await
                .map_err(|e| format!("cannot connect to {url}: {e}"))?,
        );
    }
    Ok(channels)
}

/// Waits until the server at `url` answers its health check (at most ten seconds).
async fn wait_ready(url: &str) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(ch) = connect(url, 1).await {
            if call(&ch[0], HEALTH, &Bytes::new()).await.is_ok() {
                return Ok(());
            }
        }
        if Instant::now() > deadline {
            return Err(format!("the server at {url} did not become ready"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn run(args: Args) -> Result<serde_json::Value, String> {
    let mut spawned = None;
    let url = match (&args.spawn_server, &args.server) {
        (Some(path), _) => {
            let port = free_loopback_port().map_err(|e| format!("no free port: {e}"))?;
            let listen = format!("127.0.0.1:{port}");
            let child = Command::new(path)
                .args([
                    "--listen",
                    &listen,
                    "--drain-delay-secs",
                    "0",
                    "--shutdown-grace-secs",
                    "1",
                ])
                .env("RUST_LOG", "warn")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("cannot start {path}: {e}"))?;
            spawned = Some(Spawned(child));
            format!("http://{listen}")
        }
        (None, Some(url)) => url.clone(),
        (None, None) => return Err("give --server URL or --spawn-server PATH".to_owned()),
    };
    wait_ready(&url).await?;

    let requests = Arc::new(requests(args.records.max(1)));
    let concurrency = args.concurrency.max(1);
    let channels = connect(&url, args.connections.unwrap_or(concurrency).max(1)).await?;
    let sealed_probe = probe_sealed(&channels[0]).await;

    // Sealed records are not measured: a server without them answers the probe UNIMPLEMENTED,
    // and this API version gives a client no way to obtain a sealed record to send.
    let kinds = [Kind::Health, Kind::LegalMoves, Kind::ApplyAction];
    let cursor = Arc::new(AtomicU64::new(0));

    // Warm-up: connections, allocator and caches, not measured.
    let warm = Duration::from_secs_f64((args.seconds / 10.0).clamp(0.1, 1.0));
    for &k in &kinds {
        let mut scratch = Tally::default();
        run_slice(
            k,
            &requests,
            &channels,
            concurrency,
            warm / 3,
            &cursor,
            &mut scratch,
        )
        .await;
    }

    let share = Duration::from_secs_f64(args.seconds.max(0.1) / kinds.len() as f64);
    let slice = share.min(Duration::from_millis(500));
    let mut tallies: Vec<Tally> = kinds.iter().map(|_| Tally::default()).collect();
    let mut given = Duration::ZERO;
    while given < share {
        let this = slice.min(share - given);
        for (k, t) in kinds.iter().zip(tallies.iter_mut()) {
            run_slice(*k, &requests, &channels, concurrency, this, &cursor, t).await;
        }
        given += this;
    }

    let health_rps = {
        let t = &tallies[0];
        t.latencies_us.len() as f64 / t.busy.as_secs_f64().max(1e-9)
    };
    let mut out = serde_json::json!({
        "server": url,
        "concurrency": concurrency,
        "connections": channels.len(),
        "seconds": args.seconds,
        "records": args.records,
        "mean_record_actions": round1(requests.mean_actions),
    });
    for (k, t) in kinds.iter().zip(tallies.iter_mut()) {
        let ratio = (*k != Kind::Health).then_some(health_rps);
        let mut v = summary(t, ratio);
        if *k == Kind::Health {
            v["ratio_to_health"] = serde_json::Value::from(1.0);
        }
        out[k.key()] = v;
    }
    out["apply_action_sealed"] = serde_json::json!({
        "supported": false,
        "probe": sealed_probe.map_or_else(|| "UNIMPLEMENTED".to_owned(), |c| format!("{c:?}")),
        "rps": null,
        "p50_us": null,
        "p99_us": null,
        "ratio_to_health": null,
    });
    if let Some(s) = &spawned {
        out["server_peak_rss_mib"] = serde_json::Value::from(peak_rss_mib(s.0.id()));
    }
    drop(spawned);
    Ok(out)
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.client_threads.max(1))
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
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
