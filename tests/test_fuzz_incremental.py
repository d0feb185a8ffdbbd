"""Incremental sync stays exact: thousands of random incremental edits (multi-line, non-ASCII,
astral characters, CRLF and CR, several changes per notification) and the server's text still
equals the client's.

Checked two ways, through the real server over stdio:
- a diagnostic whose position depends on the whole text: an LXF001 trigger line stays in the
  document, after an editable string on the same line and editable lines before it, and its
  diagnostic range (line, and columns in the negotiated encoding's units) must be where the
  client's text puts it;
- the fix-all code action's edits, computed on the server's text, applied to the client's text
  (positions must land on character boundaries inside its lines), give `fix_all` of the client's
  text.
"""

from __future__ import annotations

import random
import re

import pytest

from errata_lsp.analysis import fix_all

try:
    from reliability.profiles import scaled, soak
    from stdio_client import LspClient
except ImportError:
    from tests.reliability.profiles import scaled, soak
    from tests.stdio_client import LspClient

URI = "file:///tmp/errata-reliability/incremental.py"
BREAK = re.compile(r"\r\n|\r|\n")
HEAD = "\nfrom lightning.fabric.strategies import XLAFSDPStrategy\nv = '"  # the break above is not editable
TAIL = "'; XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])\nif True:\n    pass\n"  # a new chunk after
BEFORE_LIST = "'; XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy="  # its safe fix: fix-all applies it
# What edits insert. No quotes or backslashes (they could turn the trigger into string content),
# and no trigger words; everything else goes: line breaks of every kind, tabs, wide characters.
MULTILINE = ["\n", "\r\n", "\r", "\n\n", " ", "    ", "\t", "x", "y1", "é", "中文", "🚀", "𝔘", "\u200b", "(", ")",
             "[", "]", "{", "}", ":", "=", ",", "if x:", "def f():", "import os", "class C:", "#", "# é 🚀",
             "\x0c", "\u2028", "\x85", "1", "pass", "lambda: 0", "@"]
INLINE = ["a", "é", "中", "🚀", "𝔘", " ", "\t", "\u2028", "\x85", "\x0c", "z9", "ß", "\u0301", "#"]


