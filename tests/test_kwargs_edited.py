"""A wrapper that edits the `**kwargs` it was given before it builds the strategy (`kw["auto_wrap_policy"] =
{Block}`, `kw.pop("use_orig_params", None)`, `del kw["sync_module_states"]`, at the top of its body) passes
each call's keywords with those edits: the caller's list policy still reaches XLAFSDPStrategy (an error at the
call), a key the body removes does not, one the body sets replaces the caller's. An edit under an `if` or by
another method leaves the dict unknown (nothing said). LXF001: a list `activation_checkpointing_policy` raises
TypeError; LXF038: `use_orig_params` reaches torch_xla's FSDP, which raises TypeError (lightning 2.6.6)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def build(**kw):
{edits}    return XLAFSDPStrategy(**kw)


Fabric(accelerator="tpu", strategy=build({given}))
'''
LIST = "`activation_checkpointing_policy` must be a set, found [Block]"


def found(edits: str, given: str) -> list[tuple[str, str, int]]:
    text = SCRIPT.format(edits=edits, given=given)
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1) for f in check_source(text, "/tmp/kw.py").findings]


def test_the_callers_list_goes_through_the_wrappers_edits():
    text = SCRIPT.format(edits='    kw["auto_wrap_policy"] = {Block}\n    kw.pop("use_orig_params", None)\n',
                         given="activation_checkpointing_policy=[Block], use_orig_params=True")
    [finding] = check_source(text, "/tmp/kw.py").findings
    assert (finding.code, finding.severity.name.lower(), finding.span.start.line + 1) == ("LXF001", "error", 16)
    assert finding.message == LIST


@pytest.mark.parametrize("edits", ['    kw.pop("use_orig_params", None)\n', '    del kw["use_orig_params"]\n',
                                   '    dropped = kw.pop("use_orig_params")\n'])
def test_a_key_the_wrapper_removes_is_not_passed(edits):
    # the list is read through the edit (LXF001), the removed `use_orig_params` is not passed (no LXF038)
    assert found(edits, "auto_wrap_policy={Block}, activation_checkpointing_policy=[Block], use_orig_params=True") == [
        ("LXF001", "error", 15)]


def test_a_key_the_wrapper_sets_replaces_the_callers():
    assert found('    kw["activation_checkpointing_policy"] = {Block}\n',
                 "auto_wrap_policy={Block}, activation_checkpointing_policy=[Block]") == []
    assert found('    kw["activation_checkpointing_policy"] = [Block]\n',
                 "auto_wrap_policy={Block}, activation_checkpointing_policy={Block}") == [("LXF001", "error", 11)]


@pytest.mark.parametrize("edits", ['    if kw:\n        kw.pop("use_orig_params", None)\n',
                                   '    kw.update(use_orig_params=False)\n'])
def test_an_edit_the_layer_cannot_follow_leaves_the_dict_unknown(edits):
    assert found(edits, "auto_wrap_policy={Block}, use_orig_params=True") == []
