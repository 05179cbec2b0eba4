"""search, solve, analyse and tree on the built-in games: the contract's fields, options,
budgets and bad options."""
import pickle

import pytest

import alphabeta
from alphabeta import SearchResult

CONTRACT = ["move", "value", "outcome", "plies", "winner", "exact", "nodes", "evaluations",
            "cutoffs", "tt_hits", "tablebase_hits", "depth", "time_ms", "pv", "aborted", "score_text",
            "move_words", "pv_words", "method"]


def test_search_reports_every_contract_field():
    result = alphabeta.search(alphabeta.TicTacToe("xx.oo...."))
    fields = result.to_dict()
    assert set(CONTRACT) <= set(fields)
    assert (result.move, result.outcome, result.plies, result.winner) == ("2", "win", 1, "x")
    assert result.exact and not result.aborted and result.pv == ["2"]
    assert result.level == "perfect" and result.words == "x wins in 1 ply"
    assert result.method == "search"
    assert result.position == "xx.oo...." and result.to_move == "x"
    assert (result.score_text, result.move_words, result.pv_words) == ("win in 1 ply", "2", ["2"])
    assert all(getattr(result, name) == fields[name] for name in CONTRACT)
    assert pickle.loads(pickle.dumps(result)) == result
    with pytest.raises(AttributeError):
        result.nonsense


def test_chess_reports_in_words_for_people():
    # Scholar's mate: the move and its line in SAN, the score in moves to mate.
    mate = alphabeta.Game("chess", "startpos moves e4 e5 Qh5 Nc6 Bc4 Nf6")
    result = alphabeta.search(mate, algorithm="negamax", depth=3)
    assert (result.move, result.move_words) == ("h5f7", "Qxf7#")
    assert (result.score_text, result.pv, result.pv_words) == ("mate in 1", ["h5f7"], ["Qxf7#"])
    # From the start: the score in pawns for White, the line in SAN as long as the UCI one.
    start = alphabeta.search(alphabeta.Game("chess"), algorithm="negamax", depth=2)
    sign = "+" if start.value > 0 else ""
    assert start.score_text == (f"{sign}{start.value / 100:.2f}" if start.value else "0.00")
    assert len(start.pv_words) == len(start.pv) == 2 and start.pv_words != start.pv
    # A finished game: no move, and no words for one.
    over = alphabeta.search(alphabeta.Game("chess", "startpos moves f3 e5 g4 Qh4"), depth=1)
    assert (over.move, over.move_words, over.pv_words, over.score_text) == (None, None, [], "mated")


def test_chess_solve_is_a_mate_search():
    # Legal's mate, proven with its line; the start, no mate within 3 plies and no value.
    legal = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
    mate = alphabeta.solve(alphabeta.Game("chess", legal))
    assert (mate.move, mate.exact, mate.words, mate.method) == ("d5f6", True, "White mates in 2", "solver")
    assert mate.pv_words == ["Nf6+", "gxf6", "Bxf7#"]
    start = alphabeta.solve(alphabeta.Game("chess"), depth=3)
    assert (start.value, start.exact, start.score_text) == (None, False, None)
    assert start.words == "no mate within 3 plies found, not proven"


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "negamax"])
def test_every_algorithm_finds_the_same_value(algorithm):
    result = alphabeta.search(alphabeta.TicTacToe(), algorithm=algorithm, scoring="plain")
    assert (result.move, result.value, result.outcome) == ("0", 0, "draw")
    expected = {"minimax": 549_945, "alphabeta": 18_296}
    if algorithm in expected:
        assert result.nodes == expected[algorithm]


