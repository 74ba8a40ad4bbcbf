"""The tarock rules engine in Python.

``tarock.new_game(variant, ...)`` deals a hand and returns a :class:`State`, whose methods are
named after OpenSpiel's where they mean the same (``current_player``, ``legal_actions``,
``apply_action``, ``returns``, ...). Actions are the engine's stable action ids. Records travel as
the bytes of a ``tarock.v1.GameRecord`` (``State.to_record_bytes``, ``from_record_bytes``), the
same records the gRPC service reads and writes.

``tarock.grpc`` (needs grpcio) plays many tables over one ``Play`` stream of a server;
``tarock.vector`` plays the same tables in-process; ``tarock.pettingzoo`` wraps one table as a
PettingZoo AEC environment.
"""

from ._native import (
    RULES_VERSION,
    TERMINAL_PLAYER,
    IllegalActionError,
    InvalidSetupError,
    RecordError,
    SolveLimitError,
    State,
    TarockError,
    from_record_bytes,
    new_game,
    variants,
)
from .seeds import next_seed, seed_bytes, table_seed

__all__ = [
    "RULES_VERSION",
    "TERMINAL_PLAYER",
    "IllegalActionError",
    "InvalidSetupError",
    "RecordError",
    "SolveLimitError",
    "State",
    "TarockError",
    "from_record_bytes",
    "new_game",
    "next_seed",
    "seed_bytes",
    "table_seed",
    "variants",
]
