"""Attributes an instance gets after it is built, and attributes a class answers through `__getattr__`:
`cfg.loss_reduce = "max"` on an object passed to the launched function (or stored by a helper it is passed to,
or on a `copy.deepcopy` of a preset), and `__getattr__` returning `self._values[name]`. Exact codes,
severities, spans (1-based, as `errata-lsp check` prints them) and message texts."""

from __future__ import annotations

import textwrap
from pathlib import Path

from errata_lsp.analysis import check_source


def found(source: str, path: str = "train.py") -> list[tuple[str, str, str, str]]:
    report = check_source(textwrap.dedent(source), path)
    assert not report.failures, report.failures
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-"
             f"{f.span.end.line + 1}:{f.span.end.column + 1}", f.message) for f in report.findings]


MAX = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max; "
       "`all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")

# --- stores after construction, read in the launched function -----------------------------------------------
LAUNCHED = textwrap.dedent("""\
    import copy
    import torch
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    from torch import nn
    class Config:
        def __init__(self):
            self.loss_reduce = "mean"
    def train(fabric, cfg):
        fabric.all_reduce(torch.ones(1), reduce_op=cfg.loss_reduce)
    if __name__ == "__main__":
        %s
        fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
        fabric.launch(train, cfg)
""")
AT_READ = "10:48-10:63"


def test_a_store_before_the_instance_is_passed_on_is_what_the_launched_function_reads():
    assert found(LAUNCHED % 'cfg = Config()\n    cfg.loss_reduce = "max"') == [("LXF027", "error", AT_READ, MAX)]
    assert found(LAUNCHED % 'cfg = Config()\n    setattr(cfg, "loss_reduce", "max")') == [("LXF027", "error", AT_READ, MAX)]
    # under another name than the function's parameter too
    renamed = (LAUNCHED % 'c = Config()\n    c.loss_reduce = "max"').replace("train, cfg)", "train, c)")
    assert found(renamed) == [("LXF027", "error", AT_READ, MAX)]


def test_a_store_the_reader_does_not_see_or_cannot_name_gives_no_value():
    assert found(LAUNCHED % 'cfg = Config()\n    cfg.loss_reduce = "sum"') == []
    assert found(LAUNCHED % 'cfg = Config()\n    other = Config()\n    other.loss_reduce = "max"') == []  # another object
    assert found(LAUNCHED % 'cfg = Config()\n    setattr(cfg, key, "max")') == []  # any attribute: unknown
    # made after the launch: the run never reads it
    late = (LAUNCHED % "cfg = Config()").replace("fabric.launch(train, cfg)\n", 'fabric.launch(train, cfg)\n    cfg.loss_reduce = "max"\n')
    assert found(late) == []
    # in a branch: may or may not have run, and the rule wants one value on every path
    assert found(LAUNCHED % 'cfg = Config()\n    if worst:\n        cfg.loss_reduce = "max"') == []


def test_a_store_on_a_deep_copy_is_the_copy_s_not_the_preset_s():
    preset = 'PRESET = Config()\n    cfg = copy.deepcopy(PRESET)\n    cfg.loss_reduce = "max"'
    assert found(LAUNCHED % preset) == [("LXF027", "error", AT_READ, MAX)]
    assert found((LAUNCHED % preset).replace("fabric.launch(train, cfg)", "fabric.launch(train, PRESET)")) == []
    # the preset's own store before the copy is the copy's too
    before = 'PRESET = Config()\n    PRESET.loss_reduce = "max"\n    cfg = copy.copy(PRESET)'
    assert found(LAUNCHED % before) == [("LXF027", "error", AT_READ, MAX)]
    # and one after the copy is the preset's alone: the copy kept what the preset held when copied
    after = 'PRESET = Config()\n    cfg = copy.deepcopy(PRESET)\n    PRESET.loss_reduce = "max"'
    assert found(LAUNCHED % after) == []
    assert found((LAUNCHED % after).replace("fabric.launch(train, cfg)", "fabric.launch(train, PRESET)")) == [
        ("LXF027", "error", AT_READ, MAX)]
    both = 'PRESET = Config()\n    PRESET.loss_reduce = "max"\n    cfg = copy.copy(PRESET)\n    PRESET.loss_reduce = "sum"'
    assert found(LAUNCHED % both) == [("LXF027", "error", AT_READ, MAX)]


