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
# shellcheck source=serve.sh
source "$HERE/serve.sh"
URL="$BASE_URL"

"$ROOT/target/release/examples/load" --url "$URL" --seconds "$SECONDS_TO_RUN" \
  --connections "$CONNECTIONS" --pid "$SERVER_PID"
curl -fsS "${URL}api/status" 2>/dev/null && echo || true
