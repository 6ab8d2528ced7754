"""The terminal interface of Muses: cards, dice, hints and powers on one 80x24 screen.

Each display muse is a card showing its name, points, its power, and its edges
in the order they come to the top: the one on top marked ▲, then the edges to
come numbered by their place on the card (1 is upright), each with the chance
that a plain roll of two dice meets it (``7 · 17%``), and last where the card
leaves the display (``✗ upright: discard`` after its fourth edge, ``✗ blank:
discarded`` at its first blank edge). Die faces are shown with their digits
(``⚄ 5``), on the cards and in the dice line; hints and unused powers are
always on screen, and the log under them gets the lines the screen can spare.
The table's Coach asks the exact solver for the best move
(:mod:`tabletop_muses.analyst`).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabletop.ui.base import GameUI, Step
from tabletop_muses.cards import Card, Power, set_words
from tabletop_muses.conditions import FACE_GLYPHS, PAIRS, Condition
from tabletop_muses.rules import (
    ACT,
    OVER,
    Claim,
    End,
    Hint,
    MusesAction,
    MusesState,
    MusesView,
    UsePower,
    condition_text,
    face,
)

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.text import Text

    from tabletop.game import State

DISPLAY_SLOTS = 4
"""The most cards the display holds: two cards never share a rotation, and a card has four."""
MIN_CARD_WIDTH = 15
MAX_CARD_WIDTH = 30
ADVISE = "advise"
ADVICE_LINES = 6
"""Alternatives listed under the advice: with the board above, they fit 24 lines."""
MENU_RESERVE = 9
"""Lines kept under the board: the table's notice line, then the largest first list (its question,
the four first steps, usable or greyed, then Coach, Log and Game menu)."""
MIN_LOG_LINES = 2
MAX_LOG_LINES = 24
UNUSED_HINT = (
    "none yet; each hint left unused scores 1 point at the end",
    "none yet; an unused hint scores 1 point",
    "none yet",
)
"""The claimed line while no muse is claimed, the longest that fits first: how the hints count then, as the
rulebook scores them (1 point for each unused hint, at the end)."""
MIN_CLAIMED_LINES = 2
MAX_CLAIMED_LINES = 4
DEFAULT_HEIGHT = 24
FACE_RUN = re.compile(f"[{FACE_GLYPHS}] [1-6](?: [{FACE_GLYPHS}] [1-6])?")
"""A face with its digit, or a condition's two (``⚀ 1 ⚄ 5``): the log never breaks a line inside one."""


def power_short(power: Power | None) -> str:
    """A few words for a power, to fit on a card."""
    if power is None:
        return "no power"
    return {
        "flip": "flip a die",
        "reroll": "re-roll a die",
        "match": "match the dice",
        "adjust": f"adjust a die ±{power.amount}",
    }[power.kind]


def power_word(power: Power) -> str:
    """A power in a word or two, for the list of claimed muses."""
    return {"flip": "flip", "reroll": "re-roll", "match": "match", "adjust": f"±{power.amount}"}[power.kind]


def chance(condition: Condition) -> Fraction:
    """The chance that a plain roll of two dice meets ``condition``.

    Each unordered pair in the condition's mask counts the ordered rolls that give it
    (a double one of the 36, any other pair two).

    >>> from tabletop_muses.conditions import parse_condition
    >>> chance(parse_condition("7")), chance(parse_condition("Pair"))
    (Fraction(1, 6), Fraction(1, 6))
    """
    ways = sum(1 if a == b else 2 for i, (a, b) in enumerate(PAIRS) if condition.mask >> i & 1)
    return Fraction(ways, 36)


def percent(condition: Condition) -> str:
    """:func:`chance` as a whole percentage, e.g. ``17%`` (never 0%: every condition can be met)."""
    return f"{round(chance(condition) * 100)}%"


UPRIGHT_FORMS = ("✗ comes back upright: discarded", "✗ back upright: discarded", "✗ upright: discard", "✗ upright")
BLANK_FORMS = ("✗ blank: discarded", "✗ blank: discard", "✗ blank")


def _longest(forms: Sequence[str], width: int) -> str:
    """The first of ``forms`` that fits ``width`` cells, else the last one."""
    return next((form for form in forms if len(form) <= width), forms[-1])


