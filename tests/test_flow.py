"""The value-flow layer: for each shape of real training code, what `probe(<expr>)`'s argument can
hold — its kind, the line and column where that value was written, and the conditions it holds under."""

from __future__ import annotations

import ast
import textwrap

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.flow import SET_BY_THE_RUN
from errata_lsp.analysis.packs import TIPS
from errata_lsp.analysis.project import WORKSPACE


def context(source: str, path: str | None = None) -> Context:
    """The module with the packs' knowledge of Lightning and torch and the other modules of its
    project, as a check reads them."""
    doc = Document(textwrap.dedent(source), path)
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    ctx.project = WORKSPACE.project_for(path, TIPS)
    return ctx


def probe(source: str, path: str | None = None) -> list[tuple[str, int | None, int | None, tuple[str, ...]]]:
    """(kind, line, column, conditions) of each value the argument of the last `probe(...)` holds."""
    ctx = context(source, path)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, v.line, getattr(v.node, "col_offset", None), v.when) for v in ctx.values(call.args[0])]


def kinds(source: str) -> list[str]:
    return [k for k, *_ in probe(source)]


# --- names: order, re-assignment, global, unpacking, walrus -------------------------------------------
def test_a_function_sees_a_module_constant_defined_below_it():
    assert probe("""
        def build():
            probe(POLICY)
        POLICY = [Block]
    """) == [("list", 4, 9, ())]


def test_the_last_assignment_wins_and_an_augmented_one_keeps_the_kind():
    assert probe("""
        policy = {Block}
        policy = [Block]
        probe(policy)
    """) == [("list", 3, 9, ())]
    assert probe("""
        layers = [Block]
        layers += [Head]
        probe(layers)
    """) == [("list", 3, 0, ())]


def test_global_assignments_in_a_function_are_more_values_of_the_module_name():
    assert probe("""
        POLICY = None
        def configure():
            global POLICY
            POLICY = [Block]
        def build():
            probe(POLICY)
    """) == [("none", 2, 9, ()), ("list", 5, 13, ("once the function that sets it has run",))]


def test_a_nonlocal_read_before_the_nested_function_binds_it_is_the_enclosing_functions():
    assert probe("""
        def make():
            policy = [Block]
            def prepare():
                nonlocal policy
                probe(policy)
                policy = {Block}
            return prepare
    """) == [("list", 3, 13, ())]


def test_a_nonlocal_binding_is_read_after_it_and_by_the_enclosing_functions_other_closures():
    assert probe("""
        def make():
            policy = [Block]
            def prepare():
                nonlocal policy
                policy = {Block}
                probe(policy)
            return prepare
    """) == [("set", 6, 17, ())]
    assert probe("""
        def make():
            policy = [Block]
            def prepare():
                nonlocal policy
                policy = {Block}
            def build():
                probe(policy)
            return prepare, build
    """) == [("list", 3, 13, ()), ("set", 6, 17, ("once the function that sets it has run",))]


def test_a_name_bound_in_a_nested_function_without_nonlocal_stays_its_own():
    assert probe("""
        def make():
            policy = [Block]
            def prepare():
                policy = {Block}
                return policy
            def build():
                probe(policy)
            return prepare, build
    """) == [("list", 3, 13, ())]


def test_a_class_decorator_is_given_the_class_and_binds_its_name_to_what_it_returns():
    assert probe("""
        def register(cls):
            probe(cls)
            return cls
        @register
        class Net:
            pass
    """) == [("class", 6, 0, ())]
    assert kinds("""
        def register(cls):
            return cls
        @register
        class Net:
            pass
        probe(Net)
    """) == ["class"]


def test_an_attribute_stored_on_a_class_outside_its_body_is_read_from_the_class():
    assert probe("""
        class Net:
            pass
        Net.policy = [Block]
        probe(Net.policy)
    """) == [("list", 4, 13, ())]
    # by a class decorator given the class: it runs as the class is made
    assert probe("""
        def shard(*, remat):
            def decorate(cls):
                cls.policy = list(remat)
                return cls
            return decorate
        @shard(remat=[Block])
        class Net:
            pass
        probe(Net.policy)
    """) == [("list", 4, 21, ())]
    # by another function: once it has run
    assert probe("""
        class Net:
            pass
        def configure():
            Net.policy = [Block]
        probe(Net.policy)
    """) == [("list", 5, 17, ("once the function that sets it has run",))]


def test_tuple_unpacking_and_walrus():
    assert probe("""
        policy, wrap = [Block], {Block}
        probe(policy)
    """) == [("list", 2, 15, ())]
    assert probe("""
        if (policy := (Block, Head)):
            probe(policy)
    """) == [("tuple", 2, 14, ())]


def test_a_cycle_of_names_is_unknown_not_a_crash():
    assert kinds("""
        def f():
            a = b
            b = a
            probe(a)
    """) == ["unknown"]


# --- branches -------------------------------------------------------------------------------------------
def test_if_elif_else_gives_each_value_with_its_condition():
    assert probe("""
        if args.remat == "list":
            policy = [Block]
        elif args.remat == "set":
            policy = {Block}
        else:
            policy = None
        probe(policy)
    """) == [
        ("list", 3, 13, ('args.remat == "list"',)),
        ("set", 5, 13, ('args.remat != "list"', 'args.remat == "set"')),
        ("none", 7, 13, ('args.remat != "list"', 'args.remat != "set"')),
    ]


def test_an_assignment_on_one_branch_keeps_the_earlier_value_on_the_other():
    assert probe("""
        policy = {Block}
        if args.list_policy:
            policy = [Block]
        probe(policy)
    """) == [("list", 4, 13, ("args.list_policy",)), ("set", 2, 9, ("not args.list_policy",))]


def test_conditional_expression_match_and_try():
    assert probe("""
        probe([Block] if args.remat else {Block})
    """) == [("list", 2, 6, ("args.remat",)), ("set", 2, 33, ("not args.remat",))]
    assert probe("""
        match args.remat:
            case "list":
                policy = [Block]
            case _:
                policy = {Block}
        probe(policy)
    """) == [("list", 4, 17, ('args.remat matches "list"',)), ("set", 6, 17, ())]
    assert probe("""
        try:
            policy = load_policy()
        except KeyError:
            policy = [Block]
        probe(policy)
    """) == [("unknown", 3, 13, ()), ("list", 5, 13, ("if KeyError is raised",))]


_PLANS = """
    class Joint:
        pass
    class Tuned(Joint):
        pass
    class Separate:
        pass
"""


def test_a_class_pattern_is_decided_by_the_instances_the_subject_holds():
    match_plan = _PLANS + """    def set_up(plan):
        match plan:
            case Joint():
                policy = [Block]
            case Separate(lr=lr):
                policy = {Block}
            case _:
                policy = None
        probe(policy)
"""
    assert probe(match_plan + "    set_up(Separate())\n") == [("set", 13, 21, ())]  # neither `Joint()` nor `_`
    assert probe(match_plan + "    set_up(Joint())\n") == [("list", 11, 21, ())]
    assert probe(match_plan + "    set_up(Tuned())\n") == [("list", 11, 21, ())]  # a subclass instance matches its base
    undecided = [("list", 11, 21, ("plan matches Joint()",)), ("set", 13, 21, ("plan matches Separate(lr=lr)",)),
                 ("none", 15, 21, ())]
    assert probe(match_plan + "    set_up(load())\n") == undecided  # unknown: every case, as before
    assert probe(match_plan + "    set_up(Joint())\n    set_up(Separate())\n") == undecided  # the callers disagree
    # an attribute the pattern compares may differ, a guard may fail: the case may match, and `_` after it too
    assert probe(match_plan.replace("Separate(lr=lr)", "Separate(lr=0.1)") + "    set_up(Separate())\n") == [
        ("set", 13, 21, ("plan matches Separate(lr=0.1)",)), ("none", 15, 21, ())]
    assert probe(match_plan.replace("case Joint():", "case Joint() if plan.fast:") + "    set_up(Joint())\n") == [
        ("list", 11, 21, ("plan matches Joint()",)), ("none", 15, 21, ())]


def test_a_literal_pattern_is_decided_by_the_callers():
    source = """
        def set_up(mode):
            match mode:
                case "joint":
                    policy = [Block]
                case _:
                    policy = {Block}
            probe(policy)
"""
    assert probe(source + '        set_up("separate")\n') == [("set", 7, 21, ())]  # `mode == "joint"` is False
    assert probe(source + '        set_up("joint")\n') == [("list", 5, 21, ())]  # ... True: `_` never runs
    assert probe(source + '        set_up("joint")\n        set_up("separate")\n') == [
        ("list", 5, 21, ('mode matches "joint"',)), ("set", 7, 21, ())]  # the callers disagree


def test_isinstance_against_classes_of_the_file_is_decided_by_the_instances_held():
    by_parameter = _PLANS + """    def set_up(plan):
        if isinstance(plan, (Tuned, Separate)):
            policy = [Block]
        else:
            policy = {Block}
        probe(policy)
"""
    assert probe(by_parameter + "    set_up(Separate())\n") == [("list", 10, 17, ())]
    assert probe(by_parameter + "    set_up(Tuned())\n") == [("list", 10, 17, ())]
    assert probe(by_parameter + "    set_up(Joint())\n") == [("set", 12, 17, ())]  # a base is no instance of its subclass
    undecided = [("list", 10, 17, ("isinstance(plan, (Tuned, Separate))",)),
                 ("set", 12, 17, ("not isinstance(plan, (Tuned, Separate))",))]
    assert probe(by_parameter + "    set_up(load())\n") == undecided
    assert probe("def isinstance(a, b):\n    return True\n" + by_parameter.replace("\n    ", "\n")
                 + "set_up(Joint())\n") == [(k, line + 2, col, when) for k, line, col, when in undecided]  # not the builtin
    assert probe(_PLANS + """    PLAN = Separate()
    def set_up():
        if not isinstance(PLAN, Joint):
            policy = (Block,)
        else:
            policy = None
        probe(policy)
    set_up()
""") == [("tuple", 11, 17, ())]


def test_branches_that_cannot_run_are_skipped_and_a_branch_that_returns_does_not_fall_through():
    assert probe("""
        from typing import TYPE_CHECKING
        policy = {Block}
        if TYPE_CHECKING:
            policy = [Block]
        if False:
            policy = (Block,)
        probe(policy)
    """) == [("set", 3, 9, ())]
    assert probe("""
        def build(args):
            if args.fast:
                return None
            policy = [Block]
            probe(policy)
    """) == [("list", 5, 13, ())]


def test_a_main_guard_is_taken():
    assert probe("""
        if __name__ == "__main__":
            policy = [Block]
            probe(policy)
    """) == [("list", 3, 13, ())]


