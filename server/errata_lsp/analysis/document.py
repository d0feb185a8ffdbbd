"""Source text, its lines, and the statements worth parsing.

A training script is mostly code that no rule cares about. The document is cut into top-level
statements with one regex; only those that mention a trigger word are parsed with `ast`, each on
its own, so a 10,000-line file costs a scan plus a few small parses, and a syntax error in one
statement leaves the findings in the others intact.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from .findings import Position, Span

LINE_BREAK = re.compile(r"\r\n|\r|\n")  # the line breaks LSP knows; str.splitlines knows more
# A line that opens a top-level definition or compound statement. Simple statements between two
# such lines stay in one chunk; a line inside a triple-quoted string does not start one (below).
TOP_LEVEL = re.compile(r"^(?:async[ \t]+def|def|class|@|if|for|while|with|try|import|from)\b", re.M)
MAX_REPAIRS = 25
# What can hide such a line: a comment or a string. Only a triple-quoted string spans lines; a line
# inside one (a module docstring that shows example code) must not start a chunk analysed as code.
_HIDES_LINES = re.compile(
    r"#[^\n]*"
    r'|"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*(?:"""|\Z)'
    r"|'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*(?:'''|\Z)"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"?'
    r"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'?",
    re.S,
)
# Characters `ast` refuses anywhere in a source (a NUL byte; a lone surrogate, which has no UTF-8):
# one of them would sink every statement of its chunk. Parsing sees U+FFFD instead, one code point
# for one, so columns do not move and the damage stays in the statement that holds it.
UNPARSABLE = re.compile(r"[\x00\ud800-\udfff]")


@dataclass
class Chunk:
    """A run of top-level statements, lines [first, last) of the document, and its tree."""

    first: int
    last: int
    tree: ast.Module | None = None
    repaired: bool = False  # parsed only after blanking lines that did not parse
    parsed: ParsedChunk | None = None


class Document:
    def __init__(self, text: str, path: str | None = None):
        self.text = text
        self.path = path
        self.lines = LINE_BREAK.split(text)
        self.bom = text.startswith("\ufeff")
        # The text `ast` sees: one "\n" per line break, so (line, column) is the same in both.
        code = "\n".join(self.lines)[1:] if self.bom else "\n".join(self.lines)
        self.code = UNPARSABLE.sub("\ufffd", code)

    def mentions(self, words: Iterable[str]) -> bool:
        return any(w in self.text for w in words)

    # --- positions -------------------------------------------------------------------------
    def column(self, line: int, utf8_col: int) -> int:
        """Code-point column of an `ast` (UTF-8 byte) column on a 0-based line."""
        text = self.lines[line] if line < len(self.lines) else ""
        if self.bom and line == 0:
            text = text[1:]
        if text.isascii() and "\x00" not in text:
            col = utf8_col
        else:  # a NUL is one byte here but three as the U+FFFD `ast` saw
            text = UNPARSABLE.sub("\ufffd", text)  # as `ast` saw it
            col = len(text.encode("utf-8")[:utf8_col].decode("utf-8", errors="ignore"))
        return col + 1 if self.bom and line == 0 else col

    def span(self, node: ast.AST) -> Span:
        line, end_line = node.lineno - 1, node.end_lineno - 1  # type: ignore[attr-defined]
        return Span(
            Position(line, self.column(line, node.col_offset)),  # type: ignore[attr-defined]
            Position(end_line, self.column(end_line, node.end_col_offset)),  # type: ignore[attr-defined]
        )

    def slice(self, span: Span) -> str:
        if span.start.line == span.end.line:
            return self.lines[span.start.line][span.start.column:span.end.column]
        parts = [self.lines[span.start.line][span.start.column:]]
        parts.extend(self.lines[span.start.line + 1:span.end.line])
        parts.append(self.lines[span.end.line][:span.end.column])
        return "\n".join(parts)

    def source(self, node: ast.AST) -> str:
        return self.slice(self.span(node))

    def end(self) -> Position:
        return Position(len(self.lines) - 1, len(self.lines[-1]))

    def line_indent(self, line: int) -> str:
        text = self.lines[line]
        return text[: len(text) - len(text.lstrip(" \t"))]

    # --- parsing ---------------------------------------------------------------------------
    @cached_property
    def _starts(self) -> list[int]:
        """0-based lines that begin a top-level definition or compound statement, plus 0."""
        starts = [0]
        line = pos = 0
        decorated = False  # a definition stays in one chunk with the decorators above it
        strings = [  # multi-line triple-quoted strings, closed ones only: an unclosed quote (mid-typing) hides nothing
            m.span() for m in _HIDES_LINES.finditer(self.code)
            if m.group()[:3] in ('"""', "'''") and len(m.group()) >= 6 and m.group().endswith(m.group()[:3])
            and "\n" in m.group()
        ]
        k = 0
        for m in TOP_LEVEL.finditer(self.code):
            while k < len(strings) and strings[k][1] <= m.start():
                k += 1
            if k < len(strings) and strings[k][0] < m.start():
                continue  # inside a triple-quoted string
            line += self.code.count("\n", pos, m.start())
            pos = m.start()
            # only what a decorator can stand on (a definition, another decorator) joins its chunk:
            # a stray `@` line (mid-typing) must not swallow the import or call below it
            if line != starts[-1] and not (decorated and m.group().startswith(("@", "def", "class", "async"))):
                starts.append(line)
            decorated = m.group().startswith("@")
        return starts

    @cached_property
    def _offsets(self) -> list[int]:
        """Offset in `code` of the start of each line, and one past the end."""
        offsets = [0]
        for text in self.lines:
            offsets.append(offsets[-1] + len(text) + 1)
        if self.bom:
            offsets = [0] + [o - 1 for o in offsets[1:]]
        return offsets

    def _text(self, first: int, last: int) -> str:
        return self.code[self._offsets[first]:self._offsets[last]]

    def chunks(self, words: Iterable[str]) -> list[Chunk]:
        """Parsed chunks that mention any of `words`, and the top-level imports, in document order."""
        words = tuple(words)
        starts = self._starts + [len(self.lines)]
        out: list[Chunk] = []
        i = 0
        while i < len(starts) - 1:
            text = self._text(starts[i], starts[i + 1])
            if text.startswith(("import", "from")) or any(w in text for w in words):
                chunk, i = self._parse_from(i, starts)
                out.append(chunk)
            else:
                i += 1
        return out

    def _parse_from(self, i: int, starts: list[int]) -> tuple[Chunk, int]:
        """Parse the chunk at starts[i]; a chunk cut inside a string or brackets is grown once."""
        first = starts[i]
        pieces = tuple(self._text(starts[k], starts[k + 1]) for k in range(i, min(i + 2, len(starts) - 1)))
        parsed, used = parse_chunk(first, pieces)
        return Chunk(first, starts[i + used], parsed.tree, parsed.repaired, parsed), i + used


