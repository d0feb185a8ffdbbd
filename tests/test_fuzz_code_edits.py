"""Code typed in any chunk of a real script gives the findings of a fresh check.

For every chunk of every corpus script, keystrokes that change code there (a digit into a number,
a letter into a string or a name, a new local assignment nothing reads and digits typed into it, the
same assignment then read, a call typed after it one key at a time) are checked as an open document's next version, with the edit given as
the client sends it or without it (in turn), and the findings (codes, spans, messages, fixes, severities)
must be those of `check_source` on the new text. Typing into an assignment nothing reads is also
checked to run no rule, where the chunk is one the rules look at. The default budget types one
of a chunk's keystrokes (in turn) and reads `probe` in a script's first function only; the `long`
profile does all of them.
"""

from __future__ import annotations

import io
import keyword
import tokenize
from pathlib import Path

import pytest

from errata_lsp.analysis.document import Document
from errata_lsp.analysis.engine import check_document, check_source
from errata_lsp.analysis.findings import Position, Span

try:
    from reliability.profiles import LONG
except ImportError:
    from tests.reliability.profiles import LONG

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.py"))


def _tokens(text: str) -> list[tokenize.TokenInfo]:
    try:
        return list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []


def _keystrokes(text: str, doc: Document) -> list[tuple[str, int, int, str]]:
    """(what, line, column, inserted) edits of the code of each chunk: into its first number, its first
    string after the quote, the end of a name in its middle (one of the three, in turn, under the
    default budget), and into every constant assigned to a name in an indented block (a local, read
    or not, or a class attribute)."""
    lines = text.split("\n")
    edits = []
    tokens = _tokens(text)
    for k, chunk in enumerate(doc.all_chunks):
        inside = [t for t in tokens if chunk.first <= t.start[0] - 1 < chunk.last and t.start[0] == t.end[0]]
        some = []
        number = next((t for t in inside if t.type == tokenize.NUMBER and t.string.isdigit()), None)
        if number is not None:
            some.append(("number", number.end[0] - 1, number.end[1], "7"))
        string = next((t for t in inside if _one_line_string(t)), None)
        if string is not None:
            some.append(("string", string.start[0] - 1, string.start[1] + 1, "q"))
        names = [t for t in inside if t.type == tokenize.NAME and not keyword.iskeyword(t.string)]
        if names:
            name = names[len(names) // 2]
            some.append(("name", name.end[0] - 1, name.end[1], "_"))
        edits += some if LONG or not some else [some[k % len(some)]]
        for before, tok in zip(inside, inside[1:]):  # the value of an indented `name = <constant>`
            if before.type == tokenize.OP and before.string == "=" and lines[tok.start[0] - 1][:1] in " \t":
                if tok.type == tokenize.NUMBER and tok.string.isdigit():
                    edits.append(("local number", tok.end[0] - 1, tok.end[1], "7"))
                elif _one_line_string(tok):
                    edits.append(("local string", tok.start[0] - 1, tok.start[1] + 1, "q"))
    return [e for e in edits if e[1] < len(lines)]


def _one_line_string(tok: tokenize.TokenInfo) -> bool:
    return tok.type == tokenize.STRING and tok.string[:1] in "'\"" and tok.string[:3] not in ("'''", '"""')


def _function_bodies(text: str) -> list[tuple[int, str]]:
    """(line, indentation) of the first body statement of every function spelled on lines of its own."""
    out = []
    tokens = _tokens(text)
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.NAME and tok.string == "def":
            body = next((t for t in tokens[i:] if t.type == tokenize.INDENT), None)
            colon = next((t for t in tokens[i:] if t.type == tokenize.OP and t.string == ":"
                          and t.start[0] >= tok.start[0]), None)
            if body is not None and colon is not None and body.start[0] == colon.start[0] + 1 \
                    and tokens[tokens.index(colon) + 1].type != tokenize.NAME:
                out.append((body.start[0] - 1, body.string))
    return out


def _typed(text: str, line: int, column: int, inserted: str) -> str:
    lines = text.split("\n")
    lines[line] = lines[line][:column] + inserted + lines[line][column:]
    return "\n".join(lines)


def _same_as_fresh(previous, text: str, change, context: str, given: bool):
    """The next version's findings, checked with the edit given as the client sends it or not."""
    checked = check_document(text, "x.py", previous=previous, changes=[change] if given else None)
    assert checked.report.findings == check_source(text, "x.py").findings, \
        f"{context} ({'with' if given else 'without'} the edit)"
    return checked


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_code_typed_in_every_chunk_gives_the_findings_of_a_fresh_check(path):
    text = path.read_text(encoding="utf-8")
    base = check_document(text, "x.py")
    for i, (what, line, column, inserted) in enumerate(_keystrokes(text, base.document)):
        at = Position(line, column)
        _same_as_fresh(base, _typed(text, line, column, inserted), (Span(at, at), inserted),
                       f"{path.name}: {inserted!r} typed into a {what} at {line + 1}:{column + 1}", i % 2 == 0)
    for i, (line, indent) in enumerate(_function_bodies(text)):
        # a new local nothing reads (a name the script does not use), then digits typed into it, then a
        # statement that reads it
        name = next(n for n in ("probe", "probe_", "probe__") if n not in text)
        probe = indent + f"{name} = 1"
        lines = text.split("\n")
        added = "\n".join([*lines[:line], probe, *lines[line:]])
        before = check_document(added, "x.py")
        at = Position(line, len(probe))
        typed = _typed(added, line, len(probe), "2")
        after = _same_as_fresh(before, typed, (Span(at, at), "2"), f"{path.name}: a digit into `probe = 1` at {line + 1}",
                               i % 2 == 0)
        chunk = before.document.chunk_at(line)
        if any(c.first == chunk.first for c in before.reads.chunks) and chunk.parsed is not None \
                and not chunk.parsed.repaired and not any(
                    f.span.start.line <= line <= f.span.end.line for f in before.raw):
            assert after.reused, f"{path.name}: typing into an unread local at {line + 1} ran the rules"
        if not LONG and i:
            continue  # the default budget: `probe` read, and a call typed, in the first function only
        read = _typed(typed, line, len(probe) + 1, f"; print({name})")
        at = Position(line, len(probe) + 1)
        again = _same_as_fresh(after, read, (Span(at, at), f"; print({name})"), f"{path.name}: `{name}` read at {line + 1}",
                               i % 2 == 1)
        assert not again.reused or chunk.parsed is None
        # a call typed one key at a time: the line does not parse until its bracket closes
        state, typing = again, read
        for k, key in enumerate(["; fabric.launch(", "m", "o", ",", " ", "'", "s", "'", ")", "\n" + indent + "x"]):
            column = len(typing.split("\n")[line])
            typing = _typed(typing, line, column, key)
            at = Position(line, column)
            state = _same_as_fresh(state, typing, (Span(at, at), key), f"{path.name}: {typing.split(chr(10))[line]!r}",
                                   k % 2 == 0)


def _findings(checked) -> list[tuple[str, int]]:
    return [(f.code, f.span.start.line) for f in checked.report.findings]


def test_typing_into_a_local_nothing_reads_runs_no_rule_and_other_code_does():
    text = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n"
            "def build():\n    probe = 1\n    size = 2\n    label: str = f'v{-3}'\n    policy = [Block]\n"
            "    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)\n\n"
            "fabric = Fabric(strategy=build())\n")
    checked = check_document(text, "x.py")
    assert _findings(checked) == [("LXF001", 8)]
    steps = [
        ("    probe = 1\n", "    probe = 17\n", True),  # a digit: same type, nothing reads `probe`
        ("    probe = 1\n", "    probe = 'é'\n", False),  # another type of constant
        ("f'v{", "f'vw{", True),  # a string: what rules ask of the whole text is asked again
        ("f'v{", "f\"v'{", False),  # an apostrophe in the text: LXF001's fix would quote otherwise
        ("    probe = 1\n", "    probe = 1 + size\n", False),  # another expression, and `size` is read
        ("    probe = 1\n", "    probe = 1.5\n", False),  # another type of constant
        ("    probe = 1\n", "    probe = len([])\n", False),  # a call: a candidate, a call site
        ("    probe = 1\n", "    probe = fabric.device\n", False),  # an attribute: a candidate
        ("    probe = 1\n", "    prob = 1\n", False),  # another name
        ("    size = 2\n", "    size = 3\n", True),
        ("{-3}'", "{-35}'", True),  # an annotated assignment, an f-string: the same, nothing reads `label`
        ("{-3}'", "{-35!r}'", False),
        ("    size = 2\n", "    size = 3\n    probe = size\n", False),  # a line more
        ("    probe = 1\n", "    probe = 1\n    global probe\n", False),
        ("    policy = [Block]\n", "    policy = [Block, 1]\n", False),  # read by the strategy call
        ("    probe = 1\n", "    probe = 12; print(locals())\n", False),
    ]
    for old, new, reused in steps:
        new_text = text.replace(old, new)
        again = check_document(new_text, "x.py", previous=checked)
        assert again.reused is reused, new
        assert again.report.findings == check_source(new_text, "x.py").findings, new
    # the same digit, with `probe` read by a nested function, at the module level through `global`,
    # or by name through `locals()`
    for body in ("    def inner():\n        return probe\n", "    global probe\n", "    print(locals())\n"):
        read = text.replace("    size = 2\n", "    size = 2\n" + body)
        before = check_document(read, "x.py")
        after = check_document(read.replace("probe = 1", "probe = 17"), "x.py", previous=before)
        assert not after.reused, body


