"""The store's contents drawn for the terminal: the history list, the statistics, and the short texts
(a date, the players, a result) that the menu's lists are made of.

The store keeps the data; this module draws it. ``rich`` is imported inside the functions that build
tables, so the menu's lists of plain text do not load it.

A database is a file like any other, and anybody's: every text of it shown here (a game id, a time,
a seat, a name, a result) goes through :func:`tabletop.text.one_line` first, so that no control
character reaches the terminal, and into a table as plain text, never read as markup.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from tabletop.agents import HUMAN, REMOTE
from tabletop.store.records import GameRecord
from tabletop.store.rows import DamagedGame
from tabletop.text import one_line

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from tabletop.store.stats import StatsRow


def local_time(iso: str | None) -> str:
    """A stored time as local ``YYYY-MM-DD HH:MM`` (empty for None); one that is not a time, as it is, printable.

    >>> local_time(None), local_time("yesterday\x1b[2J")
    ('', 'yesterday[2J')
    """
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return one_line(iso)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def players_text(record: GameRecord) -> str:
    """Seats in words, computer seats with their level: ``"Ann v Computer (hard)"``.

    >>> r = GameRecord(game_id="g", options={}, seed=1, seats=["human", "hard"], names=["Ann", "Computer"], started="")
    >>> players_text(r)
    'Ann v Computer (hard)'
    >>> players_text(GameRecord(game_id="g", options={}, seed=1, seats=["human", "hard"], names=["You", "Computer (Hard)"], started=""))
    'You v Computer (Hard)'
    """
    return " v ".join(_seat_text(spec, name) for spec, name in zip(record.seats, record.names))


def matchup(record: GameRecord) -> str:
    """Who the player faced, for one line of a list: empty for a solo game.

    >>> matchup(GameRecord(game_id="g", options={}, seed=1, seats=["human", "easy"], names=["You", "Computer (Easy)"], started=""))
    'v Computer (Easy)'
    >>> matchup(GameRecord(game_id="g", options={}, seed=1, seats=["human", "human"], names=["North", "South"], started=""))
    'North v South'
    """
    if len(record.seats) == 1:
        return ""
    others = [_seat_text(spec, name) for spec, name in zip(record.seats, record.names) if spec != HUMAN]
    if record.seats.count(HUMAN) == 1:
        return "v " + " v ".join(others)
    return players_text(record)


def game_line(record: GameRecord, game_names: Mapping[str, str]) -> str:
    """The game and who the player faced: ``"Muster v Computer (Easy)"``, ``"Muses"``."""
    name = game_name(record.game_id, game_names)
    faced = matchup(record)
    return f"{name} {faced}" if faced else name


def brief_result(record: GameRecord, seat_names: Sequence[str] = ()) -> str:
    """The outcome less a closing breakdown in brackets, for one line of a list; given the game's
    ``seat_names``, the seat of the one person who played is marked "(you)".

    >>> brief_result(GameRecord(game_id="g", options={}, seed=1, seats=["human"], names=["You"], started="", finished="x", result="You win: 25 points (23 from muses + 2 unused hints; 20 needed)."))
    'You win: 25 points.'
    >>> brief_result(GameRecord(game_id="g", options={}, seed=1, seats=["easy", "human"], names=["Computer (Easy)", "You"], started="", finished="x", result="South wins, 3 castles to 2."), ("North", "South"))
    'South (you) wins, 3 castles to 2.'
    """
    text = result_text(record)
    if not record.is_finished:
        return text
    breakdown = re.fullmatch(r"(.*?) \([^()]*\)\.?", text)
    text = breakdown[1] + "." if breakdown else text
    if record.seats.count(HUMAN) == 1 and len(seat_names) == len(record.seats):
        mine = seat_names[record.seats.index(HUMAN)]
        text = re.sub(rf"\b{re.escape(mine)}\b", f"{mine} (you)", text, count=1)
    return text


def game_name(game_id: str, game_names: Mapping[str, str]) -> str:
    """A game's name, or its stored id (printable) when it is not installed.

    >>> game_name("muster", {"muster": "Muster"}), game_name("gone\x07", {})
    ('Muster', 'gone')
    """
    return one_line(game_names.get(game_id) or game_id)


def _seat_text(spec: str, name: str) -> str:
    """A seat's name, with its computer level unless the name already says it ("Computer (Hard)")."""
    if spec == HUMAN or f"({spec.lower()})" in name.lower():
        return name
    if spec == REMOTE:
        return f"{name} (network)"
    return f"{name} ({one_line(spec)})"


