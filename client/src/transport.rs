//! The transport: one small trait, and the one reqwest implementation that builds natively (rustls)
//! and for `wasm32-unknown-unknown` (the browser's or Node's `fetch`).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use zeitkonto_core::{Request, Response};

#[cfg(feature = "reqwest")]
mod errors;
#[cfg(all(feature = "reqwest", not(target_arch = "wasm32")))]
mod gzip;
#[cfg(feature = "reqwest")]
use errors::{classify, describe};
#[cfg(all(feature = "reqwest", not(target_arch = "wasm32")))]
use gzip::gunzip_if_left;

/// The default bound on a response body: 16 MiB (the API's largest answers, a department of
/// thousands of employees, stay far below it).
pub const DEFAULT_MAX_RESPONSE_BYTES: usize = 16 * 1024 * 1024;

/// A boxed future; `Send` except on wasm32, where nothing is.
#[cfg(not(target_arch = "wasm32"))]
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
/// A boxed future; `Send` except on wasm32, where nothing is.
#[cfg(target_arch = "wasm32")]
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

/// How a send failed. `detail` never contains the URL (it holds the key).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TransportError {
    /// The connection could not be opened: nothing reached the server.
    Connect(String),
    /// The connection broke or the body could not be read: the request may have been applied.
    Lost(String),
    /// No complete answer within the timeout: the request may have been applied.
    Timeout,
    /// The response body was larger than the transport's bound (it stopped reading).
    TooLarge,
    /// The TLS handshake failed (or the machine has no trust store): nothing reached the server,
    /// and trying again cannot help. Never retried.
    Tls(zeitkonto_core::TlsFailure, String),
    /// The transport cannot be used as it is set up (a reqwest client of
    /// `ReqwestTransport::with_client` that follows redirects): never retried. (Not on wasm32,
    /// where the browser's `fetch` does what it does and no transport of ours reports it.)
    #[cfg(not(target_arch = "wasm32"))]
    Unusable {
        /// What is wrong, and how to set it up (never a URL: it holds the key).
        detail: String,
        /// Whether the request may have been applied.
        may_have_reached_server: bool,
    },
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

/// The environment's proxy (`HTTPS_PROXY`, else `ALL_PROXY`; upper case first, then lower; an
/// empty one or one that is not an `http://` or `https://` proxy URL is none, and the next is
/// read) with `NO_PROXY`, but for https only: plain http goes to a loopback host only (the core's
/// rule for base URLs), and through a proxy it would hand the proxy the key in the clear
/// (`HTTP_PROXY`, or `ALL_PROXY`, which reqwest's own reading applies to http too). Not read: the
/// operating system's proxy settings (reqwest's `system-proxy`), as before.
#[cfg(all(feature = "reqwest", not(target_arch = "wasm32")))]
fn env_proxy(builder: reqwest::ClientBuilder) -> reqwest::ClientBuilder {
    let proxy = ["HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"].iter().find_map(|name| {
        let url = std::env::var(name).ok()?;
        // (A value without a scheme is an http proxy's, as reqwest reads the environment.)
        let url = url.trim();
        https_proxy(if url.contains("://") { url.to_string() } else { format!("http://{url}") }.as_str())
    });
    let Some(proxy) = proxy else { return builder };
    let no_proxy = ["NO_PROXY", "no_proxy"].iter().find_map(|name| std::env::var(name).ok());
    builder.proxy(proxy.no_proxy(reqwest::NoProxy::from_string(&no_proxy.unwrap_or_default())))
}

/// `url` as a proxy for https requests only (plain http, to a loopback host only, through a proxy
/// would hand it the key in the clear), if it is an `http://` or `https://` proxy URL: reqwest
/// takes any scheme and then connects directly for one it cannot use (`socks9://`, `ftp://`),
/// past the proxy meant. The one rule of a proxy set and one from the environment.
#[cfg(all(feature = "reqwest", not(target_arch = "wasm32")))]
fn https_proxy(url: &str) -> Option<reqwest::Proxy> {
    let scheme = url.split_once("://")?.0.to_ascii_lowercase();
    matches!(scheme.as_str(), "http" | "https").then(|| reqwest::Proxy::https(url).ok()).flatten()
}

