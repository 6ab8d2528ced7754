"""Seeded randomness. Each game gets one RNG from its seed; agents get their own, derived from it.

A seed is a non-negative integer shown to the player so a game can be replayed::

    >>> rng = make_rng(42)
    >>> make_rng(42).random() == rng.random()
    True
"""

from __future__ import annotations

import hashlib
import random
import secrets

from tabletop.numbers import NumberError, excerpt, read_number

MAX_SEED = 2**31 - 1


def new_seed() -> int:
    """A fresh seed for a game the player did not seed."""
    return secrets.randbelow(MAX_SEED) + 1


def make_rng(seed: int) -> random.Random:
    """The game's one RNG."""
    return random.Random(seed)


def derive_seed(seed: int, label: str) -> int:
    """A second seed derived from ``seed`` for a named consumer (e.g. ``"agent-1"``).

    Agents draw from their own derived RNG so their thinking never shifts the
    game's own random sequence.
    """
    digest = hashlib.sha256(f"{seed}:{label}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & MAX_SEED


def parse_seed(text: str) -> int:
    """Read a seed typed by a player; raise ValueError with a plain message."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {excerpt(text)}")
    try:
        return read_number(text, 0, MAX_SEED)
    except NumberError:
        raise ValueError(f"a seed is at most {MAX_SEED}") from None
