"""The framework's conformance kit, on every combination of Muster's options."""

from __future__ import annotations

from typing import Any

import pytest

from games.muster import game
from tabletop.testing import check_game, option_combinations


@pytest.mark.parametrize("options", option_combinations(game), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_muster_conforms(options: dict[str, Any]) -> None:
    report = check_game(game, options=options, playouts=2)
    assert report.positions > 0 and report.resamples_differing > 0
