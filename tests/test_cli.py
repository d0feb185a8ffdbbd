"""`errata-lsp check`: what it reports (names through imports, partial parses, noqa), its output
formats, exit codes, --diff / --fix / --unsafe-fixes, --select / --ignore and `[tool.errata]`."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.cli import main

LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]+\d+) (?P<message>.+)$")
IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
LIST_POLICY = "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
BOTH = "other = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\n"
BAD = IMPORT + LIST_POLICY  # LXF001, with a safe fix
FIXED = IMPORT + LIST_POLICY.replace("[Block]", "{Block}")


def run(*args: str, cwd: Path | None = None, text: bool = True) -> subprocess.CompletedProcess:
    """The real console entry point in a child process, as a user or CI runs it."""
    return subprocess.run([sys.executable, "-m", "errata_lsp", *args], capture_output=True, text=text,
                          cwd=cwd, timeout=120)


def codes(text: str) -> list[str]:
    return [f.code for f in check_source(text, "t.py").findings]


@pytest.fixture
def project(tmp_path, monkeypatch):
    """An empty project folder as the working directory (no pyproject.toml above it applies)."""
    root = tmp_path / "proj"
    root.mkdir()
    monkeypatch.chdir(root)
    return root


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_bytes(text.encode("utf-8"))
    return path


# --- names through imports and aliases -----------------------------------------------------------
POLICY_CALL = "(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
FLAGGED = {
    "strategies": "from lightning.fabric.strategies import XLAFSDPStrategy\ns = XLAFSDPStrategy",
    "module": "from lightning.fabric.strategies.xla_fsdp import XLAFSDPStrategy\ns = XLAFSDPStrategy",
    "lightning_fabric": "from lightning_fabric.strategies import XLAFSDPStrategy\ns = XLAFSDPStrategy",
    "lightning_fabric-module": "from lightning_fabric.strategies.xla_fsdp import XLAFSDPStrategy\ns = XLAFSDPStrategy",
    "import-L": "import lightning as L\ns = L.fabric.strategies.XLAFSDPStrategy",
    "import-L-module": "import lightning as L\ns = L.fabric.strategies.xla_fsdp.XLAFSDPStrategy",
    "import-lightning": "import lightning.fabric\ns = lightning.fabric.strategies.XLAFSDPStrategy",
    "import-as": "import lightning.fabric.strategies as strategies\ns = strategies.XLAFSDPStrategy",
    "import-lf-as": "import lightning_fabric as lf\ns = lf.strategies.XLAFSDPStrategy",
    "alias": "from lightning.fabric.strategies import XLAFSDPStrategy as S\ns = S",
    "module-as": "import lightning.fabric.strategies.xla_fsdp as xf\ns = xf.XLAFSDPStrategy",
    "from-module": "from lightning.fabric.strategies import xla_fsdp\ns = xla_fsdp.XLAFSDPStrategy",
    "from-lightning-fabric": "from lightning import fabric\ns = fabric.strategies.XLAFSDPStrategy",
    "dotted-lightning_fabric": "import lightning_fabric.strategies.xla_fsdp\ns = lightning_fabric.strategies.xla_fsdp.XLAFSDPStrategy",
    "star": "from lightning.fabric.strategies import *\ns = XLAFSDPStrategy",
    "star-lightning_fabric": "from lightning_fabric.strategies import *\ns = XLAFSDPStrategy",
    "star-module": "from lightning.fabric.strategies.xla_fsdp import *\ns = XLAFSDPStrategy",
    "in-function": "def main():\n    from lightning.fabric.strategies import XLAFSDPStrategy\n    s = XLAFSDPStrategy",
    "beside-a-relative-import": "from .models import Block\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
                                "s = XLAFSDPStrategy",
    "try-fallback": "try:\n    from lightning.fabric.strategies import XLAFSDPStrategy\nexcept ImportError:\n"
                    "    from lightning_fabric.strategies import XLAFSDPStrategy\ns = XLAFSDPStrategy",
}
NOT_FLAGGED = {
    "local-class": "class XLAFSDPStrategy:\n    def __init__(self, **kwargs):\n        self.kwargs = kwargs\ns = XLAFSDPStrategy",
    "local-class-over-star": "from lightning.fabric.strategies import *\nclass XLAFSDPStrategy:\n    pass\ns = XLAFSDPStrategy",
    "other-library": "from my_tpu_lib.strategies import XLAFSDPStrategy\ns = XLAFSDPStrategy",
    "cuda-fsdp": "from lightning.fabric.strategies import FSDPStrategy\ns = FSDPStrategy",
    "cuda-fsdp-module": "from lightning.fabric.strategies.fsdp import FSDPStrategy\ns = FSDPStrategy",
    "cuda-fsdp-L": "import lightning as L\ns = L.fabric.strategies.FSDPStrategy",
    "no-import": "s = XLAFSDPStrategy",
}


@pytest.mark.parametrize("name", FLAGGED)
def test_names_resolved_through_imports(name):
    assert codes(FLAGGED[name] + POLICY_CALL) == ["LXF001"]


@pytest.mark.parametrize("name", NOT_FLAGGED)
def test_names_that_are_not_lightnings_xlafsdp(name):
    # Lightning's CUDA FSDPStrategy is not XLAFSDP: no LXF finding; its own list policy is the CUDA pack's FSDP012
    cuda = name.startswith("cuda-fsdp")
    assert codes(NOT_FLAGGED[name] + POLICY_CALL) == (["FSDP012"] if cuda else [])


def test_cuda_fsdp_is_left_to_its_own_pack():
    """No XLAFSDP rule speaks of the CUDA FSDPStrategy. That strategy takes a lambda policy, but it
    hands a list policy and an `auto_wrapper_callable` (even None) to torch, which raises at setup:
    the CUDA pack's FSDP012 and FSDP009."""
    text = (
        "from functools import partial\n"
        "from lightning.fabric import Fabric\n"
        "from lightning.fabric.strategies import FSDPStrategy\n"
        "strategy = FSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy=lambda m, r, n: n > 1e6,\n"
        "                        auto_wrapper_callable=None)\n"
        "fabric = Fabric(accelerator='cuda', strategy=strategy)\n"
        "model = fabric.setup(Net())\n"
        "with fabric.strategy._backward_sync_control.no_backward_sync(model, True):\n"
        "    pass\n"
    )
    assert codes(text) == ["FSDP012", "FSDP009"]
    fine = text.replace("[Block]", "{Block}").replace(",\n                        auto_wrapper_callable=None)", ")")
    assert codes(fine) == []


