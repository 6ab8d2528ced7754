"""FreeCell's rules: Microsoft's deals against published layouts, notation, supermoves, safe moves home, the kit."""

from __future__ import annotations

import pytest

from tabletop.game import IllegalActionError, InvalidActionError, InvalidStateError
from tabletop.loop import Match
from tabletop.patience import safe_home, sequence_limit
from tabletop.playing_cards import Card, Suit, parse_cards
from tabletop.testing import check_game
from tabletop_freecell import game
from tabletop_freecell.rules import (
    BLOCK,
    BUILD,
    RANDOM_DEALS,
    Block,
    Deal,
    FreeCellState,
    Move,
)

# The layouts of deals 1 and 617 as Rosetta Code's task "Deal cards for FreeCell" publishes them
# (https://rosettacode.org/wiki/Deal_cards_for_FreeCell; the same text is kept in the freeCodeCamp copy of the
# task, interview/src/rosetta-code/deal-cards-for-freecell/readme.md), rows top to bottom, cascades 1 to 8.
PUBLISHED = {
    1: """\
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H""",
    617: """\
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H""",
}


def rows_of(state: FreeCellState) -> str:
    height = max(len(c) for c in state.cascades)
    return "\n".join(" ".join(str(c[r]) for c in state.cascades if len(c) > r) for r in range(height))


@pytest.mark.parametrize("number", sorted(PUBLISHED))
def test_deals_match_published_layouts(number: int) -> None:
    state = game.new_initial_state({"deal": str(number), "auto": "off"})
    assert rows_of(state) == PUBLISHED[number]


def test_an_ace_dealt_on_top_goes_home_before_the_first_move() -> None:
    on = game.new_initial_state({"deal": "2"})
    off = game.new_initial_state({"deal": "2", "auto": "off"})
    assert sum(on.home.values()) == 1 and sum(off.home.values()) == 0
    assert sum(map(len, on.cascades)) == 51


def test_a_random_deal_is_two_draws_and_says_its_number() -> None:
    match = Match(game, seed=11)
    match.advance()
    state = match.state
    assert isinstance(state, FreeCellState)
    assert 1 <= state.deal <= RANDOM_DEALS
    assert match.history[0].startswith("deals ") and match.history[1] == f"deal {state.deal}"
    fixed = game.new_initial_state({"deal": str(state.deal), "auto": "safe"})
    assert fixed.cascades == state.cascades
    # The same seed, the same deal.
    again = Match(game, seed=11)
    again.advance()
    assert again.history == match.history


def test_chance_outcomes_cover_the_classic_deals_evenly() -> None:
    state = game.new_initial_state({})
    blocks = state.chance_outcomes()
    assert len(blocks) == RANDOM_DEALS // BLOCK and blocks[0][0] == Block(1)
    state.apply(Block(201))
    deals = state.chance_outcomes()
    assert [a for a, _ in deals] == [Deal(n) for n in range(201, 401)]
    assert abs(sum(p for _, p in deals) - 1) < 1e-9


@pytest.mark.parametrize("text", ["3a", "a8", "1h", "57", "57/2", "8d", "d1", "ah", "deal 617", "deals 201-400"])
def test_notation_round_trips(text: str) -> None:
    state = game.new_initial_state({})
    assert str(game.parse_action(state, text)) == text


def test_other_programs_spellings_are_read() -> None:
    state = game.new_initial_state({})
    assert game.parse_action(state, "1F") == Move("1", "h")
    assert game.parse_action(state, " 3 A ") == Move("3", "a")


@pytest.mark.parametrize(
    "text", ["", "9a", "3e", "33", "hh", "h1", "a1/2", "57/0", "deal 0", "deal 1000001", "deals 2-201", "x"]
)
def test_bad_notation_is_refused_with_a_message(text: str) -> None:
    with pytest.raises(InvalidActionError):
        game.parse_action(game.new_initial_state({}), text)


def test_supermove_formula() -> None:
    assert sequence_limit(4, 0, to_empty=False) == 5
    assert sequence_limit(0, 0, to_empty=False) == 1
    assert sequence_limit(1, 2, to_empty=False) == 8
    assert sequence_limit(1, 2, to_empty=True) == 4
    assert sequence_limit(3, 1, to_empty=True) == 4


def position(cascades: list[str], cells: list[str | None], home: dict[str, int] | None = None) -> FreeCellState:
    """A hand-built position (invariants not checked: tests of single rules)."""
    state = FreeCellState(deal=0, cells=len(cells), auto=False)
    state.deal = 1
    state.cascades = [parse_cards(c) for c in cascades] + [[] for _ in range(8 - len(cascades))]
    state.cells = [None if c is None else Card.parse(c) for c in cells]
    state.home = {s: (home or {}).get(s.value, 0) for s in Suit}
    return state


