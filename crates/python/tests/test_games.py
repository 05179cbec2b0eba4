"""The built-in games, from the catalogue: positions, moves, drawings, pickling, bad input."""
import copy
import pickle
import xml.dom.minidom

import pytest

import alphabeta

NAMES = [info["name"] for info in alphabeta.games()]


def test_the_catalogue_lists_every_game():
    infos = alphabeta.games()
    assert {"tictactoe", "connect4", "hare-wolves", "tree"} <= set(NAMES)
    for info in infos:
        assert info["title"] and len(info["sides"]) == 2 and info["levels"]
        assert info["default_level"] in [level["name"] for level in info["levels"]]


@pytest.mark.parametrize("name", NAMES)
def test_every_catalogue_game_plays_through_the_generic_class(name):
    game = alphabeta.Game(name)
    assert game.name == name
    assert not game.is_over() and game.result is None and game.winner is None
    start_text, start_side = game.text, game.to_move
    assert game.to_move in alphabeta.games()[NAMES.index(name)]["sides"]
    moves = game.legal_moves()
    assert moves and all(isinstance(move, str) for move in moves)
    played = game.play(moves[0])
    assert game.moves == [played]
    assert game.text != start_text or game.to_move != start_side
    # The text reads back as the same position.
    again = alphabeta.Game(name, game.text)
    assert again == game and again.legal_moves() == game.legal_moves()
    assert game.undo() == played
    assert (game.text, game.to_move) == (start_text, start_side)
    with pytest.raises(IndexError):
        game.undo()
    assert isinstance(str(game), str) and str(game)
    svg = game._repr_svg_()
    xml.dom.minidom.parseString(svg)  # well-formed
    assert svg.startswith("<svg")


@pytest.mark.parametrize("name", NAMES)
def test_every_game_pickles_as_its_text(name):
    game = alphabeta.Game(name)
    game.play(game.legal_moves()[-1])
    back = pickle.loads(pickle.dumps(game))
    assert type(back) is alphabeta.Game and back == game and back.text == game.text
    assert copy.deepcopy(game) == game and copy.copy(game).moves == game.moves


def test_named_classes_are_the_catalogue_games():
    ttt = alphabeta.TicTacToe("xx.oo....")
    assert ttt.name == "tictactoe" and ttt.to_move == "x"
    assert ttt.legal_moves() == ["2", "5", "6", "7", "8"]
    assert repr(ttt) == "alphabeta.TicTacToe('xx.oo....')"
    assert ttt.board["kind"] == "grid" and ttt.board["cells"][:2] == ["x", "x"]
    ttt.play(2)  # an int is its text
    assert ttt.is_over() and ttt.result == "x wins" and ttt.winner == "x" and ttt.legal_moves() == []
    four = alphabeta.Connect4("4453")
    assert four.name == "connect4" and four.text == "4453" and len(four.legal_moves()) == 7
    four.play("4")
    assert four.text == "44534"
    hare = alphabeta.HareWolves()
    assert hare.name == "hare-wolves" and hare.to_move in ("hare", "wolves")
    tree = alphabeta.Tree()
    assert tree.legal_moves() == ["0", "1", "2"]
    for game in (alphabeta.TicTacToe("x........"), four, hare, tree):
        back = pickle.loads(pickle.dumps(game))
        assert type(back) is type(game) and back == game
    assert alphabeta.Game("ttt").name == "tictactoe"  # aliases


def test_a_finished_game_draws_and_reports_the_draw():
    game = alphabeta.TicTacToe("xoxxoooxx")
    assert game.is_over() and game.result == "draw" and game.winner is None


def test_illegal_moves_raise_the_commands_message():
    game = alphabeta.TicTacToe("xx.oo....")
    with pytest.raises(ValueError, match=r"^illegal move: cell 0 \(row 0 column 0\) is taken"):
        game.play("0")
    with pytest.raises(ValueError, match="illegal move"):
        game.play("9")
    with pytest.raises(ValueError, match="illegal move"):
        game.play("banana" * 50)
    with pytest.raises(TypeError):
        game.play(None)
    assert game.text == "xx.oo...." and game.moves == []  # unchanged
    four = alphabeta.Connect4("444444")
    with pytest.raises(ValueError, match="illegal move"):
        four.play("4")
    over = alphabeta.TicTacToe("xxxoo....")
    with pytest.raises(ValueError, match="the game is over"):
        over.play("5")


def test_bad_positions_and_names_raise_value_errors():
    with pytest.raises(ValueError, match="bad position"):
        alphabeta.TicTacToe("xxxxxxxxx")
    with pytest.raises(ValueError, match="bad position"):
        alphabeta.Connect4("8")
    with pytest.raises(ValueError, match="bad position"):
        alphabeta.HareWolves("nonsense")
    with pytest.raises(ValueError, match="bad position"):
        alphabeta.Tree("[1,2")
    for fen in ["kK6/8/8/8/8/8/P7/8 w - - 0 1", "k7/1K6/8/8/8/8/P7/8 w - - 0 1"]:
        with pytest.raises(ValueError, match="bad position: .* stand on adjacent squares"):
            alphabeta.Game("chess", fen)
    with pytest.raises(ValueError, match=r"unknown game 'chequers' \(expected one of: tictactoe"):
        alphabeta.Game("chequers")
    with pytest.raises(ValueError, match="bad position"):
        alphabeta.Game("tictactoe", "x" * 100_000)
    with pytest.raises(TypeError):
        alphabeta.Game(3)
    with pytest.raises(TypeError):
        alphabeta.TicTacToe(123)


@pytest.mark.parametrize("text", ["", " ", "\x00", "é" * 70, "[[[[[[[[", "x" * 9000, "1" * 50])
@pytest.mark.parametrize("name", NAMES)
def test_arbitrary_text_never_crashes(name, text):
    try:
        game = alphabeta.Game(name, text)
    except ValueError as error:
        assert len(str(error)) < 400
    else:
        assert isinstance(game.legal_moves(), list)


def test_sides_and_starters():
    game = alphabeta.Game("tictactoe", first="o")
    assert game.to_move == "o"
    with pytest.raises(ValueError):
        alphabeta.Game("tictactoe", first="z")
    with pytest.raises(ValueError):
        alphabeta.Game("tictactoe", to_move="x")
    assert alphabeta.TicTacToe("xo.......", to_move="x").to_move == "x"


def test_positions_travel_to_other_processes():
    from concurrent.futures import ProcessPoolExecutor

    positions = [alphabeta.TicTacToe("xx.oo...."), alphabeta.Connect4("44444455"), alphabeta.TicTacToe()]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(alphabeta.solve, positions))
    assert [result.move for result in results] == [alphabeta.solve(p).move for p in positions]
    assert results[0].outcome == "win" and results[2].outcome == "draw"


def test_random_texts_and_moves_never_crash():
    import random

    rng = random.Random(13)
    alphabet = "xo.XO 0123456789[],-:;HW/abcdefgh\n\té\x00"
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))
        for name in NAMES:
            try:
                game = alphabeta.Game(name, text)
            except ValueError:
                continue
            try:
                game.play(text)
            except ValueError as error:
                assert str(error).startswith("illegal move")
