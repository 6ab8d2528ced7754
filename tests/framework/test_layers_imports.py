"""The layers: no circle of imports in ``tabletop/`` nor in any game, a store that holds data only, files of one job.

The import graph is read from the source with :mod:`ast`, so it counts every
import: at the top of a module, inside a function, and under
``if TYPE_CHECKING:`` (a type-only import still ties two modules together).
Every game and example package has one shape (docs/architecture.md, "The shape
of a game package"): its Game class in ``game.py`` at the top, which nothing
below imports back, not even in a docstring's example.
"""

from __future__ import annotations

import ast
import doctest
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path

import pytest

import tabletop

ROOT = Path(tabletop.__file__).parent
MAX_LINES = 500
"""The most lines a file of ``tabletop/`` may have: a longer one holds several jobs and is split."""
DATA_ONLY = ("tabletop.store",)
"""Packages that hold data only: they never rebuild a match, find a game, or draw."""
ABOVE_THE_STORE = ("tabletop.loop", "tabletop.registry", "tabletop.rebuild", "tabletop.ui", "tabletop.commands")
"""What the store never imports at run time (it may name the types of a match it saves)."""
GAME_PACKAGES = sorted(
    path.parent
    for path in (
        *ROOT.parent.glob("games/*/tabletop_*/__init__.py"),
        *ROOT.parent.glob("examples/*/tabletop_*/__init__.py"),
    )
)
"""The import package of every game and example plugin: ``games/muster/tabletop_muster`` and the rest."""
ABOVE_THE_GAME = {"tabletop_muster.ai.lab"}
"""Modules that build on a game's Game class from above, as a tool outside the package would: Muster's LabGame
is MusterGame with chosen computer levels, for bench/ and the simulation lab, and nothing in the package imports it."""


