"""Your own game in Python, searched by the Rust engine: the tutorials' counts exactly,
agreement with the native tic-tac-toe on every position, and every way a user's class can
go wrong."""
import traceback

import pytest

import alphabeta
from tutorial import KeyedTicTacToe, TicTacToe

# Seed 001's game: the human plays the first free cell of 1 1, 0 0, 0 1, 0 2, 1 0, 1 2, 2 0,
# 2 1, 2 2 (cells 4, 0, 1, 2, 3, 5, 6, 7, 8); the AI is x and moves first.
SEED_001_HUMAN = [4, 0, 1, 2, 3, 5, 6, 7, 8]


def scripted_game(**options):
    """Positions examined before each AI move, and the moves of the game."""
    game, counts, moves = TicTacToe(), [], []
    while game.outcome() is None:
        if game.player == "x":
            result = alphabeta.search(game, **options)
            counts.append(result.nodes)
            move = result.move
        else:
            move = next(cell for cell in SEED_001_HUMAN if game.board[cell] == " ")
        game.play(move)
        moves.append(move)
    return counts, moves, game.outcome()


def test_seed_001_minimax_counts():
    counts, _, end = scripted_game(algorithm="minimax", scoring="plain")
    assert counts == [549_945, 7_331, 197, 13, 1]
    assert end == "draw"


def test_seed_001_alphabeta_counts():
    counts, _, end = scripted_game(algorithm="alphabeta", scoring="plain")
    assert counts == [18_296, 843, 63, 9, 1]
    assert end == "draw"


def test_seed_001_depth_aware_first_move():
    result = alphabeta.search(TicTacToe(), algorithm="alphabeta")
    assert (result.nodes, result.move) == (20_865, 0)
    centre = alphabeta.search(KeyedTicTacToe(), algorithm="alphabeta", scoring="plain", order="game")
    assert (centre.nodes, centre.move) == (7_274, 4)


def test_the_table_finds_the_same_value_with_fewer_positions():
    plain = alphabeta.search(TicTacToe(), algorithm="alphabeta")
    tabled = alphabeta.search(KeyedTicTacToe(), algorithm="negamax")
    assert tabled.value == plain.value and tabled.move == plain.move and tabled.outcome == "draw"
    assert tabled.tt_hits > 0 and tabled.nodes < plain.nodes
    no_key = alphabeta.search(TicTacToe(), algorithm="negamax")
    assert no_key.tt_hits == 0 and no_key.value == plain.value


def test_negamax_deepens_iteratively_only_under_a_limit():
    # Without a limit, one search to the end (the interrupt flag is not a limit); with one,
    # depths 1, 2, ...: the same value and move, the native game and the class alike.
    for game in (KeyedTicTacToe, lambda: alphabeta.TicTacToe()):
        direct = alphabeta.search(game(), algorithm="negamax")
        deepened = alphabeta.search(game(), algorithm="negamax", depth=9)
        assert (direct.value, direct.move) == (deepened.value, deepened.move)
        assert direct.exact and deepened.exact and direct.depth == deepened.depth == 9
        assert direct.nodes < deepened.nodes
        asked = alphabeta.search(game(), algorithm="negamax", deepening="iterative")
        assert (asked.nodes, asked.value, asked.move) == (deepened.nodes, direct.value, direct.move)
        assert alphabeta.search(game(), deepening="direct", depth=9).nodes == direct.nodes
        assert alphabeta.search(game(), deepening="auto").nodes == direct.nodes
    with pytest.raises(ValueError, match="deepening: unknown deepening 'deep'"):
        alphabeta.search(alphabeta.TicTacToe(), deepening="deep")
    with pytest.raises(ValueError, match="deepening is an option of the negamax algorithm"):
        alphabeta.search(KeyedTicTacToe(), algorithm="minimax", deepening="direct")


def x_to_move_positions():
    """Every reachable position with x to move and the game on (x moved first)."""
    seen, out, game = set(), [], TicTacToe()

    def walk():
        board = "".join(game.board)
        if board in seen or game.outcome() is not None:
            return
        seen.add(board)
        if game.player == "x":
            out.append(board)
        for move in game.legal_moves():
            game.play(move)
            walk()
            game.undo(move)

    walk()
    return out


def native_text(board):
    return board.replace(" ", ".")