def result_text(record: GameRecord) -> str:
    """The outcome, or how far an unfinished game got.

    >>> result_text(GameRecord(game_id="g", options={}, seed=1, seats=["human"], names=["You"], started="", history=["roll 3"]))
    'unfinished (1 action)'
    """
    if record.is_finished:
        return record.result or "finished"
    count = len(record.history)
    return f"unfinished ({count} action{'' if count == 1 else 's'})"


def hints_text(record: GameRecord) -> str:
    """The mark of a game in which the player asked the coach or took moves back (the store's ``hints`` and
    ``takebacks`` columns).

    >>> hints_text(GameRecord(game_id="g", options={}, seed=1, seats=["human"], names=["You"], started="", hints=2))
    ' (2 coach tips)'
    >>> hints_text(GameRecord(game_id="g", options={}, seed=1, seats=["human"], names=["You"], started="", hints=1, takebacks=2))
    ' (1 coach tip, 2 take-backs)'
    """
    marks = [_counted(record.hints, "coach tip"), _counted(record.takebacks, "take-back")]
    shown = [mark for mark in marks if mark]
    return f" ({', '.join(shown)})" if shown else ""


def _counted(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}" if count else ""


def seed_text(record: GameRecord) -> str:
    """The seed of a finished game; a dash while it is unfinished, since the seed fixes every
    hidden card (a hand, the deck's order) of a game still being played.

    >>> seed_text(GameRecord(game_id="g", options={}, seed=42, seats=["human"], names=["You"], started="", finished="x"))
    '42'
    >>> seed_text(GameRecord(game_id="g", options={}, seed=42, seats=["human"], names=["You"], started=""))
    '-'
    """
    return str(record.seed) if record.is_finished else "-"


BEST_MARK = " (best)"
"""After the result of a game that holds its game's best score."""


def history_table(
    records: Sequence[GameRecord | DamagedGame],
    game_names: Mapping[str, str] | None = None,
    seat_names: Mapping[str, Sequence[str]] | None = None,
    best: Collection[int] = (),
) -> Table:
    """The list of games: id, game, date, players, result, seed (unfinished ones marked, damaged ones said).

    The games whose ids are in ``best`` hold their game's best score (the lowest, for a game where lower
    is better): their result says so.
    """
    from rich import box
    from rich.table import Table

    names = game_names or {}
    # Light rules and no outer border leave the words room at 80 columns.
    table = Table(
        title="Games", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True, expand=True
    )
    table.add_column("Id", justify="right", no_wrap=True)
    table.add_column("Game", max_width=14)
    table.add_column("Date", no_wrap=True)
    table.add_column("Players", ratio=1)
    table.add_column("Result", ratio=1)
    table.add_column("Seed", justify="right", no_wrap=True)
    for record in records:
        if isinstance(record, DamagedGame):
            table.add_row(*_plain(*damaged_cells(record, names)), style="red")
            continue
        style = None if record.is_finished else "yellow"
        table.add_row(
            *_plain(
                str(record.id) + ("" if record.is_finished else " *"),
                game_name(record.game_id, names),
                local_time(record.started),
                players_text(record),
                brief_result(record, (seat_names or {}).get(record.game_id, ()))
                + hints_text(record)
                + (BEST_MARK if record.id in best else ""),
                seed_text(record),
            ),
            style=style,
        )
    table.caption = history_caption(records)
    return table


def damaged_cells(game: DamagedGame, names: Mapping[str, str]) -> tuple[str, ...]:
    """A damaged game's cells in the history: its id, game and date where they can be read, and what is wrong."""
    started = local_time(game.started) if game.started is not None else "?"
    return (f"{game.id} !", game_name(game.game_id, names), started, "-", f"damaged: {game.problem}", "-")


