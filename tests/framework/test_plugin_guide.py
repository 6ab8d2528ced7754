"""The plugin guide shows the example plugins' real code: each of its Python blocks is found in an example.

A block that starts with ``# PATH`` is the file at PATH (after its docstring); a block that starts with
``def``, ``class`` or ``@dataclass(frozen=True)`` is a run of lines of the example's package, compared
line by line without their indentation (a method is shown unindented). Other blocks are sketches.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "plugin-guide.md"
PACKAGES = (ROOT / "examples" / "highcard" / "tabletop_highcard", ROOT / "examples" / "pig" / "tabletop_pig")
"""The example plugins whose code the guide shows: High Card, and Pig written from declarations."""
CODE_STARTS = ("def ", "class ", "@dataclass(frozen=True)\n")
"""How a block of the example's own code begins."""


def python_blocks() -> list[str]:
    """Every fenced Python block of the guide, without its fences."""
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(), flags=re.DOTALL)


def stripped(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()]


def contains_run(lines: list[str], run: list[str]) -> bool:
    """Whether ``run`` occurs in ``lines`` as consecutive lines."""
    return any(lines[i : i + len(run)] == run for i in range(len(lines) - len(run) + 1))


def test_every_code_block_of_the_example_is_its_real_code() -> None:
    sources = {str(path): stripped(path.read_text()) for package in PACKAGES for path in package.glob("*.py")}
    checked = 0
    shown: set[str] = set()
    for block in python_blocks():
        first = block.splitlines()[0]
        if first.startswith("# examples/"):
            path = ROOT / first[2:]
            assert contains_run(stripped(path.read_text()), stripped(block)[1:]), (
                f"the guide's {first[2:]} differs from the file"
            )
        elif block.startswith(CODE_STARTS):
            found = [name for name, lines in sources.items() if contains_run(lines, stripped(block))]
            assert found, f"this block of the guide is not the example's code:\n{block}"
            shown.update(found)
        else:
            continue
        checked += 1
    assert checked >= 10  # the guide walks through the example in blocks of its code
    assert {Path(name).parent.name for name in shown} == {"tabletop_highcard", "tabletop_pig"}  # both examples
