"""Callers and wrappers of the checked file: a closure that rebinds the model and optimizer with `nonlocal`,
objects spread into `fabric.setup(*...)` from a display or a generator, `operator.methodcaller`,
`functools.reduce` with a two-parameter function. The findings are exact, on code that must trigger and code
that must not."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

HEAD = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n"


def shown(text: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(text).findings]


# --- nonlocal -------------------------------------------------------------------------------------------
NONLOCAL = """\
def train(fabric):
    model = Block()
    optimizer = {optimizer}

    def prepare():
        nonlocal model, optimizer
        model = fabric.setup_module(model)
        optimizer = fabric.setup_optimizers({given})

    def step():
        optimizer.step()

    prepare()
    step()"""


def test_an_optimizer_a_nonlocal_closure_sets_up_after_the_model_but_built_before_is_flagged():
    text = HEAD + NONLOCAL.format(optimizer="torch.optim.AdamW(model.parameters())", given="optimizer") + TAIL
    assert shown(text) == [(
        "LXF013", "error",
        "`optimizer` is built from `model`'s parameters before `fabric.setup_module(model)` (line 13); XLAFSDP "
        "replaces them with sharded ones, so `setup_optimizers` raises ValueError: The optimizer does not seem to "
        "reference any XLAFSDP parameters. Create the optimizer after `setup_module`, from the set-up model",
        18, 44, 53)]


def test_an_optimizer_the_nonlocal_closure_builds_from_the_set_up_model_is_fine():
    text = HEAD + NONLOCAL.format(optimizer="None", given="torch.optim.AdamW(model.parameters())") + TAIL
    assert shown(text) == []


# --- objects spread into `fabric.setup(*...)` -----------------------------------------------------------
GENERATORS = """\
def optimizers(model):
    yield torch.optim.AdamW(model.parameters())


def components():
    model = Block()
    yield model
{rest}


def train(fabric):
    {setup}"""
JOINT = ("The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): `fabric.setup` raises "
         "NotImplementedError here. Call `setup_module`, create the optimizer from the set-up model's parameters, "
         "then call `setup_optimizers`")


def test_a_generator_that_yields_the_model_then_its_optimizers_spread_into_setup_is_a_joint_setup():
    for rest in ("    yield from optimizers(model)", "    yield torch.optim.AdamW(model.parameters())",
                 "    yield from [torch.optim.AdamW(model.parameters())]"):
        text = HEAD + GENERATORS.format(rest=rest, setup="model, optimizer = fabric.setup(*components())") + TAIL
        assert shown(text) == [("LXF012", "error", JOINT, 22, 23, 35)], rest


def test_a_display_spread_into_setup_counts_its_items():
    text = HEAD + GENERATORS.format(rest="", setup="model, optimizer = fabric.setup(*[Block(), opt])") + TAIL
    assert shown(text) == [("LXF012", "error", JOINT, 22, 23, 35)]
    assert shown(HEAD + GENERATORS.format(rest="", setup="model = fabric.setup(*[Block()])") + TAIL) == []
    assert shown(HEAD + GENERATORS.format(rest="", setup="model = fabric.setup(Block(), *[])") + TAIL) == []


def test_a_generator_of_the_model_alone_or_one_whose_yields_the_file_cannot_count_is_not_flagged():
    assert shown(HEAD + GENERATORS.format(rest="", setup="model = fabric.setup(*components())") + TAIL) == []
    for rest in ("    if model.training:\n        yield from optimizers(model)",
                 "    for _ in range(2):\n        yield torch.optim.AdamW(model.parameters())",
                 "    yield from optimizers_of(model)"):
        text = HEAD + GENERATORS.format(rest=rest, setup="objs = fabric.setup(*components())") + TAIL
        assert shown(text) == [], rest


# --- operator.methodcaller ------------------------------------------------------------------------------
METHODCALLER = """\
def train(fabric):
    net = Block()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    {caller}
    {use}"""


def test_a_methodcaller_applied_to_the_fabric_is_the_method_call_it_makes():
    text = HEAD + "import operator\n" + METHODCALLER.format(
        caller='skip_sync = operator.methodcaller("no_backward_sync", net)', use="with skip_sync(fabric):\n        pass") + TAIL
    assert shown(text) == [(
        "LXF004", "error", "`net` is not set up: `model` holds the module returned by `fabric.setup_module(net)`; "
        "Fabric raises TypeError here", 16, 58, 61)]
    (finding,) = check_source(text).findings
    fixed = apply_fix(text, finding.fixes[0].edits)
    assert 'operator.methodcaller("no_backward_sync", model)' in fixed and shown(fixed) == []
    text = HEAD + "from operator import methodcaller\n" + METHODCALLER.format(
        caller='clip = methodcaller("clip_gradients", model, optimizer, clip_val=0.5)', use="clip(fabric)") + TAIL
    assert [f[:2] + f[3:] for f in shown(text)] == [("LXF014", "error", 16, 60, 72)]


def test_a_methodcaller_of_the_set_up_model_or_given_other_arguments_is_not_flagged():
    text = HEAD + "import operator\n" + METHODCALLER.format(
        caller='skip_sync = operator.methodcaller("no_backward_sync", model)', use="with skip_sync(fabric):\n        pass") + TAIL
    assert shown(text) == []
    text = HEAD + "import operator\n" + METHODCALLER.format(
        caller='skip_sync = operator.methodcaller("no_backward_sync", net)', use="skip_sync(fabric, model)") + TAIL
    assert shown(text) == []  # (a methodcaller takes one object: TypeError, not the method's error)


# --- functools.reduce and helpers that merge their parameters -------------------------------------------
PROFILES = """\
import functools


