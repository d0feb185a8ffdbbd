"""The program corpus (program_cases.py says what a case is), checked through the real command.

Every raising case must be flagged with its code, as an error, on the file where the fix belongs; a case that
runs fine must get no error, and no warning its buggy twin gets too. What errata gets wrong today is listed in
KNOWN_MISSES with the reason: those tests are strict xfails, so a change that fixes one fails until its entry
is removed. `python bench/program_score.py` prints the same verdicts as figures.
"""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest
from program_cases import HERE, load_cases, load_labels, run_check, verdict

CASES = load_cases()

# case -> why errata does not say what the real run says today
KNOWN_MISSES: dict[str, str] = {
    # round five: a Fabric subclass, a getattr-dispatched CLI command
    "p170_fabric_subclass_defaults_accelerator_and_strategy_accelerator":
        "flagged on the wrong file: `PodFabric`'s `super().__init__(**kwargs)` is now read as the Fabric it builds "
        "(LXF011, an error), placed at the accelerator flag `\"tpu\"` of runtime.py's `POD_DEFAULTS`, the value "
        "the rule reports; the fix the run's author would make is the strategy's `accelerator=XLAAccelerator()` "
        "in sharding.py (either removes the clash: the rule places a two-sided clash at its flag side)",
    "p172_cli_getattr_command_loop_hook_loads_into_bare_module":
        "the command, its helper and two-level helpers are now followed (`main(sys.argv[1:])`'s `argv[0]` is set by "
        "the run, `fabric.launch(getattr(tasks, name))` runs the plain run's `finetune`; `_build(fabric, lr)` is read "
        "for finetune's call; data_rule.py `_called_below` reads plain calls four deep), but the load sits in a "
        "method reached through an instance: (1) `FinetuneLoop(fabric, model, ...)`'s attributes come from "
        "`super().__init__(*args, **kwargs)` into `Loop` of loop.py, and flow.py `instance_attribute` reads a base "
        "of another module with no construction call (`_foreign_bases`: `self.fabric`, `self.model` unknown, where "
        "a base in the same module is read for the call); (2) `.run()` on that instance is no call `_function_run` "
        "follows, and `_SiteFlow` binds no receiver to a method's `self` (`_per_call`, `returns_from` leave methods "
        "out); (3) `self.on_start()` in the inherited `Loop.run` would then dispatch to `FinetuneLoop.on_start`",
    # round seven: methods, keywords and wrappers a call passes through
    "s100_configure_optimizers_hook_before_setup_module":
        "missed: `LitNet()` is a `module` value (the lightning pack's `_module_class` tip for an nn.Module "
        "subclass keeps only the class name as a label), and a method read on a `module` value has no tip, so "
        "`net.configure_optimizers`, `getattr(module, \"configure_optimizers\", None)` and its call are unknown; "
        "lxf013 `_built_elsewhere` then never sees the AdamW built from `self.parameters()` of the raw module "
        "(even the direct `optimizer = net.configure_optimizers()` before `setup_module` is missed)",
    "s108_super_strategy_kwargs_updated_with_list_wrap_policy":
        "missed: `super().strategy_kwargs()` is unknown (flow.py reads `super()` only for `super().__init__(...)`"
        " arguments and to tell which overrides run, not as the call of the base class's method with the same "
        "`self`), so `kwargs.update(auto_wrap_policy=[Block])` updates an unknown dict; with a dict literal in "
        "place of the `super()` call, or `{**super().strategy_kwargs(), \"auto_wrap_policy\": [Block]}`, LXF028 "
        "is flagged through the same `self.strategy_kwargs()` dispatch",
    # round seven: one program, not one file
    "p180_asdict_fsdp_config_state_dict_type_unknown":
        "flagged on the wrong file, at a span of another: the error's path is configs/experiment.py but its span "
        "(line 10, columns 28-48) is fsdp.py's `\"sharded_state_dict\"` (shifting experiment.py's lines leaves it "
        "at line 10). `cfg.fsdp` is made by `field(default_factory=FSDPConfig)` in experiment.py; the class "
        "default read for that instance is a value whose flow is experiment.py's and whose node is fsdp.py's, and "
        "detect/data_rule.py `_written_elsewhere` pairs `value.flow.origin` with `span(value.node)`. "
        "`XLAFSDPStrategy(**asdict(FSDPConfig()))` is placed right, in fsdp.py; `asdict` is not the cause",
    "p190_callbacks_grad_norm_monitor_reduces_by_max":
        "flagged on the wrong file, at a span of another (the cause of p180's miss): the error's path is train.py "
        "but its span (line 8, columns 43-48) is callbacks.py's default `reduce_op=\"max\"` of "
        "`GradNormMonitor.__init__`. The instance is built in train.py's `Fabric(callbacks=[GradNormMonitor()])` "
        "and `fabric.call` reaches `on_before_optimizer_step`; the default is a value of train.py's flow with "
        "callbacks.py's node, and detect/data_rule.py `_written_elsewhere` makes its Place from the flow's origin",
    "p178_cli_defaults_build_strategy_wrapper_and_remat":
        "only a warning, on strategies.py (`when args.remat and args.wrapper == \"checkpoint\"`), and its fixed "
        "twin p179 gets the same one. Three links: `args = parse_args()` returns `parser.parse_args(argv)` from "
        "cli.py, whose flag defaults are not read across the module (the same parser written in train.py decides "
        "`args.wrapper`); `--no-remat` is `action=\"store_false\", dest=\"remat\"`, whose implicit default True is "
        "not read even in the same file; and flow.py `Flow._operand` leaves a test undecided on purpose for an "
        "option with `choices=`, though `python train.py` takes its default",
    "p179_cli_defaults_build_strategy_remat_only_ok":
        "the same LXF002 warning as its buggy twin p178: the argparse defaults in cli.py are not read (p178's "
        "reason), so `--wrapper`'s default \"none\" does not tell the two projects apart",
    "p182_lazy_package_training_arguments_bf16_flag_mixed":
        "only a warning on fabric_utils.py (`when args.bf16 or args.fp16`). Two links: `trainkit.build_fabric` "
        "is exported by the package's PEP 562 `__getattr__` (`importlib.import_module(_EXPORTS[name], __name__)`), "
        "so train.py's call is not read per call (importing `trainkit.fabric_utils` directly gives a per-call "
        "finding on train.py); and even then the precision is `precision_from_args(args)`, a helper's `if "
        "args.bf16: return ...` whose conditions are not decided by the `TrainingArguments()` (dataclass default "
        "`bf16=True`) the outer call passes: the same test inlined in `build_fabric` is an error",
    "p184_setup_all_star_objects_model_and_optimizer":
        "missed: lxf012_joint_setup.py skips `fabric.setup(*objs)` (`call.args[0]` starred, in `check` and in "
        "`_in_helpers_elsewhere`), never asking how many items the `*objs` parameter of `setup_all` holds at "
        "its call `setup_all(fabric, model, optimizer)` in train.py (two). The finding belongs on that call: "
        "the helper is right for a model alone",
    "p186_mixin_strategy_overridden_closure_wrap_policy":
        "missed: lxf006_lambda_in_strategy.py `_unpicklable` reports a value another module writes only when it "
        "is a lambda (`_elsewhere`); a nested `def policy` returned by lm/utils/policies.py's "
        "`min_params_policy` is `foreign` and skipped. The chain is read: the same helper returning a lambda is "
        "flagged in policies.py, and a nested def in blocknet.py itself is flagged there",
    "p176_trainer_checkpointer_tracks_model_before_setup":
        "missed, two links: the Fabric in utils/ckpt.py is `self.fabric` of a Checkpointer built in "
        "`Trainer._worker`, launched as `fabric.launch(self._worker)`; flow.py `Flow.call_sites` yields a "
        "`_CalledBack` for a plain function given to `launch` but not for a bound method, so the parameter "
        "`fabric` is unknown from ckpt.py (launching a module-level worker makes it XLAFSDP). And the state "
        "`{**self.state, \"step\": step}` is a dict `self.state = {}` filled by `self.state.update(objects)` in "
        "`track(**objects)`: checkpoints.py `state_entries`/`_built_elsewhere` cannot read it (even "
        "`self.model = model` set in `track` is UNKNOWN to `object_kind`)",
    "p192_nanogpt_model_configure_optimizers_before_setup":
        "missed: lxf013_optimizer_before_setup.py `_raw_built` takes a helper-built optimizer's module from the "
        "call's arguments only; in nanoGPT's `model.configure_optimizers(...)` the raw module is the method's "
        "receiver (`call.func.value`), never a candidate. The same body as a function, "
        "`configure_optimizers(model, ...)`, is flagged on train.py",
    "p193_nanogpt_model_configure_optimizers_after_setup_ok":
        "a false error: lxf031_method_outside_forward.py's `uses_parameters` branch says the original module's "
        "parameters were emptied so torch raises `optimizer got an empty parameter list`; that holds only without "
        "`auto_wrap_policy`. With `auto_wrap_policy={Block}` the wrapped blocks sit inside the original module, "
        "its `parameters()` give their shards, and the run goes on (the root's own layers are not trained: a "
        "warning). LXF013's `_raw_after_setup` already asks `auto_wrap_given`; LXF031 does not",
    "p196_profile_dict_merge_smoke_accelerator_cpu":
        "missed: `Fabric(..., **fabric_kwargs())` where settings.py returns `dict(BASE, **PROFILES[profile])` "
        "and `profile` is a parameter (default `PROFILE = os.environ.get(\"RUN_PROFILE\", \"smoke\")`). A "
        "parameter is not read when the returned dict is spread in train.py: a literal default "
        "(`profile=\"smoke\"`), an explicit `fabric_kwargs(\"smoke\")` and even `dict(BASE, accelerator=profile)` "
        "with `profile=\"cpu\"` all pass, while `PROFILES[\"smoke\"]` or a local `name = \"smoke\"` is an error "
        "(flow.py `_subscript`'s `constant_key` of a parameter, as the call gives it)",
    # round eight: the idioms of real training scripts (HF arguments, litgpt, timm, torchtitan, Trainer classes)
    "s149_runner_state_dict_updated_with_set_up_model_ok":
        "a false error: `self.state = {\"model\": self.model, ...}` is built in `Runner.__init__` from the raw "
        "`Net()`, and `setup()` puts the set-up model in with `self.state.update(model=self.model, ...)`; "
        "xla_fsdp/checkpoints.py `_built_elsewhere` takes the one dict display `ctx.values(self.state)` gives "
        "(flow.py `instance_attribute` reads `__init__`'s assignment) and never looks for writes to the "
        "attribute's dict in other methods (`state_entries` reviews later writes only for a local name). "
        "`self.state[\"model\"] = self.model` in `setup()`, or the same `.update` inline in `fit()`, is flagged "
        "the same way; a later write to the held dict must make it unknown or be read",
    "s143_generate_loop_marks_generate_only_ok":
        "a false error (LXF031 on `model.generate(...)`): the sampler marks its methods in a loop, "
        "`for name in cfg.forward_methods: model.mark_forward_method(name)`, and lxf031_method_outside_forward.py "
        "`_marked`/`_marked_on` count only a literal name (`\"generate\"` or `X.generate`) as marking; a name "
        "they cannot read is taken as marking nothing, where unknown should keep the rule quiet. The same helper "
        "with `model.mark_forward_method(\"generate\")` gets nothing",
    "s134_litgpt_setup_config_default_optimizer_before_setup_module":
        "missed: litgpt's `instantiate_torch_optimizer(name, params, ...)` builds the optimizer from "
        "`getattr(torch.optim, name)`, and a class named through `getattr` of a module is unknown even with a "
        "literal name: `getattr(torch.optim, \"AdamW\")(trainable, lr=...)` inline in `main` is missed where "
        "`torch.optim.AdamW(trainable, lr=...)` is flagged; the helper with `optimizer_cls = torch.optim.AdamW` "
        "is flagged given `model.parameters()` (given the `trainable` list it is missed too). "
        "Reading `getattr(<module>, <str the flow knows>)` as the "
        "attribute it names (flow.py, for the call lxf013 `_built_elsewhere` asks about) would flag it; "
        "`cfg.optimizer` is \"AdamW\" through `setup(cfg: Config = Config())` and `fabric.launch(main, cfg)`",
    "s130_hf_argument_parser_fsdp_config_wrapper_and_remat":
        "missed: `model_args, training_args = parser.parse_args_into_dataclasses()` is a method of the script's "
        "`HfArgumentParser(argparse.ArgumentParser)` that builds each dataclass as `dtype(**{k: namespace[k] ...})` "
        "in a loop over `self.dataclass_types`, so `training_args` is unknown and with it "
        "`XLAFSDPStrategy(**fsdp_kwargs)`. With `TrainingArguments()` in its place, LXF002 is flagged (the "
        "`dict(...)` copy of the `field(default_factory=lambda: {...})` dict and the "
        "`fsdp_kwargs[\"activation_checkpointing_policy\"] = {Block}` write are read). The fix belongs in a "
        "tip for `transformers.HfArgumentParser.parse_args_into_dataclasses` (the dataclasses' defaults, as "
        "`python run_clm.py` runs), which this local look-alike would not reach",
    "s146_run_config_literal_checkpoint_io_torch_plugin":
        "missed: the plugin is `CHECKPOINT_IO[cfg.checkpoint_io]()`, a class looked up in a module-level dict "
        "of classes; xla_fsdp/plugins.py `_class_of` names the plugin class from the callee's import "
        "(`owner.resolve(func)`) or a class statement, not from a value the callee holds: "
        "`CHECKPOINT_IO[\"torch\"]()` and `io_cls = TorchCheckpointIO; io_cls()` are missed too, while "
        "`[TorchCheckpointIO()]` returned by the same `build_plugins` is flagged",
    "s142_generate_loop_marks_forward_among_forward_methods":
        "missed (LXF036), and LXF031 is reported instead on `model.generate(...)` (s143's reason): "
        "`for name in cfg.forward_methods: model.mark_forward_method(name)` over the tuple "
        "`(\"forward\", \"generate\")`; lxf036_mark_forward_method_name.py `_name_argument` takes a name only "
        "when the flow gives one constant on every path, and a loop target over a known tuple is several "
        "(even `for name in (\"forward\", \"generate\"):` written in the helper is missed). Every element "
        "is called in turn, so an element that is `forward` raises on every run; "
        "`model.mark_forward_method(\"forward\")` in the same helper is flagged",
}


