#!/usr/bin/env python3
"""`alphabeta uci` driven by python-chess (`chess.engine`), as a GUI or a match runner would.

Runs with pytest or alone: `python3 scripts/uci/test_uci.py [ENGINE COMMAND]`; the command is
also read from $ALPHABETA_UCI (default: `target/release/alphabeta uci`).
"""

import contextlib
import io
import os
import pathlib
import shlex
import subprocess
import sys

import chess
import chess.engine

COMMAND = os.environ.get("ALPHABETA_UCI", "target/release/alphabeta uci")


def engine():
    return chess.engine.SimpleEngine.popen_uci(shlex.split(COMMAND), timeout=30)


def test_handshake_names_the_engine_and_its_options():
    with engine() as e:
        assert e.id["name"].startswith("alphabeta"), e.id
        assert "author" in e.id
        kinds = {name: option.type for name, option in e.options.items()}
        for name, kind in [("Hash", "spin"), ("Threads", "spin"), ("Level", "combo"),
                           ("Move Overhead", "spin"), ("Clear Hash", "button"),
                           ("Quiescence", "check"), ("NullMove", "check"), ("LMR", "check"),
                           ("RFP", "spin"), ("Aspiration", "spin"), ("Killers", "check"),
                           ("History", "check"), ("CheckExtension", "check"),
                           ("QuiescenceChecks", "check")]:
            assert kinds.get(name) == kind, (name, kinds)
        assert e.options["Level"].var == ["easy", "medium", "hard", "strongest"]
        assert e.options["Level"].default == "strongest"
        assert e.options["Threads"].min == 1 and e.options["Threads"].max >= 1


def test_analyse_reports_depth_score_and_a_legal_pv():
    board = chess.Board()
    board.push_san("e4")
    with engine() as e:
        infos = e.analyse(board, chess.engine.Limit(depth=4), multipv=None, info=chess.engine.INFO_ALL)
        assert infos["depth"] == 4, infos
        for key in ("seldepth", "score", "nodes", "time", "pv"):
            assert key in infos, (key, infos)
        assert not infos["score"].is_mate()
        assert abs(infos["score"].relative.score()) < 1000
        probe = board.copy()
        for move in infos["pv"]:
            assert move in probe.legal_moves, (move, infos["pv"])
            probe.push(move)


def test_a_mate_in_one_is_found_and_scored():
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    with engine() as e:
        info = e.analyse(board, chess.engine.Limit(depth=3))
        assert info["score"].relative == chess.engine.Mate(1), info
        played = e.play(board, chess.engine.Limit(depth=3))
        board.push(played.move)
        assert board.is_checkmate()


def test_a_game_against_itself_with_a_clock_and_with_movetime():
    board = chess.Board()
    with engine() as white, engine() as black:
        clocks = [2.0, 2.0]
        for ply in range(12):
            player = white if board.turn == chess.WHITE else black
            if ply % 2 == 0:
                limit = chess.engine.Limit(white_clock=clocks[0], black_clock=clocks[1],
                                           white_inc=0.02, black_inc=0.02)
            else:
                limit = chess.engine.Limit(time=0.05)
            played = player.play(board, limit, game="self-play")
            assert played.move in board.legal_moves, (played.move, board.fen())
            board.push(played.move)
            if board.is_game_over():
                break
        assert len(board.move_stack) >= 4


def test_options_configure_the_search():
    board = chess.Board()
    with engine() as e:
        e.configure({"Hash": 8, "Threads": 1, "Level": "easy", "NullMove": False, "RFP": 0,
                     "Aspiration": 0, "LMR": False, "Quiescence": True})
        info = e.analyse(board, chess.engine.Limit(time=2))
        assert info["depth"] <= 2, info  # Level easy looks two plies ahead
        e.configure({"Level": "strongest"})
        info = e.analyse(board, chess.engine.Limit(depth=3))
        assert info["depth"] == 3, info
        try:
            e.configure({"Hash": 0})
        except chess.engine.EngineError:
            pass  # python-chess refuses a value out of the advertised range itself
        else:
            raise AssertionError("Hash 0 was accepted")


