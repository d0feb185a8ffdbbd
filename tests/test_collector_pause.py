"""The cycle collector around a check: what the check made is not walked by a young collection
on the way to the first diagnostics, and the collector is on again afterwards."""

from __future__ import annotations

import gc

from errata_lsp.gcpause import paused_gc
from errata_lsp.lsp.session import CollectorPause


def _young() -> int:
    return len(gc.get_objects(0)) + len(gc.get_objects(1))


def test_what_a_paused_check_made_goes_to_the_oldest_generation_unwalked() -> None:
    gc.unfreeze()  # what an earlier test froze (a server's warm-up) would keep the move from happening
    made: list[list[int]] = []
    with paused_gc():
        made.extend([i] for i in range(50_000))
        assert not gc.isenabled()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # nothing left frozen
    young = {id(o) for o in gc.get_objects(0)} | {id(o) for o in gc.get_objects(1)}
    assert not any(id(m) in young for m in made[::1000])
    assert _young() < 1_000


def test_a_paused_check_inside_another_pause_leaves_the_collector_off() -> None:
    with paused_gc():
        with paused_gc():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_first_check_leaves_the_collector_off_until_it_settles() -> None:
    pause = CollectorPause()
    try:
        with pause.held(defer=True):
            assert not gc.isenabled()
        assert not gc.isenabled()  # the first diagnostics go out before any collection
        with pause.held(defer=True):  # another document's first check meanwhile
            pass
        assert not gc.isenabled()
        pause.settle()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.enable()


def test_a_later_check_turns_the_collector_back_on_when_no_settle_came() -> None:
    pause = CollectorPause()
    try:
        with pause.held(defer=True):
            pass
        assert not gc.isenabled()
        with pause.held():
            assert not gc.isenabled()
        assert gc.isenabled()
    finally:
        gc.enable()
