"""What the check command reads: a Python file, or a notebook whose code cells are one program.

Each source gives the engine a program text, maps a finding back to where it lies in the file,
and turns a fixed program back into the file's new text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .analysis.findings import Finding
from .files import decode_source, read_regular, read_source
from .report_formats import Entry

NOTEBOOK_SUFFIX = ".ipynb"


@dataclass
class PythonSource:
    path: Path
    file_text: str
    encoding: str = "utf-8"

    @property
    def program(self) -> str:
        return self.file_text

    def entry(self, finding: Finding) -> Entry:
        return Entry(self.path, finding)

    def rewritten(self, fixed_program: str) -> str:
        return fixed_program

    def after(self, new_file_text: str) -> PythonSource:
        return PythonSource(self.path, new_file_text, self.encoding)


def is_notebook(path: Path) -> bool:
    return path.suffix.lower() == NOTEBOOK_SUFFIX


def open_source(path: Path, max_bytes: int):
    """The source at `path` and the bytes it was read from (a fix is written only if the file still holds
    them); SourceError (one line) when it cannot be read or is not a notebook, TooLarge past `max_bytes`."""
    if is_notebook(path):
        from .notebook import NotebookSource

        data = read_regular(path, max_bytes)
        return NotebookSource.from_bytes(path, data), data
    read = read_source(path, max_bytes)
    return PythonSource(path, read.text, read.encoding), read.raw


def source_from_bytes(path: Path, data: bytes):
    """A buffer piped on stdin, named `path` (for settings, notebooks and the report), decoded as
    the file would be."""
    if is_notebook(path):
        from .notebook import NotebookSource

        return NotebookSource.from_bytes(path, data)
    read = decode_source(data)
    return PythonSource(path, read.text, read.encoding)
