"""`str()` of a member of the project's Enum is what Python makes of it: `Format.SHARDED` (the class's name and the
member's) for a plain `Enum` and for one that mixes `str` or `int` into it, so `state_dict_type=str(cfg.fmt)` is
no state-dict type `fabric.load` knows (LXF020); `.value`, a `StrEnum` (whose `str()` is the value) and a class
that writes its own `__str__` are not that string."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import enum

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Format({bases}):
    FULL = "full"
    SHARDED = "sharded"
{body}

def train(fabric):
    pass


fmt = Format.SHARDED
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type={passed}))
fabric.launch(train)
'''
MESSAGE = ("`state_dict_type='Format.SHARDED'` is neither 'full' nor 'sharded': XLAFSDPStrategy accepts it and "
           "`fabric.save` silently writes sharded files, but `fabric.load` raises ValueError: Unknown state_dict_type: "
           "Format.SHARDED. The checkpoint you saved cannot be read back")


def found(bases: str, passed: str, body: str = "") -> list[tuple[str, str, int, int, int, str]]:
    text = SCRIPT.format(bases=bases, passed=passed, body=body)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column, f.message)
            for f in check_source(text, "train.py").findings]


@pytest.mark.parametrize("bases", ["str, enum.Enum", "enum.Enum"])
def test_str_of_a_member_is_the_class_and_member_name(bases):
    assert found(bases, "str(fmt)") == [("LXF020", "error", 17, 76, 84, MESSAGE)]


@pytest.mark.parametrize(("bases", "passed", "body"), [
    ("str, enum.Enum", "fmt.value", ""),
    ("str, enum.Enum", "fmt", ""),
    ("enum.StrEnum", "str(fmt)", ""),
    ("str, enum.Enum", "str(fmt)", "\n    def __str__(self):\n        return self.value\n"),
])
def test_the_value_or_a_str_that_gives_it(bases, passed, body):
    assert found(bases, passed, body) == []
