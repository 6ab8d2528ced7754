"""The conformance kit catches broken games: one deliberately broken High Card per check."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Group

from tabletop.game import JSON, SPECTATOR, State
from tabletop.testing import (
    ConformanceError,
    KitReport,
    check_agents,
    check_chance,
    check_clone_independent,
    check_describe,
    check_game,
    check_garbage_refused,
    check_illegal_refused,
    check_legal_actions,
    check_no_leak,
    check_notation,
    check_returns,
    check_serialisation,
    check_steps,
    check_views,
    option_combinations,
)


@pytest.fixture(scope="module")
def rules(example_plugin_path: object) -> Any:
    """High Card's rules, with its game class (declared in its own module) beside them as ``rules.HighCard``."""
    import tabletop_highcard.rules
    from tabletop_highcard.game import HighCard

    return SimpleNamespace(**vars(tabletop_highcard.rules), HighCard=HighCard)


def broken(rules: Any, name: str, **methods: Any) -> Any:
    """A High Card whose states override ``methods``: the smallest way to break one rule."""
    state_type = type(name + "State", (rules.HighCardState,), methods)
    return type(name, (rules.HighCard,), {"state_type": state_type})()


def dealt(game: Any, plays: int = 0, cards: tuple[int, ...] = (9, 1, 8, 2, 7, 3)) -> State[Any]:
    """A High Card position after the deal (by default North 9 8 7, South 1 2 3) and ``plays`` cards."""
    state: State[Any] = game.new_initial_state()
    for card in cards:
        state.apply(game.parse_action(state, f"deal {card}"))
    for _ in range(plays):
        state.apply(state.legal_actions()[0])
    return state


# -- the breakages -------------------------------------------------------------------


def never_ends(rules: Any) -> Any:
    def _finish_trick(self: Any) -> None:
        lead, follow = self.trick
        rules.HighCardState._finish_trick(self)
        leader = self.played[-1][0]
        rules._insert_sorted(self.hands[leader], lead)  # the bug: the cards go back, the game cycles
        rules._insert_sorted(self.hands[1 - leader], follow)
        self.played.pop()

    return broken(rules, "NeverEnds", _finish_trick=_finish_trick)


def unsorted_actions(rules: Any) -> Any:
    def legal_actions(self: Any) -> list[Any]:
        return list(reversed(rules.HighCardState.legal_actions(self)))

    return broken(rules, "Unsorted", legal_actions=legal_actions)


def duplicate_notation(rules: Any) -> Any:
    def legal_actions(self: Any) -> list[Any]:
        legal = rules.HighCardState.legal_actions(self)
        return sorted(legal + legal[:1], key=str)

    return broken(rules, "Duplicates", legal_actions=legal_actions)


def bad_notation(rules: Any) -> Any:
    class BadParse(rules.HighCard):  # type: ignore[misc]
        def parse_action(self, state: Any, text: str) -> Any:
            action = super().parse_action(state, text)
            return rules.Play(min(action.card + 1, 9)) if isinstance(action, rules.Play) else action

    return BadParse()


def lossy_json(rules: Any) -> Any:
    def to_json(self: Any) -> JSON:
        data = rules.HighCardState.to_json(self)
        del data["leader"]  # the bug: who leads the next trick is forgotten
        return data

    class Lossy(rules.HighCard):  # type: ignore[misc]
        state_type = type("LossyState", (rules.HighCardState,), {"to_json": to_json})

        def state_from_json(self, data: JSON) -> Any:
            return super().state_from_json({"leader": 0, **data})

    return Lossy()


def shared_clone(rules: Any) -> Any:
    def clone(self: Any) -> Any:
        other = rules.HighCardState.clone(self)
        other.hands = self.hands  # the bug: one list of hands for both states
        return other

    return broken(rules, "SharedClone", clone=clone)


