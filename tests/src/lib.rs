//! Shared helpers for the end-to-end tests: start a real server on a loopback port, connect a
//! generated client, and play deals through the public API.

use std::net::SocketAddr;
use std::sync::Arc;
use tarock_proto::v1 as pb;
use tarock_proto::v1::engine_service_client::EngineServiceClient;
use tarock_service::metrics::Metrics;
use tarock_service::Config;
use tokio::sync::oneshot;
use tonic::transport::Channel;

/// A server running in this process until dropped.
pub struct TestServer {
    /// Its address.
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    handle: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    /// Starts a server on `127.0.0.1:0` with `config`.
    pub async fn start(config: Config) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local address");
        let (tx, rx) = oneshot::channel::<()>();
        let handle = tokio::spawn(async move {
            let shutdown = async move {
                let _ = rx.await;
            };
            tarock_service::run(listener, config, Arc::new(Metrics::default()), shutdown)
                .await
                .expect("server runs");
        });
        TestServer {
            addr,
            stop: Some(tx),
            handle: Some(handle),
        }
    }

    /// Starts a server with test settings: no drain delay.
    pub async fn start_default() -> TestServer {
        TestServer::start(Config {
            drain_delay: std::time::Duration::ZERO,
            shutdown_grace: std::time::Duration::from_secs(2),
            ..Config::default()
        })
        .await
    }

    /// Starts a server with test settings and a key ring of one key (`key` repeated), that
    /// lets sealed deals be dealt from a seed the client chose, as the sealed tests need.
    pub async fn start_sealed(key: u8) -> TestServer {
        let ring = tarock_service::seal::KeyRing::new(vec![("k".to_owned(), [key; 32])], "k")
            .expect("a key ring");
        TestServer::start(Config {
            keys: Some(Arc::new(ring)),
            allow_chosen_sealed_deals: true,
            drain_delay: std::time::Duration::ZERO,
            shutdown_grace: std::time::Duration::from_secs(2),
            ..Config::default()
        })
        .await
    }

    /// Starts a server with test settings that also serves the files of `web_dir`.
    pub async fn start_web(web_dir: std::path::PathBuf) -> TestServer {
        TestServer::start(Config {
            web_dir: Some(web_dir),
            drain_delay: std::time::Duration::ZERO,
            shutdown_grace: std::time::Duration::from_secs(2),
            ..Config::default()
        })
        .await
    }

    /// The server's URL.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A connected channel.
    pub async fn channel(&self) -> Channel {
        Channel::from_shared(self.url())
            .expect("valid url")
            .connect()
            .await
            .expect("connect to the test server")
    }

    /// A connected engine client.
    pub async fn client(&self) -> EngineServiceClient<Channel> {
        EngineServiceClient::new(self.channel().await).max_decoding_message_size(64 * 1024 * 1024)
    }

    /// Stops the server and waits for it.
    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(h) = self.handle.take() {
            let _ = h.await;
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
    }
}

/// The record of a seeded deal of `variant` (deal `n` from seed `n`, dealer `n % seats`).
pub async fn new_deal(
    c: &mut tarock_proto::v1::engine_service_client::EngineServiceClient<Channel>,
    variant: &str,
    n: u64,
    seats: u32,
) -> pb::GameRecord {
    c.new_deal(pb::NewDealRequest {
        variant: variant.to_owned(),
        seats,
        dealer: (n % u64::from(seats)) as u32,
        deal: Some(pb::new_deal_request::Deal::Seed(seed(n))),
        ..Default::default()
    })
    .await
    .expect("new deal")
    .into_inner()
    .record
    .expect("a record")
}

/// A sealed deal of `variant` at `seats` seats with `dealer`, dealt from seed `n` (on a server
/// of [`TestServer::start_sealed`]): the sealed record and the tokens.
pub async fn sealed_deal(
    c: &mut EngineServiceClient<Channel>,
    variant: &str,
    seats: u32,
    dealer: u32,
    n: u64,
) -> pb::NewDealResponse {
    c.new_deal(pb::NewDealRequest {
        variant: variant.to_owned(),
        seats,
        dealer,
        deal: Some(pb::new_deal_request::Deal::Seed(seed(n))),
        sealed: true,
        ..Default::default()
    })
    .await
    .expect("a sealed deal")
    .into_inner()
}

