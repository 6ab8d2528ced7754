"""The rules of Muses: actions, the state, and the turn sequence.

A turn is: turn up the top card of the deck (a chance node over the cards
left, all equally likely), roll both dice (a chance node over the 21 unordered
results), then the player uses hints and powers in any order, and finally
claims one display muse whose top condition the dice meet or ends the turn
without a claim. Every unclaimed display muse then turns a quarter anticlockwise
(its next edge comes to the top); one that comes back upright or shows a blank
edge is discarded. A power that re-rolls a die is a chance node over six faces.

Dice are kept as an unordered pair (low, high): which die is "first" never
matters, so actions name a die by the face it shows ("hint 3 +1" moves a die
showing 3 to 4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypeAlias

from tabletop.dice import one_die_outcomes, two_dice_outcomes
from tabletop.game import (
    CHANCE,
    JSON,
    TERMINAL,
    FullView,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    State,
)
from tabletop_muses.cards import Card, CardSet
from tabletop_muses.conditions import FACE_GLYPHS, All, Any_, Condition, Face, Faces

DRAW, ROLL, ACT, REROLL, OVER = "draw", "roll", "act", "reroll", "over"
PHASES = (DRAW, ROLL, ACT, REROLL, OVER)


def face(value: int) -> str:
    """A die as its face and digit, e.g. ``⚂ 3``."""
    return f"{FACE_GLYPHS[value - 1]} {value}"


def condition_text(condition: Condition | None) -> str:
    """A condition as the board and the log show it: each die face with its digit.

    >>> from tabletop_muses.conditions import parse_condition
    >>> condition_text(parse_condition("⚄")), condition_text(parse_condition("⚀⚅ or ≥ 11"))
    ('⚄ 5', '⚀ 1 ⚅ 6 or ≥ 11')
    """
    if condition is None:
        return "blank"
    if isinstance(condition, Face):
        return face(condition.face)
    if isinstance(condition, Faces):
        return f"{face(condition.low)} {face(condition.high)}"
    if isinstance(condition, All):
        return " and ".join(condition_text(part) for part in condition.parts)
    if isinstance(condition, Any_):
        return " or ".join(condition_text(part) for part in condition.parts)
    return str(condition)


# --- actions -------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    """Chance: the card turned up from the deck."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True)
class Roll:
    """Chance: the two dice, low first."""

    low: int
    high: int

    def __str__(self) -> str:
        return f"roll {self.low} {self.high}"


@dataclass(frozen=True)
class Reroll:
    """Chance: the face a re-rolled die shows."""

    value: int

    def __str__(self) -> str:
        return f"reroll {self.value}"


@dataclass(frozen=True)
class Hint:
    """Discard a hint to add ``delta`` (+1 or -1) to a die showing ``die``."""

    die: int
    delta: int

    def __str__(self) -> str:
        return f"hint {self.die} {self.delta:+d}"


@dataclass(frozen=True)
class UsePower:
    """Use the power of a claimed muse on a die showing ``die`` (``delta`` for adjust powers)."""

    card: str
    die: int
    delta: int = 0

    def __str__(self) -> str:
        base = f"power {self.card} {self.die}"
        return f"{base} {self.delta:+d}" if self.delta else base


@dataclass(frozen=True)
class Claim:
    """Claim a display muse whose top condition the dice meet; the turn ends."""

    card: str

    def __str__(self) -> str:
        return f"claim {self.card}"


@dataclass(frozen=True)
class End:
    """End the turn without a claim."""

    def __str__(self) -> str:
        return "end"


MusesAction = Draw | Roll | Reroll | Hint | UsePower | Claim | End

_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"(?i)draw (.+)"), lambda m: Draw(m[1])),
    (re.compile(r"(?i)roll ([1-6]) ([1-6])"), lambda m: Roll(min(int(m[1]), int(m[2])), max(int(m[1]), int(m[2])))),
    (re.compile(r"(?i)reroll ([1-6])"), lambda m: Reroll(int(m[1]))),
    (re.compile(r"(?i)hint ([1-6]) ([+-]1)"), lambda m: Hint(int(m[1]), int(m[2]))),
    (re.compile(r"(?i)power (.+?) ([1-6])(?: ([+-][1-5]))?"), lambda m: UsePower(m[1], int(m[2]), int(m[3] or 0))),
    (re.compile(r"(?i)claim (.+)"), lambda m: Claim(m[1])),
    (re.compile(r"(?i)end"), lambda m: End()),
]


