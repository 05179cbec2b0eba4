#!/usr/bin/env python3
"""Solves a test suite (EPD with `bm` best moves and/or `am` avoid moves, e.g. Win at Chess)
with a UCI engine at a fixed time per position (`go movetime`) or at a fixed node budget
(`go nodes`, which load does not change), and counts the solved ones: the move played is
one of `bm` and none of `am`.

    python3 scripts/uci/tactics.py --engine "target/release/alphabeta uci" \
        --suite data/chess/wac.epd --time 0.2
    python3 scripts/uci/tactics.py --engine "target/release/alphabeta uci" --nodes 200000
"""

import argparse
import shlex
import sys
import time

import chess
import chess.engine


def read_suite(path):
    positions = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                board, ops = chess.Board.from_epd(line)
            except ValueError as error:
                raise SystemExit(f"{path}:{number}: not an EPD line: {error}")
            if "bm" not in ops and "am" not in ops:
                raise SystemExit(f"{path}:{number}: no bm or am")
            positions.append((board, ops))
    return positions


def solved(move, ops):
    if move is None:
        return False
    if move in ops.get("am", []):
        return False
    return "bm" not in ops or move in ops["bm"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/alphabeta uci")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--suite", default="data/chess/wac.epd")
    parser.add_argument("--time", type=float, default=0.2, help="seconds per position")
    parser.add_argument("--nodes", type=int,
                        help="a node budget per position (`go nodes`) instead of --time")
    parser.add_argument("--first", type=int, help="only the first N positions")
    parser.add_argument("--verbose", action="store_true", help="a line per position")
    args = parser.parse_args(argv)

    options = {}
    for text in args.option:
        name, sep, value = text.partition("=")
        if not sep:
            raise SystemExit(f"bad option {text!r}: expected NAME=VALUE")
        options[name] = value
    positions = read_suite(args.suite)[: args.first]
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    failed = []
    started = time.monotonic()
    try:
        engine.configure(options)
        for board, ops in positions:
            limit = (chess.engine.Limit(nodes=args.nodes) if args.nodes
                     else chess.engine.Limit(time=args.time))
            result = engine.play(board, limit, game=object())
            good = solved(result.move, ops)
            name = ops.get("id", board.epd())
            if not good:
                failed.append(name)
            if args.verbose:
                played = board.san(result.move) if result.move else "none"
                wanted = " ".join(board.san(m) for m in ops.get("bm", []))
                print(f"{name}: {'ok ' if good else 'MISS'} played {played}, bm {wanted}")
    finally:
        engine.quit()
    total = len(positions)
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.time:g} s"
    print(f"{args.suite}: {total - len(failed)} / {total} solved at {budget} a position "
          f"({time.monotonic() - started:.0f} s wall); engine: {args.engine} {options}")
    if failed and not args.verbose:
        print("missed: " + " ".join(failed), file=sys.stderr)


if __name__ == "__main__":
    main()
