"""Choosing a Muster action in the terminal: paths to every legal action, and greyed-out reasons."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.ui.base import Choice, Prompter, Step
from tabletop.ui.play import Table, play
from tabletop.ui.steps import BACK, GAME_MENU, choose_step
from tabletop_muster import game
from tabletop_muster.actions import MusterAction
from tabletop_muster.position import build_state
from tabletop_muster.rules_text import rules_markdown
from tabletop_muster.state import MusterState
from tabletop_muster.ui import ACTION_TYPES, MusterUI
from tests.muster.ui_helpers import PathPrompter, console, decision_states, text_of

UI = MusterUI(game)


def steps_of(state: MusterState) -> list[Step[MusterAction]]:
    return UI.steps(state.view(state.current_player()), state.legal_actions())


def paths(state: MusterState) -> dict[str, tuple[str, ...]]:
    return {str(s.action): s.path for s in steps_of(state)}


def check_steps(state: MusterState) -> None:
    """Every legal action has exactly one path, paths are distinct, none is a prefix of another,
    the greyed-out entries never hide a legal label, and the framework's chooser reaches each action."""
    legal = state.legal_actions()
    steps = steps_of(state)
    assert sorted(str(s.action) for s in steps) == sorted(str(a) for a in legal)
    all_paths = [s.path for s in steps]
    assert len(set(all_paths)) == len(all_paths)
    for p in all_paths:
        for q in all_paths:
            assert p == q or q[: len(p)] != p, f"{p} is a prefix of {q}"
    view = state.view(state.current_player())
    for prefix, reason in UI.unavailable(view):
        assert reason
        assert not any(p[: len(prefix)] == prefix for p in all_paths), f"greyed {prefix} is also a legal choice"
    for s in steps:
        prompter = PathPrompter(s.path)
        chosen = choose_step(prompter, steps, UI.unavailable(view), with_menu=True)
        assert chosen is s.action
        assert prompter.asked <= len(s.path)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"over_the_rainbow": "on"},
        {"simplified": "on", "power_of_one": "on"},
        {"over_the_rainbow": "on", "power_of_one": "on"},
    ],
    ids=["standard", "over-the-rainbow", "simplified+power-of-one", "rainbow+power-of-one"],
)
def test_steps_cover_exactly_the_legal_actions_in_random_games(options: dict[str, str]) -> None:
    for seed in (3, 4):
        for state in decision_states(seed, options, every=4):
            if not state.is_terminal():
                check_steps(state)


def test_play_a_banner_is_type_then_card_then_place() -> None:
    state = build_state(north="W1 W3 R L2 C1", south="F1 F2 F3 P1 P2", north_columns={"water": "W1"})
    p = paths(state)
    assert p["W1>W"] == ("Play a Banner", "W1 Water 1", "under Water (1 -> 2)")
    assert p["R>L"] == ("Play a Rainbow Wizard", "under Leaf (0 -> 6)")
    assert p["R+W3>W"] == ("Make a Rainbow Bridge", "then W3 Water 3", "under Water, Bridge as 2 (1 -> 5)")
    assert p["cR>P"] == ("Castle a card", "R Rainbow Wizard/Bridge", "onto the Feather space")
    assert p["cW3"] == ("Castle a card", "W3 Water 3", "onto the Water space")
    # The first step lists action types in the rulebook's order.
    firsts = list(dict.fromkeys(s.path[0] for s in steps_of(state)))
    assert firsts == [t for t in ACTION_TYPES if t in firsts]


def test_over_the_rainbow_labels_say_how_many_bridges() -> None:
    state = build_state(
        north="R R W4 L2 C1", south="F1 F2 F3 P1 P2", north_columns={"water": "W1"}, over_the_rainbow=True
    )
    p = paths(state)
    assert p["RR+W4>W"] == ("Make a Rainbow Bridge", "then W4 Water 4", "under Water, 2 Bridges as 2, 3 (1 -> 7)")


