"""The examples in docstrings are run: a docstring that shows a result must show the true one."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import games
import tabletop

# ``tabletop.__main__`` runs the program when imported.
NOT_IMPORTED = {"tabletop.__main__"}


def modules() -> list[str]:
    names = []
    for package in (tabletop, games):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name not in NOT_IMPORTED:
                names.append(info.name)
    return sorted(names)


def test_the_modules_are_found() -> None:
    found = modules()
    assert "tabletop.dice" in found and "games.muster.board" in found and "games.muses.advisor" in found


@pytest.mark.parametrize("name", modules())
def test_docstring_examples(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
