"""``--backend ray``: a bad address fails at once, and SIGTERM shuts Ray down as Ctrl-C does.

Ray retries an address for minutes and meets SIGTERM with an exit of its own
(status 15, and a stack dump from its native code). The program reads the address
first and tries it with a short connection, and keeps its own handler of SIGTERM.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.cluster.conftest import UNENDING_RUN, ray_env
from tests.cluster.test_ray_backend import TABLETOP, _ray_processes_under

FAILS_WITHIN = 20.0
"""Seconds a refused address may take, Ray's import included (Ray itself would retry for minutes)."""


def _a_port_nobody_listens_on() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(
    "address, status, words",
    [
        ("127.0.0.1:-5", 2, "the port must be a whole number from 1 to 65535"),
        ("127.0.0.1:99999", 2, "from 1 to 65535"),
        ("foo bar:6379", 2, "is not a host name or an IP address"),
        ("127.0.0.1", 2, "expected HOST:PORT"),
        (None, 1, "no Ray cluster answers at"),
    ],
    ids=["negative-port", "port-too-large", "space-in-host", "no-port", "nothing-listening"],
)
def test_a_bad_address_fails_at_once_with_a_plain_message(
    tmp_path: Path, address: str | None, status: int, words: str
) -> None:
    address = address or f"127.0.0.1:{_a_port_nobody_listens_on()}"
    start = time.monotonic()
    try:
        result = subprocess.run(
            [TABLETOP, "simulate", "muster", "--agents", "random,random", "--backend", "ray", "--address", address],
            capture_output=True,
            text=True,
            timeout=FAILS_WITHIN,
            stdin=subprocess.DEVNULL,
            env=os.environ | ray_env(tmp_path) | {"TABLETOP_DATA_DIR": str(tmp_path / "data")},
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"--address {address} still waited after {FAILS_WITHIN} s")
    took = time.monotonic() - start
    assert result.returncode == status, result.stderr
    assert words in result.stderr and "Traceback" not in result.stderr, result.stderr
    assert took < FAILS_WITHIN


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds Ray's processes through /proc")
def test_sigterm_shuts_ray_down_as_ctrl_c_does(tmp_path_factory: pytest.TempPathFactory) -> None:
    pytest.importorskip("ray")
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
    try:
        deadline = time.monotonic() + 60
        while not list((root / "ray").glob("session_*/logs/worker-*")) and time.monotonic() < deadline:
            time.sleep(0.2)  # until a worker plays
        time.sleep(1.0)
        program.send_signal(signal.SIGTERM)  # `kill PID`: to the program alone
        out, err = program.communicate(timeout=60)
    finally:
        if program.poll() is None:
            os.killpg(program.pid, signal.SIGKILL)
            program.communicate()
    assert program.returncode == 128 + signal.SIGTERM, err
    assert "SIGTERM received" not in err and "PC: @" not in err, err  # no native stack dump
    assert "Traceback" not in err and "Average game length" not in out, err
    deadline = time.monotonic() + 10
    while _ray_processes_under(root) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _ray_processes_under(root) == []