def checkpointed(module, *args, **kwargs):
    return module


PROFILES = {{
    "base": {{"auto_wrap_policy": {{Block}}}},
    "remat": {{"activation_checkpointing_policy": {{Block}}}},
    "custom_wrapper": {{"auto_wrapper_callable": checkpointed}},
}}


def merge(a, b):
    return {{**a, **b}}


def train(fabric):
    fabric.setup_module(Block())


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**{kwargs}))
fabric.launch(train)
"""
BOTH = ("`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning raises "
        "ValueError at setup (the policy is turned into its own auto wrapper)")


def test_profiles_folded_with_reduce_by_a_two_parameter_function_are_merged_in_order():
    for kwargs in ('functools.reduce(lambda merged, name: {**merged, **PROFILES[name]}, '
                   '["base", "remat", "custom_wrapper"], {})',
                   'functools.reduce(merge, [PROFILES["base"], PROFILES["remat"], PROFILES["custom_wrapper"]])'):
        assert [f[:2] + f[3:] for f in shown(HEAD + PROFILES.format(kwargs=kwargs))] == [
            ("LXF002", "error", 21, 48, 60)], kwargs
    fine = 'functools.reduce(lambda merged, name: {**merged, **PROFILES[name]}, ["base", "remat"], {})'
    assert shown(HEAD + PROFILES.format(kwargs=fine)) == []


def test_a_helper_that_merges_its_parameters_is_read_for_each_call():
    text = HEAD + PROFILES.format(kwargs='merge(merge(PROFILES["base"], PROFILES["remat"]), PROFILES["custom_wrapper"])')
    assert shown(text) == [("LXF002", "error", BOTH, 21, 48, 60)]
    fine = 'merge(PROFILES["base"], PROFILES["remat"]), other=merge(PROFILES["base"], PROFILES["custom_wrapper"])'
    # no LXF002: the second call's merge is not the first's; `other=` is a keyword torch_xla's FSDP lacks (LXF038)
    assert [f[0] for f in shown(HEAD + PROFILES.format(kwargs=fine))] == ["LXF038"]


# --- class decorators and attributes stored on a class --------------------------------------------------
DECORATED = """\
def shard(*, wrap, remat=()):
    def decorate(cls):
        cls.fsdp_kwargs = {{"auto_wrap_policy": set(wrap), "activation_checkpointing_policy": {remat}}}
        return cls

    return decorate


@shard(wrap=[Block], remat=[Block])
class Net(nn.Module):
    pass


def train(fabric):
    fabric.setup_module(Net())


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**Net.fsdp_kwargs))
fabric.launch(train)
"""


def test_strategy_arguments_a_class_decorator_stores_on_the_class_are_read_from_it():
    text = HEAD + DECORATED.format(remat="list(remat)")
    assert [f[:3] + f[3:] for f in shown(text)] == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found list(remat)", 13, 93, 104)]
    (finding,) = check_source(text).findings
    fixed = apply_fix(text, finding.fixes[0].edits)
    assert fixed == HEAD + DECORATED.format(remat="set(remat)") and shown(fixed) == []


def test_a_class_attribute_stored_after_the_class_is_read_from_it():
    text = HEAD + DECORATED.format(remat="set(remat)").replace("@shard(wrap=[Block], remat=[Block])\n", "").replace(
        "fabric = Fabric(", 'Net.fsdp_kwargs = {"activation_checkpointing_policy": [Block]}\nfabric = Fabric(')
    assert [f[:2] + f[3:] for f in shown(text)] == [("LXF001", "error", 27, 54, 61), ("LXF005", "warning", 27, 54, 61)]
    # stored by the decorator and again after the class: either may be read, as the file is read (not in order)
    text = HEAD + DECORATED.format(remat="set(remat)").replace(
        "fabric = Fabric(", 'Net.fsdp_kwargs = {"activation_checkpointing_policy": [Block]}\nfabric = Fabric(')
    assert [f[:2] + f[3:] for f in shown(text)] == [("LXF001", "warning", 29, 62, 77)]


# --- defaults a helper fills into its `**kwargs` ----------------------------------------------------------
FILLED = """\
def clip(fabric, model, optimizer, **kwargs):
    if "max_norm" not in kwargs:
        kwargs.setdefault("clip_val", 0.5)
    return fabric.clip_gradients(model, optimizer, **kwargs)


def train(fabric):
    model = fabric.setup_module(Block())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    clip(fabric, model, optimizer{given})"""


def test_a_default_filled_under_a_test_of_the_keys_a_call_gives_is_that_call_s():
    assert shown(HEAD + FILLED.format(given=", max_norm=1.0") + TAIL) == []  # (not both: no LXF015)
    assert [f[:2] + f[3:] for f in shown(HEAD + FILLED.format(given="") + TAIL)] == [("LXF014", "error", 13, 38, 41)]
    text = HEAD + FILLED.format(given=", max_norm=1.0").replace('if "max_norm" not in kwargs:', 'if "max_norm" in kwargs:')
    assert [f[0] for f in shown(text + TAIL)] == ["LXF015"]


def test_a_kept_walk_whose_test_reads_the_kwargs_its_body_fills_is_decided_again_after_an_edit():
    # the same `clip` def (one chunk, its walk kept) checked again with another call: no rule fails
    for given, codes in ((", max_norm=1.0", []), ("", ["LXF014"]), (", max_norm=1.0", []), ("", ["LXF014"])):
        report = check_source(HEAD + FILLED.format(given=given) + TAIL)
        assert ([f.code for f in report.findings], report.failures) == (codes, []), given


# --- `*args` the file can count ---------------------------------------------------------------------------
SPREAD = """\
def train(fabric, *extra):
    model = fabric.setup_module(Block())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    args = (model, optimizer)
    {clip}"""
BY_VALUE = ("XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises NotImplementedError. "
            "Clip by norm with `max_norm` instead")


def test_a_spread_tuple_the_file_knows_is_read_as_its_items_written_out():
    text = HEAD + SPREAD.format(clip="fabric.clip_gradients(*args, clip_val=0.5)") + TAIL
    assert shown(text) == [("LXF014", "error", BY_VALUE, 15, 33, 45)]
    (finding,) = check_source(text).findings
    fixed = apply_fix(text, finding.fixes[0].edits)
    assert fixed == HEAD + SPREAD.format(clip="fabric.clip_gradients(*args, max_norm=0.5)") + TAIL and shown(fixed) == []
    assert [f[0] for f in shown(HEAD + SPREAD.format(clip="fabric.clip_gradients(*args, *[0.5])") + TAIL)] == ["LXF014"]
    assert [f[0] for f in shown(HEAD + SPREAD.format(clip="fabric.clip_gradients(*args, 0.5, 1.0)") + TAIL)] == ["LXF015"]
    assert [f[0] for f in shown(HEAD + SPREAD.format(clip="fabric.clip_gradients(*args)") + TAIL)] == ["LXF015"]
    assert shown(HEAD + SPREAD.format(clip="fabric.clip_gradients(*args, None, 1.0)") + TAIL) == []


def test_a_spread_the_file_cannot_count_hides_the_positions_after_it():
    # `objects` may hold `max_norm` (or more): no finding either way
    for clip in ("fabric.clip_gradients(*objects, clip_val=0.5)", "fabric.clip_gradients(model, optimizer, *objects)"):
        assert shown(HEAD + SPREAD.format(clip="objects = load_objects()\n    " + clip) + TAIL) == [], clip


WRAPPED = """\
import functools


