"""A bound method called through another name: `save = functools.partial(fabric.save, path)` (here or
returned by a helper of another module), `save = fabric.save`, a parameter given `fabric.save`; each
call of such a name is the call of the method it makes (`Context.method_calls`), with the partial's
arguments first. And what the checkpoint rules read of a state around it: the set-up module's
`.module` is the module it was given, an entry the value-flow layer shows is a dict is no module."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import HeldCall

from .test_flow import context, probe

HEAD = "from functools import partial\nfrom lightning.fabric import Fabric\nfrom torch import nn\n"
LAUNCH = "Fabric(strategy='xla_fsdp').launch(train)\n"


def findings(source: str, path: str | None = None) -> list[tuple[str, str, tuple[int, int, int, int], str]]:
    """(code, severity, (line, column, end line, end column), message) of each finding (lines from 0)."""
    out = []
    for f in check_source(source, path).findings:
        span = f.span
        out.append((f.code, f.severity.value, (span.start.line, span.start.column, span.end.line, span.end.column),
                    f.message))
    return out


def codes(source: str, path: str | None = None) -> list[tuple[str, str, int, int]]:
    return [(code, severity, at[0], at[1]) for code, severity, at, _ in findings(source, path)]


RAW_STATE_MESSAGE = (
    "Could not find a XLAFSDP model in the provided checkpoint state: `net` is the raw module, not the one "
    "`setup_module` returned, so `fabric.save` raises ValueError. Make sure you set up the model (and optimizers "
    "if any) through the strategy before saving the checkpoint")


# --- the kinds of call ------------------------------------------------------------------------------
def test_a_partial_of_the_fabrics_save_called_with_the_state_is_a_save():
    src = HEAD + (
        "def train(fabric):\n"
        "    net = nn.Linear(2, 2)\n"
        "    model = fabric.setup_module(net)\n"
        "    save = partial(fabric.save, 'ckpt/')\n"
        "    save({'model': net, 'step': 1})\n") + LAUNCH
    assert findings(src) == [("LXF023", "error", (7, 19, 7, 22), RAW_STATE_MESSAGE)]
    fixed = check_source(src).findings[0].fixes[0]
    assert [e.new_text for e in fixed.edits] == ["model"]
    assert codes(src.replace("{'model': net", "{'model': model")) == []


def test_a_plain_alias_of_the_bound_method_is_a_save():
    src = HEAD + (
        "def train(fabric):\n"
        "    net = nn.Linear(2, 2)\n"
        "    model = fabric.setup_module(net)\n"
        "    save = fabric.save\n"
        "    save('ckpt/', {'model': net})\n") + LAUNCH
    assert codes(src) == [("LXF023", "error", 7, 28)]
    assert codes(src.replace("{'model': net}", "{'model': model}")) == []


def test_a_bound_method_given_to_a_helper_that_calls_it():
    src = HEAD + (
        "def every(step, n, checkpoint, state):\n"
        "    if step % n == 0:\n"
        "        checkpoint('ckpt/', state)\n"
        "def train(fabric):\n"
        "    net = nn.Linear(2, 2)\n"
        "    model = fabric.setup_module(net)\n"
        "    for step in range(10):\n"
        "        every(step, 5, fabric.save, {'model': net, 'step': step})\n") + LAUNCH
    assert codes(src) == [("LXF023", "error", 10, 46)]
    assert codes(src.replace("{'model': net", "{'model': model")) == []


def test_a_partial_kept_in_an_attribute_of_the_trainer():
    src = HEAD + (
        "class Trainer:\n"
        "    def __init__(self, fabric):\n"
        "        self.fabric = fabric\n"
        "        self.checkpoint = partial(fabric.save, 'ckpt/')\n"
        "    def fit(self, net):\n"
        "        model = self.fabric.setup_module(net)\n"
        "        self.checkpoint({'model': net})\n"
        "def train(fabric):\n"
        "    Trainer(fabric).fit(nn.Linear(2, 2))\n") + LAUNCH
    assert codes(src) == [("LXF023", "error", 9, 34)]
    assert codes(src.replace("{'model': net}", "{'model': model}")) == []


def test_a_records_detect_section_reads_held_calls_too():
    src = HEAD + (
        "def train(fabric):\n"
        "    model = fabric.setup_module(nn.Linear(2, 2))\n"
        "    restore = partial(fabric.load, 'ckpt/')\n"
        "    restore(model)\n") + LAUNCH
    assert codes(src) == [("LXF022", "error", 6, 12)]
    [fixed] = check_source(src).findings[0].fixes
    assert [(e.span.start.line, e.span.start.column, e.new_text) for e in fixed.edits] == [(6, 12, "{'model': model}")]
    assert codes(src.replace("restore(model)", "restore({'model': model})")) == []


def test_no_fix_rewrites_the_name_that_stands_for_the_method():
    src = HEAD + (
        "def train(fabric):\n"
        "    model = fabric.setup_module(nn.Linear(2, 2))\n"
        "    skip = partial(fabric.strategy.no_backward_sync, model)\n"
        "    with skip(enabled=True):\n"
        "        pass\n") + LAUNCH
    [found] = check_source(src).findings
    assert (found.code, found.span.start.line, found.span.start.column, found.fixes) == ("LXF003", 6, 9, ())
    spelled = src.replace("skip = partial(fabric.strategy.no_backward_sync, model)\n    with skip(enabled=True)",
                          "with fabric.strategy.no_backward_sync(model, enabled=True)")
    assert [len(f.fixes) for f in check_source(spelled).findings] == [1]


def test_keywords_the_partial_presets_and_the_call_overrides():
    src = HEAD + (
        "def train(fabric):\n"
        "    net = nn.Linear(2, 2)\n"
        "    model = fabric.setup_module(net)\n"
        "    save = partial(fabric.save, state={'model': model})\n"
        "    save('ckpt/', state={'model': net})\n") + LAUNCH
    assert codes(src) == [("LXF023", "error", 7, 34)]  # the call's own state wins
    assert codes(src.replace(", state={'model': net})", ")")) == []  # the partial's state: the set-up model
    ctx = context(src)
    [(call, receiver)] = [c for c in ctx.method_calls("save")]
    assert isinstance(call, HeldCall) and call.written.lineno == 8 and ctx.doc.source(receiver) == "fabric"
    assert [k.arg for k in call.keywords] == ["state"] and call.keywords[0].value.lineno == 8


def test_a_name_that_may_hold_another_callable_is_no_such_call():
    src = HEAD + (
        "import torch\n"
        "def train(fabric, fast):\n"
        "    net = nn.Linear(2, 2)\n"
        "    model = fabric.setup_module(net)\n"
        "    save = fabric.save if fast else torch.save\n"
        "    save({'model': net}, 'ckpt/')\n") + LAUNCH
    assert codes(src) == []
    assert not any(isinstance(call, HeldCall) for call, _ in context(src).method_calls("save"))


def test_a_held_call_that_never_runs_is_not_one():
    src = HEAD + (
        "def train(fabric):\n"
        "    net = nn.Linear(2, 2)\n"
        "    save = partial(fabric.save, 'ckpt/')\n"
        "    return\n"
        "    save({'model': net})\n") + LAUNCH
    assert codes(src) == []


def _project(root: Path, files: dict[str, str]) -> None:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


TRAIN = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    from torch import nn

    from utils.checkpoint import saver

    def main(fabric):
        net = nn.Linear(2, 2)
        model = fabric.setup_module(net)
        save = saver(fabric, "out")
        save({"model": MODEL, "step": 1})

    if __name__ == "__main__":
        fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
        fabric.launch(main)
"""

