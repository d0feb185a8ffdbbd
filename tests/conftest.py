"""What every test leaves as it found it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def nothing_left_frozen() -> Iterator[None]:
    """A server started in this process freezes what its warm-up loaded (`gc.freeze()`), as a served
    process should; left frozen, it turns off the move of a check's objects to the oldest generation
    (`gcpause.to_oldest_generation`) for every later test, each check then walked by young collections
    (the budget tests took 7 times as long after the LSP tests)."""
    yield
    if gc.get_freeze_count():
        gc.unfreeze()
