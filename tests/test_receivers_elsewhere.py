"""A module that is given the Fabric by another module: a factory function, a class whose constructor keeps
it (`self.fabric`), a method called on an instance, a callback the Fabric calls by name. The module never
builds a Fabric nor calls its own functions; what the other modules' calls pass decides its findings, and
they are reported in it, where the fix belongs. Real files on disk, checked as `errata-lsp check` checks
them; the findings are exact."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

MODEL = "from torch import nn\n\n\nclass Net(nn.Module):\n    pass\n"

FACTORY = """\
import torch
from model import Net


def build(fabric, lr=1e-3):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = torch.optim.AdamW(net.parameters(), lr=lr)
    return model, fabric.setup_optimizers(optimizer)
"""

EMPTY = ("`optimizer` is built from `net` (line 8), the module `fabric.setup_module(net)` set up (line 7): XLAFSDP "
         "moved its parameters into the set-up model's shards, so torch raises ValueError: optimizer got an empty "
         "parameter list. Build it from `model.parameters()`")


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def found(path: Path) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


def launching(strategy: str, body: str, imports: str, fabric_keywords: str = "") -> str:
    return (f"import torch\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
            f"{imports}\n\n\ndef main(fabric):\n{body}\n\n\n"
            f"Fabric(accelerator=\"tpu\", strategy={strategy}{fabric_keywords}).launch(main)\n")


def test_a_factory_given_the_launched_xla_fabric_by_another_module_is_flagged_in_the_factory(tmp_path):
    """factory.py names only `fabric` (no `Fabric`, no strategy): it is checked, and the Fabric its one
    caller passes (launched in train.py with `XLAFSDPStrategy()`, no policy) makes the raw module empty."""
    train = launching("XLAFSDPStrategy()", "    model, optimizer = build(fabric)", "from factory import build")
    tree(tmp_path, {"model.py": MODEL, "factory.py": FACTORY, "train.py": train})
    report = check_source(FACTORY, str(tmp_path / "factory.py"))
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in report.findings] == [("LXF013", "error", EMPTY, 9, 42)]
    # the fix builds the optimizer from the set-up model; checked again, nothing is left
    fix = report.findings[0].fixes[0]
    assert fix.title == "Build the optimizer from `model`, the set-up model"
    fixed = apply_fix(FACTORY, fix.edits)
    assert "torch.optim.AdamW(model.parameters(), lr=lr)" in fixed
    assert check_source(fixed, str(tmp_path / "factory.py")).findings == []
    # train.py's edit changes factory.py's findings: its check read train.py
    assert sorted(Path(m).name for m in report.modules) == ["factory.py", "model.py", "train.py"]


def test_the_factory_given_a_fabric_whose_strategy_has_a_wrap_policy_is_a_warning_that_says_why(tmp_path):
    """With `auto_wrap_policy` (a set train.py names) the raw module keeps the wrapped submodules' shards: the
    run goes on, so the finding is a warning, as it is when the Fabric is built in the same file."""
    train = launching("XLAFSDPStrategy(auto_wrap_policy=WRAP)", "    model, optimizer = build(fabric)",
                      "from factory import build\nfrom model import Net\n\nWRAP = {Net}")
    tree(tmp_path, {"model.py": MODEL, "factory.py": FACTORY, "train.py": train})
    assert found(tmp_path / "factory.py") == [(
        "LXF013", "warning",
        "`optimizer` is built from `net` (line 8), the module `fabric.setup_module(net)` set up (line 7): with "
        "`auto_wrap_policy`, `net` keeps only the wrapped submodules' shards: the run goes on and the optimizer never "
        "updates the root module's own layers. Build it from `model.parameters()`", 9, 42)]


def test_a_factory_nobody_calls_or_that_builds_the_optimizer_from_the_set_up_model_is_fine(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "factory.py": FACTORY})
    assert found(tmp_path / "factory.py") == []  # no caller: the Fabric is unknown, and so is its strategy
    train = launching("XLAFSDPStrategy()", "    model, optimizer = build(fabric)", "from factory import build")
    tree(tmp_path, {"train.py": train, "factory.py": FACTORY.replace("AdamW(net.", "AdamW(model.")})
    assert found(tmp_path / "factory.py") == []


TRAINER = """\
import torch


