"""Game-tree search in Rust, for Python.

The built-in games (tic-tac-toe, Connect Four, hare and wolves, explicit trees, and every
game added to the catalogue later) are searched natively::

    >>> import alphabeta
    >>> game = alphabeta.TicTacToe("xx.oo....")
    >>> alphabeta.search(game).move
    '2'

and so is your own game, written in Python: any object with ``legal_moves()``,
``play(move)``, ``undo(move)`` and ``outcome()`` (``"win"``, ``"loss"`` or ``"draw"`` for the
side to move, or ``None`` while the game goes on), optionally ``evaluate()``,
``order_moves(moves)`` and ``key()``, is searched by the Rust engine with every technique
(alpha-beta, move ordering, the transposition table, budgets, statistics)::

    alphabeta.search(MyGame(), algorithm="alphabeta")

Results carry the fields of the JSON contract that the ``alphabeta`` command and the web
server print: ``move``, ``value``, ``outcome``, ``plies``, ``winner``, ``exact``, ``nodes``,
``evaluations``, ``cutoffs``, ``tt_hits``, ``tablebase_hits``, ``depth``, ``time_ms``,
``pv``, ``aborted``, and the same in people's words: ``score_text``, ``move_words``, ``pv_words``.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Dict, Hashable, Iterable, Iterator, List, Optional, Protocol, Tuple, Union

from . import _native

__all__ = [
    "Game",
    "GameProtocol",
    "TicTacToe",
    "Connect4",
    "HareWolves",
    "Tree",
    "SearchResult",
    "TreeResult",
    "games",
    "search",
    "solve",
    "analyse",
    "tree",
]

__version__: str = _native.__version__


class GameProtocol(Protocol):
    """What a Python game needs for the Rust engine to search it (a typing protocol: no
    need to inherit from it). ``evaluate()``, ``order_moves(moves)`` and ``key()`` are
    optional:

    - ``evaluate() -> int``: a heuristic value for the side to move (higher is better,
      within +-100,000), used at the depth limit and on positions with no move;
    - ``order_moves(moves) -> list``: the same moves, best first (``order="game"``);
    - ``key() -> Hashable``: equal keys for equal positions with the same side to move
      (negamax's transposition table). Ints are used as they are, other values are
      numbered; return the same kind of key for every position.
    """

    def legal_moves(self) -> Iterable[Hashable]:
        """The moves of the side to move (hashable values), in the game's natural order."""
        ...

    def play(self, move: Any) -> Any:
        """Plays a move that ``legal_moves()`` returned (the engine never plays another)."""
        ...

    def undo(self, move: Any) -> Any:
        """Takes back ``move``, the last move played."""
        ...

    def outcome(self) -> Optional[str]:
        """``"win"``, ``"loss"`` or ``"draw"`` for the side to move when the game is over,
        else ``None``."""
        ...


AnyGame = Union["Game", GameProtocol]


def games() -> List[Dict[str, Any]]:
    """Every built-in game: ``name``, ``aliases``, ``title``, ``sides``, ``levels``, ``rules``,
    ``move_help`` and ``position_help``, as the ``alphabeta games`` command lists them."""
    return _native.games()


class Game:
    """A position of a built-in game, with its history.

    ``Game(name, text=None)``: ``name`` is any name of :func:`games` (or an alias, such as
    ``"ttt"``); ``text`` is a position in the game's notation (the start when ``None``), as
    the ``alphabeta`` command reads it. ``to_move`` names the side to move when the text does
    not say it; ``first`` the side that starts when ``text`` is ``None``.

    Positions pickle as their game's name and text (the history of moves is not kept), so
    batches of positions can be spread over processes.
    """

    __slots__ = ("_name", "_views", "_played")

    def __init__(
        self,
        name: str,
        text: Optional[str] = None,
        *,
        to_move: Optional[str] = None,
        first: Optional[str] = None,
    ) -> None:
        if not isinstance(name, str):
            raise TypeError(f"the game's name must be a str, not {type(name).__name__}")
        if text is None:
            if to_move is not None:
                raise ValueError("to_move is read with a position text; give first= to choose who starts")
            view = _native.start(name, first)
        else:
            if not isinstance(text, str):
                raise TypeError(f"the position must be a str, not {type(text).__name__}")
            if first is not None:
                raise ValueError("first= chooses who starts the starting position; with a text, use to_move=")
            view = _native.position(name, text, to_move)
        self._name: str = view["game"]
        self._views: List[Dict[str, Any]] = [view]
        self._played: List[str] = []

    @property
    def _view(self) -> Dict[str, Any]:
        return self._views[-1]

    @property
    def name(self) -> str:
        """The game's name in the catalogue (``"tictactoe"``, ``"connect4"``, ...)."""
        return self._name

    @property
    def text(self) -> str:
        """The position in the game's notation (``Game(name, text)`` reads it back)."""
        return str(self._view["position"])

    @property
    def to_move(self) -> str:
        """The side to move (``"x"``, ``"o"``, ``"hare"``, ``"wolves"``, ...)."""
        return str(self._view["to_move"])

    @property
    def result(self) -> Optional[str]:
        """How the game ended (``"x wins"``, ``"draw"``), or ``None`` while it goes on."""
        result = self._view["result"]
        return None if result is None else result["words"]

    @property
    def winner(self) -> Optional[str]:
        """The side that won, or ``None`` (a draw, or the game goes on)."""
        result = self._view["result"]
        return None if result is None else result["winner"]

    @property
    def board(self) -> Dict[str, Any]:
        """The board as data: ``{"kind": "grid", "rows", "cols", "cells", ...}`` or a tree."""
        return dict(self._view["board"])

    @property
    def moves(self) -> List[str]:
        """The moves played on this object since it was made (what :meth:`undo` takes back)."""
        return list(self._played)

    def legal_moves(self) -> List[str]:
        """The legal moves, as texts, in the game's natural order (empty when over)."""
        return [move["move"] for move in self._view["moves"]]

    def is_over(self) -> bool:
        """Whether the game is over (no legal move)."""
        return bool(self._view["over"])

    def play(self, move: Any) -> str:
        """Plays ``move`` (its text, or an int for games whose moves are numbers), checked:
        ``ValueError`` with the ``alphabeta`` command's message when it is not legal. Returns
        the move's canonical text."""
        if not isinstance(move, str):
            if isinstance(move, int) and not isinstance(move, bool):
                move = str(move)
            else:
                raise TypeError(f"a move is a str, not {type(move).__name__}")
        canonical, view = _native.play(self._name, self.text, move)
        self._views.append(view)
        self._played.append(canonical)
        return canonical

    def undo(self) -> str:
        """Takes back the last move played on this object and returns it; ``IndexError``
        when there is none."""
        if not self._played:
            raise IndexError("no move to undo: none was played on this object")
        self._views.pop()
        return self._played.pop()

    def copy(self) -> "Game":
        """An independent copy, with the same history."""
        other = object.__new__(type(self))
        other._name = self._name
        other._views = list(self._views)
        other._played = list(self._played)
        return other

    def __copy__(self) -> "Game":
        return self.copy()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.copy()

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        if type(self) is Game:
            return (Game, (self._name, self.text))
        return (type(self), (self.text,))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self._name, self.text, self.to_move) == (other._name, other.text, other.to_move)

    def __hash__(self) -> int:
        return hash((self._name, self.text, self.to_move))

    def __str__(self) -> str:
        return str(self._view["drawing"])

    def __repr__(self) -> str:
        if type(self) is Game:
            return f"alphabeta.Game({self._name!r}, {self.text!r})"
        return f"alphabeta.{type(self).__name__}({self.text!r})"

    def _repr_svg_(self) -> str:
        """The board as SVG (Jupyter draws it)."""
        return _svg(self._view["board"], self._view["drawing"])


