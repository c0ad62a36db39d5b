//! The transport: one small trait, and the one reqwest implementation that builds natively (rustls)
//! and for `wasm32-unknown-unknown` (the browser's or Node's `fetch`).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use zeitkonto_core::{Request, Response};

/// A boxed future; `Send` except on wasm32, where nothing is.
#[cfg(not(target_arch = "wasm32"))]
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
/// A boxed future; `Send` except on wasm32, where nothing is.
#[cfg(target_arch = "wasm32")]
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

/// How a send failed. `detail` never contains the URL (it holds the key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransportError {
    /// The connection could not be opened: nothing reached the server.
    Connect(String),
    /// The connection broke or the body could not be read: the request may have been applied.
    Lost(String),
    /// No complete answer within the timeout: the request may have been applied.
    Timeout,
    /// The response body was larger than the transport's bound (it stopped reading).
    TooLarge,
}

/// Sends one request and returns the response, whatever its status.
pub trait Transport: Send + Sync {
    /// Sends `request`; `timeout` bounds the whole exchange (`None` = no timeout).
    fn send<'a>(
        &'a self,
        request: &'a Request,
        timeout: Option<Duration>,
    ) -> BoxFuture<'a, Result<Response, TransportError>>;
}

/// The reqwest transport (rustls natively, `fetch` on wasm32; feature `reqwest`, on by default). Sends no custom headers beyond
/// `Accept` and `Content-Type`, so a browser's CORS stays simple.
#[cfg(feature = "reqwest")]
#[derive(Debug, Clone)]
pub struct ReqwestTransport {
    client: reqwest::Client,
    max_body: usize,
    /// Set when the system's trust store could not be loaded (a slim container without
    /// `ca-certificates`): plain-http calls still work, https calls fail at once with this text.
    no_trust_store: Option<String>,
}

#[cfg(feature = "reqwest")]
impl ReqwestTransport {
    /// A transport with its own connection pool.
    pub fn new() -> Result<ReqwestTransport, zeitkonto_core::Error> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            // reqwest is built without a default crypto provider (keeps aws-lc out of the build):
            // install ring once per process. A second install is a harmless no-op error.
            let _ = rustls::crypto::ring::default_provider().install_default();
        }
        let builder = reqwest::Client::builder();
        // The API documents no redirects. Following one would send the key (in the URL) to a
        // host the user never configured, and replay a write as a GET: a 3xx is returned as it
        // is, and the core turns it into a typed error naming the (redacted) target.
        #[cfg(not(target_arch = "wasm32"))]
        let builder = builder.redirect(reqwest::redirect::Policy::none());
        // Android: rustls-platform-verifier needs a JNI initialisation with the app's Context
        // before its first use, which a library cannot do for the app. Trust Mozilla's root set
        // (webpki-root-certs), compiled in, instead. Apps that need the device's trust store
        // (user-installed or MDM CAs, pinning) pass their own transport (OkHttp, say).
        #[cfg(target_os = "android")]
        let builder = builder.tls_certs_only(
            webpki_root_certs::TLS_SERVER_ROOT_CERTS
                .iter()
                .filter_map(|der| reqwest::Certificate::from_der(der.as_ref()).ok()),
        );
        let not_created = |why: String| zeitkonto_core::Error::Transport {
            detail: format!("could not create the HTTP client: {why}"),
            may_have_reached_server: false,
        };
        let (client, no_trust_store) = match builder.build() {
            Ok(client) => (client, None),
            // The usual cause: no trust store on the machine (a slim container without
            // `ca-certificates`). Plain http (the sandbox, a loopback proxy) keeps working; an
            // https call then fails at once with a message that names what is missing.
            #[cfg(not(target_arch = "wasm32"))]
            Err(e) => {
                let why = describe(&e.without_url());
                let plain = reqwest::Client::builder()
                    .redirect(reqwest::redirect::Policy::none())
                    .tls_certs_only(std::iter::empty())
                    .build()
                    .map_err(|_| not_created(why.clone()))?;
                (plain, Some(why))
            }
            #[cfg(target_arch = "wasm32")]
            Err(e) => return Err(not_created(describe(&e.without_url()))),
        };
        Ok(ReqwestTransport { client, max_body: crate::client::DEFAULT_MAX_RESPONSE_BYTES, no_trust_store })
    }

    /// Stops reading a response body at `bytes` ([`TransportError::TooLarge`]).
    pub fn with_max_body(mut self, bytes: usize) -> ReqwestTransport {
        self.max_body = bytes;
        self
    }

    /// Wraps an existing reqwest client (to share a pool or set proxies). Build it with
    /// `redirect(reqwest::redirect::Policy::none())`: a client that follows redirects would send
    /// the key to wherever a redirect points.
    pub fn with_client(client: reqwest::Client) -> ReqwestTransport {
        ReqwestTransport { client, max_body: crate::client::DEFAULT_MAX_RESPONSE_BYTES, no_trust_store: None }
    }
}

