"""Ctrl-C stops native searches (which run without the GIL) and searches of Python games:
KeyboardInterrupt, promptly. `_thread.interrupt_main` raises the same pending SIGINT that
Ctrl-C raises."""
import _thread
import signal
import threading
import time

import pytest

import alphabeta
from tutorial import TicTacToe


def interrupted(run, after=0.3):
    """Runs `run` with a Ctrl-C `after` seconds; returns the seconds from the Ctrl-C until
    KeyboardInterrupt reached the caller."""
    sent = []

    def press():
        time.sleep(after)
        sent.append(time.perf_counter())
        _thread.interrupt_main()

    # Python's own handler, whatever the test runner inherited: a process started in the
    # background by a non-interactive shell ignores SIGINT, and then `interrupt_main` (like
    # Ctrl-C) does nothing and the search would never end.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    presser = threading.Thread(target=press)
    presser.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run()
            time.sleep(60)  # should the search end first, the interrupt lands here: a failure
        stopped = time.perf_counter()
    finally:
        presser.join()
        signal.signal(signal.SIGINT, previous)
    assert sent, "the search ended before the Ctrl-C"
    return stopped - sent[0]


# Generous bounds (a loaded host): they catch a search that ignores Ctrl-C, not a slow one.
PROMPT = 5.0


def test_ctrl_c_stops_a_native_search():
    latency = interrupted(lambda: alphabeta.search(alphabeta.Connect4(), algorithm="minimax"))
    assert latency < PROMPT


def test_ctrl_c_stops_a_native_solve():
    # Seven stones without the book: 21 M positions, seconds of search (whatever the book's depth).
    latency = interrupted(lambda: alphabeta.solve(alphabeta.Connect4("2723117"), no_book=True))
    assert latency < PROMPT


def test_ctrl_c_stops_a_search_of_a_python_game():
    class Endless(TicTacToe):
        def outcome(self):
            return None if " " in self.board else "draw"

    latency = interrupted(lambda: alphabeta.search(Endless(), algorithm="minimax"), after=0.2)
    assert latency < PROMPT


def test_native_searches_release_the_gil():
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        alphabeta.search(alphabeta.Connect4(), algorithm="minimax", time=0.5)
    finally:
        done.set()
        counter.join()
    # The other thread ran while the search did (it could not with the GIL held).
    assert len(ticks) > 20


def test_the_package_still_works_after_an_interrupt():
    interrupted(lambda: alphabeta.search(alphabeta.Connect4(), algorithm="minimax"), after=0.1)
    assert alphabeta.search(alphabeta.TicTacToe("xx.oo....")).move == "2"
