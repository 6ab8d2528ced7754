"""The table every game gets: keys on every entry, steps with one choice taken and said, the log at hand,
the coach through a game's analyst, and the coach's tips counted in the record."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import CHANCE, View
from tabletop.loop import Event, Match
from tabletop.ui.base import Choice, GameUI, Log, Prompter, Step
from tabletop.ui.coach import give_hint
from tabletop.ui.play import Table, _ask_action, show_log, turn_start
from tabletop.ui.steps import BACK, COACH, GAME_MENU, SHOW_LOG, choose_step
from tests.store.store_fakegames import FakeRegistry, Move


class Scripted(Prompter):
    """Answers each select with the first entry whose title contains the next word; keeps every question."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, list[Choice], Any]] = []

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        self.asked.append((message, list(choices), default))
        answer = self.answers.pop(0)
        for choice in choices:
            if answer is choice.value or (isinstance(answer, str) and answer in choice.title):
                assert choice.disabled is None, f"{choice.title} is disabled"
                return choice.value
        raise AssertionError(f"{answer!r} is not among {[c.title for c in choices]}")

    def pause(self, message: str = "Press any key to go on") -> None:
        self.asked.append((message, [], None))


def test_a_step_with_one_usable_choice_is_taken_for_the_player_and_said() -> None:
    # Twelve places under one card: more than a list shows whole, so the card (the one choice) is taken.
    steps = [Step(i, ("Play", "x", f"under {i}")) for i in range(12)]
    prompter = Scripted("Play", "under 3")
    taken: list[str] = []
    assert choose_step(prompter, steps, with_menu=False, taken=taken) == 3
    assert [message for message, _, _ in prompter.asked] == ["Your move:", "Play > x:"]  # "x" was not asked
    assert taken == ["x"]


def test_back_from_a_step_leaves_the_steps_taken_for_the_player_too() -> None:
    steps = [Step(i, ("Play", "x", f"under {i}")) for i in range(12)] + [Step(99, ("Move", "z"))]
    prompter = Scripted("Play", BACK, "Move")
    assert choose_step(prompter, steps, with_menu=False) == 99
    # "x" was the only card, so Back from the places goes to the first step, the cursor on "Play".
    assert [(m, d) for m, _, d in prompter.asked] == [("Your move:", None), ("Play > x:", None), ("Your move:", "Play")]


def test_a_kind_with_a_few_actions_lists_them_whole_and_one_with_a_single_action_shows_it_before_it_is_taken() -> None:
    steps = [
        Step(1, ("Play", "x", "under A")),
        Step(2, ("Play", "y", "under B")),
        Step(3, ("Swap", "theirs", "with y")),
    ]
    prompter = Scripted("Play", "y > under B")
    assert choose_step(prompter, steps, with_menu=False) == 2
    first, second = prompter.asked[0][1], prompter.asked[1][1]
    # The Swap's only action is read in full at the first list: taking it takes nothing unseen.
    assert [c.title for c in first] == ["Play", "Swap > theirs > with y"]
    assert [(c.title, c.key) for c in second] == [("x > under A", "1"), ("y > under B", "2"), ("Back", "escape")]
    prompter = Scripted("Swap")
    assert choose_step(prompter, steps, with_menu=False) == 3 and len(prompter.asked) == 1


def test_a_games_fixed_keys_name_its_kinds_of_action_and_never_take_the_tables_keys() -> None:
    steps = [Step(1, ("Play", "x")), Step(2, ("Play", "y")), Step(3, ("Pass",)), Step(4, ("Look",))]
    prompter = Scripted("Pass")
    keys = {"Play": "p", "Pass": "s", "Look": "?"}  # "?" is the coach's key: the game does not get it
    choose_step(prompter, steps, keys=keys, table_entries=[Choice("Coach", COACH, key="?")])
    assert [(c.title, c.key) for c in prompter.asked[0][1] if not c.hidden] == [
        ("Play", "p"),
        ("Pass", "s"),
        ("Look", "1"),
        ("Coach", "?"),
        ("Game menu (rules, undo, redo, leave)", "m"),
    ]
    # q opens the game menu too (a key, not a line), where no entry has it
    assert [(c.key, c.value) for c in prompter.asked[0][1] if c.hidden] == [("q", GAME_MENU)]
    prompter = Scripted("Pass")
    choose_step(prompter, steps, keys={**keys, "Play": "q"})
    assert [(c.title, c.key) for c in prompter.asked[0][1] if c.key == "q"] == [("Play", "q")]


def test_every_usable_entry_has_a_key_and_greyed_ones_stand_in_the_games_order() -> None:
    steps = [Step(1, ("Play", "c")), Step(2, ("Play", "a"))]
    greyed = [(("Play", "b"), "not now")]
    prompter = Scripted("Play", "a")
    choose_step(prompter, steps, greyed, order=["a", "b", "c"], table_entries=[Choice("Log", SHOW_LOG, key="l")])
    first, level = prompter.asked[0][1], prompter.asked[1][1]
    assert [(c.title, c.key) for c in level] == [("a", "1"), ("b", None), ("c", "2"), ("Back", "escape")]
    keys = [c.key for c in first]
    assert None not in keys and len(set(keys)) == len(keys) and "l" in keys and "m" in keys


