"""Gin Rummy's board: the hand sorted with its melds marked, hidden cards hidden, and room for every list."""

from __future__ import annotations

import io

from rich.console import Console

from tabletop.interface import Log
from tabletop_gin import game
from tabletop_gin.melds import CARD_OF, parse
from tabletop_gin.rules import GinState
from tabletop_gin.ui import LAY_A_MELD
from tabletop_gin.view import DEFEND_LAY, GinView
from tests.gin.test_rules import NORTH, SOUTH, dealt, play

ROWS = 24
LIST_EXTRAS = 4
"""The notice, the question, the hint and log entries and the way out, beside a list's own entries."""


def drawn(view: GinView, log: list[str] | None = None) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=80, height=ROWS, color_system=None).print(game.ui().render(view, Log(log or [])))
    return out.getvalue().splitlines()


def test_the_hand_is_sorted_with_its_best_melds_in_brackets_and_its_deadwood() -> None:
    state = dealt(NORTH, SOUTH, "KD")
    lines = drawn(state.view(0))
    hand = next(line for line in lines if line.startswith("You"))
    assert "[A♣ 2♣ 3♣] [7♦ 7♥ 7♠] 9♦ 4♥ K♥ Q♠" in hand and hand.rstrip().endswith("deadwood 33")


def test_the_other_hand_and_the_stock_stay_hidden() -> None:
    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take", "discard JD")
    text = "\n".join(drawn(state.view(0)))
    hidden = [CARD_OF[c].display for c in parse("4S 5S 6S 8C JC 2D 3D")]
    assert not any(card in text for card in hidden)
    assert "South 10 cards, holds A♦" in text


def test_many_melds_go_one_step_down_and_every_list_fits_at_80_by_24() -> None:
    north = "2C 3C 4C 5C 6C 7C 8C 9C KD 5H"
    south = "AD 2D 3D 4D AH 2H 3H AS 2S 3S"
    state = play(dealt(north, south, "QS"), "pass", "pass", "draw")
    state.apply(next(a for a in state.legal_actions() if str(a) == "deal 4S"))
    play(state, "knock", "discard KD", "spread")
    assert state.phase in (DEFEND_LAY, "layoff")
    if state.phase == "layoff":
        play(state, "pass")
    ui, view = game.ui(), state.view(state.current_player())
    steps = ui.steps(view, state.legal_actions())
    assert any(step.path[0] == LAY_A_MELD for step in steps)
    first = {step.path[0] for step in steps}
    assert len(drawn(view)) + len(first) + LIST_EXTRAS <= ROWS


def test_a_hands_end_is_shown_once_at_the_first_decision_of_the_next_hand() -> None:
    from tabletop.loop import Match
    from tabletop.ui.play import Table, _interlude
    from tabletop_gin.agents import MediumAgent
    from tests.framework.test_table import Scripted

    match = Match(game, seed=5, agents=[None, MediumAgent()])
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    said = "Done laying melds (deadwood 4): the only choice."  # a notice from the hand now over
    table = Table(match, game.ui(), console, Scripted(), ["You", "Medium"], notice=said)
    while True:  # the person plays the plain moves until the second hand asks them something
        match.advance()
        view = match.state.view(0)
        assert isinstance(view, GinView)
        if view.hand_number == 2:
            break
        assert game.ui().interlude(view) is None  # nothing to show in the first hand
        match.apply(MediumAgent().choose(view, match.state.legal_actions(), match.agent_rng(0)))
    last = view.last
    assert last is not None
    _interlude(table, 0)
    assert table.notice is None  # not carried into the next hand
    _interlude(table, 0)  # once only
    shown = out.getvalue()
    assert shown.count("Hand 1 is over.") == 1, shown
    assert table.prompter.asked == [("Press any key to go on", [], None)]  # type: ignore[attr-defined]
    assert f"deadwood {last.deadwood[0]}" in shown and f"deadwood {last.deadwood[1]}" in shown
    assert f"Score: North {view.scores[0]}, South {view.scores[1]}." in shown


def test_while_melds_are_laid_the_rest_of_the_hand_keeps_its_melds_marked_and_its_deadwood() -> None:
    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take", "knock", "discard JD", "meld 4S 5S 6S")
    mine = next(line for line in drawn(state.view(1)) if line.startswith("You"))
    assert "laid [4♠ 5♠ 6♠] · [8♣ 8♦ 8♥] [A♦ 2♦ 3♦] J♣" in mine, mine  # the melds still to lay, in brackets
    assert mine.rstrip().endswith("deadwood 10"), mine  # not 37: the melds in hand will be laid


