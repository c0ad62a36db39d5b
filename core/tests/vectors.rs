//! Runs every shared test vector in `tests/vectors/` through the sans-IO core.
//! The format is documented in `tests/vectors/README.md`.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use zeitkonto_core::http::parse_retry_after;
use zeitkonto_core::limiter::{Acquire, LimiterConfig, RateLimiter};
use zeitkonto_core::retry::{Decision, Outcome, RetryConfig, RetryState};
use zeitkonto_core::{
    build_request, build_request_text, parse_response, parse_response_text, Context, Error, OperationId, Response,
    RouteTable,
};

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors")
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The default context of `context.json`, with a case's `context` merged over it (`null` removes).
fn context_for(case: &Value) -> Result<Context, Error> {
    let mut merged = load(&vectors_dir().join("context.json"));
    if let Some(over) = case.get("context").and_then(Value::as_object) {
        for (k, v) in over {
            merged[k.as_str()] = v.clone();
        }
    }
    let mut ctx = Context::default();
    if let Some(url) = merged["baseUrl"].as_str() {
        ctx = ctx.with_base_url(url)?;
    }
    if let Some(k) = merged["apiKey"].as_str() {
        ctx = ctx.with_api_key(k);
    }
    if let Some(k) = merged["workspaceKey"].as_str() {
        ctx = ctx.with_workspace_key(k);
    }
    // `today`: the calendar of date checks that need one (the drivers pass their clock).
    if let Some(day) = merged["today"].as_str() {
        ctx = ctx.with_fixed_today(day.parse().map_err(|_| Error::invalid("today", "not YYYY-MM-DD"))?);
    }
    let mut routes = RouteTable::new();
    if let Some(map) = merged["routes"].as_object() {
        for (op, route) in map {
            routes.set_by_name(op, route.as_str().unwrap_or_default())?;
        }
    }
    Ok(ctx.with_routes(routes))
}

fn response_of(case: &Value) -> Response {
    let r = &case["response"];
    let headers = r["headers"]
        .as_object()
        .map(|h| h.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect())
        .unwrap_or_default();
    let body = match (r.get("json"), r.get("body")) {
        (Some(j), _) => serde_json::to_vec(j).expect("vector json"),
        (None, Some(Value::String(s))) => s.as_bytes().to_vec(),
        _ => Vec::new(),
    };
    Response::new(r["status"].as_u64().expect("status") as u16, headers, body)
}

/// `expected` ⊆ `actual`: objects compare only the keys listed, arrays element-wise with equal
/// length, numbers numerically.
fn subset(expected: &Value, actual: &Value, path: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let av = a.get(k).ok_or_else(|| format!("{path}.{k}: missing in {actual}"))?;
                subset(ev, av, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                return Err(format!("{path}: expected {} elements, got {}: {actual}", e.len(), a.len()));
            }
            e.iter().zip(a).enumerate().try_for_each(|(i, (ev, av))| subset(ev, av, &format!("{path}[{i}]")))
        }
        (Value::Number(e), Value::Number(a)) if e.as_f64() == a.as_f64() => Ok(()),
        (e, a) if e == a => Ok(()),
        (e, a) => Err(format!("{path}: expected {e}, got {a}")),
    }
}

fn check_error(expected: &Value, err: &Error) -> Result<(), String> {
    let actual = serde_json::to_value(err).map_err(|e| e.to_string())?;
    subset(expected, &actual, "error")
}

fn query_object(query: Option<&str>) -> Value {
    let mut map = serde_json::Map::new();
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        map.insert(k.to_string(), Value::String(v.to_string()));
    }
    Value::Object(map)
}

/// The text path (JSON in, no `Value`) must agree with the `Value` path on every case.
fn same_outcome(
    a: &Result<zeitkonto_core::Request, Error>,
    b: &Result<zeitkonto_core::Request, Error>,
) -> Result<(), String> {
    let field = |e: &Error| match e {
        Error::InvalidInput { field, .. } => Some(field.clone()),
        _ => None,
    };
    match (a, b) {
        (Ok(x), Ok(y)) if x.url() == y.url() && x.body() == y.body() && x.method() == y.method() => Ok(()),
        (Err(x), Err(y)) if x.kind() == y.kind() && field(x) == field(y) => Ok(()),
        _ => Err(format!("value path {a:?} != text path {b:?}")),
    }
}