@pytest.fixture(scope="module")
def by_file():
    return run_check(CASES)


@pytest.fixture(scope="module")
def rule_codes() -> set[str]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "rules"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {line.split()[0] for line in done.stdout.splitlines() if line.strip()}


def test_corpus_shape(rule_codes):
    projects = [c for c in CASES.values() if c.is_project]
    scripts = [c for c in CASES.values() if not c.is_project]
    assert len(projects) >= 30 and len(scripts) >= 20
    raising = [c for c in CASES.values() if c.expect]
    assert 0.4 <= len(raising) / len(CASES) <= 0.6, f"{len(raising)} of {len(CASES)} raise"
    for case in CASES.values():
        assert case.expect <= rule_codes, case.name
        modules = sorted(case.root.rglob("*.py")) if case.is_project else [case.root]
        for module in modules:
            ast.parse(module.read_text(encoding="utf-8"), str(module))
        if case.is_project:
            assert len([m for m in modules if m.stat().st_size]) >= 2, f"{case.name} is one module"
        if case.expect:
            assert case.twin is None, case.name
            assert case.flagged_in.is_file(), f"{case.name}: no {case.flagged_in}"
        else:
            assert case.twin in CASES and CASES[case.twin].expect, f"{case.name}: {case.twin!r} is no raising case"


