"""Jupyter notebooks: code cells analysed as one program, in cell order.

`CellProgram` joins cell texts into one Python program (IPython magics and shell lines masked,
line for line) and maps positions both ways; the command line (`NotebookSource`, an `.ipynb` file)
and the language server (notebook documents) share it. `NotebookFile` reads the notebook JSON with
the place of every cell's source in the file's text, so fixes rewrite only the source strings they
change and every other byte (outputs, metadata, indentation, line endings) stays as it was.
"""

from __future__ import annotations

import dataclasses
import json
import re
from bisect import bisect_right
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .analysis.findings import Edit, Finding, Position, Span
from .files import SourceError
from .report_formats import Entry

BOUNDARY = "# errata: cell boundary"
MAGIC_PLACEHOLDER = "pass  # errata: masked line "
# Cell magics whose body is still Python (the first line alone is masked).
PYTHON_CELL_MAGICS = {"time", "timeit", "capture", "prun", "debug", "memit"}
_MAGIC_LINE = re.compile(r"[ \t]*(?:[%!?]|[\w.]+\?\??[ \t]*$|[\w.,\s]+=[ \t]*[%!])")
_Key = TypeVar("_Key", bound=Hashable)


# --- cells as one program ------------------------------------------------------------------------
@dataclass
class _Cell(Generic[_Key]):
    key: _Key  # whatever names the cell for the caller (its index in the file, its URI)
    text: str
    first_line: int  # its first line in the program
    line_count: int  # lines it takes in the program (its boundary line excluded)
    masked: dict[int, str] = field(default_factory=dict)  # placeholder number -> the original line


_LINE = re.compile(r"\bline (\d+)\b")


class CellProgram(Generic[_Key]):
    """Code cells in order as one program: cell i's line n is program line `first_line + n`.

    Magics (`%pip`, `%%bash`), shell lines (`!ls`, `x = !ls`) and help lines (`obj?`) become a
    `pass` with the same indentation, so line numbers and blocks stay; a boundary comment ends each
    cell so a fixed program splits back into its cells.
    """

    def __init__(self, cells: Sequence[tuple[_Key, str]], name: Callable[[_Key], str] | None = None):
        # how a message names a cell: by default its place among the code cells
        self.name = name or (lambda key: f"cell {[c.key for c in self.cells].index(key) + 1}")
        self.boundary = _unused(BOUNDARY, "#", cells)
        # a user's line that reads like a placeholder is never taken for one
        self.placeholder = _unused(MAGIC_PLACEHOLDER, "#", cells, before=":")
        self._placeholder_line = re.compile(r"[ \t]*" + re.escape(self.placeholder) + r"(\d+)")
        self.cells: list[_Cell[_Key]] = []
        parts: list[str] = []
        line = 0
        counter = 0
        for key, text in cells:
            masked_text, masked, counter = _mask(text, counter, self.placeholder)
            body = masked_text if masked_text.endswith("\n") or not masked_text else masked_text + "\n"
            count = body.count("\n")
            self.cells.append(_Cell(key, text, line, count, masked))
            parts.append(body + self.boundary + "\n")
            line += count + 1
        self.text = "".join(parts)
        self._starts = [c.first_line for c in self.cells]

    def cell_at(self, line: int) -> _Cell[_Key] | None:
        index = bisect_right(self._starts, line) - 1
        if index < 0:
            return None
        cell = self.cells[index]
        return cell if line < cell.first_line + max(cell.line_count, 1) else None

    def locate(self, span: Span) -> tuple[_Key, Span] | None:
        """The cell a program span lies in and the span in that cell's lines; None across cells."""
        cell = self.cell_at(span.start.line)
        if cell is None or span.end.line >= cell.first_line + max(cell.line_count, 1):
            return None
        shift = cell.first_line
        return cell.key, Span(Position(span.start.line - shift, span.start.column),
                              Position(span.end.line - shift, span.end.column))

    def to_cell(self, finding: Finding) -> tuple[_Key, Finding, tuple[tuple[_Key, ...], ...]] | None:
        """The finding in its cell's own lines, with the fixes whose edits each lie in one cell (a
        fix may edit the cell where a value is written, not the one the finding is in), each edit
        in its cell's lines; and for each fix, the cell of each of its edits."""
        located = self.locate(finding.span)
        if located is None:
            return None
        key, span = located
        fixes, cells = [], []
        for fix in finding.fixes:
            edits = [(self.locate(e.span), e.new_text) for e in fix.edits]
            if all(where is not None for where, _ in edits):
                fixes.append(dataclasses.replace(fix, edits=tuple(Edit(where[1], new) for where, new in edits)))  # type: ignore[index]
                cells.append(tuple(where[0] for where, _ in edits))  # type: ignore[index]
        shown = dataclasses.replace(finding, span=span, fixes=tuple(fixes), message=self.cell_lines(finding.message))
        return key, shown, tuple(cells)

    def cell_lines(self, message: str) -> str:
        """A message's program lines (`from `policy`, line 14`) said as cell lines."""
        return _LINE.sub(self._cell_line, message)

    def _cell_line(self, match: re.Match) -> str:
        """`line 14` of the program, as the user sees it: `cell 3, line 2`."""
        cell = self.cell_at(int(match[1]) - 1)
        if cell is None:
            return match[0]
        return f"{self.name(cell.key)}, line {int(match[1]) - cell.first_line}"

    def split(self, fixed_program: str) -> dict[_Key, str]:
        """Each cell's new text from a fixed program (magic lines restored); only changed cells."""
        lines = fixed_program.split("\n")
        pieces: list[list[str]] = [[]]
        for line in lines:
            if line.rstrip("\r") == self.boundary:
                pieces.append([])
            else:
                pieces[-1].append(line)
        if len(pieces) - 1 != len(self.cells) or pieces[-1] != [""]:
            raise ValueError("a fix crossed a cell boundary")
        changed = {}
        for cell, piece in zip(self.cells, pieces):
            # the program ends every cell with a newline; the cell keeps its own ending
            text = "\n".join(piece) + ("\n" if cell.text.endswith("\n") else "")
            text = self._placeholder_line.sub(lambda m: cell.masked.get(int(m[1]), m[0]), text)  # noqa: B023  (called right here)
            if text != cell.text:
                changed[cell.key] = text
        return changed


