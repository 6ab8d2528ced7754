"""Make a plugin visible to ``importlib.metadata`` without pip, for tests.

An installed distribution is found on ``sys.path`` through its
``NAME-VERSION.dist-info`` folder; ``entry_points.txt`` there lists its entry
points. Writing that folder next to the plugin's package makes Tabletop find
the plugin through the entry-point group exactly as if it had been installed:

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as root:
    ...     write_dist_info(pathlib.Path(root), "tabletop-demo", "1.0", {"tabletop.games": {"demo": "demo:game"}}).name
    'tabletop_demo-1.0.dist-info'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path


def write_dist_info(root: Path, name: str, version: str, entry_points: Mapping[str, Mapping[str, str]]) -> Path:
    """Write ``root/<name>-<version>.dist-info`` with METADATA and entry_points.txt; return it."""
    folder = root / f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}.dist-info"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    lines = []
    for group, entries in entry_points.items():
        lines.append(f"[{group}]")
        lines.extend(f"{key} = {value}" for key, value in entries.items())
        lines.append("")
    (folder / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")
    return folder


def dist_info_from_pyproject(pyproject: Path, root: Path) -> Path:
    """Write the dist-info a ``pip install`` of this project would write (name, version, entry points)."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    return write_dist_info(root, project["name"], project["version"], project.get("entry-points", {}))
