"""A function's tests on its parameters are decided by what its callers pass, when every call the file
writes agrees: a branch no caller can take does not run, so what it would raise is not reported, and
what the others do is reported on every path. The findings are those of `check_source`, exact."""

from __future__ import annotations

import textwrap

import pytest

from errata_lsp.analysis import Position, Span, check_source
from errata_lsp.analysis.engine import check_document

HEAD = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
"""

CLIP = HEAD + """

def clip_options(kind, value):
    options = {}
    if {test}:
        options["max_norm"] = value
    return options


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4)).sum())
    fabric.clip_gradients(model, optimizer, **clip_options({kind}, 1.0))
    optimizer.step()


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(train)
"""
CLIP_LINE = 17  # the clip_gradients line


def findings(text: str) -> list[tuple[str, str, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text, "train.py").findings]


def clip(test: str, kind: str) -> str:
    return CLIP.replace("{test}", test).replace("{kind}", kind)


@pytest.mark.parametrize("test, kind", [
    ('kind == "norm"', '"value"'),
    ('kind.lower() == "norm"', '"Value"'),
    ('kind in ("norm", "l2")', '"value"'),
    ('kind != "value"', '"value"'),
    ('not kind', '"value"'),
    ('kind is not None and kind == "norm"', 'None'),
    ('kind.startswith("n")', '"value"'),
])
def test_a_branch_no_caller_takes_leaves_clip_gradients_without_a_threshold(test, kind):
    assert findings(clip(test, kind)) == [("LXF015", "error", CLIP_LINE)]


@pytest.mark.parametrize("test, kind", [
    ('kind == "norm"', '"norm"'),
    ('kind.lower() == "norm"', '"NORM"'),
    ('kind in ("norm", "l2")', '"l2"'),
    ('kind', '"norm"'),
    ('not kind', '""'),
])
def test_a_branch_every_caller_takes_sets_the_threshold(test, kind):
    assert findings(clip(test, kind)) == []


def test_callers_that_disagree_are_each_evaluated_for_their_own_arguments():
    text = clip('kind == "norm"', '"value"').replace(
        "    optimizer.step()\n", "    fabric.clip_gradients(model, optimizer, **clip_options(\"norm\", 1.0))\n"
                                 "    optimizer.step()\n")
    assert findings(text) == [("LXF015", "error", CLIP_LINE)]  # the "value" call; the "norm" one below is fine
    swapped = text.replace('clip_options("value"', 'clip_options("X"').replace(
        'clip_options("norm"', 'clip_options("value"').replace('clip_options("X"', 'clip_options("norm"')
    assert findings(swapped) == [("LXF015", "error", CLIP_LINE + 1)]


def test_a_helper_called_from_a_helper_is_evaluated_for_the_outer_call():
    text = clip('kind == "norm"', '"value"').replace(
        "def train(fabric):", "def options_for(kind):\n    return clip_options(kind, 1.0)\n\n\ndef train(fabric):").replace(
        '**clip_options("value", 1.0))', '**options_for("value"))\n'
        '    fabric.clip_gradients(model, optimizer, **options_for("norm"))')
    assert findings(text) == [("LXF015", "error", CLIP_LINE + 4)]  # options_for("value"); not options_for("norm")


def test_a_function_the_file_passes_around_is_not_decided_by_the_calls_it_shows():
    text = RUN.replace("{calls}", "HOOKS = {'run': run}\nrun(fabric, train)")
    assert findings(text) == [("LXF016", "error", 13)]  # code the file does not show may call run(fabric)


def test_a_call_s_own_arguments_decide_what_it_returns_even_when_the_function_is_passed_around():
    text = clip('kind == "norm"', '"value"').replace("fabric.launch(train)", "HOOKS = {'clip': clip_options}\n"
                                                                                  "fabric.launch(train)")
    assert findings(text) == [("LXF015", "error", CLIP_LINE)]


def with_option(*option: str) -> str:
    """The clip kind from a command-line option (the whole `__main__` block is one statement)."""
    return clip('kind == "norm"', "args.clip").replace("def train(fabric):", "def train(fabric, args):").replace(
        "fabric = Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy())\nfabric.launch(train)",
        "if __name__ == '__main__':\n    import argparse\n    parser = argparse.ArgumentParser()\n"
        f"    parser.add_argument('--clip', {', '.join(option)})\n"
        "    fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
        "    fabric.launch(train, parser.parse_args())")


def test_a_command_line_option_without_choices_is_decided_by_its_default_as_the_plain_run_takes_it():
    assert findings(with_option("default='value'")) == [("LXF015", "error", CLIP_LINE)]  # `python train.py` raises
    assert findings(with_option("default='norm'")) == []
    assert findings(with_option("default=None")) == []  # off unless given: `--clip norm` may fill it


def test_an_option_with_choices_is_decided_by_its_default_as_the_plain_run_takes_it():
    assert findings(with_option("default='value'", "choices=['value', 'none']")) == [("LXF015", "error", CLIP_LINE)]
    # `--clip norm` is another run's: `python train.py` takes "value"
    assert findings(with_option("default='value'", "choices=['value', 'norm']")) == [("LXF015", "error", CLIP_LINE)]
    assert findings(with_option("default='norm'", "choices=['value', 'norm']")) == []
    assert findings(with_option("default=None", "choices=['value', 'norm']")) == []  # off unless given


RUN = HEAD + """