def parse_action(cardset: CardSet, text: str) -> MusesAction:
    """Read an action's notation; card names are matched case-insensitively.

    >>> from tabletop_muses.cards import load_cards
    >>> parse_action(load_cards(), "power erato 3 -2")
    UsePower(card='Erato', die=3, delta=-2)
    """
    cleaned = " ".join(text.strip().split())
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(cleaned)
        if m is None:
            continue
        action = build(m)
        if isinstance(action, (Draw, UsePower, Claim)):
            try:
                name = cardset.cards[cardset.index(action.card)].name
            except KeyError:
                raise InvalidActionError(f"no muse called {action.card!r} in this card set") from None
            action = UsePower(name, action.die, action.delta) if isinstance(action, UsePower) else type(action)(name)
        return action  # type: ignore[no-any-return]
    raise InvalidActionError(
        f"{text!r} is not a Muses action (e.g. 'hint 3 +1', 'power Erato 3 -2', 'claim Erato', 'end')"
    )


# --- state ---------------------------------------------------------------


def _sorted_dice(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


class MusesState(State[MusesAction]):
    """A game of Muses in progress.

    ``display`` holds (card index, quarter turns) in the order the cards came
    up; ``tableau`` holds (card index, power used) in the order they were
    claimed. The deck is the set of cards not yet turned up: its order is
    never stored, each draw being a chance node.
    """

    __slots__ = ("cardset", "deck", "dice", "discarded", "display", "hints", "kept", "phase", "tableau", "turn")

    def __init__(self, cardset: CardSet) -> None:
        self.cardset = cardset
        self.deck: list[int] = list(range(len(cardset.cards)))
        self.display: list[tuple[int, int]] = []
        self.tableau: list[tuple[int, bool]] = []
        self.discarded: list[int] = []
        self.hints = cardset.hints
        self.dice: tuple[int, int] | None = None
        self.phase = DRAW
        self.kept: int | None = None
        self.turn = 1

    # -- reading the position --

    def card(self, index: int) -> Card:
        return self.cardset.cards[index]

    def claimed_points(self) -> int:
        return sum(self.card(i).points for i, _ in self.tableau)

    def score(self) -> int:
        """Points of claimed muses plus one per unused hint."""
        return self.claimed_points() + self.hints

    def final_score(self) -> float | None:
        """The points a game's record keeps: :meth:`score`."""
        return float(self.score())

    def unused_powers(self) -> list[int]:
        """Indices of claimed muses whose power is still there to use."""
        return [i for i, used in self.tableau if not used and self.card(i).power is not None]

    def claimable(self) -> list[int]:
        """Display muses whose top condition the dice meet now."""
        if self.phase != ACT or self.dice is None:
            return []
        a, b = self.dice
        out = []
        for i, rot in self.display:
            cond = self.card(i).top(rot)
            if cond is not None and cond.holds(a, b):
                out.append(i)
        return out

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return 0 if self.phase == ACT else CHANCE

    def is_chance_node(self) -> bool:
        return self.phase in (DRAW, ROLL, REROLL)

    # -- chance --

    def chance_outcomes(self) -> list[tuple[MusesAction, float]]:
        if self.phase == DRAW:
            n = len(self.deck)
            outs: list[tuple[MusesAction, float]] = [(Draw(self.card(i).name), 1 / n) for i in self.deck]
        elif self.phase == ROLL:
            outs = [(Roll(a, b), p) for (a, b), p in two_dice_outcomes()]
        elif self.phase == REROLL:
            outs = [(Reroll(v), p) for v, p in one_die_outcomes()]
        else:
            raise IllegalActionError("not a chance node")
        return sorted(outs, key=lambda o: str(o[0]))

    # -- player actions --

    def _player_actions(self) -> list[MusesAction]:
        assert self.dice is not None
        faces = sorted(set(self.dice))
        acts: list[MusesAction] = [End()]
        acts += [Claim(self.card(i).name) for i in self.claimable()]
        if self.hints > 0:
            acts += [Hint(d, s) for d in faces for s in (1, -1) if 1 <= d + s <= 6]
        for i in self.unused_powers():
            acts += self._power_actions(i, faces)
        return acts

    def _power_actions(self, index: int, faces: list[int]) -> list[MusesAction]:
        card = self.card(index)
        power = card.power
        assert power is not None and self.dice is not None
        if power.kind == "adjust":
            return [
                UsePower(card.name, d, s * k)
                for d in faces
                for k in range(1, power.amount + 1)
                for s in (1, -1)
                if 1 <= d + s * k <= 6
            ]
        if power.kind == "match":
            return [UsePower(card.name, d) for d in faces] if len(faces) == 2 else []
        return [UsePower(card.name, d) for d in faces]  # flip, reroll

    def legal_actions(self) -> list[MusesAction]:
        if self.phase == OVER:
            return []
        if self.phase == ACT:
            acts = self._player_actions()
        else:
            acts = [a for a, _ in self.chance_outcomes()]
        return sorted(acts, key=str)

    def apply(self, action: MusesAction) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        if isinstance(action, Draw):
            index = self.cardset.index(action.card)
            self.deck.remove(index)
            self.display.append((index, 0))
            self.phase = ROLL
        elif isinstance(action, Roll):
            self.dice = (action.low, action.high)
            self.phase = ACT
        elif isinstance(action, Reroll):
            assert self.kept is not None
            self.dice = _sorted_dice(self.kept, action.value)
            self.kept = None
            self.phase = ACT
        elif isinstance(action, Hint):
            self.hints -= 1
            self._set_die(action.die, action.die + action.delta)
        elif isinstance(action, UsePower):
            self._use_power(action)
        elif isinstance(action, Claim):
            index = self.cardset.index(action.card)
            self.display = [(i, r) for i, r in self.display if i != index]
            self.tableau.append((index, False))
            self._end_turn()
        else:
            self._end_turn()

    def _set_die(self, old: int, new: int) -> None:
        assert self.dice is not None
        a, b = self.dice
        self.dice = _sorted_dice(new, b) if a == old else _sorted_dice(a, new)

    def _use_power(self, action: UsePower) -> None:
        index = self.cardset.index(action.card)
        power = self.card(index).power
        assert power is not None and self.dice is not None
        self.tableau = [(i, used or i == index) for i, used in self.tableau]
        a, b = self.dice
        other = b if a == action.die else a
        if power.kind == "flip":
            self._set_die(action.die, 7 - action.die)
        elif power.kind == "adjust":
            self._set_die(action.die, action.die + action.delta)
        elif power.kind == "match":
            self._set_die(action.die, other)
        else:  # reroll: the other die stays, the re-rolled one is a chance node
            self.kept = other
            self.dice = None
            self.phase = REROLL

    def rotation_outcome(self, claimed: int | None) -> tuple[list[tuple[int, int]], list[int]]:
        """The display and the discards after ending the turn with claim ``claimed`` (or none)."""
        kept, gone = [], []
        for i, rot in self.display:
            if i == claimed:
                continue
            nxt = rot + 1
            if nxt >= len(self.card(i).edges) or self.card(i).top(nxt) is None:
                gone.append(i)
            else:
                kept.append((i, nxt))
        return kept, gone

    def _end_turn(self) -> None:
        self.display, gone = self.rotation_outcome(None)
        self.discarded += gone
        self.dice = None
        self.turn += 1
        if self.deck:
            self.phase = DRAW
        elif self.display:
            self.phase = ROLL
        else:
            self.phase = OVER

    def _why_illegal(self, action: MusesAction) -> str:
        if self.phase == OVER:
            return "the game is over"
        if self.phase != ACT:
            return f"{action} is not a possible outcome here"
        if isinstance(action, Claim):
            try:
                index = self.cardset.index(action.card)
            except KeyError:
                return f"no muse called {action.card}"
            rotations = dict(self.display)
            if index not in rotations:
                return f"{action.card} is not in the display"
            return f"the dice do not meet {action.card}'s top condition ({self.card(index).top(rotations[index])})"
        if isinstance(action, Hint):
            if self.hints == 0:
                return "no hints are left"
            return f"no die shows {action.die}, or {action.die}{action.delta:+d} leaves the faces 1 to 6"
        if isinstance(action, UsePower):
            return f"{action.card}'s power is not yours to use that way now"
        return f"{action} is not legal now"

    # -- results and words --

    def invariant_violations(self) -> list[str]:
        """Every card in exactly one place; hints and dice within their bounds; rotations valid."""
        problems = []
        cards = len(self.cardset.cards)
        places = self.deck + [i for i, _ in self.display] + [i for i, _ in self.tableau] + self.discarded
        if sorted(places) != list(range(cards)):
            problems.append(f"the {cards} cards are not each in one place: {sorted(places)}")
        if not 0 <= self.hints <= self.cardset.hints:
            problems.append(f"{self.hints} hints: expected 0 to {self.cardset.hints}")
        if self.dice is not None and not all(1 <= d <= 6 for d in self.dice):
            problems.append(f"the dice show {self.dice}: a die shows 1 to 6")
        if any(not 0 <= rot < 4 for _, rot in self.display):
            problems.append(f"a display rotation is not 0 to 3: {self.display}")
        return problems

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0]
        return [1.0 if self.score() >= self.cardset.target else 0.0]

    def outcome_text(self) -> str:
        won = self.score() >= self.cardset.target
        verdict = "You win" if won else "You lose"
        return (
            f"{verdict}: {self.score()} points ({self.claimed_points()} from muses + {self.hints} "
            f"unused hint{'s' if self.hints != 1 else ''}; {self.cardset.target} needed)."
        )

    def describe(self, action: MusesAction, viewer: int | None = None) -> str:
        if isinstance(action, Draw):
            card = self.card(self.cardset.index(action.card))
            return f"Turned up {card.name} ({card.worth}), top: {condition_text(card.top(0))}."
        if isinstance(action, Roll):
            return f"Rolled {face(action.low)} and {face(action.high)}."
        if isinstance(action, Reroll):
            return f"The re-rolled die shows {face(action.value)}."
        if isinstance(action, Hint):
            return f"Used a hint: die {action.die} becomes {action.die + action.delta}."
        if isinstance(action, UsePower):
            return self._describe_power(action)
        claimed = self.cardset.index(action.card) if isinstance(action, Claim) else None
        head = (
            f"Claimed {self.card(claimed).name} (+{self.card(claimed).worth})."
            if claimed is not None
            else "Ended the turn without a claim."
        )
        return head + self._describe_rotation(claimed)

    def _describe_rotation(self, claimed: int | None) -> str:
        """What the end of the turn does to the display: each card's new top, and each discard and why.

        ``" Turned: Cleo to Pair ≥ 6. Discarded: Thalia (blank edge), Urania (came back upright)."``
        """
        kept, gone = self.rotation_outcome(claimed)
        turned = [f"{self.card(i).name} to {condition_text(self.card(i).top(rot))}" for i, rot in kept]
        rotations = dict(self.display)
        why = {i: "came back upright" if rotations[i] + 1 >= len(self.card(i).edges) else "blank edge" for i in gone}
        text = f" Turned: {', '.join(turned)}." if turned else ""
        if gone:
            text += f" Discarded: {', '.join(f'{self.card(i).name} ({why[i]})' for i in gone)}."
        return text

    def _describe_power(self, action: UsePower) -> str:
        power = self.card(self.cardset.index(action.card)).power
        assert power is not None and self.dice is not None
        a, b = self.dice
        other = b if a == action.die else a
        if power.kind == "flip":
            what = f"flipped die {action.die} to {7 - action.die}"
        elif power.kind == "adjust":
            what = f"die {action.die} becomes {action.die + action.delta}"
        elif power.kind == "match":
            what = f"die {action.die} set to {other}"
        else:
            what = f"re-rolled die {action.die}"
        return f"Used {action.card}'s power: {what}."

    # -- copies, views, JSON --

    def clone(self) -> MusesState:
        other = MusesState.__new__(MusesState)
        other.cardset = self.cardset
        other.deck = list(self.deck)
        other.display = list(self.display)
        other.tableau = list(self.tableau)
        other.discarded = list(self.discarded)
        other.hints = self.hints
        other.dice = self.dice
        other.phase = self.phase
        other.kept = self.kept
        other.turn = self.turn
        return other

    def view(self, player: int) -> MusesView:
        return FullView(player, self.clone())

    def to_json(self) -> JSON:
        name = self.card
        return {
            "cards": self.cardset.source,
            "digest": self.cardset.digest,
            "target": self.cardset.target,
            "phase": self.phase,
            "turn": self.turn,
            "deck": sorted(name(i).name for i in self.deck),
            "display": [{"name": name(i).name, "rotation": r} for i, r in self.display],
            "tableau": [{"name": name(i).name, "power_used": u} for i, u in self.tableau],
            "discarded": [name(i).name for i in self.discarded],
            "hints": self.hints,
            "dice": list(self.dice) if self.dice is not None else None,
            "kept": self.kept,
        }


