"""One cold solve of the official rules per test session, shared by the tests that need the solution."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop_fivedice.advisor import Advisor
from tabletop_fivedice.scoring import OFFICIAL


@pytest.fixture(scope="session")
def solved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Advisor, Path]:
    """The official rules solved cold (about 12 s of processor time) and kept in a test cache folder."""
    folder = tmp_path_factory.mktemp("cache")
    advisor = Advisor(OFFICIAL, folder)
    advisor.solve()
    return advisor, folder