def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    model(torch.randn(2, 4)).sum()


def run(fabric, fn=None):
    if fn is None:
        return fabric.launch()
    return fabric.launch(fn)


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
{calls}
"""


def test_a_default_every_caller_overrides_never_runs_its_branch():
    assert findings(RUN.replace("{calls}", "run(fabric, train)")) == []
    assert findings(RUN.replace("{calls}", "run(fabric, fn=train)")) == []


def test_a_default_a_caller_keeps_runs_its_branch():
    assert findings(RUN.replace("{calls}", "run(fabric)")) == [("LXF016", "error", 13)]
    assert findings(RUN.replace("{calls}", "run(fabric, train)\nrun(fabric)")) == [("LXF016", "error", 13)]


def test_a_kept_walk_is_decided_again_when_a_caller_changes():
    fine = clip('kind == "norm"', '"norm"')
    checked = check_document(fine, "train.py")
    assert checked.report.findings == []
    edited = fine.replace('clip_options("norm"', 'clip_options("value"')
    again = check_document(edited, "train.py", previous=checked)
    assert [(f.code, f.span.start.line + 1) for f in again.report.findings] == [("LXF015", CLIP_LINE)]
    back = check_document(fine, "train.py", previous=again)
    assert back.report.findings == []


def test_a_text_without_callers_is_unchanged():
    text = textwrap.dedent(clip('kind == "norm"', '"value"')).replace(
        "**clip_options(\"value\", 1.0)", "**OPTIONS").replace("fabric.launch(train)", "OPTIONS = {}\nfabric.launch(train)")
    assert findings(text) == [("LXF015", "error", CLIP_LINE)]


PARTIAL = HEAD + """import functools
from dataclasses import dataclass


def clip_options(kind, value):
    options = {}
    if kind == "norm":
        options["max_norm"] = value
    return options


@dataclass
class StrategyConfig:
    policy: object = None
    wrap: object = None


by_kind = functools.partial(clip_options, {bound})
Config = functools.partial(StrategyConfig, wrap={torch.nn.Linear})


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())
    fabric.clip_gradients(model, optimizer, **by_kind({given}))
    optimizer.step()


cfg = Config(policy={policy})
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=cfg.wrap, activation_checkpointing_policy=cfg.policy))
fabric.launch(train)
"""


def partial_script(bound: str, given: str, policy: str = "{torch.nn.Linear}") -> str:
    return PARTIAL.replace("{bound}", bound).replace("{given}", given).replace("{policy}", policy)


def test_a_partial_of_a_function_passes_its_bound_arguments_first():
    assert findings(partial_script('"value"', "1.0")) == [("LXF015", "error", 29)]
    assert findings(partial_script('"norm"', "1.0")) == []
    assert findings(partial_script('kind="value"', "value=1.0")) == [("LXF015", "error", 29)]
    assert findings(partial_script('kind="value"', 'value=1.0, kind="norm"')) == []  # the call's keyword wins


def test_a_partial_of_a_class_builds_it_with_the_bound_keywords():
    assert findings(partial_script('"norm"', "1.0", "[torch.nn.Linear]")) == [("LXF001", "error", 34)]
    assert findings(partial_script('"norm"', "1.0")) == []


MAKE = HEAD.replace("import torch\n", "import torch.nn as nn\n") + """

def make(policy):
    return XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, activation_checkpointing_policy=policy)


