#!/usr/bin/env python3
"""Self-play games of one UCI engine at a fixed node budget, for the Texel tuner's data: the
openings of an EPD file, each followed by a few random legal plies (so that no two games
start alike), each played once (at a fixed node budget the engine would play the same game
with the colours swapped); the games go to a PGN file that `scripts/chess/positions.py`
turns into positions.

    python3 scripts/chess/selfplay.py --engine "target/release/alphabeta uci" \\
        --games 200 --nodes 20000 --random-plies 4 --pgn selfplay.pgn

Each game is played by `scripts/uci/match.py`'s `play_game` (no clock, `--nodes N`, its
resignation and draw adjudication), the engine against itself.
"""

import argparse
import os
import queue
import random
import sys
import threading
import time

import chess

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "uci"))
import match  # noqa: E402  (scripts/uci/match.py)


def randomised(openings, count, plies, seed):
    """`count` positions: the openings in turn, each after up to `plies` random legal moves
    that leave the game going."""
    for number, opening in enumerate(openings, 1):
        if match.game_end(opening):
            raise SystemExit(f"opening {number} is a finished game: {opening.fen()}")
    rng = random.Random(seed)
    boards = []
    for index in range(count):
        board = openings[index % len(openings)].copy(stack=False)
        for _ in range(plies):
            moves = [move for move in board.legal_moves if not _ends(board, move)]
            if not moves:
                break
            board.push(rng.choice(moves))
        boards.append(board)
    return boards


def _ends(board, move):
    board.push(move)
    try:
        return match.game_end(board) is not None
    finally:
        board.pop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the engine's command (quoted)")
    parser.add_argument("--option", action="append", default=[], type=match.parse_option,
                        metavar="NAME=VALUE", help="a UCI option (repeatable)")
    parser.add_argument("--openings", default="data/chess/openings.epd")
    parser.add_argument("--games", type=int, default=200, help="games (one per opening)")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes per move")
    parser.add_argument("--random-plies", type=int, default=4,
                        help="random legal plies after each opening (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random plies")
    parser.add_argument("--concurrency", type=int, default=1, help="games at once")
    parser.add_argument("--pgn", required=True, help="write the games here")
    args = parser.parse_args(argv)
    if args.games < 1 or args.nodes < 1 or args.random_plies < 0 or args.concurrency < 1:
        raise SystemExit("--games, --nodes and --concurrency must be at least 1, "
                         "--random-plies at least 0")
    openings = match.read_openings(args.openings)
    boards = randomised(openings, args.games, args.random_plies, args.seed)
    # match.py's rules for one game: no clock, the node budget, its adjudication.
    rules = match.parser().parse_args([
        "--engine1", args.engine, "--engine2", args.engine, "--tc", "none",
        "--nodes", str(args.nodes), "--adjudicate", "--draw-adjudicate",
        "--event", f"alphabeta self-play, {args.nodes} nodes"])
    rules.tc = None
    jobs = queue.Queue()
    for number in range(args.games):
        jobs.put(number)
    lock = threading.Lock()
    tally = {}
    started = time.monotonic()

    def worker(out):
        # One engine plays both sides: at a fixed node budget the game would be the same
        # with the colours swapped, so each opening is played once.
        player = match.Player(args.engine, args.option, None)
        try:
            while True:
                try:
                    number = jobs.get_nowait()
                except queue.Empty:
                    return
                result, termination, game, _least = match.play_game(
                    player, player, boards[number], rules, object())
                with lock:
                    game.headers["Round"] = str(number + 1)
                    print(game, file=out, end="\n\n", flush=True)
                    tally[termination] = tally.get(termination, 0) + 1
                    done = sum(tally.values())
                    print(f"game {number + 1:4d}: {result:7s} ({termination}); "
                          f"{done} of {args.games} played", flush=True)
        finally:
            player.quit()

    with open(args.pgn, "w", encoding="utf-8") as out:
        threads = [threading.Thread(target=worker, args=(out,), daemon=True)
                   for _ in range(args.concurrency)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    print(f"{sum(tally.values())} games in {time.monotonic() - started:.0f} s to {args.pgn}; "
          "terminations: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))


if __name__ == "__main__":
    main()