def edge_line(mark: str, condition: Condition, width: int) -> list[str]:
    """One edge of a card in lines of ``width`` cells: its mark, the condition and its chance (``▲ 7 · 17%``).

    A condition too long for one line is shortened (*Diff*), then wrapped under its start:
    never cut, and its chance stays with its last word.

    >>> from tabletop_muses.conditions import parse_condition
    >>> edge_line("2", parse_condition("Difference ≥ 3"), 18)
    ['2 Diff ≥ 3 · 33%']
    >>> edge_line("▲", parse_condition("Difference 3 and ≥ 7"), 18)
    ['▲ Diff 3 and ≥ 7', '  · 11%']
    """
    tail = f" · {percent(condition)}"
    words = condition_text(condition)
    if len(mark) + 1 + len(words) + len(tail) > width:
        words = words.replace("Difference", "Diff")
    # A face keeps its digit, and the chance its dot, on the line they start on.
    kept = FACE_RUN.sub(lambda m: m[0].replace(" ", NBSP), f"{mark} {words}") + f" ·{NBSP}{percent(condition)}"
    lines = textwrap.wrap(kept, max(width, 4), subsequent_indent="  ", break_on_hyphens=False)
    return [line.replace(NBSP, " ") for line in lines]


NBSP = "\u00a0"
"""A space that textwrap never breaks at."""


def card_lines(card: Card, rotation: int, width: int, most: int | None = None) -> list[tuple[str, str]]:
    """The edges of a display card from the one on top, in the order they come up, and how it leaves.

    Each line is ``(text, kind)``: kind ``top`` for the edge on top, ``next`` for one to come,
    ``leave`` for where the card is discarded. With ``most`` lines at most, the edges to come
    give way from the last, said in a line (``+2 edges later``); the top edge always shows whole.
    """
    top = [(line, "top") for line in edge_line("▲", _top(card, rotation), width)]
    later: list[list[tuple[str, str]]] = []
    leave = (_longest(UPRIGHT_FORMS, width), "leave")
    for rot in range(rotation + 1, len(card.edges)):
        edge = card.top(rot)
        if edge is None:
            leave = (_longest(BLANK_FORMS, width), "leave")
            break
        later.append([(line, "next") for line in edge_line(str(rot + 1), edge, width)])
    lines = top + [line for edge in later for line in edge] + [leave]
    if most is None or len(lines) <= most:
        return lines
    while later:
        later.pop()
        dropped = len(card.edges) - rotation - 1 - len(later)
        said = (_longest((f"+{dropped} edge{'s' if dropped > 1 else ''} later", f"+{dropped} later"), width), "leave")
        lines = top + [line for edge in later for line in edge] + [said]
        if len(lines) <= most:
            break
    return lines


def _top(card: Card, rotation: int) -> Condition:
    top = card.top(rotation)
    assert top is not None, "a display card never rests on a blank edge"
    return top


def card_text(card: Card, rotation: int, width: int, height: int = 0, room: int | None = None) -> Text:
    """The inside of a display card, ``width`` cells wide: name and points, the edges, the power.

    ``height`` pads it to that many lines, so that the cards of a row end together; with ``room``
    lines at most, the edges to come give way first (see :func:`card_lines`).
    """
    from rich.text import Text

    name, power = _name_lines(card, width), _power_lines(card, width)
    edges = card_lines(card, rotation, width, None if room is None else room - len(name) - len(power))
    text = Text()
    for line in name:
        text.append(line + "\n", style="bold")
    styles = {"top": "reverse bold", "next": "", "leave": "dim"}
    for line, kind in edges:
        text.append(line, style=styles[kind])
        text.append("\n")
    text.append("\n" * max(height - len(edges) - len(name) - len(power), 0))
    text.append("\n".join(power))
    return text


def _name_lines(card: Card, width: int) -> list[str]:
    """The card's name and worth on one line of ``width`` (``Urania       3 pts``), or the worth under a long name."""
    for worth in (card.worth, str(card.points)):  # a narrow card gives its points without "pts"
        if len(card.name) + 1 + len(worth) <= width:
            return [card.name + " " * (width - len(card.name) - len(worth)) + worth]
    return [*textwrap.wrap(card.name, width, break_on_hyphens=False), card.worth.rjust(width)]


