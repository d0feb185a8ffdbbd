"""Slips a refactor makes in one place, each pinned by what a user sees: a finding with its code,
severity, span and message, or a stale or fresh result after a change.

`mutation/slips.py` makes each slip by hand in a copy of the tree and checks that the test named
for it here fails on it (see `mutation/RESULTS.md`, "Hand-made slips")."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.engine import CheckedDocument, check_document
from errata_lsp.analysis.findings import Finding, Position, Span
from errata_lsp.analysis.project import WORKSPACE

HEAD = ("import torch\n"
        "from functools import partial\n"
        "from torch import nn\n"
        "from lightning.fabric import Fabric\n"
        "from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "class Block(nn.Module):\n"
        "    pass\n")  # 7 lines: the code below starts on line 7 (0-based)

LAYERS = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nREMAT = [Block]\n"
TRAIN = ("from lightning.fabric import Fabric\n"
         "from lightning.fabric.strategies import XLAFSDPStrategy\n"
         "from {module} import {name}\n"
         "strategy = XLAFSDPStrategy(auto_wrap_policy={{object}}, activation_checkpointing_policy={name})\n"
         "fabric = Fabric(strategy=strategy)\n")


def shown(findings: list[Finding]) -> list[tuple[str, str, str, str]]:
    """(code, severity, span as `line:col-line:col`, message) of each finding."""
    return [(f.code, f.severity.value, f"{f.span.start.line}:{f.span.start.column}-{f.span.end.line}:{f.span.end.column}",
             f.message) for f in findings]


def write(root: Path, files: dict[str, str]) -> None:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def restamp(path: Path, text: str, serial: int) -> None:
    """`text` written to `path` with an mtime of its own (a coarse file-system clock would give two
    quick writes the same one)."""
    path.write_text(text)
    os.utime(path, ns=(serial * 10**9, serial * 10**9))


def remat_error(label: str, where: str) -> tuple[str, str, str, str]:
    """LXF001 on the policy in TRAIN (line 3, column 86), naming where the list was written."""
    return ("LXF001", "error", f"3:86-3:{86 + len(label)}",
            f"`activation_checkpointing_policy` must be a set, found [Block] (from `{label}`, {where})")


@pytest.fixture
def buffers() -> Iterator[list[str]]:
    """Paths given an open buffer in the test: closed again after it."""
    opened: list[str] = []
    yield opened
    for path in opened:
        WORKSPACE.set_buffer(path, None)


def warm(train: Path, previous: CheckedDocument | None) -> CheckedDocument:
    """The check the server makes of the open document `train`, reusing its previous version's."""
    return check_document(train.read_text(), str(train), previous=previous, own_trees=True)


# --- a stale project model -----------------------------------------------------------------------
def test_a_module_edited_on_disk_to_the_same_size_is_read_again(tmp_path):
    write(tmp_path, {"config.py": LAYERS, "train.py": TRAIN.format(module="config", name="REMAT")})
    train, config = tmp_path / "train.py", tmp_path / "config.py"
    restamp(config, LAYERS, 1)
    first = warm(train, None)
    assert shown(first.report.findings) == [remat_error("REMAT", "`config.py`, line 8")]
    restamp(config, LAYERS.replace("[Block]", "{Block}"), 2)  # the same size, a set now
    again = warm(train, first)
    assert shown(again.report.findings) == [] and not again.reused
    restamp(config, LAYERS, 3)
    assert shown(warm(train, again).report.findings) == [remat_error("REMAT", "`config.py`, line 8")]


def test_an_imported_module_s_buffer_edited_to_the_same_length_is_read_again(tmp_path, buffers):
    write(tmp_path, {"config.py": LAYERS, "train.py": TRAIN.format(module="config", name="REMAT")})
    train, config = tmp_path / "train.py", str(tmp_path / "config.py")
    buffers.append(config)
    WORKSPACE.set_buffer(config, LAYERS)
    first = warm(train, None)
    assert shown(first.report.findings) == [remat_error("REMAT", "`config.py`, line 8")]
    WORKSPACE.set_buffer(config, LAYERS.replace("[Block]", "{Block}"))  # typed in the editor, not saved
    again = warm(train, first)
    assert shown(again.report.findings) == [] and not again.reused
    WORKSPACE.set_buffer(config, LAYERS)
    assert shown(warm(train, again).report.findings) == [remat_error("REMAT", "`config.py`, line 8")]


