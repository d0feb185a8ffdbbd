"""Shapes of real training code the rules follow through the value-flow layer: a strategy class
pre-configured with `functools.partial`, an environment default, a config property, a module flag
that picks a branch. Exact codes, severities, spans (1-based, as `errata-lsp check` prints them)
and message texts."""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import check_source
from errata_lsp.analysis.engine import check_document


def found(source: str) -> list[tuple[str, str, str, str]]:
    report = check_source(textwrap.dedent(source), "train.py")
    assert not report.failures
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-"
             f"{f.span.end.line + 1}:{f.span.end.column + 1}", f.message) for f in report.findings]


PARTIAL = """\
    from functools import partial
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    Sharded = partial(XLAFSDPStrategy, auto_wrap_policy={Block}, activation_checkpointing_policy=%s)
    fabric = Fabric(accelerator="tpu", strategy=Sharded(%s))
"""


def test_a_call_of_a_partial_strategy_is_checked_with_its_own_arguments():
    assert found(PARTIAL % ("None", "activation_checkpointing_policy=[Block]")) == [
        ("LXF001", "error", "5:85-5:92", "`activation_checkpointing_policy` must be a set, found [Block]")]


def test_a_call_of_a_partial_strategy_is_checked_with_what_the_partial_preset():
    assert found(PARTIAL % ("(Block,)", "")) == [
        ("LXF001", "error", "4:94-4:102", "`activation_checkpointing_policy` must be a set, found (Block,)")]


def test_a_partial_strategy_given_sets_is_fine():
    assert found(PARTIAL % ("{Block}", "")) == []
    assert found(PARTIAL % ("(Block,)", "activation_checkpointing_policy={Block}")) == []


ENVIRONMENT = """\
    import os
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    CKPT_FORMAT = %s
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type=CKPT_FORMAT))
"""


def test_an_environment_default_that_fails_on_load_is_an_error_as_the_run_s_value():
    """Unset (as the run is, unless told), the variable gives its default: the load raises."""
    [(code, severity, at, message)] = found(ENVIRONMENT % 'os.environ.get("CKPT_FORMAT", "consolidated")')
    assert (code, severity, at) == ("LXF020", "error", "5:77-5:88")
    assert message.startswith("`state_dict_type='consolidated'` is neither 'full' nor 'sharded'")
    assert message.endswith("The checkpoint you saved cannot be read back")


def test_an_environment_read_with_a_valid_default_or_none_is_fine():
    assert found(ENVIRONMENT % 'os.environ.get("CKPT_FORMAT", "sharded")') == []
    assert found(ENVIRONMENT % 'os.environ["CKPT_FORMAT"]') == []


PROPERTY = """\
    from dataclasses import dataclass
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    @dataclass
    class RunConfig:
        debug: bool = True
        @property
        def accelerator(self):
            return %s
    cfg = RunConfig()
    fabric = Fabric(accelerator=cfg.accelerator, devices=4, strategy=XLAFSDPStrategy())
"""


def test_a_cpu_accelerator_on_some_paths_is_a_warning_that_names_the_condition():
    flagged = PROPERTY.replace("cfg = RunConfig()", "cfg = RunConfig(debug=args.debug)")
    [(code, severity, at, message)] = found(flagged % '"cpu" if self.debug else "tpu"')
    assert (code, severity, at) == ("LXF010", "warning", "11:29-11:44")
    assert message.endswith('or a CPU strategy such as "ddp" to debug on CPU; when self.debug')
    # built only with the default, debug is True on every path
    [(code, severity, at, message)] = found(PROPERTY % '"cpu" if self.debug else "tpu"')
    assert (code, severity, at) == ("LXF010", "error", "11:29-11:44")
    assert message.endswith('or a CPU strategy such as "ddp" to debug on CPU')


def test_a_tpu_accelerator_property_is_fine():
    assert found(PROPERTY % '"tpu"') == []


FLAG = """\
    import torch
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import DDPStrategy, XLAFSDPStrategy
    ON_TPU = %s
    def make_fabric():
        if ON_TPU:
            return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
        return Fabric(accelerator="cuda", strategy=DDPStrategy())
    def train(fabric):
        model, optimizer = fabric.setup(Net(), torch.optim.SGD(params, lr=0.1))
    make_fabric().launch(train)
"""
JOINT = ("LXF012", "error", "10:24-10:36",
         "The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): `fabric.setup` raises "
         "NotImplementedError here. Call `setup_module`, create the optimizer from the set-up model's parameters, "
         "then call `setup_optimizers`")


def test_a_module_flag_set_to_true_picks_the_xla_fsdp_fabric():
    assert found(FLAG % "True") == [JOINT]


