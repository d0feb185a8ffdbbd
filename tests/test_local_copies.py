"""A helper's test on a local name that copies what its parameter holds (`backend = args.backend`, or a string
method or an `or` default of it: `(args.backend or "auto").lower()`) is decided as the test on that expression,
by what the callers pass: a plugin list the helper builds only for the XLA backend gives `Fabric(plugins=...)` a
second precision beside `precision=` (LXF042) when the config's backend is XLA, and none otherwise. A name bound
on some paths only stays undecided."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
from dataclasses import dataclass

from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


@dataclass
class Args:
    bf16: bool = True
    backend: str = {backend}


def plugins_for(args):
    {copy}
    if args.bf16 and backend == "xla":
        return [XLAPrecision("bf16-true")]
    return []


def train(fabric):
    pass


args = Args()
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision="bf16-true", plugins=plugins_for(args)).launch(train)
'''
COPIES = ["backend = args.backend", "backend = args.backend.lower()", 'backend = (args.backend or "auto").lower()']


def found(backend: str, copy: str) -> list[tuple[str, str, int]]:
    text = SCRIPT.format(backend=backend, copy=copy)
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text, "train.py").findings]


@pytest.mark.parametrize("copy", COPIES)
def test_the_copy_holds_the_xla_backend(copy):
    assert found('"xla"', copy) == [("LXF042", "error", 26)]


@pytest.mark.parametrize("copy", COPIES[1:])
def test_the_string_method_is_applied(copy):
    assert found('"XLA"', copy) == [("LXF042", "error", 26)]
    assert found('"XLA"', COPIES[0]) == []  # ("XLA" is not "xla")


@pytest.mark.parametrize("copy", COPIES)
def test_another_backend_builds_no_plugin(copy):
    assert found('"auto"', copy) == []
    assert found('""', copy) == []  # (an empty backend: the `or` default "auto")


def test_a_copy_made_on_some_paths_only_is_not_decided():
    copy = 'backend = "cuda"\n    if len(sys.argv) > 1:\n        backend = args.backend'
    assert found('"xla"', copy.replace("sys.argv", "__import__('sys').argv")) == []  # (the run's command line decides)
    decided = 'backend = "cuda"\n    if args.bf16:\n        backend = args.backend'  # bf16 is on: the copy is made
    assert found('"xla"', decided) == [("LXF042", "error", 28)]