class Trainer:
    def __init__(self, fabric, clip=1.0):
        self.fabric = fabric
        self.clip = clip

    def fit(self, model, optimizer):
        self.fabric.backward(model(torch.ones(1)).sum())
        self.fabric.clip_gradients(model, optimizer, clip_val=self.clip)
"""

BY_VALUE = ("XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises NotImplementedError. "
            "Clip by norm with `max_norm` instead")
# `clip_val=None` and no `max_norm`: Fabric raises ValueError whatever the strategy (fabric.py l.581)
NEITHER = ("You have to specify either `clip_val` or `max_norm` to do gradient clipping: neither is set, so Fabric "
           "raises ValueError")


def test_a_trainer_class_of_another_module_reads_the_fabric_its_constructor_is_given(tmp_path):
    """`Trainer(fabric)` in train.py: `self.fabric` in `fit` is that Fabric and `self.clip` the default 1.0; the
    keyword the fix renames is written in trainer.py, so the finding is there, not where the number is."""
    train = launching("XLAFSDPStrategy()", "    Trainer(fabric).fit(None, None)", "from trainer import Trainer")
    tree(tmp_path, {"trainer.py": TRAINER, "train.py": train})
    report = check_source(TRAINER, str(tmp_path / "trainer.py"))
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in report.findings] == [("LXF014", "error", BY_VALUE, 11, 53)]
    assert report.findings[0].elsewhere is None
    fixed = apply_fix(TRAINER, report.findings[0].fixes[0].edits)
    assert "clip_gradients(model, optimizer, max_norm=self.clip)" in fixed
    assert check_source(fixed, str(tmp_path / "trainer.py")).findings == []


def test_the_trainer_given_no_threshold_or_another_strategy_s_fabric_is_fine(tmp_path):
    tree(tmp_path, {"trainer.py": TRAINER, "train.py": launching(
        "XLAFSDPStrategy()", "    Trainer(fabric, clip=None).fit(None, None)", "from trainer import Trainer")})
    # no threshold is no clip by value, but no clipping algorithm at all: the other raise of `clip_gradients`
    assert found(tmp_path / "trainer.py") == [("LXF015", "error", NEITHER, 11, 8)]
    (tmp_path / "train.py").write_text(launching('"xla"', "    Trainer(fabric).fit(None, None)",
                                                 "from trainer import Trainer"))
    assert found(tmp_path / "trainer.py") == []


LOOP = """\
class Loop:
    def run(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=0.5)
