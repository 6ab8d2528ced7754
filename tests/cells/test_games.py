"""Baker's Game, Eight Off and Seahaven Towers: the conformance kit, the rules as their texts state them, the
solver, ``tabletop GAME solve N`` and the Coach, and each game's own code within 80 lines."""

from __future__ import annotations

import doctest
import importlib
import random
from pathlib import Path

import pytest

import tabletop_bakers as bakers
import tabletop_eightoff as eightoff
import tabletop_seahaven as seahaven
from tabletop.game import IllegalActionError, InvalidActionError
from tabletop.loop import Match
from tabletop.patience.cells.actions import Move
from tabletop.patience.cells.coach import winning_line
from tabletop.patience.cells.game import LayoutGame
from tabletop.patience.cells.state import CellsState
from tabletop.playing_cards import Card, parse_cards
from tabletop.registry import Registry
from tabletop.testing import check_game
from tabletop_freecell import game as freecell

GAMES = {"bakers": bakers.game, "eightoff": eightoff.game, "seahaven": seahaven.game}
MOST_LINES = 80
"""The most lines of Python a game of the family may take, blank and comment lines not counted."""


def position(game: LayoutGame, columns: list[str], cells: list[str | None]) -> CellsState:
    """A hand-built position of ``game`` (invariants not checked: tests of single rules)."""
    state = game.new_state(1, game.layout.cells, False)
    state.cascades = [parse_cards(c) for c in columns] + [[] for _ in range(game.layout.columns - len(columns))]
    state.cells = [None if c is None else Card.parse(c) for c in cells]
    state.cells += [None] * (game.layout.cells - len(cells))
    state._legal = None
    return state


