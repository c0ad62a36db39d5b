//! [`ZeitkontoConfig`]: everything a [`crate::ZeitkontoClient`] needs, with the SDK's defaults.

use std::collections::HashMap;

use zeitkonto::ClientBuilder;
use zeitkonto_core::secret::Secrets;
use zeitkonto_core::{Context, RouteTable, Target};

use crate::settings::{RateLimitSettings, RetrySettings};
use crate::types::{ApiKey, PlatformDuration, ProxyUrl};
use crate::ZeitkontoError;

/// Client settings. Every field has a default: `ZeitkontoConfig(apiKey = ApiKey("…"))` is enough
/// for the real service. The sans-IO `buildRequest` uses its keys, base URL and routes.
#[derive(Clone, uniffi::Record)]
pub struct ZeitkontoConfig {
    /// The company key (or an employee key). Prints as `***`.
    #[uniffi(default = None)]
    pub api_key: Option<ApiKey>,
    /// The instance URL; default `https://desktop.saas.de`. `http://` only for loopback hosts.
    #[uniffi(default = None)]
    pub base_url: Option<String>,
    /// The workspace key of `shifts` and `create_shift`. Prints as `***`.
    #[uniffi(default = None)]
    pub workspace_key: Option<ApiKey>,
    /// Route overrides by operation name, e.g. `"clock" to "POST /rest/api/v2/time/{action}/{api}/{employee}"`.
    #[uniffi(default)]
    pub routes: HashMap<String, String>,
    /// How long each attempt may take (default 30 seconds; a read that times out may be retried,
    /// with a timeout of its own). `Duration.INFINITE` (Kotlin), `.infinity` (Swift) or zero: no
    /// timeout.
    #[uniffi(default = 30000.0)]
    pub timeout: PlatformDuration,
    /// Retry settings; default: reads retried twice after 5xx, connection failures and timeouts,
    /// 429 answers honoured (writes too: the server refused before doing anything).
    #[uniffi(default = None)]
    pub retry: Option<RetrySettings>,
    /// Client-side rate limit; default 60 requests per 60 s. Clients of the same key with the
    /// same settings in one process share one limiter.
    #[uniffi(default = None)]
    pub rate_limit: Option<RateLimitSettings>,
    /// PEM text of certificate authorities the bundled transport trusts besides the system's (a
    /// private CA, a TLS-inspecting proxy's CA). On Linux `SSL_CERT_FILE`/`SSL_CERT_DIR` replace
    /// the system's store; Apple platforms use their own trust store.
    #[uniffi(default = None)]
    pub ca_certificates: Option<String>,
    /// A proxy for the bundled transport (`ProxyUrl("http://proxy.corp:3128")`, `user:password@`
    /// when it needs them: `ProxyUrl` prints without them); default: `HTTPS_PROXY`/`ALL_PROXY`, with `NO_PROXY`. https goes through it
    /// with CONNECT: the proxy never sees the URL and its key.
    #[uniffi(default = None)]
    pub proxy: Option<ProxyUrl>,
    /// The `User-Agent` the bundled transport sends: `zeitkonto-kotlin/<version>` in Kotlin,
    /// `zeitkonto-swift/<version>` in Swift; put your product first if a proxy or WAF should see
    /// it (`"payroll-app/2.1 zeitkonto-kotlin/0.1.0"`).
    #[uniffi(default = "zeitkonto-uniffi/0.1.0")]
    pub user_agent: String,
}

/// `text` (a configuration's base URL, a route, the user agent) as a printed configuration shows
/// it: `api_key` and `workspace_key`, wherever they stand in it (a gateway's path), as `***` — the
/// core's rule for a client's printed base URL. Kotlin's `ZeitkontoConfig.toString()` and Swift's
/// `description` print through it.
#[uniffi::export]
pub fn shown_with_keys(text: String, api_key: Option<ApiKey>, workspace_key: Option<ApiKey>) -> String {
    Secrets::of_keys([api_key.as_ref(), workspace_key.as_ref()]).redact_whole(&text)
}

/// Forgets what the clients of this process counted at the server `baseUrl` with the limit
/// `rateLimit` (for every key: their next calls go at once), for a test server that starts afresh:
/// the test kit's new sandboxes and `reset()` call it. The real service keeps counting: never
/// needed against it.
/// (Not checked as a client's settings are: a sandbox may count more than a client may send.)
#[uniffi::export]
pub fn reset_rate_limits(base_url: String, rate_limit: RateLimitSettings) {
    let limit = u32::try_from(rate_limit.limit.0).unwrap_or(0);
    // Milliseconds as the registry counts them (`as` saturates; NaN is 0).
    let window = std::time::Duration::from_millis(rate_limit.window.0 as u64);
    zeitkonto::reset_rate_limits(&base_url, limit, window);
}

impl std::fmt::Debug for ZeitkontoConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The keys' forms made once (as `shown_with_keys` makes them), not once per field.
        let keys = Secrets::of_keys([self.api_key.as_ref(), self.workspace_key.as_ref()]);
        let shown = |t: &str| keys.redact_whole(t);
        let routes: std::collections::BTreeMap<&String, String> =
            self.routes.iter().map(|(k, v)| (k, shown(v))).collect();
        f.debug_struct("ZeitkontoConfig")
            .field("api_key", &self.api_key)
            .field("base_url", &self.base_url.as_deref().map(shown))
            .field("workspace_key", &self.workspace_key)
            .field("routes", &routes)
            .field("timeout", &self.timeout)
            .field("retry", &self.retry)
            .field("rate_limit", &self.rate_limit)
            .field("ca_certificates", &self.ca_certificates.as_ref().map(|pem| pem.len()))
            .field("proxy", &self.proxy)
            .field("user_agent", &shown(&self.user_agent))
            .finish()
    }
}

impl ZeitkontoConfig {
    /// Where calls go and with which keys (the core's [`Target`]).
    fn target(&self) -> Result<Target, ZeitkontoError> {
        Ok(Target {
            base_url: self.base_url.clone(),
            same_origin: false,
            api_key: self.api_key.clone(),
            workspace_key: self.workspace_key.clone(),
            routes: RouteTable::from_overrides(&self.routes)?,
        })
    }

    /// The request context of these settings (keys, base URL, routes), for the sans-IO
    /// [`crate::build_request`].
    pub(crate) fn context(&self) -> Result<Context, ZeitkontoError> {
        Ok(self.target()?.context()?)
    }

    /// A client builder with this configuration (the bundled transport unless the caller sets one).
    pub(crate) fn builder(&self) -> Result<ClientBuilder, ZeitkontoError> {
        let mut b = zeitkonto::Client::builder().target(self.target()?);
        b = b.timeout(zeitkonto_core::settings::timeout_from_millis("timeout", self.timeout.0)?);
        if let Some(r) = &self.retry {
            b = b.retry(r.to_core()?);
        }
        if let Some(l) = &self.rate_limit {
            b = b.rate_limit(l.to_core()?);
        }
        if let Some(pem) = &self.ca_certificates {
            b = b.ca_certificates_pem(pem.as_bytes().to_vec());
        }
        if let Some(url) = &self.proxy {
            b = b.proxy(url.0.clone());
        }
        Ok(b.user_agent(self.user_agent.clone()))
    }
}

#[cfg(test)]
#[path = "tests/config.rs"]
mod tests;