CHAIN = {"a.py": "from b import POLICY\nFINAL = POLICY\n", "b.py": "from c import REMAT\nPOLICY = REMAT\n",
         "c.py": LAYERS, "train.py": TRAIN.format(module="a", name="FINAL")}


def test_a_buffer_two_imports_away_edited_is_read_again(tmp_path, buffers):
    write(tmp_path, CHAIN)
    train, c = tmp_path / "train.py", str(tmp_path / "c.py")
    first = warm(train, None)
    assert shown(first.report.findings) == [remat_error("REMAT", "`c.py`, line 8")]
    buffers.append(c)
    WORKSPACE.set_buffer(c, LAYERS.replace("REMAT = [Block]", "REMAT = {Block}  # a set"))
    again = warm(train, first)
    assert shown(again.report.findings) == [] and not again.reused
    assert shown(check_source(train.read_text(), str(train)).findings) == []


def test_a_file_two_imports_away_edited_on_disk_is_read_again(tmp_path):
    """No editor tells of this change (a `git checkout`, a client that watches no files): the stamps
    of every module a kept summary read, however far, say it is stale."""
    write(tmp_path, CHAIN)
    train, c = tmp_path / "train.py", tmp_path / "c.py"
    restamp(c, LAYERS, 1)
    first = warm(train, None)
    assert shown(first.report.findings) == [remat_error("REMAT", "`c.py`, line 8")]
    restamp(c, LAYERS.replace("REMAT = [Block]", "REMAT = {Block}  # a set"), 2)
    again = warm(train, first)
    assert shown(again.report.findings) == [] and not again.reused
    assert shown(check_source(train.read_text(), str(train)).findings) == []


# --- where an import leads ------------------------------------------------------------------------
def test_a_relative_import_in_a_package_is_answered_from_the_package_s_folder(tmp_path):
    """`pkg/model.py`'s `from .config import REMAT` is `pkg/config.py`, not the `config.py` next to the
    script that imports `pkg.model` (Python: the package's folder, whatever the entry point)."""
    write(tmp_path, {"config.py": LAYERS.replace("[Block]", "{Block}"), "pkg/__init__.py": "",
                     "pkg/config.py": "# the package's own\n" + LAYERS, "pkg/model.py": "from .config import REMAT\n",
                     "train.py": TRAIN.format(module="pkg.model", name="REMAT")})
    train = tmp_path / "train.py"
    assert shown(check_source(train.read_text(), str(train)).findings) == [
        remat_error("REMAT", "`config.py`, line 9")]


def test_a_package_s_init_that_imports_its_own_submodule_reads_it(tmp_path):
    """`from . import policies` in `pkg/__init__.py` imports `pkg/policies.py`; `REMAT = policies.REMAT`
    is then what that module holds."""
    write(tmp_path, {"pkg/__init__.py": "from . import policies\nREMAT = policies.REMAT\n", "pkg/policies.py": LAYERS,
                     "train.py": TRAIN.format(module="pkg", name="REMAT")})
    train = tmp_path / "train.py"
    assert shown(check_source(train.read_text(), str(train)).findings) == [
        ("LXF001", "error", "3:86-3:91", "`activation_checkpointing_policy` must be a set, found [Block] "
         "(from `REMAT`, `policies.py`, line 8)")]


# --- suppressions ---------------------------------------------------------------------------------
BOTH = ("other = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block}, "
        "auto_wrap_policy={Block})")


def test_a_noqa_code_silences_its_own_code_only():
    """`# noqa: LXF001` on a line whose finding is LXF002: the LXF002 stays, and the LXF001 is reported
    unused (a code is compared whole, not by its first characters)."""
    found = check_source(HEAD + BOTH + "  # noqa: LXF001\n", "t.py").findings
    assert shown(found) == [
        ("LXF002", "error", "7:24-7:50", "`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both "
         "be set: Lightning raises ValueError at setup (the policy is turned into its own auto wrapper)"),
        ("LXF100", "warning", "7:128-7:134", "`# noqa: LXF001` is unused: there is no LXF001 finding on this line"),
    ]
    assert shown(check_source(HEAD + BOTH + "  # noqa: LXF002\n", "t.py").findings) == []


def test_a_file_wide_noqa_code_exempts_its_own_code_only():
    found = check_source("# errata: noqa: LXF001\n" + HEAD + BOTH + "\n", "t.py").findings
    assert [(f.code, f.span.start.line) for f in found] == [("LXF002", 8)]


