#!/usr/bin/env bash
# Builds the Python package into a fresh virtual environment and runs its pytest suite:
# `pip install maturin` (from PyPI), `pip install ./crates/python` (maturin builds the abi3
# wheel with cargo's release profile, in this workspace's target/), then pytest.
#
#     scripts/test-python.sh [pytest arguments]
#
# PYTHON picks the interpreter (CPython >= 3.9; default python3). The virtual environment
# lives in target/python-test-venv and is made afresh on every run.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
venv="target/python-test-venv"
echo "== fresh virtual environment ($("$python" --version 2>&1))"
rm -rf "$venv"
"$python" -m venv "$venv"
# As `source "$venv/bin/activate"` would: the build backend runs the venv's `maturin`.
export VIRTUAL_ENV="$PWD/$venv"
export PATH="$VIRTUAL_ENV/bin:$PATH"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "maturin>=1.9,<2" pytest
echo "== pip install ./crates/python"
"$venv/bin/python" -m pip install --quiet --no-build-isolation ./crates/python
echo "== pytest crates/python/tests"
# Run from the tests' directory so that the installed package, not the source tree, is imported.
cd crates/python/tests
"$VIRTUAL_ENV/bin/python" -m pytest -q "$@"
