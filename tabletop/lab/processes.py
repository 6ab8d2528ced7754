"""Games played on processes of this machine: :class:`ProcessLab`, whose workers never outlive the run."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from tabletop.lab.base import LEAVING_SIGNALS, Lab, R, always, capped_workers, report_on_stderr
from tabletop.lab.errors import LabError


class ProcessLab(Lab):
    """Processes on this machine (a :class:`~concurrent.futures.ProcessPoolExecutor`); one worker plays in this process.

    There are at most as many workers as processors (:func:`capped_workers`), and
    at most one game per worker is handed out at a time. The workers leave
    Ctrl-C and a closed terminal to this process: on any interrupt or error here,
    :meth:`close` (or the end of :meth:`run`) terminates them at once, so no
    worker outlives the run. On Linux a worker also ends if this process is killed.
    """

    name = "processes"

    def __init__(
        self,
        workers: int | None = None,
        *,
        inline: bool | None = None,
        report: Callable[[str], None] = report_on_stderr,
    ) -> None:
        self.workers = capped_workers(workers or 1, report)
        self.inline = self.workers == 1 if inline is None else inline
        self._pool: ProcessPoolExecutor | None = None

    def run(
        self, fn: Callable[..., R], calls: Sequence[tuple[Any, ...]], *, more: Callable[[], bool] = always
    ) -> Iterator[tuple[int, R]]:
        """``fn(*calls[i])`` for every ``i``, here or on a pool of :attr:`workers` processes (see :meth:`Lab.run`)."""
        if self.inline:
            for i, args in enumerate(calls):
                if not more():
                    return
                yield i, fn(*args)
            return
        todo = deque(range(len(calls)))
        pool = self._pool = ProcessPoolExecutor(
            max_workers=self.workers, initializer=_start_worker, initargs=(os.getpid(),)
        )
        running: dict[Future[R], int] = {}
        try:
            while (todo and more()) or running:
                while todo and more() and len(running) < self.workers:
                    i = todo.popleft()
                    with _leaving_signals_held():  # a worker forked now starts with them held, until it ignores them
                        running[pool.submit(fn, *calls[i])] = i
                finished: set[Future[R]] = set()
                while not finished:
                    # A short wait, again and again: a signal's handler runs here within POLL_SECONDS,
                    # even when the signal was delivered to another thread.
                    finished, _ = wait(running, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in finished:
                    i = running.pop(future)
                    try:
                        result = future.result()
                    except BrokenProcessPool:
                        raise LabError(
                            f"a worker process ended while playing game {i + 1} (killed, or out of memory?);"
                            " the run stopped"
                        ) from None
                    yield i, result
        except BaseException:
            self.close()  # an interrupt, a leaving signal, an error: no worker goes on playing
            raise
        self._pool = None
        pool.shutdown(wait=True)

    def close(self) -> None:
        """Terminate the workers of a run under way (none is left behind), at once."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # The executor has no public way to stop its workers before Python 3.14; its table of them is used.
        workers = dict(getattr(pool, "_processes", None) or {})
        manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it
        for process in workers.values():
            with contextlib.suppress(OSError, ValueError):  # already ended
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + STOP_SECONDS
        for process in workers.values():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(STOP_SECONDS)
        # The pool's manager thread closes its wake-up pipe as it ends; Python 3.11's exit may write to that
        # pipe at the same moment and print an error after the goodbye. Once the thread has ended, the exit
        # sees the pipe closed and leaves it alone. It is waited for without a bound, as the exit itself
        # waits for it: on a busy machine its last steps take longer than any bound would allow.
        if manager is not None:
            manager.join()


POLL_SECONDS = 0.1
"""How often a run on processes wakes while its games are played, to act on a signal."""
STOP_SECONDS = 0.5
"""How long a terminated worker is given to end before it is killed."""
PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when its parent ends."""


@contextlib.contextmanager
def _leaving_signals_held() -> Iterator[None]:
    """Hold the leaving signals for a moment: one that arrives is acted on when they are let go.

    Blocking a signal holds it for this thread only: while another thread runs (the progress bar's),
    Ctrl-C at the terminal is delivered to that one, and Python still runs the handler in this thread,
    in the middle of ``submit``, perhaps between the fork of a worker and the pool's note of it; then
    :meth:`ProcessLab.close` would not know that worker, and the exit would wait for it for ever. So the
    handlers are swapped too, for one that only notes the signal, raised again once they are let go.
    """
    main = threading.current_thread() is threading.main_thread()  # only there can a handler be set
    saved = {s: h for s in LEAVING_SIGNALS if (h := signal.getsignal(s)) is not None} if main else {}
    caught: list[int] = []
    before = None
    try:
        for signum in saved:
            signal.signal(signum, lambda signum, frame: caught.append(signum))
        if hasattr(signal, "pthread_sigmask"):
            before = signal.pthread_sigmask(signal.SIG_BLOCK, LEAVING_SIGNALS)
        yield
    finally:
        if before is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        for signum, handler in saved.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(caught):
            signal.raise_signal(signum)


def _start_worker(parent: int) -> None:
    """Set up a worker process: Ctrl-C and a closed terminal are its parent's to handle; ``kill`` ends it.

    It was forked with the leaving signals held and this program's handlers; a
    Ctrl-C sent to the whole terminal while it started is dropped here, and
    never shows a worker's traceback.
    """
    for signum in LEAVING_SIGNALS:
        signal.signal(signum, signal.SIG_DFL if signum == signal.SIGTERM else signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, LEAVING_SIGNALS)
    _end_with(parent)


def _end_with(parent: int) -> None:
    """On Linux, have this process terminated when ``parent`` ends, however it ends (even by ``kill -9``)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl to call: the parent's close() still ends the worker
        return
    if os.getppid() != parent:  # the parent ended before the request was made
        os._exit(0)
