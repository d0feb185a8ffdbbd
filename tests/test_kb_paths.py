"""Knowledge-base paths and settings a workspace or an editor can get wrong: device files, a FIFO, a
NUL byte, a folder that can be listed but not entered, wrong types in `pyproject.toml`, 50,000 bad
paths. Each problem is reported once, the rest loads, and the Python diagnostics never depend on it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

try:
    from reliability.odd_files import fifo, locked_folder, run_cli
    from stdio_client import HOVER_AT, SAMPLE, LspClient
except ImportError:
    from tests.reliability.odd_files import fifo, locked_folder, run_cli
    from tests.stdio_client import HOVER_AT, SAMPLE, LspClient

GOOD = {"id": "gadget-jam", "repo": "acme/widgets", "errorMessage": "Gadget {x} jammed at the hinge",
        "errorClass": "RuntimeError"}
PROBLEM_LINE = re.compile(r"^(?P<path>.+?): (?P<message>.+)$")


def good_file(folder: Path) -> Path:
    path = folder / "good.jsonl"
    path.write_text(json.dumps(GOOD) + "\n", encoding="utf-8")
    return path


def problems_by_path(stdout: bytes) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in stdout.decode("utf-8", "replace").splitlines():
        m = PROBLEM_LINE.match(line)
        assert m, line
        found.setdefault(m["path"], []).append(m["message"])
    return found


# --- the loader, through `kb validate` -------------------------------------------------------------
def test_device_files_and_a_fifo_are_reported_once_and_the_rest_loads(tmp_path):
    good = good_file(tmp_path)
    pipe = fifo(tmp_path / "pipe.jsonl")
    done = run_cli("kb", "validate", "/dev/zero", "/dev/urandom", str(pipe), str(good), timeout=60)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    assert done.returncode == 1
    assert problems_by_path(done.stdout) == {
        "/dev/zero": ["not a regular file (a character device)"],
        "/dev/urandom": ["not a regular file (a character device)"],
        str(pipe): ["not a regular file (a FIFO)"],
    }
    assert done.stderr.decode().strip() == "1 record(s) loaded, 3 problem(s)."


def test_a_symlink_to_a_device_named_like_a_record_file_is_not_read(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    good_file(folder)
    (folder / "zero.jsonl").symlink_to("/dev/zero")
    fifo(folder / "pipe.json")
    done = run_cli("kb", "validate", str(folder))
    assert problems_by_path(done.stdout) == {
        str(folder / "pipe.json"): ["not a regular file (a FIFO)"],
        str(folder / "zero.jsonl"): ["not a regular file (a character device)"],
    }
    assert done.stderr.decode().strip() == "1 record(s) loaded, 2 problem(s)."


def test_a_path_with_a_nul_byte_is_one_problem(tmp_path):
    from errata_lsp.kb import KnowledgeBase

    good = good_file(tmp_path)
    kb = KnowledgeBase.load([str(tmp_path / "bad\0name.jsonl"), good], include_shipped=False)
    assert [r.id for r in kb] == ["gadget-jam"]
    assert [(p.path, p.line, p.message) for p in kb.problems] == [
        (str(tmp_path / "bad\0name.jsonl"), 0, "cannot read: the path holds a NUL byte")]


def test_a_folder_that_can_be_listed_but_not_entered_is_one_problem(tmp_path):
    root = tmp_path / "kb"
    root.mkdir()
    good_file(root)
    closed = locked_folder(root / "closed", 0o755)
    (closed / "hidden.jsonl").write_text(json.dumps({**GOOD, "id": "hidden"}) + "\n", encoding="utf-8")
    closed.chmod(0o644)  # r without x: its names can be read, nothing in it can be opened
    shut = locked_folder(root / "shut", 0o000)
    try:
        done = run_cli("kb", "validate", str(root), plain_user=True)
    finally:
        closed.chmod(0o755)
        shut.chmod(0o755)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    found = problems_by_path(done.stdout)
    assert found == {
        str(closed / "hidden.jsonl"): ["cannot read: Permission denied"],
        str(shut): ["cannot list: Permission denied"],
    }, found
    assert done.stderr.decode().strip() == "1 record(s) loaded, 2 problem(s)."


# --- `[tool.errata]` of any shape ---------------------------------------------------------------------
SAMPLE_FILE = SAMPLE  # LXF001 on line 2
WRONG_TABLES = [
    "tool = 5",
    'tool = "errata"',
    "tool = [1, 2]",
    "[tool]\nerrata = 5",
    "[tool]\nerrata = [1]",
    "[tool.errata]\nkb = 5",
    "[tool.errata]\nkb = { paths = 5 }",
    "[tool.errata]\nkb = { paths = [5] }",
    "[tool.errata]\nselect = { a = 1 }",
    "[tool.errata]\nignore = 1979-05-27",
    "[tool.errata]\nextend-select = true",
    "[tool.errata]\nseverity = 5",
    "[tool.errata]\nseverity = { LXF001 = 5 }",
    "[tool.errata]\nseverity = { LXF001 = { level = \"error\" } }",
    "[tool.errata]\nkb-paths = [[\"a\"]]",
]


@pytest.mark.parametrize("table", WRONG_TABLES)
def test_a_wrong_type_in_pyproject_is_one_line_not_a_traceback(tmp_path, table):
    (tmp_path / "pyproject.toml").write_text(table + "\n", encoding="utf-8")
    (tmp_path / "t.py").write_text(SAMPLE_FILE, encoding="utf-8")
    done = run_cli("check", "t.py", cwd=tmp_path)
    err = done.stderr.decode()
    assert "Traceback" not in err, err
    if done.returncode == 2:  # a table errata reads and cannot use: named, on one line
        (line,) = err.strip().splitlines()
        assert line.startswith("t.py: ") and "pyproject.toml: [tool.errata]" in line, line
    else:  # not errata's table at all (`tool = 5`): the file is checked with the defaults
        assert done.returncode == 1, err
        assert "LXF001" in done.stdout.decode()


# --- the server ---------------------------------------------------------------------------------------
def published(client: LspClient, uri: str, timeout: float = 60) -> list[dict]:
    return client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri,
                                    timeout=timeout)["diagnostics"]


def test_server_with_hostile_kb_paths_keeps_serving_and_says_each_once(tmp_path):
    good = good_file(tmp_path)
    pipe = fifo(tmp_path / "pipe.jsonl")
    nul = str(tmp_path / "nul\0name.jsonl")
    paths = ["/dev/zero", "/dev/urandom", str(pipe), nul, str(good)]
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(options={"kb": {"paths": paths}})
        uri = (tmp_path / "sample.py").as_uri()
        client.open(uri, SAMPLE)
        assert [d["code"] for d in published(client, uri)] == ["LXF001"]
        hover = client.hover(uri, HOVER_AT["line"], HOVER_AT["character"], timeout=30)
        assert "must be a set" in hover["contents"]["value"]
        log = [m for m in client.logs() if "knowledge base" in m]
        for bad in [*paths[:3], nul.replace("\0", "\\x00")]:  # a NUL byte is shown escaped
            assert sum(bad in m for m in log) == 1, (bad, log)
        assert client.shutdown_and_exit(timeout=15) == 0
    finally:
        client.close()


def test_server_with_a_pyproject_of_the_wrong_shape_still_publishes(tmp_path):
    (tmp_path / "pyproject.toml").write_text("tool = 5\n", encoding="utf-8")
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(root=tmp_path.as_uri())
        uri = (tmp_path / "sample.py").as_uri()
        client.open(uri, SAMPLE)
        assert [d["code"] for d in published(client, uri)] == ["LXF001"]
        assert client.shutdown_and_exit(timeout=15) == 0
    finally:
        client.close()


def test_fifty_thousand_bad_paths_give_a_bounded_log(tmp_path):
    paths = [str(tmp_path / f"missing-{i}.jsonl") for i in range(50_000)]
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(options={"kb": {"paths": paths}})
        uri = (tmp_path / "sample.py").as_uri()
        client.open(uri, SAMPLE)
        assert [d["code"] for d in published(client, uri, timeout=120)] == ["LXF001"]
        client.hover(uri, HOVER_AT["line"], HOVER_AT["character"], timeout=60)
        log = [m for m in client.logs() if "knowledge base" in m]
        assert 1 < len(log) <= 21, len(log)
        assert any("and 49980 more problem(s)" in m for m in log), log[-1]
        shown = [n for n in client.notifications if n.get("method") == "window/showMessage"]
        assert len(shown) == 1 and "50000 problem(s)" in shown[0]["params"]["message"], shown
        assert client.shutdown_and_exit(timeout=15) == 0
    finally:
        client.close()
