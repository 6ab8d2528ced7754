"""The Log screen of Klondike: the deal in one line, then the play as it came."""

from __future__ import annotations

from tabletop.loop import Match
from tabletop.ui.base import Log
from tabletop_klondike import game
from tabletop_klondike.ui import KlondikeUI


def test_the_deal_is_one_line_naming_the_cards_turned_face_up() -> None:
    match = Match(game, seed=5, agents=[None])
    match.advance()  # the 52 cards, dealt by chance
    tops = " ".join(pile.cards[-1].display for pile in match.state.piles)  # type: ignore[attr-defined]
    for _ in range(3):
        match.apply(match.state.legal_actions()[0])
    lines = Log.of(match.events, 0)
    shown = KlondikeUI(game).whole_log(lines)
    assert len(lines) == 52 + 3
    assert shown == [
        f"The cards are dealt: 28 on the seven piles, the top card of each face up ({tops}), and 24 in the stock.",
        *lines[52:],
    ]


def test_a_log_cut_short_is_shown_as_it_is() -> None:
    match = Match(game, seed=5, agents=[None])
    match.advance()
    lines = Log.of(match.events, 0)[10:]
    assert KlondikeUI(game).whole_log(lines) == lines
