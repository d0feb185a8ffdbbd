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
