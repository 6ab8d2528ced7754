"""A review graded like a chess review: each decision labelled by what it gave away (thresholds shown), a
win-chance chart drawn in text, and every decision listed in order (its board too, with ``--all``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.loop import Match
from tabletop.review import BLUNDER, INACCURACY, MISTAKE, Graded, Review, grade_of
from tabletop.store import Store, start_recording
from tabletop.ui.chart import BLOCKS, chance_chart
from tabletop_muster import game as muster
from tabletop_muster.agents import AGENTS
from tests.muses.helpers import tabletop

ITERATIONS = 100


@pytest.mark.parametrize(
    ("cost", "grade"),
    [(0.0, "best"), (0.049, "good"), (0.05, "inaccuracy"), (0.0999, "inaccuracy"), (0.1, "mistake"),
     (0.15, "blunder"), (0.6, "blunder")],
)  # fmt: skip
def test_a_decision_is_graded_by_what_it_gave_away(cost: float, grade: str) -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.05, 0.10, 0.15)
    assert grade_of(cost) == grade
    assert Graded(0, None, "a", 0.7 - cost, "b", 0.7, exact=True, log=[]).grade == grade


def test_the_chart_draws_each_chance_as_a_column_of_blocks_with_a_labelled_axis() -> None:
    chances = [0.0, 0.2, 0.5, 0.8, 1.0]
    lines = chance_chart(chances, height=5, width=40, marks="  B  ")
    rows = lines[:5]
    assert [row[:6] for row in rows] == ["100% ┤", "     ┤", " 50% ┤", "     ┤", "  0% ┤"]
    for column, chance in enumerate(chances):
        eighths = sum(BLOCKS.index(row[6 + column]) for row in rows)
        assert eighths == round(chance * 40)  # five lines of eight steps each
    assert lines[5] == "     └─────" and lines[6].rstrip() == "        B" and lines[7].split() == ["1", "5"]
    long = chance_chart([i / 199 for i in range(200)], width=80)
    assert all(len(line) <= 80 for line in long) and long[-1].split() == ["1", "200"]


def _finished_game(data: Path, seed: int) -> int:
    match = Match(muster, seed=seed, agents=[AGENTS["medium"](), AGENTS["easy"]()])
    with Store.open(data) as store:
        row = start_recording(store, match, ["human", "easy"], ["You", "Computer (Easy)"]).row_id
        match.run()
    assert row is not None
    return row


def test_the_printed_review_grades_every_decision_and_draws_the_chart(tmp_path: Path) -> None:
    row = _finished_game(tmp_path / "data", seed=9)
    result = tabletop(tmp_path, "review", str(row), "--iterations", str(ITERATIONS), timeout=240)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    graded = int(re.search(r"You chose as the analyst would in \d+ of (\d+) decisions\.", out)[1])  # type: ignore[index]
    counts = re.search(r"Inaccuracies \(\?!\): (\d+), mistakes \(\?\): (\d+), blunders \(\?\?\): (\d+);", out)
    assert counts, out
    said = " ".join(out.split())
    assert (
        "a decision is an inaccuracy if it gives away 5 points of win chance or more, a mistake from 10, "
        "a blunder from 15." in said
    )
    assert "Your win chance after each decision (B blunder, M mistake, I inaccuracy):" in said
    assert "100% ┤" in out and " 50% ┤" in out and "  0% ┤" in out
    listed = re.findall(r"^ *(\d+) +(best|good|inaccuracy \?!|mistake \?|blunder \?\?) +(\d+\.\d) ", out, re.M)
    assert [int(n) for n, _, _ in listed] == list(range(1, graded + 1))
    grades = [g.split()[0] for _, g, _ in listed]
    assert [grades.count(g) for g in ("inaccuracy", "mistake", "blunder")] == [int(c) for c in counts.groups()]
    assert all(grade_of(float(lost) / 100) == g or float(lost) == 0 for (_, _, lost), g in zip(listed, grades))
    assert out.count("in the position above") == min(3, graded - grades.count("best"))  # the costliest' boards

    every = tabletop(tmp_path, "review", str(row), "--iterations", str(ITERATIONS), "--all", timeout=240)
    assert every.returncode == 0, every.stderr
    for number in range(1, graded + 1):
        assert f"Decision {number} of {graded}" in every.stdout
    assert every.stdout.count("in the position above") == graded
    assert every.stdout.count("Your hand:") == graded  # each decision's board


def test_the_costliest_are_numbered_as_in_the_walk() -> None:
    decisions = [Graded(p, None, "a", 0.5 - c, "b", 0.5, exact=True, log=[]) for p, c in enumerate([0, 0.2, 0.06, 0])]
    review = Review(0, decisions, exact=True, effort=None)
    assert [d.ply for d in review.costliest()] == [1, 2]
    assert [review.count(g) for g in ("best", "inaccuracy", "blunder")] == [2, 1, 1]


@pytest.mark.pty
def test_tabletop_review_at_a_terminal_walks_through_every_decision(tmp_path: Path) -> None:
    import pexpect

    from tests.cli.pty_helpers import ENTER, spawn

    row = _finished_game(tmp_path / "data", seed=9)
    child = spawn(
        ["review", str(row), "--iterations", str(ITERATIONS)],
        data_dir=tmp_path / "data",
        extra_env={"NO_COLOR": "1", "TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )
    child.expect(r"You chose as the analyst would in \d+ of (\d+) decisions\.", timeout=120)
    graded = int(child.match.group(1))
    child.expect("  0% ┤")
    child.expect("Esc ends review")
    child.send("3" + ENTER)  # a number jumps
    child.expect(rf"Decision 3 of {graded}")
    child.expect(r"You played +\d+\.\d%  ")
    child.expect("Esc ends review")
    child.send("\x1b[D")  # <- back
    child.expect(rf"Decision 2 of {graded}")
    child.expect("Esc ends review")
    child.send("\x1b[F")  # End: the last decision
    child.expect(rf"Decision {graded} of {graded}")
    child.expect("The last decision: Enter ends the review.")
    child.expect("Esc ends review")
    child.send(ENTER)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_summary_gives_each_costliest_decision_its_points() -> None:
    from tabletop.commands.review import summary_lines
    from tabletop.store.records import GameRecord

    decisions = [Graded(p, None, "a", 0.5 - c, "b", 0.5, exact=True, log=[]) for p, c in enumerate([0, 0.2, 0.06, 0])]
    review = Review(0, decisions, exact=True, effort=None)
    record = GameRecord(id=7, game_id="muster", options={}, seed=1, seats=["human"], names=["You"], started="")
    lines = summary_lines(review, record, muster, "Hard's search")
    assert lines[-1] == "The 2 costliest: decision 2 (20.0 points), decision 3 (6.0 points)."
