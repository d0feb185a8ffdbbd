"""What the check command reads: a Python file, or a notebook whose code cells are one program.

Each source gives the engine a program text, maps a finding back to where it lies in the file,
and turns a fixed program back into the file's new text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .analysis.findings import Finding
from .files import SourceError, read_source
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


def open_source(path: Path):
    """The source at `path`; SourceError (one line) when it cannot be read or is not a notebook."""
    if is_notebook(path):
        from .notebook import NotebookSource

        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise SourceError("no such file") from None
        except IsADirectoryError:
            raise SourceError("is a directory") from None
        except OSError as exc:
            raise SourceError(f"cannot read: {exc.strerror or exc}") from None
        return NotebookSource.from_bytes(path, data)
    text, encoding = read_source(path)
    return PythonSource(path, text, encoding)


def source_from_text(path: Path, text: str):
    """A buffer piped on stdin, named `path` (for settings, notebooks and the report)."""
    if is_notebook(path):
        from .notebook import NotebookSource

        return NotebookSource.from_text(path, text)
    return PythonSource(path, text)
