"""What happens to an unexpected error: a short message for the player, the details in a file.

Crash reports live in the state directory's ``crash-reports`` folder. The state
directory is, in order of precedence:

1. the ``TABLETOP_STATE_DIR`` environment variable,
2. ``$XDG_STATE_HOME/tabletop`` when ``XDG_STATE_HOME`` is set to an absolute path,
3. ``~/.local/state/tabletop``.

    >>> crash_reports_dir({"TABLETOP_STATE_DIR": "/srv/t", "XDG_STATE_HOME": "/x"})
    PosixPath('/srv/t/crash-reports')
    >>> crash_reports_dir({"XDG_STATE_HOME": "/x"})
    PosixPath('/x/tabletop/crash-reports')
    >>> crash_reports_dir({"XDG_STATE_HOME": "relative", "HOME": "/home/u"})
    PosixPath('/home/u/.local/state/tabletop/crash-reports')

A report holds the program's version, its command line (with any seed hidden:
the seed decides every hidden card and die), the exception and its traceback,
never the values of local variables, which could show a game's hidden state.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
import tempfile
import time
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path

from tabletop import __version__
from tabletop.text import bounded, printable
from tabletop.userdirs import env_var, user_dir

ENV_VAR = env_var("state")
REPORTS_DIR = "crash-reports"
PREFIX = "tabletop-crash-"
SUFFIX = ".txt"
KEEP_REPORTS = 20
"""Reports kept: writing one more deletes the oldest."""
MAX_REPORT_BYTES = 64 * 1024
"""A deep recursion's traceback runs to hundreds of kilobytes; its head and tail say what happened."""
ERROR_CHARS = 480
"""The most of an unexpected error's text shown on screen (six lines of 80 columns, under the board); the
report keeps it whole (up to its own bound)."""
ERROR_LINES = 6
SEED_FLAG = "--seed"
HIDDEN = "[hidden]"


def state_dir(env: Mapping[str, str] | None = None) -> Path:
    """The state directory, following the precedence above (it may not exist yet)."""
    return user_dir("state", env)


def crash_reports_dir(env: Mapping[str, str] | None = None) -> Path:
    """Where crash reports are written."""
    return state_dir(env) / REPORTS_DIR


def write_crash_report(exc: BaseException | None = None) -> Path | None:
    """Write ``exc`` (by default the exception being handled) to a new report; return its path.

    Returns None if the report cannot be written (a read-only or full disk): the
    caller then shows its short message alone.
    """
    error = exc if exc is not None else sys.exception()
    text = _capped(report_text(error, sys.argv), MAX_REPORT_BYTES)
    folder = crash_reports_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        fd, name = tempfile.mkstemp(prefix=f"{PREFIX}{stamp}-", suffix=SUFFIX, dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
            f.write(text)
    except OSError:
        return None
    path = Path(name)
    _prune(folder, keep=path)
    return path


def report_text(exc: BaseException | None, argv: Sequence[str]) -> str:
    """The whole report, before any cut: version, command line, traceback."""
    lines = traceback.format_exception(exc) if exc is not None else ["(no exception)\n"]
    return f"tabletop {__version__}\n{command_line(argv)}\n\n{''.join(lines)}"


def command_line(argv: Sequence[str]) -> str:
    """The command line as typed (quoted for a shell), with the value of ``--seed`` hidden.

    The command line's parser takes any unambiguous beginning of an option for
    the option, so the value after any beginning of ``--seed`` is hidden too:

    >>> command_line(["play", "muster", "--see", "987655", "--se=12", "--seed", "7"])
    'play muster --see [hidden] --se=[hidden] --seed [hidden]'
    """
    shown: list[str] = []
    hide_next = False
    for arg in argv:
        flag, equals, _ = arg.partition("=")
        if hide_next:
            shown.append(HIDDEN)
            hide_next = False
        elif _names_the_seed(flag) and equals:
            shown.append(f"{shlex.quote(flag)}={HIDDEN}")
        else:
            shown.append(shlex.quote(arg))
            hide_next = _names_the_seed(arg)
    return " ".join(shown)


def _names_the_seed(flag: str) -> bool:
    """Whether ``flag`` is ``--seed`` or a beginning of it the parser could take for it (``--s`` on)."""
    return len(flag) > len("--") and SEED_FLAG.startswith(flag)


def _capped(text: str, limit: int) -> str:
    """``text`` whole if it fits in ``limit`` bytes, else its head and tail with a note of what was cut."""
    data = text.encode("utf-8", errors="replace")
    if len(data) <= limit:
        return text
    half = (limit - 200) // 2  # room for the note
    head = data[:half].decode("utf-8", errors="ignore")
    tail = data[-half:].decode("utf-8", errors="ignore")
    # Cut at line ends, so no line of the traceback is shown in part.
    head = head[: head.rfind("\n") + 1] or head
    tail = tail[tail.find("\n") + 1 :] if "\n" in tail[:-1] else tail
    cut_bytes = len(data) - len(head.encode("utf-8", errors="replace")) - len(tail.encode("utf-8", errors="replace"))
    cut_lines = text.count("\n") - head.count("\n") - tail.count("\n")
    return f"{head}\n[... {cut_lines} lines ({cut_bytes} bytes) cut from the middle ...]\n\n{tail}"


def _prune(folder: Path, keep: Path) -> None:
    """Delete the oldest reports beyond :data:`KEEP_REPORTS`, never the one just written."""
    try:
        reports = [p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p != keep and p.is_file()]
        reports.sort(key=lambda p: (p.stat().st_mtime_ns, p.name))
    except OSError:
        return
    for old in reports[: max(0, len(reports) - (KEEP_REPORTS - 1))]:
        with contextlib.suppress(OSError):  # another process removed it, or the folder is read-only: keep going
            old.unlink()


def crash_message(exc: BaseException, where: str) -> str:
    """What the player reads when ``where`` (a game, a replay) stops on an unexpected error."""
    report = write_crash_report(exc)
    return f"{where} stopped on an unexpected error:\n  {error_text(exc)}\n{details(report)}"


def error_text(exc: BaseException) -> str:
    """The error's kind and message, made printable and short enough for a screen (the report has it whole).

    >>> text = error_text(ValueError("no deck " * 1000))
    >>> len(text) < 600, text.endswith("... [7,532 more characters not shown]")
    (True, True)
    """
    return bounded(printable(f"{type(exc).__name__}: {exc}"), ERROR_CHARS, ERROR_LINES)


def details(report: Path | None) -> str:
    """Where the details are, or that they could not be kept."""
    if report is None:
        return f"No crash report could be written to {crash_reports_dir()}."
    return f"The details are in {report}."
