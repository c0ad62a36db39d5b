# Shared by the CI steps (scripts/ci/*): the repository as the working folder, the target and log
# folders, the tally and the test runners' readers (scripts/lib/counts.sh: a step adds its counts
# and ends with `finish <name>`, the one line scripts/test-all reads: `<name>: N passed, N failed`),
# and `need`.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
export CARGO_TERM_COLOR=never
LOG_DIR="${LOG_DIR:-$CARGO_TARGET_DIR/test-logs}"
mkdir -p "$LOG_DIR"

. scripts/lib/counts.sh

# Installs Debian packages when a command is missing (CI machines start bare).
need() {
  local cmd=$1; shift
  command -v "$cmd" >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >/dev/null 2>&1
}
