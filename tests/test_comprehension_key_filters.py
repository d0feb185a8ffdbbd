"""`{k: v for k, v in TABLE.items() if k not in CUDA_ONLY}`: a dict comprehension whose filter tests the key is read
as the dict it makes, each key of a table the file shows whole kept or dropped by the test; a filter it cannot
decide leaves the dict unknown."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

SCRIPT = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

Block = nn.Linear
FSDP = {{
    "auto_wrap_policy": {{Block}},
    "activation_checkpointing_policy": {{Block}},
    "auto_wrapper_callable": None,
    "limit_all_gathers": True,
}}
CUDA_ONLY = ("sharding_strategy", "limit_all_gathers")


def xla_kwargs(table):
    return {{key: value for key, value in table.items() if {test}}}


def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**xla_kwargs(FSDP))).launch(train)
'''


def findings(tmp_path: Path, test: str) -> list[tuple[str, str, int]]:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(test=test))
    return [(f.code, f.severity.value, f.span.start.line + 1)
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_filter_on_the_key_keeps_the_keys_it_lets_through(tmp_path):
    # the wrapper key is kept beside the checkpointing policy: the ValueError at setup, on the key
    assert findings(tmp_path, "key not in CUDA_ONLY") == [("LXF002", "error", 9)]
    assert findings(tmp_path, 'not key.startswith("limit")') == [("LXF002", "error", 9)]
    # the filter drops it
    assert findings(tmp_path, 'key not in CUDA_ONLY and key != "auto_wrapper_callable"') == []
    # (a CUDA-only key it lets through is what the strategy rejects)
    assert findings(tmp_path, 'key != "auto_wrapper_callable"') == [("LXF038", "error", 10)]
    assert findings(tmp_path, 'key in ("auto_wrap_policy", "activation_checkpointing_policy")') == []


def test_a_filter_it_cannot_decide_leaves_the_dict_unknown(tmp_path):
    assert findings(tmp_path, "key not in CUDA_ONLY and value is not None") == []
    assert findings(tmp_path, "key not in skipped()") == []
