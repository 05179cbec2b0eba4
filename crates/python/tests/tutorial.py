"""The tutorials' tic-tac-toe, written as a plain Python class (as seed 002 does), with the
protocol the Rust engine searches: legal_moves(), play(move), undo(move), outcome(), and
optionally evaluate(), order_moves(moves) and key()."""

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe:
    """Nine cells, 0-8 row by row; x moves first."""

    def __init__(self, board=None):
        self.board = list(board) if board is not None else [" "] * 9
        xs, os = self.board.count("x"), self.board.count("o")
        self.player = "x" if xs == os else "o"

    def legal_moves(self):
        return [cell for cell in range(9) if self.board[cell] == " "]

    def play(self, cell):
        self.board[cell] = self.player
        self.player = "o" if self.player == "x" else "x"

    def undo(self, cell):
        self.board[cell] = " "
        self.player = "o" if self.player == "x" else "x"

    def outcome(self):
        # The opponent has just moved: a line of theirs means the side to move lost.
        board = self.board
        for a, b, c in LINES:
            if board[a] != " " and board[a] == board[b] == board[c]:
                return "loss"
        if " " not in board:
            return "draw"
        return None

    def __str__(self):
        return "\n".join(" ".join(c if c != " " else "." for c in self.board[r:r + 3]) for r in (0, 3, 6))


class KeyedTicTacToe(TicTacToe):
    """The same game with a position key for the transposition table: the board as base-3
    digits (x = 1, o = 2), kept up to date by play and undo."""

    POWERS = [3 ** cell for cell in range(9)]

    def __init__(self, board=None):
        super().__init__(board)
        self.code = sum((0 if c == " " else 1 if c == "x" else 2) * p for c, p in zip(self.board, self.POWERS))

    def play(self, cell):
        player = self.player
        self.board[cell] = player
        if player == "x":
            self.code += self.POWERS[cell]
            self.player = "o"
        else:
            self.code += 2 * self.POWERS[cell]
            self.player = "x"

    def undo(self, cell):
        self.board[cell] = " "
        if self.player == "o":
            self.code -= self.POWERS[cell]
            self.player = "x"
        else:
            self.code -= 2 * self.POWERS[cell]
            self.player = "o"

    def key(self):
        return self.code

    def order_moves(self, moves):
        """Seed 001's ordering: the centre, then the corners, then the edges."""
        return sorted(moves, key=lambda cell: (cell != 4, cell not in (0, 2, 6, 8)))
