"""Klondike's ways of playing: its options, declared once (the setup screen, the flags and `tabletop list` show
them), and a way of playing named in a few words, as the statistics count it.

>>> variant_name({"draw": "3", "passes": "3", "scoring": "vegas"})
'draw 3, 3 passes, Vegas'
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.game import one_of

DRAW = one_of("draw", "Cards drawn", ["1", "3"], default="1", help="How many cards the stock turns at a time: 1 or 3.")
PASSES = one_of(
    "passes",
    "Passes through the stock",
    ["unlimited", "1", "3"],
    default="unlimited",
    help="How many times the stock may be gone through: unlimited, or 1 or 3 (Vegas's usual limits).",
)
SCORING = one_of(
    "scoring",
    "Scoring",
    ["standard", "vegas"],
    default="standard",
    help="standard: points for each card home, turned up or played from the waste; "
    "vegas: the game costs 52 and each card home pays 5.",
)


def variant_name(options: Mapping[str, str]) -> str:
    """``draw 3, 3 passes, Vegas``: a way of playing in a few words.

    >>> variant_name({"draw": "1", "passes": "unlimited", "scoring": "standard"})
    'draw 1'
    """
    words = [f"draw {options.get('draw', DRAW.default)}"]
    passes = options.get("passes", PASSES.default)
    if passes != "unlimited":
        words.append(f"{passes} pass{'es' if passes != '1' else ''}")
    if options.get("scoring", SCORING.default) == "vegas":
        words.append("Vegas")
    return ", ".join(words)