"""


def test_a_method_called_on_an_instance_built_in_another_module_gets_the_fabric_that_call_passes(tmp_path):
    train = launching("XLAFSDPStrategy()", "    loop = Loop()\n    loop.run(fabric, None, None)", "from loop import Loop")
    tree(tmp_path, {"loop.py": LOOP, "train.py": train})
    assert found(tmp_path / "loop.py") == [("LXF014", "error", BY_VALUE, 3, 48)]
    (tmp_path / "train.py").write_text(train.replace("XLAFSDPStrategy()", '"xla"'))
    assert found(tmp_path / "loop.py") == []


def test_a_method_whose_callers_in_two_modules_launch_different_strategies_is_judged_on_the_xlafsdp_path(tmp_path):
    """train.py launches an XLAFSDP Fabric, eval.py an XLA one: the method raises when train.py's call runs it,
    a warning that names that call (as when one module launches both)."""
    train = launching("XLAFSDPStrategy()", "    Loop().run(fabric, None, None)", "from loop import Loop")
    tree(tmp_path, {"loop.py": LOOP, "train.py": train, "eval.py": train.replace("XLAFSDPStrategy()", '"xla"')})
    assert found(tmp_path / "loop.py") == [("LXF014", "warning", BY_VALUE + "; when called at line 8 of `train.py`", 3, 48)]
    (tmp_path / "train.py").write_text(train.replace("XLAFSDPStrategy()", '"xla"'))
    assert found(tmp_path / "loop.py") == []  # no caller launches XLAFSDP
    (tmp_path / "train.py").write_text(train)
    (tmp_path / "eval.py").write_text("from loop import Loop\n")  # it no longer calls the method
    assert [f[0] for f in found(tmp_path / "loop.py")] == ["LXF014"]


CALLBACKS = """\
class GradientClipping:
    def __init__(self, threshold=1.0):
        self.threshold = threshold

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.threshold)
"""

HOOK = '    fabric.call("on_before_optimizer_step", fabric=fabric, model=None, optimizer=None)'


def test_a_callback_of_another_module_registered_on_the_fabric_is_judged_for_what_fabric_call_passes(tmp_path):
    train = launching("XLAFSDPStrategy()", HOOK, "from callbacks import GradientClipping",
                      ", callbacks=[GradientClipping(0.5)]")
    tree(tmp_path, {"callbacks.py": CALLBACKS, "train.py": train})
    assert found(tmp_path / "callbacks.py") == [("LXF014", "error", BY_VALUE, 6, 48)]


def test_a_callback_the_fabric_does_not_hold_or_never_calls_is_not_judged_for_it(tmp_path):
    registered = launching("XLAFSDPStrategy()", HOOK, "from callbacks import GradientClipping",
                           ", callbacks=[GradientClipping(0.5)]")
    tree(tmp_path, {"callbacks.py": CALLBACKS, "train.py": registered.replace(", callbacks=[GradientClipping(0.5)]", "")
                    .replace("from callbacks import GradientClipping", "from callbacks import GradientClipping as _")})
    assert found(tmp_path / "callbacks.py") == []
    (tmp_path / "train.py").write_text(registered.replace('"on_before_optimizer_step"', '"on_train_epoch_end"'))
    assert found(tmp_path / "callbacks.py") == []


JOINT = "def build(fabric, model, optimizer):\n    return fabric.setup(model, optimizer)\n"


def test_the_command_line_reports_a_helper_s_finding_once_whichever_file_it_checks_first(tmp_path):
    """build.py's own check and train.py's check of its call both say the joint setup raises in build.py:
    the report has it once, in either order of the paths."""
    train = launching("XLAFSDPStrategy()", "    build(fabric, None, None)", "from build import build")
    tree(tmp_path, {"build.py": JOINT, "train.py": train})
    for paths in (["train.py", "build.py"], ["build.py", "train.py"], ["."]):
        done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", *paths], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
        lines = [line for line in done.stdout.splitlines() if "LXF012" in line]
        assert len(lines) == 1 and lines[0].startswith("build.py:2:12: LXF012 "), done.stdout
        assert done.returncode == 1


def test_a_method_two_modules_call_with_a_threshold_and_with_none_is_a_warning(tmp_path):
    loop = LOOP.replace("optimizer):", "optimizer, clip):").replace("clip_val=0.5", "clip_val=clip")
    train = launching("XLAFSDPStrategy()", "    Loop().run(fabric, None, None, 0.5)", "from loop import Loop")
    tree(tmp_path, {"loop.py": loop, "train.py": train, "eval.py": train.replace("0.5)", "None)")})
    assert found(tmp_path / "loop.py") == [("LXF014", "warning", BY_VALUE + "; here whenever `clip` is not None", 3, 48)]
    # one caller left, passing None: the method never clips by value
    (tmp_path / "train.py").write_text(train.replace("0.5)", "None)"))
    (tmp_path / "eval.py").write_text("from loop import Loop\n")
    assert found(tmp_path / "loop.py") == [("LXF015", "error", NEITHER, 3, 8)]  # (nor by norm: neither is set)


BASE = """\
class BaseTrainer:
    def __init__(self, fabric, clip=1.0):
        self.fabric = fabric
        self.clip = clip

    def step(self, model, optimizer):
        self.fabric.clip_gradients(model, optimizer, clip_val=self.clip)