def test_the_python_class_agrees_with_the_native_game_on_all_2423_positions():
    positions = x_to_move_positions()
    assert len(positions) == 2_423
    for board in positions:
        ours = alphabeta.search(TicTacToe(board), algorithm="alphabeta")
        native = alphabeta.search(alphabeta.TicTacToe(native_text(board)), algorithm="alphabeta")
        label = f"{board!r}"
        assert str(ours.move) == native.move, label
        assert (ours.outcome, ours.plies, ours.exact) == (native.outcome, native.plies, native.exact), label
        assert (ours.nodes, ours.cutoffs, ours.evaluations) == (native.nodes, native.cutoffs, native.evaluations), label
        assert [str(move) for move in ours.pv] == native.pv, label


def test_negamax_with_the_table_agrees_on_every_position():
    for board in x_to_move_positions():
        ours = alphabeta.search(KeyedTicTacToe(board), algorithm="negamax", table_mib=1)
        native = alphabeta.search(alphabeta.TicTacToe(native_text(board)), algorithm="negamax", table_mib=1)
        assert (str(ours.move), ours.outcome, ours.plies) == (native.move, native.outcome, native.plies), board


def test_solve_and_analyse_a_python_game():
    solved = alphabeta.solve(TicTacToe(list("xx oo    ")))
    assert (solved.move, solved.outcome, solved.plies, solved.winner) == (2, "win", 1, "the side to move")
    assert solved.level == "solve" and solved.words == "the side to move wins in 1 ply"
    values = alphabeta.analyse(TicTacToe(list("xx oo    ")))
    native = alphabeta.analyse(alphabeta.TicTacToe("xx.oo...."))
    assert list(values) == [2, 5, 6, 7, 8]
    # The same outcomes (the scales differ: 1000 - plies here, the game's own there).
    assert [v > 0 for v in values.values()] == [v > 0 for v in native.values()]
    assert [v == 0 for v in values.values()] == [v == 0 for v in native.values()]
    plain = alphabeta.analyse(TicTacToe(list("xx oo    ")), algorithm="alphabeta", scoring="plain")
    assert plain == {2: 1, 5: 0, 6: -1, 7: -1, 8: -1}
    game = TicTacToe(list("xx oo    "))
    before = list(game.board)
    alphabeta.search(game)
    assert game.board == before  # the search leaves the object as it was


class Nim:
    """One heap; take 1, 2 or 3 stones; whoever takes the last stone wins. Moves are strings,
    the key a tuple, and evaluate() is used at the depth limit."""

    def __init__(self, stones):
        self.stones = stones

    def legal_moves(self):
        return [f"take {n}" for n in (1, 2, 3) if n <= self.stones]

    def play(self, move):
        self.stones -= int(move.split()[1])

    def undo(self, move):
        self.stones += int(move.split()[1])

    def outcome(self):
        return "loss" if self.stones == 0 else None

    def evaluate(self):
        return 5 if self.stones % 4 else -5

    def key(self):
        return ("nim", self.stones)


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "negamax"])
def test_any_hashable_moves_and_keys(algorithm):
    result = alphabeta.search(Nim(10), algorithm=algorithm)
    assert result.move == "take 2" and result.outcome == "win"
    assert result.pv[0] == "take 2" and all(isinstance(move, str) for move in result.pv)
    shallow = alphabeta.search(Nim(30), algorithm=algorithm, depth=2)
    assert shallow.exact is False and shallow.outcome is None and shallow.value == 5
    assert shallow.words == "+5 for the side to move, heuristic, not proven"


def test_a_python_game_reports_in_words_for_people():
    # Moves in words are str(move): "take 2", not "'take 2'".
    result = alphabeta.search(Nim(10), algorithm="negamax")
    assert result.score_text == f"win in {result.plies} plies"
    assert result.move_words == "take 2"
    assert result.pv_words == [str(move) for move in result.pv] and result.pv_words[0] == "take 2"
    assert result.to_dict()["pv_words"] == result.pv_words
    shallow = alphabeta.search(Nim(30), algorithm="alphabeta", depth=2)
    assert (shallow.value, shallow.score_text) == (5, "+5")
    won = alphabeta.search(TicTacToe(list("xx oo    ")))
    assert (won.move, won.move_words, won.score_text, won.pv_words) == (2, "2", "win in 1 ply", ["2"])
    drawn = alphabeta.search(TicTacToe(), algorithm="alphabeta", scoring="plain")
    assert drawn.score_text == "draw" and len(drawn.pv_words) == len(drawn.pv) == 9
    # A finished game: no move, no words for it; the value in words all the same.
    over = alphabeta.search(TicTacToe(list("xxxoo    ")))
    assert (over.move, over.move_words, over.pv_words) == (None, None, [])
    assert over.score_text == "lost"


