"""bench/muster_search_speed.py: what it times and the settings it passes on."""

from __future__ import annotations

import pytest

from tests.bench_scripts import load_bench

bench = load_bench("muster_search_speed")


def test_it_reports_every_search_level_and_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--seconds", "0.05", "--repeats", "1", "--setting", "pause_gc=1"]) == 0
    out = capsys.readouterr().out
    assert "settings pause_gc=1" in out.splitlines()[0]
    for level in ("hard", "ismcts", "pimc"):
        assert f"{level}: " in out
    assert "the target of 2,000" in out.splitlines()[-1]


def test_a_setting_reaches_the_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    real = dict(bench.SEARCHES)

    def spy(level: str):  # type: ignore[no-untyped-def]
        def make(**kwargs):  # type: ignore[no-untyped-def]
            agent = real[level](**kwargs)
            made.append(agent.config)
            return agent

        return make

    monkeypatch.setattr(bench, "SEARCHES", {level: spy(level) for level in real})
    state = bench.opening(1, {})
    bench.measure("pimc", state, 0.02, 1, {"rollout": 2, "pause_gc": 1})
    assert [(c.rollout, c.pause_gc, c.seconds) for c in made] == [(2, 1, 0.02)]


def test_an_unknown_setting_is_refused_with_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        bench.main(["--seconds", "0.01", "--repeats", "1", "--setting", "colour=3"])
    assert exit.value.code == 2
    assert "hard has no setting 'colour' (settings: check_every" in capsys.readouterr().err