MusesView: TypeAlias = FullView[MusesState]
"""Everything the player can see: the position itself, as the deck's order is not part of any state, so
nothing is hidden."""


# --- reading a state back ------------------------------------------------


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise InvalidStateError(message)


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value: Any = data.get(key)
    _need(isinstance(value, int) and not isinstance(value, bool), f"{key}: expected a whole number, found {value!r}")
    _need(low <= value <= high, f"{key}: expected {low} to {high}, found {value}")
    return int(value)


def _names(cardset: CardSet, items: Any, where: str) -> list[int]:
    _need(isinstance(items, list), f"{where}: expected a list")
    out = []
    for name in items:
        _need(isinstance(name, str), f"{where}: expected card names, found {name!r}")
        try:
            out.append(cardset.index(name))
        except KeyError:
            raise InvalidStateError(f"{where}: no muse called {name!r}") from None
    return out


def state_from_json(data: JSON, cardset: CardSet) -> MusesState:
    """Read a full state back, checking that it is a position the rules can reach."""
    _need(isinstance(data, dict), "a Muses state is a JSON object")
    _need(data.get("digest") == cardset.digest, "the state was saved with another card set")
    _need(data.get("target") == cardset.target, f"target: expected {cardset.target}, found {data.get('target')!r}")
    state = MusesState(cardset)
    phase = data.get("phase")
    _need(phase in PHASES, f"phase: expected one of {', '.join(PHASES)}, found {phase!r}")
    state.phase = phase
    state.turn = _int(data, "turn", 1, 10_000)
    state.hints = _int(data, "hints", 0, cardset.hints)
    state.deck = sorted(_names(cardset, data.get("deck"), "deck"))
    display, tableau = data.get("display"), data.get("tableau")
    _need(isinstance(display, list) and isinstance(tableau, list), "display and tableau: expected lists")
    for entry in display:
        _need(isinstance(entry, dict), "display: expected {name, rotation} objects")
        (index,) = _names(cardset, [entry.get("name")], "display")
        rot = _int(entry, "rotation", 0, 3)
        _need(cardset.cards[index].top(rot) is not None, f"display: {entry['name']} cannot rest on a blank edge")
        state.display.append((index, rot))
    for entry in tableau:
        _need(isinstance(entry, dict), "tableau: expected {name, power_used} objects")
        (index,) = _names(cardset, [entry.get("name")], "tableau")
        used = entry.get("power_used")
        _need(isinstance(used, bool), "tableau: power_used must be true or false")
        _need(not used or cardset.cards[index].power is not None, f"tableau: {entry['name']} has no power to use")
        state.tableau.append((index, used))
    state.discarded = _names(cardset, data.get("discarded"), "discarded")
    every = state.deck + [i for i, _ in state.display] + [i for i, _ in state.tableau] + state.discarded
    _need(sorted(every) == list(range(len(cardset.cards))), "every card must be in exactly one place")
    rotations = [r for _, r in state.display]
    _need(len(set(rotations)) == len(rotations), "display: two cards cannot have turned the same number of times")
    _read_dice(state, data)
    return state