"""


@pytest.mark.parametrize("calls, severity, message", [
    (["make([nn.Linear])"], "error",
     "`activation_checkpointing_policy` must be a set, found [nn.Linear] (from `policy`, line 10)"),
    (["make({nn.Linear})", "make([nn.Linear])"], "warning",
     "`activation_checkpointing_policy` must be a set, found [nn.Linear] (from `policy`, line 11); "
     "when called at line 11"),
    (["make({nn.Linear})", "make([nn.Linear])", "make((nn.Linear,))"], "warning",
     "`activation_checkpointing_policy` must be a set, found [nn.Linear] (from `policy`, line 11); "
     "when called at line 11 or called at line 12"),
])
def test_a_parameter_s_call_sites_are_named_once_each_in_the_message(calls, severity, message):
    found = check_source(MAKE + "\n".join(calls) + "\n", "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.message) for f in found] == [
        ("LXF001", severity, 7, message)]


CONSTANT = HEAD + """
MODE = {mode}


def clip_options(value):
    options = {}
    if MODE.lower() == "norm" or MODE in ("l2", "max_norm"):
        options["max_norm"] = value
    return options


if MODE == "norm":
    EXTRA = {"max_norm": 1.0}
else:
    EXTRA = {}


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())
    fabric.clip_gradients(model, optimizer, **clip_options(1.0))
    fabric.clip_gradients(model, optimizer, **EXTRA)
    optimizer.step()


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(train)
"""


def test_a_comparison_of_a_module_constant_is_decided_in_a_function_and_at_the_top():
    assert findings(CONSTANT.replace("{mode}", '"value"')) == [("LXF015", "error", 25), ("LXF015", "error", 26)]
    assert findings(CONSTANT.replace("{mode}", '"NORM"')) == [("LXF015", "error", 26)]  # only `.lower()` matches
    assert findings(CONSTANT.replace("{mode}", '"norm"')) == []


def test_a_module_constant_bound_twice_decides_nothing():
    text = CONSTANT.replace("{mode}", '"value"').replace("\n\ndef clip_options", "\nif torch.cuda.is_available():\n"
                                                             "    MODE = \"norm\"\n\n\ndef clip_options")
    assert findings(text) == []


STRATEGIES = HEAD + """from torch import nn


class Block(nn.Module):
    pass


def wrap(module, *args, **kwargs):
    return module


class {base}:
    {decorator}
    def build({first}cfg):
        kwargs = {{"auto_wrap_policy": {{Block}}}}
        if cfg.get("remat"):
            kwargs["activation_checkpointing_policy"] = {{Block}}
        if cfg.get("custom_wrapper"):
            kwargs["auto_wrapper_callable"] = wrap
        return {built}(**kwargs)