def test_a_module_flag_set_to_false_or_read_at_run_time_is_not_xla_fsdp():
    assert found(FLAG % "False") == []
    assert found(FLAG % "torch.cuda.is_available()") == []


def test_flipping_the_flag_in_an_edit_is_followed():
    source = textwrap.dedent(FLAG % "True")
    first = check_document(source, "train.py")
    flipped = check_document(source.replace("ON_TPU = True", "ON_TPU = False"), "train.py", previous=first)
    back = check_document(source, "train.py", previous=flipped)
    assert [f.code for f in first.report.findings] == ["LXF012"]
    assert flipped.report.findings == []
    assert [f.code for f in back.report.findings] == ["LXF012"]


FORWARDING = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    def make_strategy(**overrides):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, **overrides)
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(activation_checkpointing_policy=%s))
"""


def test_a_policy_forwarded_through_double_star_is_checked_where_the_caller_wrote_it():
    assert found(FORWARDING % "[Block]") == [
        ("LXF001", "error", "5:91-5:98", "`activation_checkpointing_policy` must be a set, found [Block]")]


def test_a_set_policy_forwarded_through_double_star_is_fine():
    assert found(FORWARDING % "{Block}") == []


DEAD = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    USE_REMAT = %s
    def build_strategy():
        if USE_REMAT:
            return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])
    fabric = Fabric(accelerator="tpu", strategy=build_strategy())
"""


def test_a_strategy_built_only_after_a_branch_that_always_returns_is_not_checked():
    assert found(DEAD % "True") == []


def test_the_same_strategy_is_checked_when_the_flag_lets_it_run():
    assert found(DEAD % "False") == [
        ("LXF001", "error", "7:86-7:93", "`activation_checkpointing_policy` must be a set, found [Block]")]
    [(code, severity, at, message)] = found(DEAD % "os.environ.get('REMAT') == '1'")
    assert (code, severity, at) == ("LXF001", "error", "7:86-7:93")


def test_calls_after_a_return_or_raise_are_not_live():
    assert found("""\
        from lightning.fabric import Fabric
        def train(fabric):
            raise SystemExit("not on this machine")
            model, optimizer = fabric.setup(Net(), optimizer)
        Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
    """) == []


# --- copies of a dict of strategy options ------------------------------------------------------------------
COPIED = """\
    import copy
    from lightning.fabric.strategies import XLAFSDPStrategy
    DEFAULTS = {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": %s}
    def strategy_options():
        options = %s
        options["activation_checkpointing_policy"] = %s
        return options
    strategy = XLAFSDPStrategy(**strategy_options())
"""


def test_a_store_into_a_copied_dict_is_what_the_strategy_gets():
    message = "`activation_checkpointing_policy` must be a set, found [Block]"  # underlined where the copy got it
    assert found(COPIED % ("None", "copy.deepcopy(DEFAULTS)", "[Block]")) == [
        ("LXF001", "error", "6:50-6:57", message)]
    assert found(COPIED % ("None", "DEFAULTS.copy()", "[Block]")) == [("LXF001", "error", "6:50-6:57", message)]


def test_a_copied_dict_whose_list_is_replaced_by_a_set_is_fine():
    assert found(COPIED % ("[Block]", "copy.deepcopy(DEFAULTS)", 'set(options["activation_checkpointing_policy"])')) == []
    assert found(COPIED % ("[Block]", "DEFAULTS.copy()", "{Block}")) == []
    # a store made from the entry it replaces: once a RecursionError that lost LXF005's findings
    assert found(COPIED % ("None", '{"auto_wrap_policy": {Block}, "activation_checkpointing_policy": [Block]}',
                           'set(options["activation_checkpointing_policy"])')) == []


