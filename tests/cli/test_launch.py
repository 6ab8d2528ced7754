"""Ctrl-C while the program is still loading ends it with the status of Ctrl-C, without a traceback."""

from __future__ import annotations

import importlib.abc
import importlib.metadata
import sys
from typing import Any

import pytest

from tabletop import launch
from tabletop.leaving import EXIT_INTERRUPTED


class Interrupted(importlib.abc.MetaPathFinder):
    """A finder that meets the import of ``tabletop.cli`` as if Ctrl-C had been pressed during it."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> None:
        if name == "tabletop.cli":
            raise KeyboardInterrupt
        return None


def test_ctrl_c_while_the_program_loads_ends_it_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "tabletop.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    assert launch.main() == EXIT_INTERRUPTED == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err


def test_the_command_starts_through_the_launcher() -> None:
    (script,) = importlib.metadata.entry_points(group="console_scripts", name="tabletop")
    assert script.value == "tabletop.launch:main"
