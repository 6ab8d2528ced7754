"""Gin Rummy in the terminal: the table in a few lines, the hand sorted with its best melds marked, and the menu.

The hand is drawn by suit then rank, its best melds in brackets and its deadwood counted::

    You   [A♣ 2♣ 3♣] [7♦ 7♥ 7♠] 4♥ 9♦ Q♠ K♥                      deadwood 33

Each action is one entry, with what it leaves (``Discard K♥ (deadwood 23)``); after a knock, the best
arrangement is offered first and laid with one key (``Spread the best melds``), any other meld too.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from tabletop.interface import GameUI, Step
from tabletop_gin.actions import Discard, Draw, GinAction, Knock, LayOff, Meld, Spread, Take
from tabletop_gin.melds import best_melds, cards_of, deadwood, deadwood_after_discard, value
from tabletop_gin.race import FRESH_STOCK
from tabletop_gin.rules import QUIET, TOLD_NEXT
from tabletop_gin.view import DEFEND_LAY, DISCARD, DRAW, FIRST, KNOCK_DISCARD, KNOCK_LAY, LAYOFF, OVER, WALL, GinView
from tabletop_gin.words import SEAT_NAMES, say_result, show, show_mask

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from tabletop.state import State
    from tabletop_gin.view import HandResult

LOG_LINES = 2
"""Log lines under the table: the board stays within seven lines, so the longest list (eleven discards and a
knock) fits under it at 24 lines."""
PILE_SHOWN = 8
"""How many of the discard pile's top cards the table shows."""
MELDS_LISTED = 6
"""More melds than this to choose from are listed one step down, under :data:`LAY_A_MELD`."""
LAY_A_MELD = "Lay a meld"
KEYS = {"Draw from the stock": "d", "Pass": "p", "Spread the best melds": "s"}
KNOCK_KEY = "k"
"""Knocking's key, whatever its label says of the deadwood."""


def arranged(hand: int) -> str:
    """The hand sorted by suit and rank, its best melds first and in brackets.

    >>> from tabletop_gin.melds import mask_of, parse
    >>> arranged(mask_of(parse("AC 2C 3C 7D 7H 7S KH QS 9D 4H")))
    '[A♣ 2♣ 3♣] [7♦ 7♥ 7♠] 9♦ 4♥ K♥ Q♠'
    """
    melds = best_melds(hand)
    parts = [f"[{show_mask(m)}]" for m in melds]
    return " ".join([*parts, *(show(c) for c in _loose(hand, melds))])


def in_hand_order(hand: int) -> list[int]:
    """The cards of ``hand`` in the order :func:`arranged` shows them: its best melds, then the rest.

    >>> from tabletop_gin.melds import mask_of, parse
    >>> " ".join(show(c) for c in in_hand_order(mask_of(parse("KH 2C AC 3C 9D"))))
    'A♣ 2♣ 3♣ 9♦ K♥'
    """
    melds = best_melds(hand)
    return [c for m in melds for c in cards_of(m)] + _loose(hand, melds)


def _loose(hand: int, melds: Sequence[int]) -> list[int]:
    """The cards of ``hand`` in none of ``melds``, by suit and rank."""
    for meld in melds:
        hand &= ~meld
    return sorted(cards_of(hand))


def hand_deadwood(view: GinView, hand: int) -> int:
    """The deadwood shown beside a hand: after the best discard when it holds eleven cards."""
    if hand.bit_count() == 11:
        forbidden = -1 if view.rules.openspiel or view.taken is None else view.taken
        return deadwood_after_discard(hand, forbidden)
    if view.phase in (LAYOFF, DEFEND_LAY) and view.knocker is not None and hand == view.hands[view.knocker]:
        return value(hand)  # the knocker is done laying: every card left counts
    return deadwood(hand)


