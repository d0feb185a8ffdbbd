"""A list written inside a config dict (`EXPERIMENT = {"serving": {"forward_methods": [...]}}`) and looped over
(`for name in cfg["serving"]["forward_methods"]: model.mark_forward_method(name)`): its items are the loop's turns
when no code of the module changes a list; a module that may (an `.append` anywhere) leaves them unknown."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_edits

SCRIPT = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Retriever(nn.Module):
    def __init__(self):
        super().__init__()
        self.tower = nn.Linear(8, 8)

    def encode_queries(self, x):
        return self.tower(x)

    def encode_docs(self, x):
        return self.tower(x)


EXPERIMENT = {{"serving": {{"forward_methods": ["encode_queries", "{second}"]}}}}
{after}

def train(fabric, cfg):
    model = fabric.setup_module(Retriever())
    for name in cfg["serving"]["forward_methods"]:
        model.mark_forward_method(name)
    model.encode_queries(torch.randn(2, 8, device=fabric.device))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={{nn.Linear}}))
    fabric.launch(train, EXPERIMENT)
'''


def test_a_misnamed_method_in_a_config_list_is_reported_where_it_is_written_and_fixed():
    text = SCRIPT.format(second="encode_documents", after="")
    [finding] = check_source(text).findings
    # the string "encode_documents" of line 19, column 64
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == \
        ("LXF036", "error", 19, 64)
    fixed, applied = apply_edits(text, [finding.fixes[0].edits])
    assert applied == [0] and '"encode_docs"]}}' in fixed
    assert check_source(fixed).findings == []


def test_a_module_that_may_change_a_list_leaves_the_items_unknown():
    text = SCRIPT.format(second="encode_documents", after='EXTRA = []\nEXTRA.append("encode_docs")\n')
    assert [f for f in check_source(text).findings if f.code == "LXF036"] == []
