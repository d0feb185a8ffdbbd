"""`errata-lsp check` on Jupyter notebooks: code cells are one program in cell order, magics and
shell lines are ignored, findings name the cell and the line in it, fixes are written back with
every other byte of the file unchanged, and a broken notebook gets one clear line."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source, fix_all
from errata_lsp.analysis.rule import Invalid
from errata_lsp.analysis.rules import BY_CODE

# One rule of each family; its own first flagged example becomes a notebook.
FAMILIES = {
    "policy": "LXF001", "backward-sync": "LXF003", "precision": "LXF007", "accelerator": "LXF010",
    "setup": "LXF012", "clipping": "LXF014", "launch": "LXF016", "checkpoint": "LXF020", "collectives": "LXF027",
}
MAGIC = "%pip install -q lightning torch_xla\n"
OUTPUT = {"output_type": "stream", "name": "stdout", "text": ["ok é\n"]}


def run(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "errata_lsp", *args], capture_output=True, text=True,
                          cwd=cwd, input=stdin, timeout=120)


def nbformat_text(cells: list[dict], newline: str = "\n") -> str:
    """A notebook as Jupyter writes it (nbformat: indent 1, sorted keys, non-ASCII as itself)."""
    notebook = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                            "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    return (json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n").replace("\n", newline)


def code_cell(text: str, outputs: list | None = None) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": outputs or [],
            "source": [line for line in text.splitlines(keepends=True)]}


def markdown_cell(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def statements(code: str) -> list[str]:
    """The code cut before each top-level statement: one chunk per future cell."""
    lines = code.splitlines(keepends=True)
    starts = [node.lineno - 1 for node in ast.parse(code).body]
    return ["".join(lines[a:b]) for a, b in zip(starts, starts[1:] + [len(lines)])]


def example(code: str) -> Invalid:
    return next(e for e in BY_CODE[code].examples if isinstance(e, Invalid) and e.fixed is not None) if any(
        isinstance(e, Invalid) and e.fixed for e in BY_CODE[code].examples) else next(
        e for e in BY_CODE[code].examples if isinstance(e, Invalid))


def as_notebook(code: str) -> tuple[list[dict], list[int], list[int]]:
    """Cells: a markdown title, then one code cell per statement (the first one after a %pip line,
    the second one with an output). Returns the cells, each chunk's cell index and its first line
    in the plain code."""
    chunks = statements(code)
    cells = [markdown_cell("# Training on a TPU pod\n\nXLAFSDP — sharded")]
    cell_of, first_line, line = [], [], 0
    for i, chunk in enumerate(chunks):
        text = (MAGIC if i == 0 else "") + chunk
        cells.append(code_cell(text, [OUTPUT] if i == 1 else None))
        cell_of.append(len(cells) - 1)
        first_line.append(line - (1 if i == 0 else 0))  # the %pip line shifts the first cell by one
        line += chunk.count("\n")
    return cells, cell_of, first_line


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_family_through_a_notebook_findings_by_cell_and_fix_round_trip(family, tmp_path):
    code = BY_CODE[FAMILIES[family]].code
    source = example(code).code
    cells, cell_of, first_line = as_notebook(source)
    path = tmp_path / "train.ipynb"
    original = nbformat_text(cells, newline="\r\n")
    path.write_bytes(original.encode("utf-8"))

    expected = []  # the plain script's findings, placed in the cells by hand
    for finding in check_source(source, "train.py").findings:
        chunk = max(i for i, start in enumerate(first_line) if start + (1 if i == 0 else 0) <= finding.span.start.line)
        in_cell = finding.span.start.line - first_line[chunk]
        expected.append((cell_of[chunk] + 1, in_cell + 1, finding.span.start.column + 1, finding.code, finding.message))
    assert any(e[3] == code for e in expected)

    done = run("check", "--format", "json", "train.ipynb", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    found = [(f["cell"], f["line"], f["column"], f["code"], f["message"]) for f in json.loads(done.stdout)]
    assert found == expected
    text = run("check", "train.ipynb", cwd=tmp_path).stdout.splitlines()
    assert text[0] == "train.ipynb:cell {}:{}:{}: {} {}".format(*expected[0])

    fixed_code, applied = fix_all(source, "train.py", unsafe=True)
    fixed = run("check", "--fix", "--unsafe-fixes", "train.ipynb", cwd=tmp_path)
    assert fixed.returncode in (0, 1), fixed.stderr
    after = path.read_bytes().decode("utf-8")
    notebook = json.loads(after)
    new_sources = ["".join(c["source"]) for c in notebook["cells"]]
    # The code cells, read in order without the %pip line, are the fixed script...
    assert "".join(new_sources[1:])[len(MAGIC):] == fixed_code
    assert new_sources[1].startswith(MAGIC)
    # ...and the file is exactly what it was with only those sources changed: outputs, metadata,
    # indentation and CRLF line endings untouched.
    for cell, new in zip(cells, new_sources):
        cell["source"] = new.splitlines(keepends=True) if isinstance(cell["source"], list) else new
    assert after == nbformat_text(cells, newline="\r\n")
    assert (after != original) == bool(applied)  # a rule without a fix (launch) leaves the file as it was


def test_cross_cell_flow_and_magics(tmp_path):
    cells = [
        code_cell("%pip install lightning\n!nvidia-smi\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"),
        code_cell("policy = [Block]\nfiles = !ls\nfor name in files:\n    !echo {name}\n    print(name)\n"),
        markdown_cell("The strategy:"),
        code_cell("%%time\nstrategy = XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block})"),
        code_cell("%%bash\necho 'XLAFSDPStrategy(activation_checkpointing_policy=[Block])'\n"),
        code_cell("obj?\nx = %env HOME\n"),
    ]
    (tmp_path / "nb.ipynb").write_text(nbformat_text(cells), encoding="utf-8")
    done = run("check", "nb.ipynb", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[0] == (
        "nb.ipynb:cell 4:2:60: LXF001 `activation_checkpointing_policy` must be a set, found [Block] "
        "(from `policy`, cell 2, line 1)")
    assert "Found 1 finding:" in done.stdout  # nothing in the %%bash cell, no parse trouble from magics
    # The fix lands in cell 2, where the list is written; the magics are kept as they were.
    assert run("check", "--fix", "nb.ipynb", cwd=tmp_path).returncode == 0
    sources = ["".join(c["source"]) for c in json.loads((tmp_path / "nb.ipynb").read_text("utf-8"))["cells"]]
    assert sources[1] == "policy = {Block}\nfiles = !ls\nfor name in files:\n    !echo {name}\n    print(name)\n"
    assert sources[0] == "%pip install lightning\n!nvidia-smi\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
    assert sources[3].startswith("%%time\n")


def test_ci_formats_point_at_the_line_of_the_notebook_file(tmp_path):
    cells = [code_cell("from lightning.fabric.strategies import XLAFSDPStrategy\n"
                       "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n")]
    text = nbformat_text(cells)
    (tmp_path / "nb.ipynb").write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "activation_checkpointing_policy" in row)
    column = text.splitlines()[line - 1].index("[Block]") + 1
    done = run("check", "--format", "github", "nb.ipynb", cwd=tmp_path)
    assert done.stdout == (
        f"::error file=nb.ipynb,line={line},endLine={line},col={column},endColumn={column + 7},title=errata LXF001::"
        "cell 1, line 2: `activation_checkpointing_policy` must be a set, found [Block]\n")


def test_a_single_string_source_and_escaped_json_are_rewritten_in_their_own_style(tmp_path):
    source = ("from lightning.fabric.strategies import XLAFSDPStrategy  # caf\u00e9\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})")
    notebook = {"cells": [{"cell_type": "code", "execution_count": 3, "metadata": {}, "outputs": [],
                           "source": source}], "metadata": {}, "nbformat": 4, "nbformat_minor": 2}
    text = json.dumps(notebook, indent=2)  # ASCII-escaped, two-space indent, no final newline
    (tmp_path / "nb.ipynb").write_text(text, encoding="utf-8")
    assert run("check", "--fix", "nb.ipynb", cwd=tmp_path).returncode == 0
    notebook["cells"][0]["source"] = source.replace("[Block]", "{Block}")
    assert (tmp_path / "nb.ipynb").read_text(encoding="utf-8") == json.dumps(notebook, indent=2)


def test_a_folder_walk_takes_notebooks_and_skips_checkpoints(tmp_path):
    bad = nbformat_text([code_cell("from lightning.fabric.strategies import XLAFSDPStrategy\n"
                                   "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n")])
    (tmp_path / "work" / ".ipynb_checkpoints").mkdir(parents=True)
    (tmp_path / "work" / "a.ipynb").write_text(bad, encoding="utf-8")
    (tmp_path / "work" / ".ipynb_checkpoints" / "a-checkpoint.ipynb").write_text(bad, encoding="utf-8")
    done = run("check", "work", cwd=tmp_path)
    assert [line.split(":")[0] for line in done.stdout.splitlines()[:-1]] == ["work/a.ipynb"]


def test_a_notebook_piped_on_stdin(tmp_path):
    bad = nbformat_text([code_cell("from lightning.fabric.strategies import XLAFSDPStrategy\n"
                                   "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n")])
    done = run("check", "--stdin-filename", "nb.ipynb", cwd=tmp_path, stdin=bad)
    assert done.stdout.splitlines()[0].startswith("nb.ipynb:cell 1:2:")
    fixed = run("check", "--fix", "--stdin-filename", "nb.ipynb", cwd=tmp_path, stdin=bad)
    assert fixed.returncode == 0 and fixed.stdout == bad.replace("[Block]", "{Block}")


@pytest.mark.parametrize(("content", "message"), [
    ('{"cells": [', "not a valid notebook: invalid JSON at line 1 column 12: Expecting value"),
    ('{"worksheets": []}', 'not a valid notebook: no "cells" list at the top level '
                           "(nbformat 3 notebooks are not read; save it as nbformat 4)"),
    ("[1, 2]", 'not a valid notebook: no "cells" list at the top level'),
    ('{"cells": [{"source": "x"}]}', 'not a valid notebook: cell 1 has no "cell_type"'),
    ('{"cells": [{"cell_type": "code", "source": ["a", 1]}]}',
     'not a valid notebook: cell 1: "source" must be a string or a list of strings'),
])
def test_a_broken_notebook_gets_one_clear_line_and_is_left_alone(tmp_path, content, message):
    path = tmp_path / "broken.ipynb"
    path.write_text(content, encoding="utf-8")
    done = run("check", "--fix", "broken.ipynb", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"broken.ipynb: {message}\n"
    assert path.read_text(encoding="utf-8") == content


def test_invalid_utf8_notebook(tmp_path):
    (tmp_path / "b.ipynb").write_bytes(b'{"cells": ["\xff"]}')
    done = run("check", "b.ipynb", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == "b.ipynb: not a valid notebook: byte 12 is not valid UTF-8\n"


def test_a_fix_that_edits_another_cell_is_counted_and_exported(tmp_path):
    """The list is written in cell 2 and reaches the strategy in cell 4: the finding is in cell 4, its
    fix edits cell 2. `--fix` applies it, so the summary counts it; JSON names the edit's cell; SARIF
    gives it as an edit of the file's text, where cell 2's line is stored."""
    import jsonschema

    cells = [markdown_cell("# Train\n"), code_cell("from lightning.fabric.strategies import XLAFSDPStrategy\n"
                                                   "policy = [Block]\n"),
             markdown_cell("Now the strategy.\n"),
             code_cell("strategy = XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block})\n")]
    text = nbformat_text(cells)
    (tmp_path / "nb.ipynb").write_text(text, encoding="utf-8")
    done = run("check", "nb.ipynb", cwd=tmp_path)
    assert done.stdout.splitlines()[-1] == "Found 1 finding: 1 error (1 fixable with --fix)."
    [entry] = json.loads(run("check", "--format", "json", "nb.ipynb", cwd=tmp_path).stdout)
    assert (entry["cell"], entry["line"], entry["code"]) == (4, 1, "LXF001")
    assert entry["fixes"][0]["edits"] == [
        {"cell": 2, "line": 2, "column": 10, "end_line": 2, "end_column": 11, "new_text": "{"},
        {"cell": 2, "line": 2, "column": 16, "end_line": 2, "end_column": 17, "new_text": "}"}]
    log = json.loads(run("check", "--format", "sarif", "nb.ipynb", cwd=tmp_path).stdout)
    schema = json.loads((Path(__file__).parent / "data" / "schemas" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.Draft4Validator(schema).validate(log)
    [change] = log["runs"][0]["results"][0]["fixes"][0]["artifactChanges"]
    file_lines = text.split("\n")
    row = next(i for i, line in enumerate(file_lines) if '"policy = [Block]\\n"' in line)
    column = file_lines[row].index("[Block]") + 1
    assert [(r["deletedRegion"], r["insertedContent"]["text"]) for r in change["replacements"]] == [
        ({"startLine": row + 1, "startColumn": column, "endLine": row + 1, "endColumn": column + 1}, "{"),
        ({"startLine": row + 1, "startColumn": column + 6, "endLine": row + 1, "endColumn": column + 7}, "}")]
    assert run("check", "--fix", "nb.ipynb", cwd=tmp_path).returncode == 0
    assert (tmp_path / "nb.ipynb").read_text(encoding="utf-8") == text.replace("policy = [Block]", "policy = {Block}")