# --- policies filled in place: .append/.extend/.add in a loop, `+=` --------------------------------------
GROWN = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    remat = %s
    for name in NAMES:
        %s
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=%s)
"""


def test_an_empty_list_filled_in_a_loop_may_not_be_empty():
    assert found(GROWN % ("[]", "remat.append(LAYERS[name])", "remat")) == [
        ("LXF001", "warning", "5:86-5:91", "`activation_checkpointing_policy` must be a set, found [] filled in place "
                                           "(from `remat`, line 2); when it is not empty")]
    assert found(GROWN % ("[]", "remat += SECTIONS[name]", "remat")) == [
        ("LXF001", "warning", "5:86-5:91", "`activation_checkpointing_policy` must be a set, found a list built with "
                                           "`remat += SECTIONS[name]` (from `remat`, line 4); when it is not empty")]


def test_a_set_filled_in_a_loop_an_unfilled_list_or_a_list_made_a_set_is_fine():
    assert found(GROWN % ("set()", "remat.add(LAYERS[name])", "remat")) == []
    assert found(GROWN % ("[]", "remat.append(LAYERS[name])", "set(remat)")) == []
    assert found(GROWN % ("[]", "print(name)", "remat")) == []  # empty: Lightning ignores it


# --- a NamedTuple's variant made with _replace ---------------------------------------------------------------
NAMEDTUPLE = """\
    from typing import NamedTuple
    from lightning.fabric.strategies import XLAFSDPStrategy
    class Settings(NamedTuple):
        steps: int = 2
        remat: object = %s
    LONG = Settings(steps=4)._replace(remat=%s)
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=LONG.remat)
"""


def test_a_field_changed_by_namedtuple_replace_is_what_the_strategy_gets():
    assert found(NAMEDTUPLE % ("None", "(Block,)")) == [
        ("LXF001", "error", "7:86-7:96", "`activation_checkpointing_policy` must be a set, found (Block,) "
                                         "(from `Settings.remat`, line 6)")]


def test_a_namedtuple_replace_that_turns_a_list_off_is_fine():
    assert found(NAMEDTUPLE % ("[Block]", "frozenset()")) == []
    assert found(NAMEDTUPLE % ("[Block]", "{Block}")) == []


# --- presets in a dict keyed by a flag -----------------------------------------------------------------------
REGISTRY = """\
    import argparse
    from lightning.fabric.strategies import XLAFSDPStrategy
    PRESETS = {"none": None, "blocks": %s, "all": {Block, Head}}
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", default=%s, choices=["none", "blocks", "all"])
    args = parser.parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=PRESETS[args.remat])
"""


def test_a_preset_looked_up_by_a_flag_is_checked_for_each_value_the_flag_takes():
    assert found(REGISTRY % ("[Block]", '"all"')) == [
        ("LXF001", "warning", "7:86-7:105", "`activation_checkpointing_policy` must be a set, found [Block] "
                                           "(from `PRESETS['blocks']`, line 3); when with --remat \"blocks\"")]


def test_presets_that_are_all_sets_or_none_are_fine_whichever_the_flag_picks():
    assert found(REGISTRY % ("{Block}", '"blocks"')) == []
    # a key the file cannot tell (a KeyError, not Lightning's error): nothing
    assert found(REGISTRY.replace("PRESETS[args.remat]", "PRESETS[args.remat.translate(TABLE)]")
                 % ("[Block]", '"blocks"')) == []
    # `removesuffix` of a constant is read: the default "blocks" is the key the plain run looks up
    assert found(REGISTRY.replace("PRESETS[args.remat]", "PRESETS[args.remat.removesuffix('-x')]")
                 % ("[Block]", '"blocks"')) == [
        ("LXF001", "error", "7:86-7:124", "`activation_checkpointing_policy` must be a set, found [Block] "
                                          "(from `PRESETS['blocks']`, line 3)")]


def test_a_preset_looked_up_by_a_case_method_of_the_flag_is_each_choice_under_its_own_condition():
    # `.lower()` of each choice is that choice's text, under that choice alone (never two choices at once)
    assert found(REGISTRY.replace("PRESETS[args.remat]", "PRESETS[args.remat.lower()]") % ("[Block]", '"all"')) == [
        ("LXF001", "warning", "7:86-7:113", "`activation_checkpointing_policy` must be a set, found [Block] "
                                           "(from `PRESETS['blocks']`, line 3); when with --remat \"blocks\"")]


# --- a trainer subclass: its constructor runs the base's __init__, its override replaces the base's method ----
SUBCLASS = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    class BaseTrainer:
        def __init__(self, strategy):
            self.fabric = Fabric(accelerator="tpu", strategy=strategy)
        def configure(self, model, optimizer):
            return %s
        def run(self, fabric):
            model, optimizer = self.configure(Net(), Adam())
        def fit(self):
            self.fabric.launch(self.run)
    class ShardedTrainer(BaseTrainer):
        def configure(self, model, optimizer):
            return %s
    %s(XLAFSDPStrategy()).fit()
"""
JOINT_SETUP = "self.fabric.setup(model, optimizer)"
SEPARATE_SETUP = "self.fabric.setup_module(model), self.fabric.setup_optimizers(optimizer)"


