"""`self.strategy_kwargs` in a base class's method, a property a subclass of another module overrides (and only
that subclass is built, by a third module): the override's keys are what the strategy gets (LXF038 on the
misspelt key it writes, where it is written), `super()`'s keys with them; a subclass that keeps the base's
property gets the base's. Real files on disk, checked as `errata-lsp check` checks them; the findings are exact."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.findings import Span

BASE = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ShardedRecipe:
    @property
    def strategy_kwargs(self):
        return {{"auto_wrap_policy": {{nn.Linear}}{base_extra}}}

    @property
    def strategy(self):
        return XLAFSDPStrategy(**self.strategy_kwargs)

    def fabric(self):
        return Fabric(accelerator="tpu", strategy=self.strategy)
"""

V4 = """\
from base import ShardedRecipe


class V4Recipe(ShardedRecipe):
{body}
"""

OVERRIDE = """\
    @property
    def strategy_kwargs(self):
        return {{**super().strategy_kwargs, "{key}": True}}
"""

TRAIN = """\
from v4 import V4Recipe


def train(fabric):
    pass


if __name__ == "__main__":
    V4Recipe().fabric().launch(train)
"""

MISSPELT = ("`shard_params_on_dim_0` is a parameter neither of XLAFSDPStrategy nor of torch_xla's "
            "XlaFullyShardedDataParallel: the strategy keeps it and passes it to `XlaFullyShardedDataParallel(module, "
            "...)` when the model is set up (`fabric.setup`, in the launched function), which raises `TypeError: "
            "XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'shard_params_on_dim_0'`; "
            "did you mean `shard_param_on_dim_0`?")


def project(root: Path, body: str, base_extra: str = "") -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (root / "base.py").write_text(BASE.format(base_extra=base_extra))
    (root / "v4.py").write_text(V4.format(body=body))
    (root / "train.py").write_text(TRAIN)
    return root


def findings(path: Path) -> list:
    return check_source(path.read_text(), str(path)).findings


def test_a_subclass_property_of_another_module_is_what_the_base_s_method_reads(tmp_path):
    project(tmp_path, OVERRIDE.format(key="shard_params_on_dim_0"))
    found = findings(tmp_path / "base.py")
    assert [(f.code, f.severity.value, f.message) for f in found] == [("LXF038", "error", MISSPELT)]
    assert found[0].elsewhere is not None
    assert (found[0].elsewhere.path, found[0].elsewhere.span) == (str(tmp_path / "v4.py"), Span.of(6, 43, 6, 66))
    assert findings(tmp_path / "v4.py") == [] and findings(tmp_path / "train.py") == []


def test_the_override_spelling_the_keyword_right_is_fine(tmp_path):
    project(tmp_path, OVERRIDE.format(key="shard_param_on_dim_0"))
    assert findings(tmp_path / "base.py") == []


def test_an_override_without_the_base_s_misspelt_key_leaves_it_unread(tmp_path):
    body = "    @property\n    def strategy_kwargs(self):\n        return {\"auto_wrap_policy\": None}\n"
    project(tmp_path, body, base_extra=', "shard_params_on_dim_0": True')
    assert findings(tmp_path / "base.py") == []


def test_a_subclass_keeping_the_base_s_property_gets_its_keys(tmp_path):
    project(tmp_path, "    lr = 1e-3\n", base_extra=', "shard_params_on_dim_0": True')
    assert [(f.code, f.severity.value, f.span.start.line, f.elsewhere) for f in findings(tmp_path / "base.py")] == [
        ("LXF038", "error", 8, None)]