/// `record` with the action of stable id `id` applied (no view asked for).
pub async fn apply_id(
    c: &mut EngineServiceClient<Channel>,
    record: pb::GameRecord,
    id: u32,
) -> pb::GameRecord {
    c.apply_action(pb::ApplyActionRequest {
        state: Some(pb::apply_action_request::State::Record(record)),
        action_id: Some(id),
        omit_view: true,
        ..Default::default()
    })
    .await
    .expect("apply")
    .into_inner()
    .record
    .expect("a record")
}

/// A 32-byte seed from a number (little-endian in the first 8 bytes).
pub fn seed(n: u64) -> Vec<u8> {
    tarock_engine::shuffle::seed_from_u64(n).to_vec()
}

/// A small deterministic generator for choosing moves (xorshift).
#[derive(Clone, Debug)]
pub struct Chooser(u64, bool);

impl Chooser {
    /// From a seed.
    pub fn new(seed: u64) -> Chooser {
        Chooser(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1, false)
    }

    /// From a seed, also passing half the time in the auction, so that many hands are passed
    /// out (matches with doubled rounds).
    pub fn passing(seed: u64) -> Chooser {
        Chooser(Chooser::new(seed).0, true)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// Picks a move: in the round of announcements mostly `pass`, so deals stay short.
    pub fn pick(&mut self, moves: &[pb::LegalMove], phase: i32) -> pb::LegalMove {
        let pass = moves.iter().find(|m| {
            m.action
                .as_ref()
                .is_some_and(|a| a.kind == pb::ActionKind::Pass as i32)
        });
        if phase == pb::Phase::Announce as i32 && self.below(10) < 7 {
            if let Some(p) = pass {
                return p.clone();
            }
        }
        if self.1 && phase == pb::Phase::Auction as i32 && self.below(2) == 0 {
            if let Some(p) = pass {
                return p.clone();
            }
        }
        moves[self.below(moves.len())].clone()
    }
}

/// The referee's viewer: every hand and the talon (given only when asked for).
#[must_use]
pub fn referee() -> pb::Viewer {
    pb::Viewer {
        role: pb::ViewerRole::Referee as i32,
        seat: 0,
    }
}

/// The request state for an open record.
pub fn open_state(r: &pb::GameRecord) -> Option<pb::legal_moves_request::State> {
    Some(pb::legal_moves_request::State::Record(r.clone()))
}

/// LegalMoves on the open `record`, without a token.
///
/// # Panics
/// If the call fails.
pub async fn legal_moves(
    c: &mut tarock_proto::v1::engine_service_client::EngineServiceClient<Channel>,
    record: &pb::GameRecord,
) -> pb::LegalMovesResponse {
    c.legal_moves(pb::LegalMovesRequest {
        state: open_state(record),
        token: Vec::new(),
        encodings: None,
    })
    .await
    .expect("legal moves")
    .into_inner()
}

/// Score on the open `record`.
///
/// # Panics
/// If the call fails.
pub async fn score(
    c: &mut tarock_proto::v1::engine_service_client::EngineServiceClient<Channel>,
    record: &pb::GameRecord,
) -> pb::ScoreResponse {
    c.score(pb::ScoreRequest {
        state: Some(pb::score_request::State::Record(record.clone())),
    })
    .await
    .expect("score")
    .into_inner()
}

/// The engine's own replay of a wire record: the reference a test compares the service with.
///
/// # Panics
/// If the record is not valid or not legal.
#[must_use]
pub fn engine_game(r: &pb::GameRecord) -> tarock_engine::AnyGame {
    let d = tarock_service::convert::record_from_pb(r).expect("valid record");
    tarock_engine::AnyGame::replay(&d.setup, &d.actions).expect("legal record")
}

/// Plays a hand to the end through LegalMoves and ApplyAction only (each action by the seat to
/// act, which names itself); returns the final record.
pub async fn play_to_end(
    c: &mut tarock_proto::v1::engine_service_client::EngineServiceClient<Channel>,
    mut record: pb::GameRecord,
    chooser: &mut Chooser,
) -> pb::GameRecord {
    loop {
        let lm = legal_moves(c, &record).await;
        if lm.game_over {
            assert!(lm.moves.is_empty());
            return record;
        }
        let to_act = lm.to_act.expect("someone is to act");
        let m = chooser.pick(&lm.moves, lm.phase);
        let next = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(record.clone())),
                action: m.action.clone(),
                seat: Some(to_act),
                viewer: Some(pb::Viewer {
                    role: pb::ViewerRole::Seat as i32,
                    seat: to_act,
                }),
                ..Default::default()
            })
            .await
            .unwrap_or_else(|e| panic!("apply {:?}: {e:?}", m.action.map(|a| a.notation)))
            .into_inner()
            .record
            .expect("new record");
        assert_eq!(next.actions.len(), record.actions.len() + 1);
        record = next;
    }
}

