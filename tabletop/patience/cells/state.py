"""A position of a FreeCell-family game: its layout's columns, cells and foundations, and how many moves were made.

The moves themselves are the match's history (:class:`tabletop.loop.Match`), not the state's: it keeps their
count (the move limit, the board's counter) and what the last one did (the board says which cards it sent home).

>>> from tabletop.patience.cells.actions import STANDARD
>>> state = CellsState(STANDARD, deal=1, cells=4, auto=True)
>>> " ".join(c.display for c in state.cascades[0])
'J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠'
>>> state.apply(Move.parse("1a")); state.moves_made, str(state.last_move), state.cells[0].display
(1, '1a', '6♠')
"""

from __future__ import annotations

from typing import Self

from tabletop.game import CHANCE, JSON, TERMINAL, IllegalActionError, State
from tabletop.patience.cells.actions import BLOCK, RANDOM_DEALS, Action, Block, Deal, Move
from tabletop.patience.cells.layout import HOME_KEY, Layout
from tabletop.patience.home import next_home, safe_home
from tabletop.patience.moves import sequence_limit
from tabletop.patience.record import home_json
from tabletop.patience.stats import cards_home
from tabletop.playing_cards import ACE, DECK_SIZE, KING, SUITS, Card, Suit, numbered_outcomes
from tabletop.views import FullView

MOVE_LIMIT = 1_000
"""A game ends, lost, after this many moves: a safeguard no real game comes near (solutions take about 100)."""


