"""Suppressions: file-level `# errata: noqa` (all or some codes), `per-file-ignores` in [tool.errata],
unused and unknown `# noqa: LXF...` codes reported as LXF100 with a removal fix, and `--add-noqa`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source, fix_all
from errata_lsp.analysis.findings import Position, Severity, Span
from errata_lsp.settings import Settings

IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
LIST_POLICY = "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
BOTH = ("other = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block}, "
        "auto_wrap_policy={Block})\n")
SOURCE = IMPORT + LIST_POLICY + BOTH


def codes(text: str, settings: Settings | None = None, path: str = "t.py") -> list[str]:
    return [f.code for f in check_source(text, path, settings).findings]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "errata_lsp", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


# --- file level ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "kept"), [
    ("# errata: noqa\n", []),
    ("  #errata:NOQA  \n", []),
    ("# errata: noqa: LXF001\n", ["LXF002"]),
    ("# errata: noqa: LXF001, LXF002\n", []),
    ("x = 1  # errata: noqa\n", ["LXF001", "LXF002"]),  # only a line of its own speaks for the file
    ("# errata: noqa is what you would write\n", ["LXF001", "LXF002"]),
])
def test_file_level_directive(directive, kept):
    assert codes(directive + SOURCE) == kept
    assert codes(SOURCE + directive) == kept  # anywhere in the file


def test_a_file_exempt_by_directive_reports_no_unused_noqa_either():
    assert codes("# errata: noqa\n" + SOURCE + "x = 1  # noqa: LXF001\n") == []


# --- per-file-ignores ----------------------------------------------------------------------------
def test_per_file_ignores_from_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.errata.per-file-ignores]\n"legacy_*.py" = ["LXF"]\n"notebooks/**/*.ipynb" = ["LXF001"]\n'
        '"scripts/train.py" = ["LXF002"]\n', encoding="utf-8")
    for name in ("legacy_train.py", "sub/legacy_x.py", "scripts/train.py", "scripts/other.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(SOURCE, encoding="utf-8")
    done = run("check", "--format", "json", ".", cwd=tmp_path)
    found = sorted((f["path"], f["code"]) for f in json.loads(done.stdout))
    assert found == [("scripts/other.py", "LXF001"), ("scripts/other.py", "LXF002"), ("scripts/train.py", "LXF001")]


def test_per_file_ignores_match_rules():
    settings = Settings().merged({"per-file-ignores": {"test_*.py": ["LXF001"], "./pkg/**": "LXF002"}}, Path("/proj"))
    assert codes(SOURCE, settings, "/proj/a/test_x.py") == ["LXF002"]
    assert codes(SOURCE, settings, "/proj/pkg/deep/er/x.py") == ["LXF001"]
    assert codes(SOURCE, settings, "/elsewhere/pkg/x.py") == ["LXF001", "LXF002"]  # relative to /proj only
    assert codes(SOURCE, settings, "/proj/a/x_test.py") == ["LXF001", "LXF002"]


def test_per_file_ignores_must_be_a_table(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nper-file-ignores = ["x"]\n', encoding="utf-8")
    (tmp_path / "a.py").write_text(SOURCE, encoding="utf-8")
    done = run("check", "a.py", cwd=tmp_path)
    assert done.returncode == 2
    assert 'per-file-ignores` must be a table of "glob" = [codes]' in done.stderr


# --- unused and unknown noqa codes ---------------------------------------------------------------
def test_unused_and_unknown_noqa_codes_are_reported_with_their_span():
    text = SOURCE + "x = 1  # noqa: LXF001, E501\ny = 2  # noqa: LXF777\nz = 3  # noqa\n"
    found = [f for f in check_source(text, "t.py").findings if f.code == "LXF100"]
    assert [(f.span, f.message, f.severity) for f in found] == [
        (Span(Position(3, 15), Position(3, 21)), "`# noqa: LXF001` is unused: there is no LXF001 finding on this line",
         Severity.WARNING),
        (Span(Position(4, 15), Position(4, 21)), "`# noqa: LXF777`: no rule has the code LXF777", Severity.WARNING),
    ]  # E501 belongs to another tool, a bare noqa to everyone: neither is judged


def test_a_noqa_code_typed_into_a_comment_is_judged_at_once():
    from errata_lsp.analysis.engine import check_document

    text = "from lightning.fabric import Fabric\n\ndef train(fabric):\n    # a note\n    fabric.launch()\n"
    before = check_document(text, "t.py")
    at = Position(3, len("    # a note"))
    typed = " # noqa: LXF777"
    after = check_document(text.replace("# a note", "# a note" + typed), "t.py", previous=before,
                           changes=[(Span(at, at), typed)])  # only a comment changed: the method's tree is kept
    assert [(f.code, f.span, f.message) for f in after.report.findings] == [
        ("LXF100", Span(Position(3, 21), Position(3, 27)), "`# noqa: LXF777`: no rule has the code LXF777")]
    erased = check_document(text, "t.py", previous=after, changes=[(Span(at, Position(3, at.column + len(typed))), "")])
    assert erased.report.findings == []


@pytest.mark.parametrize(("line", "fixed"), [
    ("x = 1  # noqa: LXF001\n", "x = 1\n"),
    ("x = 1  # noqa: LXF001, E501\n", "x = 1  # noqa: E501\n"),
    ("x = 1  # noqa: E501,LXF001\n", "x = 1  # noqa: E501\n"),
    ("x = 1  # noqa: LXF001 (kept for later)\n", "x = 1  # (kept for later)\n"),
    ("x = 1  # type: ignore  # noqa: LXF003\n", "x = 1  # type: ignore\n"),
    ("    # noqa: LXF001\n", "    \n"),
    ("# noqa: LXF001 \n", " \n"),  # at column 0, with a space after it
])
def test_the_fix_removes_the_unused_code_and_nothing_else(line, fixed):
    text = IMPORT + "def f():\n    pass\n" + line
    assert fix_all(text, "t.py")[0] == IMPORT + "def f():\n    pass\n" + fixed


def test_a_used_code_is_not_reported_and_a_deselected_rule_is_not_judged():
    used = IMPORT + LIST_POLICY.rstrip("\n") + "  # noqa: LXF001\n"
    assert codes(used) == []
    unused = IMPORT + "x = 1  # noqa: LXF001\n"
    assert codes(unused) == ["LXF100"]
    assert codes(unused, Settings().merged({"select": ["LXF002"]})) == []  # LXF001 did not run: unknown
    assert codes(unused, Settings().merged({"ignore": ["LXF100"]})) == []
    raised = check_source(unused, "t.py", Settings().merged({"severity": {"LXF100": "error"}})).findings
    assert [(f.code, f.severity) for f in raised] == [("LXF100", Severity.ERROR)]
    assert codes(IMPORT + "x = 1  # noqa: LXF001, LXF100\n") == []  # silenced on its own line


@pytest.mark.parametrize(("column", "code"), [
    (14, None), (15, "LXF001"), (18, "LXF001"), (21, "LXF001"), (23, "E501"), (9, None), (2, None)])
def test_the_code_under_the_cursor_in_a_noqa_comment(column, code):
    # what the hover on a noqa comment explains: the code the cursor is on, its first and last column included
    from errata_lsp.analysis.suppressions import noqa_code_at

    assert noqa_code_at("x = 1  # noqa: lxf001, E501", column) == code
    assert noqa_code_at("x = 1  # noqa  lxf001, E501", column) is None  # a bare noqa names no code


def test_a_severity_setting_changes_the_findings_severity_and_only_where_it_differs():
    lowered = check_source(IMPORT + LIST_POLICY, "t.py", Settings().merged({"severity": {"LXF001": "warning"}}))
    assert [(f.code, f.severity) for f in lowered.findings] == [("LXF001", Severity.WARNING)]
    same = check_source(IMPORT + LIST_POLICY, "t.py", Settings().merged({"severity": {"LXF001": "error"}}))
    assert [(f.code, f.severity) for f in same.findings] == [("LXF001", Severity.ERROR)]


# --- --add-noqa ----------------------------------------------------------------------------------
def test_add_noqa_silences_every_current_finding_merging_existing_comments(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(IMPORT + LIST_POLICY + BOTH.rstrip("\n") + "  # noqa: E501\n", encoding="utf-8")
    done = run("check", "--add-noqa", "train.py", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == "Added 2 noqa directives.\n"
    assert path.read_text(encoding="utf-8") == (
        IMPORT + LIST_POLICY.rstrip("\n") + "  # noqa: LXF001\n" + BOTH.rstrip("\n") + "  # noqa: E501, LXF002\n")
    again = run("check", "train.py", cwd=tmp_path)
    assert again.returncode == 0 and again.stdout == "All checks passed.\n"
    assert run("check", "--add-noqa", "train.py", cwd=tmp_path).stdout == "Added 0 noqa directives.\n"


def test_add_noqa_goes_on_past_a_line_with_a_bare_noqa(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(IMPORT + LIST_POLICY.rstrip("\n") + "  # noqa\n" + BOTH, encoding="utf-8")
    done = run("check", "--add-noqa", "train.py", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == "Added 1 noqa directive.\n"
    assert path.read_text(encoding="utf-8") == (
        IMPORT + LIST_POLICY.rstrip("\n") + "  # noqa\n" + BOTH.rstrip("\n") + "  # noqa: LXF002\n")


def test_add_noqa_in_a_notebook_cell(tmp_path):
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": ["!pip list\n", IMPORT, LIST_POLICY.rstrip("\n")]}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
    assert run("check", "--add-noqa", "nb.ipynb", cwd=tmp_path).returncode == 0
    notebook["cells"][0]["source"][2] += "  # noqa: LXF001"
    assert path.read_text(encoding="utf-8") == json.dumps(notebook, indent=1) + "\n"


def test_a_noqa_inside_a_string_is_text_not_a_suppression():
    text = IMPORT + 'doc = """\nx = 1  # noqa: LXF001\n"""\nlabel = "# noqa: LXF777"\ny = 2  # noqa: LXF001\n'
    found = [(f.code, f.span.start.line) for f in check_source(text, "t.py").findings]
    assert found == [("LXF100", 5)]


def test_statistics_name_lxf100(tmp_path):
    (tmp_path / "t.py").write_text(IMPORT + "x = 1  # noqa: LXF001\n", encoding="utf-8")
    done = run("check", "--statistics", "--quiet", "t.py", cwd=tmp_path)
    assert done.stdout == "1  LXF100  [*] a `# noqa` code that silences nothing, or that no rule has\n"
