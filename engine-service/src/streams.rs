//! The bidirectional streams (Play, ValidateGames): one answer per message, in order, worked
//! out where the answer is asked for, and the stream ended when no message comes for its idle
//! timeout.
//!
//! [`Answers`] is the response stream: polled for its next answer, it polls the client's stream
//! for the next message and answers it at once, in the task that sends the answers (no task or
//! channel per stream, and no message is read before the last answer is taken: a client that
//! does not read its answers holds up only itself). A message that does not decode, or is over
//! the message limit, ends the stream with that status; a message the handler refuses in part
//! is answered (the handler says what it refused), and the stream goes on.

use crate::error;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::time::{Instant, Sleep};
use tokio_stream::Stream;
use tonic::{Status, Streaming};

/// What answers each message of a stream.
pub(crate) trait Handler<T>: Send + 'static {
    /// The answer.
    type Answer;

    /// The answer to `message`.
    fn answer(&mut self, message: T) -> Self::Answer;
}

/// The answers to a client's stream: see the module's description.
pub(crate) struct Answers<T, H> {
    inbound: Streaming<T>,
    handler: H,
    /// When the stream is ended unless a message comes first.
    idle: Pin<Box<Sleep>>,
    idle_for: Duration,
    /// When the last message came.
    last: Instant,
    done: bool,
}

impl<T, H> Answers<T, H> {
    /// The answers `handler` gives to the messages of `inbound`, ended after `idle_for` without
    /// a message.
    pub(crate) fn new(inbound: Streaming<T>, handler: H, idle_for: Duration) -> Answers<T, H> {
        let now = Instant::now();
        Answers {
            inbound,
            handler,
            idle: Box::pin(tokio::time::sleep_until(now + idle_for)),
            idle_for,
            last: now,
            done: false,
        }
    }
}

impl<T, H> std::fmt::Debug for Answers<T, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Answers")
            .field("idle_for", &self.idle_for)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<T, H> Stream for Answers<T, H>
where
    T: Send + 'static,
    H: Handler<T> + Unpin,
{
    type Item = Result<H::Answer, Status>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.done {
            return Poll::Ready(None);
        }
        match Pin::new(&mut this.inbound).poll_next(cx) {
            Poll::Ready(Some(Ok(message))) => {
                this.last = Instant::now();
                Poll::Ready(Some(Ok(this.handler.answer(message))))
            }
            Poll::Ready(Some(Err(status))) => {
                this.done = true;
                Poll::Ready(Some(Err(status)))
            }
            Poll::Ready(None) => {
                this.done = true;
                Poll::Ready(None)
            }
            Poll::Pending => loop {
                // The timer is set again only when it fires: not once per message.
                if this.idle.as_mut().poll(cx).is_pending() {
                    return Poll::Pending;
                }
                let deadline = this.last + this.idle_for;
                if deadline <= Instant::now() {
                    this.done = true;
                    return Poll::Ready(Some(Err(error::stream_idle(this.idle_for))));
                }
                this.idle.as_mut().reset(deadline);
            },
        }
    }
}

/// A place among a server's open streams of one kind, given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot(Arc<AtomicUsize>);

impl Slot {
    /// A place among the `open` streams, if fewer than `limit` are open; else RESOURCE_EXHAUSTED.
    pub(crate) fn take(open: &Arc<AtomicUsize>, limit: usize) -> Result<Slot, Status> {
        open.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < limit).then_some(n + 1)
        })
        .map_err(|_| error::too_many_streams(limit))?;
        Ok(Slot(Arc::clone(open)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}