# --- parsing ---------------------------------------------------------------------------------------
def test_syntax_error_elsewhere_keeps_the_findings():
    text = (
        IMPORT +
        "def broken(:\n    pass\n\n"
        + LIST_POLICY +
        "\nx = = 3\n"
        "def train():\n    if True\n        pass\n"
        "    s2 = XLAFSDPStrategy(activation_checkpointing_policy=(Block,), auto_wrap_policy={Block})\n"
        "print('unterminated\n"
    )
    with pytest.raises(SyntaxError):
        ast.parse(text)
    report = check_source(text, "t.py")
    found = [(f.code, f.span.start.line) for f in report.findings]
    lines = text.split("\n")
    assert found == [("LXF001", lines.index(LIST_POLICY.strip())),
                     ("LXF001", next(i for i, ln in enumerate(lines) if "s2 = " in ln))]


DOCSTRING_EXAMPLE = (
    '"""Helpers for TPU training. Do not write this, it fails at setup:\n\n'
    + IMPORT + LIST_POLICY +
    "\nwith fabric.strategy.no_backward_sync(model, enabled=True):\n    pass\n\nimport os\ndef helper():\n    pass\n"
    '"""\n'
    "import torch\nfrom lightning.fabric import Fabric\n\n"
    "EXAMPLE = \'\'\'\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n" + LIST_POLICY + "\'\'\'\n"
    "def show():\n    print(EXAMPLE)\n"
)


def test_code_shown_in_a_docstring_is_not_analysed():
    ast.parse(DOCSTRING_EXAMPLE)
    assert check_source(DOCSTRING_EXAMPLE, "t.py").findings == []
    # The same code outside the string is flagged, and an unclosed quote (mid-typing) hides nothing.
    assert codes(DOCSTRING_EXAMPLE + IMPORT + LIST_POLICY) == ["LXF001"]
    assert codes(IMPORT + '"""\nunclosed\n' + LIST_POLICY) == ["LXF001"]


