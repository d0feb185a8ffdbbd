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
_PLACEHOLDER_LINE = re.compile(r"[ \t]*" + re.escape(MAGIC_PLACEHOLDER) + r"(\d+)")
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
        self.boundary = BOUNDARY
        while any(self.boundary in text for _, text in cells):
            self.boundary += "#"
        self.cells: list[_Cell[_Key]] = []
        parts: list[str] = []
        line = 0
        counter = 0
        for key, text in cells:
            masked_text, masked, counter = _mask(text, counter)
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
            text = _PLACEHOLDER_LINE.sub(lambda m: cell.masked.get(int(m[1]), m[0]), text)  # noqa: B023  (called right here)
            if text != cell.text:
                changed[cell.key] = text
        return changed


def _mask(text: str, counter: int) -> tuple[str, dict[int, str], int]:
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
            out.append(indent + MAGIC_PLACEHOLDER + str(counter) + line[len(content):])
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
    items: list[_Node] | None = None  # arrays
    members: dict[str, _Node] | None = None  # objects


class _SpanReader:
    """JSON text -> values with the [start, end) offsets of each, for rewriting in place."""

    _WS = re.compile(r"[ \t\r\n]*")
    _STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
    _SCALAR = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")

    def __init__(self, text: str):
        self.text = text

    def value(self, pos: int) -> _Node:
        pos = self._WS.match(self.text, pos).end()  # type: ignore[union-attr]
        char = self.text[pos]
        if char == "{":
            members: dict[str, _Node] = {}
            open_at = pos
            pos = self._WS.match(self.text, pos + 1).end()  # type: ignore[union-attr]
            if self.text[pos] == "}":
                return _Node(open_at, pos + 1, members=members)
            while True:
                pos = self._WS.match(self.text, pos).end()  # type: ignore[union-attr]
                key = self._STRING.match(self.text, pos)
                pos = self._WS.match(self.text, key.end()).end() + 1  # type: ignore[union-attr]  # past ':'
                node = self.value(pos)
                members[json.loads(key.group())] = node  # type: ignore[union-attr]
                pos = self._WS.match(self.text, node.end).end()  # type: ignore[union-attr]
                if self.text[pos] == "}":
                    return _Node(open_at, pos + 1, members=members)
                pos += 1  # past ','
        if char == "[":
            items: list[_Node] = []
            open_at = pos
            pos = self._WS.match(self.text, pos + 1).end()  # type: ignore[union-attr]
            if self.text[pos] == "]":
                return _Node(open_at, pos + 1, items=items)
            while True:
                node = self.value(pos)
                items.append(node)
                pos = self._WS.match(self.text, node.end).end()  # type: ignore[union-attr]
                if self.text[pos] == "]":
                    return _Node(open_at, pos + 1, items=items)
                pos += 1
        if char == '"':
            m = self._STRING.match(self.text, pos)
            return _Node(pos, m.end(), json.loads(m.group()))  # type: ignore[union-attr]
        m = self._SCALAR.match(self.text, pos)
        return _Node(pos, m.end(), json.loads(m.group()))  # type: ignore[union-attr]


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
            data = json.loads(text[body_at:])
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
        root = _SpanReader(text).value(body_at)
        nodes = [cell.members["source"] for cell in root.members["cells"].items]  # type: ignore[index, union-attr]
        meta = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
        language = (meta.get("language_info") or {}).get("name") or (meta.get("kernelspec") or {}).get("language")  # type: ignore[union-attr]
        python = not isinstance(language, str) or language.lower() in ("python", "python3", "ipython")
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
