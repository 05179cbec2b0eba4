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
import tempfile

import chess
import chess.engine
import chess.pgn

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
                           ("QuiescenceChecks", "check"), ("MultiPV", "spin"),
                           ("OwnBook", "check"), ("BookFile", "string"), ("Ponder", "check"),
                           ("UCI_LimitStrength", "check"), ("UCI_Elo", "spin"),
                           ("SEEOrdering", "check"), ("SEEQuiescence", "check"),
                           ("SEEPruning", "spin"),
                           ("IIR", "check"), ("TimeManagement", "check"),
                           ("Futility", "spin"), ("Razoring", "spin"), ("TTEval", "check")]:
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


def test_multipv_gives_the_best_lines():
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    with engine() as e:
        option = e.options["MultiPV"]
        assert (option.type, option.default, option.min) == ("spin", 1, 1), option
        infos = e.analyse(board, chess.engine.Limit(depth=4), multipv=3)
        assert [info["multipv"] for info in infos] == [1, 2, 3], infos
        firsts = [info["pv"][0] for info in infos]
        assert len(set(firsts)) == 3 and all(move in board.legal_moves for move in firsts)
        assert firsts[0] == chess.Move.from_uci("a1a8"), infos
        assert infos[0]["score"].relative == chess.engine.Mate(1), infos
        assert all(not info["score"].is_mate() for info in infos[1:]), infos
        assert all(info["depth"] == 4 for info in infos), infos
        # Back to one line: no `multipv` in the info, the same best move.
        single = e.analyse(board, chess.engine.Limit(depth=4), multipv=1)
        assert single[0]["pv"][0] == firsts[0], single
    # More lines than moves: one line per move (two king moves here).
    out = raw("uci", "setoption name MultiPV value 5", "position fen 7k/8/8/8/8/8/8/K6q w - - 0 1",
              "go depth 2", "isready")
    last = [line for line in out if " depth 2 " in line and " multipv " in line]
    assert sorted(line.split(" multipv ")[1].split()[0] for line in last) == ["1", "2"], out
    assert any(line.startswith("bestmove ") for line in out), out


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


def polyglot_move(board, move):
    """`move` packed as a Polyglot book writes it (castling as the king taking its rook)."""
    to = move.to_square
    if board.is_castling(move):
        rook_file = 7 if board.is_kingside_castling(move) else 0
        to = chess.square(rook_file, chess.square_rank(move.from_square))
    promotion = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}
    return (promotion[move.promotion] << 12 | chess.square_rank(move.from_square) << 9
            | chess.square_file(move.from_square) << 6 | chess.square_rank(to) << 3
            | chess.square_file(to))


def book_positions():
    """Positions with a move each: random games (seeded), and the cases of the key's rules:
    en passant that can and cannot be taken, every set of castling rights, promotions."""
    import random

    rng = random.Random(32)
    cases = []
    for _ in range(40):
        board = chess.Board()
        for _ in range(rng.randrange(1, 40)):
            moves = list(board.legal_moves)
            if not moves:
                break
            cases.append((board.copy(), rng.choice(moves)))
            board.push(rng.choice(moves))
    for fen, uci in [
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6"),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "g8f6"),
        ("rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", "b4c3"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1", "e1c1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1", "e8c8"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b k - 0 1", "e8g8"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "a1a8"),
        ("8/P6k/8/8/8/8/6p1/K7 w - - 0 1", "a7a8n"),
        ("8/P6k/8/8/8/8/6p1/1K6 b - - 0 1", "g2g1q"),
    ]:
        board = chess.Board(fen)
        cases.append((board, chess.Move.from_uci(uci)))
    return cases


