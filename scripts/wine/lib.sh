# Windows under Wine, shared by scripts/python-wheels (WINDOWS=1), scripts/python-windows and
# scripts/npm-windows (sourced; needs CARGO_TARGET_DIR).
#
#   wine_tools            mingw-w64 and Wine 8 from Debian (installed when missing), the Rust target
#   wine_prefix DIR       a Wine prefix of our own in DIR (WINEPREFIX exported), reporting Windows 10
#                         (Node refuses older), with scripts/wine/bcryptprimitives.c's shim in it;
#                         the Windows processes left are ended when the script exits
#   wine_sandbox          builds zeitkonto-sandbox.exe (dev) and sets SANDBOX_EXE to its Windows path

wine_tools() {
  local p missing=()
  # (`wine`, the command, is its own package: only recommended by wine64)
  for p in gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine64 wine curl unzip; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ ${#missing[@]} -gt 0 ]; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >/dev/null || return 1
  fi
  rustup target add x86_64-pc-windows-gnu >/dev/null 2>&1 || true
  command -v wine >/dev/null
}

wine_prefix() {
  export WINEPREFIX="$1" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
  # a run cut short (timeout) leaves no Windows process behind
  trap 'wineserver -k 2>/dev/null || true' EXIT
  if [ ! -f "$WINEPREFIX/.zeitkonto-ready" ]; then
    wine cmd /c exit >/dev/null 2>&1 # creates the prefix
    wine winecfg /v win10 >/dev/null 2>&1
  fi
  # Wine 8 lacks bcryptprimitives.dll (ProcessPrng, which Rust's std takes randomness from): a shim
  # into the prefix only, never shipped
  x86_64-w64-mingw32-gcc -O2 -shared -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
    "$(dirname "${BASH_SOURCE[0]}")/bcryptprimitives.c" -lbcrypt && touch "$WINEPREFIX/.zeitkonto-ready"
}

wine_sandbox() {
  nice -n 10 cargo build --quiet -p zeitkonto-sandbox --target x86_64-pc-windows-gnu || return 1
  local exe="$CARGO_TARGET_DIR/x86_64-pc-windows-gnu/debug/zeitkonto-sandbox.exe"
  SANDBOX_EXE="Z:${exe//\//\\}"
}
