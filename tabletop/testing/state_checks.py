"""Checks of one position. Each raises :class:`AssertionError` with a readable message.

They are what :func:`tabletop.testing.check_game` runs along random playouts,
and each can be called alone on a state a test has built::

    >>> check_legal_actions(state)              # doctest: +SKIP
    >>> check_notation(game, state)             # doctest: +SKIP
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.game import (
    CHANCE,
    SPECTATOR,
    TERMINAL,
    Game,
    IllegalActionError,
    InvalidActionError,
    State,
    View,
    state_after,
    view_for,
)
from tabletop.testing.util import describe_differences, fail, snapshot

GARBAGE = ("@@ not an action @@", "\x00", "¿?")
"""Texts no game should read as an action."""

PROBABILITY_TOLERANCE = 1e-9

LISTING_ORDER_SEED = 33
"""The seed of the two draws compared by :func:`check_draw_ignores_listing_order`."""


def check_current_player(state: State[Any], players: int) -> None:
    """``current_player()`` is a seat, CHANCE or TERMINAL, and agrees with the predicates."""
    player = state.current_player()
    if player not in (CHANCE, TERMINAL) and not 0 <= player < players:
        fail(f"current_player() is {player!r}: expected 0..{players - 1}, CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
    if state.is_terminal() != (player == TERMINAL) or state.is_chance_node() != (player == CHANCE):
        fail("is_terminal() / is_chance_node() disagree with current_player()")


def check_invariants(state: State[Any]) -> None:
    """The game's own invariants hold (``state.invariant_violations()`` is empty)."""
    problems = state.invariant_violations()
    if problems:
        fail("the state breaks the game's invariants: " + "; ".join(problems))


def check_legal_actions(state: State[Any]) -> None:
    """Only the player to act has actions: none at the end, some otherwise, sorted by ``str`` and unique."""
    legal = state.legal_actions()
    texts = [str(a) for a in legal]
    if state.is_terminal():
        if legal:
            fail(f"a finished game still lists legal actions: {texts[:5]}")
        return
    if not legal:
        fail(f"no legal actions for player {state.current_player()} in a game that is not over")
    if texts != sorted(texts):
        fail(f"legal actions are not sorted by their notation: {texts[:8]} (expected {sorted(texts)[:8]})")
    duplicates = sorted(t for t, n in Counter(texts).items() if n > 1)  # linear: a chance node may list thousands
    if duplicates:
        fail(f"several legal actions share the notation {duplicates[:5]}: notation must name one action")


def check_chance(state: State[Any], rng: random.Random, samples: int = 3) -> None:
    """At a chance node: outcomes are the legal actions, probabilities in (0, 1] summing to 1."""
    if not state.is_chance_node():
        return
    outcomes = state.chance_outcomes()
    if not outcomes:
        fail("a chance node has no outcomes")
    total = math.fsum(p for _, p in outcomes)
    if abs(total - 1.0) > PROBABILITY_TOLERANCE:
        fail(f"chance outcome probabilities sum to {total!r}, not 1 ({len(outcomes)} outcomes)")
    bad = [(str(a), p) for a, p in outcomes if not 0.0 < p <= 1.0]
    if bad:
        fail(f"chance outcomes with probabilities outside (0, 1]: {bad[:5]}")
    outcome_texts = sorted(str(a) for a, _ in outcomes)
    legal_texts = [str(a) for a in state.legal_actions()]
    if outcome_texts != sorted(legal_texts):
        fail(f"chance_outcomes() {outcome_texts[:6]} differ from legal_actions() {legal_texts[:6]}")
    allowed = {str(a) for a, _ in outcomes}
    for _ in range(samples):
        drawn = str(state.sample_chance(rng))
        if drawn not in allowed:
            fail(f"sample_chance() returned {drawn!r}, which is not among chance_outcomes()")
    check_draw_ignores_listing_order(state, outcomes, LISTING_ORDER_SEED)


