"""A call that ends the process (`sys.exit`, `os._exit`, `os.abort`, the `exit()`/`quit()` builtins, an exit
imported by name) ends its block as `raise` does: what follows it never runs, so a misuse there is not
reported, and code after `if ...: sys.exit()` runs only when the test is false. A function of the file named
`exit`, or a `sys` that is not the module, ends nothing."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HEAD = ("import os\nimport sys\nfrom lightning.fabric import Fabric\n"
        "from lightning.fabric.strategies import XLAFSDPStrategy\nfrom model import Block\n\n")
CALL = 'Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-mixed")\n'


def found(text: str) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


@pytest.mark.parametrize("exit_call", [
    "sys.exit(0)", "sys.exit()", "os._exit(0)", "os.abort()", "exit()", "quit(0)", 'raise SystemExit("done")',
])
def test_code_after_an_exit_never_runs(exit_call: str) -> None:
    assert found(HEAD + CALL) == [("LXF007", "error", 7, 88)]  # the twin: the call runs and raises
    assert found(HEAD + exit_call + "\n" + CALL) == []
    assert found(HEAD + "def main():\n    " + exit_call + "\n    " + CALL + "main()\n") == []


def test_an_exit_imported_by_name_or_alias_ends_the_block() -> None:
    assert found(HEAD + "from sys import exit as die\ndie(1)\n" + CALL) == []
    assert found(HEAD.replace("import sys", "import sys as system") + "system.exit(1)\n" + CALL) == []


def test_a_conditional_exit_leaves_the_other_path_running() -> None:
    text = HEAD + "if len(sys.argv) > 5:\n    sys.exit(2)\n" + CALL
    assert found(text) == [("LXF007", "error", 9, 88)]


def test_the_code_before_the_exit_and_inside_its_arguments_still_runs() -> None:
    text = HEAD + "def main():\n    " + CALL + "\n\nsys.exit(main())\n"
    assert found(text) == [("LXF007", "error", 8, 92)]


@pytest.mark.parametrize("not_an_exit", [
    "def exit(code):\n    print(code)\n\n\nexit(0)\n",
    "sys = object()\nsys.exit(0)\n",
    "from mylib import exit\nexit(0)\n",
    "import mylib.sys as sys\nsys.exit(0)\n",
    "log.exit(0)\n",
])
def test_a_call_that_only_looks_like_an_exit_ends_nothing(not_an_exit: str) -> None:
    text = HEAD + not_an_exit + CALL
    line = text.count("\n")
    assert found(text) == [("LXF007", "error", line, 88)]


# --- a branch of a conditional expression, an operand of `and`/`or`, its scope's walk decided away -----------
BUILD = 'Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-mixed")'


@pytest.mark.parametrize(("expression", "runs"), [
    (f"{BUILD} if ACCUMULATE > 1 else None", False),
    (f"None if ACCUMULATE == 1 else {BUILD}", False),
    (f"ACCUMULATE > 1 and {BUILD}", False),
    (f"ACCUMULATE == 1 or {BUILD}", False),
    (f"{BUILD} if ACCUMULATE == 1 else None", True),
    (f"ACCUMULATE == 1 and {BUILD}", True),
    (f"{BUILD} if step > 1 else None", True),  # a test the walk cannot decide: the branch may run
])
def test_a_branch_a_decided_test_never_takes_never_runs(expression: str, runs: bool) -> None:
    text = HEAD + f"ACCUMULATE = 1\n\n\ndef main(step):\n    return {expression}\n\n\nmain(3)\n"
    line = 11
    assert [(code, severity) for code, severity, at, _ in found(text) if at == line] == (
        [("LXF007", "error")] if runs else [])