def test_a_store_into_a_property_runs_its_setter_and_is_not_the_value():
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        class Plan:
            def __init__(self):
                self._layers = {Block}
            @property
            def layers(self):
                return self._layers
            @layers.setter
            def layers(self, value):
                self._layers = set(value)
        def build(plan):
            return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=plan.layers)
        plan = Plan()
        plan.layers = [Block]
        strategy = build(plan)
    """
    assert found(source) == []


# --- a helper in another module stores on the instance it is given -----------------------------------------
def _project(tmp_path: Path, helper_body: str) -> Path:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "config.py").write_text("class RunConfig:\n    def __init__(self):\n        self.loss_reduce = 'mean'\n")
    (tmp_path / "overrides.py").write_text(f"def for_leaderboard(cfg):\n{helper_body}")
    train = tmp_path / "train.py"
    train.write_text(textwrap.dedent("""\
        import torch
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        from torch import nn
        from config import RunConfig
        from overrides import for_leaderboard
        def run(fabric, cfg):
            fabric.all_reduce(torch.ones(1), reduce_op=cfg.loss_reduce)
        if __name__ == "__main__":
            cfg = RunConfig()
            for_leaderboard(cfg)
            fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
            fabric.launch(run, cfg)
    """))
    return train


def _checked(path: Path) -> list[tuple[str, str, str, str, str]]:
    """Each finding with its span and the place of the value it names (the file where the fix belongs)."""
    report = check_source(path.read_text(), str(path))
    assert not report.failures, report.failures

    def at(span) -> str:
        return f"{span.start.line + 1}:{span.start.column + 1}-{span.end.line + 1}:{span.end.column + 1}"
    return [(f.code, f.severity.value, at(f.span),
             f"{Path(f.elsewhere.path).name}:{at(f.elsewhere.span)}" if f.elsewhere else "", f.message)
            for f in report.findings]


def test_a_helper_of_another_module_storing_on_its_parameter_sets_the_instance_s_attribute(tmp_path):
    train = _project(tmp_path, '    cfg.loss_reduce = "max"\n')
    # read in train.py, written in overrides.py (where `errata-lsp check` puts it)
    assert _checked(train) == [("LXF027", "error", "8:48-8:63", "overrides.py:2:23-2:28", MAX)]


def test_a_helper_storing_in_a_branch_or_a_fine_value_gives_no_error(tmp_path):
    assert _checked(_project(tmp_path / "a", '    if flag:\n        cfg.loss_reduce = "max"\n')) == []
    assert _checked(_project(tmp_path / "b", '    cfg.loss_reduce = "avg"\n')) == []


# --- `__getattr__` answering from a dict keyed by the name --------------------------------------------------
GETATTR = textwrap.dedent("""\
    import torch
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    from torch import nn
    class Config:
        def __init__(self, **values):
            %s
        def __getattr__(self, name):
            %s
    def train(fabric, cfg):
        fabric.all_reduce(torch.ones(1), reduce_op=cfg.loss_reduce)
    if __name__ == "__main__":
        cfg = Config(lr=1e-3, loss_reduce=%s)
        fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
        fabric.launch(train, cfg)
""")


def at_read(source: str) -> str:
    """The span of `cfg.loss_reduce` in the launched function's `all_reduce`."""
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "reduce_op=cfg.loss_reduce" in text)
    return f"{line}:48-{line}:63"


THROUGH_DICT = 'self.__dict__["_values"] = dict(values)'


def test_getattr_returning_the_dict_entry_keyed_by_the_name_is_that_entry():
    for init, hook in [
        (THROUGH_DICT, "return self._values[name]"),
        ("self._values = values", "try:\n            return self._values[name]\n        except KeyError:\n"
                                  "            raise AttributeError(name)"),
        ("self._values = dict(values)", 'return self._values.get(name, "sum")'),
        ("self._values = values", 'values = self.__dict__.get("_values", {})\n        return values[name]'),
        (THROUGH_DICT, 'return self.__dict__["_values"][name]'),
    ]:
        source = GETATTR % (init, hook, '"max"')
        assert found(source) == [("LXF027", "error", at_read(source), MAX)], hook
        assert found(GETATTR % (init, hook, '"mean"')) == [], hook