def clipping_defaults(clip):
    @functools.wraps(clip)
    def wrapper(*args, **kwargs):
        if "max_norm" not in kwargs:
            kwargs.setdefault("clip_val", 0.5)
        return clip(*args, **kwargs)

    return wrapper


def train(fabric):
    model = fabric.setup_module(Block())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    clip_gradients = clipping_defaults(fabric.clip_gradients)
    clip_gradients(model, optimizer{given})"""


def test_a_wraps_wrapper_that_fills_a_keyword_and_forwards_its_star_args_to_a_held_method():
    assert [f[:2] + f[3:] for f in shown(HEAD + WRAPPED.format(given="") + TAIL)] == [("LXF014", "error", 18, 42, 45)]
    assert shown(HEAD + WRAPPED.format(given=", max_norm=1.0") + TAIL) == []


# --- `map` over the models ------------------------------------------------------------------------------
MAPPED = """\
def make_adam(module):
    return torch.optim.Adam(module.parameters())


def train(fabric):
    raw_g, raw_d = Block(), Block()
    {first}
    {second}
    opt_g, opt_d = fabric.setup_optimizers(*optimizers)"""
SET_UP = "g, d = map(fabric.setup_module, (raw_g, raw_d))"


def test_optimizers_a_map_builds_from_the_raw_models_before_a_map_sets_them_up_are_flagged():
    built = "optimizers = list(map(make_adam, (raw_g, raw_d)))"
    assert shown(HEAD + MAPPED.format(first=built, second=SET_UP) + TAIL) == [(
        "LXF013", "error",
        "`optimizers` is built from the raw model's parameters (line 12) before `map(fabric.setup_module, (raw_g, "
        "raw_d))`; XLAFSDP replaces them with sharded ones, so `setup_optimizers` raises ValueError: The optimizer "
        "does not seem to reference any XLAFSDP parameters. Create the optimizer after `setup_module`, from the "
        "set-up model",
        19, 44, 54)]
    # a lambda in place of the helper, the models set up one by one: the same
    lambda_built = "optimizers = tuple(map(lambda m: torch.optim.SGD(m.parameters(), lr=0.1), [raw_g, raw_d]))"
    spelled = "g, d = fabric.setup_module(raw_g), fabric.setup_module(raw_d)"
    [(code, severity, _, line, start, end)] = shown(HEAD + MAPPED.format(first=lambda_built, second=spelled) + TAIL)
    assert (code, severity, line, start, end) == ("LXF013", "error", 19, 44, 54)


def test_optimizers_a_map_builds_from_the_set_up_models_or_from_models_set_up_later_are_fine():
    after = "optimizers = list(map(make_adam, (g, d)))"
    assert shown(HEAD + MAPPED.format(first=SET_UP, second=after) + TAIL) == []
    # other models than those set up: no finding
    others = "optimizers = list(map(make_adam, (Block(), Block())))"
    assert shown(HEAD + MAPPED.format(first=others, second=SET_UP) + TAIL) == []