{calls}
"""
STRATEGY_LINE = 22  # the auto_wrapper_callable store


def strategies(kind: str, calls: str) -> str:
    """`build` as a classmethod of a strategy subclass (`cls(**kwargs)`), a staticmethod, or a method."""
    first, decorator, base, built = {
        "classmethod": ("cls, ", "@classmethod", "Sharded(XLAFSDPStrategy)", "cls"),
        "staticmethod": ("", "@staticmethod", "Factory", "XLAFSDPStrategy"),
        "method": ("self, ", "", "Factory", "XLAFSDPStrategy"),
    }[kind]
    return STRATEGIES.format(base=base, decorator=decorator, first=first, built=built, calls=calls)


def receiver(kind: str) -> str:
    return {"classmethod": "Sharded", "staticmethod": "Factory", "method": "Factory()"}[kind]


@pytest.mark.parametrize("kind", ["classmethod", "staticmethod"])
def test_a_class_or_static_method_s_tests_are_decided_by_what_its_calls_pass(kind):
    """`Sharded.from_config(cfg)`-style factories: a classmethod building `cls(**kwargs)` or a staticmethod,
    each called with a dict the file shows. Both keys set: the error on every path; one of them: nothing,
    where the undecided tests gave a warning on the fine code too."""
    on = receiver(kind)
    both = f'fabric = Fabric(accelerator="tpu", strategy={on}.build({{"remat": True, "custom_wrapper": True}}))'
    one = f'fabric = Fabric(accelerator="tpu", strategy={on}.build({{"remat": True}}))'
    assert findings(strategies(kind, both)) == [("LXF002", "error", STRATEGY_LINE)]
    assert findings(strategies(kind, one)) == []


def test_a_method_read_otherwise_than_called_or_on_a_receiver_the_file_cannot_tell_stays_undecided():
    """A classmethod handed around (`make = Sharded.build`) may be called with anything; a call on a
    receiver the layer cannot tell (a parameter) might be a call of it: the tests stay undecided, a
    warning. So does a plain method's called on a receiver the file cannot tell; called only on instances
    of its class, what those calls pass decides it (one key: nothing)."""
    call = 'fabric = Fabric(accelerator="tpu", strategy=Sharded.build({"remat": True}))'
    undecided = [("LXF002", "warning", STRATEGY_LINE)]
    assert findings(strategies("classmethod", call + "\nmake = Sharded.build\n")) == undecided
    assert findings(strategies("classmethod", call + "\n\ndef again(factory):\n    return factory.build({})\n")) \
        == undecided
    plain = 'fabric = Fabric(accelerator="tpu", strategy=Factory().build({"remat": True}))'
    assert findings(strategies("method", plain)) == []
    assert findings(strategies("method", plain + "\n\ndef again(factory):\n    return factory.build({})\n")) \
        == undecided
    both = plain.replace('{"remat": True}', '{"remat": True, "custom_wrapper": True}')
    assert findings(strategies("method", both)) == [("LXF002", "error", STRATEGY_LINE)]


def test_a_use_typed_in_another_function_is_seen_by_the_next_check_of_the_edited_text():
    """The decision reads every use of the method's name: a call typed in a function no rule reads
    makes it undecided at once, as a full check of the new text says (the check after an edit does not
    keep the previous findings)."""
    call = 'fabric = Fabric(accelerator="tpu", strategy=Sharded.build({"remat": True}))'
    before = strategies("classmethod", call + "\n\ndef again(factory):\n    return 1\n")
    after = before.replace("    return 1\n", "    return factory.build({})\n")
    first = check_document(before, "train.py")
    assert first.report.findings == []
    edited = check_document(after, "train.py", previous=first)
    assert [(f.code, f.severity.value) for f in edited.report.findings] == [("LXF002", "warning")]
    plain = 'fabric = Fabric(accelerator="tpu", strategy=Factory().build({"remat": True}))'
    before = strategies("method", plain + "\n\ndef again(factory):\n    return 1\n")
    after = before.replace("    return 1\n", "    return factory.build({})\n")
    first = check_document(before, "train.py")
    assert first.report.findings == []
    edited = check_document(after, "train.py", previous=first)
    assert [(f.code, f.severity.value) for f in edited.report.findings] == [("LXF002", "warning")]


def test_cls_called_in_a_classmethod_builds_the_strategy_subclass():
    """`return cls(**kwargs)` in a classmethod of a subclass of XLAFSDPStrategy is a construction of it:
    its keywords are the strategy's, also when the subclass is called through a subclass of its own."""
    text = strategies("classmethod", "class Tuned(Sharded):\n    pass\n\n\n"
                      'fabric = Fabric(accelerator="tpu", strategy=Tuned.build({"remat": 1, "custom_wrapper": 1}))')
    assert findings(text) == [("LXF002", "error", STRATEGY_LINE)]


PRESET_CLASS = HEAD + """from dataclasses import dataclass, field

from torch import nn


class Block(nn.Module):
    pass


def wrap(module, *args, **kwargs):
    return module


@dataclass
class Preset:
    extra: dict = field(default_factory=dict)

    def build(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, **self.extra)


plain = Preset()
remat = Preset(extra={"auto_wrapper_callable": wrap, "activation_checkpointing_policy": {Block}})


def choose(name):
    return remat if name == "remat" else plain


{run}
"""
PRESET_LINE = 26  # the remat preset's dict


def preset_class(run: str) -> str:
    return PRESET_CLASS.replace("{run}", run)