def nim(pile: str = "5") -> Match[Move]:
    game = FakeRegistry().get("nim")
    return Match(game, options={"pile": pile}, seed=3, agents=[None, None])


def test_a_lone_action_is_taken_and_said_unless_it_ends_the_game() -> None:
    match = nim("5")
    match.advance()  # the roll (chance)
    match.state.pile = 1  # type: ignore[attr-defined]  # one pebble: "take1" is all there is, and it ends the game
    table = Table(match, GameUI(match.game), Console(file=io.StringIO()), Scripted("take1"), ["A", "B"])
    assert str(_ask_action(table, match.state.current_player())) == "take1"
    assert table.prompter.asked  # type: ignore[attr-defined]  # asked: the player sees the end coming

    class OneWay(GameUI[Move, View, View]):
        def steps(self, view: View, legal: Sequence[Move]) -> list[Step[Move]]:
            return [Step(legal[0], ("Take the first",))]

    match = nim("5")
    match.advance()
    prompter = Scripted()
    table = Table(match, OneWay(match.game), Console(file=io.StringIO()), prompter, ["A", "B"])
    _ask_action(table, match.state.current_player())
    assert prompter.asked == [] and table.notice == "Take the first: the only choice."

    class AsksAlways(OneWay):
        def plays_lone_action(self, view: View, action: Move) -> bool:
            return False

    match = nim("5")
    match.advance()
    prompter = Scripted("Take the first")
    table = Table(match, AsksAlways(match.game), Console(file=io.StringIO()), prompter, ["A", "B"])
    _ask_action(table, match.state.current_player())
    assert [question for question, _, _ in prompter.asked] == ["Your move:"] and table.notice is None


def test_the_log_says_what_came_since_the_viewers_last_decision_and_how_their_turn_began() -> None:
    match = nim("9")
    match.advance()
    player = match.state.current_player()
    match.apply(match.state.legal_actions()[0])
    while match.state.current_player() != player:
        state = match.state
        match.apply(state.sample_chance(random.Random(1)) if state.is_chance_node() else state.legal_actions()[0])
    table = Table(match, GameUI(match.game), Console(file=io.StringIO()), Scripted(), ["A", "B"])
    log = table.log(player)
    mine = max(i for i, e in enumerate(match.events) if e.actor == player)
    assert isinstance(log, Log) and log.fresh == len(match.events) - 1 - mine > 0
    assert log.new_lines() == [e.text_for(player) for e in match.events[mine + 1 :]]
    rebuilt = Match.replay(match.game, match.history[: turn_start(match.events, player)], options=match.options, seed=3)
    assert log.before == rebuilt.state.view(player)


def test_turn_start_counts_a_turn_as_decisions_with_only_chance_between() -> None:
    def e(actor: int) -> Event:
        return Event(actor, "", ())

    assert turn_start([e(CHANCE), e(0), e(1), e(0), e(CHANCE), e(0)], 0) == 4
    assert turn_start([e(CHANCE), e(CHANCE)], 0) == 2


class FirstIsBest(Analyst[Move, View]):
    """Rates the first legal action best, each next one a tenth worse."""

    name = "a test analyst"

    def analyse(self, view: View, legal: Sequence[Move], **_: Any) -> Analysis[Move]:
        return Analysis([Rated(a, 0.9 - i / 10) for i, a in enumerate(legal)], exact=True)


def test_the_coach_lists_the_best_actions_and_the_table_counts_it() -> None:
    match = nim("5")
    match.agents[1] = FakeRegistry().get("nim").agents()["random"]()
    match.advance()
    match.game.analyst = lambda options: FirstIsBest()  # type: ignore[method-assign]
    counted: list[int] = []
    out = io.StringIO()
    prompter = Scripted(COACH, "take2")
    table = Table(match, GameUI(match.game), Console(file=out, width=80), prompter, ["You", "C"])
    table.on_hint = lambda: counted.append(1)
    player = match.state.current_player()
    assert str(_ask_action(table, player)) == "take2"
    text = out.getvalue()
    assert "win chance with best play 90.0% (exact)" in text
    assert "1.  90.0%  take1" in text and "2.  80.0%  take2" in text
    assert counted == [1]
    assert "Coach (90%): take1" in text  # kept under the board while the player chooses


def test_no_coach_for_two_people_at_one_keyboard() -> None:
    match = nim("5")
    match.advance()
    match.game.analyst = lambda options: FirstIsBest()  # type: ignore[method-assign]
    prompter = Scripted("take1")
    table = Table(match, GameUI(match.game), Console(file=io.StringIO()), prompter, ["A", "B"])
    _ask_action(table, match.state.current_player())
    titles = [c.title for c in prompter.asked[0][1]]
    assert not any("Coach" in t for t in titles) and any("Log" in t for t in titles)


def finished_nim() -> Match[Move]:
    """A game of Nim from a pile of 9 played to its end."""
    match = nim("9")
    while not match.is_over():
        state = match.state
        match.apply(state.sample_chance(random.Random(2)) if state.is_chance_node() else state.legal_actions()[-1])
    return match


