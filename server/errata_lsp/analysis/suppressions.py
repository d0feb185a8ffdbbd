"""Suppressions as Ruff users write them: `# noqa: LXF001` on a line, `# errata: noqa` (all codes)
or `# errata: noqa: LXF001` (some) on a line of its own for the whole file. A `# noqa` code that
silences nothing, or that no rule has, is reported (LXF100) with a fix that removes it.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Collection, Iterable

from .findings import Edit, Finding, Fix, Position, Safety, Severity, Span

_CODES = r"[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*"
NOQA = re.compile(r"#\s*noqa(?::[ \t]*(?P<codes>" + _CODES + "))?", re.I)
FILE_NOQA = re.compile(r"^[ \t]*#[ \t]*errata:[ \t]*noqa(?::[ \t]*(?P<codes>" + _CODES + r"))?[ \t]*\r?$", re.I | re.M)
CODE = re.compile(r"[A-Z]+[0-9]+", re.I)
UNUSED_NOQA = "LXF100"
OWN_PREFIX = "LXF"  # codes of other tools (E501, F401) in a shared noqa comment are not judged


def file_directives(text: str) -> tuple[bool, frozenset[str]]:
    """(the whole file is exempt, the codes exempt in the whole file)."""
    if "errata" not in text:
        return False, frozenset()
    codes: set[str] = set()
    for m in FILE_NOQA.finditer(text):
        if m["codes"] is None:
            return True, frozenset()
        codes.update(c.upper() for c in CODE.findall(m["codes"]))
    return False, frozenset(codes)


def noqa_codes(line: str) -> tuple[bool, set[str]] | None:
    """None if the line has no noqa comment; else (bare noqa: every code, the codes named)."""
    if "#" not in line:
        return None
    found = False
    codes: set[str] = set()
    for m in NOQA.finditer(line):
        found = True
        if m["codes"] is None:
            return True, set()
        codes.update(c.upper() for c in CODE.findall(m["codes"]))
    return (False, codes) if found else None


def suppressed(line: str, code: str) -> bool:
    parsed = noqa_codes(line)
    return parsed is not None and (parsed[0] or code.upper() in parsed[1])


def noqa_code_at(line: str, column: int) -> str | None:
    """The code of a `# noqa: ...` comment under `column`, if there is one."""
    for m in NOQA.finditer(line):
        if m["codes"] is None:
            continue
        for c in CODE.finditer(line, m.start("codes"), m.end("codes")):
            if c.start() <= column <= c.end():
                return c.group().upper()
    return None


def unused_noqa(lines: list[str], used: set[tuple[int, str]], active: Collection[str],
                known: Collection[str]) -> list[Finding]:
    """LXF100 for each errata code in a `# noqa:` comment that silenced nothing in this run (its
    rule ran) or that no rule has. `used` holds the (line, code) pairs that did silence a finding."""
    found = []
    for number, line in enumerate(lines):
        if "noqa" not in line and "NOQA" not in line:
            continue
        for m in NOQA.finditer(line):
            if m["codes"] is None:
                continue
            tokens = list(CODE.finditer(line, m.start("codes"), m.end("codes")))
            for i, token in enumerate(tokens):
                code = token.group().upper()
                if not code.startswith(OWN_PREFIX) or code == UNUSED_NOQA:
                    continue
                if code not in known:
                    message = f"`# noqa: {code}`: no rule has the code {code}"
                elif code in active and (number, code) not in used:
                    message = f"`# noqa: {code}` is unused: there is no {code} finding on this line"
                else:
                    continue
                span = Span(Position(number, token.start()), Position(number, token.end()))
                fix = Fix(f"Remove the unused `noqa` code {code}", tuple(_removal(line, number, m, tokens, i)),
                          Safety.SAFE, preferred=True)
                found.append(Finding(UNUSED_NOQA, "", span, message, Severity.WARNING, (fix,), "unused-noqa"))
    if not found:
        return found
    comments = _comment_starts("\n".join(lines))  # not a noqa comment inside a string
    return [f for f in found if any(c <= f.span.start.column for c in comments.get(f.span.start.line, ()))]


def _comment_starts(text: str) -> dict[int, list[int]]:
    """Line -> columns where a comment starts; empty when the text does not tokenize (mid-edit)."""
    starts: dict[int, list[int]] = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                starts.setdefault(token.start[0] - 1, []).append(token.start[1])
    except (tokenize.TokenError, SyntaxError, ValueError):
        return {}
    return starts


def _removal(line: str, number: int, m: re.Match[str], tokens: list[re.Match[str]], i: int) -> list[Edit]:
    def at(column: int) -> Position:
        return Position(number, column)

    if len(tokens) > 1:  # drop this code and one separator next to it
        if i > 0:
            return [Edit(Span(at(tokens[i - 1].end()), at(tokens[i].end())), "")]
        return [Edit(Span(at(tokens[0].start()), at(tokens[1].start())), "")]
    rest = line[m.end():].rstrip("\r\n")
    if rest.strip():  # `# noqa: LXF001 (why)`: the rest of the comment stays a comment
        return [Edit(Span(at(m.start()), at(m.end())), "#")]
    start = m.start()
    while start > 0 and line[start - 1] in " \t":
        start -= 1
    if not line[:start].strip():  # a comment alone on its line keeps the line's indentation
        start = m.start()
    return [Edit(Span(at(start), at(m.end())), "")]


def add_noqa(lines: list[str], findings: Iterable[Finding]) -> list[tuple[int, int, str]]:
    """What `--add-noqa` writes: (line, column, text to insert) for each line with findings, merging into a
    `# noqa: ...` comment already there. A line that ends in a backslash cannot take a comment."""
    by_line: dict[int, set[str]] = {}
    for finding in findings:
        by_line.setdefault(finding.span.start.line, set()).add(finding.code)
    out = []
    for number, codes in sorted(by_line.items()):
        line = lines[number].rstrip("\r\n")
        if line.endswith("\\"):
            continue
        parsed = noqa_codes(line)
        if parsed is not None and parsed[0]:
            continue  # a bare noqa silences everything already
        missing = sorted(codes - (parsed[1] if parsed else set()))
        if not missing:
            continue
        last = None
        for last in NOQA.finditer(line):  # noqa: B007  (the last match is the one wanted)
            pass
        if parsed is not None and last is not None and last["codes"] is not None:
            out.append((number, last.end(), ", " + ", ".join(missing)))
        else:
            padding = "  " if line.strip() else ""
            out.append((number, len(line), f"{padding}# noqa: {', '.join(missing)}"))
    return out


def noqa_code_help(line: str, column: int) -> str | None:
    """Markdown for the code of a `# noqa: ...` comment under `column`: what that rule catches. None
    off a code, or on another tool's code."""
    from .rules import BY_CODE

    code = noqa_code_at(line, column)
    if code is None:
        return None
    rule = BY_CODE.get(code)
    if rule is not None:
        from ..kb.markdown import text  # a data rule's summary is a user's record's words

        return f"**{code}** `{rule.name}` · {text(rule.summary)}\n\n`errata-lsp rule {code}` prints its page."
    if code == UNUSED_NOQA:
        return f"**{code}** `unused-noqa` · a `# noqa` code that silences nothing, or that no rule has"
    if code.startswith(OWN_PREFIX):
        return f"**{code}**: no errata rule has this code."
    return None  # another tool's code