@pytest.mark.parametrize("receiver, expected", [
    ("remat", [("LXF002", "error", PRESET_LINE)]),
    ('choose("remat")', [("LXF002", "error", PRESET_LINE)]),
    ("plain", []),
    ('choose("plain")', []),
    ("(remat if torch.cuda.is_available() else plain)", [("LXF002", "warning", PRESET_LINE)]),  # on one path
    # the environment picks a factory: the plain run's, its default (another run's pick is that run's)
    ('{"remat": lambda: remat, "plain": lambda: plain}[os.environ.get("PRESET", "remat")]()',
     [("LXF002", "error", PRESET_LINE)]),
    ('{"remat": lambda: remat, "plain": lambda: plain}[os.environ.get("PRESET", "plain")]()', []),
])
def test_a_method_called_on_a_known_instance_reads_self_as_that_instance(receiver, expected):
    """A class built twice, its method called on one instance: `self` is that instance, not every
    construction (which gave a warning on the fine code, and only a warning on the raising one)."""
    run = f'import os\n\nfabric = Fabric(accelerator="tpu", strategy={receiver}.build())'
    assert findings(preset_class(run)) == expected


@pytest.mark.parametrize("run", [
    'fabric = Fabric(accelerator="tpu", strategy=plain.build())\nother = remat.build()',  # both run it
    'from presets import load\n\nfabric = Fabric(accelerator="tpu", strategy=load().build())',  # a receiver unknown
    'make = plain.build\nfabric = Fabric(accelerator="tpu", strategy=make())',  # read otherwise than called
])
def test_a_method_whose_receivers_the_file_cannot_narrow_reads_every_construction(run):
    expected = [("LXF002", "warning", PRESET_LINE)]
    if "other = remat.build()" in run:  # that call's own receiver is known: its strategy raises once used
        expected.append(("LXF002", "error", 34))
    assert findings(preset_class(run)) == expected


FABRIC_UTILS = HEAD + """

def precision_from(args):
    if args.bf16:
        return "bf16-mixed"
    if args.fp16:
        return "16-mixed"
    return "32-true"


def build_fabric(args):
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision_from(args))
"""


@pytest.mark.parametrize("bf16, expected", [("True", "error"), ("False", None)])
@pytest.mark.parametrize("calling", ["from fabric_utils import build_fabric\nfabric = build_fabric(args)\n",
                                     "import fabric_utils as fu\nfabric = fu.build_fabric(args)\n"])
def test_a_helper_given_the_parameter_of_another_modules_function_reads_the_callers_argument(
        tmp_path, bf16, expected, calling):
    """`build_fabric(args)` called from train.py passes `args` on to `precision_from(args)`: that helper's
    tests are decided by the dataclass train.py builds, in fabric_utils.py's own check and at the call."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "fabric_utils.py").write_text(FABRIC_UTILS)
    train = f"from dataclasses import dataclass\n\n\n@dataclass\nclass Args:\n    bf16: bool = {bf16}\n" \
            f"    fp16: bool = False\n\n\nargs = Args()\n{calling}"
    (tmp_path / "train.py").write_text(train)
    helper = [(f.code, f.severity.value, f.span.start.line, f.span.start.column)
              for f in check_source(FABRIC_UTILS, str(tmp_path / "fabric_utils.py")).findings]
    caller = [(f.code, f.severity.value, f.span.start.line)
              for f in check_source(train, str(tmp_path / "train.py")).findings]
    assert helper == ([("LXF007", expected, 14, 75)] if expected else [])  # `precision=` of `build_fabric`
    assert caller == ([("LXF007", expected, 11)] if expected else [])


PRESET = HEAD + """

class Block(torch.nn.Module):
    pass


class ShardingPreset:
    remat_layers = {base}
    wrapper = None

    @classmethod
    def strategy_kwargs(cls):
        return {{"activation_checkpointing_policy": cls.remat_layers, "auto_wrapper_callable": cls.wrapper}}


class Remat(ShardingPreset):
    remat_layers = {derived}


strategy = XLAFSDPStrategy(**{preset}.strategy_kwargs())
"""


def test_a_classmethod_called_on_a_subclass_reads_the_subclass_s_attributes():
    # s170 with `preset = Remat`: ValueError, `auto_wrapper_callable` is a key beside the policy (oracle)
    assert findings(PRESET.format(base="None", derived="{Block}", preset="Remat")) == [("LXF002", "error", 23)]
    assert findings(PRESET.format(base="None", derived="{Block}", preset="Remat()")) == [("LXF002", "error", 23)]
    assert findings(PRESET.format(base="None", derived="{Block}", preset="ShardingPreset")) == []
    # the reverse: a subclass setting None over its base's policy runs (no false error), its base does not
    assert findings(PRESET.format(base="{Block}", derived="None", preset="Remat")) == []
    assert findings(PRESET.format(base="{Block}", derived="None", preset="ShardingPreset")) == [("LXF002", "error", 16)]


STAGES = HEAD + """