/// `message` as one uncompressed gRPC frame: the flag, the message's length, its bytes.
#[must_use]
pub fn grpc_frame(message: &[u8]) -> Vec<u8> {
    let mut frame = vec![0u8];
    frame.extend_from_slice(
        &u32::try_from(message.len())
            .unwrap_or(u32::MAX)
            .to_be_bytes(),
    );
    frame.extend_from_slice(message);
    frame
}

/// Posts `body` (gRPC frames, or their base64 for `application/grpc-web-text`) to the RPC `path`
/// as gRPC-Web of `content_type` (and accepting it back) over HTTP/1.1, and returns the whole response as it came
/// (status line, headers, body).
pub async fn grpc_web_post(
    addr: SocketAddr,
    path: &str,
    content_type: &str,
    body: &[u8],
) -> Vec<u8> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {content_type}\r\nAccept: {content_type}\r\nX-Grpc-Web: 1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.expect("write");
    s.write_all(body).await.expect("write");
    let mut response = Vec::new();
    s.read_to_end(&mut response).await.expect("read");
    response
}

/// Sends `method` for the raw `path` (written as given, not normalised) over HTTP/1.1 without a
/// body, and returns the whole response as it came (status line, headers, body).
pub async fn http1_request(addr: SocketAddr, method: &str, path: &str) -> Vec<u8> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(head.as_bytes()).await.expect("write");
    let mut response = Vec::new();
    s.read_to_end(&mut response).await.expect("read");
    response
}

/// The body of an HTTP/1.1 `response`, its chunks joined when it came chunked.
#[must_use]
pub fn http_body(response: &[u8]) -> Vec<u8> {
    let Some(end) = response.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Vec::new();
    };
    let head = String::from_utf8_lossy(&response[..end]).to_ascii_lowercase();
    let mut rest = &response[end + 4..];
    if !head.contains("transfer-encoding: chunked") {
        return rest.to_vec();
    }
    let mut body = Vec::new();
    while let Some(line) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&rest[..line])
            .ok()
            .and_then(|s| usize::from_str_radix(s.trim(), 16).ok())
            .unwrap_or(0);
        rest = &rest[line + 2..];
        if size == 0 || rest.len() < size {
            break;
        }
        body.extend_from_slice(&rest[..size]);
        rest = rest.get(size + 2..).unwrap_or_default();
    }
    body
}

/// A codec that sends and receives a message's bytes as they are, so that a test can put any
/// bytes in front of the server's decoder over real gRPC.
#[derive(Clone, Copy, Debug, Default)]
pub struct RawCodec;

impl tonic::codec::Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawCodec;
    type Decoder = RawCodec;

    fn encoder(&mut self) -> RawCodec {
        RawCodec
    }

    fn decoder(&mut self) -> RawCodec {
        RawCodec
    }
}

impl tonic::codec::Encoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn encode(
        &mut self,
        item: Vec<u8>,
        buf: &mut tonic::codec::EncodeBuf<'_>,
    ) -> Result<(), tonic::Status> {
        bytes::BufMut::put_slice(buf, &item);
        Ok(())
    }
}

