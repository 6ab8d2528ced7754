"""A card file is named by its path as the player typed it, folders and all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_muses.cards import CardFileError, load_cards

TABLETOP = str(Path(sys.executable).with_name("tabletop"))


def test_play_names_a_missing_card_file_by_its_whole_path(tmp_path: Path) -> None:
    for typed in ("nowhere/cards.toml", "./nowhere/cards.toml"):
        result = subprocess.run(
            [TABLETOP, "--data-dir", str(tmp_path / "data"), "play", "muses", "--cards", typed],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
            cwd=tmp_path,
        )
        assert result.returncode == 2, result.stderr
        assert f"tabletop: {typed}: no such card file" in result.stderr


def test_a_home_folder_path_is_named_as_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(CardFileError) as info:
        load_cards("~/nowhere/cards.toml")
    assert str(info.value) == "~/nowhere/cards.toml: no such card file"


def test_a_mistake_in_a_file_names_the_path_as_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "bad.toml").write_text("[rules]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CardFileError) as info:
        load_cards("./sets/bad.toml")
    assert str(info.value).startswith("./sets/bad.toml: ")
    assert "unknown section 'rules'" in str(info.value)


def test_a_folder_is_named_as_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sets").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CardFileError) as info:
        load_cards("./sets/")
    assert str(info.value) == "./sets/: a folder, not a card file"
