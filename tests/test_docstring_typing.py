"""Typing in a docstring (or another string standing alone as a statement) of a real script: the
next version, checked with the edit the client sends, has the findings of a fresh check, and the
rules look at the same chunks, picked by the same names, as in a fresh check of the new text. Such
an edit changes one chunk's text and nothing a rule or a value sees, so what picked the chunks is
carried over; the text typed includes words that do count when they stand at a line's start in the
text (`def name`, `name = ...` at column 0), which must not be carried over."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from errata_lsp.analysis.engine import check_document, check_source
from errata_lsp.analysis.findings import Position, Span

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.py"))
EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("**/*.py"))
# (column: "start" of the line's text or "end", what is typed, one key at a time)
TYPED = [("end", "xy"), ("start", "def probe_fn "), ("start", "Fabric "), ("start", "fabric.launch ")]


def _string_lines(text: str) -> list[int]:
    """Lines inside a string statement's text (not its first or last line), or its only line."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            first, last = node.value.lineno - 1, (node.value.end_lineno or node.value.lineno) - 1
            out += range(first + 1, last) if last > first + 1 else [first] if last == first else []
    return out


def _reads(checked) -> tuple:
    reads = checked.reads
    return [(c.first, c.last, c.role) for c in reads.chunks], reads.names, reads.bindings


@pytest.mark.parametrize("path", CORPUS + EXAMPLES, ids=[p.stem for p in CORPUS + EXAMPLES])
def test_typing_in_a_docstring_gives_a_fresh_checks_findings_and_chunks(path):
    text = path.read_text(encoding="utf-8")
    if "\r" in text:
        pytest.skip("the typing below cuts lines at \\n")
    for n, line in enumerate(_string_lines(text)):
        where, typed = TYPED[n % len(TYPED)]
        state, current = check_document(text, "x.py"), text
        if state.document is None:
            continue
        for k, key in enumerate(typed):
            lines = current.split("\n")
            old = lines[line]
            if where == "end" or not old.strip():
                column = len(old)
            else:
                column = len(old) - len(old.lstrip()) + k
            lines[line] = old[:column] + key + old[column:]
            current = "\n".join(lines)
            at = Position(line, column)
            state = check_document(current, "x.py", previous=state, changes=[(Span(at, at), key)])
            fresh = check_document(current, "x.py")
            context = f"{path.name}: {key!r} typed at {line + 1}:{column + 1}"
            assert state.report.findings == check_source(current, "x.py").findings, context
            assert state.reads is not None and fresh.reads is not None, context
            assert _reads(state) == _reads(fresh), context


def test_a_docstring_line_typed_into_a_binding_is_followed_as_a_fresh_check_follows_it():
    # the module docstring's line at column 0 comes to read like a binding of a name the Fabric call
    # reads: the names followed to where they are bound are those of a fresh check at every key
    text = ('"""Notes.\n\nrun\n"""\nfrom lightning.fabric import Fabric\n\n\ndef other():\n    return 1\n\n\n'
            'print(ACCEL)\n\n\ndef main():\n    fabric = Fabric(accelerator=ACCEL, strategy="xla_fsdp")\n'
            '    fabric.launch()\n')
    state, current = check_document(text, "x.py"), text
    seen = set()
    for column, key in enumerate("ACCEL = 1 "):
        lines = current.split("\n")
        lines[2] = lines[2][:column] + key + lines[2][column:]
        current = "\n".join(lines)
        at = Position(2, column)
        state = check_document(current, "x.py", previous=state, changes=[(Span(at, at), key)])
        fresh = check_document(current, "x.py")
        assert state.report.findings == fresh.report.findings
        assert _reads(state) == _reads(fresh), repr(lines[2])
        seen.add(state.reads.bindings)
    assert seen == {frozenset(), frozenset({"main", "ACCEL"})}  # the typing did change what is followed