def check_draw_ignores_listing_order(state: State[Any], outcomes: list[tuple[Any, float]], seed: int) -> None:
    """``sample_chance`` draws the same outcome whatever order ``chance_outcomes()`` lists them in.

    A list built from a set comes out in another order under another
    ``PYTHONHASHSEED``; a draw by position in it would replay differently.
    """
    reordered = state.clone()
    try:
        vars(reordered)["chance_outcomes"] = lambda: list(reversed(outcomes))
    except TypeError:  # a state without an instance dictionary (slots) cannot be reordered here
        return
    drawn, redrawn = str(state.sample_chance(random.Random(seed))), str(reordered.sample_chance(random.Random(seed)))
    if drawn != redrawn:
        fail(
            f"sample_chance() drew {drawn!r}, but {redrawn!r} from the same seed with chance_outcomes() listed in "
            "another order: draw by the outcomes' notation (sorted by str), as the default sample_chance does"
        )


def check_clone_independent(state: State[Any], action: Any = None) -> None:
    """A clone equals the original, and applying an action to either leaves the other unchanged."""
    clone = state.clone()
    if type(clone) is not type(state) or clone != state:
        fail(f"clone() is not equal to the original:\n{describe_differences(state.to_json(), clone.to_json())}")
    if state.is_terminal():
        return
    if action is None:
        action = state.legal_actions()[0]
    before = snapshot(state.to_json())
    clone.apply(action)
    if snapshot(state.to_json()) != before:
        fail(
            f"applying {str(action)!r} to a clone changed the original: the clone shares mutable data\n"
            + describe_differences(json.loads(before), state.to_json())
        )
    original, copy = state.clone(), state.clone()
    kept = snapshot(copy.to_json())
    original.apply(action)
    if snapshot(copy.to_json()) != kept:
        fail(f"applying {str(action)!r} to a state changed its earlier clone: the clone shares mutable data")


def check_actions_apply(state: State[Any], limit: int | None = None) -> None:
    """Every legal action (or the first ``limit``) applies to a clone without error."""
    for action in state.legal_actions()[:limit]:
        clone = state.clone()
        try:
            clone.apply(action)
        except Exception as exc:
            raise AssertionError(f"the legal action {str(action)!r} raised {type(exc).__name__}: {exc}") from exc


def check_notation(game: Game[Any], state: State[Any]) -> None:
    """``str(action)`` of every legal action parses back to an equal action."""
    for action in state.legal_actions():
        text = str(action)
        try:
            parsed = game.parse_action(state, text)
        except Exception as exc:
            raise AssertionError(f"parse_action(state, {text!r}) raised {type(exc).__name__}: {exc}") from exc
        if parsed != action or str(parsed) != text:
            fail(f"{text!r} parses back as {parsed!r} (notation {str(parsed)!r}), not as {action!r}")


def check_illegal_refused(game: Game[Any], state: State[Any], candidates: Iterable[Any]) -> int:
    """Actions legal elsewhere but not here are refused with IllegalActionError, changing nothing.

    ``candidates`` are action values (e.g. legal in other positions); those
    legal here are skipped. Each is tried as a value and as parsed from its
    notation. Returns how many were tried.
    """
    legal = {str(a) for a in state.legal_actions()}
    tried = 0
    for action in candidates:
        text = str(action)
        if text in legal:
            continue
        _expect_refusal(state, action, "")
        try:
            parsed = game.parse_action(state, text)
        except InvalidActionError:
            parsed = None  # not even well-formed here: refusing it is the parser's job
        except Exception as exc:
            raise AssertionError(f"parse_action(state, {text!r}) raised {type(exc).__name__}: {exc}") from exc
        if parsed is not None and str(parsed) not in legal:
            _expect_refusal(state, parsed, " (as parsed from its notation)")
        tried += 1
    return tried


def _expect_refusal(state: State[Any], action: Any, how: str) -> None:
    clone = state.clone()
    before = snapshot(clone.to_json())
    try:
        clone.apply(action)
    except IllegalActionError:
        pass
    except Exception as exc:
        raise AssertionError(
            f"the illegal action {str(action)!r}{how} raised {type(exc).__name__}: {exc}; expected IllegalActionError"
        ) from exc
    else:
        legal = [str(a) for a in state.legal_actions()]
        fail(f"the illegal action {str(action)!r}{how} was accepted (legal here: {legal[:8]})")
    if snapshot(clone.to_json()) != before:
        fail(f"refusing the illegal action {str(action)!r}{how} still changed the state")