def module_names(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package at ``root``, by its dotted name."""
    names: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imports_of(name: str, path: Path, modules: Mapping[str, Path]) -> Iterator[tuple[str, ast.stmt]]:
    """The modules of ``modules`` that ``name`` imports anywhere in its source, with the statement."""
    yield from _imports_in(ast.parse(path.read_text(encoding="utf-8")), name, path, modules)


def imports_in_examples(name: str, path: Path, modules: Mapping[str, Path]) -> Iterator[tuple[str, ast.stmt]]:
    """The modules of ``modules`` that the examples of ``name``'s docstrings import (run by the doctests)."""
    parser = doctest.DocTestParser()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            for example in parser.get_examples(ast.get_docstring(node, clean=True) or ""):
                yield from _imports_in(ast.parse(example.source), name, path, modules)


def _imports_in(tree: ast.AST, name: str, path: Path, modules: Mapping[str, Path]) -> Iterator[tuple[str, ast.stmt]]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    yield alias.name, node
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                found = submodule if submodule in modules else target
                if found in modules:
                    yield found, node


def import_graph(modules: Mapping[str, Path], left_out: Collection[tuple[str, str]] = ()) -> dict[str, set[str]]:
    """Each module's imports of other modules of the package (``left_out`` edges excepted)."""
    return {
        name: {
            target for target, _ in imports_of(name, path, modules) if target != name and (name, target) not in left_out
        }
        for name, path in modules.items()
    }


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one node (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            step = next(targets, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def unit_of(name: str) -> str:
    """The layer a module belongs to: a top-level module, or a sub-package of ``tabletop`` as a whole."""
    return ".".join(name.split(".")[:2])


def unit_graph(graph: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """The import graph between layers: ``tabletop.lab`` for all of ``tabletop/lab/``, and so on."""
    units: dict[str, set[str]] = {unit_of(name): set() for name in graph}
    for name, targets in graph.items():
        units[unit_of(name)] |= {unit_of(t) for t in targets} - {unit_of(name)}
    return units


def test_no_module_imports_itself_round_a_circle() -> None:
    assert circles(import_graph(module_names())) == []


def test_no_layer_imports_itself_round_a_circle() -> None:
    """The lab and the commands, say, do not import each other: commands use the lab, and turn its errors into theirs."""
    assert circles(unit_graph(import_graph(module_names()))) == []


def test_the_store_imports_nothing_above_it_at_run_time() -> None:
    modules = module_names()
    runtime: list[str] = []
    for name, path in modules.items():
        if not name.startswith(DATA_ONLY):
            continue
        type_only = _type_only_lines(path)
        for target, node in imports_of(name, path, modules):
            if target.startswith(ABOVE_THE_STORE) and node.lineno not in type_only:
                runtime.append(f"{name} imports {target} (line {node.lineno})")
    assert runtime == []


def test_no_file_of_the_framework_is_over_500_lines() -> None:
    long = {
        str(path.relative_to(ROOT.parent)): lines
        for path in ROOT.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


# --------------------------------------------------------------------------- every game and example


def test_every_game_and_example_is_checked() -> None:
    names = {root.name for root in GAME_PACKAGES}
    games = {"tabletop_muster", "tabletop_muses", "tabletop_fivedice", "tabletop_freecell", "tabletop_klondike"}
    games |= {"tabletop_bakers", "tabletop_eightoff", "tabletop_seahaven", "tabletop_gin"}
    assert names == games | {"tabletop_highcard", "tabletop_pig"}


@pytest.mark.parametrize("root", GAME_PACKAGES, ids=lambda root: root.name)
def test_no_module_of_a_game_imports_itself_round_a_circle(root: Path) -> None:
    assert circles(import_graph(module_names(root))) == []


@pytest.mark.parametrize("root", GAME_PACKAGES, ids=lambda root: root.name)
def test_a_game_declares_its_game_class_in_game_py_and_its_package_shows_only_that(root: Path) -> None:
    modules = module_names(root)
    declared = {name: _game_classes(path) for name, path in modules.items()}
    assert [name for name, classes in declared.items() if classes] == [f"{root.name}.game"]
    (game_class,) = declared[f"{root.name}.game"]
    init = root / "__init__.py"
    assert {target for target, _ in imports_of(root.name, init, modules)} == {f"{root.name}.game"}
    assert _imported_modules(init) == {f"{root.name}.game"}
    assert "game" in _public_names(init) <= {"game", game_class}


@pytest.mark.parametrize("root", GAME_PACKAGES, ids=lambda root: root.name)
def test_nothing_in_a_game_imports_game_py_but_its_init(root: Path) -> None:
    """Not at the top, in a function, for a type, or in a docstring's example: game.py stands above the rest.

    The package itself counts as game.py, since importing it runs ``game.py``; a submodule named through it
    (``from tabletop_muster import actions``) does not.
    """
    modules = module_names(root)
    top = {root.name, f"{root.name}.game"}
    back: list[str] = []
    for name, path in modules.items():
        if name in top | ABOVE_THE_GAME:
            continue
        back += [f"{name} imports {t} (line {node.lineno})" for t, node in imports_of(name, path, modules) if t in top]
        back += [f"{name}'s docstring imports {t}" for t, _ in imports_in_examples(name, path, modules) if t in top]
    assert back == []
    graph = import_graph(modules)
    for above in ABOVE_THE_GAME & set(modules):  # each stands above the game: nothing in the package needs it
        assert f"{root.name}.game" in graph[above]
        assert [name for name, targets in graph.items() if above in targets] == []


def _game_classes(path: Path) -> list[str]:
    """The classes the module at ``path`` derives from the protocol's ``Game`` (``Game`` or ``Game[...]``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            bases = [base.value if isinstance(base, ast.Subscript) else base for base in node.bases]
            if any(ast.unparse(base) in {"Game", "tabletop.game.Game"} for base in bases):
                found.append(node.name)
    return found


def _imported_modules(path: Path) -> set[str]:
    """Every module the file at ``path`` imports from, within the package or not (``__future__`` aside)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            names.add("." * node.level + (node.module or ""))
    return names


def _public_names(path: Path) -> set[str]:
    """The names the module at ``path`` binds at its top level, but for ``__all__`` and private ones."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)) and getattr(node, "module", None) != "__future__":
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {target.id for target in targets if isinstance(target, ast.Name)}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return {name for name in names if not name.startswith("_")}


def _type_only_lines(path: Path) -> set[int]:
    """The lines of the import statements under ``if TYPE_CHECKING:`` in the file at ``path``."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and ast.unparse(node.test) in {"TYPE_CHECKING", "typing.TYPE_CHECKING"}:
            lines |= {inner.lineno for inner in ast.walk(node) if isinstance(inner, (ast.Import, ast.ImportFrom))}
    return lines


# --------------------------------------------------------------------------- the checks themselves


def _package(tmp_path: Path, files: Mapping[str, str]) -> dict[str, Path]:
    root = tmp_path / "pkg"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return module_names(root)


def test_a_circle_through_a_type_only_import_and_a_function_is_found(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n",
            "b.py": "def f():\n    from . import c\n",
            "c.py": "import pkg.a\n",
            "d.py": "from pkg import a\n",
        },
    )
    assert circles(import_graph(modules, set())) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_a_circle_between_packages_is_found_where_no_module_closes_one(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "lab/__init__.py": "from pkg.commands.common import Failure\n",
            "commands/__init__.py": "",
            "commands/common.py": "",
            "commands/simulate.py": "from pkg.lab import run\n",
        },
    )
    graph = import_graph(modules, set())
    assert circles(graph) == []
    assert circles(unit_graph(graph)) == [["pkg.commands", "pkg.lab"]]


def test_an_import_in_a_docstrings_example_is_found_and_only_there(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "from pkg.game import game\n",
            "game.py": "from pkg import rules\n",
            "rules.py": '"""Rules.\n\n>>> from pkg import game\n"""\n\ndef f():\n    """>>> import pkg.ui"""\n',
            "ui.py": "",
        },
    )
    found = {name: {t for t, _ in imports_in_examples(name, path, modules)} for name, path in modules.items()}
    assert found == {"pkg": set(), "pkg.game": set(), "pkg.rules": {"pkg.game", "pkg.ui"}, "pkg.ui": set()}
    assert circles(import_graph(modules)) == []  # an example is no import of the module itself


def test_a_game_class_is_told_by_its_base_and_a_packages_public_names_are_read(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(
        "from __future__ import annotations\n"
        "import tabletop.game\n"
        "from tabletop.game import Game as _Game, Game\n"
        "class A(Game['Action']): ...\n"
        "class B(tabletop.game.Game): ...\n"
        "class C(A): ...\n"
        "class D(Gamer): ...\n"
        "game: A = A()\n"
        "__all__ = ['game']\n",
        encoding="utf-8",
    )
    assert _game_classes(path) == ["A", "B"]
    assert _imported_modules(path) == {"tabletop.game"}
    assert _public_names(path) == {"tabletop", "Game", "A", "B", "C", "D", "game"}


@pytest.mark.parametrize("test", ["TYPE_CHECKING", "typing.TYPE_CHECKING"])
def test_type_only_imports_are_told_from_run_time_ones(tmp_path: Path, test: str) -> None:
    path = tmp_path / "m.py"
    path.write_text(f"import typing\nif {test}:\n    import a\nimport b\n", encoding="utf-8")
    assert _type_only_lines(path) == {3}
