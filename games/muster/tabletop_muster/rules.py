"""Muster's rules: the position, its legal actions, chance, and how each action changes it.

:class:`MusterRules` is the rules engine alone; it imports nothing but the
cards, the actions and the scoring. The framework's ``State`` protocol (views,
words, JSON) is :class:`tabletop_muster.state.MusterState`, a subclass that
adds it on top (the layers are listed in the package docstring).

Representation, chosen for speed (a search AI runs this in its inner loop):

* ``hands[p]`` and ``known[p]``: lists of card kinds (a multiset; order means
  nothing). ``known[p]`` are the cards of ``hands[p]`` the other player knows
  (taken from a castle space or by a Swap, not played since).
* ``deck``: the card kinds left in the deck, kept sorted (a multiset: the
  deck's order is not part of the state); a draw is a chance node uniform over
  the cards left in it, and ``sample_chance`` depends on the contents only.
* ``cols[p][f]``: player ``p``'s column under castle ``f``, tokens bottom to top.
* ``castles[f]``: the castle space's stack, card kinds bottom to top.
* ``phase``: who acts and how (see ``PHASE_NAMES``); ``cur`` the player whose
  turn it is; ``need`` cards still to draw in a refill; ``castled`` the space
  castled onto this turn (no drawing it back), or -1; ``pending`` a Rainbow
  card turned up by a Move that still needs a space, or -1.

Legal actions are computed as sorted action ids and cached until the next
``apply``, which checks an action against them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from tabletop.game import CHANCE, TERMINAL, IllegalActionError
from tabletop_muster import actions as A
from tabletop_muster.cards import (
    BANNERS,
    BRIDGE_BASE,
    CASTLE,
    FACTION_OF,
    FIRST_RAINBOW,
    HAND_SIZE,
    NUM_KINDS,
    RAINBOW,
    STRENGTH_OF,
    TOP_VALUE,
    TURN_LIMIT,
    WIZARD,
    full_deck,
)
from tabletop_muster.scoring import Score, returns_of, score

FIRST_PHASE, DEAL, ACT, REFILL, DRAW, FLIP, PLACE, OVER = range(8)
PHASE_NAMES = ("first", "deal", "act", "refill", "draw", "flip", "place", "over")
"""``first``: chance picks the first player; ``deal``: chance deals a card;
``act``: a player takes their turn's action; ``refill``: they choose where to
draw from; ``draw``: chance draws their card from the deck; ``flip``: chance
turns up the deck's top card after a Move; ``place``: they choose the space of a
turned-up Rainbow card; ``over``: the game has ended."""
DECK_PHASES = frozenset((DEAL, DRAW, FLIP))
"""Chance phases whose outcome is a card from the deck (``*W3``)."""
CHANCE_PHASES = DECK_PHASES | {FIRST_PHASE}
"""Phases where chance acts: the deck phases and the choice of the first player."""
DECISION_PHASES = frozenset((ACT, REFILL, PLACE))
"""Phases where a player decides."""
REFILL_PHASES = frozenset((REFILL, DRAW))
"""Phases of a refill: choosing where to draw from, and the draw from the deck."""
_PHASE_PLAYER = (CHANCE, CHANCE, None, None, CHANCE, CHANCE, None, TERMINAL)


def _placement_table(simplified: bool, power_of_one: bool) -> tuple[tuple[bool, ...], ...]:
    """``table[top][s]``: may a Banner of strength ``s`` go on a column whose top value is ``top``?

    ``top`` is 0 for an empty column and 6 for a Wizard (ruling 2).
    """
    rows = []
    for top in range(7):
        row = [False] * 6
        for s in range(1, 6):
            if top == 0:
                row[s] = s == 1 if power_of_one else True
            elif top == 6:
                row[s] = False
            elif simplified:
                row[s] = s >= top
            else:
                row[s] = s == top or s == top + 1
        rows.append(tuple(row))
    return tuple(rows)


_PLACEMENT = {(s, p): _placement_table(s, p) for s in (False, True) for p in (False, True)}


def _own_table(place: tuple[tuple[bool, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """``table[k][top]``: the id of playing Banner ``k`` into its own faction's column on ``top``, or -1."""
    return tuple(
        tuple(A.BANNER_ID[k][FACTION_OF[k]] if place[top][STRENGTH_OF[k]] else -1 for top in range(7)) for k in BANNERS
    )


