#!/usr/bin/env bash
# Drives `alphabeta uci` with python-chess (PyPI `chess`), as a GUI or a match runner would:
# a fresh virtual environment with `pip install chess==1.11.2`, a build of the binary, then
# scripts/uci/test_uci.py (handshake, analyse, mate, self-play on a clock, options, stop), and
# scripts/chess/test_scripts.py (the Texel tuner's data scripts: positions, self-play).
#
#     scripts/test-uci.sh            # release build (the one the match scripts use)
#     PROFILE=debug scripts/test-uci.sh
#
# PYTHON picks the interpreter (default python3). The virtual environment lives in
# target/uci-test-venv and is made afresh on every run.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
profile="${PROFILE:-release}"
venv="target/uci-test-venv"
echo "== fresh virtual environment ($("$python" --version 2>&1))"
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet "chess==1.11.2"
echo "== cargo build ($profile) -p alphabeta"
if [ "$profile" = release ]; then
  cargo build --release --locked -p alphabeta
else
  cargo build --locked -p alphabeta
fi
echo "== scripts/uci/test_uci.py"
"$venv/bin/python" scripts/uci/test_uci.py "target/$profile/alphabeta" uci
echo "== scripts/chess/test_scripts.py"
"$venv/bin/python" scripts/chess/test_scripts.py "target/$profile/alphabeta uci"
