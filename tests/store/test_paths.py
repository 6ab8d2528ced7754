from pathlib import Path

from tabletop.store import data_dir


def test_option_beats_environment() -> None:
    env = {"TABLETOP_DATA_DIR": "/env/dir", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"}
    assert data_dir("/opt/dir", env) == Path("/opt/dir")


def test_environment_beats_xdg() -> None:
    env = {"TABLETOP_DATA_DIR": "/env/dir", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"}
    assert data_dir(None, env) == Path("/env/dir")


def test_xdg_data_home_then_home_default() -> None:
    assert data_dir(None, {"XDG_DATA_HOME": "/xdg", "HOME": "/home/u"}) == Path("/xdg/tabletop")
    assert data_dir(None, {"HOME": "/home/u"}) == Path("/home/u/.local/share/tabletop")


def test_relative_xdg_data_home_is_ignored() -> None:
    # The XDG rule: relative paths in XDG_DATA_HOME are invalid.
    assert data_dir(None, {"XDG_DATA_HOME": "rel/dir", "HOME": "/home/u"}) == Path("/home/u/.local/share/tabletop")


def test_empty_values_count_as_unset() -> None:
    assert data_dir("", {"TABLETOP_DATA_DIR": "", "HOME": "/h"}) == Path("/h/.local/share/tabletop")