"""


def subclassing(body: str) -> str:
    return launching("XLAFSDPStrategy()", "    MyTrainer(fabric).step(None, None)",
                     f"from base import BaseTrainer\n\n\nclass MyTrainer(BaseTrainer):\n{body}")


def test_a_base_class_of_another_module_runs_for_the_subclass_that_module_builds(tmp_path):
    """train.py builds `MyTrainer`, a subclass that keeps the base's `__init__` and `step`: base.py's `step`
    runs with train.py's Fabric; given the threshold through `super().__init__`, so it does."""
    tree(tmp_path, {"base.py": BASE, "train.py": subclassing("    pass\n")})
    assert found(tmp_path / "base.py") == [("LXF014", "error", BY_VALUE, 7, 53)]
    (tmp_path / "train.py").write_text(subclassing(
        "    def __init__(self, fabric):\n        super().__init__(fabric, clip=0.5)\n"))
    assert found(tmp_path / "base.py") == [("LXF014", "error", BY_VALUE, 7, 53)]
    (tmp_path / "train.py").write_text(subclassing(
        "    def __init__(self, fabric):\n        super().__init__(fabric, clip=None)\n"))
    assert found(tmp_path / "base.py") == [("LXF015", "error", NEITHER, 7, 8)]  # (nor by norm: neither is set)


def test_a_base_method_every_subclass_another_module_builds_overrides_never_runs(tmp_path):
    override = "    def step(self, model, optimizer):\n        self.fabric.clip_gradients(model, optimizer, max_norm=1.0)\n"
    tree(tmp_path, {"base.py": BASE, "train.py": subclassing(override)})
    assert found(tmp_path / "base.py") == []
    # an override that calls the base's through `super()` runs it
    (tmp_path / "train.py").write_text(subclassing(override + "        super().step(model, optimizer)\n"))
    assert found(tmp_path / "base.py") == [("LXF014", "error", BY_VALUE, 7, 53)]


STEPS = "def clip(fabric, model, optimizer):\n    fabric.clip_gradients(model, optimizer, clip_val=0.5)\n"
ENGINE = "from steps import clip\n\n\ndef run(fabric, model, optimizer):\n    clip(fabric, model, optimizer)\n"


def test_the_fabric_passed_on_through_a_chain_of_three_modules_reaches_the_last(tmp_path):
    """train.py launches `main(fabric)`, which calls engine.run(fabric), which calls steps.clip(fabric)."""
    train = launching("XLAFSDPStrategy()", "    run(fabric, None, None)", "from engine import run")
    tree(tmp_path, {"steps.py": STEPS, "engine.py": ENGINE, "train.py": train})
    assert found(tmp_path / "steps.py") == [("LXF014", "error", BY_VALUE, 2, 44)]
    assert found(tmp_path / "engine.py") == []
    (tmp_path / "train.py").write_text(train.replace("XLAFSDPStrategy()", '"xla"'))
    assert found(tmp_path / "steps.py") == []


def test_modules_that_call_each_other_s_helpers_in_a_cycle_are_read_once_and_decide_nothing(tmp_path):
    """a.ping(fabric) calls b.pong(fabric), which calls a.ping: no module launches a Fabric, so the Fabric each
    is given is unknown (and the check ends)."""
    a = "from b import pong\n\n\ndef ping(fabric, n):\n    fabric.clip_gradients(None, None, clip_val=0.5)\n    pong(fabric, n)\n"
    b = "from a import ping\n\n\ndef pong(fabric, n):\n    ping(fabric, n - 1)\n"
    tree(tmp_path, {"a.py": a, "b.py": b})
    assert found(tmp_path / "a.py") == []
    assert found(tmp_path / "b.py") == []


MIXIN = """\
class ClipMixin:
    def clip(self, model, optimizer):
        self.fabric.clip_gradients(model, optimizer, clip_val=self.threshold)
"""


def mixing(threshold: str) -> str:
    return launching("XLAFSDPStrategy()", "    Trainer(fabric).clip(None, None)",
                     "from mixins import ClipMixin\n\n\nclass Trainer(ClipMixin):\n"
                     f"    threshold = {threshold}\n\n    def __init__(self, fabric):\n        self.fabric = fabric\n")


