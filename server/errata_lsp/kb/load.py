"""Read records from files and folders: JSON object, JSON array, JSON Lines, the dataset's
`{"record": ..., "datasetVersion": ...}` wrapper and the site's text export.

A bad record is reported with its file and line and skipped; the rest of the file still loads.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files import SourceError, kind_problem, read_regular
from . import cache
from .record import Record, RecordError, validate
from .text_export import ExportError, looks_like_text_export, parse_text_export

RECORD_SUFFIXES = {".json", ".jsonl", ".ndjson", ".txt"}
LINE_BREAK = re.compile(r"\r\n|\r|\n")  # not str.splitlines: U+2028 and the like may sit raw inside a JSON string
MAX_FILE_BYTES = 512 * 1024 * 1024


@dataclass(frozen=True)
class LoadProblem:
    """Why a record, or a whole file, was not loaded."""

    path: str
    line: int  # 1-based; 0 when the problem is the file itself
    message: str

    def __str__(self) -> str:
        path = self.path if self.path.isprintable() else repr(self.path)[1:-1]  # a NUL byte, a control character
        return f"{path}:{self.line}: {self.message}" if self.line else f"{path}: {self.message}"


def iter_record_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path | LoadProblem]:
    """Record files under `paths` (a path named directly whatever its suffix), and a problem for each
    folder that cannot be listed. Links to folders are not followed: a loop cannot trap the walk."""
    for raw in paths:
        path = Path(raw)
        if not path.is_dir():
            yield path
            continue
        failures: list[OSError] = []
        found: list[Path] = []
        for root, dirs, files in os.walk(path, onerror=failures.append):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            found.extend(Path(root) / name for name in files
                         if not name.startswith(".") and Path(name).suffix in RECORD_SUFFIXES)
        yield from sorted(found)
        for failure in failures:
            yield LoadProblem(str(failure.filename or path), 0, f"cannot list: {failure.strerror or failure}")


def load_paths(paths: Iterable[str | os.PathLike[str]],
               check_patterns: bool = True) -> tuple[list[Record], list[LoadProblem]]:
    records: list[Record] = []
    problems: list[LoadProblem] = []
    for path in iter_record_files(paths):
        if isinstance(path, LoadProblem):
            problems.append(path)
            continue
        found, bad = load_file(path, check_patterns)
        records.extend(found)
        problems.extend(bad)
    return records, problems


def load_file(path: Path, check_patterns: bool = True) -> tuple[list[Record], list[LoadProblem]]:
    name = str(path)
    try:
        stat = path.stat()
        problem = kind_problem(stat.st_mode)
        if problem:  # a FIFO would block the read, a device would never end it
            return [], [LoadProblem(name, 0, problem)]
        if stat.st_size > MAX_FILE_BYTES:
            return [], [LoadProblem(name, 0, f"file is larger than {MAX_FILE_BYTES // 2**20} MiB; skipped")]
        compiled = stat.st_size >= cache.MIN_BYTES and path.suffix in (".jsonl", ".ndjson")
        if compiled:
            hit = cache.read(path, stat)
            if hit is not None:
                records, problems = hit
                return records, [LoadProblem(name, line, message) for line, message in problems]
        raw = read_regular(path, MAX_FILE_BYTES)
    except SourceError as exc:
        return [], [LoadProblem(name, 0, str(exc))]
    except OSError as exc:
        return [], [LoadProblem(name, 0, f"cannot read: {exc.strerror or exc}")]
    except ValueError:
        return [], [LoadProblem(name, 0, "cannot read: the path holds a NUL byte")]
    try:
        if compiled:
            return _load_lines_compiled(raw, path, stat)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return [], [LoadProblem(name, 0, f"not UTF-8 text (byte {exc.start})")]
        return load_text(text, name, check_patterns)
    except RecursionError:  # JSON nested thousands deep: the other files still load
        return [], [LoadProblem(name, 0, "nested too deep to read; skipped")]


def load_text(text: str, name: str, check_patterns: bool = True) -> tuple[list[Record], list[LoadProblem]]:
    records: list[Record] = []
    problems: list[LoadProblem] = []

    def accept(item: Any, line: int) -> None:
        if isinstance(item, dict) and isinstance(item.get("record"), dict):
            item = item["record"]  # the dataset's wrapper
        try:
            records.append(Record(validate(item, check_patterns).data, f"{name}:{line}"))
        except RecordError as exc:
            rid = item.get("id") if isinstance(item, dict) else None
            problems.append(LoadProblem(name, line, f"record {rid!r}: {exc}" if rid else str(exc)))

    stripped = text.lstrip()
    if not stripped:
        return [], [LoadProblem(name, 0, "empty file")]
    if stripped[0] == "[":
        _load_array(text, name, accept, problems)
    elif stripped[0] == "{":
        try:
            accept(json.loads(text), _first_line(text))
        except json.JSONDecodeError as whole:
            if name.endswith((".jsonl", ".ndjson")) or _looks_like_lines(text):
                _load_lines(text, name, accept, problems)
            else:
                problems.append(LoadProblem(name, whole.lineno, f"invalid JSON: {whole.msg}"))
    elif looks_like_text_export(text):
        try:
            accept(parse_text_export(text), 1)
        except ExportError as exc:
            problems.append(LoadProblem(name, 1, f"text export: {exc}"))
    else:
        problems.append(LoadProblem(name, 1, "not a record file (JSON, JSON Lines or a text export)"))
    return records, problems


def _load_lines_compiled(raw: bytes, path: Path, stat: os.stat_result) -> tuple[list[Record], list[LoadProblem]]:
    """JSON Lines read from bytes, noting where each record lies, then saved in compiled form."""
    name = str(path)
    records: list[Record] = []
    problems: list[LoadProblem] = []
    entries: list[tuple[Record, int, int, int]] = []
    decoder = json.JSONDecoder()
    start = 3 if raw.startswith(b"\xef\xbb\xbf") else 0
    number = 0
    for match in _BYTE_LINES.finditer(raw, start):
        number += 1
        line = match.group(1)
        body = line.strip()
        if not body or body.startswith(b"//"):
            if not match.group(2):
                break
            continue
        try:
            text = body.decode("utf-8")
            item, end = decoder.raw_decode(text)
            if text[end:].strip():
                raise json.JSONDecodeError("extra data after the record", text, end)
        except UnicodeDecodeError as exc:
            problems.append(LoadProblem(name, number, f"not UTF-8 text (byte {exc.start})"))
        except json.JSONDecodeError as exc:
            problems.append(LoadProblem(name, number, f"invalid JSON: {exc.msg} (column {exc.colno})"))
        else:
            if isinstance(item, dict) and isinstance(item.get("record"), dict):
                item = item["record"]
            try:
                record = Record(validate(item).data, f"{name}:{number}")
            except RecordError as exc:
                rid = item.get("id") if isinstance(item, dict) else None
                problems.append(LoadProblem(name, number, f"record {rid!r}: {exc}" if rid else str(exc)))
            else:
                records.append(record)
                entries.append((record, number, match.start(1), len(line)))
        if not match.group(2):
            break
    cache.write(path, stat, entries, [(p.line, p.message) for p in problems])
    return records, problems


_BYTE_LINES = re.compile(rb"([^\r\n]*)(\r\n|\r|\n|$)")


def _first_line(text: str) -> int:
    return text[: len(text) - len(text.lstrip())].count("\n") + 1


def _looks_like_lines(text: str) -> bool:
    """More than one line, and one of them is a whole JSON object: JSON Lines, whatever the other lines
    hold (a broken first line included). No line of a pretty-printed object is a whole object."""
    lines = [ln.strip() for ln in _split_lines(text) if ln.strip()]
    if len(lines) < 2:
        return False
    decoder = json.JSONDecoder()
    for line in lines:
        try:
            value, end = decoder.raw_decode(line)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict) and value and not line[end:].strip():
            return True
    return False


def _split_lines(text: str) -> list[str]:
    """`text` split at \\r\\n, \\r and \\n (str.split when there is no \\r: far cheaper than the regex on a shipped file)."""
    return text.split("\n") if "\r" not in text else LINE_BREAK.split(text)


def _load_lines(text: str, name: str, accept: Callable[[Any, int], None], problems: list[LoadProblem]) -> None:
    decoder = json.JSONDecoder()
    for number, line in enumerate(_split_lines(text), 1):
        body = line.strip()
        if not body or body.startswith("//"):
            continue
        try:
            item, end = decoder.raw_decode(body)
            if body[end:].strip():
                raise json.JSONDecodeError("extra data after the record", body, end)
        except json.JSONDecodeError as exc:
            problems.append(LoadProblem(name, number, f"invalid JSON: {exc.msg} (column {exc.colno})"))
            continue
        accept(item, number)


def _load_array(text: str, name: str, accept: Callable[[Any, int], None], problems: list[LoadProblem]) -> None:
    """Decode array items one by one so each bad item is reported at its own line."""
    decoder = json.JSONDecoder()
    pos = text.index("[") + 1
    length = len(text)

    def skip(p: int) -> int:
        while p < length and text[p] in " \t\r\n":
            p += 1
        return p

    pos = skip(pos)
    if pos < length and text[pos] == "]":
        return
    while pos < length:
        line = text.count("\n", 0, pos) + 1
        try:
            item, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            resume = _next_item(text, pos)
            rest = "this item is skipped" if resume is not None else "the rest of the array is skipped"
            problems.append(LoadProblem(name, exc.lineno, f"invalid JSON: {exc.msg}; {rest}"))
            if resume is None:
                return
            pos = resume
            continue
        pos = end
        accept(item, line)
        pos = skip(pos)
        if pos < length and text[pos] == ",":
            pos = skip(pos + 1)
            continue
        if pos < length and text[pos] == "]":
            return
        problems.append(LoadProblem(name, text.count("\n", 0, pos) + 1, "invalid JSON: expected `,` or `]`"))
        return


def _next_item(text: str, start: int) -> int | None:
    """Where the item after a broken one at `start` begins: the next `{` at the broken item's own
    indentation, at the start of a line, after a `,`. None when there is no such place to resume."""
    line_start = text.rfind("\n", 0, start) + 1
    indent = text[line_start:start]
    if indent.strip(" \t"):
        return None  # the item shares its line with others: no reliable place to resume
    for m in re.compile(r"\n" + re.escape(indent) + r"\{").finditer(text, start + 1):
        before = m.start()
        while before > start and text[before - 1] in " \t\r\n":
            before -= 1
        if text[before - 1] == ",":
            return m.end() - 1
    return None