def test_a_subclass_built_with_the_strategy_checks_its_own_override():
    [(code, severity, at, message)] = found(SUBCLASS % (SEPARATE_SETUP, JOINT_SETUP, "ShardedTrainer"))
    assert (code, severity, at) == ("LXF012", "error", "14:16-14:33")
    assert message.startswith("The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s)")
    [(code, severity, at, _)] = found(SUBCLASS % (JOINT_SETUP, SEPARATE_SETUP, "BaseTrainer"))  # the base class built itself
    assert (code, severity, at) == ("LXF012", "error", "7:16-7:33")


def test_a_base_method_every_built_subclass_overrides_never_runs():
    assert found(SUBCLASS % (JOINT_SETUP, SEPARATE_SETUP, "ShardedTrainer")) == []
    # reached through super(): it runs
    [(code, _, at, _)] = found(SUBCLASS % (JOINT_SETUP, "super().configure(model, optimizer)", "ShardedTrainer"))
    assert (code, at) == ("LXF012", "7:16-7:33")


# --- a method a base class defines, read through a subclass's instance, is bound ------------------------------
INHERITED = """\
    from lightning.fabric import Fabric
    class BaseRunner:
        def __init__(self):
            self.fabric = Fabric(accelerator="tpu", strategy="xla_fsdp")
        def run(self%s):
            pass
    class PretrainRunner(BaseRunner):
        def start(self):
            self.fabric.launch(self.run)
    PretrainRunner().start()
"""


def test_an_inherited_method_that_takes_only_self_cannot_be_launched():
    assert found(INHERITED % "") == [
        ("LXF018", "error", "9:28-9:36", "`Fabric.launch(function=self.run)` needs to take at least one argument: the "
         "launcher passes the Fabric object to `run`, so Fabric raises TypeError. Define `def run(fabric):`")]


def test_an_inherited_method_that_takes_the_fabric_can_be_launched():
    assert found(INHERITED % ", fabric") == []


# --- a module-level Fabric placeholder set by main() through `global` -----------------------------------------
GLOBAL_FABRIC = """\
    import torch
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    FABRIC = None
    def accumulate(module):
        with FABRIC.no_backward_sync(module, enabled=True):
            pass
    def train(fabric):
        raw = torch.nn.Linear(2, 2)
        model = fabric.setup_module(raw)
        accumulate(%s)
    def main():
        global FABRIC
        FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
        FABRIC.launch(train)
    main()
"""


def test_a_global_fabric_placeholder_is_the_fabric_main_builds():
    assert found(GLOBAL_FABRIC % "raw") == [
        ("LXF004", "error", "6:34-6:40", "`module` is not set up: it holds the raw module `torch.nn.Linear(2, 2)` "
         "(line 9); pass the module returned by `fabric.setup(...)`, or Fabric raises TypeError")]


def test_a_global_fabric_given_the_set_up_model_is_fine():
    assert found(GLOBAL_FABRIC % "model") == []


