"""Keys that come through `**`: a `**kwargs` parameter holds the keys of the dicts its callers spread
(`clip(..., **settings)`), a dict with one value per construction or branch is read under each one's
condition, and a namespace built from a dict (`SimpleNamespace(**d)`) holds its keys as attributes."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix
from tests.test_flow import probe

HEAD = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
        "from model import Block, Net\n\n\n")
ONE_OF = ("Only one of `clip_val` or `max_norm` can be set as this specifies the underlying clipping algorithm: "
          "Fabric raises ValueError (XLAFSDP clips by norm only: keep `max_norm`)")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


CLIP_HELPER = HEAD + '''NORM = {"max_norm": 1.0}
VALUE = {"clip_val": 0.5}


def clip(fabric, model, optimizer, **how):
    fabric.clip_gradients(model, optimizer, **how)


def train(fabric):
    model, optimizer = fabric.setup_module(Net()), None
    clip(fabric, model, optimizer, **{**NORM, **VALUE})


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
fabric.launch(train)
'''


# --- a `**kwargs` parameter given `**d` ------------------------------------------------------------------
def test_a_double_star_parameter_holds_the_keys_of_a_dict_its_caller_spreads():
    assert probe("""
        def make_strategy(wrap=None, **overrides):
            probe(overrides["remat"])
        make_strategy(wrap={Block}, **{"remat": [Block]})
    """) == [("list", 4, 40, ())]
    assert probe("""
        def make_strategy(**overrides):
            probe(overrides["remat"])
        make_strategy(**dict(remat=[Block]), other=1)
    """) == [("list", 4, 27, ())]


def test_a_key_another_parameter_takes_is_not_in_the_double_star_parameter():
    assert probe("""
        BASE = {"wrap": {Block}, "remat": [Block]}
        def make_strategy(wrap=None, **overrides):
            probe(overrides.get("wrap"))
        make_strategy(**BASE)
    """) == [("none", 4, 10, ())]


def test_a_spread_dict_with_a_value_per_branch_gives_one_dict_per_branch():
    assert probe("""
        A = {"remat": [Block]}
        B = {"remat": {Block}}
        def make_strategy(**overrides):
            probe(overrides["remat"])
        make_strategy(**(A if flag else B))
    """) == [("list", 2, 14, ("flag",)), ("set", 3, 14, ("not flag",))]


def test_a_spread_the_layer_cannot_read_leaves_the_parameter_unknown():
    assert probe("""
        def make_strategy(**overrides):
            probe(overrides["remat"])
        make_strategy(**load_options())
    """)[0][0] == "unknown"


def test_a_helper_given_both_clipping_keys_through_a_spread_merge_is_an_error():
    assert found(CLIP_HELPER) == [("LXF015", "error", ONE_OF, 11, 4)]
    assert found(CLIP_HELPER.replace("**{**NORM, **VALUE}", "**dict(NORM, **VALUE)")) == [
        ("LXF015", "error", ONE_OF, 11, 4)]


def test_a_helper_given_one_clipping_key_through_a_spread_is_fine():
    assert found(CLIP_HELPER.replace("**{**NORM, **VALUE}", "**NORM")) == []
    assert found(CLIP_HELPER.replace("**{**NORM, **VALUE}", "**{**NORM, 'clip_val': None}")) == []


def test_a_named_parameter_holds_the_entry_of_the_dict_its_caller_spreads_or_its_default():
    assert probe("""
        KW = {"remat": [Block], "wrap": {Block}}
        def make_strategy(wrap=None, remat=None):
            probe(remat)
        make_strategy(**KW)
    """) == [("list", 2, 15, ())]
    assert probe("""
        KW = {"wrap": {Block}}
        def make_strategy(wrap=None, remat=None):
            probe(remat)
        make_strategy(**KW)
    """) == [("none", 3, 35, ())]
    assert probe("""
        A = {"remat": [Block]}
        def make_strategy(wrap=None, remat=(Block,)):
            probe(remat)
        make_strategy(**(A if c else {}))
    """) == [("list", 2, 14, ("c",)), ("tuple", 3, 35, ("not c",))]
    assert probe("""
        def make_strategy(wrap=None, remat=None):
            probe(remat)
        make_strategy(**load())
    """)[0][0] == "unknown"


BUILD = HEAD + '''STRATEGY = {"policy": {Block}, "remat": [Block]}


def build(policy=None, remat=None):
    return XLAFSDPStrategy(auto_wrap_policy=policy, activation_checkpointing_policy=remat)


fabric = Fabric(accelerator="tpu", strategy=build(**STRATEGY))
'''


def test_a_helper_s_parameters_given_through_a_spread_dict_are_checked():
    assert found(BUILD) == [("LXF001", "error", "`activation_checkpointing_policy` must be a set, found [Block] "
                             "(from `remat`, line 6)", 10, 84)]
    assert found(BUILD.replace('"remat": [Block]', '"remat": {Block}')) == []
    assert found(BUILD.replace(', "remat": [Block]', "")) == []


# --- a `**` that holds one of several dicts ---------------------------------------------------------------
BOTH = ("`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning raises "
        "ValueError at setup (the policy is turned into its own auto wrapper)")
PRESETS = ("from dataclasses import dataclass, field\n" + HEAD.replace("Block, Net", "Block, Net, wrapper") + '''@dataclass
class Preset:
    extra: dict = field(default_factory=dict)

    def build(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, **self.extra)


PLAIN = Preset()
REMAT = Preset(extra={"auto_wrapper_callable": wrapper, "activation_checkpointing_policy": {Block}})
''')
BRANCHES = ("import argparse\n" + HEAD.replace("Block, Net", "Block, Net, wrapper") + '''\
REMAT = {"auto_wrapper_callable": wrapper, "activation_checkpointing_policy": {Block}}
PLAIN = {"auto_wrapper_callable": wrapper}
parser = argparse.ArgumentParser()
parser.add_argument("--remat", action="store_true")
args = parser.parse_args()
extra = REMAT if args.remat else PLAIN
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, **extra))
''')


def test_keys_one_construction_gives_a_double_star_field_are_a_warning_naming_it():
    assert found(PRESETS) == [("LXF002", "warning", BOTH + "; when built at line 16", 16, 47)]
    fixes = check_source(PRESETS, "train.py").findings[0].fixes
    assert [f.title for f in fixes] == ["Remove `auto_wrapper_callable`", "Remove `activation_checkpointing_policy`"]


def test_keys_every_construction_gives_are_an_error():
    every = PRESETS.replace("PLAIN = Preset()", "PLAIN = Preset(extra={'auto_wrapper_callable': None, "
                                                "'activation_checkpointing_policy': {Block}})")
    assert found(every) == [("LXF002", "error", BOTH, 12, 59)]


def test_constructions_that_each_give_one_of_the_two_keys_are_fine():
    split = PRESETS.replace("PLAIN = Preset()", "PLAIN = Preset(extra={'activation_checkpointing_policy': {Block}})")
    assert found(split.replace(', "activation_checkpointing_policy": {Block}})', "})")) == []
    assert found(PRESETS.replace(', "activation_checkpointing_policy": {Block}', "")) == []


def test_a_dict_picked_by_a_branch_is_read_under_its_condition():
    assert found(BRANCHES) == [("LXF002", "warning", BOTH + "; when args.remat", 13, 88)]
    statement = BRANCHES.replace("extra = REMAT if args.remat else PLAIN",
                                 "if args.remat:\n    extra = REMAT\nelse:\n    extra = PLAIN")
    assert found(statement) == [("LXF002", "warning", BOTH + "; when args.remat", 16, 88)]


def test_the_same_dict_on_every_branch_is_passed_on_every_path():
    for same in ("PLAIN = REMAT", "PLAIN = {**REMAT}"):
        assert found(BRANCHES.replace('PLAIN = {"auto_wrapper_callable": wrapper}', same)) == [
            ("LXF002", "error", BOTH, 7, 34)]


def test_branches_that_each_give_one_of_the_two_keys_are_fine():
    split = BRANCHES.replace('PLAIN = {"auto_wrapper_callable": wrapper}',
                             'PLAIN = {"activation_checkpointing_policy": {Block}}')
    assert found(split.replace('wrapper, "activation_checkpointing_policy": {Block}}', "wrapper}")) == []


# --- a namespace built from a dict ------------------------------------------------------------------------
TPU_DDP = ("The TPU accelerator runs only under Lightning's XLA strategies, so `Fabric(...)` raises ValueError: The "
           "`XLAAccelerator` can only be used with a `SingleDeviceXLAStrategy`, `XLAStrategy`, or `XLAFSDPStrategy`. "
           "Use `strategy=\"xla\"` for data parallel on TPU cores")
COMPOSED = '''import lightning as L
from types import SimpleNamespace

TRAINER = {"accelerator": "tpu", "devices": "auto", "strategy": "ddp"}
cfg = SimpleNamespace(trainer=SimpleNamespace(**TRAINER), steps=2)
fabric = L.Fabric(**vars(cfg.trainer))
'''


def test_a_namespace_s_attributes_are_the_keys_of_the_dict_it_is_built_from():
    assert probe("""
        from types import SimpleNamespace
        ns = SimpleNamespace(**{"strategy": "ddp"})
        probe(ns.strategy)
    """) == [("str", 3, 36, ())]
    assert probe("""
        import argparse
        D = {"strategy": "ddp"}
        ns = argparse.Namespace(**D, devices=4)
        probe(ns.strategy)
    """) == [("str", 3, 17, ())]
    assert probe("""
        import types
        A = {"strategy": "ddp"}
        B = {"strategy": "xla"}
        ns = types.SimpleNamespace(**(A if c else B))
        probe(vars(ns)["strategy"])
    """) == [("str", 3, 17, ("c",)), ("str", 4, 17, ("not c",))]


def test_vars_of_a_namespace_is_the_dict_of_its_attributes_unless_something_sets_one():
    assert probe("""
        import types
        ns = types.SimpleNamespace(**{"strategy": "ddp"}, devices=8)
        probe(vars(ns)["devices"])
    """) == [("number", 3, 58, ())]
    for store in ('setattr(ns, name, "xla")', 'if fast:\n                ns.strategy = "xla"'):
        assert probe(f"""
            import types
            ns = types.SimpleNamespace(**{{"strategy": "ddp"}})
            {store}
            probe(vars(ns)["strategy"])
        """)[0][0] == "unknown"
    # one store on the path from the building to the read: what it stores
    assert probe("""
        import types
        ns = types.SimpleNamespace(**{"strategy": "ddp"})
        ns.strategy = "xla"
        probe(vars(ns)["strategy"])
    """) == [("str", 4, 14, ())]


def test_a_fabric_given_vars_of_a_composed_namespace_is_checked():
    assert found(COMPOSED) == [("LXF033", "error", TPU_DDP, 4, 64)]
    spelled = COMPOSED.replace("**vars(cfg.trainer)", "accelerator=cfg.trainer.accelerator, strategy=cfg.trainer.strategy")
    assert found(spelled) == [("LXF033", "error", TPU_DDP + " (from `strategy`, line 4)", 6, 64)]
    args = "import argparse\nimport lightning as L\n\nargs = argparse.Namespace(**{'accelerator': 'tpu', 'strategy': 'dp'})\n"
    assert found(args + "fabric = L.Fabric(**vars(args))\n") == [("LXF033", "error", TPU_DDP, 4, 63)]


def test_a_composed_namespace_with_an_xla_strategy_or_changed_after_it_is_built_is_fine():
    assert found(COMPOSED.replace('"ddp"', '"xla"')) == []
    changed = COMPOSED.replace("fabric = ", 'cfg.trainer.strategy = "xla"\nfabric = ')
    assert found(changed) == []
    spelled = "accelerator=cfg.trainer.accelerator, strategy=cfg.trainer.strategy"
    assert found(changed.replace("**vars(cfg.trainer)", spelled)) == []


def test_the_fixes_at_a_spread_dict_s_entries_make_the_finding_go():
    for text in (COMPOSED, PRESETS, BRANCHES):
        for fix in check_source(text, "train.py").findings[0].fixes:
            fixed = apply_fix(text, fix.edits)
            assert compile(fixed, "train.py", "exec") and found(fixed) == [], fix.title


# --- a namespace composed entry by entry ------------------------------------------------------------------
RECURSIVE = '''import lightning as L
from types import SimpleNamespace

DEFAULTS = {"trainer": {"accelerator": "tpu", "strategy": "dp"}, "steps": 2}


def to_ns(d):
    return SimpleNamespace(**{key: to_ns(val) if isinstance(val, dict) else val for key, val in d.items()})


cfg = to_ns(DEFAULTS)
fabric = L.Fabric(**vars(cfg.trainer))
'''


def test_a_dict_comprehension_s_value_is_read_entry_by_entry():
    assert probe("""
        T = {"remat": [Block], "wrap": (Block,)}
        probe({k: set(v) for k, v in T.items()}["remat"])
    """) == [("set", 3, 10, ())]
    assert probe("""
        X = {"a": 1}
        probe([Block] if isinstance(X, dict) else {Block})
    """) == [("list", 3, 6, ())]
    assert [k for k, *_ in probe("""
        probe([Block] if isinstance(x, dict) else {Block})
    """)] == ["list", "set"]


def test_a_recursive_call_outside_a_comprehension_still_gives_the_parameter():
    assert probe("""
        def f(x):
            probe(x)
            f([Block])
        f({Block})
    """) == [("list", 4, 6, ("when called at line 4",)), ("set", 5, 2, ("when called at line 5",))]


def test_a_namespace_built_recursively_from_a_nested_dict_is_checked():
    assert found(RECURSIVE) == [("LXF033", "error", TPU_DDP + " (from line 4)", 12, 20)]
    spelled = "accelerator=cfg.trainer.accelerator, strategy=cfg.trainer.strategy"
    assert found(RECURSIVE.replace("**vars(cfg.trainer)", spelled)) == [
        ("LXF033", "error", TPU_DDP + " (from `strategy`, line 4)", 12, 64)]
    assert found(RECURSIVE.replace('"dp"', '"xla"')) == []
    assert found(RECURSIVE.replace('"dp"', '"xla"').replace("**vars(cfg.trainer)", spelled)) == []


# --- a `**kwargs` forwarded: empty when no caller gives a keyword ------------------------------------------
NEITHER = ("You have to specify either `clip_val` or `max_norm` to do gradient clipping: neither is set, so Fabric "
           "raises ValueError")
BY_VALUE = ("XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises NotImplementedError. "
            "Clip by norm with `max_norm` instead")


def forwarding(levels: int, given: str = "") -> str:
    """`clip` clips only when it is given settings; `levels - 1` step helpers forward their `**clip_kwargs` to it,
    and `train` calls the outermost with `given` (keywords, or nothing)."""
    text = HEAD + ("def clip(fabric, model, optimizer, **clip_kwargs):\n    if clip_kwargs:\n"
                   "        fabric.clip_gradients(model, optimizer, **clip_kwargs)\n\n\n")
    callee = "clip"
    for level in range(1, levels):
        text += (f"def step{level}(fabric, model, optimizer, **clip_kwargs):\n"
                 f"    {callee}(fabric, model, optimizer, **clip_kwargs)\n\n\n")
        callee = f"step{level}"
    return text + (f"def train(fabric):\n    model = fabric.setup_module(Net())\n    {callee}(fabric, model, None{given})\n"
                   "\n\nfabric = Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))\n"
                   "fabric.launch(train)\n")


def test_a_guard_on_a_forwarded_kwargs_no_caller_fills_is_false_at_every_level():
    for levels in (1, 2, 3):
        assert found(forwarding(levels)) == [], levels


def test_a_forwarded_kwargs_given_a_clipping_keyword_is_checked_at_every_level():
    for levels in (1, 2, 3):
        line, column = 9 + 4 * levels, 39 if levels == 1 else 40  # the keyword in `train`'s call
        assert found(forwarding(levels, ", clip_val=0.5")) == [("LXF014", "error", BY_VALUE, line, column)], levels
        assert found(forwarding(levels, ", max_norm=1.0")) == [], levels


def test_a_forwarded_kwargs_without_its_guard_still_clips_with_neither_key():
    unguarded = forwarding(3).replace("    if clip_kwargs:\n        fabric", "    fabric")
    assert found(unguarded) == [("LXF015", "error", NEITHER, 7, 4)]


def test_a_dict_of_double_star_entries_is_as_empty_as_what_they_hold():
    assert probe("""
        def clip(**clip_kwargs):
            probe(clip_kwargs or "none given")
        def step(**clip_kwargs):
            clip(**clip_kwargs)
        step()
    """) == [("str", 3, 25, ())]
    assert probe("""
        def clip(**clip_kwargs):
            probe(clip_kwargs or "none given")
        def step(**clip_kwargs):
            clip(**clip_kwargs)
        step(max_norm=1.0)
    """) == [("dict", 5, 4, ())]  # `step`'s `**clip_kwargs`, forwarded
    assert [k for k, *_ in probe("""
        def clip(**clip_kwargs):
            probe(clip_kwargs or "none given")
        def step(**clip_kwargs):
            clip(**clip_kwargs)
        step(**load())
    """)] == ["unknown", "str"]  # what `load()` gives, empty or not


def test_a_spread_of_several_dicts_all_empty_is_read_whole_and_empty():
    assert probe("""
        def clip(**clip_kwargs):
            probe({**clip_kwargs} or "none given")
        clip()
        clip(**{})
    """) == [("str", 3, 29, ())]
    assert [k for k, *_ in probe("""
        def clip(**clip_kwargs):
            probe({**clip_kwargs} or "none given")
        clip()
        clip(max_norm=1.0)
    """)] == ["dict", "str"]


# --- the keywords `fabric.launch(train, ...)` passes on -----------------------------------------------------
def launched(levels: int, given: str = "") -> str:
    """`train(fabric, **clip_kwargs)` launched with `given`, forwarding its `**clip_kwargs` down `levels` helpers
    to `clip`, which clips only when it is given settings."""
    text = forwarding(levels).split("def train")[0]
    callee = "clip" if levels == 1 else f"step{levels - 1}"
    return text + (f"def train(fabric, steps=2, **clip_kwargs):\n    model = fabric.setup_module(Net())\n"
                   f"    {callee}(fabric, model, None, **clip_kwargs)\n\n\n"
                   "fabric = Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))\n"
                   f"fabric.launch(train, steps=2{given})\n")


def test_the_keywords_a_launch_passes_reach_the_launched_function_s_double_star_parameter():
    for levels in (1, 2, 3):
        line = 13 + 4 * levels  # the launch, underlined at the value it gives `clip_val`
        assert found(launched(levels, ", clip_val=0.5")) == [("LXF014", "error", BY_VALUE, line, 39)], levels
        assert found(launched(levels, ", max_norm=1.0")) == [], levels
        assert found(launched(levels)) == [], levels  # no settings: `if clip_kwargs:` is false


def test_a_launch_s_double_star_dict_gives_the_launched_function_s_named_parameters():
    text = HEAD + '''SETTINGS = {"clip_val": 0.5}


def train(fabric, steps=2, clip_val=None):
    model = fabric.setup_module(Net())
    if clip_val is not None:
        fabric.clip_gradients(model, None, clip_val=clip_val)


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
fabric.launch(train, **SETTINGS)
'''
    assert found(text) == [("LXF014", "error", BY_VALUE, 12, 43)]
    assert found(text.replace('"clip_val": 0.5', '"steps": 3')) == []  # clip_val keeps its default None


def test_a_call_that_cannot_bind_runs_no_body_and_gives_its_double_star_parameter_nothing():
    text = ("from lightning.fabric import Fabric\n\n\ndef train(fabric, model, optimizer, **clip_kwargs):\n"
            "    fabric.clip_gradients(model, optimizer, **clip_kwargs)\n\n\n"
            "fabric = Fabric(strategy='xla_fsdp')\nfabric.launch(train)\n")
    assert found(text) == []  # `train(fabric)` raises TypeError: model and optimizer missing
    assert found(text.replace("launch(train)", "launch(train, 1, 2)")) == [("LXF015", "error", NEITHER, 5, 4)]
    assert found(text.replace("fabric.launch(train)", "train(fabric)")) == []
    assert found(text.replace("fabric.launch(train)", "train(fabric, 1, 2)")) == [("LXF015", "error", NEITHER, 5, 4)]


def test_a_guard_on_the_size_or_truth_of_a_forwarded_kwargs_is_decided_alike():
    for guard in ("if len(clip_kwargs) > 0:", "if len(clip_kwargs):", "if bool(clip_kwargs):"):
        for levels in (1, 3):
            assert found(forwarding(levels).replace("if clip_kwargs:", guard)) == [], (guard, levels)
            line, column = 9 + 4 * levels, 39 if levels == 1 else 40
            assert found(forwarding(levels, ", clip_val=0.5").replace("if clip_kwargs:", guard)) == [
                ("LXF014", "error", BY_VALUE, line, column)], (guard, levels)
    rebound = forwarding(2).replace("if clip_kwargs:", "if len(clip_kwargs) > 0:").replace(
        "from model", "len = max\nfrom model")  # not the builtin: the guard stays open
    assert [f[0] for f in found(rebound)] == ["LXF015"]


def test_a_guard_comparing_a_forwarded_kwargs_to_an_empty_dict_is_decided_by_its_keys():
    # oracle: `if clip_kwargs != {}:` given nothing, OK; given clip_val=0.5, NotImplementedError;
    # `if clip_kwargs == {}:` given nothing, ValueError (neither is set)
    for guard in ("if clip_kwargs != {}:", "if {} != clip_kwargs:", "if not clip_kwargs == {}:",
                  "if clip_kwargs != dict():"):
        for levels in (1, 3):
            assert found(forwarding(levels).replace("if clip_kwargs:", guard)) == [], (guard, levels)
            line, column = 9 + 4 * levels, 39 if levels == 1 else 40
            assert found(forwarding(levels, ", clip_val=0.5").replace("if clip_kwargs:", guard)) == [
                ("LXF014", "error", BY_VALUE, line, column)], (guard, levels)
            assert found(forwarding(levels, ", max_norm=1.0").replace("if clip_kwargs:", guard)) == [], (guard, levels)
    empty = forwarding(2).replace("if clip_kwargs:", "if clip_kwargs == {}:")
    assert found(empty) == [("LXF015", "error", NEITHER, 8, 8)]
    assert found(forwarding(2, ", clip_val=0.5").replace("if clip_kwargs:", "if clip_kwargs == {}:")) == []
    rebound = forwarding(2).replace("if clip_kwargs:", "if clip_kwargs != dict():").replace(
        "from model", "dict = lambda: {'max_norm': 1.0}\nfrom model")  # not the builtin: the guard stays open
    assert [f[0] for f in found(rebound)] == ["LXF015"]


def test_a_guard_on_a_key_of_a_forwarded_kwargs_is_decided_by_its_keys():
    # oracle: `if "max_norm" in clip_kwargs:` given clip_val=0.5 only, OK (the clip never runs)
    guard = 'if "max_norm" in clip_kwargs:'
    for levels in (1, 3):
        assert found(forwarding(levels, ", clip_val=0.5").replace("if clip_kwargs:", guard)) == [], levels
        assert found(forwarding(levels).replace("if clip_kwargs:", guard)) == [], levels
    either = 'if "clip_val" in clip_kwargs or "max_norm" in clip_kwargs:'
    assert found(forwarding(2).replace("if clip_kwargs:", either)) == []
    assert found(forwarding(2, ", clip_val=0.5").replace("if clip_kwargs:", either)) == [
        ("LXF014", "error", BY_VALUE, 17, 40)]
    absent = forwarding(2, ", max_norm=1.0").replace("if clip_kwargs:", 'if "clip_val" not in clip_kwargs:')
    assert found(absent) == []
    got = forwarding(2, ", clip_val=0.5").replace("if clip_kwargs:", 'if clip_kwargs.get("max_norm") is not None:')
    assert found(got) == []
