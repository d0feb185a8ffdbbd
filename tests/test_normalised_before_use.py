"""Values a caller or a wrapper normalises before use, and the readings they need: an attribute stored from a
parameter the constructor rebinds, read again while its own store is being read. The findings are exact, on
code that must trigger and code that must not."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
import contextlib

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.fabric.wrappers import is_wrapped
from torch import nn


class Block(nn.Module):
    pass


"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n"


def shown(text: str) -> list[tuple[str, str, str, int, int, int]]:
    report = check_source(text)
    assert report.failures == []
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in report.findings]


# --- a stored attribute read again while its store is read ----------------------------------------------
ACCUMULATION = """\
class Accumulation:
    def __init__(self, fabric, module):
        if not is_wrapped(module):
            module = fabric.setup_module(module)
        self.fabric, self.module = fabric, module
        self._stack = contextlib.ExitStack()

    def __enter__(self):
        self._stack.enter_context(self.fabric.no_backward_sync(self.module))


def train(fabric):
    acc = Accumulation(fabric, {given})
    model = acc.module
    with acc:
        model(torch.ones(1))"""


def test_an_attribute_stored_from_a_rebound_parameter_is_read_without_a_rule_failing():
    # every rule runs (no failure) on the class that sets up what it is given when it is not wrapped yet
    shown(HEAD + ACCUMULATION.format(given="Block()") + TAIL)


# --- a part or an edit of a known string ----------------------------------------------------------------
RETRY = """\
def make_fabric(precision):
    strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}})
    try:
        return Fabric(accelerator="tpu", strategy=strategy, precision=precision)
    except ValueError:
        return Fabric(accelerator="tpu", strategy=strategy, precision={retry})


def train(fabric):
    pass


make_fabric("bf16-mixed").launch(train)
"""


def test_a_retry_with_a_part_of_the_split_precision_is_flagged():
    # "bf16", what is left of "bf16-mixed", is the legacy spelling of bf16-mixed
    assert shown(HEAD + RETRY.format(retry='precision.split("-")[0]')) == [(
        "LXF007", "error",
        "`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
        "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
        "(`'bf16'` is the legacy spelling of 'bf16-mixed')", 19, 70, 93)]


def test_parts_of_split_and_partition_at_other_indexes_are_read():
    assert [f[:2] for f in shown(HEAD + RETRY.format(retry='"x-bf16-mixed".partition("-")[2]'))] == [("LXF007", "error")]
    assert [f[:2] for f in shown(HEAD + RETRY.format(retry='"a-bf16".rsplit("-", 1)[-1]'))] == [("LXF007", "error")]
    # out of range: IndexError in the run, nothing to say; an unknown separator: unknown
    assert shown(HEAD + RETRY.format(retry='precision.split("-")[5]')) == []
    assert shown(HEAD + RETRY.format(retry='precision.split(SEP)[0]')) == []


def test_a_retry_with_the_true_variant_made_by_replace_is_fine():
    assert shown(HEAD + RETRY.format(retry='precision.replace("-mixed", "-true")')) == []


def test_a_replace_that_makes_a_mixed_precision_is_flagged():
    assert [f[:2] for f in shown(HEAD + RETRY.format(retry='"bf16-true".replace("true", "mixed")'))] == [
        ("LXF007", "error")]
    assert [f[:2] for f in shown(HEAD + RETRY.format(retry='"bf16-mixed-x".removesuffix("-x")'))] == [
        ("LXF007", "error")]


# --- `dict(...)` of the pairs a display or a generator function gives ------------------------------------
PAIRS = """\
def policy_pairs(layers, remat=True):
    yield "auto_wrap_policy", set(layers)
    if remat:
        yield "activation_checkpointing_policy", {remat_value}


def train(fabric):
    pass


strategy = XLAFSDPStrategy(state_dict_type="sharded", **dict(policy_pairs([Block]{given})))
Fabric(accelerator="tpu", strategy=strategy).launch(train)
"""


def test_a_list_a_generator_yields_as_the_remat_policy_is_flagged_at_the_dict():
    assert shown(HEAD + PAIRS.format(remat_value="layers", given="")) == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found [Block] (from `layers`, line 24)",
        24, 56, 83)]


def test_a_generator_that_makes_the_policies_sets_is_fine():
    assert shown(HEAD + PAIRS.format(remat_value="set(layers)", given="")) == []


def test_a_pair_under_a_test_the_call_decides_false_is_not_yielded():
    assert shown(HEAD + PAIRS.format(remat_value="layers", given=", remat=False")) == []


def test_a_pair_under_a_test_the_file_cannot_decide_is_unknown():
    assert shown(HEAD + PAIRS.format(remat_value="layers", given=", remat=FLAGS.remat")) == []


def test_a_display_of_pairs_made_a_dict_is_read():
    text = HEAD + """\