class GinUI(GameUI[GinAction, GinView, GinView]):
    """Gin Rummy's terminal interface."""

    def render(self, view: GinView, log: Sequence[str]) -> RenderableType:
        from rich.console import Group

        facts = getattr(log, "facts", ())
        lines = [line for i, line in enumerate(log) if not (facts and facts[i] in (QUIET, TOLD_NEXT))]
        rows = [_header(view), *_seat_lines(view), _table_line(view)]
        rows += [_plain(f"  {line}", "dim") for line in lines[-LOG_LINES:]]
        return Group(*rows)

    def interlude(self, view: GinView) -> tuple[Hashable, RenderableType] | None:
        """How the last hand ended, the cards each player was left holding, at the player's first decision of
        the next hand (once the hand is under way it is the header's score alone)."""
        if view.last is None or view.stock < FRESH_STOCK - 1 or view.phase not in (FIRST, DRAW):
            return None
        return (view.hand_number, view.last), _hand_over(view, view.last)  # a hand played again may end otherwise

    def whole_log(self, lines: Sequence[str]) -> list[str]:
        """Every event but a draw from the stock, which the card drawn says again."""
        facts = getattr(lines, "facts", ())
        return [line for i, line in enumerate(lines) if not (facts and facts[i] == TOLD_NEXT)]

    def render_result(self, state: State[GinAction]) -> RenderableType:
        from rich.text import Text

        return Text(state.outcome_text(), style="bold")

    def steps(self, view: GinView, legal: Sequence[GinAction]) -> list[Step[GinAction]]:
        """One entry an action; many melds go under "Lay a meld", so the list fits under the table."""
        grouped = sum(isinstance(a, Meld) for a in legal) > MELDS_LISTED
        return [
            Step(a, (LAY_A_MELD, show_mask(a.cards)) if grouped and isinstance(a, Meld) else (self._label(view, a),))
            for a in legal
        ]

    def label_order(self, view: GinView) -> Sequence[str]:
        """Spreading and knocking first, then the melds, then each card to throw where the hand line shows it."""
        hand = view.hand
        melds = tuple(f"Lay {show_mask(m)}" for m in best_melds(hand))
        discards = tuple(self._label(view, Discard(c)) for c in in_hand_order(hand))
        return ("Spread the best melds", self._label(view, Knock()), *melds, *discards)

    def label_keys(self, view: GinView) -> Mapping[str, str]:
        keys = dict(KEYS)
        keys[self._label(view, Knock())] = KNOCK_KEY
        if view.upcard is not None:
            keys[f"Take {show(view.upcard)}"] = "t"
        return keys

    def _label(self, view: GinView, action: GinAction) -> str:
        hand = view.hand
        if isinstance(action, Take):
            return f"Take {show(view.upcard)}" if view.upcard is not None else "Take the upcard"
        if isinstance(action, Draw):
            return "Draw from the stock"
        if isinstance(action, Knock):
            if view.phase == WALL and view.upcard is not None:
                return f"Take {show(view.upcard)} and knock"
            return f"Knock (deadwood {hand_deadwood(view, hand)})"
        if isinstance(action, Discard):
            verb = "Put face down" if view.phase == KNOCK_DISCARD else "Discard"
            return f"{verb} {show(action.card)} (deadwood {deadwood(hand & ~(1 << action.card))})"
        if isinstance(action, Meld):
            return f"Lay {show_mask(action.cards)}"
        if isinstance(action, LayOff):
            return f"Lay off {show(action.card)}"
        if isinstance(action, Spread):
            return "Spread the best melds"
        return _pass_label(view)


