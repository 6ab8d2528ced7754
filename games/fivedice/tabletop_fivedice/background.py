"""Solving a rule set in a process of its own while the game is played, so the first Hint never waits long.

When a game with the coach begins and no solution of its rule set is on disk,
:class:`BackgroundSolve` starts ``python -m tabletop_fivedice.background RULE FOLDER``
at a lower priority. It solves and writes the solution where the advisor looks for
it, saying on standard output how far it has got (``done total`` lines). A Hint asked
before it is done shows how far it has got, waits for the rest, then reads the
solution from disk; a solve that fails leaves the Hint to solve in the game's own process.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

NICENESS = 10
"""How much lower the solving process's priority is than the game's, so the game's prompts never lag."""
POLL_SECONDS = 0.1


class BackgroundSolve:
    """One rule set being solved in another process; its solution lands in ``cache_dir``."""

    def __init__(self, rule: str, cache_dir: Path) -> None:
        self.rule = rule
        self.cache_dir = cache_dir
        self.fraction = 0.0
        self._process: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    def start(self) -> None:
        """Start solving; the process ends by itself when done, or when this program ends."""
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tabletop_fivedice.background", self.rule, str(self.cache_dir)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self._reader = threading.Thread(target=self._read_progress, daemon=True)
        self._reader.start()
        import atexit

        atexit.register(self.stop)

    def _read_progress(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            done, _, total = line.partition(" ")
            if done.isdigit() and total.strip().isdigit() and int(total):
                self.fraction = min(1.0, int(done) / int(total))

    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def wait(self, progress: Callable[[float], None] | None = None) -> None:
        """Wait for the solve to end, telling ``progress`` how far it has got now and then."""
        while self.running():
            if progress is not None:
                progress(self.fraction)
            time.sleep(POLL_SECONDS)
        if self._reader is not None:
            self._reader.join(timeout=1)

    def stop(self) -> None:
        """End the solving process if it still runs (the program is ending: the next game starts it again)."""
        if self.running():
            assert self._process is not None
            self._process.terminate()
            try:
                self._process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self._process.kill()


def _main(args: list[str]) -> int:
    """Solve the rule set named by the arguments and keep its solution; report progress on standard output."""
    from tabletop_fivedice.advisor import Advisor
    from tabletop_fivedice.scoring import RULES

    if len(args) != 2 or args[0] not in RULES:
        print("usage: python -m tabletop_fivedice.background RULE FOLDER", file=sys.stderr)
        return 2
    with contextlib.suppress(OSError):  # not allowed here: solve at the same priority
        os.nice(NICENESS)
    said = -1

    def progress(done: int, total: int) -> None:
        nonlocal said
        percent = done * 100 // max(total, 1)
        if percent > said:
            said = percent
            print(done, total, flush=True)

    Advisor(args[0], Path(args[1])).solve(progress)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
