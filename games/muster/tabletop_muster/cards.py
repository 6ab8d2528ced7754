"""Muster's cards as small integers, with the tables the rules read.

A *card kind* is an int: identical cards are interchangeable, so a hand, the
deck or a castle space holds kinds, never individual copies.

* ``0..24``: Banner cards, ``faction * 5 + strength - 1``.
* ``RAINBOW`` (25): a Rainbow Wizard/Bridge card (in hand or deck).
* ``CASTLE`` (26): a Rainbow Castle card.

A *column token* is what lies in a player's column under a castle: a Banner
kind, ``WIZARD`` (25, a Rainbow card played Wizard side up) or a Bridge that
stood for strength ``v``: ``BRIDGE_BASE + v - 1`` (27..30).

Letters (short notation): factions ``W`` Water, ``L`` Leaf, ``C`` Cloud,
``F`` Flame, ``P`` Feather (a Plume, purple); Banners are a faction letter and
a strength (``W1`` .. ``P5``); ``R`` is a Rainbow Wizard/Bridge card, ``X`` a
Rainbow Castle card. In a column ``RW`` is a Wizard and ``RB2`` a Bridge that
stood for a 2.

    >>> card_code(banner(FLAME, 3)), card_code(RAINBOW), parse_card("p5") == banner(FEATHER, 5)
    ('F3', 'R', True)
"""

from __future__ import annotations

WATER, LEAF, CLOUD, FLAME, FEATHER = range(5)
FACTIONS = (WATER, LEAF, CLOUD, FLAME, FEATHER)
FACTION_LETTERS = ("W", "L", "C", "F", "P")
FACTION_NAMES = ("Water", "Leaf", "Cloud", "Flame", "Feather")
FACTION_KEYS = ("water", "leaf", "cloud", "flame", "feather")
"""Lower-case names used as JSON keys."""
FACTION_COLOURS = ("blue", "green", "yellow", "red", "purple")

STRENGTH_COPIES = {1: 3, 2: 2, 3: 1, 4: 1, 5: 1}
"""Copies of each strength in one faction: three soldiers, two archers, a knight, a beast, a leader."""

FIRST_RAINBOW = 25
"""Kinds and column tokens below this are Banners, from it on Rainbow cards (of either side).

Code that runs in a search's inner loop compares with it directly (``t >= FIRST_RAINBOW``
costs what a literal does); elsewhere :func:`is_rainbow` says the same in words."""
BANNERS = range(FIRST_RAINBOW)
"""Every Banner kind."""
RAINBOW = FIRST_RAINBOW
CASTLE = 26
NUM_KINDS = 27
WIZARD = RAINBOW
BRIDGE_BASE = 27
NUM_TOKENS = 31

WIZARD_VALUE = 6
HAND_SIZE = 5
TOTAL_CARDS = 47


def banner(faction: int, strength: int) -> int:
    """The kind of a Banner card."""
    return faction * 5 + strength - 1


def bridge(stood_for: int) -> int:
    """The column token of a Bridge that stood for strength ``stood_for`` (1..4)."""
    return BRIDGE_BASE + stood_for - 1


def is_rainbow(kind_or_token: int) -> bool:
    """Whether a card kind or a column token is a Rainbow card (not a Banner).

    >>> is_rainbow(RAINBOW), is_rainbow(CASTLE), is_rainbow(bridge(2)), is_rainbow(banner(WATER, 5))
    (True, True, True, False)
    """
    return kind_or_token >= FIRST_RAINBOW


COPIES: tuple[int, ...] = tuple([STRENGTH_COPIES[k % 5 + 1] for k in BANNERS] + [5, 2])
"""How many cards of each kind the game has (47 in all)."""