/// The reqwest transport (rustls natively, `fetch` on wasm32; feature `reqwest`, on by default).
///
/// Natively it asks for gzip and decodes it (the response bound applies to the
/// decoded bytes, so a compression bomb stops at it), speaks HTTP/2 when the server offers it by
/// ALPN and HTTP/1.1 otherwise, sends `User-Agent: zeitkonto-<language>/<version>`, trusts the
/// system's certificates (`SSL_CERT_FILE`/`SSL_CERT_DIR` on Linux) plus any CA added with
/// [`TransportSettings::ca_certificates_pem`], goes through `HTTPS_PROXY`/`ALL_PROXY` (and
/// honours `NO_PROXY`) unless a proxy is set explicitly, and never follows a redirect. A proxy,
/// set or from the environment, carries https only: plain http (allowed to a loopback host only)
/// always goes direct, since a proxy would read the key in its URL. On wasm32
/// the browser's `fetch` does all of that itself, and no custom header is sent (so a browser's
/// CORS stays simple).
#[cfg(feature = "reqwest")]
#[derive(Debug, Clone)]
pub struct ReqwestTransport {
    client: reqwest::Client,
    max_body: usize,
    /// Set when the system's trust store could not be loaded (a slim container without
    /// `ca-certificates`): plain-http calls still work, https calls fail at once with this text.
    no_trust_store: Option<String>,
    /// Set once a client of [`ReqwestTransport::with_client`] followed a redirect (shared by the
    /// clones): nothing more is sent through it.
    #[cfg(not(target_arch = "wasm32"))]
    followed_redirect: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// Why a client of [`ReqwestTransport::with_client`] that followed a redirect is not used.
#[cfg(all(feature = "reqwest", not(target_arch = "wasm32")))]
const FOLLOWS_REDIRECTS: &str =
    "the reqwest client given to ReqwestTransport::with_client followed a redirect, taking \
     the key to wherever it pointed: build it with redirect(reqwest::redirect::Policy::none())";

#[cfg(all(feature = "reqwest", not(target_arch = "wasm32")))]
impl ReqwestTransport {
    /// The error for a request that `answered` (the URL of the answer, or of a failure) shows was
    /// sent on to another URL than `sent` (the request's, parsed once for sending): the client
    /// followed a redirect. This transport is then not used again. (Natively only: the browser's
    /// `fetch` follows redirects itself.)
    fn followed(&self, sent: &reqwest::Url, answered: Option<&reqwest::Url>) -> Option<TransportError> {
        let elsewhere = answered? != sent;
        elsewhere.then(|| {
            self.followed_redirect.store(true, std::sync::atomic::Ordering::Relaxed);
            TransportError::Unusable { detail: FOLLOWS_REDIRECTS.to_string(), may_have_reached_server: true }
        })
    }
}

/// How the bundled transport connects (the client's builder fills it: `ClientBuilder::user_agent`,
/// `ca_certificates_pem`, `proxy`). Its `Debug` shows the proxy without its user and password.
#[derive(Clone, Default)]
pub struct TransportSettings {
    /// The `User-Agent` header; default `zeitkonto-rust/<version>` (each binding names its
    /// language). Not sent on wasm32.
    pub user_agent: Option<String>,
    /// PEM certificates of authorities to trust besides the system's (a private CA, a TLS-
    /// inspecting proxy's CA).
    pub ca_certificates_pem: Option<Vec<u8>>,
    /// A proxy URL for every https request (`http://proxy.corp:3128`, with `user:password@` if it
    /// needs them); default: the environment's (`HTTPS_PROXY`, `ALL_PROXY`, `NO_PROXY`). Plain
    /// http (a loopback host only) always goes direct.
    pub proxy: Option<String>,
    /// The largest response body, in bytes (decoded).
    pub max_body: Option<usize>,
    /// How long opening a connection (TCP, the proxy's tunnel, TLS) may take. A connection not
    /// opened in time is a connect failure: nothing was sent, so a read is retried and a write may
    /// be made again. Default (the client sets it): the smaller of 10 s and nine tenths of the
    /// client's timeout, so that it fires before the timeout of the whole attempt, which cannot
    /// tell a connection never opened from an answer never read. Not used on wasm32.
    pub connect_timeout: Option<std::time::Duration>,
}

impl std::fmt::Debug for TransportSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TransportSettings")
            .field("user_agent", &self.user_agent)
            .field("ca_certificates_pem", &self.ca_certificates_pem.as_ref().map(|pem| format!("{} bytes", pem.len())))
            .field("proxy", &self.proxy.as_deref().map(zeitkonto_core::redacted_proxy_url))
            .field("max_body", &self.max_body)
            .field("connect_timeout", &self.connect_timeout)
            .finish()
    }
}

