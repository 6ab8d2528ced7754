"""Fixtures of the store's tests: a private data directory and a registry of two tiny games."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.store import Store
from tabletop.testing.plugins import write_dist_info
from tests.store.store_fakegames import FakeRegistry

REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the real data directory; plain rich output at a fixed width."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "envdata"))
    monkeypatch.setenv("COLUMNS", "100")
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("tabletop.commands.common.registry", FakeRegistry)


@pytest.fixture
def reg() -> FakeRegistry:
    return FakeRegistry()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(data: Path) -> Iterator[Store]:
    with Store.open(data) as opened:
        yield opened


@pytest.fixture
def cli_args(data: Path) -> Any:
    """Build the namespace a command receives, as the program's parser would."""

    def build(module: Any, *argv: str) -> argparse.Namespace:
        parser = argparse.ArgumentParser()
        module.add_arguments(parser)
        args = parser.parse_args(list(argv))
        args.data_dir = str(data)
        return args

    return build


@pytest.fixture(scope="session")
def fake_games_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for PYTHONPATH in which the two tiny games are installed, as pip installs a plugin."""
    root = tmp_path_factory.mktemp("fake-games-site")
    games = {"nim": "tests.store.store_fakegames:Nim", "climb": "tests.store.store_fakegames:Climb"}
    write_dist_info(root, "tabletop-store-fakegames", "1.0", {"tabletop.games": games})
    return root


@pytest.fixture
def fake_games_installed(fake_games_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real program, run by the test, finds the two tiny games installed: their records replay there, so
    a command that replays a record first (export) is given one it can."""
    paths = [str(fake_games_site), str(REPOSITORY), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(path for path in paths if path))
