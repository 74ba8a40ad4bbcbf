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
//! with the action that was played next, the acting seat and its view, as open records and as
//! sealed ones. In the same run the standard `grpc.health.v1.Health/Check` is driven on the same
//! server: it does no work, so its throughput is the floor the transport sets, and each RPC's
//! `ratio_to_health` compares with it.
//!
//! The kinds take turns in slices of half a second until each has had its share of the time,
//! so a drift of the machine (another process, thermal limits) touches them alike. Requests are
//! encoded once before the run and sent as raw bytes, and responses are counted, not decoded, so
//! that the generator, which shares the machine's cores with the server, spends as little CPU as
//! it can.
//!
//! Sealed records: `apply_action_sealed` sends `ApplyAction` with the same games as sealed
//! records, as a hosted client does: the acting seat's token and the move count it expects. The
//! generator makes those records through the server before the run (`NewDeal` with `sealed`,
//! then each action of the open record applied with the table token). A server without a key
//! ring answers that `NewDeal` UNIMPLEMENTED, and the line then reports
//! `{"supported": false, "probe": "UNIMPLEMENTED", …}` with null figures.
//!
//! With `--spawn-server PATH` the generator starts the server itself on a free loopback port,
//! with a key ring of one random key in a temporary directory (`--keys-dir`), waits for its
//! health check, and reports `server_peak_rss_mib`: the server's peak resident memory (VmHWM in
//! `/proc/PID/status`) after the run. It stops that server and removes the keys when done.
//!
//! Each kind also reports `client_cpu_us`, the generator's CPU time per answered request, and,
//! for a spawned server, `server_cpu_us`, the server's (both summed over the process's threads
//! from `/proc/PID/task/*/schedstat` around each slice). They say where the two cores went,
//! which the throughput alone does not on a machine shared with other work. `--kinds` drives
//! only some kinds (e.g. `--kinds apply_action` while a profiler watches the server), or adds
//! one of three not driven by default: `apply_action_no_view`, the open `ApplyAction` with
//! `omit_view`, as a bot or a validator sends it; and `apply_action_live`, the open
//! `ApplyAction` as tables play: each request in flight is a table that plays seeded deals from
//! their first action to their last, sending each time the record the previous answer returned
//! (so the server finds every record's replay where its last answer offered it, and keeps a new
//! one for every answer, where the other kinds send the same 512 records over and over); and
//! `apply_action_live_sealed`, the same with sealed records, each deal dealt sealed by the
//! server before the run and each action sent with its seat's token.

use bytes::{Buf, BufMut, Bytes};
use clap::Parser;
use http_body_util::{BodyExt, Full};
use prost::Message;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tarock_benches::quantile;
use tarock_benches::requests::{self, InProgress};
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::codegen::http::uri::PathAndQuery;
use tonic::transport::{Channel, Endpoint};
use tonic::{Code, Status};
use tower::{Service, ServiceExt};

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
    /// How each request is sent: `lean` as standard gRPC clients send a unary request (grpc-go,
    /// grpc-java: HEADERS and one DATA frame that ends the stream; hyper writes the two apart);
    /// `tonic` through tonic's generated-client path, which ends the stream with an empty DATA
    /// frame of its own (three writes for a request of 256 bytes or more, two for the health
    /// check).
    #[arg(long, value_enum, default_value_t = Client::Lean)]
    client: Client,
    /// The kinds of request to drive, comma-separated (for profiling one of them; the ratios
    /// need `health`): health, legal_moves, apply_action, apply_action_sealed, and three not
    /// driven by default: apply_action_no_view (the open ApplyAction without its view),
    /// apply_action_live (tables playing whole deals, each request with the last answer's
    /// record) and apply_action_live_sealed (the same with sealed records and seat tokens).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "health,legal_moves,apply_action,apply_action_sealed"
    )]
    kinds: Vec<String>,
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

/// How a request is sent (see `--client`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Client {
    /// HEADERS and one DATA frame carrying END_STREAM (two writes: hyper flushes the HEADERS
    /// before the body's frame is ready).
    Lean,
    /// tonic's `Grpc::unary`: the body is a stream, ended by an empty DATA frame.
    Tonic,
}

impl Client {
    /// `message` as this client's calls take it: framed once here for the lean client (the
    /// five-byte gRPC prefix: not compressed, the length), as it is for tonic, which frames it.
    fn prepare(self, message: Vec<u8>) -> Bytes {
        match self {
            Client::Tonic => Bytes::from(message),
            Client::Lean => {
                let len = u32::try_from(message.len()).expect("a request under 4 GiB");
                let mut framed = Vec::with_capacity(5 + message.len());
                framed.push(0);
                framed.extend_from_slice(&len.to_be_bytes());
                framed.extend_from_slice(&message);
                Bytes::from(framed)
            }
        }
    }
}

