"""``python -m tabletop.testing.typecheck PATH...``: ``mypy --strict`` on a plugin, with Tabletop found wherever it is.

An editable install of Tabletop (``pip install -e``) is an import hook that setuptools
writes into the environment: Python follows it, but mypy reads files and cannot,
so a plain ``mypy --strict`` in a plugin's folder says "Cannot find implementation
or library stub for module named 'tabletop'". This runs mypy with the folder that
holds Tabletop's own sources on ``MYPYPATH`` when Tabletop is not an ordinary
installed package (mypy finds one in site-packages by itself and refuses it on
``MYPYPATH``). Arguments are passed to mypy after ``--strict``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path

import tabletop


def tabletop_source_folder() -> Path | None:
    """The folder to put on ``MYPYPATH`` so that mypy finds Tabletop, or None if mypy finds it itself."""
    folder = Path(tabletop.__file__).resolve().parent.parent
    installed = {Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}
    return None if folder in installed else folder


def main(arguments: Sequence[str]) -> int:
    """Run ``mypy --strict ARGUMENTS`` and return its exit status."""
    env = dict(os.environ)
    folder = tabletop_source_folder()
    if folder is not None:
        env["MYPYPATH"] = os.pathsep.join(p for p in (str(folder), env.get("MYPYPATH", "")) if p)
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", *arguments], env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
