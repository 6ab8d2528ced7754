"""The Klondike game object: its options (:mod:`tabletop_klondike.options`), its rules text, and a state read
back from JSON.

>>> Klondike().new_initial_state({"draw": "3", "passes": "3", "scoring": "vegas"}).score
-52
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.agents import RandomAgent
from tabletop.game import (
    JSON,
    AgentFactory,
    Command,
    Game,
    GameInfo,
    InvalidActionError,
    InvalidStateError,
    State,
    View,
)
from tabletop.patience.record import checked, read_home, reading
from tabletop.playing_cards import DECK_SIZE, KING, Card, CardError, FacedPile
from tabletop_klondike.options import DRAW, PASSES, SCORING, variant_name
from tabletop_klondike.rules import (
    MOVE_LIMIT,
    NAME,
    PILES,
    RESIGN,
    STOCK_KEY,
    Action,
    Dealt,
    Draw,
    GiveUp,
    KlondikeState,
    Move,
    TableView,
)

if TYPE_CHECKING:
    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.ui.base import GameUI

LAST_RESORT: tuple[Action, ...] = (GiveUp(),)
"""Giving up, which random play takes only when nothing else is legal (:meth:`Klondike.last_resort_actions`)."""


class RandomPlayer(RandomAgent[Action]):
    """A uniform pick among the legal moves, giving up only when nothing else is legal.

    Giving up is legal at every move, so a player who picks it like any other move gives up within a
    few moves (3.6 on average), and random play would be no baseline at all.
    """

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        playing = [action for action in legal if action not in LAST_RESORT]
        return super().choose(view, playing or legal, rng)


def state_from_json(data: JSON) -> KlondikeState:
    """A state from :meth:`KlondikeState.to_json`'s form; :class:`InvalidStateError` saying what is wrong."""
    if not isinstance(data, dict):
        raise InvalidStateError("a Klondike state is a JSON object")
    with reading(NAME):
        draw, passes, vegas, dealt = data["draw"], data["passes"], data["vegas"], data["dealt"]
        if not (isinstance(draw, int) and isinstance(passes, int) and isinstance(vegas, bool)):
            raise TypeError("draw and passes must be numbers and vegas true or false")
        if draw not in (1, 3) or passes not in (0, 1, 3) or not isinstance(dealt, int) or not 0 <= dealt <= DECK_SIZE:
            raise ValueError("draw, passes or the count of cards dealt is out of range")
        state = KlondikeState(draw=draw, passes=passes, vegas=vegas)
        state.dealt = dealt
        piles = data["piles"]
        if not isinstance(piles, list) or len(piles) != PILES:
            raise ValueError(f"a Klondike table has {PILES} piles")
        state.piles = [FacedPile.from_json(p) for p in piles]
        state.stock = [Card.parse(w) for w in str(data["stock"]).split()]
        state.waste = [Card.parse(w) for w in str(data["waste"]).split()]
        state.home = read_home(data["home"])
        state.turned, state.score = int(data["turned"]), int(data["score"])
        resigned = data["resigned"]
        if not isinstance(resigned, bool):
            raise TypeError("resigned must be true or false")
        state.resigned = resigned
        state.moves_made, state.finish = _read_moves(data)
    if any(not 0 <= r <= KING for r in state.home.values()) or any(c.is_joker for c in state.cards_in_play()):
        raise InvalidStateError("a Klondike state has foundations from 0 to 13 and no joker")
    if state.turned < 0 or (state.passes and state.turned >= state.passes):
        raise InvalidStateError("the waste was turned over more often than the passes allow")
    return checked(state, NAME)


def _read_moves(data: dict[str, Any]) -> tuple[int, tuple[str, ...]]:
    """The count of moves made and the cards the finish sent home.

    A state saved while it listed its moves (``"moves": ["s", "w5"]``, with ``"automatic"``: for each move the
    cards that then went home by themselves) reads as their count and those cards, so that such a file still
    loads."""
    moves = data["moves"]
    if isinstance(moves, list):
        automatic = data["automatic"]
        if not isinstance(automatic, list) or len(automatic) != len(moves):
            raise ValueError("the record of moves is malformed")
        went = " ".join(str(cards) for cards in automatic)
        return len(moves), tuple(str(Card.parse(w)) for w in went.split())
    if type(moves) is not int:
        raise TypeError("moves must be a whole number (the moves made) or a list of moves")
    return moves, tuple(str(Card.parse(w)) for w in str(data["finish"]).split())


