#!/usr/bin/env python3
"""Time the Connect Four answers next to the shipped opening book: random positions of PLIES
stones, each sent to the CLI once, the reported time and positions summarised.

    python3 scripts/connect4_book_timings.py target/release/alphabeta best 8 20
    python3 scripts/connect4_book_timings.py target/release/alphabeta solve 9 120

`best` runs `best connect4 P --level perfect --time 5 --threads 1 --json` (at the book's last
ply the value is the book's and the move is proved by a search); `solve` runs `solve connect4
P --json` (one stone past the book the solver searches). The positions are random walks from
the empty board (a walk that ends the game early is drawn again), from a fixed seed, so every
run times the same positions. Every answer must be exact, or the script stops with the
position. docs/connect4.md ("The shipped depth-8 book") gives the figures and when they were
measured.
"""
import argparse
import json
import random
import statistics
import subprocess
import sys

COLUMNS, ROWS = 7, 6
SEED = 20261204
VERBS = {
    "best": ["best", "connect4", "{p}", "--level", "perfect", "--time", "5", "--threads", "1", "--json"],
    "solve": ["solve", "connect4", "{p}", "--json"],
}


def wins(board, col, row, who):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < COLUMNS and 0 <= r < ROWS and board.get((c, r)) == who:
                run += 1
                c += sign * dc
                r += sign * dr
        if run >= 4:
            return True
    return False


def random_position(rng, plies):
    """A game of `plies` random moves that nobody has won, as column digits 1-7."""
    while True:
        board, heights, text = {}, [0] * COLUMNS, ""
        for ply in range(plies):
            col = rng.choice([c for c in range(COLUMNS) if heights[c] < ROWS])
            row, who = heights[col], ply % 2
            board[(col, row)] = who
            heights[col] += 1
            text += str(col + 1)
            if wins(board, col, row, who):
                break
        else:
            return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="the alphabeta binary (a release build)")
    parser.add_argument("verb", choices=sorted(VERBS))
    parser.add_argument("plies", type=int, help="stones on the board (0-41)")
    parser.add_argument("count", type=int, help="positions to time (at least 1)")
    args = parser.parse_args()
    if not 0 <= args.plies < COLUMNS * ROWS:
        parser.error(f"plies must be 0-41, not {args.plies}")
    if args.count < 1:
        parser.error(f"count must be at least 1, not {args.count}")
    rng = random.Random(SEED)
    times, nodes = [], []
    for _ in range(args.count):
        position = random_position(rng, args.plies)
        command = [args.binary] + [part.format(p=position) for part in VERBS[args.verb]]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=True)
        except (OSError, subprocess.CalledProcessError) as error:
            sys.exit(f"{' '.join(command)}: {error}")
        answer = json.loads(done.stdout)
        if not answer.get("exact"):
            sys.exit(f"position {position}: the answer is not exact: {done.stdout.strip()}")
        times.append(answer["time_ms"])
        nodes.append(answer["nodes"])
    print(
        f"{args.count} positions of {args.plies} stones ({args.verb}): time mean "
        f"{statistics.mean(times):.0f} ms, median {statistics.median(times):.0f} ms, max "
        f"{max(times):.0f} ms; positions mean {statistics.mean(nodes):,.0f}, median "
        f"{statistics.median(nodes):,.0f}"
    )


if __name__ == "__main__":
    main()
