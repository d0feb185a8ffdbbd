"""A value read from the environment with a default (`os.environ.get("X", default)`, `os.getenv`): unset, the
default is the run's value, as an option's default is: what raises with it is an error. A test on such a
value is decided by the default as the plain run reads it (`os.environ.get("TRAIN_ON", "tpu").lower() in ("tpu",
"xla")`, a module's `ON_TPU = bool(int(os.environ.get("ON_TPU", "1")))`); a falsy default stands for a variable a
run sets to turn code on, and leaves both branches to run."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

HEAD = "import os\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def test_a_precision_whose_environment_default_raises_is_an_error():
    text = HEAD + ('PRECISION = os.environ.get("PRECISION", "16-mixed")\n'
                   'Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=PRECISION)\n')
    assert found(text) == [(
        "LXF007", "error",
        "`precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
        "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
        "(from `PRECISION`, line 4)", 5, 64)]
    assert found(text.replace("os.environ.get(", "os.getenv(")) == found(text)
    assert found(text.replace('"16-mixed"', '"bf16-true"')) == []


def test_an_environment_read_without_a_default_is_none_in_the_plain_run_and_an_or_gives_the_run_s_value():
    text = HEAD + ('PRECISION = os.getenv("PRECISION") or "16-mixed"\n'
                   'Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=PRECISION)\n')
    assert found(text) == [(
        "LXF007", "error",
        "`precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
        "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
        "(from `PRECISION`, line 4)", 5, 64)]
    assert found(text.replace("os.getenv(", "os.environ.get(")) == found(text)
    assert found(text.replace('"16-mixed"', '"bf16-true"')) == []
    # an `and` ends at the unset variable's None: the literal after it is only a run that sets it
    assert [f[:2] for f in found(text.replace(" or ", " and "))] == [("LXF007", "warning")]


def test_a_test_on_an_environment_value_with_a_falsy_default_leaves_both_branches_to_run():
    text = HEAD + ("from model import Block\n\n"
                   'if os.environ.get("REMAT", "") == "1":\n    policy = [Block]\nelse:\n    policy = None\n'
                   "Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy))\n")
    [(code, severity, message, line, _)] = found(text)
    assert (code, severity, line) == ("LXF001", "warning", 10)
    assert message.startswith("`activation_checkpointing_policy` must be a set, found [Block]")
    # the default the plain run reads decides it: "0" never takes the list, "1" always does
    assert found(text.replace('"REMAT", ""', '"REMAT", "0"')) == []
    [(code, severity, _, line, _)] = found(text.replace('"REMAT", ""', '"REMAT", "1"'))
    assert (code, severity, line) == ("LXF001", "error", 10)


LOOP = (HEAD + "{head}\n\ndef worst(fabric, loss):\n    if {test}:\n        return fabric.all_gather(loss).max()\n"
        '    return fabric.all_reduce(loss, reduce_op="max")\n\n\ndef fit(fabric):\n    worst(fabric, 1.0)\n\n\n'
        'Fabric(accelerator="tpu", strategy="xla_fsdp").launch(fit)\n')


def reduced(head: str, test: str) -> list[tuple[str, str, int]]:
    return [(code, severity, line) for code, severity, _, line, _ in found(LOOP.format(head=head, test=test))]


def test_a_test_written_on_an_environment_read_is_decided_by_its_default():
    assert reduced("", 'os.environ.get("TRAIN_ON", "TPU").lower() in ("tpu", "xla")') == []
    assert reduced("", 'os.environ.get("TRAIN_ON", "TPU").lower() in ("TPU", "XLA")') == [("LXF027", "error", 9)]
    assert reduced("", 'os.getenv("TRAIN_ON", "tpu") != "cpu"') == []
    assert reduced("", 'bool(int(os.getenv("ON_TPU", "1")))') == []
    assert reduced("", 'bool(int(os.getenv("ON_TPU", "0")))') == [("LXF027", "error", 9)]
    # a variable the module sets itself, a default the run cannot convert, no default: both branches run
    assert reduced('os.environ.setdefault("TRAIN_ON", "cpu")', 'os.getenv("TRAIN_ON", "tpu") != "cpu"') == [
        ("LXF027", "error", 9)]
    assert reduced("", 'bool(int(os.getenv("ON_TPU", "yes")))') == [("LXF027", "error", 9)]
    assert reduced("", 'os.getenv("TRAIN_ON") != "cpu"') == [("LXF027", "error", 9)]


def test_a_module_flag_bound_to_a_test_of_the_environment_is_decided_by_its_default():
    for flag in ('os.environ.get("TRAIN_ON", "tpu") == "tpu"', 'os.environ.get("TRAIN_ON", "TPU").lower() == "tpu"',
                 'bool(int(os.environ.get("ON_TPU", "1")))', 'os.environ.get("TRAIN_ON", "tpu") in ("tpu", "xla")'):
        assert reduced(f"ON_TPU = {flag}", "ON_TPU") == [], flag
        assert reduced(f"ON_TPU = {flag}", "not ON_TPU") == [("LXF027", "error", 9)], flag
    accelerator = 'ACCELERATOR = os.environ.get("TRAIN_ON", "tpu")\nON_TPU = ACCELERATOR == "tpu"'
    assert reduced(accelerator, "ON_TPU") == []
    assert reduced(accelerator.replace('== "tpu"', '== "xla"'), "ON_TPU") == [("LXF027", "error", 10)]


BACKEND = 'import os\n\nON_TPU = {flag}\n'
METRICS = ('{imported}\n\n\ndef worst(fabric, loss):\n    if {test}:\n        return fabric.all_gather(loss).max()\n'
           '    return fabric.all_reduce(loss, reduce_op="max")\n')
ENTRY = ('from lightning.fabric import Fabric\n\nfrom metrics import worst\n\n\ndef fit(fabric):\n'
         '    worst(fabric, 1.0)\n\n\nFabric(accelerator="tpu", strategy="xla_fsdp").launch(fit)\n')


def test_a_flag_of_another_module_bound_to_a_test_of_the_environment_is_decided_there(tmp_path):
    for imported, test in (("from backend import ON_TPU", "ON_TPU"), ("import backend", "backend.ON_TPU")):
        for flag, expected in (('os.environ.get("TRAIN_ON", "TPU").upper() == "TPU"', []),
                               ('os.environ.get("TRAIN_ON", "TPU").lower() == "TPU"', [("LXF027", "error", 7)]),
                               ('bool(int(os.environ.get("ON_TPU", "1")))', [])):
            tree(tmp_path, {"backend.py": BACKEND.format(flag=flag), "train.py": ENTRY,
                            "metrics.py": METRICS.format(imported=imported, test=test)})
            path = tmp_path / "metrics.py"
            assert [(f.code, f.severity.value, f.span.start.line + 1)
                    for f in check_source(path.read_text(), str(path)).findings] == expected, (imported, flag)


HARDWARE = ('import os\n\nimport config\n\nTRAIN_ON = os.environ.get("TRAIN_ON", "tpu")\nif TRAIN_ON == "{on}":\n'
            '    config.POLICY = {{"auto_wrap_policy": {{Block}}, "activation_checkpointing_policy": {{Block}}}}\n')
PATCHED = ('from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n'
           'import hardware\nfrom config import POLICY\n\n\ndef fit(fabric):\n    pass\n\n\n'
           'Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**POLICY)).launch(fit)\n')


def test_a_store_into_a_module_under_a_test_its_module_decides_patches_it_or_not(tmp_path):
    config = 'class Block:\n    pass\n\n\nPOLICY = {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": [Block]}\n'
    tree(tmp_path, {"config.py": config, "train.py": PATCHED,
                    "hardware.py": "from config import Block\n" + HARDWARE.format(on="tpu")})
    path = tmp_path / "train.py"
    assert check_source(path.read_text(), str(path)).findings == []
    tree(tmp_path, {"hardware.py": "from config import Block\n" + HARDWARE.format(on="cuda")})
    [finding] = check_source(path.read_text(), str(path)).findings
    assert (finding.code, finding.severity.value, Path(finding.elsewhere.path).name) == ("LXF001", "error", "config.py")


# `os.environ["X"]` after `os.environ.setdefault("X", default)`: unset, the default is the run's value
SETDEFAULT = ('os.environ.setdefault("PRECISION", "16-mixed")\n'
              'Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=os.environ["PRECISION"])\n')


def test_a_subscript_read_after_a_setdefault_of_the_module_reads_its_default():
    assert found(HEAD + SETDEFAULT) == [(
        "LXF007", "error",
        "`precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
        "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
        "(from line 4)", 5, 64)]
    assert found(HEAD + SETDEFAULT.replace('"16-mixed"', '"bf16-true"')) == []


def test_a_setdefault_below_the_read_or_of_another_key_gives_it_nothing():
    below = HEAD + "\n".join(reversed(SETDEFAULT.strip().split("\n"))) + "\n"
    assert found(below) == []
    assert found(HEAD + SETDEFAULT.replace('setdefault("PRECISION"', 'setdefault("DTYPE"')) == []


BOOTSTRAP = 'import os\n\nos.environ.setdefault("TRAIN_ACCELERATOR", "{accelerator}")\n'
CONFIG = 'import os\n\nACCELERATOR = os.environ["TRAIN_ACCELERATOR"]\n'
TRAIN = ("{first}\n{second}\n" + HEAD +
         "\n\ndef train(fabric):\n    pass\n\n\n"
         "Fabric(accelerator=config.ACCELERATOR, strategy=XLAFSDPStrategy()).launch(train)\n")


def test_a_module_the_importer_runs_first_gives_the_environment_its_default(tmp_path):
    tree(tmp_path, {"bootstrap.py": BOOTSTRAP.format(accelerator="xla"), "config.py": CONFIG,
                    "train.py": TRAIN.format(first="import bootstrap", second="import config")})
    finding = [(f.code, f.severity.value, f.span.start.line + 1, f.elsewhere and Path(f.elsewhere.path).name)
               for f in check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings]
    assert finding == [("LXF035", "error", 12, "bootstrap.py")]
    tree(tmp_path, {"bootstrap.py": BOOTSTRAP.format(accelerator="tpu")})
    assert check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings == []


def test_a_module_imported_after_the_reader_gives_it_nothing(tmp_path):
    tree(tmp_path, {"bootstrap.py": BOOTSTRAP.format(accelerator="xla"), "config.py": CONFIG,
                    "train.py": TRAIN.format(first="import config", second="import bootstrap")})
    assert check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings == []


BACKEND_TABLE = ('import os\n\nACCELERATOR = os.environ.get("TRAIN_ACCELERATOR", "tpu")\n'
                 'STRATEGY = {{"tpu": "xla_fsdp", "cuda": "fsdp"}}[ACCELERATOR]\nXLA_FSDP = {flag}\n')
TABLE_ENTRY = ('from lightning.fabric import Fabric\n\nimport backend\nfrom metrics import worst\n\n\ndef fit(fabric):\n'
               '    worst(fabric, 1.0)\n\n\n'
               'Fabric(accelerator=backend.ACCELERATOR, strategy=backend.STRATEGY).launch(fit)\n')


def test_a_strategy_an_environment_default_picks_is_the_plain_run_s_and_decides_a_test_on_it(tmp_path):
    for flag, expected in (('STRATEGY == "xla_fsdp"', []), ('ACCELERATOR == "xla"', [("LXF027", "error", 7)])):
        tree(tmp_path, {"backend.py": BACKEND_TABLE.format(flag=flag), "train.py": TABLE_ENTRY,
                        "metrics.py": METRICS.format(imported="import backend", test="backend.XLA_FSDP")})
        path = tmp_path / "metrics.py"
        assert [(f.code, f.severity.value, f.span.start.line + 1)
                for f in check_source(path.read_text(), str(path)).findings] == expected, flag


def test_a_strategy_read_from_the_environment_with_a_default_is_the_plain_run_s():
    text = HEAD + ('\n\ndef fit(fabric):\n    fabric.all_reduce(1.0, reduce_op="max")\n\n\n'
                   'Fabric(accelerator="tpu", strategy=os.environ.get("STRATEGY", "xla_fsdp")).launch(fit)\n')
    assert [(code, severity, line) for code, severity, _, line, _ in found(text)] == [("LXF027", "error", 7)]
    assert found(text.replace('"xla_fsdp")', '"xla")')) == []
    assert found(text.replace('"STRATEGY", "xla_fsdp")', '"STRATEGY")')) == []  # no default: the run's own
