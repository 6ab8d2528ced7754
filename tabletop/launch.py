"""The ``tabletop`` command: Ctrl-C pressed while the program is still loading ends it as quietly as later on.

:func:`tabletop.cli.main` meets every interrupt once it runs, but importing it takes a while; this module
imports next to nothing before it, so that even that time is covered.
"""

from __future__ import annotations

import sys

from tabletop.leaving import EXIT_INTERRUPTED, LEFT


def main() -> int:
    """Load the program and run it; a Ctrl-C while it loads says goodbye and returns :data:`EXIT_INTERRUPTED`."""
    try:
        from tabletop.cli import main as run
    except KeyboardInterrupt:
        if sys.stdout.isatty():
            sys.stdout.write(f"\n{LEFT}\n")
            sys.stdout.flush()
        return EXIT_INTERRUPTED
    return run()
