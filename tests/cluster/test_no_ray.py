"""Ray is needed only for ``--backend ray``: never imported otherwise, and its absence explained."""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap

import pytest


def python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_list_and_a_simulation_on_processes_never_import_ray() -> None:
    result = python(
        """
        import contextlib, io, sys
        from tabletop.cli import main
        import tabletop.commands.menu
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["list"]) == 0
            assert main(["simulate", "muster", "--games", "2", "--agents", "random,random"]) == 0
        print("ray" in sys.modules)
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_without_ray_the_backend_says_how_to_install_it() -> None:
    result = python(
        """
        import sys
        from importlib.abc import MetaPathFinder

        class NoRay(MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name == "ray" or name.startswith("ray."):
                    raise ModuleNotFoundError(f"No module named {name!r}", name=name)
                return None

        sys.meta_path.insert(0, NoRay())
        from tabletop.cli import main
        sys.exit(main(["simulate", "muster", "--games", "2", "--agents", "random,random", "--backend", "ray"]))
        """
    )
    assert result.returncode == 2, result.stderr
    assert "pip install 'tabletop[cluster]'" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_an_address_without_the_ray_backend_is_refused() -> None:
    result = python(
        """
        import sys
        from tabletop.cli import main
        sys.exit(main(["simulate", "muster", "--agents", "random,random", "--address", "auto"]))
        """
    )
    assert result.returncode == 2 and "--backend ray" in result.stderr


def test_an_address_where_no_cluster_listens_fails_at_once() -> None:
    pytest.importorskip("ray")
    with socket.socket() as probe:  # a port just freed: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = python(
        f"""
        import sys
        from tabletop.cli import main
        sys.exit(main(["simulate", "muster", "--agents", "random,random", "--backend", "ray",
                       "--address", "127.0.0.1:{port}"]))
        """
    )
    assert result.returncode == 1, result.stderr
    assert f"no Ray cluster answers at 127.0.0.1:{port}" in result.stderr and "Traceback" not in result.stderr
