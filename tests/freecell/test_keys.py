"""FreeCell's lists: a card goes home from the first list, in one key when it is the only one that can."""

from __future__ import annotations

import io
import random

from rich.console import Console

from tabletop.loop import Match
from tabletop.patience.board import HOME_TITLE
from tabletop.patience.cells.state import CellsState
from tabletop.views import FullView
from tabletop_freecell import game
from tabletop_freecell.rules import HOME_KEY, Action, FreeCellState, Move
from tabletop_freecell.ui import FreeCellUI


def seen(match: Match[Action]) -> FullView[CellsState]:
    """The player's view of the match's position (a FreeCell state: the match types it as any state)."""
    state = match.state
    assert isinstance(state, FreeCellState)
    return state.view(0)


def home_paths(deal: int) -> tuple[list[tuple[str, ...]], dict[str, str]]:
    state = game.new_initial_state({"deal": str(deal), "auto": "off"})
    ui = game.ui()
    view = state.view(0)
    steps = ui.steps(view, state.legal_actions())
    paths = [s.path for s in steps if isinstance(s.action, Move) and s.action.target == HOME_KEY]
    return paths, dict(ui.label_keys(view))


def test_the_only_card_that_can_go_home_is_one_entry_of_the_first_list_on_h() -> None:
    paths, keys = home_paths(2)  # deal 2: only cascade 1's Ace can go home
    assert paths == [(HOME_TITLE, "A♠ from cascade 1")]
    assert keys[HOME_TITLE] == "h"
    # No cascade's own list offers home any more: the first list's h is the one way there.
    state = game.new_initial_state({"deal": "2", "auto": "off"})
    others = [s.path for s in game.ui().steps(state.view(0), state.legal_actions()) if s.path[0] != HOME_TITLE]
    assert all("home" not in label for path in others for label in path)


def test_several_cards_that_can_go_home_are_named_by_their_places_keys() -> None:
    paths, keys = home_paths(8)  # deal 8: cascades 5 and 8 each have an Ace on top
    assert [p[0] for p in paths] == [HOME_TITLE, HOME_TITLE]
    assert sorted(keys[p[1]] for p in paths) == ["5", "8"]


def test_the_table_never_makes_the_move_that_takes_back_the_last_one() -> None:
    """Where the one legal move puts back the card just moved, the player is asked (and may undo, or see the
    game is lost): the table does not undo their move for them, nor play the card to and fro."""
    from tabletop.ui.play import Table, _ask_action
    from tests.framework.test_table import Scripted

    ui = FreeCellUI(game)
    match = _one_move_each_way(ui)
    there = match.state.legal_actions()[0]
    assert ui.plays_lone_action(seen(match), there)  # not a way back: the table makes it
    match.apply(there)
    way_back = match.state.legal_actions()[0]
    assert isinstance(there, Move) and isinstance(way_back, Move)
    assert (way_back.source, way_back.target) == (there.target, there.source)
    assert not ui.plays_lone_action(seen(match), way_back)
    prompter = Scripted("")  # the first entry: the move
    table = Table(match, ui, Console(file=io.StringIO()), prompter, ["You"])
    assert _ask_action(table, 0) == way_back
    assert [question for question, _, _ in prompter.asked] == ["Your move:"]


def _one_move_each_way(ui: FreeCellUI) -> Match[Action]:
    """A game played at random from deal 1 to a position with one legal move, the table free to make it,
    after which the one legal move takes it back (``57`` then ``75``)."""
    for seed in range(100):
        rng = random.Random(seed)
        match = Match(game, options={"deal": "1"}, seed=0, agents=[None])
        match.advance()
        while not match.state.is_terminal():
            legal = match.state.legal_actions()
            if len(legal) == 1 and ui.plays_lone_action(seen(match), legal[0]):
                after = match.state.clone()
                after.apply(legal[0])
                back = after.legal_actions()
                if not after.is_terminal() and len(back) == 1 and str(back[0]) == str(legal[0])[::-1]:
                    return match
            match.apply(rng.choice(legal))
    raise AssertionError("no such position was reached")


def test_a_move_that_takes_part_of_the_run_shown_names_the_cards_that_go_and_keeps_its_key() -> None:
    match: Match[Action] = Match(game, options={"deal": "617"}, seed=1, agents=[None])
    match.advance()
    for move in ["4a", "46", "4b", "4c", "2d", "21"]:  # cascade 1 ends J♦ 10♠; cascade 7 J♥
        match.apply(next(a for a in match.state.legal_actions() if str(a) == move))
        match.advance()
    ui, view = game.ui(), seen(match)
    paths = {str(s.action): s.path for s in ui.steps(view, match.state.legal_actions())}
    assert paths["17"] == ("cascade 1: J♦ 10♠", "onto cascade 7 (J♥): 10♠")  # the J♦ stays
    assert paths["41"] == ("cascade 4: 9♦", "onto cascade 1 (10♠)")  # the whole run shown goes: no more words
    assert ui.label_keys(view)["onto cascade 7 (J♥): 10♠"] == "7"


def test_a_run_longer_than_can_go_to_an_empty_cascade_is_not_called_all() -> None:
    from tabletop.playing_cards import Card, Suit
    from tabletop_freecell.ui import count_label

    state = game.new_initial_state({"deal": "1"})
    run = [Card(7, Suit.CLUBS), Card(6, Suit.DIAMONDS), Card(5, Suit.CLUBS), Card(4, Suit.DIAMONDS)]
    state.cascades[0] = [Card(13, Suit.SPADES), *run]
    state.cascades[7] = []
    state.cells = [Card(1, Suit.HEARTS), Card(2, Suit.HEARTS), Card(3, Suit.HEARTS), None]
    assert state.movable("1", "8") == [1, 2]  # one free cell, no other empty cascade: two cards at most
    assert count_label(state, "1", 2, longest=True) == "the most that can go, 2: 5♣ 4♦"
    state.cascades[0] = [Card(13, Suit.SPADES), *run[2:]]
    assert count_label(state, "1", 2, longest=True) == "all 2: 5♣ 4♦"
