"""Game ids beyond what the database can hold are a plain "no such game", never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.store import Store, UnknownRecordError
from tests.store.test_locking import tabletop

HUGE = "99999999999999999999"


@pytest.mark.parametrize("argv", [("replay", HUGE, "--print"), ("export", HUGE), ("history", "--delete", HUGE)])
def test_an_id_too_large_for_the_database(data: Path, argv: tuple[str, ...]) -> None:
    Store.open(data).close()
    done = tabletop(data, *argv)
    assert done.returncode == 2, done.stderr
    assert f"no game with id {HUGE}" in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr and "something went wrong" not in done.stderr


def test_the_store_itself_answers_no_such_game(store: Store) -> None:
    for row_id in (2**63, -1, int(HUGE)):
        with pytest.raises(UnknownRecordError):
            store.get(row_id)
        assert store.delete(row_id) is False
    with pytest.raises(UnknownRecordError, match=f"no game with id {2**63 - 1}"):
        store.get(2**63 - 1)  # the largest id the database holds is looked up like any other
