"""A dataclass's `__post_init__` writing its own fields: what a field holds once the instance is built (a
store on every path wins, a test the construction decides picks its branch, a test it leaves open gives one
value per branch, each under its condition), `dataclasses.replace` running it again on the copy, frozen
dataclasses storing with `object.__setattr__`, a method it calls on `self`; a plain class's `__init__` read
the same way for the construction's arguments; and what the rules then say, with the fix applied and re-checked."""

from __future__ import annotations

import ast
import textwrap

from errata_lsp.analysis import apply_fix, check_source

try:
    from test_flow import context, probe
except ImportError:
    from tests.test_flow import context, probe

HEAD = """
    import dataclasses
    import os
    from dataclasses import dataclass, field
"""


def values(body: str) -> list[tuple[str, int | None, int | None, tuple[str, ...]]]:
    return probe(HEAD + textwrap.dedent(body))


# --- the layer ------------------------------------------------------------------------------------------------
def test_a_store_on_every_path_replaces_what_the_construction_gave():
    assert values("""
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                self.policy = self.layers
        probe(Sharding(layers=(Block,)).policy)
    """) == [("tuple", 12, 22, ())]


def test_a_test_the_construction_decides_keeps_its_branch():
    source = """
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                if self.layers and self.policy is None:
                    self.policy = list(self.layers)
        probe(Sharding({}).policy)
    """
    assert values(source.replace("{}", "(Block,)")) == [("list", 12, 26, ())]  # filled
    assert values(source.replace("{}", "(Block,), {Block}")) == [("set", 13, 25, ())]  # given: kept
    assert values(source.replace("{}", "")) == [("none", 9, 21, ())]  # nothing to fill it with


def test_a_test_left_open_gives_each_value_under_its_condition():
    assert values("""
        @dataclass
        class Sharding:
            layers: tuple = (Block,)
            policy: object = None
            def __post_init__(self):
                if os.environ.get("REMAT"):
                    self.policy = self.layers
        probe(Sharding().policy)
    """) == [("tuple", 8, 20, ('os.environ.get("REMAT")',)), ("none", 9, 21, ('not os.environ.get("REMAT")',))]


def test_a_return_or_a_raise_ends_the_method():
    source = """
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                layers = self.layers
                if not layers:
                    {}
                self.policy = list(layers)
        probe(Sharding({}).policy)
    """
    returns = source.replace("{}", "return", 1)
    assert values(returns.replace("{}", "(Block,)")) == [("list", 14, 22, ())]
    assert values(returns.replace("{}", "")) == [("none", 9, 21, ())]
    raises = source.replace("{}", "raise ValueError('no layers')", 1)
    assert values(raises.replace("{}", "(Block,)")) == [("list", 14, 22, ())]


def test_a_later_test_reads_what_the_earlier_stores_left_and_isinstance_is_decided():
    source = """
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                if self.policy is None:
                    self.policy = self.layers
                if isinstance(self.policy, (list, tuple)):
                    self.policy = set(self.policy)
        probe(Sharding({}).policy)
    """
    assert values(source.replace("{}", "[Block]")) == [("set", 14, 26, ())]  # filled with a list, then made a set
    assert values(source.replace("{}", "policy={Block}")) == [("set", 15, 22, ())]  # a set is kept as given
    assert values(source.replace("{}", "policy=frozenset({Block})")) == [("frozenset", 15, 22, ())]
    # a value whose type the layer cannot tell leaves the test open
    assert values(source.replace("{}", "policy=make_policy()")) == [
        ("set", 14, 26, ("isinstance(self.policy, (list, tuple))",)),
        ("tuple", 8, 20, ("not isinstance(self.policy, (list, tuple))", "self.policy is None")),
        ("unknown", 15, 22, ("not isinstance(self.policy, (list, tuple))", "self.policy is not None"))]


def test_a_try_body_stores_and_its_handler_runs_instead_when_it_raises():
    source = """
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                try:
                    self.policy = set(self.layers)
                except TypeError:
                    {}
        probe(Sharding(layers=[Block]).policy)
    """
    assert values(source.replace("{}", "pass")) == [("set", 12, 26, ()),
                                                     ("none", 9, 21, ("the `try` at line 11 raises",))]
    assert values(source.replace("{}", "raise")) == [("set", 12, 26, ())]


