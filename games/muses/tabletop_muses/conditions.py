"""The condition language printed on the edges of the Muses.

A condition is read from the text on a card into a small tree and evaluated on
two dice. The printed spellings and plain ASCII ones are both understood::

    >>> parse_condition("7").holds(3, 4)
    True
    >>> parse_condition(">= 9").holds(4, 4)
    False
    >>> parse_condition("⚄").holds(5, 1), parse_condition("die 5").holds(2, 2)
    (True, False)
    >>> parse_condition("Pair ≥ 6").holds(3, 3), parse_condition("Pair ≥ 6").holds(2, 2)
    (True, False)
    >>> str(parse_condition("both ODD"))
    'Both odd'

Grammar (case-insensitive, spaces free)::

    condition := term ("or" term)*
    term      := atom ("and" atom)*
    atom      := [sum] CMP? N            the sum of both dice (CMP is = ≥ ≤ > < >= <= =>, =<)
               | FACE | "die" N           one die shows that face
               | FACE FACE                the two dice show exactly these faces
               | "both" ("odd"|"even"|CMP N)   both dice odd, even, or each compared with N
               | "pair" [CMP? N]          a double, optionally with its sum compared with N
               | "no pair"                the dice differ
               | "odd" | "even"           the sum is odd or even
               | "difference" CMP? N      the difference of the dice ("diff" also)

Each condition also has a 21-bit :attr:`Condition.mask`: bit ``i`` is set when
the ``i``-th unordered dice pair of :data:`PAIRS` satisfies it.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from tabletop.dice import two_dice_outcomes

FACE_GLYPHS = "⚀⚁⚂⚃⚄⚅"
"""Unicode die faces one to six."""

PAIRS: tuple[tuple[int, int], ...] = tuple(pair for pair, _ in two_dice_outcomes())
"""The 21 unordered results of two dice, (low, high), in a fixed order."""

PAIR_INDEX: dict[tuple[int, int], int] = {p: i for i, p in enumerate(PAIRS)}

FULL_MASK = (1 << len(PAIRS)) - 1

MAX_DIGITS = 3
"""Longer numbers are refused unread: every number in a condition is below 100."""


class ConditionError(ValueError):
    """A condition text that does not parse; the message says what was expected."""


_OPS: dict[str, tuple[str, Callable[[int, int], bool]]] = {
    "=": ("=", operator.eq),
    "==": ("=", operator.eq),
    "≥": ("≥", operator.ge),
    ">=": ("≥", operator.ge),
    "=>": ("≥", operator.ge),
    "≤": ("≤", operator.le),
    "<=": ("≤", operator.le),
    "=<": ("≤", operator.le),
    ">": (">", operator.gt),
    "<": ("<", operator.lt),
}
_OP_FUNCS = {"=": operator.eq, "≥": operator.ge, "≤": operator.le, ">": operator.gt, "<": operator.lt}


@dataclass(frozen=True)
class Condition:
    """A node of a condition tree. Subclasses implement :meth:`holds` and ``str``."""

    def holds(self, a: int, b: int) -> bool:
        raise NotImplementedError

    @cached_property
    def mask(self) -> int:
        """Bit ``i`` set when ``PAIRS[i]`` satisfies the condition."""
        return sum(1 << i for i, (a, b) in enumerate(PAIRS) if self.holds(a, b))

    def probability(self) -> float:
        """The chance that a fresh roll of two dice satisfies the condition."""
        return sum((1 if a == b else 2) for a, b in PAIRS if self.holds(a, b)) / 36  # exact: a sum of 36ths


def _cmp_text(op: str, n: int) -> str:
    return str(n) if op == "=" else f"{op} {n}"


@dataclass(frozen=True)
class Sum(Condition):
    """The sum of both dice compared with ``n``."""

    op: str
    n: int

    def holds(self, a: int, b: int) -> bool:
        return bool(_OP_FUNCS[self.op](a + b, self.n))

    def __str__(self) -> str:
        return _cmp_text(self.op, self.n)


@dataclass(frozen=True)
class Face(Condition):
    """At least one die shows ``face``."""

    face: int

    def holds(self, a: int, b: int) -> bool:
        return self.face in (a, b)

    def __str__(self) -> str:
        return FACE_GLYPHS[self.face - 1]


@dataclass(frozen=True)
class Faces(Condition):
    """The two dice show exactly ``low`` and ``high`` (in either order)."""

    low: int
    high: int

    def holds(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) == (self.low, self.high)

    def __str__(self) -> str:
        return FACE_GLYPHS[self.low - 1] + FACE_GLYPHS[self.high - 1]


@dataclass(frozen=True)
class Both(Condition):
    """Both dice odd, both even, or each compared with ``n`` (``what`` is odd, even or an operator)."""

    what: str
    n: int = 0

    def holds(self, a: int, b: int) -> bool:
        if self.what == "odd":
            return a % 2 == 1 and b % 2 == 1
        if self.what == "even":
            return a % 2 == 0 and b % 2 == 0
        f = _OP_FUNCS[self.what]
        return bool(f(a, self.n) and f(b, self.n))

    def __str__(self) -> str:
        if self.what in ("odd", "even"):
            return f"Both {self.what}"
        return f"Both {_cmp_text(self.what, self.n)}"


@dataclass(frozen=True)
class Pair(Condition):
    """A double; with ``op`` set, its sum is also compared with ``n``."""

    op: str | None = None
    n: int = 0

    def holds(self, a: int, b: int) -> bool:
        return a == b and (self.op is None or _OP_FUNCS[self.op](a + b, self.n))

    def __str__(self) -> str:
        return "Pair" if self.op is None else f"Pair {_cmp_text(self.op, self.n)}"


@dataclass(frozen=True)
class NoPair(Condition):
    """The dice show different faces."""

    def holds(self, a: int, b: int) -> bool:
        return a != b

    def __str__(self) -> str:
        return "No pair"


@dataclass(frozen=True)
class Parity(Condition):
    """The sum is odd or even."""

    odd: bool

    def holds(self, a: int, b: int) -> bool:
        return (a + b) % 2 == (1 if self.odd else 0)

    def __str__(self) -> str:
        return "Odd" if self.odd else "Even"


@dataclass(frozen=True)
class Difference(Condition):
    """The difference between the dice compared with ``n``."""

    op: str
    n: int

    def holds(self, a: int, b: int) -> bool:
        return bool(_OP_FUNCS[self.op](abs(a - b), self.n))

    def __str__(self) -> str:
        return f"Difference {_cmp_text(self.op, self.n)}"


@dataclass(frozen=True)
class All(Condition):
    """Every part holds ("and")."""

    parts: tuple[Condition, ...]

    def holds(self, a: int, b: int) -> bool:
        return all(p.holds(a, b) for p in self.parts)

    def __str__(self) -> str:
        return " and ".join(str(p) for p in self.parts)


@dataclass(frozen=True)
class Any_(Condition):
    """At least one part holds ("or")."""

    parts: tuple[Condition, ...]

    def holds(self, a: int, b: int) -> bool:
        return any(p.holds(a, b) for p in self.parts)

    def __str__(self) -> str:
        return " or ".join(str(p) for p in self.parts)


_TOKEN = re.compile(r"\s*(>=|<=|=>|=<|==|[=≥≤<>]|[⚀-⚅]|\d+|[a-z]+|\S)")


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    pos = 0
    lowered = text.lower()
    while pos < len(lowered):
        m = _TOKEN.match(lowered, pos)
        if m is None:  # only trailing spaces are left
            break
        out.append(m.group(1))
        pos = m.end()
    return out


class _Parser:
    """A recursive-descent reader over the tokens of one condition."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise ConditionError(f"{self.text!r} ends too early")
        self.i += 1
        return tok

    def fail(self, expected: str) -> ConditionError:
        got = self.peek()
        where = "the end" if got is None else repr(got)
        return ConditionError(f"in {self.text!r}: expected {expected}, found {where}")

    def condition(self) -> Condition:
        parts = [self.term()]
        while self.peek() == "or":
            self.take()
            parts.append(self.term())
        return parts[0] if len(parts) == 1 else Any_(tuple(parts))

    def term(self) -> Condition:
        parts = [self.atom()]
        while self.peek() == "and":
            self.take()
            parts.append(self.atom())
        return parts[0] if len(parts) == 1 else All(tuple(parts))

    def number(self, low: int, high: int, what: str) -> int:
        tok = self.peek()
        if tok is None or not tok.isdecimal():
            raise self.fail(f"{what} (a number from {low} to {high})")
        if len(tok) > MAX_DIGITS:  # no legal number is this long; int() of thousands of digits fails
            raise ConditionError(
                f"in {self.text!r}: expected {what} from {low} to {high}, found a {len(tok)}-digit number"
            )
        value = int(self.take())
        if not low <= value <= high:
            self.i -= 1
            raise self.fail(f"{what} from {low} to {high}")
        return value

    def comparison(self, low: int, high: int, what: str, *, required: bool = True) -> tuple[str, int] | None:
        tok = self.peek()
        if tok in _OPS:
            self.take()
            return _OPS[tok][0], self.number(low, high, what)
        if tok is not None and tok.isdecimal():
            return "=", self.number(low, high, what)
        if required:
            raise self.fail(f"{what}: a number or a comparison such as '≥ 9'")
        return None

    def face(self) -> int:
        tok = self.take()
        if tok in FACE_GLYPHS:
            return FACE_GLYPHS.index(tok) + 1
        if tok == "die":
            return self.number(1, 6, "a die face")
        self.i -= 1
        raise self.fail("a die face")

    def atom(self) -> Condition:
        tok = self.peek()
        if tok is None:
            raise self.fail("a condition")
        if tok in FACE_GLYPHS or tok == "die":
            first = self.face()
            if self.peek() in tuple(FACE_GLYPHS) or self.peek() == "die":
                second = self.face()
                return Faces(min(first, second), max(first, second))
            return Face(first)
        if tok == "sum":
            self.take()
            op, n = self.comparison(2, 12, "a sum")  # type: ignore[misc]
            return Sum(op, n)
        if tok in _OPS or tok.isdecimal():
            op, n = self.comparison(2, 12, "a sum")  # type: ignore[misc]
            return Sum(op, n)
        self.take()
        if tok == "both":
            nxt = self.peek()
            if nxt in ("odd", "even"):
                self.take()
                return Both(nxt)
            cmp = self.comparison(1, 6, "a die value", required=False)
            if cmp is None:
                raise self.fail("'odd', 'even' or a comparison such as '≥ 4' after 'both'")
            return Both(cmp[0], cmp[1])
        if tok in ("pair", "double", "doubles"):
            cmp = self.comparison(2, 12, "the sum of the pair", required=False)
            return Pair() if cmp is None else Pair(cmp[0], cmp[1])
        if tok == "no":
            if self.peek() != "pair":
                raise self.fail("'pair' after 'no'")
            self.take()
            return NoPair()
        if tok in ("odd", "even"):
            if self.peek() == "sum":
                self.take()
            return Parity(tok == "odd")
        if tok in ("difference", "diff"):
            op, n = self.comparison(0, 5, "a difference")  # type: ignore[misc]
            return Difference(op, n)
        self.i -= 1
        raise self.fail(
            "a condition: a sum such as '7' or '≥ 9', a die face such as '⚄' or 'die 5', "
            "or words such as 'Both odd', 'Pair', 'Pair ≥ 6'"
        )


def parse_condition(text: str) -> Condition:
    """Read one condition; raise :class:`ConditionError` saying what was expected.

    >>> parse_condition("≤ 4 or Pair").holds(6, 6)
    True
    >>> try:
    ...     parse_condition("≥ 13")
    ... except ConditionError as exc:
    ...     print(exc)
    in '≥ 13': expected a sum from 2 to 12, found '13'
    """
    parser = _Parser(text)
    if not parser.toks:
        raise ConditionError('an empty condition (write "" in the edge list for a blank edge instead)')
    cond = parser.condition()
    if parser.peek() is not None:
        raise parser.fail("the end of the condition, or 'and' / 'or'")
    if cond.mask == 0:
        raise ConditionError(f"{text!r} can never be met by two dice")
    return cond
