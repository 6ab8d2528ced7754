"""The Coach at the table: the game's analyst asked about the player's position, from their view only.

It is offered where the game has an analyst and one person plays (against the
computer, or alone); its key is ``?`` in every game, and its name never meets a
game's own words (Muses' hint tokens are the rulebook's). Beside it, ``!`` plays
the move the Coach puts first (:func:`coach_move`): the one it just listed when
it was asked at this decision, else it is asked first; either way a Coach tip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.ui.steps import _TableEntry

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from tabletop.analysis import Analysis, Analyst
    from tabletop.game import View
    from tabletop.loop import Match
    from tabletop.ui.base import GameUI, Prompter


class Table(Protocol):
    """What the Coach needs of the table (:class:`tabletop.ui.play.Table` is one): it draws nothing else."""

    match: Match[Any]
    ui: GameUI[Any, Any, Any]
    console: Console
    prompter: Prompter
    on_hint: Callable[[], object] | None
    on_analysis: Callable[[int, str], object] | None
    coached: tuple[tuple[str, ...], Analysis[Any]] | None
    """The Coach's latest analysis and the match's history when it was made: what :func:`coach_move` plays
    when the player asks for the Coach's move at the decision it was made for."""

    def analyst(self) -> Analyst[Any, Any] | None:
        """The game's analyst for this match, or None."""


def hint_offered(table: Table) -> bool:
    """Whether a hint is on offer: the game has an analyst and one person plays (against the computer, or alone)."""
    people = sum(agent is None for agent in table.match.agents)
    return people == 1 and table.analyst() is not None


HINT_SHOWN = 3
"""How many of the best actions a hint lists."""
COACH_MOVE = _TableEntry("coach's move")
COACH_MOVE_TITLE = "Play the Coach's move (the first it lists)"
GO_ON = "Press any key to go on (then ! plays the Coach's first move)"
"""The Coach screen's last line, where it lists moves: how to play the first of them."""


def give_hint(table: Table, player: int) -> str:
    """Ask the game's analyst about ``player``'s position (their view only); show the best actions.

    Returns the line to keep under the board while the player chooses.
    """
    analysis = _analyse(table, player)
    if isinstance(analysis, str):
        return analysis
    match = table.match
    view, legal = match.state.view(player), match.state.legal_actions()
    return show_hint(table.console, table.prompter, table.ui, view, legal, analysis, points=_in_points(table))


def show_hint(
    console: Console,
    prompter: Prompter,
    ui: GameUI[Any, Any, Any],
    view: View,
    legal: Sequence[Any],
    analysis: Analysis[Any],
    *,
    points: bool,
) -> str:
    """Show the analyst's best actions for the position ``view`` sees (``points``: its figures are expected
    points, not win chances); return the line to keep under the board while the player chooses."""
    words = action_words(ui, view, legal)
    for note in analysis.notes:
        console.print(note, markup=False)
    best = analysis.rated[0]
    if points:
        return _points_hint(console, prompter, analysis, words)
    console.print(f"[bold]Coach[/bold]: win chance with best play {best.win:.1%} ({analysis.basis}).")
    if _no_win(analysis):
        console.print("No way of playing wins from here.")
        prompter.pause()
        return "Coach: no way of playing wins from here."
    for rank, rated in enumerate(analysis.rated[:HINT_SHOWN], 1):
        console.print(hint_line(rank, rated.win, words[rated.action]))
        if rated.reply:
            console.print(_hanging(" " * len(_lead(rank, f"{rated.win:6.1%}")), f"likely reply: {rated.reply}"))
    prompter.pause(GO_ON)
    return f"Coach ({best.win:.0%}): {words[best.action]}"  # the notice line wraps: the action is said whole


def coach_move(table: Table, player: int) -> tuple[Any, str] | str:
    """The action the Coach puts first for ``player``'s position, with the line that says it was played; or,
    where the Coach names no move, the line that says why (and nothing is played).

    The Coach asked at this very decision is not asked again: its first move is the one it listed (and the tip
    was counted then); else it is asked now, behind the same spinner, and counted as a tip. Only one of the
    player's own legal actions is ever played.
    """
    match = table.match
    legal = match.state.legal_actions()
    analysis = _asked_here(table)
    if analysis is None:
        fresh = _analyse(table, player)
        if isinstance(fresh, str):
            return fresh
        analysis = fresh  # played at once: its notes (the line a solver found, say) are the Coach's screen's
    best = analysis.rated[0]
    points = _in_points(table)
    if not points and _no_win(analysis):
        return "Coach: no way of playing wins from here, so it has no move to play."
    if best.action not in legal:
        return "Coach: its move is not one you can play here; nothing was played."
    words = action_words(table.ui, match.state.view(player), legal)[best.action]
    figure = f"{best.win:.1f}" if points else f"{best.win:.0%}"
    return best.action, f"Played the Coach's move ({figure}): {words}."


