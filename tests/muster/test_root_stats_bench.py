"""bench/muster_root_stats.py: the positions it looks at and the root it reports."""

from __future__ import annotations

import pytest

from tests.bench_scripts import load_bench

bench = load_bench("muster_root_stats")


def test_every_iteration_visits_one_root_action() -> None:
    state = bench.position(1, 10)
    root = bench.root_after(state, 300, 0.7, 4, seed=1)
    assert sum(child.n for child in root.children.values()) == 300
    assert set(root.children) == set(state.legal_ids())  # 300 iterations reach every action of the 19


def test_each_setting_compared_gets_its_own_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--iterations", "50", "--exploration", "0.7", "0.3", "--rollout", "16", "0", "--top", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len([line for line in lines if line.startswith("position:")]) == 3
    settings = [line.split("visits")[0].split() for line in lines if "visits" in line]
    assert settings[:4] == [
        ["c=0.7", "rollout", "16"],
        ["c=0.7", "rollout", "0"],
        ["c=0.3", "rollout", "16"],
        ["c=0.3", "rollout", "0"],
    ]
