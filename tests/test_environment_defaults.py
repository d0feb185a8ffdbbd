"""A value read from the environment with a default (`os.environ.get("X", default)`, `os.getenv`): unset, the
default is the run's value, as an option's default is: what raises with it is an error. A test on such a
value still decides nothing (the variable may be set), so the code under it is checked as code that may run."""

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


def test_a_test_on_an_environment_value_leaves_both_branches_to_run():
    text = HEAD + ("from model import Block\n\n"
                   'if os.environ.get("REMAT", "0") == "1":\n    policy = [Block]\nelse:\n    policy = None\n'
                   "Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy))\n")
    [(code, severity, message, line, _)] = found(text)
    assert (code, severity, line) == ("LXF001", "warning", 10)
    assert message.startswith("`activation_checkpointing_policy` must be a set, found [Block]")


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
