"""Tabletop: solitaire and duel tabletop games for the terminal, and the framework they share."""

__version__ = "0.1.0"