def test_move_swap_draw_and_place_paths() -> None:
    state = build_state(
        north="W2 P3 C1 C2 L1",
        south="F1 F2 F3 L2 L3",
        north_columns={"water": "W1 RW"},
        south_columns={"feather": "P2 RW", "cloud": "C1 RB2 C3"},
    )
    p = paths(state)
    assert p["mW>L"] == ("Move a Rainbow Wizard", "from under Water", "to under Leaf")
    assert p["sP3>2P"] == ("Make a Rainbow Swap", "South's Feather Wizard, on P2", "with P3 Feather 3")
    assert p["sC2>2C"] == ("Make a Rainbow Swap", "South's Cloud Bridge, as 2", "with C2 Cloud 2")
    assert p["sW2>1W"] == ("Make a Rainbow Swap", "your Water Wizard, on W1", "with W2 Water 2")
    # The opponent's Rainbow cards are offered first.
    swaps = [s.path[1] for s in steps_of(state) if s.path[0] == "Make a Rainbow Swap"]
    assert swaps.index("South's Cloud Bridge, as 2") < swaps.index("your Water Wizard, on W1")
    alone = build_state(north="F4 C1 C2 W2 P3", south="F1 F2 F3 L2 L3", south_columns={"flame": "RW"})
    assert paths(alone)["sF4>2F"] == (
        "Make a Rainbow Swap",
        "South's Flame Wizard, first in the column",
        "with F4 Flame 4",
    )

    refill = build_state(
        north="W2 P3 C1 C2",
        south="F1 F2 F3 L2 L3",
        castles={"water": "W4", "cloud": "C3", "leaf": "L1 X"},
        phase="refill",
        to_draw=1,
        castled="water",
    )
    assert len(refill.deck) == 34  # 47 - 9 in hands - 4 on castle spaces
    assert paths(refill) == {"d": ("Draw from the deck",), "dC": ("Draw C3 Cloud 3 from the Cloud space",)}
    greyed = dict(UI.unavailable(refill.view(0)))
    assert greyed == {
        ("Draw from the Water space",): "you castled onto it this turn",
        ("Draw from the Leaf space",): "a Rainbow Castle is never drawn",
    }

    place = build_state(north="W2 P3 C1 C2 L1", south="F1 F2 F3 L2 L3", phase="place", pending="X", turn_of="north")
    p = paths(place)
    assert p["pW"] == ("Put the Rainbow Castle onto the Water space",) and len(p) == 5


def test_unavailable_explains_hand_cards_with_the_engines_reasons() -> None:
    state = build_state(
        north="W1 W3 R L2 C1", south="F1 F2 F3 P1 P2", north_columns={"water": "W1"}, south_columns={"leaf": "L1 RW"}
    )
    greyed = dict(UI.unavailable(state.view(0)))
    assert greyed[("Move a Rainbow Wizard",)] == "no column of yours has a Wizard on top"
    assert greyed[("Play a Banner", "W3 Water 3")].startswith("under Water: on a 1 only strength 1 or 2")
    assert greyed[("Play a Banner", "R Rainbow Wizard/Bridge")] == "play it as a Wizard or Bridge, or castle it"
    assert "Bridge" in greyed[("Make a Rainbow Bridge", "then C1 Cloud 1")]
    assert (
        greyed[("Make a Rainbow Swap", "South's Leaf Wizard, on L1", "with W3 Water 3")]
        == "wrong icon: no Rainbow Castle tops the Leaf space"
    )
    # Where the icon is right, the engine's placement reason is given.
    other = build_state(north="L4 L2 W1 C1 P1", south="F1 F2 F3 P2 P3", south_columns={"leaf": "L1 RW"})
    reason = dict(UI.unavailable(other.view(0)))[
        ("Make a Rainbow Swap", "South's Leaf Wizard, on L1", "with L4 Leaf 4")
    ]
    assert reason == "on a 1 only strength 1 or 2 may follow"
    # A usable card is never greyed out, and every reason keeps its entry on one 80-column line.
    assert ("Play a Banner", "W1 Water 1") not in greyed
    for prefix, reason in greyed.items():
        assert len(f"   - {prefix[-1]} ({reason})") <= 80


def test_whole_action_types_are_greyed_with_a_reason() -> None:
    state = build_state(north="W1 W2 L1 C1 P5", south="F1 F2 F3 P1 P2", simplified=True)
    greyed = dict(UI.unavailable(state.view(0)))
    assert greyed[("Play a Rainbow Wizard",)] == "you hold no Rainbow Wizard/Bridge card"
    assert greyed[("Make a Rainbow Bridge",)] == "the Simplified game has no Bridges"
    assert greyed[("Make a Rainbow Swap",)] == "no column holds a Rainbow card"
    assert ("Castle a card",) not in greyed and ("Play a Banner",) not in greyed