# --- a config object's attribute set after it is built: `cfg.x = v`, `setattr(cfg, "x", v)` ---------------------
OVERRIDDEN = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    class Config:
        remat = %s
    cfg = Config()
    %s
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=cfg.remat)
"""


def test_an_attribute_set_after_the_object_is_built_is_what_the_strategy_gets():
    message = "`activation_checkpointing_policy` must be a set, found [Block] (from `cfg.remat`, line 5)"
    assert found(OVERRIDDEN % ("None", "cfg.remat = [Block]")) == [("LXF001", "error", "6:86-6:95", message)]
    assert found(OVERRIDDEN % ("None", 'setattr(cfg, "remat", [Block])')) == [("LXF001", "error", "6:86-6:95", message)]
    # set in a branch: the class's list stays when the branch does not run
    [(code, severity, at, text)] = found(OVERRIDDEN % ("[Block]", "if deep:\n        cfg.remat = {Block}"))
    assert (code, severity, at) == ("LXF001", "warning", "7:86-7:95")
    assert text.endswith("(from `Config.remat`, line 3); when `cfg.remat` is not set at line 6")


def test_an_attribute_replaced_by_a_set_or_by_a_computed_setattr_is_fine():
    assert found(OVERRIDDEN % ("[Block]", "cfg.remat = {Block}")) == []
    assert found(OVERRIDDEN % ("[Block]", 'setattr(cfg, "remat", {Block})')) == []
    assert found(OVERRIDDEN % ("[Block]", "setattr(cfg, key, value)")) == []  # any attribute: cannot tell
    assert found(OVERRIDDEN % ("[Block]", "other = Config()\n    other.remat = {Block}")) == [
        ("LXF001", "error", "7:86-7:95", "`activation_checkpointing_policy` must be a set, found [Block] "
                                         "(from `Config.remat`, line 3)")]  # another object's attribute


LOOP_OVERRIDES = 'OVERRIDES = %s\n    for key, value in OVERRIDES.items():\n        setattr(cfg, key, value)'


def test_overrides_applied_with_setattr_in_a_loop_set_the_attribute_their_dict_names():
    assert found(OVERRIDDEN % ("None", LOOP_OVERRIDES % '{"lr": 0.1, "remat": [Block]}')) == [
        ("LXF001", "error", "8:86-8:95", "`activation_checkpointing_policy` must be a set, found [Block] "
                                         "(from `cfg.remat`, line 5)")]
    # a dict without the key leaves the class's list
    [(code, severity, at, _)] = found(OVERRIDDEN % ("[Block]", LOOP_OVERRIDES % '{"lr": 0.1}'))
    assert (code, severity, at) == ("LXF001", "error", "8:86-8:95")


def test_overrides_applied_with_setattr_in_a_loop_that_set_a_set_are_fine():
    assert found(OVERRIDDEN % ("[Block]", LOOP_OVERRIDES % '{"lr": 0.1, "remat": {Block}}')) == []


PAIR_OVERRIDES = 'OVERRIDES = %s\n    for key, value in OVERRIDES:\n        setattr(cfg, key, value)'


def test_overrides_applied_from_a_sequence_of_pairs_store_each_pair():
    message = "`activation_checkpointing_policy` must be a set, found [Block] (from `cfg.remat`, line 5)"
    assert found(OVERRIDDEN % ("None", PAIR_OVERRIDES % '[("lr", 0.1), ("remat", [Block])]')) == [
        ("LXF001", "error", "8:86-8:95", message)]
    assert found(OVERRIDDEN % ("None", PAIR_OVERRIDES % '(("remat", {Block}), ("remat", [Block]))')) == [
        ("LXF001", "error", "8:86-8:95", message)]  # the last pair of a name is what stays
    # pairs without the name leave the class's list
    assert found(OVERRIDDEN % ("[Block]", PAIR_OVERRIDES % '[("lr", 0.1)]')) == [
        ("LXF001", "error", "8:86-8:95", "`activation_checkpointing_policy` must be a set, found [Block] "
                                         "(from `Config.remat`, line 3)")]


def test_overrides_applied_from_pairs_that_set_a_set_or_that_cannot_be_read_are_fine():
    assert found(OVERRIDDEN % ("[Block]", PAIR_OVERRIDES % '[("remat", {Block})]')) == []
    assert found(OVERRIDDEN % ("[Block]", PAIR_OVERRIDES % '[("remat", [Block]), ("remat", {Block})]')) == []
    assert found(OVERRIDDEN % ("[Block]", PAIR_OVERRIDES % '[(name, {Block})]')) == []  # a name it cannot read
    assert found(OVERRIDDEN % ("[Block]", PAIR_OVERRIDES % 'load_pairs()')) == []  # pairs it cannot read


PAIRS_READ_IN_A_METHOD = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    class Config:
        remat = %s
        def strategy(self):
            return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=self.remat)
    def main():
        cfg = Config()
        for key, value in [("lr", 0.1), ("remat", %s)]:
            setattr(cfg, key, value)
        return cfg.strategy()
"""


def test_overrides_applied_from_pairs_are_what_a_method_of_the_object_reads():
    message = "`activation_checkpointing_policy` must be a set, found [Block] (from `cfg.remat`, line 8)"
    assert found(PAIRS_READ_IN_A_METHOD % ("{Block}", "[Block]")) == [("LXF001", "error", "5:90-5:100", message)]
    assert found(PAIRS_READ_IN_A_METHOD % ("[Block]", "{Block}")) == []


# --- getattr(cfg, "name", default) ------------------------------------------------------------------------------
GETATTR = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    class ModelConfig%s:
        n_layer = 2%s
    cfg = ModelConfig()
    remat = getattr(cfg, "remat_layers", %s)
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat)
"""


def test_getattr_falls_back_to_its_default_when_the_class_has_no_such_attribute():
    assert found(GETATTR % ("", "", "[Block]")) == [
        ("LXF001", "error", "6:86-6:91", "`activation_checkpointing_policy` must be a set, found [Block] "
                                         "(from `remat`, line 5)")]
    assert found(GETATTR % ("", "\n        remat_layers = (Block,)", "None")) == [
        ("LXF001", "error", "7:86-7:91", "`activation_checkpointing_policy` must be a set, found (Block,) "
                                         "(from `ModelConfig.remat_layers`, line 4)")]


def test_getattr_of_an_attribute_the_class_gives_is_fine():
    assert found(GETATTR % ("", "\n        remat_layers = {Block}", "[Block]")) == []


def test_getattr_on_a_class_with_a_base_the_file_cannot_read_warns_that_the_default_may_be_used():
    assert found(GETATTR % ("(ExternalConfig)", "", "[Block]")) == [
        ("LXF001", "warning", "6:86-6:91", "`activation_checkpointing_policy` must be a set, found [Block] "
                                           "(from `remat`, line 5); when cfg has no remat_layers")]


# --- options filtered with a dict comprehension ----------------------------------------------------------------
FILTERED = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    RAW = {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": %s, "state_dict_type": None}
    options = {key: value for key, value in RAW.items() if %s}
    strategy = XLAFSDPStrategy(**options)
"""


