"""The tree passes its own checks: ruff's lint rules and formatting, and mypy in strict mode.

The settings live in pyproject.toml; these tests run the tools as a person
would from the project's folder, so ``./test.sh`` (and CI) checks every file.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["tabletop", "games", "examples", "bench", "tests"]
"""Every folder of code: the framework, the built-in games, the example plugin, the benches and the tests."""


def run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (the setup's test extra installs it)")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_ruff_finds_nothing_to_fix() -> None:
    result = run("ruff", "check", "--no-cache", *CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_tree_is_formatted() -> None:
    result = run("ruff", "format", "--check", "--no-cache", *CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_no_error() -> None:
    result = run("mypy", *CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr
