"""No silent false negatives: a statement nested deeper than Python's parser goes is blanked like a
syntax error (the other statements of its chunk keep their findings, and a note says which line was
not checked), and a document whose path cannot be resolved is still checked, with no workspace
settings."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

try:
    from reliability.odd_files import run_cli
    from stdio_client import SAMPLE, LspClient
except ImportError:
    from tests.reliability.odd_files import run_cli
    from tests.stdio_client import SAMPLE, LspClient

IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
CALL = "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
TOO_DEEP = "an expression nested too deep for Python's parser; this statement is not checked, the others are"
DEEP = "x = " + "+".join(["a"] * 30_000) + "\n"  # past any recursion limit a test run may have raised


@pytest.mark.parametrize("text", [
    IMPORT + DEEP + CALL,  # the deep statement before the finding, in one chunk
    IMPORT + CALL + DEEP,  # after it
    IMPORT + "y = 1\n" + DEEP + "z = 2\n" + CALL,
    IMPORT + "def build():\n    " + DEEP + "    " + CALL,  # inside a function body
    IMPORT + "x = (\n" + "".join("    a +\n" for _ in range(30_000)) + "    a)\n" + CALL,  # one statement, 30,002 lines
], ids=["before", "after", "between", "in-a-function", "over-many-lines"])
def test_a_statement_too_deep_to_parse_keeps_the_others(text):
    report = check_source(text, "deep.py")
    (finding,) = report.findings
    assert finding.code == "LXF001"
    assert finding.span.start.line == text.split("\n").index(next(ln for ln in text.split("\n") if "XLAFSDPStrategy(" in ln))
    deep_line = next(i for i, ln in enumerate(text.split("\n")) if "a+a+a" in ln or ln == "x = (")
    assert getattr(report, "notes", None) == [(deep_line, TOO_DEEP)]


def test_a_chunk_without_a_deep_statement_has_no_note():
    assert getattr(check_source(IMPORT + CALL, "t.py"), "notes", None) == []


def test_the_command_line_says_which_line_was_not_checked(tmp_path):
    (tmp_path / "deep.py").write_text(IMPORT + DEEP + CALL, encoding="utf-8")
    done = run_cli("check", "deep.py", cwd=tmp_path)
    assert done.stderr.decode().strip() == f"deep.py:2: {TOO_DEEP}"
    assert done.stdout.decode().splitlines()[0].startswith("deep.py:3:60: LXF001 ")
    assert done.returncode == 1


# --- paths that cannot be resolved ------------------------------------------------------------------------
def published(client: LspClient, uri: str) -> list[dict]:
    return client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri,
                                    timeout=60)["diagnostics"]


def test_documents_whose_path_cannot_be_resolved_are_still_checked(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF001"]\n', encoding="utf-8")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)  # a folder that resolves to itself
    long_name = "/".join(["d" * 250] * 20)
    uris = {
        "symlink-loop": (loop / "pkg" / "a.py").as_uri(),
        "nul-byte": tmp_path.as_uri() + "/nul%00name.py",
        "over-long": tmp_path.as_uri() + "/" + long_name + "/a.py",
    }
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(root=tmp_path.as_uri())
        for uri in uris.values():
            client.open(uri, SAMPLE)
        for name, uri in uris.items():
            # checked, without the workspace's `ignore = ["LXF001"]` (its settings cannot be found)
            assert [d["code"] for d in published(client, uri)] == ["LXF001"], name
        assert not [m for m in client.logs() if "failed" in m], client.logs()
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_a_path_that_resolves_still_gets_the_workspace_settings(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF001"]\n', encoding="utf-8")
    uri = (tmp_path / "pkg" / "a.py").as_uri()
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(root=tmp_path.as_uri())
        client.open(uri, SAMPLE)
        assert published(client, uri) == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()