def test_a_dict_comprehension_over_items_keeps_the_entries_its_filter_lets_through():
    expected = [("LXF001", "error", "2:72-2:79", "`activation_checkpointing_policy` must be a set, found [Block]")]
    assert found(FILTERED % ("[Block]", "value is not None")) == expected
    assert found(FILTERED % ("[Block]", "value")) == expected


def test_a_dict_comprehension_that_drops_the_unset_policy_or_filters_by_key_is_fine():
    assert found(FILTERED % ("None", "value is not None")) == []
    assert found(FILTERED % ("[Block]", "key in ALLOWED")) == []  # which keys stay: cannot tell


# --- a checkpoint state filled key by key ----------------------------------------------------------------------
STATE_BY_KEYS = """\
    import torch
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    def train(fabric):
        net = torch.nn.Linear(2, 2)
        model = fabric.setup_module(net)
        state = {"step": 0}
        state["model"] = %s
        fabric.save("ckpt", state)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
"""


def test_a_state_filled_key_by_key_before_the_save_is_checked():
    [(code, severity, at, message)] = found(STATE_BY_KEYS % "net")
    assert (code, severity, at) == ("LXF023", "error", "8:22-8:25")
    assert message.startswith("Could not find a XLAFSDP model in the provided checkpoint state: `net` is the raw module")


def test_a_state_filled_with_the_set_up_model_or_in_a_branch_is_fine():
    assert found(STATE_BY_KEYS % "model") == []
    assert found(STATE_BY_KEYS.replace('    state["model"] = %s', '    if resume:\n            state["model"] = %s')
                 % "net") == []  # may not have run: cannot tell


# --- a project subclass of the strategy --------------------------------------------------------------------------
SUBCLASSED_STRATEGY = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    class ProjectStrategy(XLAFSDPStrategy):
        def __init__(self, **kwargs):
            kwargs.setdefault("auto_wrap_policy", {Block})
            super().__init__(**kwargs)
    class PlainStrategy(XLAFSDPStrategy):
        pass
    fabric = Fabric(accelerator="tpu", strategy=%s(activation_checkpointing_policy=%s))
"""


def test_a_subclass_of_the_strategy_is_checked_as_the_strategy():
    assert found(SUBCLASSED_STRATEGY % ("ProjectStrategy", "[Block]")) == [
        ("LXF001", "error", "9:93-9:100", "`activation_checkpointing_policy` must be a set, found [Block]")]
    [(code, severity, at, _), (code2, severity2, at2, _)] = found(SUBCLASSED_STRATEGY % ("PlainStrategy", "[Block]"))
    assert (code, severity, at) == ("LXF005", "warning", "9:59-9:98")  # no auto_wrap_policy: the policy does nothing
    assert (code2, severity2, at2) == ("LXF001", "error", "9:91-9:98")


def test_a_subclass_of_the_strategy_given_a_set_is_fine_with_the_wrap_policy_it_sets_by_default():
    assert found(SUBCLASSED_STRATEGY % ("ProjectStrategy", "{Block}")) == []


def test_each_super_init_of_a_subclass_of_the_strategy_is_checked():
    source = """\
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        class ProjectStrategy(XLAFSDPStrategy):
            def __init__(self, remat):
                if remat:
                    super().__init__(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])
                else:
                    super().__init__(auto_wrap_policy={Block}, activation_checkpointing_policy=(Block,))
        fabric = Fabric(accelerator="tpu", strategy=ProjectStrategy(REMAT))
    """
    assert [(code, at, message) for code, _, at, message in found(source)] == [
        ("LXF001", "6:88-6:95", "`activation_checkpointing_policy` must be a set, found [Block]"),
        ("LXF001", "8:88-8:96", "`activation_checkpointing_policy` must be a set, found (Block,)")]
    # the file's only construction decides the test: the `else` branch never runs
    assert [(code, at) for code, _, at, _ in found(source.replace("ProjectStrategy(REMAT)", "ProjectStrategy(True)"))] \
        == [("LXF001", "6:88-6:95")]


# --- keys taken out of the options: `options.pop(k)`, `del options[k]` --------------------------------------------
REMOVED = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    SHARED = {"auto_wrap_policy": {Block}, "auto_wrapper_callable": wrap, "activation_checkpointing_policy": %s}
    def options():
        opts = dict(SHARED)
        %s
        return opts
    strategy = XLAFSDPStrategy(**options())
"""