def test_polyglot_keys_and_moves_agree_with_python_chess():
    """A book python-chess's keys make (one move a position) is read by the engine's
    `OwnBook`: every position must be found by our key and answered with its move."""
    import struct
    import tempfile
    import chess.polyglot

    entries, seen = [], set()
    for board, move in book_positions():
        key = chess.polyglot.zobrist_hash(board)
        if key not in seen:
            seen.add(key)
            entries.append((key, polyglot_move(board, move), board, move))
    entries.sort(key=lambda entry: entry[0])
    with tempfile.TemporaryDirectory() as directory:
        path = pathlib.Path(directory) / "keys.bin"
        path.write_bytes(b"".join(struct.pack(">QHHI", key, raw, 1, 0)
                                  for key, raw, _, _ in entries))
        lines = ["uci", "setoption name OwnBook value true", f"setoption name BookFile value {path}"]
        for _, _, board, _ in entries:
            lines += [f"position fen {board.fen()}", "go depth 1"]
        out = raw(*lines)
    answers = [line for line in out if line.startswith("bestmove ") or "book move" in line]
    assert len(answers) == 2 * len(entries) > 200, out[-20:]
    for index, (_, _, board, move) in enumerate(entries):
        said, best = answers[2 * index], answers[2 * index + 1]
        assert said == f"info string book move {move.uci()}", (board.fen(), move, said)
        assert best == f"bestmove {move.uci()}", (board.fen(), move, best)