def _read_dice(state: MusesState, data: dict[str, Any]) -> None:
    dice: Any = data.get("dice")
    kept: Any = data.get("kept")
    phase = state.phase
    if phase == ACT:
        _need(isinstance(dice, list) and len(dice) == 2, "dice: expected two dice while acting")
        _need(all(isinstance(d, int) and 1 <= d <= 6 for d in dice), f"dice: expected faces 1 to 6, found {dice}")
        state.dice = _sorted_dice(dice[0], dice[1])
    else:
        _need(dice is None, f"dice: expected none in phase {phase}")
    if phase == REROLL:
        _need(isinstance(kept, int) and 1 <= kept <= 6, "kept: expected the face of the die that stays")
        state.kept = kept
    else:
        _need(kept is None, "kept: only a re-roll keeps a die")
    on_top = any(r == 0 for _, r in state.display)
    if phase == DRAW:
        _need(bool(state.deck) and not on_top, "phase draw: the deck must have cards and no card be new")
    if phase in (ROLL, ACT, REROLL):
        _need(bool(state.display), f"phase {phase}: the display cannot be empty")
        _need(on_top or not state.deck, f"phase {phase}: a card must have been turned up this turn")
    if phase == OVER:
        _need(not state.deck and not state.display, "phase over: deck and display must be empty")
