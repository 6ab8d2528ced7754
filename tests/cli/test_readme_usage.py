"""The README's "Using it" says how to reach the `tabletop` command, which nothing puts on PATH."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_using_it_says_how_to_run_tabletop() -> None:
    using = _section("Using it")
    assert "./play.sh list" in using
    assert ".venv/bin/tabletop" in using
    assert "source .venv/bin/activate" in using
    # The way is named before the commands that rely on it.
    assert using.index("./play.sh") < using.index("```sh")
