"""Muster drawn with rich: the board, the hands, the log and the end-of-game table.

The board is sideways, as on the table: one row per castle, the opponent's
column on the left, the castle space in the middle, the viewer's column on the
right. Columns list their cards bottom to top, left to right, so the card a new
one must follow is always the last one. An arrow points at the side that leads
a castle (``◀`` / ``▶``), with ``*`` when the lead comes from the Banner-count
tie-break, and ``=`` when nobody leads. Every card shows its faction letter as
well as its colour, so the board reads the same without colour::

    Muster · turn 8 · deck 21 · North leads 2 castles, South (you) 1
    North                  str       Castle space         str  South (you)
          W1 W2 W3 RW  12 ◀  W Water   W4 ×2            4  W1 W3
    ...

The main entry points are :func:`board` (everything the play screen shows above
the prompt) and :func:`result_table` (the final reckoning).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop_muster.cards import (
    CASTLE,
    FACTION_COLOURS,
    FACTION_LETTERS,
    FACTION_NAMES,
    FACTION_OF,
    RAINBOW,
    SEAT_NAMES,
    card_code,
    is_rainbow,
    seat_label,
    token_code,
)
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
from tabletop_muster.scoring import CastleResult, Score, column_strength
from tabletop_muster.view import MusterView, TableView

RAINBOW_STYLE = "bold cyan"
"""Rainbow cards: a colour no faction uses (and always the letter R or X)."""
COLUMN_WIDTH = 21
"""Room for a column's cards on each side; a longer column switches to the compact form."""
LOG_LINES = 3
"""Log lines under the board on a 24-line terminal: with the ten lines of the move menu and a notice
line, the whole screen fits."""
TALL_LOG_LINES = 12
"""The most log lines under the board on a tall terminal (40 lines or more)."""
LEAD_LEFT, LEAD_RIGHT = "◀", "▶"
NEW_MARK = "›"
"""Before a card the opponent just placed, moved or swapped, or one you just drew (with reverse video)."""
NEW_STYLE = "reverse"
NEW_LEGEND = f"{NEW_MARK} new since your turn"


def faction_style(faction: int) -> str:
    return FACTION_COLOURS[faction]


def card_text(kind: int) -> Text:
    """A card in a hand or on a castle space: ``W3`` in Water's colour, ``R``, ``X``."""
    if kind >= RAINBOW:
        return Text(card_code(kind), style=RAINBOW_STYLE)
    return Text(card_code(kind), style=faction_style(FACTION_OF[kind]))


def marked(text: Text, new: bool) -> Text:
    """``text`` with the new-card mark (:data:`NEW_MARK`, reverse video) when ``new``."""
    if not new:
        return text
    out = Text(NEW_MARK, style=NEW_STYLE)
    out.append_text(text)
    out.stylize(NEW_STYLE)
    return out


def token_text(token: int, column_faction: int | None = None, *, compact: bool = False) -> Text:
    """A card in a column: ``W3``, ``RW`` (Wizard), ``RB2`` (Bridge that stood for 2).

    ``compact`` drops the faction letter of a Banner of the column's own faction
    (``3`` for W3 under Water) and shortens Rainbow cards (``R*`` Wizard, ``R2``
    Bridge): a column that long still fits its row.
    """
    if not is_rainbow(token):
        code = card_code(token)
        if compact and FACTION_OF[token] == column_faction:
            code = code[1:]
        return Text(code, style=faction_style(FACTION_OF[token]))
    code = token_code(token)
    if compact:
        code = "R*" if code == "RW" else "R" + code[2:]
    return Text(code, style=RAINBOW_STYLE)


def column_text(
    tokens: Sequence[int], faction: int, width: int = COLUMN_WIDTH, new: frozenset[int] = frozenset()
) -> Text:
    """A column's cards bottom to top, in at most ``width`` cells.

    Full codes if they fit, else the compact form; a column longer still shows
    its top cards (the ones later plays depend on) after ``+N``, the number of
    cards left out at the bottom (its strength is shown beside it anyway).
    The cards at the indices in ``new`` are marked (see :func:`marked`).
    """
    if not tokens:
        return Text("·", style="dim")

    def cards(start: int, compact: bool) -> Text:
        return Text(" ").join(
            marked(token_text(t, faction, compact=compact), i in new) for i, t in enumerate(tokens) if i >= start
        )

    for compact in (False, True):
        text = cards(0, compact)
        if text.cell_len <= width:
            return text
    for hidden in range(1, len(tokens)):
        text = Text(f"+{hidden} ", style="dim")
        text.append_text(cards(hidden, True))
        if text.cell_len <= width:
            return text
    return text


