"""``tabletop simulate --backend ray``: the same games as on processes, the same table, on a Ray cluster.

One local cluster of two CPUs serves the whole run (see ``conftest.py``); the
programs started here join it with ``--address``, except the one interrupted,
which starts a cluster of its own to show that Ctrl-C shuts it down.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tabletop.commands.simulate import GameResult, run_games
from tabletop.lab import ProcessLab, RayLab
from tabletop.rng import derive_seed
from tests.cluster.conftest import UNENDING_RUN, Cluster, ray_env

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
MUSTER = {"simplified": "off", "power_of_one": "off", "over_the_rainbow": "off", "first": "random"}


def simulate(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [TABLETOP, "simulate", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        env=os.environ | env,
    )


def same_games(results: list[GameResult]) -> list[tuple[Any, ...]]:
    """What a game's seed decides: everything but the time it took."""
    return [(r.seed, r.returns, r.actions, r.decisions, r.score) for r in results]


def table_of(summary: dict[str, Any]) -> dict[str, Any]:
    """A JSON summary without what only the machine decides (time, workers, backend, and seconds per move)."""
    kept = {k: v for k, v in summary.items() if k not in ("seconds", "workers", "backend")}
    kept["agents"] = [{k: v for k, v in a.items() if k != "seconds_per_move"} for a in summary["agents"]]
    return kept


def test_each_game_is_the_same_on_ray_as_on_processes(cluster: Cluster) -> None:
    seeds = [derive_seed(5, f"game-{i}") for i in range(12)]
    agents = ["random", "easy"]
    on_processes = run_games(ProcessLab(2), "muster", MUSTER, agents, seeds, show_progress=False)
    reports: list[str] = []
    with RayLab(report=reports.append) as lab:
        assert lab.workers == 2
        on_ray = run_games(lab, "muster", MUSTER, agents, seeds, show_progress=False)
    assert same_games(on_ray) == same_games(on_processes)
    assert [r.seed for r in on_ray] == seeds and reports == []


def test_an_error_in_a_game_reaches_the_caller_as_it_was_raised(cluster: Cluster) -> None:
    with RayLab() as lab, pytest.raises(ValueError, match="invalid literal"):
        list(lab.run(int, [("12",), ("twelve",)]))  # a bug, not a lost worker: never played again


def test_the_table_joining_a_cluster_by_address_is_the_one_of_processes(cluster: Cluster) -> None:
    args = ["muster", "--games", "10", "--agents", "random,easy", "--seed", "7"]
    processes = simulate(*args, "--workers", "2", env=cluster.env)
    ray = simulate(*args, "--backend", "ray", "--address", cluster.address, env=cluster.env)
    assert processes.returncode == 0, processes.stderr
    assert ray.returncode == 0, ray.stderr
    assert "on 2 Ray worker(s)" in ray.stdout and "on 2 worker(s)" in processes.stdout
    rows = [[line for line in r.stdout.splitlines() if "%" in line or "games" in line] for r in (processes, ray)]
    strip = [[line.rsplit("│", 2)[0] for line in side] for side in rows]  # all but the s/move column
    assert strip[0] == strip[1] and len(strip[0]) == 4, ray.stdout  # title, heading, two rows
    as_json = simulate(*args, "--backend", "ray", "--json", env=cluster.env | {"RAY_ADDRESS": cluster.address})
    summary = json.loads(as_json.stdout)
    assert summary["backend"] == "ray" and summary["workers"] == 2


def test_a_worker_that_dies_is_reported_and_its_game_played_again(cluster: Cluster, plugin_path: str) -> None:
    env = cluster.env | {"PYTHONPATH": plugin_path}
    args = ["crashcard", "--games", "30", "--agents", "random,random", "--seed", "11", "--json"]
    clean = simulate(*args, env={k: v for k, v in env.items() if k != "TABLETOP_CRASHCARD_ARMED"})
    assert clean.returncode == 0, clean.stderr
    cluster.armed.touch()
    crashed = simulate(*args, "--backend", "ray", "--address", cluster.address, env=env)
    assert not cluster.armed.exists(), "no worker met the crash"
    assert crashed.returncode == 0, crashed.stderr
    assert "a Ray worker died playing game" in crashed.stderr and "played again" in crashed.stderr
    assert crashed.stderr.count("died playing") == 1, crashed.stderr
    assert "Traceback" not in crashed.stderr
    assert table_of(json.loads(crashed.stdout)) == table_of(json.loads(clean.stdout))
    assert json.loads(crashed.stdout)["games"] == 30


def _ray_processes_under(folder: Path) -> list[str]:
    """Command lines of the running processes that name ``folder`` (Ray's own name their session folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if str(folder) in line:
                found.append(line)
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds Ray's processes through /proc")
def test_ctrl_c_stops_the_cluster_work_and_shuts_ray_down(tmp_path_factory: pytest.TempPathFactory) -> None:
    # A cluster of the program's own, started without --address: Ctrl-C must leave none of its processes.
    root = tmp_path_factory.mktemp("r")  # a short path, for Ray's sockets
    env = os.environ | ray_env(root)
    env.pop("RAY_ADDRESS", None)
    program = subprocess.Popen(
        [TABLETOP, "simulate", "muster", *UNENDING_RUN, "--backend", "ray"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=True,
    )
    session = root / "ray"
    try:
        deadline = time.monotonic() + 30
        while not list(session.glob("session_*/logs/worker-*")) and time.monotonic() < deadline:
            time.sleep(0.2)  # until a worker plays
        time.sleep(1.0)
        os.killpg(program.pid, signal.SIGINT)  # as the terminal's Ctrl-C does: to the whole foreground group
        out, err = program.communicate(timeout=60)
    finally:
        if program.poll() is None:
            os.killpg(program.pid, signal.SIGKILL)
            program.communicate()
    assert program.returncode == 130, err
    assert "Traceback" not in err and "Average game length" not in out, err
    deadline = time.monotonic() + 10
    while _ray_processes_under(root) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _ray_processes_under(root) == []


def test_the_strength_bench_plays_the_same_row_on_ray(cluster: Cluster, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.bench_scripts import load_bench

    bench = load_bench("muster_strength")
    args = ["--pair", "random", "easy", "--games", "6", "--seed", "3"]
    assert bench.main([*args, "--workers", "2"]) == 0
    on_processes = capsys.readouterr().out.splitlines()
    assert bench.main([*args, "--backend", "ray"]) == 0  # the cluster this process has joined
    on_ray = capsys.readouterr().out.splitlines()
    assert "2 Ray worker(s)" in on_ray[0] and "2 worker(s)" in on_processes[0]

    def row(line: str) -> str:
        return line.split("  s/move")[0]  # the games, not the time they took

    assert row(on_ray[1]) == row(on_processes[1]) and "games    6" in on_ray[1]
