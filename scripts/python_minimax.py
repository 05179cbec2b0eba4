#!/usr/bin/env python3
"""Python minimax over the whole tic-tac-toe tree from the empty board (549,945 positions),
timed: the stand-in for the seeds' Python programs when comparing speed on this machine.

    python3 scripts/python_minimax.py [runs]

It times two programs:
- "seed 000": seed 000's own Game class (is_end, max, min), unchanged in substance;
- "lean": a plain list-based minimax with +1/0/-1 scores, as the seeds write it, without
  the class and tuple overheads.
"""
import sys
import time

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
count = [0]


def winner(board):
    for a, b, c in LINES:
        if board[a] != ' ' and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, maximizing):
    count[0] += 1
    won = winner(board)
    if won == 'x':
        return 1
    if won == 'o':
        return -1
    if ' ' not in board:
        return 0
    best = -2 if maximizing else 2
    for cell in range(9):
        if board[cell] == ' ':
            board[cell] = 'x' if maximizing else 'o'
            score = minimax(board, not maximizing)
            board[cell] = ' '
            best = max(best, score) if maximizing else min(best, score)
    return best


def best_move(board):
    best, move = -2, None
    for cell in range(9):
        if board[cell] == ' ':
            board[cell] = 'x'
            score = minimax(board, False)
            board[cell] = ' '
            if score > best:
                best, move = score, cell
    return move, best


class Game:
    def __init__(self):
        self.current_state = [['.', '.', '.'], ['.', '.', '.'], ['.', '.', '.']]
        self.count = 0

    def is_end(self):
        for i in range(0, 3):
            if (self.current_state[0][i] != '.' and
                    self.current_state[0][i] == self.current_state[1][i] and
                    self.current_state[1][i] == self.current_state[2][i]):
                return self.current_state[0][i]
        for i in range(0, 3):
            if self.current_state[i] == ['X', 'X', 'X']:
                return 'X'
            elif self.current_state[i] == ['O', 'O', 'O']:
                return 'O'
        if (self.current_state[0][0] != '.' and
                self.current_state[0][0] == self.current_state[1][1] and
                self.current_state[0][0] == self.current_state[2][2]):
            return self.current_state[0][0]
        if (self.current_state[0][2] != '.' and
                self.current_state[0][2] == self.current_state[1][1] and
                self.current_state[0][2] == self.current_state[2][0]):
            return self.current_state[0][2]
        for i in range(0, 3):
            for j in range(0, 3):
                if self.current_state[i][j] == '.':
                    return None
        return '.'

    def max(self):
        self.count += 1
        maxv = -2
        px = None
        py = None
        result = self.is_end()
        if result == 'X':
            return (-1, 0, 0)
        elif result == 'O':
            return (1, 0, 0)
        elif result == '.':
            return (0, 0, 0)
        for i in range(0, 3):
            for j in range(0, 3):
                if self.current_state[i][j] == '.':
                    self.current_state[i][j] = 'O'
                    (m, min_i, min_j) = self.min()
                    if m > maxv:
                        maxv = m
                        px = i
                        py = j
                    self.current_state[i][j] = '.'
        return (maxv, px, py)

    def min(self):
        self.count += 1
        minv = 2
        qx = None
        qy = None
        result = self.is_end()
        if result == 'X':
            return (-1, 0, 0)
        elif result == 'O':
            return (1, 0, 0)
        elif result == '.':
            return (0, 0, 0)
        for i in range(0, 3):
            for j in range(0, 3):
                if self.current_state[i][j] == '.':
                    self.current_state[i][j] = 'X'
                    (m, max_i, max_j) = self.max()
                    if m < minv:
                        minv = m
                        qx = i
                        qy = j
                    self.current_state[i][j] = '.'
        return (minv, qx, qy)


def median_time(run, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2], result


def seed_000():
    game = Game()
    (value, qx, qy) = game.min()
    return f"recommended X = {qx}, Y = {qy}, value {value}, {game.count - 1} positions"


def lean():
    count[0] = 0
    move, value = best_move([' '] * 9)
    return f"move {move}, value {value}, {count[0]} positions"


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for name, run in [("seed 000", seed_000), ("lean", lean)]:
        seconds, result = median_time(run, runs)
        print(f"{name} python minimax: {result}, median {seconds:.3f} s of {runs} runs")


if __name__ == "__main__":
    main()