def test_a_field_the_constructor_does_not_take_is_filled_by_post_init_and_shifts_no_argument():
    source = """
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = field(init=False)
            wrap: object = None
            def __post_init__(self):
                self.policy = self.layers
        probe(Sharding((Block,), {Block}).{})
    """
    assert values(source.replace("{}", "policy")) == [("tuple", 13, 15, ())]
    assert values(source.replace("{}", "wrap")) == [("set", 13, 25, ())]  # the second argument: `wrap`'s


def test_frozen_dataclasses_store_through_object_setattr():
    source = """
        @dataclass(frozen=True)
        class Sharding:
            layers: list = field(default_factory=lambda: [Block])
            policy: object = None
            def __post_init__(self):
                if self.policy is None:
                    {}
        probe(Sharding().policy)
    """
    assert values(source.replace("{}", 'object.__setattr__(self, "policy", self.layers)')) == [("list", 8, 49, ())]
    assert values(source.replace("{}", 'super().__setattr__("policy", set(self.layers))')) == [("set", 12, 42, ())]


def test_replace_runs_post_init_again_on_the_copy():
    source = """
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                if self.layers and self.policy is None:
                    self.policy = self.layers
        BASE = Sharding({})
        probe(dataclasses.replace(BASE, layers=(Block,)).policy)
    """
    # the copy's own fields: the keyword it changes, the rest as the original holds them
    assert values(source.replace("{}", "")) == [("tuple", 14, 39, ())]
    assert values(source.replace("{}", "policy={Block}")) == [("set", 13, 23, ())]


def test_replace_of_self_in_a_method_keeps_the_fields_every_construction_leaves():
    assert values("""
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                if self.policy is None and self.layers:
                    self.policy = self.layers
            def copy(self):
                return dataclasses.replace(self)
        cfg = Sharding(layers=[Block])
        probe(cfg.copy().policy)
    """) == [("list", 15, 22, ())]


def test_self_in_a_method_reads_the_filled_field_and_post_init_the_given_one():
    source = """
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                probe(self.policy) if self.layers else None
                if self.policy is None:
                    self.policy = self.layers
            def strategy(self):
                probe(self.policy)
        Sharding(layers=[Block])
    """
    assert values(source) == [("list", 16, 16, ())]
    assert values(source.replace("probe(self.policy)\n        Sharding", "print()\n        Sharding")) == \
        [("none", 9, 21, ())]


def test_a_subclass_runs_its_base_post_init_and_asdict_holds_the_filled_field():
    source = """
        @dataclass
        class Base:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                self.policy = tuple(self.layers)
        @dataclass
        class Sharding(Base):
            extra: int = 0
        probe({})
    """
    assert values(source.replace("{}", "Sharding(layers=[Block]).policy")) == [("tuple", 11, 22, ())]
    assert values(source.replace("{}", 'dataclasses.asdict(Sharding(layers=[Block]))["policy"]')) == [("tuple", 11, 22, ())]


def test_a_method_post_init_calls_on_self_stores_into_the_field():
    source = """
        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):
                self._fill()
            def _fill(self):
                self.policy = {}
        probe(Sharding(layers=[Block]).policy)
    """
    assert values(source.replace("{}", "set(self.layers)")) == [("set", 13, 22, ())]
    assert values(source.replace("{}", "self.layers")) == [("list", 14, 22, ())]


def test_attrs_and_pydantic_run_their_own_hook():
    source = """
        import attrs
        from pydantic import BaseModel
        @attrs.define
        class A:
            layers: tuple = ()
            policy: object = None
            def __post_init__(self):  # attrs does not call it
                self.policy = self.layers
            def __attrs_post_init__(self):
                self.policy = list(self.layers)
        class P(BaseModel):
            layers: tuple = ()
            policy: object = None
            def model_post_init(self, __context):
                self.policy = tuple(self.layers)
        probe({}(layers=(Block,)).policy)
    """
    assert values(source.replace("{}", "A")) == [("list", 15, 22, ())]
    assert values(source.replace("{}", "P")) == [("tuple", 20, 22, ())]


