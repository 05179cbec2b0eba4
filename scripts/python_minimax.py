#!/usr/bin/env python3
"""A plain-Python minimax over the whole tic-tac-toe tree from the empty board, as the seeds
write it (lists, win checks by rows/columns/diagonals, +1/0/-1 scores), timed.

It is the stand-in for the seeds' Python programs when comparing speed on this machine:
    python3 scripts/python_minimax.py [runs]
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


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    times = []
    for _ in range(runs):
        count[0] = 0
        start = time.perf_counter()
        move, value = best_move([' '] * 9)
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"python minimax: move {move}, value {value}, {count[0]} positions, "
          f"median {times[len(times) // 2]:.3f} s of {runs} runs")


if __name__ == "__main__":
    main()
