//! The middleware in front of every service the server mounts: a byte budget for the requests in
//! flight, and error details on every status, those tonic makes itself included.
//!
//! - [`BudgetLayer`]: the bytes of the request bodies in flight, added up over the whole server,
//!   stay under a budget. Each body's bytes are charged as they arrive and held until its
//!   request is answered (the decoded request lives as long); a request whose bytes would go over
//!   the budget fails with RESOURCE_EXHAUSTED (`MEMORY_BUDGET`) at once, instead of the server
//!   holding more. With the per-request message limit, this bounds what hostile clients can make
//!   the server hold, whatever the number of connections. A stream's body ([`STREAMS`]) is a
//!   sequence of messages that each is answered before the next is read: it holds the bytes of
//!   its last frame only, each released when the next one arrives.
//! - [`DetailsLayer`]: tonic answers some failures itself (a message over the limit, OUT_OF_RANGE;
//!   load shedding, RESOURCE_EXHAUSTED; an unknown method, UNIMPLEMENTED; a request that does not
//!   decode, INVALID_ARGUMENT; a timeout) with a bare status. This layer gives each such status
//!   the details the service's own statuses carry (an ErrorInfo with a [`Reason`], or a
//!   BadRequest for INVALID_ARGUMENT), and turns the errors of the layers under it (load
//!   shedding) into such statuses, so that a client reads every failure the same way.
//!
//! A hand-written layer rather than a crate's: the budget is tokio's semaphore and the details
//! are tonic-types'; what is written here only counts bytes and fills in headers.

use crate::error;
use crate::metrics::Metrics;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::body::Body;
use tonic::Status;
use tower::{Layer, Service};

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// The paths of the methods whose requests are streams of messages.
pub const STREAMS: [&str; 2] = [
    "/tarock.v1.EngineService/Play",
    "/tarock.v1.EngineService/ValidateGames",
];

/// The byte budget of the requests in flight: see the module's description.
#[derive(Clone, Debug)]
pub struct BudgetLayer {
    semaphore: Arc<Semaphore>,
    budget: usize,
    metrics: Arc<Metrics>,
}

impl BudgetLayer {
    /// A budget of `bytes` (at most [`Semaphore::MAX_PERMITS`]) for the request bodies in flight;
    /// the requests shed are counted in `metrics`.
    #[must_use]
    pub fn new(bytes: usize, metrics: Arc<Metrics>) -> BudgetLayer {
        let budget = bytes.min(Semaphore::MAX_PERMITS);
        BudgetLayer {
            semaphore: Arc::new(Semaphore::new(budget)),
            budget,
            metrics,
        }
    }
}

impl<S> Layer<S> for BudgetLayer {
    type Service = Budgeted<S>;

    fn layer(&self, inner: S) -> Budgeted<S> {
        Budgeted {
            inner,
            layer: self.clone(),
        }
    }
}

/// A service under a [`BudgetLayer`].
#[derive(Clone, Debug)]
pub struct Budgeted<S> {
    inner: S,
    layer: BudgetLayer,
}

/// The bytes one request holds: released when both its body and its answer are done.
#[derive(Debug)]
struct Charge {
    layer: BudgetLayer,
    held: Mutex<Option<OwnedSemaphorePermit>>,
}

impl Charge {
    /// Charges `n` more bytes, or RESOURCE_EXHAUSTED when the budget has no room for them.
    fn add(&self, n: usize) -> Result<(), Status> {
        if n == 0 {
            return Ok(());
        }
        let permit = u32::try_from(n)
            .ok()
            .and_then(|n| {
                Arc::clone(&self.layer.semaphore)
                    .try_acquire_many_owned(n)
                    .ok()
            })
            .ok_or_else(|| {
                self.layer.metrics.shed(true);
                error::over_budget(self.layer.budget)
            })?;
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        match held.as_mut() {
            Some(h) => h.merge(permit),
            None => *held = Some(permit),
        }
        Ok(())
    }
}

/// A request body whose bytes are charged to its request as they arrive.
struct Charged {
    inner: Body,
    charge: Arc<Charge>,
    /// A stream's: each frame's bytes are released when the next arrives.
    stream: bool,
}