fn run_build(op: OperationId, case: &Value) -> Result<(), String> {
    let result = context_for(case).and_then(|ctx| build_request(op, &case["params"], &ctx));
    let text = context_for(case).and_then(|ctx| build_request_text(op, &case["params"].to_string(), &ctx));
    same_outcome(&result, &text)?;
    match (case.get("expect"), case.get("error"), result) {
        (Some(exp), None, Ok(req)) => {
            if req.method().as_str() != exp["method"] {
                return Err(format!("method {} != {}", req.method(), exp["method"]));
            }
            let pq = req.path_and_query();
            let (path, query) = match pq.split_once('?') {
                Some((p, q)) => (p, Some(q)),
                None => (pq, None),
            };
            if path != exp["path"] {
                return Err(format!("path {path} != {}", exp["path"]));
            }
            subset(&exp["query"], &query_object(query), "query")?;
            if query_object(query).as_object().map(|m| m.len()) != exp["query"].as_object().map(|m| m.len()) {
                return Err(format!("query {query:?} != {}", exp["query"]));
            }
            let body: Value = match req.body() {
                Some(b) => serde_json::from_slice(b).map_err(|e| e.to_string())?,
                None => Value::Null,
            };
            if body != exp["body"] {
                return Err(format!("body {body} != {}", exp["body"]));
            }
            if let Some(h) = exp.get("headers").and_then(Value::as_object) {
                for (k, v) in h {
                    let got = req.headers().iter().find(|(n, _)| n.eq_ignore_ascii_case(k)).map(|(_, v)| v.as_str());
                    if got != v.as_str() {
                        return Err(format!("header {k}: {got:?} != {v}"));
                    }
                }
            }
            Ok(())
        }
        (None, Some(exp), Err(err)) => check_error(exp, &err),
        (_, _, Ok(req)) => Err(format!("expected an error, built {req}")),
        (_, _, Err(err)) => Err(format!("expected a request, got error {err}")),
    }
}

fn run_parse(op: OperationId, case: &Value) -> Result<(), String> {
    // `request`: the answer is read as the driver reads it, bound to the request it answers (its
    // secrets redacted before an excerpt is cut, its month read against the requested one).
    let (response, request) = match case.get("request") {
        Some(r) => {
            let req = context_for(r)
                .and_then(|ctx| build_request(op, &r["params"], &ctx))
                .map_err(|e| format!("the case's request does not build: {e}"))?;
            (response_of(case).for_request(&req), Some(req))
        }
        None => (response_of(case), None),
    };
    let redact = |e: Error| match &request {
        Some(req) => req.redact_error(e),
        None => e,
    };
    let result = parse_response(op, &response).map_err(redact);
    let text = parse_response_text(op, &response)
        .map(|t| serde_json::from_str::<Value>(&t).unwrap_or(Value::Null))
        .map_err(redact);
    if result != text {
        return Err(format!("value path {result:?} != text path {text:?}"));
    }
    match (case.get("expect"), case.get("error"), result) {
        (Some(exp), None, Ok(v)) => subset(exp, &v, "output"),
        (None, Some(exp), Err(err)) => check_error(exp, &err),
        (_, _, Ok(v)) => Err(format!("expected an error, parsed {v}")),
        (_, _, Err(err)) => Err(format!("expected output, got error {err:?}")),
    }
}

