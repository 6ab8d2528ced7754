"""Crash Card: High Card whose worker process dies once, in the middle of a game, for the lab's tests.

When the file named by ``TABLETOP_CRASHCARD_ARMED`` exists, the first game to
reach its third action removes it and ends its process at once
(``os._exit``), as a worker killed by the system would end: no exception, no
clean-up. Every later game, and the same game played again, plays as High Card.
"""

from __future__ import annotations

import dataclasses
import os

from tabletop_highcard.game import HighCard
from tabletop_highcard.rules import Action, HighCardState

ARMED = "TABLETOP_CRASHCARD_ARMED"
"""The variable naming the file whose presence arms the crash."""


class CrashCardState(HighCardState):
    """A High Card state that ends its process at its third action while armed."""

    steps = 0

    def _apply_action(self, action: Action) -> None:
        super()._apply_action(action)
        self.steps += 1
        armed = os.environ.get(ARMED)
        if armed and self.steps == 3:
            try:
                os.unlink(armed)  # one process only wins the file: one crash in all
            except FileNotFoundError:
                return
            os._exit(1)


class CrashCard(HighCard):
    """High Card under another id, with the states that crash once."""

    info = dataclasses.replace(HighCard.info, id="crashcard", name="Crash Card", short_name="Crash Card")
    state_type = CrashCardState


game = CrashCard()
"""The entry point ``crashcard = "tabletop_crashcard:game"``."""
