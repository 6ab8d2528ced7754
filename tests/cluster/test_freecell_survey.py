"""``tabletop freecell survey --backend ray``: the same answers on a local Ray cluster as on processes."""

from __future__ import annotations

from tabletop.lab import ProcessLab, RayLab
from tabletop_freecell.survey import survey
from tests.cluster.conftest import Cluster


def test_a_survey_on_ray_is_the_survey_on_processes(cluster: Cluster) -> None:
    deals = range(1, 9)
    with ProcessLab(2) as lab:
        on_processes = survey(lab, deals, 4, 50_000)
    with RayLab() as lab:
        on_ray = survey(lab, deals, 4, 50_000)
    assert [(r.deal, r.status, r.expanded) for r in on_ray] == [(r.deal, r.status, r.expanded) for r in on_processes]
    assert len(on_ray) == 8