def test_options_change_the_search():
    natural = alphabeta.search(alphabeta.TicTacToe(), algorithm="alphabeta", scoring="plain")
    centre = alphabeta.search(alphabeta.TicTacToe(), algorithm="alphabeta", scoring="plain", order="game")
    assert (centre.move, centre.nodes) == ("4", 7_274)
    depth = alphabeta.search(alphabeta.TicTacToe(), algorithm="alphabeta")
    assert depth.nodes == 20_865
    no_cut = alphabeta.search(alphabeta.TicTacToe(), algorithm="alphabeta", scoring="plain", cut="none")
    assert no_cut.nodes == 549_945 and no_cut.cutoffs == 0
    strict = alphabeta.search(alphabeta.TicTacToe(), algorithm="alphabeta", scoring="plain", cut="strict")
    assert natural.nodes < strict.nodes < no_cut.nodes
    last = alphabeta.search(alphabeta.TicTacToe(), algorithm="alphabeta", tie_break="last")
    assert last.value == depth.value
    seeded = [alphabeta.search(alphabeta.TicTacToe(), tie_break="random:7").move for _ in range(2)]
    assert seeded[0] == seeded[1]


def test_budgets_stop_the_search():
    result = alphabeta.search(alphabeta.Connect4(), algorithm="alphabeta", nodes=1000)
    assert result.aborted and not result.exact and result.move in [str(c) for c in range(1, 8)]
    assert result.nodes <= 1001
    shallow = alphabeta.search(alphabeta.Connect4("4453"), algorithm="negamax", depth=4)
    assert shallow.depth == 4 and not shallow.exact and shallow.outcome is None
    timed = alphabeta.search(alphabeta.Connect4(), algorithm="minimax", time=0.05)
    assert timed.aborted and timed.move is not None
    assert timed.time_ms < 5000


def test_levels_choose_the_games_players():
    info = {game["name"]: game for game in alphabeta.games()}["tictactoe"]
    for level in info["levels"]:
        result = alphabeta.search(alphabeta.TicTacToe("xx.oo...."), level=level["name"])
        assert result.level == level["name"] and result.move in ["2", "5", "6", "7", "8"]
    with pytest.raises(ValueError, match="level"):
        alphabeta.search(alphabeta.TicTacToe(), level="grandmaster")


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("algorithm", "minimaks", "algorithm: unknown algorithm 'minimaks' (expected one of: minimax, alphabeta, negamax"),
        ("scoring", "fast", "scoring: unknown scoring 'fast' (expected one of: plain, depth)"),
        ("order", "random", "order: unknown move ordering 'random' (expected one of: natural, game)"),
        ("cut", "always", "cut: unknown cut rule 'always' (expected one of: standard, strict, none)"),
        ("tie_break", "middle", "tie_break: unknown tie-break 'middle' (expected one of: first, last, random, random:SEED"),
        ("iterations", 0, "iterations: 0 is out of range"),
        ("depth", 0, "depth: 0 plies is out of range"),
        ("depth", -3, "depth: invalid value: integer `-3`"),
        ("time", 0.0, "time: 0"),
        ("time", float("nan"), "time: NaN s is out of range"),
        ("nodes", 0, "nodes: 0 is out of range"),
        ("table_mib", 0, "tt_mib: 0 MiB is out of range"),
        ("tt_mib", 1 << 40, "tt_mib:"),
        ("depht", 3, "unknown option 'depht'"),
    ],
)
def test_bad_options_name_the_option_and_the_accepted_values(option, value, words):
    for game in (alphabeta.TicTacToe(), TutorialLike()):
        with pytest.raises(ValueError) as raised:
            alphabeta.search(game, **{option: value})
        assert str(raised.value).startswith(words), str(raised.value)


def test_mcts_searches_with_its_options():
    for game in (alphabeta.TicTacToe("xx.oo...."), TutorialLike()):
        result = alphabeta.search(game, algorithm="mcts", iterations=200, seed=3)
        assert result.level == "mcts" and result.move is not None
        again = alphabeta.search(game, algorithm="mcts", iterations=200, seed=3)
        assert again.to_dict() | {"time_ms": 0} == result.to_dict() | {"time_ms": 0}
    with pytest.raises(ValueError, match="iterations: 0 is out of range"):
        alphabeta.search(alphabeta.TicTacToe(), algorithm="mcts", iterations=0)
    with pytest.raises(ValueError, match="seed: invalid value: integer `-1`"):
        alphabeta.search(alphabeta.TicTacToe(), algorithm="mcts", seed=-1)


