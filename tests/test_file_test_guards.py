"""A site a run reaches only when a test of the file system is true (`if os.path.exists(path):
fabric.load(path)`): whether the file is there only the machine that runs the program knows, so an error
there is a warning that names the test; unless the program writes that path before the test on every way
to it (`fabric.save(path, ...)`, `torch.save(obj, path)`, `open(path, "w")`), which makes it true. The
misuse is LXF021 (`fabric.load(path)` without a state raises ValueError under XLAFSDP, lightning 2.6.6);
positions are 1-based `line:column`."""

from __future__ import annotations

import textwrap

import pytest

from errata_lsp.analysis import check_source

HEAD = '''import glob
import os
from pathlib import Path

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CKPT = os.path.join(os.environ.get("OUT", "out"), "last.ckpt")


def train(fabric, folder="out"):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
{body}

Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''
LOAD = ("Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to reload "
        "is required: `fabric.load` raises ValueError under XLAFSDP. Pass the objects to restore: "
        "`fabric.load(path, {'model': model, ...})`")


def when(test: str, line: int) -> str:
    return f"{LOAD}; only when `{test}` (line {line}) is true: whether the file is there, only the run can tell"


def findings(body: str, code: str = "LXF021") -> list[tuple[str, str, str]]:
    source = HEAD.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    "))
    result = check_source(source, "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-{f.span.end.line + 1}:"
             f"{f.span.end.column + 1}", f.message) for f in result.findings if f.code == code]


# (the function's body, the span of `fabric.load`, the test the warning names, its line)
UNKNOWN = [
    pytest.param('''
        if os.path.exists(CKPT):
            fabric.load(CKPT)
        ''', "15:9-15:20", "os.path.exists(CKPT)", 14, id="if-exists"),
    pytest.param('''
        if not os.path.isfile(CKPT):
            return
        fabric.load(CKPT)
        ''', "16:5-16:16", "os.path.isfile(CKPT)", 14, id="early-return"),
    pytest.param('''
        if not os.path.exists(CKPT):
            fabric.print("fresh start")
        else:
            fabric.load(CKPT)
        ''', "17:9-17:20", "os.path.exists(CKPT)", 14, id="else-branch"),
    pytest.param('''
        last = Path(folder) / "last.ckpt"
        if last.is_file():
            fabric.load(str(last))
        ''', "16:9-16:20", "last.is_file()", 15, id="pathlib-method"),
    pytest.param('''
        ckpts = sorted(glob.glob(os.path.join(folder, "*.ckpt")))
        if ckpts:
            fabric.load(ckpts[-1])
        ''', "16:9-16:20", 'sorted(glob.glob(os.path.join(folder, "*.ckpt")))', 14, id="glob-in-a-name"),
    pytest.param('''
        if fabric.global_rank == 0 and os.listdir(folder):
            fabric.load(folder)
        ''', "15:9-15:20", "os.listdir(folder)", 14, id="listdir-in-and"),
    pytest.param('''
        if (found := os.path.isdir(folder)):
            fabric.load(folder)
        ''', "15:9-15:20", "os.path.isdir(folder)", 14, id="walrus"),
    pytest.param('''
        resume = os.path.exists(CKPT) and os.access(CKPT, os.R_OK)
        if resume:
            fabric.load(CKPT)
        ''', "16:9-16:20", "os.path.exists(CKPT)", 14, id="test-stored-first"),
    pytest.param('''
        for name in ("a", "b"):
            if not Path(folder, name).is_dir():
                continue
            fabric.load(os.path.join(folder, name))
        ''', "17:9-17:20", "Path(folder, name).is_dir()", 15, id="continue-guard"),
    pytest.param('''
        extra = fabric.load(CKPT) if os.path.exists(CKPT) else {}
        ''', "14:13-14:24", "os.path.exists(CKPT)", 14, id="conditional-expression"),
    pytest.param('''
        if len(glob.glob(folder + "/*.ckpt")) > 0:
            fabric.load(folder)
        ''', "15:9-15:20", 'glob.glob(folder + "/*.ckpt")', 14, id="length-compared"),
    pytest.param('''
        if not os.path.exists(CKPT) or fabric.global_rank:
            return
        fabric.load(CKPT)
        ''', "16:5-16:16", "os.path.exists(CKPT)", 14, id="or-guard"),
    pytest.param('''
        assert os.path.exists(CKPT), "no checkpoint"
        fabric.load(CKPT)
        ''', "15:5-15:16", "os.path.exists(CKPT)", 14, id="assert"),
    pytest.param('''
        if os.path.exists(CKPT):
            fabric.load(CKPT)
        fabric.save(CKPT, {"model": model})
        ''', "15:9-15:20", "os.path.exists(CKPT)", 14, id="written-after-the-test"),
    pytest.param('''
        if fabric.is_global_zero:
            fabric.save(CKPT, {"model": model})
        if os.path.exists(CKPT):
            fabric.load(CKPT)
        ''', "17:9-17:20", "os.path.exists(CKPT)", 16, id="written-on-one-branch-only"),
    pytest.param('''
        open(CKPT + ".log", "w").close()
        if os.path.exists(CKPT):
            fabric.load(CKPT)
        ''', "16:9-16:20", "os.path.exists(CKPT)", 15, id="another-path-written"),
    pytest.param('''
        with open(CKPT, "rb") as f:
            f.read(1)
        if os.path.exists(CKPT):
            fabric.load(CKPT)
        ''', "17:9-17:20", "os.path.exists(CKPT)", 16, id="opened-for-reading"),
    pytest.param('''
        fabric.save(CKPT, {"model": model})
        if os.path.isfile(CKPT):
            fabric.load(CKPT)
        ''', "16:9-16:20", "os.path.isfile(CKPT)", 15, id="fabric-save-may-write-a-folder"),
    pytest.param('''
        torch.save(model.state_dict(), CKPT)
        if os.path.isdir(CKPT):
            fabric.load(CKPT)
        ''', "16:9-16:20", "os.path.isdir(CKPT)", 15, id="a-file-is-no-folder"),
    pytest.param('''
        os.makedirs(folder, exist_ok=True)
        if glob.glob(folder):
            fabric.load(folder)
        ''', "16:9-16:20", "glob.glob(folder)", 15, id="a-listing-no-write-decides"),
    pytest.param('''
        saved = fabric.save(CKPT, {"model": model}) if fabric.is_global_zero else None
        if os.path.exists(CKPT):
            fabric.load(CKPT)
        ''', "16:9-16:20", "os.path.exists(CKPT)", 15, id="written-in-a-conditional-expression"),
]


@pytest.mark.parametrize(("body", "span", "test", "line"), UNKNOWN)
def test_a_site_under_a_file_test_is_a_warning_that_names_it(body: str, span: str, test: str, line: int) -> None:
    assert findings(body) == [("warning", span, when(test, line))]
    # the same site without its test: the error
    plain = HEAD.format(body="    fabric.load(CKPT)\n")
    assert [(f.severity.value, f.message) for f in check_source(plain, "train.py").findings] == [("error", LOAD)]


WRITTEN = [
    pytest.param('''
        fabric.save(CKPT, {"model": model})
        if os.path.exists(CKPT):
            fabric.load(CKPT)
        ''', "16:9-16:20", id="fabric-save"),
    pytest.param('''
        torch.save(model.state_dict(), f=CKPT)
        if not os.path.isfile(CKPT):
            return
        fabric.load(CKPT)
        ''', "17:5-17:16", id="torch-save-then-early-return"),
    pytest.param('''
        with open(CKPT, "wb") as f:
            f.write(b"")
        if os.path.exists(CKPT):
            fabric.load(CKPT)
        ''', "17:9-17:20", id="open-for-writing"),
    pytest.param('''
        last = Path(folder) / "last.ckpt"
        last.touch()
        if last.exists():
            fabric.load(str(last))
        ''', "17:9-17:20", id="pathlib-touch"),
    pytest.param('''
        os.makedirs(folder, exist_ok=True)
        if os.path.isdir(folder):
            fabric.load(folder)
        ''', "16:9-16:20", id="makedirs"),
    pytest.param('''
        if os.path.exists(CKPT) or os.environ.get("FORCE"):
            fabric.load(CKPT)
        ''', "15:9-15:20", id="not-required-by-an-or"),
]


@pytest.mark.parametrize(("body", "span"), WRITTEN)
def test_a_test_the_program_makes_true_keeps_the_error(body: str, span: str) -> None:
    assert findings(body) == [("error", span, LOAD)]


def test_a_site_that_cannot_raise_says_nothing_under_a_file_test() -> None:
    assert findings('''
        if os.path.exists(CKPT):
            fabric.load(CKPT, {"model": model})
        ''') == []


def test_a_method_named_exists_on_a_value_not_known_as_a_path_is_not_a_file_test() -> None:
    assert findings('''
        if fabric.exists():
            fabric.load(CKPT)
        ''') == [("error", "15:9-15:20", LOAD)]


def test_a_record_s_call_under_a_file_test_is_a_warning_wherever_its_value_is_written() -> None:
    source = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
import os
PRECISION = "bf16-mixed"
if os.path.isfile("config.yaml"):
    fabric = Fabric(accelerator="tpu", precision=PRECISION, strategy=XLAFSDPStrategy())
'''
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.message.rsplit(";", 1)[-1])
             for f in check_source(source, "train.py").findings]
    assert found == [("LXF007", "warning", 6, ' only when `os.path.isfile("config.yaml")` (line 5) is true: whether '
                      "the file is there, only the run can tell")]
    unguarded = source.replace('if os.path.isfile("config.yaml"):\n    ', "")
    assert [(f.code, f.severity.value) for f in check_source(unguarded, "train.py").findings] == [("LXF007", "error")]


def test_a_file_test_imported_under_another_name_is_one() -> None:
    """A file with no call spelt as a file test is not searched for one (`Context._may_test_files`); a test
    imported under another name is still found."""
    source = '''from os.path import isfile as have
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
if have("resume.ckpt"):
    fabric = Fabric(accelerator="tpu", precision="bf16-mixed", strategy=XLAFSDPStrategy())
'''
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.message.rsplit(";", 1)[-1])
             for f in check_source(source, "train.py").findings]
    assert found == [("LXF007", "warning", 5, ' only when `have("resume.ckpt")` (line 4) is true: whether '
                      "the file is there, only the run can tell")]
