"""Python sources for fuzzing: the rule pack's own examples, mutated, and hostile text.

Everything here is independent of the engine's own helpers on purpose: line splitting, offsets and
edit application are re-implemented so that a bug in the engine's versions cannot hide itself.
"""

from __future__ import annotations

import ast
import keyword
import re
import warnings
from collections import Counter
from pathlib import Path

from hypothesis import strategies as st

from errata_lsp.analysis.rule import Invalid, Valid
from errata_lsp.analysis.rules import RULES

ROOT = Path(__file__).resolve().parents[2]
LSP_BREAK = re.compile(r"\r\n|\r|\n")

INVALID = [e.code for r in RULES for e in r.examples if isinstance(e, Invalid)]
VALID = [e.code for r in RULES for e in r.examples if isinstance(e, Valid)]
EXAMPLES = INVALID + VALID
_example_file = ROOT / "examples" / "train_tpu.py"
CORPUS = EXAMPLES + ([_example_file.read_text(encoding="utf-8")] if _example_file.exists() else [])


# --- positions, independently of the engine ---------------------------------------------------
def lsp_lines(text: str) -> list[str]:
    """Lines as LSP counts them: split on \\r\\n, \\r and \\n only (not \\f, \\v, \\x1c, \\u2028...)."""
    return LSP_BREAK.split(text)


def span_problems(text: str | list[str], span, what: str = "span") -> list[str]:
    lines = lsp_lines(text) if isinstance(text, str) else text
    out = []
    for name, pos in (("start", span.start), ("end", span.end)):
        if not 0 <= pos.line < len(lines):
            out.append(f"{what} {name} line {pos.line} outside 0..{len(lines) - 1}")
        elif not 0 <= pos.column <= len(lines[pos.line]):
            out.append(f"{what} {name} column {pos.column} outside 0..{len(lines[pos.line])} on line {pos.line}")
    if (span.start.line, span.start.column) > (span.end.line, span.end.column):
        out.append(f"{what} starts after it ends: {span}")
    return out


def report_problems(text: str, report) -> list[str]:
    """Every position a report gives, findings and their fixes' edits, must lie inside `text`."""
    out: list[str] = []
    lines = lsp_lines(text)
    for f in report.findings:
        out += span_problems(lines, f.span, f"{f.code} finding")
        for fix in f.fixes:
            for edit in fix.edits:
                out += span_problems(lines, edit.span, f"{f.code} fix {fix.title!r} edit")
    return out


def offset(text: str, line: int, column: int) -> int:
    starts = [0] + [m.end() for m in LSP_BREAK.finditer(text)]
    return starts[line] + column


def reference_apply(text: str, edits) -> str:
    """Apply one fix's edits (non-overlapping) by offsets; every byte outside them is kept."""
    ranges = sorted((offset(text, e.span.start.line, e.span.start.column),
                     offset(text, e.span.end.line, e.span.end.column), e.new_text) for e in edits)
    for (a1, b1, _), (a2, b2, _) in zip(ranges, ranges[1:]):
        assert b1 <= a2 and (a1, b1) != (a2, b2), f"edits of one fix overlap: {ranges}"
    out, pos = [], 0
    for a, b, new in ranges:
        out += [text[pos:a], new]
        pos = b
    out.append(text[pos:])
    return "".join(out)


def parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # compile, not only parse: a repeated keyword or a misplaced `return` is a SyntaxError too
            compile(text.removeprefix("\ufeff"), "<fuzz>", "exec", dont_inherit=True)
        return True
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False


def finding_key(finding) -> tuple[str, str]:
    """What identifies a finding across an edit: code and message, less line numbers that move."""
    return finding.code, re.sub(r"\b(lines?) \d+(?:[-–]\d+)?", r"\1 N", finding.message)


def finding_keys(report) -> Counter:
    return Counter(finding_key(f) for f in report.findings)


# --- structure-aware mutations of parsing programs --------------------------------------------
NAMES = ["strategy", "s", "t", "u", "policy", "fabric", "model", "wrapped", "kw", "net", "optimizer", "train", "step"]
NEW_NAMES = ["x", "strat_ü", "π", "値", "_s2", "fabric2", "my_fabric", "the_model", "ŝtrategy", "a" * 40]
EXTRA_STATEMENTS = [
    "x = 1", "import os", "print('é 中文 🚀')", "pass", "y = [1, (2, {3: 4})]", "# just a comment ✓",
    "z = '''multi\nline ✓'''", "del_me = lambda: None", "assert True, 'ok'", "a, b = 1, 2", "w = f'{1 + 1!r:>4}'",
    "if False:\n    pass", "",
]
COMMENTS = ["  # é 中文 🚀", "\t# ✓", " #", "  # noqa-ish but not: LXF", "  # ẞ𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ｗｉｄｅ"]
PREFIXES = ["é_v = '中文🚀'; ", "𝔵 = 1; ", "_ = '\\t'; "]