def test_infinite_analysis_stops_with_a_best_move():
    board = chess.Board()
    with engine() as e:
        with e.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 3:
                    break
            analysis.stop()
            best = analysis.wait()
        assert best.move in board.legal_moves, best


def test_a_finished_game_has_no_move():
    board = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
    with engine() as e:
        played = e.play(board, chess.engine.Limit(depth=2))
        assert not played.move, played  # bestmove 0000: python-chess reads a null move


def raw(*lines, timeout=30):
    """The output lines of one session fed `lines` (then the end of the input)."""
    done = subprocess.run(shlex.split(COMMAND), input="\n".join(lines) + "\n", text=True,
                          capture_output=True, timeout=timeout, check=False)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert "panicked" not in done.stderr, done.stderr[-2000:]
    return done.stdout.splitlines()


def test_a_position_the_rules_cannot_reach_is_refused_and_go_still_answers():
    for fen in ["kK6/8/8/8/8/8/P7/8 w - - 0 1", "k7/1K6/8/8/8/8/P7/8 w - - 0 1"]:
        out = raw("uci", f"position fen {fen}", "go depth 3", "isready")
        refused = [line for line in out if line.startswith("info string position:")]
        assert refused and "adjacent squares" in refused[0], out
        best = [line for line in out if line.startswith("bestmove ")]
        assert len(best) == 1, out
        # The position is unchanged (the start), so the move is one of the start's.
        assert chess.Move.from_uci(best[0].split()[1]) in chess.Board().legal_moves, out


def test_go_values_out_of_range_are_named_and_the_search_is_bounded():
    out = raw("uci", "go depth 0", "isready", "go wtime abc", "isready", "go movetime -5")
    assert len([line for line in out if line.startswith("bestmove ")]) == 3, out
    assert any("depth 0 is out of range" in line for line in out), out
    assert any("no limit could be read" in line for line in out), out


HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
ROOT = HERE.parent.parent


def test_match_statistics():
    import match

    score, elo, low, high = match.summary(30, 40, 30)
    assert score == 0.5 and abs(elo) < 1e-9 and abs(low + high) < 1e-6 and 40 < high < 70
    score, elo, low, high = match.summary(60, 20, 20)
    assert score == 0.7 and low < elo < high and abs(elo - 147.19) < 0.01
    assert match.llr(60, 20, 20, 0, 10) > 0 > match.llr(20, 20, 60, 0, 10)
    assert match.llr(0, 0, 0, 0, 10) == 0


def test_the_match_runner_and_the_tactics_runner_run():
    import match
    import tactics

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        match.main(["--engine1", COMMAND, "--engine2", COMMAND, "--option2", "Level=easy",
                    "--openings", str(ROOT / "data/chess/openings.epd"), "--games", "2",
                    "--tc", "none", "--depth", "1", "--max-plies", "30"])
        tactics.main(["--engine", COMMAND, "--suite", str(ROOT / "data/chess/wac.epd"),
                      "--first", "3", "--time", "0.05"])
    text = out.getvalue()
    assert "game    2:" in text and "W " in text and "score " in text, text
    assert "/ 3 solved at 0.05 s" in text, text


def main():
    global COMMAND
    if len(sys.argv) > 1:
        COMMAND = " ".join(sys.argv[1:])
    tests = [(name, test) for name, test in globals().items() if name.startswith("test_")]
    failures = 0
    for name, test in tests:
        try:
            test()
        except Exception as error:  # noqa: BLE001 - report every failure, then exit 1
            failures += 1
            print(f"FAIL {name}: {type(error).__name__}: {error}")
        else:
            print(f"ok   {name}")
    print(f"{len(tests) - failures} passed, {failures} failed ({COMMAND})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