def test_a_popped_wrapper_leaves_the_policy_alone_to_be_checked():
    assert found(REMOVED % ("[Block]", 'opts.pop("auto_wrapper_callable")')) == [
        ("LXF001", "error", "2:106-2:113", "`activation_checkpointing_policy` must be a set, found [Block]")]
    assert found(REMOVED % ("[Block]", 'del opts["auto_wrapper_callable"]')) == [
        ("LXF001", "error", "2:106-2:113", "`activation_checkpointing_policy` must be a set, found [Block]")]
    # popped, then given again below: both are there
    [(code, severity, at, _)] = found(REMOVED % ("[Block]", 'opts.pop("auto_wrapper_callable")\n        '
                                                            'opts["auto_wrapper_callable"] = wrap'))
    assert (code, severity, at) == ("LXF002", "error", "6:37-6:41")  # the wrapper given again


def test_a_popped_or_deleted_policy_no_longer_clashes_with_the_wrapper():
    assert found(REMOVED % ("{Block}", 'opts.pop("activation_checkpointing_policy", None)')) == []
    assert found(REMOVED % ("[Block]", 'del opts["activation_checkpointing_policy"]')) == []


def test_a_cleared_dict_keeps_only_what_is_stored_below_the_clear():
    assert found(REMOVED % ("{Block}", 'opts.clear()\n        opts.update(auto_wrap_policy={Block}, '
                                       'activation_checkpointing_policy=[Block])')) == [
        ("LXF001", "error", "6:75-6:82", "`activation_checkpointing_policy` must be a set, found [Block]")]
    assert found(REMOVED % ("[Block]", 'opts.clear()\n        opts["auto_wrap_policy"] = {Block}')) == []


CLEARED_DEFAULT = """\
    import torch
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    CLIP = {"max_norm": 1.0}
    def step(fabric, model, optimizer, clip=CLIP):
        fabric.clip_gradients(model, optimizer, **clip)
    def train(fabric):
        model = fabric.setup_module(torch.nn.Linear(2, 2))
        optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
        step(fabric, model, optimizer)
    %s
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def test_a_module_dict_cleared_after_the_def_that_takes_it_as_a_default_holds_what_is_stored_after():
    assert found(CLEARED_DEFAULT % "CLIP.clear()\n    CLIP.update(clip_val=0.5)") == [
        ("LXF014", "error", "12:13-12:25", "XLA's FSDP strategy does not support to clip gradients by value: "
                                           "`clip_val` raises NotImplementedError. Clip by norm with `max_norm` instead")]
    assert found(CLEARED_DEFAULT % 'CLIP.clear()\n    CLIP["max_norm"] = 0.5') == []
    # rebound, not cleared: the default is still the first dict
    assert found(CLEARED_DEFAULT % 'CLIP = {"clip_val": 0.5}') == []


def test_a_dict_cleared_in_another_function_leaves_no_proof_that_a_key_is_missing():
    assert found(CLEARED_DEFAULT % "def reset():\n        CLIP.clear()") == []
    # a store a function makes when called, after the clear: kept
    configure = 'def configure():\n        CLIP["clip_val"] = 0.5\n    CLIP.clear()\n    configure()'
    [(code, severity, at, _)] = found(CLEARED_DEFAULT % configure)
    assert (code, severity, at) == ("LXF014", "error", "12:24-12:27")


PICKED_BY_NEXT = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    PRESETS = [{"name": "pod", "precision": "bf16-mixed"}, {"name": "smoke", "precision": "bf16-true"}]
    preset = next(p for p in PRESETS if p["name"] == %r)
    fabric = Fabric(accelerator="tpu", precision=preset["precision"], strategy=XLAFSDPStrategy())
"""


def test_a_preset_picked_by_next_over_a_filtered_generator_is_the_first_one_kept():
    [(code, severity, at, _)] = found(PICKED_BY_NEXT % "pod")
    assert (code, severity, at) == ("LXF007", "error", "5:46-5:65")
    assert found(PICKED_BY_NEXT % "smoke") == []