/// The default `User-Agent` of the bundled transport.
pub fn default_user_agent() -> String {
    format!("zeitkonto-rust/{}", env!("CARGO_PKG_VERSION"))
}

#[cfg(feature = "reqwest")]
impl ReqwestTransport {
    /// A transport with its own connection pool and the default settings.
    pub fn new() -> Result<ReqwestTransport, zeitkonto_core::Error> {
        ReqwestTransport::with_settings(&TransportSettings::default())
    }

    /// A transport with its own connection pool and `settings`. A bad CA file or proxy URL is
    /// `InvalidInput` naming the setting.
    pub fn with_settings(settings: &TransportSettings) -> Result<ReqwestTransport, zeitkonto_core::Error> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            // reqwest is built without a default crypto provider (keeps aws-lc out of the build):
            // install ring once per process. A second install is a harmless no-op error.
            let _ = rustls::crypto::ring::default_provider().install_default();
        }
        let max_body = settings.max_body.unwrap_or(DEFAULT_MAX_RESPONSE_BYTES);
        #[cfg(not(target_arch = "wasm32"))]
        let extra_roots = match &settings.ca_certificates_pem {
            Some(pem) => {
                // Each PEM block read once, as a rustls trust anchor: a block whose content is no
                // certificate (`BadEncoding`) would otherwise pass as PEM and fail only when the
                // client is built, as a transport failure rather than this setting's error.
                use rustls::pki_types::{pem::PemObject, CertificateDer};
                let invalid = |reason: String| zeitkonto_core::Error::invalid("caCertificates", reason);
                let mut anchors = rustls::RootCertStore::empty();
                let mut certs = Vec::new();
                for der in CertificateDer::pem_slice_iter(pem) {
                    let der = der.map_err(|e| invalid(format!("a PEM block in it cannot be read: {e}")))?;
                    certs.push(
                        reqwest::Certificate::from_der(der.as_ref())
                            .map_err(|e| invalid(describe(&e.without_url())))?,
                    );
                    anchors.add(der).map_err(|e| invalid(format!("a certificate in it cannot be used: {e}")))?;
                }
                if certs.is_empty() {
                    return Err(invalid("no PEM certificate in it".to_string()));
                }
                certs
            }
            None => Vec::new(),
        };
        let configure = |builder: reqwest::ClientBuilder| -> Result<reqwest::ClientBuilder, zeitkonto_core::Error> {
            #[cfg(target_arch = "wasm32")]
            return Ok(builder);
            #[cfg(not(target_arch = "wasm32"))]
            {
                // The API documents no redirects. Following one would send the key (in the URL)
                // to a host the user never configured, and replay a write as a GET: a 3xx is
                // returned as it is, and the core turns it into a typed error naming the
                // (redacted) target.
                let mut builder = builder
                    .connect_timeout(settings.connect_timeout.unwrap_or(DEFAULT_CONNECT_TIMEOUT))
                    .redirect(reqwest::redirect::Policy::none())
                    .user_agent(settings.user_agent.clone().unwrap_or_else(default_user_agent));
                if let Some(url) = &settings.proxy {
                    // A fixed reason naming the URL without its password: reqwest's error chain
                    // can hold the whole URL (a scheme-less one is parsed twice, and only the
                    // outer error drops it).
                    let proxy = https_proxy(url).ok_or_else(|| {
                        // Its password hidden; the rest quoted only when it has a scheme (a text
                        // without one may be a key given in the wrong place).
                        let shown = zeitkonto_core::redacted_proxy_url(url);
                        zeitkonto_core::Error::invalid(
                            "proxy",
                            format!(
                                "not a proxy URL: {} (expected http:// or https://[user:password@]host:port)",
                                zeitkonto_core::secret::shown_text(&shown, shown.contains("://"))
                            ),
                        )
                    })?;
                    builder = builder.proxy(proxy);
                } else {
                    builder = env_proxy(builder.no_proxy());
                }
                Ok(builder)
            }
        };
        let builder = configure(reqwest::Client::builder())?;
        // Android: rustls-platform-verifier needs a JNI initialisation with the app's Context
        // before its first use, which a library cannot do for the app. Trust Mozilla's root set
        // (webpki-root-certs), compiled in, instead. Apps that need the device's trust store
        // (user-installed or MDM CAs, pinning) pass their own transport (OkHttp, say).
        #[cfg(target_os = "android")]
        let builder = builder.tls_certs_only(
            webpki_root_certs::TLS_SERVER_ROOT_CERTS
                .iter()
                .filter_map(|der| reqwest::Certificate::from_der(der.as_ref()).ok())
                .chain(extra_roots.clone()),
        );
        #[cfg(all(not(target_os = "android"), not(target_arch = "wasm32")))]
        let builder = if extra_roots.is_empty() { builder } else { builder.tls_certs_merge(extra_roots.clone()) };
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
                let plain = configure(reqwest::Client::builder())?
                    .tls_certs_only(extra_roots)
                    .build()
                    .map_err(|_| not_created(why.clone()))?;
                (plain, Some(why))
            }
            #[cfg(target_arch = "wasm32")]
            Err(e) => return Err(not_created(describe(&e.without_url()))),
        };
        Ok(ReqwestTransport {
            client,
            max_body,
            no_trust_store,
            #[cfg(not(target_arch = "wasm32"))]
            followed_redirect: Default::default(),
        })
    }

    /// Stops reading a response body at `bytes` ([`TransportError::TooLarge`]).
    pub fn with_max_body(mut self, bytes: usize) -> ReqwestTransport {
        self.max_body = bytes;
        self
    }

    /// Wraps an existing reqwest client (to share a pool or set its own TLS). Build it with
    /// `redirect(reqwest::redirect::Policy::none())`: a client that follows redirects (reqwest's
    /// default) sends the key to wherever a redirect points, in the `Referer` header too. When
    /// one does (natively), its answer is not taken and nothing more is sent through this
    /// transport: [`TransportError::Unusable`], never retried (the first with
    /// `may_have_reached_server`: either server may have applied the request). A redirect whose
    /// next hop fails to connect cannot be told from a connection never opened (reqwest's error
    /// names the first URL), so a write may then be sent again: another reason for `Policy::none()`.
    pub fn with_client(client: reqwest::Client) -> ReqwestTransport {
        ReqwestTransport {
            client,
            max_body: DEFAULT_MAX_RESPONSE_BYTES,
            no_trust_store: None,
            #[cfg(not(target_arch = "wasm32"))]
            followed_redirect: Default::default(),
        }
    }
}

