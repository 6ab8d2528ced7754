"""Gin Rummy's computer levels, in menu order: ``AGENTS`` (name -> factory) and ``LABELS``.

* Easy plays the plain moves (:func:`tabletop_gin.strategy.plain_move`) but draws and discards at random
  one time in three.
* Medium plays the plain moves: OpenSpiel's simple bot, laying off as well.
* Hard looks ahead: it samples the other hand (``resample_hidden``) to see what a knock would score, and
  weighs each discard, and the upcard against the stock, by the chance of getting to knock before the other
  player, over sampled runs of its next draws (:mod:`tabletop_gin.race`), each run weighed by the chance that
  none of the cards it throws on the way lets the other player take it and knock at once, over hands of the
  other player sampled as a simple player's (:mod:`tabletop_gin.feeding`); each run takes the cards one of
  those hands throws on the way where they lower its deadwood. Its other settings (the one-draw
  estimate it used before, the danger of feeding the opponent, the chance that a discard lets the opponent
  knock at once, playouts) are options for experiments, measured in docs/gin.md.

>>> import random
>>> from tabletop_gin.rules import GinState
>>> state = GinState.new()
>>> rng = random.Random(2)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> seat = state.current_player()
>>> str(HardAgent().choose(state.view(seat), state.legal_actions(), rng)) in ("take", "pass")
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.agents import Agent, RandomAgent
from tabletop_gin.actions import Discard, Draw, GinAction, Knock, Pass, Take
from tabletop_gin.feeding import growing_safeties, knock_risk, runs_with_offers, simple_hands
from tabletop_gin.layoffs import best_defence
from tabletop_gin.melds import best_arrangement, best_melds, cards_of, deadwood, deadwood_after_discard
from tabletop_gin.playout import play_out
from tabletop_gin.race import RACE_DRAWS, draws_ahead, opponent_draws, race_value, still_in
from tabletop_gin.rules import GinState
from tabletop_gin.scoring import score_hand
from tabletop_gin.strategy import (
    _greedy_draw,
    draw_gain,
    draw_sequences,
    future_deadwood,
    help_to,
    knock_earliness,
    plain_move,
    take_gain,
)
from tabletop_gin.view import DISCARD, DRAW, FIRST, GinView
from tabletop_gin.worlds import unseen_cards, world_of

EASY_RANDOM = 1 / 3
"""How often Easy draws or discards at random."""
SAMPLES = 24
"""Worlds Hard samples per decision."""
GAIN_WEIGHT = 1.0
"""What Hard counts the next draw's expected gain for, against a point of deadwood now."""
DANGER_WEIGHT = 0.0
"""What Hard counts a point the discard would save the opponent for."""
PLAYOUTS = 0
"""Worlds Hard plays each shortlisted choice out in (0: rate by estimates instead)."""
SHORTLIST = 4
"""The discards (leaving the least deadwood first) that Hard plays out."""
THINKING_SECONDS = 0.5
"""Hard stops weighing further discards after this long, keeping the move within a second on a busy machine."""
RACE_WEIGHT = 0.0
"""What Hard counts knocking at once for, in points of deadwood, against knocking later or not in its futures
(the first to knock wins nearly every hand against a player who knocks at once)."""
KNOWN_WEIGHT = 0.0
"""What Hard counts a discard that melds with the opponent's known cards for, in points of deadwood."""
HORIZON = 0
"""Draws Hard plays ahead in its own futures (0: the one-draw estimate instead)."""
FUTURES = 16
"""Futures (runs of draws) Hard plays ahead per decision."""
DECLINED_FACTOR = 0.3
"""How much less likely a sampled opponent hand is for each declined upcard it could have used."""
KNOCK_MARGIN = 0.0
"""Hard knocks when the knock is expected to score more than this."""
ROLLOUTS = 128
"""Runs of its next draws over which Hard plays each choice out (:mod:`tabletop_gin.race`; 0: rate by the
one-draw estimate instead)."""
DEADWOOD_WEIGHT = 0.003
"""What a point of deadwood kept costs a discard, against the chance of knocking first: the points a hand loses
when the other player knocks first (measured in docs/gin.md: without it Hard won as many hands but fewer
points)."""

PACE = 1.0
"""How many times a simple player alone's chance to get to knock at a draw Hard takes the other player's to be
(:func:`tabletop_gin.race.still_in`; measured in docs/gin.md: about 2.5 in play, where it also takes
discards, but a higher pace won no more hands)."""

KILL_SAMPLES = 0
"""Hands of the other player, sampled as a simple player's, over which Hard counts the chance that a discard lets
it knock at once (:mod:`tabletop_gin.feeding`); 0: not counted (measured in docs/gin.md: no more hands won)."""


FEED_SAMPLES = 32
"""Hands of the other player, sampled as a simple player's, over which Hard weighs each of its runs by the chance
that none of the cards it throws on the way lets the other player knock at once (0: not weighed)."""

OFFERS = 1
"""Whether Hard's runs of draws take the cards the other player throws on the way (one of its hands sampled for
``feed`` beside each run), where they lower the deadwood (0, or ``feed=0``: the stock alone)."""

FEED_EVERY = 0
"""How many of the other player's draws one table of its hands' risks serves before it is measured again, its
sampled hands drawn on (0: the risks now serve every draw)."""


class MediumAgent(Agent[GinAction, GinView]):
    """The plain moves: OpenSpiel's simple bot, laying off as well."""

    name = "medium"

    def choose(self, view: GinView, legal: Sequence[GinAction], rng: random.Random) -> GinAction:
        return plain_move(view, legal)


class EasyAgent(Agent[GinAction, GinView]):
    """The plain moves, but a random draw or discard one time in three."""

    name = "easy"

    def choose(self, view: GinView, legal: Sequence[GinAction], rng: random.Random) -> GinAction:
        if view.phase in (FIRST, DRAW, DISCARD) and rng.random() < EASY_RANDOM:
            choices: list[GinAction] = [a for a in legal if not isinstance(a, Knock)] or list(legal)
            return rng.choice(choices)
        return plain_move(view, legal)