/// Sends `body` (as [`Client::prepare`] made it) to `path` and counts the answer's bytes.
async fn call(
    client: Client,
    channel: &Channel,
    path: &'static str,
    body: &Bytes,
) -> Result<usize, Status> {
    match client {
        Client::Lean => call_lean(channel, path, body).await,
        Client::Tonic => call_tonic(channel, path, body).await,
    }
}

async fn call_tonic(channel: &Channel, path: &'static str, body: &Bytes) -> Result<usize, Status> {
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

/// A unary call with a body of one frame that reports the end of the stream, so that hyper sends
/// the DATA frame with END_STREAM, queued with the HEADERS before the connection writes. The
/// answer's data is counted, and its status read from the trailers (or, for an error answered
/// without a body, from the headers).
async fn call_lean(channel: &Channel, path: &'static str, framed: &Bytes) -> Result<usize, Status> {
    call_lean_into(channel, path, framed, None).await
}

/// [`call_lean`], the answer's data (its gRPC prefix included) appended to `keep` when given.
async fn call_lean_into(
    channel: &Channel,
    path: &'static str,
    framed: &Bytes,
    mut keep: Option<&mut Vec<u8>>,
) -> Result<usize, Status> {
    let request = http::Request::post(path)
        .header(http::header::CONTENT_TYPE, "application/grpc")
        .header(http::header::TE, "trailers")
        .body(tonic::body::Body::new(Full::new(framed.clone())))
        .map_err(|e| Status::internal(format!("cannot build the request: {e}")))?;
    let mut channel = channel.clone();
    let response = channel
        .ready()
        .await
        .map_err(|e| Status::unavailable(format!("not ready: {e}")))?
        .call(request)
        .await
        .map_err(|e| Status::unavailable(format!("transport: {e}")))?;
    let (head, mut body) = response.into_parts();
    if head.status != http::StatusCode::OK {
        return Err(Status::unknown(format!("HTTP status {}", head.status)));
    }
    if let Some(s) = grpc_error(&head.headers) {
        return Err(s);
    }
    let (mut bytes, mut ok) = (0, false);
    while let Some(frame) = body.frame().await {
        match frame?.into_data() {
            Ok(data) => {
                bytes += data.len();
                if let Some(keep) = keep.as_deref_mut() {
                    keep.extend_from_slice(&data);
                }
            }
            Err(frame) => {
                if let Some(trailers) = frame.trailers_ref() {
                    if let Some(s) = grpc_error(trailers) {
                        return Err(s);
                    }
                    ok = trailers.get("grpc-status").is_some();
                }
            }
        }
    }
    if !ok && head.headers.get("grpc-status").is_none() {
        return Err(Status::internal("the answer has no grpc-status"));
    }
    Ok(bytes.saturating_sub(5))
}

/// The error `headers` report, if they carry a `grpc-status` other than 0.
fn grpc_error(headers: &http::HeaderMap) -> Option<Status> {
    match headers.get("grpc-status") {
        Some(v) if v.as_bytes() != b"0" => Status::from_header_map(headers),
        _ => None,
    }
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
    ApplyActionSealed,
    /// `ApplyAction` as [`Kind::ApplyAction`] sends it, with `omit_view` (not driven unless
    /// asked for).
    ApplyActionNoView,
    /// `ApplyAction` as tables play: each request in flight plays a deal from its start, with
    /// the record the previous answer returned (not driven unless asked for).
    ApplyActionLive,
    /// [`Kind::ApplyActionLive`] with sealed records, each action by its seat's token (not
    /// driven unless asked for).
    ApplyActionLiveSealed,
}

impl Kind {
    const ALL: [Kind; 7] = [
        Kind::Health,
        Kind::LegalMoves,
        Kind::ApplyAction,
        Kind::ApplyActionSealed,
        Kind::ApplyActionNoView,
        Kind::ApplyActionLive,
        Kind::ApplyActionLiveSealed,
    ];

    fn from_key(key: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.key() == key)
    }

    const fn key(self) -> &'static str {
        match self {
            Kind::Health => "health",
            Kind::LegalMoves => "legal_moves",
            Kind::ApplyAction => "apply_action",
            Kind::ApplyActionSealed => "apply_action_sealed",
            Kind::ApplyActionNoView => "apply_action_no_view",
            Kind::ApplyActionLive => "apply_action_live",
            Kind::ApplyActionLiveSealed => "apply_action_live_sealed",
        }
    }

    const fn path(self) -> &'static str {
        match self {
            Kind::Health => HEALTH,
            Kind::LegalMoves => LEGAL_MOVES,
            Kind::ApplyAction
            | Kind::ApplyActionSealed
            | Kind::ApplyActionNoView
            | Kind::ApplyActionLive
            | Kind::ApplyActionLiveSealed => APPLY_ACTION,
        }
    }
}