FACTION_OF: tuple[int, ...] = tuple([k // 5 for k in BANNERS] + [-1] * (NUM_TOKENS - FIRST_RAINBOW))
"""Faction of a Banner kind or token; -1 for Rainbow cards."""
STRENGTH_OF: tuple[int, ...] = tuple([k % 5 + 1 for k in BANNERS] + [0] * (NUM_TOKENS - FIRST_RAINBOW))
"""Printed strength of a Banner kind; 0 for Rainbow cards."""

TOP_VALUE: tuple[int, ...] = tuple([k % 5 + 1 for k in BANNERS] + [WIZARD_VALUE, 0] + [v for v in range(1, 5)])
"""Value a column token stands for when something is played on it (a Bridge: what it substituted)."""
SCORE_OF: tuple[int, ...] = tuple([k % 5 + 1 for k in BANNERS] + [WIZARD_VALUE, 0, 1, 1, 1, 1])
"""Strength a column token counts when scoring: a Wizard 6, a Bridge 1."""

_CARD_CODES = tuple(FACTION_LETTERS[k // 5] + str(k % 5 + 1) for k in BANNERS) + ("R", "X")
_TOKEN_CODES = _CARD_CODES[:FIRST_RAINBOW] + ("RW", "X") + tuple(f"RB{v}" for v in range(1, 5))


def card_code(kind: int) -> str:
    """Short code of a card kind: ``W1``, ``R``, ``X``."""
    return _CARD_CODES[kind]


def token_code(token: int) -> str:
    """Short code of a column token: ``W1``, ``RW``, ``RB2``."""
    return _TOKEN_CODES[token]


def card_name(kind: int) -> str:
    """Long name of a card kind: ``Water 1``, ``Rainbow Wizard/Bridge``, ``Rainbow Castle``."""
    if not is_rainbow(kind):
        return f"{FACTION_NAMES[kind // 5]} {kind % 5 + 1}"
    return "Rainbow Wizard/Bridge" if kind == RAINBOW else "Rainbow Castle"


def token_name(token: int) -> str:
    """Long name of a column token: ``Water 1``, ``Rainbow Wizard``, ``Rainbow Bridge (as 2)``."""
    if not is_rainbow(token):
        return card_name(token)
    if token == WIZARD:
        return "Rainbow Wizard"
    if token == CASTLE:
        return "Rainbow Castle"
    return f"Rainbow Bridge (as {TOP_VALUE[token]})"


_CODE_TO_KIND = {code: k for k, code in enumerate(_CARD_CODES)}
_CODE_TO_TOKEN = {code: t for t, code in enumerate(_TOKEN_CODES) if t != CASTLE}

CARD_GRAMMAR = "a card is W, L, C, F or P (Water, Leaf, Cloud, Flame, Feather) and a strength 1-5, R (Rainbow Wizard/Bridge) or X (Rainbow Castle)"


def parse_card(text: str) -> int | None:
    """Card kind from its code (case-insensitive), or None."""
    return _CODE_TO_KIND.get(text.strip().upper())


def parse_token(text: str) -> int | None:
    """Column token from its code (``W3``, ``RW``, ``RB2``), or None."""
    return _CODE_TO_TOKEN.get(text.strip().upper())


def full_deck() -> list[int]:
    """All 47 card kinds, one entry per physical card, in kind order."""
    return [k for k in range(NUM_KINDS) for _ in range(COPIES[k])]


SEAT_NAMES = ("North", "South")
"""Player 1 sits North, player 2 South (notation numbers them 1 and 2)."""
SEAT_KEYS = ("north", "south")


def seat_label(seat: int, viewer: int | None) -> str:
    """``North``, or ``North (you)`` when ``viewer`` sits there (the board and the log name it alike)."""
    return f"{SEAT_NAMES[seat]} (you)" if seat == viewer else SEAT_NAMES[seat]


TURN_LIMIT = 500
"""Safeguard: after this many turns the game ends as if the deck had run out.

The printed rules allow endless play (castle a card, draw another back from a
castle space, forever); this bound makes ``max_length`` finite. Real and random
games end far sooner (see docs/muster.md)."""

MAX_LENGTH = 1 + 2 * HAND_SIZE + TURN_LIMIT * (1 + 2 * HAND_SIZE)
"""Actions in the longest possible game: the first-player and deal chances, then per turn an
action and at most five refill decisions, each followed by a chance draw."""
