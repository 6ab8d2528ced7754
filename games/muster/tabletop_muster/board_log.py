"""Muster's log under the board, drawn from the actions' events: draws and the deal joined, a busy turn told shorter.

The board gets a :class:`tabletop.ui.base.Log`, whose facts are the events
(:class:`~tabletop_muster.events.MusterEvent`) of its lines. The entries since
the viewer's latest decision stay in view (:func:`fit_log`); the Log screen shows
the whole game condensed the same way (:func:`whole_log`). A line without its
event (a plain list of lines) is told as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text

from tabletop.text import listed
from tabletop_muster.events import (
    DEALT,
    DECK_DRAW,
    DRAWN,
    FIRST,
    LAST_CARD,
    LAST_CARD_SHORT,
    TURNED_UP,
    MusterEvent,
    short_card,
)

LOG_LINES = 3
"""Log lines under the board on a 24-line terminal: with the ten lines of the move menu and a notice
line, the whole screen fits."""


@dataclass(frozen=True)
class Entry:
    """One entry of the log as the board tells it: an event, or a player's draws or deal told in one."""

    long: str
    short: str
    """In fewer words, for a log short of room."""
    seat: int | None = None
    """Whose entry, to join a player's entries in a row; None: one that joins the entry before it."""
    own: bool = False
    """The viewer's own: their draws give way before the opponent's."""
    main: bool = False
    """A player's main action of a turn, kept in view the longest."""
    no_turn: bool = False
    """The deal or the choice of the first player: no one's turn, so they give way like old lines."""


def entry_of(event: MusterEvent) -> Entry:
    """The board's entry for one event."""
    return Entry(
        event.words(),
        event.short_words(),
        None if event.kind == TURNED_UP else event.seat,
        event.is_own and event.kind != TURNED_UP,
        event.is_main,
        event.kind in (DEALT, FIRST),
    )


def events_of(log: Sequence[str]) -> list[MusterEvent | None]:
    """The event of each log line (a :class:`tabletop.ui.base.Log` keeps them), None for a line without one."""
    facts = list(getattr(log, "facts", ()) or ())
    if len(facts) != len(log):
        return [None] * len(log)
    return [fact if isinstance(fact, MusterEvent) else None for fact in facts]


def condense(log: Sequence[str]) -> list[str]:
    """The log with a player's deck draws in a row, and the deal, told in one line each.

    The "draws from the deck." line of the decision goes when its card's own
    line follows, and a refill's draws in a row join up, so that a computer
    turn keeps its play in view above them. A line without its event (a plain
    list of lines) is told as it is.
    """
    return [entry.long for entry, _ in condense_marked(log)]


def condense_marked(log: Sequence[str], fresh: int = 0) -> list[tuple[Entry, bool]]:
    """:func:`condense` as entries, each with whether it holds one of the last ``fresh`` lines."""
    first_fresh = len(log) - min(fresh, len(log)) if fresh > 0 else len(log)
    told = [
        (event, line, i >= first_fresh)
        for i, (line, event) in enumerate(zip(log, events_of(log), strict=True))
        if not _announced(event, events_of(log)[i + 1] if i + 1 < len(log) else None)
    ]
    out: list[tuple[Entry, bool]] = []
    i = 0
    while i < len(told):
        event, line, new = told[i]
        if event is None:
            out.append((Entry(line, line), new))
            i += 1
        elif event.kind == DEALT:
            run = _run(told, i, lambda e: e.kind == DEALT)
            out += _deals(run)
            i += len(run)
        elif event.kind == DRAWN:
            run = _run(told, i, _drawn_by(event.seat))
            run = run[: next((k + 1 for k, (e, _) in enumerate(run) if e.last_card), len(run))]
            out.append((_draws(event, [e for e, _ in run]), any(n for _, n in run)))
            i += len(run)
        else:
            out.append((entry_of(event), new))
            i += 1
    return out


def _drawn_by(seat: int | None) -> Callable[[MusterEvent], bool]:
    """Whether an event is a deck draw of ``seat``'s."""
    return lambda event: event.kind == DRAWN and event.seat == seat


def _announced(event: MusterEvent | None, following: MusterEvent | None) -> bool:
    """A decision to draw from the deck whose card's own line follows it."""
    return (
        event is not None
        and event.kind == DECK_DRAW
        and following is not None
        and following.kind == DRAWN
        and following.seat == event.seat
    )


def _run(
    told: Sequence[tuple[MusterEvent | None, str, bool]], start: int, alike: Callable[[MusterEvent], bool]
) -> list[tuple[MusterEvent, bool]]:
    """The events from ``start`` on that are ``alike``, with their freshness."""
    run: list[tuple[MusterEvent, bool]] = []
    for event, _, new in told[start:]:
        if event is None or not alike(event):
            break
        run.append((event, new))
    return run


def _cards(events: Sequence[MusterEvent], short: bool) -> str:
    """``2 cards`` when none is shown, else the cards by name: ``Water 2, Leaf 1 and Flame 3``."""
    if all(e.card is None for e in events):
        return "a card" if len(events) == 1 else f"{len(events)} cards"
    names = [short_card(e.card) if short else e.shown_card() for e in events]
    return listed(names)