def test_the_log_screen_holds_the_whole_game_as_the_player_may_know_it() -> None:
    match = finished_nim()
    out = io.StringIO()
    table = Table(match, GameUI(match.game), Console(file=out, width=80), Scripted(), ["A", "B"])
    show_log(table, 0)
    text = out.getvalue()
    for i, event in enumerate(match.events, 1):
        assert f"{i}. {event.text_for(0)}" in text


@pytest.mark.parametrize("exact", [True, False])
def test_the_coach_says_what_its_figures_rest_on(exact: bool) -> None:
    match = nim("5")
    match.advance()
    rated = [Rated(a, 0.5) for a in match.state.legal_actions()]

    class Fixed(Analyst[Move, View]):
        def analyse(self, view: View, legal: Sequence[Move], **_: Any) -> Analysis[Move]:
            return Analysis(rated, exact=exact, samples=None if exact else 1234)

    match.game.analyst = lambda options: Fixed()  # type: ignore[method-assign]
    out = io.StringIO()
    match.agents[1] = FakeRegistry().get("nim").agents()["random"]()
    table = Table(match, GameUI(match.game), Console(file=out, width=80), Scripted(), ["You", "C"])
    give_hint(table, match.state.current_player())
    assert ("(exact)" if exact else "(estimated from 1,234 samples)") in out.getvalue()


def test_the_end_says_how_to_deal_the_game_again_with_its_options() -> None:
    from tabletop.ui.play import replay_arguments

    assert replay_arguments(nim("9")) == "--seed 3 --pile 9"
    assert replay_arguments(nim("5")) == "--seed 3"  # the default is left out

    registry = FakeRegistry()
    game = registry.get("nim")
    option = game.info.options[0]

    class Named(type(option)):  # type: ignore[misc]
        def argument(self, value: str) -> str:
            return f"piles of {value}.txt"

    game.info = type(game.info)(**{**game.info.__dict__, "options": (Named(**option.__dict__),)})
    match = Match(game, options={"pile": "9"}, seed=4, agents=[None, None])
    assert replay_arguments(match) == "--seed 4 --pile 'piles of 9.txt'"  # quoted for the shell


def test_a_numbered_deal_played_alone_ends_with_its_deal_number_and_no_seed() -> None:
    from tabletop.registry import Registry
    from tabletop.ui.replay_words import replay_line
    from tabletop_freecell.coach import winning_line

    freecell = Registry.discover().get("freecell")
    match = Match(freecell, options={"deal": "617"}, seed=746530478, agents=[None])
    for move in winning_line(match.state) or []:  # type: ignore[arg-type]
        match.apply(freecell.parse_action(match.state, move))
    assert match.is_over()
    assert replay_line(match) == "Deal 617: replay it with --deal 617."  # the seed decided nothing here
    dealt = Match(freecell, seed=746530478, agents=[None])  # a random deal: chance drew it with the seed
    dealt.advance()
    assert replay_line(dealt).startswith("Seed 746530478: replay this game with --seed 746530478")
    rolled = nim("9")
    rolled.advance()  # chance rolls with the seed
    assert replay_line(rolled) == "Seed 3: replay this game with --seed 3 --pile 9."


def test_a_log_entry_longer_than_a_line_goes_on_under_its_first_word() -> None:
    match = finished_nim()
    out = io.StringIO()
    width = 16  # narrower than the log's entries
    table = Table(match, GameUI(match.game), Console(file=out, width=width), Scripted(), ["A", "B"])
    show_log(table, 0)
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    first = next(i for i, line in enumerate(lines) if line.startswith(" 1. "))
    indent = len(" 1. ")
    assert len(match.events) >= 10  # so that the numbers take two columns
    assert lines[first + 1].startswith(" " * indent) and lines[first + 1][indent] != " "
    assert all(len(line) <= width for line in lines)


def test_the_game_menu_keeps_its_keys_and_names_the_decision_redo_takes_again() -> None:
    from tabletop.ui.entries import list_keys
    from tabletop.ui.play import LEAVE_KEY, REDO_KEY, UNDO_KEY, _game_menu

    match = nim("5")
    match.advance()
    player = match.state.current_player()
    taken = match.state.legal_actions()[0]
    words = match.state.describe(taken, player).rstrip(".")
    match.apply(taken)
    prompter = Scripted("Undo", "Back")
    table = Table(match, GameUI(match.game), Console(file=io.StringIO()), prompter, ["A", "B"])
    assert _game_menu(table, player) == f"Undone: {words} (r: redo)."
    _game_menu(table, player)
    # The keys each entry shows: its own, else the next free one (as the prompter gives them).
    before, after = (list(zip([c.title for c in asked[1]], list_keys(asked[1]))) for asked in prompter.asked)
    assert ("Undo my last decision", UNDO_KEY) in before and ("Redo", None) not in before
    assert (f"Redo: {words}", REDO_KEY) in after
    for entries in (before, after):
        assert [key for title, key in entries if title.startswith("Leave")] == [LEAVE_KEY]
        assert ("Read the rules", "1") in entries
