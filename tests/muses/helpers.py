"""Small card sets and helpers shared by the Muses tests."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_muses.cards import CardSet, parse_cards
from tabletop_muses.rules import MusesState

SMALL = """
[game]
target = {target}
hints = {hints}
{cards}
"""

CARD = """
[[card]]
name = "{name}"
points = {points}
power = "{power}"
edges = [{edges}]
"""


def make_set(cards: Iterable[tuple[str, int, str, list[str]]], target: int = 6, hints: int = 2) -> CardSet:
    """A card set from (name, points, power, edges) tuples."""
    body = "".join(
        CARD.format(name=n, points=p, power=pw, edges=", ".join(f'"{e}"' for e in edges)) for n, p, pw, edges in cards
    )
    return parse_cards(SMALL.format(target=target, hints=hints, cards=body), "small.toml")


def play(state: MusesState, *texts: str) -> MusesState:
    """Apply actions by their notation (each must be legal)."""
    for text in texts:
        matches = [a for a in state.legal_actions() if str(a) == text]
        assert matches, f"{text!r} not legal; legal: {[str(a) for a in state.legal_actions()]}"
        state.apply(matches[0])
    return state
