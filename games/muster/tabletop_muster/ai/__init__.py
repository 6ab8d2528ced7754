"""Muster's computer players: Easy and Medium heuristics, ISMCTS and PIMC searches.

See docs/muster-ai.md for the design and the measurements.
"""

from __future__ import annotations

from tabletop_muster.ai.search import ISMCTSAgent, PIMCAgent, SearchAgent, SearchConfig
from tabletop_muster.ai.simple import EasyAgent, MediumAgent

__all__ = ["EasyAgent", "ISMCTSAgent", "MediumAgent", "PIMCAgent", "SearchAgent", "SearchConfig"]
