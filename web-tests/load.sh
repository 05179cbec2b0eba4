#!/usr/bin/env bash
# Load test of `alphabeta serve` on loopback: builds in release, serves on a free port with
# the default limits, and runs the load client (crates/web/examples/load.rs) against it.
#
#   web-tests/load.sh [SECONDS] [CONNECTIONS]      # defaults: 20 s, 64 connections
#   SERVER_CMD="..." load.sh                       # serve with another command (prints the URL)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
SECONDS_TO_RUN="${1:-20}"
CONNECTIONS="${2:-64}"

cargo build --quiet --release --manifest-path "$ROOT/Cargo.toml" -p alphabeta-web --example load
if [ -z "${SERVER_CMD:-}" ]; then
  cargo build --quiet --release --manifest-path "$ROOT/Cargo.toml" -p alphabeta --bin alphabeta
  SERVER_CMD="$ROOT/target/release/alphabeta serve --port 0"
fi
LOG="$(mktemp)"
# shellcheck disable=SC2086 # SERVER_CMD is a command line.
$SERVER_CMD >"$LOG" 2>&1 &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -f "$LOG"
}
trap cleanup EXIT

URL=""
for _ in $(seq 1 100); do
  URL="$(grep -o 'http://[^ ]*/' "$LOG" | head -n 1 || true)"
  [ -n "$URL" ] && break
  sleep 0.1
done
[ -n "$URL" ] || { echo "load.sh: the server printed no URL" >&2; cat "$LOG" >&2; exit 1; }

"$ROOT/target/release/examples/load" --url "$URL" --seconds "$SECONDS_TO_RUN" \
  --connections "$CONNECTIONS" --pid "$SERVER_PID"
curl -fsS "${URL}api/status" 2>/dev/null && echo || true