def _in_points(table: Table) -> bool:
    """Whether the analyst's figures are expected final scores in points rather than win chances."""
    analyst = table.analyst()
    return analyst is not None and analyst.points


def _no_win(analysis: Analysis[Any]) -> bool:
    """Whether the figures are exact and no action wins: the Coach then lists none."""
    return analysis.exact and analysis.rated[0].win <= 0


def _asked_here(table: Table) -> Analysis[Any] | None:
    """The analysis the Coach gave at the decision now being made, if it was asked here."""
    said = table.coached
    if said is None or said[0] != tuple(table.match.history):
        return None
    return said[1]


def _analyse(table: Table, player: int) -> Analysis[Any] | str:
    """The analyst's figures for ``player``'s position (their view only), asked behind a spinner, kept for
    :func:`coach_move` and with the game (for its review), and counted as a tip; or, when it has none, the line
    to say why (said and paused on)."""
    from tabletop.analysis import HINT_SECONDS, AnalysisUnavailable, analysis_json, analysis_rng
    from tabletop.circles import passed_positions, without_circles

    analyst = table.analyst()
    assert analyst is not None, "a hint is offered only with an analyst"
    match = table.match
    view = match.state.view(player)
    legal = match.state.legal_actions()
    rng = analysis_rng(match.seed, len(match.history))  # the review of this decision draws the same
    unavailable: AnalysisUnavailable | None = None
    with table.console.status(analyst.status() or "Thinking about your position...", spinner="dots") as spinner:

        def progress(done: float) -> None:
            spinner.update(analyst.status() or f"Thinking about your position: {done:.0%}")

        try:
            told = analyst.with_moves([e.notation for e in match.events if e.actor == player])
            analysis = told.analyse(view, legal, seconds=HINT_SECONDS, rng=rng, progress=progress)
        except AnalysisUnavailable as exc:
            unavailable = exc
    if unavailable is not None:  # the game goes on without figures: say why where the player reads it
        table.console.print(f"Coach: {unavailable}", markup=False)
        table.prompter.pause()
        return f"Coach: {unavailable.summary}"
    passed = passed_positions(match.game, match.options, match.history, player)
    resort = match.game.last_resort_actions(match.options)
    analysis = without_circles(analysis, match.state, player, passed, resort)  # never round in a circle
    table.coached = (tuple(match.history), analysis)
    if table.on_analysis is not None:  # as shown: the review grades this decision by it
        table.on_analysis(len(match.history), analysis_json(analysis))
    if table.on_hint is not None:
        table.on_hint()
    return analysis


def hint_line(rank: int, win: float, words: str) -> RenderableType:
    """One of the hint's best actions, its words wrapping under their own start rather than cut.

    >>> from rich.console import Console
    >>> console = Console(width=40, color_system=None)
    >>> console.print(hint_line(1, 0.447, "Play a Banner > F5 Flame 5 > under Flame (0 -> 5)"))  # doctest: +NORMALIZE_WHITESPACE
      1.  44.7%  Play a Banner > F5 Flame 5
                 > under Flame (0 -> 5)
    """
    return _hanging(_lead(rank, f"{win:6.1%}"), words)


def _lead(rank: int, figure: str) -> str:
    """What stands before a hint's words: its rank and its figure."""
    return f"  {rank}. {figure}  "


def _hanging(lead: str, words: str) -> RenderableType:
    """``words`` after ``lead``, wrapping under their own start (between words where it can) rather than cut.

    >>> from rich.console import Console
    >>> console = Console(width=40, color_system=None)
    >>> console.print(_hanging(_lead(1, f"{265.114:7.2f}"), "Roll again > 1: reroll > 5: reroll > 6 6 6: hold 3"))  # doctest: +NORMALIZE_WHITESPACE
      1.  265.11  Roll again > 1: reroll > 5:
                  reroll > 6 6 6: hold 3
    """
    from rich.table import Table as Grid
    from rich.text import Text

    grid = Grid.grid()
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(Text(lead), Text(words))
    return grid


def _points_hint(console: Console, prompter: Prompter, analysis: Analysis[Any], words: dict[Any, str]) -> str:
    """A hint in expected points of final score (an analyst whose figures are points)."""
    best = analysis.rated[0]
    console.print(f"[bold]Coach[/bold]: expected final score with best play {best.win:.2f} ({analysis.basis}).")
    for rank, rated in enumerate(analysis.rated[:HINT_SHOWN], 1):
        console.print(_hanging(_lead(rank, f"{rated.win:7.2f}"), words[rated.action]))
    prompter.pause(GO_ON)
    return f"Coach ({best.win:.1f}): {words[best.action]}"


def action_words(ui: GameUI[Any, Any, Any], view: View, legal: Sequence[Any]) -> dict[Any, str]:
    """Each legal action in the words of the menu that reaches it (``Play a Banner > F3 Flame 3 > under Flame``)."""
    return {step.action: " > ".join(step.path) for step in ui.steps(view, legal)}