class Evaluator:
    def __init__(self, fabric):
        self.fabric = fabric

    def evaluate(self, op):
        for stage in (self.prepare, self.report):
            stage(op)

    def prepare(self, op):
        return op

    def report(self, op):
        return self.fabric.all_reduce(torch.ones(1), reduce_op=op)


def main(fabric):
    Evaluator(fabric).evaluate({op})


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(main)
"""


@pytest.mark.parametrize("op, expected", [('"max"', [("LXF027", "error", 18, 63)]), ('"mean"', [])])
def test_a_bound_method_called_under_another_name_gets_its_caller_s_arguments(op, expected):
    # s226's kind: `modes[cfg["mode"]](cfg)` over `{"fit": self.fit, ...}`; here a loop over bound methods
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
             for f in check_source(STAGES.format(op=op), "train.py").findings]
    assert found == expected


def test_a_bound_method_stored_on_self_and_called_there_gets_its_caller_s_arguments():
    stored = STAGES.replace("        self.fabric = fabric\n", "        self.fabric = fabric\n        self.on_end = self.report\n") \
        .replace("        for stage in (self.prepare, self.report):\n            stage(op)\n", "        self.on_end(op)\n")
    for op, expected in (('"max"', [("LXF027", "error", 18, 63)]), ('"sum"', [])):
        found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
                 for f in check_source(stored.format(op=op), "train.py").findings]
        assert found == expected


def test_a_method_called_through_getattr_of_a_built_name_gets_its_caller_s_arguments():
    named = STAGES.replace("        for stage in (self.prepare, self.report):\n            stage(op)\n",
                           '        return getattr(self, "re" + self.kind)(op)\n') \
        .replace("        self.fabric = fabric\n", '        self.fabric = fabric\n        self.kind = "port"\n')
    for op, expected in (('"max"', [("LXF027", "error", 18, 63)]), ('"avg"', [])):
        found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
                 for f in check_source(named.format(op=op), "train.py").findings]
        assert found == expected


SHARDING = HEAD + """from torch import nn


class Block(nn.Module):
    pass


def wrap(module, *args, **kwargs):
    return module


class Sharding:
    def __init__(self, checkpoint_blocks=False, wrapper=None):
        self.checkpoint_blocks = checkpoint_blocks
        self.wrapper = wrapper

    {decorator}
    def strategy(self):
        options = {{"auto_wrap_policy": {{Block}}}}
        if self.checkpoint_blocks:
            options["activation_checkpointing_policy"] = {{Block}}
        if self.wrapper is not None:
            options["auto_wrapper_callable"] = self.wrapper
        return XLAFSDPStrategy(**options)