def test_file_without_trigger_words_is_not_parsed(monkeypatch):
    from errata_lsp.analysis.engine import PACK_WORDS

    text = "import torch\nimport numpy as np\n" + "model = torch.nn.Linear(4, 4)  # a big plain script\n" * 500
    assert not any(word in text for word in PACK_WORDS)
    calls = []
    real_parse, real_compile = ast.parse, compile

    def counting_parse(*args, **kwargs):
        calls.append("ast.parse")
        return real_parse(*args, **kwargs)

    def counting_compile(*args, **kwargs):
        calls.append("compile")
        return real_compile(*args, **kwargs)

    monkeypatch.setattr(ast, "parse", counting_parse)
    monkeypatch.setattr("builtins.compile", counting_compile)
    report = check_source(text, "t.py")
    monkeypatch.undo()
    assert calls == [] and report.parsed_lines == 0 and report.findings == []


def test_file_with_trigger_words_is_parsed():
    report = check_source(BAD + "import torch\n" * 10, "t.py")
    assert report.parsed_lines > 0 and [f.code for f in report.findings] == ["LXF001"]


# --- noqa ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("comment", "kept"), [
    ("  # noqa: LXF001", []),
    ("  # noqa", []),
    ("  # NOQA:LXF002, LXF001", ["LXF100"]),  # LXF002 silences nothing here: reported
    ("  # noqa: LXF002", ["LXF001", "LXF100"]),
    ("  # noqa: E501", ["LXF001"]),
    ("", ["LXF001"]),
])
def test_noqa(comment, kept):
    assert codes(IMPORT + LIST_POLICY.rstrip("\n") + comment + "\n") == kept


def test_noqa_on_the_first_line_of_a_multiline_finding():
    text = IMPORT + "s = XLAFSDPStrategy(  # noqa: LXF001\n    activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
    assert codes(text) == ["LXF100", "LXF001"]  # the finding starts on the second line: the noqa is unused
    text = IMPORT + "s = XLAFSDPStrategy(\n    activation_checkpointing_policy=[Block], auto_wrap_policy={Block})  # noqa: LXF001\n"
    assert codes(text) == []


# --- check: text output and exit codes ------------------------------------------------------------
def test_text_output_and_exit_1(project, capsys):
    a = write(project / "train.py", BAD)
    write(project / "clean.py", "import torch\n")
    assert main(["check", "."]) == 1
    out = capsys.readouterr().out.splitlines()
    m = LINE.match(out[0])
    assert m, out
    assert (Path(m["path"]), int(m["line"]), m["code"]) == (Path("train.py"), 2, "LXF001")
    assert int(m["col"]) == LIST_POLICY.index("[Block]") + 1
    assert "must be a set" in m["message"]
    assert len(out) == 2 and out[1].startswith("Found 1 finding: 1 error")
    assert a.read_text() == BAD  # nothing changed


def test_clean_exit_0(project, capsys):
    write(project / "ok.py", FIXED)
    assert main(["check", "ok.py"]) == 0
    assert capsys.readouterr().out.strip() == "All checks passed."


def test_columns_are_code_points(project, capsys):
    prefix = "x = '🚀é中'; "
    write(project / "u.py", IMPORT + prefix + LIST_POLICY)
    main(["check", "u.py"])
    m = LINE.match(capsys.readouterr().out.splitlines()[0])
    assert int(m["col"]) == len(prefix) + LIST_POLICY.index("[Block]") + 1


def test_skips_venv_build_git_and_the_like(project, capsys):
    for folder in (".venv", "venv", "build", ".git", "node_modules", "dist", "pkg.egg-info", "__pycache__"):
        write(project / folder / "copy.py", BAD)
    write(project / "src" / "real.py", BAD)
    assert main(["check", "."]) == 1
    paths = [LINE.match(ln)["path"] for ln in capsys.readouterr().out.splitlines() if LINE.match(ln)]
    assert [Path(p) for p in paths] == [Path("src/real.py")]


def test_explicit_file_in_a_skipped_folder_is_checked(project, capsys):
    write(project / "build" / "gen.py", BAD)
    assert main(["check", "build/gen.py"]) == 1


