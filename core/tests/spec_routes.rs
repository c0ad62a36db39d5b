//! The route table of the spec as the repository holds it (`docs/spec/routes.md`) and the core's
//! `operations!` table agree: every operation's name, method, path template and source. A route
//! changed in one place only fails here.

use std::path::Path;

use zeitkonto_core::OperationId;

#[test]
fn the_core_serves_the_route_table_of_docs_spec() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/spec/routes.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // `| 4 | `time_account` (v2, one employee) | GET | `/rest/.../{month}` | spec | 0-11 |`
    let rows: Vec<(String, String, String, String)> = text
        .lines()
        .filter(|l| l.starts_with("| ") && l.split('|').nth(1).is_some_and(|n| n.trim().parse::<u32>().is_ok()))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let code = |s: &str| s.split('`').nth(1).unwrap_or_default().to_string();
            let source = cells[5].split_whitespace().next().unwrap_or_default().to_string();
            (code(cells[2]), cells[3].to_string(), code(cells[4]), source)
        })
        .collect();
    assert_eq!(rows.len(), OperationId::ALL.len(), "one row per operation");
    for ((name, method, template, source), op) in rows.iter().zip(OperationId::ALL) {
        let route = op.default_route();
        assert_eq!(name, op.name(), "row order is the table order");
        assert_eq!(method, route.method.as_str(), "{name}");
        assert_eq!(template, &route.template, "{name}");
        assert_eq!(source, op.route_source(), "{name}");
    }
}