/// Encoded requests of every kind.
struct Requests {
    health: Vec<Bytes>,
    legal_moves: Vec<Bytes>,
    apply_action: Vec<Bytes>,
    /// Empty when the server has no sealed records.
    apply_action_sealed: Vec<Bytes>,
    apply_action_no_view: Vec<Bytes>,
    /// Mean number of actions in the records.
    mean_actions: f64,
}

impl Requests {
    fn of(&self, kind: Kind) -> &[Bytes] {
        match kind {
            Kind::Health => &self.health,
            Kind::LegalMoves => &self.legal_moves,
            Kind::ApplyAction => &self.apply_action,
            Kind::ApplyActionSealed => &self.apply_action_sealed,
            Kind::ApplyActionNoView => &self.apply_action_no_view,
            // Made from the answers as the tables play (see [`Live`]).
            Kind::ApplyActionLive | Kind::ApplyActionLiveSealed => &[],
        }
    }
}

/// The tables of [`Kind::ApplyActionLive`]: one per request in flight, each playing deals of
/// `games` one after another, with the record each answer returns.
struct Live {
    /// Each deal's requests (see [`requests::Steps`]).
    games: Vec<requests::Steps>,
    /// The deals' mean number of actions.
    mean_deal_actions: f64,
    /// The answer's field that holds the next record (1, or 4 for a sealed record), and the
    /// request's field that sends it (1, or 2).
    answer_field: u32,
    request_field: u32,
    /// Where each table is; a task takes its table for a slice and puts it back.
    tables: Vec<std::sync::Mutex<Table>>,
    /// The next deal a table starts.
    next: AtomicU64,
}

/// Where a table of [`Live`] is: its deal, the action it sends next, and the record it sends
/// (the last answer's, as a request's field 1; empty before a deal starts).
#[derive(Default)]
struct Table {
    game: usize,
    step: usize,
    record: Vec<u8>,
}

impl Live {
    /// Tables of open records playing `played`.
    fn open(played: &[requests::Played], tables: usize) -> Live {
        let games = played.iter().map(requests::Played::open).collect();
        Live::new(games, played, tables, (1, 1))
    }

    /// Tables of sealed records playing `played`, each deal dealt sealed by the server at
    /// `channel`; `Err` with the code of the first `NewDeal` it refused.
    async fn sealed(
        played: &[requests::Played],
        tables: usize,
        channel: &Channel,
    ) -> Result<Live, Code> {
        let mut client = EngineServiceClient::new(channel.clone());
        let mut games = Vec::with_capacity(played.len());
        for p in played {
            let dealt = client
                .new_deal(requests::new_deal_request(&p.setup, true))
                .await
                .map_err(|s| s.code())?
                .into_inner();
            let record = dealt.sealed.ok_or(Code::Internal)?;
            games.push(p.sealed(record, &dealt.seat_tokens));
        }
        Ok(Live::new(games, played, tables, (4, 2)))
    }

    fn new(
        games: Vec<requests::Steps>,
        played: &[requests::Played],
        tables: usize,
        (answer_field, request_field): (u32, u32),
    ) -> Live {
        let total: usize = played.iter().map(|p| p.actions.len()).sum();
        Live {
            games,
            mean_deal_actions: total as f64 / played.len().max(1) as f64,
            answer_field,
            request_field,
            tables: (0..tables).map(|_| Default::default()).collect(),
            next: AtomicU64::new(0),
        }
    }

