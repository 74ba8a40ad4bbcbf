//! `handlers`: the server's own work per request, without the transport: the request's bytes
//! decoded as the server's codec decodes them, the handler (with the metrics wrapper the server
//! puts around it), and the response's bytes, on one thread, for the requests `loadgen` sends.
//! Prints one JSON line.
//!
//! ```text
//! cargo run --release -p tarock-benches --bin handlers -- --seconds 3
//! {"apply_action":{"allocations_per_request":…,"ns_per_request":…,"request_bytes":…,"response_bytes":…},…}
//! valgrind --tool=callgrind target/release/handlers --kind apply_action --requests 2000
//! ```
//!
//! The games are `loadgen`'s (512 records of games in progress, 26 actions on average); the
//! sealed records are made by the same service in process (a sealed `NewDeal`, then the actions
//! with the table token) under a fixed test key. `--requests N` handles exactly N requests of
//! each kind instead of running for `--seconds`, so that instruction counts under callgrind
//! compare from run to run. `--evict-kib N` clears the core's own caches before each request
//! (untimed; N at least the core's L2), an upper bound on what a request costs under load,
//! where the tables every request uses stay warm.

use bytes::Bytes;
use clap::Parser;
use prost::Message;
use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tarock_benches::requests::{self, InProgress};
use tarock_proto::lazy;
use tarock_proto::server::engine_service_server::EngineService;
use tarock_service::metrics::{Instrumented, Metrics};
use tarock_service::seal::KeyRing;
use tarock_service::Engine;
use tonic::{Request, Status};

/// The server's allocator, so that allocation costs what it costs there, with a count of the
/// allocations (and reallocations) made while [`COUNTING`] is set.
struct Counted;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

fn count() {
    if COUNTING.load(Ordering::Relaxed) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded unchanged to mimalloc; only a counter is added.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counted = Counted;

/// Flags.
#[derive(Debug, Parser)]
#[command(
    name = "handlers",
    about = "The tarock service's per-request work (decode, handle, encode) without the transport"
)]
struct Args {
    /// `legal_moves`, `apply_action`, `apply_action_sealed` or `all`.
    #[arg(long, default_value = "all")]
    kind: String,
    /// Time per kind, in seconds.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Handle exactly this many requests of each kind instead of running for `--seconds`.
    #[arg(long)]
    requests: Option<u64>,
    /// Records of games in progress to cycle through.
    #[arg(long, default_value_t = 512)]
    records: usize,
    /// Before each request, write over this many KiB of other memory (not timed), so that the
    /// handler starts with its data and code out of the core's own caches, as under load, where
    /// the transport and the client run on the same core between two requests. Give at least
    /// the core's L2 (`lscpu`): 1024 clears a core with 512 KiB of L2, 4096 one with 2 MiB; the
    /// shared L3 stays. Everything is then cold, the tables every request uses included, which
    /// under load stay warm: the figure is an upper bound, and the profile of a server under
    /// load (docs/performance.md) is the measure of what a change saves there.
    #[arg(long, default_value_t = 0)]
    evict_kib: usize,
}

/// Writes one byte in every cache line of `buf`, a different value each time (so the writes
/// are not left out).
fn evict(buf: &mut [u8], round: u64) {
    for line in buf.chunks_mut(64) {
        line[0] = line[0].wrapping_add(round as u8 | 1);
    }
    std::hint::black_box(buf);
}

type Service = Instrumented<Engine>;

const KINDS: [&str; 3] = ["legal_moves", "apply_action", "apply_action_sealed"];

/// A request as the server reads it off the wire.
fn lazy<T: Message, U: Message + Default>(r: &T) -> Result<U, Status> {
    U::decode(r.encode_to_vec().as_slice()).map_err(tarock_proto::codec::invalid)
}

/// The sealed `ApplyAction` request on `game`, its record sealed by `svc` in process.
async fn sealed_request(svc: &Service, game: &InProgress) -> Result<Bytes, Status> {
    let undecodable = |e: prost::DecodeError| Status::internal(e.to_string());
    let deal = svc
        .new_deal(Request::new(requests::new_deal_request(&game.setup, true)))
        .await?
        .into_inner()
        .decode()
        .map_err(undecodable)?;
    let missing = || Status::internal("no sealed record");
    let mut sealed = deal.sealed.ok_or_else(missing)?;
    for i in 0..game.actions.len() {
        let step = requests::table_step_request(game, i, sealed, &deal.table_token);
        let r = svc
            .apply_action(Request::new(lazy(&step)?))
            .await?
            .into_inner()
            .decode()
            .map_err(undecodable)?;
        sealed = r.sealed.ok_or_else(missing)?;
    }
    let token = deal
        .seat_tokens
        .get(usize::from(game.seat.get()))
        .ok_or_else(|| Status::internal("no seat token"))?;
    Ok(Bytes::from(
        requests::sealed_apply_action_request(game, sealed, token).encode_to_vec(),
    ))
}