def test_a_plain_class_init_is_read_for_the_construction_arguments():
    source = """
        class Sharding:
            def __init__(self, layers=(), policy=None):
                self.layers = layers
                self.policy = policy
                if self.layers and self.policy is None:
                    self.policy = self.layers
        probe(Sharding({}).policy)
    """
    assert values(source.replace("{}", "(Block,)")) == [("tuple", 12, 15, ())]
    assert values(source.replace("{}", "(Block,), {Block}")) == [("set", 12, 25, ())]
    assert values(source.replace("{}", "")) == [("none", 7, 41, ())]
    assert values(source.replace("{}", "layers=make()")) == [
        ("unknown", 12, 22, ("self.layers and self.policy is None",)),
        ("none", 7, 41, ("not (self.layers and self.policy is None)",))]
    # normalised in `__init__`: the list it was given is no longer there
    assert values("""
        class Sharding:
            def __init__(self, policy):
                self.policy = policy
                if isinstance(self.policy, (list, tuple)):
                    self.policy = set(self.policy)
        probe(Sharding([Block]).policy)
    """) == [("set", 10, 26, ())]


def test_another_method_s_store_still_stands_beside_what_init_leaves():
    source = """
        class Trainer:
            policy = None
            def __init__(self, remat=False):
                if remat:
                    self.policy = [Block]
            def setup(self):
                self.policy = {Block}
        probe(Trainer({}).policy)
    """
    assert values(source.replace("{}", "True")) == [("list", 10, 26, ()), ("set", 12, 22, ())]
    assert values(source.replace("{}", "")) == [("none", 7, 13, ()), ("set", 12, 22, ())]  # the class attribute


CONFIG = """\
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Sharding:
    wrap: frozenset = field(default_factory=lambda: frozenset({Block}))
    remat: bool = False
    policy: object = None

    def __post_init__(self):
        object.__setattr__(self, "wrap", set(self.wrap))
        if self.remat and self.policy is None:
            object.__setattr__(self, "policy", tuple(self.wrap))


DEFAULT = Sharding()
"""