class HardAgent(Agent[GinAction, GinView]):
    """Plays its choices out over sampled runs of its draws, racing to knock first; values a knock over sampled
    hands of the opponent."""

    name = "hard"

    def __init__(
        self,
        samples: int = SAMPLES,
        gain: float = GAIN_WEIGHT,
        danger: float = DANGER_WEIGHT,
        margin: float = KNOCK_MARGIN,
        horizon: int = HORIZON,
        futures: int = FUTURES,
        known: float = KNOWN_WEIGHT,
        race: float = RACE_WEIGHT,
        playouts: int = PLAYOUTS,
        shortlist: int = SHORTLIST,
        rollouts: int = ROLLOUTS,
        dead: float = DEADWOOD_WEIGHT,
        pace: float = PACE,
        kill: int = KILL_SAMPLES,
        feed: int = FEED_SAMPLES,
        every: int = FEED_EVERY,
        offers: int = OFFERS,
    ) -> None:
        self.feed, self.every, self.offers = feed, every, offers
        self.rollouts, self.dead, self.pace, self.kill = rollouts, dead, pace, kill
        self.playouts = playouts
        self.shortlist = shortlist
        self.known = known
        self.race = race
        self.samples = samples
        self.horizon = horizon
        self.futures = futures
        self.gain = gain
        self.danger = danger
        self.margin = margin

    def choose(self, view: GinView, legal: Sequence[GinAction], rng: random.Random) -> GinAction:
        if view.phase in (FIRST, DRAW) and Take() in legal and view.upcard is not None:
            return self._draw_or_take(view, legal, rng)
        if view.phase == DISCARD:
            return self._discard_or_knock(view, legal, rng)
        return plain_move(view, legal)

    def _draw_or_take(self, view: GinView, legal: Sequence[GinAction], rng: random.Random) -> GinAction:
        assert view.upcard is not None
        if self.playouts:
            return self._take_by_playouts(view, legal, rng)
        if self.horizon:
            return self._draw_or_take_ahead(view, legal, rng)
        if self.rollouts:
            return self._take_by_race(view, legal, rng)
        gain = take_gain(view, view.upcard)
        expected = draw_gain(view.hand, unseen_cards(view))
        if gain > 0 and gain >= expected:
            return Take()
        return Draw() if Draw() in legal else Pass()

    def _discard_or_knock(self, view: GinView, legal: Sequence[GinAction], rng: random.Random) -> GinAction:
        # The other hand is sampled only where it is read: a knock's value, the danger of a discard, playouts.
        needed = Knock() in legal or self.danger or self.playouts
        opponents = self._opponent_hands(view, rng) if needed else []
        if Knock() in legal:
            hand = view.hand
            if deadwood_after_discard(hand) == 0 or knock_value(view, opponents) > self.margin:
                return Knock()
        unseen = unseen_cards(view)
        if self.playouts:
            return self._discard_by_playouts(view, legal, opponents, unseen, rng)
        futures = draw_sequences(unseen, self.futures, self.horizon, rng) if self.horizon else []
        racing = self.rollouts and not self.horizon
        runs, offers, safety, chances = self._runs(view, unseen, rng) if racing else ([], [], [], [])
        near = simple_hands(view, self.kill, rng) if racing and self.kill else []

        def rate(card: int) -> tuple[float, int]:
            kept = view.hand & ~(1 << card)
            if racing:  # the chance to knock first, less the deadwood held should the other knock first
                left = deadwood(kept)
                safe = (safety[0][card] if safety else 1.0) * (1.0 - knock_risk(card, near, view.knock_card))
                value = race_value(kept, runs, chances, view.knock_card, later=1, safe=safety, offers=offers)
                return safe * value - self.dead * left, -left
            if self.horizon:
                return self._rate_ahead(view, card, futures, opponents), 0
            return self._rate(view, kept, card, unseen, opponents), 0

        # The plain choices first, so that a move cut short by its time still weighs the likely ones.
        discards = sorted(
            (a.card for a in legal if isinstance(a, Discard)), key=lambda c: (deadwood(view.hand & ~(1 << c)), -c)
        )
        deadline = time.perf_counter() + THINKING_SECONDS
        rated = []
        for card in discards:
            rated.append((rate(card), card))
            if time.perf_counter() > deadline:
                break
        return Discard(max(rated)[1])

    def _runs(
        self, view: GinView, unseen: int, rng: random.Random
    ) -> tuple[list[list[int]], list[list[int]], list[list[float]], list[float]]:
        """Sampled runs of Hard's next draws, the other player's throws offered on the way (``offers``),
        each card's chance not to let the other player knock at once if thrown, now and after each of its next
        draws (:func:`tabletop_gin.feeding.growing_safeties`), from the same hands of the other player, and the
        chance that it has not knocked after each of its next draws (:func:`tabletop_gin.race.still_in`)."""
        if self.offers and self.feed:
            hands = simple_hands(view, self.feed, rng)
            runs, offers = runs_with_offers(hands, unseen, view.stock, self.rollouts, rng)
        else:
            runs, offers = draws_ahead(unseen, view.stock, self.rollouts, rng), []
            hands = simple_hands(view, self.feed, rng) if self.feed else []
        chances = still_in(opponent_draws(view.stock), pace=self.pace)
        if not self.feed:
            return runs, offers, [], chances
        draws = RACE_DRAWS if self.every else 0
        return runs, offers, growing_safeties(hands, unseen, view.knock_card, draws, max(1, self.every), rng), chances

    def _worlds(self, opponents: list[tuple[int, float]], unseen: int, rng: random.Random) -> list[World]:
        """Up to ``playouts`` sampled worlds: the opponent's hand, its weight, the stock, a seed for the rest."""
        return [
            (hand, weight, cards_of(unseen & ~hand), rng.randrange(2**32))
            for hand, weight in opponents[: self.playouts]
        ]

    def _discard_by_playouts(
        self,
        view: GinView,
        legal: Sequence[GinAction],
        opponents: list[tuple[int, float]],
        unseen: int,
        rng: random.Random,
    ) -> GinAction:
        hand = view.hand
        cards = sorted(
            (a.card for a in legal if isinstance(a, Discard)), key=lambda c: (deadwood(hand & ~(1 << c)), -c)
        )
        worlds = self._worlds(opponents, unseen, rng)
        deadline = time.perf_counter() + THINKING_SECONDS
        rated = []
        for card in cards[: self.shortlist]:
            rated.append(
                (_played(worlds, hand & ~(1 << card), card, view.knock_card, mover=1), -cards.index(card), card)
            )
            if time.perf_counter() > deadline:
                break
        return Discard(max(rated)[2])

    def _take_by_race(self, view: GinView, legal: Sequence[GinAction], rng: random.Random) -> GinAction:
        """The upcard when keeping it (and the best discard after it) gives a better chance to knock first than
        this turn's draw from the stock, over the same sampled runs of draws."""
        assert view.upcard is not None
        stock = Draw() if Draw() in legal else Pass()
        if take_gain(view, view.upcard) <= 0:
            return stock
        runs, offers, safe, chances = self._runs(view, unseen_cards(view), rng)
        eleven = view.hand | 1 << view.upcard
        forbidden = -1 if view.rules.openspiel else view.upcard
        taking = max(
            (safe[0][c] if safe else 1.0)
            * race_value(eleven & ~(1 << c), runs, chances, view.knock_card, later=1, safe=safe, offers=offers)
            for c in cards_of(eleven)
            if c != forbidden
        )
        # each run's first card drawn now
        drawing = race_value(view.hand, runs, chances, view.knock_card, safe=safe, offers=offers)
        return Take() if taking > drawing else stock

    def _take_by_playouts(self, view: GinView, legal: Sequence[GinAction], rng: random.Random) -> GinAction:
        assert view.upcard is not None
        stock = Draw() if Draw() in legal else Pass()
        if take_gain(view, view.upcard) <= 0:
            return stock
        opponents = self._opponent_hands(view, rng)
        worlds = self._worlds(opponents, unseen_cards(view), rng)
        eleven = view.hand | 1 << view.upcard
        forbidden = -1 if view.rules.openspiel else view.upcard
        thrown = min((c for c in cards_of(eleven) if c != forbidden), key=lambda c: (deadwood(eleven & ~(1 << c)), -c))
        taking = _played(worlds, eleven & ~(1 << thrown), thrown, view.knock_card, mover=1)
        drawing = _played(worlds, view.hand, -1, view.knock_card, mover=0)
        return Take() if taking >= drawing else stock

    def _rate_ahead(
        self, view: GinView, card: int, futures: list[list[int]], opponents: list[tuple[int, float]]
    ) -> float:
        kept = view.hand & ~(1 << card)
        danger = 0.0
        if self.danger:
            weight = sum(w for _, w in opponents)
            danger = sum(w * help_to(card, o) for o, w in opponents) / weight
        ahead = future_deadwood(kept, futures, view.knock_card, self.horizon)
        now = deadwood(kept)
        soon = knock_earliness(kept, futures, view.knock_card, self.horizon) if self.race else 0.0
        return self.race * soon - (now + self.gain * ahead) - self.danger * danger - self.known * _feeds(view, card)

    def _draw_or_take_ahead(self, view: GinView, legal: Sequence[GinAction], rng: random.Random) -> GinAction:
        assert view.upcard is not None
        up = view.upcard
        stock = Draw() if Draw() in legal else Pass()
        if take_gain(view, up) <= 0:
            return stock
        futures = draw_sequences(unseen_cards(view), self.futures, self.horizon + 1, rng)
        eleven = view.hand | 1 << up
        forbidden = -1 if view.rules.openspiel else up
        knock = view.knock_card

        def cost(h: int) -> float:
            soon = knock_earliness(h, futures, knock, self.horizon) if self.race else 0.0
            return deadwood(h) + self.gain * future_deadwood(h, futures, knock, self.horizon) - self.race * soon

        kept = min((eleven & ~(1 << c) for c in cards_of(eleven) if c != forbidden), key=cost)
        taking = cost(kept)
        drawing = future_deadwood(view.hand, futures, knock, 1) + self.gain * _after_first(
            view.hand, futures, knock, self.horizon
        )
        if self.race:
            drawing -= self.race * knock_earliness(view.hand, futures, knock, self.horizon + 1)
        return Take() if taking < drawing else stock

    def _rate(self, view: GinView, hand: int, card: int, unseen: int, opponents: list[tuple[int, float]]) -> float:
        danger = 0.0
        if self.danger:
            weight = sum(w for _, w in opponents)
            danger = sum(w * help_to(card, o) for o, w in opponents) / weight
        rating = -deadwood(hand) + self.gain * draw_gain(hand, unseen) - self.danger * danger
        return rating - self.known * _feeds(view, card)

    def _opponent_hands(self, view: GinView, rng: random.Random) -> list[tuple[int, float]]:
        """Sampled hands of the opponent, each weighed by how well it explains the upcards they declined."""
        world: GinState = world_of(view, rng)
        other = 1 - view.player
        hands = [world.hands[other]]
        for _ in range(self.samples - 1):
            hands.append(world.resample_hidden(view.player, rng).hands[other])
        declined = cards_of(view.declined[other])
        return [(hand, likelihood(hand, declined)) for hand in hands]