# --- an order-sensitive rule ----------------------------------------------------------------------
LXF013_BEFORE = ("`optimizer` is built from `model`'s parameters before `fabric.setup(model)` (line 10); XLAFSDP "
                 "replaces them with sharded ones, so `setup_optimizers` raises ValueError: The optimizer does not "
                 "seem to reference any XLAFSDP parameters. Create the optimizer after `setup_module`, from the "
                 "set-up model")


def test_lxf013_with_fabric_setup_before_the_optimizer_s_set_up():
    """`fabric.setup(model)` is a set-up call as `setup_module` is: an optimizer built before it and set
    up after it is flagged; set up before the model's `fabric.setup`, it is flagged too (the real library raises
    the same ValueError there: its parameters are not XLAFSDP's yet), with the message of that order."""
    body = ("def train(fabric):\n"
            "    model = Block()\n"
            "    optimizer = torch.optim.Adam(model.parameters())\n"
            "    model = fabric.setup(model)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n")
    assert shown(check_source(HEAD + body, "t.py").findings) == [("LXF013", "error", "11:40-11:49", LXF013_BEFORE)]
    swapped = body.replace("    model = fabric.setup(model)\n    optimizer = fabric.setup_optimizers(optimizer)\n",
                           "    optimizer = fabric.setup_optimizers(optimizer)\n    model = fabric.setup(model)\n")
    assert shown(check_source(HEAD + swapped, "t.py").findings) == [(
        "LXF013", "error", "10:40-10:49",
        "`optimizer` is built from `model`'s parameters, and no `fabric.setup_module(model)` comes before this "
        "`setup_optimizers`: they are not XLAFSDP's sharded parameters, so it raises ValueError: The optimizer does not "
        "seem to reference any XLAFSDP parameters. Set the module up first, then build the optimizer from the set-up "
        "model")]


def test_lxf013_an_optimizer_built_from_the_kept_module_after_fabric_setup():
    body = ("def train(fabric):\n"
            "    raw = Block()\n"
            "    model = fabric.setup(raw)\n"
            "    optimizer = torch.optim.Adam(raw.parameters())\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n")
    assert shown(check_source(HEAD + body, "t.py").findings) == [
        ("LXF013", "error", "11:40-11:49", "`optimizer` is built from `raw` (line 11), the module `fabric.setup(raw)` "
         "set up (line 10): XLAFSDP moved its parameters into the set-up model's shards, so torch raises "
         "ValueError: optimizer got an empty parameter list. Build it from `model.parameters()`")]


# --- the value-flow layer -------------------------------------------------------------------------
def test_launch_of_a_partial_passes_the_fabric_after_the_bound_arguments():
    """`fabric.launch(partial(train, 0.1))` calls `train(0.1, fabric)`: `fabric` is the second parameter,
    and LXF013 knows it is an XLAFSDP Fabric."""
    body = ("def train(lr, fabric):\n"
            "    model = Block()\n"
            "    optimizer = torch.optim.Adam(model.parameters(), lr=lr)\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(partial(train, 0.1))\n")
    assert shown(check_source(HEAD + body, "t.py").findings) == [
        ("LXF013", "error", "11:40-11:49", LXF013_BEFORE.replace("fabric.setup(model)", "fabric.setup_module(model)"))]


def test_a_keyword_given_to_a_partial_replaces_the_bound_one():
    """`make = partial(build_cfg, remat={Block})`; `make(remat=[Block])` calls `build_cfg(remat=[Block])`
    (a helper evaluated for this call: its returns depend on a test of its parameters)."""
    body = ("def build_cfg(remat, checkpoint=True):\n"
            "    if not checkpoint:\n"
            "        return dict(remat=None)\n"
            "    return dict(remat=remat)\n"
            "make = partial(build_cfg, remat={Block})\n"
            "cfg = make(remat=[Block])\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=cfg['remat'])\n")
    assert shown(check_source(HEAD + body, "t.py").findings) == [
        ("LXF001", "error", "13:85-13:97",
         "`activation_checkpointing_policy` must be a set, found [Block] (from `remat`, line 13)")]
    assert check_source(HEAD + body.replace("make(remat=[Block])", "make()"), "t.py").findings == []
    swapped = body.replace("remat={Block})\n", "remat=[Block])\n").replace("make(remat=[Block])", "make(remat={Block})")
    assert check_source(HEAD + swapped, "t.py").findings == []