def test_io_and_usage_errors_exit_2_with_one_clear_line(project):
    write(project / "good.py", BAD)
    write(project / "latin.py", b"# -*- coding: latin-1 -*-\nx = '\xe9'\n")  # declared: fine
    write(project / "bad_utf8.py", b"x = '\xff\xfe'\n")
    write(project / "bogus.py", b"# -*- coding: no-such-codec -*-\nx = 1\n")
    (project / "folder.py").mkdir()
    done = run("check", "good.py", "missing.py", "bad_utf8.py", "bogus.py", "latin.py", cwd=project)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr + done.stdout
    errors = done.stderr.strip().splitlines()
    assert len(errors) == 3, errors
    assert errors[0].startswith("missing.py: ") and "no such file" in errors[0]
    assert errors[1].startswith("bad_utf8.py: ") and "decode" in errors[1]
    assert errors[2].startswith("bogus.py: ") and "no-such-codec" in errors[2]
    # The findings of the readable files are still reported, and the summary does not claim success.
    assert LINE.match(done.stdout.splitlines()[0])["path"] == "good.py"
    assert "All checks passed" not in done.stdout
    only_missing = run("check", "missing.py", cwd=project)
    assert only_missing.returncode == 2 and "All checks passed" not in only_missing.stdout
    for usage in (["check"], ["check", "--format", "xml", "good.py"], ["check", "--nope", "good.py"]):
        done = run(*usage, cwd=project)
        assert done.returncode == 2 and "Traceback" not in done.stderr and "usage:" in done.stderr


# --- --diff -------------------------------------------------------------------------------------------
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
needs_patch = pytest.mark.skipif(shutil.which("patch") is None, reason="patch not installed")

DIFF_INPUTS = {
    "lf": BAD.encode(),
    "crlf": BAD.replace("\n", "\r\n").encode(),
    "cr": BAD.replace("\n", "\r").encode(),
    "bom": b"\xef\xbb\xbf" + BAD.encode(),
    "no-final-newline": (IMPORT + LIST_POLICY.rstrip("\n")).encode(),
    "form-feed-and-u2028": (IMPORT + "# section\x0c one \u2028 two\n" + LIST_POLICY + "# \x0c end\n").encode(),
    "unicode": (IMPORT + "x = 'é中🚀'; " + LIST_POLICY).encode(),
    "latin-1": ("# -*- coding: latin-1 -*-\n" + IMPORT + "x = 'café'; " + LIST_POLICY).encode("latin-1"),
}


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@needs_git
@needs_patch
@pytest.mark.parametrize("name", DIFF_INPUTS)
def test_diff_applies_with_patch_and_git_apply(tmp_path, name):
    data = DIFF_INPUTS[name]
    repo = tmp_path / "repo"
    write(repo / "pkg" / "train.py", data)
    done = run("check", "--diff", "pkg/train.py", cwd=repo, text=False)  # bytes: CRs are part of the patch
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith(b"--- a/pkg/train.py\n+++ b/pkg/train.py\n")
    assert b"LXF001" in done.stderr and b"LXF001" not in done.stdout  # findings go to stderr
    assert (repo / "pkg" / "train.py").read_bytes() == data  # --diff changes nothing

    # What --fix writes is what the patch must produce.
    fixed_copy = tmp_path / "fixed"
    write(fixed_copy / "pkg" / "train.py", data)
    assert run("check", "--fix", "pkg/train.py", cwd=fixed_copy).returncode == 0
    expected = (fixed_copy / "pkg" / "train.py").read_bytes()
    assert expected != data

    patch_file = tmp_path / "fix.patch"
    patch_file.write_bytes(done.stdout)
    applied = subprocess.run(["patch", "-p1", "--no-backup-if-mismatch", "-i", str(patch_file)], cwd=repo,
                             capture_output=True, text=True)
    assert applied.returncode == 0, applied.stdout + applied.stderr
    assert (repo / "pkg" / "train.py").read_bytes() == expected

    write(repo / "pkg" / "train.py", data)
    _git(repo, "init", "-q")
    applied = subprocess.run(["git", "apply", str(patch_file)], cwd=repo, capture_output=True, text=True)
    assert applied.returncode == 0, applied.stderr
    assert (repo / "pkg" / "train.py").read_bytes() == expected


