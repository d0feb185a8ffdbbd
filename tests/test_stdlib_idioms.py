"""Standard-library idioms the evaluator reads through (`analysis/idioms.py`): a `functools.singledispatch`
function runs the implementation registered for its argument's type."""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import check_source

from .test_flow import probe

GENERIC = """
import functools
from collections.abc import Sequence

@functools.singledispatch
def policy(spec):
    return spec

{registrations}

probe(policy({argument}))
"""


def dispatched(registrations: str, argument: str) -> list[tuple[str, int | None, int | None, tuple[str, ...]]]:
    return probe(GENERIC.replace("{registrations}", textwrap.dedent(registrations)).replace("{argument}", argument))


BY_CLASS_ARGUMENT = """
@policy.register(tuple)
def _(spec, extra=None):
    return [spec]

@policy.register(str)
def _(spec):
    return {spec}
"""


def test_the_implementation_registered_for_the_arguments_type_runs_for_that_call():
    assert dispatched(BY_CLASS_ARGUMENT, '("block",)') == [("list", 12, 11, ())]
    assert dispatched(BY_CLASS_ARGUMENT, '"block"') == [("set", 16, 11, ())]
    # no implementation for a dict: the generic function's own body, with the argument it was given
    assert dispatched(BY_CLASS_ARGUMENT, '{"a": 1}') == [("dict", 19, 13, ())]


def test_an_annotation_a_union_and_the_call_forms_of_register_name_the_classes():
    registrations = """
    def listed(spec):
        return [spec]

    policy.register(list, listed)
    policy.register(int | float)(lambda spec: (spec,))

    @policy.register
    def _(spec: "ignored", kind: bool = True):
        return None
    """
    # `register` reads the first annotation: a string it cannot place leaves every call unknown
    assert [k for k, *_ in dispatched(registrations, "[1]")] == ["unknown"]
    registrations = registrations.replace('"ignored"', "type(None)")
    assert dispatched(registrations, "[1]") == [("list", 11, 11, ())]
    assert [k for k, *_ in dispatched(registrations, "2.5")] == ["tuple"]
    assert [k for k, *_ in dispatched(registrations, "None")] == ["none"]
    assert [k for k, *_ in dispatched(registrations, "True")] == ["tuple"]  # a bool is an int


def test_each_value_of_a_conditional_argument_runs_its_own_implementation():
    found = dispatched(BY_CLASS_ARGUMENT, '"block" if os.environ.get("X") else ("block",)')
    assert found == [("set", 16, 11, ('os.environ.get("X")',)), ("list", 12, 11, ('not os.environ.get("X")',))]


def test_an_argument_whose_type_the_layer_cannot_tell_leaves_the_call_unknown():
    # a number it did not see written may be an int or a float; a parameter nobody passes is unknown
    assert [k for k, *_ in dispatched(BY_CLASS_ARGUMENT, "len(sys.argv)")] == ["unknown"]
    registrations = BY_CLASS_ARGUMENT + """
    @policy.register
    def _(spec: Sequence):
        return []
    """
    # an abstract class the layer does not place: a list may be one, a str is one before `object`
    assert [k for k, *_ in dispatched(registrations, '"block"')] == ["unknown"]
    assert [k for k, *_ in dispatched(registrations, "[1]")] == ["unknown"]


def test_an_instance_runs_the_implementation_of_its_nearest_registered_class():
    registrations = """
    class Base:
        pass

    class Remat(Base):
        pass

    @policy.register
    def _(spec: Base):
        return [spec]
    """
    assert [k for k, *_ in dispatched(registrations, "Remat()")] == ["list"]
    # a base the project does not write, looked in before `Base`, may be a class registered too
    assert [k for k, *_ in dispatched(registrations.replace("Remat(Base)", "Remat(Exception, Base)"), "Remat()")] \
        == ["unknown"]
    assert [k for k, *_ in dispatched(registrations.replace("Remat(Base)", "Remat(Base, Exception)"), "Remat()")] \
        == ["list"]


SCRIPT = """
from functools import singledispatch
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

class Block(nn.Module):
    pass

REMAT = {"block": Block}

@singledispatch
def remat_policy(spec):
    raise TypeError(spec)

def unrelated():
    return 1

@remat_policy.register(list)
def _(spec):
    return [REMAT[name] for name in spec]

@remat_policy.register(str)
def _(spec):
    return {REMAT[spec]}

strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat_policy({spec}))
"""


def test_a_rule_sees_the_implementation_the_argument_picks_however_far_it_is_registered():
    found = check_source(SCRIPT.replace("{spec}", '["block"]'), "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line, f.span.start.column) for f in found] == [
        ("LXF001", "error", 25, 85)]
    assert check_source(SCRIPT.replace("{spec}", '"block"'), "train.py").findings == []


