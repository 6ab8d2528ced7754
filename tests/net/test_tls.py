"""``--tls CERT KEY``: the traffic encrypted, the host trusted by its own certificate."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.net.hosting import RawClient, finished, history, host, join, play_out

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test's certificate")


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate and its key, as a host would make them for itself."""
    certificate, key = folder / "host.pem", folder / "host.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=tabletop-host"]
        + ["-keyout", str(key), "-out", str(certificate)],
        check=True,
        capture_output=True,
    )
    return certificate, key


def test_a_game_over_tls_and_a_plain_client_turned_away(tmp_path: Path) -> None:
    certificate, key = _certificate(tmp_path)
    hosted = host(tmp_path / "host", "host", "muster", "--tls", str(certificate), str(key))
    try:
        assert f"--tls {certificate}" in "".join(hosted.output)  # the join line names what to trust
        plain = RawClient(hosted.address, hosted.port)
        plain.hello(hosted.code)
        assert plain.receive() is None and b'"welcome"' not in plain.received  # nothing readable comes back
        plain.close()
        status, output = finished(join(tmp_path / "plain", hosted, "easy"))
        assert status == 1 and "closed the connection" in output, output
        play_out(tmp_path, hosted, tls=certificate)
    finally:
        hosted.stop()
    (record,) = history(tmp_path / "host")
    assert record.is_finished
