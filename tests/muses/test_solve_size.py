"""A solve too large for the memory allowed is refused before it starts, in plain words, by `muses solve` and by the
hint in play (the game goes on); memory that runs out mid-solve is said plainly too, never a crash report."""

from __future__ import annotations

import os
import random
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from tabletop_muses.advisor import Advisor
from tabletop_muses.cards import canonical_text, load_cards
from tabletop_muses.fast_solver import MEMORY_LIMIT, FastSolver
from tabletop_muses.rules import MusesState
from tabletop_muses.size import TooLarge, estimate_size
from tabletop_muses.solver import SCORE, WIN
from tests.cli.pty_helpers import ENTER, TABLETOP, select

from .helpers import play
from .test_fast_solver import random_set
from .test_pty import PROMPT

TENTH_CARD = """
[[card]]
name = "Clio"
points = 3
power = "adjust 2"
edges = ["≥ 8", "Both ≥ 3", "⚂⚃", "⚁⚁"]
"""
GUARD_BYTES = 3_000_000_000
"""An address-space limit for the programs these tests start: a solve that was not refused (an old version)
ends in a MemoryError there instead of taking the machine's memory."""
QUICK_SECONDS = 10
"""A refusal comes in about a second (the estimate takes a fraction of one); far less than any solve of the set."""


def ten_cards(folder: Path, hints: int = 5) -> Path:
    """A legal ten-card set: the default nine, five hints, and a tenth card with a power of a new kind."""
    path = folder / "ten.toml"
    path.write_text(canonical_text(load_cards()).replace("hints = 3", f"hints = {hints}") + TENTH_CARD, "utf-8")
    return path


def largest_ten_cards(folder: Path) -> Path:
    """The ten-card set with nine hints (the most a file may give) and no blank edge: too large for 4 GB."""
    path = ten_cards(folder, hints=9)
    path.write_text(path.read_text("utf-8").replace('""', '"≥ 10"'), "utf-8")
    return path


def eight_cards(folder: Path) -> Path:
    """The default set without Calliope: eight cards, solved in a couple of seconds within 0.25 GB."""
    text = canonical_text(load_cards())
    start = text.index('[[card]]\nname = "Calliope"')
    path = folder / "eight.toml"
    path.write_text(text[:start] + text[text.index("[[card]]", start + 1) :], "utf-8")
    return path


def guarded(limit: int = GUARD_BYTES) -> None:
    """In the child, before it runs: at most ``limit`` bytes of address space."""
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def run(tmp_path: Path, *argv: str, limit: int = GUARD_BYTES) -> tuple[subprocess.CompletedProcess[str], float]:
    """The real program with a memory guard; its result and how long it took."""
    env = dict(
        os.environ,
        TABLETOP_CACHE_DIR=str(tmp_path / "cache"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        COLUMNS="200",
        OPENBLAS_NUM_THREADS="1",  # each thread would reserve address space of its own
        OMP_NUM_THREADS="1",
    )
    env.pop("TABLETOP_STATE_DIR", None)
    start = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "tabletop", *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=lambda: guarded(limit),
    )
    return result, time.monotonic() - start


def plain(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr and "went wrong" not in result.stderr
    assert "crash" not in result.stderr.lower()


def test_a_ten_card_set_too_large_is_refused_at_once_and_plainly(tmp_path: Path) -> None:
    result, seconds = run(tmp_path, "muses", "solve", "--cards", str(largest_ten_cards(tmp_path)))
    assert result.returncode == 1, (result.stdout, result.stderr[-2000:])
    said = re.fullmatch(
        r"error: this card set would need about (\d+\.\d) GB of memory to solve exactly \(([\d,]+) positions\); "
        r"the limit is 4 GB \(--max-memory GB raises the limit where the computer has room\)\n",
        result.stderr,
    )
    assert said, result.stderr
    assert 4.0 < float(said[1]) < 10.0 and int(said[2].replace(",", "")) > 30_000_000
    assert seconds < QUICK_SECONDS, seconds
    plain(result)
    assert result.stdout == "" and not (tmp_path / "cache").exists()
    assert not (tmp_path / "state").exists()  # no crash report


def test_the_size_is_told_without_solving_and_the_default_set_is_within_the_limit(tmp_path: Path) -> None:
    result, _ = run(tmp_path, "muses", "solve", "--size")
    assert result.returncode == 0, result.stderr
    assert "Positions: at most 6,392,051\nMemory: about 0.3 GB\nWithin the limit of 4 GB.\n" in result.stdout
    big = str(largest_ten_cards(tmp_path))
    refused, _ = run(tmp_path, "muses", "solve", "--cards", big, "--size")
    assert refused.returncode == 0 and "Too large to solve within the limit of 4 GB" in refused.stdout
    raised, _ = run(tmp_path, "muses", "solve", "--cards", big, "--size", "--max-memory", "12.5")
    assert "Within the limit of 12.5 GB." in raised.stdout
    for bad in ("0", "-1", "nan", "inf", "lots", "1" * 400):
        wrong, _ = run(tmp_path, "muses", "solve", "--size", "--max-memory", bad)
        assert wrong.returncode == 2 and "--max-memory: expected a number of GB" in wrong.stderr, wrong.stderr
        plain(wrong)


def test_the_default_set_is_not_refused() -> None:
    solver = FastSolver(load_cards())
    assert solver.memory_limit == MEMORY_LIMIT
    solver.check_size()  # raises TooLarge if refused
    assert solver.memory_needed() < MEMORY_LIMIT / 10


def test_a_ten_card_set_of_five_hints_is_within_the_limit(tmp_path: Path) -> None:
    solver = FastSolver(load_cards(ten_cards(tmp_path)))
    solver.check_size()  # raises TooLarge if refused
    assert 1e9 < solver.memory_needed() < MEMORY_LIMIT


def test_memory_that_runs_out_mid_solve_is_said_plainly(tmp_path: Path) -> None:
    # The address space of the program about to solve, plus 100 MB: the default set's forward pass (which finds
    # its positions, before any value is computed) takes more than twice that, so the memory runs out in it.
    probe = (
        "import numpy, re, rich.progress, tabletop.cli, tabletop_muses.command, tabletop_muses.advisor; "
        "print(re.search(r'VmPeak:\\s+(\\d+)', open('/proc/self/status').read())[1])"
    )
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    started = int(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env).stdout) * 1024
    result, _ = run(tmp_path, "muses", "solve", limit=started + 100_000_000)
    assert result.returncode == 1, (result.stdout, result.stderr[-2000:])
    assert result.stderr.startswith("error: the memory ran out while solving this card set exactly (about 0.3 GB")
    plain(result)
    assert not (tmp_path / "state").exists()  # no crash report