/// [`TransportSettings::connect_timeout`] when neither the settings nor a client set one.
pub const DEFAULT_CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

#[cfg(feature = "reqwest")]
impl Transport for ReqwestTransport {
    fn send<'a>(
        &'a self,
        request: &'a Request,
        timeout: Option<Duration>,
    ) -> BoxFuture<'a, Result<Response, TransportError>> {
        Box::pin(async move {
            #[cfg(not(target_arch = "wasm32"))]
            if self.followed_redirect.load(std::sync::atomic::Ordering::Relaxed) {
                let detail = format!("{FOLLOWS_REDIRECTS}; nothing was sent");
                return Err(TransportError::Unusable { detail, may_have_reached_server: false });
            }
            if let Some(why) = &self.no_trust_store {
                if request.url().starts_with("https:") {
                    return Err(TransportError::Tls(
                        zeitkonto_core::TlsFailure::Other,
                        format!(
                            "no trusted root certificates: the system trust store is missing or empty (install the \
                         `ca-certificates` package, or set SSL_CERT_FILE to a PEM bundle); nothing was sent ({why})"
                        ),
                    ));
                }
            }
            let method = reqwest::Method::from_bytes(request.method().as_str().as_bytes())
                .map_err(|_| TransportError::Connect("bad method".to_string()))?;
            // Parsed once: sent, and compared with the answer's URL. (The core builds it: a URL
            // that does not parse is a bug, and nothing is sent.)
            let sent = reqwest::Url::parse(request.url())
                .map_err(|_| TransportError::Connect("not a URL; nothing was sent".to_string()))?;
            let mut rb = self.client.request(method, sent.clone());
            for (k, v) in request.headers() {
                rb = rb.header(k.as_str(), v.as_str());
            }
            if let Some(body) = request.body() {
                rb = rb.body(body.to_vec());
            }
            if let Some(t) = timeout {
                rb = rb.timeout(t);
            }
            // An answer (or a failure) of another URL than the one sent to: the client followed a
            // redirect (a hop that failed too: the first server may have applied a write).
            #[cfg(not(target_arch = "wasm32"))]
            let resp = match rb.send().await {
                Ok(resp) => match self.followed(&sent, Some(resp.url())) {
                    Some(e) => return Err(e),
                    None => resp,
                },
                Err(e) => return Err(self.followed(&sent, e.url()).unwrap_or_else(|| classify(e))),
            };
            #[cfg(target_arch = "wasm32")]
            let resp = rb.send().await.map_err(classify)?;
            let status = resp.status().as_u16();
            let headers: Vec<(String, String)> = resp
                .headers()
                .iter()
                .map(|(k, v)| (k.as_str().to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
                .collect();
            // An answer that is not a 2xx is read by its status and its start: cut at the bound.
            let cut = !(200..300).contains(&status);
            if !cut && resp.content_length().is_some_and(|n| n > self.max_body as u64) {
                return Err(TransportError::TooLarge);
            }
            #[cfg(not(target_arch = "wasm32"))]
            let body = {
                // Read chunk by chunk and stop at the bound: a hostile server cannot fill memory.
                let mut resp = resp;
                let mut body = Vec::new();
                while let Some(chunk) = resp.chunk().await.map_err(classify)? {
                    if body.len() + chunk.len() > self.max_body {
                        if !cut {
                            return Err(TransportError::TooLarge);
                        }
                        body.extend_from_slice(chunk.get(..self.max_body - body.len()).unwrap_or_default());
                        break;
                    }
                    body.extend_from_slice(&chunk);
                }
                body
            };
            #[cfg(target_arch = "wasm32")]
            let body = {
                // fetch hands the body over whole (no chunked reads in reqwest's wasm build).
                let mut body = resp.bytes().await.map_err(classify)?.to_vec();
                if body.len() > self.max_body {
                    if !cut {
                        return Err(TransportError::TooLarge);
                    }
                    body.truncate(self.max_body);
                }
                body
            };
            #[cfg(not(target_arch = "wasm32"))]
            let body = gunzip_if_left(&headers, body, self.max_body, cut)?;
            Ok(Response::new(status, headers, body))
        })
    }
}

