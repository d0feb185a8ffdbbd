"""A command-line option's default is the run's value when the option is not given: `--grad-clip` with no
default passes None, and `fabric.clip_gradients(..., max_norm=None)` raises (LXF015), also through a helper.
Under a test that says the value is not None (`if max_norm is not None:`, `if max_norm:`, the `else` of
`if max_norm is None:`) the None does not reach the call."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

NEITHER = ("You have to specify either `clip_val` or `max_norm` to do gradient clipping: neither is set, so Fabric "
           "raises ValueError")


def script(default: str, body: str) -> str:
    return ("import argparse\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
            f"def clip(fabric, model, optimizer, max_norm):\n{body}\n\n\n"
            "def train(fabric, args):\n    clip(fabric, None, None, args.grad_clip)\n\n\n"
            "parser = argparse.ArgumentParser()\n"
            f"parser.add_argument('--grad-clip', type=float, default={default})\n"
            "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train, parser.parse_args())\n")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


CALL = "fabric.clip_gradients(model, optimizer, max_norm=max_norm)"


def test_an_option_with_no_default_passed_as_max_norm_raises():
    assert found(script("None", f"    {CALL}")) == [("LXF015", "error", NEITHER, 7, 4)]
    assert found(script("1.0", f"    {CALL}")) == []


@pytest.mark.parametrize("guarded", [
    f"    if max_norm is not None:\n        {CALL}",
    f"    if max_norm:\n        {CALL}",
    f"    if max_norm is None:\n        return\n    else:\n        {CALL}",
    f"    if max_norm is not None and model is not None:\n        {CALL}",
])
def test_a_call_under_a_test_that_the_value_is_not_none_is_not_reached_by_the_none(guarded):
    assert found(script("None", guarded)) == []


@pytest.mark.parametrize("unguarded", [
    f"    if max_norm is None:\n        {CALL}",
    f"    if not max_norm:\n        {CALL}",
    f"    if max_norm is not None or model is None:\n        {CALL}",
    f"    if max_norm:\n        pass\n    else:\n        {CALL}",
])
def test_a_test_that_does_not_exclude_none_leaves_the_none(unguarded):
    assert [f[0:2] for f in found(script("None", unguarded))] == [("LXF015", "error")]