# --- conditional expressions the file decides ----------------------------------------------------------------------
DECIDED = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    CFG = {"lr": 1e-3, "remat": %s, "old_remat": %s}
    def make_strategy(remat):
        policy = (CFG["remat"] if "remat" in CFG else CFG["old_remat"]) if remat else None
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)
    strategy = make_strategy(%s)
"""


def test_a_conditional_expression_on_a_known_key_or_a_constant_argument_takes_one_branch():
    assert found(DECIDED % ("[Block]", "{Block}", "True")) == [
        ("LXF001", "error", "5:86-5:92", "`activation_checkpointing_policy` must be a set, found [Block] "
                                         "(from `CFG['remat']`, line 2)")]


def test_the_branch_a_conditional_expression_never_takes_is_not_checked():
    assert found(DECIDED % ("{Block}", "[Block]", "True")) == []  # "remat" is in CFG: old_remat is never read
    assert found(DECIDED % ("[Block]", "[Block]", "False")) == []  # remat is False: the policy is None


FLAGGED = """\
    import argparse
    from lightning.fabric.strategies import XLAFSDPStrategy
    parser = argparse.ArgumentParser()
    parser.add_argument("--tuple-policy", type=int, default=%s)
    args = parser.parse_args()
    policy = (Block,) if args.tuple_policy else {Block}
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)
"""


def test_a_flag_default_decides_a_conditional_expression_as_the_plain_run_takes_it():
    [(code, severity, at, _)] = found(FLAGGED % "1")  # `python train.py` builds the tuple policy
    assert (code, severity, at) == ("LXF001", "error", "7:86-7:92")
    swapped = FLAGGED.replace("(Block,) if args.tuple_policy else {Block}", "{Block} if args.tuple_policy else (Block,)")
    assert found(swapped % "1") == []  # the set on the plain run's path


def test_a_flag_off_by_default_does_not_decide_a_conditional_expression():
    [(code, severity, at, message)] = found(FLAGGED % "0")  # a run may turn it on
    assert (code, severity, at) == ("LXF001", "warning", "7:86-7:92")
    assert message.endswith("; when args.tuple_policy")


COMPREHENDED = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    LAYERS = {"Block": Block, "Head": Head}
    NAMES = %s
    remat = [LAYERS[name] for name in NAMES]
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat)
"""


def test_a_list_comprehension_over_a_non_empty_list_is_not_empty():
    assert found(COMPREHENDED % '["Block"]') == [
        ("LXF001", "error", "5:86-5:91", "`activation_checkpointing_policy` must be a set, found "
                                         "[LAYERS[name] for name in NAMES] (from `remat`, line 4)")]


def test_a_list_comprehension_over_an_empty_list_is_empty_and_ignored():
    assert found(COMPREHENDED % "[]") == []


REDEFINED_FIELD = """\
    from dataclasses import dataclass
    from lightning.fabric.strategies import XLAFSDPStrategy
    @dataclass
    class Base:
        remat: object = None
        wrap: object = None
    @dataclass
    class Config(Base):
        remat: object = None
    cfg = Config(%s)
    strategy = XLAFSDPStrategy(activation_checkpointing_policy=cfg.remat, auto_wrap_policy=cfg.wrap)
"""


def test_a_field_a_subclass_redefines_keeps_its_place_among_the_constructor_s_arguments():
    # dataclasses keep a redefined field where the base put it: `Config([Block], {Block})` gives remat the list
    assert found(REDEFINED_FIELD % "[Block], {Block}") == [
        ("LXF001", "error", "11:60-11:69",
         "`activation_checkpointing_policy` must be a set, found [Block] (from `Config.remat`, line 10)")]
    assert found(REDEFINED_FIELD % "{Block}, {Block}") == []


# --- a module global read by its name: `globals()[name]`; a key looked up in a module table ---------------------
GLOBAL_BY_NAME = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    DEEP_REMAT = %s
    ALIASES = {"deep": "DEEP_REMAT"}
    def policy(kind):
        if kind in ALIASES:
            return globals()[ALIASES[kind]]
        return {Block}
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy(%s))
"""


def test_a_global_read_by_its_name_in_a_function_is_what_the_module_binds_there():
    assert found(GLOBAL_BY_NAME % ("[Block]", '"deep"')) == [
        ("LXF001", "error", "8:86-8:100", "`activation_checkpointing_policy` must be a set, found [Block] "
                                          "(from `DEEP_REMAT`, line 2)")]


def test_a_global_read_by_its_name_holding_a_set_or_a_key_the_table_lacks_is_fine():
    assert found(GLOBAL_BY_NAME % ("{Block}", '"deep"')) == []
    assert found(GLOBAL_BY_NAME % ("[Block]", '"shallow"')) == []  # `kind in ALIASES` is False for it
