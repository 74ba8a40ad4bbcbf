//! Accepted connections whose response frames leave in one write.
//!
//! HTTP/2 (the `h2` crate) writes a DATA frame of 256 bytes or more as a vectored write that
//! points at the payload, and buffers nothing after it until that write is flushed. A unary gRPC
//! answer is HEADERS, DATA and the trailers; with a payload of that size, which every
//! `LegalMoves` and `ApplyAction` answer has, the trailers then leave in a second write of ten
//! bytes: a second system call and a second TCP segment, which the client must read and wake
//! up for as well.
//!
//! [`Coalesced`] holds such a vectored write back instead of sending it at once: it copies the
//! bytes, answers the flush that follows without writing, and wakes the connection's task. The
//! trailers, written next in the same poll, join the held bytes and leave with them in one
//! write. Whatever the connection does next (a read, a write, a flush, shutting down) first
//! sends what is held, so when no write follows, the held bytes leave on the poll the wake-up
//! brings, and they never wait for the client. Single-buffer writes, such as a whole small
//! answer or a window update, go straight through when nothing is held.
//!
//! The held bytes are copied into a buffer each thread keeps: a connection takes it when it
//! holds a write and gives it back once the bytes have left, so the next connection served on
//! the thread copies into memory that is still in the core's caches (with a buffer per
//! connection, each copy went to one that had gone cold while the others were served), and an
//! idle connection owns no buffer.

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tonic::transport::server::{Connected, TcpConnectInfo};

/// A vectored write up to this size is held back to be joined with what follows. An HTTP/2
/// frame is at most 16 KiB by default, and `h2` chains one frame's payload per write.
const HOLD_LIMIT: usize = 64 * 1024;

/// The largest buffer a thread keeps for the next held write; a larger one is freed.
const KEEP_CAPACITY: usize = 8 * 1024;

thread_local! {
    /// The thread's buffer for held bytes, while no connection holds any (see the module's
    /// description).
    static SPARE: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// A TCP connection whose vectored writes are joined with the write that follows them.
#[derive(Debug)]
pub struct Coalesced {
    stream: TcpStream,
    /// Bytes accepted from the caller and not yet written, from `head` on (a thread's buffer
    /// while it holds any, else empty without capacity).
    held: Vec<u8>,
    head: usize,
    /// Set when a write was held back and no flush has answered for it yet.
    deferred: bool,
    /// Writes made on the socket (for tests and diagnostics).
    writes: u64,
}

impl Coalesced {
    /// Wraps an accepted connection.
    #[must_use]
    pub fn new(stream: TcpStream) -> Self {
        Self {
            stream,
            held: Vec::new(),
            head: 0,
            deferred: false,
            writes: 0,
        }
    }

    /// Write calls made on the socket so far.
    #[must_use]
    pub fn socket_writes(&self) -> u64 {
        self.writes
    }

    fn held_len(&self) -> usize {
        self.held.len() - self.head
    }

    fn hold(&mut self, bufs: &[IoSlice<'_>]) {
        if self.held.capacity() == 0 {
            self.held = SPARE.take();
        }
        for b in bufs {
            self.held.extend_from_slice(b);
        }
    }

    /// Writes the held bytes; ready when none are left.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.head < self.held.len() {
            let n = match Pin::new(&mut self.stream).poll_write(cx, &self.held[self.head..]) {
                Poll::Ready(Ok(n)) => n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            };
            self.writes += 1;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.head += n;
        }
        self.head = 0;
        self.deferred = false;
        if self.held.capacity() > 0 {
            // Given back to the thread (a buffer too large to keep is freed).
            let mut spare = std::mem::take(&mut self.held);
            if spare.capacity() <= KEEP_CAPACITY {
                spare.clear();
                SPARE.set(spare);
            }
        }
        Poll::Ready(Ok(()))
    }

    fn write_bufs(
        &mut self,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let total: usize = bufs.iter().map(|b| b.len()).sum();
        if self.held_len() == 0 {
            let parts = bufs.iter().filter(|b| !b.is_empty()).count();
            if parts > 1 && total <= HOLD_LIMIT {
                self.hold(bufs);
                self.deferred = true;
                return Poll::Ready(Ok(total));
            }
            let r = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
            if r.is_ready() {
                self.writes += 1;
            }
            return r;
        }
        // Held bytes go first; what comes now joins them, so that both leave in one write.
        let joined = self.held_len() + total <= HOLD_LIMIT;
        if joined {
            self.hold(bufs);
        }
        match self.drain(cx) {
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            // Accepted: the bytes are held and leave on a later flush; the socket's readiness
            // wakes the task for it.
            Poll::Pending if joined => Poll::Ready(Ok(total)),
            Poll::Pending => Poll::Pending,
            Poll::Ready(Ok(())) if joined => Poll::Ready(Ok(total)),
            Poll::Ready(Ok(())) => {
                let r = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
                if r.is_ready() {
                    self.writes += 1;
                }
                r
            }
        }
    }
}