# --- functions: parameters, call sites, returns -----------------------------------------------------------
def test_a_parameter_holds_the_arguments_of_its_call_sites_and_its_default():
    assert probe("""
        def build(policy=None):
            probe(policy)
        build([Block])
        build()
    """) == [("list", 4, 6, ("when called at line 4",)), ("none", 2, 17, ("when called at line 5",))]
    assert probe("""
        def build(*, policy):
            probe(policy)
        build(policy=(Block,))
    """) == [("tuple", 4, 13, ())]


def test_a_parameter_of_a_function_nobody_calls_is_unknown():
    assert kinds("""
        def build(policy):
            probe(policy)
    """) == ["unknown"]


def test_a_call_holds_the_returns_its_own_arguments_reach():
    assert probe("""
        def pick(name):
            if name == "list":
                return [Block]
            return {Block}
        probe(pick("list"))
    """) == [("list", 4, 15, ())]  # "list" takes the first return, so the second never runs


def test_a_call_holds_every_return_with_its_condition_when_its_arguments_cannot_tell():
    assert probe("""
        import os
        def pick(name):
            if name == "list":
                return [Block]
            return {Block}
        probe(pick(os.environ["POLICY"]))
    """) == [("list", 5, 15, ('name == "list"',)), ("set", 6, 11, ())]


def test_the_launched_function_receives_the_fabric():
    assert probe("""
        from lightning.fabric import Fabric
        def train(fabric, steps):
            probe(fabric)
        fabric = Fabric(accelerator="tpu")
        fabric.launch(train, 10)
    """) == [("fabric", 5, 9, ())]


def test_nested_defs_lambdas_and_partials_are_told_apart():
    assert probe("""
        import functools
        def make():
            def policy(module, recurse, **kw):
                return True
            probe(policy)
    """) == [("function", 4, 4, ())]
    ctx = context("""
        import functools
        def make():
            def policy(module):
                return True
            probe(policy)
    """)
    call = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"][0]
    assert ctx.values(call.args[0])[0].extra == "nested"
    assert kinds("probe(lambda m: True)\n") == ["lambda"]
    assert kinds("import functools\nprobe(functools.partial(wrap, layer=Block))\n") == ["partial"]


# --- classes: self, instance and class attributes, dataclasses -------------------------------------------
def test_self_attribute_assigned_in_another_method():
    assert probe("""
        from lightning.fabric import Fabric
        class Trainer:
            def __init__(self):
                self.fabric = Fabric(strategy="xla_fsdp")
            def setup(self, model):
                self.model = self.fabric.setup(model)
            def step(self):
                probe(self.model)
    """) == [("setup_module", 7, 21, ())]


def test_dataclass_fields_default_field_default_and_factory():
    source = """
        from dataclasses import dataclass, field
        @dataclass
        class Config:
            plain: list = None
            wrapped: tuple = field(default=(Block,))
            made: list = field(default_factory=lambda: [Block])
        cfg = Config(plain=[Block])
        probe(cfg.{})
    """
    assert probe(source.replace("{}", "plain")) == [("list", 8, 19, ())]
    assert probe(source.replace("{}", "wrapped")) == [("tuple", 6, 35, ())]
    assert probe(source.replace("{}", "made")) == [("list", 7, 47, ())]


def test_attribute_chains_through_nested_configs():
    assert probe("""
        from dataclasses import dataclass, field
        @dataclass
        class FSDP:
            policy: set = field(default_factory=set)
        @dataclass
        class Config:
            fsdp: FSDP = field(default_factory=FSDP)
        cfg = Config(fsdp=FSDP(policy=[Block]))
        probe(cfg.fsdp.policy)
    """) == [("list", 9, 30, ())]


def test_class_attribute_property_classmethod_and_inheritance():
    assert probe("""
        class Base:
            POLICY = [Block]
        class Child(Base):
            pass
        probe(Child().POLICY)
    """) == [("list", 3, 13, ())]
    assert probe("""
        class Config:
            @property
            def policy(self):
                return (Block,)
        probe(Config().policy)
    """) == [("tuple", 5, 15, ())]
    assert probe("""
        from dataclasses import dataclass
        @dataclass
        class Config:
            policy: object = None
            @classmethod
            def from_args(cls, args):
                return cls(policy=[Block])
        probe(Config.from_args(None).policy)
    """) == [("list", 8, 26, ())]


PLAN = """
    class Plan:
        def __init__(self, layers=(Block,)):
            self._layers = None
            self.layers = layers

        @property
        def layers(self):
            return self._layers

        @layers.setter
        def layers(self, value):
            self._layers = list(value)

        def strategy(self):
            probe(self.layers)
    Plan().strategy()
"""


def test_a_property_with_a_setter_is_what_its_getter_returns_after_the_setter_ran():
    # `self.layers = layers` in `__init__` runs the setter, which replaces the `None` stored before it:
    # neither the tuple stored, nor the `None`, nor the setter's def is a value of the attribute
    assert probe(PLAN) == [("list", 13, 23, ())]
    assert probe(PLAN.replace("list(value)", "set(value)")) == [("set", 13, 23, ())]
    # read on the instance outside the class, and spelt with `@layers.getter`: the same
    assert probe(PLAN.replace("probe(self.layers)", "pass") + "    probe(Plan().layers)\n") == [("list", 13, 23, ())]
    assert probe(PLAN.replace("@property\n        def layers(self):", "layers = property()\n"
                              "        @layers.getter\n        def layers(self):")) == [("list", 14, 23, ())]


def test_a_property_setter_that_may_not_store_leaves_what_init_stored_before_it():
    conditional = PLAN.replace("self._layers = list(value)", "if value:\n                self._layers = list(value)")
    assert probe(conditional) == [("none", 4, 23, ()), ("list", 14, 27, ())]
    # a plain attribute `__init__` stores twice: what it leaves, not the value it passes through
    assert probe("""
        class Plan:
            def __init__(self):
                self.layers = None
                self.layers = {Block}
            def strategy(self):
                probe(self.layers)
        Plan().strategy()
    """) == [("set", 5, 22, ())]


def test_a_cached_property_stored_into_holds_the_store_too():
    # `cached_property` has no setter: `self.layers = v` stores into the instance
    assert probe("""
        from functools import cached_property
        class Plan:
            def __init__(self):
                self.layers = [Block]
            @cached_property
            def layers(self):
                return {Block}
        probe(Plan().layers)
    """) == [("list", 5, 22, ()), ("set", 8, 15, ())]


PRESETS = """
    class Preset:
        remat = None
        @classmethod
        def kwargs(cls):
            return {"remat": cls.remat}
    class Remat(Preset):
        remat = {Block}
    class Plain(Remat):
        remat = None
"""


@pytest.mark.parametrize("receiver, expected", [
    ("Remat", [("set", 8, 12, ())]),  # the subclass's attribute, not the base's None
    ("Remat()", [("set", 8, 12, ())]),  # through an instance: its class
    ("Plain", [("none", 10, 12, ())]),  # a subclass setting None over its base's set
    ("Preset", [("none", 3, 12, ())]),  # the class that defines it
])
def test_a_classmethod_s_cls_is_the_class_the_call_is_made_on(receiver, expected):
    assert probe(PRESETS + f"    probe({receiver}.kwargs()['remat'])\n") == expected


def test_init_parameters_follow_the_constructor_call():
    assert probe("""
        class Config:
            def __init__(self, policy=None):
                self.policy = policy
        probe(Config([Block]).policy)
    """) == [("list", 5, 13, ())]


def test_enum_member_value():
    assert probe("""
        import enum
        class Remat(enum.Enum):
            LIST = [Block]
        probe(Remat.LIST.value)
    """) == [("list", 4, 11, ())]


def test_an_enum_members_name_is_its_name_as_a_str():
    source = """
        import enum
        class Mode(enum.Enum):
            FULL = 1
            SELECTIVE = 2
        mode = Mode.SELECTIVE
        probe(mode.name)
    """
    assert probe(source) == [("str", 7, 6, ())]
    ctx = context(source)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    assert [v.node.value for v in ctx.values(call.args[0])] == ["SELECTIVE"]  # type: ignore[union-attr]


@pytest.mark.parametrize("spelled", ["c10d.ReduceOp.MAX.name", "dist.ReduceOp.MAX.name"])
def test_a_torch_enum_members_name_is_its_name_as_a_str(spelled):
    # torchtitan's `dist_max`: `reduceOp=c10d.ReduceOp.MAX.name`, the str "MAX"
    ctx = context(f"""
        import torch.distributed as dist
        import torch.distributed.distributed_c10d as c10d
        probe({spelled})
    """)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    assert [(v.kind, v.node.value) for v in ctx.values(call.args[0])] == [("str", "MAX")]  # type: ignore[union-attr]


def test_the_name_of_another_library_attribute_stays_external():
    assert kinds("""
        import torch
        probe(torch.float32.name)
    """) == ["external"]


def test_a_partialmethod_read_on_an_instance_calls_its_function_with_the_instance_first():
    source = textwrap.dedent("""
        import functools
        from functools import partialmethod
        class Recipe:
            def _strategy(self, remat=None, kind="sharded"):
                probe(remat)
                return remat
            remat = functools.partialmethod(_strategy, remat=[Block])
            full = partialmethod(_strategy, {Block})
            plain = functools.partialmethod(_strategy)
        recipe = Recipe()
    """)
    # the bound keyword, the bound positional argument after `self`, nothing bound: the default
    assert probe(source + "recipe.remat()\n") == [("list", 8, 53, ())]
    assert probe(source + "recipe.full(kind='full')\n") == [("set", 9, 36, ())]
    assert probe(source + "recipe.plain()\n") == [("none", 5, 30, ())]
    assert probe(source + "recipe.plain([Head])\n") == [("list", 12, 13, ())]  # the call's argument after `self`
    assert kinds(source + "probe(recipe.remat())\n") == ["list"]
    # a class attribute that is no partialmethod, and a partialmethod called on the class: no call of `_strategy`
    assert probe(source.replace("functools.partialmethod(_strategy, remat", "functools.partial(_strategy, remat")
                 + "recipe.remat()\n") == [("unknown", 5, 24, ())]
    assert probe(source + "Recipe.remat(recipe)\n") == [("unknown", 5, 24, ())]


def test_module_binding_is_what_a_top_level_name_holds_once_the_module_has_run():
    ctx = context("""
        def traced(f):
            def wrapper(*args):
                return f(*args)
            return wrapper
        @traced
        def policy(module):
            return True
        def plain(module):
            return True
        plain = traced(plain)
    """)
    assert [(v.kind, v.line, v.extra) for v in ctx.flow.module_binding("policy")] == [("function", 3, "nested")]
    assert [(v.kind, v.line) for v in ctx.flow.module_binding("plain")] == [("function", 3)]
    assert [(v.kind, v.line) for v in ctx.flow.module_binding("traced")] == [("function", 2)]
    assert ctx.flow.module_binding("wrapper") is None  # a local of `traced`, not the module's