#[cfg(all(test, feature = "reqwest", not(target_arch = "wasm32")))]
mod describe_tests {
    use super::*;

    #[test]
    fn settings_print_the_proxy_without_its_password() {
        let settings =
            TransportSettings { proxy: Some("http://bob:pa/ss@proxy.corp:3128".into()), ..Default::default() };
        let shown = format!("{settings:?}");
        assert!(shown.contains("http://***@proxy.corp:3128") && !shown.contains("pa/ss"), "{shown}");
        assert!(!shown.contains("bob"), "{shown}");
    }

    #[test]
    fn a_bad_proxy_is_refused_without_its_password() {
        // A scheme-less URL with a bad port: reqwest parses it twice and its inner error held the
        // whole URL (review finding).
        for url in [
            "::not a url::",
            "user:s3cret@proxy.corp:3128x",
            "http://u:s3cret@proxy corp:3128",
            // A scheme the transport cannot use would be passed by, the call made directly.
            "socks9://u:s3cret@proxy.corp:1080",
            "ftp://u:s3cret@proxy.corp:21",
            "socks5://u:s3cret@proxy.corp:1080",
            "proxy.corp:3128",
            // A key in the proxy's place: not quoted.
            "Kx7pQ2mZ9wLr4TnB8vYc",
        ] {
            let settings = TransportSettings { proxy: Some(url.into()), ..TransportSettings::default() };
            let Err(e) = ReqwestTransport::with_settings(&settings) else { panic!("a bad proxy URL was taken: {url}") };
            let text = e.to_string();
            assert!(text.starts_with("invalid input `proxy`: not a proxy URL"), "{text}");
            assert!(!text.contains("s3cret") && !text.contains("builder error"), "{text}");
            assert!(!text.contains("Kx7pQ2"), "{text}");
        }
    }
}
