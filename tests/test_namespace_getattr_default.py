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


PARSED = ("import argparse\nimport json\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n"
          "from helpers import add_model_args, finalize\n\n\n"
          "def train(fabric, args):\n    print(args.lr)\n\n\n"
          "def parse_args():\n    parser = argparse.ArgumentParser()\n{options}    return parser.parse_args()\n\n\n"
          "def main(args):\n{before}"
          '    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=getattr(args, "precision", "bf16-mixed"))\n'
          "    fabric.launch(train, args)\n\n\n"
          "main(parse_args())\n")
LR = '    parser.add_argument("--lr", type=float, default=1e-3)\n'


def test_a_parser_with_no_such_option_gives_getattr_its_default():
    text = PARSED.format(options=LR, before="")
    line = text.splitlines().index([t for t in text.splitlines() if "getattr(args" in t][0]) + 1
    assert found(text) == [("LXF007", "error", NOT_XLA + f" (from line {line})", line, 77)]
    assert found(PARSED.format(options=LR + '    parser.add_argument("--precision", default="bf16-true")\n', before="")) == []
    assert found(PARSED.format(options=LR + '    parser.set_defaults(precision="bf16-true")\n', before="")) == []


@pytest.mark.parametrize("options, before", [
    ('    for name in ("lr", "precision"):\n        parser.add_argument(f"--{name}")\n', ""),
    ("    add_model_args(parser)\n", ""),
    (LR, '    args.precision = "bf16-true"\n'),
    (LR, "    vars(args).update(json.load(open('run.json')))\n"),
    (LR, "    args.__dict__.update(json.load(open('run.json')))\n"),
    (LR, "    finalize(args)\n"),
    (LR, "parents"),
])
def test_a_parser_or_namespace_that_may_hold_the_option_leaves_the_default_a_warning(options, before):
    text = PARSED.format(options=options, before="" if before == "parents" else before)
    if before == "parents":  # options of a parent parser the file does not show
        text = text.replace("argparse.ArgumentParser()", "argparse.ArgumentParser(parents=[add_model_args()])")
    assert [f[:2] for f in found(text)] == [("LXF007", "warning")]
