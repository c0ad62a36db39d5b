//! The `zeitkonto` command (`cargo install zeitkonto-cli`); see the library's docs.

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let code = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt.block_on(zeitkonto_cli::run(argv, async {
            // Ctrl-C ends the run with 130; without a signal handler, it never does here.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })),
        Err(e) => {
            eprintln!("zeitkonto: cannot start: {e}");
            1
        }
    };
    std::process::exit(code);
}
