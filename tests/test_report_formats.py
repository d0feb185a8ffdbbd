"""`errata-lsp check` for CI: SARIF 2.1.0 and GitLab Code Quality validated against the published
schemas (shipped in tests/data/schemas), GitHub workflow commands in the documented syntax, and the
flags CI and editors use (--exit-zero, --quiet, --statistics, --output-file, --stdin-filename)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from errata_lsp.analysis.findings import Finding, Position, Severity, Span
from errata_lsp.analysis.rules import RULES
from errata_lsp.report_formats import Entry, github

SCHEMAS = Path(__file__).parent / "data" / "schemas"
IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
LIST_POLICY = "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
BOTH = ("other = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block}, "
        "auto_wrap_policy={Block})\n")
SOURCE = IMPORT + LIST_POLICY + BOTH
LXF001_MESSAGE = "`activation_checkpointing_policy` must be a set, found [Block]"
LXF002_MESSAGE = ("`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning "
                  "raises ValueError at setup (the policy is turned into its own auto wrapper)")


def run(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "errata_lsp", *args], capture_output=True, text=True,
                          cwd=cwd, input=stdin, timeout=120)


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "proj"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "train.py").write_text(SOURCE, encoding="utf-8")
    return root


# --- SARIF ---------------------------------------------------------------------------------------
def test_sarif_is_valid_against_the_published_schema_with_rules_regions_and_fixes(project):
    done = run("check", "--format", "sarif", "pkg", cwd=project)
    assert done.returncode == 1, done.stderr
    log = json.loads(done.stdout)
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)

    run_ = log["runs"][0]
    assert log["version"] == "2.1.0"
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == project.as_uri() + "/"
    assert run_["tool"]["driver"]["informationUri"] == "https://github.com/errata-lsp/errata"
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["LXF001", "LXF002"]  # the rules hit, not every rule with its whole card
    assert len(done.stdout) < 25_000  # every rule's card made it 196 KB
    lxf001 = rules[[r["id"] for r in rules].index("LXF001")]
    # the release tag the card links, not the seed record's commit (9fed5c27d2, not in Lightning's history)
    assert lxf001["helpUri"] == ("https://github.com/Lightning-AI/pytorch-lightning/blob/2.6.5/"
                                 "src/lightning/fabric/strategies/xla_fsdp.py#L663")
    assert lxf001["help"]["text"].startswith(
        "LXF001 activation_checkpointing_policy of XLAFSDPStrategy must be a set of module classes\n\n"
        "### TypeError: activation_checkpointing_policy must be a set, found <policy>.")
    assert "**Solutions.**" in lxf001["help"]["markdown"]
    assert lxf001["defaultConfiguration"] == {"level": "error"}

    results = run_["results"]
    assert [(r["ruleId"], r["level"], r["message"]["text"]) for r in results] == [
        ("LXF001", "error", LXF001_MESSAGE), ("LXF002", "error", LXF002_MESSAGE)]
    first = results[0]
    assert rules[first["ruleIndex"]]["id"] == "LXF001"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "pkg/train.py", "uriBaseId": "%SRCROOT%"}
    column = LIST_POLICY.index("[Block]") + 1
    assert location["region"] == {"startLine": 2, "startColumn": column, "endLine": 2, "endColumn": column + 7}
    assert first["fixes"] == [{
        "description": {"text": "Convert list to set"},
        "artifactChanges": [{
            "artifactLocation": {"uri": "pkg/train.py", "uriBaseId": "%SRCROOT%"},
            "replacements": [
                {"deletedRegion": {"startLine": 2, "startColumn": column, "endLine": 2, "endColumn": column + 1},
                 "insertedContent": {"text": "{"}},
                {"deletedRegion": {"startLine": 2, "startColumn": column + 6, "endLine": 2, "endColumn": column + 7},
                 "insertedContent": {"text": "}"}},
            ],
        }],
    }]
    assert [f["description"]["text"] for f in results[1]["fixes"]] == [
        "Remove `auto_wrapper_callable` (unsafe: review it)", "Remove `activation_checkpointing_policy` (unsafe: review it)"]


def test_sarif_describes_every_rule_when_asked(project):
    done = run("check", "--format", "sarif", "--all-rules", "pkg", cwd=project)
    log = json.loads(done.stdout)
    jsonschema.Draft4Validator(json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text())).validate(log)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [r.code for r in RULES]
    assert [rules[r["ruleIndex"]]["id"] for r in log["runs"][0]["results"]] == ["LXF001", "LXF002"]


def test_sarif_with_no_findings_is_still_a_valid_log(tmp_path):
    (tmp_path / "ok.py").write_text("print('hi')\n", encoding="utf-8")
    done = run("check", "--format", "sarif", "ok.py", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    log = json.loads(done.stdout)
    jsonschema.Draft4Validator(json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text())).validate(log)
    assert log["runs"][0]["results"] == []


# --- GitLab Code Quality -------------------------------------------------------------------------
def test_gitlab_report_is_valid_against_gitlabs_schema_with_the_documented_fields(project):
    done = run("check", "--format", "gitlab", "pkg", cwd=project)
    assert done.returncode == 1, done.stderr
    issues = json.loads(done.stdout)
    validator = jsonschema.Draft7Validator(json.loads((SCHEMAS / "gitlab-codeclimate.json").read_text()))
    for issue in issues:
        validator.validate(issue)
    # GitLab's documentation also requires check_name and one of its five severity names.
    column = LIST_POLICY.index("[Block]") + 1
    assert issues[0] == {
        "type": "issue", "check_name": "LXF001", "description": f"LXF001 {LXF001_MESSAGE}",
        "categories": ["Bug Risk"], "severity": "major", "fingerprint": issues[0]["fingerprint"],
        "location": {"path": "pkg/train.py", "positions": {
            "begin": {"line": 2, "column": column}, "end": {"line": 2, "column": column + 7}}},
    }
    assert [i["check_name"] for i in issues] == ["LXF001", "LXF002"]
    assert {i["severity"] for i in issues} <= {"info", "minor", "major", "critical", "blocker"}
    assert len({i["fingerprint"] for i in issues}) == 2


def test_gitlab_fingerprints_survive_lines_moving(project):
    before = json.loads(run("check", "--format", "gitlab", "pkg", cwd=project).stdout)
    (project / "pkg" / "train.py").write_text("import os\n\n" + SOURCE, encoding="utf-8")
    after = json.loads(run("check", "--format", "gitlab", "pkg", cwd=project).stdout)
    assert [i["location"]["positions"]["begin"]["line"] for i in after] == [4, 5]
    assert [i["fingerprint"] for i in after] == [i["fingerprint"] for i in before]


# --- GitHub workflow commands --------------------------------------------------------------------
def test_github_annotations_in_the_workflow_command_syntax(project):
    done = run("check", "--format", "github", "pkg", cwd=project)
    assert done.returncode == 1, done.stderr
    column = LIST_POLICY.index("[Block]") + 1
    assert done.stdout == (
        f"::error file=pkg/train.py,line=2,endLine=2,col={column},endColumn={column + 7},title=errata LXF001::"
        f"{LXF001_MESSAGE}\n"
        f"::error file=pkg/train.py,line=3,endLine=3,col=25,endColumn=51,title=errata LXF002::{LXF002_MESSAGE}\n"
    )


def test_github_escapes_data_and_properties_as_the_toolkit_does():
    span = Span(Position(0, 0), Position(2, 3))  # over several lines: no columns
    finding = Finding("LXF009", "r", span, "100% sure:\r\nnext, line", Severity.INFORMATION)
    assert github([Entry(Path("a,b:c%.py"), finding)]) == (
        "::notice file=a%2Cb%3Ac%25.py,line=1,endLine=3,title=errata LXF009::100% sure:%0D%0Anext, line\n"
        .replace("100% sure", "100%25 sure"))


# --- flags ---------------------------------------------------------------------------------------
def test_exit_zero_reports_but_exits_0_and_still_fails_on_errors(project):
    done = run("check", "--exit-zero", "pkg", cwd=project)
    assert done.returncode == 0 and "pkg/train.py:2:" in done.stdout and "Found 2 findings:" in done.stdout
    missing = run("check", "--exit-zero", "nope.py", cwd=project)
    assert missing.returncode == 2 and "nope.py: no such file" in missing.stderr


def test_quiet_prints_the_findings_and_nothing_else(project):
    done = run("check", "--quiet", "pkg", cwd=project)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"pkg/train.py:2:{LIST_POLICY.index('[Block]') + 1}: LXF001 {LXF001_MESSAGE}",
        f"pkg/train.py:3:25: LXF002 {LXF002_MESSAGE}",
    ]
    clean = run("check", "-q", "pkg", "--ignore", "LXF", cwd=project)
    assert clean.returncode == 0 and clean.stdout == ""


def test_statistics_counts_per_code_with_fixable_marker(project):
    (project / "pkg" / "more.py").write_text(IMPORT + LIST_POLICY, encoding="utf-8")
    done = run("check", "--statistics", "--quiet", "pkg", cwd=project)
    assert done.returncode == 1
    assert done.stdout == (
        "2  LXF001  [*] `activation_checkpointing_policy` of XLAFSDPStrategy must be a set of module classes\n"
        "1  LXF002  [ ] `auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be given to XLAFSDPStrategy\n")
    as_json = json.loads(run("check", "--statistics", "--format", "json", "pkg", cwd=project).stdout)
    assert [(r["code"], r["count"], r["fixable"]) for r in as_json] == [("LXF001", 2, 2), ("LXF002", 1, 0)]


def test_output_file_gets_the_report_whole_and_stdout_stays_empty(project):
    done = run("check", "--format", "sarif", "--output-file", "reports/errata.sarif", "pkg", cwd=project)
    assert done.returncode == 1 and done.stdout == ""
    log = json.loads((project / "reports" / "errata.sarif").read_text(encoding="utf-8"))
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["LXF001", "LXF002"]
    assert [p.name for p in (project / "reports").iterdir()] == ["errata.sarif"]  # no temporary left behind


def test_stdin_filename_checks_the_piped_buffer_under_that_name_and_its_settings(project):
    done = run("check", "--stdin-filename", "pkg/train.py", "-", cwd=project, stdin=IMPORT + LIST_POLICY)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == f"pkg/train.py:2:{LIST_POLICY.index('[Block]') + 1}: LXF001 {LXF001_MESSAGE}"
    # The name decides which [tool.errata] applies, though the file on disk is never read.
    (project / "pkg" / "pyproject.toml").write_text("[tool.errata]\nignore = [\"LXF001\"]\n", encoding="utf-8")
    quiet = run("check", "--stdin-filename", "pkg/buffer.py", cwd=project, stdin=IMPORT + LIST_POLICY)
    assert quiet.returncode == 0 and "All checks passed." in quiet.stdout


def test_stdin_fix_prints_the_fixed_source_and_reports_on_stderr(project):
    done = run("check", "--fix", "--stdin-filename", "buffer.py", cwd=project, stdin=SOURCE)
    assert done.returncode == 1  # LXF002 has no safe fix and remains
    assert done.stdout == IMPORT + LIST_POLICY.replace("[Block]", "{Block}") + BOTH
    assert "buffer.py:3:25: LXF002" in done.stderr and "Fixed 1 finding." in done.stderr
    assert not (project / "buffer.py").exists()
