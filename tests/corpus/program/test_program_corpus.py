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
    # modules: a method of an instance of another module's class, or a helper given the Fabric
    "p63_trainer_class_clips_by_value":
        "Trainer.fit in trainer.py reads `self.fabric`, `self.cfg`: methods of an instance built in another module "
        "are not evaluated for that instance",
    "p69_factory_optimizer_from_raw_module":
        "factory.build(fabric) sets up the model and builds the optimizer from the raw one; the Fabric it is given "
        "(XLAFSDP, in train.py) is unknown in factory.py, and LXF013 is not run for the call",
    # wrappers: a callback of another module
    "p35_callback_clips_by_value":
        "callbacks.py's hook is called by `fabric.call` in train.py: what a call passes reaches a callback of the "
        "same module (s32), not a method of another module, whose check does not see train.py's calls",
    # modules: a helper of another module given the Fabric, the model or a flag by its caller
    "p81_mixin_clips_by_value":
        "GradClipMixin.clip in mixins.py reads `self.fabric`; its subclass Trainer, which stores the Fabric and is "
        "built under XLAFSDP, is in train.py: `self` of a base class's method is only the file's own subclasses",
    # modules: a value another module writes, read through a classmethod or a condition
    "p75_env_default_precision_16_mixed":
        "os.environ.get('PRECISION', '16-mixed') holds the default only `when PRECISION is not set`, so LXF007 is a "
        "warning; an argparse default counts as the run's value (p33), an environment default does not",
    "p77_mypkg_from_config_wrapper_and_remat":
        "ShardedStrategy.from_config builds it with `cls(**kwargs)`: the constructions of a subclass of "
        "XLAFSDPStrategy are the calls spelled with its name, and `cls(...)` in its classmethod is not one",
    # wrappers
    "p83_partial_of_utils_helper_tuple_remat":
        "remat_strategy = partial(make_strategy, remat=(Block,)): a call of a partial of a function is not one of "
        "the function's call sites, so `remat` in make_strategy is unknown (of another module, or of the same)",
    "p85_utils_decorator_reduces_by_max":
        "the all_reduce is in the wrapper of utils/metrics.py's decorator factory; train.py gives both the Fabric "
        "(by launching the decorated function) and reduce_op='max', and only the file's own decorators are followed",
    "s40_partial_fabric_bf16_mixed":
        "TPUFabric(...) is found as a Fabric call (with the partial's precision), but its strategy is asked only of a "
        "call whose name resolves to Fabric, so the rule's `strategy: xla_fsdp` is never met",
    "s46_argparse_grad_clip_default_none":
        "--grad-clip's default None holds only `by default`, and LXF015 wants the single value on every path; "
        "through clip(...) it is not even known (args is a parameter of the launched train, read one call further)",
    "s50_strategy_name_from_f_string_unregistered":
        "Settings.strategy returns f'{self.backend}_{self.sharding}': an f-string (or `+`) of str constants is a "
        "str of unknown text, so the name 'xla_full_shard' is never known",
    # a call site the program never runs
    "p96_strategy_table_picks_set_wrap_policy_ok":
        "the list policy is in fsdp_layers(), an entry of STRATEGIES that config.STRATEGY ('fsdp') never picks: each "
        "XLAFSDPStrategy(...) call in a function is checked whether or not the program calls that function",
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
