"""The store keeps data and draws nothing: no module of ``tabletop.store`` imports ``rich``.

Drawing the store's contents (the history and statistics tables) is the interface's work,
in ``tabletop.ui.tables``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import tabletop.store

STORE = Path(tabletop.store.__file__).resolve().parent


def _imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module an ``import`` statement anywhere in ``tree`` names (in functions and
    ``if TYPE_CHECKING:`` blocks too), with its line."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def test_the_scan_sees_every_kind_of_import() -> None:
    source = (
        "import rich\nfrom rich.table import Table\nif T:\n    import rich.box\ndef f():\n    from rich import box\n"
    )
    assert [name for _, name in _imported_modules(ast.parse(source))] == ["rich", "rich.table", "rich.box", "rich"]


def test_no_store_module_imports_rich() -> None:
    modules = sorted(STORE.rglob("*.py"))
    assert STORE / "db.py" in modules
    offending = [
        f"{path.relative_to(STORE.parent.parent)}:{line}: {name}"
        for path in modules
        for line, name in _imported_modules(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        if name == "rich" or name.startswith("rich.")
    ]
    assert not offending, "the store imports rich:\n" + "\n".join(offending)


def test_importing_the_store_loads_no_rich() -> None:
    """In a fresh interpreter, the store and every module of it load without ``rich``."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import tabletop.store as store\n"
        "names = [info.name for info in pkgutil.walk_packages(store.__path__, 'tabletop.store.')]\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "print(len(names), sorted(m for m in sys.modules if m == 'rich' or m.startswith('rich.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    count, loaded = result.stdout.strip().split(" ", 1)
    assert int(count) >= 5 and loaded == "[]", result.stdout