class TicTacToe(Game):
    """Tic-tac-toe: ``TicTacToe(text=None)``, the text being nine cells row by row (``x``,
    ``o``, ``.``), e.g. ``"xx.oo...."``. Moves are cells ``"0"`` to ``"8"``."""

    __slots__ = ()

    def __init__(self, text: Optional[str] = None, *, to_move: Optional[str] = None) -> None:
        super().__init__("tictactoe", text, to_move=to_move)


class Connect4(Game):
    """Connect Four: ``Connect4(moves="")``, the position being the columns played, 1 to 7,
    from the empty board (``"4453"``). Moves are columns ``"1"`` to ``"7"``."""

    __slots__ = ()

    def __init__(self, moves: str = "") -> None:
        super().__init__("connect4", moves)


class HareWolves(Game):
    """Hare and wolves (seed 003): ``HareWolves(text=None)`` in the ``alphabeta`` command's
    notation (``alphabeta.games()`` shows it)."""

    __slots__ = ()

    def __init__(self, text: Optional[str] = None, *, to_move: Optional[str] = None) -> None:
        super().__init__("hare-wolves", text, to_move=to_move)


class Tree(Game):
    """An explicit game tree as nested lists, MAX to move at the root:
    ``Tree("[[4,7,5],[9,2,6],[3,8,5]]")``. Moves are child indices."""

    __slots__ = ()

    def __init__(self, text: str = "[[4,7,5],[9,2,6],[3,8,5]]") -> None:
        super().__init__("tree", text)