def test_the_refusal_is_remembered_and_the_advisor_refuses_at_once(tmp_path: Path) -> None:
    cards = load_cards(eight_cards(tmp_path))
    advisor = Advisor(cards, cache_dir=tmp_path / "cache", memory_limit=50_000_000)
    state = play(MusesState(cards), "draw Erato", "roll 1 2")
    for _ in range(2):
        with pytest.raises(TooLarge, match=r"about 0\.1 GB of memory .*; the limit is 0\.05 GB"):
            advisor.advise(state)
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("seed", range(30))
def test_the_estimate_never_counts_fewer_positions_than_a_solve_finds(seed: int) -> None:
    rng = random.Random(seed)
    cards = random_set(rng, rng.choice([1, 2, 3, 4, 5]))
    for mode in (WIN, SCORE):
        solver = FastSolver(cards, mode)
        solver.solve_all()
        assert estimate_size(cards, mode).positions >= len(solver.memo)


@pytest.mark.pty
def test_in_play_the_hint_says_there_are_no_exact_odds_and_why_and_the_game_goes_on(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        TERM="xterm-256color",
        PROMPT_TOOLKIT_NO_CPR="1",
        COLUMNS="120",
        LINES="40",
        TABLETOP_DATA_DIR=str(tmp_path / "data"),
        TABLETOP_CACHE_DIR=str(tmp_path / "cache"),
        OPENBLAS_NUM_THREADS="1",
        OMP_NUM_THREADS="1",
    )
    child = pexpect.spawn(
        TABLETOP,
        ["play", "muses", "--cards", str(largest_ten_cards(tmp_path)), "--seed", "4"],
        env=env,
        encoding="utf-8",
        dimensions=(40, 120),
        timeout=20,
        preexec_fn=guarded,  # the game and the solve it starts in the background
    )
    child.expect(PROMPT)
    select(child, "Coach")
    child.expect("Press", timeout=QUICK_SECONDS * 3)
    said = " ".join(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before).split())
    assert "Coach: no exact odds: this card set would need about" in said, said
    assert "the limit is 4 GB" in said and "--max-memory GB" in said
    child.send(ENTER)
    child.expect(r"Coach: no exact odds for this card set \(not enough memory to solve it\)")
    child.expect(PROMPT)  # the game goes on
    select(child, "Coach")  # asked again, the same answer at once
    child.expect("no exact odds: this card set would need", timeout=5)
    child.expect("Press")
    child.send(ENTER)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "went wrong" not in (child.before or "") and not (tmp_path / "cache").exists()


def test_the_review_of_a_game_of_a_set_too_large_says_why_it_cannot_grade(tmp_path: Path) -> None:
    from tabletop.loop import Match
    from tabletop.registry import Registry
    from tabletop.store import Store, start_recording
    from tabletop_muses.agents import NaiveAgent

    muses = Registry.discover().get("muses")
    options = muses.resolve_options({"cards": str(largest_ten_cards(tmp_path))})
    match = Match(muses, options=options, seed=12, agents=[NaiveAgent()])
    match.run()
    with Store.open(tmp_path / "data") as store:
        row = start_recording(store, match, ["human"], ["You"]).row_id  # as if a person had played it
        store.finish(row, match)
    result, seconds = run(tmp_path, "--data-dir", str(tmp_path / "data"), "review", str(row))
    assert result.returncode == 1, (result.stdout, result.stderr[-2000:])
    said = " ".join(result.stderr.split())
    assert f"cannot review game {row}: no exact odds: this card set would need about" in said, said
    assert seconds < QUICK_SECONDS * 2
    plain(result)
    assert not (tmp_path / "state").exists()  # no crash report


def test_simulating_the_optimal_level_on_a_set_too_large_says_why_and_stops(tmp_path: Path) -> None:
    big = str(largest_ten_cards(tmp_path))
    result, seconds = run(
        tmp_path, "simulate", "muses", "--agents", "optimal", "--games", "2", "--variant", f"cards={big}"
    )
    assert result.returncode == 2, result.stderr[-2000:]
    assert "cannot simulate Muses with --agents optimal here: no exact odds: this card set would need" in result.stderr
    assert seconds < QUICK_SECONDS * 3, seconds
    plain(result)
    assert not (tmp_path / "state").exists()  # no crash report
