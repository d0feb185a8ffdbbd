"""Slips a refactor makes in one place, third round: the value-flow code and rules added last (registries a
function fills, methods called back bound to their receiver, `*args` and `**kwargs` read by their keys,
exec and globals(), a project's lazy exports and the places its imports looked in vain, where a helper's
finding is placed, LXF006/012/019/031/036/037). Each test pins what a user or a rule sees: the values a
name holds (kind, line, column, conditions) or a finding with its code, severity, line and message.

`mutation/slips.py` makes each slip by hand in a copy of the tree and checks that the test named for it
here fails on it (see `mutation/RESULTS.md`, "Hand-made slips, round three")."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

from .test_double_star_keys import NEITHER, forwarding
from .test_double_star_keys import found as found_in
from .test_exec_globals import CALL, EXEC, HEAD
from .test_exec_globals import found as found_after_exec
from .test_flow import loop_project, probe
from .test_helper_placement import FINETUNE, KWARGS, PRETRAIN, placed
from .test_marked_names import items
from .test_ported_examples import CORPUS, report
from .test_project import tree

BLOCK = """
from lightning.fabric import Fabric
from torch import nn


class Block(nn.Module):
    pass
"""  # what follows starts on line 8


def test_a_registry_filled_by_as_many_calls_as_its_bound_holds_each_entry():
    """`add(...)` called exactly MAX_REGISTRATIONS (16) times: each call's entry is read; one call more and
    the registry is past its bound (unknown)."""
    def registry(calls: int) -> str:
        return BLOCK + "TABLE = {}\n\n\ndef add(name, value):\n    TABLE[name] = value\n\n\n" + "".join(
            f'add("k{i}", {{Block}})\n' for i in range(calls)) + 'probe(TABLE["k0"])\n'

    assert probe(registry(16)) == [("set", 15, 10, ())]
    assert probe(registry(17)) == [("unknown", 32, 6, ())]


def test_a_method_of_a_class_given_to_launch_unbound_is_not_called_with_the_fabric_after_a_receiver():
    """`fabric.launch(Tasks.run)` calls `Tasks.run(fabric)`: its `self` is the Fabric and its `fabric`
    parameter is given nothing; `fabric.launch(Tasks().run)` gives `fabric` the Fabric."""
    source = BLOCK + """
class Tasks:
    def run(self, fabric):
        probe(fabric)


fabric = Fabric(accelerator="tpu")
fabric.launch(Tasks.run)
"""
    assert probe(source) == [("unknown", 10, 18, ())]
    assert probe(source.replace("Tasks.run)", "Tasks().run)")) == [("fabric", 14, 9, ())]


def test_a_registry_keyed_by_name_does_not_key_a_function_held_on_some_paths_only_by_its_name():
    """`step(train if A else os.environ.get)`: `fn.__name__` is "train" on one path and "get" on the other,
    so the file cannot tell the key; `STEPS["train"]` is not `os.environ.get` under `not A`."""
    source = BLOCK + """
import os

STEPS = {}


def step(fn):
    STEPS[fn.__name__] = fn
    return fn


def train():
    return [Block]


step(train if os.environ.get("A") else os.environ.get)
probe(STEPS["train"])
"""
    assert probe(source) == [("unknown", 24, 6, ())]


def test_a_key_popped_from_a_helper_s_dict_is_gone_from_the_variable_that_holds_it():
    source = """
from torch import nn
class Block(nn.Module):
    pass
