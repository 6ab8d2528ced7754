"""Whole games across the network, each side a program of its own: a host that only serves, and two players
joining with the code, the computer playing each seat through its client."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.store import GameRecord
from tests.net.hosting import finished, history, host, join


@pytest.mark.parametrize(("game", "levels"), [("muster", ("easy", "medium")), ("fivedice", ("simple", "simple"))])
def test_a_whole_game_between_two_clients(tmp_path: Path, game: str, levels: tuple[str, str]) -> None:
    hosted = host(tmp_path / "host", "host", game)
    try:
        players = [join(tmp_path / f"player{i}", hosted, level) for i, level in enumerate(levels)]
        ended = [finished(player) for player in players]
        hosted.read_until("The game is over")
    finally:
        hosted.stop()
    kept = history(tmp_path / "host")
    assert len(kept) == 1 and kept[0].is_finished
    record = kept[0]
    assert record.seats == ["remote", "remote"]  # the host only served: neither seat was its person's
    for i, (status, output) in enumerate(ended):
        assert status == 0, output
        assert "Joined" in output and f"{record.result} Kept here as game 1" in output.replace("\n", " ")
        (theirs,) = history(tmp_path / f"player{i}")  # each side's History shows the game, as the host saved it
        assert (theirs.game_id, theirs.history, theirs.seed, theirs.result) == (
            record.game_id,
            record.history,
            record.seed,
            record.result,
        )
        assert theirs.seats[theirs.viewer] == "human" and theirs.seats.count("remote") == 1  # the other: elsewhere
        if game == "fivedice":  # the score kept is this player's own seat's
            assert theirs.score == seat_total(theirs, theirs.viewer)


def seat_total(record: GameRecord, seat: int) -> int:
    """The total ``seat`` made in a finished Five Dice game, by replaying its record."""
    from tabletop.rebuild import check_record
    from tabletop.registry import Registry

    total: int = check_record(record, Registry.discover().get(record.game_id)).state.total(seat)  # type: ignore[attr-defined]
    return total


def test_a_wrong_code_and_another_version_are_refused_in_plain_words(tmp_path: Path) -> None:
    from tests.net.hosting import RawClient

    hosted = host(tmp_path / "host", "host", "muster")
    try:
        status, output = finished(join(tmp_path / "guess", hosted, "easy", code="AAAAA-AAAAA"))
        assert status == 1 and "The host refused: That join code is not this game's" in output, output
        older = RawClient(hosted.address, hosted.port)
        older.hello(hosted.code, version=0)
        refusal = older.receive_type(["error"])
        assert "protocol 1" in refusal["reason"] and "same version of Tabletop" in refusal["reason"]
        assert older.receive() is None  # and the connection is closed
        older.close()
    finally:
        hosted.stop()