def test_typing_into_a_local_the_strategy_reads_changes_the_findings():
    text = ("from lightning.fabric import Fabric\n\ndef main(model, optimizer):\n    name = \"xla_fsdp\"\n"
            "    note = 7\n    fabric = Fabric(strategy=name, accelerator=\"tpu\")\n    fabric.launch()\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n")
    checked = check_document(text, "x.py")
    assert _findings(checked) == [("LXF016", 6)]
    unread = check_document(text.replace('note = 7', 'note = 78'), "x.py", previous=checked)
    assert unread.reused and _findings(unread) == [("LXF016", 6)]
    read = check_document(text.replace('"xla_fsdp"', '"qxla_fsdp"'), "x.py", previous=unread)
    assert not read.reused and _findings(read) == [("LXF034", 5)]  # a strategy name Lightning does not have



def test_typing_inside_an_open_bracket_runs_no_rule_until_it_parses():
    """A line that does not parse is left out of its chunk's tree (a `pass` in its place): while a
    bracket or a string stays open, each keystroke gives the same tree, and the findings stand."""
    text = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n"
            "def main(model):\n    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, "
            "activation_checkpointing_policy=[Block]))\n    model = fabric.setup(model)\n\n"
            "def other():\n    pass\n")
    checked = check_document(text, "x.py")
    assert _findings(checked) == [("LXF001", 4)]
    line = "    model = fabric.setup(model)\n"
    steps = [("    print(", False), ("    print(m", True), ("    print(mo", True), ("    print(mo, 'a", True),
             ("    print(mo, 'a b", True), ("    print(mo, 'a b')", False)]
    previous = checked
    for typed, reused in steps:
        new_text = text.replace(line, line + typed + "\n")
        again = check_document(new_text, "x.py", previous=previous)
        assert again.reused is reused, typed
        assert again.report.findings == check_source(new_text, "x.py").findings, typed
        previous = again
