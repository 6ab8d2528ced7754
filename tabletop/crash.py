"""What happens to an unexpected error: a short message for the player, the details in a file."""

from __future__ import annotations

import sys
import tempfile
import traceback

from tabletop import __version__


def write_crash_report() -> str:
    """Write the current exception's traceback to a file and return its path."""
    with tempfile.NamedTemporaryFile("w", prefix="tabletop-crash-", suffix=".txt", delete=False) as f:
        f.write(f"tabletop {__version__}\n{' '.join(sys.argv)}\n\n")
        traceback.print_exc(file=f)
        return f.name


def crash_message(exc: BaseException, where: str) -> str:
    report = write_crash_report()
    return f"{where} stopped on an unexpected error:\n  {type(exc).__name__}: {exc}\nThe details are in {report}."
