#!/usr/bin/env python3
"""A match between two UCI engines: openings from a file, each played with both colours,
a game clock (`--tc 10+0.1`), optional adjudication, and at the end wins/draws/losses, the
score and the Elo difference with its 95% error bars; or an SPRT that stops when a bound is
crossed.

    python3 scripts/uci/match.py \
        --engine1 "target/release/alphabeta uci" --option1 NullMove=false \
        --engine2 /usr/games/stockfish --option2 UCI_LimitStrength=true \
        --option2 UCI_Elo=2000 --option2 Threads=1 \
        --openings data/chess/openings.epd --games 20 --tc 10+0.1 --pgn out.pgn

    python3 scripts/uci/match.py --engine1 "new/alphabeta uci" --engine2 "old/alphabeta uci" \
        --sprt 0 10 0.05 0.05 --games 2000 --tc 5+0.05

Elo is the logistic difference 400 log10(s / (1 - s)) of the score s of engine 1; its error
bars come from the trinomial (win/draw/loss) variance of the per-game score. The SPRT is the
generalised SPRT on that trinomial model (as fishtest's "GSPRT" approximation): LLR =
N (s1 - s0)(2 s - s0 - s1) / (2 var), with s0, s1 the scores that elo0, elo1 mean, stopping
at log(beta / (1 - alpha)) (H0 accepted) or log((1 - beta) / alpha) (H1 accepted).
"""

import argparse
import math
import queue
import random
import shlex
import sys
import threading
import time

import chess
import chess.engine
import chess.pgn

MATE_CP = 100_000


def parse_tc(text):
    """`base+increment` in seconds (`10+0.1`, `60`), or None for no clock."""
    base, _, increment = text.partition("+")
    base, increment = float(base), float(increment or 0)
    if base <= 0 or increment < 0:
        raise argparse.ArgumentTypeError(f"bad time control {text!r}: expected BASE[+INC] > 0")
    return base, increment


def parse_option(text):
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"bad option {text!r}: expected NAME=VALUE")
    return name, value


def read_openings(path):
    """Boards from an EPD/FEN file (one position a line; `#` comments and blanks skipped)."""
    boards = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                if len(line.split()) >= 6 and line.split()[4].isdigit():
                    board = chess.Board(" ".join(line.split()[:6]))
                else:
                    board, _ = chess.Board.from_epd(line)
            except ValueError as error:
                raise SystemExit(f"{path}:{number}: not a FEN/EPD line: {error}")
            boards.append(board)
    if not boards:
        raise SystemExit(f"{path}: no positions")
    return boards


# ----- statistics -------------------------------------------------------------------------


def elo_from_score(score):
    score = min(max(score, 1e-9), 1 - 1e-9)
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def summary(wins, draws, losses):
    """(score, elo, elo_low, elo_high) with 95% bounds from the trinomial variance."""
    games = wins + draws + losses
    if games == 0:
        return 0.5, 0.0, float("-inf"), float("inf")
    score = (wins + 0.5 * draws) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / games
    margin = 1.959964 * math.sqrt(variance / games)
    low, high = score - margin, score + margin
    as_elo = lambda s: elo_from_score(s) if 0 < s < 1 else (math.inf if s >= 1 else -math.inf)
    return score, as_elo(score), as_elo(low), as_elo(high)


def llr(wins, draws, losses, elo0, elo1):
    """The GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0), trinomial model."""
    games = wins + draws + losses
    if games == 0 or wins + losses == 0:
        return 0.0
    score = (wins + 0.5 * draws) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / games
    if variance <= 0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return games * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance)


# ----- playing ----------------------------------------------------------------------------


class Player:
    """One engine process, restarted if it dies."""

    def __init__(self, command, options, name):
        self.command = shlex.split(command)
        self.options = dict(options)
        self.name = name
        self.engine = None

    def start(self):
        if self.engine is None:
            self.engine = chess.engine.SimpleEngine.popen_uci(self.command)
            if self.name is None:
                self.name = self.engine.id.get("name", self.command[0])
            self.engine.configure(self.options)
        return self.engine

    def kill(self):
        if self.engine is not None:
            try:
                self.engine.close()
            except Exception:  # noqa: BLE001 - the process may already be gone
                pass
            self.engine = None

    def quit(self):
        if self.engine is not None:
            try:
                self.engine.quit()
            except Exception:  # noqa: BLE001
                self.kill()
            self.engine = None


