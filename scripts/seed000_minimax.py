#!/usr/bin/env python3
"""Seed 000's Python minimax (its Game class: is_end, max, min), unchanged in substance, timed
on the empty board: the seed's own program as the speed reference on this machine.

    python3 scripts/seed000_minimax.py [runs]
"""
import sys
import time


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


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    times = []
    for _ in range(runs):
        game = Game()
        start = time.perf_counter()
        (m, qx, qy) = game.min()
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"seed 000 minimax: recommended X = {qx}, Y = {qy}, value {m}, {game.count} calls "
          f"(549,945 positions + the root), median {times[len(times) // 2]:.3f} s of {runs} runs")


if __name__ == "__main__":
    main()
