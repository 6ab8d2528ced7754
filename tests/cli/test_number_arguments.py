"""Every number a game's tool, ``tabletop simulate`` or ``tabletop review`` takes is checked by the shared parser where it is read.

A refusal names the argument and its range, repeats at most the beginning of
what was typed, and ends the program with status 2: no traceback, no crash
report, nothing started.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.numbers import SHOWN_CHARS
from tests.cli.test_huge_numbers import DIGITS_5000, TWENTY_NINES, assert_refused_plainly, tabletop

SIMULATE = ["simulate", "muster", "--agents", "random,random"]
CUT_5000 = "'99999999999999999999'…"
"""How a refusal repeats the 5,000-digit number."""

CASES = {
    "solve-deal-zero": (["freecell", "solve", "0"], ["argument deal:", "from 1 to 1000000, not '0'"]),
    "solve-deal-word": (["freecell", "solve", "abc"], ["argument deal:", "from 1 to 1000000, not 'abc'"]),
    "solve-deal-5000-digits": (["freecell", "solve", DIGITS_5000], ["argument deal:", f"1000000, not {CUT_5000}"]),
    "solve-cells-above": (["freecell", "solve", "1", "--cells", "5"], ["argument --cells:", "from 0 to 4, not '5'"]),
    "solve-cells-negative": (["freecell", "solve", "1", "--cells", "-1"], ["argument --cells:", "not '-1'"]),
    "solve-limit-zero": (["freecell", "solve", "1", "--limit", "0"], ["argument --limit:", "from 1 to 100000000"]),
    "solve-limit-huge": (["freecell", "solve", "1", "--limit", TWENTY_NINES], ["argument --limit:", "1 to 100000000"]),
    "solve-stray-5000-digits": (
        ["freecell", "solve", "1", DIGITS_5000],
        [f"unrecognized arguments: {CUT_5000}"],
    ),
    "survey-first-zero": (["freecell", "survey", "0", "3"], ["argument first:", "from 1 to 1000000, not '0'"]),
    "survey-last-5000-digits": (["freecell", "survey", "1", DIGITS_5000], ["argument last:", CUT_5000]),
    "survey-last-before-first": (["freecell", "survey", "3", "1"], ["argument last:", "from 3 to 1000000, not '1'"]),
    "survey-cells-word": (["freecell", "survey", "1", "3", "--cells", "x"], ["argument --cells:", "from 0 to 4"]),
    "survey-limit-negative": (["freecell", "survey", "1", "3", "--limit", "-5"], ["argument --limit:", "not '-5'"]),
    "survey-workers-negative": (
        ["freecell", "survey", "1", "3", "--workers", "-1"],
        ["argument --workers:", "from 1 to 1024, not '-1'"],
    ),
    "survey-workers-zero": (
        ["freecell", "survey", "1", "3", "--workers", "0"],
        ["argument --workers:", "from 1 to 1024, not '0'"],
    ),
    "survey-workers-huge": (
        ["freecell", "survey", "1", "3", "--workers", TWENTY_NINES],
        ["argument --workers:", "from 1 to 1024"],
    ),
    "survey-backend-5000-digits": (
        ["freecell", "survey", "1", "3", "--backend", DIGITS_5000],
        [f"invalid choice: {CUT_5000}"],
    ),
    "simulate-games-zero": ([*SIMULATE, "--games", "0"], ["argument --games:", "from 1 to 100000, not '0'"]),
    "simulate-games-word": ([*SIMULATE, "--games", "ten"], ["argument --games:", "not 'ten'"]),
    "simulate-workers-negative": ([*SIMULATE, "--workers", "-1"], ["argument --workers:", "1 to 1024, not '-1'"]),
    "simulate-seed-negative": ([*SIMULATE, "--seed", "-1"], ["argument --seed:", "from 0 to 2147483647, not '-1'"]),
    "simulate-backend-5000-digits": ([*SIMULATE, "--backend", DIGITS_5000], [f"invalid choice: {CUT_5000}"]),
    "simulate-stray-5000-digits": ([*SIMULATE, DIGITS_5000], [f"unrecognized arguments: {CUT_5000}"]),
    "fivedice-joker-5000-digits": (["fivedice", "solve", "--joker", DIGITS_5000], [f"invalid choice: {CUT_5000}"]),
    "review-iterations-zero": (["review", "1", "--iterations", "0"], ["argument --iterations:", "1 to 1000000"]),
    "review-iterations-5000-digits": (["review", "1", "--iterations", DIGITS_5000], ["--iterations:", CUT_5000]),
    "simulate-backend-with-spaces": (
        [*SIMULATE, "--backend", "ray " * 1500],
        ["invalid choice:", "more characters not shown"],
    ),
}


@pytest.mark.parametrize(("args", "words"), CASES.values(), ids=CASES.keys())
def test_a_bad_number_argument_is_refused_naming_the_argument_and_its_range(
    tmp_path: Path, args: list[str], words: list[str]
) -> None:
    result = tabletop(*args, cwd=tmp_path)
    assert_refused_plainly(result, tmp_path, *words)
    for word in " ".join(args).split():
        assert len(word) <= SHOWN_CHARS or word[: SHOWN_CHARS + 1] not in result.stderr, "a long value repeated whole"
    assert not result.stdout, "the tool ran"
