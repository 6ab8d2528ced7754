"""Shared fixtures."""

from __future__ import annotations

import importlib
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tabletop.testing.plugins import dist_info_from_pyproject

# No property test is a timing test: on a shared, busy machine one example can
# take longer than Hypothesis's default deadline without anything being wrong.
settings.register_profile("tabletop", deadline=None)
settings.load_profile("tabletop")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "highcard"


@pytest.fixture(scope="session")
def example_plugin_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder holding the example plugin ``tabletop_highcard`` as if pip had installed it.

    It is on ``sys.path`` for the session, so ``entry_points(group="tabletop.games")``
    lists ``highcard``. For a subprocess, put it on ``PYTHONPATH``:
    ``env["PYTHONPATH"] = str(example_plugin_path)``.
    """
    root = tmp_path_factory.mktemp("site")
    package = root / "tabletop_highcard"
    try:
        package.symlink_to(EXAMPLE / "tabletop_highcard", target_is_directory=True)
    except OSError:  # no symlinks on this system
        shutil.copytree(EXAMPLE / "tabletop_highcard", package)
    dist_info_from_pyproject(EXAMPLE / "pyproject.toml", root)
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    yield root
    sys.path.remove(str(root))
    importlib.invalidate_caches()
