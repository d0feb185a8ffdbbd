"""A subclass of Fabric builds a Fabric: the detect rules read its construction (a subclass with no
`__init__`) or its `super().__init__(...)`, as they read `Fabric(...)`. Exact findings, and the fine twin."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
"""
PLAIN = HEAD + """

class PodFabric(Fabric):
    pass


fabric = PodFabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision={precision})
"""
FORWARDING = HEAD + """
DEFAULTS = {{"accelerator": "tpu", "strategy": XLAFSDPStrategy()}}


class PodFabric(Fabric):
    def __init__(self, **overrides):
        super().__init__(**(DEFAULTS | overrides))


fabric = PodFabric(precision={precision})
"""


def found(text: str) -> list[tuple[str, str, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text, "train.py").findings]


def test_a_subclass_without_init_is_read_at_its_construction():
    assert found(PLAIN.format(precision='"16-mixed"')) == [("LXF007", "error", 9)]
    assert found(PLAIN.format(precision='"bf16-true"')) == []


def test_a_subclass_s_super_init_is_read_with_what_its_constructions_pass():
    """The precision the construction passes reaches `super().__init__(**(DEFAULTS | overrides))`."""
    text = FORWARDING.format(precision='"16-mixed"')
    findings = check_source(text, "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in findings] == [("LXF007", "error", 12)]
    assert findings[0].message.startswith("`precision='16-mixed')` is not supported in XLA.")
    assert found(FORWARDING.format(precision='"bf16-true"')) == []