def _unused(marker: str, filler: str, cells: Sequence[tuple[Any, str]], before: str = "") -> str:
    """`marker`, with `filler` added (before `before`, else at the end) until no cell's text holds it."""
    while any(marker in text for _, text in cells):
        at = marker.index(before) if before else len(marker)
        marker = marker[:at] + filler + marker[at:]
    return marker


def _mask(text: str, counter: int, placeholder: str) -> tuple[str, dict[int, str], int]:
    lines = text.split("\n")
    masked: dict[int, str] = {}
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    whole = False
    if first is not None and lines[first].lstrip().startswith("%%"):
        name = lines[first].lstrip()[2:].split(maxsplit=1)
        whole = not name or name[0] not in PYTHON_CELL_MAGICS
    out = []
    continued = False
    for i, line in enumerate(lines):
        content = line.rstrip("\r")
        magic = whole or continued or (i == first and content.lstrip().startswith("%%")) or (
            bool(_MAGIC_LINE.match(content)) and not content.lstrip().startswith("#"))
        if magic and content.strip():
            counter += 1
            masked[counter] = content
            indent = content[: len(content) - len(content.lstrip())] if not whole else ""
            out.append(indent + placeholder + str(counter) + line[len(content):])
            continued = content.endswith("\\")
        else:
            out.append(line)
            continued = False
    return "\n".join(out), masked, counter


# --- the notebook file ---------------------------------------------------------------------------
@dataclass
class _Node:
    start: int
    end: int
    value: Any = None
    items: list[_Node] | None = None  # a source given as an array of strings


