"""FreeCell's lists: a card goes home from the first list, in one key when it is the only one that can."""

from __future__ import annotations

from tabletop_freecell import game
from tabletop_freecell.rules import HOME_KEY, Move
from tabletop_freecell.ui import HOME_TITLE


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
