"""The address of a Ray cluster (``--address`` or ``RAY_ADDRESS``), checked before Ray is asked to join it.

Given an address it cannot reach, Ray retries for minutes. So the address is read
first -- ``auto``, ``local``, ``HOST:PORT`` or ``ray://HOST:PORT``, where HOST is a
name, an IPv4 address or an IPv6 one in brackets and PORT is 1 to 65535 -- and a
``HOST:PORT`` is then tried with a short connection, so that a bad one fails at once
with a plain message.

    >>> check_address("127.0.0.1:6379"), check_address("ray://[::1]:10001"), check_address("auto")
    (('127.0.0.1', 6379), ('::1', 10001), None)
    >>> check_address("127.0.0.1:-5")
    Traceback (most recent call last):
    tabletop.lab.errors.LabUsageError: --address 127.0.0.1:-5: the port must be a whole number from 1 to 65535, not '-5'
"""

from __future__ import annotations

import ipaddress
import re

from tabletop.lab.errors import LabError, LabUsageError
from tabletop.numbers import NumberError, excerpt, read_number
from tabletop.text import one_line

LEFT_TO_RAY = ("auto", "local")
"""Addresses Ray resolves itself: the cluster started on this machine (``ray start``), or a new local one."""
CLIENT_SCHEME = "ray://"
"""The prefix of a Ray Client address."""
LARGEST_PORT = 65535
REACH_SECONDS = 3.0
"""How long the connection that proves a cluster answers may take."""
FORMS = "HOST:PORT (e.g. 127.0.0.1:6379), ray://HOST:PORT or auto"
_HOST_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST_NAME = re.compile(rf"{_HOST_LABEL}(?:\.{_HOST_LABEL})*\.?")
MAX_HOST_CHARS = 253


def check_address(address: str) -> tuple[str, int] | None:
    """The host and port of ``address``, or None for one Ray resolves itself; :class:`LabUsageError`
    for text that is no address."""
    if address in LEFT_TO_RAY:
        return None
    rest = address.removeprefix(CLIENT_SCHEME)
    host, sep, port_text = rest.rpartition(":")
    if not sep or not host:
        raise _bad(address, f"expected {FORMS}")
    try:
        port = read_number(port_text, 1, LARGEST_PORT, "the port")
    except NumberError as exc:
        raise _bad(address, str(exc)) from None
    if host.startswith("[") and host.endswith("]"):
        try:
            return str(ipaddress.IPv6Address(host[1:-1])), port
        except ValueError:
            raise _bad(address, f"{excerpt(host)} is not an IPv6 address") from None
    if len(host) > MAX_HOST_CHARS or not _HOST_NAME.fullmatch(host):
        raise _bad(address, f"{excerpt(host)} is not a host name or an IP address (an IPv6 one goes in brackets)")
    return host, port


def check_reachable(address: str, timeout: float = REACH_SECONDS) -> None:
    """Fail at once, with a :class:`LabError`, if nothing answers at ``address``'s host and port."""
    import socket

    where = check_address(address)
    if where is None:
        return
    try:
        socket.create_connection(where, timeout=timeout).close()
    except OSError as exc:
        raise LabError(
            f"no Ray cluster answers at {one_line(address)} ({exc.strerror or exc}): is it started (`ray start --head`)?"
        ) from None


def _bad(address: str, why: str) -> LabUsageError:
    shown = one_line(address) if len(address) <= MAX_HOST_CHARS else excerpt(address)
    return LabUsageError(f"--address {shown}: {why}")
