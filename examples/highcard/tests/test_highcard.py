"""The plugin's own tests: the whole conformance kit, once per variant."""

import pytest

from tabletop.testing import check_game, option_combinations
from tabletop_highcard import game


@pytest.mark.parametrize("options", option_combinations(game), ids=str)
def test_conforms(options: dict[str, str]) -> None:
    check_game(game, options=options)