class _SpanReader:
    """Notebook JSON text (already validated) -> the nodes of the cells' sources with the [start, end)
    offsets of each, for rewriting in place. Everything else (outputs, metadata) is stepped over
    without being decoded or kept: a 10 MB output costs a scan, not a copy."""

    _WS = re.compile(r"[ \t\r\n]*")
    _SCALAR = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|NaN|-?Infinity")
    _PLAIN = re.compile(r'[^"{}\[\]]*')  # what a skipped value holds between the characters that matter

    def __init__(self, text: str):
        self.text = text

    def sources(self, pos: int) -> list[_Node]:
        """Each cell's "source" node, in order: the top-level object's "cells" array walked."""
        found: list[_Node] = []

        def top(key: str, at: int) -> int:
            if key != "cells":
                return self._skip(at)
            found.clear()  # a repeated key: the last one counts, as for json.loads
            return self._array(at, cell)

        def cell(at: int) -> int:
            source: list[_Node] = []

            def member(key: str, value_at: int) -> int:
                if key != "source":
                    return self._skip(value_at)
                source[:] = [self._value(value_at)]
                return source[0].end

            end = self._object(at, member)
            found.append(source[0])  # validated: every cell has a source
            return end

        self._object(self._ws(pos), top)
        return found

    def _object(self, pos: int, member: Callable[[str, int], int]) -> int:
        """Walk the object at `pos`: `member(key, offset of its value)` returns the value's end."""
        pos = self._ws(pos + 1)
        while self.text[pos] != "}":
            key_end = self._string_end(pos)
            value_at = self._ws(self._ws(key_end) + 1)  # past ':'
            pos = self._ws(member(json.loads(self.text[pos:key_end]), value_at))
            if self.text[pos] == ",":
                pos = self._ws(pos + 1)
        return pos + 1

    def _array(self, pos: int, item: Callable[[int], int]) -> int:
        pos = self._ws(pos + 1)
        while self.text[pos] != "]":
            pos = self._ws(item(pos))
            if self.text[pos] == ",":
                pos = self._ws(pos + 1)
        return pos + 1

    def _value(self, pos: int) -> _Node:
        """A source: a string, or an array of strings, decoded with the offsets of each."""
        if self.text[pos] == "[":
            items: list[_Node] = []

            def item(at: int) -> int:
                items.append(self._value(at))
                return items[-1].end

            return _Node(pos, self._array(pos, item), items=items)
        end = self._string_end(pos)
        return _Node(pos, end, json.loads(self.text[pos:end]))

    def _skip(self, pos: int) -> int:
        """The end of the value at `pos`, found without recursion or decoding."""
        text = self.text
        if text[pos] == '"':
            return self._string_end(pos)
        if text[pos] not in "{[":
            return self._SCALAR.match(text, pos).end()  # type: ignore[union-attr]
        depth = 0
        while True:
            char = text[pos]
            if char == '"':
                pos = self._string_end(pos)
            elif char in "{[":
                depth += 1
                pos += 1
            elif char in "}]":
                depth -= 1
                pos += 1
                if not depth:
                    return pos
            pos = self._PLAIN.match(text, pos).end()  # type: ignore[union-attr]

    def _string_end(self, pos: int) -> int:
        """The offset past the string opening at `pos`: the first quote not escaped by a backslash."""
        text = self.text
        at = pos + 1
        while True:
            quote = text.index('"', at)
            slashes = quote - 1
            while text[slashes] == "\\":
                slashes -= 1
            if (quote - 1 - slashes) % 2 == 0:
                return quote + 1
            at = quote + 1

    def _ws(self, pos: int) -> int:
        return self._WS.match(self.text, pos).end()  # type: ignore[union-attr]


# Members never analysed: dropped as the JSON is read, so a notebook's images and logs are not kept.
_UNREAD = frozenset({"outputs", "attachments"})


