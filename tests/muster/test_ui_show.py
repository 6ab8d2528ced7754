"""`tabletop muster show FILE`: draws good position files, refuses bad ones with a message and status 2."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tabletop_muster.position import build_state
from tabletop_muster.show import show_command
from tests.muster.ui_helpers import lines_of

EXAMPLE = Path(__file__).parent / "example_position.json"


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = show_command(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, data: Any, name: str = "pos.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def position() -> Any:
    return build_state(
        north="W1 W3 R L2 C1",
        south="F1 F2 F3 P1 P2",
        north_columns={"water": "W1 W2"},
        south_columns={"flame": "F1 RW"},
        castles={"cloud": "C2 X"},
        known=("L2", ""),
    )


def test_a_full_state_is_drawn_for_the_player_to_act_with_the_other_hand_listed(tmp_path: Path) -> None:
    code, out, err = run(write(tmp_path, position().to_json()))
    assert code == 0 and err == ""
    assert "North (you)" in out
    assert "Your hand: W1  W3  L2°  C1  R" in out
    assert "Full state: South's whole hand: F1 F2 F3 P1 P2" in out
    assert "X any ×2" in out
    assert max(len(line) for line in lines_of(out)) <= 80


def test_as_draws_a_full_state_for_one_seat_and_hides_the_other_hand(tmp_path: Path) -> None:
    code, out, _ = run("--as", "south", write(tmp_path, position().to_json()))
    assert code == 0
    assert "South (you)" in out and "Your hand: F1  F2  F3  P1  P2" in out
    assert "North's hand (5): L2 ? ? ? ?" in out
    for hidden in ("W3", "C1"):
        assert hidden not in out


def test_a_view_file_is_drawn_for_its_viewer(tmp_path: Path) -> None:
    view = position().view(1).to_json()
    code, out, _ = run(write(tmp_path, view))
    assert code == 0
    assert "South (you)" in out and "North's hand (5): L2 ? ? ? ?" in out and "W3" not in out
    code, _, err = run("--as", "north", write(tmp_path, view))
    assert code == 2 and "its own viewer" in err


def test_the_example_file_and_a_finished_game(tmp_path: Path) -> None:
    code, out, _ = run(str(EXAMPLE))
    assert code == 0 and "Muster · turn" in out
    over = build_state(north_columns={"water": "W5"}, south_columns={"leaf": "L5", "cloud": "C1"}, phase="over")
    code, out, _ = run(write(tmp_path, over.to_json()))
    assert code == 0 and "Final reckoning" in out and "South wins, 2 castles to 1." in out


def corrupt(change: str) -> Any:
    data = position().to_json()
    if change == "48th card":
        data["deck"].append("F4")
    elif change == "two leaders":
        data["castles"]["water"] = ["W5"]  # the deck holds the other
    elif change == "banner on wizard":
        data["south"]["columns"]["flame"].append("F2")
    elif change == "unknown card":
        data["north"]["hand"][0] = "Z9"
    elif change == "wrong type":
        data["castles"] = "lots"
    return data


@pytest.mark.parametrize(
    "change, words",
    [
        ("48th card", "too many"),
        ("two leaders", "Water 5"),
        ("banner on wizard", "flame"),
        ("unknown card", "Z9"),
        ("wrong type", "castles"),
    ],
)
def test_impossible_positions_are_refused_with_where_and_what(tmp_path: Path, change: str, words: str) -> None:
    path = write(tmp_path, corrupt(change))
    code, out, err = run(path)
    assert code == 2 and out == ""
    assert err.startswith(f"muster show: {path}: ") and words in err
    assert "Traceback" not in err and len(lines_of(err)) == 1


@pytest.mark.parametrize(
    "content, words",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ("", "not valid JSON"),
        ("[" * 100000, "nested far too deeply"),
    ],
)
def test_malformed_files_are_refused(tmp_path: Path, content: str, words: str) -> None:
    code, out, err = run(write(tmp_path, content))
    assert code == 2 and out == "" and words in err and "Traceback" not in err


def test_unreadable_files_and_bad_usage(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read it: No such file or directory" in err
    code, _, err = run(str(tmp_path))
    assert code == 2 and "is a directory" in err
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = run(str(binary))
    assert code == 2 and "not a text file" in err
    for args in ([], ["a.json", "b.json"], ["--as", "east", "a.json"], ["--colour", "a.json"], ["--help"]):
        code, out, err = run(*args)
        assert code == 2 and out == "" and "usage: tabletop muster show" in err
