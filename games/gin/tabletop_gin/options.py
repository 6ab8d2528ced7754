"""Gin Rummy's options, and :class:`Rules`, the values a state plays by.

>>> Rules.read({"knock": "7", "tie": "knocker"})
Rules(knock=7, oklahoma=False, target=100, tie='knocker', openspiel=False)
>>> Rules.read({"target": "0"}).single_hand
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tabletop.options import Switch, one_of, whole_number

KNOCK_CARD = 10
TARGET = 100
MOST_TARGET = 1000
UNDERCUT, KNOCKER = "undercut", "knocker"
WRITTEN, OPENSPIEL = "written", "openspiel"

KNOCK = whole_number(
    "knock", "Knock card", 1, 10, default=KNOCK_CARD, help="A player may knock with this much deadwood or less."
)
OKLAHOMA = Switch("oklahoma", "Oklahoma", help="The first upcard sets the knock card (an Ace: gin only).")
GAME_TARGET = whole_number(
    "target",
    "Game to",
    0,
    MOST_TARGET,
    default=TARGET,
    help="Points that win the game; 0 plays one hand, as OpenSpiel does.",
    meanings={0: "one hand"},
)
TIE = one_of(
    "tie",
    "Equal deadwood",
    (UNDERCUT, KNOCKER),
    default=UNDERCUT,
    help="When the defender's deadwood equals the knocker's: an undercut (the written rules) or the knocker's "
    "hand, worth nothing (OpenSpiel).",
    labels=("an undercut (the written rules)", "the knocker's, worth nothing (OpenSpiel)"),
)
RULES = one_of(
    "rules",
    "Rule set",
    (WRITTEN, OPENSPIEL),
    default=WRITTEN,
    help="The written rules, or OpenSpiel's: the card just taken may be thrown back, its count of eleven cards "
    "and of lay-offs (docs/gin.md).",
    labels=("written", "OpenSpiel's"),
)
OPTIONS = (KNOCK, OKLAHOMA, GAME_TARGET, TIE, RULES)


@dataclass(frozen=True)
class Rules:
    """The rules a game plays by, read from its options."""

    knock: int = KNOCK_CARD
    oklahoma: bool = False
    target: int = TARGET
    tie: str = UNDERCUT
    openspiel: bool = False

    @property
    def single_hand(self) -> bool:
        """One hand only (OpenSpiel's game), scored by its points."""
        return self.target == 0

    @classmethod
    def read(cls, options: Mapping[str, str]) -> Rules:
        """The rules of resolved (or partial) options."""
        return cls(
            knock=KNOCK.value(options),
            oklahoma=OKLAHOMA.value(options),
            target=GAME_TARGET.value(options),
            tie=TIE.value(options),
            openspiel=RULES.value(options) == OPENSPIEL,
        )

    def to_json(self) -> dict[str, object]:
        """The rules as data."""
        return {
            "knock": self.knock,
            "oklahoma": self.oklahoma,
            "target": self.target,
            "tie": self.tie,
            "openspiel": self.openspiel,
        }


OPENSPIEL_OPTIONS = {"rules": OPENSPIEL, "tie": KNOCKER, "target": "0"}
"""The options under which a hand is OpenSpiel's ``gin_rummy`` with its default parameters."""