def test_getattr_of_a_missing_key_is_its_default_or_nothing():
    assert found((GETATTR % ("self._values = dict(values)", 'return self._values.get(name, "max")', '"mean"'))
                 .replace("loss_reduce=", "reduce=")) == [("LXF027", "error", "11:48-11:63", MAX)]
    assert found((GETATTR % (THROUGH_DICT, "return self._values[name]", '"max"')).replace("loss_reduce=", "reduce=")) == []


def test_getattr_forwarding_to_another_object_reads_that_object_s_attribute():
    source = """\
        import torch
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        from torch import nn
        class Inner:
            loss_reduce = %s
        class View:
            def __init__(self, inner):
                self._inner = inner
            def __getattr__(self, name):
                return getattr(self._inner, name)
        def train(fabric, cfg):
            fabric.all_reduce(torch.ones(1), reduce_op=cfg.loss_reduce)
        if __name__ == "__main__":
            fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
            fabric.launch(train, View(Inner()))
    """
    assert found(source % '"max"') == [("LXF027", "error", "13:48-13:63", MAX)]
    assert found(source % '"mean"') == []


def test_getattr_computing_its_answer_otherwise_is_unknown():
    for hook in ["return name.upper()", 'return self._values[name.lower()]', "return self._values[name] or None",
                 "return self._values"]:
        assert found(GETATTR % (THROUGH_DICT, hook, '"max"')) == [], hook


def test_a_plain_setattr_hook_keeps_the_store_and_any_other_leaves_it_unknown():
    source = GETATTR % (THROUGH_DICT, "return self._values[name]", '"mean"')
    stored = source.replace('cfg = Config(lr=1e-3, loss_reduce="mean")',
                            'cfg = Config(lr=1e-3, loss_reduce="mean")\n    cfg.loss_reduce = "max"')
    plain = stored.replace("    def __getattr__", "    def __setattr__(self, name, value):\n"
                                                  "        self._values[name] = value\n    def __getattr__")
    assert found(plain) == [("LXF027", "error", "13:48-13:63", MAX)]
    checked = stored.replace("    def __getattr__", "    def __setattr__(self, name, value):\n"
                                                    "        self._values[name] = value.lower()\n    def __getattr__")
    assert found(checked) == []


BUILT_BY_A_HELPER = textwrap.dedent("""\
    from lightning.fabric.strategies import XLAFSDPStrategy
    class Config:
        def __init__(self):
            self.remat = [Block]
    def build(settings):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=settings.remat)
    cfg = Config()
    %s
    strategy = build(cfg)
""")


def test_a_store_that_may_not_run_keeps_the_construction_s_value_under_its_condition():
    wrong = "`activation_checkpointing_policy` must be a set, found [Block] (from `Config.remat`, line 4)"
    assert found(BUILT_BY_A_HELPER % "pass") == [("LXF001", "error", "6:86-6:100", wrong)]
    assert found(BUILT_BY_A_HELPER % "cfg.remat = {Block}") == []
    assert found(BUILT_BY_A_HELPER % "if deep:\n    cfg.remat = {Block}") == [
        ("LXF001", "warning", "6:86-6:100", wrong + "; when `cfg.remat` is not set at line 9")]
    assert found(BUILT_BY_A_HELPER % "setattr(cfg, key, {Block})") == []  # unknown, not the class's list


# --- a method called on an object another module holds: `finetune.SHARDING.strategy()` -----------------------
SHARDING = """\
from dataclasses import dataclass
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass(frozen=True)
class ShardingConfig:
    state_dict_type: str = "sharded"

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, state_dict_type=self.state_dict_type)


BASE = ShardingConfig()
"""


def _sharded_project(tmp_path: Path, state_dict_type: str, imported: str, called: str) -> Path:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "sharding.py").write_text(SHARDING)
    (tmp_path / "experiments").mkdir()
    (tmp_path / "experiments" / "__init__.py").write_text("")
    (tmp_path / "experiments" / "finetune.py").write_text(
        f"import dataclasses\nfrom sharding import BASE\nSHARDING = dataclasses.replace(BASE, state_dict_type={state_dict_type!r})\n")
    train = tmp_path / "train.py"
    train.write_text(f"from lightning.fabric import Fabric\n{imported}\n\n\ndef run(fabric):\n    pass\n\n\n"
                     f"fabric = Fabric(accelerator='tpu', strategy={called})\nfabric.launch(run)\n")
    return train


