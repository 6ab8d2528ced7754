"""JSON positions (full states and views): round trips, refusals with where and what, and `moves FILE`."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tabletop.game import InvalidStateError
from tabletop_muster import game
from tabletop_muster.cli import moves_command
from tabletop_muster.position import build_state, loads, read_position, state_from_json, view_from_json
from tabletop_muster.view import MusterView


def random_states(seed: int, every: int = 7) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_initial_state({"over_the_rainbow": "on"} if seed % 2 else {})
    out = [state.clone()]
    step = 0
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        step += 1
        if step % every == 0:
            out.append(state.clone())
    out.append(state)
    return out


def base() -> dict[str, Any]:
    data: dict[str, Any] = build_state(
        north="W1 L1 C1 F1 R",
        south="W2 L2 C2 F2 P2",
        north_columns={"water": "W1 W2"},
        south_columns={"flame": "F1 RW RW"},
        castles={"leaf": "L3"},
    ).to_json()
    return data


def test_full_states_round_trip_along_games() -> None:
    for seed in range(4):
        for state in random_states(seed):
            data = state.to_json()
            json.dumps(data)
            again = game.state_from_json(json.loads(json.dumps(data)))
            assert again.to_json() == data
            assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
            assert again.rbmask == state.rbmask


def test_views_round_trip_along_games() -> None:
    for seed in range(3):
        for state in random_states(seed, every=11):
            for p in (0, 1):
                view = state.view(p)
                again = game.view_from_json(json.loads(json.dumps(view.to_json())))
                assert again == view
                assert isinstance(read_position(json.dumps(view.to_json())), MusterView)


def test_view_holds_only_what_its_player_may_know() -> None:
    state = game.state_from_json(base())
    view = state.view(1).to_json()
    assert "deck" not in view and view["deck_size"] == len(state.deck)
    assert view["north"]["hand_size"] == 5 and "hand" not in view["north"]
    assert sorted(view["south"]["hand"]) == sorted(["W2", "L2", "C2", "F2", "P2"])
    assert view["score"] == {"castles": [1, 1], "totals": [3, 13], "leader": "south"}


def test_example_position_reads() -> None:
    data = json.loads((Path(__file__).parent / "example_position.json").read_text())
    state = state_from_json(data)
    assert state.to_json() == data


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["deck"].append("W1"), r"one Water 1 card too many: the game has 3"),
        (
            lambda d: d["south"]["columns"]["leaf"].append("W5"),
            r"south.columns.leaf\[0\]: one Water 5 card too many: the game has 1 \(also at deck\[\d+\]\)",
        ),
        (
            lambda d: d["south"]["columns"]["flame"].append("F2"),
            r"south.columns.flame\[3\]: a Banner \(F2\) cannot lie on a Rainbow Wizard",
        ),
        (lambda d: d["deck"].pop(), r"46 cards are accounted for; the game has 47 \(missing: "),
        (lambda d: d["north"]["columns"]["leaf"].append("W9"), r"north.columns.leaf\[0\]: \"W9\" is not a column card"),
        (
            lambda d: d["north"]["columns"]["leaf"].append("X"),
            r"north.columns.leaf\[0\]: a Rainbow Castle is only ever played onto a castle space",
        ),
        (lambda d: d["north"]["columns"]["water"].append("W4"), r"north.columns.water\[2\]: Water 4 cannot lie on a 2"),
        (
            lambda d: d["north"]["columns"]["cloud"].append("RB1"),
            r"north.columns.cloud\[0\]: a Rainbow Bridge is always followed",
        ),
        (
            lambda d: d["north"]["columns"]["cloud"].extend(["RB2", "C3"]),
            r"north.columns.cloud\[0\]: a Bridge on an empty column stands for 1, not 2",
        ),
        (lambda d: d["north"]["hand"].append("P1"), r"north.hand: 6 cards; a hand holds at most 5"),
        (lambda d: d["north"]["known"].append("P5"), r"north.known\[0\]: P5 is not"),
        (lambda d: d.__setitem__("phase", "dance"), r"phase: \"dance\" is not one of first, deal, act"),
        (lambda d: d.__setitem__("castled", "leaf"), r"castled: only set during a refill"),
        (lambda d: d.__setitem__("turn", "3"), r"turn: expected int"),
        (
            lambda d: d["castles"]["leaf"].append("W3"),
            r"castles.leaf\[1\]: Water 3 only ever lands on the water castle space",
        ),
        (
            lambda d: (
                d["variants"].__setitem__("simplified", True) or d["north"]["columns"]["cloud"].extend(["RB1", "C2"])
            ),
            r"north.columns.cloud\[0\]: the Simplified game has no Rainbow Bridges",
        ),
        (lambda d: d.__setitem__("phase", "refill"), r"to_draw: a refill owes 1 to 5 cards, not 0"),
        (lambda d: d.__setitem__("game", "muses"), r"game: this is a 'muses' position"),
        (lambda d: d["variants"].__setitem__("turbo", True), r"variants: unknown variant 'turbo'"),
    ],
)
def test_impossible_positions_are_refused_with_where_and_what(edit: Any, message: str) -> None:
    data = copy.deepcopy(base())
    edit(data)
    with pytest.raises(InvalidStateError, match=message):
        game.state_from_json(data)


def test_power_of_one_position_needs_columns_starting_with_a_1() -> None:
    data = base()
    data["variants"]["power_of_one"] = True
    data["north"]["columns"]["water"] = ["W2"]
    data["deck"].append("W1")
    with pytest.raises(InvalidStateError, match=r"north.columns.water\[0\]: The Power of One"):
        game.state_from_json(data)


def test_bad_json_text_and_non_objects() -> None:
    with pytest.raises(InvalidStateError, match=r"not valid JSON: .* line 1"):
        loads("{nope")
    with pytest.raises(InvalidStateError, match="is a JSON object, not list"):
        game.state_from_json([1, 2])
    with pytest.raises(InvalidStateError, match="nested far too deeply"):
        loads("[" * 100_000)


def test_view_validation_counts_the_unseen_cards() -> None:
    view = game.state_from_json(base()).view(0).to_json()
    view["deck_size"] += 1
    with pytest.raises(InvalidStateError, match="48 cards are accounted for"):
        view_from_json(view)
    view = game.state_from_json(base()).view(0).to_json()
    view["south"]["known"] = ["W2", "L2", "C2", "F2", "P2", "W2"]
    with pytest.raises(InvalidStateError, match=r"south\.known: 6 known cards but only 5 in hand"):
        view_from_json(view)


# ------------------------------------------------------------------ moves
def run_moves(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = moves_command(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_moves_prints_legal_actions_one_per_line(tmp_path: Path) -> None:
    state = game.state_from_json(base())
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(state.to_json()))
    code, out, err = run_moves(str(path))
    assert code == 0 and err == ""
    assert out.splitlines() == [str(a) for a in state.legal_actions()]
    code, out, _ = run_moves("--long", str(path))
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(state.legal_actions())
    assert "cW1\tNorth castles Water 1 onto the Water castle space." in lines


def test_moves_accepts_the_viewers_view(tmp_path: Path) -> None:
    state = game.state_from_json(base())
    path = tmp_path / "view.json"
    path.write_text(json.dumps(state.view(0).to_json()))
    code, out, _ = run_moves(str(path))
    assert code == 0 and out.splitlines() == [str(a) for a in state.legal_actions()]
    path.write_text(json.dumps(state.view(1).to_json()))
    code, out, err = run_moves(str(path))
    assert code == 2 and "viewer is to act" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{bad json", "not valid JSON"),
        (json.dumps({"phase": "act"}), "turn_of: missing"),
        (None, "cannot read"),
    ],
)
def test_moves_refuses_bad_files_with_exit_code_2(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run_moves(str(path))
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_moves_usage() -> None:
    code, _, err = run_moves()
    assert code == 2 and "usage:" in err
    assert set(game.commands()) == {"moves", "show"}
