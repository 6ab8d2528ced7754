"""Muster: Raise the Banners, the two-player area-majority card duel.

``game`` is the plugin object (entry point ``muster = "tabletop_muster:game"``).
The rules modules are imported on first use, so listing games stays quick.

    >>> from tabletop_muster import game
    >>> state = game.new_initial_state({"first": "1"})
    >>> state.current_player()  # the deal: chance
    -1

The modules form layers, lowest first. A module imports only from layers below
its own, at the top of the file or inside a function alike, so data flows one
way: from the cards, through the rules, to the views and words built on them,
and up to the computer players, the interface and the plugin object
(tests/muster/test_layers.py checks it against this list, where a name in double
backquotes is a module and nothing else is):

1. ``cards``: card kinds, column tokens, their tables and names.
2. ``actions`` (every action and its notation), ``scoring``, ``rules_text``.
3. ``rules``: the rules engine, MusterRules (position, legal actions, chance, apply).
4. ``playout`` (random playouts), ``view`` (what one player may know; a view's JSON), ``events`` (an action as
   data for the log, and its words).
5. ``notation`` (words), ``codec`` (a state's JSON, the checked reader), ``reasons`` (why not), ``encoding`` (numbers).
6. ``state``: MusterState, the rules plus the framework's State protocol, handed to layers 4-5.
7. ``position`` (positions as JSON), ``ai.features``, ``board_log`` (the log), ``reckoning`` (the result):
   a position read back as a MusterState; the log under the board, from the events; the final reckoning.
8. ``board`` (the drawing), ``ai.sampling``.
9. ``ui``, ``show``, ``ai.search``, ``ai.simple``.
10. ``cli``, ``ai``, ``ai.replies`` (the reply a search expects).
11. ``agents``: the computer levels.
12. ``ai.analyst``: Hard's search rating every action, for the Coach and Review.
13. ``game``: the plugin object's class, MusterGame.
14. ``__init__``: the package's face: the plugin object itself, a MusterGame.
15. ``ai.lab``: Muster with chosen agent budgets, for simulations.
"""

from tabletop_muster.game import MusterGame

game = MusterGame()

__all__ = ["MusterGame", "game"]