SAVER = """\
    import os
    from functools import partial

    def saver(fabric, out_dir):
        return partial(fabric.save, os.path.join(out_dir, "ckpt"))
"""


def test_a_partial_a_helper_of_another_module_returns_for_the_callers_fabric(tmp_path):
    _project(tmp_path, {"utils/__init__.py": "", "utils/checkpoint.py": SAVER,
                        "train.py": TRAIN.replace("MODEL", "net")})
    train = tmp_path / "train.py"
    assert codes(train.read_text(), str(train)) == [("LXF023", "error", 10, 19)]
    train.write_text(textwrap.dedent(TRAIN.replace("MODEL", "model")))
    assert codes(train.read_text(), str(train)) == []
    # the helper's own check is not the place: its `fabric` is the caller's
    helper = tmp_path / "utils" / "checkpoint.py"
    assert codes(helper.read_text(), str(helper)) == []


def test_another_modules_helper_that_returns_a_fixed_fabrics_method_is_read_there_for_the_callers_fabric(tmp_path):
    _project(tmp_path, {"utils/__init__.py": "", "utils/checkpoint.py": "def saver(fabric):\n    return fabric.save\n",
                        "train.py": TRAIN.replace('saver(fabric, "out")', "saver(fabric)")
                        .replace('save({"model": MODEL', 'save("ckpt", {"model": net')})
    train = tmp_path / "train.py"
    assert codes(train.read_text(), str(train)) == [("LXF023", "error", 10, 27)]


