"""Reading one game's rows of the database, trusting none of them.

A row of ``games`` and the rows of ``actions`` that belong to it become a
:class:`~tabletop.store.records.GameRecord` only when every column holds what
the program wrote there. Anything else (a column edited by hand, a disk that
flipped a bit, a row written by a broken plugin) makes the game a
:class:`DamagedGame`: listed with what is wrong, never played, so that one bad
row costs one game and never the others.

    >>> row = (4, "freecell", "not json", 1, '["human"]', '["You"]', "2026-01-02T10:30:00", None, None, None,
    ...        None, 0, "0.1.0", 1, 0, 1)
    >>> read_game(row, [(0, "3a", 0)])
    DamagedGame(id=4, game_id='freecell', started='2026-01-02T10:30:00', problem="options: 'not json' is not JSON")
    >>> read_game(row[:2] + ('{"deal": "617"}',) + row[3:], [(0, "3a", 0), (2, "a8", 0)]).problem
    'the stored actions skip action 2 (ply 1) of 3: the game cannot be rebuilt from them'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.numbers import excerpt
from tabletop.store.records import GameRecord, RecordError, record_fields
from tabletop.text import one_line

COLUMNS = (
    "id, game_id, options, seed, seats, names, started, finished, result, returns, score, hints,"
    " program_version, record_format, takebacks, takebacks_allowed"
)
"""The columns of ``games`` a record is read from, in the order :func:`read_game` takes them."""
ACTION_COLUMNS = "ply, notation, actor"
"""The columns of ``actions`` an action row is read from (beside the game it belongs to)."""

ActionRow = tuple[Any, Any, Any]
"""An action's row as stored: ``(ply, notation, actor)``, each to be checked."""

MAX_MISSING_NAMED = 5
"""How many missing actions a message names one by one before it only counts the rest."""


@dataclass(frozen=True)
class DamagedGame:
    """A stored game whose rows do not make a record: shown in the history with :attr:`problem`, never played."""

    id: int
    game_id: str
    """The stored game id, made printable (or ``"?"`` when it is not text)."""
    started: str | None
    """The stored start time when it is text, for the history to show."""
    problem: str
    """What is wrong, naming the column: ``"options: 'not json' is not JSON"``."""


def read_game(row: Sequence[Any], actions: Sequence[ActionRow]) -> GameRecord | DamagedGame:
    """The record of one row of ``games`` (its :data:`COLUMNS`) and its action rows (:data:`ActionRow`), or
    the :class:`DamagedGame` it is when any of them does not hold what was written."""
    try:
        return record_of_row(row, actions)
    except RecordError as exc:
        game_id, started = row[1], row[6]
        return DamagedGame(
            id=int(row[0]),
            game_id=one_line(game_id) if isinstance(game_id, str) else "?",
            started=started if isinstance(started, str) else None,
            problem=str(exc),
        )


def record_of_row(row: Sequence[Any], actions: Sequence[ActionRow]) -> GameRecord:
    """The record of a row and its action rows; :class:`RecordError` naming the first column that is wrong."""
    (row_id, game_id, options, seed, seats, names, started, finished, result, returns, score, hints, version, fmt) = (
        row[:14]
    )
    takebacks, allowed = row[14:]
    if not isinstance(version, str):
        raise RecordError(f"program_version: expected text, found {_stored(version)}")
    data = {
        "format": fmt,
        "version": version,
        "id": row_id,
        "game": game_id,
        "options": _json_column("options", options),
        "seed": seed,
        "seats": _seats(seats, names),
        "started": started,
        "finished": finished,
        "result": result,
        "returns": None if returns is None else _json_column("returns", returns),
        "score": score,
        "hints": hints,
        "takebacks": takebacks,
        "takebacks_allowed": _flag("takebacks_allowed", allowed),
        "history": history_of(actions),
        "actors": actors_of(actions),
    }
    if type(fmt) is not int:
        raise RecordError(f"record_format: expected a whole number, found {_stored(fmt)}")
    if type(seed) is not int:
        raise RecordError(f"seed: expected a whole number, found {_stored(seed)}")
    record = record_fields(data, time_checked=False)
    if record.returns is not None and len(record.returns) != len(record.seats):
        raise RecordError(f"returns: {len(record.seats)} expected (a seat each), found {len(record.returns)}")
    return record


def history_of(actions: Sequence[ActionRow]) -> list[str]:
    """The notations of a game's action rows in ply order; :class:`RecordError` unless the plies are exactly
    0, 1, ..., n-1, every notation is text and every actor a whole number or nothing.

    >>> history_of([(1, "a8", 0), (0, "3a", 0)])
    ['3a', 'a8']
    >>> history_of([(0, "3a", 0), (3, "1h", 0), (4, "h1", 0)])
    Traceback (most recent call last):
    tabletop.store.records.RecordError: the stored actions skip actions 2 and 3 (plies 1 and 2) of 5: the game cannot be rebuilt from them
    """
    for ply, notation, actor in actions:
        if type(ply) is not int or ply < 0:
            raise RecordError(f"actions: {_stored(ply)} is not an action's number")
        if not isinstance(notation, str):
            raise RecordError(f"actions: action {ply + 1} is {_stored(notation)}, not text")
        if actor is not None and type(actor) is not int:
            raise RecordError(f"actions: the actor of action {ply + 1} is {_stored(actor)}, not a seat")
    ordered = _in_order(actions)
    if ordered and ordered[-1][0] != len(ordered) - 1:
        raise RecordError(missing_words({int(ply) for ply, _, _ in ordered}))
    return [str(notation) for _, notation, _ in ordered]


