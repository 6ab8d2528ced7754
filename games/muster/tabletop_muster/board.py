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

The main entry point is :func:`board` (everything the play screen shows above
the prompt); the log under it is :mod:`tabletop_muster.board_log`'s, the final
reckoning :mod:`tabletop_muster.reckoning`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop_muster.board_log import LOG_LINES, log_lines
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
from tabletop_muster.reckoning import result
from tabletop_muster.scoring import CastleResult, column_strength
from tabletop_muster.view import MusterView, TableView

RAINBOW_STYLE = "bold cyan"
"""Rainbow cards: a colour no faction uses (and always the letter R or X)."""
COLUMN_WIDTH = 21
"""Room for a column's cards on each side; a longer column switches to the compact form."""
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
    if known and view.opponent_hand_size > len(known):  # the legend, where both kinds are shown
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


BESIDE_WIDTH = 100
"""From this width on (below :data:`TALL` lines) the log stands beside the board, as tall as it."""
TALL = 40
"""From this height on the log has up to :data:`TALL_LOG_LINES` lines under the board."""
BOARD_WIDTH = 80
BESIDE_LOG_WIDTH = 32
"""The least width of a log beside the board: below :data:`BOARD_WIDTH` plus this, the board gives up room
(its table takes 66 columns)."""
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
    board_width = min(BOARD_WIDTH, width - BESIDE_LOG_WIDTH)
    inner = board_width if beside else width
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
        room = width - board_width - 2
        beside_lines = max(log_count, BESIDE_LINES) if height is None else len(parts) + 5
        grid = Table.grid(padding=(0, 0, 0, 2))
        grid.add_column(width=board_width - 2, no_wrap=True)
        grid.add_column(width=room)
        grid.add_row(Group(*parts), Group(*log_lines(log, beside_lines, room, fresh)))
        return Group(grid, *tail)
    return Group(*parts, *log_lines(log, kept.count("log"), width, fresh), *tail)


ALWAYS_SHOWN = 7
"""The board's lines that no terminal size takes away: the title, the five castles, the viewer's hand."""


def kept_parts(view: MusterView, log_count: int, room: int | None, *, beside: bool = False) -> list[str]:
    """The parts of the board shown besides :data:`ALWAYS_SHOWN` in ``room`` lines (None: no limit).

    Each part takes a line. The table's header row comes first (it says which side
    is whose), then the first log line (the opponent's main action), the opponent's
    hand, the status line, and last the other ``log_count`` log lines
    (a log standing ``beside`` takes no line). On the smallest terminal the title is never what goes.

    >>> from tabletop_muster.position import build_state
    >>> view = build_state(north="W1 W2 W3 W4 W5", south="C1 C2 C3 C4 C5").view(0)
    >>> kept_parts(view, 1, 9)
    ['header', 'log']
    >>> kept_parts(view, 3, 13)
    ['header', 'log', 'opponent', 'status', 'log', 'log']
    """
    log = [] if beside else ["log"] * log_count
    order = ["header", *log[:1], "opponent", "status", *log[1:]]
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
