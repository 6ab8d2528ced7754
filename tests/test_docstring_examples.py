"""The examples in docstrings are run: a docstring that shows a result must show the true one."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import tabletop
import tabletop_fivedice
import tabletop_freecell
import tabletop_klondike
import tabletop_muses
import tabletop_muster
from tests.bench_scripts import BENCH, load_bench

# ``tabletop.__main__`` runs the program when imported.
NOT_IMPORTED = {"tabletop.__main__"}


def modules() -> list[str]:
    names = []
    for package in (tabletop, tabletop_muster, tabletop_muses, tabletop_freecell, tabletop_klondike, tabletop_fivedice):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name not in NOT_IMPORTED:
                names.append(info.name)
    return sorted(names)


def test_the_modules_are_found() -> None:
    found = modules()
    assert "tabletop.dice" in found and "tabletop_muster.board" in found and "tabletop_muses.advisor" in found


def bench_scripts() -> list[str]:
    return sorted(path.stem for path in BENCH.glob("*.py"))


def test_the_bench_scripts_are_found() -> None:
    found = bench_scripts()
    assert "muster_strength" in found and "muster_time_gain" in found


def _run_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {module.__name__}"


@pytest.mark.parametrize("name", modules())
def test_docstring_examples(name: str) -> None:
    _run_examples(importlib.import_module(name))


@pytest.mark.parametrize("name", bench_scripts())
def test_bench_script_docstring_examples(name: str) -> None:
    _run_examples(load_bench(name))
