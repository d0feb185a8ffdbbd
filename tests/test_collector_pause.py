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


def test_a_check_in_the_server_leaves_the_collector_on_however_it_ends() -> None:
    """The server's pause turns the collector back on when its last check ends, first check or not: a
    collector left off until some later event (a publish, another check) stays off in a server that gets
    no such event, and the process grows with every cycle it makes."""
    pause = CollectorPause()
    try:
        with pause.held():
            with pause.held():  # another document's check meanwhile
                assert not gc.isenabled()
            assert not gc.isenabled()
        assert gc.isenabled()
        try:
            with pause.held():
                raise RuntimeError("a check that fails")
        except RuntimeError:
            pass
        assert gc.isenabled()
    finally:
        gc.enable()