@needs_git
def test_diff_of_an_absolute_path_inside_the_working_dir(tmp_path):
    repo = tmp_path / "repo"
    target = write(repo / "train.py", BAD)
    done = run("check", "--diff", str(target), cwd=repo)
    patch_file = tmp_path / "fix.patch"
    patch_file.write_text(done.stdout, encoding="utf-8")
    _git(repo, "init", "-q")
    applied = subprocess.run(["git", "apply", str(patch_file)], cwd=repo, capture_output=True, text=True)
    assert applied.returncode == 0, done.stdout + applied.stderr
    assert target.read_text(encoding="utf-8") == FIXED


def test_diff_of_clean_files_is_empty(project, capsys):
    write(project / "ok.py", FIXED)
    assert main(["check", "--diff", "ok.py"]) == 0
    assert capsys.readouterr().out == ""


# --- --fix ---------------------------------------------------------------------------------------------
FIX_INPUTS = {
    "crlf": (BAD.replace("\n", "\r\n").encode(), FIXED.replace("\n", "\r\n").encode()),
    "cr": (BAD.replace("\n", "\r").encode(), FIXED.replace("\n", "\r").encode()),
    "bom": (b"\xef\xbb\xbf" + BAD.encode(), b"\xef\xbb\xbf" + FIXED.encode()),
    "latin-1": (("# -*- coding: latin-1 -*-\n# café\n" + BAD).encode("latin-1"),
                ("# -*- coding: latin-1 -*-\n# café\n" + FIXED).encode("latin-1")),
    "tabs-unicode": (("def f():\n\ts = 'é中🚀'\n\t" + IMPORT + "\t" + LIST_POLICY).encode(),
                     ("def f():\n\ts = 'é中🚀'\n\t" + IMPORT + "\t" + LIST_POLICY.replace("[Block]", "{Block}")).encode()),
}


@pytest.mark.parametrize("name", FIX_INPUTS)
def test_fix_in_place_keeps_line_endings_and_encoding(project, capsys, name):
    before, after = FIX_INPUTS[name]
    path = write(project / "t.py", before)
    assert main(["check", "--fix", "t.py"]) == 0
    assert path.read_bytes() == after
    out = capsys.readouterr().out
    assert "Fixed 1 finding." in out and "All checks passed." in out


def test_fix_leaves_unsafe_fixes_unless_asked(project, capsys):
    path = write(project / "t.py", IMPORT + LIST_POLICY + BOTH)
    assert main(["check", "--fix", "t.py"]) == 1  # the LXF002 finding remains: its fixes are unsafe
    text = path.read_text(encoding="utf-8")
    assert "activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\nother" in text
    assert "auto_wrapper_callable=wrap" in text
    out = capsys.readouterr().out
    assert [LINE.match(ln)["code"] for ln in out.splitlines() if LINE.match(ln)] == ["LXF002"]

    assert main(["check", "--fix", "--unsafe-fixes", "t.py"]) == 0
    text = path.read_text(encoding="utf-8")
    ast.parse(text)
    assert codes(text) == []
    assert text.startswith(FIXED)  # the safe fix's line is as the safe pass left it