/// Handles the request bytes `body` of `kind` as the server does: decoded as its codec decodes
/// them, through the metrics wrapper and the handler, the response's bytes written; the
/// response message's length.
async fn handle(svc: &Service, kind: &str, body: &Bytes) -> Result<usize, Status> {
    let invalid = tarock_proto::codec::invalid;
    // The codec copies the response's bytes into tonic's buffer, which it keeps.
    thread_local!(static SENT: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) });
    let send = |bytes: &[u8]| {
        SENT.with_borrow_mut(|buf| {
            buf.clear();
            buf.extend_from_slice(bytes);
            std::hint::black_box(buf.len())
        })
    };
    Ok(match kind {
        "legal_moves" => {
            let r = lazy::LegalMovesRequest::decode(body.clone()).map_err(invalid)?;
            send(svc.legal_moves(Request::new(r)).await?.get_ref().bytes())
        }
        _ => {
            let r = lazy::ApplyActionRequest::decode(body.clone()).map_err(invalid)?;
            send(svc.apply_action(Request::new(r)).await?.get_ref().bytes())
        }
    })
}

/// What one kind measured.
struct Figures {
    requests: u64,
    elapsed: Duration,
    request_bytes: usize,
    response_bytes: usize,
    /// Allocations and reallocations per request, in the steady state.
    allocations: f64,
}

async fn measure(
    svc: &Service,
    kind: &str,
    pool: &[Bytes],
    args: &Args,
) -> Result<Figures, String> {
    let fail = |s: Status| format!("{kind}: {}: {}", s.code(), s.message());
    // One pass over the pool, unmeasured: sizes, and every request succeeds.
    let (mut request_bytes, mut response_bytes) = (0, 0);
    for body in pool {
        request_bytes += body.len();
        response_bytes += handle(svc, kind, body).await.map_err(fail)?;
    }
    let n = pool.len().max(1);
    // A second pass, unmeasured, counting allocations: every record's replay is kept by now,
    // as in the steady state of the measured loop.
    ALLOCATIONS.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::Relaxed);
    for body in pool {
        handle(svc, kind, body).await.map_err(fail)?;
    }
    COUNTING.store(false, Ordering::Relaxed);
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) as f64 / n as f64;
    let deadline = Duration::from_secs_f64(args.seconds.max(0.01));
    let mut scratch = vec![0u8; args.evict_kib * 1024];
    let start = Instant::now();
    // With eviction, only the handling is timed.
    let mut handling = Duration::ZERO;
    let mut done = 0u64;
    loop {
        match args.requests {
            Some(limit) if done >= limit => break,
            None if done % 64 == 0 && start.elapsed() >= deadline => break,
            _ => {}
        }
        let body = &pool[(done as usize) % pool.len()];
        if scratch.is_empty() {
            handle(svc, kind, body).await.map_err(fail)?;
        } else {
            evict(&mut scratch, done);
            let t = Instant::now();
            handle(svc, kind, body).await.map_err(fail)?;
            handling += t.elapsed();
        }
        done += 1;
    }
    Ok(Figures {
        requests: done,
        elapsed: if scratch.is_empty() {
            start.elapsed()
        } else {
            handling
        },
        request_bytes: request_bytes / n,
        response_bytes: response_bytes / n,
        allocations,
    })
}

async fn run(args: Args) -> Result<serde_json::Value, String> {
    let kinds: Vec<&str> = if args.kind == "all" {
        KINDS.to_vec()
    } else if let Some(k) = KINDS.iter().find(|k| **k == args.kind) {
        vec![*k]
    } else {
        return Err(format!("unknown kind {:?}", args.kind));
    };
    let ring = KeyRing::new(vec![("bench".to_owned(), [7; 32])], "bench")?;
    let svc = Instrumented::new(
        // The sealed records are dealt from the benchmark's seeds, to repeat.
        Engine::with_keys(Some(Arc::new(ring)), false).allowing_chosen_deals(true),
        Arc::new(Metrics::default()),
    );
    let games = requests::in_progress(args.records.max(1));
    let mut out = serde_json::json!({ "records": games.len(), "evict_kib": args.evict_kib });
    for kind in kinds {
        let pool: Vec<Bytes> =
            match kind {
                "legal_moves" => games
                    .iter()
                    .map(|g| Bytes::from(requests::legal_moves_request(g).encode_to_vec()))
                    .collect(),
                "apply_action" => games
                    .iter()
                    .map(|g| Bytes::from(requests::apply_action_request(g).encode_to_vec()))
                    .collect(),
                _ => {
                    let mut pool = Vec::with_capacity(games.len());
                    for g in &games {
                        pool.push(sealed_request(&svc, g).await.map_err(|s| {
                            format!("sealing a record: {}: {}", s.code(), s.message())
                        })?);
                    }
                    pool
                }
            };
        let f = measure(&svc, kind, &pool, &args).await?;
        let ns = f.elapsed.as_nanos() as f64 / f.requests.max(1) as f64;
        out[kind] = serde_json::json!({
            "ns_per_request": ns.round(),
            "requests": f.requests,
            "request_bytes": f.request_bytes,
            "response_bytes": f.response_bytes,
            "allocations_per_request": (f.allocations * 100.0).round() / 100.0,
        });
    }
    Ok(out)
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    tarock_benches::run_to_line(runtime, run(args))
}