impl tonic::codec::Decoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn decode(
        &mut self,
        buf: &mut tonic::codec::DecodeBuf<'_>,
    ) -> Result<Option<Vec<u8>>, tonic::Status> {
        let mut out = vec![0; bytes::Buf::remaining(buf)];
        bytes::Buf::copy_to_slice(buf, &mut out);
        Ok(Some(out))
    }
}

/// A unary call of `path` with `message` as the request's bytes, over `channel`; the response's
/// bytes, or the status.
///
/// # Errors
/// The status the server answered with.
pub async fn raw_call(
    channel: Channel,
    path: &str,
    message: Vec<u8>,
) -> Result<Vec<u8>, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready()
        .await
        .map_err(|e| tonic::Status::unavailable(e.to_string()))?;
    let path = http::uri::PathAndQuery::try_from(path)
        .map_err(|e| tonic::Status::invalid_argument(e.to_string()))?;
    grpc.unary(tonic::Request::new(message), path, RawCodec)
        .await
        .map(tonic::Response::into_inner)
}

/// The service in this process, called with the messages a client sends and answered with the
/// messages a client reads: each request is encoded and read as the server reads it off the
/// wire, and each answer decoded as a client decodes it, without a transport in between.
#[derive(Clone, Debug, Default)]
pub struct Local(pub tarock_service::Engine);

/// `m` encoded and decoded as `U` (a request read as the server reads it, or an answer read as a
/// client reads it).
fn recode<T: prost::Message, U: prost::Message + Default>(m: &T) -> Result<U, tonic::Status> {
    U::decode(m.encode_to_vec().as_slice()).map_err(tarock_proto::codec::invalid)
}

macro_rules! local {
    ($($(#[$doc:meta])* $name:ident($req:ty => $lazy:ty) -> $resp:ty, $into:expr;)*) => {
        impl Local {$(
            $(#[$doc])*
            ///
            /// # Errors
            /// The status the service answers with.
            pub async fn $name(
                &self,
                request: tonic::Request<$req>,
            ) -> Result<tonic::Response<$resp>, tonic::Status> {
                use tarock_proto::server::engine_service_server::EngineService;
                let r: $lazy = recode(request.get_ref())?;
                let answer = self.0.$name(tonic::Request::new(r)).await?.into_inner();
                let into: fn(_) -> Result<$resp, tonic::Status> = $into;
                into(answer).map(tonic::Response::new)
            }
        )*}
    };
}

/// An answer the server wrote as bytes, decoded.
fn decoded<M: prost::Message + Default>(
    e: tarock_proto::codec::Encoded<M>,
) -> Result<M, tonic::Status> {
    e.decode()
        .map_err(|e| tonic::Status::internal(e.to_string()))
}

local! {
    /// `NewDeal`.
    new_deal(pb::NewDealRequest => pb::NewDealRequest) -> pb::NewDealResponse, decoded;
    /// `LegalMoves`.
    legal_moves(pb::LegalMovesRequest => tarock_proto::lazy::LegalMovesRequest)
        -> pb::LegalMovesResponse, decoded;
    /// `ApplyAction`.
    apply_action(pb::ApplyActionRequest => tarock_proto::lazy::ApplyActionRequest)
        -> pb::ApplyActionResponse, decoded;
    /// `GetView`.
    get_view(pb::GetViewRequest => tarock_proto::lazy::GetViewRequest)
        -> pb::GetViewResponse, decoded;
    /// `Score`.
    score(pb::ScoreRequest => tarock_proto::lazy::ScoreRequest) -> pb::ScoreResponse, Ok;
    /// `ValidateGame`.
    validate_game(pb::ValidateGameRequest => tarock_proto::lazy::ValidateGameRequest)
        -> pb::ValidateGameResponse, Ok;
    /// `NextDeal`.
    next_deal(pb::NextDealRequest => tarock_proto::lazy::NextDealRequest)
        -> pb::NextDealResponse, decoded;
    /// `SuggestMove`.
    suggest_move(pb::SuggestMoveRequest => tarock_proto::lazy::SuggestMoveRequest)
        -> pb::SuggestMoveResponse, Ok;
    /// `SolvePosition`.
    solve_position(pb::SolvePositionRequest => tarock_proto::lazy::SolvePositionRequest)
        -> pb::SolvePositionResponse, Ok;
}
