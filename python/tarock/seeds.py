"""Seeds of deals, as the native and the gRPC paths derive them alike.

A deal's seed is 32 bytes. An int seed ``n`` stands for ``n.to_bytes(32, "little")``. A table of
a vectorised environment deals its first hand from :func:`table_seed` and each later hand from
:func:`next_seed` of the one before (the SHA-256 of the previous seed, as the server's ``Play``
stream does), so that the same seeds give the same deals on either path.
"""

from __future__ import annotations

import hashlib
from typing import Union

Seed = Union[int, bytes]


def seed_bytes(seed: Seed) -> bytes:
    """The 32 bytes of a seed: bytes as they are (32 long), an int little-endian."""
    if isinstance(seed, bytes):
        if len(seed) != 32:
            raise ValueError(f"a seed of bytes has 32 bytes, not {len(seed)}")
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is an int or 32 bytes, not {type(seed).__name__}")
    if not 0 <= seed < 1 << 256:
        raise ValueError("an int seed is at least 0 and below 2**256")
    return seed.to_bytes(32, "little")


def table_seed(seed: Seed, table: int) -> bytes:
    """The first hand's seed of table ``table`` of an environment seeded with ``seed``:
    SHA-256 of the seed's 32 bytes followed by the table number (8 bytes, little-endian)."""
    if not 0 <= table < 1 << 64:
        raise ValueError(f"table {table} is not a table number")
    return hashlib.sha256(seed_bytes(seed) + table.to_bytes(8, "little")).digest()


def next_seed(seed: bytes) -> bytes:
    """The seed of a table's next hand: SHA-256 of the seed of the hand before."""
    return hashlib.sha256(seed_bytes(seed)).digest()
