"""Every Tabletop game as an environment of the research libraries: PettingZoo, Gymnasium and OpenSpiel.

* :func:`tabletop.adapters.pettingzoo.env`: any game as a PettingZoo AEC environment.
* :func:`tabletop.adapters.gymnasium.env`: a one-seat game (Muses) as a Gymnasium environment.
* :func:`tabletop.adapters.openspiel.load_game`: any game as an OpenSpiel Python game.

Importing this package registers the installed games with the libraries that are installed
(:mod:`tabletop.adapters.registration`): ``gymnasium.make("tabletop/Muses-v0")`` and
``pyspiel.load_game("tabletop_muster")`` then work. The libraries are optional
(``pip install 'tabletop[research]'``) and the menu and ``tabletop list`` never import this
package. A game takes part through two optional hooks of its :class:`~tabletop.game.Game` (see
:mod:`tabletop.encoding` and the plugin guide): ``distinct_actions`` for the fixed action numbers
and ``view_encoding`` for the observations.
"""

from tabletop.adapters.registration import register_installed

GYMNASIUM_IDS, OPENSPIEL_NAMES = register_installed()
"""The Gymnasium ids (``tabletop/Muses-v0``) and OpenSpiel names (``tabletop_muster``) registered on import."""