def test_replace_of_an_instance_another_module_builds_is_read_there(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    (tmp_path / "config.py").write_text(CONFIG)
    train = tmp_path / "train.py"
    train.write_text("import dataclasses\nfrom config import DEFAULT\n"
                     "cfg = dataclasses.replace(DEFAULT, remat=True)\nprobe(cfg.{})\n")
    seen = []
    for attr in ("wrap", "policy", "remat"):
        source = train.read_text().replace("{}", attr)
        ctx = context(source, str(train))
        call = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"][0]
        seen.append([(v.kind, v.line, v.foreign) for v in ctx.values(call.args[0])])
    # the copy's `__post_init__` runs in config.py: `wrap` made a set, `policy` filled for this call's `remat=True`
    assert seen == [[("set", 11, True)], [("tuple", 13, True)], [("bool", 3, False)]]
    assert probe(CONFIG + "probe(DEFAULT.policy)\n") == [("none", 8, 21, ())]  # the original: remat is False


def test_a_construction_of_another_module_s_class_passes_its_arguments_there(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    (tmp_path / "config.py").write_text(textwrap.dedent("""\
        from dataclasses import dataclass

        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None

            def __post_init__(self):
                if self.policy is None and len(self.layers) > 0:
                    self.policy = self.layers

        class Plain:
            def __init__(self, policy=None):
                self.policy = policy
    """))
    train = tmp_path / "train.py"
    seen = []
    for built in ("Sharding(layers=(Block,))", "Sharding((Block,), {Block})", "Sharding()", "Plain([Block])",
                  "Sharding(**options)"):
        train.write_text(f"from config import Plain, Sharding\ncfg = {built}\nprobe(cfg.policy)\n")
        ctx = context(train.read_text(), str(train))
        call = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"][0]
        seen.append([(v.kind, v.line, v.foreign) for v in ctx.values(call.args[0])])
    # the arguments are train.py's (line 2); the default None is config.py's; a `**` spread is not followed
    assert seen == [[("tuple", 2, False)], [("set", 2, False)], [("none", 6, True)], [("list", 2, False)],
                    [("none", 6, True)]]



SETTINGS = """\
    from dataclasses import dataclass

    from aliases import normalize

    @dataclass
    class Settings:
        precision: str = "bf16"

        def __post_init__(self):
            self.precision = normalize(self.precision)

        @property
        def fabric_kwargs(self):
            return {"precision": self.precision}
"""


def test_a_property_read_on_an_instance_runs_with_self_that_construction_after_post_init(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    (tmp_path / "aliases.py").write_text('ALIASES = {"bf16": "bf16-true"}\n\n\ndef normalize(name):\n'
                                         '    name = str(name).lower()\n    return ALIASES.get(name, name)\n')
    (tmp_path / "settings.py").write_text(textwrap.dedent(SETTINGS))
    train = tmp_path / "train.py"
    seen = []
    for built in ("Settings()", 'Settings("FP32")', 'Settings(precision="32-true")'):
        train.write_text(f"from settings import Settings\nsettings = {built}\nprobe(settings.fabric_kwargs['precision'])\n")
        ctx = context(train.read_text(), str(train))
        call = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"][0]
        seen.append([(v.kind, v.line, v.foreign, getattr(v.node, "value", None)) for v in ctx.values(call.args[0])])
    # the default "bf16" normalised through the alias table (aliases.py, line 1), not the field's default; a name
    # the table lacks is itself, lowered where `normalize` lowers it (aliases.py, line 5); a given one is kept
    assert seen == [[("str", 1, True, "bf16-true")], [("str", 5, True, "fp32")], [("str", 2, False, "32-true")]]

# --- the rules ------------------------------------------------------------------------------------------------
RULES_HEAD = """\
    import os
    from dataclasses import dataclass, field, replace
    from lightning.fabric.strategies import XLAFSDPStrategy
    from torch import nn

    @dataclass(frozen=True)
    class Sharding:
        wrap: set = field(default_factory=lambda: {nn.TransformerEncoderLayer})
        remat: tuple = (nn.TransformerEncoderLayer,)
        policy: object = None

        def __post_init__(self):
            if {test}:
                object.__setattr__(self, "policy", self.remat)

"""


def script(test: str, tail: str, store: str = "self.remat") -> str:
    return textwrap.dedent(RULES_HEAD.replace("{test}", test).replace("self.remat)", f"{store})")) + textwrap.dedent(tail)


def report(source: str) -> list[tuple[str, str, str, str]]:
    result = check_source(source, "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}", f.message)
            for f in result.findings]


def test_lxf001_on_a_policy_post_init_fills_on_every_path_is_an_error_and_its_fix_holds():
    source = script("self.policy is None", """\
        cfg = replace(Sharding(), wrap={nn.TransformerEncoderLayer})
        strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap, activation_checkpointing_policy=cfg.policy)
    """)
    assert report(source) == [
        ("LXF001", "error", "17:87", "`activation_checkpointing_policy` must be a set, found "
         "(nn.TransformerEncoderLayer,) (from `Sharding.remat`, line 9)")]
    finding = next(f for f in check_source(source, "train.py").findings if f.code == "LXF001")
    fixed = apply_fix(source, finding.fixes[0].edits)
    assert "    remat: tuple = {nn.TransformerEncoderLayer,}\n" in fixed  # the value post_init copies becomes a set
    assert report(fixed) == []


def test_lxf001_on_a_policy_post_init_fills_under_an_open_test_is_a_warning_naming_it():
    source = script('os.environ.get("REMAT") == "1"', """\
        cfg = Sharding()
        strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap, activation_checkpointing_policy=cfg.policy)
    """)
    assert report(source) == [
        ("LXF001", "warning", "17:87", "`activation_checkpointing_policy` must be a set, found "
         "(nn.TransformerEncoderLayer,) (from `Sharding.remat`, line 9); when os.environ.get(\"REMAT\") == \"1\"")]


def test_lxf001_on_a_plain_class_init_filling_the_policy_is_an_error_and_a_normalised_one_nothing():
    head = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        from torch import nn

        class Sharding:
            def __init__(self, layers=(), policy=None):
                self.layers = layers
                self.policy = policy
                if self.layers and self.policy is None:
                    self.policy = self.layers
                {}

        cfg = Sharding(layers=(nn.TransformerEncoderLayer,))
        strategy = XLAFSDPStrategy(auto_wrap_policy={nn.TransformerEncoderLayer}, activation_checkpointing_policy=cfg.policy)
    """
    assert report(textwrap.dedent(head).replace("{}", "pass")) == [
        ("LXF001", "error", "13:107", "`activation_checkpointing_policy` must be a set, found "
         "(nn.TransformerEncoderLayer,) (from `layers`, line 12)")]
    source = textwrap.dedent(head).replace("{}", "pass")
    fixed = apply_fix(source, next(f for f in check_source(source, "train.py").findings).fixes[0].edits)
    assert "activation_checkpointing_policy=set(cfg.policy))\n" in fixed and report(fixed) == []
    normalised = "if isinstance(self.policy, tuple):\n            self.policy = set(self.policy)"
    assert report(textwrap.dedent(head).replace("{}", normalised)) == []


def test_a_strategy_built_inside_init_or_post_init_reads_what_the_method_stored_before_it():
    init = textwrap.dedent("""\
        from lightning.fabric.strategies import XLAFSDPStrategy
        from torch import nn

        class Trainer:
            def __init__(self, remat_layers=None):
                self.policy = remat_layers
                if isinstance(self.policy, {}):
                    self.policy = set(self.policy)
                self.strategy = XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, activation_checkpointing_policy=self.policy)

        Trainer(remat_layers=[nn.Linear])
    """)
    assert report(init.replace("{}", "list")) == []  # the list is made a set before the strategy is built
    assert report(init.replace("{}", "dict")) == [
        ("LXF001", "error", "9:103", "`activation_checkpointing_policy` must be a set, found [nn.Linear] "
         "(from `remat_layers`, line 11)")]
    post_init = textwrap.dedent("""\
        from dataclasses import dataclass
        from lightning.fabric.strategies import XLAFSDPStrategy
        from torch import nn

        @dataclass
        class Sharding:
            layers: tuple = ()
            policy: object = None

            def __post_init__(self):
                if self.policy is None:
                    self.policy = {}
                self.strategy = XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, activation_checkpointing_policy=self.policy)

        Sharding(layers=(nn.Linear,))
    """)
    assert report(post_init.replace("{}", "set(self.layers)")) == []
    assert report(post_init.replace("{}", "self.layers")) == [
        ("LXF001", "error", "13:103", "`activation_checkpointing_policy` must be a set, found (nn.Linear,) "
         "(from `Sharding.layers`, line 15)")]


def test_no_finding_where_post_init_fills_a_set_or_the_construction_skips_the_store():
    filled_set = script("self.policy is None", """\
        cfg = Sharding()
        strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap, activation_checkpointing_policy=cfg.policy)
    """, store="set(self.remat)")
    assert report(filled_set) == []
    given = script("self.policy is None", """\
        cfg = Sharding(policy={nn.TransformerEncoderLayer})
        strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap, activation_checkpointing_policy=cfg.policy)
    """)
    assert report(given) == []


CLIP_BASE = """from dataclasses import dataclass, field


