"""The research libraries stay out of the menu: ``tabletop list`` imports none of them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

LIBRARIES = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "ray", "numpy", "torch", "stable_baselines3")

LIST_AND_REPORT = f"""
import contextlib, io, json, sys
from tabletop.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(["list"])
print(json.dumps({{"code": code, "listed": out.getvalue(),
                   "loaded": sorted(m for m in {LIBRARIES!r} if m in sys.modules),
                   "adapters": "tabletop.adapters" in sys.modules}}))
"""


def test_tabletop_list_imports_no_research_library(example_plugin_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(example_plugin_path)}
    result = subprocess.run(
        [sys.executable, "-c", LIST_AND_REPORT], capture_output=True, text=True, timeout=120, env=env, check=True
    )
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["code"] == 0 and "Muster" in report["listed"] and "High Card" in report["listed"]
    assert report["loaded"] == []
    assert report["adapters"] is False, "the menu never imports tabletop.adapters, which registers with the libraries"


def test_the_protocol_modules_import_no_research_library() -> None:
    code = (
        "import sys, tabletop.encoding, tabletop_muster.encoding, tabletop_muses.encoding; "
        f"print([m for m in {LIBRARIES!r} + ('tabletop.adapters',) if m in sys.modules])"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.strip() == "[]"


REGISTERED_ON_IMPORT = """
import gymnasium, pyspiel
import tabletop.adapters
print(gymnasium.make("tabletop/Muses-v0").unwrapped.table.game.info.id, pyspiel.load_game("tabletop_muster").num_players())
"""


def test_importing_the_adapters_registers_the_games_with_gymnasium_and_openspiel() -> None:
    """The one import a research script needs: nothing of tabletop.adapters.gymnasium or .openspiel by name."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pyspiel")
    result = subprocess.run(
        [sys.executable, "-c", REGISTERED_ON_IMPORT], capture_output=True, text=True, timeout=120, check=True
    )
    assert result.stdout.split() == ["muses", "2"]
