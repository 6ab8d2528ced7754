"""The conformance kit: one call that a game plugin's tests run, and the checks it is made of.

    from tabletop.testing import check_game, option_combinations

    @pytest.mark.parametrize("options", option_combinations(game), ids=str)
    def test_conforms(options):
        check_game(game, options=options)

:func:`check_game` plays seeded random games and checks, along the way: the
game ends within ``info.max_length``; legal actions are non-empty until the
end, sorted by notation and unique; each applies; illegal actions and garbage
text are refused with :class:`~tabletop.game.IllegalActionError` /
:class:`~tabletop.game.InvalidActionError`; notation parses back; the JSON of
a state round-trips and plays on identically; a replay from seed and actions
is identical; clones are independent; chance probabilities sum to 1; views
are JSON and equal for equal states; ``resample_hidden(p)`` never changes
``view(p)`` (the no-leak check) and, in a game with hidden information, does
redraw something; results lie in [0, 1]; ``describe`` has words for everyone
and tells no player more than their view.

:func:`check_agents` and :func:`check_steps` cover what the playouts do not:
every computer level plays only legal moves, and the interface offers every
legal action by one path of labels and draws each position with room for
its lists at 80x24.

Every failure is an :class:`AssertionError` (:class:`ConformanceError`) whose
message names the check and the playout, with a ``Match.replay`` call that
reproduces it. The checks of one position are importable on their own.
"""

from tabletop.testing.kit import (
    DEFAULT_PLAYOUTS,
    ConformanceError,
    KitReport,
    Playout,
    check_determinism,
    check_game,
    check_info,
    option_combinations,
    random_playout,
)
from tabletop.testing.play_checks import check_agents, check_steps
from tabletop.testing.state_checks import (
    check_actions_apply,
    check_chance,
    check_clone_independent,
    check_current_player,
    check_describe,
    check_garbage_refused,
    check_illegal_refused,
    check_invariants,
    check_legal_actions,
    check_no_leak,
    check_notation,
    check_returns,
    check_serialisation,
    check_views,
)

__all__ = [
    "DEFAULT_PLAYOUTS",
    "ConformanceError",
    "KitReport",
    "Playout",
    "check_actions_apply",
    "check_agents",
    "check_chance",
    "check_clone_independent",
    "check_current_player",
    "check_describe",
    "check_determinism",
    "check_game",
    "check_garbage_refused",
    "check_illegal_refused",
    "check_info",
    "check_invariants",
    "check_legal_actions",
    "check_no_leak",
    "check_notation",
    "check_returns",
    "check_serialisation",
    "check_steps",
    "check_views",
    "option_combinations",
    "random_playout",
]