RULES = """\
# Klondike

Seven **piles** are dealt, one card on the first up to seven on the last, each pile's top card face up; the
other 24 cards make the **stock**. The goal: build the four **foundations** (home) up by suit from Ace to King.

- A face-up card moves onto a pile's top card **one rank higher and of the other colour** (a red 9 on a black
  10), with every card on it; only a **King** (with its run) goes on an empty pile.
- A pile's top card, or the waste's top card, goes home when it is next on its foundation; a card at home may
  come back down onto a pile.
- A face-down card turns face up when the card on it leaves.
- **s** turns one card, or three, from the stock onto the **waste** (as the game was set up); only the waste's
  top card may be played. An empty stock is refilled by turning the waste over, as often as the passes allow
  (unlimited, or 1 or 3 passes in all).
- Once every card is face up on the piles (stock and waste empty), every card goes home by itself: won.
- The game is lost when nothing can ever move again but the stock going round (or after 1,000 moves), or
  when you give up (`resign`), which counts the game as lost rather than leaving it unfinished.

Scoring (standard): a card home 10, from the waste to a pile 5, a card turned up 5, a card back from home -15,
turning the waste over -100 when drawing one, -20 after the third pass when drawing three; never below 0.
Vegas: the game costs 52 and each card home pays 5.

## Keys and notation

Name a source, then a destination: piles **1-7**, the waste **w**, home **h**; **s** turns the stock. `w5` puts the
waste's top card on pile 5, `3h` sends pile 3's top card home, `37` moves pile 3's run from the card that
fits pile 7, `hs3` takes the top spade back down onto pile 3. In the table's lists **h** sends a card home in
one key when only one can go (and lists them by their place's key when several can).
"""


def _passes(options: Mapping[str, str]) -> int:
    value = PASSES.value(options)
    return 0 if value == "unlimited" else int(value)


class Klondike(Game[Action]):
    """The game object the ``tabletop.games`` entry point names."""

    info = GameInfo(
        id="klondike",
        name=NAME,
        summary="The patience most people know: seven piles, a stock turned one or three cards at a time",
        players=1,
        max_length=DECK_SIZE + MOVE_LIMIT,
        options=(DRAW, PASSES, SCORING),
        seat_names=("You",),
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> KlondikeState:
        resolved = self.resolve_options(options)
        return KlondikeState(
            draw=int(DRAW.value(resolved)), passes=_passes(resolved), vegas=SCORING.value(resolved) == "vegas"
        )

    def parse_action(self, state: State[Action], text: str) -> Action:
        """Read ``deal QH`` (chance), ``s`` or a move (``w5``, ``3h``, ``37``, ``hs3``)."""
        found = re.fullmatch(r"\s*deal\s+(\S+)\s*", text.lower())
        if found:
            try:
                return Dealt(Card.parse(found.group(1)))
            except CardError as exc:
                raise InvalidActionError(str(exc)) from None
        if text.strip().lower() == STOCK_KEY:
            return Draw()
        if text.strip().lower() == RESIGN:
            return GiveUp()
        return Move.parse(text)

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[Action]:
        """The deal's outcomes, the stock, giving up and every move (:func:`tabletop_klondike.encoding.distinct_actions`)."""
        from tabletop_klondike.encoding import distinct_actions

        return distinct_actions()

    def last_resort_actions(self, options: Mapping[str, str]) -> Collection[Action]:
        """Giving up: random play and the research adapters' masks leave it out (:data:`LAST_RESORT`)."""
        return LAST_RESORT

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding[TableView]:
        """What the player sees, as numbers (:class:`tabletop_klondike.encoding.KlondikeEncoding`)."""
        from tabletop_klondike.encoding import KlondikeEncoding

        return KlondikeEncoding()

    def state_from_json(self, data: JSON) -> KlondikeState:
        return state_from_json(data)

    def rules_text(self) -> str:
        return RULES

    def agents(self) -> Mapping[str, AgentFactory[Action]]:
        """``random`` (which never gives up while it can move), ``coach``: the coach's own play, from what it sees,
        and ``strong``: the same play, searching twice as far."""
        from tabletop_klondike.coach import CoachAgent, StrongAgent

        return {"random": RandomPlayer, "coach": CoachAgent, "strong": StrongAgent}

    def agent_labels(self) -> Mapping[str, str]:
        return {
            "random": "Random",
            "coach": "Coach (plays the coach's advice)",
            "strong": "Strong (the coach's play, twice the samples and search)",
        }

    def analyst(self, options: Mapping[str, str]) -> Analyst[Action, TableView]:
        """The coach: it samples the hidden cards and solves each sample with every card known."""
        from tabletop_klondike.coach import SamplingAnalyst

        return SamplingAnalyst()

    def stats_variant(self, options: Mapping[str, str]) -> str | None:
        """Each way of playing counts apart but the default (draw 1, unlimited passes, standard scoring)."""
        resolved = self.check_options(options)
        if resolved == self.info.default_options():
            return None
        return variant_name(resolved)

    def stats_section(self, records: Sequence[Any]) -> list[str]:
        """Per way of playing: won of played, the fewest moves and the best time of a win, the best score."""
        from tabletop_klondike.stats import variant_lines

        return variant_lines(records)

    def commands(self) -> Mapping[str, Command]:
        """``tabletop klondike solve SEED``: the deal solved with every card known."""
        from tabletop_klondike.command import solve_command

        return {"solve": solve_command}

    def ui(self) -> GameUI[Action, TableView, TableView]:
        from tabletop_klondike.ui import KlondikeUI

        return KlondikeUI(self)


__all__ = ["Action", "Dealt", "Draw", "GiveUp", "Klondike", "KlondikeState", "Move", "state_from_json"]
