"""Muster's computer players: Easy and Medium heuristics, ISMCTS and PIMC searches.

See docs/muster-ai.md for the design and the measurements.
"""

from __future__ import annotations

from games.muster.ai.search import ISMCTSAgent, PIMCAgent, SearchAgent, SearchConfig
from games.muster.ai.simple import EasyAgent, MediumAgent

__all__ = ["EasyAgent", "ISMCTSAgent", "MediumAgent", "PIMCAgent", "SearchAgent", "SearchConfig"]