def units(text: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


class ClientDoc:
    """The client's side: the text, three editable regions, positions in the negotiated encoding."""

    def __init__(self, encoding: str, prefix: str = "x = 1", inline: str = "é 🚀", suffix: str = "y = 2\n"):
        self.encoding = encoding
        self.prefix, self.inline, self.suffix = prefix, inline, suffix
        self.version = 1

    @property
    def text(self) -> str:
        return self.prefix + HEAD + self.inline + TAIL + self.suffix

    def position(self, offset: int) -> dict:
        text = self.text
        starts = [0] + [m.end() for m in BREAK.finditer(text)]
        line = max(i for i, s in enumerate(starts) if s <= offset)
        return {"line": line, "character": units(text[starts[line]:offset], self.encoding)}

    def end(self) -> dict:
        return self.position(len(self.text))

    def expected_range(self) -> tuple[int, int, int]:
        """(line, start, end) of the LXF001 diagnostic on `[Block]`."""
        before = self.prefix + HEAD + self.inline
        line = len(BREAK.split(before)) - 1
        on_line = BREAK.split(before)[-1] + BEFORE_LIST
        start = units(on_line, self.encoding)
        return line, start, start + len("[Block]")

    def random_change(self, rng: random.Random) -> dict:
        """One change inside an editable region, applied here; returns its LSP form."""
        region = rng.choice(["prefix", "prefix", "inline", "suffix"])
        base = {"prefix": 0, "inline": len(self.prefix + HEAD),
                "suffix": len(self.prefix + HEAD + self.inline + TAIL)}[region]
        content = getattr(self, region)
        a = rng.randint(0, len(content))
        b = min(len(content), a + rng.choice([0, 0, 1, 2, 5, 30]))
        # LSP cannot address the middle of "\r\n": move such an end out of it.
        full = self.text
        if 0 < base + a < len(full) and full[base + a - 1:base + a + 1] == "\r\n":
            a -= 1
        if 0 < base + b < len(full) and full[base + b - 1:base + b + 1] == "\r\n":
            b = b + 1 if b < len(content) else b - 1
        b = max(a, b)
        alphabet = INLINE if region == "inline" else MULTILINE
        new = "".join(rng.choice(alphabet) for _ in range(rng.choice([0, 1, 1, 2, 3, 8])))
        change = {"range": {"start": self.position(base + a), "end": self.position(base + b)}, "text": new}
        setattr(self, region, content[:a] + new + content[b:])
        return change


def session(encoding: str, pull: bool = True) -> tuple[LspClient, str]:
    client = LspClient()
    caps = {"general": {"positionEncodings": [encoding]}}
    if pull:
        caps["textDocument"] = {"diagnostic": {"dynamicRegistration": False}}
    result = client.initialize(capabilities=caps)
    return client, result["capabilities"].get("positionEncoding", "utf-16")


def check_diagnostic(client: LspClient, doc: ClientDoc, context: str) -> None:
    report = client.request("textDocument/diagnostic", {"textDocument": {"uri": URI}}, timeout=30)
    lxf001 = [d for d in report["items"] if d.get("code") == "LXF001"]
    line, start, end = doc.expected_range()
    got = [(d["range"]["start"]["line"], d["range"]["start"]["character"], d["range"]["end"]["character"]) for d in lxf001]
    assert (line, start, end) in got, f"{context}: expected LXF001 at {(line, start, end)}, got {got}\ntext: {doc.text!r}"


def offset_of(text: str, position: dict, encoding: str) -> int:
    starts = [0] + [m.end() for m in BREAK.finditer(text)]
    assert position["line"] < len(starts), position
    start = starts[position["line"]]
    line = BREAK.split(text[start:], maxsplit=1)[0]
    counted = 0
    for i, char in enumerate(line):
        if counted >= position["character"]:
            assert counted == position["character"], f"{position} is inside a character"
            return start + i
        counted += units(char, encoding)
    assert counted == position["character"], f"{position} is past the end of its line ({counted})"
    return start + len(line)


def apply_lsp_edits(text: str, edits: list[dict], encoding: str) -> str:
    ranges = sorted(((offset_of(text, e["range"]["start"], encoding), offset_of(text, e["range"]["end"], encoding),
                      e["newText"]) for e in edits), reverse=True)
    for a, b, new in ranges:
        text = text[:a] + new + text[b:]
    return text


def check_text(client: LspClient, doc: ClientDoc, context: str) -> None:
    """The fix-all action's edits, computed on the server's text, applied to the client's text,
    give `fix_all` of the client's text: the two texts agree."""
    end = doc.end()
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": end},
        "context": {"diagnostics": [], "only": ["source.fixAll.errata"]}}, timeout=30)
    assert actions, f"{context}: no fix-all action\ntext: {doc.text!r}"
    edit = actions[0]["edit"]
    edits = edit["documentChanges"][0]["edits"] if edit.get("documentChanges") else edit["changes"][URI]
    expected, _ = fix_all(doc.text, "/tmp/errata-reliability/incremental.py")
    got = apply_lsp_edits(doc.text, edits, doc.encoding)
    assert got == expected, f"{context}: the server's edits do not fit the client's text\ntext: {doc.text!r}\nedits: {edits}"


