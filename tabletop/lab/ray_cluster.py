"""Games played on the workers of a Ray cluster: :class:`RayLab`, which plays a game again when its worker dies.

Ray is imported only when a :class:`RayLab` is made.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from tabletop.lab.base import (
    INSTALL_RAY,
    LEAVING_SIGNALS,
    MAX_REPLAYS,
    Lab,
    R,
    always,
    capped_workers,
    report_on_stderr,
)
from tabletop.lab.errors import LabError, LabUsageError
from tabletop.text import one_line


def import_ray() -> Any:
    """The ``ray`` module, or a :class:`LabUsageError` saying how to install it."""
    try:
        import ray  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise LabUsageError(f"--backend ray needs Ray, which is not installed: {INSTALL_RAY}") from None
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
        report: Callable[[str], None] = report_on_stderr,
    ) -> None:
        from tabletop.lab.address import check_address, check_reachable

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
                raise LabError(f"could not start or reach {where}: {exc}") from None
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
        self, fn: Callable[..., R], calls: Sequence[tuple[Any, ...]], *, more: Callable[[], bool] = always
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
                            raise LabError(
                                f"game {i + 1} was lost {replays[i]} times with its worker ({reason}); giving up"
                            ) from None
                        self.report(f"a Ray worker died playing game {i + 1} ({reason}): the game is played again")
                        todo.appendleft(i)
                        continue
                    yield i, result
        finally:
            if not self._shut_down_on_close:
                self._cancel(running)

    @property
    def _shut_down_on_close(self) -> bool:
        """Whether :meth:`close` ends this cluster, and with it every game still playing on it."""
        return self._own and self.address is None

    def _cancel(self, running: Iterable[Any]) -> None:
        """Stop the unfinished games on a cluster that goes on after this run.

        Only there: cancelling a game whose result is on its way can abort Ray's own
        driver (its known race "Tried to complete task that was not pending"), so a
        cluster that :meth:`close` shuts down anyway is left to end its games itself.
        """
        for ref in running:
            with contextlib.suppress(Exception):  # already finished or gone: nothing left to stop
                self._ray.cancel(ref, force=True)

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
    saved = {signum: signal.getsignal(signum) for signum in LEAVING_SIGNALS} if main else {}
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
