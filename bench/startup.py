"""Time from starting `tabletop` to its first menu, in a pseudo-terminal, as a player waits for it.

    python bench/startup.py [--runs 11]

Prints the median and the range in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

TABLETOP = str(Path(sys.executable).with_name("tabletop"))


def first_menu_seconds(data_dir: str) -> float:
    env = dict(os.environ, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1", TABLETOP_DATA_DIR=data_dir)
    start = time.perf_counter()
    child = pexpect.spawn(TABLETOP, [], env=env, encoding="utf-8", dimensions=(24, 80), timeout=30)
    child.expect("What would you like to play")
    elapsed = time.perf_counter() - start
    child.sendintr()
    child.expect(pexpect.EOF)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        first_menu_seconds(data_dir)  # the first run creates the database
        times = [first_menu_seconds(data_dir) * 1000 for _ in range(args.runs)]
    print(
        f"time to first menu: median {statistics.median(times):.0f} ms, "
        f"range {min(times):.0f}-{max(times):.0f} ms over {args.runs} runs"
    )


if __name__ == "__main__":
    main()
