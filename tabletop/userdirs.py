"""The user's folders Tabletop writes in: data, cache and state, each found the same way.

Each kind is, in order of precedence: Tabletop's own environment variable
(``TABLETOP_DATA_DIR``, ``TABLETOP_CACHE_DIR``, ``TABLETOP_STATE_DIR``), then
the XDG variable's ``tabletop`` folder when that variable holds an absolute path
(the XDG rule: a relative one is ignored), then the folder under the home.

    >>> user_dir("cache", {"TABLETOP_CACHE_DIR": "/srv/c", "XDG_CACHE_HOME": "/x"})
    PosixPath('/srv/c')
    >>> user_dir("state", {"XDG_STATE_HOME": "/x"})
    PosixPath('/x/tabletop')
    >>> user_dir("data", {"XDG_DATA_HOME": "relative", "HOME": "/home/u"})
    PosixPath('/home/u/.local/share/tabletop')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

APP_DIR = "tabletop"

Kind = Literal["data", "cache", "state"]

_PLACES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "data": ("TABLETOP_DATA_DIR", "XDG_DATA_HOME", (".local", "share")),
    "cache": ("TABLETOP_CACHE_DIR", "XDG_CACHE_HOME", (".cache",)),
    "state": ("TABLETOP_STATE_DIR", "XDG_STATE_HOME", (".local", "state")),
}
"""Per kind: Tabletop's variable, the XDG variable, and the XDG default under the home."""


def env_var(kind: Kind) -> str:
    """Tabletop's own environment variable for a kind of folder."""
    return _PLACES[kind][0]


def user_dir(kind: Kind, env: Mapping[str, str] | None = None) -> Path:
    """The folder of ``kind`` for this user (it may not exist yet)."""
    env = os.environ if env is None else env
    own, xdg_var, under_home = _PLACES[kind]
    override = env.get(own, "")
    if override:
        return Path(override).expanduser()
    xdg = env.get(xdg_var, "")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / APP_DIR
    home = env.get("HOME") or str(Path.home())
    return Path(home).joinpath(*under_home, APP_DIR)