{calls}
"""
SHARDING_LINE = 26  # the auto_wrapper_callable store
SHARDING_COLUMN = 47  # its value, `self.wrapper`


def sharding(calls: str, decorator: str = "") -> str:
    return SHARDING.format(decorator=decorator, calls=calls)


def exact(text: str) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


@pytest.mark.parametrize("decorator, use", [("", "strategy()"), ("@property", "strategy")])
@pytest.mark.parametrize("arguments, expected", [
    ("checkpoint_blocks=True, wrapper=wrap", [("LXF002", "error", SHARDING_LINE, SHARDING_COLUMN)]),
    ("True, wrap", [("LXF002", "error", SHARDING_LINE, SHARDING_COLUMN)]),
    ("checkpoint_blocks=True", []),  # the wrapper left None: its store never runs
    ("wrapper=wrap", []),  # no checkpointing
])
def test_a_plain_method_s_tests_on_self_are_decided_by_the_instance_it_runs_for(decorator, use, arguments, expected):
    """`if self.checkpoint_blocks:` in a plain method (or a property's getter) is decided by what the
    construction leaves in the instance, as a conditional expression on it is: both stores run, an error on
    every path; one of them only, nothing (the undecided tests gave a warning on the fine code too)."""
    calls = f"def make_sharding():\n    return Sharding({arguments})\n\n\n" \
            f"def main():\n    fabric = Fabric(accelerator=\"tpu\", strategy=make_sharding().{use})\n"
    assert exact(sharding(calls, decorator)) == expected


@pytest.mark.parametrize("receiver, expected", [
    ("remat", [("LXF002", "error", SHARDING_LINE, SHARDING_COLUMN)]),
    ("plain", []),
])
def test_a_plain_method_called_on_one_of_two_instances_reads_self_as_that_one(receiver, expected):
    calls = "plain = Sharding(checkpoint_blocks=True)\nremat = Sharding(checkpoint_blocks=True, wrapper=wrap)\n" \
            f"fabric = Fabric(accelerator=\"tpu\", strategy={receiver}.strategy())\n"
    assert exact(sharding(calls)) == expected


@pytest.mark.parametrize("after, expected", [
    # stored on the instance after its construction, before the call that runs the method: what it holds then
    ("sharding.wrapper = None\n", []),
    ("setattr(sharding, 'wrapper', None)\n", []),
    # in a branch: may or may not have run, the tests stay undecided (a warning that names them)
    ("if late:\n    sharding.wrapper = None\n", [("LXF002", "warning", SHARDING_LINE, SHARDING_COLUMN)]),
])
def test_self_s_attribute_stored_from_outside_the_class_is_read_as_the_method_running_call_sees_it(after, expected):
    """What the construction leaves is not all the instance holds once the module stores the attribute on it:
    a store before `sharding.strategy()` (the run is fine) decides the tests with the stored value, one in a
    branch leaves them undecided."""
    calls = "sharding = Sharding(checkpoint_blocks=True, wrapper=wrap)\n" + after + \
            "fabric = Fabric(accelerator=\"tpu\", strategy=sharding.strategy())\n"
    assert exact(sharding(calls)) == expected
    if expected:
        assert check_source(sharding(calls), "train.py").findings[0].message.endswith(
            "; when self.checkpoint_blocks and self.wrapper is not None")


RECIPE = """from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Recipe:
    def __init__(self):
        self.mixed = True

    def precision(self):
{body}

    def fabric(self):
        return Fabric(accelerator="tpu", precision=self.precision(), strategy=XLAFSDPStrategy())


recipe = Recipe()
{after}recipe.fabric()
"""
RECIPE_FORMS = {
    "conditional expression": '        return "bf16-mixed" if self.mixed else "bf16-true"',
    "if statement": '        if self.mixed:\n            return "bf16-mixed"\n        return "bf16-true"',
}


@pytest.mark.parametrize("form", sorted(RECIPE_FORMS))
@pytest.mark.parametrize("after, expected", [
    ("", ("LXF007", "error")),  # as built: `mixed` is True on every path
    ("recipe.mixed = False\n", None),  # stored before `recipe.fabric()` runs the method (the run is fine)
    ("setattr(recipe, 'mixed', False)\n", None),
    ("if quiet:\n    recipe.mixed = False\n", ("LXF007", "warning")),  # may or may not have run
])
def test_a_conditional_expression_on_self_respects_stores_from_outside_as_the_if_statement_does(form, after, expected):
    """`"bf16-mixed" if self.mixed else "bf16-true"` in a method is decided by the instance as `if self.mixed:`
    is, with what the module stores on it before the call that runs the method (the run with
    `recipe.mixed = False` is fine: the error was a false one); a store in a branch decides nothing."""
    source = RECIPE.format(body=RECIPE_FORMS[form], after=after)
    findings = check_source(source, "train.py").findings
    assert [(f.code, f.severity.value) for f in findings] == ([expected] if expected else [])
    if expected:
        assert findings[0].message.endswith("; when self.mixed") == (expected[1] == "warning")


@pytest.mark.parametrize("form", sorted(RECIPE_FORMS))
def test_a_store_from_outside_after_the_method_running_call_is_not_seen_by_the_test(form):
    source = RECIPE.format(body=RECIPE_FORMS[form], after="") + "recipe.mixed = False\n"
    [finding] = check_source(source, "train.py").findings
    assert (finding.code, finding.severity.value) == ("LXF007", "error")
    assert not finding.message.endswith("; when self.mixed")


OVERRIDDEN = """from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Trainer:
    def __init__(self, precision="bf16-mixed"):
        self.precision = precision

    def fabric(self):
        return Fabric(accelerator="tpu", precision=self.precision, strategy=XLAFSDPStrategy())


trainer = Trainer()
{after}trainer.fabric()
"""
OVERRIDDEN_MESSAGE = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', "
                      "'16-true', 'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes "
                      "`XLAPrecision(...)` (from `precision`, line 6)")


@pytest.mark.parametrize("after, expected", [
    ("", ("error", "")),  # as built: the default on every path
    ("trainer.precision = \"bf16-true\"\n", None),  # stored before `trainer.fabric()` runs the method
    ("setattr(trainer, \"precision\", \"bf16-true\")\n", None),
    ("if quiet:\n    trainer.precision = \"bf16-true\"\n", ("warning", "; when `trainer.precision` is not set at line 15")),
])
def test_self_s_attribute_read_in_a_method_holds_what_is_stored_on_the_instance_from_outside(after, expected):
    """`self.precision` in a method holds what the module stores on the instance from outside the class before
    the call that runs the method (`trainer.precision = "bf16-true"`, the run lightning 2.6.6 runs fine); a
    store in a branch may not have run: the construction's value under that, a warning that says so."""
    findings = check_source(OVERRIDDEN.format(after=after), "train.py").findings
    if expected is None:
        assert findings == []
        return
    [finding] = findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1) == ("LXF007", expected[0], 10)
    assert finding.message == OVERRIDDEN_MESSAGE + expected[1]


