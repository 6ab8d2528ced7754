"""``python -m tabletop``: the same program as the ``tabletop`` command."""

from tabletop.launch import main

raise SystemExit(main())
