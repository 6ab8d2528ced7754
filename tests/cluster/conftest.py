"""A local Ray cluster of two CPUs for the lab's tests, started once per run and shut down after them.

Its session files live in the run's temporary folder, and its token in a file of
the run's own (``RAY_AUTH_TOKEN_PATH``), so that nothing lands in ``/tmp/ray`` or
``~/.ray``. Its workers find the example plugin and Crash Card (``plugin/``)
through ``PYTHONPATH``, as the nodes of a real cluster have the games installed;
this process's own environment is put back as soon as the cluster is up, so no
other test sees those games.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tabletop.testing.plugins import write_dist_info

PLUGIN = Path(__file__).resolve().parent / "plugin" / "tabletop_crashcard"
ARMED = "TABLETOP_CRASHCARD_ARMED"


@dataclass(frozen=True)
class Cluster:
    """The running cluster: its address, the environment a program joining it needs, and Crash Card's trigger."""

    address: str
    env: dict[str, str]
    armed: Path
    temp: Path


UNENDING_RUN = ("--games", "100000", "--agents", "medium,easy")
"""A run far longer than any test waits (400 such games take about 3 s on two workers): a signal always finds
it playing, never already shutting its cluster down."""


def ray_env(root: Path) -> dict[str, str]:
    """Variables that keep a Ray started under ``root`` inside it: its session files and its token.

    ``root`` must have a short path: Ray's sockets go in ``root/ray/session_*/sockets``,
    and a socket's path may not exceed 107 bytes.
    """
    token = root / "token"
    if not token.exists():
        token.write_text(secrets.token_hex(32), encoding="utf-8")
    return {"RAY_TMPDIR": str(root), "RAY_AUTH_TOKEN_PATH": str(token)}


@pytest.fixture(scope="session")
def plugin_path(example_plugin_path: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """``PYTHONPATH`` for a program that has High Card and Crash Card installed."""
    root = tmp_path_factory.mktemp("crashcard")
    shutil.copytree(PLUGIN, root / PLUGIN.name)
    write_dist_info(root, "tabletop-crashcard", "1.0", {"tabletop.games": {"crashcard": "tabletop_crashcard:game"}})
    return os.pathsep.join([str(root), str(example_plugin_path)])


@pytest.fixture(scope="session")
def cluster(plugin_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Ray started in this process with ``num_cpus=2``; its workers have Crash Card armed by ``armed``.

    One cluster serves the whole run: Ray's driver keeps the first token it reads
    for the life of the process, so a second cluster with a token of its own
    would refuse this process ("InvalidAuthToken").
    """
    ray = pytest.importorskip("ray")
    root = tmp_path_factory.mktemp("r")
    armed = root / "armed"
    env = ray_env(root) | {"PYTHONPATH": plugin_path, ARMED: str(armed)}
    saved = {name: os.environ.get(name) for name in [*env, "RAY_AUTH_MODE"]}
    os.environ.update(env)
    try:
        context = ray.init(num_cpus=2, include_dashboard=False, _temp_dir=str(root / "ray"), log_to_driver=False)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    try:
        yield Cluster(context.address_info["address"], env | {"RAY_AUTH_MODE": "token"}, armed, root)
    finally:
        ray.shutdown()