def test_a_book_of_our_writer_is_read_by_python_chess_and_by_the_engine():
    import tempfile
    import chess.polyglot

    binary = shlex.split(COMMAND)[0]
    with tempfile.TemporaryDirectory() as directory:
        lines, book = pathlib.Path(directory) / "lines.txt", pathlib.Path(directory) / "b.bin"
        lines.write_text("startpos moves e2e4 e7e5 g1f3\nstartpos moves e2e4 c7c5\n"
                         "startpos moves d2d4\nr3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1c1\n")
        done = subprocess.run([binary, "book", "chess", "--lines", str(lines), "--out", str(book)],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        with chess.polyglot.open_reader(book) as reader:
            start = [(entry.move.uci(), entry.weight) for entry in reader.find_all(chess.Board())]
            assert sorted(start) == [("d2d4", 1), ("e2e4", 2)], start
            after = chess.Board()
            after.push_uci("e2e4")
            assert sorted(e.move.uci() for e in reader.find_all(after)) == ["c7c5", "e7e5"]
            castle = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
            assert [e.move.uci() for e in reader.find_all(castle)] == ["e1c1"]
        out = raw("uci", "setoption name OwnBook value true", f"setoption name BookFile value {book}",
                  "position startpos moves e2e4 e7e5", "go depth 1",
                  "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "go depth 1",
                  "setoption name OwnBook value false", "position startpos", "go depth 1")
        best = [line for line in out if line.startswith("bestmove ")]
        assert best[:2] == ["bestmove g1f3", "bestmove e1c1"], out
        assert sum("book move" in line for line in out) == 2, out


def test_bad_books_are_named_and_go_still_answers():
    import struct
    import tempfile
    import chess.polyglot

    with tempfile.TemporaryDirectory() as directory:
        truncated = pathlib.Path(directory) / "truncated.bin"
        truncated.write_bytes(b"\0" * 20)
        unsorted = pathlib.Path(directory) / "unsorted.bin"
        unsorted.write_bytes(struct.pack(">QHHI", 9, 0, 1, 0) + struct.pack(">QHHI", 3, 0, 1, 0))
        illegal = pathlib.Path(directory) / "illegal.bin"
        e2e5 = chess.Move.from_uci("e2e5")
        illegal.write_bytes(struct.pack(">QHHI", chess.polyglot.zobrist_hash(chess.Board()),
                                        polyglot_move(chess.Board(), e2e5), 1, 0))
        out = raw("uci", "setoption name OwnBook value true",
                  f"setoption name BookFile value {truncated}",
                  f"setoption name BookFile value {unsorted}",
                  f"setoption name BookFile value {directory}/missing.bin",
                  f"setoption name BookFile value {illegal}", "position startpos", "go depth 1")
    text = "\n".join(out)
    assert "20 bytes long, not a whole number of 16-byte entries" in text, text
    assert "entry 1 has a smaller key" in text, text
    assert "cannot read the book" in text, text
    assert "book entry 0 (e2e5) is not a legal move" in text, text
    best = [line for line in out if line.startswith("bestmove ")]
    assert len(best) == 1 and chess.Move.from_uci(best[0].split()[1]) in chess.Board().legal_moves


def test_every_hostile_go_is_named_and_answered():
    cases = [("go wtime -100 btime -100", "wtime -100 is out of range"),
             ("go nodes 0", "nodes 0 is out of range"),
             ("go mate 0", "mate 0 is out of range"),
             ("go depth 99999999999999999999", "depth needs a whole number"),
             ("go movetime", "movetime needs a value"),
             ("go depth 2 frobnicate 7", "unknown `frobnicate`"),
             ("go searchmoves e2e4", "searchmoves is not supported"),
             ("go movetime 1e3", "movetime needs a whole number")]
    lines = ["uci"]
    for command, _ in cases:
        lines += ["position startpos", command, "isready"]
    out = raw(*lines, "go infinite", "stop", "go ponder", "stop", "go infinite")
    text = "\n".join(out)
    for command, words in cases:
        assert words in text, (command, words, text)
    best = [line for line in out if line.startswith("bestmove ")]
    # One per `go`, the endless one at the end stopped by the end of the input.
    assert len(best) == len(cases) + 3, out
    for line in best:
        assert chess.Move.from_uci(line.split()[1]) in chess.Board().legal_moves, line


def test_ponder_goes_on_after_ponderhit_and_stops_on_its_clock():
    import time

    board = chess.Board()
    board.push_san("e4")
    with engine() as e:
        assert e.options["Ponder"].type == "check"
        # python-chess: play(ponder=True) answers, then ponders on the predicted reply.
        played = e.play(board, chess.engine.Limit(time=0.1), ponder=True)
        assert played.move in board.legal_moves and played.ponder is not None, played
    # The clock starts at ponderhit: a ponder search with 2 s on the clock is still thinking
    # 1 s after `go ponder`, and answers within the move's time after `ponderhit`.
    process = subprocess.Popen(shlex.split(COMMAND), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        process.stdin.write("uci\nposition startpos moves e2e4 e7e5\n"
                            "go ponder wtime 2000 btime 2000\n")
        process.stdin.flush()
        time.sleep(1.0)
        process.stdin.write("isready\n")
        process.stdin.flush()
        lines = []
        while not lines or lines[-1] != "readyok":
            lines.append(process.stdout.readline().strip())
        assert not any(line.startswith("bestmove") for line in lines), lines
        process.stdin.write("ponderhit\n")
        process.stdin.flush()
        hit = time.monotonic()
        while not lines[-1].startswith("bestmove"):
            lines.append(process.stdout.readline().strip())
        # The move's soft limit from 2 s is 2000 / 30 ms: far under 10 s even on a busy host.
        assert time.monotonic() - hit < 10, lines
        assert chess.Move.from_uci(lines[-1].split()[1]) in chess.Board(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").legal_moves
        process.stdin.write("quit\n")
        process.stdin.flush()
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
    # A ponder search ended by its depth waits for the GUI, then answers at ponderhit.
    out = raw("uci", "position startpos", "go ponder depth 2", "isready", "ponderhit", "isready")
    at = out.index("readyok")
    assert not any(line.startswith("bestmove") for line in out[:at]), out
    assert any(line.startswith("bestmove") for line in out[at:]), out
    assert "info string ponderhit: no search is pondering" in raw("uci", "ponderhit")


def test_limit_strength_plays_varied_legal_moves_within_its_nodes():
    board = chess.Board()
    with engine() as e:
        assert e.options["UCI_LimitStrength"].type == "check"
        elo = e.options["UCI_Elo"]
        # The calibrated range (docs/chess.md): its weakest setting searches 1,418 nodes.
        assert (elo.type, elo.min, elo.max) == ("spin", 1049, 2038), elo
        e.configure({"UCI_LimitStrength": True, "UCI_Elo": 1049})
        moves = set()
        for _ in range(12):
            result = e.play(board, chess.engine.Limit(depth=6), info=chess.engine.INFO_ALL)
            assert result.move in board.legal_moves, result
            assert result.info.get("nodes", 0) <= 1418 + 1024, result.info  # checked every 1024
            moves.add(result.move)
        assert len(moves) > 1, moves  # the weaker moves are drawn at random
        e.configure({"UCI_Elo": 2038})
        mate = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        assert e.play(mate, chess.engine.Limit(depth=3)).move == chess.Move.from_uci("a1a8")
    out = raw("uci", "setoption name UCI_Elo value 99")
    assert any("99 is out of range (1049 to 2038)" in line for line in out), out


def test_move_overhead_is_taken_off_the_clock():
    # 5.1 s on the clock less 5 s of overhead: the move gets at most half of 0.1 s.
    out = raw("uci", "setoption name Move Overhead value 5000", "position startpos",
              "go wtime 5100 btime 5100", "isready")
    summary = [line for line in out if line.startswith("info depth") and "hashfull" in line]
    assert summary and int(summary[-1].split(" time ")[1].split()[0]) < 2000, out
    out = raw("uci", "setoption name Move Overhead value 5001")
    assert any("5001 is out of range (0 to 5000)" in line for line in out), out


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


def test_the_match_ends_a_repetition_when_it_occurs_not_when_it_could():
    import match

    board = chess.Board()
    for move in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]:
        board.push_uci(move)
    # Black could repeat the start a third time with Ng8 (python-chess's claim), and need not.
    assert board.can_claim_threefold_repetition() and match.game_end(board) is None
    board.push_uci("f6g8")
    assert match.game_end(board) == ("1/2-1/2", "threefold_repetition")
    board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    assert board.can_claim_fifty_moves() and match.game_end(board) is None
    board.push_uci("a1a2")
    assert match.game_end(board) == ("1/2-1/2", "fifty_moves")
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80")
    board.push_uci("a1a8")
    assert match.game_end(board) == ("1-0", "checkmate")


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


def test_a_match_on_a_clock_writes_each_moves_clock_into_the_pgn():
    import match

    with tempfile.TemporaryDirectory() as folder:
        pgn = pathlib.Path(folder) / "games.pgn"
        with contextlib.redirect_stdout(io.StringIO()):
            match.main(["--engine1", COMMAND, "--engine2", COMMAND, "--games", "1",
                        "--tc", "2+0.05", "--max-plies", "12", "--pgn", str(pgn)])
        with open(pgn) as file:
            game = chess.pgn.read_game(file)
    clocks = [node.clock() for node in game.mainline()]
    assert len(clocks) == 12, clocks
    # Each side's clock: the base and the increments it earned, less its thinking time.
    for ply, clock in enumerate(clocks):
        moves_made = ply // 2 + 1
        # (The PGN keeps milliseconds.)
        assert clock is not None and 0 < clock <= 2 + 0.05 * moves_made + 0.001, (ply, clock)
    assert clocks[-2] < 2 + 0.05 * 6, clocks  # some time was spent


def test_a_match_reports_the_least_time_each_engine_had_left():
    import match

    args = match.parser().parse_args(["--engine1", COMMAND, "--engine2", COMMAND,
                                      "--tc", "1+0"])
    tally = match.Match(args)
    game = chess.pgn.Game()
    with contextlib.redirect_stdout(io.StringIO()):
        # Game 1: engine1 White; game 2: engine1 Black, and White past the flag.
        tally.record(0, True, "1-0", "checkmate", game, {chess.WHITE: 0.5, chess.BLACK: 0.25})
        tally.record(1, False, "1-0", "checkmate", game, {chess.WHITE: -0.125, chess.BLACK: 0.75})
    assert tally.least == {1: (0.5, 1), 2: (-0.125, 2)}, tally.least
    assert tally.past_flag == {1: 0, 2: 1}, tally.past_flag

    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        match.main(["--engine1", COMMAND, "--engine2", COMMAND, "--games", "2",
                    "--tc", "2+0.05", "--max-plies", "8"])
    lines = output.getvalue().splitlines()
    least = next(line for line in lines if line.startswith("least time left"))
    for engine in ("engine1", "engine2"):
        seconds = float(least.split(engine + " ")[1].split(" s")[0])
        assert -0.5 <= seconds < 2 + 0.05 * 4, least
    assert "games with a move finished past the flag: engine1 0, engine2 0" in lines, lines


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
