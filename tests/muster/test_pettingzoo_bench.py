"""bench/muster_pettingzoo.py: Muster's random steps through PettingZoo beside connect_four_v3's."""

from __future__ import annotations

import pytest

from tests.bench_scripts import load_bench

pytest.importorskip("pettingzoo")
bench = load_bench("muster_pettingzoo")


def test_random_play_counts_steps_and_whole_games() -> None:
    from tabletop.adapters.pettingzoo import env

    rate = bench.steps_per_second(env("muster"), 0.2)
    assert rate.games >= 1  # it stops only at the end of a game
    assert rate.steps > 20 * rate.games  # a Muster game takes dozens of decisions
    assert rate.cpu >= 0.2 and rate.wall > 0
    assert rate.per_cpu_second() == rate.steps / rate.cpu


def test_it_prints_both_rates_with_processor_and_wall_time_and_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pygame")  # PettingZoo's classic games import it
    assert bench.main(["0.1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "muster:" in lines[1] and "connect_four_v3:" in lines[2]
    for line in lines[1:3]:
        assert "s CPU" in line and "wall clock" in line and "steps/s" in line
    assert lines[3].startswith("ratio muster / connect_four_v3: ")


def test_without_pygame_it_times_muster_and_says_what_is_missing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pygame", None)  # an import of it now fails
    monkeypatch.delitem(sys.modules, "pettingzoo.classic.connect_four_v3", raising=False)
    monkeypatch.delitem(sys.modules, "pettingzoo.classic.connect_four.connect_four", raising=False)
    assert bench.main(["0.05"]) == 1
    out = capsys.readouterr().out
    assert "muster:" in out and "pip install pygame" in out
