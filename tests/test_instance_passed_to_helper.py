"""An instance handed to a helper as it is built (`normalize(ShardingConfig())`) holds what the helper stores on its
parameter: the stores of its body replace what the class gave, and a store under a name it cannot tell (a `setattr`
loop) leaves the attribute unknown."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

HEAD = '''from dataclasses import dataclass, field

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

Block = nn.Linear


@dataclass
class Sharding:
    auto_wrap_policy: list = field(default_factory=lambda: [Block])
    activation_checkpointing_policy: list = field(default_factory=lambda: [Block])


def normalize(s):
{body}
    return s


def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


s = normalize(Sharding())
strategy = XLAFSDPStrategy(auto_wrap_policy=s.auto_wrap_policy, activation_checkpointing_policy=s.activation_checkpointing_policy)
Fabric(accelerator="tpu", strategy=strategy).launch(train)
'''

BOTH = '''    s.auto_wrap_policy = set(s.auto_wrap_policy)
    s.activation_checkpointing_policy = set(s.activation_checkpointing_policy)'''

LOOP = '''    for name in {names}:
        value = getattr(s, name)
        if isinstance(value, (list, tuple)):
            setattr(s, name, set(value))'''


def findings(tmp_path: Path, body: str) -> list[tuple[str, str, int]]:
    path = tmp_path / "train.py"
    path.write_text(HEAD.format(body=body))
    return [(f.code, f.severity.value, f.span.start.line + 1)
            for f in check_source(path.read_text(), str(path)).findings]


def test_the_helper_s_stores_replace_what_the_class_gave(tmp_path):
    assert findings(tmp_path, BOTH) == []
    # the one it leaves alone is still the list
    assert findings(tmp_path, BOTH.splitlines()[0]) == [("LXF001", "error", 26)]


def test_a_store_under_a_name_the_helper_picks_leaves_it_unknown(tmp_path):
    assert findings(tmp_path, LOOP.format(names='("auto_wrap_policy", "activation_checkpointing_policy")')) == []
    assert findings(tmp_path, LOOP.format(names='("auto_wrap_policy",)')) == []  # (not read turn by turn)


def test_a_store_under_a_test_keeps_what_the_class_gave_beside_it(tmp_path):
    body = "    if s.auto_wrap_policy:\n        s.activation_checkpointing_policy = set(s.activation_checkpointing_policy)"
    assert [(code, severity) for code, severity, _ in findings(tmp_path, body)] \
        == [("LXF028", "error"), ("LXF001", "warning")]