def train(fabric):
    pass


kwargs = dict([("auto_wrap_policy", {Block}), ("activation_checkpointing_policy", (Block,))])
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**kwargs)).launch(train)
"""
    assert shown(text) == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found (Block,)", 18, 82, 90)]


# --- CUDA-only keys popped from a shared recipe ------------------------------------------------------------
RECIPE = """\
from torch.distributed.fsdp.wrap import ModuleWrapPolicy

CUDA_ONLY = ("sharding_strategy", "cpu_offload"{popped})


def xla_strategy():
    kwargs = {{
        "sharding_strategy": "FULL_SHARD",
        "cpu_offload": False,
        "auto_wrap_policy": {{Block}},
        "activation_checkpointing_policy": ModuleWrapPolicy({{Block}}),
    }}
    for key in CUDA_ONLY:
        kwargs.pop(key, None)
    return XLAFSDPStrategy(**kwargs)


def train(fabric):
    pass


Fabric(accelerator="tpu", strategy=xla_strategy()).launch(train)
"""


def test_a_torch_wrap_policy_object_left_in_the_kwargs_is_flagged_where_it_is_written():
    assert shown(HEAD + RECIPE.format(popped="")) == [(
        "LXF001", "error",
        "`activation_checkpointing_policy` must be a set, found ModuleWrapPolicy({Block}) (torch's wrap-policy "
        "objects are for `FSDPStrategy`; XLAFSDP takes a set of layer classes)", 24, 43, 68)]


def test_a_torch_wrap_policy_object_popped_with_the_cuda_keys_is_fine():
    assert shown(HEAD + RECIPE.format(popped=', "activation_checkpointing_policy"')) == []


def test_a_torch_wrap_policy_object_as_the_wrap_policy_is_fine():
    # torch_xla calls an `auto_wrap_policy` object with any keyword: it runs
    text = HEAD + RECIPE.format(popped=', "activation_checkpointing_policy"').replace(
        '"auto_wrap_policy": {Block}', '"auto_wrap_policy": ModuleWrapPolicy({Block})')
    assert shown(text) == []


# --- a library predicate the run decides: `is_wrapped(module)` --------------------------------------------
PREPARE = """\
def prepare(fabric, module):
    if {test}:
        module = fabric.setup_module(module)
    return module


def train(fabric):
    model = prepare(fabric, {given})
    with fabric.no_backward_sync(model):
        pass
"""


def test_a_raw_module_set_up_when_it_is_not_wrapped_is_fine():
    assert shown(HEAD + PREPARE.format(test="not is_wrapped(module)", given="Block()") + TAIL) == []


def test_a_raw_module_set_up_only_when_it_is_wrapped_is_flagged():
    assert shown(HEAD + PREPARE.format(test="is_wrapped(module)", given="Block()") + TAIL) == [(
        "LXF004", "error",
        "`model` is not set up: it holds the raw module `Block()` (line 21); pass the module returned by "
        "`fabric.setup(...)`, or Fabric raises TypeError", 22, 33, 38)]


def test_a_predicate_of_a_value_the_layer_cannot_tell_decides_nothing():
    # `factory()` may give a wrapped module or not: the raw path stays possible, a warning
    found = shown(HEAD + "def factory():\n    return FACTORY()\n\n\n"
                  + PREPARE.format(test="is_wrapped(module)", given="Block() if FLAG else factory()") + TAIL)
    assert [f[:2] for f in found] == [("LXF004", "warning")]


def test_a_class_that_sets_up_the_raw_module_it_is_given_is_fine():
    # every construction passes a raw module, so `__init__` always sets it up
    assert shown(HEAD + ACCUMULATION.format(given="Block()") + TAIL) == []


def test_a_class_given_a_raw_module_it_sets_up_only_when_wrapped_is_flagged():
    text = HEAD + ACCUMULATION.replace("if not is_wrapped(module):", "if is_wrapped(module):").format(given="Block()") + TAIL
    assert [f[:2] for f in shown(text)] == [("LXF004", "error")]


def test_a_class_built_by_a_class_method_too_is_not_decided_by_its_named_constructions():
    # `cls(...)` builds it where its name is not read: the test on `module` stays open, a warning
    text = HEAD + ACCUMULATION.replace(
        "    def __enter__(self):",
        "    @classmethod\n    def of(cls, fabric, module):\n        return cls(fabric, module)\n\n    def __enter__(self):",
    ).format(given="Block()") + TAIL
    assert [f[:2] for f in shown(text)] == [("LXF004", "warning")]