def test_wrongly_typed_options_raise_type_errors():
    with pytest.raises(TypeError):
        alphabeta.search(alphabeta.TicTacToe(), depth="3")
    with pytest.raises(TypeError):
        alphabeta.search(alphabeta.TicTacToe(), algorithm=3)


def test_a_finished_game_has_no_move():
    result = alphabeta.search(alphabeta.TicTacToe("xxxoo...."))
    assert result.move is None and result.pv == [] and result.exact
    assert alphabeta.solve(alphabeta.TicTacToe("xxxoo....")).move is None
    assert alphabeta.analyse(alphabeta.TicTacToe("xxxoo....")) == {}


def test_weak_solves_examine_fewer_positions_than_strong_ones():
    # Test-set positions (Begin-Medium, Begin-Hard, Middle-Medium), solved without the book.
    for text in ("32751571231557", "3246313", "274552224131661"):
        strong = alphabeta.solve(alphabeta.Connect4(text), table_mib=16, no_book=True)
        weak = alphabeta.solve(alphabeta.Connect4(text), table_mib=16, weak=True, no_book=True)
        assert strong.exact and weak.exact and weak.level == "solve-weak"
        assert weak.value == (strong.value > 0) - (strong.value < 0)
        assert weak.nodes < strong.nodes, (text, weak.nodes, strong.nodes)
    assert alphabeta.solve(alphabeta.TicTacToe("xx.oo...."), weak=True).value == 1
    with pytest.raises(TypeError, match="weak"):
        alphabeta.solve(alphabeta.Connect4(), weak="yes")


def test_a_position_budget_stops_the_solver():
    # Begin-Medium, beyond the book: 174 thousand positions to solve.
    position = alphabeta.Connect4("32751571231557")
    for weak in (False, True):
        result = alphabeta.solve(position, nodes=1000, weak=weak, table_mib=16)
        assert result.value is None and not result.exact and result.aborted
        assert result.nodes == 1000
        assert result.words == "not known: not solved within the budget"
    solved = alphabeta.solve(position, nodes=10_000_000, table_mib=16)
    assert solved.exact and solved.value == -3 and 0 < solved.nodes <= 10_000_000


def test_solve_every_game():
    assert alphabeta.solve(alphabeta.TicTacToe()).outcome == "draw"
    four = alphabeta.solve(alphabeta.Connect4("44444455"))
    assert four.exact and four.outcome in ("win", "loss", "draw") and four.move is not None
    hare = alphabeta.solve(alphabeta.HareWolves())
    assert hare.exact and hare.outcome in ("win", "loss")
    tree = alphabeta.solve(alphabeta.Tree())
    assert tree.value == 4 and tree.move == "0"
    # (Connect Four's solver honours time budgets and the stop flag, not node budgets.)
    cut = alphabeta.solve(alphabeta.Connect4("2723117"), time=0.2, table_mib=16, no_book=True)
    assert cut.aborted and not cut.exact
    counted = alphabeta.solve(alphabeta.TicTacToe(), nodes=100)
    assert counted.aborted and not counted.exact


def test_analyse_gives_every_move_its_value():
    values = alphabeta.analyse(alphabeta.TicTacToe("xx.oo...."))
    assert list(values) == ["2", "5", "6", "7", "8"]
    assert values["2"] > 0 and values["5"] == 0 and values["6"] < 0
    searched = alphabeta.analyse(alphabeta.TicTacToe("xx.oo...."), algorithm="alphabeta", scoring="plain")
    assert searched == {"2": 1, "5": 0, "6": -1, "7": -1, "8": -1}
    start = alphabeta.analyse(alphabeta.TicTacToe())
    assert set(start.values()) == {0}
    shallow = alphabeta.analyse(alphabeta.Connect4(), algorithm="negamax", depth=3)
    assert len(shallow) == 7


