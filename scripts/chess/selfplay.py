#!/usr/bin/env python3
"""Self-play games of one UCI engine at a fixed node budget, for the Texel tuner's data: the
openings of an EPD file, each followed by a few random legal plies (so that no two games
start alike), each opening played with both colours; the games go to a PGN file that
`scripts/chess/positions.py` turns into positions.

    python3 scripts/chess/selfplay.py --engine "target/release/alphabeta uci" \\
        --games 200 --nodes 20000 --random-plies 4 --pgn selfplay.pgn

The games are played by `scripts/uci/match.py` (engine against itself, `--tc none
--nodes N`, with its resignation and draw adjudication), from a temporary EPD file of the
randomised openings.
"""

import argparse
import os
import random
import sys
import tempfile

import chess

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "uci"))
import match  # noqa: E402  (scripts/uci/match.py)


def randomised(openings, count, plies, seed):
    """`count` positions: the openings in turn, each after up to `plies` random legal moves
    that leave the game going."""
    for number, opening in enumerate(openings, 1):
        if opening.is_game_over(claim_draw=True):
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
        return board.is_game_over(claim_draw=True)
    finally:
        board.pop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the engine's command (quoted)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option (repeatable)")
    parser.add_argument("--openings", default="data/chess/openings.epd")
    parser.add_argument("--games", type=int, default=200, help="games (two per opening)")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes per move")
    parser.add_argument("--random-plies", type=int, default=4,
                        help="random legal plies after each opening (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random plies")
    parser.add_argument("--concurrency", type=int, default=1, help="games at once")
    parser.add_argument("--pgn", required=True, help="write the games here")
    args = parser.parse_args(argv)
    if args.games < 2 or args.nodes < 1 or args.random_plies < 0:
        raise SystemExit("--games must be at least 2, --nodes at least 1, "
                         "--random-plies at least 0")
    openings = match.read_openings(args.openings)
    boards = randomised(openings, (args.games + 1) // 2, args.random_plies, args.seed)
    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as epd:
        for board in boards:
            print(board.fen(), file=epd)
    try:
        options = [item for option in args.option for item in ("--option1", option,
                                                                "--option2", option)]
        match.main([
            "--engine1", args.engine, "--engine2", args.engine, *options,
            "--openings", epd.name, "--games", str(args.games),
            "--tc", "none", "--nodes", str(args.nodes),
            "--concurrency", str(args.concurrency),
            "--adjudicate", "--draw-adjudicate",
            "--event", f"alphabeta self-play, {args.nodes} nodes",
            "--pgn", args.pgn,
        ])
    finally:
        os.unlink(epd.name)


if __name__ == "__main__":
    main()
