"""`getattr(cfg, "precision", default)` of a namespace built from keywords alone (`SimpleNamespace(lr=1e-3)`):
the namespace has no such attribute, so the run's value is the default, and what raises with it is an error.
A namespace that may get the attribute (a store, a `setattr`, `vars(cfg)`, a helper given it) leaves the
default one value among others: a warning, as before."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HEAD = ("import sys\nfrom types import SimpleNamespace\n\nfrom lightning.fabric import Fabric\n"
        "from lightning.fabric.strategies import XLAFSDPStrategy\n\nfrom helpers import apply_overrides\n\n")
CALL = 'Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=getattr(cfg, "precision", "bf16-mixed"))\n'
NOT_XLA = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
           "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def test_a_namespace_of_keywords_without_the_attribute_gives_the_default():
    text = HEAD + "cfg = SimpleNamespace(lr=1e-3, steps=2)\nprint(cfg.lr, cfg.steps)\n" + CALL
    assert found(text) == [("LXF007", "error", NOT_XLA + " (from line 11)", 11, 64)]
    assert found(text.replace('"bf16-mixed"))', '"bf16-true"))')) == []
    assert found(text.replace("steps=2)", 'steps=2, precision="bf16-true")')) == []


@pytest.mark.parametrize("given", [
    'cfg.precision = "bf16-true"\n',
    'setattr(cfg, sys.argv[1], "bf16-true")\n',
    'vars(cfg).update(precision="bf16-true")\n',
    'cfg.__dict__.update(precision="bf16-true")\n',
    "apply_overrides(cfg)\n",
])
def test_a_namespace_that_may_get_the_attribute_leaves_the_default_a_warning(given):
    text = HEAD + "cfg = SimpleNamespace(lr=1e-3)\n" + given + CALL
    assert [f[:2] for f in found(text)] == [("LXF007", "warning")]


def test_a_namespace_spread_from_a_dict_the_file_cannot_read_leaves_the_default_a_warning():
    text = HEAD + "cfg = SimpleNamespace(**dict(arg.split('=') for arg in sys.argv[1:]))\n" + CALL
    assert [f[:2] for f in found(text)] == [("LXF007", "warning")]
