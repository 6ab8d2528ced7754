"""FreeCell's rules: eight cascades, up to four free cells, four foundations, Microsoft's numbered deals.

Moves are written in the standard notation that FreeCell programs and solvers
share: a source then a destination, cascades ``1``-``8``, free cells
``a``-``d``, the foundations ``h`` (``3a``: cascade 3 to free cell a; ``a8``;
``1h``; ``57``: cascade 5 onto cascade 7). A move from a cascade carries the
longest sequence the destination takes; onto an empty cascade ``57`` moves
the longest sequence that fits, and ``57/2`` just two cards.

>>> state = FreeCellState(deal=1, cells=MAX_CELLS, auto=True)
>>> " ".join(c.display for c in state.cascades[0])
'J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠'
>>> state.apply(Move.parse("1a")); state.moves, state.cells[0].display
(['1a'], '6♠')
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.game import (
    CHANCE,
    JSON,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    State,
    one_of,
    whole_number,
)
from tabletop.patience import ALTERNATE_COLOURS, cards_home, next_home, safe_home, sequence_limit
from tabletop.patience.notation import Dealing, read_move
from tabletop.patience.record import checked, home_json, read_home, read_record, reading, record_json
from tabletop.playing_cards import (
    ACE,
    DECK_SIZE,
    KING,
    SUITS,
    Card,
    Suit,
    deal_rows,
    microsoft_deal,
    numbered_outcomes,
)

NAME = "FreeCell"
CASCADES = 8
MAX_CELLS = 4
CASCADE_KEYS = "12345678"
CELL_KEYS = "abcd"
HOME_KEY = "h"
HOME_ALIASES = "hf"
"""Letters read as the foundations: ``h`` (home) as written, ``f`` as some programs write it."""
MOVE_PATTERN = r"\s*([1-8a-d])\s*([1-8a-dhf])(?:\s*/\s*(\d{1,2})|\s*v\s*([0-9a-f]{1,2}))?\s*"
"""A move: source, destination, and a count of cards for a move between cascades, written ``/2`` here and
``v2`` (a hexadecimal number: ``vA`` is 10) as fc-solve writes it."""
MOVE_HELP = (
    "a FreeCell move: write a source and a destination, cascades 1-8, free cells a-d, h for home (3a, a8, 1h, 57)"
)
RANDOM_DEALS = 32_000
"""A random game picks one of the 32,000 classic deals (Microsoft's first FreeCell numbered its deals 1 to 32,000)."""
BLOCK = 200
"""Chance picks a random deal in two draws, a block of 200 numbers and then one of them, each as likely: two
small chance nodes rather than one of 32,000 outcomes."""
BUILD = ALTERNATE_COLOURS
"""Cascades build down in alternate colours; the solver and the automatic moves home follow the same rule."""
MOVE_LIMIT = 1_000
"""A game ends, lost, after this many moves: a safeguard no real game comes near (solutions take about 100)."""

DEAL = whole_number(
    "deal",
    "Deal number",
    0,
    1_000_000,
    default=0,
    help="Microsoft's deal N (1 to 1,000,000), as every FreeCell program numbers them; 0: a random one of 1 to 32,000.",
    meanings={0: "random (1 to 32,000)"},
)
CELLS = whole_number("cells", "Free cells", 0, MAX_CELLS, default=MAX_CELLS, help="How many free cells (0 to 4).")
AUTO = one_of(
    "auto",
    "Automatic moves home",
    ["safe", "off"],
    default="safe",
    help="safe: a card goes home by itself when no card could still need it; off: every move is yours.",
)


class Deal(Dealing[int]):
    """Chance deals Microsoft's deal numbered ``what``."""


@dataclass(frozen=True)
class Block:
    """Chance picks the block of deal numbers ``first`` to ``first + 199`` (a random deal's first draw)."""

    first: int

    def __str__(self) -> str:
        return f"deals {self.first}-{self.first + BLOCK - 1}"


@dataclass(frozen=True)
class Move:
    """Move the top card (or sequence) of ``source`` to ``target``: keys ``1``-``8``, ``a``-``d``, ``h``.

    ``count`` is 0 for the longest sequence the target takes (the one count a
    non-empty cascade takes), or a smaller number of cards for an empty cascade.

    >>> Move.parse("57/2"), str(Move.parse("1F")), str(Move("a", "8"))
    (Move(source='5', target='7', count=2), '1h', 'a8')
    """

    source: str
    target: str
    count: int = 0

    def __str__(self) -> str:
        return f"{self.source}{self.target}" + (f"/{self.count}" if self.count else "")

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation; :class:`InvalidActionError` for text that is no FreeCell move."""
        found = read_move(text, MOVE_PATTERN, MOVE_HELP)
        source, target, decimal, hexadecimal = found.group(1), found.group(2), found.group(3), found.group(4)
        if target in HOME_ALIASES:
            target = HOME_KEY
        count = decimal or hexadecimal
        number = int(decimal) if decimal else int(hexadecimal, 16) if hexadecimal else 0
        if count and (source not in CASCADE_KEYS or target not in CASCADE_KEYS or number < 1):
            raise InvalidActionError(f"{text!r}: a count of cards is given only from a cascade to a cascade")
        return cls(source, target, number)


Action = Block | Deal | Move


def _either(counts: list[int]) -> str:
    """``1, 2 or 3``: the counts a refusal says would fit.

    >>> _either([1]), _either([1, 2]), _either([1, 2, 3])
    ('1', '1 or 2', '1, 2 or 3')
    """
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def is_cascade(key: str) -> bool:
    """Whether a key names a cascade (``1``-``8``)."""
    return key in CASCADE_KEYS


def place_words(key: str) -> str:
    """``cascade 3``, ``free cell a``, ``home``."""
    if key in CASCADE_KEYS:
        return f"cascade {key}"
    if key in CELL_KEYS:
        return f"free cell {key}"
    return "home"


class FreeCellState(State[Action]):
    """A FreeCell position: the layout, the free cells, the foundations and the moves made since the deal."""

    def __init__(self, *, deal: int, cells: int, auto: bool) -> None:
        self.deal = deal
        """The deal's number (0 until chance has chosen one)."""
        self.cell_count = cells
        self.auto = auto
        self.cascades: list[list[Card]] = [[] for _ in range(CASCADES)]
        self.cells: list[Card | None] = [None] * cells
        self.home: dict[Suit, int] = {s: 0 for s in SUITS}
        self.block = 0
        """While a random deal is being drawn, the first number of the block drawn (0: none yet)."""
        self.moves: list[str] = []
        """The player's moves since the deal, in notation (automatic moves home are part of the move that
        caused them)."""
        self.automatic: list[list[str]] = []
        """For each move, the cards that then went home by themselves."""
        self._legal: list[Action] | None = None
        if deal:
            self._lay_out(deal)
            self._go_home_by_itself(None)

    # -- the deal ------------------------------------------------------------------------------------------
    def _lay_out(self, deal: int) -> None:
        self.deal = deal
        self.cascades = deal_rows(microsoft_deal(deal), CASCADES)

    # -- whose turn ----------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if not self.deal:
            return CHANCE
        if self.won() or len(self.moves) >= MOVE_LIMIT or not self._legal_actions(0):
            return TERMINAL
        return 0

    def won(self) -> bool:
        """Whether every card is home."""
        return sum(self.home.values()) == DECK_SIZE

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.deal:
            raise IllegalActionError("the cards are dealt already")
        if not self.block:
            return numbered_outcomes(RANDOM_DEALS // BLOCK, lambda k: Block((k - 1) * BLOCK + 1))
        return numbered_outcomes(BLOCK, Deal, first=self.block)

    # -- the places ----------------------------------------------------------------------------------------
    def cell_keys(self) -> str:
        """The keys of this game's free cells (``abcd`` with four)."""
        return CELL_KEYS[: self.cell_count]

    def card_at(self, key: str) -> Card | None:
        """The card a move from ``key`` would take first (a cascade's top card, a cell's card)."""
        if is_cascade(key):
            cascade = self.cascades[int(key) - 1]
            return cascade[-1] if cascade else None
        if key in CELL_KEYS:
            index = CELL_KEYS.index(key)
            return self.cells[index] if index < self.cell_count else None
        return None

    def free_cells(self) -> int:
        """How many free cells are empty."""
        return sum(card is None for card in self.cells)

    def empty_cascades(self) -> int:
        """How many cascades are empty."""
        return sum(not c for c in self.cascades)

    def movable(
        self, source: str, target: str, room: tuple[int, int] | None = None, run_known: int | None = None
    ) -> list[int]:
        """The numbers of cards that may move from cascade ``source`` onto cascade ``target`` (none: []).

        ``room`` is (empty free cells, empty cascades) when the caller has counted them already.
        """
        cascade = self.cascades[int(source) - 1]
        onto = self.cascades[int(target) - 1]
        free, empty = room if room is not None else (self.free_cells(), self.empty_cascades())
        run = BUILD.top_run(cascade) if run_known is None else run_known
        if not onto:
            # A whole cascade may go too: it changes no more than the cascades' order, but the standard rules
            # (and Microsoft's game) allow it, and other programs' solutions make such moves.
            return list(range(1, min(run, sequence_limit(free, empty, to_empty=True)) + 1))
        under = onto[-1]
        n = under.rank - cascade[-1].rank  # only the card one rank below ``under`` can go on it
        if 1 <= n <= min(run, sequence_limit(free, empty, to_empty=False)) and BUILD.builds_on(cascade[-n], under):
            return [n]
        return []

    # -- moves ---------------------------------------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_moves()
        return list(self._legal)

    def _list_moves(self) -> list[Action]:
        actions: list[Action] = []
        room = (self.free_cells(), self.empty_cascades())
        sources = [k for k in CASCADE_KEYS if self.cascades[int(k) - 1]]
        sources += [k for k in self.cell_keys() if self.card_at(k) is not None]
        for source in sources:
            card = self.card_at(source)
            assert card is not None
            if next_home(self.home, card):
                actions.append(Move(source, HOME_KEY))
            if is_cascade(source):
                for i, cell in enumerate(self.cells):
                    if cell is None:
                        actions.append(Move(source, CELL_KEYS[i]))
            run = BUILD.top_run(self.cascades[int(source) - 1]) if is_cascade(source) else 0
            for target in CASCADE_KEYS:
                if target == source:
                    continue
                if run:
                    counts = self.movable(source, target, room, run)
                    if counts:
                        actions.append(Move(source, target))
                        actions.extend(Move(source, target, n) for n in counts[:-1])
                else:
                    onto = self.cascades[int(target) - 1]
                    if not onto or BUILD.builds_on(card, onto[-1]):
                        actions.append(Move(source, target))
        return actions

    def _why_illegal(self, action: Action) -> str:
        if not isinstance(action, Move) or self.is_terminal():
            return super()._why_illegal(action)
        source, target = action.source, action.target
        card = self.card_at(source)
        if card is None:
            return f"{action}: {place_words(source)} has no card"
        if target == HOME_KEY:
            return f"{action}: {card.display} is not next on its foundation"
        if target in CELL_KEYS:
            if CELL_KEYS.index(target) >= self.cell_count:
                return f"{action}: this game has {self.cell_count} free cells"
            if not is_cascade(source):
                return f"{action}: a card moves from a free cell to a cascade or home"
            return f"{action}: free cell {target} is taken"
        if is_cascade(source):
            counts = self.movable(source, target)
            if not counts:
                limit = sequence_limit(
                    self.free_cells(), self.empty_cascades(), to_empty=not self.cascades[int(target) - 1]
                )
                return f"{action}: no sequence of at most {limit} cards from cascade {source} fits on cascade {target}"
            plural = "s" if counts[-1] > 1 else ""
            return f"{action}: cascade {source} can move {_either(counts)} card{plural} to cascade {target}"
        return f"{action}: {card.display} does not go on cascade {target}"

    def _apply_action(self, action: Action) -> None:
        # apply() has checked the action is legal.
        self._legal = None
        if isinstance(action, Block):
            self.block = action.first
            return
        if isinstance(action, Deal):
            self._lay_out(action.what)
            self._go_home_by_itself(None)
            return
        cards = self._take(action)
        if action.target == HOME_KEY:
            card = cards[0]
            assert card.suit is not None
            self.home[card.suit] = card.rank
        elif action.target in CELL_KEYS:
            self.cells[CELL_KEYS.index(action.target)] = cards[0]
        else:
            self.cascades[int(action.target) - 1].extend(cards)
        self.moves.append(str(action))
        self.automatic.append([])
        self._go_home_by_itself(self.automatic[-1])

    def _take(self, action: Move) -> list[Card]:
        source = action.source
        if not is_cascade(source):
            index = CELL_KEYS.index(source)
            card = self.cells[index]
            assert card is not None
            self.cells[index] = None
            return [card]
        cascade = self.cascades[int(source) - 1]
        n = self.count_moved(action)
        taken = cascade[-n:]
        del cascade[-n:]
        return taken

    def with_count_read(self, action: Move) -> Move:
        """``action`` as the legal moves list it: a count that is the most that may move (``57/3`` where 3 is
        the longest run that fits) is written without it (``57``)."""
        if not action.count or not (is_cascade(action.source) and is_cascade(action.target)):
            return action
        counts = self.movable(action.source, action.target)
        return Move(action.source, action.target) if counts and counts[-1] == action.count else action

    def count_moved(self, action: Move) -> int:
        """How many cards ``action`` (a legal move) carries."""
        if is_cascade(action.source) and is_cascade(action.target):
            return action.count or self.movable(action.source, action.target)[-1]
        return 1

    def _go_home_by_itself(self, went: list[str] | None) -> None:
        """Move every card that may safely go home, there, until none can (when automatic moves are on)."""
        if not self.auto:
            return
        moved = True
        while moved:
            moved = False
            for key in CASCADE_KEYS + self.cell_keys():
                card = self.card_at(key)
                if card is not None and safe_home(BUILD, self.home, card):
                    self._take(Move(key, HOME_KEY))
                    assert card.suit is not None
                    self.home[card.suit] = card.rank
                    if went is not None:
                        went.append(str(card))
                    moved = True

    # -- results -------------------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        return [1.0 if self.won() else 0.0]

    def final_score(self) -> float | None:
        """The cards home at the end (52: won)."""
        return float(sum(self.home.values())) if self.is_terminal() else None

    def outcome_text(self) -> str:
        if self.won():
            return f"Deal {self.deal} won in {len(self.moves)} moves."
        home = sum(self.home.values())
        if len(self.moves) >= MOVE_LIMIT:
            return f"Deal {self.deal}: the {MOVE_LIMIT}-move limit is reached with {cards_home(home)}."
        return f"Deal {self.deal} is lost: no move is left, with {cards_home(home)}."

    def truncated(self) -> bool:
        """Whether the move limit, not the cards, ended the game."""
        return not self.won() and len(self.moves) >= MOVE_LIMIT

    # -- words ---------------------------------------------------------------------------------------------
    def _describe(self, action: Action) -> str:
        if isinstance(action, Block):
            return f"A deal from {action.first} to {action.first + BLOCK - 1} is drawn."
        if isinstance(action, Deal):
            return f"Deal {action.what} is dealt."
        card = self.card_at(action.source)
        if card is None:  # not a legal move: say what it names
            return f"{action}: from {place_words(action.source)} to {place_words(action.target)}."
        count = self.count_moved(action) if self._legal_shape(action) else 1
        if count > 1:
            card = self.cascades[int(action.source) - 1][-count]
        lead = card.display + (f" and {count - 1} more" if count > 1 else "")
        text = f"{action}: {lead} from {place_words(action.source)} to {place_words(action.target)}"
        after = self.clone()
        after._apply_action(action)
        went = after.automatic[-1]
        if went:
            text += "; home by itself: " + " ".join(Card.parse(c).display for c in went)
        return text + "."

    def _legal_shape(self, action: Move) -> bool:
        return not (is_cascade(action.source) and is_cascade(action.target)) or bool(
            self.movable(action.source, action.target)
        )

    # -- copies and data -----------------------------------------------------------------------------------
    def clone(self) -> FreeCellState:
        other = FreeCellState.__new__(FreeCellState)
        other.deal, other.cell_count, other.auto, other.block = self.deal, self.cell_count, self.auto, self.block
        other.cascades = [list(c) for c in self.cascades]
        other.cells = list(self.cells)
        other.home = dict(self.home)
        other.moves = list(self.moves)
        other.automatic = [list(a) for a in self.automatic]
        other._legal = self._legal
        return other

    def to_json(self) -> JSON:
        return {
            "deal": self.deal,
            "block": self.block,
            "cells_count": self.cell_count,
            "auto": self.auto,
            "cascades": [" ".join(str(c) for c in cascade) for cascade in self.cascades],
            "cells": [None if c is None else str(c) for c in self.cells],
            "home": home_json(self.home),
            **record_json(self.moves, self.automatic),
        }

    def invariant_violations(self) -> list[str]:
        """Every card is in one place exactly, and the foundations and free cells are well formed."""
        cards = [c for cascade in self.cascades for c in cascade] + [c for c in self.cells if c is not None]
        cards += [Card(rank, suit) for suit in SUITS for rank in range(ACE, self.home[suit] + 1)]
        if self.deal and sorted(cards) != sorted(Card.from_index(i) for i in range(DECK_SIZE)):
            return ["the 52 cards are not each in exactly one place"]
        if len(self.cells) != self.cell_count or len(self.automatic) != len(self.moves):
            return ["the free cells or the record of moves are malformed"]
        return []


def state_from_json(data: JSON) -> FreeCellState:
    """A state from :meth:`FreeCellState.to_json`'s form; :class:`InvalidStateError` saying what is wrong."""
    if not isinstance(data, dict):
        raise InvalidStateError("a FreeCell state is a JSON object")
    with reading(NAME):
        deal, cells, auto = data["deal"], data["cells_count"], data["auto"]
        if not (isinstance(deal, int) and isinstance(cells, int) and isinstance(auto, bool)):
            raise TypeError("deal, cells_count and auto must be a number, a number and true or false")
        if not (0 <= deal <= DEAL.high and 0 <= cells <= MAX_CELLS):
            raise ValueError("the deal or the number of free cells is out of range")
        state = FreeCellState(deal=0, cells=cells, auto=auto)
        state.deal = deal
        block = data["block"]
        if not isinstance(block, int) or not (block == 0 or ((block - 1) % BLOCK == 0 and block < RANDOM_DEALS)):
            raise ValueError("the block of a random deal being drawn is malformed")
        state.block = block
        state.cascades = [[Card.parse(w) for w in str(text).split()] for text in data["cascades"]]
        state.cells = [None if c is None else Card.parse(str(c)) for c in data["cells"]]
        state.home = read_home(data["home"])
        state.moves, state.automatic = read_record(data)
    if len(state.cascades) != CASCADES or any(not 0 <= r <= KING for r in state.home.values()):
        raise InvalidStateError("a FreeCell state has 8 cascades and foundations from 0 to 13")
    return checked(state, NAME)


RULES = """\
# FreeCell

All 52 cards are dealt face up onto **eight cascades**. The goal: build the four **foundations** (home) up by
suit from Ace to King.

- The top card of a cascade may move onto another cascade's top card **one rank higher and of the other
  colour** (a red 9 on a black 10), to an empty **free cell** (four, or as many as the game was set up
  with), home when it is next on its foundation, or onto an **empty cascade**.
- A card in a free cell moves the same ways (but not to another free cell).
- A **sequence** (down by one, colours alternating) moves as a unit when there is room to move it card by
  card: up to (empty free cells + 1) x 2^(empty cascades) cards, half that onto an empty cascade.
- With automatic moves on (the default), a card goes home by itself as soon as no card left could still
  need it (Aces and twos at once; a higher card once both foundations of the other colour reach the rank
  below).
- The game is lost when no move is left (or after 1,000 moves).

## Keys and notation

Name a source, then a destination: cascades **1-8**, free cells **a-d**, home **h**. `3a` moves cascade 3's
top card to free cell a, `a8` free cell a to cascade 8, `1h` cascade 1 home, `57` cascade 5 onto cascade 7
(the longest sequence that fits; onto an empty cascade `57/2` moves just two cards). Deals are Microsoft's:
deal 1 here is deal 1 in every FreeCell program that copies its generator.
"""
