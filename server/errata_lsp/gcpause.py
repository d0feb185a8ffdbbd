"""Pausing Python's cycle collector around work that builds many objects and frees none."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Loading records or parsing a file makes a great many small objects and frees none of them:
    the cycle collector would only walk them again and again (a third of a parse, three quarters of
    a knowledge-base load). It runs as usual once the work is done."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
