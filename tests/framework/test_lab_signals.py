"""A run on processes holds the leaving signals while it hands out a game: one that arrives then is acted on
after, never in the middle of starting a worker (which the run would then not know to stop)."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

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