def test_headers_say_what_the_run_said():
    labels = load_labels()
    entries = {str(c.entry.relative_to(HERE)): c for c in CASES.values()}
    assert set(labels) == set(entries), "labels.tsv and the cases differ"
    for path, case in entries.items():
        assert case.oracle == labels[path], f"{case.name}: header {case.oracle!r}, the run {labels[path]!r}"
        assert case.oracle == "OK" or case.oracle.startswith("RAISED "), f"{case.name}: {case.oracle}"
        assert bool(case.expect) == case.oracle.startswith("RAISED "), case.name


def test_known_misses_are_cases():
    assert set(KNOWN_MISSES) <= set(CASES)


def _marked(name: str):
    if name not in KNOWN_MISSES:
        return name
    return pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_MISSES[name], strict=True))


@pytest.mark.parametrize("name", [_marked(name) for name in CASES])
def test_case(name, by_file):
    kind, detail = verdict(CASES[name], CASES, by_file)
    assert kind == "ok", f"{kind}: {detail}"


def _finding(path, code, severity, line=1):
    return {"path": str(path), "code": code, "severity": severity, "line": line}


def test_verdict_wants_the_code_as_an_error_on_the_file_of_the_fix():
    case = CASES["p01_config_module_list_policy"]
    config, train = case.root / "config.py", case.entry
    assert verdict(case, CASES, {config: [_finding(config, "LXF001", "error", 10)]})[0] == "ok"
    assert verdict(case, CASES, {config: [_finding(config, "LXF001", "warning", 10)]})[0] == "warning"
    assert verdict(case, CASES, {train: [_finding(train, "LXF001", "error", 29)]}) == (
        "wrong-file", "not on config.py: LXF001 error train.py:29")
    assert verdict(case, CASES, {config: [_finding(config, "LXF005", "error")]})[0] == "missed"
    assert verdict(case, CASES, {})[0] == "missed"


def test_verdict_on_a_fine_case_rejects_errors_and_its_twins_warnings():
    fine, twin = CASES["p02_config_module_set_policy_ok"], CASES["p01_config_module_list_policy"]
    assert verdict(fine, CASES, {})[0] == "ok"
    assert verdict(fine, CASES, {fine.entry: [_finding(fine.entry, "LXF001", "error")]})[0] == "false-error"
    warned = {fine.entry: [_finding(fine.entry, "LXF005", "warning")]}
    assert verdict(fine, CASES, warned)[0] == "ok"  # a warning its twin does not get tells them apart
    warned[twin.entry] = [_finding(twin.entry, "LXF005", "warning")]
    assert verdict(fine, CASES, warned)[0] == "twin-warning"
    # a finding in another project's files is not this case's
    other = CASES["p04_configs_package_dataclass_set_ok"].entry
    assert verdict(fine, CASES, {other: [_finding(other, "LXF001", "error")]})[0] == "ok"
