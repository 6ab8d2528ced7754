"""Count a plugin's lines of Python: every line but blank ones and lines holding only a comment.

Docstrings count. ``python scripts/plugin_lines.py examples/pig/tabletop_pig`` prints each file's figure
and the total.
"""

from __future__ import annotations

import io
import sys
import tokenize
from pathlib import Path


def code_lines(source: str) -> int:
    """The lines of ``source`` that hold something other than blanks and a comment.

    >>> code_lines("# a comment\\n\\nx = 1  # counted\\n'''A docstring\\n\\nline.'''\\n")
    4
    """
    counted: set[int] = set()
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in skip:
            counted.update(range(token.start[0], token.end[0] + 1))
    return len(counted)


def main(folder: str) -> int:
    total = 0
    for path in sorted(Path(folder).rglob("*.py")):
        lines = code_lines(path.read_text())
        total += lines
        print(f"{lines:5}  {path}")
    print(f"{total:5}  in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