def bad_chance(rules: Any) -> Any:
    def chance_outcomes(self: Any) -> list[tuple[Any, float]]:
        return [(a, 1 / (len(self.deck) + 1)) for a, _ in rules.HighCardState.chance_outcomes(self)]

    return broken(rules, "BadChance", chance_outcomes=chance_outcomes)


def leaky_view(rules: Any) -> Any:
    class LeakyView(rules.HighCardView):  # type: ignore[misc]
        def to_json(self) -> JSON:
            return {**super().to_json(), "opponent_hand": self.opponent_hand}

    def view(self: Any, player: int) -> Any:
        base = rules.HighCardState.view(self, player)
        leaky = LeakyView(**{k: getattr(base, k) for k in base.__dataclass_fields__})
        object.__setattr__(leaky, "opponent_hand", list(self.hands[1 - player]))
        return leaky

    return broken(rules, "LeakyView", view=view)


def non_deterministic(rules: Any) -> Any:
    unseeded = random.Random()  # the bug: randomness that is not the match's seeded RNG

    def apply(self: Any, action: Any) -> None:
        if isinstance(action, rules.Deal) and self.is_chance_node():
            action = rules.Deal(unseeded.choice(self.deck))
        rules.HighCardState.apply(self, action)

    return broken(rules, "NonDeterministic", apply=apply)


def accepts_illegal(rules: Any) -> Any:
    def apply(self: Any, action: Any) -> None:
        player = self.current_player()
        if isinstance(action, rules.Play) and player >= 0 and action.card not in self.hands[player]:
            self.hands[player].append(action.card)  # the bug: plays a card it does not hold
        rules.HighCardState.apply(self, action)

    return broken(rules, "AcceptsIllegal", apply=apply)


def accepts_garbage(rules: Any) -> Any:
    class Lenient(rules.HighCard):  # type: ignore[misc]
        def parse_action(self, state: Any, text: str) -> Any:
            try:
                return super().parse_action(state, text)
            except ValueError:
                return rules.Play(1)

    return Lenient()


def hides_nothing(rules: Any) -> Any:
    return broken(rules, "HidesNothing", resample_hidden=lambda self, player, rng: self.clone())


def bad_returns(rules: Any) -> Any:
    def returns(self: Any) -> list[float]:
        return [r * 2 - 0.5 for r in rules.HighCardState.returns(self)]

    return broken(rules, "BadReturns", returns=returns)


def silent_describe(rules: Any) -> Any:
    def describe(self: Any, action: Any, viewer: int | None = None) -> str:
        return "" if viewer == 1 else rules.HighCardState.describe(self, action, viewer)

    return broken(rules, "Silent", describe=describe)


def telling_describe(rules: Any) -> Any:
    """A log that names every dealt card to both players, though the view hides the other hand."""

    def describe(self: Any, action: Any, viewer: int | None = None) -> str:
        text: str = rules.HighCardState.describe(self, action, None)
        return text

    return broken(rules, "Telling", describe=describe)


def telling_facts(rules: Any) -> Any:
    """Words that hide the dealt cards, but facts for the board that name every one to both players."""

    def event_facts(self: Any, action: Any, viewer: int | None = None) -> str:
        return str(action)

    return broken(rules, "TellingFacts", event_facts=event_facts)


def view_not_json(rules: Any) -> Any:
    class SetView(rules.HighCardView):  # type: ignore[misc]
        def to_json(self) -> JSON:
            return {**super().to_json(), "hand": set(self.hand)}

    def view(self: Any, player: int) -> Any:
        base = rules.HighCardState.view(self, player)
        return SetView(**{k: getattr(base, k) for k in base.__dataclass_fields__})

    return broken(rules, "ViewNotJson", view=view)