def test_a_method_run_on_another_module_s_copy_reads_the_copy_s_fields(tmp_path):
    consolidated = ("`state_dict_type='consolidated'` is neither 'full' nor 'sharded': XLAFSDPStrategy accepts it and "
                    "`fabric.save` silently writes sharded files, but `fabric.load` raises ValueError: Unknown "
                    "state_dict_type: consolidated. The checkpoint you saved cannot be read back (in `strategy`, `sharding.py`, "
                    "line 11, for this call)")
    for name, (imported, called, at) in {
        "a": ("from experiments import finetune", "finetune.SHARDING.strategy()", "9:45-9:71"),
        "b": ("from experiments.finetune import SHARDING", "SHARDING.strategy()", "9:45-9:62"),
        "c": ("from experiments import finetune\nsharding = finetune.SHARDING", "sharding.strategy()", "10:45-10:62"),
    }.items():
        train = _sharded_project(tmp_path / name, "consolidated", imported, called)
        assert _checked(train) == [("LXF020", "error", at, "finetune.py:3:54-3:68", consolidated)], name
        assert _checked(_sharded_project(tmp_path / f"{name}_ok", "full", imported, called)) == [], name


KWARGS_METHOD = SHARDING.replace('''    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, state_dict_type=self.state_dict_type)''', '''    def kwargs(self):
        return {"state_dict_type": self.state_dict_type}''')


def test_what_another_module_s_method_returns_is_read_for_the_receiver_it_is_called_on(tmp_path):
    # `Flow.returns_from` of a method: its body read with `self` the one instance the call is made on
    called = "XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, **finetune.SHARDING.kwargs())"
    imported = "from lightning.fabric.strategies import XLAFSDPStrategy\nfrom torch import nn\nfrom experiments import finetune"
    for name, value, expected in [("bad", "consolidated", ["LXF020"]), ("ok", "sharded", [])]:
        train = _sharded_project(tmp_path / name, value, imported, called)
        (tmp_path / name / "sharding.py").write_text(KWARGS_METHOD)
        found_here = _checked(train)
        assert [f[0] for f in found_here] == expected, name
        if expected:
            assert found_here[0][1:4] == ("error", "11:93-11:119", "finetune.py:3:54-3:68")


def test_a_helper_s_store_is_read_on_the_name_that_holds_the_instance_too():
    source = textwrap.dedent("""\
        from lightning.fabric.strategies import XLAFSDPStrategy
        class Config:
            def __init__(self):
                self.remat = {Block}
        def deepen(settings):
            settings.remat = [Block]
        cfg = Config()
        deepen(cfg)
        strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=cfg.remat)
    """)
    assert found(source) == [("LXF001", "error", "9:86-9:95", "`activation_checkpointing_policy` must be a set, found "
                                                              "[Block] (from `cfg.remat`, line 6)")]
    # a store of its own after the helper's is the one the read gets
    assert found(source.replace("deepen(cfg)\n", "deepen(cfg)\ncfg.remat = {Block}\n")) == []
    # the helper's after the read: not seen by it
    assert found(source.replace("deepen(cfg)\n", "").replace("activation_checkpointing_policy=cfg.remat)\n",
                                                             "activation_checkpointing_policy=cfg.remat)\ndeepen(cfg)\n")) == []


def test_getattr_of_a_class_with_a_base_the_file_does_not_show_is_not_asked():
    # the library base may have the attribute: Python asks `__getattr__` only when it does not
    source = GETATTR % (THROUGH_DICT, "return self._values[name]", '"max"')
    assert found(source.replace("class Config:", "class Config(SomeLibraryConfig):")) == []


# --- stores from outside a class, read by `self.x` in a method a later call runs ------------------------------
TRAINER = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
class Trainer:
    def __init__(self, precision="bf16-true"):
        self.precision = precision
    def fabric(self):
        return Fabric(accelerator="tpu", precision=self.precision, strategy=XLAFSDPStrategy())
    def fit(self):
        self.fabric()
if __name__ == "__main__":
    trainer = Trainer()
