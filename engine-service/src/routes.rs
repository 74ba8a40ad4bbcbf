//! The `tarock.v1.EngineService` as the server mounts it: the generated service, with
//! `LegalMoves` and `ApplyAction` answered by routes of their own that send the bytes
//! [`crate::respond`] writes as they are (the generated service would want prost structures,
//! built only to be encoded), and taking the request's bytes as they came, so that the handler
//! decodes the record's actions without copying their strings
//! ([`tarock_proto::decode::lean`]). The results and errors are the generated service's, and
//! the same limits and metrics apply.

use crate::metrics::Instrumented;
use crate::service::ByteRpc;
use crate::Engine;
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
    type Response = Vec<u8>;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Vec<u8>>, Status>> + Send>>;

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
            let mut grpc = Grpc::new(WireCodec)
                .apply_max_message_size_config(Some(max_decoding), Some(max_encoding));
            Ok(grpc.unary(ByBytes(service, rpc), req).await)
        })
    }
}
