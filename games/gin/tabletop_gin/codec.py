"""A Gin Rummy position read back from its JSON (:meth:`GinState.to_json`), checked.

>>> from tabletop_gin.rules import GinState
>>> state = GinState.new()
>>> state_from_json(state.to_json()) == state
True
"""

from __future__ import annotations

from typing import Any

from tabletop.errors import InvalidStateError
from tabletop.playing_cards import CardError
from tabletop_gin.melds import mask_of, parse
from tabletop_gin.options import Rules
from tabletop_gin.rules import GinState
from tabletop_gin.view import PHASES, GinView, HandResult


def state_from_json(data: Any) -> GinState:
    """The state ``data`` describes; InvalidStateError saying what is wrong."""
    try:
        state = _read(data)
    except (KeyError, TypeError, ValueError, CardError, AttributeError) as error:
        raise InvalidStateError(f"not a Gin Rummy position: {error}") from None
    problems = state.invariant_violations()
    if problems:
        raise InvalidStateError("; ".join(problems))
    return state


def view_from_json(data: Any) -> GinView:
    """The view ``data`` describes (:meth:`GinView.to_json`); InvalidStateError saying what is wrong."""
    try:
        return _read_view(data)
    except (KeyError, TypeError, ValueError, CardError, AttributeError) as error:
        raise InvalidStateError(f"not a view of a Gin Rummy position: {error}") from None


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def _mask(text: Any) -> int:
    if not isinstance(text, str):
        raise TypeError(f"expected cards as text, got {text!r}")
    return mask_of(parse(text))


def _card(text: Any) -> int:
    (card,) = parse(text)
    return card


def _optional_card(text: Any) -> int | None:
    return None if text is None else _card(text)


def _seat(value: Any) -> int | None:
    if value is None:
        return None
    seat = _int(value)
    if seat not in (0, 1):
        raise ValueError(f"no seat {seat}")
    return seat


def _pair(values: Any) -> list[int]:
    if not isinstance(values, list) or len(values) != 2:
        raise ValueError(f"expected two values, got {values!r}")
    return [_int(v) for v in values]


def _rules(r: dict[str, Any]) -> Rules:
    return Rules(_int(r["knock"]), _bool(r["oklahoma"]), _int(r["target"]), str(r["tie"]), _bool(r["openspiel"]))


def _phase(value: Any) -> str:
    if value not in PHASES:
        raise ValueError(f"no phase {value!r}")
    return str(value)


def _read_view(data: dict[str, Any]) -> GinView:
    hands = [None if h is None else _mask(h) for h in data["hands"]]
    counts, scores, boxes = _pair(data["counts"]), _pair(data["scores"]), _pair(data["boxes"])
    known, declined = [_mask(k) for k in data["known"]], [_mask(k) for k in data["declined"]]
    melds = [tuple(_mask(m) for m in ms) for ms in data["melds"]]
    if len(hands) != 2 or len(known) != 2 or len(declined) != 2 or len(melds) != 2:
        raise ValueError("two seats' hands, known cards and melds")
    return GinView(
        player=_int(data["player"]),
        phase=_phase(data["phase"]),
        to_act=_int(data["to_act"]),
        dealer=_seat(data["dealer"]) or 0,
        hands=(hands[0], hands[1]),
        counts=(counts[0], counts[1]),
        known=(known[0], known[1]),
        declined=(declined[0], declined[1]),
        pile=tuple(_card(c) for c in data["pile"]),
        stock=_int(data["stock"]),
        knock_card=_int(data["knock_card"]),
        taken=_optional_card(data["taken"]),
        passes=_int(data["passes"]),
        knocker=_seat(data["knocker"]),
        melds=(melds[0], melds[1]),
        layoffs=tuple(_card(c) for c in data["layoffs"]),
        scores=(scores[0], scores[1]),
        boxes=(boxes[0], boxes[1]),
        hand_number=_int(data["hand_number"]),
        last=_result(data["last"]),
        rules=_rules(data["rules"]),
    )


def _read(data: dict[str, Any]) -> GinState:
    rules = _rules(data["rules"])
    state = GinState(rules)
    state.phase = _phase(data["phase"])
    state.player = _seat(data["player"]) or 0
    state.dealer = _seat(data["dealer"]) or 0
    state.hands = [_mask(h) for h in data["hands"]][:2]
    state.stock = _mask(data["stock"])
    state.pile = [_card(c) for c in data["pile"]]
    state.dealt = _int(data["dealt"])
    state.knock_card = _int(data["knock_card"])
    state.doubled = _bool(data["doubled"])
    state.passes = _int(data["passes"])
    state.taken = _optional_card(data["taken"])
    state.prev_upcard = _optional_card(data["prev_upcard"])
    state.repeated = _bool(data["repeated"])
    state.upcard_takes = _int(data["upcard_takes"])
    state.known = [_mask(k) for k in data["known"]][:2]
    state.declined = [_mask(k) for k in data["declined"]][:2]
    state.knocker = _seat(data["knocker"])
    state.melds = [[_mask(m) for m in ms] for ms in data["melds"]][:2]
    state.layoffs = [_card(c) for c in data["layoffs"]]
    state.scores = _pair(data["scores"])
    state.boxes = _pair(data["boxes"])
    state.hand_number = _int(data["hand_number"])
    state.last = _result(data["last"])
    state.winner = _seat(data["winner"])
    if len(state.hands) != 2 or len(state.known) != 2 or len(state.declined) != 2 or len(state.melds) != 2:
        raise ValueError("two seats' hands, known cards and melds")
    return state


def _result(data: Any) -> HandResult | None:
    if data is None:
        return None
    hands = [_mask(h) for h in data["hands"]]
    dead = _pair(data["deadwood"])
    return HandResult(
        str(data["kind"]),
        _seat(data["winner"]),
        _int(data["points"]),
        (dead[0], dead[1]),
        _seat(data["knocker"]),
        (hands[0], hands[1]),
    )