%s"""
AT_SELF_READ = "7:52-7:66"
MIXED = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
         "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` ")


def trainer(body: str) -> str:
    return TRAINER % textwrap.indent(textwrap.dedent(body), "    ")


def test_a_store_before_the_call_that_runs_the_method_replaces_what_the_class_left():
    assert found(trainer('trainer.precision = "bf16-mixed"\ntrainer.fit()\n')) == [
        ("LXF007", "error", AT_SELF_READ, MIXED + "(from `trainer.precision`, line 12)")]
    assert found(trainer('setattr(trainer, "precision", "bf16-mixed")\ntrainer.fit()\n')) == [
        ("LXF007", "error", AT_SELF_READ, MIXED + "(from `trainer.precision`, line 12)")]
    # a fine store over a constructor's raising value: nothing (the run is fine)
    fine = trainer('trainer.precision = "bf16-true"\ntrainer.fit()\n').replace('precision="bf16-true"):', 'precision="bf16-mixed"):')
    assert found(fine) == []


def test_a_store_after_the_call_that_runs_the_method_is_not_seen():
    assert found(trainer('trainer.fit()\ntrainer.precision = "bf16-mixed"\n')) == []
    raising = trainer('trainer.fit()\ntrainer.precision = "bf16-true"\n').replace('precision="bf16-true"):', 'precision="bf16-mixed"):')
    assert found(raising) == [("LXF007", "error", AT_SELF_READ, MIXED + "(from `precision`, line 4)")]


def test_a_store_the_method_running_call_may_or_may_not_see_is_a_warning():
    # in a branch
    assert found(trainer('if mixed:\n    trainer.precision = "bf16-mixed"\ntrainer.fit()\n')) == [
        ("LXF007", "warning", AT_SELF_READ, MIXED + "(from `trainer.precision`, line 13); on some paths")]
    # the constructor's value kept under the store not having run
    branch = trainer('if fine:\n    trainer.precision = "bf16-true"\ntrainer.fit()\n').replace(
        'precision="bf16-true"):', 'precision="bf16-mixed"):')
    assert found(branch) == [("LXF007", "warning", AT_SELF_READ,
                              MIXED + "(from `precision`, line 4); when `trainer.precision` is not set at line 13")]
    # the construction runs the method itself, before any store
    early = trainer('trainer.precision = "bf16-true"\ntrainer.fit()\n').replace(
        'precision="bf16-true"):', 'precision="bf16-mixed"):').replace(
        "self.precision = precision\n", "self.precision = precision\n        self.fabric()\n")
    assert found(early) == [("LXF007", "warning", "8:52-8:66",
                             MIXED + "(from `precision`, line 4); when `trainer.precision` is not set at line 13")]


# --- stores on the name the read uses, in the read's own block -------------------------------------------------
SAME_BLOCK = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
class Config:
    def __init__(self):
        self.loss_reduce = "mean"
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
cfg = Config()
%s"""
REDUCED = "fabric.all_reduce(torch.ones(1), reduce_op=cfg.loss_reduce)\n"


def test_a_read_in_the_block_of_its_stores_sees_the_last_store_before_it():
    last = 'cfg.loss_reduce = "sum"\ncfg.loss_reduce = "max"\n' + REDUCED
    assert found(SAME_BLOCK % last) == [("LXF027", "error", "12:44-12:59", MAX)]
    assert found(SAME_BLOCK % ('cfg.loss_reduce = "max"\ncfg.loss_reduce = "sum"\n' + REDUCED)) == []
    # a store after the read is not seen
    assert found(SAME_BLOCK % ('cfg.loss_reduce = "max"\n' + REDUCED + 'cfg.loss_reduce = "sum"\n')) == [
        ("LXF027", "error", "11:44-11:59", MAX)]
    assert found(SAME_BLOCK % (REDUCED + 'cfg.loss_reduce = "max"\n')) == []


# --- an instance kept by another object, read when that object's method runs --------------------------------
KEPT = textwrap.dedent("""\
    import torch
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    from torch import nn
    class Config:
        def __init__(self):
            self.loss_reduce = "%s"
    class Trainer:
        def __init__(self, cfg):
            self.cfg = cfg
        def fit(self, fabric):
            fabric.all_reduce(torch.ones(1), reduce_op=self.cfg.loss_reduce)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    cfg = Config()
    %s
""")
AT_METHOD = "12:52-12:72"


