"""`with tpu_fabric() as fabric:` of a generator function the project writes under `@contextlib.contextmanager`
binds what its `yield` gives: the Fabric it builds is launched, and the launched function's calls are read for its
strategy. Another context manager's `as` target (a class's `__enter__`, a generator not decorated) stays unknown
(the file's Fabrics run two strategies, so an unknown one is not taken for either)."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SOURCE = '''\
import contextlib
from contextlib import contextmanager

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


{decorator}
def tpu_fabric(precision="bf16-true"):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
    try:
        yield fabric
    finally:
        print("done")


class Session:
    def __enter__(self):
        return Fabric(accelerator="cuda", strategy="ddp")

    def __exit__(self, *exc):
        return False


def train(fabric):
    model = fabric.setup_module(nn.Linear(2, 2))
    fabric.clip_gradients(model, None, clip_val=1.0)


with {manager} as fabric:
    fabric.launch(train)
'''
VALUE = ("LXF014", "error", 28)


def found(manager: str, decorator: str = "@contextmanager") -> list[tuple[str, str, int]]:
    source = SOURCE.format(manager=manager, decorator=decorator)
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(source, None).findings]


def test_the_fabric_a_contextmanager_yields_is_the_one_launched():
    assert found("tpu_fabric()") == [VALUE]
    assert found("tpu_fabric()", "@contextlib.contextmanager") == [VALUE]


def test_other_context_managers_bind_nothing_the_layer_reads():
    assert found("Session()") == []
    assert found("tpu_fabric()", "") == []  # a bare generator: `with` on it raises, it binds nothing