@dataclass
class ParsedChunk:
    """A chunk's tree and, once asked for, its nodes by type and their parents (in document order)."""

    tree: ast.Module | None
    repaired: bool
    too_deep: tuple[int, ...] = ()  # 0-based lines blanked because they nest deeper than `ast` can go

    @cached_property
    def index(self) -> tuple[dict[type, list[ast.AST]], dict[ast.AST, ast.AST]]:
        by_type: dict[type, list[ast.AST]] = {}
        parents: dict[ast.AST, ast.AST] = {}
        stack: list[ast.AST] = list(reversed(self.tree.body)) if self.tree else []
        while stack:
            node = stack.pop()
            by_type.setdefault(type(node), []).append(node)
            children = list(ast.iter_child_nodes(node))
            for child in children:
                parents[child] = node
            stack.extend(reversed(children))
        return by_type, parents


@lru_cache(maxsize=4096)
def parse_chunk(first: int, pieces: tuple[str, ...]) -> tuple[ParsedChunk, int]:
    """Parse the text of the chunk at line `first`, grown by the next chunk's text if it must be.

    Cached on the text and its place: on a keystroke only the chunk that changed is parsed again.
    Returns the parsed chunk and how many pieces it took.
    """
    pad = "\n" * first  # parsed at its own line numbers: cheaper than renumbering the tree
    text = ""
    for used, piece in enumerate(pieces, 1):
        text += piece
        tree = _parse(pad + text)
        if tree is not None:
            return ParsedChunk(tree, False), used
    return ParsedChunk(*_repair(first, pieces[0])), 1


def _repair(first: int, text: str) -> tuple[ast.Module | None, bool, tuple[int, ...]]:
    """Neutralise the lines that do not parse, one at a time, so the rest still counts."""
    lines = [""] * first + text.split("\n")
    too_deep: list[int] = []
    for _ in range(MAX_REPAIRS):
        source = "\n".join(lines)
        tree = _parse(source)
        if tree is not None:
            return tree, True, tuple(too_deep)
        bad, deep = _error_line(source)
        if bad is None or bad >= len(lines) or lines[bad] == "":
            return None, True, tuple(too_deep)
        if deep is not None:  # the whole statement goes: its first line becomes `pass`, the others blank
            too_deep.append(bad)
            lines[bad + 1:deep + 1] = [""] * (deep - bad)
        stripped = lines[bad].strip()
        # First try `pass` at the same indent (keeps a block's body), then an empty line.
        lines[bad] = "" if stripped == "pass" else lines[bad][: len(lines[bad]) - len(lines[bad].lstrip())] + "pass"
    return None, True, tuple(too_deep)


def _parse(source: str) -> ast.Module | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes and the like
            return ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def _error_line(source: str) -> tuple[int | None, int | None]:
    """0-based line of the first syntax error in `source`; for a statement nested too deep for the
    parser, its first line and its last (else None)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, "<chunk>", "exec", ast.PyCF_ONLY_AST)
    except SyntaxError as exc:
        return max(0, (exc.lineno or 1) - 1), None
    except (RecursionError, MemoryError):
        return _deepest_statement(source)
    except ValueError:
        return None, None
    return None, None


def _deepest_statement(source: str) -> tuple[int | None, int | None]:
    """First and last 0-based lines of the statement with the most operators and brackets: the parser
    names no line when it runs out of depth, and tokenizing does not nest."""
    best: tuple[int | None, int | None] = (None, None)
    most, start, count = -1, None, 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
                continue
            if tok.type == tokenize.NEWLINE:
                if start is not None and count > most:
                    best, most = (start, tok.start[0] - 1), count
                start, count = None, 0
                continue
            if start is None:
                start = tok.start[0] - 1
            count += tok.type == tokenize.OP
    except (tokenize.TokenError, SyntaxError):
        return None, None
    return best
