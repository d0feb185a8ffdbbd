"""Wrap policies behind a wrapper, as `check_source` reports them (code, severity, place, message): a
decorator's wrapper that `functools.wraps` names after the function it replaces pickles by that name
(LXF006 leaves it alone), one stored under another name does not; a policy object is judged by its
`__call__` (LXF037). Each runtime outcome asserted here was labelled by the real library (the oracle):
program corpus s94, s95, s96 and the variants named in each test."""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import apply_fix, check_source

HEAD = """\
import functools
from lightning.fabric.strategies import XLAFSDPStrategy
"""

TRACED = """\
def traced(policy):
    @functools.wraps(policy)
    def wrapper(*args, **kwargs):
        return policy(*args, **kwargs)
    return wrapper
"""

POLICY = """\
def block_policy(module, recurse, unwrapped_params, **kwargs):
    return recurse or isinstance(module, Block)
"""


def report(source: str, code: str) -> list[tuple[str, str, str]]:
    """(severity, 'line:col-line:col', message) of each finding of `code`, in the order reported."""
    result = check_source(textwrap.dedent(source), "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-{f.span.end.line + 1}:"
             f"{f.span.end.column + 1}", f.message) for f in result.findings if f.code == code]


# --- LXF006: a wrapper named by functools.wraps ------------------------------------------------------
def test_a_wraps_named_wrapper_bound_to_the_name_it_copies_pickles_by_that_name():
    # s95 (`@traced` on the def): OK; `block_policy = traced(block_policy)`: OK (oracle)
    decorated = HEAD + TRACED + "@traced\n" + POLICY + "s = XLAFSDPStrategy(auto_wrap_policy=block_policy)\n"
    rebound = HEAD + TRACED + POLICY + "block_policy = traced(block_policy)\n" \
        + "s = XLAFSDPStrategy(auto_wrap_policy=block_policy)\n"
    assert report(decorated, "LXF006") == []
    assert report(rebound, "LXF006") == []
    # other spellings of functools, the same wrapper (`from functools import wraps`: OK, oracle)
    assert report(decorated.replace("@functools.wraps(", "@wraps(").replace(
        "import functools\n", "from functools import wraps\n"), "LXF006") == []
    assert report(decorated.replace("functools", "ft").replace("import ft\n", "import functools as ft\n"), "LXF006") == []


def test_a_wraps_named_wrapper_of_a_decorator_factory_pickles_by_that_name():
    # `@traced("blocks")`, whose `decorate` returns the wraps-named wrapper: OK (oracle)
    factory = HEAD + """\
def traced(label):
    def decorate(policy):
        @functools.wraps(policy)
        def wrapper(*args, **kwargs):
            return policy(*args, **kwargs)
        return wrapper
    return decorate
@traced("blocks")
""" + POLICY + "s = XLAFSDPStrategy(auto_wrap_policy=block_policy)\n"
    assert report(factory, "LXF006") == []


def test_a_wraps_named_wrapper_stored_under_another_name_is_not_the_object_pickle_finds():
    # `fast = traced(block_policy)`, `block_policy` still the original: PicklingError "it's not the same
    # object as __main__.block_policy" (oracle)
    source = HEAD + TRACED + POLICY + "fast = traced(block_policy)\ns = XLAFSDPStrategy(auto_wrap_policy=fast)\n"
    assert report(source, "LXF006") == [(
        "error", "11:38-11:42",
        "`auto_wrap_policy` holds `wrapper`, a function defined inside `traced` that `functools.wraps` names "
        "`block_policy`, but the module's `block_policy` is another object, so `fabric.launch`, which pickles the "
        "strategy to send it to the spawned processes, fails with PicklingError: Can't pickle <function "
        "block_policy>: it's not the same object as __main__.block_policy before your function runs. Bind the "
        "wrapper to the name `block_policy` (decorate its def, or `block_policy = traced(block_policy)`), or "
        "define the policy at module level")]


def test_a_wrapper_without_wraps_or_of_a_local_function_is_still_a_local_object():
    # s94 (no `wraps`): AttributeError: Can't pickle local object 'traced.<locals>.wrapper' (oracle)
    plain = HEAD + TRACED.replace("    @functools.wraps(policy)\n", "") + "@traced\n" + POLICY \
        + "s = XLAFSDPStrategy(auto_wrap_policy=block_policy)\n"
    assert [(s, at) for s, at, _ in report(plain, "LXF006")] == [("error", "10:38-10:50")]
    assert "Can't pickle local object 'traced.<locals>.wrapper'" in report(plain, "LXF006")[0][2]
    # the wrapped function is itself local to `main`: its name is no module name (oracle: fails)
    local = HEAD + TRACED + "def main():\n    @traced\n" + textwrap.indent(POLICY, "    ") \
        + "    return XLAFSDPStrategy(auto_wrap_policy=block_policy)\n"
    assert [(s, at) for s, at, _ in report(local, "LXF006")] == [("error", "12:45-12:57")]
    # a lambda given to the wraps-named wrapper is still a lambda where the strategy keeps it
    lam = HEAD + "s = XLAFSDPStrategy(auto_wrap_policy=lambda m, r, n: r)\n"
    assert [(s, at) for s, at, _ in report(lam, "LXF006")] == [("error", "3:38-3:55")]


