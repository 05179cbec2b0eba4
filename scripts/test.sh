#!/usr/bin/env bash
# Runs every test of the project: the Rust test suites (unit, integration, CLI, doc tests)
# and the browser tests of the web page. Long suites are `--ignored` tests
# and benchmarks, named in the README.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked --exclude alphabeta-bench
# The browser tests always run: a missing or broken run.sh fails the suite.
bash web-tests/run.sh
