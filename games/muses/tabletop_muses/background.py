"""Solving a card set in a process of its own while the game is played, so the first Hint never waits long.

When a game of a card set with no solution on disk begins, :class:`BackgroundSolve`
starts ``python -m tabletop_muses.background`` at a lower priority. It reads the
card set (its embedded form) and the cache folder on standard input, solves, and
writes the solution where the advisor looks for it; on standard output it says how
far it has got, one ``done total`` line per step of a percent. The game's prompts
never wait for it: a Hint asked before it is done shows how far it has got and waits
for the rest, then reads the solution from disk. A solve that fails leaves the Hint
to solve in the game's own process, as it would without one; a set too large to solve
within the memory allowed is refused at once, with a ``refused REASON`` line, and the
Hint says why instead of trying again.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tabletop_muses.cards import CardSet, cardset_from_embedded, embed_cardset

NICENESS = 10
"""How much lower the solving process's priority is than the game's, so the game's prompts never lag."""
POLL_SECONDS = 0.1
"""How often a Hint that waits looks at how far the solve has got."""
REFUSED = "refused "
"""The start of the line that says why the set is not solved."""
EXIT_REFUSED = 3
"""The solving process's status when it refused the set."""


class BackgroundSolve:
    """One card set being solved in another process; its solution lands in ``cache_dir``."""

    def __init__(self, cardset: CardSet, cache_dir: Path) -> None:
        self.cardset = cardset
        self.cache_dir = cache_dir
        self.fraction = 0.0
        """How much of the solve is done, 0 to 1, as the solving process last said."""
        self.refusal: str | None = None
        """Why the set was not solved (too large for the memory allowed), when the process said so."""
        self._process: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    def start(self) -> None:
        """Start solving; the process ends by itself when done, or when this program ends."""
        request = json.dumps({"cards": embed_cardset(self.cardset), "cache": str(self.cache_dir)})
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tabletop_muses.background"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self._process.stdin is not None
        self._process.stdin.write(request)
        self._process.stdin.close()
        self._reader = threading.Thread(target=self._read_progress, daemon=True)
        self._reader.start()
        import atexit

        atexit.register(self.stop)

    def _read_progress(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            if line.startswith(REFUSED):
                self.refusal = line[len(REFUSED) :].strip()
                continue
            done, _, total = line.partition(" ")
            if done.isdigit() and total.strip().isdigit() and int(total):
                self.fraction = min(1.0, int(done) / int(total))

    def running(self) -> bool:
        """Whether the solve is still going."""
        return self._process is not None and self._process.poll() is None

    def succeeded(self) -> bool:
        """Whether the solve ended and wrote its solution."""
        return self._process is not None and self._process.poll() == 0

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


def _main() -> int:
    """Solve the card set named on standard input and keep its solution; report progress on standard output."""
    from tabletop_muses.advisor import Advisor
    from tabletop_muses.size import SolveRefused

    # Ended by the game (it is leaving): unwind, so that a solution half written is removed, not left behind.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    with contextlib.suppress(OSError):  # not allowed here: solve at the same priority
        os.nice(NICENESS)
    request = json.loads(sys.stdin.read())
    cardset = cardset_from_embedded(request["cards"])
    advisor = Advisor(cardset, cache_dir=Path(request["cache"]))
    said = -1

    def progress(done: int, total: int) -> None:
        nonlocal said
        percent = done * 100 // max(total, 1)
        if percent > said:
            said = percent
            print(done, total, flush=True)

    try:
        advisor.solve(progress=progress)
    except SolveRefused as exc:
        print(REFUSED + " ".join(str(exc).split()), flush=True)
        return EXIT_REFUSED
    return 0


if __name__ == "__main__":
    sys.exit(_main())