def _hand_over(view: GinView, result: HandResult) -> RenderableType:
    """The end of the hand before ``view``'s: what happened, each player's cards left out of melds, the score."""
    from rich.console import Group

    rows = [_plain(f"Hand {view.hand_number - 1} is over. {say_result(result)}", "bold")]
    for seat in (0, 1) if result.winner is not None else ():  # a drawn hand is not shown: no one spread it
        knocked = " (knocked)" if seat == result.knocker else ""
        left = result.hands[seat]
        cards = " ".join(show(c) for c in sorted(cards_of(left))) or "none"
        name = f"You ({SEAT_NAMES[seat]})" if seat == view.player else SEAT_NAMES[seat]
        rows.append(_plain(f"  {name}{knocked}: deadwood {result.deadwood[seat]}, cards left {cards}"))
    rows.append(_plain(f"Score: {SEAT_NAMES[0]} {view.scores[0]}, {SEAT_NAMES[1]} {view.scores[1]}."))
    return Group(*rows)


def _pass_label(view: GinView) -> str:
    if view.phase == FIRST:
        return "Pass"
    if view.phase == WALL:
        return "Pass (the hand ends)"
    if view.phase == LAYOFF:
        return "Done laying off"
    return f"Done laying melds (deadwood {value(view.hand)})"


def _plain(text: str, style: str = "") -> Text:
    from rich.text import Text

    return Text(text, style=style, no_wrap=True, overflow="ellipsis")


def _header(view: GinView) -> Text:
    scores = " · ".join(f"{SEAT_NAMES[p]} {view.scores[p]}" for p in (0, 1))
    game = "one hand" if view.rules.single_hand else f"game to {view.rules.target}"
    return _plain(f"Gin Rummy · hand {view.hand_number} · {scores} · {game} · knock {view.knock_card}", "bold")


def _seat_lines(view: GinView) -> list[Text]:
    seats = (1 - view.player, view.player) if view.player in (0, 1) else (0, 1)
    return [_seat_line(view, seat) for seat in seats]


def _seat_line(view: GinView, seat: int) -> Text:
    name = "You  " if seat == view.player else SEAT_NAMES[seat]
    hand = view.hands[seat]
    laid = " ".join(f"[{show_mask(m)}]" for m in view.melds[seat])
    if hand is None:
        known = f", holds {show_mask(view.known[seat])}" if view.known[seat] else ""
        text = f"{name} {view.counts[seat]} cards{known}"
        return _plain(f"{text}  {laid}" if laid else text)
    shown = f"laid {laid} · {arranged(hand) if _may_lay(view, seat) else show_mask(hand)}" if laid else arranged(hand)
    dealer = " (dealer)" if seat == view.dealer else ""
    line = f"{name}{dealer} {shown}"
    return _plain(f"{line:<62} deadwood {hand_deadwood(view, hand)}", "bold" if seat == view.player else "")


def _may_lay(view: GinView, seat: int) -> bool:
    """Whether ``seat`` may still lay melds this hand: the knocker until done, then the defender."""
    if view.phase == KNOCK_LAY:
        return seat == view.knocker
    return view.phase in (LAYOFF, DEFEND_LAY) and seat != view.knocker


def _table_line(view: GinView) -> Text:
    if view.phase == OVER or (view.last is not None and view.phase == "deal"):
        return _plain(say_result(view.last) if view.last else "")
    pile = " ".join(show(c) for c in view.pile[-PILE_SHOWN:])
    offs = f" · laid off {show_mask(sum(1 << c for c in view.layoffs))}" if view.layoffs else ""
    turn = _turn_words(view)
    return _plain(f"Stock {view.stock} · pile {pile or '-'}{offs} · {turn}")


def _turn_words(view: GinView) -> str:
    if view.to_act not in (0, 1):
        return ""
    who = "your" if view.to_act == view.player else f"{SEAT_NAMES[view.to_act]}'s"
    doing = {
        FIRST: "upcard",
        DRAW: "draw",
        DISCARD: "discard",
        WALL: "last card",
        KNOCK_DISCARD: "knock",
        KNOCK_LAY: "melds",
        LAYOFF: "lay-offs",
        DEFEND_LAY: "melds",
    }.get(view.phase, "")
    return f"{who} {doing}"