def castle_space_text(stack: Sequence[int], faction: int, new: bool = False) -> Text:
    """``W Water   W4 ×2``: the faction, the top card and how many cards lie there.

    A Rainbow Castle on top reads ``X any``: any icon may be played under this
    castle (and the space cannot be drawn from). ``new`` marks the top card as
    just put there. The cards on a castle space count for nobody's strength.
    """
    text = Text(f"{FACTION_LETTERS[faction]} {FACTION_NAMES[faction]:<7} ", style=f"bold {faction_style(faction)}")
    if not stack:
        return text.append("-", style="dim")
    top = stack[-1]
    text.append_text(marked(card_text(top), new))
    if top == CASTLE:
        text.append(" any", style=RAINBOW_STYLE)
    return text.append(f" ×{len(stack)}", style="dim")


def lead_marks(result: CastleResult, left: int) -> tuple[str, str]:
    """The arrows beside a castle: toward the leading side, ``*`` if it leads on Banner count."""
    if result.winner is None:
        return ("=", "=") if any(result.strengths) else ("", "")
    tie = "*" if result.decided_by == "banners" else ""
    if result.winner == left:
        return (LEAD_LEFT + tie, "")
    return ("", tie + LEAD_RIGHT)


@dataclass(frozen=True)
class Changes:
    """What changed on the board and in the hand since the viewer's turn (see :func:`changes`)."""

    columns: tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]
    """Per seat and castle, the indices of the column's cards that are new or changed."""
    castles: frozenset[int]
    """The castle spaces whose top card was put there since."""
    drawn: tuple[int, ...]
    """The viewer's hand cards that came since (drawn from the deck or a castle space)."""

    def __bool__(self) -> bool:
        return bool(self.castles or self.drawn or any(i for side in self.columns for i in side))


NO_CHANGES = Changes(((frozenset(),) * 5, (frozenset(),) * 5), frozenset(), ())


def _column_changes(now: Sequence[int], old: Sequence[int]) -> frozenset[int]:
    """The cards of a column that were not there before: those added on top, or one swapped in place."""
    if len(now) == len(old):
        return frozenset(i for i, (a, b) in enumerate(zip(now, old)) if a != b)
    same = 0
    while same < min(len(now), len(old)) and now[same] == old[same]:
        same += 1
    return frozenset(range(same, len(now)))


def changes(view: MusterView, before: MusterView | None) -> Changes:
    """What the opponent placed, moved or swapped and what the viewer drew since ``before``.

    ``before`` is the viewer's view just after the first decision of their
    latest turn (:attr:`tabletop.ui.base.Log.before`); None marks nothing.

    >>> from dataclasses import replace
    >>> from tabletop_muster.position import build_state
    >>> old = build_state(north="W3 W4 W5 L1 L2", south="C1 C2 C3 C4 C5", north_columns={"water": "W1"}).view(1)
    >>> now = replace(old, columns=(((0, 1), *old.columns[0][1:]), old.columns[1]), castles=((), (5,), (), (), ()))
    >>> c = changes(now, old); c.columns[0][0], sorted(c.castles)
    (frozenset({1}), [1])
    """
    if before is None or not isinstance(before, MusterView) or before.player != view.player:
        return NO_CHANGES
    columns = tuple(tuple(_column_changes(view.columns[p][f], before.columns[p][f]) for f in range(5)) for p in (0, 1))
    castles = frozenset(
        f
        for f, (now, old) in enumerate(zip(view.castles, before.castles))
        if now and tuple(old[: len(now)]) != tuple(now)
    )
    left = list(before.hand)
    drawn = []
    for kind in view.hand:
        if kind in left:
            left.remove(kind)
        else:
            drawn.append(kind)
    return Changes((columns[0], columns[1]), castles, tuple(drawn))


