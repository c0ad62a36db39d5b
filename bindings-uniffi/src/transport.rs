//! Bring your own HTTP stack: [`ZeitkontoTransport`] is a foreign trait that a Kotlin or Swift app
//! implements with OkHttp, `HttpURLConnection`, `URLSession`… (proxies, certificate pinning, the
//! device's trust store, background sessions), as mozilla/application-services' viaduct does. The
//! Rust client's driver stays in charge: the rate limiter, the retry policy (writes never sent
//! twice), the timeout, response size bound, parsing and redaction all run in Rust, around the
//! app's `send`. Without a transport the bundled reqwest/rustls one is used.

use std::sync::Arc;
use std::time::Duration;

use zeitkonto::{BoxFuture, Transport, TransportError as CoreTransportError};
use zeitkonto_core::{Request, Response};

use crate::sansio::{http_status, BuiltRequest, HttpHeader};
use crate::types::PlatformInt;

/// Sends one HTTP request and returns the answer, whatever its status (a 403, 429 or 500 is a
/// response, not an error). Do not follow redirects: return a 3xx as it is (following one would
/// send the key to another host). Called on the library's worker threads; `send` may suspend.
#[uniffi::export(with_foreign)]
#[async_trait::async_trait]
pub trait ZeitkontoTransport: Send + Sync {
    /// Sends `request` (its URL and body hold the key: never log them; its `toString()` is
    /// redacted) and returns the response. `timeout` is the call's timeout (Kotlin `Duration`,
    /// Swift `TimeInterval`; `null`/`nil` for none); the client also enforces it and cancels `send`
    /// when it expires.
    ///
    /// Throw `TransportException.Connect` (Swift: `TransportError.connect`) when nothing can have
    /// reached the server (the connection could not be opened): the call may then be retried. Any
    /// other failure counts as "may have been applied", so a write is never sent again.
    async fn send(
        &self,
        request: Arc<BuiltRequest>,
        timeout: Option<crate::types::PlatformDuration>,
    ) -> Result<Arc<HttpResponse>, TransportError>;
}

/// An HTTP response, as the app's transport received it. An object rather than a record so that
/// printing it shows only its status (headers such as `Location` may echo a key).
#[derive(Debug, uniffi::Object)]
#[uniffi::export(Display)]
pub struct HttpResponse {
    status: PlatformInt,
    headers: Vec<HttpHeader>,
    body: Vec<u8>,
}

impl std::fmt::Display for HttpResponse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HttpResponse(status={}, {} bytes)", self.status.0, self.body.len())
    }
}

#[uniffi::export]
impl HttpResponse {
    /// A response: the HTTP status, the headers (repeat a name for several values) and the raw
    /// body bytes.
    #[uniffi::constructor]
    pub fn new(status: PlatformInt, headers: Vec<HttpHeader>, body: Vec<u8>) -> Arc<HttpResponse> {
        Arc::new(HttpResponse { status, headers, body })
    }

    /// The HTTP status.
    pub fn status(&self) -> PlatformInt {
        self.status
    }
}

/// Why the app's transport could not deliver a response (Kotlin `TransportException`, Swift
/// `TransportError`). The `detail` text is redacted against the call's keys before it reaches an
/// error or a log.
#[derive(Debug, Clone, PartialEq, uniffi::Error)]
#[uniffi::export(Display)]
pub enum TransportError {
    /// The connection could not be opened (DNS, refused, TLS handshake): nothing reached the server.
    Connect {
        /// What the platform said.
        detail: String,
    },
    /// The connection broke, or the body could not be read: the request may have been applied.
    Lost {
        /// What the platform said.
        detail: String,
    },
    /// The platform's own timeout expired: the request may have been applied.
    Timeout,
    /// The TLS handshake failed (Android's `SSLHandshakeException`, `URLError.serverCertificateUntrusted`):
    /// nothing reached the server and trying again cannot help, so it is never retried.
    Tls {
        /// What failed.
        failure: crate::error::TlsFailure,
        /// What the platform said.
        detail: String,
    },
}

impl std::fmt::Display for TransportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TransportError::Connect { detail } => write!(f, "could not connect: {detail}"),
            TransportError::Lost { detail } => write!(f, "connection lost: {detail}"),
            TransportError::Timeout => f.write_str("timed out"),
            TransportError::Tls { failure, detail } => write!(f, "TLS failed ({}): {detail}", failure.name()),
        }
    }
}

impl std::error::Error for TransportError {}

/// Any other exception the app's `send` throws: the request may have been applied.
impl From<uniffi::UnexpectedUniFFICallbackError> for TransportError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> TransportError {
        TransportError::Lost { detail: e.reason }
    }
}

impl From<TransportError> for CoreTransportError {
    fn from(f: TransportError) -> CoreTransportError {
        match f {
            TransportError::Connect { detail } => CoreTransportError::Connect(detail),
            TransportError::Lost { detail } => CoreTransportError::Lost(detail),
            TransportError::Timeout => CoreTransportError::Timeout,
            TransportError::Tls { failure, detail } => {
                CoreTransportError::Tls(zeitkonto_core::TlsFailure::from_name(failure.name()), detail)
            }
        }
    }
}

/// The Rust client's [`Transport`] over the app's [`ZeitkontoTransport`].
pub(crate) struct ForeignTransport(pub(crate) Arc<dyn ZeitkontoTransport>);

impl ForeignTransport {
    async fn exchange(&self, request: &Request, timeout: Option<Duration>) -> Result<Response, CoreTransportError> {
        let built = Arc::new(BuiltRequest { inner: request.clone() });
        let send = self.0.send(built, timeout.map(Into::into));
        let answer = match timeout {
            // Dropping the foreign future cancels the app's coroutine / task.
            Some(t) => tokio::time::timeout(t, send).await.map_err(|_| CoreTransportError::Timeout)?,
            None => send.await,
        };
        let response = answer.map_err(CoreTransportError::from)?;
        let status = http_status(response.status).ok_or_else(|| {
            CoreTransportError::Lost(format!("the transport returned no HTTP status ({})", response.status.0))
        })?;
        // The body is moved out when the foreign side no longer holds the object, copied otherwise.
        let (headers, body) = match Arc::try_unwrap(response) {
            Ok(r) => (r.headers, r.body),
            Err(r) => (r.headers.clone(), r.body.clone()),
        };
        Ok(Response::new(status, headers.into_iter().map(|h| (h.name, h.value)).collect(), body))
    }
}

impl Transport for ForeignTransport {
    fn send<'a>(
        &'a self,
        request: &'a Request,
        timeout: Option<Duration>,
    ) -> BoxFuture<'a, Result<Response, CoreTransportError>> {
        Box::pin(self.exchange(request, timeout))
    }
}