# --- loops over iterations of sequences known whole, and over a generator's yields -------------------------
def turns(loop: str, probed: str = "item") -> list[tuple[str, int | None, int | None, tuple[str, ...]]]:
    return probe(f"""
        import itertools
        SIZES = (1, 2)
        NAMES = ("a", "b", "c")
        LISTED = ["a", "b"]
        for {loop}:
            probe({probed})
    """)


def test_zip_enumerate_and_chain_over_known_sequences_give_each_item_on_its_turn():
    assert turns("size, name in zip(SIZES, NAMES)", "name") == [
        ("str", 4, 9, ('when name is "a"',)), ("str", 4, 14, ('when name is "b"',))]  # the shortest decides
    assert turns("i, name in enumerate(NAMES, start=1)", "name") == [
        ("str", 4, 9, ('when name is "a"',)), ("str", 4, 14, ('when name is "b"',)), ("str", 4, 19, ('when name is "c"',))]
    assert turns("item in itertools.chain(SIZES, ['x'])") == [
        ("number", 3, 9, ("when item is 1",)), ("number", 3, 12, ("when item is 2",)), ("str", 6, 36, ("when item is 'x'",))]
    assert turns("item in itertools.islice(NAMES, 1, None)") == [
        ("str", 4, 14, ('when item is "b"',)), ("str", 4, 19, ('when item is "c"',))]
    assert [w for *_, w in turns("size, name in itertools.zip_longest(SIZES, NAMES)", "size")] == [
        ("when size is 1",), ("when size is 2",), ("when size is None",)]


def test_a_product_gives_each_combination_and_a_large_one_is_unknown():
    assert [w for *_, w in turns("size, name in itertools.product(SIZES, NAMES)", "name")] == [
        ('when name is "a"',), ('when name is "b"',), ('when name is "c"',)]  # each twice: one value per turn
    assert [k for k, *_ in turns("pair in itertools.product(SIZES, repeat=2)", "pair[1]")] == ["number"] * 4
    # 3 ** 3 = 27 combinations: more than a loop's turns are read, so the item is unknown
    assert [k for k, *_ in turns("triple in itertools.product(NAMES, NAMES, NAMES)", "triple")] == ["unknown"]
    # a list display a name holds is known whole while nothing changes it before the loop
    assert [k for k, *_ in turns("size, name in itertools.product(SIZES, LISTED)", "name")] == ["str"] * 2
    filled = probe("""
        import itertools
        SIZES = (1, 2)
        LISTED = ["a", "b"]
        LISTED.append(input())
        for size, name in itertools.product(SIZES, LISTED):
            probe(name)
    """)
    assert [k for k, *_ in filled] == ["unknown"]  # filled before the loop: not known whole


SWEEP = """
import itertools

def sweep():
    grid = {"lr": [1e-3, 1e-4], "clip": [{"max_norm": 1.0}]}
    keys = list(grid)
    for values in itertools.product(*grid.values()):
        yield dict(zip(keys, values))

for cfg in sweep():
    probe(cfg["clip"])
"""


def test_a_loop_over_a_sweep_generator_holds_each_config_it_yields():
    assert probe(SWEEP) == [  # one per combination: the same dict display
        ("dict", 5, 41, ("when values is (0.001, {'max_norm': 1.0})",)),
        ("dict", 5, 41, ("when values is (0.0001, {'max_norm': 1.0})",))]
    # the keys changed in place after `list(grid)`: which value goes with which key is unknown
    assert [k for k, *_ in probe(SWEEP.replace("    for values", "    keys.reverse()\n    for values"))] == ["unknown"]
    # a generator that yields from another iterator gives what the layer cannot tell
    assert [k for k, *_ in probe(SWEEP.replace("yield dict(", "yield from dict("))] == ["unknown"]


SWEEP_RUN = """
import itertools
from functools import partial
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

def sweep():
    grid = {"lr": [1e-3], "clip": [{clip}]}
    for values in itertools.product(*grid.values()):
        yield dict(zip(("lr", "clip"), values))

def train(fabric, cfg, model, optimizer):
    fabric.clip_gradients(model, optimizer, **cfg["clip"])

for cfg in sweep():
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(partial(train, cfg=cfg))
"""


def test_a_rule_sees_each_config_of_a_sweep():
    found = check_source(SWEEP_RUN.replace("{clip}", '{"clip_val": 0.5}'), "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line, f.span.start.column) for f in found] == [
        ("LXF014", "error", 7, 48)]  # at the value clipped by, in the grid
    assert check_source(SWEEP_RUN.replace("{clip}", '{"max_norm": 0.5}'), "train.py").findings == []