# --- containers -----------------------------------------------------------------------------------------------
def test_nested_subscripts_merges_updates_and_get():
    assert probe("""
        CONFIG = {"fsdp": {"policy": [Block]}}
        def build():
            probe(CONFIG["fsdp"]["policy"])
    """) == [("list", 2, 29, ())]
    assert probe("""
        base = {"policy": {Block}}
        over = {"policy": (Block,)}
        probe({**base, **over}["policy"])
    """) == [("tuple", 3, 18, ())]
    assert probe("""
        kw = dict(auto_wrap_policy={Block})
        kw.update(activation_checkpointing_policy=[Block])
        probe(kw.get("activation_checkpointing_policy"))
    """) == [("list", 3, 42, ())]
    assert probe("""
        kw = {}
        kw["policy"] = [Block]
        probe(kw.get("policy", None))
    """) == [("list", 3, 15, ())]
    assert probe("""
        kw = {}
        probe(kw.get("policy", {Block}))
    """) == [("set", 3, 23, ())]


def test_asdict_vars_and_constructors():
    source = """
        import dataclasses
        @dataclasses.dataclass
        class Config:
            policy: tuple = (Block,)
        cfg = Config()
        probe({}(cfg)["policy"])
    """
    assert probe(source.replace("{}", "dataclasses.asdict")) == [("tuple", 5, 20, ())]
    assert kinds("probe(sorted({Block}))\n") == ["list"]
    assert kinds("probe(tuple(layers))\n") == ["tuple"]
    assert kinds("probe([m for m in layers])\n") == ["list"]
    assert kinds("probe({m for m in layers})\n") == ["set"]


def test_asdict_reads_a_default_factory_lambda_as_its_body():
    source = """
        from dataclasses import asdict, dataclass, field
        @dataclass
        class Sharding:
            policy: set = field(default_factory={})
        @dataclass
        class Run:
            sharding: Sharding = field(default_factory=Sharding)
        probe(asdict(Run().sharding)["policy"])
    """
    assert probe(source.replace("{}", "lambda: {Block}")) == [("set", 5, 48, ())]
    # a factory that is no lambda, or one that takes arguments, is not read: unknown, not a value
    assert probe(source.replace("{}", "make_policy")) == [("unknown", 9, 6, ())]
    assert probe(source.replace("{}", "lambda *a: {Block}")) == [("unknown", 9, 6, ())]


def test_an_attrgetter_called_on_an_object_is_getattr_of_its_name():
    source = """
        import operator
        class Learner:
            def __init__(self):
                self.net = [Block]
                self.model = {Block}
        NAMES = {"pick": "net"}
        learner = Learner()
        getter = operator.attrgetter({})
        probe(getter(learner))
    """
    assert probe(source.replace("{}", 'NAMES["pick"]')) == [("list", 5, 19, ())]
    assert probe(source.replace("{}", '"model"')) == [("set", 6, 21, ())]
    # a name the file cannot tell, or a getter of two names (a tuple), is unknown
    assert probe(source.replace("{}", "name")) == [("unknown", 10, 6, ())]
    assert probe(source.replace("{}", '"net", "model"')) == [("unknown", 10, 6, ())]
    assert probe("""
        import operator
        class Run:
            def __init__(self):
                self.inner = Inner()
        class Inner:
            def __init__(self):
                self.net = (Block,)
        probe(operator.attrgetter("inner.net")(Run()))
    """) == [("tuple", 8, 19, ())]


def test_an_itemgetter_called_on_a_dict_reads_its_keys():
    source = """
        from operator import itemgetter
        CONFIG = {"remat": [Block], "wrap": {Block}, "lr": 1e-3}
        LAYERS = ((Block,), {Block})
        PROBE
    """
    assert probe(source.replace("PROBE", 'probe(itemgetter("remat")(CONFIG))')) == [("list", 3, 19, ())]
    # several keys: a tuple of what each reads, unpacked into names or indexed
    unpacked = 'remat, wrap = itemgetter("remat", "wrap")(CONFIG)\n        probe({})'
    assert probe(source.replace("PROBE", unpacked.format("remat"))) == [("list", 3, 19, ())]
    assert probe(source.replace("PROBE", unpacked.format("wrap"))) == [("set", 3, 36, ())]
    assert probe(source.replace("PROBE", 'probe(itemgetter("lr", "wrap")(CONFIG)[1])')) == [("set", 3, 36, ())]
    assert probe(source.replace("PROBE", "probe(itemgetter(0)(LAYERS))")) == [("tuple", 4, 10, ())]
    # a key the dict does not hold, a key the file cannot tell, an index past the keys: unknown
    assert probe(source.replace("PROBE", 'probe(itemgetter("policy")(CONFIG))')) == [("unknown", 5, 6, ())]
    assert probe(source.replace("PROBE", "probe(itemgetter(key)(CONFIG))")) == [("unknown", 5, 6, ())]
    assert probe(source.replace("PROBE", 'probe(itemgetter("lr", "wrap")(CONFIG)[2])')) == [("unknown", 5, 6, ())]


def test_a_map_over_known_items_holds_what_the_function_gives_for_each():
    source = """
        def policy_of(layers):
            return layers
        LAYERS = ([Block], {Head})
        PROBE
    """
    unpacked = "block, head = map(policy_of, LAYERS)\n        probe({})"
    assert probe(source.replace("PROBE", unpacked.format("block"))) == [("list", 4, 10, ())]
    assert probe(source.replace("PROBE", unpacked.format("head"))) == [("set", 4, 19, ())]
    assert probe(source.replace("PROBE", "probe(list(map(policy_of, LAYERS))[1])")) == [("set", 4, 19, ())]
    assert probe(source.replace("PROBE", "probe(tuple(map(lambda c: {c}, [Head]))[0])")) == [("set", 5, 26, ())]
    # items the file cannot list, or several iterables: unknown
    assert probe(source.replace("PROBE", "probe(list(map(policy_of, layers))[0])")) == [("unknown", 5, 6, ())]
    assert probe(source.replace("PROBE", "probe(list(map(max, LAYERS, LAYERS))[0])")) == [("unknown", 5, 6, ())]


def test_next_of_an_iterator_made_over_known_items_is_the_first_item():
    source = """
        CONFIGS = [{"name": "pod", "remat": [Block]}, {"name": "smoke", "remat": {Block}}]
        LAYERS = ([Block], {Head})
        def presets():
            yield {"remat": (Block,)}
            yield {"remat": {Block}}
        def looped():
            for c in CONFIGS:
                yield c
        PROBE
    """
    picked = 'probe(next(c for c in CONFIGS if c["name"] == "smoke")["remat"])'
    assert probe(source.replace("PROBE", picked)) == [("set", 2, 73, ())]
    assert probe(source.replace("PROBE", "probe(next(iter(LAYERS)))")) == [("list", 3, 10, ())]
    assert probe(source.replace("PROBE", 'probe(next(presets())["remat"])')) == [("tuple", 5, 20, ())]
    assert probe(source.replace("PROBE", "probe(next(iter(map(frozenset, LAYERS))))")) == [("frozenset", 10, 16, ())]
    # none kept: the default (without one, StopIteration: nothing)
    none = 'probe(next((c for c in CONFIGS if c["name"] == "none"), None))'
    assert probe(source.replace("PROBE", none)) == [("none", 10, 56, ())]
    assert probe(source.replace("PROBE", 'probe(next(c for c in CONFIGS if c["name"] == "none"))')) \
        == [("unknown", 10, 6, ())]
    # a yield in a loop over known items: the first turn's
    assert probe(source.replace("PROBE", "probe(next(looped()))")) == [("dict", 2, 11, ())]
    # a test the file cannot decide, a turn a guard it cannot decide may skip, a name that may hold an iterator
    # already advanced: unknown
    assert probe(source.replace("PROBE", 'probe(next(c for c in CONFIGS if c["name"] == name))')) \
        == [("unknown", 10, 6, ())]
    guarded = source.replace("for c in CONFIGS:\n", "for c in CONFIGS:\n                if c['name'] == name:\n                    continue\n")
    assert probe(guarded.replace("PROBE", "probe(next(looped()))")) == [("unknown", 12, 6, ())]
    advanced = "it = iter(LAYERS)\n        next(it)\n        probe(next(it))"
    assert probe(source.replace("PROBE", advanced)) == [("unknown", 12, 6, ())]


def test_a_chainmap_reads_a_key_from_the_first_map_that_holds_it():
    source = """
        from collections import ChainMap
        DEFAULTS = {"policy": [Block], "lr": 1e-3}
        OVERRIDES = {"policy": {Block}}
        settings = ChainMap({}, OVERRIDES, DEFAULTS)
        probe(settings["policy"])
    """
    assert probe(source.replace("{}", '{"lr": 0.1}')) == [("set", 4, 23, ())]
    assert probe(source.replace("{}", '{"lr": 0.1}').replace('settings["policy"]', 'settings.get("policy")')) \
        == [("set", 4, 23, ())]
    assert probe(source.replace("{}", '{"policy": (Block,)}')) == [("tuple", 5, 31, ())]
    # a first map the file cannot read whole may hold the key: unknown, not the later map's entry
    assert probe(source.replace("{}", "load()")) == [("unknown", 6, 6, ())]


def test_an_enum_member_by_name_and_its_property_read_self_as_the_member():
    source = """
        import enum
        class Size(enum.Enum):
            SMALL = (2, (Block,))
            @property
            def layers(self):
                return self.value[1]
            def depth(self):
                return self.value[0]
        probe({})
    """
    assert probe(source.replace("{}", 'Size["SMALL"].value')) == [("tuple", 4, 12, ())]
    assert probe(source.replace("{}", 'Size["SMALL"].layers')) == [("tuple", 4, 16, ())]
    # a name that is no member (a method: KeyError at run time), or a plain method, is unknown
    assert probe(source.replace("{}", 'Size["depth"]')) == [("unknown", 10, 6, ())]
    assert probe(source.replace("{}", "Size.SMALL.depth")) == [("unknown", 10, 6, ())]


def test_copies_replace_namespace_and_argparse():
    assert probe("""
        import copy
        POLICY = [Block]
        probe(copy.deepcopy(POLICY))
    """) == [("list", 3, 9, ())]
    assert probe("""
        import dataclasses
        @dataclasses.dataclass
        class Config:
            policy: object = None
        base = Config(policy={Block})
        probe(dataclasses.replace(base, policy=[Block]).policy)
    """) == [("list", 7, 39, ())]
    assert probe("""
        from types import SimpleNamespace
        cfg = SimpleNamespace(policy=(Block,), lr=1e-3)
        probe(cfg.policy)
    """) == [("tuple", 3, 29, ())]
    assert probe("""
        import argparse
        parser = argparse.ArgumentParser()
        parser.add_argument("--remat", default="list", choices=["list", "set"])
        args = parser.parse_args()
        probe(args.remat)
    """) == [("str", 4, 39, ("by default",)), ("str", 4, 56, ('with --remat "list"',)),
             ("str", 4, 64, ('with --remat "set"',))]


