"""The Python client through real network infrastructure: nginx with TLS from a private CA, gzip,
HTTP/2 and small keep-alive limits, and tinyproxy as a CONNECT proxy (scripts/network-infra).
Collected only when scripts/network-test runs them (the ``ZK_NET_*`` variables say where things
are)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

import zeitkonto

KEY = "demo-company-key"
ANNA = "anna.schmidt@demo.example"
NET = {k: v for k, v in os.environ.items() if k.startswith("ZK_NET_")}
ROOT = Path(__file__).resolve().parents[3]
FAST = zeitkonto.RetrySettings(base_delay=0.02, max_delay=0.05)
GENEROUS = zeitkonto.RateLimitSettings(limit=1_000_000, window=60.0)


def log_entries(skip: int = 0) -> List[Dict[str, Any]]:
    with open(NET["ZK_NET_ACCESS_LOG"], encoding="utf-8") as f:
        return [json.loads(line) for line in f.read().splitlines()[skip:] if line.strip()]


def client(url: str, **options: Any) -> zeitkonto.Client:
    return zeitkonto.Client(KEY, base_url=url, retry=FAST, rate_limit=GENEROUS, **options)


@pytest.fixture
def clean_env() -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in ("SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy")}
    for k in saved:
        os.environ.pop(k, None)
    yield
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def test_a_private_ca_gzip_http2_and_the_user_agent(clean_env: None) -> None:
    before = len(log_entries())
    with client(NET["ZK_NET_URL"], ca_bundle=NET["ZK_NET_CA"]) as c:
        assert len(c.employees()) >= 35
    entry = log_entries(before)[0]
    assert entry["protocol"] == "HTTP/2.0", entry
    assert "gzip" in entry["accept_encoding"], entry
    assert entry["content_encoding"] == "gzip", entry
    assert entry["user_agent"].startswith("zeitkonto-python/"), entry


@pytest.mark.parametrize("variable", ["REQUESTS_CA_BUNDLE", "SSL_CERT_FILE"])
def test_the_ca_from_the_environment(clean_env: None, variable: str) -> None:
    # REQUESTS_CA_BUNDLE adds the CA to the system's store (as requests reads it); SSL_CERT_FILE
    # replaces the store with the file (as OpenSSL reads it).
    os.environ[variable] = NET["ZK_NET_CA"]
    with client(NET["ZK_NET_URL"]) as c:
        assert len(c.employees()) >= 35


def test_a_large_answer_is_compressed_within_twice_curls(clean_env: None) -> None:
    before = len(log_entries())
    with client(NET["ZK_NET_URL"], ca_bundle=NET["ZK_NET_CA"]) as c:
        summaries = c.department_month_employees("BENCH", 2026, 10)
    assert len(summaries) == 1000
    ours = log_entries(before)[0]["bytes"]
    curl, plain = int(NET["ZK_NET_CURL_COMPRESSED_BYTES"]), int(NET["ZK_NET_CURL_PLAIN_BYTES"])
    print(f"1,000 summaries on the wire: zeitkonto-python {ours} bytes, curl --compressed {curl}, uncompressed {plain}")
    assert ours <= 2 * curl and ours * 10 < plain


@pytest.mark.parametrize("url_var,trust,failure", [
    ("ZK_NET_URL", False, "untrustedIssuer"),
    ("ZK_NET_WRONG_HOST", True, "hostnameMismatch"),
    ("ZK_NET_EXPIRED", True, "expired"),
])
def test_tls_failures_are_typed_and_never_retried(clean_env: None, url_var: str, trust: bool, failure: str) -> None:
    options = {"ca_bundle": NET["ZK_NET_CA"]} if trust else {}
    before = len(log_entries())
    started = time.monotonic()
    with client(NET[url_var], **options) as c:
        with pytest.raises(zeitkonto.TlsError) as err:
            c.employees()
        with pytest.raises(zeitkonto.TransportError) as write:  # a TlsError is a TransportError
            c.come(ANNA)
    assert err.value.failure == failure, err.value
    assert err.value.may_have_reached_server is False and write.value.may_have_reached_server is False
    assert KEY not in str(err.value) + repr(err.value)
    assert time.monotonic() - started < 2.0, "never retried"
    assert log_entries(before) == [], "nginx saw no request"


def test_a_proxy_sees_neither_the_url_nor_the_key(clean_env: None) -> None:
    log = Path(NET["ZK_NET_PROXY_LOG"])
    for how in ("option", "HTTPS_PROXY"):
        before = len(log.read_text(encoding="utf-8", errors="replace"))
        options: Dict[str, Any] = {"ca_bundle": NET["ZK_NET_CA"]}
        if how == "option":
            options["proxy"] = NET["ZK_NET_PROXY"]
        else:
            os.environ["HTTPS_PROXY"] = NET["ZK_NET_PROXY"]
        with client(NET["ZK_NET_URL"], **options) as c:
            assert c.employees()
        seen = log.read_text(encoding="utf-8", errors="replace")[before:]
        assert "CONNECT" in seen, (how, seen)
        assert KEY not in seen and "/api/v2" not in seen, (how, seen)
    with pytest.raises(zeitkonto.InvalidInputError) as bad:
        zeitkonto.Client(KEY, proxy="::not a url::")
    assert bad.value.field == "proxy"


def test_a_ca_bundle_that_cannot_be_read_is_named(clean_env: None, tmp_path: Path) -> None:
    with pytest.raises(zeitkonto.InvalidInputError) as missing:
        zeitkonto.Client(KEY, ca_bundle=tmp_path / "nope.pem")
    assert missing.value.field == "ca_bundle"
    empty = tmp_path / "empty.pem"
    empty.write_text("no certificate here\n")
    with pytest.raises(zeitkonto.InvalidInputError) as garbage:
        zeitkonto.Client(KEY, ca_bundle=empty)
    assert garbage.value.field == "ca_bundle" and "`ca_bundle`" in str(garbage.value)
    os.environ["REQUESTS_CA_BUNDLE"] = str(tmp_path / "gone.pem")
    with pytest.raises(zeitkonto.InvalidInputError) as env:
        zeitkonto.Client(KEY)
    assert env.value.field == "REQUESTS_CA_BUNDLE"


def test_writes_survive_keep_alive_limits_and_are_never_sent_twice(clean_env: None) -> None:
    sandbox = NET["ZK_NET_SANDBOX"]
    urllib.request.urlopen(urllib.request.Request(sandbox + "/__sandbox/reset", method="POST"), timeout=10).read()
    with client(NET["ZK_NET_URL"], ca_bundle=NET["ZK_NET_CA"]) as c:
        for i in range(9):
            if i == 4:
                time.sleep(1.3)  # past keepalive_timeout
            (c.come if i % 2 == 0 else c.go)(ANNA)
    stats = json.loads(urllib.request.urlopen(sandbox + "/__sandbox/stats", timeout=10).read())
    assert stats["writes"]["clock"] == 9 and stats["requests"]["clock"] == 9, stats


def test_the_readme_snippet_through_the_infrastructure(clean_env: None) -> None:
    readme = (ROOT / "docs" / "guide" / "python.md").read_text(encoding="utf-8")  # the package's guide
    snippet = next(b for b in re.findall(r"```python\n(.*?)```", readme, flags=re.S) if "ca_bundle=" in b)
    env = dict(os.environ, ZEITKONTO_BASE_URL=NET["ZK_NET_URL"], ZEITKONTO_API_KEY=KEY,
               ZEITKONTO_CA_BUNDLE=NET["ZK_NET_CA"], ZEITKONTO_PROXY=NET["ZK_NET_PROXY"])
    out = subprocess.run([sys.executable, "-c", snippet], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "employees" in out.stdout, out.stderr
    env.pop("ZEITKONTO_CA_BUNDLE")
    out = subprocess.run([sys.executable, "-c", snippet], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "TLS: untrustedIssuer" in out.stdout, out.stdout + out.stderr