def test_a_store_after_the_hand_over_is_seen_by_the_keeper_s_later_method():
    before_fit = 'trainer = Trainer(cfg)\ncfg.loss_reduce = "%s"\ntrainer.fit(fabric)'
    assert found(KEPT % ("max", before_fit % "sum")) == []  # the fine twin: the store fixes it before `fit`
    assert found(KEPT % ("sum", before_fit % "max")) == [("LXF027", "error", AT_METHOD, MAX)]
    after_fit = 'trainer = Trainer(cfg)\ntrainer.fit(fabric)\ncfg.loss_reduce = "%s"'
    assert found(KEPT % ("max", after_fit % "sum")) == [("LXF027", "error", AT_METHOD, MAX)]
    assert found(KEPT % ("sum", after_fit % "max")) == []
    # read both before and after the store: the two `fit`s see different values, which this rule (one value
    # on every path) does not decide; the second `fit` does raise: a miss, never a false error
    twice = 'trainer = Trainer(cfg)\ntrainer.fit(fabric)\ncfg.loss_reduce = "max"\ntrainer.fit(fabric)'
    assert found(KEPT % ("sum", twice)) == []


def test_a_keeper_reading_it_in_init_reads_it_when_built():
    source = (KEPT % ("max", 'trainer = Trainer(cfg)\ncfg.loss_reduce = "sum"\ntrainer.fit(fabric)')).replace(
        "self.cfg = cfg\n", "self.cfg = cfg\n        self.op = cfg.loss_reduce\n").replace(
        "reduce_op=self.cfg.loss_reduce", "reduce_op=self.op")
    assert [f[:2] for f in found(source)] == [("LXF027", "error")]


# --- a module builds (or copies) an instance of another module's class and stores on it at top level --------
PRECISION_16 = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', "
                "'16-true', 'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes "
                "`XLAPrecision(...)` (from `TPU.precision`, `tpu_config.py`, line %d)")


def _three_modules(tmp_path: Path, tpu_config: str) -> Path:
    """base_config.py defines the class (and BASE), tpu_config.py builds or copies one and stores on it, train.py
    reads it through an import."""
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "base_config.py").write_text(textwrap.dedent("""\
        class TrainConfig:
            def __init__(self):
                self.precision = "32-true"
        BASE = TrainConfig()
    """))
    (tmp_path / "tpu_config.py").write_text(textwrap.dedent(tpu_config))
    train = tmp_path / "train.py"
    train.write_text(textwrap.dedent("""\
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        from tpu_config import TPU as cfg
        def run(fabric):
            pass
        fabric = Fabric(accelerator="tpu", precision=cfg.precision, strategy=XLAFSDPStrategy())
        fabric.launch(run)
    """))
    return train


def test_a_top_level_store_on_another_module_s_instance_is_what_an_importer_reads(tmp_path):
    built = 'from base_config import TrainConfig\nTPU = TrainConfig()\nTPU.precision = "bf16-mixed"\n'
    assert _checked(_three_modules(tmp_path / "built", built)) == [
        ("LXF007", "error", "6:46-6:59", "tpu_config.py:3:17-3:29", PRECISION_16 % 3)]
    copied = 'import copy\nfrom base_config import BASE\nTPU = copy.copy(BASE)\nTPU.precision = "bf16-mixed"\n'
    assert _checked(_three_modules(tmp_path / "copied", copied)) == [
        ("LXF007", "error", "6:46-6:59", "tpu_config.py:4:17-4:29", PRECISION_16 % 4)]
    deep = copied.replace("copy.copy", "copy.deepcopy")
    assert [f[:4] for f in _checked(_three_modules(tmp_path / "deep", deep))] == [
        ("LXF007", "error", "6:46-6:59", "tpu_config.py:4:17-4:29")]


def test_a_store_an_importer_does_not_see_or_on_another_object_gives_no_error(tmp_path):
    fine = 'from base_config import TrainConfig\nTPU = TrainConfig()\nTPU.precision = "bf16-true"\n'
    assert _checked(_three_modules(tmp_path / "fine", fine)) == []
    # the last store wins: the importer reads the module after it ran
    again = fine.replace('"bf16-true"\n', '"bf16-mixed"\nTPU.precision = "bf16-true"\n')
    assert _checked(_three_modules(tmp_path / "again", again)) == []
    # a store on the source after the copy is the source's alone
    source = 'import copy\nfrom base_config import BASE\nTPU = copy.copy(BASE)\nBASE.precision = "bf16-mixed"\n'
    assert _checked(_three_modules(tmp_path / "source", source)) == []
    # in a branch: may or may not have run
    branch = 'import os\nfrom base_config import TrainConfig\nTPU = TrainConfig()\nif os.environ.get("MIXED"):\n' \
             '    TPU.precision = "bf16-mixed"\n'
    assert [f[:2] for f in _checked(_three_modules(tmp_path / "branch", branch)) if f[1] == "error"] == []
