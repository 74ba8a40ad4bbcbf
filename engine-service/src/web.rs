//! A directory of static files (a built browser app) served on the server's own port, beside
//! gRPC and gRPC-Web.
//!
//! tonic-web's layer answers 400 to every HTTP/1.1 request that is not gRPC-Web, so the files
//! cannot be a service behind it: [`WebFilesLayer`] goes outermost, and sends GET and HEAD
//! requests that are not gRPC (no `application/grpc*` content type) to tower-http's
//! [`ServeDir`], everything else on to the RPCs unchanged. `ServeDir` guesses content types,
//! answers 404 for missing files and for paths that would leave the directory, and serves
//! `index.html` for a directory. Every file goes out with `cache-control: no-cache`, so that a
//! browser revalidates (`If-Modified-Since`) and picks up a rebuilt app at once.

use http::header::{HeaderValue, CACHE_CONTROL, CONTENT_TYPE};
use http::{Method, Request, Response};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::task::{Context, Poll};
use tonic::body::Body;
use tower::{Layer, Service, ServiceExt};
use tower_http::services::ServeDir;

/// Checks that `dir` is a directory with an `index.html`, so that a wrong path fails at start
/// rather than with a 404 for every page.
///
/// # Errors
/// A message naming the directory.
pub fn check_dir(dir: &Path) -> Result<(), String> {
    if !dir.is_dir() {
        return Err(format!("web directory {}: not a directory", dir.display()));
    }
    if !dir.join("index.html").is_file() {
        return Err(format!("web directory {}: no index.html", dir.display()));
    }
    Ok(())
}

/// Serves the files of a directory in front of the RPCs: see the module's description.
#[derive(Clone, Debug)]
pub struct WebFilesLayer(ServeDir);

impl WebFilesLayer {
    /// The files of `dir` (see [`check_dir`]).
    #[must_use]
    pub fn new(dir: PathBuf) -> WebFilesLayer {
        WebFilesLayer(ServeDir::new(dir).append_index_html_on_directories(true))
    }
}

impl<S> Layer<S> for WebFilesLayer {
    type Service = WebFiles<S>;

    fn layer(&self, inner: S) -> WebFiles<S> {
        WebFiles {
            files: self.0.clone(),
            inner,
        }
    }
}

/// A service under a [`WebFilesLayer`].
#[derive(Clone, Debug)]
pub struct WebFiles<S> {
    files: ServeDir,
    inner: S,
}

/// Whether `request` is for a static file: a GET or HEAD that is not gRPC.
fn is_static<B>(request: &Request<B>) -> bool {
    let method = request.method();
    let grpc = request
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/grpc"));
    (method == Method::GET || method == Method::HEAD) && !grpc
}

impl<S> Service<Request<Body>> for WebFiles<S>
where
    S: Service<Request<Body>, Response = Response<Body>>,
    S::Future: Send + 'static,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        if !is_static(&request) {
            return Box::pin(self.inner.call(request));
        }
        let files = self.files.clone();
        Box::pin(async move {
            let mut response = match files.oneshot(request).await {
                Ok(r) => r,
                Err(never) => match never {},
            };
            response
                .headers_mut()
                .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            Ok(response.map(Body::new))
        })
    }
}
