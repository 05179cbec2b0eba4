#!/usr/bin/env python3
"""Tests of the Texel tuner's data scripts: positions.py's choice of positions (quiet ones,
games lost on time left out, duplicates once, held-out pairs) on a hand-made PGN, its
refusals, and, given an engine command, two self-play games of selfplay.py.

    python3 scripts/chess/test_scripts.py ["target/release/alphabeta uci"]
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

GAMES = """[Event "t"]
[Round "1"]
[Result "1-0"]
[Termination "adjudication"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "t"]
[Round "2"]
[Result "0-1"]
[Termination "time forfeit"]

1. d4 d5 2. c4 0-1

[Event "t"]
[Round "3"]
[Result "0-1"]
[Termination "adjudication"]

1. e4 e5 2. Bc4 Bc5 3. Bxf7+ Kxf7 0-1
"""


def run(script, *arguments):
    return subprocess.run([sys.executable, os.path.join(HERE, script), *arguments],
                          capture_output=True, text=True, check=False)


def lines(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read().splitlines()


def test_positions(directory):
    pgn = os.path.join(directory, "games.pgn")
    with open(pgn, "w", encoding="utf-8") as handle:
        handle.write(GAMES)
    train, held = os.path.join(directory, "train.txt"), os.path.join(directory, "held.txt")
    done = run("positions.py", pgn, "--out", train, "--held-out", held,
               "--held-out-every", "2", "--skip-plies", "0")
    assert done.returncode == 0, done.stderr
    # Rounds 1 and 2 are pair 0 (held out); round 2 was lost on time. Game 1: six quiet
    # positions, not the one before the capture Qxf7#. Game 3 (pair 1): its first three
    # positions were met in game 1, the one before Bxf7+ is a capture's, the next in check.
    assert len(lines(held)) == 6 and all(line.endswith(" | 1") for line in lines(held)), \
        lines(held)
    assert lines(held)[0] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 1"
    assert lines(train) == [
        "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2 | 0",
    ], lines(train)
    assert "time forfeit 1" in done.stderr and "3 duplicates" in done.stderr, done.stderr
    done = run("positions.py", pgn, "--out", train, "--skip-plies", "4")
    assert done.returncode == 0 and len(lines(train)) == 2, (done.stderr, lines(train))
    for bad, message in [(["--skip-plies", "-1"], "--skip-plies must be at least 0"),
                         (["--held-out", train], "another file"),
                         (["--held-out-every", "1"], "--held-out-every must be at least 2")]:
        done = run("positions.py", pgn, "--out", train, *bad)
        assert done.returncode != 0 and message in done.stderr, (bad, done.stderr)
    done = run("positions.py", os.path.join(directory, "missing.pgn"), "--out", train)
    assert done.returncode != 0 and "missing.pgn" in done.stderr, done.stderr


def test_selfplay(directory, engine):
    pgn = os.path.join(directory, "selfplay.pgn")
    done = run("selfplay.py", "--engine", engine, "--games", "2", "--nodes", "500",
               "--openings", os.path.join(HERE, "..", "..", "data", "chess", "openings.epd"),
               "--pgn", pgn)
    assert done.returncode == 0, done.stderr
    text = open(pgn, encoding="utf-8").read()
    assert text.count("[Result ") == 2 and '[Round "2"]' in text, text
    starts = [line for line in text.splitlines() if line.startswith("[FEN ")]
    assert len(starts) == 2 and starts[0] != starts[1], starts
    done = run("selfplay.py", "--engine", engine, "--games", "0", "--pgn", pgn)
    assert done.returncode != 0 and "--games" in done.stderr, done.stderr


def main():
    with tempfile.TemporaryDirectory() as directory:
        test_positions(directory)
        print("positions.py: ok")
        if len(sys.argv) > 1:
            test_selfplay(directory, sys.argv[1])
            print("selfplay.py: ok")


if __name__ == "__main__":
    main()
