"""Shared fixtures."""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tabletop.testing.plugins import dist_info_from_pyproject
from tests import parallel

# No property test is a timing test: on a shared, busy machine one example can
# take longer than Hypothesis's default deadline without anything being wrong.
settings.register_profile("tabletop", deadline=None)
settings.load_profile("tabletop")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "highcard"

ISOLATED = {
    "TABLETOP_DATA_DIR": "data",
    "TABLETOP_CACHE_DIR": "cache",
    "TABLETOP_STATE_DIR": "state",
    "XDG_DATA_HOME": "xdg-data",
    "XDG_CACHE_HOME": "xdg-cache",
    "XDG_STATE_HOME": "xdg-state",
    "TMPDIR": "tmp",
}
"""Each variable that decides where the program (or tempfile) writes, and its folder in the run's own directory."""
CRASH_REPORTS_IN_TEMP = "tabletop-crash-*"
"""Where crash reports once went; none may appear in the system's temporary directory."""


def real_tabletop_dirs(env: Mapping[str, str]) -> set[Path]:
    """Every folder of the real user's that the program could write to, as ``env`` (the run's start) names them."""
    home = Path(env.get("HOME") or Path.home())
    folders = {
        home / ".cache" / "tabletop",
        home / ".local" / "share" / "tabletop",
        home / ".local" / "state" / "tabletop",
    }
    for variable, below in (
        ("XDG_DATA_HOME", "tabletop"),
        ("XDG_CACHE_HOME", "tabletop"),
        ("XDG_STATE_HOME", "tabletop"),
    ):
        if env.get(variable):
            folders.add(Path(env[variable]) / below)
    for variable in ("TABLETOP_DATA_DIR", "TABLETOP_CACHE_DIR", "TABLETOP_STATE_DIR"):
        if env.get(variable):
            folders.add(Path(env[variable]))
    return folders


def snapshot(folders: Iterable[Path], temp: Path) -> dict[Path, tuple[int, int] | None]:
    """Every file (its time and size) and folder (None) in ``folders``, and the crash reports in ``temp``."""
    entries: dict[Path, tuple[int, int] | None] = {}
    paths: list[Path] = list(temp.glob(CRASH_REPORTS_IN_TEMP))
    for folder in folders:
        if folder.exists():
            paths += [folder, *folder.rglob("*")]
    for path in paths:
        try:
            info = path.stat()
        except OSError:  # removed while we looked
            continue
        entries[path] = None if path.is_dir() else (info.st_mtime_ns, info.st_size)
    return entries


def changes(before: Mapping[Path, tuple[int, int] | None], after: Mapping[Path, tuple[int, int] | None]) -> list[str]:
    """What appeared or changed between two snapshots, one line each."""
    return [
        f"{'new' if path not in before else 'changed'}: {path}"
        for path in sorted(after)
        if path not in before or before[path] != after[path]
    ]


_OWN_BASETEMP = "_tabletop_own_basetemp"
"""Where a run keeps the pytest folders it made (its own, and in a parallel run its workers'), to remove them."""
_WORKER_BASETEMP = "tabletop_basetemp"
"""The key of a worker's folder in what pytest-xdist hands the worker."""
BASETEMP_PREFIX = "tabletop-pytest-"


FIGURE = "figure"
"""The name under which a test records a measured figure (``record_property(FIGURE, text)``) for the run's end."""


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the figures the tests recorded, whichever worker ran them: a worker's own output is not shown."""
    figures = [
        value
        for reports in terminalreporter.stats.values()
        for report in reports
        if getattr(report, "when", None) == "call"
        for name, value in getattr(report, "user_properties", ())
        if name == FIGURE
    ]
    if figures:
        terminalreporter.section("figures")
        for figure in figures:
            terminalreporter.write_line(str(figure))


def pytest_configure(config: pytest.Config) -> None:
    """Give each run a pytest folder of its own, removed at its end.

    pytest's numbered folders are shared by every run of the same user, and one
    run's clean-up would remove another's folders while it still uses them: two
    runs side by side (a developer's and another's) must never meet.

    In a parallel run (pytest-xdist) each worker gets a folder of its own too,
    rather than one inside the main process's: its paths are then as short as a
    serial run's, which Ray's sockets need (a socket's path is at most 107 bytes).
    The main process makes the workers' folders and removes them at its end, as
    a worker's own end may not run (one whose Ray is still shutting down is stopped).
    """
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:  # a worker of a parallel run: its folder is the one the main process made for it
        given = workerinput.get(_WORKER_BASETEMP) or config.known_args_namespace.basetemp
        if given is not None:
            config.option.basetemp = given
            return
    elif config.option.basetemp is not None:
        return
    config.option.basetemp = tempfile.mkdtemp(prefix=BASETEMP_PREFIX)
    setattr(config, _OWN_BASETEMP, [config.option.basetemp])


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist's, in the main process
def pytest_configure_node(node: Any) -> None:
    """A folder of its own for each worker (see :func:`pytest_configure`), made and later removed here."""
    own = getattr(node.config, _OWN_BASETEMP, None)
    if own is None:
        return  # the folders are the caller's: ``--basetemp`` was given
    folder = tempfile.mkdtemp(prefix=BASETEMP_PREFIX)
    own.append(folder)
    node.workerinput[_WORKER_BASETEMP] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in getattr(config, _OWN_BASETEMP, ()):
        shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist's, which ./test.sh runs the tests with
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` shares the tests between the workers as ``tests/parallel.py`` says."""
    if config.getvalue("dist") != "loadgroup":
        return None
    return parallel.scheduler(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    parallel.check_groups(items)


@pytest.fixture(scope="session", autouse=True)
def run_directory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point every data, cache, state and temporary folder at one directory of the run's, removed at its end.

    The variables are set in ``os.environ``, so every program a test starts
    inherits them. At the end, the real user's Tabletop folders and the system's
    temporary directory must hold nothing new: a test that wrote there fails the run.
    """
    tmp_path_factory.getbasetemp()  # pytest's own folder is placed before TMPDIR moves; it removes it itself
    watched = real_tabletop_dirs(os.environ)
    system_temp = Path(tempfile.gettempdir())
    before = snapshot(watched, system_temp)
    root = Path(tempfile.mkdtemp(prefix="tabletop-tests-"))
    saved_env = {name: os.environ.get(name) for name in ISOLATED}
    saved_tempdir = tempfile.tempdir
    for name, folder in ISOLATED.items():
        (root / folder).mkdir()
        os.environ[name] = str(root / folder)
    tempfile.tempdir = str(root / ISOLATED["TMPDIR"])  # this process's own temporary files too
    try:
        yield root
    finally:
        tempfile.tempdir = saved_tempdir
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(root, ignore_errors=True)
    appeared = changes(before, snapshot(watched, system_temp))
    if appeared:
        pytest.fail(
            "The tests wrote into the real user's folders or the system's temporary directory:\n" + "\n".join(appeared)
        )


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