def test_the_knock_comes_first_on_k_and_the_discards_stand_as_the_hand_shows_its_cards() -> None:
    from tabletop.ui.entries import list_keys
    from tabletop.ui.steps import level_choices
    from tabletop_gin.ui import arranged

    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take")
    ui, view = game.ui(), state.view(1)
    choices = level_choices(ui.steps(view, state.legal_actions()), [], (), ui.label_order(view), ui.label_keys(view))
    keyed = list(zip(list_keys(choices), [c.title for c in choices], strict=True))
    assert keyed[0] == ("k", "Knock (deadwood 10)")
    thrown = " ".join(title.split()[1] for _, title in keyed[1:])
    assert arranged(view.hand).replace("[", "").replace("]", "").replace("A♦ ", "") == thrown  # A♦ just taken


def test_the_log_says_the_knock_with_the_card_put_face_down_and_the_melds_spread() -> None:
    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take", "knock")
    discard = next(a for a in state.legal_actions() if str(a) == "discard JD")
    assert state.describe(discard, 0) == "South knocks, the J♦ face down."  # beside the last log line or two
    state = play(state, "discard JD")
    spread = next(a for a in state.legal_actions() if str(a) == "spread")
    assert state.describe(spread, 0) == "South lays the best melds."


def test_the_whole_log_says_each_draw_once_by_the_card_drawn() -> None:
    from tabletop.loop import Match
    from tabletop_gin.agents import MediumAgent

    match = Match(game, seed=5, agents=[MediumAgent(), MediumAgent()])
    while sum(e.notation == "draw" for e in match.events) < 6:
        match.step()
    match.step()  # the card of the sixth draw
    lines = game.ui().whole_log(Log.of(match.events, 0))
    assert not any(line.endswith("draws from the stock.") for line in lines), lines
    drawn_here = [line for line in lines if line.startswith("North draws ")]  # the viewer's own, card named
    theirs = [line for line in lines if line == "South draws a card from the stock."]
    assert drawn_here and theirs and len(drawn_here) + len(theirs) == 6, lines


def test_across_the_network_the_joined_seat_sees_a_hands_end_once_too() -> None:
    from tabletop.loop import Match
    from tabletop.net.seen import Seen
    from tabletop.net.table import JoinedTable
    from tabletop_gin.agents import MediumAgent
    from tests.framework.test_table import Scripted

    match = Match(game, seed=5, agents=[MediumAgent(), None])

    def south() -> GinView:
        seen = match.state.view(1)
        assert isinstance(seen, GinView)
        return seen

    while south().hand_number == 1 or match.human_to_act() != 1:  # to South's first decision of hand 2
        if match.human_to_act() == 1:
            match.apply(MediumAgent().choose(south(), match.state.legal_actions(), match.agent_rng(1)))
        else:
            match.step()
    view = match.state.view(1)
    seen = Seen(game, {}, 1, ["North", "South"], view=view, legal=match.state.legal_actions())
    out = io.StringIO()
    prompter = Scripted()
    table = JoinedTable(None, seen, Console(file=out, width=80, color_system=None), prompter)  # type: ignore[arg-type]
    table._interlude(view)
    table._interlude(view)
    assert out.getvalue().count("Hand 1 is over.") == 1 and "You (South)" in out.getvalue(), out.getvalue()
    assert prompter.asked == [("Press any key to go on", [], None)]


def test_a_drawn_hand_ends_without_showing_the_cards_no_one_spread() -> None:
    from tabletop.loop import Match
    from tabletop_gin.agents import EasyAgent

    match = Match(game, seed=3, agents=[EasyAgent(), EasyAgent()])
    while True:  # to the first decision after a drawn hand
        match.step()
        view = match.state.view(0)
        assert isinstance(view, GinView) and not match.is_over()
        if view.last is not None and view.last.winner is None and game.ui().interlude(view) is not None:
            break
    found = game.ui().interlude(view)
    assert found is not None
    assert (view.last.hands, view.last.deadwood) == ((0, 0), (0, 0))  # the other hand was never spread
    state = match.state
    assert isinstance(state, GinState) and state.last is not None and state.last.hands != (0, 0)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(found[1])
    assert "The hand is a draw: no score." in out.getvalue() and "cards left" not in out.getvalue(), out.getvalue()
