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

import re
from collections.abc import Sequence

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
from tabletop_muster.scoring import CastleResult, Score, column_strength
from tabletop_muster.view import MusterView, TableView

RAINBOW_STYLE = "bold cyan"
"""Rainbow cards: a colour no faction uses (and always the letter R or X)."""
COLUMN_WIDTH = 21
"""Room for a column's cards on each side; a longer column switches to the compact form."""
LOG_LINES = 3
LEAD_LEFT, LEAD_RIGHT = "◀", "▶"


def faction_style(faction: int) -> str:
    return FACTION_COLOURS[faction]


def card_text(kind: int) -> Text:
    """A card in a hand or on a castle space: ``W3`` in Water's colour, ``R``, ``X``."""
    if kind >= RAINBOW:
        return Text(card_code(kind), style=RAINBOW_STYLE)
    return Text(card_code(kind), style=faction_style(FACTION_OF[kind]))


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


def column_text(tokens: Sequence[int], faction: int, width: int = COLUMN_WIDTH) -> Text:
    """A column's cards bottom to top, in at most ``width`` cells.

    Full codes if they fit, else the compact form; a column longer still shows
    its top cards (the ones later plays depend on) after ``+N``, the number of
    cards left out at the bottom (its strength is shown beside it anyway).
    """
    if not tokens:
        return Text("·", style="dim")
    for compact in (False, True):
        text = Text(" ").join(token_text(t, faction, compact=compact) for t in tokens)
        if text.cell_len <= width:
            return text
    for hidden in range(1, len(tokens)):
        text = Text(f"+{hidden} ", style="dim")
        text.append_text(Text(" ").join(token_text(t, faction, compact=True) for t in tokens[hidden:]))
        if text.cell_len <= width:
            return text
    return text


def castle_space_text(stack: Sequence[int], faction: int) -> Text:
    """``W Water   W4 ×2``: the faction, the top card and how many cards lie there.

    A Rainbow Castle on top reads ``X any``: any icon may be played under this
    castle (and the space cannot be drawn from).
    """
    text = Text(f"{FACTION_LETTERS[faction]} {FACTION_NAMES[faction]:<7} ", style=f"bold {faction_style(faction)}")
    if not stack:
        return text.append("-", style="dim")
    top = stack[-1]
    text.append_text(card_text(top))
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