class SearchResult:
    """What a search or a solve found: the fields of the JSON contract.

    ``move`` (``None`` exactly when the game is over), ``value`` (for the side to move, in
    the game's scale; ``None`` when unknown), ``outcome`` (``"win"``, ``"loss"``, ``"draw"``
    when proven), ``plies`` (to the end under best play), ``winner``, ``exact``, ``nodes``,
    ``evaluations``, ``cutoffs``, ``tt_hits``, ``tablebase_hits`` (positions valued from
    endgame databases), ``depth``, ``time_ms``, ``pv`` (the principal variation), ``aborted`` (a budget ran out), and ``position``, ``to_move``, ``level``,
    ``method`` (how it was obtained: ``"search"``, ``"book"``, ``"table"``, ``"solver"``,
    ``"over"``), ``words`` (the value in words), and the value, move and line as people read
    them:
    ``score_text`` (chess: ``"+0.35"`` pawns, ``"mate in 3"``; other games: ``"+12"``,
    ``"win in 3 plies"``, ``"draw"``; ``None`` exactly when ``value`` is), ``move_words``
    (chess: SAN such as ``"Nf3"``; ``None`` exactly when ``move`` is) and ``pv_words`` (as
    long as ``pv``). With ``multipv=N`` above 1, ``lines``: the best N moves, best first,
    each a dict with ``move``, ``value``, ``words``, ``score_text``, ``pv``, ... (empty
    otherwise). For a Python game, moves are its own move objects, their words are
    ``str(move)``, and ``position``/``to_move`` are ``None``.
    """

    __slots__ = ("_fields",)

    #: The contract's field names, in order.
    FIELDS: Tuple[str, ...] = (
        "move", "value", "outcome", "plies", "winner", "exact", "nodes", "evaluations",
        "cutoffs", "tt_hits", "tablebase_hits", "depth", "time_ms", "pv", "aborted", "position",
        "to_move", "level", "words", "score_text", "move_words", "pv_words", "method", "lines",
    )

    def __init__(self, fields: Dict[str, Any]) -> None:
        self._fields = {name: fields.get(name) for name in self.FIELDS}
        self._fields["lines"] = list(self._fields["lines"] or [])

    def to_dict(self) -> Dict[str, Any]:
        """The fields as a dict (a copy), as the ``--json`` output names them."""
        fields = dict(self._fields)
        fields["pv"] = list(fields["pv"] or [])
        fields["pv_words"] = list(fields["pv_words"] or [])
        fields["lines"] = [dict(line) for line in fields["lines"]]
        return fields

    def __getattr__(self, name: str) -> Any:
        if name != "_fields" and name in self.FIELDS:
            return self._fields[name]
        raise AttributeError(f"'SearchResult' object has no attribute {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SearchResult):
            return NotImplemented
        return self._fields == other._fields

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (SearchResult, (self.to_dict(),))

    def __repr__(self) -> str:
        return (
            f"SearchResult(move={self.move!r}, value={self.value!r}, outcome={self.outcome!r}, "
            f"exact={self.exact!r}, nodes={self.nodes!r}, words={self.words!r})"
        )


class TreeResult:
    """A traced search of an explicit tree: ``value`` (for MAX), ``move`` (the root's best
    child), ``pv``, ``leaves`` (how many), ``leaves_looked_at`` and ``leaves_pruned`` (paths
    of child indices), ``nodes``, ``cutoffs`` and ``trace`` (a list of dicts: ``step`` is
    ``"enter"``, ``"leaf"``, ``"return"`` or ``"cut"``, with ``path``, ``alpha``, ``beta``,
    ``value``, ``child``, ``skipped`` as the page's explorer shows them)."""

    __slots__ = ("value", "move", "pv", "leaves", "leaves_looked_at", "leaves_pruned",
                 "nodes", "cutoffs", "trace", "algorithm", "tree")

    def __init__(self, view: Dict[str, Any]) -> None:
        looked_at = [list(path) for path in view["visited_leaves"]]
        seen = {tuple(path) for path in looked_at}
        all_leaves = [node["path"] for node in view["nodes"] if node["leaf"] is not None]
        self.value: Any = view["value"]
        self.move: Optional[int] = view["best_move"]
        self.pv: List[int] = view["pv"]
        self.leaves: int = view["leaves"]
        self.leaves_looked_at: List[List[int]] = looked_at
        self.leaves_pruned: List[List[int]] = [p for p in all_leaves if tuple(p) not in seen]
        self.nodes: int = view["nodes_examined"]
        self.cutoffs: int = view["cutoffs"]
        self.trace: List[Dict[str, Any]] = view["events"]
        self.algorithm: str = view["algorithm"]
        self.tree: str = view["tree"]

    def to_dict(self) -> Dict[str, Any]:
        """The fields as a dict."""
        return {name: getattr(self, name) for name in self.__slots__}

    def __repr__(self) -> str:
        return (
            f"TreeResult(value={self.value!r}, move={self.move!r}, "
            f"leaves_looked_at={len(self.leaves_looked_at)} of {self.leaves})"
        )


def search(game: AnyGame, **options: Any) -> SearchResult:
    """Searches ``game`` (a built-in :class:`Game`, or any object with the game protocol) and
    returns the best move with what the search found.

    The keyword arguments are the search options every front end shares (``alphabeta best
    --help`` lists them, with ``_`` for ``-``): ``level`` (a built-in game's level; its
    default level when no option is given), or a search: ``algorithm`` (``"minimax"``,
    ``"alphabeta"``, ``"negamax"``, the default, or ``"mcts"``), ``scoring`` (``"depth"``,
    the default, or ``"plain"``), ``order`` (``"natural"`` or ``"game"``), ``cut``,
    ``tie_break``, ``stop_at_win``, ``deepening``, ``multipv`` (the best N moves in
    ``lines``), and MCTS's ``iterations``, ``playout``,
    ``exploration``, ``seed``, ``no_solver``; budgets ``depth`` (plies), ``time`` (seconds)
    or ``time_ms``, ``nodes`` (``None``: no limit; a search stopped by one returns the best
    move found so far, ``aborted=True``); ``tt_mib`` (the table, 64 MiB by default),
    ``threads``. A Python game is always searched (negamax unless ``algorithm`` says
    otherwise).

    Native searches release the GIL; Ctrl-C stops them (``KeyboardInterrupt``). A bad value
    raises ``ValueError`` naming the option and the accepted values; a value of the wrong
    type ``TypeError``. A built-in game may be searched from several threads at once (each
    search reads its own copy of the position); a Python game object is played on by its
    search, so a second search of the same object while one runs raises ``RuntimeError``
    (search a ``copy.deepcopy`` of it instead).
    """
    if isinstance(game, Game):
        return SearchResult(_native.best(game.name, game.text, options))
    if options.get("level") is not None:
        raise ValueError("level: levels belong to the built-in games; search a Python game with algorithm=, depth=, ...")
    with _searching(game):
        return SearchResult(_native.search_object(game, options))


_BUSY_LOCK = threading.Lock()
_BUSY: set = set()


@contextlib.contextmanager
def _searching(game: Any) -> Iterator[None]:
    """Marks a Python game object as being searched (its search plays moves on it) for the
    time of the block; a second search of it meanwhile raises ``RuntimeError``."""
    key = id(game)
    with _BUSY_LOCK:
        if key in _BUSY:
            raise RuntimeError(
                "this game object is being searched by another thread (its search plays moves "
                "on it); search a copy: copy.deepcopy(game)")
        _BUSY.add(key)
    try:
        yield
    finally:
        with _BUSY_LOCK:
            _BUSY.discard(key)


def solve(game: AnyGame, weak: bool = False, **options: Any) -> SearchResult:
    """The exact value of ``game`` and a principal variation: the game's own solver for a
    built-in game, negamax with the table and depth-aware scores for a Python game.
    The budgets (``time``, ``nodes``, ``depth``) of :func:`search` apply: a solve they cut
    short is not exact; ``tt_mib`` sizes the table. ``weak`` asks for the winner only (win,
    draw or loss, a value of 1, 0 or -1 and one move that keeps it): faster where the game's
    solver has such a mode (Connect Four), the plain win/draw/loss search for a Python game."""
    if not isinstance(weak, bool):
        raise TypeError(f"weak: expected True or False, not {type(weak).__name__}")
    if isinstance(game, Game):
        return SearchResult(_native.solve(game.name, game.text, options, weak))
    if weak:
        options = dict(options, scoring="plain")
    with _searching(game):
        report = _native.search_object(game, options)
    report["level"] = "solve-weak" if weak else "solve"
    return SearchResult(report)


def analyse(game: AnyGame, **options: Any) -> Dict[Hashable, Optional[int]]:
    """Every legal move of ``game`` with its value for the side to move, in the game's
    order: a dict move -> value (``None`` when a budget left it unknown). Exact by default
    (the game's solver); with search options (``algorithm``, ...), each move is searched
    with the options of :func:`search`. An empty dict when the game is over."""
    if isinstance(game, Game):
        analysis = _native.analyse(game.name, game.text, options)
        values: Dict[Hashable, Optional[int]] = {}
        for move in analysis["moves"]:
            values[move["move"]] = move["value"]
        return values
    with _searching(game):
        return dict(_native.analyse_object(game, options))


def tree(tree: Any, algorithm: str = "alphabeta", cut: str = "standard") -> TreeResult:
    """Minimax or alpha-beta on an explicit tree, traced step by step as seed 001 draws it.

    ``tree`` is nested lists of ints (``[[4, 7, 5], [9, 2, 6], [3, 8, 5]]``) or their text;
    MAX moves at the root. ``algorithm`` is ``"alphabeta"`` or ``"minimax"``; ``cut`` is
    alpha-beta's rule, ``"standard"``, ``"strict"`` or ``"none"``."""
    if isinstance(tree, Tree):
        text = tree.text
    elif isinstance(tree, str):
        text = tree
    elif isinstance(tree, (list, tuple, int)) and not isinstance(tree, bool):
        text = _tree_text(tree)
    else:
        raise TypeError(f"a tree is nested lists of ints or their text, not {type(tree).__name__}")
    return TreeResult(_native.tree(text, algorithm, cut))


def _tree_text(tree: Any) -> str:
    if isinstance(tree, bool) or not isinstance(tree, (int, list, tuple)):
        raise TypeError(f"a tree holds lists and ints, not {type(tree).__name__}")
    if isinstance(tree, int):
        return str(tree)
    return "[" + ",".join(_tree_text(child) for child in tree) + "]"


_PIECES = {
    "x": ("#1f5fbf", "x"),
    "o": ("#c0392b", "o"),
    "hare": ("#8e5b2e", "H"),
    "wolf": ("#333333", "W"),
    "red": ("#d62828", ""),
    "yellow": ("#f4c430", ""),
}


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _svg(board: Dict[str, Any], drawing: str) -> str:
    """A simple SVG of a grid board; other boards as their text drawing."""
    if board.get("kind") != "grid":
        lines = drawing.splitlines() or [""]
        height = 16 * len(lines) + 8
        width = 8 * max(len(line) for line in lines) + 8
        body = "".join(
            f'<text x="4" y="{16 * (i + 1)}" font-family="monospace" font-size="13">{_escape(line)}</text>'
            for i, line in enumerate(lines)
        )
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">{body}</svg>'
    rows, cols, cells = board["rows"], board["cols"], board["cells"]
    size, margin = 40, 20
    width, height = cols * size + 2 * margin, rows * size + 2 * margin
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for index, token in enumerate(cells):
        row, col = divmod(index, cols)
        x, y = margin + col * size, margin + row * size
        dark = board.get("checkered") and (row + col) % 2 == 1
        fill = "#b58863" if dark else "#f0d9b5" if board.get("checkered") else "#fafafa"
        parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" stroke="#555"/>')
        if token:
            colour, letter = _PIECES.get(token, ("#444444", token[:1].upper()))
            cx, cy = x + size // 2, y + size // 2
            if letter:
                parts.append(f'<text x="{cx}" y="{cy + 9}" text-anchor="middle" font-family="sans-serif" '
                             f'font-size="26" font-weight="bold" fill="{colour}">{_escape(letter)}</text>')
            else:
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="{size // 2 - 4}" fill="{colour}" stroke="#333"/>')
    for col, label in enumerate(board.get("col_labels") or []):
        parts.append(f'<text x="{margin + col * size + size // 2}" y="{height - 5}" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="12">{_escape(label)}</text>')
    for row, label in enumerate(board.get("row_labels") or []):
        parts.append(f'<text x="{margin // 2}" y="{margin + row * size + size // 2 + 4}" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="12">{_escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)
