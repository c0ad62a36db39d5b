//! [`ZeitkontoConfig`]: everything a [`crate::ZeitkontoClient`] needs, with the SDK's defaults.

use std::collections::HashMap;
use std::time::Duration;

use zeitkonto::{ClientBuilder, LimiterConfig, RetryConfig};
use zeitkonto_core::{Context, Error, RouteTable};

use crate::types::{ApiKey, PlatformInt};
use crate::ZeitkontoError;

/// Client settings. Every field has a default: `ZeitkontoConfig(apiKey = ApiKey("…"))` is enough
/// for the real service. The sans-IO `buildRequest` uses its keys, base URL and routes.
#[derive(Debug, Clone, uniffi::Record)]
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
    /// Timeout of each attempt in seconds (default 30; a read that times out may be retried with
    /// a timeout of its own); 0 disables it. Seconds as a floating-point
    /// number in every language (Python `timeout=30.0`, JS `timeout: 30`; both also take `None` /
    /// `null` for "no timeout", which a non-null `Double` cannot say here).
    #[uniffi(default = 30.0)]
    pub timeout: f64,
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
    /// A proxy for the bundled transport (`http://proxy.corp:3128`, `user:password@` when it
    /// needs them); default: `HTTPS_PROXY`/`ALL_PROXY`, with `NO_PROXY`. https goes through it
    /// with CONNECT: the proxy never sees the URL and its key.
    #[uniffi(default = None)]
    pub proxy: Option<String>,
    /// The `User-Agent` the bundled transport sends: `zeitkonto-kotlin/<version>` in Kotlin,
    /// `zeitkonto-swift/<version>` in Swift; put your product first if a proxy or WAF should see
    /// it (`"payroll-app/2.1 zeitkonto-kotlin/0.1.0"`).
    #[uniffi(default = "zeitkonto-uniffi/0.1.0")]
    pub user_agent: String,
}

/// When to try again. Writes are never sent twice, except after a 429.
#[derive(Debug, Clone, uniffi::Record)]
pub struct RetrySettings {
    /// Retries of reads after 5xx, connection failures and timeouts.
    #[uniffi(default = 2)]
    pub max_retries: PlatformInt,
    /// First backoff delay in seconds; doubles per attempt, with jitter.
    #[uniffi(default = 0.5)]
    pub base_delay: f64,
    /// Largest backoff delay in seconds.
    #[uniffi(default = 8.0)]
    pub max_delay: f64,
    /// Longest 429 `Retry-After` wait that is honoured, in seconds; a longer one fails with
    /// `RateLimited`.
    #[uniffi(default = 60.0)]
    pub max_retry_after: f64,
    /// 429 answers honoured per call before giving up.
    #[uniffi(default = 3)]
    pub max_rate_limit_retries: PlatformInt,
}

/// The client-side limiter: `limit` requests per `window` seconds (the API allows 60 per minute).
#[derive(Debug, Clone, uniffi::Record)]
pub struct RateLimitSettings {
    /// Requests per window; 0 disables the limiter.
    #[uniffi(default = 60)]
    pub limit: PlatformInt,
    /// The window in seconds.
    #[uniffi(default = 60.0)]
    pub window: f64,
    /// Extra wait before a request slot comes back, in seconds; default 1 % of the window.
    #[uniffi(default = None)]
    pub margin: Option<f64>,
}

fn non_negative<T: TryFrom<i64>>(field: &str, v: i64) -> Result<T, ZeitkontoError> {
    T::try_from(v).map_err(|_| Error::invalid(field, format!("out of range: {v} (must not be negative)")).into())
}

/// Seconds (finite, not negative, at most a year) as whole milliseconds.
fn millis(field: &str, seconds: f64) -> Result<u64, ZeitkontoError> {
    if !(seconds.is_finite() && (0.0..=31_536_000.0).contains(&seconds)) {
        return Err(Error::invalid(
            field,
            format!("{seconds} seconds: must be finite, not negative and at most a year"),
        )
        .into());
    }
    // In range by the check above: at most 3.2e10 ms.
    Ok((seconds * 1000.0).round() as u64)
}

impl RetrySettings {
    fn to_core(&self) -> Result<RetryConfig, ZeitkontoError> {
        Ok(RetryConfig {
            max_retries: non_negative("retry.maxRetries", self.max_retries.0)?,
            base_delay_ms: millis("retry.baseDelay", self.base_delay)?,
            max_delay_ms: millis("retry.maxDelay", self.max_delay)?,
            max_retry_after_ms: millis("retry.maxRetryAfter", self.max_retry_after)?,
            max_rate_limit_retries: non_negative("retry.maxRateLimitRetries", self.max_rate_limit_retries.0)?,
        })
    }
}

impl RateLimitSettings {
    fn to_core(&self) -> Result<LimiterConfig, ZeitkontoError> {
        let mut cfg = LimiterConfig::per_window(
            non_negative("rateLimit.limit", self.limit.0)?,
            millis("rateLimit.window", self.window)?,
        );
        if let Some(margin) = self.margin {
            cfg.margin_ms = millis("rateLimit.margin", margin)?;
        }
        Ok(cfg)
    }
}

impl ZeitkontoConfig {
    /// The request context of these settings (keys, base URL, routes), for the sans-IO
    /// [`crate::build_request`].
    pub(crate) fn context(&self) -> Result<Context, ZeitkontoError> {
        let mut ctx = Context::default().with_routes(RouteTable::from_overrides(&self.routes)?);
        if let Some(url) = &self.base_url {
            ctx = ctx.with_base_url(url)?;
        }
        if let Some(k) = &self.api_key {
            ctx = ctx.with_api_key(k.clone());
        }
        if let Some(k) = &self.workspace_key {
            ctx = ctx.with_workspace_key(k.clone());
        }
        Ok(ctx)
    }

    /// The Rust client's builder with these settings (nothing is checked by the network).
    pub(crate) fn builder(&self) -> Result<ClientBuilder, ZeitkontoError> {
        let mut b = zeitkonto::Client::builder().routes(RouteTable::from_overrides(&self.routes)?);
        if let Some(url) = &self.base_url {
            b = b.base_url(url.clone());
        }
        if let Some(k) = &self.api_key {
            b = b.api_key(k.clone());
        }
        if let Some(k) = &self.workspace_key {
            b = b.workspace_key(k.clone());
        }
        b = b.timeout(match millis("timeout", self.timeout)? {
            0 => None,
            ms => Some(Duration::from_millis(ms)),
        });
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
            b = b.proxy(url.clone());
        }
        Ok(b.user_agent(self.user_agent.clone()))
    }
}
