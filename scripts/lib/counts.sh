# The tally every test script of ours keeps, and the one reader of each test runner's summary.
# Sourced by the CI steps (scripts/ci/*, through ci/lib.sh) and by the scripts they call or that
# run by hand (python-windows, npm-windows, python-wheels, python-versions, network-test). A script
# counts (`ok`, `bad`, `check`, or a runner's log: `count_pytest LOG`, ...) and ends with `finish
# <name>`, which prints the one closing line scripts/test-all and the CI steps read:
# `<name>: N passed, N failed`.

passed=0
failed=0
last_failed=0 # the failures the last `count` added (a part's runner reported them)
failures=()   # what failed, named in `finish`'s summary
started=$SECONDS

step() { echo; echo "=== $* ($((SECONDS - started)) s) ==="; }
ok() { echo "ok: $*"; passed=$((passed + 1)); }
bad() { echo "FAILED: $*"; failed=$((failed + 1)); failures+=("$*"); }

# `check NAME COMMAND...`: a command that is not a test runner counts as one test.
check() {
  local name=$1; shift
  step "$name"
  if "$@"; then ok "$name"; else bad "$name"; fi
}

# Adds a runner's counts: P passed, F failed.
count() { passed=$((passed + $1)); failed=$((failed + $2)); last_failed=$2; }

# Marks a part as failed; when its runner reported no failure (`last_failed`, or $2), one is
# counted for it.
part_failed() { failures+=("$1"); [ "${2:-0}" -eq 0 ] && failed=$((failed + 1)); return 0; }

# The readers: each reads a runner's summary from its log (Windows' carriage returns ignored) into
# `run_passed` and `run_failed`. A log with no summary, or whose runner found no test, reads as
# 0 passed, 1 failed: a run that tested nothing did not pass.
_run() {
  run_passed=${1:-0} run_failed=${2:-0}
  [ "$run_passed" -eq 0 ] && [ "$run_failed" -eq 0 ] && run_failed=1
  return 0
}

# cargo test: every "test result: ok. N passed; M failed" line, added up.
read_cargo() {
  local p f
  read -r p f < <(tr -d '\r' < "$1" | awk '/^test result:/ { for (i = 1; i <= NF; i++) {
    if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }')
  _run "$p" "$f"
}

# pytest: its closing line ("12 passed, 1 failed in 3.2s"; errors count as failures).
read_pytest() {
  local line p f
  line=$(tr -d '\r' < "$1" | grep -E '^=*\s*[0-9]+ (passed|failed)' | tail -n 1)
  p=$(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
  f=$(echo "$line" | grep -oE '[0-9]+ (failed|errors?)' | awk '{ s += $1 } END { print s + 0 }')
  run_line=${line:-no pytest summary}
  _run "$p" "$f"
}

# node --test (TAP): "# pass N", "# fail N" and "# cancelled N" (a test that never finished).
read_node() {
  local p f c
  p=$(tr -d '\r' < "$1" | sed -nE 's/^# pass ([0-9]+)$/\1/p' | tail -n 1)
  f=$(tr -d '\r' < "$1" | sed -nE 's/^# fail ([0-9]+)$/\1/p' | tail -n 1)
  c=$(tr -d '\r' < "$1" | sed -nE 's/^# cancelled ([0-9]+)$/\1/p' | tail -n 1)
  _run "$p" "$((${f:-0} + ${c:-0}))"
}

# Maven surefire: its XML reports (a folder of TEST-*.xml, or one report): tests, failures, errors.
read_surefire() {
  local p f files=("$1")
  [ -d "$1" ] && files=("$1"/TEST-*.xml)
  read -r p f < <(cat "${files[@]}" 2>/dev/null | grep -oE '<testsuite [^>]*>' |
    awk '{ t = f = 0; for (i = 1; i <= NF; i++) { split($i, kv, "="); gsub(/[">]/, "", kv[2]);
           if (kv[1] == "tests") t = kv[2]; if (kv[1] == "failures" || kv[1] == "errors") f += kv[2] }
           pass += t - f; fail += f } END { print pass + 0, fail + 0 }')
  _run "$p" "$f"
}

# The closing line "<prefix>: N passed, N failed" a script of ours printed.
read_line() {
  local p f
  read -r p f < <(tr -d '\r' < "$1" | sed -nE "s/^$2: ([0-9]+) passed, ([0-9]+) failed.*\$/\\1 \\2/p" | tail -n 1)
  _run "$p" "$f"
}

count_cargo() { read_cargo "$1"; count "$run_passed" "$run_failed"; }
count_pytest() { read_pytest "$1"; count "$run_passed" "$run_failed"; }
count_node() { read_node "$1"; count "$run_passed" "$run_failed"; }
count_surefire() { read_surefire "$1"; count "$run_passed" "$run_failed"; }
count_line() { read_line "$1" "$2"; count "$run_passed" "$run_failed"; }

# Adds up lines that each mean one test (`count_lines LOG OK_REGEX FAILED_REGEX`).
count_lines() {
  local p f
  p=$(tr -d '\r' < "$1" | grep -cE "$2"); f=$(tr -d '\r' < "$1" | grep -cE "$3")
  count "$p" "$f"
}

# `finish NAME`: what failed, the time, and the closing line; returns 0 when nothing failed.
finish() {
  echo
  [ ${#failures[@]} -gt 0 ] && printf 'failed: %s\n' "${failures[@]}"
  echo "time: $((SECONDS - started)) s"
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

# `pytest_run LOG NAME`: one pytest run counted as one test (a run on one interpreter), its
# closing line printed, and the log's end when it failed.
pytest_run() {
  read_pytest "$1"
  echo "  $2: $run_line"
  if [ "$run_failed" -eq 0 ]; then ok "$2"; else tail -n 30 "$1"; bad "$2"; fi
}
