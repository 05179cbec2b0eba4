#!/usr/bin/env bash
# Runs one of the Python scripts of scripts/chess (selfplay, positions) in a virtual
# environment with python-chess (`pip install chess==1.11.2`), made in target/chess-venv on
# first use, as scripts/test-uci.sh does for the UCI tests.
#
#     scripts/chess/run.sh selfplay --engine "target/release/alphabeta uci" --games 200 \
#         --nodes 20000 --pgn selfplay.pgn
#     scripts/chess/run.sh positions selfplay.pgn --out train.txt --held-out held-out.txt
#
# PYTHON picks the interpreter that makes the environment (default python3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ $# -lt 1 ] || [ ! -f "$here/$1.py" ]; then
  echo "usage: scripts/chess/run.sh selfplay|positions [ARGUMENTS...]" >&2
  exit 2
fi
script="$here/$1.py"
shift
venv="$root/target/chess-venv"
if ! "$venv/bin/python" -c "import chess" 2>/dev/null; then
  echo "== virtual environment $venv with python-chess" >&2
  rm -rf "$venv"
  "${PYTHON:-python3}" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet "chess==1.11.2"
fi
exec "$venv/bin/python" "$script" "$@"
