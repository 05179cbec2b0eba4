#!/usr/bin/env python3
"""Generates a balanced opening set: random 4-8-ply lines from the start that a reference
engine (Stockfish) scores within +-50 centipawns at a fixed depth, one EPD line each.

Each line is the position reached (four FEN fields) with `id`, the moves in SAN (`c0`) and
the reference score for the side to move (`ce`, centipawns). The same seed gives the same
candidate lines; which of them pass depends on the reference engine and its version.

    python3 scripts/uci/make_openings.py --engine /usr/games/stockfish --count 100 \
        --depth 12 --seed 1 --out data/chess/openings.epd
"""

import argparse
import random
import shlex
import sys

import chess
import chess.engine


def random_line(rng, plies):
    """A random legal line of `plies` plies from the start (None if the game ends)."""
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    if board.is_game_over():
        return None
    return board


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="/usr/games/stockfish", help="reference UCI engine")
    parser.add_argument("--count", type=int, default=100, help="openings to write")
    parser.add_argument("--depth", type=int, default=12, help="reference search depth")
    parser.add_argument("--margin", type=int, default=50, help="largest |score| in centipawns")
    parser.add_argument("--min-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="data/chess/openings.epd")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    seen = set()
    kept = []
    tried = 0
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    try:
        engine.configure({"Threads": 1, "Hash": 16})
        while len(kept) < args.count:
            board = random_line(rng, rng.randint(args.min_plies, args.max_plies))
            if board is None:
                continue
            key = board.epd()
            if key in seen:
                continue
            seen.add(key)
            tried += 1
            info = engine.analyse(board, chess.engine.Limit(depth=args.depth), game=object())
            score = info["score"].relative
            if score.is_mate() or abs(score.score()) > args.margin:
                continue
            san = chess.Board().variation_san(board.move_stack)
            number = len(kept) + 1
            kept.append(
                board.epd(id=f"opening.{number:03d}", c0=san, ce=score.score())
            )
            print(f"{number:3d}/{args.count} (tried {tried}): {san} ({score.score():+d})",
                  file=sys.stderr)
    finally:
        engine.quit()
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("\n".join(kept) + "\n")
    print(f"{len(kept)} openings of {tried} distinct random lines tried -> {args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