def unreadable_view(rules: Any) -> Any:
    """A view that writes its hand as one text, and reads back a dataclass of whole numbers: a player across
    the network could not read what it is sent."""

    class TextView(rules.HighCardView):  # type: ignore[misc]
        def to_json(self) -> JSON:
            return {**super().to_json(), "hand": " ".join(map(str, self.hand))}

    def view(self: Any, player: int) -> Any:
        base = rules.HighCardState.view(self, player)
        return TextView(**{k: getattr(base, k) for k in base.__dataclass_fields__})

    return broken(rules, "UnreadableView", view=view)


def loses_cards(rules: Any) -> Any:
    def apply(self: Any, action: Any) -> None:
        rules.HighCardState.apply(self, action)
        if len(self.played) == 1 and self.played[0][1:] != [0, 0]:
            self.played[0][1:] = [0, 0]  # a finished trick forgets its cards

    return broken(rules, "LosesCards", apply=apply)


# (breakage, the check check_game names, words its message must contain)
CASES = [
    (never_ends, "the random playout", "did not end within max_length=16"),
    (unsorted_actions, "check_legal_actions", "not sorted"),
    (duplicate_notation, "check_legal_actions", "share the notation"),
    (bad_notation, "check_notation", "parses back as"),
    (lossy_json, "check_serialisation", "restored from JSON"),
    (shared_clone, "check_clone_independent", "shares mutable data"),
    (bad_chance, "check_chance", "sum to"),
    (leaky_view, "check_no_leak", "leaks hidden information"),
    (non_deterministic, "check_determinism", "must be deterministic"),
    (accepts_illegal, "check_illegal_refused", "was accepted"),
    (accepts_garbage, "check_garbage_refused", "accepted garbage"),
    (hides_nothing, "check_no_leak", "resample_hidden hides nothing"),
    (bad_returns, "check_returns", "must lie in [0, 1]"),
    (silent_describe, "check_describe", "is empty"),
    (telling_describe, "check_describe", "tells player"),
    (telling_facts, "check_describe", "event_facts() tells player"),
    (view_not_json, "check_views", "not JSON"),
    (unreadable_view, "check_wire", "view_from_json"),
    (loses_cards, "check_invariants", "breaks the game's invariants"),
]


@pytest.mark.parametrize(("breakage", "check", "words"), CASES, ids=[c[0].__name__ for c in CASES])
def test_check_game_names_the_broken_check(rules: Any, breakage: Any, check: str, words: str) -> None:
    game = breakage(rules)
    with pytest.raises(ConformanceError) as caught:
        check_game(game, playouts=5)
    message = str(caught.value)
    assert f"{check} failed" in message
    assert words in message
    assert isinstance(caught.value, AssertionError)


def test_failure_message_says_how_to_replay(rules: Any) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(bad_notation(rules), playouts=3, seed=40)
    message = str(caught.value)
    assert "playout with seed 40" in message
    assert "Match.replay(game, ['deal " in message
    assert "options={'hand': '3', 'low': 'off'}" in message


def test_the_example_passes_every_variant(rules: Any) -> None:
    for options in option_combinations(rules.HighCard()):
        report = check_game(rules.HighCard(), options=options, playouts=10)
        assert isinstance(report, KitReport)
        assert report.playouts == 10 and report.longest == 4 * int(options["hand"])
        assert report.illegal_tried > 0 and 0 < report.resamples_differing < report.resamples


def test_more_playouts_cover_more(rules: Any) -> None:
    small = check_game(rules.HighCard(), playouts=2)
    large = check_game(rules.HighCard(), playouts=8, deep_fraction=1.0)
    assert large.positions > small.positions
    assert large.deep_positions == large.positions  # every position checked in depth


# -- each check on its own, on a hand-built position ----------------------------------


def test_check_legal_actions_alone(rules: Any) -> None:
    check_legal_actions(dealt(rules.HighCard()))
    with pytest.raises(AssertionError, match="not sorted"):
        check_legal_actions(dealt(unsorted_actions(rules)))


