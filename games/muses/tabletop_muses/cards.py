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

Everything read from a file is bounded before it is used (:data:`MAX_FILE_BYTES`,
:data:`MAX_CARDS`, :data:`MAX_NAME_CHARS`, :data:`MAX_CONDITION_CHARS`), and its
text has control characters and terminal escape sequences removed
(:func:`clean_text`), so a card file can neither exhaust the solver nor draw on
the terminal.

A chosen card set travels inside a game's options as its *embedded form*
(:func:`embed_cardset`): a header with the file's name and the SHA-256 digest,
then the set in a canonical text. A game then replays from its record alone;
:func:`cardset_from_embedded` reads it back without opening any file.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from tabletop.files import FileRefused, read_bounded
from tabletop_muses.conditions import Condition, ConditionError, parse_condition

EDGES = 4
"""Edges per card: a card discarded when it comes back upright has had four on top."""

DEFAULT_TARGET = 20
DEFAULT_HINTS = 3
DEFAULT_FILE = "default.toml"

MAX_FILE_BYTES = 1_000_000
"""A card file larger than this is refused unread: nine cards take about 1 KB."""
MAX_CARDS = 10
"""The most cards a set may have: the solver behind the Coach and ``muses solve`` does
about twice the work for every card added (the default nine, with four live edges,
take about 20 s of processor time; a large ten-card set about a minute)."""
MAX_NAME_CHARS = 24
"""The longest card name (the longest Muse, Terpsichore, has 11 letters)."""
MAX_CONDITION_CHARS = 80
"""The longest condition text: room for several parts joined by 'and' / 'or'."""
MAX_POWER_CHARS = 20
"""The longest power text ("adjust 3" has 8 characters)."""

MAX_LABEL_CHARS = 40
"""A card file's name is shown cut to this length (the setup screen shares its line)."""

EMBED_MAGIC = "muses-cards/1"
"""The first word of a card set's embedded form (see :func:`embed_cardset`)."""


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
    """SHA-256 of the set's canonical text (:func:`canonical_text`): solutions are cached under it."""

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


_ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves, clearing the screen
    r"|\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: window titles, hyperlinks
    r"|[P^_X][^\x1b]*(?:\x1b\\)?"  # DCS, PM, APC, SOS strings
    r"|[ -~]?)"  # any other escape and the character it introduces
)
_CONTROL_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Control, format (bidirectional overrides, zero-width), surrogate, private-use,
unassigned and line/paragraph separators: none belongs on a card or a terminal."""


def clean_text(text: str) -> str:
    r"""``text`` without terminal escape sequences or control characters (tabs and line breaks become spaces).

    >>> clean_text("Erato\x1b[2J\x1b]0;title\x07 \u202eone\ttwo")
    'Erato one two'
    """
    text = _ESCAPE.sub("", text)
    return "".join(
        " " if ch in "\t\n\r" else ch
        for ch in text
        if ch in "\t\n\r" or unicodedata.category(ch) not in _CONTROL_CATEGORIES
    )


def _text(raw: str, limit: int, place: str, what: str) -> str:
    """A text field of the file, cleaned and checked against its length limit."""
    if len(raw) > limit:
        raise CardFileError(f"{place}: expected {what} of at most {limit} characters, found {len(raw)}")
    return clean_text(raw)


_NAME = re.compile(r"[A-Za-z][A-Za-z'\- ]*[A-Za-z]|[A-Za-z]")
_CARD_KEYS = {"name", "points", "power", "edges"}
_POWERLESS = {"calliope", "cleo"}
"""Muses the rulebook says give no power when claimed."""
_GAME_KEYS = {"target", "hints"}


def _power(text: Any, where: str) -> Power | None:
    if text is None or text == "" or text == "none":
        return None
    if not isinstance(text, str):
        raise CardFileError(f'{where}, power: expected text such as "flip" or "adjust 2", found {text!r}')
    text = _text(text, MAX_POWER_CHARS, f"{where}, power", "a power")
    words = text.strip().lower().split()
    kinds = "flip, reroll, adjust N (N from 1 to 3), match, or none"
    if not words or words[0] not in POWER_KINDS:
        raise CardFileError(f"{where}, power: expected one of {kinds}, found {text!r}")
    if words[0] == "adjust":
        if len(words) != 2 or not words[1].isdecimal() or not 1 <= int(words[1]) <= 3:
            raise CardFileError(f"{where}, power: expected 'adjust N' with N from 1 to 3, found {text!r}")
        return Power("adjust", int(words[1]))
    if len(words) != 1:
        raise CardFileError(f"{where}, power: expected one of {kinds}, found {text!r}")
    return Power(words[0])


def _edges(raw: Any, where: str) -> tuple[Condition | None, ...]:
    if not isinstance(raw, list) or len(raw) != EDGES:
        raise CardFileError(f'{where}, edges: expected a list of {EDGES} conditions ("" for blank), found {raw!r}')
    edges: list[Condition | None] = []
    for number, text in enumerate(raw, start=1):
        place = f"{where}, edge {number}"
        if not isinstance(text, str):
            raise CardFileError(f"{place}: expected a condition in quotes, found {text!r}")
        text = _text(text, MAX_CONDITION_CHARS, place, "a condition")
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
    if isinstance(name, str):
        name = _text(name, MAX_NAME_CHARS, f"{file}: card {number}, name", "a name")
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


def _toml(text: str, file: str) -> dict[str, Any]:
    """The TOML document, or a CardFileError for text that is not TOML or goes beyond any card file."""
    if len(text) > MAX_FILE_BYTES:
        raise CardFileError(f"{file}: larger than {MAX_FILE_BYTES:,} bytes, which no card file needs")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(f"{file}: not valid TOML: {exc}") from None
    except ValueError:  # the only other one: an integer of thousands of digits
        raise CardFileError(f"{file}: a number with more digits than any value of a card file") from None
    except RecursionError:
        raise CardFileError(f"{file}: lists or tables nested deeper than any card file needs") from None


def parse_cards(text: str, file: str = "<cards>") -> CardSet:
    """Read a card set from TOML text; raise :class:`CardFileError` on any mistake."""
    file = clean_text(file)
    data = _toml(text, file)
    unknown = sorted(set(data) - {"card", "game"})
    if unknown:
        raise CardFileError(f"{file}: unknown section {unknown[0]!r} (expected [game] and [[card]])")
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardFileError(f"{file}: expected at least one [[card]]")
    if len(raw_cards) > MAX_CARDS:
        raise CardFileError(
            f"{file}: {len(raw_cards)} cards, more than the {MAX_CARDS} a set may have "
            "(the solver behind Advise doubles its work with every card)"
        )
    cards = tuple(_card(raw, n, file) for n, raw in enumerate(raw_cards, start=1))
    seen: dict[str, int] = {}
    for n, card in enumerate(cards, start=1):
        key = card.name.lower()
        if key in seen:
            raise CardFileError(f"{file}: card {n} ({card.name}): the name is already used by card {seen[key]}")
        seen[key] = n
    target, hints = _game_settings(data.get("game"), file)
    cardset = CardSet(cards, target, hints, file)
    return CardSet(cards, target, hints, file, _sha256(canonical_text(cardset)))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _quoted(text: str) -> str:
    """A TOML basic string (cleaned text has no control characters to escape)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def canonical_text(cardset: CardSet) -> str:
    """The set as a card file in one fixed layout: the same cards always give the same text.

    Comments and spelling variants of the file are gone; reading it back gives the same set.
    """
    lines = ["[game]", f"target = {cardset.target}", f"hints = {cardset.hints}"]
    for card in cardset.cards:
        lines += ["[[card]]", f"name = {_quoted(card.name)}", f"points = {card.points}"]
        if card.power is not None:
            lines.append(f"power = {_quoted(str(card.power))}")
        edges = ", ".join(_quoted("" if edge is None else str(edge)) for edge in card.edges)
        lines.append(f"edges = [{edges}]")
    return "\n".join(lines)  # no final line break: option values are stripped of spaces


