"""The join code: what a player types to take a seat at a game hosted across the network.

Ten characters from 32 that are never mistaken for each other (no I, L, O or U: Crockford's alphabet), drawn by
the operating system's secure source: 50 bits, about 10^15 codes. A host refuses a wrong code and closes the
connection, and waits a moment before it does, so guessing it would take longer than anyone will wait.

    >>> len(new_code()), code_matches(" abcd-efgh-jk ", "ABCDEFGHJK")
    (10, True)
"""

from __future__ import annotations

import hmac
import secrets

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 10
GROUP = 5
"""Characters shown together: ``7KQ2M-X9D4R``."""


def new_code() -> str:
    """A fresh join code."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown(code: str) -> str:
    """The code as a person reads it out: in groups.

    >>> shown("7KQ2MX9D4R")
    '7KQ2M-X9D4R'
    """
    return "-".join(code[i : i + GROUP] for i in range(0, len(code), GROUP))


def normalised(text: str) -> str:
    """What a person typed, as a code: capitals, no spaces or dashes, and the letters people mistake read as
    the digits they stand for (O as 0, I and L as 1).

    >>> normalised("7kq2m-x9d4r"), normalised("o1l")
    ('7KQ2MX9D4R', '011')
    """
    cleaned = "".join(text.upper().split()).replace("-", "")
    return cleaned.translate(str.maketrans("OIL", "011"))


def code_matches(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code``, compared in constant time (a guess learns nothing from how long it took)."""
    return hmac.compare_digest(normalised(typed).encode(), code.encode())
