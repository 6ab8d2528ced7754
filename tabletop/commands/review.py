"""``tabletop review ID``: a finished game's decisions graded by its game's analyst, the costliest shown.

The same review is offered when a game ends and from the menu's History. It
works behind a progress bar, then shows a summary and each of the three
costliest decisions with the position as the player saw it: what was played,
what the analyst preferred, and how much chance of winning the difference was
worth (exact, or said to be an estimate).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from tabletop.analysis import REVIEW_SECONDS
from tabletop.commands.common import EXIT_FAILURE, CommandFailure, make_console, open_store, parse_id, report

if TYPE_CHECKING:
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
    """Declare ``ID`` and ``--seconds`` on the sub-command's parser."""
    parser.add_argument("id", metavar="ID", help="a finished game's id (see `tabletop history`)")
    parser.add_argument(
        "--seconds",
        type=_seconds,
        default=REVIEW_SECONDS,
        help=f"thinking time per decision for an analyst that searches (default {REVIEW_SECONDS:g})",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0.001 <= value <= 60:
        raise argparse.ArgumentTypeError("give from 0.001 to 60 seconds")
    return value


def run(args: argparse.Namespace) -> int:
    """Review finished game ``args.id``; return the exit status."""
    from tabletop.registry import Registry
    from tabletop.store.db import StoreError, UnknownRecordError

    console = make_console()
    try:
        row_id = parse_id(args.id)
        with open_store(args, console, write=False) as store:
            record = store.get(row_id)
        registry = Registry.discover()
        game = reviewable(record, registry)
        show_review(console, None, record, game, seconds=args.seconds)
    except CommandFailure as failure:
        return report(failure)
    except UnknownRecordError as exc:
        return report(CommandFailure(str(exc)))
    except StoreError as exc:
        return report(CommandFailure(str(exc), EXIT_FAILURE))
    return 0


def reviewable(record: GameRecord, registry: Registry) -> Game[Any]:
    """The record's game, checked to replay; a :class:`CommandFailure` if the record cannot be reviewed."""
    from tabletop.agents import HUMAN
    from tabletop.store.records import RecordError, check_record, game_of

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


def grade(console: Console, record: GameRecord, game: Game[Any], seconds: float) -> Review:
    """Grade the record's decisions behind a progress bar (at a terminal; quietly elsewhere)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from tabletop.review import review_game

    analyst = game.analyst(record.options)
    assert analyst is not None
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
        )


def show_review(
    console: Console, prompter: Prompter | None, record: GameRecord, game: Game[Any], *, seconds: float = REVIEW_SECONDS
) -> None:
    """Grade and show a review: the summary, then each costliest decision (a screen each, with ``prompter``)."""
    from tabletop.ui.terminal import clear_screen

    review = grade(console, record, game, seconds)
    ui = game.ui()
    analyst = game.analyst(record.options)
    assert analyst is not None
    if prompter is not None:
        clear_screen(console)
    for line in summary_lines(review, record, game, analyst.name):
        console.print(line, markup=False)
    worst = review.costliest()
    if prompter is not None and worst:
        prompter.pause("Press any key to see them one by one")
    for rank, decision in enumerate(worst, 1):
        if prompter is not None:
            clear_screen(console)
        else:
            console.rule(f"{rank} of {len(worst)}")
        console.print(board_of(ui, decision))
        for line in decision_lines(ui, decision, rank, len(worst)):
            console.print(line, markup=False, no_wrap=True, overflow="ellipsis")
        if prompter is not None:
            prompter.pause("Press any key to go on" if rank < len(worst) else "Press any key to finish the review")


def summary_lines(review: Review, record: GameRecord, game: Game[Any], analyst_name: str) -> list[str]:
    """The review in a few lines: how many decisions, how many agreed, what was given away, the costliest."""
    count = len(review.decisions)
    basis = "exact figures" if review.exact else "estimates"
    if review.seconds is not None:
        basis += f", about {review.seconds:g} s a decision"
    lines = [f"Review of game {record.id} ({game.info.name}).", f"Graded by {analyst_name}: {basis}."]
    if not count:
        return [*lines, "You had no decision with more than one choice: nothing to grade."]
    agreed = sum(d.agreed for d in review.decisions)
    lines.append(f"You chose as the analyst would in {agreed} of {count} decisions.")
    lines.append(f"Chance of winning given away in all: {review.given_away * 100:.1f} points.")
    worst = review.costliest()
    if not worst:
        lines.append("No decision gave anything away.")
    else:
        lines.append(f"The {len(worst)} costliest: " + ", ".join(f"{d.cost * 100:.1f}" for d in worst) + " points.")
    return lines


def words(ui: Any, decision: Graded) -> tuple[str, str]:
    """The action played and the one preferred, in the words of the menu that reaches them."""
    from tabletop.ui.play import action_words

    assert decision.view is not None
    told = action_words(ui, decision.view, [decision.played, decision.best])
    return told.get(decision.played, str(decision.played)), told.get(decision.best, str(decision.best))


def decision_lines(ui: Any, decision: Graded, rank: int, of: int) -> list[str]:
    """What one decision was worth: the action played, the one preferred, the difference."""
    played, best = words(ui, decision)
    estimate = "" if decision.exact else " (an estimate)"
    return [
        f"Costliest decision {rank} of {of}, in the position above (win chance after each):",
        f"  You played      {decision.played_win:6.1%}  {played}",
        f"  Analyst's pick  {decision.best_win:6.1%}  {best}",
        f"  Difference: {decision.cost * 100:.1f} points of win chance{estimate}.",
    ]


def board_of(ui: Any, decision: Graded) -> Any:
    """The position as the player saw it at the decision, with the log they had read."""
    from tabletop.ui.base import Log

    return ui.render(decision.view, Log(decision.log[-50:]))
