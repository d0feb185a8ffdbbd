"""The open notebooks of a server: their cells in order, their documents and their last analysis (the
LSP handlers that fill and read them are in `notebook.py`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lsprotocol import types

from .text import TextDocument

if TYPE_CHECKING:
    from ..analysis.findings import Edit, Finding, Fix


@dataclass
class CellFinding:
    """A finding of the notebook's joined code, placed in the cell it lies in."""

    cell: str  # the cell's URI
    finding: Finding  # spans in the cell's own lines
    diagnostic: types.Diagnostic
    fixes: list[tuple[Fix, dict[str, list[Edit]]]]  # each fix's edits by the cell they change


@dataclass
class NotebookAnalysis:
    """The findings of one revision of a notebook under one settings generation."""

    revision: int
    generation: int
    findings: list[CellFinding]
    docs: dict[str, TextDocument]  # the code cells as analysed (their text and version), in order
    fixed: dict[str, str] | None = None  # fix-all's new text of each cell it changes, once asked for


@dataclass
class NotebookState:
    """An open notebook: its cells in order, their documents and its last analysis."""

    uri: str
    version: int
    cells: list[tuple[str, types.NotebookCellKind]]  # in notebook order
    docs: dict[str, TextDocument] = field(default_factory=dict)
    revision: int = 0  # bumped on every change of the notebook or a cell
    analysis: NotebookAnalysis | None = None
    running: tuple[tuple[int, int], asyncio.Future] | None = None  # the analysis being made, for which revision
    task: asyncio.Task | None = None
    published: set[str] = field(default_factory=set)

    def code_cells(self) -> list[TextDocument]:
        return [self.docs[uri] for uri, kind in self.cells
                if kind == types.NotebookCellKind.Code and uri in self.docs
                and self.docs[uri].language_id in ("python", "ipython", "")]

    def snapshot(self) -> tuple[list[TextDocument], dict[str, str]]:
        """The code cells as they are now, and how a message names each cell: by its place among
        all the cells, markdown included, as `check` and the README number them."""
        cells = [TextDocument(d.uri, d.text, d.version, d.language_id) for d in self.code_cells()]
        return cells, {uri: f"cell {number}" for number, (uri, _) in enumerate(self.cells, 1)}


class Notebooks:
    """The open notebooks of one server, and which notebook each cell belongs to."""

    def __init__(self) -> None:
        self.by_uri: dict[str, NotebookState] = {}
        self.owner: dict[str, str] = {}  # cell URI -> notebook URI

    def of_cell(self, uri: str) -> NotebookState | None:
        owner = self.owner.get(uri)
        return self.by_uri.get(owner) if owner else None