def test_splats_into_a_call_give_its_keywords():
    ctx = context("""
        from dataclasses import dataclass, asdict
        from lightning.fabric.strategies import XLAFSDPStrategy
        @dataclass
        class FSDPConfig:
            activation_checkpointing_policy: list = None
            state_dict_type: str = "sharded"
        cfg = FSDPConfig(activation_checkpointing_policy=[Block])
        XLAFSDPStrategy(**asdict(cfg))
    """)
    call = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "XLAFSDPStrategy"][0]
    args, complete = ctx.keyword_args(call)
    assert complete and sorted(args) == ["activation_checkpointing_policy", "state_dict_type"]
    assert [(v.kind, v.line) for v in ctx.values(args["activation_checkpointing_policy"].value)] == [("list", 8)]



def test_get_of_a_known_dict_reads_the_entry_the_default_or_unknown_by_what_the_key_is():
    table = """
        import sys
        ALIASES = {"bf16": "bf16-mixed", "fp16": "16-mixed"}
        key = {}
        probe(ALIASES.get(key, "32-true"))
    """
    assert probe(table.replace("{}", '"bf16"')) == [("str", 3, 19, ())]  # the entry
    assert probe(table.replace("{}", '"fp32"')) == [("str", 5, 23, ())]  # absent: the default
    assert probe(table.replace("{}", "sys.argv[1]")) == [("unknown", 5, 6, ())]  # any key: not the default alone
    assert probe(table.replace("{}", '"bf16" if sys.argv[1:] else "fp32"')) == [
        ("str", 3, 19, ("sys.argv[1:]",)), ("str", 5, 23, ("not (sys.argv[1:])",))]  # each key under its condition
    assert probe(table.replace("{}", '"fp32"').replace(', "32-true"', "")) == [("none", 5, 6, ())]


def test_str_and_a_case_method_of_a_known_string_keep_its_text():
    assert probe("""
        def normalize(name):
            name = str(name).lower()
            return {"bf16": "bf16-mixed"}.get(name, name)
        probe(normalize("BF16"))
    """) == [("str", 4, 20, ())]
    assert probe("""
        name = "bf16"
        probe(str(name).strip())
    """) == [("str", 2, 7, ())]  # unchanged: the constant where it is written


REDUCED = """
    import functools, operator
    from functools import reduce
    A = [Block]
    B = [Head, Norm]
    S = {Block}
    T = {Head}
    def merge(a, b):
        return a | b
    probe(%s)
"""


def test_reduce_of_add_or_or_over_a_known_display_is_the_fold_of_that_operator():
    def fold(call: str) -> list[tuple[str, int | None, int | None, tuple[str, ...]]]:
        return probe(REDUCED % call)

    assert fold("functools.reduce(operator.add, [A, B])") == [("list", 10, 6, ())]  # lists joined: a list
    assert fold("reduce(lambda a, b: a + b, (A, B))") == [("list", 10, 6, ())]
    assert fold("reduce(merge, [S, T])") == [("set", 10, 6, ())]  # a def returning `a | b`
    assert fold("reduce(operator.or_, [S, T], set())") == [("set", 10, 6, ())]
    assert fold("reduce(operator.add, [A])") == [("list", 4, 4, ())]  # one item: that item, where it is written
    # mixed kinds (a TypeError), another operator, nothing to fold, an operator the layer does not read: unknown
    for call in ("reduce(operator.add, [A, S])", "reduce(operator.mul, [A, B])", "reduce(operator.add, [])"):
        assert fold(call) == [("unknown", 10, 6, ())], call
    # a function of two parameters is called item by item: a list times a list is a TypeError, unknown
    assert fold("reduce(lambda a, b: a * b, [A, B])") == [("unknown", 10, 26, ())]
    assert fold("reduce(lambda a, b: a * 2, [A, B])") == [("list", 10, 26, ())]


PROFILES = """
    import functools
    from functools import reduce
    BASE = {"auto_wrap_policy": {Block}}
    REMAT = {"activation_checkpointing_policy": [Block]}
    PROFILES = {"base": BASE, "remat": REMAT}
    def merge(a, b):
        out = dict(a)
        out.update(b)
        return out
    probe(%s)
"""


def test_reduce_of_a_two_parameter_function_calls_it_item_by_item():
    both = {"auto_wrap_policy": ("set",), "activation_checkpointing_policy": ("list",)}
    assert probed_entries(PROFILES % 'reduce(lambda merged, name: {**merged, **PROFILES[name]}, ["base", "remat"], {})') \
        == (both, True)
    assert probed_entries(PROFILES % "functools.reduce(merge, [BASE, REMAT])") == (both, True)  # the first item starts
    assert probed_entries(PROFILES % 'reduce(lambda merged, name: {**merged, **PROFILES[name]}, ["base"], {})') \
        == ({"auto_wrap_policy": ("set",)}, True)
    # items the file does not know all, a function of another shape: unknown
    for call in ("reduce(merge, NAMES)", "reduce(lambda *dicts: dicts[0], [BASE, REMAT])",
                 "reduce(lambda a, b, c=1: a, [BASE, REMAT])"):
        assert probe(PROFILES % call) == [("unknown", 11, 6, ())], call


MERGED = """
    BASE = {"auto_wrap_policy": {Block}}
    REMAT = {"activation_checkpointing_policy": {Block}}
    WRAP = {"auto_wrapper_callable": wrap}
    def merge(a, b):
        return {**a, **b}
    class Merge:
        @staticmethod
        def merge(a, b):
            return {**a, **b}
    other = merge(BASE, REMAT)
    probe(%s)
"""


def test_a_helper_that_merges_its_parameters_returns_each_call_s_own_merge():
    assert probed_entries(MERGED % "merge(BASE, WRAP)") == (
        {"auto_wrap_policy": ("set",), "auto_wrapper_callable": ("external",)}, True)
    assert probed_entries(MERGED % "merge(merge(BASE, REMAT), WRAP)") == (
        {"auto_wrap_policy": ("set",), "activation_checkpointing_policy": ("set",), "auto_wrapper_callable": ("external",)},
        True)


def test_a_merge_that_spreads_its_own_result_read_for_every_call_at_once_is_not_complete():
    # `Merge.merge` is read for all its calls together: `a` holds BASE and the dict it returns itself
    assert probed_entries(MERGED % "Merge.merge(Merge.merge(BASE, REMAT), WRAP)")[1] is False


def test_lxf028_on_a_fold_of_layer_lists_and_nothing_on_a_fold_of_sets():
    source = textwrap.dedent("""\
        import functools, operator
        from lightning.fabric.strategies import XLAFSDPStrategy
        from torch import nn
        GROUPS = [{nn.Linear}, {nn.LayerNorm}]
        strategy = XLAFSDPStrategy(auto_wrap_policy=functools.reduce(operator.or_, GROUPS))
    """)
    assert [f.code for f in check_source(source).findings] == []
    listed = source.replace("[{nn.Linear}, {nn.LayerNorm}]", "[[nn.Linear], [nn.LayerNorm]]").replace("or_", "add")
    found = check_source(listed).findings
    assert [(f.code, f.severity.value, f.span.start.line, f.span.start.column) for f in found] == [("LXF028", "error", 4, 44)]

