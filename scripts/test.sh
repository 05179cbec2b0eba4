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
echo "== python package"
scripts/test-python.sh
scripts/test-uci.sh
echo "== browser tests"
if [ ! -x web-tests/run.sh ]; then
  echo "test.sh: web-tests/run.sh is missing or not executable" >&2
  exit 1
fi
web-tests/run.sh
