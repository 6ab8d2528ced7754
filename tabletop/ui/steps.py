"""Choosing an action from labelled steps, a key per entry: the lists the table asks, one after the other.

A game names each legal action by a path of labels (:meth:`GameUI.steps`):
``("Play a Banner", "F3 Flame 3", "under Flame (3 -> 6)")``. The first list
offers the first labels (the kinds of action), each with the fixed key its game
gives it (:meth:`GameUI.label_keys`: ``b`` is always "Play a Banner"), beside
the table's own entries. Pressing an entry's key takes it at once; Enter takes
the entry under the cursor. Then:

- a kind with a single action shows that whole action in its entry
  (``Make a Rainbow Swap > South's Flame Wizard, first in the column > with F1 Flame 1``),
  so taking it takes an action the player has read, never one completed unseen;
- a kind with a few actions (at most :data:`FLAT_MOST` entries, greyed-out
  ones of its next step included) lists them all at once, each entry the rest
  of its path (``F3 Flame 3 > under Flame (3 -> 6)``): one more key;
- a kind with more goes one label at a time, as the first list does, a label
  with one action under it again showing the whole of it, and a level with one
  label taken for the player (and said).

The table's keys (:data:`TABLE_KEYS`: the coach and its move, the log, the game
menu, undo and redo, the way back) are never given to a game's label.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.interface import RESIZED
from tabletop.ui.base import Choice, Prompter, Step


class _Back:
    """The "back" entry of a step."""


class _GameMenu:
    """The entry that opens the in-game menu."""


class _TableEntry:
    """An entry the table offers beside the actions: the log, the coach."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


BACK = _Back()
GAME_MENU = _GameMenu()
SHOW_LOG = _TableEntry("log")
COACH = _TableEntry("coach")

COACH_KEY, COACH_MOVE_KEY, LOG_KEY, MENU_KEY, BACK_KEY = "?", "!", "l", "m", "escape"
UNDO_KEY, REDO_KEY = "u", "r"
"""Take back the last decision, make it again (PySolFC's keys): at the move prompt and in the game menu alike."""
LEAVE_KEY = "q"
"""The game menu's key to leave, the same whichever of its entries are offered (Undo and Redo come and go). At the
move prompt, where no entry has it, it opens the game menu (a key, not a line): ``q`` twice leaves a game as ``q``
leaves the main menu."""
TABLE_KEYS = (COACH_KEY, COACH_MOVE_KEY, LOG_KEY, MENU_KEY, BACK_KEY, UNDO_KEY, REDO_KEY)
"""The table's own keys, the same in every game: a game's label never takes one."""
NUMBER_KEYS = "1234567890"
SPARE_LETTERS = "acdefgijknopqrstuvwxyz"
"""Letters for entries beyond ten when the game has not taken them (b, h, l and m stay free)."""
CHOICE_KEYS = NUMBER_KEYS + SPARE_LETTERS
"""Keys of a list's entries without a fixed key, in order."""
BACK_TITLE = "Back"
MENU_TITLE = "Game menu (rules, undo, redo, leave)"
FLAT_MOST = 8
"""A kind of action whose actions, with the entries greyed out beside them, are at most this many lists
them all in its second list: with its question and "Back" it fits under an 80x24 board."""
JOIN = " > "
"""Between the labels of a path shown whole in one entry."""


@dataclass(frozen=True)
class Extra:
    """An entry a game adds beside its actions (:meth:`GameUI.extra_choices`), chosen."""

    value: Any


@dataclass(frozen=True)
class Leaf:
    """An entry that names a whole action: taking it takes the action."""

    action: Any