def check_garbage_refused(game: Game[Any], state: State[Any], texts: Sequence[str] = GARBAGE) -> None:
    """Texts that are no action at all raise InvalidActionError from ``parse_action``."""
    for text in texts:
        try:
            parsed = game.parse_action(state, text)
        except InvalidActionError:
            continue
        except Exception as exc:
            raise AssertionError(
                f"parse_action(state, {text!r}) raised {type(exc).__name__}: {exc}; expected InvalidActionError"
            ) from exc
        fail(f"parse_action(state, {text!r}) accepted garbage as {parsed!r}; expected InvalidActionError")


def check_serialisation(
    game: Game[Any], state: State[Any], continuation: Sequence[Any] = (), *, players: int | None = None
) -> None:
    """The state survives ``to_json`` -> JSON text -> ``state_from_json``, and plays on identically.

    ``players`` is the number of seats whose views are compared (default: ``game.info.players``).
    ``continuation`` (actions that follow in some game) is applied to a clone
    and to the restored state: a field left out of the JSON shows up there.
    """
    data = state.to_json()
    text = snapshot(data)
    if json.loads(text) != data:
        fail(
            "to_json() changes through JSON text (tuples, non-string keys or NaN?):\n"
            + describe_differences(data, json.loads(text))
        )
    try:
        restored = game.state_from_json(json.loads(text))
    except Exception as exc:
        raise AssertionError(f"state_from_json(to_json()) raised {type(exc).__name__}: {exc}") from exc
    if restored != state:
        fail("state_from_json(to_json()) differs from the state:\n" + describe_differences(data, restored.to_json()))
    _same_position(state, restored, "the state restored from JSON")
    seats = game.info.players if players is None else players  # a range's count is the game's options'
    _same_views(state, restored, seats, "the state restored from JSON")
    original = state.clone()
    for i, action in enumerate(continuation):
        try:
            restored.apply(action)
        except Exception as exc:
            raise AssertionError(
                f"the state restored from JSON refused {str(action)!r} (action {i + 1} after the round trip), "
                f"which the original accepted: {type(exc).__name__}: {exc}; to_json() loses something"
            ) from exc
        original.apply(action)
    if continuation and snapshot(restored.to_json()) != snapshot(original.to_json()):
        fail(
            f"after the same {len(continuation)} actions the state restored from JSON differs from the original, "
            "so to_json() loses something:\n" + describe_differences(original.to_json(), restored.to_json())
        )
    what = f"after {len(continuation)} more actions, the state restored from JSON"
    _same_position(original, restored, what)
    _same_views(original, restored, seats, what)


def _same_position(state: State[Any], other: State[Any], what: str) -> None:
    if other.current_player() != state.current_player():
        fail(f"{what} has player {other.current_player()} to act, the original {state.current_player()}")
    mine, theirs = [str(a) for a in state.legal_actions()], [str(a) for a in other.legal_actions()]
    if mine != theirs:
        fail(f"{what} offers {theirs[:8]}, the original {mine[:8]}")
    if state.is_terminal() and other.returns() != state.returns():
        fail(f"{what} has returns {other.returns()}, the original {state.returns()}")


def _same_views(state: State[Any], other: State[Any], players: int, what: str) -> None:
    for player in range(players):
        mine, theirs = state.view(player).to_json(), other.view(player).to_json()
        if mine != theirs:
            fail(f"{what} shows player {player} a different view:\n{describe_differences(mine, theirs)}")


def check_views(game: Game[Any], state: State[Any], players: int) -> None:
    """Views are JSON, belong to their player, and are equal for equal states."""
    twin = state.clone()
    restored = game.state_from_json(json.loads(snapshot(state.to_json())))
    for player in range(players):
        view = state.view(player)
        data = view.to_json()
        try:
            text = json.dumps(data, sort_keys=True)
        except (TypeError, ValueError) as exc:
            fail(f"view({player}).to_json() is not JSON: {exc}")
        if json.loads(text) != data:
            fail(f"view({player}).to_json() changes through JSON text:\n{describe_differences(data, json.loads(text))}")
        if getattr(view, "player", player) != player:
            fail(f"view({player}).player is {view.player!r}")
        for other, what in ((twin, "a clone"), (restored, "the state read back from JSON")):
            if other.view(player) != view:
                fail(
                    f"view({player}) of {what} differs from the original's though the states are equal:\n"
                    + describe_differences(data, other.view(player).to_json())
                )
        hash(view)