#[cfg(feature = "reqwest")]
fn classify(e: reqwest::Error) -> TransportError {
    let e = e.without_url();
    if e.is_timeout() {
        return TransportError::Timeout;
    }
    #[cfg(not(target_arch = "wasm32"))]
    if e.is_connect() {
        return TransportError::Connect(describe(&e));
    }
    if e.is_builder() {
        return TransportError::Connect(describe(&e));
    }
    TransportError::Lost(describe(&e))
}

/// The error and its sources, one line, without the URL.
#[cfg(feature = "reqwest")]
fn describe(e: &reqwest::Error) -> String {
    let mut out = e.to_string();
    let mut src = std::error::Error::source(e);
    while let Some(s) = src {
        out.push_str(": ");
        out.push_str(&s.to_string());
        src = s.source();
    }
    out
}

#[cfg(feature = "reqwest")]
impl Transport for ReqwestTransport {
    fn send<'a>(
        &'a self,
        request: &'a Request,
        timeout: Option<Duration>,
    ) -> BoxFuture<'a, Result<Response, TransportError>> {
        Box::pin(async move {
            if let Some(why) = &self.no_trust_store {
                if request.url().starts_with("https:") {
                    return Err(TransportError::Connect(format!(
                        "no trusted root certificates: the system trust store is missing or empty (install the \
                         `ca-certificates` package, or set SSL_CERT_FILE to a PEM bundle); nothing was sent ({why})"
                    )));
                }
            }
            let method = reqwest::Method::from_bytes(request.method().as_str().as_bytes())
                .map_err(|_| TransportError::Connect("bad method".to_string()))?;
            let mut rb = self.client.request(method, request.url());
            for (k, v) in request.headers() {
                rb = rb.header(k.as_str(), v.as_str());
            }
            if let Some(body) = request.body() {
                rb = rb.body(body.to_vec());
            }
            if let Some(t) = timeout {
                rb = rb.timeout(t);
            }
            let resp = rb.send().await.map_err(classify)?;
            let status = resp.status().as_u16();
            let headers = resp
                .headers()
                .iter()
                .map(|(k, v)| (k.as_str().to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
                .collect();
            if resp.content_length().is_some_and(|n| n > self.max_body as u64) {
                return Err(TransportError::TooLarge);
            }
            #[cfg(not(target_arch = "wasm32"))]
            let body = {
                // Read chunk by chunk and stop at the bound: a hostile server cannot fill memory.
                let mut resp = resp;
                let mut body = Vec::new();
                while let Some(chunk) = resp.chunk().await.map_err(classify)? {
                    if body.len() + chunk.len() > self.max_body {
                        return Err(TransportError::TooLarge);
                    }
                    body.extend_from_slice(&chunk);
                }
                body
            };
            #[cfg(target_arch = "wasm32")]
            let body = {
                // fetch hands the body over whole (no chunked reads in reqwest's wasm build).
                let body = resp.bytes().await.map_err(classify)?.to_vec();
                if body.len() > self.max_body {
                    return Err(TransportError::TooLarge);
                }
                body
            };
            Ok(Response::new(status, headers, body))
        })
    }
}