# --- across modules ---------------------------------------------------------------------------------------------
def test_a_name_imported_from_a_project_module_is_evaluated_there(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    (tmp_path / "config.py").write_text("import torch\n\nREMAT = [torch.nn.Linear]\n")
    train = tmp_path / "train.py"
    train.write_text("from config import REMAT\nprobe(REMAT)\n")
    ctx = context(train.read_text(), str(train))
    call = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"][0]
    values = ctx.values(call.args[0])
    assert [(v.kind, v.line, v.foreign, v.where()) for v in values] == [("list", 3, True, "`REMAT`, `config.py`, line 3")]


PICK = """\
def pick(kind, item):
    if kind.lower() == "a":
        return [item]
    return {item}
"""


def probed(tmp_path, files: dict[str, str], train: str) -> list[list[tuple[str, int | None, bool, tuple[str, ...]]]]:
    """(kind, line, written in another module, conditions) of what each `probe(...)` of train.py holds."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    path = tmp_path / "train.py"
    path.write_text(train)
    ctx = context(train, str(path))
    calls = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"]
    return [[(v.kind, v.line, v.foreign, v.when) for v in ctx.values(c.args[0])] for c in calls]


def test_a_function_of_another_module_is_evaluated_for_each_call_s_own_arguments(tmp_path):
    assert probed(tmp_path, {"helpers.py": PICK}, "from helpers import pick\n"
                  "probe(pick('A', 1))\nprobe(pick('b', 1))\nMODE = input()\nprobe(pick(MODE, 1))\n") == [
        [("list", 3, True, ())],
        [("set", 4, True, ())],
        [("list", 3, True, ('kind.lower() == "a"',)), ("set", 4, True, ())],  # what the caller cannot tell
    ]


def test_a_caller_s_instance_decides_a_test_on_its_attribute_in_another_module(tmp_path):
    helpers = ("def options(cfg):\n    out = {'k': 1}\n    if cfg.remat:\n        out['k'] = cfg.layers\n"
               "    return out['k']\n")
    config = "class Config:\n    remat = True\n    layers = [1]\n\nCFG = Config()\n"
    assert probed(tmp_path, {"helpers.py": helpers, "config.py": config},
                  "from config import CFG\nfrom helpers import options\nprobe(options(CFG))\n") == [
        [("list", 3, True, ())]]


def test_past_its_bound_of_calling_contexts_a_function_of_another_module_gives_its_merged_returns(tmp_path):
    from errata_lsp.analysis.flow import MAX_CONTEXTS

    found = probed(tmp_path, {"helpers.py": PICK},
                   "from helpers import pick\n" + "probe(pick('a', 1))\n" * (MAX_CONTEXTS + 1))
    assert found[:MAX_CONTEXTS] == [[("list", 3, True, ())]] * MAX_CONTEXTS
    assert found[MAX_CONTEXTS] == [("list", 3, True, ('kind.lower() == "a"',)), ("set", 4, True, ())]


def test_a_module_imported_whole_runs_its_function_for_the_call_too(tmp_path):
    assert probed(tmp_path, {"helpers.py": PICK}, "import helpers\nprobe(helpers.pick('a', 1))\n") == [
        [("list", 3, True, ())]]


@pytest.mark.parametrize("depth", [200, 2000])
def test_long_chains_stay_bounded(depth):
    source = "a0 = [Block]\n" + "".join(f"a{i} = a{i - 1}\n" for i in range(1, depth)) + f"probe(a{depth - 1})\n"
    found = kinds(source)
    assert found in (["list"], ["unknown"])


def test_an_instance_of_a_config_class_from_a_project_module(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    (tmp_path / "config.py").write_text(
        "from dataclasses import dataclass, field\n\n"
        "@dataclass\nclass Sharding:\n    remat: list = field(default_factory=lambda: [Block])\n\n"
        "@dataclass\nclass Config:\n    sharding: Sharding = field(default_factory=Sharding)\n")
    train = tmp_path / "train.py"
    train.write_text("from config import Config\ncfg = Config()\nprobe(cfg.sharding.remat)\n")
    ctx = context(train.read_text(), str(train))
    call = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"][0]
    assert [(v.kind, v.line, v.where()) for v in ctx.values(call.args[0])] == [
        ("list", 5, "`Sharding.remat`, `config.py`, line 5")]


# --- the environment, merged config dicts, loop counters, a method's own stores, module flags ----------
def test_an_environment_default_is_one_value_of_the_read():
    assert probe("""
        import os
        probe(os.environ.get("CKPT_FORMAT", "consolidated"))
    """) == [("unknown", 3, 6, ()), ("str", 3, 36, ('"CKPT_FORMAT" is not set in the environment',))]
    assert probe("""
        from os import getenv
        probe(getenv("MODE", [Block]))
    """) == [("unknown", 3, 6, ()), ("list", 3, 21, ('"MODE" is not set in the environment',))]


def test_an_environment_read_without_a_default_is_unknown_or_none_when_unset():
    assert probe("""
        import os
        probe(os.environ.get("CKPT_FORMAT"))
    """) == [("unknown", 3, 6, ()), ("none", 3, 6, ('"CKPT_FORMAT" is not set in the environment',))]


def test_defaults_merged_with_unread_overrides_keep_their_keys():
    assert probe("""
        import json, os
        DEFAULTS = {"remat": [Block], "lr": 1e-3}
        cfg = DEFAULTS | json.loads(os.environ.get("OVERRIDES", "{}"))
        probe(cfg["remat"])
    """) == [("list", 3, 21, ())]


def test_the_right_hand_side_of_a_merge_wins():
    assert probe("""
        DEFAULTS = {"remat": [Block]}
        cfg = DEFAULTS | {"remat": {Block}}
        probe(cfg["remat"])
    """) == [("set", 3, 27, ())]


def test_a_range_or_enumerate_counter_is_a_number():
    assert kinds("""
        for step in range(10):
            probe(step)
    """) == ["number"]
    assert kinds("""
        for i, batch in enumerate(loader):
            probe(i)
    """) == ["number"]
    assert kinds("""
        for batch in loader:
            probe(batch)
    """) == ["unknown"]


def test_a_method_reads_its_own_earlier_store_to_self():
    # `fit` sets `self.model` to the set-up module later; `__init__` reads the raw one it just stored
    assert probe("""
        import torch
        class Trainer:
            def __init__(self, fabric, model):
                self.model = model
                probe(self.model)
            def fit(self):
                self.model = self.fabric.setup_module(self.model)
        Trainer(fabric, torch.nn.Linear(2, 2))
    """) == [("module", 9, 16, ())]


def test_a_method_called_in_between_leaves_what_it_stores_on_every_path():
    source = """
        import torch
        from lightning.fabric import Fabric
        class Trainer:
            def __init__(self, fabric, model):
                self.fabric = fabric
                self.model = model
            def setup(self):
                %s
            def fit(self):
                self.setup()
                probe(self.model)
        Trainer(Fabric(), torch.nn.Linear(2, 2)).fit()
    """
    assert kinds(source % "self.model = self.fabric.setup_module(self.model)") == ["setup_module"]
    # stored on some paths only: `fit` may read either
    assert kinds(source % "if ready:\n                    self.model = self.fabric.setup_module(self.model)") == [
        "module", "setup_module"]


def test_a_call_on_what_self_holds_is_not_a_method_call():
    assert kinds("""
        import torch
        class Trainer:
            def __init__(self, model):
                self.model = model
                self.model(torch.ones(2))
                probe(self.model)
            def setup(self):
                self.model = None
        Trainer(torch.nn.Linear(2, 2))
    """) == ["module"]


def test_an_if_on_a_module_flag_runs_one_branch():
    assert probe("""
        ON_TPU = True
        def strategy():
            if ON_TPU:
                return [Block]
            return {Block}
        probe(strategy())
    """) == [("list", 5, 15, ())]
    assert probe("""
        DEBUG = False
        if not DEBUG:
            policy = (Block,)
        else:
            policy = {Block}
        probe(policy)
    """) == [("tuple", 4, 13, ())]


def test_an_if_on_a_flag_that_is_not_a_constant_keeps_both_branches():
    assert probe("""
        import os
        ON_TPU = os.environ.get("TPU") == "1"
        def strategy():
            if ON_TPU:
                return [Block]
            return {Block}
        probe(strategy())
    """) == [("list", 6, 15, ("ON_TPU",)), ("set", 7, 11, ())]
    assert kinds("""
        ON_TPU = True
        def strategy(ON_TPU):
            if ON_TPU:
                return [Block]
            return {Block}
        probe(strategy(False))
    """) == ["set"]  # the parameter shadows the module's flag: the call's False decides


def test_a_helper_s_double_star_parameter_holds_its_callers_extra_keywords():
    assert probe("""
        def make_strategy(wrap=None, **overrides):
            probe(overrides["remat"])
        make_strategy(wrap={Block}, remat=[Block])
    """) == [("list", 4, 34, ())]


def test_a_double_star_parameter_the_helper_changes_is_unknown():
    # (edited at the top of the body before any read, it is read with the edit: tests/test_kwargs_edited.py)
    assert kinds("""
        def make_strategy(**overrides):
            overrides["remat"] = {Block}
            probe(overrides["remat"])
        make_strategy(remat=[Block])
    """) == ["set"]
    assert kinds("""
        def make_strategy(**overrides):
            probe(overrides["remat"])
            overrides["remat"] = {Block}
        make_strategy(remat=[Block])
    """) == ["unknown"]
    assert kinds("""
        def make_strategy(**overrides):
            if overrides:
                overrides["remat"] = {Block}
            probe(overrides["remat"])
        make_strategy(remat=[Block])
    """) == ["unknown"]
    assert kinds("""
        def make_strategy(**overrides):
            probe(overrides["remat"])
        make_strategy(**options)
    """) == ["unknown"]


# --- scopes, methods and dicts the earlier tests did not reach -----------------------------------------
def test_a_nested_function_reads_the_enclosing_function_s_binding_before_the_module_s():
    assert probe("""
        policy = {Block}
        def outer():
            policy = [Block]
            def inner():
                probe(policy)
    """) == [("list", 4, 13, ())]


def test_a_staticmethod_s_first_parameter_is_not_the_instance():
    assert probe("""
        class Trainer:
            @staticmethod
            def build(policy=[Block]):
                probe(policy)
    """) == [("unknown", 4, 14, ())]


def test_another_object_s_attribute_read_in_a_method_is_not_what_the_method_stored_on_self():
    assert probe("""
        class Wrapper:
            policy = [Block]
        class Trainer:
            def run(self):
                wrapped = Wrapper()
                self.policy = {Block}
                probe(wrapped.policy)
    """) == [("list", 3, 13, ())]


def test_an_if_on_a_global_the_function_rebinds_keeps_both_branches():
    # the second call of `build` runs the other branch
    assert probe("""
        DEBUG = True
        def build():
            global DEBUG
            if DEBUG:
                policy = [Block]
            else:
                policy = {Block}
            DEBUG = False
            probe(policy)
    """) == [("list", 6, 17, ("DEBUG",)), ("set", 8, 17, ("not DEBUG",))]


def test_a_name_bound_to_a_library_class_builds_what_the_class_builds():
    assert probe("""
        from lightning.fabric.strategies import XLAFSDPStrategy
        Sharded = XLAFSDPStrategy
        probe(Sharded())
    """) == [("strategy", 4, 6, ())]


def test_update_with_a_dict_held_by_a_name_brings_its_keys():
    assert probe("""
        cfg = {"a": 1}
        extra = {"policy": {Block}}
        cfg.update(extra)
        probe(cfg["policy"])
    """) == [("set", 3, 19, ())]


def test_get_of_a_key_a_complete_dict_lacks_is_none():
    assert probe("""
        cfg = {"a": 1}
        probe(cfg.get("policy"))
    """) == [("none", 3, 6, ())]


def test_a_walrus_in_a_class_base_or_a_comprehension_condition_binds_its_name():
    assert probe("""
        class Model(Base if (policy := {Block}) else Other):
            pass
        probe(policy)
    """) == [("set", 2, 31, ())]
    assert probe("""
        blocks = [b for b in layers if (policy := {Block})]
        probe(policy)
    """) == [("set", 2, 42, ())]


def test_self_in_a_base_method_is_each_subclass_the_file_builds_that_runs_it():
    source = """
        class Experiment:
            remat = [Block]
            def strategy(self):
                probe(self.remat)
        class Deep(Experiment):
            remat = {Block}
        class Wide(Experiment):
            pass
        class Own(Experiment):
            def strategy(self):
                return None
        Deep().strategy()
        {more}
    """
    assert probe(source.replace("{more}", "Own().strategy()")) == [("set", 7, 12, ())]
    assert probe(source.replace("{more}", "Wide().strategy()")) == [
        ("set", 7, 12, ("self is a Deep",)), ("list", 3, 12, ("self is a Wide",))]
    assert probe(source.replace("Deep().strategy()", "").replace("{more}", "")) == [("list", 3, 12, ())]


def test_an_argument_before_a_starred_one_lands_where_it_is_written():
    """`f(fabric, *rest)`: the first parameter is the first argument; those after the `*rest` cannot be told."""
    source = "def f(a, b):\n    probe(a)\n    probe(b)\n\n\nREST = load()\nf(1, *REST)\n"
    ctx = context(source, None)
    a, b = [c.args[0] for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"]
    assert [(v.kind, v.line) for v in ctx.values(a)] == [("number", 7)]
    assert [v.kind for v in ctx.values(b)] == ["unknown"]


def test_getattr_of_a_module_by_a_name_of_several_constants_is_each_function_under_its_condition(tmp_path):
    tasks = "def finetune(fabric):\n    pass\n\n\ndef evaluate(fabric):\n    pass\n"
    assert probed(tmp_path, {"tasks.py": tasks}, "import tasks\n\nname = 'finetune' if input() else 'evaluate'\n"
                  "probe(getattr(tasks, name))\nprobe(getattr(tasks, input()))\n") == [
        [("function", 1, True, ("input()",)), ("function", 5, True, ("not input()",))],
        [("unknown", 5, False, ())],  # a name the file cannot tell
    ]


def test_getattr_of_a_module_by_a_name_the_command_line_may_give_is_another_run_s_pick_beside_the_default(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    (tmp_path / "tasks.py").write_text("def finetune(fabric):\n    pass\n")
    train = ("import sys\n\nimport tasks\n\n\ndef main(argv):\n"
             "    probe(argv[0])\n    probe(getattr(tasks, argv[0] if argv else 'finetune'))\n"
             "    probe(getattr(tasks, argv[0]))\n    probe(getattr(tasks, input() if argv else 'finetune'))\n\n\n"
             "main(sys.argv[1:])\n")
    (tmp_path / "train.py").write_text(train)
    ctx = context(train, str(tmp_path / "train.py"))
    calls = [c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "probe"]
    assert [[(v.kind, v.line, v.extra == SET_BY_THE_RUN, v.when) for v in ctx.values(c.args[0])] for c in calls] == [
        [("unknown", 7, True, ())],  # a part of the command line is set by the run, as `sys.argv[1]` is
        [("unknown", 8, True, ()), ("function", 1, False, ("not argv",))],  # the plain run's is `finetune`
        [("unknown", 9, False, ())],  # a name the command line must give: no function
        [("unknown", 10, False, ())],  # a name the file cannot tell beside it: no function either
    ]


# --- a registry a function fills: `REGISTRY[name] = fn` read per call (a decorator's application) -------------
REGISTERED = """
    import os

    PRESETS = {}

    def preset(name):
        def register(fn):
            PRESETS[name] = fn
            return fn
        return register

    @preset("plain")
    def _plain():
        return [Block]

    @preset({remat_key})
    def _remat():
        return {Block}

    probe({probed})
"""


def test_a_decorator_factory_s_registry_holds_each_decorated_function_under_its_argument():
    def registered(probed: str, remat_key: str = '"remat"') -> list:
        return probe(REGISTERED.replace("{probed}", probed).replace("{remat_key}", remat_key))

    assert registered('PRESETS["remat"]') == [("function", 17, 0, ())]
    assert registered('PRESETS["remat"]()') == [("set", 18, 11, ())]
    assert registered('PRESETS["plain"]()') == [("list", 14, 11, ())]
    # the decorator gives back the function it is applied to: each name is its own def, not every decorated one
    assert registered("_plain") == [("function", 13, 0, ())]
    assert registered("_remat()") == [("set", 18, 11, ())]
    # one that gives it back on some paths only keeps the path's condition
    assert probe("""
        import os
        def maybe(fn):
            if os.environ.get("DEBUG"):
                return fn

        @maybe
        def train():
            pass

        probe(train)
    """) == [("function", 8, 0, ('os.environ.get("DEBUG")',))]
    # looked up by the environment: its default's entry on the plain run
    assert registered('PRESETS[os.environ.get("PRESET", "remat")]()') == [
        ("unknown", 20, 6, ()), ("set", 18, 11, ('"PRESET" is not set in the environment',))]
    # a decoration whose key the file cannot tell adds no entry; another module may register more: no None
    assert registered('PRESETS["remat"]', remat_key="os.environ['NAME']") == [("unknown", 20, 6, ())]
    assert registered('PRESETS.get("other")') == [("unknown", 20, 6, ())]


def test_a_registry_filled_by_a_plain_decorator_or_a_call_keys_each_function_as_written():
    assert probe("""
        STEPS = {}

        def step(fn):
            STEPS[fn.__name__] = fn
            return fn

        @step
        def train():
            return [Block]

        probe(STEPS["train"]())
    """) == [("list", 10, 11, ())]
    source = """
        TABLE = {}

        def add(name, value, enabled=True):
            if enabled:
                TABLE[name] = value

        add("on", {Block})
        add("off", [Block], enabled=False)
        probe(TABLE[{key}])
    """
    assert probe(source.replace("{key}", '"on"')) == [("set", 8, 10, ())]
    assert probe(source.replace("{key}", '"off"')) == [("unknown", 10, 6, ())]  # never stored: that call skips it


# --- methods bound to their receiver: an object a pack's tip built from a project class, `super()` --------
MODULE_CLASSES = """
    from torch import nn
    class Mixin:
        def helper(self):
            return {"a": 1}
    class Net(nn.Module):
        def me(self, scale=1):
            return self
    class Mixed(nn.Module, Mixin):
        pass
    class Ordered(Mixin, nn.Module):
        pass
    net = Net()
"""


def test_a_method_of_a_module_a_project_class_builds_runs_with_self_the_module():
    # `Net()` is a `module` (the pack's tip), still an instance of Net: `me` returns the very module
    assert probe(MODULE_CLASSES + "    probe(net.me())") == [("module", 13, 6, ())]
    assert probe(MODULE_CLASSES + "    probe(getattr(net, 'me', None)(2))") == [("module", 13, 6, ())]
    assert probe(MODULE_CLASSES + "    probe(Ordered().helper())") == [("dict", 5, 15, ())]


def test_a_method_a_library_base_may_define_is_unknown_on_a_module():
    assert kinds(MODULE_CLASSES + "    probe(net.parameters())") == ["unknown"]
    assert kinds(MODULE_CLASSES + "    probe(Mixed().helper())") == ["unknown"]  # nn.Module comes first
    assert probe(MODULE_CLASSES + "    probe(getattr(net, 'missing', None))") == [
        ("unknown", 14, 6, ()), ("none", 14, 30, ("net has no missing",))]


SUPER = """
    class A:
        def m(self):
            return {"a": 1}
    class B(A):
        def m(self):
            return super().m()
    class C(A):
        def m(self):
            return [1]
"""


def test_super_calls_the_next_class_of_self_s_order_with_the_same_self():
    assert probe(SUPER + "    probe(B().m())") == [("dict", 4, 15, ())]
    # D's order is D, B, C, A: `super().m()` in B runs C's
    assert probe(SUPER + "    class D(B, C):\n        pass\n    d = D()\n    probe(d.m())") == [("list", 10, 15, ())]


def test_super_binds_self_so_the_base_method_reads_the_subclass_s_attributes():
    assert probe("""
        class Base:
            def kwargs(self):
                return {"policy": self.policy}
        class Sharded(Base):
            policy = [Block]
            def kwargs(self):
                return super().kwargs()
        probe(Sharded().kwargs()["policy"])
    """) == [("list", 6, 13, ())]


def test_a_dict_a_call_returns_takes_the_stores_its_variable_makes():
    source = """
        def base():
            return {"state_dict_type": "sharded"}
        kwargs = base()
        kwargs.update(policy=[Block])
        probe(kwargs["policy"])
    """
    assert probe(source) == [("list", 5, 21, ())]
    assert probe(source.replace('kwargs.update(policy=[Block])', 'kwargs["policy"] = {Block}')) == [("set", 5, 19, ())]
    # not stored into: the helper's own dict, where it is written
    assert probe(source.replace("kwargs.update(policy=[Block])", "other = {}").replace('kwargs["policy"]', "kwargs")) \
        == [("dict", 3, 11, ())]


def test_a_function_that_only_defines_a_generator_returns_none_and_a_generator_function_is_unknown():
    # a nested def's `yield` makes the nested def a generator, not the function that defines it
    assert probe("""
        def make():
            def batches():
                yield 1
            print(batches)
        probe(make())
        """) == [("none", 2, 0, ())]
    assert probe("""
        def batches():
            yield 1
        probe(batches())
        """) == [("unknown", 2, 0, ())]


def probed_entries(source: str) -> tuple[dict[str, tuple[str, ...]] | None, bool]:
    """The entries (key: kinds) of the one dict `probe(<expr>)`'s argument holds, and whether they are all."""
    ctx = context(source)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    [held] = ctx.values(call.args[0])
    entries, complete = ctx.flow.entries(held)
    return (None if entries is None else {k: tuple(x.kind for x in e.values()) for k, e in entries.items()}), complete


def test_an_update_under_a_test_its_callers_decide_the_other_way_is_not_an_entry():
    source = """
        def options(kind):
            kw = {"max_norm": 1.0}
            if kind == "value":
                kw.setdefault("clip_val", 0.5)
                kw.update(error_if_nonfinite=True)
            return kw
        other = options("value")
        probe(options("norm"))
    """  # (read for each call: the other call takes the branch)
    assert probed_entries(source) == ({"max_norm": ("number",)}, True)
    assert probed_entries(source.replace('options("norm")', 'options("value")')) == (
        {"max_norm": ("number",), "clip_val": ("number",), "error_if_nonfinite": ("bool",)}, True)


CHECKPOINTER = """
import torch

class Checkpointer:
    def __init__(self, every):
        self.every, self.state = every, {}

    def track(self, **objects):
        self.state.update(objects)

    def forget(self, name):
        FORGET

    def save(self, step):
        probe({**self.state, "step": step})

checkpointer = Checkpointer(1)
checkpointer.track(model=torch.nn.Linear(2, 2))
checkpointer.track(optimizer=torch.optim.SGD([], lr=0.1))
checkpointer.save(3)
"""


def test_an_attribute_dict_filled_by_a_method_holds_what_each_call_of_it_passes():
    entries, complete = probed_entries(CHECKPOINTER.replace("FORGET", "pass"))
    assert entries == {"model": ("module",), "optimizer": ("optimizer",), "step": ("number",)} and complete


@pytest.mark.parametrize("forget", ['self.state.pop(name)', 'del self.state[name]', 'self.state.clear()',
                                    'self.state |= {name: None}', 'self.state.update(**CHANGES)'])
def test_an_attribute_dict_changed_in_a_way_the_layer_cannot_read_is_not_read_whole(forget):
    _, complete = probed_entries(CHECKPOINTER.replace("FORGET", forget))
    assert not complete


def test_an_attribute_dict_a_method_fills_from_an_unknown_call_is_not_read_whole():
    entries, complete = probed_entries(CHECKPOINTER.replace("FORGET", "pass").replace(
        "checkpointer.save(3)", "checkpointer.track(**torch.load('more.pt'))\ncheckpointer.save(3)"))
    assert not complete  # never an empty dict for what a call the layer cannot read puts in it


def test_an_attribute_dict_a_method_fills_by_key_holds_each_constant_key():
    entries, complete = probed_entries(CHECKPOINTER.replace("FORGET", 'self.state["scale"] = 2.0'))
    assert entries is not None and entries["scale"] == ("number",) and complete


LOOP = """\
class Loop:
    def __init__(self, fabric, model, steps=2):
        self.fabric = fabric
        self.model = model
        self.steps = steps
"""

TASKS = """\
import torch
from loop import Loop


class FinetuneLoop(Loop):
    INIT

    def on_start(self):
        probe(self.ATTR)


FinetuneLoop(None, torch.nn.Linear(2, 2), resume_from="ckpt")
"""


def loop_project(tmp_path, init: str, attr: str):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "loop.py").write_text(LOOP)
    tasks = tmp_path / "tasks.py"
    tasks.write_text(TASKS.replace("INIT", init).replace("ATTR", attr))
    return probe(tasks.read_text(), str(tasks))