def test_tree_traces_seed_001():
    result = alphabeta.tree([[4, 7, 5], [9, 2, 6], [3, 8, 5]])
    assert (result.value, result.move, result.leaves) == (4, 0, 9)
    assert result.leaves_looked_at == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [2, 0]]
    assert result.leaves_pruned == [[1, 2], [2, 1], [2, 2]]
    assert {"step": "cut", "path": [1], "skipped": [2]} in result.trace
    assert {"step": "enter", "path": [1], "alpha": 4, "beta": "+inf"} in result.trace
    assert result.trace[0] == {"step": "enter", "path": [], "alpha": "-inf", "beta": "+inf"}
    minimax = alphabeta.tree("[[4,7,5],[9,2,6],[3,8,5]]", algorithm="minimax")
    assert minimax.value == 4 and minimax.leaves_pruned == [] and len(minimax.leaves_looked_at) == 9
    assert alphabeta.tree([[6, 3, 9], [8, 1, 4], [7, 7, 2]]).to_dict()["value"] == 3
    assert len(alphabeta.tree([[6, 3, 9], [8, 1, 4], [7, 7, 2]]).leaves_looked_at) == 8
    strict = alphabeta.tree([[3, 3], [3, 1]], cut="strict")
    standard = alphabeta.tree([[3, 3], [3, 1]])
    assert len(strict.leaves_looked_at) > len(standard.leaves_looked_at)
    assert alphabeta.tree(alphabeta.Tree("[[1,2],[3]]")).value == 3


def test_tree_refuses_what_it_cannot_trace():
    with pytest.raises(ValueError, match="bad tree"):
        alphabeta.tree("[1,2")
    with pytest.raises(ValueError, match="minimax and alphabeta"):
        alphabeta.tree([1, 2], algorithm="negamax")
    with pytest.raises(ValueError, match="cut rule"):
        alphabeta.tree([1, 2], cut="sometimes")
    with pytest.raises(ValueError, match="at most 1000"):
        alphabeta.tree([1] * 1001)
    with pytest.raises(TypeError):
        alphabeta.tree([1, "2"])
    with pytest.raises(TypeError):
        alphabeta.tree(None)


def test_searches_accept_only_games():
    with pytest.raises(TypeError, match="legal_moves"):
        alphabeta.search(42)
    with pytest.raises(ValueError, match="level"):
        alphabeta.search(TutorialLike(), level="perfect")


class TutorialLike:
    """A two-move game: the side to move wins by taking 1."""

    def __init__(self):
        self.taken = []

    def legal_moves(self):
        return [1, 2]

    def play(self, move):
        self.taken.append(move)

    def undo(self, move):
        self.taken.pop()

    def outcome(self):
        if not self.taken:
            return None
        return "loss" if self.taken[-1] == 1 else "win"


def test_a_built_in_game_object_is_searched_from_threads_alike():
    import threading

    game = alphabeta.TicTacToe("x...o....")
    expected = alphabeta.search(game, algorithm="negamax")
    results = []
    threads = [threading.Thread(target=lambda: results.append(
        alphabeta.search(game, algorithm="negamax"))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [(r.move, r.value) for r in results] == [(expected.move, expected.value)] * 4


def test_a_built_in_game_without_options_plays_its_default_level():
    game = alphabeta.Connect4("4453366245")
    default = next(info["default_level"] for info in alphabeta.games() if info["name"] == "connect4")
    result = alphabeta.search(game)
    assert result.level == default, result.level
    assert result.move is not None


def test_multipv_gives_the_best_lines():
    # Tic-tac-toe: x wins at once with 2; every other move lets o win or draws at best.
    result = alphabeta.search(alphabeta.TicTacToe("xx.oo...."), algorithm="negamax", multipv=3)
    assert len(result.lines) == 3 and result.lines[0]["move"] == result.move == "2"
    values = [line["value"] for line in result.lines]
    assert values == sorted(values, reverse=True) and values[0] > values[1]
    assert len({line["move"] for line in result.lines}) == 3
    chess = alphabeta.search(alphabeta.Game("chess"), depth=3, multipv=4)
    assert len(chess.lines) == 4 and chess.lines[0]["pv"] == chess.pv
    assert all(line["pv"][0] == line["move"] and line["score_text"] for line in chess.lines)
    assert alphabeta.search(alphabeta.Game("chess"), depth=2).lines == []
    with pytest.raises(ValueError, match="multipv: 0 is out of range"):
        alphabeta.search(alphabeta.Game("chess"), multipv=0)
