//! Prints the request the core builds for each operation's documented example (the `example` of
//! `tests/vectors/operations/<op>.json`), as JSON: `{op: {method, url, headers, body}}` and the base URL under `_base`, with the
//! sandbox's demo keys and the base URL given. `scripts/docs` turns them into the site's `curl`
//! tab (the keys become placeholders) and runs them against the sandbox server.
//!
//!     cargo run -p zeitkonto-core --example wire -- tests/vectors/operations http://127.0.0.1:8080

use std::process::exit;

use serde_json::{json, Map, Value};
use zeitkonto_core::{build_request, Context, Date, OperationId};

fn fail(msg: String) -> ! {
    eprintln!("wire: {msg}");
    exit(1)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (dir, base) = match args.as_slice() {
        [_, dir, base] => (dir.clone(), base.clone()),
        _ => fail("usage: wire VECTORS_DIR BASE_URL".into()),
    };
    let ctx = Context::new("demo-company-key")
        .with_workspace_key("demo-workspace-key")
        .with_base_url(&base)
        .unwrap_or_else(|e| fail(format!("base URL: {e}")));
    let ctx = match Date::new(2026, 11, 21) {
        Some(day) => ctx.with_fixed_today(day),
        None => fail("the sandbox's today".into()),
    };
    let mut out = Map::new();
    out.insert("_base".into(), Value::String(base.clone()));
    for op in OperationId::ALL {
        let path = format!("{dir}/{}.json", op.name());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(format!("{path}: {e}")));
        let vector: Value = serde_json::from_str(&text).unwrap_or_else(|e| fail(format!("{path}: {e}")));
        let params = vector.pointer("/example/params").cloned().unwrap_or_else(|| fail(format!("{path}: no example")));
        let req = build_request(*op, &params, &ctx).unwrap_or_else(|e| fail(format!("{}: {e}", op.name())));
        let body = req.body().map(|b| String::from_utf8_lossy(b).into_owned());
        out.insert(
            op.name().to_string(),
            json!({ "method": req.method().as_str(), "url": req.url(), "headers": req.headers(), "body": body }),
        );
    }
    match serde_json::to_string_pretty(&Value::Object(out)) {
        Ok(text) => println!("{text}"),
        Err(e) => fail(e.to_string()),
    }
}