def test_fix_that_cannot_be_written_is_one_clear_error(project, capsys, monkeypatch):
    path = write(project / "t.py", BAD)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("errata_lsp.cli.write_source", refuse)
    assert main(["check", "--fix", "t.py"]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == "t.py: cannot write: Permission denied; the file is unchanged"
    assert "Fixed" not in captured.out and "All checks passed" not in captured.out
    assert path.read_text(encoding="utf-8") == BAD


# --- --select / --ignore -------------------------------------------------------------------------------
SELECT_TEXT = (
    "from lightning.fabric import Fabric\n" + IMPORT + LIST_POLICY + BOTH +
    "fabric = Fabric(strategy=XLAFSDPStrategy())\n"
    "with fabric.strategy.no_backward_sync(model, enabled=True):\n    pass\n"
)


@pytest.mark.parametrize(("args", "expected"), [
    ([], {"LXF001", "LXF002", "LXF003"}),
    (["--select", "LXF001"], {"LXF001"}),
    (["--select", "LXF001,LXF003"], {"LXF001", "LXF003"}),
    (["--select", "LXF00"], {"LXF001", "LXF002", "LXF003"}),
    (["--ignore", "LXF002"], {"LXF001", "LXF003"}),
    (["--ignore", "LXF00"], set()),
    (["--ignore", "LXF", "--select", "LXF003"], {"LXF003"}),
    (["--select", "lxf002"], {"LXF002"}),
])
def test_select_and_ignore(project, capsys, args, expected):
    write(project / "t.py", SELECT_TEXT)
    status = main(["check", "--format", "json", *args, "t.py"])
    found = {f["code"] for f in json.loads(capsys.readouterr().out)}
    assert found & {"LXF001", "LXF002", "LXF003"} == expected
    assert status == (1 if found else 0)
    options = dict(zip(args[::2], (v.upper().split(",") for v in args[1::2])))
    for code in found:  # nothing outside the selection is reported, whatever other rules exist
        chosen = max((len(p) for p in options.get("--select", ["LXF"]) if code.startswith(p)), default=-1)
        dropped = max((len(p) for p in options.get("--ignore", []) if code.startswith(p)), default=-1)
        assert chosen > dropped, (code, args)


# --- --format json --------------------------------------------------------------------------------------
def test_json_format(project, capsys):
    prefix = "x = '🚀é'; "
    write(project / "t.py", IMPORT + prefix + LIST_POLICY)
    assert main(["check", "--format", "json", "t.py"]) == 1
    (finding,) = json.loads(capsys.readouterr().out)
    assert set(finding) >= {"path", "line", "column", "end_line", "end_column", "code", "record", "message",
                            "severity", "fixes"}
    start = len(prefix) + LIST_POLICY.index("[Block]")
    assert (finding["path"], finding["line"], finding["column"], finding["end_line"], finding["end_column"]) == (
        "t.py", 2, start + 1, 2, start + len("[Block]") + 1)
    assert (finding["code"], finding["record"], finding["severity"]) == ("LXF001", "7c98b3e7e2bf13da", "error")
    (fix,) = finding["fixes"]
    assert set(fix) >= {"title", "safety", "edits"} and fix["safety"] == "safe"
    for edit in fix["edits"]:
        assert set(edit) == {"line", "column", "end_line", "end_column", "new_text"}
        assert edit["line"] == edit["end_line"] == 2
    # Applying the edits by their 1-based code-point columns gives the fixed line.
    rebuilt = (prefix + LIST_POLICY).rstrip("\n")
    for edit in sorted(fix["edits"], key=lambda e: e["column"], reverse=True):
        rebuilt = rebuilt[: edit["column"] - 1] + edit["new_text"] + rebuilt[edit["end_column"] - 1:]
    assert rebuilt == (prefix + LIST_POLICY.replace("[Block]", "{Block}")).rstrip("\n")


def test_json_format_clean_is_empty_array(project, capsys):
    write(project / "ok.py", FIXED)
    assert main(["check", "--format", "json", "ok.py"]) == 0
    assert json.loads(capsys.readouterr().out) == []


# --- [tool.errata] in the nearest pyproject.toml --------------------------------------------------------
def test_nearest_pyproject_applies_to_each_file(project, capsys):
    write(project / "pyproject.toml", '[tool.errata]\nignore = ["LXF001"]\n')
    write(project / "a" / "t.py", SELECT_TEXT)
    write(project / "b" / "pyproject.toml", '[tool.errata]\nselect = ["LXF001"]\n')
    write(project / "b" / "t.py", SELECT_TEXT)
    write(project / "c" / "pyproject.toml", '[project]\nname = "c"\n')  # no [tool.errata]: the parent's applies
    write(project / "c" / "t.py", SELECT_TEXT)
    main(["check", "--format", "json", "."])
    by_file: dict[str, set[str]] = {}
    for f in json.loads(capsys.readouterr().out):
        by_file.setdefault(Path(f["path"]).parent.name, set()).add(f["code"])
    assert "LXF001" not in by_file["a"] and {"LXF002", "LXF003"} <= by_file["a"]
    assert by_file["b"] == {"LXF001"}
    assert "LXF001" not in by_file["c"] and {"LXF002", "LXF003"} <= by_file["c"]


def test_command_line_overrides_pyproject(project, capsys):
    write(project / "pyproject.toml", '[tool.errata]\nselect = ["LXF001"]\n')
    write(project / "t.py", SELECT_TEXT)
    main(["check", "--format", "json", "--select", "LXF003", "t.py"])
    assert {f["code"] for f in json.loads(capsys.readouterr().out)} == {"LXF003"}


def test_severity_from_pyproject(project, capsys):
    write(project / "pyproject.toml", '[tool.errata]\nseverity = { LXF001 = "warning" }\n')
    write(project / "t.py", BAD)
    main(["check", "--format", "json", "t.py"])
    (finding,) = json.loads(capsys.readouterr().out)
    assert finding["severity"] == "warning"


def test_bad_pyproject_setting_is_one_clear_error(project):
    write(project / "pyproject.toml", '[tool.errata]\nselect = 3\n')
    write(project / "t.py", BAD)
    done = run("check", "t.py", cwd=project)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "select" in done.stderr


def test_kb_paths_from_pyproject_are_found_from_a_subfolder(project, capsys):
    write(project / "errors" / "ours.jsonl", json.dumps({
        "id": "ours0001", "repo": "acme/widgets", "errorClass": "RuntimeError",
        "errorMessage": "Sprocket {n} slipped its chain", "solutions": ["Tighten the chain"]}) + "\n")
    write(project / "pyproject.toml", '[tool.errata]\nkb-paths = ["errors"]\n')
    (project / "src").mkdir()
    os.chdir(project / "src")
    assert main(["explain", "RuntimeError: Sprocket 3 slipped its chain"]) == 0
    assert "Tighten the chain" in capsys.readouterr().out


# --- false positives found by the survey (lightning's own tests) -------------------------------------
INTERNAL_CALL = (
    "from unittest.mock import MagicMock\n"
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel as XLAFSDP\n"
    "import torch.nn as nn\n"
    "class Net(nn.Module):\n    pass\n"
    "strategy = XLAFSDPStrategy()\n"
    "fabric = Fabric(strategy=strategy)\n"
    "def step(module, enabled):\n"
    "    module = {value}\n"
    "    with strategy._backward_sync_control.no_backward_sync(module, True):\n"
    "        pass\n"
)


@pytest.mark.parametrize("value", [
    "MagicMock(spec=XlaFullyShardedDataParallel)",  # lightning tests/tests_fabric/strategies/test_xla_fsdp.py
    "XLAFSDP(Net())",
    "module",  # a parameter: the file cannot tell
    "build_sharded(module)",
])
def test_internal_no_backward_sync_on_a_module_that_may_be_xla_fsdp_is_not_an_error(value):
    text = INTERNAL_CALL.replace("{value}", value)
    assert [f for f in check_source(text, "t.py").findings if f.code == "LXF003"] == []


@pytest.mark.parametrize(("value", "got"), [("Net()", "the raw module's class"), ("nn.Linear(2, 2)", "the raw module's class"),
                                            ("fabric.setup_module(Net())", "_FabricModule")])
def test_internal_no_backward_sync_on_a_known_plain_module_is_an_error(value, got):
    text = INTERNAL_CALL.replace("{value}", value)
    (finding,) = [f for f in check_source(text, "t.py").findings if f.code == "LXF003"]
    assert finding.severity.value == "error" and f"Got: {got}." in finding.message


# --- a bad [tool.errata] is one clear error for every command ---------------------------------------
@pytest.mark.parametrize("table", ['select = 3', 'kb-paths = 3', 'kb-paths = ["ok", 3]', 'severity = { LXF001 = "loud" }'])
@pytest.mark.parametrize("command", [["explain", "TypeError: boom"], ["kb", "stats"], ["check", "t.py"]],
                         ids=["explain", "kb-stats", "check"])
def test_bad_tool_errata_is_one_clear_error(project, table, command):
    write(project / "pyproject.toml", f"[tool.errata]\n{table}\n")
    write(project / "t.py", BAD)
    done = run(*command, cwd=project)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "pyproject.toml" in line and "[tool.errata]" in line