def base_kwargs():
    return {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": [Block]}
kwargs = base_kwargs()
kwargs.pop("activation_checkpointing_policy")
probe(kwargs.get("activation_checkpointing_policy"))
"""
    assert probe(source) == [("none", 9, 6, ())]
    assert probe(source.replace('kwargs.pop("activation_checkpointing_policy")\n', "")) == [("list", 6, 76, ())]


def test_a_method_s_star_args_hold_the_tuple_a_call_spreads_after_its_named_parameters():
    """`s.step(None, *more)` of `def step(self, fabric, *rest)`: `rest` is `more`, the instance aside."""
    assert probe("""
class Strategy:
    def step(self, fabric, *rest):
        probe(rest)
s = Strategy()
more = (1, 2)
s.step(None, *more)
""") == [("tuple", 6, 7, ())]


def test_a_forwarded_kwargs_compared_to_a_dict_with_entries_is_not_compared_to_an_empty_one():
    """`if clip_kwargs != {"max_norm": 1.0}:` given nothing is true (`{}` differs from it): the clip runs with
    neither keyword set."""
    guarded = forwarding(1).replace("if clip_kwargs:", 'if clip_kwargs != {"max_norm": 1.0}:')
    assert found_in(guarded) == [("LXF015", "error", NEITHER, 8, 8)]


def test_the_size_of_a_dict_some_keys_of_which_the_file_cannot_read_is_not_known():
    """`len(kw)` of `{"a": 1, **settings()}`: settings() may add keys, so `len(kw) > 1` is undecided; with
    the keys all written it is decided."""
    source = """
def f(**kw):
    if len(kw) > 1:
        x = "many"
    else:
        x = "one"
    probe(x)
f(**{"a": 1, **settings()})
"""
    assert probe(source) == [("str", 4, 12, ("len(kw) > 1",)), ("str", 6, 12, ("len(kw) <= 1",))]
    assert probe(source.replace(", **settings()", ', "b": 2')) == [("str", 4, 12, ())]


# a helper of another module returning a dict display one of whose values is its parameter
SETTINGS = ("BASE = {'accelerator': 'tpu', 'devices': 'auto'}\n\n\n"
            "def with_accelerator(accelerator='cpu'):\n    return {**BASE, 'accelerator': accelerator}\n")
SPREAD = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
          "import settings\n\nfabric = Fabric(strategy=XLAFSDPStrategy(), **settings.{call})\n")


@pytest.mark.parametrize(("call", "expected"), [
    ("with_accelerator('cpu')", [("LXF010", "error", "train.py", 5, 46)]),  # the argument
    ("with_accelerator()", [("LXF010", "error", "settings.py", 4, 33)]),  # the default
    ("with_accelerator('tpu')", [])])
def test_a_dict_display_a_helper_fills_with_its_parameter_is_read_for_each_call(tmp_path, call, expected):
    root = tree(tmp_path, {"settings.py": SETTINGS, "train.py": SPREAD.format(call=call)})
    out = []
    for f in check_source((root / "train.py").read_text(), str(root / "train.py")).findings:
        path, span = (f.elsewhere.path, f.elsewhere.span) if f.elsewhere is not None else ("train.py", f.span)
        out.append((f.code, f.severity.value, Path(path).name, span.start.line + 1, span.start.column))
    assert out == expected


@pytest.mark.parametrize("init", ["def __init__(self, **kwargs):\n        super().__init__(**kwargs)",
                                  "def __init__(self, *args):\n        super().__init__(*args)"])
def test_a_subclass_init_that_takes_only_one_of_star_args_and_star_kwargs_does_not_forward_the_construction(
        tmp_path, init):
    """Only `__init__(self, *args, ..., **kwargs)` calling `super().__init__(*args, **kwargs)` passes on what
    the construction gives; with one of the two the base's `model` is not the construction's."""
    assert loop_project(tmp_path, init, "model") == [("unknown", 2, 31, ())]


def test_a_loop_over_a_tuple_bound_on_some_paths_only_gives_no_turns():
    """`NAMES` is the tuple only when A is set: the loop's turns are not known on every path."""
    held_when = "import os\nif os.environ.get('A'):\n    NAMES = ('a', 'b')\ndef f():\n    for n in NAMES:\n        probe(n)\n"
    assert items(held_when) is None
    assert items(held_when.replace("if os.environ.get('A'):\n    NAMES", "NAMES")) == [["'a'"], ["'b'"]]


def test_a_function_defined_before_a_module_level_exec_keeps_its_definition():
    """exec'd config code sets values; `precision_of()` after it is still the def written above it."""
    text = HEAD + 'def precision_of():\n    return "bf16-mixed"\n\n\n' + EXEC \
        + CALL.replace("precision=precision", "precision=precision_of()")
    assert found_after_exec(text) == [("LXF007", "error", 10, 88)]


def test_a_path_parameter_the_helper_binds_again_is_placed_where_the_caller_builds_it(tmp_path):
    """The helper binds `checkpoint_file` again: it is not read as needing the callers' Path throughout, so the
    conversion stays the caller's (the finding is placed at the caller's expression)."""
    helper = ("def save_checkpoint(fabric, state, checkpoint_file):\n"
              "    checkpoint_file.parent.mkdir(parents=True, exist_ok=True)\n"
              "    fabric.save(checkpoint_file, state)\n"
              "    checkpoint_file = None\n")
    tree(tmp_path, {"utils.py": helper, "pretrain.py": PRETRAIN})
    assert placed(tmp_path / "utils.py") == [("LXF029", "error", 3, 16, ("pretrain.py", 10, 35))]
    (tmp_path / "utils.py").write_text(helper.replace("    checkpoint_file = None\n", ""))
    assert placed(tmp_path / "utils.py") == [("LXF029", "error", 3, 16, None)]


def test_a_key_the_helper_writes_from_the_call_on_some_paths_is_placed_at_the_call(tmp_path):
    """`auto_wrapper_callable=None if X else auto_wrapper_callable`: on one path the key holds what the call
    passes, so the clash is not the helper's alone; it stays at the call's `**`."""
    kwargs = "import os\n" + KWARGS.replace("auto_wrapper_callable=auto_wrapper_callable,",
                                           'auto_wrapper_callable=None if os.environ.get("X") else auto_wrapper_callable,')
    tree(tmp_path, {"utils.py": kwargs, "finetune.py": FINETUNE.format(passed="activation_checkpointing=True")})
    assert placed(tmp_path / "finetune.py") == [("LXF002", "error", 14, 29, None)]


TRACED = """\
import functools
import os
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


def policy(module, recurse, unwrapped_params):
    return False


if os.environ.get("TRACE"):
    policy = traced(policy)


def train(fabric):
    pass


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=policy)).launch(train)
"""


def unpicklable(text: str) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def test_a_wrapper_bound_to_its_name_on_the_path_that_holds_it_is_found_by_pickle():
    """`if TRACE: policy = traced(policy)`: where the strategy holds the wrapper, the module's `policy` is the
    wrapper (pickle finds it); on the other path it holds the plain def. Runs fine either way."""
    assert unpicklable(TRACED) == []


def test_a_wrapper_the_module_s_name_holds_on_another_path_only_is_not_found_by_pickle():
    """`wrapped = traced(policy)` given to the strategy on every path, bound to `policy` only when TRACE is
    set: without it, `__main__.policy` is the plain def and pickling the wrapper fails."""
    text = TRACED.replace('if os.environ.get("TRACE"):\n    policy = traced(policy)',
                          'wrapped = traced(policy)\nif os.environ.get("TRACE"):\n    policy = wrapped')
    assert [code for code, *_ in unpicklable(text.replace("auto_wrap_policy=policy", "auto_wrap_policy=wrapped"))] \
        == ["LXF006"]


DRAWN_BY_FOR = Path(__file__).parent / "data" / "generator_draws" / "a1_drawn_by_for_before_launch.py"


def test_a_generator_expression_over_a_generator_draws_it_only_where_the_expression_is_drawn():
    """`shapes = (x.shape for x, y in batches)` before the launch runs nothing of `synthetic_batches` (a
    generator expression only calls `iter()` on it): no finding. `next(...)` of it draws it there."""
    text = DRAWN_BY_FOR.read_text()
    lazy = text.replace("    for x, y in batches:\n        print(tuple(x.shape), tuple(y.shape))\n        break\n",
                        "    shapes = (x.shape for x, y in batches)\n")
    assert check_source(lazy).findings == []
    drawn = lazy.replace("shapes = (x.shape for x, y in batches)", "shapes = next(x.shape for x, y in batches)")
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in check_source(drawn).findings] \
        == [("LXF019", "error", 21, 48), ("LXF019", "error", 22, 59)]


