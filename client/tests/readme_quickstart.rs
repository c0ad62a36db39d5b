//! The README's Rust quickstart, run as the README says: against the sandbox, with
//! `ZEITKONTO_BASE_URL` and `ZEITKONTO_API_KEY` set to its address and demo key. The module below
//! holds the README's block verbatim; `the_block_is_the_readmes` fails when the two differ.

#[rustfmt::skip]
mod quickstart {
// README.md's ```rust block, from here:
use zeitkonto::{Client, Month, Error};
use zeitkonto::ops::ExtraLeave;

async fn run() -> Result<(), Error> {
let env = |name| std::env::var(name).ok();         // ZEITKONTO_API_KEY, ZEITKONTO_BASE_URL
let mut builder = Client::builder().api_key(env("ZEITKONTO_API_KEY").unwrap_or_default()); // company key
if let Some(url) = env("ZEITKONTO_BASE_URL") {
    builder = builder.base_url(url);                  // default https://desktop.saas.de
}
let client = builder.build()?;                        // needs a tokio runtime (#[tokio::main])
let anna = "anna.schmidt@demo.example";              // an employee's e-mail, UUID or employee key

client.come(anna).await?;                            // clock in; Err(Error::Refused) if not possible
let march = client.time_account(anna, 2026, Month::March).await?;
println!("balance {:?} min over {} bookings", march.balance, march.bookings.len());

match client.go(anna).await {
    Ok(()) => {}
    // A clock call answers `false` for every refusal: not clocked in, an unknown employee, a bad key.
    Err(Error::Refused) => println!("refused: not clocked in, or the key or employee is not valid"),
    // A timeout, a broken connection, a 5xx or 3xx, an unreadable 2xx: the write may have been applied.
    Err(e) if e.may_have_reached_server() => println!("check before sending it again: {e}"),
    Err(e) => return Err(e),
}
client.extra_leave(&ExtraLeave { account: anna.into(), days: 1.5, year: None, comment: None }).await?;
Ok(())
}
// to here.
pub(super) async fn main() -> Result<(), Error> { run().await }
}

/// The lines between the module's two markers.
fn block_in_this_file() -> String {
    let me = include_str!("readme_quickstart.rs");
    let start = me.find("// README.md's ```rust block, from here:\n").map(|i| i + 41).unwrap_or(0);
    let end = me.find("// to here.\n").unwrap_or(me.len());
    me.get(start..end).unwrap_or("").to_string()
}

#[test]
fn the_block_is_the_readmes() {
    let readme = include_str!("../../README.md");
    let start =
        readme.find("```rust\nuse zeitkonto::{Client, Month, Error};").expect("the README's Rust quickstart") + 8;
    let end = start + readme[start..].find("```\n").expect("its end");
    assert_eq!(block_in_this_file(), &readme[start..end], "README.md's Rust quickstart and this test's copy differ");
}

#[tokio::test(flavor = "multi_thread")]
async fn it_runs_against_the_sandbox_as_the_readme_says() {
    let sandbox = zeitkonto_sandbox::Sandbox::start(zeitkonto_sandbox::SandboxConfig::default()).expect("sandbox");
    // This test program's only test that reads these: set once, before the quickstart runs.
    std::env::set_var("ZEITKONTO_BASE_URL", sandbox.base_url());
    std::env::set_var("ZEITKONTO_API_KEY", zeitkonto_sandbox::demo::COMPANY_KEY);
    quickstart::main().await.expect("the README's quickstart");
    assert_eq!(sandbox.writes(zeitkonto::OperationId::Clock), 2, "come and go");
    assert_eq!(sandbox.writes(zeitkonto::OperationId::ExtraLeave), 1);
}
