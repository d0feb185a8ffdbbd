"""The real server (`python -m errata_lsp`) under a hostile client, over raw stdio.

After each abuse the server must still answer a valid hover correctly (the LXF001 card on
`[Block]`), and it must exit cleanly: on shutdown/exit with code 0, and when its parent goes away
(stdin closed, or the process named in `processId` dies).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

try:
    from reliability.profiles import budget, soak
    from stdio_client import HOVER_AT, SAMPLE, SAMPLE_URI, LspClient, frame
except ImportError:
    from tests.reliability.profiles import budget, soak
    from tests.stdio_client import HOVER_AT, SAMPLE, SAMPLE_URI, LspClient, frame

OTHER = "file:///tmp/errata-reliability/other.py"


def healthy(client: LspClient, attempts: int = 1, timeout: float = 20) -> None:
    markdown = client.healthy_hover(attempts=attempts, timeout=timeout)
    assert "must be a set" in markdown, markdown
    assert client.proc.poll() is None


@pytest.fixture
def client(tmp_path):
    c = LspClient(stderr_path=tmp_path / "server.stderr")
    c.initialize()
    yield c
    c.close()


def bye(client: LspClient) -> None:
    assert client.shutdown_and_exit() == 0


# --- malformed input on the wire ------------------------------------------------------------------
WIRE = {
    "malformed-json": frame(b'{"jsonrpc": "2.0", "id": 990, "method": "textDocument/hover", "params": {'),
    "json-not-an-object": frame(b"[]") + frame(b"1") + frame(b'"text"') + frame(b"null") + frame(b"{}"),
    "invalid-utf8-body": frame(b'{"jsonrpc": "2.0", "method": "x", "params": "\xff\xfe\xc0"}'),
    "non-numeric-length": b"Content-Length: lots\r\n\r\n{}\r\n",
    "no-header-at-all": b'{"jsonrpc": "2.0", "method": "x"}\r\n\r\n',
    "extra-headers": b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nX-Junk: 1\r\n" + frame({"jsonrpc": "2.0", "method": "x"}),
    "lone-surrogate-escape": frame(b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": '
                                   b'{"uri": "file:///tmp/s.py", "languageId": "python", "version": 1, "text": "x = \'\\ud800\'"}}}'),
}


@pytest.mark.parametrize("data", list(WIRE.values()), ids=list(WIRE))
def test_malformed_wire_input(client, data):
    client.send_raw(data)
    healthy(client)
    bye(client)


def _short_body() -> bytes:
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": OTHER, "languageId": "python", "version": 1, "text": "x = 'é 中文 🚀'\n"}}}, ensure_ascii=False).encode()
    # a client that counts characters instead of bytes: the length falls short of the body
    return b"Content-Length: %d\r\n\r\n" % len(body.decode()) + body


WRONG_LENGTH = {
    "too-short": lambda: b"Content-Length: 10\r\n\r\n" + json.dumps({"jsonrpc": "2.0", "method": "x"}).encode(),
    "chars-not-bytes": _short_body,
    "too-long": lambda: b"Content-Length: 200\r\n\r\n" + json.dumps({"jsonrpc": "2.0", "method": "x"}).encode(),
    "absurd": lambda: b"Content-Length: 99999999999\r\n\r\n{}",
}
@pytest.mark.parametrize("make", [pytest.param(v, id=k) for k, v in WRONG_LENGTH.items()])
def test_wrong_content_length(client, make):
    """A wrong Content-Length may cost the messages it overlaps, not the session: a later valid
    request (retried a few times) is answered."""
    client.send_raw(make())
    healthy(client, attempts=2, timeout=3)  # a healthy answer takes milliseconds
    bye(client)


# --- valid JSON-RPC, invalid LSP --------------------------------------------------------------------
def test_unknown_methods(client):
    reply = client.response(client.request_async("errata/noSuchMethod", {"x": 1}), 10)
    assert reply["error"]["code"] == -32601
    client.notify("errata/noSuchNotification", {"x": 1})
    client.notify("$/noSuchThing", {"x": 1})
    reply = client.response(client.request_async("$/noSuchRequest", {}), 10)
    assert "error" in reply
    healthy(client)
    bye(client)


def test_requests_before_initialize(tmp_path):
    with LspClient(stderr_path=tmp_path / "server.stderr") as c:
        hover = c.request_async("textDocument/hover", {
            "textDocument": {"uri": SAMPLE_URI}, "position": HOVER_AT})
        reply = c.response(hover, 10)  # an error (-32002) or null: anything but silence
        assert reply.get("result") is None
        c.open(SAMPLE_URI, SAMPLE)
        c.notify("textDocument/didChange", {"textDocument": {"uri": SAMPLE_URI, "version": 2}, "contentChanges": []})
        c.initialize()
        healthy(c)
        bye(c)


WRONG_SHAPES = {
    "params-list": [],
    "text-document-int": {"textDocument": 5, "position": HOVER_AT},
    "no-position": {"textDocument": {"uri": SAMPLE_URI}},
    "negative-position": {"textDocument": {"uri": SAMPLE_URI}, "position": {"line": -1, "character": -5}},
    "position-beyond-uinteger": {"textDocument": {"uri": SAMPLE_URI}, "position": {"line": 10**12, "character": 10**12}},
    "position-strings": {"textDocument": {"uri": SAMPLE_URI}, "position": {"line": "1", "character": None}},
    "no-params": None,
}
def test_requests_with_params_of_the_wrong_shape_get_an_error(client):
    client.open(SAMPLE_URI, SAMPLE)
    for name, params in WRONG_SHAPES.items():
        reply = client.response(client.request_async("textDocument/hover", params), 3)  # milliseconds when healthy
        assert "error" in reply, (name, reply)
        healthy(client)
    bye(client)


def test_requests_with_odd_but_valid_params(client):
    client.open(SAMPLE_URI, SAMPLE)
    odd = [
        ("textDocument/hover", {"textDocument": {"uri": SAMPLE_URI}, "position": {"line": 2**31 - 1, "character": 2**31 - 1}}),
        ("textDocument/hover", {"textDocument": {"uri": "file:///never/opened.py"}, "position": {"line": 0, "character": 0}}),
        ("textDocument/hover", {"textDocument": {"uri": "untitled:Untitled-1"}, "position": {"line": 0, "character": 0}}),
        ("textDocument/codeAction", {"textDocument": {"uri": SAMPLE_URI}, "range": {
            "start": {"line": 9, "character": 0}, "end": {"line": 0, "character": 0}}, "context": {"diagnostics": []}}),
        ("textDocument/codeAction", {"textDocument": {"uri": SAMPLE_URI}, "range": {
            "start": {"line": 0, "character": 0}, "end": {"line": 99, "character": 0}},
            "context": {"diagnostics": [], "only": ["source.fixAll", "quickfix", "nonsense"]}}),
        ("workspace/executeCommand", {"command": "errata.explain", "arguments": [5]}),
        ("workspace/executeCommand", {"command": "errata.explain", "arguments": [{"x": ["y"]}]}),
        ("workspace/executeCommand", {"command": "errata.explain", "arguments": ["(a+)+$" * 2000 + "a" * 30000 + "!"]}),
        ("workspace/executeCommand", {"command": "errata.explain"}),
        ("workspace/executeCommand", {"command": "no.such.command", "arguments": []}),
    ]
    for method, params in odd:
        reply = client.response(client.request_async(method, params), 15)
        assert "result" in reply or "error" in reply, (method, reply)
    healthy(client)
    bye(client)


def test_notifications_with_params_of_the_wrong_shape(client):
    for params in ([], None, {"textDocument": None}, {"textDocument": {"uri": OTHER, "text": 5}},
                   {"textDocument": {"uri": 5, "languageId": "python", "version": "one", "text": "x"}}):
        client.notify("textDocument/didOpen", params)
        client.notify("textDocument/didChange", params)
        client.notify("textDocument/didClose", params)
        client.notify("workspace/didChangeConfiguration", params)
    client.notify("workspace/didChangeConfiguration", {"settings": {"errata": {"select": 5, "severity": "loud"}}})
    client.notify("workspace/didChangeConfiguration", {"settings": {"errata": {"kb-paths": ["/nonexistent/kb"]}}})
    healthy(client)
    bye(client)


def test_did_change_outside_the_document_and_for_unopened_uris(client):
    client.open(OTHER, "x = 1\n")
    far = {"start": {"line": 1000, "character": 5}, "end": {"line": 2000, "character": 0}}
    backwards = {"start": {"line": 0, "character": 100}, "end": {"line": 0, "character": 2}}
    past_line_end = {"start": {"line": 0, "character": 10**6}, "end": {"line": 0, "character": 10**6}}
    client.notify("textDocument/didChange", {"textDocument": {"uri": OTHER, "version": 2}, "contentChanges": [
        {"range": far, "text": "zz"}, {"range": backwards, "text": "yy"}, {"range": past_line_end, "text": "🚀"}]})
    client.notify("textDocument/didChange", {"textDocument": {"uri": "file:///never/opened.py", "version": 2},
                                             "contentChanges": [{"range": far, "text": "x"}, {"text": "whole"}]})
    client.notify("textDocument/didChange", {"textDocument": {"uri": OTHER, "version": 3}, "contentChanges": []})
    healthy(client)
    bye(client)


def test_did_close_twice(client):
    client.open(OTHER, SAMPLE)
    for _ in range(2):
        client.notify("textDocument/didClose", {"textDocument": {"uri": OTHER}})
    client.notify("textDocument/didClose", {"textDocument": {"uri": "file:///never/opened.py"}})
    client.open(OTHER, SAMPLE)  # and reopened
    healthy(client)
    bye(client)


def test_cancel_every_request(client):
    client.open(SAMPLE_URI, SAMPLE)
    ids = []
    for i in range(60):
        method, params = [
            ("textDocument/hover", {"textDocument": {"uri": SAMPLE_URI}, "position": HOVER_AT}),
            ("textDocument/codeAction", {"textDocument": {"uri": SAMPLE_URI}, "range": {
                "start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 10}}, "context": {"diagnostics": []}}),
            ("workspace/executeCommand", {"command": "errata.explain", "arguments": ["must be a set"]}),
        ][i % 3]
        rid = client.request_async(method, params)
        client.notify("$/cancelRequest", {"id": rid})
        client.notify("$/cancelRequest", {"id": rid + 10_000})  # a request that never existed
        ids.append(rid)
    for rid in ids:  # each is answered: a result, or a RequestCancelled error
        reply = client.response(rid, 15)
        assert "result" in reply or reply["error"]["code"] == -32800, reply
    healthy(client)
    bye(client)


def test_twenty_megabyte_document(client):
    big_uri = "file:///tmp/errata-reliability/big.py"
    big = SAMPLE + ("# " + "x" * 97 + "\n") * (20 * 2**20 // 100)
    client.open(big_uri, big)
    client.wait_notification("window/logMessage", lambda p: big_uri in p["message"] and "limit" in p["message"], 60)
    client.notify("textDocument/didChange", {"textDocument": {"uri": big_uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 5, "character": 0}, "end": {"line": 5, "character": 0}}, "text": "y = 1\n"}]})
    client.hover(big_uri, 1, 50)  # answered; a file over the limit has no findings
    healthy(client)
    logs = [m for m in client.logs() if big_uri in m and "limit" in m]
    assert len(logs) == 1, logs  # one line, not one per change
    bye(client)


def test_five_hundred_documents_open_at_once(client):
    uris = [f"file:///tmp/errata-reliability/many/m{i}.py" for i in range(500)]
    for i, uri in enumerate(uris):
        client.open(uri, SAMPLE.replace("Block", f"Block{i}"))
    healthy(client)
    deadline = time.monotonic() + 120
    flagged: set[str] = set()
    while not flagged.issuperset(uris) and time.monotonic() < deadline:  # (the sample's publish is not one of them)
        for note in list(client.notifications):
            if note.get("method") == "textDocument/publishDiagnostics" and note["params"]["diagnostics"]:
                flagged.add(note["params"]["uri"])
        time.sleep(0.1)
    missing = set(uris) - flagged
    assert not missing, (f"{len(missing)} documents got no diagnostics ({sorted(missing)[:3]}); what the server "
                         f"logged of them: {[m for m in client.logs() if any(u in m for u in missing)][:5]}")
    for i in (0, 250, 499):
        hover = client.hover(uris[i], 1, 50)
        assert f"found \\[Block{i}\\]" in hover["contents"]["value"]  # Markdown: the brackets escaped
    for uri in uris:
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    healthy(client)
    bye(client)


# --- leaving ------------------------------------------------------------------------------------------
def test_shutdown_then_exit_is_code_zero(client):
    healthy(client)
    assert client.shutdown_and_exit() == 0


def test_exits_when_stdin_closes(client):
    healthy(client)
    client.proc.stdin.close()
    assert client.proc.wait(10) == 0


def test_exits_when_the_parent_process_dies(tmp_path):
    parent = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    try:
        with LspClient(stderr_path=tmp_path / "server.stderr") as c:
            c.initialize(process_id=parent.pid)
            healthy(c)
            parent.kill()
            parent.wait(10)
            try:
                c.proc.wait(15)
            except subprocess.TimeoutExpired:
                pytest.fail("the server outlived its parent by 15 s with stdin still open")
    finally:
        parent.kill()


# --- random traffic -------------------------------------------------------------------------------------
NOTIFICATIONS = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
                 "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles", "$/cancelRequest",
                 "$/setTrace", "initialized", "errata/unknown"]
URIS = [SAMPLE_URI, OTHER, "file:///tmp/errata-reliability/r%C3%A9.py", "untitled:1", "file:///tmp/run.log", "x"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
positions = st.fixed_dictionaries({"line": st.integers(0, 2**31 - 1) | st.integers(0, 5),
                                   "character": st.integers(0, 2**31 - 1) | st.integers(0, 80)})
ranges = st.fixed_dictionaries({"start": positions, "end": positions})
texts = st.text(max_size=60) | st.sampled_from([SAMPLE, "\r\n", "\ud800", "🚀" * 40, "XLAFSDPStrategy("])
notification = st.builds(
    lambda method, params: {"method": method, "params": params},
    st.sampled_from(NOTIFICATIONS),
    json_values | st.fixed_dictionaries({
        "textDocument": st.fixed_dictionaries({"uri": st.sampled_from(URIS), "version": st.integers(0, 2**31 - 1),
                                               "languageId": st.sampled_from(["python", "log", "x"]), "text": texts}),
        "contentChanges": st.lists(st.fixed_dictionaries({"range": ranges, "text": texts}) | st.fixed_dictionaries(
            {"text": texts}), max_size=3),
        "settings": st.fixed_dictionaries({"errata": st.fixed_dictionaries({}, optional={
            "select": json_values, "ignore": json_values, "severity": json_values})}),
    }))
REQUESTS = ["textDocument/hover", "textDocument/codeAction", "textDocument/diagnostic", "workspace/executeCommand",
            "textDocument/completion", "textDocument/definition", "codeAction/resolve", "errata/unknown"]
# Requests with well-typed params, and requests with any params at all: every one gets a reply.
request = st.one_of(
    st.tuples(st.sampled_from(REQUESTS), json_values),
    st.builds(lambda uri, pos: ("textDocument/hover", {"textDocument": {"uri": uri}, "position": pos}),
              st.sampled_from(URIS), positions),
    st.builds(lambda uri, rng: ("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": rng,
                                                            "context": {"diagnostics": []}}), st.sampled_from(URIS), ranges),
    st.builds(lambda uri: ("textDocument/diagnostic", {"textDocument": {"uri": uri}}), st.sampled_from(URIS)),
    st.builds(lambda args: ("workspace/executeCommand", {"command": "errata.explain", "arguments": args}),
              st.lists(json_values | texts, max_size=2)),
)


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    c = LspClient(stderr_path=tmp_path_factory.mktemp("traffic") / "server.stderr")
    c.initialize()
    yield c
    assert c.shutdown_and_exit() == 0


def _traffic(client: LspClient, batch) -> None:
    pending = []
    for item in batch:
        if isinstance(item, dict):
            client.send(item)
        else:
            pending.append(client.request_async(*item))
    for rid in pending:
        client.response(rid, 30)
    healthy(client)


@budget(25)
@given(st.lists(notification | request, min_size=1, max_size=25))
def test_random_traffic_keeps_the_server_answering(shared_server, batch):
    _traffic(shared_server, batch)


@soak
@budget(25)
@given(st.lists(notification | request, min_size=1, max_size=60))
def test_soak_random_traffic(shared_server, batch):
    _traffic(shared_server, batch)