def set_words(cardset: CardSet) -> str:
    """A card set in a few words: ``9 cards, target 20, 3 hints``.

    >>> set_words(load_cards())
    '9 cards, target 20, 3 hints'
    """
    n, h = len(cardset.cards), cardset.hints
    return f"{n} card{'s' if n != 1 else ''}, target {cardset.target}, {h} hint{'s' if h != 1 else ''}"


def embed_cardset(cardset: CardSet) -> str:
    """The set as one text that carries it whole: ``muses-cards/1 DIGEST NAME``, a line break, its canonical text.

    ``NAME`` is the card file's name (no folders): it is only for people to read.

    >>> embedded = embed_cardset(load_cards())
    >>> embedded.splitlines()[0].split()[0], embedded.splitlines()[1]
    ('muses-cards/1', '[game]')
    >>> cardset_from_embedded(embedded).digest == load_cards().digest
    True
    """
    body = canonical_text(cardset)
    return f"{EMBED_MAGIC} {_sha256(body)} {file_label(Path(cardset.source).name)}\n{body}"


def file_label(name: str) -> str:
    """A file's name as shown: cleaned, and cut to a length that fits a line."""
    name = clean_text(name).strip() or "cards"
    return name if len(name) <= MAX_LABEL_CHARS else name[: MAX_LABEL_CHARS - 1] + "…"


def is_embedded(value: str) -> bool:
    """True if ``value`` is an embedded card set rather than a file's path or ``default``."""
    return value.startswith(EMBED_MAGIC + " ")


def embedded_label(value: str) -> str:
    """A short name for an embedded set: the file's name and the start of its digest."""
    head = value.partition("\n")[0].split(" ", 2)
    if len(head) != 3:
        return "a damaged card set"
    return f"{file_label(head[2])} (sha256 {clean_text(head[1][:8])})"


@lru_cache(maxsize=32)
def cardset_from_embedded(value: str) -> CardSet:
    """The card set of an embedded form, checked against its digest; never opens a file."""
    head, _, body = value.partition("\n")
    parts = head.split(" ", 2)
    if len(parts) != 3 or parts[0] != EMBED_MAGIC:
        raise CardFileError("the card set is not in the form Tabletop writes (it is damaged)")
    _, digest, name = parts
    if _sha256(body) != digest:
        raise CardFileError("the card set is damaged: its content does not match its SHA-256 digest")
    cardset = parse_cards(body, file_label(name))
    return CardSet(cardset.cards, cardset.target, cardset.hints, cardset.source, digest)


def read_card_file(path: str | Path) -> str:
    """The text of a card file: a regular file of at most :data:`MAX_FILE_BYTES`, in UTF-8.

    Devices and pipes are refused without reading (``/dev/zero`` never ends, a pipe may never
    answer); a larger file is refused before it is read. A refusal names the file by ``path`` as
    given (``~/sets/cards.toml``, ``./cards.toml``), the words the player typed.
    """
    file = Path(path).expanduser()
    label = clean_text(str(path))  # the path as it was typed, folders and all
    try:
        data = read_bounded(file, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise CardFileError(f"{label}: no such card file") from None
    except IsADirectoryError:
        raise CardFileError(f"{label}: a folder, not a card file") from None
    except FileRefused as exc:
        raise CardFileError(f"{label}: {exc}, so it is not read as a card file") from None
    except OSError as exc:
        raise CardFileError(f"{label}: cannot be read ({exc.strerror})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CardFileError(f"{label}: not UTF-8 text") from None


@lru_cache(maxsize=1)
def default_cards() -> CardSet:
    """The default (reconstructed) set, read from the package."""
    text = resources.files("tabletop_muses").joinpath(DEFAULT_FILE).read_text(encoding="utf-8")
    cardset = parse_cards(text, DEFAULT_FILE)
    return CardSet(cardset.cards, cardset.target, cardset.hints, "default", cardset.digest)


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read a card file, or the default set when ``path`` is None or ``"default"``."""
    if path is None or str(path) == "default":
        return default_cards()
    return parse_cards(read_card_file(path), str(path))
