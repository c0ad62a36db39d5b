//! The sans-IO functions of `zeitkonto._core` (what `zeitkonto.sansio` wraps): build a request
//! without sending it, parse a response received by the caller's own HTTP client.

use std::collections::HashMap;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use zeitkonto_core::http::parse_answer;
use zeitkonto_core::{Request, Response, Target};

use crate::convert::{params_from_py, to_py};
use crate::errors::{guarded, operation, raise, routes_from};
use crate::typed;

/// A request built by `build_request`, kept in Rust so that `parse_response(..., request=)` can
/// read an answer bound to it (its secrets redacted before an excerpt is cut, an echoed month read
/// against the requested one). Its `repr` shows the redacted request only.
#[pyclass(module = "zeitkonto._core", frozen)]
pub(crate) struct NativeRequest(Request);

#[pymethods]
impl NativeRequest {
    fn __repr__(&self) -> String {
        format!("<NativeRequest {}>", self.0) // the core's redacted form
    }
}

/// The request parts `zeitkonto.sansio.HttpRequest` holds:
/// `(method, url, headers, body, redacted_url, redacted_body, native)`.
type Built<'py> =
    (String, String, Vec<(String, String)>, Option<Bound<'py, PyBytes>>, String, Option<String>, NativeRequest);

/// Builds the request of `operation` without sending it; `url` and `body` hold the key. `today`
/// (a `datetime.date` or `YYYY-MM-DD`) gives the date checks a calendar (book-absence with only a start or an end).
#[pyfunction]
#[pyo3(signature = (operation_name, params, *, api_key=None, base_url=None, workspace_key=None, routes=None, today=None))]
#[allow(clippy::too_many_arguments)]
fn build_request<'py>(
    py: Python<'py>,
    operation_name: &str,
    params: &Bound<'py, PyAny>,
    api_key: Option<String>,
    base_url: Option<String>,
    workspace_key: Option<String>,
    routes: Option<HashMap<String, String>>,
    today: Option<Bound<'py, PyAny>>,
) -> PyResult<Built<'py>> {
    guarded(|| {
        let op = operation(operation_name)?;
        let params = params_from_py(params, typed::CLOCK_TIMES)?;
        let routes = routes_from(routes).map_err(|e| raise(&e))?;
        let target = Target {
            base_url,
            api_key: api_key.map(Into::into),
            workspace_key: workspace_key.map(Into::into),
            routes,
            same_origin: false,
        };
        let mut ctx = target.context().map_err(|e| raise(&e))?;
        if let Some(day) = today {
            ctx = ctx.with_fixed_today(crate::convert::day(&day, "today")?);
        }
        let req = zeitkonto_core::build_request(op, &params, &ctx).map_err(|e| raise(&ctx.redact_error(e)))?;
        let body = req.body().map(|b| PyBytes::new(py, b));
        Ok((
            req.method().as_str().to_string(),
            req.url().to_string(),
            req.headers().to_vec(),
            body,
            req.redacted_url().to_string(),
            req.redacted_body().map(str::to_string),
            NativeRequest(req),
        ))
    })
}

/// Parses a response of `operation` (bound to `request` when given: its secrets redacted before an
/// excerpt is cut, an echoed month read against the requested one) into its canonical output
/// (plain dicts and lists), or with `typed` into its typed output (`<Model>Data` objects, read
/// lazily: what `sansio.parse_response` wraps into models).
#[pyfunction]
#[pyo3(signature = (operation_name, status, headers, body, request=None, typed=false))]
fn parse_response(
    py: Python<'_>,
    operation_name: &str,
    status: u16,
    headers: Vec<(String, String)>,
    body: &[u8],
    request: Option<PyRef<'_, NativeRequest>>,
    typed: bool,
) -> PyResult<Py<PyAny>> {
    guarded(|| {
        let (op, response) = (operation(operation_name)?, Response::new(status, headers, body.to_vec()));
        let request = request.as_deref().map(|r| &r.0);
        if typed {
            let out = parse_answer(op, response, request, typed::parse).map_err(|e| raise(&e))?;
            return typed::output_to_py(py, out);
        }
        let v = parse_answer(op, response, request, zeitkonto_core::parse_response).map_err(|e| raise(&e))?;
        Ok(to_py(py, &v)?.unbind())
    })
}

/// Adds the sans-IO functions and `NativeRequest` to the extension module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeRequest>()?;
    m.add_function(wrap_pyfunction!(build_request, m)?)?;
    m.add_function(wrap_pyfunction!(parse_response, m)?)?;
    Ok(())
}