    /// Plays on table `w` until `deadline`: each request sends the table's record with its
    /// deal's next action, and the answer's record is the table's next; a deal played out, or
    /// an answer without a record, starts the next deal.
    async fn drive(
        &self,
        w: usize,
        client: Client,
        channel: &Channel,
        deadline: Instant,
    ) -> Outcomes {
        let slot = &self.tables[w % self.tables.len()];
        let mut table = std::mem::take(&mut *slot.lock().unwrap_or_else(|e| e.into_inner()));
        let mut done = Outcomes::new();
        let mut answer = Vec::with_capacity(4096);
        while Instant::now() < deadline {
            if table.record.is_empty() || table.step >= self.games[table.game].1.len() {
                let game = self.next.fetch_add(1, Ordering::Relaxed) as usize % self.games.len();
                table = Table {
                    game,
                    step: 0,
                    record: self.games[game].0.clone(),
                };
            }
            let step = &self.games[table.game].1[table.step];
            let mut message = Vec::with_capacity(table.record.len() + step.len());
            message.extend_from_slice(&table.record);
            message.extend_from_slice(step);
            let body = client.prepare(message);
            answer.clear();
            let t = Instant::now();
            let next = call_lean_into(channel, APPLY_ACTION, &body, Some(&mut answer))
                .await
                .map_err(|e| format!("{}: {}", e.code(), e.message()))
                .and_then(|_| {
                    field(answer.get(5..).unwrap_or_default(), self.answer_field)
                        .ok_or_else(|| "an answer without a record".to_owned())
                });
            table.record.clear();
            match next {
                Ok(record) => {
                    done.answered(t);
                    put_field(&mut table.record, self.request_field, record);
                    table.step += 1;
                }
                // The table starts its next deal.
                Err(why) => done.failed(|| why),
            }
        }
        *slot.lock().unwrap_or_else(|e| e.into_inner()) = table;
        done
    }
}

/// `bytes` as the length-delimited field `number`: its key, its length, the bytes.
fn put_field(out: &mut Vec<u8>, number: u32, bytes: &[u8]) {
    let mut varint = |mut v: u64| {
        while v >= 0x80 {
            out.push((v as u8) | 0x80);
            v >>= 7;
        }
        out.push(v as u8);
    };
    varint(u64::from(number) << 3 | 2);
    varint(bytes.len() as u64);
    out.extend_from_slice(bytes);
}

/// The bytes of the last length-delimited field `number` of the protobuf `message` (an
/// `ApplyActionResponse`'s record or sealed record); `None` when it has none or does not parse.
fn field(message: &[u8], number: u32) -> Option<&[u8]> {
    fn varint(b: &[u8], at: &mut usize) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *b.get(*at)?;
            *at += 1;
            v |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Some(v);
            }
        }
        None
    }
    let mut at = 0;
    let mut found = None;
    while at < message.len() {
        let key = varint(message, &mut at)?;
        match key & 7 {
            0 => {
                varint(message, &mut at)?;
            }
            1 => at += 8,
            2 => {
                let len = usize::try_from(varint(message, &mut at)?).ok()?;
                let from = at;
                at = at.checked_add(len)?;
                if key >> 3 == u64::from(number) {
                    found = Some(message.get(from..at)?);
                }
            }
            5 => at += 4,
            _ => return None,
        }
    }
    (at == message.len()).then_some(found).flatten()
}

/// The open requests on `games`, as `client` sends them.
fn open_requests(games: &[InProgress], client: Client) -> Requests {
    let total_actions: usize = games.iter().map(|g| g.actions.len()).sum();
    Requests {
        // HealthCheckRequest { service: "" } encodes to no bytes at all.
        health: vec![client.prepare(Vec::new())],
        legal_moves: games
            .iter()
            .map(|g| client.prepare(requests::legal_moves_request(g).encode_to_vec()))
            .collect(),
        apply_action: games
            .iter()
            .map(|g| client.prepare(requests::apply_action_request(g).encode_to_vec()))
            .collect(),
        apply_action_sealed: Vec::new(),
        apply_action_no_view: games
            .iter()
            .map(|g| {
                let r = tarock_proto::v1::ApplyActionRequest {
                    omit_view: true,
                    ..requests::apply_action_request(g)
                };
                client.prepare(r.encode_to_vec())
            })
            .collect(),
        mean_actions: total_actions as f64 / games.len().max(1) as f64,
    }
}

/// Whether the server deals sealed records.
enum Sealed {
    /// It does: the sealed `ApplyAction` requests on the games, in order.
    Built(Vec<Bytes>),
    /// It answered the first sealed `NewDeal` with this code.
    Unsupported(Code),
}

/// The sealed `ApplyAction` request on `game`, its sealed record made through the server: a
/// sealed `NewDeal` of the same deal, then every action of the record applied with the table
/// token; as `sender` sends it.
async fn seal_game(
    client: &mut EngineServiceClient<Channel>,
    game: &InProgress,
    sender: Client,
) -> Result<Bytes, Status> {
    let deal = client
        .new_deal(requests::new_deal_request(&game.setup, true))
        .await?
        .into_inner();
    let missing = || Status::internal("a sealed NewDeal answered without a sealed record");
    let mut sealed = deal.sealed.ok_or_else(missing)?;
    for i in 0..game.actions.len() {
        let r = client
            .apply_action(requests::table_step_request(
                game,
                i,
                sealed,
                &deal.table_token,
            ))
            .await?
            .into_inner();
        sealed = r.sealed.ok_or_else(missing)?;
    }
    let token = deal
        .seat_tokens
        .get(usize::from(game.seat.get()))
        .ok_or_else(|| Status::internal("a sealed NewDeal answered without a seat's token"))?;
    Ok(sender.prepare(requests::sealed_apply_action_request(game, sealed, token).encode_to_vec()))
}