def board_table(view: MusterView, *, seated: bool = True) -> Table:
    """The five castle rows: opponent's column, strengths and lead, castle space, yours.

    Not ``seated`` (a replay from no seat), the right-hand column is named without "(you)".
    """
    me, them = view.player, 1 - view.player
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column(SEAT_NAMES[them], justify="right", width=COLUMN_WIDTH, no_wrap=True)
    table.add_column("str", justify="right", width=3)
    table.add_column("", width=2, justify="right")
    table.add_column("Castle space", width=20, no_wrap=True)
    table.add_column("", width=2)
    table.add_column("str", justify="right", width=3)
    table.add_column(seat_label(me, me if seated else None), width=COLUMN_WIDTH, no_wrap=True)
    results = view.castle_results()
    for f in range(5):
        mine, theirs = view.columns[me][f], view.columns[them][f]
        left, right = lead_marks(results[f], them)
        table.add_row(
            column_text(theirs, f),
            str(column_strength(theirs)),
            Text(left, style="bold"),
            castle_space_text(view.castles[f], f),
            Text(right, style="bold"),
            str(column_strength(mine)),
            column_text(mine, f),
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


def hand_line(view: MusterView) -> Text:
    """The viewer's hand; cards the opponent knows are marked ``°``."""
    text = Text("Your hand: ", style="bold")
    known = list(view.known_by_opponent)
    parts = []
    for kind in view.hand:
        part = card_text(kind)
        if kind in known:
            known.remove(kind)
            part.append("°", style="dim")
        parts.append(part)
    text.append_text(Text("  ").join(parts) if parts else Text("empty", style="dim"))
    if len(known) < len(view.known_by_opponent):
        text.append(f"   (° {SEAT_NAMES[1 - view.player]} knows it)", style="dim")
    return text


def status_line(view: MusterView) -> Text:
    """Whose turn it is and what they must do."""
    text = view.phase_text()
    if view.to_move == view.player:
        text = "Your turn: " + {
            "act": "take one action",
            "refill": f"draw {view.to_draw} more",
            "place": "place the Rainbow card",
        }.get(view.phase, text)
        if view.phase == "refill" and view.castled is not None:
            text += f" (not from the {FACTION_NAMES[view.castled]} space)"
    return Text(text, style="bold")


DECK_DRAW = " draws from the deck."
DRAWN = re.compile(r"^(?P<who>\S+) draws (?P<what>.+?) from the deck\.(?P<rest>.*)$")
"""A deck draw with its card (or "a card" when the viewer may not see it)."""


def condense(log: Sequence[str]) -> list[str]:
    """The log with a player's deck draws in a row told in one line.

    The "draws from the deck." line of the decision goes when its card's own
    line follows, and a refill's draws in a row join up, so that a computer
    turn keeps its play in view above them.

    >>> condense(["South draws from the deck.", "South draws Water 3 from the deck.", "North draws from the deck."])
    ['South draws Water 3 from the deck.', 'North draws from the deck.']
    >>> condense(["North draws a card from the deck.", "North draws from the deck.", "North draws a card from the deck."])
    ['North draws 2 cards from the deck.']
    """
    out: list[str] = []
    run: list[re.Match[str]] = []  # a player's deck draws in a row, not yet written
    for line in _without_announced_draws(log):
        drawn = DRAWN.match(line)
        if drawn and run and drawn["who"] == run[0]["who"] and not run[-1]["rest"]:
            run.append(drawn)
            continue
        if run:
            out.append(_draws_line(run))
        run = [drawn] if drawn else []
        if not drawn:
            out.append(line)
    if run:
        out.append(_draws_line(run))
    return out


def _without_announced_draws(log: Sequence[str]) -> list[str]:
    """The log less each "draws from the deck." decision whose card's own line follows."""
    kept = []
    for i, line in enumerate(log):
        if line.endswith(DECK_DRAW) and i + 1 < len(log):
            who = line[: -len(DECK_DRAW)]
            following = log[i + 1]
            # The chance line may go on: "... from the deck. That was the deck's last card: ..."
            if following != line and following.startswith(who + " draws ") and " from the deck." in following:
                continue
        kept.append(line)
    return kept


def _draws_line(run: Sequence[re.Match[str]]) -> str:
    """One line for a player's deck draws in a row: "2 cards" when none is shown."""
    if len(run) == 1:
        return run[0].string
    cards = [draw["what"] for draw in run]
    if all(card == "a card" for card in cards):
        what = f"{len(cards)} cards"
    else:
        what = ", ".join(cards[:-1]) + " and " + cards[-1]
    return f"{run[0]['who']} draws {what} from the deck.{run[-1]['rest']}"


def log_lines(log: Sequence[str], count: int = LOG_LINES, width: int = 78) -> list[Text]:
    """The latest log entries in at most ``count`` screen lines, wrapped, newest last.

    Older entries give way to a long new one; an entry longer than all the
    lines is cut with an ellipsis.
    """
    import textwrap

    lines: list[str] = []
    for entry in reversed(condense(log)):
        wrapped = textwrap.wrap(entry, width - 2) or [""]
        if len(lines) + len(wrapped) > count:
            if not lines and count > 0:
                kept = wrapped[: count - 1]
                kept.append(textwrap.shorten(" ".join(wrapped[count - 1 :]), width - 2, placeholder=" …"))
                lines = ["· " + kept[0]] + ["  " + w for w in kept[1:]]
            break
        lines = ["· " + wrapped[0]] + ["  " + w for w in wrapped[1:]] + lines
    return [Text(line, style="dim") for line in lines]


def board(view: MusterView, log: Sequence[str] = (), *, log_count: int = LOG_LINES) -> RenderableType:
    """Everything above the prompt: about 15 lines, 80 columns wide."""
    parts: list[RenderableType] = [title_line(view), board_table(view)]
    if view.is_terminal():
        # The result table follows: keep the whole end screen within 24 lines.
        parts += log_lines(log, 2)
        return Group(*parts)
    parts += [opponent_line(view), hand_line(view)]
    parts += log_lines(log, log_count)
    parts.append(status_line(view))
    return Group(*parts)


def table_board(view: TableView, log: Sequence[str] = (), *, log_count: int = LOG_LINES) -> RenderableType:
    """The board from no seat (a replay): both hands as far as they are shown, no "you"."""
    board = view.board
    parts: list[RenderableType] = [title_line(board, seated=False), board_table(board, seated=False)]
    parts += [seen_hand_line(view, seat) for seat in (0, 1)]
    parts += log_lines(log, 2 if view.is_terminal() else log_count)
    if not view.is_terminal():
        parts.append(Text(board.phase_text(), style="bold"))
    return Group(*parts)


def seen_hand_line(view: TableView, seat: int) -> Text:
    """A hand from no seat: whole when revealed, else its known cards and a ``?`` per unknown one."""
    size, cards = view.hand_sizes[seat], [card_text(k) for k in view.hands[seat]]
    text = Text(f"{SEAT_NAMES[seat]}'s hand ({size}): ", style="bold")
    cards += [Text("?", style="dim")] * (size - len(cards))
    return text.append_text(Text(" ").join(cards) if cards else Text("empty", style="dim"))


DECIDED = {"strength": "strength", "banners": "Banner count", "tie": "tie: nobody"}
"""How each castle was decided; "Banner count" is the Strength in Numbers tie-break."""


def seat_order(viewer: int | None) -> tuple[int, int]:
    """The seats in the board's order: the opponent on the left, the viewer on the right."""
    return (0, 1) if viewer is None else (1 - viewer, viewer)


def result_table(score: Score, viewer: int | None = None) -> Table:
    """Per castle: both strengths and Banner counts, the tie-break used and who controls it.

    The seats come in the board's order, so each number stands on the side of its column.
    """
    names = [seat_label(p, viewer) for p in (0, 1)]
    order = seat_order(viewer)
    table = Table(
        title="Final reckoning",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        title_justify="left",
    )
    table.add_column("Castle", no_wrap=True)
    for what in ("strength", "Banners"):
        for seat in order:
            table.add_column(f"{SEAT_NAMES[seat]}\n{what}", justify="right")
    table.add_column("Decided by", no_wrap=True)
    table.add_column("Controlled by", no_wrap=True)
    for r in score.results:
        table.add_row(
            Text(f"{FACTION_LETTERS[r.faction]} {r.name}", style=faction_style(r.faction)),
            *(str(r.strengths[p]) for p in order),
            *(str(r.banners[p]) for p in order),
            DECIDED[r.decided_by],
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
