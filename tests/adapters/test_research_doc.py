"""The worked example of docs/research.md runs and prints what the page says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

RESEARCH = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_the_random_policy_example_runs_and_prints_what_the_page_shows() -> None:
    (block,) = re.findall(r"```python\n(.*?)```", RESEARCH.read_text(), flags=re.DOTALL)
    assert len(block.strip().splitlines()) <= 11, "the example stays about ten lines"
    shown = re.search(r"# (\{.*?\})", block)
    assert shown is not None
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(compile(block, str(RESEARCH), "exec"), {})
    assert out.getvalue().strip() == shown.group(1)