FORWARDING = "def __init__(self, *args, resume_from, **kwargs):\n        super().__init__(*args, **kwargs)\n" \
             "        self.resume_from = resume_from"


def test_a_base_of_another_module_built_through_super_init_holds_what_the_construction_passes(tmp_path):
    assert loop_project(tmp_path, FORWARDING, "model") == [("module", 14, 19, ())]  # the construction's argument
    assert loop_project(tmp_path, "pass", "model") == [("module", 12, 19, ())]  # no `__init__` of its own
    assert loop_project(tmp_path, FORWARDING, "steps") == [("number", 2, 44, ())]  # the base's default, read there


def test_a_subclass_that_builds_its_base_with_other_arguments_is_not_read_as_forwarding(tmp_path):
    init = "def __init__(self, model, *args, **kwargs):\n        super().__init__(None, None, *args, **kwargs)"
    assert [k for k, *_ in loop_project(tmp_path, init, "model")] == ["unknown"]


# --- a registry `__init_subclass__` fills: each class statement deriving from the class is a call of the hook --------
SUBCLASSED = """
    import os

    class Block:
        pass

    class Preset:
        registry: dict = {}
        remat = None
        wrapper = None

        def __init_subclass__(cls, name, **kwargs):
            super().__init_subclass__(**kwargs)
            {store}[name] = cls

        @classmethod
        def kwargs(cls):
            out = {"policy": cls.remat}
            if cls.wrapper is not None:
                out["wrapper"] = cls.wrapper
            return out

    class Plain(Preset, name="plain"):
        pass

    class Remat(Preset, name="remat"):
        remat = {Block}

    class DeepRemat(Remat, name={deep_key}):
        pass

    probe({probed})
"""


