//! The `tarock.v1.EngineService` as the server mounts it: the generated service, with
//! `LegalMoves` and `ApplyAction` answered by routes of their own that send the bytes
//! [`crate::respond`] writes as they are (the generated service would want prost structures,
//! built only to be encoded), and taking the request's bytes as they came, so that the handler
//! decodes the record's actions without copying their strings
//! ([`tarock_proto::decode::lean`]). The results and errors are the generated service's, and
//! the same limits and metrics apply.
//!
//! A request as every gRPC client sends a unary call (one uncompressed message, nothing after
//! it) is read and answered here: its message is the body's bytes after the prefix, and the
//! answer is one frame, the prefix written into the room [`Answer`] leaves for it, then the
//! trailers of success, as tonic's unary path sends them but without copying the message into
//! its encoding buffer. Anything else (a compressed message, a body that is not one whole
//! message, trailers, a message over the size limit) goes to tonic's unary path, the bytes
//! already read put back before the rest of the body, so that it is decoded or refused exactly
//! as the generated service would.

use crate::metrics::Instrumented;
use crate::respond::{Answer, GRPC_PREFIX};
use crate::service::ByteRpc;
use crate::Engine;
use http::{HeaderMap, HeaderValue};
use http_body::{Body as _, Frame};
use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tarock_proto::codec::WireCodec;
use tarock_proto::v1::engine_service_server::EngineServiceServer;
use tonic::body::Body;
use tonic::codegen::Bytes;
use tonic::server::{Grpc, NamedService, UnaryService};
use tonic::{Request, Response, Status};

/// The service and its two byte routes.
#[derive(Clone, Debug)]
pub struct Routes {
    service: Arc<Instrumented<Engine>>,
    generated: EngineServiceServer<Instrumented<Engine>>,
    max_decoding: usize,
    max_encoding: usize,
}

impl Routes {
    /// Mounts `service`, with the given limits on request and response sizes.
    pub fn new(service: Instrumented<Engine>, max_decoding: usize, max_encoding: usize) -> Routes {
        let service = Arc::new(service);
        let generated = EngineServiceServer::from_arc(service.clone())
            .max_decoding_message_size(max_decoding)
            .max_encoding_message_size(max_encoding);
        Routes {
            service,
            generated,
            max_decoding,
            max_encoding,
        }
    }
}

impl NamedService for Routes {
    const NAME: &'static str = <EngineServiceServer<Instrumented<Engine>> as NamedService>::NAME;
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = Result<T, Infallible>> + Send + 'static>>;

/// One of the RPCs answered by bytes.
struct ByBytes(Arc<Instrumented<Engine>>, ByteRpc);

impl UnaryService<Bytes> for ByBytes {
    type Response = Answer;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Answer>, Status>> + Send>>;

    fn call(&mut self, request: Request<Bytes>) -> Self::Future {
        let (service, rpc) = (self.0.clone(), self.1);
        Box::pin(async move { service.handle_bytes(rpc, request).await })
    }
}

impl tower::Service<http::Request<Body>> for Routes {
    type Response = http::Response<Body>;
    type Error = Infallible;
    type Future = BoxFuture<http::Response<Body>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: http::Request<Body>) -> Self::Future {
        let path = req.uri().path();
        let Some(rpc) = ByteRpc::ALL.into_iter().find(|r| r.path() == path) else {
            return tower::Service::call(&mut self.generated, req);
        };
        let (max_decoding, max_encoding) = (self.max_decoding, self.max_encoding);
        let service = self.service.clone();
        Box::pin(async move {
            let req = match lone_message(req, max_decoding).await {
                Ok(message) => {
                    let answer = service.handle_bytes(rpc, Request::new(message)).await;
                    return Ok(respond(answer, max_encoding));
                }
                Err(req) => req,
            };
            let mut grpc = Grpc::new(WireCodec::<Answer>::default())
                .apply_max_message_size_config(Some(max_decoding), Some(max_encoding));
            Ok(grpc.unary(ByBytes(service, rpc), req).await)
        })
    }
}

