"""The test suite writes only into its own run directory, never into the real user's folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.conftest import ISOLATED, changes, real_tabletop_dirs, snapshot

REAL_HOME = Path.home()

WHERE_THE_PROGRAM_WRITES = """
import json, tempfile
from tabletop_muses.advisor import default_cache_dir
from tabletop.crash import crash_reports_dir
from tabletop.store.paths import data_dir
print(json.dumps({"data": str(data_dir()), "cache": str(default_cache_dir()),
                  "reports": str(crash_reports_dir()), "temp": tempfile.gettempdir()}))
"""


def _inside(path: Path, folder: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def test_every_folder_variable_points_into_one_run_directory(run_directory: Path) -> None:
    for name, folder in ISOLATED.items():
        assert os.environ.get(name) == str(run_directory / folder), name
        assert Path(os.environ[name]).is_dir(), name
    assert not _inside(run_directory, REAL_HOME)
    assert _inside(Path(tempfile.gettempdir()), run_directory)


def test_a_program_the_tests_start_writes_into_the_run_directory(run_directory: Path) -> None:
    """A subprocess inherits the variables: its data, cache, crash reports and temporary files stay in the run's directory."""
    result = subprocess.run(
        [sys.executable, "-c", WHERE_THE_PROGRAM_WRITES], capture_output=True, text=True, timeout=60, check=True
    )
    places = {name: Path(value) for name, value in json.loads(result.stdout).items()}
    for name, place in places.items():
        assert _inside(place, run_directory), f"{name}: {place}"
        assert not _inside(place, REAL_HOME / ".local") and not _inside(place, REAL_HOME / ".cache"), f"{name}: {place}"


def test_the_real_folders_are_watched() -> None:
    folders = real_tabletop_dirs({"HOME": "/home/u", "XDG_STATE_HOME": "/x/state"})
    assert {
        Path("/home/u/.cache/tabletop"),
        Path("/home/u/.local/share/tabletop"),
        Path("/home/u/.local/state/tabletop"),
    } <= folders
    assert Path("/x/state/tabletop") in folders


def test_the_end_of_run_check_sees_a_new_file_a_changed_file_and_a_crash_report(tmp_path: Path) -> None:
    home, temp = tmp_path / "home", tmp_path / "temp"
    data = home / ".local" / "share" / "tabletop"
    data.mkdir(parents=True)
    temp.mkdir()
    (data / "tabletop.db").write_text("one")
    folders = real_tabletop_dirs({"HOME": str(home)})
    before = snapshot(folders, temp)
    assert changes(before, snapshot(folders, temp)) == []

    (data / "tabletop.db").write_text("one more")
    (home / ".cache" / "tabletop").mkdir(parents=True)
    (temp / "tabletop-crash-abc.txt").write_text("report")
    found = changes(before, snapshot(folders, temp))
    assert f"changed: {data / 'tabletop.db'}" in found
    assert f"new: {home / '.cache' / 'tabletop'}" in found
    assert f"new: {temp / 'tabletop-crash-abc.txt'}" in found
