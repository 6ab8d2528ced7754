"""Where Tabletop keeps its data: one directory holding one SQLite database.

The directory is, in order of precedence:

1. the ``--data-dir`` command-line option,
2. the ``TABLETOP_DATA_DIR`` environment variable,
3. ``$XDG_DATA_HOME/tabletop`` when ``XDG_DATA_HOME`` is set to an absolute path,
4. ``~/.local/share/tabletop``.

    >>> data_dir("/tmp/td", env={})
    PosixPath('/tmp/td')
    >>> data_dir(None, env={"TABLETOP_DATA_DIR": "/srv/t", "XDG_DATA_HOME": "/x"})
    PosixPath('/srv/t')
    >>> data_dir(None, env={"XDG_DATA_HOME": "/x"})
    PosixPath('/x/tabletop')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from tabletop.userdirs import env_var, user_dir

ENV_VAR = env_var("data")
DB_NAME = "tabletop.db"


def data_dir(option: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The data directory, following the precedence above (the directory may not exist yet)."""
    env = os.environ if env is None else env
    if option is not None and str(option) != "":
        return Path(option).expanduser()
    return user_dir("data", env)


def database_path(directory: Path) -> Path:
    """The database file inside a data directory."""
    return directory / DB_NAME
