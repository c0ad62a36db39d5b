//! A small HTTP/1.1 shell on `std::net` (one thread per connection, `Connection: close`), for the
//! test kits' `serve()`: code that brings its own HTTP stack reaches the same engine as the
//! in-process clients, without axum and tokio in the package (the Python wheel keeps its size).
//! The axum server (`server.rs`) stays the one the repository's own suites and the binary use.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::engine::{HttpRequest, Response};
use crate::shared::{Outcome, Shared};

/// The largest request body accepted (the API's bodies are small JSON objects).
const MAX_BODY: usize = 1 << 20;

/// A running server; dropping it (or [`StdServer::stop`]) stops accepting.
pub struct StdServer {
    base_url: String,
    stop: Arc<AtomicBool>,
    addr: std::net::SocketAddr,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for StdServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StdServer").field("base_url", &self.base_url).finish()
    }
}

/// Runs a future whose only waits are the engine's (made synchronous here): polled until ready.
fn block_on<F: std::future::Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::yield_now();
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        302 => "Found",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Status",
    }
}

fn write_head(out: &mut TcpStream, r: &Response, content_length: usize) -> std::io::Result<()> {
    let mut head = format!("HTTP/1.1 {} {}\r\n", r.status, reason(r.status));
    for (k, v) in &r.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "content-length: {content_length}\r\nconnection: close\r\naccess-control-allow-origin: *\r\n\r\n"
    ));
    out.write_all(head.as_bytes())
}

fn answer(out: &mut TcpStream, r: &Response) -> std::io::Result<()> {
    write_head(out, r, r.body.len())?;
    out.write_all(&r.body)?;
    out.flush()
}

fn connection(stream: TcpStream, shared: Shared) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut out = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut parts = line.split_whitespace();
    let (method, target) = match (parts.next(), parts.next()) {
        (Some(m), Some(t)) => (m.to_string(), t.to_string()),
        _ => return answer(&mut out, &Response::new(400, "text/plain", "Bad Request")),
    };
    let mut length = 0usize;
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h)? == 0 || h == "\r\n" || h == "\n" {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            if k.trim().eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap_or(0);
            }
        }
    }
    if length > MAX_BODY {
        return answer(&mut out, &Response::new(413, "text/plain", "Payload Too Large"));
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    if method.eq_ignore_ascii_case("OPTIONS") {
        let r = Response::new(204, "text/plain", "")
            .with_header("access-control-allow-methods", "GET, POST, PUT, DELETE, PATCH")
            .with_header("access-control-allow-headers", "content-type, accept");
        return answer(&mut out, &r);
    }
    let req = HttpRequest { method: &method, path, query, body: &body };
    let outcome = block_on(shared.exchange(&req, None, |ms| async move {
        std::thread::sleep(Duration::from_millis(ms));
    }));
    match outcome {
        Outcome::Response(r) => answer(&mut out, &r),
        Outcome::Reset(head) => {
            // Promise a body, send none, break the connection.
            write_head(&mut out, &head, 64)?;
            out.flush()?;
            out.shutdown(Shutdown::Both)
        }
        Outcome::TimedOut => answer(&mut out, &Response::new(504, "text/plain", "Gateway Timeout")),
    }
}

impl StdServer {
    /// Serves `shared` on `listener` (bind 127.0.0.1:0 for a free port).
    pub fn start(listener: TcpListener, shared: Shared) -> std::io::Result<StdServer> {
        let addr = listener.local_addr()?;
        let base_url = format!("http://{addr}");
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new().name("zeitkonto-sandbox-http".into()).spawn(move || {
            for stream in listener.incoming() {
                if flag.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let shared = shared.clone();
                let _ = std::thread::Builder::new()
                    .name("zeitkonto-sandbox-conn".into())
                    .spawn(move || connection(stream, shared));
            }
        })?;
        Ok(StdServer { base_url, stop, addr, thread: Some(thread) })
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Stops accepting connections (those open finish their request).
    pub fn stop(&mut self) {
        if let Some(t) = self.thread.take() {
            self.stop.store(true, Ordering::SeqCst);
            // Wake the accept loop.
            let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
            let _ = t.join();
        }
    }
}

impl Drop for StdServer {
    fn drop(&mut self) {
        self.stop();
    }
}
