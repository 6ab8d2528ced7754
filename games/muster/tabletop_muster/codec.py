"""Muster positions as JSON: the full state's writer, and the reader of states and views.

Reading refuses anything malformed or impossible with :class:`InvalidStateError`
naming the place (``south.columns.flame[2]: ...``). See docs/muster.md for the
format. Cards are short codes (``W3``, ``R``, ``X``); column cards also ``RW``
(a Wizard) and ``RB2`` (a Bridge that stood for a 2).

A state is read into a class the caller names (:func:`read_state`), as this module
lies below :class:`~tabletop_muster.state.MusterRules`;
:mod:`tabletop_muster.position` is the entry point that gives one back.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, NoReturn, TypeVar

from tabletop.game import InvalidStateError
from tabletop.numbers import json_number
from tabletop_muster.cards import (
    BRIDGE_BASE,
    CARD_GRAMMAR,
    CASTLE,
    COPIES,
    FACTION_KEYS,
    FIRST_RAINBOW,
    HAND_SIZE,
    NUM_KINDS,
    RAINBOW,
    SEAT_KEYS,
    STRENGTH_OF,
    TOP_VALUE,
    TOTAL_CARDS,
    TURN_LIMIT,
    WIZARD,
    card_code,
    card_name,
    is_rainbow,
    parse_card,
    parse_token,
    token_code,
    token_name,
)
from tabletop_muster.rules import DEAL, FIRST_PHASE, OVER, PHASE_NAMES, PLACE, REFILL_PHASES, MusterRules
from tabletop_muster.view import (
    VARIANT_KEYS,
    MusterView,
    json_cards,
    json_columns,
    json_header,
    json_stack,
    view_of,
)

R = TypeVar("R", bound=MusterRules)
MAX_NUMBER_DIGITS = 6
"""The longest number a position holds (a turn, a hand size, a deck size are a few digits); longer ones are
refused before Python converts them (``int()`` of thousands of digits fails on its own)."""


# ------------------------------------------------------------------ writing
def state_to_json(s: MusterRules) -> dict[str, Any]:
    """The full state; the deck is listed sorted (its order is not part of the state)."""
    data: dict[str, Any] = {"kind": "state"}
    data.update(
        json_header(
            s.phase,
            s.cur,
            s.first,
            s.turn,
            s.need,
            s.castled,
            s.pending,
            (s.simplified, s.power_of_one, s.over_rainbow),
        )
    )
    data["deck"] = json_cards(s.deck)
    data["castles"] = {FACTION_KEYS[f]: json_stack(s.castles[f]) for f in range(5)}
    for p in (0, 1):
        data[SEAT_KEYS[p]] = {
            "hand": json_cards(s.hands[p]),
            "known": json_cards(s.known[p]),
            "columns": json_columns(s.cols[p]),
        }
    return data


# ------------------------------------------------------------------ reading
def _fail(path: str, message: str) -> NoReturn:
    raise InvalidStateError(f"{path}: {message}" if path else message)


def _not_a_position(reason: str) -> InvalidStateError:
    return InvalidStateError(f"not a Muster position: {reason}")


def loads(text: str) -> Any:
    """Parse JSON text, refusing bad JSON with its line and column, and numbers longer than any position holds.

    >>> loads('{"turn": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    tabletop.errors.InvalidStateError: not a Muster position: a number of 5000 digits (the longest allowed has 6)
    """
    try:
        return json.loads(text, parse_int=json_number(MAX_NUMBER_DIGITS, _not_a_position))
    except json.JSONDecodeError as exc:
        raise InvalidStateError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise InvalidStateError("not a position: the JSON is nested far too deeply") from None


class _Reader:
    """Reads fields with their paths, and remembers where every card was seen."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            _fail("", f"a Muster position is a JSON object, not {type(data).__name__}")
        self.data = data
        self.seen: list[tuple[int, str]] = []

    def get(self, obj: Any, key: str, path: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if not isinstance(obj, dict):
            _fail(path, "expected an object")
        where = f"{path}.{key}" if path else key
        if key not in obj:
            if default is ...:
                _fail(where, "missing")
            return default
        value = obj[key]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            _fail(where, f"expected {names}, got {json.dumps(value)}")
        return value

    def choice(self, obj: Any, key: str, path: str, choices: tuple[str, ...], allow_none: bool = False) -> int:
        value = self.get(obj, key, path, (str, type(None)), None if allow_none else ...)
        where = f"{path}.{key}" if path else key
        if value is None:
            if allow_none:
                return -1
            _fail(where, "missing")
        if value not in choices:
            _fail(where, f"{json.dumps(value)} is not one of {', '.join(choices)}")
        return choices.index(value)

    def cards(self, values: Any, path: str, record: bool = True) -> list[int]:
        if not isinstance(values, list):
            _fail(path, "expected a list of cards")
        out = []
        for i, text in enumerate(values):
            kind = parse_card(text) if isinstance(text, str) else None
            if kind is None:
                _fail(f"{path}[{i}]", f"{json.dumps(text)} is not a card ({CARD_GRAMMAR})")
            out.append(kind)
            if record:
                self.seen.append((kind, f"{path}[{i}]"))
        return out

    def column(self, values: Any, path: str, rules: tuple[bool, bool, bool]) -> list[int]:
        if not isinstance(values, list):
            _fail(path, "expected a list of column cards")
        out: list[int] = []
        for i, text in enumerate(values):
            where = f"{path}[{i}]"
            token = parse_token(text) if isinstance(text, str) else None
            if token is None:
                if isinstance(text, str) and parse_card(text) == CASTLE:
                    _fail(where, "a Rainbow Castle is only ever played onto a castle space")
                if isinstance(text, str) and parse_card(text) == RAINBOW:
                    _fail(where, "a Rainbow card in a column is RW (Wizard) or RB1-RB4 (Bridge standing for 1-4)")
                _fail(where, f"{json.dumps(text)} is not a column card (a Banner like W3, RW or RB2)")
            _check_on(out, token, where, rules)
            out.append(token)
            self.seen.append((RAINBOW if is_rainbow(token) else token, where))
        if out and out[-1] >= BRIDGE_BASE:
            _fail(
                f"{path}[{len(out) - 1}]",
                "a Rainbow Bridge is always followed by a Banner in the same action, so it is never the top card",
            )
        return out


def _check_on(below: list[int], token: int, where: str, rules: tuple[bool, bool, bool]) -> None:
    """Can ``token`` lie on the column ``below``? (rulings 1-3 and 8 keep these true)."""
    simplified, power_of_one, over_rainbow = rules
    prev = below[-1] if below else -1
    top = TOP_VALUE[prev] if below else 0
    if token == WIZARD:
        return
    if prev == WIZARD:
        _fail(
            where,
            f"{'a Rainbow Bridge' if is_rainbow(token) else 'a Banner'} ({token_code(token)}) cannot lie on a Rainbow Wizard; only another Wizard can",
        )
    if token >= BRIDGE_BASE:
        if simplified:
            _fail(where, "the Simplified game has no Rainbow Bridges")
        if prev >= BRIDGE_BASE and not over_rainbow:
            _fail(where, "two Bridges in a row need Somewhere Over the Rainbow")
        if TOP_VALUE[token] != top + 1:
            _fail(
                where,
                f"a Bridge on {'an empty column' if not below else token_name(prev)} stands for {top + 1}, not {TOP_VALUE[token]}",
            )
        return
    s = STRENGTH_OF[token]
    if prev >= BRIDGE_BASE:
        if s != top + 1:
            _fail(where, f"a Bridge that stood for {top} must be followed by a {top + 1}, not {card_name(token)}")
        return
    if not below:
        if power_of_one and s != 1:
            _fail(where, f"The Power of One: only a 1 starts a column, not {card_name(token)}")
        return
    if simplified and s < top:
        _fail(where, f"{card_name(token)} cannot lie on a {top} (Simplified: strength {top} or more)")
    if not simplified and s not in (top, top + 1):
        _fail(where, f"{card_name(token)} cannot lie on a {top} (only {top} or {top + 1})")


def _variants(r: _Reader) -> tuple[bool, bool, bool]:
    v = r.get(r.data, "variants", "", dict, {})
    out = []
    for key in VARIANT_KEYS:
        out.append(r.get(v, key, "variants", bool, False))
    extra = set(v) - set(VARIANT_KEYS)
    if extra:
        _fail("variants", f"unknown variant {sorted(extra)[0]!r} (variants: {', '.join(VARIANT_KEYS)})")
    return out[0], out[1], out[2]


def _header(r: _Reader, s: MusterRules, expected_kind: str) -> None:
    d = r.data
    game = r.get(d, "game", "", str, "muster")
    if game != "muster":
        _fail("game", f"this is a {game!r} position, not a Muster one")
    kind = r.get(d, "kind", "", str, expected_kind)
    if kind != expected_kind:
        _fail("kind", f"expected a {expected_kind}, found a {kind}")
    s.set_variants(*_variants(r))
    s.phase = r.choice(d, "phase", "", PHASE_NAMES)
    s.cur = r.choice(d, "turn_of", "", SEAT_KEYS)
    s.first = r.choice(d, "first", "", SEAT_KEYS, allow_none=True)
    s.turn = r.get(d, "turn", "", int, 0)
    if not 0 <= s.turn <= TURN_LIMIT:
        _fail("turn", f"must be 0 to {TURN_LIMIT}")
    s.need = r.get(d, "to_draw", "", int, 0)
    s.castled = r.choice(d, "castled", "", FACTION_KEYS, allow_none=True)
    pending = r.get(d, "pending", "", (str, type(None)), None)
    if pending is None:
        s.pending = -1
    else:
        kind_p = r.cards([pending], "pending")[0]
        r.seen[-1] = (kind_p, "pending")
        if kind_p not in (RAINBOW, CASTLE):
            _fail("pending", "only a Rainbow card turned up by a Move waits for a castle space")
        s.pending = kind_p
    castles = r.get(d, "castles", "", dict)
    _no_extra(castles, FACTION_KEYS, "castles")
    s.castles = [r.cards(r.get(castles, key, "castles", list, []), f"castles.{key}") for key in FACTION_KEYS]
    for f, stack in enumerate(s.castles):
        for i, k in enumerate(stack):
            if k < FIRST_RAINBOW and k // 5 != f:
                own = FACTION_KEYS[k // 5]
                _fail(f"castles.{FACTION_KEYS[f]}[{i}]", f"{card_name(k)} only ever lands on the {own} castle space")


def _no_extra(obj: dict[str, Any], keys: tuple[str, ...], path: str) -> None:
    extra = set(obj) - set(keys)
    if extra:
        _fail(f"{path}.{sorted(extra)[0]}", f"unknown key (expected {', '.join(keys)})")


def _side(r: _Reader, s: MusterRules, p: int, hidden: bool) -> tuple[int, list[int]]:
    """Read a player's entry: fills their columns, hand (unless hidden) and known cards; returns the hand size."""
    key = SEAT_KEYS[p]
    side = r.get(r.data, key, "", dict)
    cols = r.get(side, "columns", key, dict)
    _no_extra(cols, FACTION_KEYS, f"{key}.columns")
    rules = (s.simplified, s.power_of_one, s.over_rainbow)
    s.cols[p] = [
        r.column(r.get(cols, f, f"{key}.columns", list, []), f"{key}.columns.{f}", rules) for f in FACTION_KEYS
    ]
    known = r.cards(r.get(side, "known", key, list, []), f"{key}.known", record=False)
    if hidden:
        size = r.get(side, "hand_size", key, int)
        if not 0 <= size <= HAND_SIZE:
            _fail(f"{key}.hand_size", f"{size} cards; a hand holds 0 to {HAND_SIZE}")
        if len(known) > size:
            _fail(f"{key}.known", f"{len(known)} known cards but only {size} in hand")
        for i, k in enumerate(known):
            r.seen.append((k, f"{key}.known[{i}]"))
        s.hands[p] = known[:]
        s.known[p] = known
        return size, known
    hand = r.cards(r.get(side, "hand", key, list), f"{key}.hand")
    if len(hand) > HAND_SIZE:
        _fail(f"{key}.hand", f"{len(hand)} cards; a hand holds at most {HAND_SIZE}")
    rest = hand[:]
    for i, k in enumerate(known):
        if k not in rest:
            _fail(f"{key}.known[{i}]", f"{card_code(k)} is not (or not that often) in {key}'s hand")
        rest.remove(k)
    s.hands[p] = hand
    s.known[p] = known
    return len(hand), known


def _check_counts(r: _Reader, exact: bool, unseen: int = 0) -> None:
    counts = [0] * NUM_KINDS
    for kind, where in r.seen:
        counts[kind] += 1
        if counts[kind] > COPIES[kind]:
            others = [w for k, w in r.seen if k == kind and w != where][:3]
            _fail(
                where, f"one {card_name(kind)} card too many: the game has {COPIES[kind]} (also at {', '.join(others)})"
            )
    total = sum(counts) + unseen
    if total != TOTAL_CARDS:
        missing = [card_code(k) for k in range(NUM_KINDS) for _ in range(COPIES[k] - counts[k])]
        what = f" (missing: {' '.join(missing)})" if exact and missing else ""
        _fail("", f"{total} cards are accounted for; the game has {TOTAL_CARDS}{what}")


def _check_phase(s: MusterRules, sizes: tuple[int, int], deck_size: int) -> None:
    """Hand sizes, draws owed and turn markers must fit the phase."""
    ph, cur = s.phase, s.cur
    name = PHASE_NAMES[ph]
    if s.castled >= 0 and ph not in REFILL_PHASES:
        _fail("castled", f"only set during a refill, not in phase {name!r}")
    if s.pending >= 0 and ph not in (PLACE, OVER):
        _fail("pending", f"only set in phase 'place' (or 'over'), not {name!r}")
    if ph == PLACE and s.pending < 0:
        _fail("pending", "phase 'place' needs the turned-up Rainbow card")
    if ph in REFILL_PHASES:
        if not 1 <= s.need <= HAND_SIZE:
            _fail("to_draw", f"a refill owes 1 to {HAND_SIZE} cards, not {s.need}")
        if sizes[cur] + s.need != HAND_SIZE:
            _fail(f"{SEAT_KEYS[cur]}.hand", f"{sizes[cur]} cards with {s.need} to draw; a refill ends at {HAND_SIZE}")
    elif s.need:
        _fail("to_draw", f"cards are only owed during a refill, not in phase {name!r}")
    if ph in (FIRST_PHASE, DEAL):
        if ph == DEAL and s.first < 0:
            _fail("first", "the deal starts once the first player is known")
        s.dealt = sum(sizes)
        expect_first = (s.dealt + 1) // 2
        if ph == DEAL and (sizes[s.first] != expect_first or s.dealt >= 2 * HAND_SIZE):
            _fail("", f"hands of {sizes[0]} and {sizes[1]} cards do not fit a deal in progress")
        if ph == FIRST_PHASE and s.dealt:
            _fail("", "no card is dealt before the first player is chosen")
        return
    if ph != OVER:
        if deck_size == 0:
            _fail("deck", "the deck is empty, so the game is over (phase must be 'over')")
        for p in (0, 1):
            if (p != cur or ph not in REFILL_PHASES) and sizes[p] != HAND_SIZE:
                _fail(f"{SEAT_KEYS[p]}.hand", f"{sizes[p]} cards; outside a refill a hand holds {HAND_SIZE}")


def read_state(kind: type[R], data: Any) -> R:
    """Read a full state (the output of :func:`state_to_json`) as a ``kind``, checking it is possible."""
    r = _Reader(data)
    s = kind()
    _header(r, s, "state")
    s.deck = sorted(r.cards(r.get(r.data, "deck", "", list), "deck"))
    sizes = [_side(r, s, p, hidden=False)[0] for p in (0, 1)]
    _check_counts(r, exact=True)
    _check_phase(s, (sizes[0], sizes[1]), len(s.deck))
    s.sync()
    return s


def view_from_json(data: Any) -> MusterView:
    """Read a view (the output of :func:`tabletop_muster.view.view_to_json`), checking it is possible."""
    r = _Reader(data)
    s = MusterRules()
    _header(r, s, "view")
    viewer = r.choice(r.data, "viewer", "", SEAT_KEYS)
    deck_size = r.get(r.data, "deck_size", "", int)
    if deck_size < 0:
        _fail("deck_size", "cannot be negative")
    other = 1 - viewer
    own_size, _ = _side(r, s, viewer, hidden=False)
    other_size, other_known = _side(r, s, other, hidden=True)
    _check_counts(r, exact=False, unseen=deck_size + other_size - len(other_known))
    sizes = [0, 0]
    sizes[viewer], sizes[other] = own_size, other_size
    _check_phase(s, (sizes[0], sizes[1]), deck_size)
    v = view_of(s, viewer)
    # view_of reads sizes from the (partial) state: restore what the file says.
    return dataclasses.replace(v, opponent_hand_size=other_size, deck_size=deck_size)
