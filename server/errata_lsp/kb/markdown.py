"""Text put into Markdown reads as written: what Markdown or HTML would take as markup is escaped.

Records and messages use backticks for code, and a code span stays code (nothing inside one is
markup). Outside them `<policy>` would be an HTML tag that vanishes, `*args` or `__init__` an
emphasis, `[Block](x)` a link, `&amp;` an entity, `~~x~~` a strike-through, and a `#`, `>`, `-` or
`1.` at a line's start a heading, a quote or a list, and `--` under a line a heading. Each of these gets a backslash (CommonMark
escapes any ASCII punctuation that way); nothing else changes, so `snake_case` stays as it is.
"""

from __future__ import annotations

import re

# a backtick string, the shortest text, the same backtick string (CommonMark's code span)
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
# `_` opens or closes emphasis only where it is not between two letters or digits
_INLINE = re.compile(r"[\\<*\[\]~`]|&(?=#?\w+;)|(?<![^\W_])_|_(?![^\W_])")
_LINE_START = re.compile(r"^([ \t]*)(?:([#>+=-])|(\d+)([.)])(?=[ \t]|$))", re.M)  # `---`/`===`: setext too


def text(value: str) -> str:
    """`value` as Markdown that renders as `value` (its code spans kept as code)."""
    out, at = [], 0
    for span in _CODE_SPAN.finditer(value):
        out.append(_plain(value[at:span.start()]))
        out.append(span.group())
        at = span.end()
    out.append(_plain(value[at:]))
    return _LINE_START.sub(_line_start, "".join(out))


def code_block(source: str, language: str = "") -> str:
    """A fenced block that no run of backticks inside `source` can close early."""
    runs = [len(run) for run in re.findall(r"`{3,}", source)]
    fence = "`" * max([3, *(n + 1 for n in runs)])
    return f"{fence}{language}\n{source.strip(chr(10))}\n{fence}"


def link(label: str, url: str) -> str:
    """`[label](url)` with the label escaped and the characters that would end the URL encoded."""
    target = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29").replace("<", "%3C").replace(">", "%3E")
    return f"[{text(label)}]({target})"


def _plain(part: str) -> str:
    return _INLINE.sub(lambda m: "\\" + m.group(), part)


def _line_start(m: re.Match[str]) -> str:
    indent = m.group(1)
    if m.group(2) is not None:
        return f"{indent}\\{m.group(2)}"
    return f"{indent}{m.group(3)}\\{m.group(4)}"
