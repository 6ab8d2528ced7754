"""Muse cards as data: powers, cards, card sets, and the card file reader.

A card file is TOML (read with the standard library). Each ``[[card]]`` has a
name, points, an optional power and four edges in the order they come to the
top (the upright edge first; ``""`` is a blank edge)::

    [[card]]
    name = "Erato"
    points = 3
    power = "adjust 2"
    edges = ["≤ 5", "Both odd", "Pair", ""]

A file with a mistake is refused with :class:`CardFileError`, whose message
names the file, the card, the edge and what was expected::

    >>> try:
    ...     parse_cards('[[card]]\\nname = "Erato"\\npoints = 3\\nedges = ["7", "≥ 13", "", ""]', "x.toml")
    ... except CardFileError as exc:
    ...     print(exc)
    x.toml: card 1 (Erato), edge 2: in '≥ 13': expected a sum from 2 to 12, found '13'
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from games.muses.conditions import Condition, ConditionError, parse_condition

EDGES = 4
"""Edges per card: a card discarded when it comes back upright has had four on top."""

DEFAULT_TARGET = 20
DEFAULT_HINTS = 3
DEFAULT_FILE = "default.toml"


class CardFileError(ValueError):
    """A card file that cannot be used; the message says where and what was expected."""


@dataclass(frozen=True)
class Power:
    """A power that alters the dice once per game.

    ``kind`` is one of :data:`POWER_KINDS`; ``amount`` is the most an
    ``adjust`` power may add or subtract.
    """

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if self.kind == "adjust" else self.kind

    @property
    def text(self) -> str:
        """The power in words, as on the card."""
        if self.kind == "adjust":
            return f"Add or subtract up to {self.amount} on one die"
        return POWER_KINDS[self.kind]


POWER_KINDS: dict[str, str] = {
    "flip": "Turn one die to its opposite face",
    "reroll": "Re-roll one die",
    "adjust": "Add or subtract up to N on one die",
    "match": "Set one die to match the other",
}


@dataclass(frozen=True)
class Card:
    """One Muse: name, points, power (or None) and its four edges (None is blank)."""

    name: str
    points: int
    power: Power | None
    edges: tuple[Condition | None, ...]

    @property
    def worth(self) -> str:
        """Its points as a player reads them: "1 pt", "3 pts"."""
        return f"{self.points} pt" if self.points == 1 else f"{self.points} pts"

    def top(self, rotation: int) -> Condition | None:
        """The condition on top after ``rotation`` quarter turns."""
        return self.edges[rotation]


@dataclass(frozen=True)
class CardSet:
    """The cards of a game, the winning score, the hints, and where they came from."""

    cards: tuple[Card, ...]
    target: int = DEFAULT_TARGET
    hints: int = DEFAULT_HINTS
    source: str = "default"
    digest: str = ""
    """SHA-256 of the card file's bytes: solutions are cached under it."""

    def index(self, name: str) -> int:
        """The position of the card called ``name`` (case-insensitive); KeyError if none."""
        lowered = name.strip().lower()
        for i, card in enumerate(self.cards):
            if card.name.lower() == lowered:
                return i
        raise KeyError(name)

    def with_target(self, target: int) -> CardSet:
        """The same cards with another winning score (handy for small test sets)."""
        return CardSet(self.cards, target, self.hints, self.source, f"{self.digest}:target={target}")


_NAME = re.compile(r"[A-Za-z][A-Za-z'\- ]*[A-Za-z]|[A-Za-z]")
_CARD_KEYS = {"name", "points", "power", "edges"}
_POWERLESS = {"calliope", "cleo"}
"""Muses the rulebook says give no power when claimed."""
_GAME_KEYS = {"target", "hints"}


def _power(text: Any, where: str) -> Power | None:
    if text is None or text == "" or text == "none":
        return None
    if not isinstance(text, str):
        raise CardFileError(f"{where}, power: expected text such as \"flip\" or \"adjust 2\", found {text!r}")
    words = text.strip().lower().split()
    kinds = "flip, reroll, adjust N (N from 1 to 3), match, or none"
    if not words or words[0] not in POWER_KINDS:
        raise CardFileError(f"{where}, power: expected one of {kinds}, found {text!r}")
    if words[0] == "adjust":
        if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= 3:
            raise CardFileError(f"{where}, power: expected 'adjust N' with N from 1 to 3, found {text!r}")
        return Power("adjust", int(words[1]))
    if len(words) != 1:
        raise CardFileError(f"{where}, power: expected one of {kinds}, found {text!r}")
    return Power(words[0])