_OWN_IDS = {key: _own_table(table) for key, table in _PLACEMENT.items()}


def _swap_tables(place: tuple[tuple[bool, ...], ...]) -> tuple[Any, Any]:
    """Banner kinds that may replace a Rainbow card (ruling 8), as sets to intersect with a hand.

    ``wizard[below][above][icon]``: replacing a Wizard lying on strength ``below``
    (0: nothing) under a Banner of strength ``above`` (0: none); ``bridge[stood][icon]``:
    replacing a Bridge that stood for ``stood``. ``icon`` is the column's faction, or 5
    when a Rainbow Castle tops its space (any faction).
    """

    def allowed(f: int, k: int) -> bool:
        return f == 5 or k // 5 == f

    wizard = tuple(
        tuple(
            tuple(
                frozenset(
                    k
                    for k in BANNERS
                    if allowed(f, k) and place[below][STRENGTH_OF[k]] and (not above or place[STRENGTH_OF[k]][above])
                )
                for f in range(6)
            )
            for above in range(6)
        )
        for below in range(6)
    )
    bridge = tuple(
        tuple(frozenset(k for k in BANNERS if allowed(f, k) and STRENGTH_OF[k] == stood) for f in range(6))
        for stood in range(6)
    )
    return wizard, bridge


_SWAP_OK = {key: _swap_tables(table) for key, table in _PLACEMENT.items()}
_COLUMNS_OF_MASK = tuple(tuple(divmod(bit, 5) for bit in range(10) if mask >> bit & 1) for mask in range(1 << 10))
"""The (player, faction) columns whose bits are set in a ``rbmask``."""
_FACTIONS_OF_MASK = tuple(tuple(f for f in range(5) if mask >> f & 1) for mask in range(1 << 5))
"""The castle spaces whose bits are set in an ``xmask``."""
_RAINBOW_IDS = A.CASTLE_RAINBOW_ID + A.WIZARD_ID
_MOVE_IDS = [[i for i in row if i >= 0] for row in A.MOVE_ID]