def test_the_simplified_game_never_offers_a_bridge_in_a_reason() -> None:
    from tabletop_muster import actions as A
    from tabletop_muster.cards import RAINBOW
    from tabletop_muster.reasons import why_unplayable

    state = build_state(north="R W1 L1 C1 P5", south="F1 F2 F3 P1 P2", north_columns={"leaf": "L2"}, simplified=True)
    greyed = dict(UI.unavailable(state.view(0)))
    assert greyed[("Play a Banner", "R Rainbow Wizard/Bridge")] == "play it as a Wizard or castle it"
    assert greyed[("Play a Banner", "L1 Leaf 1")] == "under Leaf: on a 2, the Simplified game needs 2 or more"
    assert why_unplayable(state, RAINBOW, "banner") == "a Rainbow Wizard/Bridge card is played as a Wizard or castled"
    assert not any(a.op == A.BRIDGE for a in state.legal_actions())


def test_nothing_is_greyed_when_it_is_not_the_viewers_turn() -> None:
    state = build_state(north="W1 W2 L1 C1 P5", south="F1 F2 F3 P1 P2")
    assert UI.unavailable(state.view(1)) == []


def test_the_rules_text_has_the_rules_rulings_and_board_key() -> None:
    from rich.markdown import Markdown

    text = rules_markdown()
    for heading in ("## The six actions", "## End and scoring", "## Variants", "## Rulings", "## Reading the board"):
        assert heading in text
    for n in range(1, 12):
        assert f"\n{n}. " in text
    rendered = text_of(Markdown(text))
    assert "Strength in Numbers" in rendered and "Somewhere Over the Rainbow" in rendered
    assert "after turn 500" in rendered  # the turn limit of ruling 11
    assert "the strength the Bridge stood for and pass the icon rule" in " ".join(rendered.split())


def test_a_game_ended_by_the_turn_limit_says_so() -> None:
    from tests.muster.helpers import play as play_moves

    state = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", castles={"cloud": "C3"}, turn=499)
    play_moves(state, "W1>W", "dC")  # the refill comes from a castle space, so the deck is still full
    assert state.is_terminal() and state.deck
    ui, out = MusterUI(game), console()
    out.print(ui.render_result(state))
    text = out.export_text()
    assert f"500 turns played, the limit, with {len(state.deck)} cards still in the deck" in text
    assert "North wins, 1 castle to 0." in text


class RandomChoicePrompter(Prompter):
    """Plays by taking a pseudo-random enabled entry that is neither the game menu nor "back"."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.selects = 0

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        self.selects += 1
        usable = [c for c in choices if c.disabled is None and c.value not in (GAME_MENU, BACK)]
        return self.rng.choice(usable).value

    def pause(self, message: str = "Press any key to go on") -> None:
        pass


def test_a_whole_game_against_the_computer_through_the_play_loop() -> None:
    match = Match(game, options={"first": "2"}, seed=5, agents=[RandomAgent(), None])
    console_ = console()
    prompter = RandomChoicePrompter(5)
    play(Table(match, MusterUI(game), console_, prompter, ["Computer", "You"]))
    text = console_.export_text()
    assert match.is_over() and prompter.selects > 20
    assert "Final reckoning" in text and "Castles won:" in text
    assert "Muster · game over · deck" in text  # the last board says the game is over
    assert "Your turn: take one action" in text


@pytest.mark.parametrize(
    "options", [{}, {"over_the_rainbow": "on"}, {"simplified": "on"}, {"power_of_one": "on"}], ids=str
)
def test_no_greyed_out_reason_is_cut_off_at_80_columns(options: dict[str, str]) -> None:
    from tabletop.game import CHANCE

    ui, seen = MusterUI(game), 0
    for seed in range(6):
        rng, state = random.Random(seed), game.new_initial_state(options)
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                for path, reason in ui.unavailable(state.view(state.current_player())):
                    seen += 1
                    line = f"   - {path[-1]} ({reason})"  # as the list shows it
                    assert len(line) <= 80 and not reason.endswith("…"), line
            state.apply(
                state.sample_chance(rng) if state.current_player() == CHANCE else rng.choice(state.legal_actions())
            )
    assert seen > 1000