def test_budgets_stop_a_python_game():
    result = alphabeta.search(TicTacToe(), algorithm="minimax", nodes=500)
    assert result.aborted and not result.exact and result.nodes <= 501
    timed = alphabeta.search(TicTacToe(), algorithm="minimax", time=0.05)
    assert timed.aborted and timed.move in range(9)


class Broken(TicTacToe):
    """The tutorial game with one method replaced."""

    def __init__(self, **methods):
        super().__init__()
        for name, method in methods.items():
            setattr(self, name, method)


def test_a_user_exception_propagates_with_its_traceback():
    calls = []

    class Faulty(TicTacToe):
        def play(self, cell):
            calls.append(cell)
            if len(calls) == 50:
                raise RuntimeError("the board caught fire")
            super().play(cell)

    with pytest.raises(RuntimeError, match="the board caught fire") as raised:
        alphabeta.search(Faulty(), algorithm="minimax")
    frames = [frame.name for frame in traceback.extract_tb(raised.value.__traceback__)]
    assert "play" in frames
    assert len(calls) == 50  # nothing of the user's ran after the exception


@pytest.mark.parametrize(
    ("methods", "error", "words"),
    [
        ({"outcome": lambda: 1}, TypeError, "outcome() must return 'win', 'loss' or 'draw'"),
        ({"outcome": lambda: "won"}, TypeError, "outcome() must return"),
        ({"legal_moves": lambda: 5}, TypeError, "legal_moves() must return a list of moves"),
        ({"legal_moves": lambda: [[0]]}, TypeError, "legal_moves() must return hashable moves"),
        ({"evaluate": lambda: 0.5}, TypeError, "evaluate() must return an int"),
        ({"evaluate": lambda: 10 ** 9}, ValueError, "evaluate() returned 1000000000"),
        ({"order_moves": lambda moves: moves[:1]}, ValueError, "order_moves(moves) must return the same moves"),
        ({"order_moves": lambda moves: None}, TypeError, "order_moves() must return a list of moves"),
        ({"key": lambda: [1, 2]}, TypeError, "key() must return a hashable value"),
        ({"undo": 3}, TypeError, "undo() method"),
    ],
)
def test_wrong_return_types_name_the_method(methods, error, words):
    game = Broken(**methods)
    options = {"depth": 2} if "evaluate" in methods else {}
    if "order_moves" in methods:
        options["order"] = "game"
    if "key" in methods:
        options["algorithm"] = "negamax"
    with pytest.raises(error) as raised:
        alphabeta.search(game, **options)
    assert words in str(raised.value), str(raised.value)


def test_missing_methods_are_named():
    class NoUndo:
        def legal_moves(self):
            return []

        def play(self, move):
            pass

        def outcome(self):
            return None

    with pytest.raises(TypeError, match=r"'NoUndo' has no undo\(\) method"):
        alphabeta.search(NoUndo())
    with pytest.raises(TypeError, match="legal_moves"):
        alphabeta.analyse(object())


def test_a_position_with_no_move_is_scored_by_evaluate():
    class Stuck(Nim):
        def legal_moves(self):
            return []

    result = alphabeta.search(Stuck(7))
    assert result.move is None and result.value == 5


def test_a_second_search_of_a_python_game_in_progress_is_refused():
    import threading

    started, release = threading.Event(), threading.Event()

    class Waiting(Nim):
        """Nim whose first move list waits until the other thread has tried its search."""

        def legal_moves(self):
            started.set()
            release.wait(10)
            return super().legal_moves()

    game, results = Waiting(5), []
    first = threading.Thread(
        target=lambda: results.append(alphabeta.search(game, algorithm="minimax", depth=3)))
    first.start()
    try:
        assert started.wait(10), "the first search did not start"
        with pytest.raises(RuntimeError, match="being searched by another thread"):
            alphabeta.search(game, algorithm="minimax", depth=3)
    finally:
        release.set()
        first.join(10)
    assert [result.move for result in results] == ["take 1"]
    assert game.stones == 5
    # Once the first search is over, the object can be searched again.
    assert alphabeta.search(game, algorithm="minimax", depth=3).move == "take 1"


def test_one_python_game_object_is_searched_by_one_thread_at_a_time():
    import threading

    expected = alphabeta.search(Nim(41), algorithm="minimax", depth=6)
    game = Nim(41)
    results, refusals = [], []

    def work():
        try:
            results.append(alphabeta.search(game, algorithm="minimax", depth=6))
        except RuntimeError as error:
            refusals.append(str(error))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) + len(refusals) == 4 and results
    for result in results:
        assert (result.move, result.value, result.nodes) == (expected.move, expected.value,
                                                             expected.nodes)
    for refusal in refusals:
        assert "being searched by another thread" in refusal
    assert game.stones == 41