def choose_step(
    prompter: Prompter,
    steps: Sequence[Step[Any]],
    unavailable: Sequence[tuple[tuple[str, ...], str]] = (),
    extras: Sequence[Choice] = (),
    *,
    with_menu: bool = True,
    menu_title: str = MENU_TITLE,
    redraw: Callable[[str, list[Choice]], list[Choice]] | None = None,
    order: Sequence[str] = (),
    table_entries: Sequence[Choice] = (),
    taken: list[str] | None = None,
    keys: Mapping[str, str] | None = None,
) -> Any:
    """Ask for an action one list at a time; return the action, :data:`GAME_MENU`, a table entry or an :class:`Extra`.

    Each list offers only what leads to a legal action, plus greyed-out entries
    with the reason they cannot be used (placed by ``order``, see
    :meth:`GameUI.label_order`), and a way back after the first. ``keys`` are
    the game's fixed keys of labels; ``menu_title`` names the game menu's entry. A level after the first with one usable
    label and several actions under it is taken without asking, and the label
    is added to ``taken`` so the player can be told. ``redraw(question,
    entries)`` is called before every question, so answered steps do not pile
    up and push the board off the screen; it draws the board with room for the
    list and returns the entries to ask (a greyed-out one's reason shortened
    where room is short).
    """
    prefix: tuple[str, ...] = ()
    auto: set[int] = set()  # depths whose label was taken without asking: "back" skips them
    came_back_from: str | None = None  # after "Back" the cursor returns to the step left
    while True:
        depth = len(prefix)
        matching = [s for s in steps if s.path[:depth] == prefix]
        if depth and len(matching) == 1:  # the entry taken showed this whole action
            if taken is not None:
                taken.extend(prefix[d] for d in sorted(auto))
            return matching[0].action
        labels = _level_labels(matching, depth)
        if depth and len(labels) == 1 and not is_flat(matching, unavailable, prefix) and came_back_from is None:
            auto.add(depth)
            prefix = prefix + (labels[0],)
            continue
        choices = level_choices(steps, unavailable, prefix, order, keys or {})
        if depth == 0:
            choices += [Choice(c.title, Extra(c.value), c.disabled, key=c.key) for c in extras]
            choices += table_entries
            if with_menu:
                choices.append(Choice(menu_title, GAME_MENU, key=MENU_KEY))
                if all(c.key != LEAVE_KEY for c in choices):
                    choices.append(Choice(menu_title, GAME_MENU, key=LEAVE_KEY, hidden=True))
        else:
            choices.append(Choice(BACK_TITLE, BACK, back=True, key=BACK_KEY))
        choices = unclash(choices)
        message = "Your move:" if depth == 0 else step_question(prefix)
        if redraw is not None:
            choices = redraw(message, choices)
        answer = prompter.select(message, choices, default=came_back_from)
        came_back_from = None
        if answer is RESIZED:
            continue  # the same list, asked under the board drawn again
        if answer is BACK:
            while prefix and len(prefix) - 1 in auto:  # a level taken for the player is left too
                auto.discard(len(prefix) - 1)
                prefix = prefix[:-1]
            came_back_from = prefix[-1]
            prefix = prefix[:-1]
        elif isinstance(answer, Leaf):
            if taken is not None:
                taken.extend(prefix[d] for d in sorted(auto))
            return answer.action
        elif isinstance(answer, (Extra, _GameMenu, _TableEntry)):
            return answer
        else:
            prefix = prefix + (answer,)


def is_flat(
    matching: Sequence[Step[Any]], unavailable: Sequence[tuple[tuple[str, ...], str]], prefix: tuple[str, ...]
) -> bool:
    """Whether the actions under ``prefix`` (``matching``, more than one) are listed all at once: only a kind's
    own list (the second) is, when they and the entries greyed out at the next step are few. A deeper list
    goes a label at a time: its entries would join several labels each, and a board drawn for the second
    list's length (Five Dice's hold of each face, say) has no room kept for more."""
    greyed = sum(1 for p, _ in unavailable if len(p) == len(prefix) + 1 and p[: len(prefix)] == prefix)
    return len(prefix) == 1 and len(matching) > 1 and len(matching) + greyed <= FLAT_MOST


def level_choices(
    steps: Sequence[Step[Any]],
    unavailable: Sequence[tuple[tuple[str, ...], str]],
    prefix: tuple[str, ...],
    order: Sequence[str] = (),
    keys: Mapping[str, str] | None = None,
) -> list[Choice]:
    """The entries of the list asked after ``prefix``, greyed-out ones among them, each usable one with its key.

    >>> steps = [Step(1, ("Play", "x", "under A")), Step(2, ("Play", "y", "under B")), Step(3, ("Pass",))]
    >>> [(c.title, c.key) for c in level_choices(steps, [(("Move",), "nothing to move")], (), ["Play", "Move"], {"Play": "p"})]
    [('Play', 'p'), ('Move', None), ('Pass', '1')]
    >>> [(c.title, c.key) for c in level_choices(steps, [], ("Play",))]
    [('x > under A', '1'), ('y > under B', '2')]
    """
    depth = len(prefix)
    matching = [s for s in steps if s.path[:depth] == prefix]
    greyed_paths = [(p, why) for p, why in unavailable if len(p) == depth + 1 and p[:depth] == prefix]
    greyed = [Choice(p[depth], None, why) for p, why in greyed_paths]
    if is_flat(matching, unavailable, prefix):
        # Entries greyed out further down (a Swap's Banner that does not fit) are left out: room is short.
        entries = [Choice(JOIN.join(s.path[depth:]), Leaf(s.action)) for s in matching]
        sort_by = [s.path[depth] for s in matching] + [p[depth] for p, _ in greyed_paths]
        return with_keys(entries + greyed, order, keys, sort_by)
    entries = []
    for label in _level_labels(matching, depth):
        under = [s for s in matching if s.path[depth] == label]
        if len(under) == 1 and len(under[0].path) > depth + 1:  # the whole action, seen before it is taken
            entries.append(Choice(JOIN.join(under[0].path[depth:]), Leaf(under[0].action)))
        else:
            entries.append(Choice(label, label))
    labels = _level_labels(matching, depth)
    return with_keys(entries + greyed, order, keys, labels + [p[depth] for p, _ in greyed_paths])


