"""What the program says and returns as a person leaves it: the goodbye and the exit statuses of signals."""

from __future__ import annotations

import signal

LEFT = "Left Tabletop."
"""The goodbye; leaving in the middle of a game adds what of it is saved, read back from the database."""
EXIT_SIGNAL_BASE = 128
"""The shell's convention: a program ended by signal N exits with status 128 + N."""
EXIT_INTERRUPTED = EXIT_SIGNAL_BASE + signal.SIGINT
"""The status of a program Ctrl-C ended (130)."""
