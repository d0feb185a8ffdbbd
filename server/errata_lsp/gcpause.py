"""Pausing Python's cycle collector around work that builds many objects and frees none."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Loading records or parsing a file makes a great many small objects and frees none of them:
    the cycle collector would only walk them again and again (a third of a parse, three quarters of
    a knowledge-base load). It runs as usual once the work is done, with what the work made moved
    to the oldest generation (`to_oldest_generation`)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            to_oldest_generation()
            gc.enable()


def to_oldest_generation() -> None:
    """Every object the collector tracks moved to its oldest generation without a walk: else the
    first allocation once the collector is back on walks everything the paused work made (a young
    collection of a check's trees and tables, ~10 ms at 10k lines, which frees nothing: a check
    leaves no cycles behind). The next full collection still sees them. `gc.freeze()` then
    `gc.unfreeze()` is that move; not done while anything else is frozen (a server's warm-up),
    which `unfreeze` would let go."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