/// Makes the sealed requests on `games` through the server, on several connections at once, as
/// `sender` sends them.
async fn sealed_requests(
    channels: &[Channel],
    games: &Arc<Vec<InProgress>>,
    sender: Client,
) -> Result<Sealed, String> {
    // The first deal tells whether the server has sealed records at all.
    let mut probe = EngineServiceClient::new(channels[0].clone());
    if let Some(first) = games.first() {
        if let Err(s) = probe
            .new_deal(requests::new_deal_request(&first.setup, true))
            .await
        {
            return Ok(Sealed::Unsupported(s.code()));
        }
    }
    let workers = channels.len().clamp(1, 16);
    let mut tasks = Vec::with_capacity(workers);
    for (w, channel) in channels.iter().take(workers).enumerate() {
        let mut client = EngineServiceClient::new(channel.clone());
        let games = Arc::clone(games);
        tasks.push(tokio::spawn(async move {
            let mut out = Vec::new();
            for i in (w..games.len()).step_by(workers) {
                out.push((i, seal_game(&mut client, &games[i], sender).await?));
            }
            Ok::<_, Status>(out)
        }));
    }
    let mut built: Vec<Option<Bytes>> = vec![None; games.len()];
    for t in tasks {
        let done = t
            .await
            .map_err(|e| format!("a sealing task failed: {e}"))?
            .map_err(|s| format!("making the sealed records: {}: {}", s.code(), s.message()))?;
        for (i, b) in done {
            built[i] = Some(b);
        }
    }
    Ok(Sealed::Built(built.into_iter().flatten().collect()))
}

// ----- running ----------------------------------------------------------------------------------

/// What one task's requests came to: each answered request's latency, and the failures.
#[derive(Default)]
struct Outcomes {
    latencies_us: Vec<u64>,
    errors: u64,
    first_error: Option<String>,
}

impl Outcomes {
    fn new() -> Outcomes {
        Outcomes {
            latencies_us: Vec::with_capacity(4096),
            ..Outcomes::default()
        }
    }

    /// A request sent at `sent` answered now.
    fn answered(&mut self, sent: Instant) {
        self.latencies_us.push(sent.elapsed().as_micros() as u64);
    }

    /// A request that failed, for the reason `why` says.
    fn failed(&mut self, why: impl FnOnce() -> String) {
        self.errors += 1;
        self.first_error.get_or_insert_with(why);
    }

    /// These and `more`: the first error the earliest one's.
    fn add(&mut self, more: Outcomes) {
        self.latencies_us.extend(more.latencies_us);
        self.errors += more.errors;
        if self.first_error.is_none() {
            self.first_error = more.first_error;
        }
    }
}

/// What one kind of request achieved over all its slices.
#[derive(Default)]
struct Tally {
    done: Outcomes,
    busy: Duration,
    /// CPU time of the spawned server's threads during the slices, if known.
    server_cpu: Option<Duration>,
    /// CPU time of the generator's own threads during the slices, if known.
    client_cpu: Option<Duration>,
}