def test_check_notation_alone(rules: Any) -> None:
    check_notation(rules.HighCard(), dealt(rules.HighCard()))
    game = bad_notation(rules)
    with pytest.raises(AssertionError, match="'play 7' parses back as Play\\(card=8\\)"):
        check_notation(game, dealt(game))


def test_check_chance_alone(rules: Any) -> None:
    fresh = rules.HighCard().new_initial_state()
    check_chance(fresh, random.Random(1))
    with pytest.raises(AssertionError, match=r"sum to 0\.9"):
        check_chance(bad_chance(rules).new_initial_state(), random.Random(1))


def test_check_clone_alone(rules: Any) -> None:
    check_clone_independent(dealt(rules.HighCard()))
    with pytest.raises(AssertionError, match="changed the original"):
        check_clone_independent(dealt(shared_clone(rules)))


def test_check_illegal_refused_alone(rules: Any) -> None:
    elsewhere = [rules.Play(1), rules.Deal(4), rules.Play(9)]  # North holds 9 8 7
    assert check_illegal_refused(rules.HighCard(), dealt(rules.HighCard()), elsewhere) == 2
    game = accepts_illegal(rules)
    with pytest.raises(AssertionError, match="'play 1' was accepted"):
        check_illegal_refused(game, dealt(game), elsewhere)


def test_refusal_must_leave_the_state_unchanged(rules: Any) -> None:
    def apply(self: Any, action: Any) -> None:
        self.tricks[0] += 1  # the bug: changes the state before checking
        rules.HighCardState.apply(self, action)

    game = broken(rules, "Mutates", apply=apply)
    with pytest.raises(AssertionError, match="still changed the state"):
        check_illegal_refused(game, dealt(game), [rules.Play(1)])


def test_check_illegal_refused_wants_the_right_error(rules: Any) -> None:
    def apply(self: Any, action: Any) -> None:
        if isinstance(action, rules.Play) and action.card not in self.hands[self.current_player()]:
            raise KeyError(action.card)
        rules.HighCardState.apply(self, action)

    game = broken(rules, "WrongError", apply=apply)
    with pytest.raises(AssertionError, match=r"raised KeyError.*expected IllegalActionError"):
        check_illegal_refused(game, dealt(game), [rules.Play(1)])


def test_check_garbage_alone(rules: Any) -> None:
    check_garbage_refused(rules.HighCard(), dealt(rules.HighCard()))
    game = accepts_garbage(rules)
    with pytest.raises(AssertionError, match="accepted garbage"):
        check_garbage_refused(game, dealt(game))


def test_check_serialisation_alone(rules: Any) -> None:
    game = rules.HighCard()
    state = dealt(game, plays=2)
    check_serialisation(game, state, state.legal_actions()[:1])
    lossy = lossy_json(rules)
    before = dealt(lossy, cards=(1, 9, 2, 8, 3, 7))  # North leads: the lost field does not matter yet
    check_serialisation(lossy, before, [rules.Play(1), rules.Play(7), rules.Play(8)])
    after = dealt(lossy, plays=2, cards=(1, 9, 2, 8, 3, 7))  # South's 7 took the trick: South leads
    with pytest.raises(AssertionError, match="restored from JSON has player 0 to act, the original 1"):
        check_serialisation(lossy, after)


def test_check_serialisation_catches_tuples(rules: Any) -> None:
    def to_json(self: Any) -> JSON:
        return {**rules.HighCardState.to_json(self), "tricks": tuple(self.tricks)}

    game = broken(rules, "Tuples", to_json=to_json)
    with pytest.raises(AssertionError, match="changes through JSON text"):
        check_serialisation(game, dealt(game))


def test_check_no_leak_alone(rules: Any) -> None:
    state = dealt(rules.HighCard())
    assert check_no_leak(state, 2, random.Random(3), samples=4) > 0
    leaky = dealt(leaky_view(rules))
    with pytest.raises(AssertionError, match="opponent_hand"):
        check_no_leak(leaky, 2, random.Random(3))