def with_keys(
    choices: list[Choice],
    order: Sequence[str],
    keys: Mapping[str, str] | None = None,
    labels: Sequence[str] | None = None,
) -> list[Choice]:
    """The entries in ``order`` (by their ``labels``, their titles if not given), each usable one with a key:
    its label's fixed key from ``keys``, else the next of :data:`CHOICE_KEYS` not taken.

    >>> [(c.title, c.key) for c in with_keys([Choice("b", 2), Choice("c", 3, "no"), Choice("a", 1)], ["a", "c"], {})]
    [('a', '1'), ('c', None), ('b', '2')]
    """
    keys = keys or {}
    named = list(labels) if labels is not None else [c.title for c in choices]
    pairs = list(zip(choices, named))
    if order:
        place = {label: i for i, label in enumerate(order)}
        pairs.sort(key=lambda pair: place.get(pair[1], len(place)))
    fixed = {keys[label] for _, label in pairs if label in keys and keys[label] not in TABLE_KEYS}
    spare = iter(k for k in CHOICE_KEYS if k not in fixed)
    keyed = []
    for c, label in pairs:
        key = None
        if not c.disabled:
            own = keys.get(label)
            key = own if own and own not in TABLE_KEYS else next(spare, None)
        keyed.append(Choice(c.title, c.value, c.disabled, c.back, key))
    return keyed


def unclash(choices: list[Choice]) -> list[Choice]:
    """The entries whose key an entry before them took (two flat entries under one cascade's label, a game's
    extra on a label's letter), given another free key, so that every entry keeps one and a key takes one entry.

    >>> [c.key for c in unclash([Choice("to cascade 4 > 1 card", 1, key="4"), Choice("to cascade 4 > 2 cards", 2, key="4")])]
    ['4', 'x']
    """
    used = {c.key for c in choices if c.key is not None}
    spare = iter(k for k in SPARE_KEYS + CHOICE_KEYS if k not in used and k not in TABLE_KEYS)
    seen: set[str] = set()
    result = []
    for c in choices:
        if c.key is not None and c.key in seen:
            c = Choice(c.title, c.value, c.disabled, c.back, next(spare, None))
        if c.key is not None:
            seen.add(c.key)
        result.append(c)
    return result


SPARE_KEYS = "xzy"
"""Keys tried first for an entry whose own key an entry before it took."""


def asked_lists(
    steps: Sequence[Step[Any]], unavailable: Sequence[tuple[tuple[str, ...], str]] = ()
) -> Iterator[tuple[tuple[str, ...], list[Choice]]]:
    """Every list the choice among ``steps`` can ask, with its prefix and entries (without the table's own):
    for a conformance check that each fits the screen.

    >>> steps = [Step(1, ("Play", "x")), Step(2, ("Play", "y")), Step(3, ("Pass",))]
    >>> [(prefix, [c.title for c in entries]) for prefix, entries in asked_lists(steps)]
    [((), ['Play', 'Pass']), (('Play',), ['x', 'y'])]
    """
    pending: list[tuple[str, ...]] = [()]
    while pending:
        prefix = pending.pop(0)
        depth = len(prefix)
        matching = [s for s in steps if s.path[:depth] == prefix]
        labels = _level_labels(matching, depth)
        flat = is_flat(matching, unavailable, prefix)
        if depth and len(labels) == 1 and not flat:
            pending.append(prefix + (labels[0],))  # taken for the player: the next level is asked
            continue
        yield prefix, level_choices(steps, unavailable, prefix)
        if flat:
            continue
        for label in labels:
            if len([s for s in matching if s.path[depth] == label]) > 1:
                pending.append(prefix + (label,))


QUESTION_ROOM = 54
"""Characters a step's question may take: with the list's instruction after it, one 80-column line."""


def step_question(prefix: Sequence[str], room: int = QUESTION_ROOM) -> str:
    """The question of a step: the labels chosen so far, the earliest ones left out if the line would wrap.

    The latest label, the one the list under it follows from, is always said whole (the line wraps).

    >>> step_question(["Play a Banner", "F3 Flame 3"])
    'Play a Banner > F3 Flame 3:'
    >>> step_question(["Castle a card", "with F3 Flame 3, onto the Feather space"], room=50)
    '… > with F3 Flame 3, onto the Feather space:'
    >>> step_question(["Swap", "North's Feather Wizard, first in the column"], room=20)
    "… > North's Feather Wizard, first in the column:"
    """
    labels = list(prefix)
    question = JOIN.join(labels) + ":"
    while len(question) > room and len(labels) > 1:
        labels.pop(0)
        question = "…" + JOIN + JOIN.join(labels) + ":"
    return question


def _level_labels(matching: Sequence[Step[Any]], depth: int) -> list[str]:
    seen: dict[str, None] = {}
    for s in matching:
        if len(s.path) > depth:
            seen.setdefault(s.path[depth], None)
    return list(seen)
