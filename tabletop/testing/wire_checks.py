"""Checks that a game of several seats can be played across the network (:mod:`tabletop.net`): what a seat is
sent there reads back as it was.

A joining player holds no state, so it reads its view with :meth:`Game.view_from_json`, each event's facts with
:meth:`Game.facts_from_json`, and its legal moves from their notation alone (parsed at a new game's first
position, the only state it can make)::

    >>> check_wire(game, state, {}, players=2)     # doctest: +SKIP
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tabletop.codec import to_data
from tabletop.game import Game, State
from tabletop.testing.util import describe_differences, fail

FACTS_CHECKED = 8
"""How many of a position's legal actions have their facts read back, for each seat."""


def check_wire(game: Game[Any], state: State[Any], options: Mapping[str, str], players: int) -> None:
    """Each seat's view, the facts of a few actions as each seat knows them, and the notation of each legal move
    read back equal to what was written, as a player across the network reads them. Nothing to check alone."""
    if players < 2:
        return
    for player in range(players):
        view = state.view(player)
        data = json.loads(json.dumps(view.to_json()))
        try:
            again = game.view_from_json(data)
        except Exception as exc:
            fail(f"view_from_json(view({player}).to_json()) raised {type(exc).__name__}: {exc}")
        if again != view:
            fail(f"view_from_json() of view({player}) differs:\n" + describe_differences(data, again.to_json()))
    if state.current_player() < 0:
        return  # chance's outcomes never travel: each seat is sent its words for them
    legal = state.legal_actions()
    first = game.new_initial_state(options)
    for action in legal:
        if game.parse_action(first, str(action)) != action:
            fail(
                f"{str(action)!r} does not read back as itself at a new game's first position (the only state "
                "a player across the network has to read their moves with)"
            )
    for action in legal[:FACTS_CHECKED]:
        for player in range(players):
            facts = state.event_facts(action, player)
            data = json.loads(json.dumps(to_data(facts)))
            if game.facts_from_json(data) != facts:
                fail(f"facts_from_json() of the facts of {str(action)!r} for seat {player} differs from them")