@dataclass
class Clipping:
    clip: float = 1.0
    clip_mode: str = {base}
    clip_args: dict = field(init=False)

    def __post_init__(self):
        if self.clip_mode == "value":
            name = "clip_val"
        else:
            name = "max_norm"
        self.clip_args = {{name: self.clip}}
"""
CLIP_PRESETS = """from dataclasses import dataclass

from clipping import Clipping


@dataclass
class PodClipping(Clipping):
    clip: float = 0.25
    clip_mode: str = {derived}
"""
CLIP_TRAIN = """import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from presets import PodClipping


def run(fabric, clipping):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4)).sum())
    fabric.clip_gradients(model, optimizer, **clipping.clip_args)


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(run, PodClipping())
"""


def _clip_project(tmp_path, base: str, derived: str) -> list[tuple[str, str, str, int, int]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    (tmp_path / "clipping.py").write_text(CLIP_BASE.format(base=base))
    (tmp_path / "presets.py").write_text(CLIP_PRESETS.format(derived=derived))
    (tmp_path / "train.py").write_text(CLIP_TRAIN)
    out = []
    for name in ("train.py", "presets.py", "clipping.py"):
        path = tmp_path / name
        for f in check_source(path.read_text(), str(path)).findings:
            where = f.elsewhere.path if f.elsewhere is not None else str(path)
            at = f.elsewhere.span if f.elsewhere is not None else f.span
            out.append((name, f.code, f.severity.value, where.rsplit("/", 1)[-1], at.start.line + 1, at.start.column))
    return out


def test_a_dataclass_base_s_post_init_of_another_module_reads_the_subclass_s_field_defaults(tmp_path):
    """`PodClipping(Clipping)` overrides `clip_mode`; the `__post_init__` it inherits from clipping.py
    builds `clip_args` from the instance's fields, so "value" there picks `clip_val` (an error at the
    clip, placed where the subclass writes its threshold) and "norm" over the base's "value" runs."""
    # checking train.py: reported at `clip: float = 0.25` of presets.py, the `clip_val` the subclass gives
    assert _clip_project(tmp_path, '"norm"', '"value"') == [("train.py", "LXF014", "error", "presets.py", 8, 18)]
    assert _clip_project(tmp_path, '"value"', '"norm"') == []
