"""A value read from the environment with a default (`os.environ.get("X", default)`, `os.getenv`): unset, the
default is the run's value, as an option's default is: what raises with it is an error. A test on such a
value still decides nothing (the variable may be set), so the code under it is checked as code that may run."""

from __future__ import annotations

from errata_lsp.analysis import check_source

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