def white_pov(info, board):
    score = info.get("score")
    if score is None:
        return None
    return score.white().score(mate_score=MATE_CP)


def game_end(board):
    """(result, termination) if the game on `board` is over, else None: checkmate, stalemate,
    insufficient material, and the draws by threefold repetition and the fifty-move rule once
    they have occurred (the position on the board for the third time; a hundred plies without
    a capture or a pawn move), as cutechess-cli ends them. Not python-chess's `claim_draw`,
    which also ends a game when the side to move merely could repeat with its next move: the
    engines play on, and a side that is winning would not make that move."""
    outcome = board.outcome()
    if outcome is not None:
        return outcome.result(), outcome.termination.name.lower()
    if board.is_repetition(3):
        return "1/2-1/2", "threefold_repetition"
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "fifty_moves"
    return None


def play_game(white, black, opening, args, game_id):
    """Plays one game; returns (result "1-0"/"0-1"/"1/2-1/2", termination, pgn game, least),
    `least` the least time each side (chess.WHITE, chess.BLACK) had left after one of its
    moves before the increment, in seconds (negative: past the flag; below `-time_margin`:
    the move that lost on time), None without a clock or before the side's first move."""
    board = opening.copy(stack=False)
    players = {chess.WHITE: white, chess.BLACK: black}
    clocks = {chess.WHITE: args.tc[0], chess.BLACK: args.tc[0]} if args.tc else None
    scores = []  # White's view, one per ply, None when the engine gave none
    clock_after = []  # the mover's clock after each move (increment added), seconds
    least = {chess.WHITE: None, chess.BLACK: None}
    result, termination = None, None
    while result is None:
        ended = game_end(board)
        if ended:
            result, termination = ended
            break
        if board.ply() - opening.ply() >= args.max_plies:
            result, termination = "1/2-1/2", "move limit"
            break
        mover = board.turn
        player = players[mover]
        if args.tc:
            limit = chess.engine.Limit(
                white_clock=clocks[chess.WHITE],
                black_clock=clocks[chess.BLACK],
                white_inc=args.tc[1],
                black_inc=args.tc[1],
            )
        else:
            limit = chess.engine.Limit(depth=args.depth, nodes=args.nodes, time=args.movetime)
        loser = "0-1" if mover == chess.WHITE else "1-0"
        started = time.monotonic()
        try:
            played = player.start().play(
                board, limit, game=game_id, info=chess.engine.INFO_SCORE
            )
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as error:
            player.kill()
            result, termination = loser, f"{player.name} failed: {error}"
            break
        spent = time.monotonic() - started
        if args.tc:
            clocks[mover] -= spent
            if least[mover] is None or clocks[mover] < least[mover]:
                least[mover] = clocks[mover]
            if clocks[mover] < -args.time_margin:
                result, termination = loser, "time forfeit"
                print(f"{player.name} lost on time at ply {board.ply()}: {spent:.3f} s spent "
                      f"with {clocks[mover] + spent:.3f} s left", file=sys.stderr, flush=True)
                break
            clocks[mover] += args.tc[1]
        if played.move is None or played.move not in board.legal_moves:
            result, termination = loser, f"{player.name} gave no legal move ({played.move})"
            break
        scores.append(white_pov(played.info, board))
        if args.tc:
            clock_after.append(clocks[mover])
        board.push(played.move)
        result, termination = adjudicate(scores, args)
    game = chess.pgn.Game.from_board(board)
    # Each move's `[%clk]` comment: the time its side had left after it.
    for node, seconds in zip(game.mainline(), clock_after):
        node.set_clock(max(seconds, 0.0))
    game.headers["Event"] = args.event
    game.headers["White"] = white.name or "?"
    game.headers["Black"] = black.name or "?"
    game.headers["Result"] = result
    game.headers["Termination"] = termination
    if args.tc:
        game.headers["TimeControl"] = f"{args.tc[0]:g}+{args.tc[1]:g}"
    return result, termination, game, least


def adjudicate(scores, args):
    """Resignation: both engines' last `adjudicate_moves` scores beyond the threshold, on
    the same side; a draw: both within `draw_cp` for `draw_moves` moves after `draw_after`
    plies. Returns (result, termination) or (None, None)."""
    if args.adjudicate:
        recent = scores[-2 * args.adjudicate_moves:]
        if len(recent) == 2 * args.adjudicate_moves and None not in recent:
            if all(score >= args.adjudicate_cp for score in recent):
                return "1-0", "adjudication"
            if all(score <= -args.adjudicate_cp for score in recent):
                return "0-1", "adjudication"
    if args.draw_adjudicate and len(scores) >= args.draw_after:
        recent = scores[-2 * args.draw_moves:]
        if len(recent) == 2 * args.draw_moves and None not in recent:
            if all(abs(score) <= args.draw_cp for score in recent):
                return "1/2-1/2", "adjudication"
    return None, None


