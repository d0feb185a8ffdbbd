"""Code errata never runs rebinding the module's globals: `exec(open("configurator.py").read())` (nanoGPT's
configurator: a config file, `--key=value` of the command line), `globals().update(...)`, `globals()[key] = v`.
A variable read after one at module level is unknown (the exec'd code decides it, even in a plain run, unlike
an option's default); imports, functions and classes keep their definitions. `globals()["x"] = v` with a
literal key is `x = v`. In a function, `exec` cannot rebind the function's locals."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

HEAD = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
        "from model import Block\n\n")
CALL = 'Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision=precision)\n'
EXEC = 'exec(open("configurator.py").read())\n'


def found(text: str) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def precision_error(line: int, indent: int = 0) -> list[tuple[str, str, int, int]]:
    """LXF007 on the `precision=` argument of CALL at `line`."""
    return [("LXF007", "error", line, 88 + indent)]


def test_a_global_read_after_a_module_level_exec_is_unknown():
    default = HEAD + 'precision = "bf16-mixed"\n'
    assert found(default + CALL) == precision_error(6)  # the twin with no exec: the default raises
    [finding] = check_source(default + CALL, "train.py").findings
    assert finding.message.endswith("(from `precision`, line 5)")
    assert found(default + EXEC + CALL) == []
    assert found(default + 'if __name__ == "__main__":\n    ' + EXEC + CALL) == []
    assert found(default + 'with open("cfg.py") as f:\n    exec(f.read())\n' + CALL) == []
    assert found(default + 'exec(open("configurator.py").read(), globals())\n' + CALL) == []
    assert found(default + 'exec(open("configurator.py").read(), None)\n' + CALL) == []


def test_an_exec_between_functions_is_read_with_the_module():
    text = (HEAD + 'precision = "bf16-mixed"\n\n\ndef helper():\n    return 1\n\n\n' + EXEC
            + "\n\ndef other():\n    return 2\n\n\n" + CALL)
    assert found(text) == []
    assert found(text.replace(EXEC, "helper()\n")) == precision_error(19)


def test_an_exec_into_a_namespace_of_its_own_rebinds_nothing_here():
    default = HEAD + 'precision = "bf16-mixed"\n'
    assert found(default + 'exec(open("cfg.py").read(), {})\n' + CALL) == precision_error(7)
    assert found(default + 'namespace = {}\nexec(open("cfg.py").read(), namespace)\n' + CALL) == precision_error(8)
    assert found(default + 'def exec(code):\n    pass\n' + EXEC + CALL) == precision_error(9)  # not the builtin


def test_an_assignment_after_the_exec_is_the_value_again():
    text = HEAD + 'precision = "bf16-true"\n' + EXEC + 'precision = "16-mixed"\n' + CALL
    assert found(text) == precision_error(8)


def test_a_function_reads_the_global_the_exec_may_have_rebound():
    text = HEAD + 'precision = "bf16-mixed"\n' + EXEC + "\n\ndef main():\n    " + CALL
    assert found(text) == []
    assert found(text.replace(EXEC, "")) == precision_error(9, indent=4)


def test_globals_update_and_a_computed_key_rebind_any_global():
    default = HEAD + 'precision = "bf16-mixed"\n'
    assert found(default + "globals().update(load_config())\n" + CALL) == []
    assert found(default + 'for key, value in overrides:\n    globals()[key] = value\n' + CALL) == []
    assert found(default + 'vars()[name] = value\n' + CALL) == []  # at module level, vars() is globals()


def test_globals_update_of_a_dict_the_file_reads_whole_sets_the_names_it_has():
    # a dict whose keys are all known: a name it has holds its entry, any other what it held before
    default = HEAD + 'precision = "32-true"\n'
    assert found(default + 'globals().update({"precision": "bf16-mixed"})\n' + CALL) == precision_error(7)
    presets = 'PRESETS = {"v4": {"precision": "bf16-mixed", "devices": 8}, "cpu": {"precision": "32-true"}}\n'
    assert found(default + presets + 'globals().update(PRESETS["v4"])\n' + CALL) == precision_error(8)
    assert found(default + presets + 'globals().update(PRESETS["cpu"])\n' + CALL) == []
    assert found(default + 'globals().update({"devices": 8})\n' + CALL) == []  # no `precision` key: as before
    assert found(HEAD + 'precision = "bf16-mixed"\nglobals().update({"devices": 8})\n' + CALL) == precision_error(7)
    [finding] = check_source(default + presets + 'globals().update(PRESETS["v4"])\n' + CALL, "train.py").findings
    assert finding.message.endswith("(from `precision`, line 6)")  # the preset's entry, where the fix belongs
    # a dict that may hold keys the file cannot read leaves every global unknown
    assert found(HEAD + 'precision = "bf16-mixed"\nglobals().update({**load(), "devices": 8})\n' + CALL) == []


def test_a_literal_key_of_globals_is_an_assignment_of_that_name():
    default = HEAD + 'precision = "bf16-true"\n'
    assert found(default + 'globals()["precision"] = "16-mixed"\n' + CALL) == precision_error(7)
    assert found(HEAD + 'precision = "16-mixed"\nglobals()["precision"] = "bf16-true"\n' + CALL) == []


def test_a_function_setting_a_global_through_globals_gives_it_one_more_value():
    text = (HEAD + 'precision = "bf16-true"\n\n\ndef configure():\n    globals()["precision"] = "16-mixed"\n\n\n'
            "def main():\n    " + CALL)
    [finding] = check_source(text, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1) == ("LXF007", "warning", 13)
    assert finding.message.endswith("(from `precision`, line 9); when once the function that sets it has run")
    assert found(text.replace('globals()["precision"]', "precision")) == []  # a local of configure


def test_the_imports_keep_their_meaning_after_the_exec():
    text = HEAD + 'precision = "bf16-true"\n' + EXEC + CALL.replace("{Block}", "[Block]")
    [(code, severity, line, _)] = found(text)
    assert (code, severity, line) == ("LXF028", "error", 7)  # `XLAFSDPStrategy` is still lightning's


def test_an_exec_in_a_function_cannot_rebind_its_locals():
    text = HEAD + 'def main():\n    precision = "bf16-mixed"\n    ' + EXEC + "    " + CALL
    assert found(text) == precision_error(8, indent=4)


def test_a_module_updating_its_globals_from_another_module_s_preset_is_read_by_its_importer(tmp_path):
    (tmp_path / "presets.py").write_text('PRESETS = {"v4": {"PRECISION": "bf16-mixed"}, "cpu": {"ACCELERATOR": "cpu"}}\n')
    train = tmp_path / "train.py"
    train.write_text("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
                     "import config\n\n"
                     "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), precision=config.PRECISION)\n")
    for target, expected in (("v4", [("LXF007", "error", "presets.py", 1)]), ("cpu", [])):
        (tmp_path / "config.py").write_text(f'from presets import PRESETS\nPRECISION = "32-true"\n'
                                            f'globals().update(PRESETS["{target}"])\n')
        report = check_source(train.read_text(), str(train))
        assert [(f.code, f.severity.value, Path(f.elsewhere.path).name if f.elsewhere else "train.py",
                 f.elsewhere.span.start.line + 1 if f.elsewhere else f.span.start.line + 1)
                for f in report.findings] == expected, target
