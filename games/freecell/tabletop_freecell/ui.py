"""FreeCell at the terminal: the cells kit's board (:mod:`tabletop.patience.cells.ui`), the layout in nine lines.

Cascades keep their digits ``1``-``8``, free cells their letters ``a``-``d``
and home is ``h`` in every list, whatever else is legal; a cascade as the
source moves the longest sequence the destination takes.
"""

from __future__ import annotations

from tabletop.patience.cells.ui import CellsUI, count_label, header, home_label, source_label, target_label

__all__ = ["FreeCellUI", "count_label", "header", "home_label", "source_label", "target_label"]


class FreeCellUI(CellsUI):
    """The layout as one header line and a line per cascade; moves by source then destination."""
