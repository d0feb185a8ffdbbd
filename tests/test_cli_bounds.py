"""The command line's inputs and outputs under careless use and hostile trees: a report never
overwrites code, fixes keep every name of a file and respect a read-only one, odd file names and
notebooks get one clear line, and nothing checked twice or skipped passes for "All checks passed"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .stdio_client import LspClient

IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
LIST_POLICY = "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
BAD = IMPORT + LIST_POLICY
FIXED = IMPORT + LIST_POLICY.replace("[Block]", "{Block}")
LXF001_LINE = "train.py:2:60: LXF001 `activation_checkpointing_policy` must be a set, found [Block]"


def run(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", *args], capture_output=True, cwd=cwd,
                          input=stdin, timeout=120)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode("utf-8", "backslashreplace"),
                                       done.stderr.decode("utf-8", "backslashreplace"))


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "proj"
    (root / "src").mkdir(parents=True)
    (root / "src" / "train.py").write_text(BAD, encoding="utf-8")
    return root


# --- 1: the report never overwrites a checked source ---------------------------------------------
@pytest.mark.parametrize("output, paths, why", [
    ("src/train.py", ["src/train.py"], "it is one of the files checked, and the report would overwrite it"),
    ("src/report.py", ["src"], "it is a source file inside src, which is checked"),
    ("./src/../src/train.py", ["src"], "it is a source file inside src, which is checked"),
])
def test_an_output_file_that_is_a_checked_source_is_refused(project, output, paths, why):
    (project / "src" / "report.py").write_text("x = 1\n", encoding="utf-8")
    done = run("check", "--format", "json", "-o", output, *paths, cwd=project)
    assert done.returncode == 2
    assert done.stderr == f"errata-lsp: --output-file {output}: {why}; nothing was checked\n"
    assert done.stdout == ""
    assert (project / "src" / "train.py").read_text(encoding="utf-8") == BAD
    assert (project / "src" / "report.py").read_text(encoding="utf-8") == "x = 1\n"


def test_an_output_file_that_is_a_hard_link_to_a_checked_file_is_refused(project):
    os.link(project / "src" / "train.py", project / "alias.txt")
    done = run("check", "-o", "alias.txt", "src/train.py", cwd=project)
    assert done.returncode == 2
    assert "alias.txt: it is one of the files checked" in done.stderr
    assert (project / "alias.txt").read_text(encoding="utf-8") == BAD


def test_a_report_beside_the_sources_that_is_not_code_is_written(project):
    done = run("check", "--format", "json", "-o", "src/report.json", "src", cwd=project)
    assert done.returncode == 1, done.stderr
    assert [e["code"] for e in json.loads((project / "src" / "report.json").read_text(encoding="utf-8"))] == ["LXF001"]


# --- notebooks -------------------------------------------------------------------------------------
def notebook_text(cells: list[dict], metadata: dict | None = None) -> str:
    notebook = {"cells": cells, "metadata": metadata if metadata is not None else {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def code_cell(text: str, outputs: list | None = None) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": outputs or [],
            "source": text.splitlines(keepends=True)}


def cell_sources(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


# 2: a user's line that reads like the magic placeholder stays the user's line
def test_a_line_spelled_like_the_magic_placeholder_survives_a_fix(tmp_path):
    cell = "%matplotlib inline\npass  # errata: masked line 1\n" + BAD
    path = tmp_path / "nb.ipynb"
    path.write_text(notebook_text([code_cell(cell)]), encoding="utf-8")
    done = run("check", "--fix", "nb.ipynb", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert cell_sources(path) == ["%matplotlib inline\npass  # errata: masked line 1\n" + FIXED]


# 17: JSON that Python's own json writes (NaN, Infinity) and metadata of the wrong type
def test_a_notebook_holding_nan_and_infinity_is_checked_with_the_files_before_it(project):
    cells = [code_cell(BAD, outputs=[{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                                      "data": {"text/plain": ["nan"]}, "x-values": [float("nan"), float("inf"),
                                                                                  -float("inf")]}])]
    text = notebook_text(cells)
    assert "NaN" in text and "-Infinity" in text
    (project / "src" / "nb.ipynb").write_text(text, encoding="utf-8")
    done = run("check", "--exit-zero", "src", cwd=project)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "src/nb.ipynb:cell 1:2:60: LXF001 `activation_checkpointing_policy` must be a set, found [Block]",
        "src/" + LXF001_LINE,
        "Found 2 findings: 2 errors (2 fixable with --fix).",
    ]
    assert done.stderr == ""
    done = run("check", "--fix", "src/nb.ipynb", cwd=project)
    assert done.returncode == 0, done.stderr
    assert (project / "src" / "nb.ipynb").read_text(encoding="utf-8") == text.replace("[Block]", "{Block}")


@pytest.mark.parametrize("metadata, checked", [
    ({"language_info": "python"}, True),
    ({"kernelspec": ["python3"]}, True),
    ({"language_info": {"name": 3}, "kernelspec": {"language": "python"}}, True),
    ({"language_info": None, "kernelspec": {"language": "R"}}, False),
    ([], True),
])
def test_notebook_metadata_of_the_wrong_type_is_read_as_absent(tmp_path, metadata, checked):
    (tmp_path / "nb.ipynb").write_text(notebook_text([code_cell(BAD)], metadata), encoding="utf-8")
    done = run("check", "nb.ipynb", cwd=tmp_path)
    assert done.stderr == ""
    assert done.returncode == (1 if checked else 0)
    assert done.stdout.splitlines()[-1] == (
        "Found 1 finding: 1 error (1 fixable with --fix)." if checked else "All checks passed.")


# 20: outputs are never analysed, and never kept
def test_a_notebook_s_outputs_are_not_kept_once_read():
    from errata_lsp.notebook import NotebookFile

    big = "x" * 100_000 + '\\"' * 1000
    cells = [code_cell(BAD, outputs=[{"output_type": "stream", "name": "stdout", "text": [big]}]),
             {"cell_type": "markdown", "metadata": {}, "source": "![a](attachment:a.png)",
              "attachments": {"a.png": {"image/png": "iVBOR" * 1000}}}]
    notebook = NotebookFile.parse(notebook_text(cells))
    assert [sorted(cell) for cell in notebook.cells] == [
        ["cell_type", "execution_count", "metadata", "source"], ["cell_type", "metadata", "source"]]
    assert [node.value for node in notebook.sources[0].items] == BAD.splitlines(keepends=True)
    assert notebook.sources[1].value == "![a](attachment:a.png)"


# --- reports: file names -------------------------------------------------------------------------
def reports(folder: Path, fmt: str, *paths: str) -> tuple[subprocess.CompletedProcess, str]:
    """The report written with --output-file, and what the folder holds besides after."""
    done = run("check", "--format", fmt, "-o", "out/report", *paths, cwd=folder)
    return done, (folder / "out" / "report").read_text(encoding="utf-8")


NAMED = b"caf\xe9.py"  # Latin-1 bytes: not UTF-8


@pytest.mark.parametrize("fmt", ["json", "sarif", "gitlab", "github"])
def test_a_file_name_that_is_not_utf8_is_reported_in_every_format_with_no_temporary_file_left(tmp_path, fmt):
    with open(os.path.join(os.fsencode(tmp_path), NAMED), "w", encoding="utf-8") as handle:
        handle.write(BAD)
    done, report = reports(tmp_path, fmt, ".")
    assert done.returncode == 1, done.stderr
    assert done.stderr == "" and done.stdout == ""
    assert os.listdir(tmp_path / "out") == ["report"]
    if fmt == "json":
        # errata's own JSON names the file as Python reads it back: a surrogate escape for the byte
        assert [(os.fsencode(e["path"]), e["code"]) for e in json.loads(report)] == [(NAMED, "LXF001")]
    elif fmt == "sarif":
        [result] = json.loads(report)["runs"][0]["results"]
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "caf%E9.py"
    elif fmt == "gitlab":
        assert [i["location"]["path"] for i in json.loads(report)] == ["caf\\xe9.py"]
    else:
        assert report.startswith("::error file=caf\\xe9.py,line=2,")
    if fmt == "gitlab":  # on stdout too
        done = run("check", "--format", fmt, ".", cwd=tmp_path)
        assert done.returncode == 1 and done.stderr == ""
        assert [i["location"]["path"] for i in json.loads(done.stdout)] == ["caf\\xe9.py"]


def test_a_report_that_cannot_be_written_leaves_no_temporary_file(tmp_path):
    (tmp_path / "train.py").write_text(BAD, encoding="utf-8")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "report").mkdir()  # the rename over a folder fails after the temporary file is written
    done = run("check", "--format", "json", "-o", "out/report", "train.py", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("out/report: cannot write: ")
    assert os.listdir(tmp_path / "out") == ["report"]


# 23: SARIF artifact URIs are URI references, percent-encoded
def test_sarif_artifact_uris_are_percent_encoded(tmp_path):
    names = ["x#y.py", "100%.py", "a b.py", "new\nline.py", "é.py"]
    for name in names:
        (tmp_path / "src" / name).parent.mkdir(exist_ok=True)
        (tmp_path / "src" / name).write_text(BAD, encoding="utf-8")
    done, report = reports(tmp_path, "sarif", "src")
    assert done.returncode == 1, done.stderr
    results = json.loads(report)["runs"][0]["results"]
    uris = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results)
    assert uris == sorted(["src/x%23y.py", "src/100%25.py", "src/a%20b.py", "src/new%0Aline.py", "src/%C3%A9.py"])
    fixes = sorted(r["fixes"][0]["artifactChanges"][0]["artifactLocation"]["uri"] for r in results)
    assert fixes == uris


# --- 24: a file named twice, stdin, skipped files, the knowledge base's problems -----------------
def test_a_file_named_twice_is_checked_and_reported_once(project):
    os.link(project / "src" / "train.py", project / "src" / "again.py")  # two names, one file
    done = run("check", "src/train.py", "./src/train.py", "src", cwd=project)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == ["src/" + LXF001_LINE, "Found 1 finding: 1 error (1 fixable with --fix)."]


def test_stdin_is_read_no_further_than_the_size_limit(tmp_path):
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    done = run("check", "--stdin-filename", "big.py", cwd=tmp_path, stdin=b"#" * (10 * 2**20 + 1))
    assert done.returncode == 0
    assert done.stderr == "big.py: skipped: more than 10.0 MiB is above the 10 MiB limit; not checked\n"
    assert done.stdout == "1 file skipped for their size (see above).\n"


def test_stdin_in_the_encoding_its_coding_line_names_is_checked_and_fixed_in_it(tmp_path):
    source = ("# -*- coding: latin-1 -*-\n# caf\xe9\n" + BAD).encode("latin-1")
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--fix", "--stdin-filename", "t.py"],
                          input=source, capture_output=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("# -*- coding: latin-1 -*-\n# caf\xe9\n" + FIXED).encode("latin-1")


def test_a_file_skipped_for_its_size_does_not_end_in_all_checks_passed(project):
    (project / "src" / "train.py").write_text("x = 1\n", encoding="utf-8")
    (project / "src" / "huge.py").write_bytes(b"#" * (10 * 2**20 + 1))
    done = run("check", "src", cwd=project)
    assert done.returncode == 0
    assert done.stderr == "src/huge.py: skipped: 10.0 MiB is above the 10 MiB limit; not checked\n"
    assert done.stdout == "1 file skipped for their size (see above).\n"


GADGET = {"id": "gadget-jam", "repo": "acme/widgets", "errorMessage": "Gadget {x} jammed at the hinge",
          "errorClass": "RuntimeError"}


@pytest.fixture
def user_records(project):
    (project / "records").mkdir()
    (project / "records" / "r.jsonl").write_text(json.dumps(GADGET) + '\n{"id": "broken"\n', encoding="utf-8")
    (project / "pyproject.toml").write_text('[tool.errata]\nkb-paths = ["records"]\n', encoding="utf-8")
    return project


def test_check_says_what_is_wrong_in_the_record_files_it_uses(user_records):
    done = run("check", "src", cwd=user_records)
    assert done.returncode == 1
    assert done.stderr == (f"knowledge base: {user_records}/records/r.jsonl:2: invalid JSON: "
                           "Expecting ',' delimiter (column 16)\n")
    assert done.stdout.splitlines()[0] == "src/" + LXF001_LINE


@pytest.mark.parametrize("given", ["records", "./records/", "records/r.jsonl", "records/more"])
def test_log_kb_naming_a_folder_of_kb_paths_again_loads_it_once(user_records, given):
    (user_records / "records" / "more").mkdir()
    (user_records / "records" / "more" / "m.jsonl").write_text(json.dumps({**GADGET, "id": "more-jam"}) + "\n",
                                                               encoding="utf-8")
    (user_records / "ci.log").write_text("RuntimeError: Gadget 3 jammed at the hinge\n", encoding="utf-8")
    done = run("log", "--kb", given, "ci.log", cwd=user_records)
    assert done.returncode == 1
    assert "duplicate id" not in done.stderr
    assert done.stderr.count("invalid JSON") == 1
    assert done.stdout.startswith("ci.log:1:15: RuntimeError RuntimeError: Gadget 3 jammed at the hinge")


# --- 3: --fix keeps every name of a file, and leaves a read-only file alone ----------------------
def test_fix_of_a_file_with_two_hard_links_changes_the_file_both_names_see(project):
    train = project / "src" / "train.py"
    os.link(train, project / "linked.py")
    inode = train.stat().st_ino
    done = run("check", "--fix", "src/train.py", cwd=project)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Fixed 1 finding.\nAll checks passed.\n"
    assert (project / "linked.py").read_text(encoding="utf-8") == FIXED
    assert train.stat().st_ino == inode and train.stat().st_nlink == 2
    assert sorted(os.listdir(project / "src")) == ["train.py"]  # no temporary file left


def test_fix_skips_a_read_only_file_with_one_line(project):
    train = project / "src" / "train.py"
    train.chmod(0o444)
    done = run("check", "--fix", "src", cwd=project)
    assert done.returncode == 1  # its finding is still there; skipping it is no error
    assert done.stderr == "src/train.py: read-only; the file is unchanged\n"
    assert done.stdout == "src/" + LXF001_LINE + "\nFound 1 finding: 1 error.\n"
    assert train.read_text(encoding="utf-8") == BAD
    assert train.stat().st_mode & 0o777 == 0o444
    assert sorted(os.listdir(project / "src")) == ["train.py"]


# --- 18: a pyproject.toml nested deeper than the TOML parser goes --------------------------------
def deep_pyproject(folder: Path) -> str:
    (folder / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF005"]\n[project]\nx = ' + "[" * 1200
                                           + "]" * 1200 + "\n", encoding="utf-8")
    return f"{folder / 'pyproject.toml'}: nested more deeply than errata reads; not read"


def test_check_under_a_pyproject_nested_1200_deep_says_so_in_one_line(project):
    why = deep_pyproject(project)
    done = run("check", "src", cwd=project)
    assert done.returncode == 2
    assert done.stderr == f"src/train.py: {why}\n"
    assert done.stdout == "1 file could not be checked (see above).\n"


def test_the_server_under_a_pyproject_nested_1200_deep_still_publishes(project):
    deep_pyproject(project)
    client = LspClient(stderr_path=project / "server.stderr")
    try:
        client.initialize(root=project.as_uri())
        uri = (project / "src" / "train.py").as_uri()
        client.open(uri, BAD)
        published = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, 60)
        assert [d["code"] for d in published["diagnostics"]] == ["LXF001"]
        assert client.hover(uri, 1, 61)["contents"]["value"].startswith("**LXF001**")
    finally:
        client.close()


def test_a_piped_fix_of_a_buffer_too_large_gives_the_buffer_back_whole(tmp_path):
    source = BAD.encode() + b"#" * (10 * 2**20 + 1) + b"\n"
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--fix", "--stdin-filename", "big.py"],
                          input=source, capture_output=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0
    assert done.stdout == source  # an editor replacing its buffer with stdout loses nothing
    assert done.stderr == (b"big.py: skipped: more than 10.0 MiB is above the 10 MiB limit; not checked\n"
                           b"1 file skipped for their size (see above).\n")


def test_explain_reads_stdin_no_further_than_the_size_limit(tmp_path):
    done = run("explain", "-", cwd=tmp_path, stdin=b"x" * (10 * 2**20 + 1))
    assert done.returncode == 2
    assert done.stderr == "<stdin>: more than 10.0 MiB is above the 10 MiB limit; not read\n"
    assert done.stdout == ""


def test_add_noqa_skips_a_read_only_file_with_one_line(project):
    train = project / "src" / "train.py"
    train.chmod(0o444)
    done = run("check", "--add-noqa", "src", cwd=project)
    assert done.returncode == 0
    assert done.stderr == "src/train.py: read-only; the file is unchanged\n"
    assert train.read_text(encoding="utf-8") == BAD