def test_a_class_body_registry_holds_each_subclass_under_its_class_keyword():
    def registered(probed: str, store: str = "Preset.registry", deep_key: str = '"deep"') -> list:
        return probe(SUBCLASSED.replace("{probed}", probed).replace("{store}", store).replace("{deep_key}", deep_key))

    assert registered('Preset.registry["remat"]') == [("class", 26, 0, ())]
    assert registered('Preset.registry["plain"]') == [("class", 23, 0, ())]
    assert registered('Preset.registry["remat"].kwargs()["policy"]') == [("set", 27, 12, ())]
    # a subclass of a subclass runs the hook too; `cls.registry` is the same dict
    assert registered('Preset.registry["deep"]', store="cls.registry") == [("class", 29, 0, ())]
    # a keyword the file cannot tell adds no entry, and another module may subclass too: no None
    assert registered('Preset.registry["deep"]', deep_key="os.environ['NAME']") == [("unknown", 32, 6, ())]
    # picked by the environment: the plain run's entry, the method run on that class
    assert registered('Preset.registry[os.environ.get("PRESET", "remat")].kwargs()') == [
        ("unknown", 32, 6, ()), ("dict", 18, 14, ('"PRESET" is not set in the environment',))]


def test_a_hook_storing_elsewhere_leaves_the_class_body_registry_empty():
    # `registry` of the instance's own dict, not the class body's: nothing is registered there
    source = SUBCLASSED.replace("{store}", "other").replace("{deep_key}", '"deep"')
    source = source.replace("    registry: dict = {}\n", "    registry: dict = {}\n        other = {}\n", 1)
    assert probe(source.replace("{probed}", 'Preset.registry["remat"]')) == [("unknown", 33, 6, ())]


def test_a_classmethod_s_test_on_cls_is_decided_by_the_class_it_runs_on():
    entries = _method_dict_keys(SUBCLASSED.replace("{store}", "Preset.registry").replace("{deep_key}", '"deep"'))
    assert entries == (["policy"], True)
    # a class attribute stored from outside the class body: the body no longer tells it, the key may be there
    stored = SUBCLASSED.replace("    probe({probed})", "    Remat.wrapper = Block\n    probe({probed})")
    entries = _method_dict_keys(stored.replace("{store}", "Preset.registry").replace("{deep_key}", '"deep"'))
    assert entries == (["policy", "wrapper"], True)


def _method_dict_keys(source: str) -> tuple[list[str], bool]:
    ctx = context(source.replace("{probed}", "Remat.kwargs()"))
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    (held,) = ctx.values(call.args[0])
    found, complete = ctx.flow.entries(held)
    return sorted(found or {}), complete


def test_a_check_reads_the_class_statements_that_register_a_preset():
    source = textwrap.dedent('''
        import os
        from lightning.fabric.strategies import XLAFSDPStrategy

        class Block:
            pass

        class Preset:
            registry: dict = {}
            remat = None

            def __init_subclass__(cls, name, **kwargs):
                Preset.registry[name] = cls

            @classmethod
            def kwargs(cls):
                return {"activation_checkpointing_policy": cls.remat, "auto_wrapper_callable": None}

        class Plain(Preset, name="plain"):
            pass

        class Remat(Preset, name={key}):
            remat = {Block}

        strategy = XLAFSDPStrategy(**Preset.registry[os.environ.get("PRESET", "remat")].kwargs())
    ''')
    found = check_source(source.replace("{key}", '"remat"'), "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line, f.span.start.column) for f in found] == [
        ("LXF002", "error", 24, 29)]
    assert check_source(source.replace("{key}", '"other"'), "train.py").findings == []


# --- a loop over a dict's items ------------------------------------------------------------------------
def test_a_loop_over_a_dicts_items_holds_each_entrys_key_and_value():
    source = """
    OPS = {"loss": "max", "acc": "sum"}
    def sync(stats):
        for name, op in OPS.items():
            probe({probed})
    """
    # each on its own turn, one condition for the key and the value of an entry (tests/test_items_turns.py)
    turns = (("when name is 'loss'",), ("when name is 'acc'",))
    assert probe(source.replace("{probed}", "op")) == [("str", 2, 15, turns[0]), ("str", 2, 29, turns[1])]
    assert probe(source.replace("{probed}", "name")) == [("str", 2, 7, turns[0]), ("str", 2, 22, turns[1])]


def test_a_loop_over_items_of_a_dict_filled_elsewhere_may_hold_more():
    source = """
    OPS = {"loss": "max"}
    def sync(stats, extra):
        OPS.update(extra)
        for name, op in OPS.items():
            probe(op)
    """
    assert kinds(source) == ["str", "unknown"]  # the entry written here, and what `extra` may add


def test_a_loop_over_something_else_than_items_stays_unknown():
    assert kinds("""
    OPS = {"loss": "max"}
    def sync(stats):
        for name, op in OPS.values():
            probe(op)
    """) == ["unknown"]


@pytest.mark.parametrize(("body", "expected"), [
    ("opts = dict(RAW)\nprobe(opts.pop('remat', None))\n", [("list", 1, 16, ())]),  # what it removes
    ("opts = dict(RAW)\nopts.pop('remat')\nprobe(opts.pop('remat', None))\n", [("none", 4, 24, ())]),  # gone by then
    ("opts = dict(RAW)\nfor _ in range(2):\n    probe(opts.pop('remat', None))\n", [("none", 4, 28, ())]),  # a later turn: gone
])
def test_a_pop_returns_the_entry_it_removes(body, expected):
    assert probe("RAW = {'remat': [1]}\n" + body) == expected


CONTEXT_VAR = "import contextvars\nVAR = contextvars.ContextVar('v', default=[1])\n"


@pytest.mark.parametrize(("body", "expected"), [
    ("probe(VAR.get())\n", [("list", 2, 42, ())]),  # the default: no set is written
    ("probe(VAR.get({2}))\n", [("set", 3, 14, ())]),  # the fallback given replaces the default
    ("VAR.set({3})\nprobe(VAR.get())\n", [("list", 2, 42, ("`VAR` is not set",)),
                                          ("set", 3, 8, ("after `VAR.set(...)` at line 3",))]),
    ("VAR.set(input())\nprobe(VAR.get())\n", [("list", 2, 42, ("`VAR` is not set",)),
                                              ("unknown", 3, 8, ("after `VAR.set(...)` at line 3",))]),
    ("import sys\nsys.modules[__name__].VAR.set({3})\nprobe(VAR.get())\n", [("unknown", 2, 6, ())]),  # not read
])
def test_a_context_variable_holds_its_default_joined_with_what_is_set(body, expected):
    assert probe(CONTEXT_VAR + body) == expected


# --- a loop over a tuple or list display: its variable holds each element ----------------------------
def test_a_loop_over_a_list_display_holds_each_element_under_its_turn():
    source = """
    def sweep():
        for cfg in [{"clip_val": 0.5}, {"max_norm": 1.0}]:
            probe(cfg)
    """
    assert probe(source) == [("dict", 3, 16, ('when cfg is {"clip_val": 0.5}',)),
                             ("dict", 3, 35, ('when cfg is {"max_norm": 1.0}',))]


def test_a_loop_over_one_element_holds_it_on_every_turn():
    assert probe("""
    for precision in ("bf16-true",):
        probe(precision)
    """) == [("str", 2, 18, ())]


def test_a_loop_over_a_tuple_a_name_holds_reads_its_elements_there():
    assert probe("""
    MODES = ("sum", "mean")
    def sync():
        for op in MODES:
            probe(op)
    """) == [("str", 2, 9, ('when op is "sum"',)), ("str", 2, 16, ('when op is "mean"',))]


def test_a_long_element_is_named_by_its_place_in_the_loop():
    long = '{"lr": 0.001, "clip": {"clip_val": 0.5}, "steps": 100}'
    assert probe(f"""
    for cfg in [{long}, {{}}]:
        probe(cfg)
    """) == [("dict", 2, 12, ("when cfg is item 1 of the loop at line 2",)), ("dict", 2, 68, ("when cfg is {}",))]


@pytest.mark.parametrize("loop", [
    "CONFIGS = [{'clip_val': 0.5}]\nCONFIGS.append({})\nfor cfg in CONFIGS:",  # a list held by a name, filled before
    "for cfg in sweep():",  # a call (a generator) may give anything
    "for cfg in ({'clip_val': 0.5} for _ in range(2)):",
    "for cfg in [*BASE, {'clip_val': 0.5}]:",  # a starred element
    "for cfg in []:",
    "for cfg in [" + ", ".join(["{}"] * 17) + "]:",  # more elements than the turns read one by one
])
def test_a_loop_over_anything_else_leaves_its_variable_unknown(loop):
    assert kinds(f"{loop}\n    probe(cfg)\n") == ["unknown"]


def test_after_the_loop_its_variable_is_unknown():
    # there it holds the last element the loop reached, not each of them
    assert kinds("""
    for cfg in [{"clip_val": 0.5}, {"max_norm": 1.0}]:
        pass
    probe(cfg)
    """) == ["unknown"]


LOOP_RUN = """
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

for {variable} in {elements}:
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.clip_gradients(model, optimizer, **clip)
"""