/// The message of a unary request that is one uncompressed message of at most `max` bytes and
/// nothing more; otherwise the request as it came, the bytes read put back in front of the rest
/// of its body.
async fn lone_message(req: http::Request<Body>, max: usize) -> Result<Bytes, http::Request<Body>> {
    if req.headers().contains_key("grpc-encoding") {
        return Err(req);
    }
    let (parts, mut body) = req.into_parts();
    let limit = GRPC_PREFIX.saturating_add(max);
    // The data read: the first frame's, and any after it.
    let (mut first, mut more) = (Bytes::new(), VecDeque::new());
    let mut len = 0;
    let mut stopped = None;
    while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        match frame.map(Frame::into_data) {
            Ok(Ok(data)) => {
                len += data.len();
                if first.is_empty() {
                    first = data;
                } else if !data.is_empty() {
                    more.push_back(data);
                }
                if len > limit {
                    break;
                }
            }
            // Trailers.
            Ok(Err(frame)) => {
                stopped = Some(Ok(frame));
                break;
            }
            Err(e) => {
                stopped = Some(Err(e));
                break;
            }
        }
    }
    if stopped.is_none() && len <= limit {
        if !more.is_empty() {
            let mut whole = Vec::with_capacity(len);
            whole.extend_from_slice(&first);
            for data in more.drain(..) {
                whole.extend_from_slice(&data);
            }
            first = Bytes::from(whole);
        }
        if lone_frame(&first) {
            return Ok(first.slice(GRPC_PREFIX..));
        }
    }
    let mut read = more;
    if !first.is_empty() {
        read.push_front(first);
    }
    let body = PutBack {
        read,
        stopped,
        rest: body,
    };
    Err(http::Request::from_parts(parts, Body::new(body)))
}

/// Whether `body` is one uncompressed gRPC message, whole: its prefix (flag 0, and its length)
/// and the message's bytes, nothing after them.
fn lone_frame(body: &[u8]) -> bool {
    match body.split_first_chunk::<GRPC_PREFIX>() {
        Some(([0, len @ ..], message)) => {
            usize::try_from(u32::from_be_bytes(*len)).is_ok_and(|len| len == message.len())
        }
        _ => false,
    }
}

/// A request's body with the frames read from it put back in front of the rest: the data read,
/// then the frame or error that stopped the reading, then what was not read.
struct PutBack {
    read: VecDeque<Bytes>,
    stopped: Option<Result<Frame<Bytes>, Status>>,
    rest: Body,
}

impl http_body::Body for PutBack {
    type Data = Bytes;
    type Error = Status;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Status>>> {
        let this = self.get_mut();
        if let Some(data) = this.read.pop_front() {
            return Poll::Ready(Some(Ok(Frame::data(data))));
        }
        if let Some(stopped) = this.stopped.take() {
            return Poll::Ready(Some(stopped));
        }
        Pin::new(&mut this.rest).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.read.is_empty() && self.stopped.is_none() && self.rest.is_end_stream()
    }
}

/// The response to a unary call answered with `answer`, as tonic's unary path writes it: an
/// error as a response of trailers only; a message as the gRPC content type, the message's
/// frame, and trailers with status OK. A message over `max` bytes is OUT_OF_RANGE, as tonic
/// says it.
fn respond(answer: Result<Response<Answer>, Status>, max: usize) -> http::Response<Body> {
    let answer = match answer {
        Ok(answer) => answer.into_inner(),
        Err(status) => return status.into_http(),
    };
    let len = answer.message().len();
    let frame = answer.into_frame().filter(|_| len <= max);
    let Some(frame) = frame else {
        return Status::out_of_range(format!(
            "Error, encoded message length too large: found {len} bytes, the limit is: {max} bytes"
        ))
        .into_http();
    };
    let mut trailers = HeaderMap::with_capacity(1);
    trailers.insert("grpc-status", HeaderValue::from_static("0"));
    let mut response = http::Response::new(Body::new(Unary {
        frame: Some(Bytes::from(frame)),
        trailers: Some(trailers),
    }));
    *response.version_mut() = http::Version::HTTP_2;
    response.headers_mut().insert(
        http::header::CONTENT_TYPE,
        HeaderValue::from_static("application/grpc"),
    );
    response
}

/// A unary answer's body: the message's frame, then the trailers.
struct Unary {
    frame: Option<Bytes>,
    trailers: Option<HeaderMap>,
}