def test_a_sequence_moves_as_far_as_free_cells_and_empty_cascades_allow() -> None:
    run = "KS QH JS TH 9S 8H 7S"  # a sequence of 7 cards on cascade 1
    others = ["TD 9C", "2C", "3C", "4C", "5C", "6C", "7C"]  # no empty cascade
    # 8H 7S onto 9C is 2 cards: one free cell allows (1 + 1) x 2^0 = 2.
    assert position([run, *others], ["AS", None]).movable("1", "2") == [2]
    tight = position([run, *others], ["AS", "AH"])
    assert tight.movable("1", "2") == []  # no free cell: one card moves at a time, and 7S does not go on 9C
    with pytest.raises(IllegalActionError, match="at most 1 card"):
        tight.apply(Move("1", "2"))
    # One empty cascade doubles it: 4 cards (TH 9S 8H 7S) onto a black jack.
    roomy = position([run, "QD JC", "2C", "3C", "4C", "5C", "6C"], ["AS", None])
    assert roomy.movable("1", "2") == [4]
    roomy.apply(Move("1", "2"))
    assert str(roomy.cascades[1][-1]) == "7S" and len(roomy.cascades[0]) == 3


def test_onto_an_empty_cascade_the_limit_is_halved_and_shorter_moves_are_offered() -> None:
    state = position(["KS QH JS TH 9S 8H 7S", "2C", "3C", "4C", "5C", "6C"], [None, None, None])
    # 3 free cells, 2 empty cascades: (3 + 1) x 2^(2 - 1) = 8 onto an empty cascade, so all 7 may move: the
    # whole cascade too, as the standard rules allow (it changes only the order of the cascades).
    assert state.movable("1", "7") == [1, 2, 3, 4, 5, 6, 7]
    legal = {str(a) for a in state.legal_actions()}
    assert "17" in legal and "17/1" in legal and "17/6" in legal and "17/7" not in legal  # 17 is all 7
    state.apply(Move("1", "7", 2))
    assert [c.display for c in state.cascades[6]] == ["8♥", "7♠"]


def test_a_whole_cascade_goes_onto_an_empty_one_and_a_lone_card_too() -> None:
    state = position(["KD", "2C", "3C", "4C", "5C", "6C"], [None, None, None, None])
    state.apply(game.parse_action(state, "17"))
    assert not state.cascades[0] and [c.display for c in state.cascades[6]] == ["K♦"]


@pytest.mark.parametrize(("text", "read"), [("17/3", "17"), ("17v3", "17"), ("17V2", "17/2"), ("17 v 1", "17/1")])
def test_a_count_in_either_form_is_read_and_the_longest_is_the_move_itself(text: str, read: str) -> None:
    state = position(["KS QH JS", "2C", "3C", "4C", "5C", "6C"], [None, None, None, None])
    move = game.parse_action(state, text)
    assert str(move) == read and move in state.legal_actions()


def test_fc_solves_hexadecimal_count_reads_past_nine() -> None:
    assert Move.parse("57vA") == Move("5", "7", 10) and Move.parse("57v0c") == Move("5", "7", 12)


def test_a_count_too_large_is_refused_saying_what_fits() -> None:
    state = position(["KS QH JS TH", "2C", "3C", "4C", "5C", "6C"], ["AS", "AH", "AD", None])
    # One free cell, two empty cascades: (1 + 1) x 2^(2 - 1) = 4 onto an empty cascade.
    with pytest.raises(IllegalActionError, match="cascade 1 can move 1, 2, 3 or 4 cards to cascade 7"):
        state.apply(Move("1", "7", 5))


def test_safe_moves_home_wait_for_the_other_colour() -> None:
    home = {Suit.CLUBS: 2, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 2}
    assert safe_home(BUILD, home, Card.parse("AS")) is False  # not next: the spade ace is home already
    assert safe_home(BUILD, home, Card.parse("2S"))  # twos always
    assert not safe_home(BUILD, home, Card.parse("3H"))  # 2S could still need the 3H
    home[Suit.SPADES] = 2
    assert safe_home(BUILD, home, Card.parse("3H"))


def test_automatic_moves_can_be_turned_off() -> None:
    on = game.new_initial_state({"deal": "3"})
    off = game.new_initial_state({"deal": "3", "auto": "off"})
    assert sum(on.home.values()) == 2 and sum(off.home.values()) == 0
    assert any(str(a).endswith("h") for a in off.legal_actions())


def test_an_illegal_move_says_why() -> None:
    state = game.new_initial_state({"deal": "1"})
    with pytest.raises(IllegalActionError, match="2♥ is not next"):
        state.apply(Move("3", "h"))