def test_a_mixin_reads_what_the_subclass_another_module_builds_sets_on_self(tmp_path):
    """mixins.py never builds `ClipMixin`: `self.fabric` and `self.threshold` are those of train.py's `Trainer`,
    the one class built on it, built under XLAFSDP; with no threshold (None) it never clips by value."""
    tree(tmp_path, {"mixins.py": MIXIN, "train.py": mixing("0.5")})
    assert found(tmp_path / "mixins.py") == [("LXF014", "error", BY_VALUE, 3, 53)]
    (tmp_path / "train.py").write_text(mixing("None"))
    assert found(tmp_path / "mixins.py") == [("LXF015", "error", NEITHER, 3, 8)]  # (nor by norm: neither is set)


def test_a_class_attribute_a_base_class_of_another_module_defines_is_read_there(tmp_path):
    defaults = "class Defaults:\n    grad_clip = 0.5\n"
    train = launching("XLAFSDPStrategy()", "    Trainer(fabric).step(None, None)",
                      "from defaults import Defaults\n\n\nclass Trainer(Defaults):\n"
                      "    def __init__(self, fabric):\n        self.fabric = fabric\n\n"
                      "    def step(self, model, optimizer):\n"
                      "        self.fabric.clip_gradients(model, optimizer, clip_val=self.grad_clip)\n")
    tree(tmp_path, {"defaults.py": defaults, "train.py": train})
    assert found(tmp_path / "train.py") == [("LXF014", "error", BY_VALUE, 12, 53)]
    (tmp_path / "defaults.py").write_text(defaults.replace("0.5", "None"))
    assert found(tmp_path / "train.py") == [("LXF015", "error", NEITHER, 12, 8)]  # (nor by norm: neither is set)


STRATEGIES = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from model import Net


def plain():
    return XLAFSDPStrategy(auto_wrap_policy={Net})


def layers():
    return XLAFSDPStrategy(auto_wrap_policy={Net}, activation_checkpointing_policy=[Net])