impl Drop for Coalesced {
    /// Sends what is still held when the connection is dropped without a flush, as far as the
    /// socket takes it without waiting.
    fn drop(&mut self) {
        while self.head < self.held.len() {
            match self.stream.try_write(&self.held[self.head..]) {
                Ok(n) if n > 0 => self.head += n,
                _ => break,
            }
        }
    }
}

impl Connected for Coalesced {
    type ConnectInfo = TcpConnectInfo;

    fn connect_info(&self) -> TcpConnectInfo {
        self.stream.connect_info()
    }
}

impl AsyncRead for Coalesced {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.held_len() > 0 {
            if let Poll::Ready(Err(e)) = this.drain(cx) {
                return Poll::Ready(Err(e));
            }
        }
        Pin::new(&mut this.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Coalesced {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.get_mut().write_bufs(cx, &[IoSlice::new(buf)])
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.get_mut().write_bufs(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.deferred && this.held_len() > 0 {
            // The first flush after a held write: what follows in this poll joins it. The
            // wake-up makes sure the connection comes back to send it if nothing does.
            this.deferred = false;
            cx.waker().wake_by_ref();
            return Poll::Ready(Ok(()));
        }
        std::task::ready!(this.drain(cx))?;
        Pin::new(&mut this.stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.drain(cx))?;
        Pin::new(&mut this.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::task::{Wake, Waker};
    use tokio::io::AsyncReadExt;
    use tokio::net::TcpListener;

    struct CountWakes(AtomicUsize);

    impl Wake for CountWakes {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
        fn wake_by_ref(self: &Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    /// A coalescing server side and the plain client side of one loopback connection, and a
    /// waker that counts its wake-ups.
    async fn pair() -> (Coalesced, TcpStream, Arc<CountWakes>, Waker) {
        let wakes = Arc::new(CountWakes(AtomicUsize::new(0)));
        let waker = Waker::from(Arc::clone(&wakes));
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let (client, accepted) = tokio::join!(TcpStream::connect(addr), listener.accept());
        (
            Coalesced::new(accepted.expect("accept").0),
            client.expect("connect"),
            wakes,
            waker,
        )
    }

    fn ready<T>(p: Poll<io::Result<T>>) -> T {
        match p {
            Poll::Ready(Ok(v)) => v,
            Poll::Ready(Err(e)) => panic!("i/o error: {e}"),
            Poll::Pending => panic!("pending on an idle loopback socket"),
        }
    }

    async fn read_exactly(client: &mut TcpStream, n: usize) -> Vec<u8> {
        let mut got = vec![0; n];
        client.read_exact(&mut got).await.expect("read");
        got
    }

    /// Writes `a` and `b` as one vectored write (what `h2` does for a chained DATA frame) and
    /// returns the bytes accepted.
    fn write_two(server: &mut Coalesced, cx: &mut Context<'_>, a: &[u8], b: &[u8]) -> usize {
        ready(Pin::new(server).poll_write_vectored(cx, &[IoSlice::new(a), IoSlice::new(b)]))
    }

    // An answer's HEADERS with the start of a chained DATA payload, the rest of the payload,
    // and then the trailers: the socket sees one write, the peer every byte in order.
    #[tokio::test]
    async fn a_chained_frame_and_the_trailers_leave_in_one_write() {
        let (mut server, mut client, wakes, waker) = pair().await;
        let mut cx = Context::from_waker(&waker);
        let head = vec![1u8; 256];
        let payload = vec![2u8; 2_000];
        let trailers = vec![3u8; 10];
        assert_eq!(write_two(&mut server, &mut cx, &head, &payload), 2_256);
        ready(Pin::new(&mut server).poll_flush(&mut cx));
        assert_eq!(server.socket_writes(), 0, "held until what follows");
        assert_eq!(
            wakes.0.load(Ordering::SeqCst),
            1,
            "the task comes back for it"
        );
        assert_eq!(
            ready(Pin::new(&mut server).poll_write(&mut cx, &trailers)),
            10
        );
        ready(Pin::new(&mut server).poll_flush(&mut cx));
        assert_eq!(server.socket_writes(), 1);
        let want: Vec<u8> = [head, payload, trailers].concat();
        assert_eq!(read_exactly(&mut client, want.len()).await, want);
    }

    // Nothing follows the held write: the next thing the connection does (here, a read that
    // finds nothing) sends it.
    #[tokio::test]
    async fn held_bytes_leave_on_the_next_poll_when_nothing_follows() {
        let (mut server, mut client, wakes, waker) = pair().await;
        let mut cx = Context::from_waker(&waker);
        let parts = [vec![4u8; 300], vec![5u8; 700]];
        write_two(&mut server, &mut cx, &parts[0], &parts[1]);
        ready(Pin::new(&mut server).poll_flush(&mut cx));
        assert_eq!(wakes.0.load(Ordering::SeqCst), 1);
        let mut space = [0u8; 16];
        let mut buf = ReadBuf::new(&mut space);
        assert!(Pin::new(&mut server)
            .poll_read(&mut cx, &mut buf)
            .is_pending());
        assert_eq!(server.socket_writes(), 1);
        assert_eq!(read_exactly(&mut client, 1_000).await, parts.concat());
    }

    // A second flush with nothing in between does not wait any longer.
    #[tokio::test]
    async fn a_second_flush_sends_what_is_held() {
        let (mut server, mut client, wakes, waker) = pair().await;
        let mut cx = Context::from_waker(&waker);
        let parts = [vec![6u8; 40], vec![7u8; 400]];
        write_two(&mut server, &mut cx, &parts[0], &parts[1]);
        ready(Pin::new(&mut server).poll_flush(&mut cx));
        ready(Pin::new(&mut server).poll_flush(&mut cx));
        assert_eq!(server.socket_writes(), 1);
        assert_eq!(wakes.0.load(Ordering::SeqCst), 1);
        assert_eq!(read_exactly(&mut client, 440).await, parts.concat());
    }

    // A single buffer, with nothing held, is written at once: small answers and window
    // updates take no detour. A vectored write above the limit is not held either.
    #[tokio::test]
    async fn single_buffers_and_large_writes_go_straight_through() {
        let (mut server, mut client, wakes, waker) = pair().await;
        let mut cx = Context::from_waker(&waker);
        let small = vec![8u8; 41];
        assert_eq!(ready(Pin::new(&mut server).poll_write(&mut cx, &small)), 41);
        assert_eq!(server.socket_writes(), 1);
        assert_eq!(read_exactly(&mut client, 41).await, small);

        let big = [vec![9u8; 9], vec![10u8; HOLD_LIMIT]];
        let n = write_two(&mut server, &mut cx, &big[0], &big[1]);
        assert!(n > 0);
        assert_eq!(server.socket_writes(), 2);
        assert_eq!(server.held_len(), 0);
        assert_eq!(wakes.0.load(Ordering::SeqCst), 0);
        let got = read_exactly(&mut client, n).await;
        assert_eq!(got, big.concat()[..n].to_vec());
    }

    // Connections served on one thread copy into the thread's buffer in turn: one that has
    // sent what it held owns no buffer, the next takes the same one, and a connection that
    // holds bytes while another has the buffer gets one of its own; every byte arrives.
    #[tokio::test]
    async fn held_writes_on_one_thread_share_its_buffer() {
        let (mut a, mut client_a, _wakes, waker) = pair().await;
        let (mut b, mut client_b, _, _) = pair().await;
        let mut cx = Context::from_waker(&waker);
        let parts = [vec![15u8; 300], vec![16u8; 900]];
        write_two(&mut a, &mut cx, &parts[0], &parts[1]);
        let buffer = a.held.as_ptr();
        ready(Pin::new(&mut a).poll_flush(&mut cx));
        ready(Pin::new(&mut a).poll_flush(&mut cx));
        assert_eq!(a.held.capacity(), 0, "given back once sent");
        write_two(&mut b, &mut cx, &parts[1], &parts[0]);
        assert_eq!(b.held.as_ptr(), buffer, "the thread's buffer again");
        write_two(&mut a, &mut cx, &parts[0], &parts[0]);
        assert_ne!(a.held.as_ptr(), buffer, "a buffer of its own while b holds");
        for server in [&mut a, &mut b] {
            ready(Pin::new(&mut *server).poll_flush(&mut cx));
            ready(Pin::new(&mut *server).poll_flush(&mut cx));
            assert_eq!(server.held_len(), 0);
        }
        let first: Vec<u8> = [&parts[0][..], &parts[1], &parts[0], &parts[0]].concat();
        assert_eq!(read_exactly(&mut client_a, first.len()).await, first);
        let second: Vec<u8> = [&parts[1][..], &parts[0]].concat();
        assert_eq!(read_exactly(&mut client_b, second.len()).await, second);
    }

    // A connection dropped while it holds bytes still sends them.
    #[tokio::test]
    async fn dropping_sends_what_is_held() {
        let (mut server, mut client, _wakes, waker) = pair().await;
        let mut cx = Context::from_waker(&waker);
        let parts = [vec![11u8; 100], vec![12u8; 500]];
        write_two(&mut server, &mut cx, &parts[0], &parts[1]);
        drop(server);
        let mut got = Vec::new();
        client.read_to_end(&mut got).await.expect("read");
        assert_eq!(got, parts.concat());
    }

    // Shutting down sends what is held before closing.
    #[tokio::test]
    async fn shutdown_sends_what_is_held() {
        let (mut server, mut client, _wakes, waker) = pair().await;
        let mut cx = Context::from_waker(&waker);
        let parts = [vec![13u8; 256], vec![14u8; 256]];
        write_two(&mut server, &mut cx, &parts[0], &parts[1]);
        ready(Pin::new(&mut server).poll_flush(&mut cx));
        ready(Pin::new(&mut server).poll_shutdown(&mut cx));
        let mut got = Vec::new();
        client.read_to_end(&mut got).await.expect("read");
        assert_eq!(got, parts.concat());
    }
}