def run_edits(client: LspClient, doc: ClientDoc, rng: random.Random, edits: int, check_every: int = 20) -> None:
    done = 0
    while done < edits:
        changes = []
        for _ in range(rng.choice([1, 1, 1, 2, 4])):
            changes.append(doc.random_change(rng))
            done += 1
        if rng.random() < 0.01:
            changes.append({"text": doc.text})  # a full-text change now and then
        doc.version += 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": doc.version},
                                                 "contentChanges": changes})
        if doc.version % check_every == 0:
            check_diagnostic(client, doc, f"after {done} edits")
        if doc.version % (check_every * 5) == 0:
            check_text(client, doc, f"after {done} edits")
    check_diagnostic(client, doc, f"after all {done} edits")
    check_text(client, doc, f"after all {done} edits")


@pytest.mark.parametrize(("encoding", "edits", "seed"), [
    ("utf-16", scaled(4000), 1),
    ("utf-16", scaled(600), 2),
    ("utf-8", scaled(600), 3),
    ("utf-32", scaled(400), 4),
])
def test_random_incremental_edits_keep_the_text_exact(encoding, edits, seed):
    client, negotiated = session(encoding)
    try:
        doc = ClientDoc(negotiated)
        if seed % 2 == 0:  # start from a CRLF document
            doc.prefix, doc.suffix = "x = 1\r\nz = 3\r", "y = 2\r\n"
        client.open(URI, doc.text)
        check_diagnostic(client, doc, "after open")
        run_edits(client, doc, random.Random(seed), edits)
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


@soak
@pytest.mark.parametrize("seed", range(10, 16))
def test_soak_incremental_edits(seed):
    encoding = ["utf-16", "utf-8", "utf-32"][seed % 3]
    client, negotiated = session(encoding)
    try:
        doc = ClientDoc(negotiated, prefix="x = 1\r\n" if seed % 2 else "x = 1")
        client.open(URI, doc.text)
        run_edits(client, doc, random.Random(seed), scaled(1000), check_every=50)
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_pushed_diagnostics_follow_the_edits():
    """Without pull diagnostics, the last diagnostics pushed for the last version are exact too."""
    client, negotiated = session("utf-16", pull=False)
    try:
        doc = ClientDoc(negotiated, prefix="é\r\n🚀 = 1\r\n")
        client.open(URI, doc.text)
        rng = random.Random(5)
        for _ in range(scaled(300)):
            change = doc.random_change(rng)
            doc.version += 1
            client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": doc.version},
                                                     "contentChanges": [change]})
        note = client.wait_notification("textDocument/publishDiagnostics",
                                        lambda p: p["uri"] == URI and p.get("version") == doc.version, timeout=60)
        line, start, end = doc.expected_range()
        got = [(d["range"]["start"]["line"], d["range"]["start"]["character"], d["range"]["end"]["character"])
               for d in note["diagnostics"] if d.get("code") == "LXF001"]
        assert (line, start, end) in got, (got, doc.text)
        stale = [n for n in client.notifications if n.get("method") == "textDocument/publishDiagnostics"
                 and n["params"]["uri"] == URI and (n["params"].get("version") or 0) > doc.version]
        assert not stale
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_edit_that_joins_cr_and_lf():
    """Inserting "\\n" right after a lone "\\r" makes one CRLF break of two: both sides must agree."""
    client, negotiated = session("utf-16")
    try:
        doc = ClientDoc(negotiated, prefix="a = 1\rb = 2")
        client.open(URI, doc.text)
        # after the first "\r": position (1, 0); the "\n" joins the "\r" before it
        doc.version += 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": doc.version}, "contentChanges": [
            {"range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}}, "text": "\n"}]})
        doc.prefix = "a = 1\r\nb = 2"
        check_diagnostic(client, doc, "after joining")
        check_text(client, doc, "after joining")
        # and split again: delete the "\n" of that "\r\n" is not addressable; replace the whole break
        doc.version += 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": doc.version}, "contentChanges": [
            {"range": {"start": {"line": 0, "character": 5}, "end": {"line": 1, "character": 0}}, "text": "\r\r"}]})
        doc.prefix = "a = 1\r\rb = 2"
        check_diagnostic(client, doc, "after splitting")
        check_text(client, doc, "after splitting")
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()
