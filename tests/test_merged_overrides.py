"""A helper that merges a base config with the overrides its caller passes, into a local it returns
(`out = dict(BASE); out.update(overrides); return out`, `out = {**BASE, **overrides}`, `out.update(**overrides)`),
is read for each call: the caller's overrides win over the base, in the helper's module or in another. A base
written for CUDA (`"bf16-mixed"`) with TPU overrides (`"bf16-true"`) runs fine; TPU overrides that bring
`"bf16-mixed"` raise, flagged where the overrides are written. LXF007: `precision="bf16-mixed"` under
XLAFSDPStrategy raises ValueError inside `Fabric(...)` (lightning 2.6.6)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

MERGES = {
    "update": "    out = dict(BASE)\n    out.update(overrides)\n    return out\n",
    "update_spread": "    out = dict(BASE)\n    out.update(**overrides)\n    return out\n",
    "copy_update": "    out = BASE.copy()\n    out.update(overrides)\n    return out\n",
    "spread_local": "    out = {**BASE, **overrides}\n    return out\n",
}
CONF = 'BASE = {{"precision": "{base}"}}\nTPU = {{"precision": "{tpu}"}}\n\n\ndef merged(overrides):\n{merge}'
TRAIN = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import conf

cfg = conf.merged(conf.TPU)
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=cfg["precision"])
'''
MIXED = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
         "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` (from")


def placed(tmp_path, base: str, tpu: str, merge: str) -> list[tuple[str, str, str, int]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pod'\n")
    (tmp_path / "conf.py").write_text(CONF.format(base=base, tpu=tpu, merge=MERGES[merge]))
    train = tmp_path / "train.py"
    train.write_text(TRAIN)
    return [(f.code, f.severity.name.lower(), f.elsewhere.path if f.elsewhere else "train.py",
             (f.elsewhere.span if f.elsewhere else f.span).start.line + 1)
            for f in check_source(TRAIN, str(train)).findings]


@pytest.mark.parametrize("merge", sorted(MERGES))
def test_the_callers_overrides_win_over_the_base_in_another_module(tmp_path, merge):
    assert placed(tmp_path, "bf16-mixed", "bf16-true", merge) == []
    assert placed(tmp_path, "bf16-true", "bf16-mixed", merge) == [("LXF007", "error", str(tmp_path / "conf.py"), 2)]


def test_each_call_of_a_helper_in_the_same_module_gets_its_own_overrides():
    text = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

BASE = {"precision": "bf16-mixed"}
TPU = {"precision": "bf16-true"}
GPU = {"precision": "bf16-mixed"}


def merged(overrides):
    out = dict(BASE)
    out.update(overrides)
    return out


cfg = merged(TPU)
gpu = merged(GPU)
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=cfg["precision"])
'''
    assert check_source(text, "/tmp/merged.py").findings == []
    swapped = text.replace("cfg = merged(TPU)", "cfg = merged(GPU)")
    [finding] = check_source(swapped, "/tmp/merged.py").findings
    assert (finding.code, finding.severity.name.lower(), finding.span.start.line + 1) == ("LXF007", "error", 17)
    assert finding.message.startswith(MIXED)


def test_keywords_update_after_the_mapping_as_python_does():
    # `d.update(m, **k)`: the keywords come last, whatever the order they are written in the call
    text = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

FIX = {"precision": "bf16-true"}
cfg = {"precision": "16-mixed"}
cfg.update({"precision": "bf16-mixed"}, **FIX)
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=cfg["precision"])
'''
    assert check_source(text, "/tmp/order.py").findings == []
    [finding] = check_source(text.replace(", **FIX)", ")"), "/tmp/order.py").findings
    assert (finding.code, finding.severity.name.lower(), finding.span.start.line + 1) == ("LXF007", "error", 7)
