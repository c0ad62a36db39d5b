# Shared by the CI steps (scripts/ci/*): counters, the step banner, and readers of each test
# runner's summary (each adds to the counters and leaves its failures in `last_failed`). A step
# sources it, adds its counts, and ends with `finish <name>`, which prints the one line
# scripts/test-all reads: `<name>: N passed, N failed`.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
export CARGO_TERM_COLOR=never
LOG_DIR="${LOG_DIR:-$CARGO_TARGET_DIR/test-logs}"
mkdir -p "$LOG_DIR"

passed=0
failed=0
last_failed=0
steps_failed=()
started=$SECONDS

step() { echo; echo "=== $* ($((SECONDS - started)) s) ==="; }

# A check that is not a test runner counts as one test.
check() {
  local name=$1; shift
  step "$name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); steps_failed+=("$name"); fi
}

# Marks a part as failed; when its runner reported no failure, one is counted for it.
part_failed() { steps_failed+=("$1"); [ "${2:-0}" -eq 0 ] && failed=$((failed + 1)); return 0; }

# Adds up the "test result: ok. N passed; M failed" lines of cargo test output.
count_cargo() {
  local p f
  read -r p f < <(awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' "$1")
  passed=$((passed + p)); failed=$((failed + f))
  last_failed=$f
}

# Adds up pytest's closing line ("12 passed, 1 failed in 3.2s").
count_pytest() {
  local line p f
  line=$(grep -E '^=*\s*[0-9]+ (passed|failed)' "$1" | tail -n 1)
  p=$(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
  f=$(echo "$line" | grep -oE '[0-9]+ (failed|errors?)' | awk '{ s += $1 } END { print s + 0 }')
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  last_failed=${f:-0}
}

# Adds up node's test runner summary ("# pass N", "# fail N").
count_node() {
  local p f
  p=$(grep -E '^# pass [0-9]+' "$1" | tail -n 1 | grep -oE '[0-9]+')
  f=$(grep -E '^# fail [0-9]+' "$1" | tail -n 1 | grep -oE '[0-9]+')
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  last_failed=${f:-0}
}

# Adds up Maven surefire's XML reports (tests, failures, errors).
count_surefire() {
  local p f
  read -r p f < <(cat "$1"/TEST-*.xml 2>/dev/null | grep -oE '<testsuite [^>]*>' |
    awk '{ t = f = 0; for (i = 1; i <= NF; i++) { split($i, kv, "="); gsub(/[">]/, "", kv[2]);
           if (kv[1] == "tests") t = kv[2]; if (kv[1] == "failures" || kv[1] == "errors") f += kv[2] }
           pass += t - f; fail += f } END { print pass + 0, fail + 0 }')
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  last_failed=${f:-0}
}

# Adds up the "<prefix>: N passed, N failed" line a script of ours prints.
count_line() {
  local p f
  read -r p f < <(sed -nE "s/^$2: ([0-9]+) passed, ([0-9]+) failed.*\$/\\1 \\2/p" "$1" | tail -n 1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  last_failed=${f:-0}
}

# Adds up lines that each mean one test (`ok: `, `FAILED: `...).
count_lines() {
  local ok bad
  ok=$(grep -cE "$2" "$1"); bad=$(grep -cE "$3" "$1")
  passed=$((passed + ok)); failed=$((failed + bad))
  last_failed=$bad
}

# Installs Debian packages when a command is missing (CI machines start bare).
need() {
  local cmd=$1; shift
  command -v "$cmd" >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >/dev/null 2>&1
}

finish() {
  echo
  [ ${#steps_failed[@]} -gt 0 ] && echo "failed parts: ${steps_failed[*]}"
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ] && [ ${#steps_failed[@]} -eq 0 ]
}
