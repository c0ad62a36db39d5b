//! What the benches share: `calls` concurrent `find_projects` calls on one client.

use zeitkonto::Client;
use zeitkonto_sandbox::demo;

/// Runs `calls` concurrent `find_projects` calls (each on its own task) and returns how many failed.
pub async fn concurrent_calls(client: &Client, calls: usize) -> usize {
    let tasks: Vec<_> = (0..calls)
        .map(|_| {
            let c = client.clone();
            tokio::spawn(async move { c.find_projects(demo::MANAGER, "Support").await })
        })
        .collect();
    let mut failures = 0;
    for t in tasks {
        if !matches!(t.await, Ok(Ok(_))) {
            failures += 1;
        }
    }
    failures
}
