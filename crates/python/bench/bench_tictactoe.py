#!/usr/bin/env python3
"""Side-by-side timings from the empty tic-tac-toe board (a benchmark, not a test):

  (a)  the seed's own Python minimax (scripts/python_minimax.py: seed 000's Game class, and
       the lean list-based version), 549,945 positions;
  (b)  the same full minimax over the tutorial's Python class, run by the Rust engine;
  (c)  negamax with the transposition table over the Python class (key() given), natural
       order and the class's own order_moves (centre, corners, edges);
  (d)  the native tic-tac-toe from Python: full minimax, and negamax.

Negamax runs with the default 64 MiB table and with a 1 MiB one: the first touch of each
page of a table costs a page fault, which in searches this small is most of the time.

Every round runs every program once, in turn (interleaved, so that the host's drift hits
them alike); the table gives each program's median over the rounds and its speed-up over
(a) seed 000.

    python crates/python/bench/bench_tictactoe.py [rounds]     # default 7
"""
import importlib.util
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import alphabeta  # noqa: E402
from tutorial import KeyedTicTacToe, TicTacToe  # noqa: E402


def load_seed_program():
    path = os.path.join(ROOT, "scripts", "python_minimax.py")
    spec = importlib.util.spec_from_file_location("python_minimax", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    seed = load_seed_program()

    def seed_000():
        game = seed.Game()
        game.min()
        return game.count - 1

    def lean():
        seed.count[0] = 0
        seed.best_move([" "] * 9)
        return seed.count[0]

    programs = [
        ("(a) seed 000's Python minimax (its Game class)", seed_000),
        ("(a') lean Python minimax (lists, +1/0/-1)", lean),
        ("(b) Rust minimax over the Python class", lambda: alphabeta.search(TicTacToe(), algorithm="minimax", scoring="plain").nodes),
        ("(c) Rust negamax + table over the Python class", lambda: alphabeta.search(KeyedTicTacToe()).nodes),
        ("(c') same, order='game' (its order_moves)", lambda: alphabeta.search(KeyedTicTacToe(), order="game").nodes),
        ("(c'') same as (c), table_mib=1", lambda: alphabeta.search(KeyedTicTacToe(), table_mib=1).nodes),
        ("(d) native tic-tac-toe, minimax", lambda: alphabeta.search(alphabeta.TicTacToe(), algorithm="minimax", scoring="plain").nodes),
        ("(d') native tic-tac-toe, negamax + table", lambda: alphabeta.search(alphabeta.TicTacToe()).nodes),
        ("(d'') same as (d'), table_mib=1", lambda: alphabeta.search(alphabeta.TicTacToe(), table_mib=1).nodes),
    ]
    times = {name: [] for name, _ in programs}
    nodes = {}
    for _ in range(rounds):
        for name, run in programs:
            start = time.perf_counter()
            nodes[name] = run()
            times[name].append(time.perf_counter() - start)
    base = statistics.median(times[programs[0][0]])
    print(f"tic-tac-toe from the empty board, median of {rounds} interleaved rounds, Python {sys.version.split()[0]}")
    print()
    print("| program | positions | median | speed-up over (a) |")
    print("|---|---:|---:|---:|")
    for name, _ in programs:
        median = statistics.median(times[name])
        shown = f"{median * 1000:.1f} ms" if median < 1 else f"{median:.3f} s"
        print(f"| {name} | {nodes[name]:,} | {shown} | {base / median:.1f}x |")


if __name__ == "__main__":
    main()