CHECKPOINTER = """\
    import functools
    import os

    def make_saver(fabric, out_dir):
        save = functools.partial(fabric.save, os.path.join(out_dir, "ckpt"))
        return save

    class Checkpointer:
        def __init__(self, fabric, out_dir):
            self.write = functools.partial(fabric.save, os.path.join(out_dir, "ckpt"))
"""

USES = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    from torch import nn

    from utils.checkpoint import Checkpointer, make_saver

    def main(fabric):
        net = nn.Linear(2, 2)
        model = fabric.setup_module(net)
        save = make_saver(fabric, "out")
        save({"model": MODEL, "step": 1})
        ckpt = Checkpointer(fabric, "out")
        ckpt.write({"model": MODEL, "step": 2})

    if __name__ == "__main__":
        fabric = Fabric(accelerator="tpu", strategy=STRATEGY)
        fabric.launch(main)
"""


def test_a_saver_kept_by_a_helper_or_an_object_of_another_module(tmp_path):
    _project(tmp_path, {"utils/__init__.py": "", "utils/checkpoint.py": CHECKPOINTER,
                        "train.py": USES.replace("MODEL", "net").replace("STRATEGY", "XLAFSDPStrategy()")})
    train = tmp_path / "train.py"
    assert codes(train.read_text(), str(train)) == [("LXF023", "error", 10, 19), ("LXF023", "error", 12, 25)]
    train.write_text(textwrap.dedent(USES.replace("MODEL", "model").replace("STRATEGY", "XLAFSDPStrategy()")))
    assert codes(train.read_text(), str(train)) == []
    train.write_text(textwrap.dedent(USES.replace("MODEL", "net").replace("STRATEGY", "'xla'")))
    assert codes(train.read_text(), str(train)) == []  # another strategy saves what it is given
    # a method spelled on an object of another module's class is its spelled call alone, not held twice
    ctx = context(textwrap.dedent(USES).replace("ckpt.write(", "ckpt.flush();ckpt.write("), str(train))
    assert [type(c).__name__ for c, _ in ctx.method_calls("flush")] == ["Call"]
    assert [type(c).__name__ for c, _ in ctx.method_calls("write")] == ["Call"]
    assert [(type(c).__name__, c.lineno) for c, _ in ctx.method_calls("save")] == [("HeldCall", 11), ("HeldCall", 13)]


# --- what the state holds -------------------------------------------------------------------------------
def test_the_set_up_modules_module_is_the_module_it_was_given():
    assert probe("""
        from lightning.fabric import Fabric
        from torch import nn
        def train(fabric):
            model = fabric.setup_module(nn.Linear(2, 2))
            probe(model.module)
        Fabric().launch(train)
    """) == [("module", 5, 32, ())]
    assert [k for k, *_ in probe("""
        from lightning.fabric import Fabric
        from torch import nn
        def train(fabric):
            model, opt = fabric.setup(nn.Linear(2, 2), OPT)
            probe(model._original_module)
        Fabric().launch(train)
    """)] == ["module"]
    assert [k for k, *_ in probe("""
        from lightning.fabric import Fabric
        from torch import nn
        def train(fabric):
            model = fabric.setup_module(nn.Linear(2, 2))
            probe(model._forward_module)
        Fabric().launch(train)
    """)] == ["unknown"]  # the strategy's wrapper: not told


def test_a_state_with_the_unwrapped_module_is_flagged_and_the_set_up_one_is_not():
    src = HEAD + (
        "def train(fabric):\n"
        "    model = fabric.setup_module(nn.Linear(2, 2))\n"
        "    raw = model.module\n"
        "    fabric.save('ckpt/', {'model': raw})\n") + LAUNCH
    assert codes(src) == [("LXF023", "error", 6, 35)]
    assert codes(src.replace("{'model': raw}", "{'model': model}")) == []
    assert codes(src.replace("raw = model.module", "raw = model._forward_module")) == []  # what save looks for


def test_an_entry_the_flow_shows_is_a_dict_does_not_hide_the_raw_module():
    src = HEAD + (
        "from dataclasses import dataclass\n"
        "@dataclass\n"
        "class Config:\n"
        "    lr: float = 0.1\n"
        "def train(fabric):\n"
        "    config = Config()\n"
        "    net = nn.Linear(2, 2)\n"
        "    model = fabric.setup_module(net)\n"
        "    fabric.save('ckpt/', {'model': net, 'config': vars(config)})\n") + LAUNCH
    assert codes(src) == [("LXF023", "error", 11, 35)]
    assert codes(src.replace("{'model': net", "{'model': model")) == []
    # an entry the file cannot tell may be the set-up module: nothing said
    assert codes(src.replace("vars(config)", "mystery(config)")) == []


def test_a_builder_the_registry_never_picks_stays_unflagged_whatever_is_evaluated_first():
    # the held calls ask what `model(x)` calls before the rules ask anything: the calls made through the
    # registry are still indexed as the whole check sees them (`BUILDERS[EXPERIMENT]` picks `sharded` only)
    src = textwrap.dedent("""\
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        from torch import nn
        class Block(nn.Module):
            pass
        def sharded(policy):
            return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)
        def unsharded(policy):
            return XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, activation_checkpointing_policy=policy)
        BUILDERS = {"sharded": sharded, "linear": unsharded}
        EXPERIMENT = "sharded"
        def train(fabric):
            model = fabric.setup_module(nn.Linear(2, 2))
            model(1)
        if __name__ == "__main__":
            fabric = Fabric(accelerator="tpu", strategy=BUILDERS[EXPERIMENT]([Block]))
            fabric.launch(train)
    """)
    assert [(c, line) for c, _, line, _ in codes(src, "s.py")] == [("LXF001", 6)]


def test_held_calls_are_seen_only_through_names_so_spelled_calls_come_first():
    src = HEAD + (
        "def train(fabric):\n"
        "    fabric.save('a/', {'model': 1})\n"
        "    save = partial(fabric.save, 'b/')\n"
        "    save({'model': 2})\n") + LAUNCH
    calls = [call for call, _ in context(src).method_calls("save")]
    assert [type(c).__name__ for c in calls] == ["Call", "HeldCall"]
    assert isinstance(calls[1].args[0], ast.Constant) and calls[1].args[0].value == "b/"


SYNC = HEAD + """\
from contextlib import nullcontext
fabric = Fabric(accelerator="tpu")
net = nn.Linear(4, 4)
model = fabric.setup_module(net)
accumulate = {accumulate}
sync = fabric.no_backward_sync if accumulate > 1 else nullcontext
with sync({module}, enabled=True):
    pass
"""


def test_a_bound_method_picked_by_a_conditional_expression_the_run_decides_is_called():
    # s172: `fabric.no_backward_sync` picked when accumulating, called on the raw module: TypeError (oracle)
    assert [f[:2] for f in findings(SYNC.format(accumulate=2, module="net"))] == [("LXF004", "error")]
    assert findings(SYNC.format(accumulate=2, module="model")) == []  # s173: the set-up module
    assert findings(SYNC.format(accumulate=1, module="net")) == []  # the nullcontext branch runs
