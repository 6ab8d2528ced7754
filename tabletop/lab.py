"""Where the simulation lab plays its games: processes on this machine, or the workers of a Ray cluster.

A backend takes a function and its calls (one tuple of arguments per game) and
gives back ``(index, result)`` pairs as the games finish, each index once. The
games are seeded by the caller from the table's seed and the game's index, never
by the worker, so a table is the same on either backend.

Ray is imported only when :class:`RayLab` is made: ``tabletop list``, the menu
and a simulation on processes never load it.

    >>> with open_lab("processes", workers=1) as lab:
    ...     sorted(lab.run(pow, [(2, 3), (3, 2)]))
    [(0, 8), (1, 9)]
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any, TypeVar

from tabletop.commands.common import EXIT_FAILURE, EXIT_USAGE, CommandFailure
from tabletop.text import one_line

R = TypeVar("R")

BACKENDS = ("processes", "ray")
"""The ``--backend`` choices; ``processes`` is the default."""
INSTALL_RAY = "pip install 'tabletop[cluster]'"
"""What to type to get Ray."""
MAX_WORKERS = 1024
"""The most workers ``--workers`` may ask for (on processes, the machine's processors bound it further)."""
MAX_REPLAYS = 3
"""How many times one game is played again after the worker playing it died, before the run gives up."""


def _always() -> bool:
    return True


def _report_on_stderr(message: str) -> None:
    print(f"tabletop: {message}", file=sys.stderr, flush=True)


class Lab:
    """A place to play games: call :meth:`run`, and close it (or use it as a context manager) when done."""

    name = "lab"
    workers = 1

    def run(
        self, fn: Callable[..., R], calls: Sequence[tuple[Any, ...]], *, more: Callable[[], bool] = _always
    ) -> Iterator[tuple[int, R]]:
        """``fn(*calls[i])`` for every ``i``, as ``(i, result)`` pairs in the order they finish.

        No new call starts once ``more()`` is false; the calls already started are waited for.
        """
        raise NotImplementedError

    def describe(self) -> str:
        """The workers in words, for the line under a table: ``2 worker(s)``."""
        return f"{self.workers} worker(s)"

    def close(self) -> None:
        """Let go of the workers."""

    def __enter__(self) -> Lab:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def processors() -> int:
    """How many processors this program may run on (its affinity, where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this system
        return max(1, os.cpu_count() or 1)


def capped_workers(asked: int, report: Callable[[str], None]) -> int:
    """``asked`` workers, at most one per processor of this machine; a cap is reported."""
    cpus = processors()
    if asked <= cpus:
        return asked
    report(f"--workers {asked}: this machine has {cpus} processor(s), so {cpus} worker(s) play")
    return cpus


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
        report: Callable[[str], None] = _report_on_stderr,
    ) -> None:
        self.workers = capped_workers(workers or 1, report)
        self.inline = self.workers == 1 if inline is None else inline
        self._pool: ProcessPoolExecutor | None = None

    def run(
        self, fn: Callable[..., R], calls: Sequence[tuple[Any, ...]], *, more: Callable[[], bool] = _always
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
                        raise CommandFailure(
                            f"a worker process ended while playing game {i + 1} (killed, or out of memory?);"
                            " the run stopped",
                            EXIT_FAILURE,
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


POLL_SECONDS = 0.1
"""How often a run on processes wakes while its games are played, to act on a signal."""
STOP_SECONDS = 0.5
"""How long a terminated worker is given to end before it is killed."""
_LEAVING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Ctrl-C, ``kill`` and a closed terminal: the signals that end a run."""
PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when its parent ends."""


@contextlib.contextmanager
def _leaving_signals_held() -> Iterator[None]:
    """Hold (block) the leaving signals for a moment: one that arrives is delivered when they are let go."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _LEAVING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _start_worker(parent: int) -> None:
    """Set up a worker process: Ctrl-C and a closed terminal are its parent's to handle; ``kill`` ends it.

    It was forked with the leaving signals held and this program's handlers; a
    Ctrl-C sent to the whole terminal while it started is dropped here, and
    never shows a worker's traceback.
    """
    for signum in _LEAVING:
        signal.signal(signum, signal.SIG_DFL if signum == signal.SIGTERM else signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _LEAVING)
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


def import_ray() -> Any:
    """The ``ray`` module, or a :class:`CommandFailure` (exit status 2) saying how to install it."""
    try:
        import ray  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise CommandFailure(f"--backend ray needs Ray, which is not installed: {INSTALL_RAY}", EXIT_USAGE) from None
    return ray


class RayLab(Lab):
    """The workers of a Ray cluster: an existing one (``address``, or ``RAY_ADDRESS``), else one started here.

    A cluster started here has ``workers`` CPUs (default: the machine's) and is
    shut down by :meth:`close`; from an existing cluster the lab only disconnects
    (its unfinished games are cancelled first). Ray already started in this
    process (a test's) is used as it is and left running.

    A game whose worker died (its process killed, its node lost) is reported
    through ``report`` and played again from its start, with the same seed, at
    most :data:`MAX_REPLAYS` times; its result is counted once. Ray's own
    retries are off, so that no replay goes unreported.
    """

    name = "ray"

    def __init__(
        self,
        address: str | None = None,
        workers: int | None = None,
        *,
        report: Callable[[str], None] = _report_on_stderr,
    ) -> None:
        from tabletop.ray_address import check_address, check_reachable

        self.address = address or os.environ.get("RAY_ADDRESS") or None
        loaded = sys.modules.get("ray")
        if self.address is not None:
            # Refused before Ray is even loaded (seconds): text that is no address, and one where nothing answers.
            check_address(self.address)
            if loaded is None or not loaded.is_initialized():
                check_reachable(self.address)
        ray = import_ray()
        self._ray = ray
        self.report = report
        self._own = not ray.is_initialized()
        if self._own:
            quiet = {"logging_level": logging.WARNING, "log_to_driver": False}
            try:
                if self.address is not None:
                    _init_keeping_signals(ray, address=self.address, **quiet)
                else:
                    cpus = capped_workers(workers, report) if workers else None  # a local cluster: this machine's
                    _init_keeping_signals(ray, num_cpus=cpus, include_dashboard=False, **quiet)
            except (OSError, RuntimeError, ValueError) as exc:  # ConnectionError is an OSError
                where = f"the Ray cluster at {one_line(self.address)}" if self.address else "a local Ray cluster"
                raise CommandFailure(f"could not start or reach {where}: {exc}", EXIT_FAILURE) from None
        _cluster_messages_to_stderr()
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = min(workers, cpus) if workers and not self.address else workers or max(1, cpus)
        self._remote = ray.remote(num_cpus=1, max_retries=0)(_call)
        lost = ray.exceptions
        self._lost: tuple[type[BaseException], ...] = (
            lost.WorkerCrashedError,
            lost.NodeDiedError,
            lost.LocalRayletDiedError,
            lost.ObjectLostError,
        )

    def describe(self) -> str:
        """The workers in words: ``2 Ray worker(s)``."""
        return f"{self.workers} Ray worker(s)"

    def run(
        self, fn: Callable[..., R], calls: Sequence[tuple[Any, ...]], *, more: Callable[[], bool] = _always
    ) -> Iterator[tuple[int, R]]:
        """``fn(*calls[i])`` for every ``i`` on the cluster, at most :attr:`workers` at a time (see :meth:`Lab.run`).

        An exception raised by ``fn`` itself reaches the caller as it was raised;
        on an interrupt (Ctrl-C) every unfinished game is cancelled.
        """
        ray = self._ray
        todo = deque(range(len(calls)))
        replays = [0] * len(calls)
        running: dict[Any, int] = {}
        try:
            while (todo and more()) or running:
                while todo and more() and len(running) < self.workers:
                    i = todo.popleft()
                    running[self._remote.remote(fn, calls[i])] = i
                finished, _ = ray.wait(list(running), num_returns=1)
                for ref in finished:
                    i = running.pop(ref)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = exc.cause
                        raise (cause if isinstance(cause, BaseException) else exc) from None
                    except self._lost as exc:
                        replays[i] += 1
                        reason = type(exc).__name__
                        if replays[i] > MAX_REPLAYS:
                            raise CommandFailure(
                                f"game {i + 1} was lost {replays[i]} times with its worker ({reason}); giving up",
                                EXIT_FAILURE,
                            ) from None
                        self.report(f"a Ray worker died playing game {i + 1} ({reason}): the game is played again")
                        todo.appendleft(i)
                        continue
                    yield i, result
        finally:
            for ref in running:
                with contextlib.suppress(Exception):  # already finished or gone: nothing left to stop
                    ray.cancel(ref, force=True)

    def close(self) -> None:
        """Shut down the cluster started here, or disconnect from the one joined; Ray started by the caller stays."""
        if self._own and self._ray.is_initialized():
            self._ray.shutdown()


def _init_keeping_signals(ray: Any, **settings: Any) -> None:
    """``ray.init(**settings)``, with this program's handling of the leaving signals put back afterwards.

    Ray makes SIGTERM exit at once with status 15 (and its native code prints a
    stack dump over it); this program's handler ends the run as Ctrl-C does, with
    the cluster shut down and status 143. A SIGTERM that came while Ray was
    starting is handed to that handler once Ray has let go.
    """
    import threading

    main = threading.current_thread() is threading.main_thread()
    saved = {signum: signal.getsignal(signum) for signum in _LEAVING} if main else {}
    try:
        ray.init(**settings)
    except SystemExit as exc:  # Ray's own handler of SIGTERM, while it started
        _put_back(saved)
        with contextlib.suppress(Exception):  # half started: whatever it left is stopped
            ray.shutdown()
        if exc.code == signal.SIGTERM and saved:
            os.kill(os.getpid(), signal.SIGTERM)  # this program's handler takes it from here
        raise
    _put_back(saved)


def _put_back(handlers: dict[int, Any]) -> None:
    for signum, handler in handlers.items():
        if handler is not None:
            signal.signal(signum, handler)


def _cluster_messages_to_stderr() -> None:
    """Send the messages Ray's nodes give the driver (a worker that died, ...) to standard error, not output.

    Ray prints them on standard output, where they would break a table piped on
    or ``--json``. Its printer is looked up at each message, so it is wrapped here
    once; a Ray without it (a later version) is left as it is.
    """
    try:
        from ray._private import worker  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return
    printer = getattr(worker, "print_to_stdstream", None)
    if printer is None or getattr(printer, "to_stderr", False):
        return

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        printer(dict(data, is_err=True), ignore_prefix)

    to_stderr.to_stderr = True  # type: ignore[attr-defined]
    worker.print_to_stdstream = to_stderr


def _call(fn: Callable[..., R], args: tuple[Any, ...]) -> R:
    return fn(*args)


def open_lab(
    backend: str,
    *,
    workers: int | None = None,
    address: str | None = None,
    report: Callable[[str], None] = _report_on_stderr,
) -> Lab:
    """The :class:`Lab` named by ``--backend``: ``processes`` (``address`` must be None) or ``ray``."""
    if backend == "processes":
        if address is not None:
            raise CommandFailure("--address names a Ray cluster: use it with --backend ray", EXIT_USAGE)
        return ProcessLab(workers, report=report)
    if backend == "ray":
        return RayLab(address, workers, report=report)
    raise CommandFailure(f"no backend {backend!r} (backends: {', '.join(BACKENDS)})", EXIT_USAGE)
