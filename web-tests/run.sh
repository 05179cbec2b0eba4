#!/usr/bin/env bash
# Browser tests of `alphabeta serve`: installs Chromium (Debian's package), playwright-core
# (npm) and python-chess (PyPI `chess`, to read the page's PGN) when missing, builds the binary, serves on a free loopback port, and runs the tests
# with node's test runner. Screenshots land in artifacts/ at the repository root.
#
#   web-tests/run.sh            # from anywhere
#   SERVER_CMD="..." run.sh     # serve with another command (it must print the URL)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

# 1. Chromium from Debian, without the recommended extras; say what will be installed first.
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "run.sh: $CHROMIUM is missing; installing Debian's chromium (apt-get install -y --no-install-recommends chromium)"
    apt-get update -qq
    echo "run.sh: apt-get will install these packages:"
    apt-get install -s --no-install-recommends chromium | sed -n 's/^Inst \([^ ]*\) .*/  \1/p'
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium
  else
    echo "run.sh: $CHROMIUM is missing; install it with: sudo apt-get install -y --no-install-recommends chromium" >&2
    exit 1
  fi
fi

# 2. playwright-core from npm, as locked.
if [ ! -f "$HERE/node_modules/playwright-core/package.json" ]; then
  echo "run.sh: installing the npm package playwright-core, as locked in web-tests/package-lock.json"
  (cd "$HERE" && npm ci --no-audit --no-fund)
fi

# 3. python-chess (PyPI `chess`, pinned) in a venv under target/, kept between runs: a test
#    parses the page's PGN export with it.
VENV="$ROOT/target/web-tests-venv"
if ! "$VENV/bin/python" -c 'import chess.pgn' 2>/dev/null; then
  echo "run.sh: installing the PyPI package chess==1.11.2 into $VENV (to read the page's PGN)"
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet chess==1.11.2
fi
export PGN_PYTHON="$VENV/bin/python"

# 4. The server.
if [ -z "${SERVER_CMD:-}" ]; then
  # The test profile (optimised, as `cargo test` builds it): the Connect Four solver must
  # answer within the server's budget, which an unoptimised build does not.
  cargo build --quiet --manifest-path "$ROOT/Cargo.toml" --profile test -p alphabeta --bin alphabeta
  SERVER_CMD="$ROOT/target/debug/alphabeta serve --port 0"
fi
# shellcheck source=serve.sh
source "$HERE/serve.sh"
echo "run.sh: testing $BASE_URL"

# 5. The tests.
cd "$HERE"
BASE_URL="$BASE_URL" CHROMIUM="$CHROMIUM" PGN_PYTHON="$PGN_PYTHON" node --test --test-concurrency=1 tests/