def test_a_union_of_a_frozenset_and_a_set_is_a_frozenset():
    """`frozenset | set` is a frozenset (the left operand's type), which Lightning's policy check rejects.
    An error: a union with a non-empty operand is not empty."""
    body = ("policy = frozenset({Block}) | {nn.Linear}\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)\n")
    assert shown(check_source(HEAD + body, "t.py").findings) == [
        ("LXF001", "error", "8:85-8:91", "`activation_checkpointing_policy` must be a set, found "
         "frozenset({Block}) | {nn.Linear} (from `policy`, line 8)")]
    assert check_source(HEAD + body.replace("frozenset({Block}) | {nn.Linear}", "{nn.Linear} | frozenset({Block})"),
                        "t.py").findings == []


def test_a_union_whose_left_side_may_be_a_set_or_a_frozenset_is_a_frozenset_on_that_path_in_every_process():
    """`p | {nn.Linear}` with `p` a set on one path and a frozenset on the other: a warning naming the
    frozenset's condition, whatever the process's string hashing (the kind was once taken from a set of
    kind names, so some processes said nothing)."""
    program = ("import os\nfrom torch import nn\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
               "class Block(nn.Module):\n    pass\n"
               "p = {Block} if os.environ.get('X') else frozenset({Block})\n"
               "policy = p | {nn.Linear}\n"
               "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)\n")
    script = ("import sys\nfrom errata_lsp.analysis import check_source\n"
              "for f in check_source(sys.stdin.read(), 't.py').findings:\n"
              "    print(f.code, f.severity.value, f.span.start.line, f.span.start.column, f.message)\n")
    expected = ("LXF001 warning 7 85 `activation_checkpointing_policy` must be a set, found p | {nn.Linear} "
                "(from `policy`, line 7); when not os.environ.get('X')\n")
    for seed in ("1", "2", "3", "4"):
        run = subprocess.run([sys.executable, "-c", script], input=program, capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, timeout=120)
        assert (run.stdout, run.returncode) == (expected, 0), (seed, run.stderr[-2000:])


def test_a_key_popped_without_a_default_is_gone():
    """`kwargs.pop("auto_wrapper_callable")` removes the key: no clash with the policy is left."""
    body = ("kwargs = dict(activation_checkpointing_policy={Block}, auto_wrapper_callable=None, auto_wrap_policy={Block})\n"
            "{pop}"
            "strategy = XLAFSDPStrategy(**kwargs)\n")
    assert check_source(HEAD + body.replace("{pop}", "kwargs.pop('auto_wrapper_callable')\n"), "t.py").findings == []
    assert check_source(HEAD + body.replace("{pop}", "kwargs.pop('auto_wrapper_callable', None)\n"), "t.py").findings \
        == []
    assert [f.code for f in check_source(HEAD + body.replace("{pop}", ""), "t.py").findings] == ["LXF002"]


def test_each_call_of_a_helper_is_evaluated_for_its_own_argument():
    """A helper whose returns depend on a test of its parameter: each call is read with its own argument,
    so only the call that gets the list is an error, and the other call gives nothing."""
    calls = ["a = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy_for('set'))\n",
             "b = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy_for('list'))\n"]
    helper = ("def policy_for(kind):\n"
              "    if kind == 'list':\n"
              "        return [Block]\n"
              "    return {Block}\n")
    error = ("LXF001", "error", "12:78-12:96",
             "`activation_checkpointing_policy` must be a set, found [Block] (from line 10)")
    assert shown(check_source(HEAD + helper + "".join(calls), "t.py").findings) == [error]
    assert shown(check_source(HEAD + helper + "".join(reversed(calls)), "t.py").findings) == [
        (error[0], error[1], "11:78-11:96", error[3])]


# --- the document model ---------------------------------------------------------------------------
def test_an_edit_of_a_crlf_document_gives_the_findings_of_its_text_read_afresh():
    """An editor's edit of a CRLF file, in (line, column): the offsets count `\\r\\n` as two characters,
    so the edit lands where the user typed it and the findings are those of the text read afresh."""
    text = (HEAD + "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})\n"
            ).replace("\n", "\r\n")
    first = check_document(text, "t.py", own_trees=True)
    assert first.report.findings == []
    at = Span(Position(7, 85), Position(7, 92))  # `{Block}`, the policy
    after = first.document.apply([(at, "[Block]")])  # type: ignore[union-attr]
    expected = text.replace("activation_checkpointing_policy={Block}", "activation_checkpointing_policy=[Block]")
    assert after.text == expected
    changed = check_document(expected, "t.py", previous=first, changes=[(at, "[Block]")], own_trees=True)
    assert shown(changed.report.findings) == shown(check_source(expected, "t.py").findings) == [
        ("LXF001", "error", "7:85-7:92", "`activation_checkpointing_policy` must be a set, found [Block]")]
