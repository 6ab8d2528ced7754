"""`tabletop export` writes only regular files: a device, a pipe or a folder is refused by name, never replaced,
and a write that fails (a full disk) leaves nothing behind."""

from __future__ import annotations

import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.agents import RandomAgent
from tabletop.files import FileRefused, write_atomic
from tabletop.loop import Match
from tabletop.store import Store, start_recording
from tests.store.store_fakegames import FakeRegistry
from tests.store.test_locking import tabletop

FULL_DEVICE = os.makedev(1, 7)
"""The numbers of ``/dev/full`` (every write fails: the disk is full); a node of our own is made with them."""


@pytest.fixture
def finished(data: Path, reg: FakeRegistry, fake_games_installed: None) -> int:
    """A finished game, to export."""
    with Store.open(data) as store:
        match = Match(reg.get("nim"), seed=4242, agents=[RandomAgent(), RandomAgent()])
        recorder = start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
        match.run()
        return recorder.row_id


def full_device(folder: Path) -> Path:
    """A character device like ``/dev/full``, made in ``folder`` (so that a program that wrongly replaces it
    replaces our node, never the system's); skipped where device nodes cannot be made."""
    node = folder / "full"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, FULL_DEVICE)
    except (PermissionError, AttributeError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    return node


def said(text: str) -> str:
    """The text with its lines joined (the console wraps long messages at its width)."""
    return " ".join(text.split())


def left_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_export_onto_a_device_is_refused_and_the_device_is_left_as_it_is(
    tmp_path: Path, data: Path, finished: int
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    device = full_device(folder)
    result = tabletop(data, "export", str(finished), "-o", str(device), "--force")
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert f"{device} is a character device, not a regular file" in said(result.stderr)
    assert "written" not in result.stdout and "Traceback" not in result.stderr
    assert stat.S_ISCHR(os.stat(device).st_mode) and os.stat(device).st_rdev == FULL_DEVICE
    assert left_in(folder) == ["full"]  # no temporary file either


@pytest.mark.parametrize("force", [True, False])
def test_export_onto_a_named_pipe_is_refused_at_once(tmp_path: Path, data: Path, finished: int, force: bool) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    pipe = folder / "game.json"
    os.mkfifo(pipe)
    result = tabletop(data, "export", str(finished), "-o", str(pipe), *(["--force"] if force else []))
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert f"{pipe} is a named pipe, not a regular file" in said(result.stderr)
    assert stat.S_ISFIFO(os.stat(pipe).st_mode) and left_in(folder) == ["game.json"]


def test_export_over_a_regular_file_with_force_still_replaces_it(tmp_path: Path, data: Path, finished: int) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")
    result = tabletop(data, "export", str(finished), "-o", str(target), "--force")
    assert result.returncode == 0, result.stderr
    assert '"seed": 4242' in target.read_text(encoding="utf-8") and left_in(tmp_path) == ["data", "game.json"]


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of 64 KB under the test's folder, filled to the brim (skipped where mounting is not allowed)."""
    mount_point = tmp_path / "small-disk"
    mount_point.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    try:
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount_point)], check=True, capture_output=True
        )
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot mount a small file system here: {exc}")
    try:
        filler = mount_point / "filler"
        free = os.statvfs(mount_point).f_bavail * os.statvfs(mount_point).f_frsize
        filler.write_bytes(b"\0" * free)
        yield mount_point
    finally:
        if subprocess.run(["umount", str(mount_point)], capture_output=True, check=False).returncode:
            subprocess.run(["umount", "-l", str(mount_point)], capture_output=True, check=False)


def test_export_to_a_full_disk_says_so_and_leaves_nothing_behind(small_disk: Path, data: Path, finished: int) -> None:
    target = small_disk / "game.json"
    result = tabletop(data, "export", str(finished), "-o", str(target))
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert f"cannot write {target}: No space left on device" in said(result.stderr)
    assert left_in(small_disk) == ["filler"]


def test_a_write_that_fails_midway_removes_its_temporary_file_and_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "kept.bin"
    target.write_bytes(b"old")

    def chunks() -> Iterator[bytes]:
        yield b"new"
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        write_atomic(target, chunks())
    assert target.read_bytes() == b"old" and left_in(tmp_path) == ["kept.bin"]
    with pytest.raises(FileRefused, match="is a folder, not a regular file"):
        write_atomic(tmp_path, [b"x"])
    (tmp_path / "file").write_bytes(b"")
    with pytest.raises(FileRefused, match=f"{tmp_path / 'file'} is a regular file, not a folder"):
        write_atomic(tmp_path / "file" / "inside.bin", [b"x"], make_folder=True)