def history_caption(records: Sequence[GameRecord | DamagedGame]) -> str | None:
    """What the marks of the history's ids mean, for the marks it shows."""
    notes = []
    if any(isinstance(r, GameRecord) and not r.is_finished for r in records):
        notes.append("* unfinished: continue it with `tabletop resume`; its seed is shown once it ends")
    if any(isinstance(r, DamagedGame) for r in records):
        notes.append("! damaged in the database: it cannot be played; `tabletop history --delete ID` forgets it")
    return "\n".join(notes) or None


def _opponent_text(opponent: str) -> str:
    """A stats row's opponent as the menus name it: ``"hard"`` is ``"Hard"``, a person is ``"Hot-seat"``.

    >>> _opponent_text("human"), _opponent_text("hard, medium")
    ('Hot-seat', 'Hard, Medium')
    """
    return ", ".join("Hot-seat" if part == HUMAN else one_line(part).capitalize() for part in opponent.split(", "))


def _score(value: float | None) -> str:
    if value is None:
        return "-"
    return str(int(value)) if value.is_integer() else f"{value:.1f}"


def _assisted(row: StatsRow) -> str:
    """`` (coach)``, `` (take-backs)`` or both: how the games of a row were helped, if they were."""
    helped = [word for word, flag in (("coach", row.hinted), ("take-backs", row.took_back)) if flag]
    return f" ({', '.join(helped)})" if helped else ""


FULL_TABLE_WIDTH = 100
"""Below this many columns the statistics are drawn compact: no rules between columns, shorter headings."""
HEADINGS = {False: ("Played", "W-L-D", "Win %", "Streak", "Best score"), True: ("Games", "W-L-D", "Win", "Run", "Best")}
"""The number columns' headings, in full and compact."""


def stats_table(rows: Sequence[StatsRow], game_names: Mapping[str, str] | None = None) -> RenderableType:
    """A small table of statistics per game and opponent level (for the menu and ``tabletop stats``), drawn to
    the terminal's width: compact below :data:`FULL_TABLE_WIDTH` columns, and a variant's name never wrapped."""
    from tabletop.interface import Fitted

    return Fitted(lambda console, options: _stats_table(rows, game_names or {}, options.max_width < FULL_TABLE_WIDTH))


def _stats_table(rows: Sequence[StatsRow], names: Mapping[str, str], compact: bool) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(
        title="Statistics",
        title_justify="left",
        caption="W-L-D: won, lost, drawn; "
        + ("run" if compact else "streak")
        + ": wins in a row now / best"
        + ("; (coach): games in which the coach was asked" if any(row.hinted for row in rows) else "")
        + ("; (take-backs): games with take-backs" if any(row.took_back for row in rows) else ""),
        box=box.SIMPLE_HEAD if compact else box.HEAVY_HEAD,
        padding=0 if compact else (0, 1),  # the compact box keeps a space between columns
        pad_edge=not compact,
    )
    table.add_column("Game", max_width=24)
    variants = [one_line(row.variant) for row in rows if row.variant]
    if variants:  # a column of its own, never wrapped: "draw 3" is one thing, not two lines
        table.add_column("Variant", no_wrap=True, min_width=max(map(len, variants)))
    table.add_column("Opponent", min_width=len("(take-backs)"))  # a mark's word is never cut
    for label in HEADINGS[compact]:
        table.add_column(label, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            *_plain(
                game_name(row.game_id, names),
                *([one_line(row.variant)] if variants else []),
                _opponent_text(row.opponent) + _assisted(row),
                str(row.played),
                f"{row.won}-{row.lost}-{row.drawn}",
                f"{row.win_rate:.0%}",
                f"{row.current_streak} / {row.best_streak}"
                if not compact
                else f"{row.current_streak}/{row.best_streak}",
                _score(row.best_score),
            )
        )
    return table


def _plain(*cells: str) -> list[Text]:
    """Cells of a table as plain text: a stored ``[bold]`` or ``[/]`` is shown, never read as markup."""
    from rich.text import Text

    return [Text(cell) for cell in cells]
