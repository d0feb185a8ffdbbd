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
    # modules: a value another module writes, read through a classmethod or a condition
    "p77_mypkg_from_config_wrapper_and_remat":
        "flagged on the wrong file: `ShardedStrategy.from_config(RUN[\"sharding\"])` is now decided for train.py's "
        "dict (LXF002, an error, at mypkg/sharding.py's `auto_wrapper_callable` store, where both values are "
        "written), but the fix belongs in mypkg/config.py, whose `\"remat\": True` and `\"custom_wrapper\": True` "
        "decide the two tests: a finding is placed at a value it reports, never at the constants that decided "
        "the tests on the way",
    # entry points as litgpt and nanoGPT write them; helpers given the path and the state
    "p105_litgpt_setup_precision_default_none":
        "`strategy = XLAFSDPStrategy(...)` if `devices > 1` else \"auto\": detect/site.py `_pack_strategy` makes a strategy "
        "of two kinds UNKNOWN, so LXF007 says nothing even on the XLAFSDP path; `devices` comes through "
        "`setup(**vars(parser.parse_args()))`, whose `**vars(namespace)` is not read as the options' defaults (and "
        "`args.devices > 1` is left undecided for an option without `choices`, flow.py `_operand`); and the "
        "helper's `\"bf16-mixed\" if training else \"bf16-true\"` in utils/precision.py is not evaluated for the "
        "caller's `training=True`: flow.py `_depends_on_call` counts only `if` statements, not a conditional "
        "expression's test (an `if training:` helper gives an error, on utils/precision.py)",
    "p109_nanogpt_port_saves_raw_model_through_partial":
        "three holes, each enough: `save = partial(fabric.save, path)` built in utils/checkpoint.py is no "
        "`fabric.save` call to checkpoint_states.py (`ctx.method_calls(\"save\")` reads spelled calls only); "
        "`raw_model = model.module` (the original module of the `_FabricModule`) is unknown to the Lightning "
        "pack's values; and the state's `\"config\": vars(config)` entry is unknown (builtins `vars` is no "
        "container in flow.py `_call_of`), which makes LXF023 skip the whole state",
    "s58_resume_asks_for_key_the_save_helper_drops":
        "LXF032 pairs a save and a load only by a path string the call shows and states that are dict displays "
        "nothing changes: the path is `os.path.join(out_dir, \"last\")` handed to both helpers as a parameter "
        "(the same binding, never compared as one), the load's state is `resume_state`'s parameter, and "
        "`state[\"iter_num\"] += 1` counts as a change of the dict even though no key is added",
    # callers: a subclass and its `**kwargs` in other modules
    "p117_subclass_attr_overrides_clip_val":
        "two boundaries in trainers/base.py: `Fabric(strategy=self.strategy)` is unknown, its `strategy` reaching "
        "`__init__` through finetune.py's `super().__init__(**kwargs)` from train.py's `FinetuneTrainer(strategy=...)`"
        " (a key of a `**kwargs` parameter is not read from a caller in another module; `super().__init__(strategy,"
        " **kwargs)` is); and `self.clip_val` is BaseTrainer's own `None`: `Flow.instance_attribute` asks the "
        "subclasses of other modules only when the base lacks the attribute, and only those built in their own module",
    # round four: plugins a helper of another module builds
    "p123_hf_trainer_package_half_precision_plugin":
        "packs/xla_fsdp/plugins.py `plugin_of` reads the plugin through `ctx.value_of`, which keeps only one value "
        "written in this document and of a known kind: the flow does give trainer/strategy.py's "
        "`precision=precision_plugin(args)` the one `HalfPrecision('bf16-true')` of trainer/plugins.py (`args.bf16` "
        "decided by run_clm.py's TrainingArguments), but as kind `unknown` and foreign, so the call stays "
        "`precision_plugin(args)`, no plugin class; even a same-file `def f(): return HalfPrecision(...)` is missed",
    "p127_ckpt_package_io_subclasses_torch_checkpoint_io":
        "two holes: `plugins=build_plugins(RUN_NAME)` holds the list `[ManifestCheckpointIO(...)]` of ckpt/plugins.py, "
        "a foreign value `ctx.value_of` does not return, so plugins.py `fabric_plugins` takes the call itself as the "
        "one plugin; and `_class_of` follows a subclass only through a class statement of this file "
        "(`ctx.reaching` -> ClassDef), so `ManifestCheckpointIO(TorchCheckpointIO)` of ckpt/manifest_io.py is not "
        "resolved even when the list is written in train.py (`TorchCheckpointIO()` there is flagged)",
    # round four: keys that come through `**`
    "s66_preset_registry_wrapper_partial_and_remat":
        "a warning, not the error: `**self.extra` in `StrategyPreset.build` is read per construction of the dataclass "
        "(`_plain`'s default `dict()`, `_remat`'s dict with both keys: LXF002 `when built at line 74`), but nothing "
        "ties build() to the preset main picks: `StrategyPreset.named(...)` is `PRESETS[name]()` over the registry "
        "the `@preset(name)` decorator fills (`PRESETS[name] = fn` in the closure, key and value from the same "
        "decoration), unknown at the `L.Fabric(...)` call",
    # round four: objects built or used other than by spelling their class and their parameter
    "s70_learner_property_no_sync_of_raw_net":
        "flow.py `constructions` (used by `call_sites` for `__init__`) counts only the calls spelled with the class's "
        "name: `make_learner(fabric, Net())` through `functools.partial(Learner, lr=..., accumulate=...)` is no "
        "construction of Learner (even with the partial built in the same function), so `__init__`'s `net` and "
        "`self.net` behind the `sync_module` property are unknown; `Learner(fabric, Net())` is flagged, property included",
    "s72_run_describe_touches_device_before_launch":
        "LXF019 follows one level down from the launch's scope, a function or a class through its written `__init__` "
        "(`_local_helper`), and reads the uses on the parameter that receives the Fabric: `Run(fabric)` is a "
        "dataclass with a generated `__init__`, the device is read in `describe()` called on the new instance, two "
        "levels down through the `example_batch` cached_property, on `self.fabric` (a plain `@property`, or "
        "`self.fabric.device` written in `describe` itself, are missed too)",
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