class MusterRules:
    """A Muster position and its rules. Games use the subclass
    :class:`tabletop_muster.state.MusterState`; create one with
    :meth:`MusterGame.new_initial_state` or :meth:`new`."""

    __slots__ = (
        "_legal",
        "_own_ids",
        "_place",
        "_swap_ok",
        "castled",
        "castles",
        "cols",
        "cur",
        "dealt",
        "deck",
        "first",
        "hands",
        "known",
        "need",
        "over_rainbow",
        "pending",
        "phase",
        "power_of_one",
        "rbmask",
        "simplified",
        "turn",
        "xmask",
    )

    def __init__(self) -> None:
        self.phase = FIRST_PHASE
        self.cur = 0
        self.first = -1
        self.hands: list[list[int]] = [[], []]
        self.known: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.cols: list[list[list[int]]] = [[[] for _ in range(5)] for _ in range(2)]
        self.castles: list[list[int]] = [[] for _ in range(5)]
        self.need = 0
        self.castled = -1
        self.pending = -1
        self.turn = 0
        self.dealt = 0
        self.simplified = False
        self.power_of_one = False
        self.over_rainbow = False
        self.rbmask = 0
        self.xmask = 0
        """Bit ``f`` set when a Rainbow Castle tops castle space f (the icon rule is lifted there)."""
        """Bit ``q * 5 + f`` set when player q's column f holds a Rainbow card (Swaps look only there)."""
        self._place = _PLACEMENT[(False, False)]
        self._own_ids = _OWN_IDS[(False, False)]
        self._swap_ok = _SWAP_OK[(False, False)]
        self._legal: list[int] | None = None

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(
        cls,
        *,
        simplified: bool = False,
        power_of_one: bool = False,
        over_rainbow: bool = False,
        first: int | None = None,
    ) -> Self:
        """The position before the deal; ``first`` None means chance picks the first player."""
        s = cls()
        s.set_variants(simplified, power_of_one, over_rainbow)
        s.deck = full_deck()
        if first is None:
            s.phase = FIRST_PHASE
        else:
            s.phase, s.first, s.cur = DEAL, first, first
        return s

    def set_variants(self, simplified: bool, power_of_one: bool, over_rainbow: bool) -> None:
        self.simplified, self.power_of_one, self.over_rainbow = simplified, power_of_one, over_rainbow
        self.sync()

    # ------------------------------------------------------------ turn and chance
    def current_player(self) -> int:
        p = _PHASE_PLAYER[self.phase]
        return self.cur if p is None else p

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def legal_actions(self) -> list[A.MusterAction]:
        ids = self._legal
        if ids is None:
            ids = self._legal = self.legal_ids()
        table = A.ALL_ACTIONS
        return [table[i] for i in ids]

    def legal_ids(self) -> list[int]:
        """Ids of the legal actions (chance outcomes at a chance node), sorted."""
        ph = self.phase
        if ph == ACT:
            return self._act_ids()
        if ph == REFILL:
            return self._refill_ids()
        if ph in DECK_PHASES:
            ids = A.DEAL_ID
            return sorted({ids[k] for k in self.deck})
        if ph == PLACE:
            return sorted(A.PLACE_ID)
        if ph == FIRST_PHASE:
            return list(A.FIRST_ID)
        return []

    def chance_outcomes(self) -> list[tuple[A.MusterAction, float]]:
        if self.phase == FIRST_PHASE:
            return [(A.ALL_ACTIONS[i], 0.5) for i in A.FIRST_ID]
        if self.phase not in CHANCE_PHASES:
            raise ValueError("not a chance node")
        counts = [0] * NUM_KINDS
        for k in self.deck:
            counts[k] += 1
        total = len(self.deck)
        out = [(A.ALL_ACTIONS[A.DEAL_ID[k]], c / total) for k, c in enumerate(counts) if c]
        out.sort(key=lambda pair: pair[0].id)
        return out

    def sample_chance(self, rng: random.Random) -> A.MusterAction:
        """Uniform over the cards left in the deck (a fair coin for the first player)."""
        if self.phase == FIRST_PHASE:
            return A.ALL_ACTIONS[A.FIRST_ID[rng.randrange(2)]]
        deck = self.deck
        return A.ALL_ACTIONS[A.DEAL_ID[deck[rng.randrange(len(deck))]]]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        return returns_of(self.cols)

    def score(self) -> Score:
        """Castles held, totals, and a per-castle breakdown (see :mod:`tabletop_muster.scoring`)."""
        return score(self.cols)

    def clone(self) -> Self:
        cls = type(self)  # a copy keeps the class: a MusterState's copy is a MusterState
        s = cls.__new__(cls)
        s.phase = self.phase
        s.cur = self.cur
        s.first = self.first
        h = self.hands
        s.hands = [h[0][:], h[1][:]]
        k = self.known
        s.known = [k[0][:], k[1][:]]
        s.deck = self.deck[:]
        c0, c1 = self.cols
        s.cols = [[c[:] for c in c0], [c[:] for c in c1]]
        s.castles = [c[:] for c in self.castles]
        s.need = self.need
        s.castled = self.castled
        s.pending = self.pending
        s.turn = self.turn
        s.dealt = self.dealt
        s.simplified = self.simplified
        s.power_of_one = self.power_of_one
        s.over_rainbow = self.over_rainbow
        s.rbmask = self.rbmask
        s.xmask = self.xmask
        s._place = self._place
        s._own_ids = self._own_ids
        s._swap_ok = self._swap_ok
        s._legal = self._legal  # never mutated in place, so sharing is safe
        return s

    # --------------------------------------------------------- move generation
    def _act_ids(self) -> list[int]:
        p = self.cur
        hand = self.hands[p]
        kinds = set(hand)
        cols = self.cols[p]
        # Castle spaces topped by a Rainbow Castle lift the icon rule (usually none).
        free = _FACTIONS_OF_MASK[self.xmask]
        tops = [TOP_VALUE[c[-1]] if c else 0 for c in cols]
        out: list[int] = []
        rainbows = 0
        if RAINBOW in kinds:
            kinds.discard(RAINBOW)
            out += _RAINBOW_IDS
            rainbows = hand.count(RAINBOW)
        if CASTLE in kinds:
            kinds.discard(CASTLE)
            out += A.CASTLE_X_ID
        if kinds:  # Banner cards
            own = self._own_ids
            place = self._place
            for k in kinds:
                out.append(A.CASTLE_BANNER_ID[k])
                i = own[k][tops[FACTION_OF[k]]]
                if i >= 0:
                    out.append(i)
                for f in free:
                    if f != FACTION_OF[k] and place[tops[f]][STRENGTH_OF[k]]:
                        out.append(A.BANNER_ID[k][f])
            if rainbows and not self.simplified:
                self._bridge_ids(rainbows, kinds, tops, free, out)
            if self.rbmask:
                self._swap_ids(kinds, free, out)
        if 6 in tops:
            for g in range(5):
                if tops[g] == 6:
                    out += _MOVE_IDS[g]
        out.sort()
        return out

    def _bridge_ids(
        self, rainbows: int, banners: set[int], tops: list[int], free: tuple[int, ...], out: list[int]
    ) -> None:
        """Bridges (ruling 3): n Bridges on top value t stand for t+1..t+n, then a Banner t+n+1 <= 5."""
        most = rainbows if self.over_rainbow else 1
        for k in banners:
            s = STRENGTH_OF[k]
            fk = FACTION_OF[k]
            n = s - tops[fk] - 1
            if 1 <= n <= most:
                out.append(A.BRIDGE_ID[fk][n][k])
            for f in free:
                n = s - tops[f] - 1
                if f != fk and 1 <= n <= most and tops[f] <= 3:
                    out.append(A.BRIDGE_ID[f][n][k])

    def _swap_ids(self, banners: set[int], free: tuple[int, ...], out: list[int]) -> None:
        """Swaps (ruling 8): only the lowest Rainbow card of a column, on either side."""
        wizard_ok, bridge_ok = self._swap_ok
        ids = A.SWAP_ID
        cols = self.cols
        for q, f in _COLUMNS_OF_MASK[self.rbmask]:
            col = cols[q][f]
            i = lowest_rainbow(col)
            t = col[i]
            icon = 5 if f in free else f
            if t == WIZARD:
                below = STRENGTH_OF[col[i - 1]] if i else 0  # only Banners lie below the lowest Rainbow card
                above = col[i + 1] if i + 1 < len(col) else -1
                fits = wizard_ok[below][STRENGTH_OF[above] if 0 <= above < FIRST_RAINBOW else 0][icon]
            else:
                fits = bridge_ok[TOP_VALUE[t]][icon]
            for k in banners & fits:
                out.append(ids[k][q][f])

    def sync(self) -> None:
        """Recompute cached facts after editing ``cols`` or the variants directly (loaders do this)."""
        self._own_ids = _OWN_IDS[(self.simplified, self.power_of_one)]
        self._swap_ok = _SWAP_OK[(self.simplified, self.power_of_one)]
        self._place = _PLACEMENT[(self.simplified, self.power_of_one)]
        mask = 0
        for q in (0, 1):
            for f in range(5):
                if any(t >= FIRST_RAINBOW for t in self.cols[q][f]):
                    mask |= 1 << (q * 5 + f)
        self.rbmask = mask
        self.xmask = sum(1 << f for f, stack in enumerate(self.castles) if stack and stack[-1] == CASTLE)
        self._legal = None

    def _refill_ids(self) -> list[int]:
        """Refill (ruling 6): the deck, or the top of a castle space that is not a Rainbow Castle
        and was not castled onto this turn."""
        out = [A.DRAW_DECK_ID] if self.deck else []
        castled = self.castled
        for f, sp in enumerate(self.castles):
            if sp and sp[-1] != CASTLE and f != castled:
                out.append(A.DRAW_ID[f])
        out.sort()
        return out

    # ---------------------------------------------------------------- apply
    def apply(self, action: A.MusterAction) -> None:
        ph = self.phase
        op = action.op
        if ph in CHANCE_PHASES:
            if ph == FIRST_PHASE:
                if op != A.FIRST:
                    raise IllegalActionError(f"{action}: the first player is being chosen (first=1 or first=2)")
            elif op != A.DEAL or action.card not in self.deck:
                raise IllegalActionError(self._why_illegal(action))
        else:
            ids = self._legal
            if ids is None:
                ids = self.legal_ids()
            if action.id not in ids:
                raise IllegalActionError(self._why_illegal(action))
        self.apply_unchecked(action)

    def apply_unchecked(self, action: A.MusterAction) -> None:
        """Apply an action known to be legal (search code that took it from ``legal_ids``)."""
        self._legal = None
        op = action.op
        if op == A.BANNER:
            self._play(action.card, action.col)
        elif op == A.CASTLE_CARD:
            self._take_from_hand(action.card)
            self.castles[action.col].append(action.card)
            self._top_changed(action.col)
            self.castled = action.col
            self._start_refill()
        elif op == A.DRAW:
            self._draw(action.col)
        elif op == A.DEAL:
            self._chance(action.card)
        elif op == A.WIZARD_PLAY:
            self._take_from_hand(RAINBOW)
            self.cols[self.cur][action.col].append(WIZARD)
            self.rbmask |= 1 << (self.cur * 5 + action.col)
            self._start_refill()
        elif op == A.BRIDGE:
            self._bridge(action.n, action.card, action.col)
        elif op == A.MOVE:
            cols = self.cols[self.cur]
            src = cols[action.src]
            src.pop()
            cols[action.col].append(WIZARD)
            base = self.cur * 5
            mask = self.rbmask | 1 << (base + action.col)
            if max(src, default=0) < FIRST_RAINBOW:
                mask &= ~(1 << (base + action.src))
            self.rbmask = mask
            self.phase = FLIP
        elif op == A.SWAP:
            self._swap(action.card, action.side, action.col)
        elif op == A.PLACE:
            self.castles[action.col].append(self.pending)
            self._top_changed(action.col)
            self.pending = -1
            self._end_turn()
        else:  # FIRST
            self.first = self.cur = action.side
            self.phase = DEAL

    def _top_changed(self, space: int) -> None:
        """Keep ``xmask`` (spaces topped by a Rainbow Castle) up to date."""
        stack = self.castles[space]
        if stack and stack[-1] == CASTLE:
            self.xmask |= 1 << space
        else:
            self.xmask &= ~(1 << space)

    def _take_from_hand(self, kind: int) -> None:
        p = self.cur
        self.hands[p].remove(kind)
        known = self.known[p]
        if kind in known:
            known.remove(kind)

    def _play(self, kind: int, col: int) -> None:
        self._take_from_hand(kind)
        self.cols[self.cur][col].append(kind)
        self._start_refill()

    def _bridge(self, n: int, kind: int, col: int) -> None:
        column = self.cols[self.cur][col]
        top = TOP_VALUE[column[-1]] if column else 0
        for i in range(n):
            self._take_from_hand(RAINBOW)
            column.append(BRIDGE_BASE + top + i)  # stands for top + i + 1
        self.rbmask |= 1 << (self.cur * 5 + col)
        self._take_from_hand(kind)
        column.append(kind)
        self._start_refill()

    def _swap(self, kind: int, side: int, col: int) -> None:
        column = self.cols[side][col]
        i = lowest_rainbow(column)
        self._take_from_hand(kind)
        column[i] = kind
        if max(column) < FIRST_RAINBOW:
            self.rbmask &= ~(1 << (side * 5 + col))
        p = self.cur
        self.hands[p].append(RAINBOW)
        self.known[p].append(RAINBOW)
        self._end_turn()

    def _start_refill(self) -> None:
        self.need = HAND_SIZE - len(self.hands[self.cur])
        if self.need > 0:
            self.phase = REFILL
        else:  # cannot happen after a play or castle; kept so a refill is never of 0 cards
            self._end_turn()

    def _draw(self, space: int) -> None:
        if space < 0:
            self.phase = DRAW
            return
        kind = self.castles[space].pop()
        self._top_changed(space)
        p = self.cur
        self.hands[p].append(kind)
        self.known[p].append(kind)
        self.need -= 1
        if self.need == 0:
            self._end_turn()

    def _chance(self, kind: int) -> None:
        self.deck.remove(kind)  # keeps the deck sorted, so a draw depends on its contents only
        ph = self.phase
        if ph == DRAW:
            self.hands[self.cur].append(kind)
            self.need -= 1
            if not self.deck:
                self._finish()  # ruling 7: the last card ends the game at once; owed draws lapse
            elif self.need == 0:
                self._end_turn()
            else:
                self.phase = REFILL
        elif ph == DEAL:
            self.hands[(self.first + self.dealt) % 2].append(kind)
            self.dealt += 1
            if self.dealt == 2 * HAND_SIZE:
                self.phase = ACT
                self.cur = self.first
        else:  # FLIP after a Move
            if kind < FIRST_RAINBOW:
                self.castles[FACTION_OF[kind]].append(kind)
                self._top_changed(FACTION_OF[kind])
                if self.deck:
                    self._end_turn()
                else:
                    self._finish()
            else:
                self.pending = kind
                if self.deck:
                    self.phase = PLACE
                else:
                    self._finish()  # the turned-up Rainbow card stays pending: the game is over

    def _end_turn(self) -> None:
        self.castled = -1
        self.need = 0
        self.turn += 1
        if self.turn >= TURN_LIMIT:
            self._finish()
        else:
            self.cur ^= 1
            self.phase = ACT

    def _finish(self) -> None:
        self.phase = OVER
        self.need = 0
        self.castled = -1
        self._legal = None

    def _why_illegal(self, action: A.MusterAction) -> str:
        """The refusal :meth:`apply` raises; :class:`~tabletop_muster.state.MusterState` gives the reason."""
        return f"{action}: not legal in this position"

    # ------------------------------------------------------------ checks
    def card_count(self) -> list[int]:
        """How many cards of each kind the state holds, everywhere (47 in all when consistent)."""
        counts = [0] * NUM_KINDS
        for zone in (self.deck, *self.hands, *self.castles):
            for k in zone:
                counts[k] += 1
        for side in self.cols:
            for col in side:
                for t in col:
                    counts[RAINBOW if t >= FIRST_RAINBOW else t] += 1  # a Wizard or Bridge is a Rainbow card
        if self.pending >= 0:
            counts[self.pending] += 1
        return counts


def lowest_rainbow(column: Sequence[int]) -> int:
    """Where the lowest Rainbow card of a column lies (the one a Swap replaces, ruling 8), or -1."""
    for i, t in enumerate(column):
        if t >= FIRST_RAINBOW:
            return i
    return -1
