//! The base URL a context sends to: `https://host[:port][/prefix]` checked once, when the client
//! is made, so that no call fails for it later (plain http for a loopback host or the page's own
//! origin only: the key travels in the URL).

use crate::error::Error;

/// Checks a base URL and returns it without a trailing slash.
pub fn validate_base_url(base_url: &str) -> Result<String, Error> {
    check_base_url(base_url, false)
}

/// [`validate_base_url`]; `same_origin` allows plain http for any host (see
/// [`crate::context::Context::with_base_url_same_origin`]).
pub(crate) fn check_base_url(base_url: &str, same_origin: bool) -> Result<String, Error> {
    let url = base_url.trim().trim_end_matches('/');
    let (scheme, rest) =
        split_scheme(url).ok_or_else(|| Error::invalid("baseUrl", "expected https://host[:port][/prefix]"))?;
    let authority = rest.split('/').next().unwrap_or("");
    let (host, port) = match authority.strip_prefix('[') {
        Some(v6) => v6.split_once(']').unwrap_or((v6, "]")),
        None => authority.split_at(authority.bytes().position(|b| b == b':').unwrap_or(authority.len())),
    };
    // What an HTTP stack would refuse at every call (a space or a `%` in the host, port 99999) or
    // read otherwise (`/a/../b` is `/b`) is refused here, once.
    let v6 = authority.starts_with('[');
    let host_ok = !host.is_empty()
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_') || (v6 && b == b':'));
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u16>().is_ok_and(|n| n > 0));
    let prefix = &rest[authority.len()..];
    let prefix_ok = prefix.bytes().all(|b| b > b' ' && b != 0x7f && b != b'?' && b != b'#')
        && !prefix.split('/').any(|s| s == "." || s == "..");
    // (A `@` is not a host's: credentials are refused too.)
    if !(host_ok && port_ok && prefix_ok) && authority.is_ascii() {
        return Err(Error::invalid(
            "baseUrl",
            "expected https://host[:port][/prefix] (a host of letters, digits, '-', '.' or [IPv6], a port \
             1-65535), without credentials, query, fragment, white space or '.' and '..' segments",
        ));
    }
    if !authority.is_ascii() {
        // The native builds link no Unicode tables for host names (`idna_adapter` 1.0 in Cargo.lock;
        // ARCHITECTURE.md, "Size"): an internationalized host is refused here, in every language.
        return Err(Error::invalid(
            "baseUrl",
            "the host holds non-ASCII characters: write it in its ASCII form (punycode, xn--...)",
        ));
    }
    match scheme.to_ascii_lowercase().as_str() {
        "https" => Ok(url.to_string()),
        "http" if same_origin || is_loopback(host) => Ok(url.to_string()),
        "http" => Err(Error::invalid(
            "baseUrl",
            "plain http is only allowed for a loopback host: the API key travels in the URL, use https",
        )),
        _ => Err(Error::invalid("baseUrl", "unsupported scheme: use https")),
    }
}

/// `("https", "host/…")` of `https://host/…`: the scheme is what comes before the first `:`.
/// (Not `split_once("://")`: a `&str` pattern links core's two-way searcher into the .wasm.)
pub(crate) fn split_scheme(url: &str) -> Option<(&str, &str)> {
    let colon = url.find(':')?;
    let rest = url[colon..].strip_prefix("://")?;
    Some((&url[..colon], rest))
}

fn is_loopback(host: &str) -> bool {
    let host = host.to_ascii_lowercase();
    host == "localhost" || host.ends_with(".localhost") || host == "::1" || is_loopback_ipv4(&host)
}

/// `127.a.b.c` in dotted decimal (each part 0..=255, no leading zeros), as `Ipv4Addr` parses it.
/// (By hand: std's address parser is 1 KB of the .wasm.)
fn is_loopback_ipv4(host: &str) -> bool {
    let parts: Vec<&str> = host.split('.').collect();
    parts.len() == 4
        && parts[0] == "127"
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
                && p.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_url_rules() {
        assert!(validate_base_url("https://desktop.saas.de/").is_ok());
        assert!(validate_base_url("http://127.0.0.1:8080").is_ok());
        assert!(validate_base_url("http://localhost:1").is_ok());
        assert!(validate_base_url("http://[::1]:9").is_ok());
        assert!(validate_base_url("http://desktop.saas.de").is_err());
        assert!(validate_base_url("http://127.0.0.1.evil.de").is_err());
        assert!(validate_base_url("ftp://x").is_err());
        assert!(validate_base_url("https://user:pw@x").is_err());
        assert!(validate_base_url("desktop.saas.de").is_err());
        let idn = validate_base_url("https://bücher.example/api").unwrap_err().to_string();
        assert!(idn.contains("punycode"), "{idn}");
        assert!(validate_base_url("https://xn--bcher-kva.example/api").is_ok());
        assert!(validate_base_url("https://desktop.saas.de/prüfung").is_ok(), "only the host must be ASCII");
        // What an HTTP stack would refuse at every call, or read otherwise, is refused at once.
        for bad in [
            "https://exa mple.com",
            "https://host:99999",
            "https://host:0",
            "https://host:",
            "https://host:+443",
            "https://ho%73t",
            "https://host\\x",
            "https://desktop.saas.de/a/../b",
            "https://desktop.saas.de/./b",
            "https://desktop.saas.de/a b",
            "http://[::1",
            "http://[::1]x",
        ] {
            let e = validate_base_url(bad).unwrap_err().to_string();
            assert!(e.starts_with("invalid input `baseUrl`"), "{bad}: {e}");
        }
        for good in
            ["https://desktop.saas.de:8443/api/v1", "https://my_host.internal", "http://[::1]", "https://x/a..b"]
        {
            assert!(validate_base_url(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn the_loopback_check_reads_ipv4_as_std_does() {
        // The hand-written reader against std's parser, on the forms that matter and near misses.
        let mut hosts: Vec<String> = [
            "127.0.0.1",
            "127.255.255.255",
            "127.0.0.256",
            "127.0.0",
            "127.0.0.1.1",
            "127.0.0.01",
            "0127.0.0.1",
            "127.0.0.1 ",
            "127..0.1",
            "127.0.0.+1",
            "128.0.0.1",
            "12.7.0.1",
            "127.0.0.a",
            "127.00.0.1",
            "1.2.3.4",
            "",
            "127",
            "127.0.0.1.",
            "０.0.0.1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for a in [0u32, 1, 9, 10, 99, 100, 255, 256, 999, 1000] {
            hosts.push(format!("127.{a}.0.1"));
            hosts.push(format!("127.0.{a}.1"));
        }
        for h in hosts {
            let std = h.parse::<std::net::Ipv4Addr>().is_ok_and(|ip| ip.is_loopback());
            assert_eq!(is_loopback_ipv4(&h), std, "{h:?}");
        }
    }
}
