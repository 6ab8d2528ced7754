"""The wire: JSON messages, each framed by its length, checked against its schema, under a version.

A message is a JSON object with a ``type``; on the wire it is four bytes of length (big-endian) and then that
many bytes of UTF-8 JSON. Framing by length means a message is read whole or refused whole, and the size limit
is known before a byte of the body is read::

    >>> frame({"type": "bye"})
    b'\\x00\\x00\\x00\\x0f{"type": "bye"}'
    >>> check({"type": "move", "move": "W3", "at": 4}, CLIENT_MESSAGES)
    {'type': 'move', 'move': 'W3', 'at': 4}
    >>> check({"type": "move", "move": 3}, CLIENT_MESSAGES)
    Traceback (most recent call last):
    ...
    tabletop.net.wire.BadMessage: a 'move' message has 'move' (text) and 'at' (a whole number)
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

PROTOCOL_VERSION = 1
"""Raised whenever a message's meaning changes: a client and host of different versions refuse each other."""
PORT = 7427
"""The port a host listens on unless told otherwise."""
LENGTH_BYTES = 4
CLIENT_LIMIT = 16 * 1024
"""The largest message a client may send (a move is a few dozen bytes): a larger one closes its connection."""
HOST_LIMIT = 4 * 1024 * 1024
"""The largest message a host may send (a view and a long log)."""
IDLE_SECONDS = 60.0
"""How long a connection may stay silent: each side sends a ping at a third of it."""
PING_SECONDS = IDLE_SECONDS / 3
HELLO_SECONDS = 10.0
"""How long a new connection has to say who it is."""


class BadMessage(Exception):
    """A message that is not JSON, too large, or not of the protocol's schema: its connection is closed."""


Schema = Mapping[str, tuple[type, ...]]
"""A message type's fields and the JSON types each may hold."""

CLIENT_MESSAGES: Mapping[str, Schema] = {
    "hello": {"version": (int,), "code": (str,)},
    "move": {"move": (str,), "at": (int,)},
    "ping": {},
    "bye": {},
}
"""What a client may send: its hello (the join code), a move (its notation, and how many actions the match had
when the client chose it), a ping that keeps an idle connection open, and its goodbye."""

HOST_MESSAGES: Mapping[str, Schema] = {
    "welcome": {"version": (int,), "game": (str,), "options": (dict,), "seat": (int,), "names": (list,)},
    "update": {
        "at": (int,),
        "view": (dict,),
        "first": (int,),
        "events": (list,),
        "legal": (list,),
        "to_act": (int,),
        "before": (dict, type(None)),
        "connected": (list,),
        "status": (str,),
    },
    "presence": {"connected": (list,)},
    "refused": {"reason": (str,)},
    "end": {"record": (dict,)},
    "error": {"reason": (str,)},
    "ping": {},
}
"""What a host sends: its welcome (the game, its options, the seat given), each update of the seat's position,
who is connected when that changes, a move refused and why, the finished game's record, an error before it closes the connection, and pings."""

_SHAPES = {
    "hello": "'version' (a whole number) and 'code' (text)",
    "move": "'move' (text) and 'at' (a whole number)",
}


def frame(message: Mapping[str, Any]) -> bytes:
    """A message as it goes on the wire: its length, then its JSON."""
    body = json.dumps(message, ensure_ascii=False).encode()
    return len(body).to_bytes(LENGTH_BYTES, "big") + body


def check(data: Any, schema: Mapping[str, Schema]) -> dict[str, Any]:
    """``data`` if it is a message of ``schema`` (its type known, each field of its JSON type); else BadMessage."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("a message is a JSON object with a 'type'")
    kind = data["type"]
    fields = schema.get(kind)
    if fields is None:
        raise BadMessage(f"no message of type {kind[:40]!r}")
    for name, types in fields.items():
        value = data.get(name)
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise BadMessage(f"a {kind!r} message has {_SHAPES.get(kind, 'fields ' + ', '.join(fields))}")
    return data


async def read_message(reader: asyncio.StreamReader, limit: int, schema: Mapping[str, Schema]) -> dict[str, Any]:
    """The next message; BadMessage for one over ``limit`` bytes, not JSON or not of ``schema``;
    :class:`asyncio.IncompleteReadError` when the other side has gone."""
    size = int.from_bytes(await reader.readexactly(LENGTH_BYTES), "big")
    if size > limit:
        raise BadMessage(f"a message of {size} bytes is over the limit of {limit}")
    body = await reader.readexactly(size)
    try:
        data = json.loads(body.decode())
    except (UnicodeDecodeError, ValueError):
        raise BadMessage("a message is not JSON") from None
    return check(data, schema)


async def send_message(writer: asyncio.StreamWriter, message: Mapping[str, Any]) -> None:
    """Write one message and wait until the transport has taken it."""
    writer.write(frame(message))
    await writer.drain()