def test_describe_tells_the_cards_and_what_went_home() -> None:
    state = game.new_initial_state({"deal": "1"})
    assert state.describe(Move("3", "a"), 0) == "3a: 2♥ from cascade 3 to free cell a."


def test_json_round_trip_and_bad_json() -> None:
    state = game.new_initial_state({"deal": "617", "cells": "2"})
    state.apply(state.legal_actions()[0])
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()
    bad = state.to_json()
    assert isinstance(bad, dict)
    broken: object
    for broken in ({**bad, "cascades": ["ZZ"] * 8}, {**bad, "deal": "x"}, {**bad, "cells": ["AS", "AS"]}, []):
        with pytest.raises(InvalidStateError):
            game.state_from_json(broken)


def test_a_state_saved_with_its_list_of_moves_still_reads() -> None:
    # The state counts its moves (the match's history lists them); one written when it listed them reads as
    # their count, the last move and the cards that move sent home.
    state = game.new_initial_state({"deal": "1"})
    for text in ("6a", "6b"):  # the second sends A♣ 2♣ A♠ home
        state.apply(Move.parse(text))
    new = state.to_json()
    assert isinstance(new, dict) and (new["moves"], new["last"], new["went"]) == (2, "6b", "AC 2C AS")
    old = {k: v for k, v in new.items() if k not in ("last", "went")}
    old.update(moves=["6a", "6b"], automatic=["", "AC 2C AS"])
    again = game.state_from_json(old)
    assert again.to_json() == new and again.legal_actions() == state.legal_actions()
    for broken in ({**old, "automatic": [""]}, {**new, "moves": "2"}, {**new, "last": None}, {**new, "last": 3}):
        with pytest.raises(InvalidStateError):
            game.state_from_json(broken)


@pytest.mark.parametrize("options", [{"cells": "4", "auto": "safe"}, {"cells": "0", "auto": "off"}], ids=str)
def test_conforms_random_deals(options: dict[str, str]) -> None:
    check_game(game, options=options, playouts=2)


@pytest.mark.parametrize(
    "options", [{"deal": "617", "cells": "2", "auto": "safe"}, {"deal": "1", "cells": "4", "auto": "off"}], ids=str
)
def test_conforms_fixed_deals(options: dict[str, str]) -> None:
    check_game(game, options=options, playouts=1)


def test_interface_offers_every_move_and_fits_80x24() -> None:
    from tabletop.testing import check_agents, check_steps

    for options in ({"cells": "4"}, {"cells": "0", "auto": "off"}, {"deal": "617", "cells": "2"}):
        check_steps(game, options=options, games=2)
    check_agents(game, options={"deal": "5"}, games=1)


def test_cascades_and_cells_keep_their_keys() -> None:
    from tabletop_freecell.ui import FreeCellUI

    ui = FreeCellUI(game)
    state = game.new_initial_state({"deal": "1"})
    keys = ui.label_keys(state.view(0))
    steps = ui.steps(state.view(0), state.legal_actions())
    assert {keys[s.path[0]] for s in steps} == set("12345678")
    # The empty cells are alike: a move to a cell is the one entry "to a free cell", on the first empty
    # cell's key, and the cards go there.
    assert {keys[s.path[1]] for s in steps if not s.path[1].startswith("onto")} == {"a"}
    assert {s.path[1] for s in steps if keys[s.path[1]] == "a"} == {"to a free cell"}
    state.apply(game.parse_action(state, "1a"))
    keys = ui.label_keys(state.view(0))
    to_cells = [s for s in ui.steps(state.view(0), state.legal_actions()) if s.path[1] == "to a free cell"]
    assert {keys[s.path[1]] for s in to_cells} == {"b"} and {str(s.action)[1] for s in to_cells} == {"b"}


def test_undo_goes_back_move_by_move_and_redo_takes_the_moves_again() -> None:
    match = Match(game, options={"deal": "617"}, seed=0)
    moves = ["1a", "2b", "2c"]
    for text in moves:
        match.apply(game.parse_action(match.state, text))
    after = match.state.to_json()
    for _ in moves:  # unlimited: back to the deal, one decision at a time
        point = match.undo_point(0)
        assert point is not None
        match.undo(point)
    assert match.history == [] and match.redoable == ["2c", "2b", "1a"]
    assert match.undo_point(0) is None
    for text in moves:
        assert match.redo_point(0) == text
        match.redo()
    assert match.state.to_json() == after and not match.redoable
    match.undo(len(match.history) - 1)
    match.apply(game.parse_action(match.state, "3c"))  # a new move forgets what was undone
    assert not match.redoable and match.redo_point(0) is None