@pytest.mark.parametrize("step", ["training_step", "validation_step", "test_step", "predict_step"])
def test_lxf031_leaves_each_of_the_four_step_methods_fabric_marks_alone(step):
    """`_FabricModule` marks `training_step`, `validation_step`, `test_step` and `predict_step` as forward
    methods itself (lightning 2.6.6 `fabric/wrappers.py`, `_LIGHTNING_MODULE_STEP_METHODS`)."""
    source = (CORPUS / "m01_training_step_calls_self_with_policy_ok.py").read_text().replace("training_step", step)
    assert report(source, "LXF031") == []


PARTIAL_POLICY = """\
import functools
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.distributed.fsdp.wrap import transformer_auto_wrap_policy


class Block(nn.Module):
    pass


policy = functools.partial(transformer_auto_wrap_policy, {extra}transformer_layer_cls={Block})
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=policy))
"""


def test_lxf037_a_partial_that_binds_a_positional_argument_is_not_read_as_the_library_policy():
    """torch's policy in a partial of keywords only: torch_xla's `unwrapped_params` is the TypeError. One that
    also binds `module` positionally fails otherwise (`module` given twice comes first): not this rule's."""
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(PARTIAL_POLICY.replace("{extra}", ""), "train.py").findings] == [
        ("LXF037", "error", 13, 68)]
    assert check_source(PARTIAL_POLICY.replace("{extra}", "nn.Module(), "), "train.py").findings == []
