"""Every Tabletop game as an environment of the research libraries: PettingZoo, Gymnasium and OpenSpiel.

* :func:`tabletop.adapters.pettingzoo.env`: any game as a PettingZoo AEC environment.
* :func:`tabletop.adapters.gymnasium.env`: a one-seat game (Muses) as a Gymnasium environment.
* :func:`tabletop.adapters.openspiel.load_game`: any game as an OpenSpiel Python game, registered
  under ``tabletop_<id>`` so that ``pyspiel.load_game("tabletop_muster")`` finds it too.

The libraries are optional (``pip install 'tabletop[research]'``) and imported only inside these
modules: the menu and ``tabletop list`` never load them. A game takes part through two optional
hooks of its :class:`~tabletop.game.Game` (see :mod:`tabletop.encoding` and the plugin guide):
``distinct_actions`` for the fixed action numbers and ``view_encoding`` for the observations.
"""
