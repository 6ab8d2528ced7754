"""``tabletop review ID``: a finished game's decisions graded by its game's analyst, like a chess review.

The same review is offered when a game ends and from the menu's History. It
works behind a progress bar, then shows a summary: how many decisions agreed
with the analyst, what was given away, how many inaccuracies, mistakes and
blunders (:data:`tabletop.review.GRADES`), and a chart of the player's win
chance after each decision. Then it steps through every decision in order
(Enter or the arrows), each with the position as the player saw it, what was
played, what the analyst preferred and the reply it expected, and the grade;
or, printed (``--print``, or output that is not a terminal), a line for every
decision and the boards of the three costliest (of all, with ``--all``).

A decision the Coach was asked about during play is graded by the analysis it
gave then, kept with the game, so every review of a game grades it alike and the
move the Coach put first is never graded as a loss; the others are analysed.
"""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Any

from tabletop.analysis import REVIEW_SECONDS, AnalysisUnavailable
from tabletop.commands.common import EXIT_FAILURE, CommandFailure, make_console, open_store, parse_id, report
from tabletop.numbers import argument

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rich.console import Console

    from tabletop.game import Game
    from tabletop.registry import Registry
    from tabletop.review import Graded, Review
    from tabletop.store.records import GameRecord
    from tabletop.ui.base import Prompter

