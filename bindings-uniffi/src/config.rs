//! [`ZeitkontoConfig`]: everything a [`crate::ZeitkontoClient`] needs, with the SDK's defaults.

use std::collections::HashMap;
use std::time::Duration;

use zeitkonto::{ClientBuilder, LimiterConfig, RetryConfig};
use zeitkonto_core::{Context, Error, RouteTable};

use crate::types::ApiKey;
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
    /// Per-request timeout in milliseconds (default 30 000); 0 disables it.
    #[uniffi(default = 30000)]
    pub timeout_ms: i64,
    /// Retry settings; default: reads retried twice after 5xx, connection failures and timeouts,
    /// 429 answers honoured (writes too: the server refused before doing anything).
    #[uniffi(default = None)]
    pub retry: Option<RetrySettings>,
    /// Client-side rate limit; default 60 requests per 60 s, shared by all clients of a key.
    #[uniffi(default = None)]
    pub rate_limit: Option<RateLimitSettings>,
}

/// When to try again. Writes are never sent twice, except after a 429.
#[derive(Debug, Clone, uniffi::Record)]
pub struct RetrySettings {
    /// Retries of reads after 5xx, connection failures and timeouts.
    #[uniffi(default = 2)]
    pub max_retries: i32,
    /// First backoff delay (ms); doubles per attempt, with jitter.
    #[uniffi(default = 500)]
    pub base_delay_ms: i64,
    /// Largest backoff delay (ms).
    #[uniffi(default = 8000)]
    pub max_delay_ms: i64,
    /// Longest 429 `Retry-After` wait that is honoured (ms); a longer one fails with `RateLimited`.
    #[uniffi(default = 60000)]
    pub max_retry_after_ms: i64,
    /// 429 answers honoured per call before giving up.
    #[uniffi(default = 3)]
    pub max_rate_limit_retries: i32,
}

/// The client-side limiter: `limit` requests per `window_ms` (the API allows 60 per minute).
#[derive(Debug, Clone, uniffi::Record)]
pub struct RateLimitSettings {
    /// Requests per window; 0 disables the limiter.
    #[uniffi(default = 60)]
    pub limit: i32,
    /// The window (ms).
    #[uniffi(default = 60000)]
    pub window_ms: i64,
    /// Extra wait before a request slot comes back (ms); default 1 % of the window.
    #[uniffi(default = None)]
    pub margin_ms: Option<i64>,
}

fn non_negative<T: TryFrom<i64>>(field: &str, v: i64) -> Result<T, ZeitkontoError> {
    T::try_from(v).map_err(|_| Error::invalid(field, format!("out of range: {v} (must not be negative)")).into())
}

impl RetrySettings {
    fn to_core(&self) -> Result<RetryConfig, ZeitkontoError> {
        Ok(RetryConfig {
            max_retries: non_negative("retry.max_retries", self.max_retries.into())?,
            base_delay_ms: non_negative("retry.base_delay_ms", self.base_delay_ms)?,
            max_delay_ms: non_negative("retry.max_delay_ms", self.max_delay_ms)?,
            max_retry_after_ms: non_negative("retry.max_retry_after_ms", self.max_retry_after_ms)?,
            max_rate_limit_retries: non_negative("retry.max_rate_limit_retries", self.max_rate_limit_retries.into())?,
        })
    }
}

impl RateLimitSettings {
    fn to_core(&self) -> Result<LimiterConfig, ZeitkontoError> {
        let mut cfg = LimiterConfig::per_window(
            non_negative("rate_limit.limit", self.limit.into())?,
            non_negative("rate_limit.window_ms", self.window_ms)?,
        );
        if let Some(margin) = self.margin_ms {
            cfg.margin_ms = non_negative("rate_limit.margin_ms", margin)?;
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
        b = b.timeout(match non_negative::<u64>("timeout_ms", self.timeout_ms)? {
            0 => None,
            ms => Some(Duration::from_millis(ms)),
        });
        if let Some(r) = &self.retry {
            b = b.retry(r.to_core()?);
        }
        if let Some(l) = &self.rate_limit {
            b = b.rate_limit(l.to_core()?);
        }
        Ok(b)
    }
}
