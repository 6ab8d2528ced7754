"""``python -m tabletop``: the same program as the ``tabletop`` command."""

from tabletop.cli import main

raise SystemExit(main())
