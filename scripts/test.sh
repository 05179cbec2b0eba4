#!/usr/bin/env bash
# Runs every test of the project: formatting and lints, the Rust test suites (unit,
# integration, CLI, doc tests), a compile of the criterion benchmarks (so their code cannot
# rot), the Python package's tests, and the browser tests of the web page. Long suites are `--ignored` tests, benchmarks
# and scripts, named in the README.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo test"
cargo test --workspace --locked --exclude alphabeta-bench
echo "== cargo build --benches"
cargo build --benches --locked -p alphabeta-bench
echo "== the texel tuner's binary"
cargo test --locked -p alphabeta-bench --test texel
echo "== the network trainer"
cargo test --locked -p alphabeta-bench --bin nnue_train
echo "== python package"
scripts/test-python.sh
scripts/test-uci.sh
echo "== scripts/connect4_book_timings.py"
timings() { python3 scripts/connect4_book_timings.py "$@"; }
binary="target/${PROFILE:-release}/alphabeta"
timings "$binary" solve 9 2
# Bad arguments are refused with a message naming them, before anything runs.
for bad in "$binary solve 42 1" "$binary solve 9 0" "$binary nope 9 1" "/nonexistent solve 9 1"; do
  # shellcheck disable=SC2086
  if message=$(timings $bad 2>&1); then
    echo "test.sh: connect4_book_timings.py accepted: $bad" >&2
    exit 1
  fi
  case "$message" in
    *"plies must be 0-41, not 42"* | *"count must be at least 1, not 0"* | *"invalid choice: 'nope'"* | *"/nonexistent"*) ;;
    *) echo "test.sh: connect4_book_timings.py $bad: unexpected message: $message" >&2; exit 1 ;;
  esac
done
echo "== browser tests"
if [ ! -x web-tests/run.sh ]; then
  echo "test.sh: web-tests/run.sh is missing or not executable" >&2
  exit 1
fi
web-tests/run.sh
