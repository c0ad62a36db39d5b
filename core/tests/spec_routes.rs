//! The route table of the spec as the repository holds it (`docs/spec/routes.md`) and the core's
//! `operations!` table agree: every operation's name, method, path template and source. A route
//! changed in one place only fails here. An operation added after the spec's table (see
//! scripts/new-operation) is not in it, and its route is then `assumed`.

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
    // Every row is an operation of the core, in the same order; an operation the spec's table does
    // not list (one added since) can only have an assumed route.
    let listed: Vec<OperationId> =
        OperationId::ALL.iter().copied().filter(|op| rows.iter().any(|(name, ..)| name == op.name())).collect();
    assert_eq!(listed.len(), rows.len(), "every row of the spec's table is an operation of the core");
    for op in OperationId::ALL.iter().filter(|op| !listed.contains(op)) {
        assert_eq!(op.route_source(), "assumed", "{op}: not in docs/spec/routes.md, so its route is assumed");
    }
    for ((name, method, template, source), op) in rows.iter().zip(&listed) {
        let route = op.default_route();
        assert_eq!(name, op.name(), "row order is the table order");
        assert_eq!(method, route.method.as_str(), "{name}");
        assert_eq!(template, &route.template, "{name}");
        assert_eq!(source, op.route_source(), "{name}");
    }
}

#[test]
fn every_operation_names_the_section_of_the_spec_it_follows() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/spec/api-spec.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let endpoints = text.split("\n## Endpoints").nth(1).and_then(|t| t.split("\n## ").next()).unwrap_or_default();
    let sections: Vec<&str> = endpoints.lines().filter_map(|l| l.strip_prefix("### ")).collect();
    assert!(sections.len() >= 20, "the spec's endpoint sections: {sections:?}");
    for op in OperationId::ALL {
        // An operation added since the spec (scripts/new-operation's) follows none.
        if op.route_source() != "assumed" || !op.spec_section().is_empty() {
            assert!(sections.contains(&op.spec_section()), "{op}: no section {:?} in the spec", op.spec_section());
        }
    }
    for section in sections {
        assert!(OperationId::ALL.iter().any(|op| op.spec_section() == section), "no operation follows {section:?}");
    }
}