@pytest.mark.parametrize(("variable", "elements", "expected"), [
    # every turn clips by value: an error at the `**clip`
    ("clip", '[{"clip_val": 0.5}, {"clip_val": 1.0}]', [("LXF014", "error", 9, 46, "")]),
    ("clip", '({"max_norm": 0.5}, {"max_norm": 1.0})', []),  # every turn clips by norm
    # one turn of two has a precision XLA does not run: a warning that names it
    ("precision", '("bf16-true", "16-mixed")',
     [("LXF007", "warning", 6, 77, 'when precision is "16-mixed"')]),
    ("precision", '("bf16-mixed", "16-mixed")', [("LXF007", "error", 6, 77, "")]),
    ("precision", '("bf16-true", "32-true")', []),
])
def test_a_rule_sees_each_value_a_loop_variable_takes(variable, elements, expected):
    source = LOOP_RUN.replace("{variable}", variable).replace("{elements}", elements)
    source = source.replace("precision=precision", "precision=precision" if variable == "precision" else "precision='bf16-true'")
    source = source.replace("**clip", "**clip" if variable == "clip" else "max_norm=1.0")
    found = check_source(source, "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line, f.span.start.column,
             f.message.rsplit("; ", 1)[-1] if f.severity.value == "warning" else "") for f in found] == expected


# --- max and min: the candidate Python picks --------------------------------------------------------------------
LIGHTEST = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

MEMORY_GB = {{"32-true": 16, "bf16-true": 8, "bf16-mixed": 12}}


def lightest(options):
    return min(options, key={key})


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=lightest({options}))
"""


@pytest.mark.parametrize("key, options, expected", [
    ("lambda name: MEMORY_GB[name]", '("32-true", "bf16-mixed")', [("LXF007", "error", 11, 73)]),
    ("MEMORY_GB.__getitem__", '["bf16-mixed", "32-true"]', [("LXF007", "error", 11, 73)]),
    ("lambda name: MEMORY_GB[name]", '("32-true", "bf16-true", "bf16-mixed")', []),  # bf16-true is lighter
    ("MEMORY_GB.get", "MEMORY_GB", []),  # over the dict's keys: bf16-true
    ("len", '("bf16-mixed", "32-true")', []),  # a rank the file does not read: unknown, silent
])
def test_min_with_a_key_picks_the_candidate_python_picks(key, options, expected):
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
             for f in check_source(LIGHTEST.format(key=key, options=options), "train.py").findings]
    assert found == expected


def test_max_over_a_filtered_comprehension_of_a_dict_s_keys():
    source = """\
        SPEEDUP = {"32-true": 1.0, "bf16-true": 1.9, "bf16-mixed": 2.1}
        allowed = ("32-true", "bf16-true")
        probe(max([n for n in SPEEDUP if n in allowed], key=SPEEDUP.get))
        probe(max([n for n in SPEEDUP if n not in allowed], key=SPEEDUP.get))
        probe(max("32-true", "bf16-true"))
    """
    ctx = context(source)
    probes = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"]
    picked = [[(v.kind, v.node.value, v.line) for v in ctx.values(p.args[0])] for p in probes]
    assert picked == [[("str", "bf16-true", 1)], [("str", "bf16-mixed", 1)], [("str", "bf16-true", 5)]]


# --- a comprehension's emptiness through its filter ---------------------------------------------------------------
REMAT_NAMES = """\
import torch
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(torch.nn.Module):
    pass


LAYERS = {{"Block": Block, "Linear": torch.nn.Linear}}
REMAT = "{remat}"
policy = {policy}
strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=policy)
"""


@pytest.mark.parametrize("remat, policy, expected", [
    ("Block,", 'tuple(LAYERS[n] for n in REMAT.split(",") if n)', [("LXF001", "error", 12, 85)]),
    ("", 'tuple(LAYERS[n] for n in REMAT.split(",") if n)', []),  # "".split(",") is [""]: nothing kept, falsy
    ("Block Linear", "[LAYERS[n] for n in REMAT.split() if n in LAYERS]", [("LXF001", "error", 12, 85)]),
    ("Conv", '[LAYERS[n] for n in REMAT.split() if n != "Conv"]', []),
    ("x", '[LAYERS[n] for n in ("Block", "Linear") if n.startswith("Conv")]', []),
])
def test_a_filtered_comprehension_is_as_empty_as_the_items_its_test_keeps(remat, policy, expected):
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
             for f in check_source(REMAT_NAMES.format(remat=remat, policy=policy), "train.py").findings]
    assert found == expected


# --- what a builtin builds from a sequence is as empty as the sequence -------------------------------------------
DEDUPED = """\
import os
import torch
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(torch.nn.Module):
    pass


NAMES = {names}


def classes(names):
    return [getattr(torch.nn, n, Block) for n in names]


strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy={policy})
"""
DEDUPED_FOUND = "`activation_checkpointing_policy` must be a set, found "


@pytest.mark.parametrize("policy", [
    "list(dict.fromkeys(classes(NAMES)))", "tuple(dict.fromkeys(classes(NAMES), None))",
    "sorted(dict.fromkeys(NAMES))", "list(classes(NAMES))", "[c for c in classes(NAMES)]",
])
def test_a_builtin_keeps_the_non_emptiness_of_the_sequence_it_is_built_from(policy):
    def found(names):
        return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
                for f in check_source(DEDUPED.format(names=names, policy=policy), "train.py").findings]
    assert found('["Block", "Block"]') == [("LXF001", "error", DEDUPED_FOUND + policy, 17, 85)]
    assert found("[]") == []  # empty: Lightning ignores a falsy policy
    assert found('os.environ["REMAT"].split()') == [  # not known either way
        ("LXF001", "warning", DEDUPED_FOUND + policy + "; when it is not empty", 17, 85)]


def test_a_helper_of_another_module_building_from_its_parameter_is_as_empty_as_the_argument(tmp_path):
    helper = "def policy(classes):\n    return list(dict.fromkeys(classes))\n"
    train = ("from lightning.fabric.strategies import XLAFSDPStrategy\nfrom torch import nn\n\nfrom helpers import policy\n\n"
             "strategy = XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, activation_checkpointing_policy=policy({}))\n")
    for argument, expected in (("[nn.Linear]", "error"), ("os.environ['REMAT'].split()", "warning"), ("[]", None)):
        root = tmp_path / str(len(argument))
        root.mkdir()
        (root / "pyproject.toml").write_text("[project]\nname='p'\n")
        (root / "helpers.py").write_text(helper)
        (root / "train.py").write_text("import os\n" + train.replace("{}", argument))
        found = check_source((root / "train.py").read_text(), str(root / "train.py")).findings
        assert [(f.code, f.severity.value) for f in found] == ([("LXF001", expected)] if expected else [])


# --- argparse: defaults given by `set_defaults(**profile)` ------------------------------------------------------
PROFILE_DEFAULTS = """\
import argparse
import json
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

BASE = {{"precision": "32-true", "devices": 8}}
DEBUG = {{**BASE, "precision": "{precision}"}}

parser = argparse.ArgumentParser()
parser.add_argument("--precision")
parser.add_argument("--devices", type=int)
parser.set_defaults(**{profile})
args = parser.parse_args()
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), {given})
"""


@pytest.mark.parametrize("precision, profile, given, expected", [
    ("bf16-mixed", "DEBUG", "precision=args.precision", [("LXF007", "error", 14, 73)]),
    ("bf16-mixed", "DEBUG", "**vars(args)", [("LXF007", "error", 14, 65)]),
    ("bf16-true", "DEBUG", "precision=args.precision", []),
    ("bf16-mixed", "BASE", "**vars(args)", []),
    ("bf16-mixed", 'json.loads(open("debug.json").read())', "precision=args.precision", []),  # unknown: silent
])
def test_set_defaults_of_a_dict_gives_the_options_their_defaults(precision, profile, given, expected):
    source = PROFILE_DEFAULTS.format(precision=precision, profile=profile, given=given)
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
             for f in check_source(source, "train.py").findings]
    assert found == expected


# --- a list filled in place before it is read ---------------------------------------------------------------------
FILLED = """\
import torch
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(torch.nn.Module):
    pass


LAYERS = {{"block": Block}}
NAMES = {names}
policy = []
{fill}
strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=policy)
"""
FILLED_ERROR = [("LXF001", "error")]
FILLED_MAYBE = [("LXF001", "warning")]


@pytest.mark.parametrize("names, fill, expected", [
    ('["block"]', "policy.append(Block)", FILLED_ERROR),
    ('["block"]', "for name in NAMES:\n    policy.append(LAYERS[name])", FILLED_ERROR),
    ('("block",)', "for i, (name, cls) in enumerate(zip(NAMES, LAYERS.values())):\n    policy.append(cls)", FILLED_ERROR),
    ('["block"]', "for name in NAMES:\n    if name in LAYERS:\n        policy.append(LAYERS[name])", FILLED_MAYBE),
    ('["block"]', "for name in NAMES:\n    break\n    policy.append(LAYERS[name])", FILLED_MAYBE),
    ("[]", "for name in NAMES:\n    policy.append(LAYERS[name])", FILLED_MAYBE),
    ('["block"]', "policy.append(Block)\npolicy.clear()", FILLED_MAYBE),
])
def test_a_list_appended_to_on_every_path_before_it_is_read_is_not_empty(names, fill, expected):
    source = FILLED.format(names=names, fill=fill)
    found = [(f.code, f.severity.value) for f in check_source(source, "train.py").findings]
    assert found == expected
    line = source.splitlines().index(next(s for s in source.splitlines() if s.startswith("strategy =")))
    assert [(f.span.start.line, f.span.start.column) for f in check_source(source, "train.py").findings] == [(line, 85)]


def test_a_list_appended_to_after_the_strategy_is_built_may_be_empty():
    source = FILLED.format(names='["block"]', fill="").replace(
        "activation_checkpointing_policy=policy)\n", "activation_checkpointing_policy=policy)\npolicy.append(Block)\n")
    assert [(f.code, f.severity.value) for f in check_source(source, "train.py").findings] == FILLED_MAYBE


# --- NamedTuple._asdict() ---------------------------------------------------------------------------------------------
SHARDING_TUPLE = """\
from typing import NamedTuple

import torch
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(torch.nn.Module):
    pass


class Sharding(NamedTuple):
    auto_wrap_policy: set = {{Block}}
    activation_checkpointing_policy: object = None


def make_strategy(cfg):
    return XLAFSDPStrategy(**cfg._asdict())


strategy = make_strategy(Sharding({given}))
"""


@pytest.mark.parametrize("given, expected", [
    ("activation_checkpointing_policy=[Block]", [("LXF001", "error", 20, 66)]),
    ("{Block}, (Block,)", [("LXF001", "error", 20, 43)]),
    ("activation_checkpointing_policy={Block}", []),
    ("", []),  # None: Lightning ignores a falsy policy
])
def test_a_named_tuple_s_asdict_is_its_fields(given, expected):
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
             for f in check_source(SHARDING_TUPLE.format(given=given), "train.py").findings]
    assert found == expected