def likelihood(hand: int, declined: list[int]) -> float:
    """How likely a sampled opponent ``hand`` is, given the upcards they left: one that would have used a
    declined card counts for less (:data:`DECLINED_FACTOR` for each)."""
    weight = 1.0
    for card in declined:
        if help_to(card, hand) > 0:
            weight *= DECLINED_FACTOR
    return weight


World = tuple[int, float, list[int], int]
"""A sampled world for playouts: the opponent's hand, its weight, the stock's cards, a seed."""


def _played(worlds: list[World], mine: int, upcard: int, knock_card: int, *, mover: int) -> float:
    """The weighted share of the worlds' playouts that ``mine`` wins, the same seeds for every choice."""
    total = weights = 0.0
    for theirs, weight, stock, seed in worlds:
        won = play_out(
            mine, theirs, upcard=upcard, stock=stock, knock_card=knock_card, rng=random.Random(seed), mover=mover
        )
        total += weight * won
        weights += weight
    return total / weights if weights else 0.5


def _feeds(view: GinView, card: int) -> int:
    """Whether ``card`` would go into a meld with the cards the opponent is known to hold: 1 or 0."""
    known = view.known[1 - view.player]
    if not known:
        return 0
    together = known | 1 << card
    return int(best_arrangement(together)[0] > best_arrangement(known)[0])