def test_no_leak_catches_resampling_what_the_player_sees(rules: Any) -> None:
    def resample_hidden(self: Any, player: int, rng: random.Random) -> Any:
        other = rules.HighCardState.resample_hidden(self, player, rng)
        other.hands[player][-1] = other.deck.pop()  # the bug: redraws a card of the player's own hand
        other.hands[player].sort()
        return other

    game = broken(rules, "RedrawsOwnHand", resample_hidden=resample_hidden)
    with pytest.raises(AssertionError, match="view\\(0\\) changed"):
        check_no_leak(dealt(game), 2, random.Random(0))


def test_no_leak_catches_a_public_view_that_shows_a_hand(rules: Any) -> None:
    def public_view(self: Any) -> Any:
        return rules.HighCardState._table_view(self, revealed=True)  # the bug: the hands face up for everyone

    game = broken(rules, "PublicHands", public_view=public_view)
    with pytest.raises(AssertionError, match="public_view\\(\\) changed"):
        check_no_leak(dealt(game), 2, random.Random(0), samples=4)
    check_no_leak(dealt(rules.HighCard()), 2, random.Random(0), samples=4)  # the real one passes


def test_describe_for_no_seat_may_not_name_a_hidden_card(rules: Any) -> None:
    def describe(self: Any, action: Any, viewer: int | None = None) -> str:
        if viewer == SPECTATOR:
            viewer = None  # the bug: someone at no seat is told everything
        return str(rules.HighCardState.describe(self, action, viewer))

    game = broken(rules, "TellsEveryone", describe=describe)
    state = game.new_initial_state()
    with pytest.raises(AssertionError, match="someone at no seat"):
        check_describe(state, 2)


def test_check_views_alone(rules: Any) -> None:
    game = rules.HighCard()
    check_views(game, dealt(game), 2)
    broken_game = view_not_json(rules)
    with pytest.raises(AssertionError, match="is not JSON"):
        check_views(broken_game, dealt(broken_game), 2)


def test_check_returns_and_describe_alone(rules: Any) -> None:
    game = rules.HighCard()
    finished = dealt(game, plays=6)
    check_returns(finished, 2)
    check_describe(dealt(game), 2)
    with pytest.raises(AssertionError, match="in \\[0, 1\\]"):
        check_returns(dealt(bad_returns(rules), plays=6), 2)
    with pytest.raises(AssertionError, match="viewer=1"):
        check_describe(dealt(silent_describe(rules)), 2)
    telling = telling_describe(rules)
    with pytest.raises(AssertionError, match=r"(?s)tells player 1 more than their view.*'North is dealt 1\.'"):
        check_describe(telling.new_initial_state({"hand": "3"}), 2)


# -- agents and the interface ---------------------------------------------------------


def with_ui(rules: Any, name: str, **methods: Any) -> Any:
    """A High Card whose interface overrides ``methods``."""
    from tabletop_highcard.ui import HighCardUI

    ui_type = type(name + "UI", (HighCardUI,), methods)
    return type(name, (rules.HighCard,), {"ui": lambda self: ui_type(self)})()


def test_check_agents_and_steps_pass_on_the_example(rules: Any) -> None:
    game = rules.HighCard()
    assert check_agents(game) > 0 and check_steps(game) > 0


def test_check_agents_catches_an_illegal_choice(rules: Any) -> None:
    from tabletop.agents import RandomAgent

    class PlaysNine(RandomAgent[Any]):
        def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
            return rules.Play(9)

    game = type("NineGame", (rules.HighCard,), {"agents": lambda self: {"nine": PlaysNine}})()
    with pytest.raises(
        ConformanceError,
        match=r"(?s)check_agents \(nine\) failed after .* level 'nine' chose 'play 9', which is not legal.*\n  replay: Match\.replay\(game, \['deal ",
    ):
        check_agents(game)
    with pytest.raises(ConformanceError, match="no level 'hard'"):
        check_agents(game, levels=["hard"])