/// CPU time consumed so far by every thread of process `pid` (this process for `None`): the
/// sum of the first field of `/proc/PID/task/*/schedstat`, in nanoseconds. `None` where that is
/// not readable (not Linux, or no schedstats).
fn cpu_time(pid: Option<u32>) -> Option<Duration> {
    let dir = match pid {
        Some(p) => format!("/proc/{p}/task"),
        None => "/proc/self/task".to_owned(),
    };
    let mut ns = 0u64;
    for entry in std::fs::read_dir(dir).ok()? {
        let stat = std::fs::read_to_string(entry.ok()?.path().join("schedstat")).ok()?;
        ns += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(Duration::from_nanos(ns))
}

fn add_cpu(total: &mut Option<Duration>, before: Option<Duration>, after: Option<Duration>) {
    if let (Some(b), Some(a)) = (before, after) {
        *total = Some(total.unwrap_or_default() + a.saturating_sub(b));
    }
}

/// What the slices share: the requests, the connections, the load and the server measured.
struct Load {
    requests: Arc<Requests>,
    /// How the requests are sent.
    client: Client,
    channels: Vec<Channel>,
    /// Requests in flight.
    concurrency: usize,
    /// Where in the pool of requests the next one is taken.
    cursor: Arc<AtomicU64>,
    /// The spawned server's process id, whose CPU time is measured.
    server: Option<u32>,
    /// The tables of [`Kind::ApplyActionLive`] and [`Kind::ApplyActionLiveSealed`], when driven.
    live: Option<Arc<Live>>,
    live_sealed: Option<Arc<Live>>,
}

/// Drives `kind` with `load.concurrency` requests in flight for `slice`, spread over the
/// connections.
async fn run_slice(load: &Load, kind: Kind, slice: Duration, tally: &mut Tally) {
    let Load {
        requests,
        client,
        channels,
        concurrency,
        cursor,
        server,
        live,
        live_sealed,
    } = load;
    let (client, concurrency, server) = (*client, *concurrency, *server);
    let (server_before, client_before) = (server.and_then(|p| cpu_time(Some(p))), cpu_time(None));
    let start = Instant::now();
    let deadline = start + slice;
    let mut tasks = Vec::with_capacity(concurrency);
    for w in 0..concurrency {
        let channel = channels[w % channels.len()].clone();
        let requests = Arc::clone(requests);
        let cursor = Arc::clone(cursor);
        let live = match kind {
            Kind::ApplyActionLive => live.clone(),
            Kind::ApplyActionLiveSealed => live_sealed.clone(),
            _ => None,
        };
        tasks.push(tokio::spawn(async move {
            if let Some(live) = live {
                return live.drive(w, client, &channel, deadline).await;
            }
            let mut done = Outcomes::new();
            let pool = requests.of(kind);
            while Instant::now() < deadline {
                let i = cursor.fetch_add(1, Ordering::Relaxed) as usize % pool.len();
                let t = Instant::now();
                match call(client, &channel, kind.path(), &pool[i]).await {
                    Ok(_) => done.answered(t),
                    Err(e) => done.failed(|| format!("{}: {}", e.code(), e.message())),
                }
            }
            done
        }));
    }
    for t in tasks {
        tally.done.add(t.await.expect("a load task does not panic"));
    }
    tally.busy += start.elapsed();
    if server.is_some() {
        add_cpu(
            &mut tally.server_cpu,
            server_before,
            server.and_then(|p| cpu_time(Some(p))),
        );
    }
    add_cpu(&mut tally.client_cpu, client_before, cpu_time(None));
}

fn summary(t: &mut Tally, health_rps: Option<f64>) -> serde_json::Value {
    t.done.latencies_us.sort_unstable();
    let secs = t.busy.as_secs_f64();
    let rps = if secs > 0.0 {
        t.done.latencies_us.len() as f64 / secs
    } else {
        0.0
    };
    let mut v = serde_json::json!({
        "supported": true,
        "rps": round1(rps),
        "p50_us": quantile(&t.done.latencies_us, 0.50),
        "p99_us": quantile(&t.done.latencies_us, 0.99),
        "ratio_to_health": health_rps.map(|h| round3(rps / h)),
        "requests": t.done.latencies_us.len(),
        "errors": t.done.errors,
    });
    let per_request = |cpu: Option<Duration>| {
        cpu.filter(|_| !t.done.latencies_us.is_empty())
            .map(|c| round1(c.as_secs_f64() * 1e6 / t.done.latencies_us.len() as f64))
    };
    if let Some(us) = per_request(t.server_cpu) {
        v["server_cpu_us"] = serde_json::Value::from(us);
    }
    if let Some(us) = per_request(t.client_cpu) {
        v["client_cpu_us"] = serde_json::Value::from(us);
    }
    if let Some(e) = &t.done.first_error {
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

/// A temporary key ring for the spawned server: one random key, removed when dropped.
struct KeysDir(PathBuf);

impl KeysDir {
    fn create() -> Result<KeysDir, String> {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).map_err(|e| format!("no randomness for a key: {e}"))?;
        let mut nonce = [0u8; 8];
        getrandom::fill(&mut nonce).map_err(|e| format!("no randomness: {e}"))?;
        let dir = std::env::temp_dir().join(format!(
            "loadgen-keys-{}-{}",
            std::process::id(),
            u64::from_le_bytes(nonce)
        ));
        let err = |e: std::io::Error| format!("cannot write keys to {}: {e}", dir.display());
        std::fs::create_dir(&dir).map_err(err)?;
        // Made at once, so a failure below still removes the directory.
        let made = KeysDir(dir.clone());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).map_err(err)?;
        }
        let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
        std::fs::write(dir.join("loadgen.key"), hex).map_err(err)?;
        std::fs::write(dir.join("active"), "loadgen").map_err(err)?;
        Ok(made)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for KeysDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
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

/// Waits until the server at `url` answers its health check sent by `client` (at most ten
/// seconds).
async fn wait_ready(url: &str, client: Client) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(ch) = connect(url, 1).await {
            if call(client, &ch[0], HEALTH, &client.prepare(Vec::new()))
                .await
                .is_ok()
            {
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
    let mut keys = None;
    let url = match (&args.spawn_server, &args.server) {
        (Some(path), _) => {
            let port = free_loopback_port().map_err(|e| format!("no free port: {e}"))?;
            let listen = format!("127.0.0.1:{port}");
            let dir = KeysDir::create()?;
            let child = Command::new(path)
                .args([
                    "--listen",
                    &listen,
                    "--drain-delay-secs",
                    "0",
                    "--shutdown-grace-secs",
                    "1",
                    // The sealed tables are dealt from the generator's seeds, to repeat.
                    "--allow-chosen-sealed-deals",
                ])
                .arg("--keys-dir")
                .arg(dir.path())
                .env("RUST_LOG", "warn")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("cannot start {path}: {e}"))?;
            spawned = Some(Spawned(child));
            keys = Some(dir);
            format!("http://{listen}")
        }
        (None, Some(url)) => url.clone(),
        (None, None) => return Err("give --server URL or --spawn-server PATH".to_owned()),
    };
    wait_ready(&url, args.client).await?;

    let games = Arc::new(requests::in_progress(args.records.max(1)));
    let mut reqs = open_requests(&games, args.client);
    let concurrency = args.concurrency.max(1);
    let channels = connect(&url, args.connections.unwrap_or(concurrency).max(1)).await?;
    let mut kinds = Vec::new();
    for key in &args.kinds {
        let k = Kind::from_key(key).ok_or_else(|| format!("unknown kind {key:?}"))?;
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    // In the order of the line, whatever the order given.
    kinds.sort_by_key(|k| Kind::ALL.iter().position(|a| a == k));
    let mut sealed_probe = None;
    if kinds.contains(&Kind::ApplyActionSealed) {
        match sealed_requests(&channels, &games, args.client).await? {
            Sealed::Built(b) => reqs.apply_action_sealed = b,
            Sealed::Unsupported(code) => {
                sealed_probe = Some(code);
                kinds.retain(|&k| k != Kind::ApplyActionSealed);
            }
        }
    }
    if kinds.is_empty() {
        return Err("no kind of request to drive".to_owned());
    }
    let wants_live =
        [Kind::ApplyActionLive, Kind::ApplyActionLiveSealed].map(|k| kinds.contains(&k));
    if wants_live.contains(&true) && args.client != Client::Lean {
        return Err("the live kinds are driven by the lean client only".to_owned());
    }
    let played = if wants_live.contains(&true) {
        requests::played(args.records.max(1))
    } else {
        Vec::new()
    };
    let live = wants_live[0].then(|| Arc::new(Live::open(&played, concurrency)));
    let live_sealed = if wants_live[1] {
        let live = Live::sealed(&played, concurrency, &channels[0])
            .await
            .map_err(|code| {
                format!(
                    "apply_action_live_sealed: the server deals no sealed records ({})",
                    tarock_service::metrics::code_name(code as usize)
                )
            })?;
        Some(Arc::new(live))
    } else {
        None
    };
    let load = Load {
        requests: Arc::new(reqs),
        client: args.client,
        channels,
        concurrency,
        cursor: Arc::new(AtomicU64::new(0)),
        server: spawned.as_ref().map(|s: &Spawned| s.0.id()),
        live,
        live_sealed,
    };

    // Warm-up: connections, allocator and caches, not measured.
    let warm = Duration::from_secs_f64((args.seconds / 10.0).clamp(0.1, 1.0));
    for &k in &kinds {
        let mut scratch = Tally::default();
        run_slice(&load, k, warm / kinds.len() as u32, &mut scratch).await;
    }

    let share = Duration::from_secs_f64(args.seconds.max(0.1) / kinds.len() as f64);
    let slice = share.min(Duration::from_millis(500));
    let mut tallies: Vec<Tally> = kinds.iter().map(|_| Tally::default()).collect();
    let mut given = Duration::ZERO;
    while given < share {
        let this = slice.min(share - given);
        for (k, t) in kinds.iter().zip(tallies.iter_mut()) {
            run_slice(&load, *k, this, t).await;
        }
        given += this;
    }

    let rps = |t: &Tally| t.done.latencies_us.len() as f64 / t.busy.as_secs_f64().max(1e-9);
    let rps_of = |k: Kind| kinds.iter().position(|&x| x == k).map(|i| rps(&tallies[i]));
    let (health_rps, open_rps) = (rps_of(Kind::Health), rps_of(Kind::ApplyAction));
    let mut out = serde_json::json!({
        "server": url,
        "concurrency": concurrency,
        "client": match args.client {
            Client::Lean => "lean",
            Client::Tonic => "tonic",
        },
        "connections": load.channels.len(),
        "seconds": args.seconds,
        "records": args.records,
        "mean_record_actions": round1(load.requests.mean_actions),
    });
    for (k, t) in kinds.iter().zip(tallies.iter_mut()) {
        let ratio = health_rps.filter(|_| *k != Kind::Health);
        let mut v = summary(t, ratio);
        if *k == Kind::Health {
            v["ratio_to_health"] = serde_json::Value::from(1.0);
        }
        if let (Kind::ApplyActionSealed, Some(open)) = (*k, open_rps) {
            v["ratio_to_apply_action"] = serde_json::Value::from(round3(rps(t) / open));
        }
        let live = match *k {
            Kind::ApplyActionLive => load.live.as_ref(),
            Kind::ApplyActionLiveSealed => load.live_sealed.as_ref(),
            _ => None,
        };
        if let Some(live) = live {
            // Its records run from none to a whole deal's: half a deal's actions on average.
            v["mean_deal_actions"] = serde_json::Value::from(round1(live.mean_deal_actions));
        }
        out[k.key()] = v;
    }
    if let Some(code) = sealed_probe {
        out["apply_action_sealed"] = serde_json::json!({
            "supported": false,
            "probe": tarock_service::metrics::code_name(code as usize),
            "rps": null,
            "p50_us": null,
            "p99_us": null,
            "ratio_to_health": null,
        });
    }
    if let Some(s) = &spawned {
        out["server_peak_rss_mib"] = serde_json::Value::from(peak_rss_mib(s.0.id()));
    }
    drop(spawned);
    drop(keys);
    Ok(out)
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.client_threads.max(1))
        .enable_all()
        .build();
    tarock_benches::run_to_line(runtime, run(args))
}

#[cfg(test)]
mod tests {
    use super::{field, put_field};
    use prost::Message;
    use tarock_proto::v1 as pb;

    // An answer's record, found among its other fields, is sent back as a request's state.
    #[test]
    fn the_answers_record_is_the_next_requests_state() {
        let record = pb::GameRecord {
            variant: "hungarian-illustrated".to_owned(),
            seats: 4,
            ..Default::default()
        };
        let answer = pb::ApplyActionResponse {
            record: Some(record.clone()),
            events: vec![pb::Event::default(); 2],
            view: Some(pb::GameView {
                seats: 4,
                ..Default::default()
            }),
            sealed: None,
            encodings: None,
        }
        .encode_to_vec();
        let request = pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(record)),
            ..Default::default()
        }
        .encode_to_vec();
        let next = |answer: &[u8]| {
            field(answer, 1).map(|record| {
                let mut out = Vec::new();
                put_field(&mut out, 1, record);
                out
            })
        };
        assert_eq!(next(&answer), Some(request.clone()));
        // The record found wherever it is among the fields.
        let mut later = pb::ApplyActionResponse {
            events: vec![pb::Event::default()],
            ..Default::default()
        }
        .encode_to_vec();
        later.extend_from_slice(&request);
        assert_eq!(next(&later), Some(request.clone()));
        // None without one, or when the message does not parse to its end.
        let without = pb::ApplyActionResponse {
            events: vec![pb::Event::default()],
            ..Default::default()
        }
        .encode_to_vec();
        assert_eq!(field(&without, 1), None);
        assert_eq!(field(&answer[..answer.len() - 1], 1), None);
        assert_eq!(field(&[0x0a, 0x80], 1), None);
        // A sealed record (field 4) sent back as a request's field 2.
        let sealed = pb::SealedRecord {
            data: vec![7; 300],
            move_count: 12,
        };
        let answer = pb::ApplyActionResponse {
            sealed: Some(sealed.clone()),
            events: vec![pb::Event::default()],
            ..Default::default()
        }
        .encode_to_vec();
        let mut sent = Vec::new();
        put_field(&mut sent, 2, field(&answer, 4).expect("a sealed record"));
        let request = pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Sealed(sealed)),
            ..Default::default()
        };
        assert_eq!(sent, request.encode_to_vec());
    }
}