def _edges(raw: Any, where: str) -> tuple[Condition | None, ...]:
    if not isinstance(raw, list) or len(raw) != EDGES:
        raise CardFileError(f"{where}, edges: expected a list of {EDGES} conditions (\"\" for blank), found {raw!r}")
    edges: list[Condition | None] = []
    for number, text in enumerate(raw, start=1):
        place = f"{where}, edge {number}"
        if not isinstance(text, str):
            raise CardFileError(f"{place}: expected a condition in quotes, found {text!r}")
        if text.strip().lower() in ("", "blank", "-"):
            if number == 1:
                raise CardFileError(f"{place}: expected a condition (the upright edge cannot be blank)")
            edges.append(None)
            continue
        try:
            edges.append(parse_condition(text))
        except ConditionError as exc:
            raise CardFileError(f"{place}: {exc}") from None
    return tuple(edges)


def _card(raw: Any, number: int, file: str) -> Card:
    if not isinstance(raw, dict):
        raise CardFileError(f"{file}: card {number}: expected a [[card]] table")
    name = raw.get("name")
    where = f"{file}: card {number}" + (f" ({name})" if isinstance(name, str) else "")
    unknown = sorted(set(raw) - _CARD_KEYS)
    if unknown:
        raise CardFileError(f"{where}: unknown key {unknown[0]!r} (expected name, points, power, edges)")
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise CardFileError(f"{where}, name: expected a name of letters (spaces, ' and - inside), found {name!r}")
    points = raw.get("points")
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 99:
        raise CardFileError(f"{where}, points: expected a whole number from 0 to 99, found {points!r}")
    if "edges" not in raw:
        raise CardFileError(f"{where}: expected edges = [4 conditions]")
    power = _power(raw.get("power"), where)
    if power is not None and name.casefold() in _POWERLESS:
        raise CardFileError(f"{where}, power: {name} has no power in the rules; leave the power out")
    return Card(name, points, power, _edges(raw["edges"], where))


def _game_settings(raw: Any, file: str) -> tuple[int, int]:
    if raw is None:
        return DEFAULT_TARGET, DEFAULT_HINTS
    if not isinstance(raw, dict):
        raise CardFileError(f"{file}: [game]: expected a table with target and hints")
    unknown = sorted(set(raw) - _GAME_KEYS)
    if unknown:
        raise CardFileError(f"{file}: [game]: unknown key {unknown[0]!r} (expected target, hints)")
    target = raw.get("target", DEFAULT_TARGET)
    hints = raw.get("hints", DEFAULT_HINTS)
    for key, value, high in (("target", target, 999), ("hints", hints, 9)):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
            raise CardFileError(f"{file}: [game], {key}: expected a whole number from 0 to {high}, found {value!r}")
    return target, hints


def parse_cards(text: str, file: str = "<cards>") -> CardSet:
    """Read a card set from TOML text; raise :class:`CardFileError` on any mistake."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(f"{file}: not valid TOML: {exc}") from None
    unknown = sorted(set(data) - {"card", "game"})
    if unknown:
        raise CardFileError(f"{file}: unknown section {unknown[0]!r} (expected [game] and [[card]])")
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardFileError(f"{file}: expected at least one [[card]]")
    cards = tuple(_card(raw, n, file) for n, raw in enumerate(raw_cards, start=1))
    seen: dict[str, int] = {}
    for n, card in enumerate(cards, start=1):
        key = card.name.lower()
        if key in seen:
            raise CardFileError(f"{file}: card {n} ({card.name}): the name is already used by card {seen[key]}")
        seen[key] = n
    target, hints = _game_settings(data.get("game"), file)
    digest = hashlib.sha256(text.encode()).hexdigest()
    return CardSet(cards, target, hints, file, digest)


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read a card file, or the default set when ``path`` is None or ``"default"``."""
    if path is None or str(path) == "default":
        text = resources.files("games.muses").joinpath(DEFAULT_FILE).read_text(encoding="utf-8")
        cardset = parse_cards(text, DEFAULT_FILE)
        return CardSet(cardset.cards, cardset.target, cardset.hints, "default", cardset.digest)
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardFileError(f"{file}: no such card file") from None
    except UnicodeDecodeError:
        raise CardFileError(f"{file}: not UTF-8 text") from None
    except OSError as exc:
        raise CardFileError(f"{file}: cannot be read ({exc.strerror})") from None
    return parse_cards(text, str(file))