def test_check_steps_catches_a_missing_action_a_hidden_path_and_a_wrong_grey(rules: Any) -> None:
    from tabletop.ui.base import Step

    def drops_the_last(self: Any, view: Any, legal: Any) -> Any:
        return [Step(a, (f"Play {a.card}",)) for a in legal[:-1]]

    with pytest.raises(
        ConformanceError, match=r"(?s)check_steps failed .* steps\(\) must give each legal action once: missing"
    ):
        check_steps(with_ui(rules, "Drops", steps=drops_the_last))

    def nests(self: Any, view: Any, legal: Any) -> Any:
        return [Step(a, ("Play",) if i == 0 else ("Play", str(a.card))) for i, a in enumerate(legal)]

    with pytest.raises(ConformanceError, match="is also the start of a longer path"):
        check_steps(with_ui(rules, "Nests", steps=nests))

    def greys_a_card(self: Any, view: Any) -> Any:
        return [(("Play " + str(view.hand[0]),), "not now")] if view.hand else []

    with pytest.raises(ConformanceError, match=r"(?s)greys out .* which leads to a legal action"):
        check_steps(with_ui(rules, "Greys", unavailable=greys_a_card))


def test_check_steps_catches_a_board_that_leaves_no_room_for_the_list(rules: Any) -> None:
    from tabletop_highcard.ui import HighCardUI

    def renders_a_tall_board(self: Any, view: Any, log: Any) -> Any:
        return Group(HighCardUI.render(self, view, log), "\n" * 15)  # a board drawn for a taller terminal

    with pytest.raises(
        ConformanceError,
        match=r"(?s)check_steps failed .* at 80x24 the board \(\d+ lines\) and the first list \(\d entries\) need \d+ lines",
    ):
        check_steps(with_ui(rules, "Tall", render=renders_a_tall_board))
    check_steps(with_ui(rules, "Tall", render=renders_a_tall_board), height=40)  # a taller terminal holds it


def test_check_steps_measures_a_list_left_with_one_entry_and_many_greyed(rules: Any) -> None:
    from tabletop.ui.base import Step

    def two_under_play(self: Any, view: Any, legal: Any) -> Any:
        # The first two cards sit under "Play"; a list is shown there, with the greyed cards below. (A lone
        # action under "Play" would be shown whole in the first list, and no list asked under it.)
        return [Step(a, ("Play", f"Play {a.card}") if i < 2 else (f"Also {a.card}",)) for i, a in enumerate(legal)]

    def many_greyed(self: Any, view: Any) -> Any:
        return [(("Play", f"Held back {n}"), "not now") for n in range(20)]

    game = with_ui(rules, "Lonely", steps=two_under_play, unavailable=many_greyed)
    with pytest.raises(ConformanceError, match=r"(?s)check_steps failed .* and Play \(23 entries\) need \d+ lines"):
        check_steps(game)


def test_check_describe_lets_two_public_routes_to_one_position_read_differently() -> None:
    from tabletop.game import FullView, State

    class Routes(State[str]):
        """A token at 13 may go to 5 by way of 10 or of 8: both moves end in the same position."""

        def __init__(self, at: int = 13) -> None:
            self.at = at

        def current_player(self) -> int:
            return 0 if self.at == 13 else -2

        def legal_actions(self) -> list[str]:
            return ["13/10/5", "13/8/5"] if self.at == 13 else []

        def apply(self, action: str) -> None:
            self.at = 5

        def returns(self) -> list[float]:
            return [1.0]

        def clone(self) -> Routes:
            return Routes(self.at)

        def view(self, player: int) -> FullView[Routes]:
            return FullView(player, self.clone())

        def to_json(self) -> Any:
            return {"at": self.at}

        def describe(self, action: str, viewer: int | None = None) -> str:
            return f"North moves {action}."

    check_describe(Routes(), 1)  # the routes differ in words, but nothing hidden is told