#[test]
fn operation_vectors_cover_every_operation_and_pass() {
    let dir = vectors_dir().join("operations");
    let mut failures = Vec::new();
    let mut covered = Vec::new();
    let mut cases = 0;
    for op in OperationId::ALL {
        let file = load(&dir.join(format!("{}.json", op.name())));
        assert_eq!(file["operation"], op.name());
        let builds = file["build"].as_array().expect("build cases");
        let parses = file["parse"].as_array().expect("parse cases");
        assert!(builds.iter().any(|c| c.get("expect").is_some()), "{op}: needs a successful build case");
        assert!(!parses.is_empty(), "{op}: needs a parse case");
        for case in builds {
            cases += 1;
            if let Err(e) = run_build(*op, case) {
                failures.push(format!("{op} build `{}`: {e}", case["name"]));
            }
        }
        for case in parses {
            cases += 1;
            if let Err(e) = run_parse(*op, case) {
                failures.push(format!("{op} parse `{}`: {e}", case["name"]));
            }
        }
        covered.push(op.name());
    }
    assert!(failures.is_empty(), "{} of {cases} vector cases failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(covered.len(), zeitkonto_core::decl::operations().len());
}

fn retry_config(defaults: &Value, case: &Value) -> RetryConfig {
    let mut cfg = defaults.clone();
    if let Some(over) = case.get("config").and_then(Value::as_object) {
        for (k, v) in over {
            cfg[k.as_str()] = v.clone();
        }
    }
    serde_json::from_value(cfg).expect("retry config")
}

fn outcome_of(v: &Value) -> Outcome {
    match v {
        Value::String(s) => match s.as_str() {
            "connectFailed" => Outcome::ConnectFailed,
            "connectionLost" => Outcome::ConnectionLost,
            "timedOut" => Outcome::TimedOut,
            "unrecoverable" => Outcome::Unrecoverable,
            other => panic!("unknown outcome {other}"),
        },
        Value::Object(o) if o.contains_key("status") => Outcome::Status(o["status"].as_u64().expect("status") as u16),
        // `retryAfter`: the header's text, read as the driver reads it (clamped to one hour).
        Value::Object(o) if o.contains_key("retryAfter") => Outcome::RateLimited {
            wait_ms: parse_retry_after(o["retryAfter"].as_str().expect("retryAfter")).expect("seconds"),
        },
        Value::Object(o) => Outcome::RateLimited { wait_ms: o["rateLimitedWaitMs"].as_u64().expect("wait") },
        other => panic!("bad outcome {other}"),
    }
}

#[test]
fn retry_decision_table() {
    let file = load(&vectors_dir().join("retry.json"));
    let mut failures = Vec::new();
    for case in file["cases"].as_array().expect("cases") {
        let cfg = retry_config(&file["defaults"], case);
        let idempotent = case["idempotent"].as_bool().expect("idempotent");
        let mut state = RetryState::default();
        for (i, step) in case["steps"].as_array().expect("steps").iter().enumerate() {
            let jitter = step["jitter"].as_f64().unwrap_or(0.0);
            let got = match cfg.decide(&mut state, idempotent, outcome_of(&step["outcome"]), jitter) {
                Decision::Finish => json!("finish"),
                Decision::GiveUp => json!("giveUp"),
                Decision::Retry { after_ms } => json!({ "retryAfterMs": after_ms }),
            };
            if got != step["expect"] {
                failures.push(format!("`{}` step {i}: expected {}, got {got}", case["name"], step["expect"]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn limiter_decision_table() {
    let file = load(&vectors_dir().join("limiter.json"));
    let mut failures = Vec::new();
    for case in file["cases"].as_array().expect("cases") {
        let c = &case["config"];
        let window = c["windowMs"].as_u64().expect("windowMs");
        let cfg = LimiterConfig {
            limit: c["limit"].as_u64().expect("limit") as u32,
            window_ms: window,
            margin_ms: c["marginMs"].as_u64().unwrap_or(window / 100),
        };
        let mut lim = RateLimiter::new(cfg);
        for (i, step) in case["steps"].as_array().expect("steps").iter().enumerate() {
            let at = step["at"].as_u64().expect("at");
            let got = if let Some(n) = step.get("acquire").and_then(Value::as_u64) {
                let mut last = json!("ready");
                for _ in 0..n {
                    last = match lim.acquire(at) {
                        Acquire::Ready => json!("ready"),
                        Acquire::Wait(ms) => json!({ "waitMs": ms }),
                    };
                    if last != json!("ready") {
                        break;
                    }
                }
                last
            } else if let Some(sent) = step.get("settle").and_then(Value::as_u64) {
                lim.settle(sent, at);
                Value::Null
            } else if let Some(sent) = step.get("refuse").and_then(Value::as_u64) {
                lim.on_refused(sent, at);
                Value::Null
            } else if step.get("available").is_some() {
                json!(lim.available(at))
            } else {
                let rl = &step["rateLimited"];
                let ra = match rl.get("retryAfter").and_then(Value::as_str) {
                    Some(text) => parse_retry_after(text),
                    None => rl["retryAfterMs"].as_u64(),
                };
                json!({ "waitMs": lim.on_rate_limited(at, ra) })
            };
            // `learned`: the limit learned after the step, `{"limit", "periodMs"}` or null.
            let (got, want) = match step.get("learned") {
                Some(learned) => (
                    json!({ "expect": got, "learned": lim.learned_limit().map(|(limit, period)| json!({ "limit": limit, "periodMs": period })) }),
                    json!({ "expect": step["expect"], "learned": learned }),
                ),
                None => (got, step["expect"].clone()),
            };
            if got != want {
                failures.push(format!("`{}` step {i}: expected {want}, got {got}", case["name"]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The key an operation declares (`key_kind`, which the client's limiter counts it against) is
/// the key its request carries: built from each operation's first successful vector with the
/// context's two distinct keys, the request holds the declared one and not the other.
#[test]
fn every_operation_sends_the_key_it_declares() {
    use zeitkonto_core::KeyKind;
    let dir = vectors_dir().join("operations");
    for op in OperationId::ALL {
        let file = load(&dir.join(format!("{}.json", op.name())));
        let case = file["build"]
            .as_array()
            .and_then(|b| b.iter().find(|c| c.get("expect").is_some()))
            .unwrap_or_else(|| panic!("{op}: a successful build case"));
        let ctx = context_for(case).expect("context");
        let req = build_request(*op, &case["params"], &ctx).expect("builds");
        let text = format!("{} {}", req.url(), String::from_utf8_lossy(req.body().unwrap_or_default()));
        let (declared, other) = match op.key_kind() {
            KeyKind::Company => ("test-company-key", "test-workspace-key"),
            KeyKind::Workspace => ("test-workspace-key", "test-company-key"),
        };
        assert!(text.contains(declared), "{op}: declares the {} key, sends {text}", op.key_kind().name());
        assert!(!text.contains(other), "{op}: sends the other key: {text}");
    }
}