def either(counts: list[int]) -> str:
    """``1, 2 or 3``: the counts a refusal says would fit.

    >>> either([1]), either([1, 2]), either([1, 2, 3])
    ('1', '1 or 2', '1, 2 or 3')
    """
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class CellsState(State[Action]):
    """A position: the columns (``cascades``), the cells, the foundations, and the count of moves made since
    the deal with the last of them."""

    def __init__(self, layout: Layout, *, deal: int, cells: int, auto: bool) -> None:
        self.layout = layout
        self.deal = deal
        """The deal's number (0 until chance has chosen one)."""
        self.cell_count = cells
        self.auto = auto
        self.cascades: list[list[Card]] = [[] for _ in range(layout.columns)]
        self.cells: list[Card | None] = [None] * cells
        self.home: dict[Suit, int] = {s: 0 for s in SUITS}
        self.block = 0
        """While a random deal is being drawn, the first number of the block drawn (0: none yet)."""
        self.moves_made = 0
        """How many moves the player has made since the deal (automatic moves home are part of the move that
        caused them)."""
        self.last_move: Move | None = None
        """The player's latest move (None before the first)."""
        self.sent_home: tuple[Card, ...] = ()
        """The cards the latest move sent home by themselves."""
        self._legal: list[Action] | None = None
        if deal:
            self._lay_out(deal)
            self._go_home_by_itself(None)

    def dealt_again(self) -> Self:
        """The same deal, as it was before the first move."""
        other = type(self).__new__(type(self))
        CellsState.__init__(other, self.layout, deal=self.deal, cells=self.cell_count, auto=self.auto)
        return other

    # -- the deal ------------------------------------------------------------------------------------------
    def _lay_out(self, deal: int) -> None:
        self.deal = deal
        self.cascades, cells = self.layout.lay_out(deal)
        self.cells = cells[: self.cell_count]

    # -- whose turn ----------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if not self.deal:
            return CHANCE
        if self.won() or self.moves_made >= MOVE_LIMIT or not self._legal_actions(0):
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
    def is_cascade(self, key: str) -> bool:
        """Whether a key names a column."""
        return key in self.layout.column_keys

    def column(self, key: str) -> list[Card]:
        """The column keyed ``key``, bottom card first."""
        return self.cascades[self.layout.column_index(key)]

    def cell_keys(self) -> str:
        """The keys of this game's cells (``abcd`` with four)."""
        return self.layout.cell_keys[: self.cell_count]

    def place_words(self, key: str) -> str:
        """``cascade 3``, ``free cell a``, ``home``."""
        if self.is_cascade(key):
            return f"{self.layout.column_word} {key}"
        if key in self.layout.cell_keys:
            return f"{self.layout.cell_word} {key}"
        return "home"

    def card_at(self, key: str) -> Card | None:
        """The card a move from ``key`` would take first (a column's top card, a cell's card)."""
        if self.is_cascade(key):
            cascade = self.column(key)
            return cascade[-1] if cascade else None
        keys = self.layout.cell_keys
        if key in keys:
            index = keys.index(key)
            return self.cells[index] if index < self.cell_count else None
        return None

    def first_empty_cell(self) -> str | None:
        """The key of the first empty cell, or None when every cell holds a card: the empty cells are alike,
        so a move to a cell is offered as the move to this one (a line from another program may name another).
        """
        return next((key for key, card in zip(self.cell_keys(), self.cells) if card is None), None)

    def to_a_later_cell(self, action: Action) -> bool:
        """Whether ``action`` moves a card to an empty cell past the first: the same move as to the first."""
        return (
            isinstance(action, Move) and action.target in self.cell_keys() and action.target != self.first_empty_cell()
        )

    def free_cells(self) -> int:
        """How many cells are empty."""
        return sum(card is None for card in self.cells)

    def empty_cascades(self) -> int:
        """How many columns are empty."""
        return sum(not c for c in self.cascades)

    def limit(self, to_empty: bool, room: tuple[int, int] | None = None) -> int:
        """The longest sequence that moves as a unit (onto an empty column or not)."""
        free, empty = room if room is not None else (self.free_cells(), self.empty_cascades())
        return sequence_limit(free, empty, to_empty=to_empty, kings_only=self.layout.kings_only)

    def movable(
        self, source: str, target: str, room: tuple[int, int] | None = None, run_known: int | None = None
    ) -> list[int]:
        """The numbers of cards that may move from column ``source`` onto column ``target`` (none: []).

        ``room`` is (empty cells, empty columns) when the caller has counted them already.
        """
        cascade = self.column(source)
        onto = self.column(target)
        build = self.layout.build
        run = build.top_run(cascade) if run_known is None else run_known
        if not onto:
            # A whole column may go too: it changes no more than the columns' order, but the standard rules
            # (and Microsoft's game) allow it, and other programs' solutions make such moves (fc-solve's
            # moves a lone King to an empty column in Seahaven Towers).
            most = min(run, self.limit(True, room))
            return [n for n in range(1, most + 1) if self.layout.fills_empty(cascade[-n])]
        under = onto[-1]
        n = under.rank - cascade[-1].rank  # only the card one rank below ``under`` can go on it
        if 1 <= n <= min(run, self.limit(False, room)) and build.builds_on(cascade[-n], under):
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
        columns, cell_keys = self.layout.column_keys, self.layout.cell_keys
        sources = [k for k in columns if self.column(k)]
        sources += [k for k in self.cell_keys() if self.card_at(k) is not None]
        for source in sources:
            card = self.card_at(source)
            assert card is not None
            if next_home(self.home, card):
                actions.append(Move(source, HOME_KEY))
            if self.is_cascade(source):
                actions += [Move(source, cell_keys[i]) for i, cell in enumerate(self.cells) if cell is None]
            run = self.layout.build.top_run(self.column(source)) if self.is_cascade(source) else 0
            for target in columns:
                if target == source:
                    continue
                if run:
                    counts = self.movable(source, target, room, run)
                    if counts:
                        actions.append(Move(source, target))
                        actions.extend(Move(source, target, n) for n in counts[:-1])
                elif self._takes(self.column(target), card):
                    actions.append(Move(source, target))
        return actions

    def _takes(self, onto: list[Card], card: Card) -> bool:
        """Whether a single card may go onto the column ``onto``."""
        return self.layout.build.builds_on(card, onto[-1]) if onto else self.layout.fills_empty(card)

    def _why_illegal(self, action: Action) -> str:
        if not isinstance(action, Move) or self.is_terminal():
            return super()._why_illegal(action)
        source, target, layout = action.source, action.target, self.layout
        card = self.card_at(source)
        if card is None:
            return f"{action}: {self.place_words(source)} has no card"
        if target == HOME_KEY:
            return f"{action}: {card.display} is not next on its foundation"
        if target in layout.cell_keys:
            if layout.cell_keys.index(target) >= self.cell_count:
                return f"{action}: this game has {self.cell_count} {layout.cell_word}s"
            if not self.is_cascade(source):
                return f"{action}: a card moves from a {layout.cell_word} to a {layout.column_word} or home"
            return f"{action}: {layout.cell_word} {target} is taken"
        if not self.column(target) and layout.kings_only:
            why = self._why_not_to_empty(source)
            if why:
                return f"{action}: {why}"
        if self.is_cascade(source):
            counts = self.movable(source, target)
            if not counts:
                limit = self.limit(not self.column(target))
                return (
                    f"{action}: no sequence of at most {limit} cards from {layout.column_word} {source} fits on "
                    f"{layout.column_word} {target}"
                )
            plural = "s" if counts[-1] > 1 else ""
            return f"{action}: {layout.column_word} {source} can move {either(counts)} card{plural} to {layout.column_word} {target}"
        return f"{action}: {card.display} does not go on {layout.column_word} {target}"

    def _why_not_to_empty(self, source: str) -> str | None:
        """Why nothing of ``source`` goes to an empty column where only Kings may (None: no reason of that
        rule, such as a sequence from a King too long for the room)."""
        only_kings = f"only a King, or a sequence from a King, goes to an empty {self.layout.column_word}"
        if not self.is_cascade(source):
            card = self.card_at(source)
            return None if card is not None and card.rank == KING else only_kings
        column = self.column(source)
        run = column[len(column) - self.layout.build.top_run(column) :]
        return only_kings if all(card.rank != KING for card in run) else None

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
        elif action.target in self.layout.cell_keys:
            self.cells[self.layout.cell_keys.index(action.target)] = cards[0]
        else:
            self.column(action.target).extend(cards)
        self.moves_made += 1
        self.last_move = action
        went: list[Card] = []
        self._go_home_by_itself(went)
        self.sent_home = tuple(went)

    def _take(self, action: Move) -> list[Card]:
        source = action.source
        if not self.is_cascade(source):
            index = self.layout.cell_keys.index(source)
            card = self.cells[index]
            assert card is not None
            self.cells[index] = None
            return [card]
        cascade = self.column(source)
        n = self.count_moved(action)
        taken = cascade[-n:]
        del cascade[-n:]
        return taken

    def with_count_read(self, action: Move) -> Move:
        """``action`` as the legal moves list it: a count that is the most that may move (``57/3`` where 3 is
        the longest run that fits) is written without it (``57``)."""
        if not action.count or not (self.is_cascade(action.source) and self.is_cascade(action.target)):
            return action
        counts = self.movable(action.source, action.target)
        return Move(action.source, action.target) if counts and counts[-1] == action.count else action

    def count_moved(self, action: Move) -> int:
        """How many cards ``action`` (a legal move) carries."""
        if self.is_cascade(action.source) and self.is_cascade(action.target):
            return action.count or self.movable(action.source, action.target)[-1]
        return 1

    def _go_home_by_itself(self, went: list[Card] | None) -> None:
        """Move every card that may safely go home, there, until none can (when automatic moves are on)."""
        if not self.auto:
            return
        moved = True
        while moved:
            moved = False
            for key in self.layout.column_keys + self.cell_keys():
                card = self.card_at(key)
                if card is not None and safe_home(self.layout.build, self.home, card):
                    self._take(Move(key, HOME_KEY))
                    assert card.suit is not None
                    self.home[card.suit] = card.rank
                    if went is not None:
                        went.append(card)
                    moved = True

    # -- results -------------------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        return [1.0 if self.won() else 0.0]

    def final_score(self) -> float | None:
        """The cards home at the end (52: won)."""
        return float(sum(self.home.values())) if self.is_terminal() else None

    def outcome_text(self) -> str:
        if self.won():
            return f"Deal {self.deal} won in {self.moves_made} moves."
        home = sum(self.home.values())
        if self.moves_made >= MOVE_LIMIT:
            return f"Deal {self.deal}: the {MOVE_LIMIT}-move limit is reached with {cards_home(home)}."
        return f"Deal {self.deal} is lost: no move is left, with {cards_home(home)}."

    def truncated(self) -> bool:
        """Whether the move limit, not the cards, ended the game."""
        return not self.won() and self.moves_made >= MOVE_LIMIT

    # -- words ---------------------------------------------------------------------------------------------
    def _describe(self, action: Action) -> str:
        if isinstance(action, Block):
            return f"A deal from {action.first} to {action.first + BLOCK - 1} is drawn."
        if isinstance(action, Deal):
            return f"Deal {action.what} is dealt."
        card = self.card_at(action.source)
        where = f"from {self.place_words(action.source)} to {self.place_words(action.target)}"
        if card is None:  # not a legal move: say what it names
            return f"{action}: {where}."
        count = self.count_moved(action) if self._legal_shape(action) else 1
        if count > 1:
            card = self.column(action.source)[-count]
        lead = card.display + (f" and {count - 1} more" if count > 1 else "")
        text = f"{action}: {lead} {where}"
        after = self.clone()
        after._apply_action(action)
        if after.sent_home:
            text += "; home by itself: " + " ".join(c.display for c in after.sent_home)
        return text + "."

    def _legal_shape(self, action: Move) -> bool:
        return not (self.is_cascade(action.source) and self.is_cascade(action.target)) or bool(
            self.movable(action.source, action.target)
        )

    # -- views, copies and data -----------------------------------------------------------------------------
    def view(self, player: int) -> FullView[CellsState]:
        """Everything: no card is hidden (a copy of the state, which the viewer reads as a state)."""
        return FullView(player, self.clone())

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.layout, other.deal, other.cell_count = self.layout, self.deal, self.cell_count
        other.auto, other.block = self.auto, self.block
        other.cascades = [list(c) for c in self.cascades]
        other.cells = list(self.cells)
        other.home = dict(self.home)
        other.moves_made, other.last_move, other.sent_home = self.moves_made, self.last_move, self.sent_home
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
            "moves": self.moves_made,
            "last": None if self.last_move is None else str(self.last_move),
            "went": " ".join(str(c) for c in self.sent_home),
        }

    def position_key(self) -> str:
        """The cards where they lie, not the count of moves made: a move that puts them back goes round in a
        circle (:mod:`tabletop.circles`)."""
        return " | ".join([*(" ".join(map(str, c)) for c in self.cascades), str(self.cells), str(self.home)])

    def invariant_violations(self) -> list[str]:
        """Every card is in one place exactly, and the foundations and cells are well formed."""
        cards = [c for cascade in self.cascades for c in cascade] + [c for c in self.cells if c is not None]
        cards += [Card(rank, suit) for suit in SUITS for rank in range(ACE, self.home[suit] + 1)]
        if self.deal and sorted(cards) != sorted(Card.from_index(i) for i in range(DECK_SIZE)):
            return ["the 52 cards are not each in exactly one place"]
        if len(self.cells) != self.cell_count:
            return [f"the {self.layout.cell_word}s are malformed"]
        if not 0 <= self.moves_made <= MOVE_LIMIT or (self.last_move is None) != (self.moves_made == 0):
            return [f"the count of moves ({self.moves_made}) is out of range or disagrees with the last move"]
        if self.sent_home and self.last_move is None:
            return ["cards went home by themselves before any move"]
        return []
