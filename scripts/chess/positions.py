#!/usr/bin/env python3
"""Quiet positions with their game's result, from PGN files, for the Texel tuner
(`cargo run --release -p alphabeta-bench --bin texel`): one `FEN | result` line a
position, the result White's (1, 0.5 or 0).

    python3 scripts/chess/positions.py games/*.pgn --out train.txt \
        --held-out held-out.txt --held-out-every 10

Kept: every position of a game after its first `--skip-plies` plies (counted from the
game's start, the opening of the match) whose side to move is not in check and whose
played move is neither a capture nor a promotion (a quiet position, where the static
evaluation should predict the result without a search). Skipped: whole games that ended
by time forfeit, by an engine's failure or illegal move, or at the move limit (their result
says nothing about the positions), and games without a result. A position (its first four
FEN fields) met again is kept once, with the result of the first game that reached it.
With `--held-out`, the first pair of games of every `--held-out-every` goes there whole
(match.py plays each opening with both colours; the positions of one game are alike, and so
are the openings of a pair, so a held-out set split by pairs measures what the fit learnt,
not what it saw).
"""

import argparse
import itertools
import sys

import chess
import chess.pgn

RESULTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}
# Terminations whose result the positions do not earn (match.py writes these).
BAD_TERMINATIONS = ("time forfeit", "failed", "gave no legal move", "move limit")


def quiet_positions(game, skip_plies):
    """The FENs of `game`'s quiet positions after its first `skip_plies` plies."""
    board = game.board()
    for ply, move in enumerate(game.mainline_moves()):
        if ply >= skip_plies and not board.is_check() and not board.is_capture(move) \
                and move.promotion is None:
            yield board.fen()
        board.push(move)


def pair(game, number):
    """The pair of games (one opening, both colours) that `game`, the file's `number`-th
    (from 0), belongs to: by its `Round` header (match.py numbers games from 1, both games
    of an opening in turn, whatever order they finish in), else by its place in the file."""
    round_text = game.headers.get("Round", "")
    return (int(round_text) - 1) // 2 if round_text.isdigit() and int(round_text) > 0 \
        else number // 2


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="PGN files of finished games")
    parser.add_argument("--out", required=True, help="the position file to write")
    parser.add_argument("--skip-plies", type=int, default=8,
                        help="plies of each game not used (default 8)")
    parser.add_argument("--held-out", help="a second position file for held-out games")
    parser.add_argument("--held-out-every", type=int, default=10,
                        help="with --held-out: one pair of games in this many goes there "
                        "(default 10)")
    args = parser.parse_args(argv)
    if args.skip_plies < 0:
        raise SystemExit("--skip-plies must be at least 0")
    if args.held_out_every < 2:
        raise SystemExit("--held-out-every must be at least 2")
    if args.held_out == args.out:
        raise SystemExit("--held-out must name another file than --out")
    seen = set()
    games = kept_games = duplicates = 0
    written = {args.out: 0}
    skipped = {}
    held_out = open(args.held_out, "w", encoding="utf-8") if args.held_out else None
    if held_out:
        written[args.held_out] = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for path in args.pgn:
            try:
                handle = open(path, encoding="utf-8")
            except OSError as error:
                raise SystemExit(f"{path}: {error}")
            with handle:
                for number in itertools.count():
                    game = chess.pgn.read_game(handle)
                    if game is None:
                        break
                    games += 1
                    if game.errors:
                        raise SystemExit(f"{path}: game {games}: {game.errors[0]}")
                    result = RESULTS.get(game.headers.get("Result", "*"))
                    termination = game.headers.get("Termination", "")
                    reason = "no result" if result is None else next(
                        (bad for bad in BAD_TERMINATIONS if bad in termination), None)
                    if reason:
                        skipped[reason] = skipped.get(reason, 0) + 1
                        continue
                    kept_games += 1
                    target, name = out, args.out
                    if held_out and pair(game, number) % args.held_out_every == 0:
                        target, name = held_out, args.held_out
                    for fen in quiet_positions(game, args.skip_plies):
                        key = " ".join(fen.split()[:4])
                        if key in seen:
                            duplicates += 1
                            continue
                        seen.add(key)
                        written[name] += 1
                        print(f"{fen} | {result}", file=target)
    if held_out:
        held_out.close()
    skipped_text = ", ".join(f"{reason} {count}" for reason, count in sorted(skipped.items()))
    print(f"{games} games, {kept_games} used (skipped: {skipped_text or 'none'}); "
          + ", ".join(f"{count} positions written to {name}" for name, count in written.items())
          + f", {duplicates} duplicates dropped",
          file=sys.stderr)


if __name__ == "__main__":
    main()
