"""Nothing a client receives tells it a card hidden from its seat: every byte of whole games, recorded.

A host (in this process, on 127.0.0.1) serves a match whose seat 0 is played by a hand-made client that records
every byte it is sent and plays at random; the other seat is a computer's. Each message is checked against the
true position it was sent at:

- byte by byte: no card the seat has never been shown (a card in the other hand, or still in the deck) is named
  in it, in any form the game writes a card (its code, its name). The notation of the actions so far (which the
  host never sends before the game is over) does name such cards: the same search finds them there, so it is a
  search that can fail;
- as a whole: the view and legal moves it carries are the seat's, equal to those of positions drawn again with
  everything hidden from the seat dealt anew (the kit's no-leak check, run on what went over the wire).
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tabletop.agents import RandomAgent
from tabletop.game import Game, State
from tabletop.loop import Match
from tabletop.net.hosting import Hosting, open_host
from tabletop.net.wire import LENGTH_BYTES
from tabletop.registry import Registry
from tests.net.hosting import RawClient

GAMES = 3
"""Whole games recorded per game."""


def muster_names() -> dict[str, str]:
    """Each Banner card's code and name, to its code (Rainbow cards, whose codes are single letters used for
    other things too, are left out)."""
    from tabletop_muster.cards import NUM_KINDS, card_code, card_name, is_rainbow

    names = {}
    for kind in range(NUM_KINDS):
        if not is_rainbow(kind):
            names[card_code(kind)] = card_code(kind)
            names[card_name(kind)] = card_code(kind)
    return names


def gin_names() -> dict[str, str]:
    """Each card's code (``5C``), face (``5♣``) and words (``5 of clubs``), to its code."""
    from tabletop_gin.melds import CARD_OF

    names = {}
    for card in CARD_OF:
        for form in (str(card), card.display, card.words):
            names[form] = str(card)
    return names


NAMES: dict[str, Callable[[], dict[str, str]]] = {"muster": muster_names, "gin": gin_names}
OPTIONS = {"gin": {"target": "0"}}
"""Gin Rummy is played one hand a game here: random play seldom scores, and a game to 100 would take thousands."""


def cards_in(text: str, names: dict[str, str]) -> set[str]:
    """The cards ``text`` names, by their codes."""
    found = set()
    for form, code in names.items():
        if re.search(rf"(?<![0-9A-Za-z]){re.escape(form)}(?![0-9A-Za-z])", text):
            found.add(code)
    return found


def recorded_game(game: Game[Any], seed: int) -> tuple[list[tuple[dict[str, Any], bytes]], dict[int, State[Any]]]:
    """Seat 0 played across the network at random: each message it received with its bytes, and the true state
    after each count of actions."""
    match = Match(game, options=OPTIONS.get(game.info.id), seed=seed, agents=[None, RandomAgent()])
    host = open_host(match, [0], ["North", "South"], Hosting(port=0))
    host.record_of = lambda: {"history": list(match.history)}  # what a saved game's record holds of the play
    states = {0: match.state.clone()}
    sent = match.on_action

    def keep(m: Match[Any], event: Any) -> None:
        states[len(m.history)] = m.state.clone()
        if sent is not None:
            sent(m, event)

    match.on_action = keep
    runner = threading.Thread(target=match.run, daemon=True)
    client = RawClient(host.address, host.port)
    try:
        client.hello(host.code)
        runner.start()
        received: list[tuple[dict[str, Any], bytes]] = []
        rng = random.Random(seed)
        while True:
            start = len(client.received)
            message = client.receive()
            assert message is not None, "the host closed the connection before the game's end"
            received.append((message, bytes(client.received[start:])))
            if message["type"] == "end":
                break
            if message["type"] == "update" and message["legal"]:
                client.send({"type": "move", "move": rng.choice(message["legal"]), "at": message["at"]})
        runner.join(30)
        return received, states
    finally:
        client.close()
        host.close()


def seen_by(state: State[Any], names: dict[str, str]) -> set[str]:
    """The cards seat 0's view of ``state`` shows."""
    import json

    return cards_in(json.dumps(state.view(0).to_json(), ensure_ascii=False), names)


def timeline(received: list[tuple[dict[str, Any], bytes]]) -> Iterator[tuple[int, dict[str, Any], bytes]]:
    """Each message with the count of actions it was sent at (a message with no count: the latest's)."""
    at = 0
    for message, data in received:
        at = message.get("at", at)
        yield at, message, data


@pytest.mark.parametrize("game_id", sorted(NAMES))
def test_no_byte_a_client_receives_names_a_card_hidden_from_it(game_id: str) -> None:
    game = Registry.discover().get(game_id)
    names = NAMES[game_id]()
    would_have_leaked = 0
    for seed in range(GAMES):
        received, states = recorded_game(game, seed)
        history = received[-1][0]["record"]["history"]  # every action's notation, sent once the game is over
        ever_seen: set[str] = set()
        looked = 0  # the positions up to here have been looked at
        for at, message, data in timeline(received[:-1]):
            for count in range(looked, at + 1):
                if count in states:
                    ever_seen |= seen_by(states[count], names)
            looked = max(looked, at + 1)
            leaked = cards_in(data[LENGTH_BYTES:].decode(), names) - ever_seen
            assert not leaked, f"message {message['type']} at action {at} names {sorted(leaked)}, never shown to seat 0"
            # Had the notation of the actions so far gone with it (a card dealt is named in it), the same search
            # would have found cards never shown: it is a search that can fail.
            would_have_leaked += len(cards_in(" ".join(history[:at]), names) - ever_seen)
    assert would_have_leaked > 0, "the search finds no hidden card even in the actions' notation"


@pytest.mark.parametrize("game_id", ["muster", "gin", "fivedice"])
def test_each_update_is_the_seats_view_alone(game_id: str) -> None:
    game = Registry.discover().get(game_id)
    rng = random.Random(1)
    redrawn = 0
    for seed in range(GAMES):
        received, states = recorded_game(game, seed)
        for at, message, _ in timeline(received):
            if message["type"] != "update" or message["status"] != "playing":
                continue
            state = states[at]
            for _ in range(2):
                world = state.resample_hidden(0, rng)
                redrawn += world.to_json() != state.to_json()
                assert world.view(0).to_json() == message["view"]
                if message["legal"]:
                    assert sorted(str(a) for a in world.legal_actions()) == sorted(message["legal"])
    assert redrawn > 0 or game.info.perfect_information, "no position had anything hidden to redraw"