def _after_first(hand: int, futures: list[list[int]], knock_card: int, horizon: int) -> float:
    """The mean deadwood over the ``horizon`` draws after the first of each future."""
    total = 0.0
    for future in futures:
        if len(future) < 2:
            continue
        held = hand
        if deadwood(held) > knock_card:
            held, _ = _greedy_draw(held, future[0])
        total += future_deadwood(held, [future[1:]], knock_card, horizon)
    return total / max(1, len(futures))


def knock_value(view: GinView, opponents: list[tuple[int, float]]) -> float:
    """The points a knock now is expected to win (negative: lose), over the sampled opponent hands."""
    hand = view.hand
    forbidden = -1 if view.rules.openspiel or view.taken is None else view.taken
    discard = min(
        (c for c in range(52) if hand >> c & 1 and c != forbidden),
        key=lambda c: (deadwood(hand & ~(1 << c)), -c),
    )
    kept = hand & ~(1 << discard)
    melds = best_melds(kept)
    mine = deadwood(kept)
    total = 0.0
    for opponent, weight in opponents:
        theirs = deadwood(opponent) if mine == 0 else best_defence(melds, opponent, openspiel=view.rules.openspiel)[0]
        _, winner, points = score_hand(
            view.rules, knocker=view.player, knocker_deadwood=mine, defender_deadwood=theirs, doubled=False
        )
        total += weight * (points if winner == view.player else -points)
    return total / sum(w for _, w in opponents)


AGENTS: dict[str, Callable[..., Agent[GinAction, Any]]] = {
    "easy": EasyAgent,
    "medium": MediumAgent,
    "hard": HardAgent,
    "random": RandomAgent,
}

LABELS: dict[str, str] = {
    "easy": "Easy (plain moves, a third of draws and discards at random)",
    "medium": "Medium (the plain moves: melds first, knocks at once)",
    "hard": "Hard (races to knock, over sampled draws and hands)",
    "random": "Random (uniform legal moves)",
}