def actors_of(actions: Sequence[ActionRow]) -> list[int] | None:
    """Who took each action (checked rows, see :func:`history_of`), in ply order; None when any row predates
    the keeping of actors.

    >>> actors_of([(1, "a8", 0), (0, "deal 1", -1)]), actors_of([(0, "deal 1", None), (1, "a8", 0)])
    ([-1, 0], None)
    """
    actors = [actor for _, _, actor in _in_order(actions)]
    return None if any(actor is None for actor in actors) else [int(actor) for actor in actors]


def _in_order(actions: Sequence[ActionRow]) -> list[ActionRow]:
    return sorted(actions, key=lambda row: int(row[0]))


def missing_words(plies: set[int]) -> str:
    """What a message says of stored actions with gaps: the actions missing, counted from 1 as players do,
    and their rows' plies (counted from 0) for whoever looks into the database.

    >>> missing_words({0, 2, 3})
    'the stored actions skip action 2 (ply 1) of 4: the game cannot be rebuilt from them'
    >>> missing_words({0, 9})
    'the stored actions skip actions 2 to 9 (plies 1 to 8) of 10: the game cannot be rebuilt from them'
    """
    total = max(plies) + 1
    missing = [ply for ply in range(total) if ply not in plies]
    if len(missing) == 1:
        skipped = f"action {missing[0] + 1} (ply {missing[0]})"
    else:
        skipped = f"actions {_listed([n + 1 for n in missing])} (plies {_listed(missing)})"
    return f"the stored actions skip {skipped} of {total}: the game cannot be rebuilt from them"


def _listed(numbers: list[int]) -> str:
    """``1, 2 and 3``; a run of consecutive numbers longer than :data:`MAX_MISSING_NAMED` as ``1 to 8``,
    and other long lists cut.

    >>> _listed([1, 2]), _listed(list(range(1, 9))), _listed([1, 3, 5, 7, 9, 11, 13])
    ('1 and 2', '1 to 8', '1, 3, 5, 7, 9 and 2 more')
    """
    if len(numbers) > MAX_MISSING_NAMED and numbers[-1] - numbers[0] == len(numbers) - 1:
        return f"{numbers[0]} to {numbers[-1]}"
    named = [str(n) for n in numbers[:MAX_MISSING_NAMED]]
    if len(numbers) > MAX_MISSING_NAMED:
        return f"{', '.join(named)} and {len(numbers) - MAX_MISSING_NAMED} more"
    return f"{', '.join(named[:-1])} and {named[-1]}"


def _flag(column: str, value: Any) -> bool:
    """A yes/no column, stored as 1 or 0."""
    if type(value) is not int or value not in (0, 1):
        raise RecordError(f"{column}: expected 1 or 0, found {_stored(value)}")
    return bool(value)


def _json_column(column: str, value: Any) -> Any:
    if not isinstance(value, str):
        raise RecordError(f"{column}: expected JSON text, found {_stored(value)}")
    try:
        return json.loads(value)
    except (ValueError, RecursionError):
        raise RecordError(f"{column}: {excerpt(one_line(value))} is not JSON") from None


def _seats(seats: Any, names: Any) -> list[dict[str, Any]]:
    """The seats column (each seat's player) and the names column, as a record file writes them together."""
    players, shown = _json_column("seats", seats), _json_column("names", names)
    for column, value in (("seats", players), ("names", shown)):
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise RecordError(f"{column}: expected a list of text, found {_stored(value)}")
    if len(players) != len(shown):
        raise RecordError(f"seats and names: {len(players)} seat(s) but {len(shown)} name(s)")
    return [{"player": player, "name": name} for player, name in zip(players, shown, strict=True)]


def _stored(value: Any) -> str:
    """A stored value as a message shows it: its kind, and the value itself when short.

    >>> _stored(None), _stored(b"\\x00\\x01"), _stored("x" * 40), _stored([1, 2])
    ('nothing (null)', 'binary data (2 bytes)', "text 'xxxxxxxxxxxxxxxxxxxx'…", 'a list')
    """
    if value is None:
        return "nothing (null)"
    if isinstance(value, bytes):
        return f"binary data ({len(value)} byte{'' if len(value) == 1 else 's'})"
    if isinstance(value, str):
        return f"text {excerpt(one_line(value))}"
    if isinstance(value, bool | int | float):
        return f"the number {excerpt(str(value))}"
    if isinstance(value, dict):
        return "an object"
    return "a list" if isinstance(value, list) else type(value).__name__
