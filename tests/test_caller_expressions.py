"""A helper's conditional expression (`"bf16-mixed" if training else "bf16-true"`) and its `and`/`or`
(`precision or "16-mixed"`, `mixed and "bf16-mixed" or "bf16-true"`) on its parameters are decided for each
call by what that call passes, as an `if training:` is: the call that picks the bad value gets the error, the
one that picks the good value nothing; a call whose argument the file cannot tell gets a warning that names
the test. In one module, and for a helper of another module called here."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

HEAD = ("import os\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n")

XLA = ("`precision={value!r})` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
       "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")

HELPERS = {
    "if_expression": "def pick(training):\n    return 'bf16-mixed' if training else 'bf16-true'\n",
    "not_if_expression": "def pick(training):\n    return 'bf16-true' if not training else 'bf16-mixed'\n",
    "compared": "def pick(mode):\n    return 'bf16-mixed' if mode == 'train' else 'bf16-true'\n",
    "and_or": "def pick(training):\n    return training and 'bf16-mixed' or 'bf16-true'\n",
    "assigned": "def pick(training):\n    precision = 'bf16-mixed' if training else 'bf16-true'\n    return precision\n",
}
BAD = {"if_expression": "True", "not_if_expression": "True", "compared": "'train'", "and_or": "True", "assigned": "1"}
FINE = {"if_expression": "False", "not_if_expression": "False", "compared": "'eval'", "and_or": "False",
        "assigned": "0"}


def found(text: str, path: str = "train.py") -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, path).findings]


def fabric(argument: str) -> str:
    return f"Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), precision={argument})\n"


@pytest.mark.parametrize("helper", sorted(HELPERS))
def test_the_call_that_picks_the_bad_value_gets_the_error(helper):
    text = HEAD + HELPERS[helper] + "\n\n" + fabric(f"pick({BAD[helper]})")
    where = "`precision`, line 7" if helper == "assigned" else "line 7"
    assert found(text) == [("LXF007", "error", XLA.format(value="bf16-mixed") + f" (from {where})",
                            text.count("\n"), 64)]


@pytest.mark.parametrize("helper", sorted(HELPERS))
def test_the_call_that_picks_the_good_value_gets_nothing(helper):
    assert found(HEAD + HELPERS[helper] + "\n\n" + fabric(f"pick({FINE[helper]})")) == []


@pytest.mark.parametrize("helper", sorted(HELPERS))
def test_each_call_is_decided_alone(helper):
    text = HEAD + HELPERS[helper] + "\n\n" + fabric(f"pick({FINE[helper]})") + fabric(f"pick({BAD[helper]})")
    assert [(f[0], f[1], f[3]) for f in found(text)] == [("LXF007", "error", text.count("\n"))]


def test_an_argument_the_file_cannot_tell_leaves_a_warning_that_names_the_test():
    text = HEAD + HELPERS["if_expression"] + "\n\n" + fabric("pick(os.environ['MODE'] == 'train')")
    assert found(text) == [("LXF007", "warning", XLA.format(value="bf16-mixed") + " (from line 7); when training",
                            10, 64)]


@pytest.mark.parametrize(("argument", "expected"), [("pick()", "16-mixed"), ("pick(None)", "16-mixed"),
                                                    ("pick('')", "16-mixed"), ("pick('32-true')", None),
                                                    ("pick(precision='bf16-true')", None)])
def test_or_gives_its_default_only_for_a_falsy_argument(argument, expected):
    text = HEAD + "def pick(precision=None):\n    return precision or '16-mixed'\n\n\n" + fabric(argument)
    assert found(text) == ([] if expected is None else [
        ("LXF007", "error", XLA.format(value=expected) + " (from line 7)", 10, 64)])


def test_and_gives_its_last_operand_only_for_a_truthy_first():
    helper = "def pick(mixed, precision):\n    return mixed and precision\n\n\n"
    assert found(HEAD + helper + fabric("pick(True, 'bf16-mixed')"))[0][:2] == ("LXF007", "error")
    assert found(HEAD + helper + fabric("pick(False, 'bf16-mixed')")) == []


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize("helper", sorted(HELPERS))
def test_a_helper_of_another_module_is_decided_for_the_call_here(tmp_path, helper):
    train = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
             "from helpers import pick\n\n" + fabric(f"pick({BAD[helper]})"))
    tree(tmp_path, {"helpers.py": HELPERS[helper], "train.py": train})
    bad = check_source(train, str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in bad] == [("LXF007", "error", 5)]
    assert bad[0].elsewhere is None  # the helper is right for other arguments: this call picks the value
    fine = train.replace(f"pick({BAD[helper]})", f"pick({FINE[helper]})")
    (tmp_path / "train.py").write_text(fine)
    assert check_source(fine, str(tmp_path / "train.py")).findings == []


@pytest.mark.parametrize("helper", [
    "def pick(training):\n    if training:\n        return 'bf16-mixed'\n    return 'bf16-true'\n",
    "def pick(training):\n    return training and 'bf16-mixed' or 'bf16-true'\n",
])
def test_a_value_of_another_module_s_helper_picked_by_the_call_is_placed_at_the_call(tmp_path, helper):
    train = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
             "from helpers import pick\n\n" + fabric("pick(True)"))
    tree(tmp_path, {"helpers.py": helper, "train.py": train})
    bad = check_source(train, str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.elsewhere) for f in bad] == [("LXF007", "error", 5, None)]


def test_a_value_another_module_s_helper_returns_on_every_path_stays_where_it_is_written(tmp_path):
    train = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
             "from helpers import pick\n\n" + fabric("pick(True)"))
    tree(tmp_path, {"helpers.py": "def pick(training):\n    return 'bf16-mixed'\n", "train.py": train})
    bad = check_source(train, str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value) for f in bad] == [("LXF007", "error")]
    assert bad[0].elsewhere is not None and Path(bad[0].elsewhere.path).name == "helpers.py"
    assert bad[0].elsewhere.span.start.line + 1 == 2