STRATEGIES = {"plain": plain, "layers": layers}
"""


def picking(key: str) -> str:
    return ("from lightning.fabric import Fabric\nfrom strategies import STRATEGIES\n\n"
            f"NAME = {key}\n\n\ndef main(fabric):\n    pass\n\n\n"
            "Fabric(accelerator='tpu', strategy=STRATEGIES[NAME]()).launch(main)\n")


def test_a_factory_of_a_table_the_project_reads_only_by_other_keys_never_runs(tmp_path):
    """strategies.py's `layers` raises when it is picked; train.py picks "plain": nothing to say. Picked, or
    picked by a key the project cannot tell (an option with no choices), it is the error it raises."""
    tree(tmp_path, {"model.py": MODEL, "strategies.py": STRATEGIES, "train.py": picking('"plain"')})
    assert found(tmp_path / "strategies.py") == []
    (tmp_path / "train.py").write_text(picking('"layers"'))
    assert [f[:2] for f in found(tmp_path / "strategies.py")] == [("LXF001", "error")]
    (tmp_path / "train.py").write_text(picking("__import__('os').environ['STRATEGY']"))
    assert [f[:2] for f in found(tmp_path / "strategies.py")] == [("LXF001", "error")]


def test_a_factory_another_module_imports_by_name_may_run_whatever_the_table_picks(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "strategies.py": STRATEGIES, "train.py": picking('"plain"'),
                    "bench.py": "from strategies import layers\n\nstrategy = layers()\n"})
    assert [f[:2] for f in found(tmp_path / "strategies.py")] == [("LXF001", "error")]
    (tmp_path / "bench.py").unlink()
    (tmp_path / "train.py").write_text(picking('"plain"') + "print(STRATEGIES)\n")  # the table read whole
    assert [f[:2] for f in found(tmp_path / "strategies.py")] == [("LXF001", "error")]


POLICY = "def size_policy(module, recurse, nonwrapped_numel):\n    return nonwrapped_numel >= 1e6\n"


def test_a_wrap_policy_of_another_module_is_flagged_where_it_is_defined_and_renamed_there(tmp_path):
    train = ("from lightning.fabric.strategies import XLAFSDPStrategy\nfrom policies import size_policy\n\n"
             "strategy = XLAFSDPStrategy(auto_wrap_policy=size_policy)\n")
    tree(tmp_path, {"policies.py": POLICY, "train.py": train})
    [finding] = check_source(train, str(tmp_path / "train.py")).findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == (
        "LXF037", "error", 4, 44)
    assert finding.message == (
        "torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`, and `size_policy` "
        "takes no `unwrapped_params`, so `fabric.setup_module` raises TypeError: size_policy() got an unexpected "
        "keyword argument 'unwrapped_params' (`nonwrapped_numel` is what torch's CUDA FSDP passes)")
    assert finding.elsewhere is not None and finding.elsewhere.path == str(tmp_path / "policies.py")
    assert finding.elsewhere.span.start.line == 0
    [fix] = finding.fixes
    assert fix.path == str(tmp_path / "policies.py")
    renamed = apply_fix(POLICY, fix.edits)
    assert renamed == "def size_policy(module, recurse, unwrapped_params):\n    return unwrapped_params >= 1e6\n"
    (tmp_path / "policies.py").write_text(renamed)
    assert check_source(train, str(tmp_path / "train.py")).findings == []


LIBRARY_POLICY = ("import functools\n\nfrom torch.distributed.fsdp.wrap import transformer_auto_wrap_policy\n\n\n"
                  "def block_policy(layer_cls):\n"
                  "    return functools.partial(transformer_auto_wrap_policy, transformer_layer_cls={layer_cls})\n")


def test_a_partial_of_torchs_wrap_policy_a_helper_of_another_module_returns_is_flagged_at_its_import(tmp_path):
    """policies.py's helper returns a partial of torch's transformer policy (labelled: the run raised
    `transformer_auto_wrap_policy() got an unexpected keyword argument 'unwrapped_params'`): the finding is at
    the strategy's argument, placed at the policy's name in policies.py, whose import the fix moves to
    torch_xla's module; then nothing is left."""
    train = ("from lightning.fabric.strategies import XLAFSDPStrategy\nfrom policies import block_policy\n"
             "from torch import nn\n\nstrategy = XLAFSDPStrategy(auto_wrap_policy=block_policy(nn.Linear))\n")
    tree(tmp_path, {"policies.py": LIBRARY_POLICY, "train.py": train})
    [finding] = check_source(train, str(tmp_path / "train.py")).findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == (
        "LXF037", "error", 5, 44)
    assert finding.message == (
        "torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`, and "
        "`transformer_auto_wrap_policy` of `torch.distributed.fsdp.wrap` takes no `unwrapped_params`, so "
        "`fabric.setup_module` raises TypeError: transformer_auto_wrap_policy() got an unexpected keyword argument "
        "'unwrapped_params' (`nonwrapped_numel` is what torch's CUDA FSDP passes); torch_xla has its own: "
        "`from torch_xla.distributed.fsdp.wrap import transformer_auto_wrap_policy`")
    assert finding.elsewhere is not None and finding.elsewhere.path == str(tmp_path / "policies.py")
    assert (finding.elsewhere.span.start.line, finding.elsewhere.span.start.column) == (6, 29)
    [fix] = finding.fixes
    assert (fix.path, fix.safety.value) == (str(tmp_path / "policies.py"), "unsafe")
    moved = apply_fix(LIBRARY_POLICY, fix.edits)
    assert moved == LIBRARY_POLICY.replace("from torch.distributed", "from torch_xla.distributed")
    (tmp_path / "policies.py").write_text(moved)
    assert check_source(train, str(tmp_path / "train.py")).findings == []


LM = ("import torch\n\n\nclass TinyLM(torch.nn.Module):\n    def forward(self, x):\n        return x\n\n"
      "    def generate(self, x):\n        return self(x)\n")


