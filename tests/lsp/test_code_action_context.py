"""Code actions answer the diagnostics a request names in `context.diagnostics` (the one a user
picked, or those under the cursor), in that order; a request that names none gets the actions of
every diagnostic its range meets. Over real stdio, with the hand-framed client."""

from __future__ import annotations

import pytest

from ..stdio_client import LspClient

URI = "file:///tmp/errata-actions/train.py"
TEXT = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n")
PULL = {"general": {"positionEncodings": ["utf-16"]}, "textDocument": {"diagnostic": {}}}
WHOLE_LINE = {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 60}}


@pytest.fixture
def client(tmp_path):
    with LspClient(stderr_path=tmp_path / "server.stderr") as client:
        client.initialize(PULL)
        client.open(URI, TEXT)
        yield client
        client.shutdown_and_exit()


def diagnostics(client: LspClient) -> dict[str, dict]:
    report = client.request("textDocument/diagnostic", {"textDocument": {"uri": URI}})
    return {d["code"]: d for d in report["items"]}


def actions(client: LspClient, context: list[dict], range_: dict = WHOLE_LINE) -> list[tuple[str, str]]:
    """The quick fixes answered, as (code of their diagnostic, title); fix-all is not one."""
    answer = client.request("textDocument/codeAction", {
        "textDocument": {"uri": URI}, "range": range_, "context": {"diagnostics": context}})
    return [(a["diagnostics"][0]["code"], a["title"]) for a in answer if a["kind"] == "quickfix"]


def test_the_context_diagnostic_alone_is_answered(client):
    found = diagnostics(client)
    assert set(found) == {"LXF001", "LXF005"}
    assert actions(client, [found["LXF001"]]) == [
        ("LXF001", "Convert list to set"), ("LXF001", "Disable LXF001 for this line")]
    assert actions(client, [found["LXF005"]]) == [
        ("LXF005", "Add `auto_wrap_policy={Block}` (unsafe)"), ("LXF005", "Disable LXF005 for this line")]


def test_the_context_order_is_kept_and_data_is_not_needed(client):
    found = diagnostics(client)
    echoed = [{k: v for k, v in found[code].items() if k != "data"} for code in ("LXF001", "LXF005")]
    assert [code for code, _ in actions(client, echoed)] == ["LXF001", "LXF001", "LXF005", "LXF005"]


def test_other_servers_and_stale_diagnostics_get_nothing(client):
    found = diagnostics(client)
    theirs = {**found["LXF001"], "source": "Pylance"}
    moved = {**found["LXF001"], "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 3}}}
    assert actions(client, [theirs]) == []
    assert actions(client, [moved]) == []


def test_no_context_answers_what_the_range_meets(client):
    diagnostics(client)
    assert [code for code, _ in actions(client, [])] == ["LXF005", "LXF005", "LXF001", "LXF001"]
    before_the_list = {"start": {"line": 1, "character": 20}, "end": {"line": 1, "character": 21}}
    assert [code for code, _ in actions(client, [], before_the_list)] == ["LXF005", "LXF005"]