def check_no_leak(state: State[Any], players: int, rng: random.Random, samples: int = 2) -> int:
    """``resample_hidden(p)`` redraws only what ``p`` cannot see, so ``view(p)`` must not change.

    A view that shows something ``resample_hidden`` redraws is a leak (or the
    resampling redraws something the player can see). Returns how many
    resampled states differ from the original at all, which the caller uses
    to tell a real check from a vacuous one.
    """
    before = snapshot(state.to_json())
    differing = 0
    public = public_view_or_none(state)
    for player in range(players):
        view = state.view(player)
        for _ in range(samples):
            other = state.resample_hidden(player, rng)
            if snapshot(state.to_json()) != before:
                fail(f"resample_hidden({player}) changed the original state; it must return a new one")
            if other.view(player) != view:
                fail(
                    f"view({player}) changed when resample_hidden({player}) redrew what player {player} cannot "
                    f"see: the view leaks hidden information (or the resampling redraws something visible):\n"
                    + describe_differences(view.to_json(), other.view(player).to_json())
                )
            if public is not None and other.public_view() != public:
                # Whatever one seat cannot see, nobody at no seat may see either.
                fail(
                    f"public_view() changed when resample_hidden({player}) redrew what player {player} cannot see: "
                    "the public view shows a hidden card:\n"
                    + describe_differences(public.to_json(), other.public_view().to_json())
                )
            if other.current_player() != state.current_player():
                fail(f"resample_hidden({player}) changed whose turn it is")
            if state.current_player() == player:
                _same_position(state, other, f"resample_hidden({player})")
            differing += snapshot(other.to_json()) != before
    return differing


def public_view_or_none(state: State[Any]) -> View | None:
    """The state's public view, or None for a game that gives none."""
    try:
        return state.public_view()
    except NotImplementedError:
        return None


def check_returns(state: State[Any], players: int) -> None:
    """At the end each player's result is a number in [0, 1], and the outcome has words."""
    if not state.is_terminal():
        return
    result = state.returns()
    if len(result) != players:
        fail(f"returns() has {len(result)} entries for {players} players: {result}")
    if not all(isinstance(r, (int, float)) and 0.0 <= r <= 1.0 for r in result):
        fail(f"returns() must lie in [0, 1]: {result}")
    text = state.outcome_text()
    if not isinstance(text, str) or not text.strip():
        fail(f"outcome_text() of a finished game is empty: {text!r}")


def check_describe(state: State[Any], players: int, limit: int = 20, alike_limit: int = 64) -> None:
    """``describe(action, viewer)`` is non-empty text for every player and for None, changing nothing,
    and tells a player no more than their view does; nor do the facts of :meth:`~tabletop.game.State.event_facts`.

    Two actions that lead to different positions which player ``p``'s view shows
    the same (a card dealt face down to the opponent, say) must read the same in
    ``p``'s log: otherwise the log names what the view hides. Two routes to the
    very same position may read differently.
    """
    before = snapshot(state.to_json())
    legal = state.legal_actions()
    viewers = [*range(players)] + ([SPECTATOR] if public_view_or_none(state) is not None else [])
    for action in legal[:limit]:
        for viewer in [None, *viewers]:
            text = state.describe(action, viewer)
            if not isinstance(text, str) or not text.strip():
                fail(f"describe({str(action)!r}, viewer={viewer}) is empty: {text!r}")
    afters = []
    for action in legal[:alike_limit]:
        after = state_after(state, action)
        afters.append((action, after, snapshot(after.to_json())))
    for viewer in viewers:
        by_view: dict[Any, list[tuple[Any, tuple[str, Any], str]]] = {}
        for action, after, position in afters:
            # The words, and the facts a board draws from (event_facts), may tell no more than the view.
            told = (state.describe(action, viewer), state.event_facts(action, viewer))
            seen = by_view.setdefault(view_for(after, viewer), [])
            for other, other_told, other_position in seen:
                for hook, mine, theirs in zip(("describe", "event_facts"), told, other_told, strict=True):
                    if mine != theirs and other_position != position:
                        who, view = (
                            (f"player {viewer}", f"view(player={viewer})")
                            if viewer != SPECTATOR
                            else ("someone at no seat", "public_view()")
                        )
                        fail(
                            f"{hook}() tells {who} more than their view: {str(other)!r} and {str(action)!r} "
                            f"lead to positions {view} shows the same, yet read {theirs!r} and {mine!r}"
                        )
            seen.append((action, told, position))
    if snapshot(state.to_json()) != before:
        fail("describe() changed the state")