def _power_lines(card: Card, width: int) -> list[str]:
    """The card's power in a few words (fewer on a narrow card), wrapped to ``width``."""
    forms = (power_short(card.power), power_word(card.power)) if card.power is not None else ("no power",)
    return textwrap.wrap(_longest(forms, width), width) or [""]


def card_height(card: Card, rotation: int, width: int = MAX_CARD_WIDTH, room: int | None = None) -> int:
    """Lines inside a display card ``width`` cells wide: the name, its edges from the top one to where it
    leaves (within ``room`` lines in all), the power."""
    name, power = _name_lines(card, width), _power_lines(card, width)
    most = None if room is None else room - len(name) - len(power)
    return len(name) + len(card_lines(card, rotation, width, most)) + len(power)


def card_width(width: int) -> int:
    """The width of a card (border included) on a board ``width`` wide: four of them side by side.

    >>> card_width(60), card_width(80), card_width(200)
    (15, 20, 30)
    """
    return max(MIN_CARD_WIDTH, min(MAX_CARD_WIDTH, width // DISPLAY_SLOTS))


def dice_text(state: MusesState) -> str:
    """The dice as their faces with digits, ``Dice: [⚂ 3] [⚃ 4]``."""
    if state.dice is not None:
        a, b = state.dice
        return f"Dice: [{face(a)}] [{face(b)}]"
    if state.kept is not None:
        return f"Dice: [{face(state.kept)}] [re-rolling]"
    return "Dice: not rolled"


def status_lines(state: MusesState, width: int = 80, claimed_lines: int = MIN_CLAIMED_LINES) -> list[str]:
    """Score, hints, deck, then the claimed muses and their powers in at most ``claimed_lines`` lines.

    A finished game shows no claimed line: the result below it adds the muses up.
    """
    hints = "●" * state.hints + "○" * (state.cardset.hints - state.hints)
    where = ["Game over"] if state.phase == OVER else [f"Turn {state.turn}", dice_text(state)]
    score = f"Score {state.score()}/{state.cardset.target}"
    parts = [*where, f"Hints {hints} ({state.hints})", f"Deck {len(state.deck)}", score]
    # Each unused hint scores a point at the end: say so, or a score before any claim looks wrong.
    hints_left = f"unused hint{'s' if state.hints != 1 else ''}"
    notes = (f" ({state.hints} for {hints_left})", f" ({state.hints} {hints_left})")  # the longest that fits
    for note in notes:
        if state.hints and len("  ".join(parts)) + len(note) < width:
            parts[-1] += note
            break
    head = _spread(parts, width - 1)
    if state.phase == OVER:
        return head
    claimed = []
    for i, used in state.tableau:
        card = state.card(i)
        if card.power is None:
            claimed.append(f"{card.name} {card.points}")
        else:
            mark = "used" if used else f"READY: {power_word(card.power)}"
            claimed.append(f"{card.name} {card.points} ({mark})")
    if not claimed:  # the score so far is the hints': say how they count
        room = width - 1 - len("Claimed: ")
        claimed = [_longest(UNUSED_HINT, room) if state.hints else "none yet"]
    return [*head, *_pack("Claimed:", claimed, width - 1, claimed_lines)]


def _spread(parts: Sequence[str], width: int) -> list[str]:
    """``parts`` two spaces apart in lines of ``width``, a line breaking only between parts.

    >>> _spread(["Turn 3", "Dice: [⚂ 3] [⚃ 4]", "Hints ●●○ (2)", "Deck 5", "Score 2/20"], 40)
    ['Turn 3  Dice: [⚂ 3] [⚃ 4]  Hints ●●○ (2)', 'Deck 5  Score 2/20']
    """
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + 2 + len(part) <= width:
            lines[-1] += "  " + part
        else:
            lines.append(part)
    return lines


def _pack(label: str, entries: Sequence[str], width: int, max_lines: int) -> list[str]:
    """``label`` and the comma-separated ``entries`` in lines of ``width``, breaking only between entries.

    >>> _pack("Claimed:", ["Urania 3 (used)", "Cleo 4", "Thalia 1"], 26, 3)
    ['Claimed: Urania 3 (used),', '  Cleo 4, Thalia 1']
    """
    lines = [label]
    for i, entry in enumerate(entries):
        piece = entry + ("," if i < len(entries) - 1 else "")
        if lines[-1] == label or len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append("  " + piece)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][: width - 2] + " …"
    return lines


def log_lines(log: Sequence[str], width: int, count: int) -> list[str]:
    """The latest log entries in at most ``count`` lines of ``width``, each entry wrapped, the newest last.

    An entry is shown whole or not at all, but for the newest, which is cut (``…``) if it alone
    needs more than ``count`` lines.

    >>> log_lines(["Rolled ⚀ 1 and ⚁ 2.", "Ended the turn without a claim. Turned: Cleo to Pair ≥ 6."], 40, 3)
    ['  Rolled ⚀ 1 and ⚁ 2.', '  Ended the turn without a claim.', '    Turned: Cleo to Pair ≥ 6.']
    """
    shown: list[str] = []
    for entry in reversed(log):
        # A face and its digit (``⚄ 5``) stay on one line: the spaces inside do not break.
        kept = FACE_RUN.sub(lambda m: m[0].replace(" ", "\u00a0"), entry)
        wrapped = textwrap.wrap(kept, width - 1, initial_indent="  ", subsequent_indent="    ") or ["  "]
        wrapped = [line.replace("\u00a0", " ") for line in wrapped]
        if len(shown) + len(wrapped) > count:
            if not shown and count > 0:
                shown = wrapped[:count]
                shown[-1] = shown[-1][: width - 3] + " …"
            break
        shown = wrapped + shown
    return shown


def board(state: MusesState, log: Sequence[str], width: int, height: int) -> RenderableType:
    """The display, the status and the log on a ``width`` x ``height`` terminal, leaving
    :data:`MENU_RESERVE` lines under it for the notice and the move list."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    wide = card_width(width)
    cards = list(reversed(state.display))  # newest first: it stays longest
    head = len(status_lines(state, width, 1)) - 1
    # The cards, the head line(s) and one claimed line come first: the edges to come give way if they must.
    most = height - MENU_RESERVE - head - 1 - 2  # the 1 claimed line, the 2 of the card's border
    inner = max((card_height(state.card(i), rot, wide - 2, most) for i, rot in cards), default=0)
    parts: list[RenderableType] = []
    if cards:
        grid = Table.grid(padding=0)
        for _ in cards:
            grid.add_column()
        grid.add_row(
            *(
                Panel(card_text(state.card(i), rot, wide - 2, inner, most), width=wide, padding=(0, 0))
                for i, rot in cards
            )
        )
        parts.append(grid)
        used = inner + 2
    else:
        parts.append(Text("The display is empty."))
        used = 1
    room = height - MENU_RESERVE - used - head
    claimed = min(MAX_CLAIMED_LINES, max(1, room - MIN_LOG_LINES))
    status = status_lines(state, width, claimed)
    logged = max(0, min(MAX_LOG_LINES, room - (len(status) - head)))
    parts += [Text(line) for line in status]
    parts += [Text(line, style="dim") for line in log_lines(log, width, logged)]
    return Group(*parts)


CLAIM, USE_HINT, USE_POWER, END_TURN = "Claim a muse", "Use a hint", "Use a power", "End the turn without a claim"
ACTION_KEYS = {CLAIM: "c", USE_HINT: "h", USE_POWER: "p", END_TURN: "e"}
"""Each kind of action's fixed key: pressed at "Your move:", it takes that kind at once."""


class MusesUI(GameUI[MusesAction, MusesView, MusesView]):
    """Draws Muses and names each action in a few plain steps."""

    def render(self, view: MusesView, log: Sequence[str]) -> RenderableType:
        from tabletop.ui.base import Fitted

        state = view.state

        def draw(console: Console, options: ConsoleOptions) -> RenderableType:
            # The board takes the lines the terminal can spare above the notice and the move list.
            return board(state, log, options.max_width, options.size.height or DEFAULT_HEIGHT)

        return Fitted(draw)

    def label_keys(self, view: MusesView) -> dict[str, str]:
        """A letter for each kind of action, the same on every turn: ``c`` claim, ``h`` use one of the
        rulebook's hints, ``p`` use a power, ``e`` end the turn."""
        return dict(ACTION_KEYS)

    def steps(self, view: MusesView, legal: Sequence[Any]) -> list[Step[MusesAction]]:
        state = view.state
        # Ending the turn cannot be undone (the next card is turned up), so it is listed last:
        # the cursor starts on it only when it is the one thing left to do.
        ordered = sorted(legal, key=lambda a: isinstance(a, End))
        return [Step(a, self.path(state, a)) for a in ordered]

    def path(self, state: MusesState, action: MusesAction) -> tuple[str, ...]:
        """The labels a person picks to reach ``action``."""
        if isinstance(action, End):
            return (END_TURN,)
        if isinstance(action, Claim):
            card = state.card(state.cardset.index(action.card))
            return (CLAIM, f"{card.name} ({card.worth})")
        if isinstance(action, Hint):
            return (USE_HINT, f"die {face(action.die)}", f"{action.delta:+d} → {action.die + action.delta}")
        if isinstance(action, UsePower):
            return (USE_POWER,) + self._power_path(state, action)
        return (str(action),)

    def _power_path(self, state: MusesState, action: UsePower) -> tuple[str, ...]:
        card = state.card(state.cardset.index(action.card))
        power = card.power
        assert power is not None and state.dice is not None
        who = f"{card.name}: {power_short(power)}"
        die = f"die {face(action.die)}"
        a, b = state.dice
        other = b if a == action.die else a
        if power.kind == "adjust":
            return (who, die, f"{action.delta:+d} → {action.die + action.delta}")
        if power.kind == "flip":
            return (who, f"{die} → {7 - action.die}")
        if power.kind == "match":
            return (who, f"{die} → {other}")
        return (who, die)

    def label(self, state: MusesState, action: MusesAction) -> str:
        """One line naming an action, for the advice list."""
        return " > ".join(self.path(state, action))

    def unavailable(self, view: MusesView) -> list[tuple[tuple[str, ...], str]]:
        state = view.state
        if state.phase != ACT or state.dice is None:
            return []
        out: list[tuple[tuple[str, ...], str]] = []
        claimable = set(state.claimable())
        dice = f"{state.dice[0]} and {state.dice[1]}"
        missing = [(i, r) for i, r in state.display if i not in claimable]
        if not claimable:
            out.append((("Claim a muse",), f"{dice} meet no top condition"))
        else:
            for i, rot in missing:
                card = state.card(i)
                out.append(
                    (
                        ("Claim a muse", f"{card.name} ({card.worth})"),
                        f"{dice} do not meet {condition_text(card.top(rot))}",
                    )
                )
        if state.hints == 0:
            out.append((("Use a hint",), "no hints left"))
        if not state.unused_powers():
            claimed_power = any(state.card(i).power is not None for i, _ in state.tableau)
            out.append(
                (
                    ("Use a power",),
                    "every claimed power is used" if claimed_power else "claim a muse with a power first",
                )
            )
        elif not any(isinstance(a, UsePower) for a in state.legal_actions()):
            out.append((("Use a power",), "your powers cannot change these dice"))
        return out

    def render_result(self, state: State[Any]) -> RenderableType:
        """The card set played (its name, cards, target and hints), the muses claimed, and the verdict."""
        assert isinstance(state, MusesState)
        from rich.console import Group
        from rich.text import Text

        from tabletop.ui.base import Fitted

        parts = [
            f"{state.card(i).name}\u00a0{state.card(i).points}" for i, _ in state.tableau
        ]  # name and points stay together
        total = "Claimed: " + (" + ".join(parts) if parts else "nothing") + f" = {state.claimed_points()}"

        def claimed(console: Console, options: ConsoleOptions) -> RenderableType:
            wrapped = textwrap.wrap(total, options.max_width - 1, subsequent_indent="  ")
            return Group(*(Text(line.replace("\u00a0", " ")) for line in wrapped))

        name = "the default cards" if state.cardset.source == "default" else state.cardset.source
        played = Text(f"Played with {name}: {set_words(state.cardset)}.")
        return Group(played, Fitted(claimed), f"Unused hints: {state.hints}", f"[bold]{state.outcome_text()}[/bold]")