def code_lines(path: Path) -> int:
    """Lines of Python in the file, blank lines and comment lines not counted."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_game_is_found_by_its_entry_point(game_id: str) -> None:
    assert Registry.discover().get(game_id).info.id == game_id


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_own_code_is_at_most_80_lines(game_id: str) -> None:
    package = Path(__import__(f"tabletop_{game_id}").__file__ or "").parent
    lines = sum(code_lines(path) for path in package.rglob("*.py"))
    assert 0 < lines <= MOST_LINES, f"{package.name}: {lines} lines"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_examples_hold(game_id: str) -> None:
    module = importlib.import_module(f"tabletop_{game_id}.game")
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_conforms_random_deals(game_id: str) -> None:
    check_game(GAMES[game_id], options={"auto": "safe"}, playouts=2)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_conforms_fixed_deals_with_automatic_moves_off(game_id: str) -> None:
    check_game(GAMES[game_id], options={"deal": "617", "auto": "off"}, playouts=1)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_interface_offers_every_move_and_fits_80x24(game_id: str) -> None:
    from tabletop.testing import check_agents, check_steps

    check_steps(GAMES[game_id], options={"deal": "5"}, games=2)
    check_agents(GAMES[game_id], options={"deal": "5"}, games=1)


# -- the deals ----------------------------------------------------------------------------------------------


def test_bakers_game_deals_are_freecells() -> None:
    for deal in ("1", "617", "11982"):
        assert bakers.game.new_initial_state({"deal": deal, "auto": "off"}).cascades == (
            freecell.new_initial_state({"deal": deal, "auto": "off"}).cascades
        )


def test_eight_off_deals_six_to_each_column_and_four_to_every_other_cell() -> None:
    state = eightoff.game.new_initial_state({"deal": "1", "auto": "off"})
    assert [len(c) for c in state.cascades] == [6] * 8
    # Microsoft's deal 1, dealt row by row: its first 48 cards make the columns, the last four the cells.
    assert " ".join(str(c) for c in state.cascades[0]) == "JD KD 2S 4C 3S 6D"
    assert [str(c) if c else "-" for c in state.cells] == ["6S", "-", "9C", "-", "2H", "-", "6H", "-"]


def test_seahaven_deals_five_to_each_of_ten_columns_and_two_to_the_middle_cells() -> None:
    state = seahaven.game.new_initial_state({"deal": "3", "auto": "off"})
    assert [len(c) for c in state.cascades] == [5] * 10
    assert [str(c) if c else "-" for c in state.cells] == ["-", "5S", "5C", "-"]
    assert state.invariant_violations() == []


# -- the rules ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_cards_build_down_by_suit_only(game_id: str) -> None:
    game = GAMES[game_id]
    state = position(game, ["TS", "9H", "9S"], [])
    legal = {str(a) for a in state.legal_actions()}
    assert "31" in legal and "21" not in legal  # the 9♠ on the 10♠; never the 9♥
    with pytest.raises(IllegalActionError, match=r"does not go|no sequence"):
        state.apply(game.parse_action(state, "21"))


@pytest.mark.parametrize("game_id", ["eightoff", "seahaven"])
def test_only_a_king_or_a_sequence_from_a_king_goes_to_an_empty_column(game_id: str) -> None:
    game = GAMES[game_id]
    columns = ["2C QD", "5C KH QH JH", "5S"] + ["3C"] * (game.layout.columns - 4)  # the last column is empty
    state = position(game, columns, ["KS", "4D"])
    empty = game.layout.column_key(game.layout.columns - 1)
    legal = {str(a) for a in state.legal_actions()}
    assert f"a{empty}" in legal and f"b{empty}" not in legal  # the King from a cell; not the 4♦
    assert f"2{empty}" in legal and f"1{empty}" not in legal and f"3{empty}" not in legal
    with pytest.raises(IllegalActionError, match="only a King"):
        state.apply(game.parse_action(state, f"b{empty}"))
    state.apply(game.parse_action(state, f"2{empty}"))
    assert [str(c) for c in state.cascades[-1]] == ["KH", "QH", "JH"]


def test_bakers_game_fills_an_empty_cascade_with_any_card() -> None:
    state = position(bakers.game, ["2C QD", "5S", "3C", "3C", "3C", "3C", "3C"], ["4D"])
    assert {"a8", "18", "28"} <= {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize("game_id", ["eightoff", "seahaven"])
def test_with_kings_only_a_sequence_moves_through_the_empty_cells_alone(game_id: str) -> None:
    game = GAMES[game_id]
    run = "KC 8S 7S 6S 5S"  # four cards in suit on the King
    columns = [run, "9S"] + ["3C"] * (game.layout.columns - 4)  # two empty columns: no help
    cells = ["AD"] * (game.layout.cells - 2) + [None, None]  # two empty cells: three cards move at most
    state = position(game, columns, cells)
    assert state.movable("1", "2") == []
    state.cells[0] = None
    assert state.movable("1", "2") == [4]


# -- notation ---------------------------------------------------------------------------------------------


def test_eight_off_names_its_eighth_cell_k_and_f_is_a_cell() -> None:
    state = eightoff.game.new_initial_state({"deal": "1"})
    assert eightoff.game.parse_action(state, "8k") == Move("8", "k")
    assert str(eightoff.game.parse_action(state, "1f")) == "1f"  # a cell here, not home as FreeCell reads f
    with pytest.raises(InvalidActionError):
        eightoff.game.parse_action(state, "1i")


def test_seahaven_reads_fc_solves_tenth_column_as_0() -> None:
    state = seahaven.game.new_initial_state({"deal": "3"})
    parse = seahaven.game.parse_action
    assert (str(parse(state, "10b")), str(parse(state, "a10")), str(parse(state, "10"))) == ("0b", "a0", "10")
    with pytest.raises(InvalidActionError):
        parse(state, "00")


# -- the solver, the command and the Coach -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_solve_command_prints_a_line_that_wins(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = GAMES[game_id]
    assert game.commands()["solve"](["5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Deal 5 (") and "solved in" in out
    moves = " ".join(out.splitlines()[1:]).split()
    match = Match(game, options={"deal": "5"}, seed=0, agents=[None])
    from tabletop.commands.moves import play_moves

    play_moves(match, moves)
    assert match.state.returns() == [1.0]
    assert game.commands()["solve"](["0"]) == 2
    assert game.commands()["solve"](["5", "--limit", "1"]) == 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_solutions_replay_to_a_win_under_the_rules(game_id: str) -> None:
    game = GAMES[game_id]
    for deal in range(1, 6):
        for auto in ("safe", "off"):
            state = game.new_initial_state({"deal": str(deal), "auto": auto})
            line = winning_line(state)
            assert line, f"deal {deal} was not solved"
            match = Match.replay(game, line, options={"deal": str(deal), "auto": auto}, seed=0)
            assert match.state.returns() == [1.0]


def test_a_bakers_game_deal_without_a_solution_is_proved_lost() -> None:
    from tabletop.patience.cells.solver import solve_state

    result = solve_state(bakers.game.new_initial_state({"deal": "10"}))  # fc-solve finds none either
    assert result.lost


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_coach_names_the_next_move_of_a_winning_line(game_id: str) -> None:
    game = GAMES[game_id]
    state = game.new_initial_state({"deal": "2"})
    analyst = game.analyst({})
    assert analyst is not None
    analysis = analyst.analyse(state.view(0), state.legal_actions(), seconds=0.2, rng=random.Random(0))
    assert analysis.exact and analysis.rated[0].win == 1.0 and "A win is still possible" in analysis.notes[0]
    assert str(analysis.best) == (winning_line(state) or [""])[0]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_json_round_trip(game_id: str) -> None:
    game = GAMES[game_id]
    state = game.new_initial_state({"deal": "617"})
    state.apply(state.legal_actions()[0])
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()