def board_table(
    view: MusterView, *, seated: bool = True, new: Changes = NO_CHANGES, width: int = 80, header: bool = True
) -> Table:
    """The five castle rows: opponent's column, strengths and lead, castle space, yours.

    Not ``seated`` (a replay from no seat), the right-hand column is named without "(you)";
    without ``header``, the columns are not named (a short terminal).
    ``new`` marks the cards that changed since the viewer's turn. Narrower than
    80 columns, the players' columns give up room first (their cards go compact).
    """
    me, them = view.player, 1 - view.player
    side = max(8, min(COLUMN_WIDTH, (width - 36) // 2))
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, collapse_padding=True, show_header=header)
    table.add_column(SEAT_NAMES[them], justify="right", width=side, no_wrap=True)
    table.add_column("str", justify="right", width=3)
    table.add_column("", width=2, justify="right")
    table.add_column("Castle space (top)", width=20, no_wrap=True)
    table.add_column("", width=2)
    table.add_column("str", justify="right", width=3)
    table.add_column(seat_label(me, me if seated else None), width=side, no_wrap=True)
    results = view.castle_results()
    for f in range(5):
        mine, theirs = view.columns[me][f], view.columns[them][f]
        left, right = lead_marks(results[f], them)
        table.add_row(
            column_text(theirs, f, side, new.columns[them][f]),
            str(column_strength(theirs)),
            Text(left, style="bold"),
            castle_space_text(view.castles[f], f, f in new.castles),
            Text(right, style="bold"),
            str(column_strength(mine)),
            column_text(mine, f, side, new.columns[me][f]),
        )
    return table


VARIANT_TAGS = (("Simplified", "Simplified"), ("Power of One", "Power of 1"), ("Over the Rainbow", "Rainbow"))
"""Each variant's name in the title line, and a shorter one for when all of them are on."""


def title_line(view: MusterView, width: int = 80, *, seated: bool = True) -> Text:
    """Turn, deck, castles led, variants in play; shortened to stay on one line of ``width``."""
    me, them = view.player, 1 - view.player
    mine = "you" if seated else SEAT_NAMES[me]
    held = view.score().castles
    on = [tags for flag, tags in zip((view.simplified, view.power_of_one, view.over_rainbow), VARIANT_TAGS) if flag]
    for title, led, short in (("Muster · ", "castles led", 0), ("", "castles led", 0), ("", "led", 0), ("", "led", 1)):
        when = "game over" if view.is_terminal() else f"turn {view.turn + 1}"
        body = f"{when} · deck {view.deck_size} · {led}: {SEAT_NAMES[them]} {held[them]}, {mine} {held[me]}"
        tail = " · " + ", ".join(tags[short] for tags in on) if on else ""
        if len(title + body + tail) < width:
            break
    text = Text(title.removesuffix(" · "), style="bold")
    text.append((" · " if title else "") + body)
    text.append(tail, style="italic")
    return text


def opponent_line(view: MusterView) -> Text:
    """The opponent's hand: the cards you know, then one ``?`` per unknown card."""
    them = 1 - view.player
    text = Text(f"{SEAT_NAMES[them]}'s hand ({view.opponent_hand_size}): ", style="bold")
    known = list(view.opponent_known)
    shown = [card_text(k) for k in known] + [Text("?", style="dim")] * max(0, view.opponent_hand_size - len(known))
    text.append_text(Text(" ").join(shown) if shown else Text("empty", style="dim"))
    if known:
        text.append("  (? unknown)", style="dim")
    return text


def hand_line(view: MusterView, drawn: Sequence[int] = ()) -> Text:
    """The viewer's hand; cards the opponent knows are marked ``°``, the ``drawn`` ones as new."""
    text = Text("Your hand: ", style="bold")
    known = list(view.known_by_opponent)
    fresh = list(drawn)
    parts = []
    for kind in view.hand:
        part = marked(card_text(kind), kind in fresh)
        if kind in fresh:
            fresh.remove(kind)
        if kind in known:
            known.remove(kind)
            part.append("°", style="dim")
        parts.append(part)
    text.append_text(Text("  ").join(parts) if parts else Text("empty", style="dim"))
    if len(known) < len(view.known_by_opponent):
        text.append(f"   (° {SEAT_NAMES[1 - view.player]} knows it)", style="dim")
    return text


def refill_owed(view: MusterView, before: MusterView | None) -> int | None:
    """How many cards the refill under way owes in all, when ``before`` (the view after this turn's action) says."""
    if (
        before is None
        or not isinstance(before, MusterView)
        or before.phase != "refill"
        or (before.turn, before.turn_of) != (view.turn, view.turn_of)
        or before.to_draw < view.to_draw
    ):
        return None
    return before.to_draw


def status_line(view: MusterView, before: MusterView | None = None, *, legend: bool = False, width: int = 80) -> Text:
    """Whose turn it is and what they must do (``draw 2 of 3``), and the new-card legend when marks are shown."""
    text = view.phase_text()
    if view.to_move == view.player:
        owed = refill_owed(view, before)
        draw = f"draw {owed - view.to_draw + 1} of {owed}" if owed else f"draw {view.to_draw} more"
        text = "Your turn: " + {
            "act": "take one action",
            "refill": draw,
            "place": "place the Rainbow card",
        }.get(view.phase, text)
        if view.phase == "refill" and view.castled is not None:
            text += f" (not from the {FACTION_NAMES[view.castled]} space)"
    if view.deck_size == 1 and not view.is_terminal():
        last = " · the deck's last card ends the game"
        if len(text + last) < width:
            text += last
    line = Text(text, style="bold")
    if legend:
        for words in (f"   ({NEW_LEGEND})", f"  ({NEW_MARK} new)"):
            if line.cell_len + len(words) < width:
                line.append(words, style="dim")
                break
    return line


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
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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


MENU_LINES = 11
"""Lines kept under the board during play: the notice line, then the longest first list (its question,
the six action types, Hint, Log and the game menu)."""
FULL_BOARD = 10
"""The board's lines besides the log: the title, the table (header and five rows), both hands, the status."""
END_BOARD = 7
"""The end screen's board without its log: the title and the table (header and five rows)."""
END_QUESTION_LINES = 3
"""Lines under the final reckoning at the end: the seed line, the question after it, the line under that."""
TURN_LIMIT_LINES = 2
"""The line that says a game stopped at its turn limit (above the reckoning), wrapped."""


def log_count(height: int) -> int:
    """The most log lines the board shows on a terminal ``height`` lines tall (fewer if the rest needs the room).

    >>> log_count(20), log_count(24), log_count(40), log_count(60)
    (1, 3, 12, 12)
    """
    if height < 24:
        return 1
    if height < TALL:
        return LOG_LINES
    return min(TALL_LOG_LINES, height - 21)


def end_board(
    view: MusterView, log: Sequence[str], new: Changes, width: int = 80, height: int | None = None
) -> RenderableType:
    """The end screen's board, above the final reckoning: the title, the castles and the game's last turn.

    The log keeps every entry since the viewer's last decision (the opponent's
    last action too) in the lines the reckoning leaves on a ``height``-line
    terminal; on a short one the table's header row gives way first.
    """
    fresh = _log_of(log)[0]
    spare = TALL_LOG_LINES if height is None else height - END_BOARD - _end_lines(view, width)
    header = spare > 1
    count = max(1, min(TALL_LOG_LINES, spare if header else spare + 1))
    return Group(
        title_line(view, width),
        board_table(view, new=new, width=width, header=header),
        *log_lines(log, count, width, fresh),
    )


def _end_lines(view: MusterView, width: int) -> int:
    """The lines under the end screen's board: the final reckoning at ``width``, the seed line and the question."""
    from rich.console import Console

    console = Console(width=width, color_system=None)
    reckoning = len(console.render_lines(result(view.score(), view.player), pad=False))
    return reckoning + END_QUESTION_LINES + (TURN_LIMIT_LINES if view.deck_size else 0)


def _log_of(log: Sequence[str]) -> tuple[int, MusterView | None]:
    """What a :class:`tabletop.ui.base.Log` adds to its lines: how many are fresh, and the view before."""
    fresh = getattr(log, "fresh", 0)
    before = getattr(log, "before", None)
    return (fresh if isinstance(fresh, int) else 0), (before if isinstance(before, MusterView) else None)


BESIDE_WIDTH = 120
"""From this width on (below :data:`TALL` lines) the log stands beside the board, as tall as it."""
TALL = 40
"""From this height on the log has up to :data:`TALL_LOG_LINES` lines under the board."""
BOARD_WIDTH = 80
BESIDE_LINES = 9
"""The board's lines beside which the log stands: the title, the table (header and five rows), both hands."""


def board(
    view: MusterView,
    log: Sequence[str] = (),
    *,
    log_count: int = LOG_LINES,
    width: int = 80,
    height: int | None = None,
) -> RenderableType:
    """Everything above the prompt: 13 lines on a 24-line terminal, 80 columns wide.

    ``log`` may be a :class:`tabletop.ui.base.Log`: what came after the
    viewer's latest decision then stays in view, and what changed since their
    turn is marked on the board (:data:`NEW_MARK`), with a legend in the
    status line. At :data:`BESIDE_WIDTH` columns or more, with fewer lines
    than a tall log needs, the log stands beside the board.

    Given the terminal's ``height``, the board keeps :data:`MENU_LINES` under
    it: on a short terminal the log goes first, then the parts that matter
    least (see :func:`spared`), never the title. A finished game shows instead
    the last turn's log, for the final reckoning printed under it.
    """
    fresh, before = _log_of(log)
    new = changes(view, before)
    if view.is_terminal():
        return end_board(view, log, new, width, height)
    beside = width >= BESIDE_WIDTH and log_count < TALL_LOG_LINES
    inner = BOARD_WIDTH if beside else width
    kept = kept_parts(view, log_count, None if height is None else height - MENU_LINES, beside=beside)
    parts: list[RenderableType] = [
        title_line(view, inner),
        board_table(view, new=new, width=inner, header="header" in kept),
    ]
    if "opponent" in kept:
        parts.append(opponent_line(view))
    parts.append(hand_line(view, new.drawn))
    tail = [status_line(view, before, legend=bool(new), width=width)] if "status" in kept else []
    if beside:
        room = width - BOARD_WIDTH - 2
        beside_lines = max(log_count, BESIDE_LINES) if height is None else len(parts) + 5
        grid = Table.grid(padding=(0, 0, 0, 2))
        grid.add_column(width=BOARD_WIDTH - 2, no_wrap=True)
        grid.add_column(width=room)
        grid.add_row(Group(*parts), Group(*log_lines(log, beside_lines, room, fresh)))
        return Group(grid, *tail)
    return Group(*parts, *log_lines(log, kept.count("log"), width, fresh), *tail)


ALWAYS_SHOWN = 7
"""The board's lines that no terminal size takes away: the title, the five castles, the viewer's hand."""


def kept_parts(view: MusterView, log_count: int, room: int | None, *, beside: bool = False) -> list[str]:
    """The parts of the board shown besides :data:`ALWAYS_SHOWN` in ``room`` lines (None: no limit).

    Each part takes a line. The first log line (the opponent's main action) comes
    first, then the opponent's hand, the status line when it says more than "take one
    action" (the move list asks as much), the table's header row, the status line
    anyway, and last the other ``log_count`` log lines (a log standing ``beside``
    takes no line). On the smallest terminal the title is never what goes.

    >>> from tabletop_muster.position import build_state
    >>> view = build_state(north="W1 W2 W3 W4 W5", south="C1 C2 C3 C4 C5").view(0)
    >>> kept_parts(view, 1, 9)
    ['log', 'opponent']
    >>> kept_parts(view, 3, 13)
    ['log', 'opponent', 'header', 'status', 'log', 'log']
    """
    plain = view.to_move == view.player and view.phase == "act"
    log = [] if beside else ["log"] * log_count
    order = [*log[:1], "opponent", *([] if plain else ["status"]), "header", *(["status"] if plain else []), *log[1:]]
    if room is None:
        return order
    return order[: max(0, room - ALWAYS_SHOWN)]


def table_board(
    view: TableView, log: Sequence[str] = (), *, log_count: int = LOG_LINES, width: int = 80
) -> RenderableType:
    """The board from no seat (a replay): both hands as far as they are shown, no "you"."""
    board = view.board
    parts: list[RenderableType] = [
        title_line(board, width, seated=False),
        board_table(board, seated=False, width=width),
    ]
    parts += [seen_hand_line(view, seat) for seat in (0, 1)]
    parts += log_lines(log, 2 if view.is_terminal() else log_count, width)
    if not view.is_terminal():
        parts.append(Text(board.phase_text(), style="bold"))
    return Group(*parts)


def seen_hand_line(view: TableView, seat: int) -> Text:
    """A hand from no seat: whole when revealed, else its known cards and a ``?`` per unknown one."""
    size, cards = view.hand_sizes[seat], [card_text(k) for k in view.hands[seat]]
    text = Text(f"{SEAT_NAMES[seat]}'s hand ({size}): ", style="bold")
    cards += [Text("?", style="dim")] * (size - len(cards))
    return text.append_text(Text(" ").join(cards) if cards else Text("empty", style="dim"))


def seat_order(viewer: int | None) -> tuple[int, int]:
    """The seats in the board's order: the opponent on the left, the viewer on the right."""
    return (0, 1) if viewer is None else (1 - viewer, viewer)


def _banners(n: int) -> str:
    return f"{n} Banner" if n == 1 else f"{n} Banners"


def castle_reason(r: CastleResult, order: tuple[int, int]) -> str:
    """How a castle was decided, in words: ``stronger, 14 to 5``, ``8 each; Banners 2 to 1``, ``a tie``.

    A tie's numbers are the same for both; ``order`` is the board's seat order (the opponent first).
    """
    a = order[0]
    if r.decided_by == "strength":
        hi, lo = max(r.strengths), min(r.strengths)
        return f"stronger, {hi} to {lo}"
    if r.decided_by == "banners":
        return f"{r.strengths[a]} each; Banners {max(r.banners)} to {min(r.banners)}"
    if not any(r.strengths):
        return "no cards on either side"
    return f"{r.strengths[a]} each and {_banners(r.banners[a])} each: a tie"


RECKONING_TITLE = "Final reckoning: the total strength of each side under each castle"


def result_table(score: Score, viewer: int | None = None) -> Table:
    """Per castle: the total strength of each player's column under it, how it was decided and who controls it.

    The seats come in the board's order, so each number stands on the side of its column.
    A strength tie is broken by the number of Banner cards (Strength in Numbers).
    """
    names = [seat_label(p, viewer) for p in (0, 1)]
    order = seat_order(viewer)
    table = Table(
        title=RECKONING_TITLE,
        min_width=len(RECKONING_TITLE),
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        title_justify="left",
    )
    table.add_column("Castle", no_wrap=True)
    for seat in order:
        table.add_column(SEAT_NAMES[seat], justify="right", min_width=5)
    table.add_column("How it was decided", overflow="fold")
    table.add_column("Controlled by", no_wrap=True)
    for r in score.results:
        table.add_row(
            Text(f"{FACTION_LETTERS[r.faction]} {r.name}", style=faction_style(r.faction)),
            *(str(r.strengths[p]) for p in order),
            castle_reason(r, order),
            names[r.winner] if r.winner is not None else "nobody",
        )
    return table


def result_summary(score: Score, viewer: int | None = None) -> list[Text]:
    """Castles won, the total-strength tie-break if it was needed, and the winner."""
    from tabletop_muster.scoring import describe_score

    names = [seat_label(p, viewer) for p in (0, 1)]
    a, b = seat_order(viewer)
    c, t = score.castles, score.totals
    lines = [Text(f"Castles won: {names[a]} {c[a]}, {names[b]} {c[b]}.")]
    if score.decided_by != "castles":
        lines.append(
            Text(f"Castles tied {c[a]}-{c[b]}: total strength decides, {names[a]} {t[a]} to {names[b]} {t[b]}.")
        )
    lines.append(Text(describe_score(score, names), style="bold"))
    return lines


def result(score: Score, viewer: int | None = None) -> RenderableType:
    """The result table and its summary lines."""
    return Group(result_table(score, viewer), *result_summary(score, viewer))