def _deals(run: Sequence[tuple[MusterEvent, bool]]) -> list[tuple[Entry, bool]]:
    """The deal in one entry per player: ``North is dealt 5 cards.``, ``South (you) is dealt Water 2, ... and Leaf 1.``"""
    seats: dict[int | None, list[MusterEvent]] = {}
    for event, _ in run:
        seats.setdefault(event.seat, []).append(event)
    new = any(n for _, n in run)
    out = []
    for events in seats.values():
        first = events[0]
        dealt = [MusterEvent(DEALT, e.seat, e.viewer, card=e.card) for e in events]
        long, short = f"{first.who} is dealt {_cards(dealt, False)}.", f"{first.who} is dealt {_cards(dealt, True)}"
        out.append((Entry(long, short, first.seat, first.is_own, no_turn=True), new))
    return out


def _draws(first: MusterEvent, run: Sequence[MusterEvent]) -> Entry:
    """One entry for a player's deck draws in a row."""
    if len(run) == 1:
        return entry_of(first)
    last = run[-1].last_card
    long = f"{first.who} draws {_cards(run, False)} from the deck.{LAST_CARD if last else ''}"
    short = f"{first.who} draws {_cards(run, True)}{LAST_CARD_SHORT if last else ''}"
    return Entry(long, short, first.seat, first.is_own)


def _joined(entries: Sequence[Entry]) -> list[str]:
    """Short entries in a row told in one line per player: ``North castles X onto Leaf; takes Cloud 4 from Cloud``.

    A card turned up by a Move joins the move that turned it up.
    """
    out: list[str] = []
    seat: int | None = None
    for entry in entries:
        if out and entry.seat is not None and entry.seat == seat:
            out[-1] += "; " + _without_name(entry)
        elif out and entry.seat is None and seat is not None:
            out[-1] += "; " + entry.short
        else:
            out.append(entry.short)
            seat = entry.seat
    return out


def _without_name(entry: Entry) -> str:
    """An entry's short words after the player's name (``North`` or ``North (you)``)."""
    name = entry.short.split(" ", 1)
    rest = name[1] if len(name) > 1 else ""
    return rest.removeprefix("(you) ")


def _wrapped(entry: str, width: int) -> list[str]:
    import textwrap

    lines = textwrap.wrap(entry, width - 2) or [""]
    return ["· " + lines[0]] + ["  " + w for w in lines[1:]]


def _cut(entry: str, count: int, width: int) -> list[str]:
    """``entry`` in at most ``count`` lines, its end cut with an ellipsis."""
    import textwrap

    lines = _wrapped(entry, width)
    if len(lines) <= count:
        return lines
    kept = lines[: count - 1]
    rest = " ".join(line[2:] for line in lines[count - 1 :])
    return kept + [("· " if not kept else "  ") + textwrap.shorten(rest, width - 2, placeholder=" …")]


def fit_log(log: Sequence[str], count: int = LOG_LINES, width: int = 80, fresh: int = 0) -> list[str]:
    """The latest log entries in at most ``count`` lines of ``width``, newest last.

    The entries of the last ``fresh`` lines (what came after the viewer's
    latest decision: the opponent's turn) stay in view: older entries give way
    first; then the fresh ones are told shorter and a player's in a row joined
    in one line; then the viewer's own draws go, then the opponent's draws,
    keeping their main action; a single entry too long is cut with an ellipsis.
    """
    if count <= 0:
        return []
    # The deal and the choice of the first player are no one's turn: they give way like old lines.
    entries = [(entry, is_new and not entry.no_turn) for entry, is_new in condense_marked(log, fresh)]
    new = [entry for entry, is_new in entries if is_new]
    old = [entry for entry, is_new in entries if not is_new]
    if not new:
        new, old = [entry for entry, _ in entries[-1:]], [entry for entry, _ in entries[:-1]]
    not_own = [e for e in new if not e.own]
    mains = [e for e in not_own if e.main] or not_own[-1:]
    tries = [[e.long for e in new], [e.short for e in new], _joined(new), _joined(not_own), _joined(mains)]
    lines: list[str] = []
    for attempt in tries:
        if not attempt:
            continue
        lines = [line for entry in attempt for line in _wrapped(entry, width)]
        if len(lines) <= count:
            break
    else:
        last = [e for e in tries[-1] if e] or [e.long for e in new]
        lines = _cut(" / ".join(last), count, width)
    for entry in reversed(old):
        wrapped = _wrapped(entry.long, width)
        if len(lines) + len(wrapped) > count:
            break
        lines = wrapped + lines
    return lines


def log_lines(log: Sequence[str], count: int = LOG_LINES, width: int = 80, fresh: int = 0) -> list[Text]:
    """:func:`fit_log` as dim text lines (``width`` is the screen's; the lines keep within it, less 2)."""
    return [Text(line, style="dim") for line in fit_log(log, count, width - 2, fresh)]


def whole_log(lines: Sequence[str]) -> list[str]:
    """The whole game's log for the Log screen, condensed as the board's log is."""
    return condense(lines)
