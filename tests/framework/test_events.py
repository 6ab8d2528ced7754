"""Structured events: the match keeps each action as an event with its words and facts for every viewer,
and the table hands the board both, so that a board draws its log without reading its words back."""

from __future__ import annotations

import io
import random
from typing import Any

from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.events import Event
from tabletop.loop import Match
from tabletop.ui.base import Log
from tabletop.ui.play import Table
from tabletop_muster import game as muster
from tabletop_muster.board_log import condense
from tabletop_muster.events import DEALT, DECK_DRAW, DRAWN, MusterEvent
from tabletop_muster.ui import MusterUI


def test_an_event_keeps_the_facts_of_each_viewer() -> None:
    event = Event(0, "*W3", ("North (you) is dealt Water 3.", "North is dealt a card.", "North is dealt Water 3."))
    assert event.facts_for(1) is None and event.text_for(1) == "North is dealt a card."
    told = Event(0, "*W3", event.texts, ("seen", "hidden", "truth"))
    assert (told.facts_for(0), told.facts_for(1), told.facts_for(None)) == ("seen", "hidden", "truth")


def test_a_match_keeps_each_action_as_the_game_tells_it_to_every_viewer() -> None:
    match = Match(muster, seed=5, agents=[RandomAgent(), RandomAgent()])
    for _ in range(30):
        match.step()
    deals = [e for e in match.events if isinstance(e.facts_for(None), MusterEvent) and e.facts_for(None).kind == DEALT]
    assert len(deals) == 10
    for event in deals:
        to = event.facts_for(None).seat
        assert event.facts_for(to).card is not None and event.facts_for(1 - to).card is None
        assert [event.facts_for(v).words() for v in (0, 1, None)] == list(event.texts)


def test_the_table_hands_the_board_the_facts_beside_the_words() -> None:
    match = Match(muster, seed=8, agents=[RandomAgent(), None])
    table = Table(match, MusterUI(muster), Console(file=io.StringIO()), None, ["North", "South"])  # type: ignore[arg-type]
    rng = random.Random(8)
    for _ in range(6):
        match.advance()
        match.apply(rng.choice(match.state.legal_actions()))
    match.advance()
    log = table.log(1)
    assert len(log.facts) == len(log) > 0
    assert list(log.facts) == [e.facts_for(1) for e in match.events[-len(log) :]]
    assert list(log) == [e.text_for(1) for e in match.events[-len(log) :]]


def test_a_game_without_facts_gives_a_log_of_words_only(example_plugin_path: object) -> None:
    from tabletop_highcard.game import HighCard

    match: Match[Any] = Match(HighCard(), seed=3, agents=[RandomAgent(), RandomAgent()])
    match.run()
    assert match.events and all(e.facts == () for e in match.events)
    assert Log.of(match.events, 0).facts == ()
    assert list(Log.of(match.events, 0)) == [e.text_for(0) for e in match.events]


def test_muster_draws_its_log_from_the_events_not_their_words() -> None:
    """Lines in other words (a translation, say) are condensed all the same: the board reads the events."""
    events = [
        MusterEvent(DECK_DRAW, 0, 1),
        MusterEvent(DRAWN, 0, 1),
        MusterEvent(DECK_DRAW, 0, 1),
        MusterEvent(DRAWN, 0, 1),
    ]
    log = Log(["Nord tire.", "Nord tire une carte.", "Nord tire.", "Nord tire une carte."], facts=events)
    assert condense(log) == ["North draws 2 cards from the deck."]