impl http_body::Body for Unary {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        let frame = match this.frame.take() {
            Some(data) => Some(Frame::data(data)),
            None => this.trailers.take().map(Frame::trailers),
        };
        Poll::Ready(frame.map(Ok))
    }

    fn is_end_stream(&self) -> bool {
        self.frame.is_none() && self.trailers.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::Metrics;
    use prost::Message;
    use tarock_engine::game::Game;
    use tarock_engine::{AnyGame, Seat, Setup, Variant, RULES_VERSION};
    use tarock_proto::v1 as pb;

    /// An `ApplyAction` request's message: the first legal action of a seeded deal's record.
    fn apply_action() -> Vec<u8> {
        let setup = Setup::seeded(Variant::HungarianIllustrated, 4, Seat::new(1), [3; 32]);
        let g = AnyGame::new(&setup).expect("a seeded deal");
        let record = crate::convert::record_with_deal(&setup, &[], &g, None, RULES_VERSION);
        pb::ApplyActionRequest {
            state: Some(pb::apply_action_request::State::Record(record)),
            action: Some(crate::convert::action_to_pb(g.legal_actions()[0])),
            ..Default::default()
        }
        .encode_to_vec()
    }

    /// `message` as one gRPC frame, its first byte the compression flag `flag`.
    fn framed(flag: u8, message: &[u8]) -> Vec<u8> {
        let mut frame = vec![flag];
        frame.extend_from_slice(&u32::try_from(message.len()).unwrap_or(0).to_be_bytes());
        frame.extend_from_slice(message);
        frame
    }

    /// A request to `rpc` whose body is `chunks` (as data frames), then `trailers` if any.
    fn request(
        rpc: ByteRpc,
        headers: &[(&'static str, &'static str)],
        chunks: &[&[u8]],
        trailers: Option<HeaderMap>,
    ) -> http::Request<Body> {
        let body = PutBack {
            read: chunks.iter().map(|c| Bytes::copy_from_slice(c)).collect(),
            stopped: trailers.map(|t| Ok(Frame::trailers(t))),
            rest: Body::empty(),
        };
        let mut req = http::Request::new(Body::new(body));
        *req.method_mut() = http::Method::POST;
        *req.uri_mut() = rpc.path().parse().unwrap_or_default();
        req.headers_mut()
            .insert("content-type", HeaderValue::from_static("application/grpc"));
        for (name, value) in headers {
            req.headers_mut()
                .insert(*name, HeaderValue::from_static(value));
        }
        req
    }

    /// What a client reads of a response: its content type, its data, and the status it ends
    /// with (from the trailers, or from the headers of a trailers-only response).
    #[derive(Debug, PartialEq, Eq)]
    struct Read {
        content_type: Option<String>,
        data: Vec<u8>,
        code: Option<String>,
        message: Option<String>,
    }

    async fn read(response: http::Response<Body>) -> Read {
        let (parts, mut body) = response.into_parts();
        let header = |m: &HeaderMap, name: &str| {
            m.get(name)
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
        };
        let mut data = Vec::new();
        let mut trailers = None;
        while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await
        {
            match frame.map(Frame::into_data) {
                Ok(Ok(d)) => data.extend_from_slice(&d),
                Ok(Err(f)) => trailers = f.into_trailers().ok(),
                Err(e) => panic!("the body failed: {e:?}"),
            }
        }
        let status = trailers.as_ref().unwrap_or(&parts.headers);
        Read {
            content_type: header(&parts.headers, "content-type"),
            data,
            code: header(status, "grpc-status"),
            message: header(status, "grpc-message"),
        }
    }

    fn service() -> Arc<Instrumented<Engine>> {
        Arc::new(Instrumented::new(
            Engine::new(),
            Arc::new(Metrics::default()),
        ))
    }

    /// The request through the routes, and through tonic's unary path alone.
    async fn both(
        max: (usize, usize),
        make: impl Fn() -> (ByteRpc, http::Request<Body>),
    ) -> (Read, Read) {
        let mut routes = Routes::new(
            Instrumented::new(Engine::new(), Arc::new(Metrics::default())),
            max.0,
            max.1,
        );
        let (_, req) = make();
        let ours = match tower::Service::call(&mut routes, req).await {
            Ok(r) => read(r).await,
            Err(never) => match never {},
        };
        let (rpc, req) = make();
        let mut grpc = Grpc::new(WireCodec::<Answer>::default())
            .apply_max_message_size_config(Some(max.0), Some(max.1));
        let theirs = read(grpc.unary(ByBytes(service(), rpc), req).await).await;
        (ours, theirs)
    }

    /// A request's shape: its RPC, headers, body and trailers, and the server's limits on the
    /// request's and the response's message.
    struct Case {
        name: &'static str,
        rpc: ByteRpc,
        headers: Vec<(&'static str, &'static str)>,
        chunks: Vec<Vec<u8>>,
        trailers: Option<HeaderMap>,
        max: (usize, usize),
    }

    #[tokio::test]
    async fn requests_are_answered_as_tonics_unary_path_answers_them() {
        let apply = apply_action();
        let listing = pb::LegalMovesRequest {
            state: pb::ApplyActionRequest::decode(apply.as_slice())
                .ok()
                .and_then(|r| match r.state {
                    Some(pb::apply_action_request::State::Record(rec)) => {
                        Some(pb::legal_moves_request::State::Record(rec))
                    }
                    _ => None,
                }),
            token: Vec::new(),
        }
        .encode_to_vec();
        let whole = framed(0, &apply);
        let (head, tail) = whole.split_at(3);
        let mut twice = whole.clone();
        twice.extend_from_slice(&whole);
        let mut extra = whole.clone();
        extra.push(0);
        let mut trailers = HeaderMap::new();
        trailers.insert("x-note", HeaderValue::from_static("after"));
        let big = 1 << 20;
        let case = |name, chunks: &[&[u8]]| Case {
            name,
            rpc: ByteRpc::ApplyAction,
            headers: Vec::new(),
            chunks: chunks.iter().map(|c| c.to_vec()).collect(),
            trailers: None,
            max: (big, big),
        };
        let gzip = vec![("grpc-encoding", "gzip")];
        let cases = [
            case("one frame", &[&whole]),
            Case {
                rpc: ByteRpc::LegalMoves,
                ..case("legal moves", &[&framed(0, &listing)])
            },
            case("in pieces, an empty one last", &[head, tail, &[]]),
            Case {
                headers: vec![("grpc-encoding", "identity")],
                ..case("identity encoding", &[&whole])
            },
            Case {
                trailers: Some(trailers),
                ..case("trailers after it", &[&whole])
            },
            case("not protobuf", &[&framed(0, &[0xff, 1, 2])]),
            case("an empty message", &[&framed(0, &[])]),
            case("no body", &[]),
            case("half a prefix", &[&[0, 0]]),
            case("cut short", &[&whole[..whole.len() - 1]]),
            case("two messages", &[&twice]),
            case("a byte after it", &[&extra]),
            case("compressed flag", &[&framed(1, &apply)]),
            Case {
                headers: gzip,
                ..case("gzip", &[&framed(1, &apply)])
            },
            Case {
                max: (apply.len() - 1, big),
                ..case("over the request limit", &[&whole])
            },
            Case {
                max: (apply.len(), big),
                ..case("at the request limit", &[&whole])
            },
        ];
        for c in cases {
            let (ours, theirs) = both(c.max, || {
                let chunks: Vec<&[u8]> = c.chunks.iter().map(Vec::as_slice).collect();
                (
                    c.rpc,
                    request(c.rpc, &c.headers, &chunks, c.trailers.clone()),
                )
            })
            .await;
            let name = c.name;
            assert_eq!(ours, theirs, "{name}");
            // Every case ends with a status; the answered ones with OK and a message.
            let ok = ours.code.as_deref() == Some("0");
            assert_eq!(ok, !ours.data.is_empty(), "{name}: {ours:?}");
        }
        // An answer over the response limit: tonic sends the headers and part of a frame
        // before its trailers say OUT_OF_RANGE; the route says the same status with nothing
        // before it (a response of trailers only).
        let (ours, theirs) = both((big, 64), || {
            (
                ByteRpc::ApplyAction,
                request(ByteRpc::ApplyAction, &[], &[&whole], None),
            )
        })
        .await;
        assert_eq!(ours.code.as_deref(), Some("11"));
        assert_eq!((&ours.code, &ours.message), (&theirs.code, &theirs.message));
        assert!(ours.data.is_empty());
    }

    #[tokio::test]
    async fn a_lone_message_is_read_without_a_copy_and_anything_else_is_put_back() {
        let whole = Bytes::from(framed(0, &apply_action()));
        let req = request(ByteRpc::ApplyAction, &[], &[], None);
        let (parts, _) = req.into_parts();
        let one = PutBack {
            read: VecDeque::from([whole.clone()]),
            stopped: None,
            rest: Body::empty(),
        };
        let message = lone_message(http::Request::from_parts(parts, Body::new(one)), 1 << 20)
            .await
            .expect("one whole message");
        assert_eq!(message, whole.slice(GRPC_PREFIX..));
        // The same bytes, not a copy of them.
        assert_eq!(message.as_ptr(), whole[GRPC_PREFIX..].as_ptr());

        // A compressed message is put back as it came: every byte, then the trailers.
        let compressed = framed(1, b"abc");
        let mut trailers = HeaderMap::new();
        trailers.insert("x-note", HeaderValue::from_static("after"));
        let req = request(
            ByteRpc::ApplyAction,
            &[],
            &[&compressed[..2], &compressed[2..]],
            Some(trailers),
        );
        let back = lone_message(req, 1 << 20).await.expect_err("not lone");
        let mut body = back.into_body();
        let mut data = Vec::new();
        let mut ended_with = None;
        while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await
        {
            match frame.map(Frame::into_data) {
                Ok(Ok(d)) => data.extend_from_slice(&d),
                Ok(Err(f)) => ended_with = f.into_trailers().ok(),
                Err(e) => panic!("{e:?}"),
            }
        }
        assert_eq!(data, compressed);
        assert_eq!(
            ended_with.and_then(|t| t.get("x-note").cloned()),
            Some(HeaderValue::from_static("after"))
        );
    }
}