impl http_body::Body for Charged {
    type Data = bytes::Bytes;
    type Error = Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<bytes::Bytes>, Status>>> {
        let frame = Pin::new(&mut self.inner).poll_frame(cx);
        if let Poll::Ready(Some(Ok(f))) = &frame {
            if let Some(data) = f.data_ref() {
                if self.stream {
                    let released = self
                        .charge
                        .held
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .take();
                    drop(released);
                }
                if let Err(status) = self.charge.add(data.len()) {
                    return Poll::Ready(Some(Err(status)));
                }
            }
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

impl<S> Service<http::Request<Body>> for Budgeted<S>
where
    S: Service<http::Request<Body>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = BoxFuture<Result<S::Response, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        let charge = Arc::new(Charge {
            layer: self.layer.clone(),
            held: Mutex::new(None),
        });
        let stream = STREAMS.contains(&request.uri().path());
        let request = request.map(|inner| {
            Body::new(Charged {
                inner,
                charge: Arc::clone(&charge),
                stream,
            })
        });
        let answer = self.inner.call(request);
        Box::pin(async move {
            let r = answer.await;
            // The decoded request lived until now: its bytes are released with the answer.
            drop(charge);
            r
        })
    }
}

/// Error details on every status: see the module's description. Requests shed for load are
/// counted in its metrics.
#[derive(Clone, Debug)]
pub struct DetailsLayer(pub Arc<Metrics>);

impl<S> Layer<S> for DetailsLayer {
    type Service = Detailed<S>;

    fn layer(&self, inner: S) -> Detailed<S> {
        Detailed {
            inner,
            metrics: Arc::clone(&self.0),
            not_ready: None,
        }
    }
}

/// A service under a [`DetailsLayer`].
#[derive(Debug)]
pub struct Detailed<S> {
    inner: S,
    metrics: Arc<Metrics>,
    /// The error the service under this one failed to get ready with, answered at the next call.
    not_ready: Option<tower::BoxError>,
}

impl<S: Clone> Clone for Detailed<S> {
    fn clone(&self) -> Detailed<S> {
        Detailed {
            inner: self.inner.clone(),
            metrics: Arc::clone(&self.metrics),
            not_ready: None,
        }
    }
}

/// The status of an error of the layers under [`DetailsLayer`], counting a request shed.
fn status_of(e: tower::BoxError, metrics: &Metrics) -> Status {
    if e.is::<tower::load_shed::error::Overloaded>() {
        metrics.shed(false);
    }
    error::of_layer(e)
}

/// The response for a status: trailers only.
fn respond(status: &Status) -> http::Response<Body> {
    let detailed = error::detailed(status).unwrap_or_else(|| status.clone());
    detailed.into_http()
}

impl<S, E> Service<http::Request<Body>> for Detailed<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>, Error = E>,
    S::Future: Send + 'static,
    E: Into<tower::BoxError> + Send + 'static,
{
    type Response = http::Response<Body>;
    type Error = std::convert::Infallible;
    type Future = BoxFuture<Result<http::Response<Body>, std::convert::Infallible>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        // An error getting ready is answered, as a status, at the call it was for.
        match self.inner.poll_ready(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Ok(())) => {
                self.not_ready = None;
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => {
                self.not_ready = Some(e.into());
                Poll::Ready(Ok(()))
            }
        }
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        if let Some(e) = self.not_ready.take() {
            let response = respond(&status_of(e, &self.metrics));
            return Box::pin(std::future::ready(Ok(response)));
        }
        let answer = self.inner.call(request);
        let metrics = Arc::clone(&self.metrics);
        Box::pin(async move {
            match answer.await {
                Ok(response) => {
                    // A status answered with trailers only is in the response's headers.
                    let redo = Status::from_header_map(response.headers())
                        .as_ref()
                        .and_then(error::detailed);
                    Ok(match redo {
                        Some(status) => {
                            let (mut parts, body) = response.into_parts();
                            let _ = status.add_header(&mut parts.headers);
                            parts.extensions.insert(status);
                            http::Response::from_parts(parts, body)
                        }
                        None => response,
                    })
                }
                Err(e) => Ok(respond(&status_of(e.into(), &metrics))),
            }
        })
    }
}
