"""A member of the project's Enum as `reduce_op`: Lightning lower-cases it only when it is a `str`
(`isinstance(reduce_op, str)`), so a `str`-mixed member is its value ("max": LXF027) and a plain Enum's member
passes through unchecked (no error). The member reached as `getattr(Reduction, "MAX")` or `Reduction("max")` is
the one `Reduction.MAX` names."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import enum

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Reduction({bases}):
    MEAN = "mean"
    MAX = "max"


def run(fabric):
    fabric.all_reduce(torch.ones(2), reduce_op={given})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
'''
MAX = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: "
       "Reduction.MAX; `all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")


def found(tmp_path: Path, bases: str, given: str) -> list[tuple]:
    path = tmp_path / "metrics.py"
    path.write_text(SCRIPT.format(bases=bases, given=given))
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize("given", ['Reduction.MAX', 'getattr(Reduction, "MAX")', 'Reduction("max")'])
def test_a_str_mixed_member_is_its_value(tmp_path, given):
    assert found(tmp_path, "str, enum.Enum", given) == [("LXF027", "error", 14, 47, MAX)]


@pytest.mark.parametrize("given", ['Reduction.MEAN', 'getattr(Reduction, "MEAN")', 'Reduction("mean")'])
def test_a_supported_member_is_silent(tmp_path, given):
    assert found(tmp_path, "str, enum.Enum", given) == []


@pytest.mark.parametrize("given", ['Reduction.MAX', 'getattr(Reduction, "MAX")', 'Reduction("max")'])
def test_a_plain_enum_member_is_not_lower_cased_by_lightning(tmp_path, given):
    assert found(tmp_path, "enum.Enum", given) == []


def test_a_value_no_member_has_is_not_guessed(tmp_path):
    assert found(tmp_path, "str, enum.Enum", 'Reduction("min")') == []