class Match:
    def __init__(self, args):
        self.args = args
        self.lock = threading.Lock()
        self.wins = self.draws = self.losses = 0
        self.stop = threading.Event()
        self.verdict = None
        self.terminations = {}
        # Per engine (1, 2): the least time left after a move before the increment, and
        # its game's number; the games in which it finished a move past the flag.
        self.least = {1: None, 2: None}
        self.past_flag = {1: 0, 2: 0}
        self.pgn = open(args.pgn, "w", encoding="utf-8") if args.pgn else None

    def record(self, number, engine1_white, result, termination, game, least=None):
        with self.lock:
            for color, left in (least or {}).items():
                if left is None:
                    continue
                engine = 1 if color == engine1_white else 2
                if self.least[engine] is None or left < self.least[engine][0]:
                    self.least[engine] = (left, number + 1)
                if left < 0:
                    self.past_flag[engine] += 1
            if result == "1/2-1/2":
                self.draws += 1
                mark = "="
            elif (result == "1-0") == engine1_white:
                self.wins += 1
                mark = "+"
            else:
                self.losses += 1
                mark = "-"
            self.terminations[termination] = self.terminations.get(termination, 0) + 1
            if self.pgn:
                game.headers["Round"] = str(number + 1)
                print(game, file=self.pgn, end="\n\n", flush=True)
            line = (
                f"game {number + 1:4d}: {mark} {result:7s} ({termination}), engine1 "
                f"{'white' if engine1_white else 'black'}; W {self.wins} D {self.draws} "
                f"L {self.losses}"
            )
            if self.args.sprt:
                elo0, elo1, alpha, beta = self.args.sprt
                value = llr(self.wins, self.draws, self.losses, elo0, elo1)
                lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
                line += f"; LLR {value:.2f} ({lower:.2f}, {upper:.2f})"
                if value >= upper:
                    self.verdict = f"H1 accepted (elo >= {elo1:g} more likely than <= {elo0:g})"
                    self.stop.set()
                elif value <= lower:
                    self.verdict = f"H0 accepted (elo <= {elo0:g} more likely than >= {elo1:g})"
                    self.stop.set()
            print(line, flush=True)

    def worker(self, jobs, openings):
        one = Player(self.args.engine1, self.args.option1, self.args.name1)
        two = Player(self.args.engine2, self.args.option2, self.args.name2)
        try:
            while not self.stop.is_set():
                try:
                    number = jobs.get_nowait()
                except queue.Empty:
                    return
                opening = openings[(number // 2) % len(openings)]
                engine1_white = number % 2 == 0
                white, black = (one, two) if engine1_white else (two, one)
                result, termination, game, least = play_game(
                    white, black, opening, self.args, object()
                )
                self.record(number, engine1_white, result, termination, game, least)
        finally:
            one.quit()
            two.quit()

    def run(self):
        openings = read_openings(self.args.openings)
        if self.args.shuffle:
            random.Random(self.args.seed).shuffle(openings)
        skip = self.args.skip_openings % len(openings)
        openings = openings[skip:] + openings[:skip]
        jobs = queue.Queue()
        for number in range(self.args.games):
            jobs.put(number)
        threads = [
            threading.Thread(target=self.worker, args=(jobs, openings), daemon=True)
            for _ in range(self.args.concurrency)
        ]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                thread.join()
        except KeyboardInterrupt:
            self.stop.set()
            print("interrupted: the games in progress are not counted", file=sys.stderr)
        self.report(time.monotonic() - started)

    def report(self, elapsed):
        wins, draws, losses = self.wins, self.draws, self.losses
        games = wins + draws + losses
        score, elo, low, high = summary(wins, draws, losses)
        options = lambda pairs: " ".join(f"{name}={value}" for name, value in pairs)
        print(f"\nengine1: {self.args.engine1} {options(self.args.option1)}")
        print(f"engine2: {self.args.engine2} {options(self.args.option2)}")
        print(f"time control {self.args.tc_text or 'none'}, {games} games in {elapsed:.0f} s")
        print(f"W {wins}  D {draws}  L {losses}  (engine1's view)")
        if games:
            print(f"score {100 * score:.1f}%  Elo {elo:+.0f}  (95%: {low:+.0f} .. {high:+.0f})")
        print("terminations: " + ", ".join(f"{k} {v}" for k, v in sorted(self.terminations.items())))
        if self.args.tc and games:
            print("least time left after a move (before the increment): " + ", ".join(
                f"engine{engine} " + ("none" if self.least[engine] is None else
                                      f"{self.least[engine][0]:.3f} s (game {self.least[engine][1]})")
                for engine in (1, 2)))
            print("games with a move finished past the flag: " + ", ".join(
                f"engine{engine} {self.past_flag[engine]}" for engine in (1, 2)))
        if self.args.sprt:
            elo0, elo1, _, _ = self.args.sprt
            print(f"SPRT [{elo0:g}, {elo1:g}]: LLR {llr(wins, draws, losses, elo0, elo1):.2f}; "
                  f"{self.verdict or 'no decision yet'}")
        if self.pgn:
            self.pgn.close()


def parser():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine1", required=True, help="command of engine 1 (quoted)")
    p.add_argument("--engine2", required=True, help="command of engine 2 (quoted)")
    p.add_argument("--option1", action="append", type=parse_option, default=[],
                   metavar="NAME=VALUE", help="a UCI option of engine 1 (repeatable)")
    p.add_argument("--option2", action="append", type=parse_option, default=[],
                   metavar="NAME=VALUE", help="a UCI option of engine 2 (repeatable)")
    p.add_argument("--name1", help="engine 1's name in the PGN (default: its id name)")
    p.add_argument("--name2")
    p.add_argument("--openings", default="data/chess/openings.epd")
    p.add_argument("--shuffle", action="store_true", help="shuffle the openings (with --seed)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--skip-openings", type=int, default=0,
                   help="start at this opening (to continue a run with new openings)")
    p.add_argument("--games", type=int, default=20, help="games (pairs share an opening)")
    p.add_argument("--tc", dest="tc_text", default="10+0.1", help="BASE+INC seconds, or 'none'")
    p.add_argument("--time-margin", type=float, default=0.05,
                   help="seconds past zero before a flag falls (pipe and Python overhead)")
    p.add_argument("--depth", type=int, help="with --tc none: a depth per move")
    p.add_argument("--nodes", type=int, help="with --tc none: nodes per move")
    p.add_argument("--movetime", type=float, help="with --tc none: seconds per move")
    p.add_argument("--max-plies", type=int, default=400, help="a draw after this many plies")
    p.add_argument("--concurrency", type=int, default=1, help="games at once")
    p.add_argument("--pgn", help="write the games here")
    p.add_argument("--event", default="alphabeta match")
    p.add_argument("--adjudicate", action="store_true",
                   help="resign when both engines agree on |score| >= --adjudicate-cp")
    p.add_argument("--adjudicate-cp", type=int, default=1000)
    p.add_argument("--adjudicate-moves", type=int, default=5)
    p.add_argument("--draw-adjudicate", action="store_true",
                   help="a draw when both engines say |score| <= --draw-cp long enough")
    p.add_argument("--draw-cp", type=int, default=10)
    p.add_argument("--draw-moves", type=int, default=8)
    p.add_argument("--draw-after", type=int, default=80, help="plies before a draw adjudication")
    p.add_argument("--sprt", nargs=4, type=float, metavar=("ELO0", "ELO1", "ALPHA", "BETA"))
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    if args.tc_text.lower() == "none":
        args.tc = None
        if not (args.depth or args.nodes or args.movetime):
            raise SystemExit("--tc none needs --depth, --nodes or --movetime")
    else:
        try:
            args.tc = parse_tc(args.tc_text)
        except (ValueError, argparse.ArgumentTypeError) as error:
            raise SystemExit(f"--tc: {error}")
    if args.concurrency < 1 or args.games < 1:
        raise SystemExit("--games and --concurrency must be at least 1")
    if args.sprt:
        elo0, elo1, alpha, beta = args.sprt
        if not (elo0 < elo1 and 0 < alpha < 1 and 0 < beta < 1):
            raise SystemExit("--sprt needs ELO0 < ELO1 and 0 < ALPHA, BETA < 1")
    Match(args).run()


if __name__ == "__main__":
    main()
