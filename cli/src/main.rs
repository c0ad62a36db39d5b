//! The `zeitkonto` command (`cargo install zeitkonto-cli`); see the library's docs.

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let code = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt.block_on(async {
            // Ctrl-C ends the run with 130 (the handler is in place before the command starts).
            // A SIGINT ignored when the command started (`nohup`, a shell's background job) stays
            // ignored, as the shell asked (and as Python's console script does).
            #[cfg(unix)]
            let mut interrupt = if sigint_ignored() {
                None
            } else {
                tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt()).ok()
            };
            let interrupted = async move {
                #[cfg(unix)]
                match interrupt.as_mut() {
                    Some(signal) => {
                        signal.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
                #[cfg(not(unix))]
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            };
            zeitkonto_cli::run(argv, interrupted).await
        }),
        Err(e) => {
            eprintln!("zeitkonto: cannot start: {e}");
            1
        }
    };
    std::process::exit(code);
}

/// Whether SIGINT's disposition is "ignore" (inherited from the parent).
#[cfg(unix)]
fn sigint_ignored() -> bool {
    // SAFETY: reads the current action (a null new action changes nothing) into a zeroed struct.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGINT, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    }
}
