"""Muster's modules import one way: down the layers its package docstring declares.

Every module of ``tabletop_muster`` is parsed with :mod:`ast`; imports at the top
and inside functions (and under ``TYPE_CHECKING``) all count, since an import put
inside a function to dodge a cycle is still a cycle.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import tabletop_muster

PACKAGE = "tabletop_muster"
ROOT = Path(tabletop_muster.__file__).parent
LAYER_LINE = re.compile(r"^\s*(\d+)\.\s+(``.*)$")


def declared_layers(doc: str) -> list[list[str]]:
    """The numbered layer lines of the package docstring, lowest first: ``3. ``rules`` ...``."""
    layers: list[list[str]] = []
    for line in doc.splitlines():
        match = LAYER_LINE.match(line)
        if match:
            assert int(match.group(1)) == len(layers) + 1, f"layers are numbered in order: {line!r}"
            layers.append(re.findall(r"``([\w.]+)``", match.group(2)))
    return layers


def module_names(root: Path) -> list[str]:
    """Modules of the package relative to it: ``rules``, ``ai.search``; ``__init__`` and ``ai`` for packages."""
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts.pop()
        names.append(".".join(parts))
    return names


def _source(root: Path, module: str) -> Path:
    if module == "__init__":
        return root / "__init__.py"
    path = root.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _package_of(module: str, root: Path) -> list[str]:
    """The dotted package a module's relative imports start from (``[]``: the top)."""
    parts = [] if module == "__init__" else module.split(".")
    return parts if _source(root, module).name == "__init__.py" else parts[:-1]


def _resolve(parts: list[str], known: set[str]) -> str:
    """The module a dotted name inside the package lands in: its longest known prefix."""
    while parts and ".".join(parts) not in known:
        parts = parts[:-1]
    return ".".join(parts) if parts else "__init__"


def _imported(node: ast.AST, module: str, root: Path, known: set[str]) -> Iterator[str]:
    """The package's modules that one import statement loads, relative to the package."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] == PACKAGE:
                yield _resolve(parts[1:], known)
        return
    if not isinstance(node, ast.ImportFrom):
        return
    named = (node.module or "").split(".") if node.module else []
    if node.level:
        package = _package_of(module, root)
        parts = package[: len(package) - node.level + 1] + named
    elif named and named[0] == PACKAGE:
        parts = named[1:]
    else:
        return
    for alias in node.names:
        # ``from tabletop_muster import actions`` loads the module ``actions``, not the package.
        candidate = parts + [alias.name]
        yield ".".join(candidate) if ".".join(candidate) in known else _resolve(parts, known)


def import_graph(root: Path) -> dict[str, set[str]]:
    """module -> the modules of the package it imports anywhere in its source."""
    known = set(module_names(root))
    graph: dict[str, set[str]] = {}
    for module in sorted(known):
        tree = ast.parse(_source(root, module).read_text(encoding="utf-8"))
        graph[module] = {
            target for node in ast.walk(tree) for target in _imported(node, module, root, known) if target != module
        }
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path ``[a, b, ..., a]``, or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return None
        for target in sorted(graph[node]):
            cycle = visit(target, path + [node])
            if cycle:
                return cycle
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start, [])
        if cycle:
            return cycle
    return None


def upward_imports(graph: dict[str, set[str]], layers: list[list[str]]) -> list[str]:
    """Imports that do not go to a strictly lower layer."""
    rank = {m: i for i, layer in enumerate(layers) for m in layer}
    return [
        f"{m} (layer {rank[m] + 1}) imports {t} (layer {rank[t] + 1})"
        for m in sorted(graph)
        for t in sorted(graph[m])
        if rank[t] >= rank[m]
    ]


GRAPH = import_graph(ROOT)
LAYERS = declared_layers(tabletop_muster.__doc__ or "")


def test_imports_inside_functions_are_seen() -> None:
    # The Game reaches its agents, interface and positions only inside its methods.
    assert {"agents", "ui", "position", "cli", "show"} <= GRAPH["game"]
    assert "ai.search" in GRAPH["ai"] and "actions" in GRAPH["rules"]


def test_every_module_has_exactly_one_declared_layer() -> None:
    declared = [m for layer in LAYERS for m in layer]
    assert len(LAYERS) >= 5, "the package docstring lists its layers"
    assert sorted(declared) == sorted(set(declared)), "a module is declared in one layer only"
    assert sorted(declared) == sorted(GRAPH), "every module, and only those, is placed in a layer"


def test_the_import_graph_has_no_cycle() -> None:
    assert find_cycle(GRAPH) is None


def test_every_import_goes_down_the_layers() -> None:
    assert upward_imports(GRAPH, LAYERS) == []


def test_the_checks_catch_a_cycle_and_an_upward_import() -> None:
    graph = {"rules": {"view"}, "view": {"rules"}, "cards": set()}
    assert find_cycle(graph) == ["rules", "view", "rules"]
    assert upward_imports(graph, [["cards"], ["rules"], ["view"]]) == ["rules (layer 2) imports view (layer 3)"]


def test_the_rules_stand_on_cards_actions_and_scoring_alone() -> None:
    assert GRAPH["rules"] == {"actions", "cards", "scoring"}
