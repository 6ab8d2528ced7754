"""A run on processes holds the leaving signals while it hands out a game: one that arrives then is acted on
after, never in the middle of starting a worker (which the run would then not know to stop); and a run it
stops leaves nothing of its pool running for the program's exit to meet."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from tabletop.lab import ProcessLab
from tabletop.lab.processes import _leaving_signals_held

HELD_SECONDS = 0.3
"""How long the test stays inside the held section after the signal was sent: ample time for Python to run a
handler that was not held."""


class Left(Exception):
    """What the test's handler raises: the signal was acted on."""


@pytest.fixture
def hangup_raises() -> Iterator[None]:
    """SIGHUP (a closed terminal, one of the leaving signals) raises :class:`Left` while the test runs."""

    def leave(signum: int, frame: object) -> None:
        raise Left

    before = signal.signal(signal.SIGHUP, leave)
    yield
    signal.signal(signal.SIGHUP, before)


def test_a_signal_sent_from_another_thread_waits_until_the_signals_are_let_go(hangup_raises: None) -> None:
    # Blocking the signal in this thread alone is not enough: the kernel gives it to the other thread,
    # and Python runs the handler here at once.
    inside = threading.Event()
    sent = threading.Event()

    def send() -> None:
        inside.wait()
        os.kill(os.getpid(), signal.SIGHUP)
        sent.set()

    handler = signal.getsignal(signal.SIGHUP)
    finished_inside = False
    sender = threading.Thread(target=send)
    sender.start()
    with pytest.raises(Left), _leaving_signals_held():
        inside.set()
        sent.wait(5)
        deadline = time.monotonic() + HELD_SECONDS
        while time.monotonic() < deadline:  # Python work, where a pending handler would run
            pass
        finished_inside = True
    sender.join()
    assert finished_inside  # Left came after the held section, not in the middle of it
    assert signal.getsignal(signal.SIGHUP) is handler


SLOW_CLOSE_SECONDS = 1.0
"""How long the pool's own thread takes to close its wake-up pipe in the test: longer than a worker is given
to end (``STOP_SECONDS``), as on a busy machine."""


def test_a_closed_run_has_left_no_pool_thread_for_the_exit_to_meet(monkeypatch: pytest.MonkeyPatch) -> None:
    # Python 3.11's exit writes to the wake-up pipe of every pool thread still there, unguarded: one closing
    # that pipe at the same moment printed an error after the program's goodbye.
    from concurrent.futures import process

    wakeups: list[process._ThreadWakeup] = []
    close = process._ThreadWakeup.close

    def slow_close(self: process._ThreadWakeup) -> None:
        wakeups.append(self)
        time.sleep(SLOW_CLOSE_SECONDS)
        close(self)

    monkeypatch.setattr(process._ThreadWakeup, "close", slow_close)
    lab = ProcessLab(2)
    games = lab.run(time.sleep, [(0.05,)] * 1000)
    next(games)  # the workers are playing
    lab.close()
    closed = [wakeup._closed for wakeup in wakeups]
    assert closed == [True]
