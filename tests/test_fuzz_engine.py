"""Fuzzing the engine with hostile text: truncated and unbalanced code, NUL bytes, lone surrogates,
mixed line endings and indentation, a BOM, 10,000-character lines, deeply nested expressions.

Whatever the input, no exception escapes `check_source` or `fix_all`, no rule fails, and every
position a report gives (findings and their fixes' edits) lies inside the document as LSP counts
lines (\\r\\n, \\r and \\n only) with columns in code points.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from errata_lsp.analysis import check_source, fix_all

try:  # tests/ as rootdir-relative folder or as a package
    from reliability.profiles import budget, soak
    from reliability.sources import hostile, lsp_lines, report_problems
except ImportError:
    from tests.reliability.profiles import budget, soak
    from tests.reliability.sources import hostile, lsp_lines, report_problems


def _check(text: str):
    report = check_source(text, "fuzz.py")
    assert not report.failures, report.failures[0].detail
    problems = report_problems(text, report)
    assert not problems, problems
    return report


@budget(400)
@given(hostile())
def test_hostile_text_gives_positions_inside_the_document(text):
    _check(text)


def _stable(text: str, unsafe: bool) -> None:
    once, _ = fix_all(text, "fuzz.py", unsafe=unsafe)
    _check(once)
    assert fix_all(once, "fuzz.py", unsafe=unsafe)[0] == once


@budget(150)
@given(hostile(), st.booleans())
def test_fix_all_on_hostile_text_is_stable(text, unsafe):
    _stable(text, unsafe)


@soak
@budget(400)
@given(hostile(), st.booleans())
def test_soak_hostile_text(text, unsafe):
    _check(text)
    _stable(text, unsafe)


@budget(200)
@given(st.text(max_size=400))
def test_arbitrary_unicode_text(text):
    _check("from lightning.fabric.strategies import XLAFSDPStrategy\n" + text)
    _check(text + "\nXLAFSDPStrategy(activation_checkpointing_policy=[Block])")


IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
CALL = "XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n"
EDGE_CASES = {
    "empty": "",
    "only-bom": "\ufeff",
    "bom-then-code": "\ufeff" + IMPORT + CALL,
    "cr-only": IMPORT.replace("\n", "\r") + CALL.replace("\n", "\r"),
    "crlf": (IMPORT + CALL).replace("\n", "\r\n"),
    "mixed-endings": IMPORT.replace("\n", "\r") + "\r\n" + CALL + "\r",
    "lone-cr-in-call": IMPORT + "XLAFSDPStrategy(\ractivation_checkpointing_policy=[Block]\r\n)\n",
    "form-feed-and-vt": IMPORT + "# \x0c\x0b\x1c\u2028\u0085\nx = '\x0b\x1c\u2028\u0085'\n" + CALL,
    "vt-before-call": IMPORT + "\x0b\x1c\u2028\u0085" + CALL,
    "form-feed-line-start": IMPORT + "\x0c" + CALL,
    "nul-in-other-line": IMPORT + "x = '\x00'\n" + CALL,
    "nul-in-call": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=[Block\x00])\n",
    "surrogate-in-other-line": IMPORT + "x = '\ud800'\n" + CALL,
    "surrogate-in-call-line": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=[Block]) # \udfff\n",
    "surrogate-in-comment-before": IMPORT + "# \ud83d\n" + CALL,
    "unclosed-paren": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=[Block]\n",
    "unclosed-string": IMPORT + "x = '''\n" + CALL,
    "unbalanced-close": IMPORT + ")]}\n" + CALL,
    "tabs-spaces": "def f():\n\tif x:\n        " + IMPORT + "\t" + CALL,
    "long-line-ascii": IMPORT + "x = '" + "a" * 10_000 + "'; " + CALL,
    "long-line-astral": IMPORT + "x = '" + "🚀" * 10_000 + "'; " + CALL,
    "long-policy": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=[" + "Block, " * 1500 + "])\n",
    "deep-parens-99": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=" + "(" * 99 + "Block" + ")" * 99 + ")\n",
    "deep-parens-300": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=" + "(" * 300 + "Block" + ")" * 300 + ")\n",
    "deep-lists-5000": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=" + "[" * 5000 + "Block" + "]" * 5000 + ")\n",
    "deep-binop-20000": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=" + "+".join(["B"] * 20000) + ")\n",
    "deep-not-5000": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=" + "not " * 5000 + "B)\n",
    "deep-attr-20000": IMPORT + "XLAFSDPStrategy(activation_checkpointing_policy=B" + ".a" * 20000 + ")\n",
    "deep-dict-star": IMPORT + "XLAFSDPStrategy(" + "**{" * 90 + "'activation_checkpointing_policy': [B]" + "}" * 90 + ")\n",
    "name-chain": IMPORT + "p0 = [B]\n" + "".join(f"p{i + 1} = p{i}\n" for i in range(3000))
    + "XLAFSDPStrategy(activation_checkpointing_policy=p3000)\n",
    "helper-recursion": "from lightning.fabric import Fabric\ndef f():\n    return f()\nfabric = Fabric(strategy=f())\n"
    "with fabric.strategy._backward_sync_control.no_backward_sync(m, True):\n    pass\n",
    "self-assign": IMPORT + "p = p\nXLAFSDPStrategy(activation_checkpointing_policy=p)\n",
    "many-lines": IMPORT + "x = 1\n" * 20_000 + CALL,
    "many-chunks": (IMPORT + CALL) * 1000,
    "combining-marks": IMPORT + "é = 'e\u0301'; " + CALL,
    "zero-width": IMPORT + "\u200b" + CALL,
}


@pytest.mark.parametrize("text", list(EDGE_CASES.values()), ids=list(EDGE_CASES))
def test_edge_case(text):
    report = _check(text)
    fixed, _ = fix_all(text, "fuzz.py", unsafe=True)
    assert fix_all(fixed, "fuzz.py", unsafe=True)[0] == fixed
    _check(fixed)
    if "\x85" + CALL in text or "\t" in text or "\u200b" in text:
        return  # not Python: nothing to find on that line
    if text.endswith(CALL) or text.endswith(CALL.replace("\n", "\r")):
        # The last line is a plain LXF001 trigger: whatever came before, it is found, on that line.
        last = len(lsp_lines(text)) - 2
        assert any(f.code == "LXF001" and f.span.start.line == last for f in report.findings), report.findings


@pytest.mark.parametrize("bad", ["\x00", "\ud800", "\udfff", "\ud83d"])
def test_unparsable_character_only_sinks_its_own_statement(bad):
    """Regression: a NUL byte or a lone surrogate (an editor can send one over LSP) anywhere in a
    chunk made `ast` reject the whole chunk, so findings in the statements around it vanished."""
    text = IMPORT + f"x = '{bad}'  # {bad}\n" + "XLAFSDPStrategy(activation_checkpointing_policy=[Block])  # é" + bad + "\n"
    report = _check(text)
    assert [(f.code, f.span.start.line, f.span.start.column, f.span.end.column) for f in report.findings] == [
        ("LXF005", 2, 16, 55), ("LXF001", 2, 48, 55)], report.findings


@pytest.mark.parametrize("stray", ["@decorator", "@𝔘", "@wrap(", "@a.b(1, ", "@"])
def test_stray_decorator_line_does_not_swallow_the_next_statements(stray):
    """Regression (found by tests/test_fuzz_incremental.py): a line starting with `@` kept the next
    top-level line in its chunk whatever it was, so a half-typed decorator above the imports sank
    the import and the call below it into one chunk that did not parse: LXF001 vanished."""
    text = "x = 1\n" + stray + "\n)::\n" + IMPORT + CALL
    report = _check(text)
    assert [(f.code, f.span.start.line) for f in report.findings] == [("LXF005", 4), ("LXF001", 4)], report.findings
    decorated = "from lightning.fabric.strategies import XLAFSDPStrategy\n@wrap\n@wrap2\ndef build():\n" \
                "    return XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n"
    assert [f.code for f in _check(decorated).findings] == ["LXF005", "LXF001"]


def test_nul_byte_before_a_node_on_its_line():
    """Regression (found by the long soak): a NUL before a node on an otherwise ASCII line moved the
    node's columns by two (ast counts the U+FFFD it parsed in its place as three UTF-8 bytes)."""
    text = ("from lightning.fabric import Fabric\ndef train(cfg=None):\n    pass\n"
            "Fabric(strategy='\x00xla_fsdp').launch(train())\n")
    _check(text)
    text = IMPORT + "x = '\x00'; XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n"
    report = _check(text)
    assert [(f.span.start.column, f.span.end.column) for f in report.findings if f.code == "LXF001"] == [(57, 64)]


