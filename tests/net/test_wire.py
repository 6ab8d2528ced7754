"""The wire's parts on their own: framing, the schema check, the join code, and a connection that goes quiet."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.net.codes import ALPHABET, LENGTH, code_matches, new_code
from tabletop.net.remote import RemoteSeat
from tabletop.net.server import Host
from tabletop.net.wire import CLIENT_LIMIT, CLIENT_MESSAGES, BadMessage, check, frame, read_message
from tabletop.registry import Registry
from tests.net.hosting import RawClient


def _read(data: bytes) -> dict[str, object]:
    async def read() -> dict[str, object]:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        return await read_message(reader, CLIENT_LIMIT, CLIENT_MESSAGES)

    return asyncio.run(read())


def test_a_message_is_read_whole_and_checked() -> None:
    assert _read(frame({"type": "move", "move": "W3", "at": 7})) == {"type": "move", "move": "W3", "at": 7}
    for rubbish, words in [
        (b"\x00\x00\x00\x03{x}", "not JSON"),
        (frame({"type": "move", "move": "W3", "at": True}), "'at' (a whole number)"),
        (frame({"type": "dance"}), "no message of type"),
        ((CLIENT_LIMIT + 1).to_bytes(4, "big"), "over the limit"),
    ]:
        with pytest.raises(BadMessage, match=re.escape(words)):
            _read(rubbish)
    with pytest.raises(asyncio.IncompleteReadError):
        _read(frame({"type": "bye"})[:-1])  # cut short: the other side went


def test_a_schema_refuses_a_message_of_another_shape() -> None:
    assert check({"type": "ping"}, CLIENT_MESSAGES) == {"type": "ping"}
    with pytest.raises(BadMessage):
        check(["hello"], CLIENT_MESSAGES)


def test_join_codes_are_long_random_and_forgiving_to_type() -> None:
    codes = {new_code() for _ in range(1000)}
    assert len(codes) == 1000 and all(len(c) == LENGTH and set(c) <= set(ALPHABET) for c in codes)
    code = new_code()
    assert code_matches(f" {code[:5].lower()}-{code[5:]} ", code)
    assert not code_matches(code[:-1], code) and not code_matches("", code)


def test_a_connection_that_goes_quiet_is_closed_and_its_seat_waits() -> None:
    game = Registry.discover().get("muster")
    match = Match(game, seed=3, agents=[None, RandomAgent()])
    host = Host(match, [0], ["North", "South"], new_code(), idle_seconds=0.5)
    match.agents[0] = RemoteSeat(host, 0, match)
    host.start()
    try:
        quiet = RawClient(host.address, host.port)
        quiet.hello(host.code)
        assert quiet.receive_type(["welcome"])["seat"] == 0
        assert "for too long" in quiet.receive_type(["error"])["reason"]
        assert quiet.receive() is None
        quiet.close()
        deadline = time.monotonic() + 5
        while host.connected(0) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not host.connected(0)
        again = RawClient(host.address, host.port)  # the seat is free for its player to take again
        again.hello(host.code)
        assert again.receive_type(["welcome"])["seat"] == 0
        again.close()
    finally:
        host.close()