def _without_unread(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    return {key: value for key, value in pairs if key not in _UNREAD}


def _language(metadata: Any) -> str | None:
    """The kernel's language as the notebook's metadata names it, if it does (as text, where expected)."""
    if not isinstance(metadata, dict):
        return None
    for table, key in (("language_info", "name"), ("kernelspec", "language")):
        section = metadata.get(table)
        value = section.get(key) if isinstance(section, dict) else None
        if isinstance(value, str) and value:
            return value
    return None


@dataclass
class NotebookFile:
    text: str  # the whole file, as read (a BOM kept)
    cells: list[dict[str, Any]]  # the parsed cells
    sources: list[_Node]  # each cell's "source" node (offsets in `text`)
    python: bool

    @classmethod
    def parse(cls, text: str) -> NotebookFile:
        body_at = 1 if text.startswith("\ufeff") else 0
        try:
            data = json.loads(text[body_at:], object_pairs_hook=_without_unread)
        except json.JSONDecodeError as exc:
            raise SourceError(f"not a valid notebook: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
        except RecursionError:
            raise SourceError("not a valid notebook: JSON nested too deeply") from None
        if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
            hint = " (nbformat 3 notebooks are not read; save it as nbformat 4)" if isinstance(data, dict) and "worksheets" in data else ""
            raise SourceError(f"not a valid notebook: no \"cells\" list at the top level{hint}")
        for number, cell in enumerate(data["cells"], 1):
            source = cell.get("source") if isinstance(cell, dict) else None
            if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
                raise SourceError(f"not a valid notebook: cell {number} has no \"cell_type\"")
            if not (isinstance(source, str) or isinstance(source, list) and all(isinstance(s, str) for s in source)):
                raise SourceError(f"not a valid notebook: cell {number}: \"source\" must be a string or a list of strings")
        try:
            nodes = _SpanReader(text).sources(body_at)
        except (IndexError, ValueError, AttributeError):  # JSON json.loads took but this reader does not
            raise SourceError("not a valid notebook: its cells' sources cannot be placed in the file") from None
        language = _language(data.get("metadata"))
        python = language is None or language.lower() in ("python", "python3", "ipython")
        return cls(text, data["cells"], nodes, python)

    def cell_text(self, index: int) -> str:
        source = self.cells[index]["source"]
        return source if isinstance(source, str) else "".join(source)

    def code_cells(self) -> list[int]:
        return [i for i, cell in enumerate(self.cells) if cell["cell_type"] == "code"] if self.python else []

    def with_sources(self, new_texts: dict[int, str]) -> str:
        """The file with these cells' sources replaced, written as the file writes them."""
        ascii_only = _escapes_non_ascii(self.text)
        text = self.text
        for index in sorted(new_texts, reverse=True):
            node = self.sources[index]
            text = text[:node.start] + self._source_json(node, new_texts[index], ascii_only) + text[node.end:]
        return text

    def _source_json(self, node: _Node, new: str, ascii_only: bool) -> str:
        if node.items is None:
            return json.dumps(new, ensure_ascii=ascii_only)
        lines = [line for line in re.split(r"(?<=\n)", new) if line]
        old: dict[Any, str] = {}  # an unchanged line keeps its exact JSON spelling
        for item in node.items:
            old.setdefault(item.value, self.text[item.start:item.end])
        tokens = [old.get(line) or json.dumps(line, ensure_ascii=ascii_only) for line in lines]
        items = node.items
        if not items:
            opening, separator, closing = "", ", ", ""
        else:
            opening = self.text[node.start + 1:items[0].start]
            closing = self.text[items[-1].end:node.end - 1]
            if len(items) > 1:
                separator = self.text[items[0].end:items[1].start]
            else:
                separator = "," + (opening if "\n" in opening else " ")
        if not tokens:
            return "[]"
        return "[" + opening + separator.join(tokens) + closing + "]"

    def file_position(self, index: int, pos: Position) -> Position:
        """Where a (line, column) of cell `index`'s text lies in the file's text."""
        node = self.sources[index]
        if node.items is not None:
            if not node.items:
                return self._line_col(node.start)
            item = node.items[min(pos.line, len(node.items) - 1)]
            offset = _raw_index(self.text, item.start, item.end, pos.column)
        else:
            source = node.value
            line_start = 0
            for _ in range(pos.line):
                found = source.find("\n", line_start)
                if found < 0:
                    break
                line_start = found + 1
            offset = _raw_index(self.text, node.start, node.end, line_start + pos.column)
        return self._line_col(offset)

    def _line_col(self, offset: int) -> Position:
        line = self.text.count("\n", 0, offset)
        start = self.text.rfind("\n", 0, offset) + 1
        return Position(line, offset - start)


def _raw_index(text: str, start: int, end: int, decoded: int) -> int:
    """Offset in `text` of the `decoded`-th character of the JSON string token text[start:end]."""
    i = start + 1
    for _ in range(decoded):
        if i >= end - 1:
            break
        if text[i] == "\\":
            if text[i + 1] == "u":
                code = int(text[i + 2:i + 6], 16)
                i += 12 if 0xD800 <= code < 0xDC00 and text[i + 6:i + 8] == "\\u" else 6
            else:
                i += 2
        else:
            i += 1
    return i


def _escapes_non_ascii(text: str) -> bool:
    """Whether the file spells non-ASCII text as \\u escapes (json.dumps' default) or as itself."""
    if any(ord(c) > 127 for c in text):
        return False
    return re.search(r"\\u(?:00[89a-fA-F]|0[1-9a-fA-F]|[1-9a-fA-F])", text) is not None


# --- the check command's view ----------------------------------------------------------------------
class NotebookSource:
    """An .ipynb file for `errata-lsp check`: analyse, locate findings by cell, write fixes back."""

    encoding = "utf-8"

    def __init__(self, path: Path, notebook: NotebookFile):
        self.path = path
        self.notebook = notebook
        self.file_text = notebook.text
        self.code = CellProgram([(i, notebook.cell_text(i)) for i in notebook.code_cells()],
                                name=lambda index: f"cell {index + 1}")  # as the report numbers cells

    @classmethod
    def from_bytes(cls, path: Path, data: bytes) -> NotebookSource:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SourceError(f"not a valid notebook: byte {exc.start} is not valid UTF-8") from None
        return cls.from_text(path, text)

    @classmethod
    def from_text(cls, path: Path, text: str) -> NotebookSource:
        return cls(path, NotebookFile.parse(text))

    @property
    def program(self) -> str:
        return self.code.text

    def entry(self, finding: Finding) -> Entry:
        located = self.code.to_cell(finding)
        if located is None:  # cannot happen for a finding on code; keep it, on the program's lines
            return Entry(self.path, finding)
        index, in_cell, fix_cells = located
        file_span = Span(self.notebook.file_position(index, in_cell.span.start),
                         self.notebook.file_position(index, in_cell.span.end))
        file_edits = tuple(self._file_edits(fix, cells) for fix, cells in zip(in_cell.fixes, fix_cells))
        return Entry(self.path, in_cell, cell=index + 1, file_span=file_span,
                     edit_cells=tuple(tuple(c + 1 for c in cells) for cells in fix_cells), file_edits=file_edits)

    def _file_edits(self, fix, cells: tuple[int, ...]) -> tuple[tuple[Span, str], ...] | None:
        """A fix as edits of the notebook file's own text (for SARIF): each edit inside one line of a
        cell's JSON string, its text escaped as JSON; None for an edit that crosses a line."""
        out = []
        for edit, cell in zip(fix.edits, cells):
            if edit.span.start.line != edit.span.end.line or "\n" in edit.new_text:
                return None
            out.append((Span(self.notebook.file_position(cell, edit.span.start),
                             self.notebook.file_position(cell, edit.span.end)), json.dumps(edit.new_text, ensure_ascii=False)[1:-1]))
        return tuple(out)

    def rewritten(self, fixed_program: str) -> str:
        try:
            changed = self.code.split(fixed_program)
        except ValueError:
            return self.file_text  # a fix that would spill from one cell into another is not written
        return self.notebook.with_sources(changed)

    def after(self, new_file_text: str) -> NotebookSource:
        return NotebookSource.from_text(self.path, new_file_text)
