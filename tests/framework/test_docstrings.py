"""Every public name of Tabletop and of the example plugin says what it is for.

Each module is read as source: the module itself, every public module-level function and class and every
public method, property, class method and static method of a public class must carry a docstring
(``_private`` names and dunder methods need none, nor the setter of a documented property nor an
``@overload`` stub). A method that overrides one documented in a base class, as a game's ``State.apply``
overrides the protocol's, takes that documentation, as ``inspect.getdoc`` and ``help()`` do.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import tabletop

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "highcard" / "tabletop_highcard"

NOT_IMPORTED = {"tabletop.__main__"}
"""Modules read but never imported: ``tabletop.__main__`` runs the program when imported."""


def modules() -> dict[str, Path]:
    """Every module of ``tabletop`` and of the example plugin, with its source file."""
    found: dict[str, Path] = {}
    for path, prefix in ((Path(tabletop.__file__).parent, "tabletop"), (EXAMPLE, "tabletop_highcard")):
        found[prefix] = path / "__init__.py"
        for info in pkgutil.walk_packages([str(path)], prefix + "."):
            relative = Path(*info.name.split(".")[1:])
            found[info.name] = path / relative / "__init__.py" if info.ispkg else path / relative.with_suffix(".py")
    return dict(sorted(found.items()))


@dataclass(frozen=True)
class Missing:
    """A public name without a docstring: ``module:line qualified.name``."""

    module: str
    line: int
    name: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line} {self.name}"


Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _public(name: str) -> bool:
    return not name.startswith("_")


def _decorator_names(node: Definition) -> set[str]:
    names = set()
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Name):
            names.add(target.id)
        elif isinstance(target, ast.Attribute):
            names.add(target.attr)
    return names


def _needs_no_docstring(node: Definition) -> bool:
    """An ``@overload`` stub, or the setter or deleter of a property (the getter holds the docstring)."""
    return bool(_decorator_names(node) & {"overload", "setter", "deleter"})


def _definitions(body: list[ast.stmt]) -> list[Definition]:
    """The functions and classes a block defines, including those under ``if`` and ``try``."""
    found: list[Definition] = []
    for node in body:
        if isinstance(node, Definition):
            found.append(node)
        elif isinstance(node, ast.If):
            found += _definitions(node.body) + _definitions(node.orelse)
        elif isinstance(node, ast.Try):
            found += _definitions(node.body) + _definitions(node.orelse) + _definitions(node.finalbody)
            for handler in node.handlers:
                found += _definitions(handler.body)
    return found


def undocumented(module: str, source: str) -> list[tuple[int, list[str]]]:
    """Where ``source`` leaves a public name without its own docstring: lines and qualified names
    (``[]`` for the module itself)."""
    tree = ast.parse(source, module)
    found: list[tuple[int, list[str]]] = []
    if ast.get_docstring(tree) is None:
        found.append((1, []))

    def visit(body: list[ast.stmt], outer: list[str]) -> None:
        for node in _definitions(body):
            if not _public(node.name) or _needs_no_docstring(node):
                continue
            qualified = [*outer, node.name]
            if ast.get_docstring(node) is None:
                found.append((node.lineno, qualified))
            if isinstance(node, ast.ClassDef):
                visit(node.body, qualified)

    visit(tree.body, [])
    return found


def _own_doc(value: Any) -> str | None:
    """The docstring a class attribute holds itself: a function's, or its getter's for a property."""
    if isinstance(value, property):
        value = value.fget
    elif isinstance(value, (classmethod, staticmethod)):
        value = value.__func__
    doc = getattr(value, "__doc__", None) if callable(value) else None
    return doc if isinstance(doc, str) and doc.strip() else None


def _inherits_doc(module: Any, qualified: list[str]) -> bool:
    """Whether the method ``qualified`` (class path, then name) overrides a documented one of a base class."""
    if len(qualified) < 2:
        return False
    owner: Any = module
    for part in qualified[:-1]:
        owner = getattr(owner, part, None)
    if not isinstance(owner, type):
        return False
    return any(_own_doc(base.__dict__.get(qualified[-1])) for base in owner.__mro__[1:])


def missing_docstrings(name: str, path: Path) -> list[Missing]:
    """The public names of module ``name`` (its source at ``path``) that no docstring documents."""
    found = undocumented(name, path.read_text(encoding="utf-8"))
    if not found:
        return []
    module = None if name in NOT_IMPORTED else importlib.import_module(name)
    return [
        Missing(name, line, ".".join(qualified) or "(the module)")
        for line, qualified in found
        if module is None or not _inherits_doc(module, qualified)
    ]


def test_the_modules_are_found() -> None:
    found = modules()
    assert {
        "tabletop",
        "tabletop.__main__",
        "tabletop.store.db",
        "tabletop.ui.tables",
        "tabletop_highcard.rules",
    } <= set(found)
    assert all(path.is_file() for path in found.values())


def test_a_missing_docstring_is_found_and_an_inherited_one_counts(tmp_path: Path) -> None:
    source = (
        '"""A module."""\n'
        "from tabletop.game import State\n"
        "class S(State):\n"
        '    """A state."""\n'
        "    def apply(self, action):\n"  # documented in tabletop.game.State
        "        pass\n"
        "    def extra(self):\n"
        "        pass\n"
        "    @property\n"
        "    def size(self):\n"
        "        return 1\n"
        "    @size.setter\n"
        "    def size(self, value):\n"
        "        pass\n"
    )
    module_path = tmp_path / "tabletop_docstring_probe.py"
    module_path.write_text(source)
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(tmp_path))
        try:
            missing = missing_docstrings("tabletop_docstring_probe", module_path)
        finally:
            sys.modules.pop("tabletop_docstring_probe", None)
    assert [str(m) for m in missing] == ["tabletop_docstring_probe:7 S.extra", "tabletop_docstring_probe:10 S.size"]


@pytest.mark.parametrize("name", list(modules()))
def test_public_names_have_docstrings(name: str, request: pytest.FixtureRequest) -> None:
    if name.startswith("tabletop_highcard"):
        request.getfixturevalue("example_plugin_path")  # puts the example plugin on sys.path
    missing = missing_docstrings(name, modules()[name])
    assert not missing, f"{len(missing)} public names without a docstring:\n" + "\n".join(map(str, missing))
