"""The cells kit: FreeCell and its family (Baker's Game, Eight Off, Seahaven Towers...) as declarations.

A game of the family is a :class:`~tabletop.patience.cells.layout.Layout` (its columns and cells, how cards
build, which cards fill an empty column, how the deal is laid out, its keys) and a
:class:`~tabletop.patience.cells.game.CellsGame` naming it. The kit gives every such game the rest:

- :mod:`~tabletop.patience.cells.actions`: chance's deal and the moves, in the standard notation;
- :mod:`~tabletop.patience.cells.state`: the rules (:class:`CellsState`), and :mod:`~.codec` its JSON read back;
- :mod:`~tabletop.patience.cells.search`, :mod:`~.heuristic`, :mod:`~.solver`: the solver;
- :mod:`~tabletop.patience.cells.coach`, :mod:`~.analyst`: the Coach and Review from the solver;
- :mod:`~tabletop.patience.cells.command`: ``tabletop GAME solve N``;
- :mod:`~tabletop.patience.cells.ui`, :mod:`~.encoding`, :mod:`~.stats`: the board, the numbers, the
  statistics lines.
"""