UNFINISHED = "game {id} is unfinished: a review grades a finished game (`tabletop resume {id}` to finish it)"
NO_ANALYST = "{game} has no analyst, so its games cannot be reviewed"
NO_PLAYER = "game {id} was played by computers only: a review grades a person's decisions"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``ID``, ``--print``, ``--all``, ``--seconds`` and ``--iterations`` on the sub-command's parser."""
    parser.add_argument("id", metavar="ID", help="a finished game's id (see `tabletop history`)")
    parser.add_argument(
        "--print",
        dest="print_only",
        action="store_true",
        help="print the review instead of stepping through it (the default when output is not a terminal)",
    )
    parser.add_argument(
        "--all", dest="every", action="store_true", help="print the board of every decision, not only the costliest"
    )
    parser.add_argument(
        "--seconds",
        type=_seconds,
        default=REVIEW_SECONDS,
        help=f"thinking time per decision for an analyst that searches by time (default {REVIEW_SECONDS:g})",
    )
    parser.add_argument(
        "--iterations",
        type=argument(1, MOST_ITERATIONS),
        default=None,
        help="search iterations per decision for an analyst that searches by iterations (default: as many as "
        "the Coach uses, so that the review grades each position as the Coach judged it)",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0.001 <= value <= 60:
        raise argparse.ArgumentTypeError("give from 0.001 to 60 seconds")
    return value


MOST_ITERATIONS = 1_000_000
"""The largest ``--iterations`` taken (minutes a decision)."""


def run(args: argparse.Namespace) -> int:
    """Review finished game ``args.id``; return the exit status."""
    from tabletop.registry import Registry
    from tabletop.store.db import StoreError, UnknownRecordError

    console = make_console()
    try:
        row_id = parse_id(args.id)
        with open_store(args, console, write=False) as store:
            record = store.get(row_id)
            kept = store.analyses(row_id)
        registry = Registry.discover()
        game = reviewable(record, registry)
        walk = not (args.print_only or args.every) and is_terminal()
        show_review(
            console,
            None,
            record,
            game,
            seconds=args.seconds,
            iterations=args.iterations,
            walk=walk,
            every=args.every,
            kept=kept,
        )
    except AnalysisUnavailable as exc:
        return report(CommandFailure(f"cannot review game {args.id}: {exc}", EXIT_FAILURE))
    except CommandFailure as failure:
        return report(failure)
    except UnknownRecordError as exc:
        return report(CommandFailure(str(exc)))
    except StoreError as exc:
        return report(CommandFailure(str(exc), EXIT_FAILURE))
    return 0


def is_terminal() -> bool:
    """Whether the review can be stepped through: a terminal on both ends."""
    import sys

    return all(stream is not None and not stream.closed and stream.isatty() for stream in (sys.stdin, sys.stdout))


def reviewable(record: GameRecord, registry: Registry) -> Game[Any]:
    """The record's game, checked to replay; a :class:`CommandFailure` if the record cannot be reviewed."""
    from tabletop.agents import HUMAN
    from tabletop.rebuild import check_record, game_of
    from tabletop.store.records import RecordError

    if not record.is_finished:
        raise CommandFailure(UNFINISHED.format(id=record.id))
    if HUMAN not in record.seats:
        raise CommandFailure(NO_PLAYER.format(id=record.id))
    try:
        game = game_of(record.game_id, registry)
        check_record(record, game)
    except RecordError as exc:
        raise CommandFailure(f"cannot review game {record.id}: {exc}") from None
    if game.analyst(record.options) is None:
        raise CommandFailure(NO_ANALYST.format(game=game.info.name))
    return game


def can_review(record: GameRecord, game: Game[Any]) -> bool:
    """Whether the menu should offer a review of ``record`` (finished, a person played, an analyst)."""
    from tabletop.agents import HUMAN

    return record.is_finished and HUMAN in record.seats and game.analyst(record.options) is not None


def grade(
    console: Console,
    record: GameRecord,
    game: Game[Any],
    seconds: float,
    iterations: int | None = None,
    kept: Mapping[int, str] | None = None,
) -> Review:
    """Grade the record's decisions behind a progress bar (at a terminal; quietly elsewhere), each the Coach
    was asked about during play by the analysis it gave then (``kept``, by ply: see :meth:`Store.analyses
    <tabletop.store.db.Store.analyses>`)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from tabletop.review import review_game

    analyst = game.analyst(record.options)
    assert analyst is not None
    if iterations is not None:
        analyst = analyst.with_iterations(iterations)
    columns = (TextColumn("Grading your decisions"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("grading", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return review_game(
            game,
            record.history,
            options=record.options,
            seed=record.seed,
            seat=record.viewer,
            analyst=analyst,
            seconds=seconds,
            progress=progress,
            kept=kept,
        )


def show_review(
    console: Console,
    prompter: Prompter | None,
    record: GameRecord,
    game: Game[Any],
    *,
    seconds: float = REVIEW_SECONDS,
    iterations: int | None = None,
    walk: bool | None = None,
    every: bool = False,
    kept: Mapping[int, str] | None = None,
) -> None:
    """Grade and show a review (``kept``: the Coach's analyses given during play, by ply, as :func:`grade` takes).

    ``walk`` (by default: when a ``prompter`` is given) steps through the
    summary and then every decision in order at the keyboard; otherwise the
    review is printed: the summary, a line for every decision, then the board
    of each costliest decision (of every decision, with ``every``).
    """
    try:
        review = grade(console, record, game, seconds, iterations, kept)
    except AnalysisUnavailable as exc:
        if prompter is None:
            raise
        console.print(f"No review of game {record.id}: {exc}", markup=False)
        prompter.pause()
        return
    analyst = game.analyst(record.options)
    assert analyst is not None
    summary = summary_lines(review, record, game, analyst.name)
    if prompter is not None if walk is None else walk:
        walk_review(console, review, game.ui(), summary)
    else:
        print_review(console, review, game.ui(), summary, every=every)


def print_review(console: Console, review: Review, ui: Any, summary: list[str], *, every: bool = False) -> None:
    """The review as text: summary and chart, every decision in a line, then the boards of the costliest
    decisions (of all of them, with ``every``)."""
    for line in [*summary, *chart_lines(review, console.width)]:
        console.print(line, markup=False)
    if not review.decisions:
        return
    console.print()
    console.print(decision_table(ui, review))
    shown = list(enumerate(review.decisions, 1)) if every else [(number_of(review, d), d) for d in review.costliest()]
    worst = review.costliest()
    for number, decision in shown:
        rank = worst.index(decision) + 1 if decision in worst else None
        console.rule(f"Decision {number} of {len(review.decisions)}")
        console.print(board_of(ui, decision))
        for line in decision_lines(
            ui, decision, number, len(review.decisions), rank=rank, of=len(worst), points=review.points
        ):
            console.print(hung(line, console.width), markup=False)


def number_of(review: Review, decision: Graded) -> int:
    """The decision's number in the review (1 for the first)."""
    return review.decisions.index(decision) + 1


WALK_KEYS = "Enter/-> next · <- back · Home/End first/last · a number jumps · Esc ends review"
PLAIN_WALK_KEYS = "Enter or n next · b back · s/e first/last · a number jumps · q ends review"
"""The walk's keys where the terminal reads whole lines (``TERM=dumb``)."""


def walk_review(console: Console, review: Review, ui: Any, summary: list[str]) -> None:
    """Step through the review at the keyboard: the summary (position 0), then each decision in order."""
    from rich.markup import escape

    from tabletop.commands.replay import next_position, read_command
    from tabletop.ui.plain import is_dumb_terminal
    from tabletop.ui.terminal import clear_screen

    count = len(review.decisions)
    worst = review.costliest()
    k, notice = 0, ""
    while True:
        clear_screen(console)
        if k == 0:
            for line in [*summary, *chart_lines(review, console.width)]:
                console.print(line, markup=False)
            if count:
                console.print(f"Enter walks through your {count} decisions in order; a number jumps to one.")
        else:
            decision = review.decisions[k - 1]
            rank = worst.index(decision) + 1 if decision in worst else None
            console.rule(f"Decision {k} of {count}")
            console.print(board_of(ui, decision))
            for line in decision_lines(ui, decision, k, count, rank=rank, of=len(worst), points=review.points):
                console.print(hung(line, console.width), markup=False)
        if k == count:
            console.print("[dim]The last decision: Enter ends the review.[/]" if count else "")
        if notice:
            console.print(escape(notice))
        console.print(f"[dim]{PLAIN_WALK_KEYS if is_dumb_terminal() else WALK_KEYS}[/]")
        try:
            answer = read_command()
            target = next_position(answer, k, count)
        except ValueError:
            notice = f"{answer.strip()!r} is not a key of the review."
            continue
        notice = ""
        if target is None or (target == k == count and answer.strip().lower() in ("", "n", "next")):
            return
        k = target


def summary_lines(review: Review, record: GameRecord, game: Game[Any], analyst_name: str) -> list[str]:
    """The review in a few lines: how many decisions, how many agreed, what was given away, the grades."""
    from tabletop.review import BLUNDER, INACCURACY, MISTAKE

    count = len(review.decisions)
    basis = "exact figures" if review.exact else "estimates"
    if review.effort is not None:
        basis += f", {review.effort} a decision"
    lines = [f"Review of game {record.id} ({game.info.name}).", f"Graded by {analyst_name}: {basis}."]
    if not count:
        return [*lines, "You had no decision with more than one choice: nothing to grade."]
    agreed = sum(d.agreed for d in review.decisions)
    lines.append(f"You chose as the analyst would in {agreed} of {count} decisions.")
    given = "Expected score given away" if review.points else "Chance of winning given away"
    lines.append(f"{given} in all: {review.given_away * 100:.{2 if review.points else 1}f} points.")
    lines.append(
        f"Inaccuracies (?!): {review.count('inaccuracy')}, mistakes (?): {review.count('mistake')}, "
        f"blunders (??): {review.count('blunder')}; a decision is an inaccuracy if it gives away "
        f"{INACCURACY * 100:g} {unit_of(review.points)} or more, a mistake from {MISTAKE * 100:g}, "
        f"a blunder from {BLUNDER * 100:g}."
    )
    worst = review.costliest()
    if not worst:
        lines.append("No decision gave anything away.")
    else:
        lines.append(
            f"The {len(worst)} costliest: "
            + ", ".join(
                f"decision {number_of(review, d)} ({d.cost * 100:.{2 if review.points else 1}f} points)" for d in worst
            )
            + "."
        )
    return lines


def unit_of(points: bool) -> str:
    """What a review's figures are points of."""
    return "points of expected score" if points else "points of win chance"


CHART_MARKS = {"blunder": "B", "mistake": "M", "inaccuracy": "I"}
"""The letter under a decision's column in the chart."""


def chart_lines(review: Review, width: int) -> list[str]:
    """Your win chance after each decision, as the analyst rated it, drawn as a chart with a legend."""
    from tabletop.ui.chart import chance_chart

    if not review.decisions or review.points:  # a chart of chances: none for expected scores
        return []
    chances = [d.played_win for d in review.decisions]
    marks = "".join(CHART_MARKS.get(d.grade, " ") for d in review.decisions)
    title = "Your win chance after each decision (B blunder, M mistake, I inaccuracy):"
    return ["", title, *chance_chart(chances, width=min(width, 80), marks=marks)]


def decision_table(ui: Any, review: Review) -> Any:
    """Every decision in a line: its number, grade, what it gave away, what was played and preferred."""
    from rich.table import Table

    from tabletop.review import mark_of

    table = Table(title="Every decision", title_justify="left", box=None, padding=(0, 1), show_edge=False)
    for header, justify in (("#", "right"), ("grade", "left"), ("lost", "right"), ("you played", "left")):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    table.add_column("the analyst's pick (if other)")
    for number, decision in enumerate(review.decisions, 1):
        played, best = words(ui, decision)
        mark = mark_of(decision.grade)
        table.add_row(
            str(number),
            f"{decision.grade} {mark}".strip(),
            f"{decision.cost * 100:.1f}",
            played,
            "" if decision.agreed else best,
        )
    return table


def words(ui: Any, decision: Graded) -> tuple[str, str]:
    """The action played and the one preferred, in the words of the menu that reaches them."""
    from tabletop.ui.play import action_words

    assert decision.view is not None
    told = action_words(ui, decision.view, [decision.played, decision.best])
    return told.get(decision.played, str(decision.played)), told.get(decision.best, str(decision.best))


GRADE_WORDS = {
    "best": "The analyst's choice: nothing given away.",
    "good": "Good: {points} {unit} given away{estimate}, less than an inaccuracy.",
    "inaccuracy": "An inaccuracy (?!): {points} {unit} given away{estimate}.",
    "mistake": "A mistake (?): {points} {unit} given away{estimate}.",
    "blunder": "A blunder (??): {points} {unit} given away{estimate}.",
}


def decision_lines(
    ui: Any, decision: Graded, number: int, count: int, *, rank: int | None = None, of: int = 0, points: bool = False
) -> list[str]:
    """What one decision was worth: the action played, the one preferred and its likely reply, the grade."""
    played, best = words(ui, decision)
    estimate = "" if decision.exact else " (an estimate)"
    where = f"Decision {number} of {count}"
    if rank is not None:
        where = f"Costliest decision {rank} of {of} ({where.lower()})"
    after = "expected final score" if points else "win chance"
    lines = [
        f"{where}, in the position above ({after} after each):",
        f"  You played      {figure(decision.played_win, points)}  {played}",
    ]
    if not decision.agreed:
        lines.append(f"  Analyst's pick  {figure(decision.best_win, points)}  {best}")
    if decision.reply:
        lines.append(f"  likely reply to the analyst's pick: {decision.reply}")
    cost = f"{decision.cost * 100:.{2 if points else 1}f}"
    lines.append("  " + GRADE_WORDS[decision.grade].format(points=cost, estimate=estimate, unit=unit_of(points)))
    return lines


FIGURED = re.compile(r"  (?:You played|Analyst's pick) +\S+  ")
"""The start of a decision's line that gives a figure: the action's words follow it."""


def hung(line: str, width: int) -> str:
    """One of :func:`decision_lines` broken between words to ``width``, its next lines under the words it goes
    on with (the action's, after its figure), not at the edge of the screen.

    >>> print(hung("  You played       41.3%  Roll again > 1: reroll > 5: reroll > 6 6 6: hold 3", 60))
      You played       41.3%  Roll again > 1: reroll > 5: reroll
                              > 6 6 6: hold 3
    """
    if len(line) <= width:
        return line
    import textwrap

    found = FIGURED.match(line)
    hang = len(found.group()) if found else len(line) - len(line.lstrip(" "))
    if hang * 2 > width:  # too narrow to indent
        hang = 0
    return textwrap.fill(line, width=width, subsequent_indent=" " * hang, break_on_hyphens=False)


def figure(value: float, points: bool) -> str:
    """A decision's figure: a win chance, or an expected score (graded as hundredths, shown whole).

    >>> figure(0.25, False), figure(2.5458772, True)
    (' 25.0%', ' 254.59')
    """
    return f"{value * 100:7.2f}" if points else f"{value:6.1%}"


def board_of(ui: Any, decision: Graded) -> Any:
    """The position as the player saw it at the decision, with the log they had read."""
    from tabletop.ui.base import Log

    return ui.render(decision.view, Log(decision.log[-50:], facts=decision.facts[-50:]))
