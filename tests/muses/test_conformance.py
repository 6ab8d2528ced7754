"""The framework's conformance kit on Muses."""

import pytest

from games.muses import game

testing = pytest.importorskip("tabletop.testing")


def test_muses_conforms() -> None:
    testing.check_game(game, options={"cards": "default"})
