"""Game records: what is kept of a game, its JSON form, and reading one from a file.

A record is enough to rebuild a game exactly: game id, options, seed and the
list of actions in notation (chance outcomes included). The JSON form carries a
``format`` number; a record of a newer format, or one whose values are
impossible, is refused with a :class:`RecordError` saying what is wrong
(:func:`record_fields`). A record is data only: checking it against its game and
rebuilding its match is :mod:`tabletop.rebuild`'s work.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tabletop import __version__
from tabletop.agents import HUMAN
from tabletop.rng import MAX_SEED
from tabletop.text import one_line, printable

RECORD_FORMAT = 1
"""Version of the record layout (JSON files and database rows); raised on incompatible change."""

MAX_RECORD_BYTES = 10 * 1024 * 1024
"""A record file larger than this is refused unread (the longest game's record is a few hundred KB)."""
MAX_DIGITS = 20
"""Digits in a whole number of a record: a seed has at most 10, so a longer one is no record's."""
MAX_NESTING = 8
"""Depth of lists and objects inside one another: a record needs 3."""
MAX_HINTS = 1_000_000
"""Hints (or take-backs) a record may count: far more than any game has decisions."""


class RecordError(ValueError):
    """A record cannot be used; the message says what is wrong, for a person to read."""


@dataclass(kw_only=True)
class GameRecord:
    """One game, finished or not, as stored and exported."""

    id: int | None = None
    """Row id in the database (None for a record read from a file)."""
    game_id: str
    options: dict[str, str]
    seed: int
    seats: list[str]
    """Per seat: ``"human"`` or the computer level name (e.g. ``"random"``)."""
    names: list[str]
    history: list[str] = field(default_factory=list)
    actors: list[int] | None = None
    """Who took each action of :attr:`history`: a seat, or -1 for chance (None: not kept, as in the records
    of games saved before it was)."""
    started: str
    """ISO 8601 time (UTC) the game began."""
    finished: str | None = None
    result: str | None = None
    """The outcome text of a finished game."""
    returns: list[float] | None = None
    score: float | None = None
    """The final score of a game whose state offers ``score()`` (solo games)."""
    hints: int = 0
    """How many hints the player asked for (a game played with hints is counted apart in the statistics)."""
    takebacks: int = 0
    """How many take-backs the player made (a game with any is counted apart in the statistics)."""
    takebacks_allowed: bool = True
    """Whether the game was set up to allow take-backs (over a card or roll seen, or another person's move)."""
    version: str = __version__
    """The Tabletop version that made the record."""
    format: int = RECORD_FORMAT

    def __post_init__(self) -> None:
        # Names and results are shown on the player's terminal, and may come from anybody's file.
        self.names = [one_line(name) for name in self.names]
        if self.result is not None:
            self.result = printable(self.result)

    @property
    def is_finished(self) -> bool:
        """Whether the game has ended (it has a finishing time); an unfinished one can be continued."""
        return self.finished is not None

    @property
    def viewer(self) -> int:
        """The seat a replay is shown from: the first person's seat, else seat 0."""
        return next((i for i, spec in enumerate(self.seats) if spec == HUMAN), 0)


def now_iso() -> str:
    """The current time in the form records use (UTC, milliseconds)."""

    return datetime.now(UTC).isoformat(timespec="milliseconds")


# --------------------------------------------------------------------------- JSON


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """The record as JSON data (see ``docs/data.md`` for the layout)."""
    return {
        "format": RECORD_FORMAT,
        "program": "tabletop",
        "version": record.version,
        "id": record.id,
        "game": record.game_id,
        "options": dict(record.options),
        "seed": record.seed,
        "seats": [{"player": spec, "name": name} for spec, name in zip(record.seats, record.names, strict=True)],
        "started": record.started,
        "finished": record.finished,
        "result": record.result,
        "returns": record.returns,
        "score": record.score,
        "hints": record.hints,
        "takebacks": record.takebacks,
        "takebacks_allowed": record.takebacks_allowed,
        "history": list(record.history),
        **({} if record.actors is None else {"actors": list(record.actors)}),
    }


def _count(data: dict[str, Any], key: str) -> int:
    """A count of a record's (``hints``, ``takebacks``): 0 when a record made before it was kept leaves it out."""
    value = data.get(key, 0)
    if type(value) is not int or not 0 <= value <= MAX_HINTS:
        raise RecordError(f"{key}: must be a whole number from 0 to {MAX_HINTS:,}")
    return value


def parse_record_text(text: str) -> Any:
    """Read JSON text, telling a cut-off file from one that is not JSON at all."""
    if not text.strip():
        raise RecordError("the file is empty")
    try:
        data = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or _cut_short(text):
            raise RecordError(f"the file ends too soon (truncated?): {exc.msg} at line {exc.lineno}") from None
        raise RecordError(f"not a JSON game record: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise RecordError(
            f"not a game record: the JSON is nested far too deeply (a record nests {MAX_NESTING} deep at most)"
        ) from None
    if _depth(data) > MAX_NESTING:
        raise RecordError(f"not a game record: the JSON nests lists and objects more than {MAX_NESTING} deep")
    return data


def _whole_number(digits: str) -> int:
    """A JSON whole number, refused when longer than any a record holds (before Python converts it)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordError(
            f"not a game record: a number of {len(digits.lstrip('-'))} digits (a record's have at most {MAX_DIGITS})"
        )
    return int(digits)


def _no_constant(name: str) -> Any:
    raise RecordError(f"not a game record: {name} is not a number JSON allows")


def _depth(data: Any) -> int:
    """How deep lists and objects nest in ``data`` (0 for a plain value), without recursion.

    >>> _depth(1), _depth([1, {"a": [2]}]), _depth({})
    (0, 3, 1)
    """
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, level)
            if level <= MAX_NESTING:
                stack.extend((item, level + 1) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


def _cut_short(text: str) -> bool:
    """True when ``text`` reads as the start of a JSON document: a string or bracket left open.

    >>> _cut_short('{"a": [1, 2'), _cut_short('{"a": "b'), _cut_short('[game]')
    (True, True, False)
    """
    closers = {"{": "}", "[": "]"}
    stack: list[str] = []
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in closers:
            stack.append(closers[char])
        elif char in "]}" and (not stack or stack.pop() != char):
            return False
    return in_string or bool(stack)


def read_record_data(path: Any) -> Any:
    """The JSON data of a record file, not yet checked; the file is only read, never changed."""
    from pathlib import Path

    from tabletop.files import FileRefused, read_bounded

    file = Path(path)
    try:
        raw = read_bounded(file, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError(f"no such file: {file}") from None
    except IsADirectoryError:
        raise RecordError(f"{file} is a directory, not a record file") from None
    except OSError as exc:
        raise RecordError(f"cannot read {file}: {exc.strerror or exc}") from None
    except FileRefused as exc:
        raise RecordError(f"{file}: {exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{file} is not a JSON game record (not UTF-8 text)") from None
    return parse_record_text(text)


def record_fields(data: Any, *, time_checked: bool = True) -> GameRecord:
    """A record from JSON data, its layout and values checked but not its game; :class:`RecordError` if wrong.

    ``time_checked=False`` takes any text for the start and end times: the database's rows, whose times
    are only shown, keep a game whose time was written otherwise playable.

    >>> record_fields({"format": 99})
    Traceback (most recent call last):
    tabletop.store.records.RecordError: this record has format 99, newer than this Tabletop reads (1); it was made by Tabletop ? - upgrade to replay it
    """
    if not isinstance(data, dict):
        raise RecordError(f"not a game record: expected a JSON object, found {_kind(data)}")
    fmt = data.get("format")
    if type(fmt) is not int:
        raise RecordError("not a game record: no 'format' number")
    if fmt > RECORD_FORMAT:
        raise RecordError(
            f"this record has format {fmt}, newer than this Tabletop reads ({RECORD_FORMAT}); "
            f"it was made by Tabletop {data.get('version', '?')} - upgrade to replay it"
        )
    if fmt < 1:
        raise RecordError(f"format {fmt} is not a record format")
    return _record_fields(data, time_checked=time_checked)


def _record_fields(data: dict[str, Any], *, time_checked: bool = True) -> GameRecord:
    game_id = _field(data, "game", str)
    options = _field(data, "options", dict)
    for key, value in options.items():
        if not isinstance(value, str):
            raise RecordError(f"options: the value of {key!r} must be text, not {_kind(value)}")
    seed = _field(data, "seed", int)
    if not 0 <= seed <= MAX_SEED:
        raise RecordError(f"seed: must be from 0 to {MAX_SEED}, not {seed}")
    seats_raw = _field(data, "seats", list)
    seats: list[str] = []
    names: list[str] = []
    for i, seat in enumerate(seats_raw, 1):
        if (
            not isinstance(seat, dict)
            or not isinstance(seat.get("player"), str)
            or not isinstance(seat.get("name"), str)
        ):
            raise RecordError(f"seats: seat {i} must have a 'player' and a 'name' (text)")
        seats.append(seat["player"])
        names.append(seat["name"])
    history = _field(data, "history", list)
    for i, text in enumerate(history, 1):
        if not isinstance(text, str):
            raise RecordError(f"history: action {i} must be text, not {_kind(text)}")
    actors = _actors(data.get("actors"))
    started = _time_field(data, "started", required=True, checked=time_checked)
    finished = _time_field(data, "finished", required=False, checked=time_checked)
    result = data.get("result")
    if result is not None and not isinstance(result, str):
        raise RecordError("result: must be text")
    returns = data.get("returns")
    if returns is not None:
        if not isinstance(returns, list) or not all(_is_number(r) for r in returns):
            raise RecordError("returns: must be a list of numbers")
        returns = [float(r) for r in returns]
    score = data.get("score")
    if score is not None and not _is_number(score):
        raise RecordError("score: must be a number")
    hints = _count(data, "hints")
    takebacks = _count(data, "takebacks")
    allowed = data.get("takebacks_allowed", True)
    if not isinstance(allowed, bool):
        raise RecordError("takebacks_allowed: must be true or false")
    version = data.get("version", "unknown")
    record_id = data.get("id")
    return GameRecord(
        id=record_id if type(record_id) is int else None,
        game_id=game_id,
        options=options,
        seed=seed,
        seats=seats,
        names=names,
        history=list(history),
        actors=actors,
        started=started or "",
        finished=finished,
        result=result,
        returns=returns,
        score=None if score is None else float(score),
        hints=hints,
        takebacks=takebacks,
        takebacks_allowed=allowed,
        version=str(version),
        format=RECORD_FORMAT,
    )


def _actors(actors: Any) -> list[int] | None:
    """The record's ``actors`` (optional): whole numbers, a seat or -1 for chance for each action of its
    history; that each is the one whose turn it was, and that there is one for each action, is checked as
    the record is replayed (:func:`tabletop.rebuild.check_record`).

    >>> _actors([-1, 0, 1]), _actors(None)
    ([-1, 0, 1], None)
    """
    if actors is None:
        return None
    if not isinstance(actors, list) or not all(type(actor) is int and actor >= -1 for actor in actors):
        raise RecordError("actors: expected a list of seats (whole numbers from 0) or -1 for chance")
    return list(actors)


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise RecordError(f"not a complete game record: {key!r} is missing")
    value = data[key]
    if type(value) is bool or not isinstance(value, kind):
        raise RecordError(f"{key}: expected {_kind_name(kind)}, found {_kind(value)}")
    return value


def _time_field(data: dict[str, Any], key: str, *, required: bool, checked: bool) -> str | None:
    """A time of the record: text in ISO 8601 form, or any text when not ``checked``."""
    value = data.get(key)
    if value is None:
        if required:
            raise RecordError(f"not a complete game record: {key!r} is missing")
        return None
    if not isinstance(value, str):
        raise RecordError(f"{key}: expected a date and time, found {_kind(value)}")
    if not checked:
        return value
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise RecordError(f"{key}: {value!r} is not a date and time") from None
    return value


def _is_number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _kind(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        type(None): "null",
        bytes: "binary data",
    }.get(type(value), "a number" if isinstance(value, (int, float)) else type(value).__name__)


def _kind_name(kind: type) -> str:
    return {dict: "an object", list: "a list", str: "text", int: "a whole number"}.get(kind, kind.__name__)