def test_a_method_name_another_module_holds_and_a_class_of_another_module_are_read_for_mark_forward_method(tmp_path):
    """settings.py names the method (`DECODE = "generat"`), lm.py defines the class: the finding is at the call,
    placed in settings.py, and its fix rewrites the name there; the right name is fine."""
    settings = 'DECODE = "generat"\n'
    train = ("from lightning.fabric import Fabric\nfrom lm import TinyLM\nimport settings\n\n\ndef main(fabric):\n"
             "    model = fabric.setup_module(TinyLM())\n    model.mark_forward_method(settings.DECODE)\n\n\n"
             "Fabric(accelerator='tpu', strategy='xla_fsdp').launch(main)\n")
    tree(tmp_path, {"lm.py": LM, "settings.py": settings, "train.py": train})
    [finding] = check_source(train, str(tmp_path / "train.py")).findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == (
        "LXF036", "error", 8, 30)
    assert finding.message == (
        "`TinyLM.generat` is no method of the module's class, so `model.mark_forward_method(settings.DECODE)` raises "
        "AttributeError: You marked 'generat' as a forward method, but `TinyLM.generat` does not exist or is not a "
        "method. Did you mean 'generate'?")
    assert finding.elsewhere is not None and finding.elsewhere.path == str(tmp_path / "settings.py")
    [fix] = finding.fixes
    assert fix.path == str(tmp_path / "settings.py")
    fixed = apply_fix(settings, fix.edits)
    assert fixed == 'DECODE = "generate"\n'
    (tmp_path / "settings.py").write_text(fixed)
    assert check_source(train, str(tmp_path / "train.py")).findings == []


MIXED_CALLBACKS = """\
class GradClipMixin:
    threshold = None

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.threshold)


class Clipping(GradClipMixin):
    def __init__(self, threshold=1.0):
        self.threshold = threshold
"""


def test_a_hook_a_callback_inherits_from_a_mixin_is_judged_for_what_fabric_call_passes(tmp_path):
    """train.py imports `Clipping`, never the mixin whose `on_before_optimizer_step` it inherits: the hook's
    `fabric` is what train.py's `fabric.call(...)` passes to the callbacks the Fabric holds."""
    train = launching("XLAFSDPStrategy()", HOOK, "from callbacks import Clipping", ", callbacks=[Clipping(0.5)]")
    tree(tmp_path, {"callbacks.py": MIXED_CALLBACKS, "train.py": train})
    assert found(tmp_path / "callbacks.py") == [("LXF014", "error", BY_VALUE, 5, 48)]


def test_a_hook_a_mixin_defines_is_not_judged_for_a_call_of_another_hook_or_an_override(tmp_path):
    train = launching("XLAFSDPStrategy()", HOOK.replace("on_before_optimizer_step", "on_train_epoch_end"),
                      "from callbacks import Clipping", ", callbacks=[Clipping(0.5)]")
    tree(tmp_path, {"callbacks.py": MIXED_CALLBACKS, "train.py": train})
    assert found(tmp_path / "callbacks.py") == []
    overriding = MIXED_CALLBACKS + "\n    def on_before_optimizer_step(self, fabric, model, optimizer):\n        pass\n"
    (tmp_path / "callbacks.py").write_text(overriding)
    (tmp_path / "train.py").write_text(launching("XLAFSDPStrategy()", HOOK, "from callbacks import Clipping",
                                                 ", callbacks=[Clipping(0.5)]"))
    assert found(tmp_path / "callbacks.py") == []


def test_a_base_method_a_subclass_of_a_module_between_overrides_never_runs(tmp_path):
    """tpu.py derives `TPUTrainer` from base.py's `BaseTrainer` and overrides `step`; only train.py builds it: the
    base's `step` never runs (a subclass the entry builds, defined in a module between, as one the entry defines)."""
    tpu = ("from base import BaseTrainer\n\n\nclass TPUTrainer(BaseTrainer):\n"
           "    def step(self, model, optimizer):\n        self.fabric.clip_gradients(model, optimizer, max_norm=1.0)\n")
    train = launching("XLAFSDPStrategy()", "    TPUTrainer(fabric).step(None, None)", "from tpu import TPUTrainer")
    tree(tmp_path, {"base.py": BASE, "tpu.py": tpu, "train.py": train})
    assert found(tmp_path / "base.py") == []
    (tmp_path / "tpu.py").write_text(tpu.replace("    def step(self, model, optimizer):\n        self.fabric.clip_gradients"
                                                 "(model, optimizer, max_norm=1.0)\n", "    pass\n"))
    assert found(tmp_path / "base.py") == [("LXF014", "error", BY_VALUE, 7, 53)]