# --- LXF037: a policy object's __call__ ----------------------------------------------------------------
CALLABLE = HEAD + """\
class SizePolicy:
    def __init__(self, min_params=1_000):
        self.min_params = min_params

    def __call__(self, module, recurse, nonwrapped_numel):
        return recurse or nonwrapped_numel >= self.min_params
"""


def test_a_policy_object_whose_call_takes_cuda_names_is_the_type_error():
    # s96: TypeError: SizePolicy.__call__() got an unexpected keyword argument 'unwrapped_params' (oracle)
    source = CALLABLE + "s = XLAFSDPStrategy(auto_wrap_policy=SizePolicy(10))\n"
    assert report(source, "LXF037") == [(
        "error", "9:38-9:52",
        "torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`, and "
        "`SizePolicy.__call__` takes no `unwrapped_params`, so `fabric.setup_module` raises TypeError: "
        "SizePolicy.__call__() got an unexpected keyword argument 'unwrapped_params' (`nonwrapped_numel` is what "
        "torch's CUDA FSDP passes)")]
    # the fix renames the parameters after `self`
    result = check_source(source, "train.py")
    finding = next(f for f in result.findings if f.code == "LXF037")
    fixed = apply_fix(source, finding.fixes[0].edits)
    assert "def __call__(self, module, recurse, unwrapped_params):" in fixed
    assert "return recurse or unwrapped_params >= self.min_params" in fixed


def test_an_inherited_call_is_named_by_the_class_that_defines_it():
    # BasePolicy.__call__ reached through SizePolicy: TypeError: BasePolicy.__call__() got an unexpected keyword
    # argument 'unwrapped_params' (oracle); built on one path only: a warning naming it
    source = CALLABLE.replace("class SizePolicy:", "class BasePolicy:") + """\
class SizePolicy(BasePolicy):
    pass
def make(big):
    policy = SizePolicy() if big else {Block}
    return XLAFSDPStrategy(auto_wrap_policy=policy)
"""
    found = report(source, "LXF037")
    assert [(s, at) for s, at, _ in found] == [("warning", "13:45-13:51")]
    assert "`BasePolicy.__call__` takes no `unwrapped_params`" in found[0][2]
    assert "BasePolicy.__call__() got an unexpected keyword argument 'unwrapped_params'" in found[0][2]
    assert found[0][2].endswith("; when big")


def test_a_policy_object_with_torch_xla_names_or_kwargs_is_fine():
    # `__call__(self, module, recurse, unwrapped_params)`: OK (oracle)
    assert report(CALLABLE.replace("nonwrapped_numel", "unwrapped_params")
                  + "s = XLAFSDPStrategy(auto_wrap_policy=SizePolicy(10))\n", "LXF037") == []
    loose = CALLABLE.replace("recurse, nonwrapped_numel", "recurse, **kwargs").replace(
        " or nonwrapped_numel >= self.min_params", "")
    assert report(loose + "s = XLAFSDPStrategy(auto_wrap_policy=SizePolicy(10))\n", "LXF037") == []
    # a class with no `__call__` of its own or of a base the file shows: nothing to judge
    assert report(HEAD + "class Holder:\n    pass\ns = XLAFSDPStrategy(auto_wrap_policy=Holder())\n", "LXF037") == []


# --- a property's setter is no wrap policy ---------------------------------------------------------------
PLAN = HEAD + """\
class Plan:
    def __init__(self, layers=(Block,)):
        self._layers = None
        self.layers = layers

    @property
    def layers(self):
        return self._layers

    @layers.setter
    def layers(self, value):
        self._layers = set(value)

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.layers)

strategy = Plan().strategy()
"""


def test_a_property_setter_is_not_read_as_the_policy_and_its_store_runs_it():
    # s181: the setter stores `set(value)`: OK (oracle); s180, `list(dict.fromkeys(value))`: TypeError
    # 'list' object is not callable at `setup_module` (oracle), on every path (the setter replaces the None)
    assert report(PLAN, "LXF037") == []
    assert report(PLAN, "LXF028") == []
    listed = PLAN.replace("set(value)", "list(dict.fromkeys(value))")
    assert report(listed, "LXF037") == []
    assert report(listed, "LXF028") == [(
        "error", "17:49-17:60", "`auto_wrap_policy` must be a set of module classes or a callable, found "
        "list(dict.fromkeys(value)) (from `Plan._layers`, line 14): torch_xla calls it at `setup_module` "
        "('list' object is not callable)")]
