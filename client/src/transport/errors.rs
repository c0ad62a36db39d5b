//! A reqwest error as the transport's own: its kind (connect, TLS, lost) and one line that never
//! holds the URL (it holds the key).

use super::TransportError;

/// `e` as the transport's error, its URL left out.
pub(super) fn classify(e: reqwest::Error) -> TransportError {
    let e = e.without_url();
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(failure) = tls_failure(&e) {
        return TransportError::Tls(failure, describe(&e));
    }
    // Before the timeout: a connection that was not opened in time (`connect_timeout`) was never
    // sent to.
    #[cfg(not(target_arch = "wasm32"))]
    if e.is_connect() {
        return TransportError::Connect(describe(&e));
    }
    if e.is_timeout() {
        return TransportError::Timeout;
    }
    if e.is_builder() {
        return TransportError::Connect(describe(&e));
    }
    TransportError::Lost(describe(&e))
}

/// The TLS failure in `e`'s sources, if the handshake failed: rustls' error, found where hyper
/// and tokio-rustls wrap it in an `io::Error`.
#[cfg(not(target_arch = "wasm32"))]
fn tls_failure(e: &reqwest::Error) -> Option<zeitkonto_core::TlsFailure> {
    use rustls::CertificateError as C;
    use zeitkonto_core::TlsFailure;
    // An `io::Error` hides what it wraps from `source()` (tokio-rustls wraps rustls' error in one
    // io::Error, hyper-util that in another): look inside each.
    fn inside<'e>(mut e: &'e (dyn std::error::Error + 'static)) -> Option<&'e rustls::Error> {
        loop {
            if let Some(tls) = e.downcast_ref::<rustls::Error>() {
                return Some(tls);
            }
            e = e.downcast_ref::<std::io::Error>()?.get_ref()?;
        }
    }
    let mut src: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = src {
        if let Some(tls) = inside(s) {
            return Some(match tls {
                rustls::Error::InvalidCertificate(C::UnknownIssuer) => TlsFailure::UntrustedIssuer,
                rustls::Error::InvalidCertificate(C::NotValidForName | C::NotValidForNameContext { .. }) => {
                    TlsFailure::HostnameMismatch
                }
                rustls::Error::InvalidCertificate(
                    C::Expired | C::ExpiredContext { .. } | C::NotValidYet | C::NotValidYetContext { .. },
                ) => TlsFailure::Expired,
                _ => TlsFailure::Other,
            });
        }
        src = s.source();
    }
    None
}

/// The error and its sources, one line, without the URL. A source that repeats what was said
/// (reqwest's "builder error" over a "builder error: ..." of its own) is said once.
pub(super) fn describe(e: &reqwest::Error) -> String {
    let mut parts = vec![e.to_string()];
    let mut src = std::error::Error::source(e);
    while let Some(s) = src {
        let text = s.to_string();
        match parts.last_mut() {
            // The source says what was said, and more: it replaces it.
            Some(last) if text.strip_prefix(last.as_str()).is_some_and(|rest| rest.starts_with(": ")) => *last = text,
            // The source says what was said already.
            Some(last) if *last == text || last.ends_with(&format!(": {text}")) => {}
            _ => parts.push(text),
        }
        src = s.source();
    }
    parts.join(": ")
}