DEEP_BUT_VALID = {
    # ImportMap.resolve recursed once per `.attr`: a chain ~1000 deep was a RecursionError in ten rules
    "attribute-chain": IMPORT + "s = XLAFSDPStrategy(activation_checkpointing_policy=Block" + ".a" * 1500
    + "XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrapper_callable=w)" + ".a" * 1500 + ")\n",
    "qualified-chain": "import lightning as L\ns = L" + ".fabric" * 3000 + ".strategies.XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n",
    # Context.dict_entries followed `**name` through every `k = {**k_prev}` binding, unbounded
    "dict-star-chain": IMPORT + "k0 = {'activation_checkpointing_policy': [Block]}\n"
    + "".join(f"k{i + 1} = {{**k{i}}}\n" for i in range(3000)) + "s = XLAFSDPStrategy(**k3000)\n",
}


@pytest.mark.parametrize("text", list(DEEP_BUT_VALID.values()), ids=list(DEEP_BUT_VALID))
def test_deep_but_valid_code_fails_no_rule(text):
    """Regression (found by the long soak): deep attribute chains and long chains of `**` bindings
    raised RecursionError inside the rules (reported as rule failures, findings lost)."""
    _check(text)
    assert [f.code for f in check_source(IMPORT + "k0 = {'activation_checkpointing_policy': [Block]}\n"
                                         "k1 = {**k0}\nk2 = {**k1}\ns = XLAFSDPStrategy(**k2)\n").findings] == ["LXF001", "LXF005"]


def test_launched_function_that_launches_itself():
    """Regression (found by the long soak): the kind of a launched function's `fabric` parameter is
    the kind of the Fabric that launches it; when that is the parameter itself, fabric_kind
    recursed until RecursionError in LXF014, LXF015 and LXF019."""
    _check("from lightning.fabric import Fabric\ndef train(fabric):\n    fabric.launch(train)\n")
    report = _check("from lightning.fabric import Fabric\nfabric = Fabric(strategy='xla_fsdp')\n"
                    "def train(fabric):\n    fabric.launch(train)\n    fabric.clip_gradients(m, o, clip_val=1)\n"
                    "fabric.launch(train)\n")
    assert not report.failures
