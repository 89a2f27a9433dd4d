"""Hostile input shared by the tests and the benchmarks: built one way, used by both.

    >>> link = zip_bomb_link(megabytes=1)
    >>> link.startswith("share="), len(link) < 2_000
    (True, True)

:func:`zip_bomb_link` is the link ``tests/unit/test_share.py`` proves is refused having
inflated no more than the limit, and ``bench/refusals.py`` times the refusal of.
"""

from __future__ import annotations

import base64
import zlib

from omen.campaign import share


def zip_bomb_link(megabytes: int = 100) -> str:
    """A share link whose payload inflates to ``megabytes`` MB of one table's text: a
    valid envelope head, a CRC that matches what it inflates to, and then spaces
    (about 1 300 characters of link per MB)."""
    inflater = zlib.compressobj(9)
    head = b'{"app":"omen","kind":"table","v":1,"data":"'
    chunk = b" " * 1_000_000
    body = inflater.compress(head)
    crc = zlib.crc32(head)
    for _ in range(megabytes):
        body += inflater.compress(chunk)
        crc = zlib.crc32(chunk, crc)
    body += inflater.compress(b'"}') + inflater.flush()
    crc = zlib.crc32(b'"}', crc)
    raw = bytes([share.FRAME]) + crc.to_bytes(4, "big") + body
    return "share=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