def _stmts(tree: ast.AST) -> list[ast.stmt]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.stmt)]


def rename(text: str, old: str, new: str) -> str:
    return re.sub(rf"(?<![\w.'\"]){re.escape(old)}\b(?!['\"])", new, text)


@st.composite
def program(draw, sources=tuple(EXAMPLES), others=tuple(EXAMPLES)) -> str:
    """A rule example from `sources`, maybe followed by another from `others`, mutated while it
    keeps parsing (mostly)."""
    text = draw(st.sampled_from(sources))
    if draw(st.booleans()):
        text = text + draw(st.sampled_from(others))
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["rename", "extra", "comment", "prefix", "wrap", "indent"]))
        lines = text.split("\n")
        try:
            tree = ast.parse(text)
        except SyntaxError:
            break
        stmts = _stmts(tree)
        if kind == "rename":
            old = draw(st.sampled_from(NAMES))
            new = draw(st.sampled_from(NEW_NAMES))
            if new not in text and not keyword.iskeyword(new):
                text = rename(text, old, new)
        elif kind == "extra" and stmts:
            stmt = draw(st.sampled_from(stmts))
            indent = lines[stmt.lineno - 1][: stmt.col_offset]
            if indent.strip() == "":  # the statement starts its line: insert before it, or after a simple one
                extra = draw(st.sampled_from(EXTRA_STATEMENTS)).replace("\n", "\n" + indent)
                after = draw(st.booleans()) and isinstance(stmt, ast.Expr | ast.Assign | ast.Pass)
                lines.insert(stmt.end_lineno if after else stmt.lineno - 1, indent + extra)
                text = "\n".join(lines)
        elif kind == "comment" and stmts:
            stmt = draw(st.sampled_from([s for s in stmts if not isinstance(s, ast.With | ast.FunctionDef | ast.ClassDef | ast.If)] or stmts))
            if not isinstance(stmt, ast.With | ast.FunctionDef | ast.ClassDef | ast.If):
                i = stmt.end_lineno - 1
                lines[i] += draw(st.sampled_from(COMMENTS))
                text = "\n".join(lines)
        elif kind == "prefix" and stmts:
            simple = [s for s in stmts if isinstance(s, ast.Assign | ast.Expr) and lines[s.lineno - 1][: s.col_offset].strip() == ""]
            if simple:
                stmt = draw(st.sampled_from(simple))
                line = lines[stmt.lineno - 1]
                lines[stmt.lineno - 1] = line[: stmt.col_offset] + draw(st.sampled_from(PREFIXES)) + line[stmt.col_offset:]
                text = "\n".join(lines)
        elif kind == "wrap":
            header = draw(st.sampled_from(["def _wrapped():", "def _wrapped(fabric_arg, *a, **k):", "if True:",
                                           "class _C:", "async def _go():", "try:"]))
            unit = draw(st.sampled_from(["    ", "\t", "  ", " "]))
            body = "\n".join(unit + ln if ln else ln for ln in text.rstrip("\n").split("\n"))
            tail = "\nexcept Exception:\n" + unit + "pass" if header == "try:" else ""
            text = f"{header}\n{body}{tail}\n"
        elif kind == "indent":
            # re-indent every block with another unit (tabs or 2/3 spaces)
            unit = draw(st.sampled_from(["\t", "  ", "   ", "        "]))
            text = "\n".join(re.sub(r"^((?:    )+)", lambda m, unit=unit: unit * (len(m.group(1)) // 4), ln) for ln in text.split("\n"))
    ending = draw(st.sampled_from(["\n", "\n", "\r\n", "\r"]))
    if ending != "\n":
        text = text.replace("\n", ending)
    if draw(st.integers(0, 9)) == 0:
        text = "\ufeff" + text
    return text


# --- hostile text ---------------------------------------------------------------------------
TOKENS = [
    "XLAFSDPStrategy", "XLAFSDPStrategy(", "activation_checkpointing_policy=", "auto_wrapper_callable=", "Fabric(",
    "fabric.no_backward_sync(", "strategy._backward_sync_control.no_backward_sync(", "fabric.setup(", ".launch(",
    "from lightning.fabric.strategies import XLAFSDPStrategy\n", "from lightning.fabric import Fabric\n", "import lightning as L\n",
    "strategy='xla_fsdp'", "**{", "**dict(", "[Block]", "{Block}", "(Block,)", "lambda m: m", "def f(fabric):\n", "with ",
    "class ", "    ", "\t", "\n", "\r\n", "\r", "(", ")", "[", "]", "{", "}", ":", ",", "=", "'", '"', '"""', "'''", "\\",
    "#", "# noqa", "# noqa: LXF001", "\x00", "\ud800", "\udfff", "\ufeff", "\x0c", "\x0b", "\x1c", "\u2028", "\u0085",
    "é", "中文", "🚀", "𝔘", "\u200b", "\u0301", "f'{", "}'", "b'\\xff'", "...", "async ", "await ", "yield", "*",
]


def _deep(kind: str, depth: int) -> str:
    if kind == "parens":
        return "(" * depth + "Block" + ")" * depth
    if kind == "lists":
        return "[" * depth + "Block" + "]" * depth
    if kind == "binop":
        return " + ".join(["Block"] * depth)
    if kind == "attr":
        return "Block" + ".a" * depth
    if kind == "call":
        return "f(" * depth + "Block" + ")" * depth
    if kind == "dictstar":
        return "**{" * depth + "'activation_checkpointing_policy': [Block]" + "}" * depth
    return "not " * depth + "Block"


# Code that refers to itself, which a data flow that follows names and calls must not loop on.
CYCLES = [
    "def train(fabric):\n    fabric.launch(train)\n",
    "a = b\nb = a\ns = XLAFSDPStrategy(activation_checkpointing_policy=a)\n",
    "def h():\n    return h()\nfabric = Fabric(strategy=h())\nwith fabric.strategy.no_backward_sync(m):\n    pass\n",
    "def g():\n    return k()\ndef k():\n    return g()\nf2 = Fabric(strategy=g())\nf2.launch(train)\n",
    "kw = {**kw}\ns = XLAFSDPStrategy(**kw)\n",
    "fabric = fabric\nfabric.launch(fabric.launch)\n",
    "model = fabric.setup(model)\nmodel = fabric.setup(model)\nwith fabric.no_backward_sync(model):\n    pass\n",
    "strategy = XLAFSDPStrategy(strategy)\nfabric = Fabric(strategy=strategy, accelerator=fabric)\n",
    "def train(fabric, model=train):\n    fabric.clip_gradients(model, model, clip_val=train)\n",
]


@st.composite
def hostile(draw) -> str:
    """Rule examples and random token soup, damaged in the ways editors hand documents over."""
    if draw(st.integers(0, 3)) == 0:
        text = "".join(draw(st.lists(st.sampled_from(TOKENS) | st.text(max_size=5), max_size=60)))
    else:
        text = draw(st.sampled_from(CORPUS))
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from([
            "truncate", "delete", "insert_token", "bracket", "endings", "bom", "nul", "surrogate", "tabs", "long_line",
            "deep", "duplicate", "nonascii", "splice_policy", "cycle",
        ]))
        n = len(text)
        at = draw(st.integers(0, n))
        if kind == "truncate":
            text = text[:at]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(0, 40)):]
        elif kind == "insert_token":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        elif kind == "bracket":
            text = text[:at] + draw(st.sampled_from("()[]{}")) * draw(st.integers(1, 3)) + text[at:]
        elif kind == "endings":
            text = LSP_BREAK.sub(lambda m: draw(st.sampled_from(["\n", "\r\n", "\r"])), text)
        elif kind == "bom":
            text = "\ufeff" + text
        elif kind == "nul":
            text = text[:at] + "\x00" + text[at:]
        elif kind == "surrogate":
            text = text[:at] + draw(st.sampled_from(["\ud800", "\udc00", "\udfff", "\ud83d"])) + text[at:]
        elif kind == "tabs":
            unit = draw(st.sampled_from(["\t", "\t ", " \t", "        "]))
            text = re.sub(r"(?m)^    ", unit, text)
        elif kind == "long_line":
            filler = draw(st.sampled_from(["a", "é", "🚀", "Block, ", " ", "x.y"]))
            long = (filler * (10_000 // len(filler) + 1))[:10_000]
            style = draw(st.sampled_from(["comment", "policy", "string", "raw"]))
            if style == "policy":
                long = "XLAFSDPStrategy(activation_checkpointing_policy=[" + "Block, " * 1400 + "])"
            elif style == "comment":
                long = "# " + long
            elif style == "string":
                long = "x = '" + long.replace("'", "") + "'"
            text = text[:at] + long + "\n" + text[at:]
        elif kind == "deep":
            depth = draw(st.sampled_from([50, 99, 100, 201, 1000, 5000]))
            inner = _deep(draw(st.sampled_from(["parens", "lists", "binop", "attr", "call", "dictstar", "not"])), depth)
            text += ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
                     f"s = XLAFSDPStrategy(activation_checkpointing_policy={inner})\n")
        elif kind == "duplicate":
            end = draw(st.integers(at, min(n, at + 200)))
            text = text[:end] + text[at:end] + text[end:]
        elif kind == "nonascii":
            text = text[:at] + draw(st.text(st.characters(min_codepoint=0x80, max_codepoint=0x10FFFF), max_size=8)) + text[at:]
        elif kind == "cycle":
            lines = text.split("\n")
            where = draw(st.integers(0, len(lines)))
            lines.insert(where, draw(st.sampled_from(CYCLES)).rstrip("\n"))
            text = "\n".join(lines)
        elif kind == "splice_policy":
            text = text[:at] + "XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrapper_callable=w)" + text[at:]
    return text