def test_a_store_from_outside_the_value_of_which_raises_is_an_error_when_made_before_the_call():
    """The construction's value is fine and the store from outside, made before the method runs, is not."""
    source = OVERRIDDEN.format(after="trainer.precision = \"bf16-mixed\"\n").replace(
        'precision="bf16-mixed"):', 'precision="bf16-true"):')
    [finding] = check_source(source, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1) == ("LXF007", "error", 10)
    assert "(from `trainer.precision`, line 14)" in finding.message
    assert not finding.message.endswith("is not set at line 14")


def test_a_property_s_setter_is_what_a_store_from_outside_runs():
    """`trainer.precision = ...` of a property runs its setter, which the instance reading follows already (a
    warning "on some paths"): the store's own value is not added beside it."""
    source = OVERRIDDEN.format(after="trainer.precision = \"bf16-true\"\n").replace(
        "        self.precision = precision\n",
        "        self._precision = precision\n\n    @property\n    def precision(self):\n        return self._precision\n\n"
        "    @precision.setter\n    def precision(self, value):\n        self._precision = value\n")
    [finding] = check_source(source, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1) == ("LXF007", "warning", 18)
    assert finding.message == OVERRIDDEN_MESSAGE + "; on some paths"


def _typed(state, old: str, new: str):
    """`state`'s text with the one occurrence of `old` replaced by `new`, checked as the editor's edit of
    those characters (the engine's incremental path)."""
    text = state.document.text
    at = text.index(old)
    row = text.count("\n", 0, at)
    column = at - (text.rindex("\n", 0, at) + 1)
    span = Span(Position(row, column), Position(row, column + len(old)))
    return check_document(text.replace(old, new), "train.py", previous=state, changes=[(span, new)], own_trees=True)


def test_an_edit_of_the_construction_or_of_the_call_decides_the_method_s_tests_again():
    """The construction (in a function no rule's word names) and the receiver the method is called on are
    edited as typed: each check after an edit says what a full check of the new text says."""
    calls = "def make_sharding():\n    return Sharding(checkpoint_blocks=True)\n\n\n" \
            "fabric = Fabric(accelerator=\"tpu\", strategy=make_sharding().strategy())\n"
    state = check_document(sharding(calls), "train.py", own_trees=True)
    assert state.report.findings == []
    state = _typed(state, "Sharding(checkpoint_blocks=True)", "Sharding(checkpoint_blocks=True, wrapper=wrap)")
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in state.report.findings] \
        == [("LXF002", "error", SHARDING_LINE)]
    state = _typed(state, ", wrapper=wrap)", ")")
    assert state.report.findings == []

    calls = "plain = Sharding(checkpoint_blocks=True)\nremat = Sharding(checkpoint_blocks=True, wrapper=wrap)\n\n\n" \
            "def chosen():\n    return plain\n\n\n" \
            "fabric = Fabric(accelerator=\"tpu\", strategy=chosen().strategy())\n"
    state = check_document(sharding(calls), "train.py", own_trees=True)
    assert state.report.findings == []
    state = _typed(state, "return plain", "return remat")
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in state.report.findings] \
        == [("LXF002", "error", SHARDING_LINE)]
    state = _typed(state, "return remat", "return plain")
    assert state.report.findings == []
