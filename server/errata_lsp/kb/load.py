"""Read records from files and folders: JSON object, JSON array, JSON Lines, the dataset's
`{"record": ..., "datasetVersion": ...}` wrapper and the site's text export.

A bad record is reported with its file and line and skipped; the rest of the file still loads.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files import SourceError, kind_problem, read_regular
from . import cache
from .pattern import engine as pattern_engine
from .record import Record, RecordError, validate
from .text_export import ExportError, looks_like_text_export, parse_text_export

RECORD_SUFFIXES = {".json", ".jsonl", ".ndjson", ".txt"}
LINE_BREAK = re.compile(r"\r\n|\r|\n")  # not str.splitlines: U+2028 and the like may sit raw inside a JSON string
MAX_FILE_BYTES = 512 * 1024 * 1024
MAX_WALK_ENTRIES = 200_000  # files and folders under one kb path


@dataclass(frozen=True)
class LoadProblem:
    """Why a record, or a whole file, was not loaded."""

    path: str
    line: int  # 1-based; 0 when the problem is the file itself
    message: str

    def __str__(self) -> str:
        path = self.path if self.path.isprintable() else repr(self.path)[1:-1]  # a NUL byte, a control character
        return f"{path}:{self.line}: {self.message}" if self.line else f"{path}: {self.message}"


def iter_record_files(paths: Iterable[str | os.PathLike[str]],
                      counted: list[int] | None = None) -> Iterator[Path | LoadProblem]:
    """Record files under `paths` (a path named directly whatever its suffix), and a problem for each
    folder that cannot be listed. Links to folders are not followed: a loop cannot trap the walk.
    A folder holding more than MAX_WALK_ENTRIES files and folders (`kb-paths = ["/usr"]`) is read
    that far, with a problem that says so. `counted` (one number) adds up the entries looked at."""
    for raw in paths:
        path = Path(raw)
        if counted is not None:
            counted[0] += 1
        if not path.is_dir():
            yield path
            continue
        failures: list[OSError] = []
        found: list[Path] = []
        seen = 0
        for root, dirs, files in os.walk(path, onerror=failures.append):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            seen += len(dirs) + len(files)
            found.extend(Path(root) / name for name in files
                         if not name.startswith(".") and Path(name).suffix in RECORD_SUFFIXES)
            if seen > MAX_WALK_ENTRIES:
                failures.append(OSError(f"more than {MAX_WALK_ENTRIES:,} files and folders; the rest is not read"))
                break
        if counted is not None:
            counted[0] += seen
        yield from sorted(found)
        for failure in failures:
            yield LoadProblem(str(failure.filename or path), 0,
                              f"cannot list: {failure.strerror}" if failure.strerror else str(failure))


# --- what the files under kb paths are now ---------------------------------------------------------
INLINE_WALK_ENTRIES = 500  # a walk past this many files and folders is done again in the background only
RESTAMP_S = 2.0  # a walk done in the background is done again at most this often (or ten times its cost)


@dataclass
class _Stamp:
    value: tuple[Any, ...]
    files: tuple[Path | LoadProblem, ...]  # what the walk found: `load_paths` reads these, not a walk of its own
    taken: float  # time.monotonic() at its end
    cost: float  # seconds the walk took
    entries: int  # files and folders it looked at
    refreshing: bool = False


_stamps: dict[tuple[str, ...], _Stamp] = {}
_stamps_lock = threading.Lock()


def stamp(paths: Iterable[str | os.PathLike[str]]) -> tuple[Any, ...]:
    """Each record file under `paths` with its size and modification time: it differs as soon as a
    file is added, removed or written. A walk of a few files is done on every ask; the answer for
    a big folder (20,000 files, `/usr`) is the last walk's, and a walk starts in a background thread
    when that one is older than RESTAMP_S: a keystroke never waits on a walk of a big folder. After
    `forget_stamps()` (a record file saved or changed on disk) the next ask walks at once."""
    key = tuple(map(str, paths))
    with _stamps_lock:
        known = _stamps.get(key)
        if known is not None and known.entries > INLINE_WALK_ENTRIES:
            if not known.refreshing and time.monotonic() - known.taken > max(RESTAMP_S, 10 * known.cost):
                known.refreshing = True
                threading.Thread(target=_restamp, args=(key,), daemon=True, name="errata-kb-walk").start()
            return known.value
    fresh = _walk(key)
    with _stamps_lock:
        if len(_stamps) > 64:
            _stamps.clear()
        _stamps[key] = fresh
    return fresh.value


def last_stamp(paths: Iterable[str | os.PathLike[str]]) -> tuple[Any, ...] | None:
    """What the last walk of `paths` found (`stamp`), without walking; None when there was none."""
    with _stamps_lock:
        known = _stamps.get(tuple(map(str, paths)))
    return known.value if known is not None else None


def record_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path | LoadProblem]:
    """`iter_record_files(paths)` as the walk behind `stamp(paths)` found them: a load after a
    check noticed a change walks no folder again."""
    key = tuple(map(str, paths))
    stamp(key)
    with _stamps_lock:
        known = _stamps.get(key)
    return list(known.files) if known is not None else list(iter_record_files(key))


def forget_stamps() -> None:
    with _stamps_lock:
        _stamps.clear()


def _restamp(key: tuple[str, ...]) -> None:
    try:
        fresh: _Stamp | None = _walk(key)
    except Exception:  # the last walk's answer stands; the next ask tries again
        fresh = None
    with _stamps_lock:
        known = _stamps.get(key)
        if known is None:  # forgotten meanwhile: the next ask walks
            return
        if fresh is None:
            known.refreshing, known.taken = False, time.monotonic()
        else:
            _stamps[key] = fresh


def _walk(key: tuple[str, ...]) -> _Stamp:
    began = time.perf_counter()
    found: list[tuple[Any, ...]] = []
    counted = [0]
    listed = tuple(iter_record_files(key, counted))
    for path in listed:
        if isinstance(path, Path):
            try:
                stat = os.stat(path)
            except (OSError, ValueError):  # gone, unreadable, or a NUL byte in its name
                found.append((str(path), None))
                continue
            found.append((str(path), stat.st_mtime_ns, stat.st_size))
    return _Stamp(tuple(found), listed, time.monotonic(), time.perf_counter() - began, counted[0])


def load_paths(paths: Iterable[str | os.PathLike[str]],
               check_patterns: bool = True) -> tuple[list[Record], list[LoadProblem]]:
    records: list[Record] = []
    problems: list[LoadProblem] = []
    for path in record_files(paths):
        if isinstance(path, LoadProblem):
            problems.append(path)
            continue
        found, bad = load_file(path, check_patterns)
        records.extend(found)
        problems.extend(bad)
    return records, problems


# What each file held when last read, keyed by what `stat` says of it: the knowledge base and the
# `detect` rules read the same files, and a folder read again after one file changed parses that one.
_read: dict[tuple[str, bool | None], tuple[tuple[int, ...], tuple[list[Record], list[LoadProblem]]]] = {}
_read_lock = threading.Lock()  # two threads asking for one file at once: one parses, the other waits
MAX_REMEMBERED_FILES = 100_000


def load_file(path: Path, check_patterns: bool = True) -> tuple[list[Record], list[LoadProblem]]:
    """The records of one file and the problems of the others, each reported at its line."""
    name = str(path)
    try:
        stat = path.stat()
    except OSError as exc:
        return [], [LoadProblem(name, 0, f"cannot read: {exc.strerror or exc}")]
    except ValueError:
        return [], [LoadProblem(name, 0, "cannot read: the path holds a NUL byte")]
    checked_with_regex = (pattern_engine() is not None) if check_patterns else None  # patterns checked, and how
    key = (name, checked_with_regex)
    seen = (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    with _read_lock:
        known = _read.get(key)
        if known is not None and known[0] == seen:
            return list(known[1][0]), list(known[1][1])
        found = _load_file(path, stat, check_patterns)
        if len(_read) >= MAX_REMEMBERED_FILES:
            _read.clear()
        _read[key] = (seen, found)
        return list(found[0]), list(found[1])


def forget_files() -> None:
    """Read every file again on its next load, as a new process would."""
    with _read_lock:
        _read.clear()


def _load_file(path: Path, stat: os.stat_result, check_patterns: bool) -> tuple[list[Record], list[LoadProblem]]:
    name = str(path)
    try:
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
            problems.append(_record_problem(name, line, item, str(exc)))

    stripped = text.lstrip()
    if not stripped:
        return [], [LoadProblem(name, 0, "empty file")]
    if stripped[0] == "[":
        _load_array(text, name, accept, problems)
    elif stripped[0] == "{":
        try:
            accept(json.loads(text), _first_line(text))
        except (ValueError, RecursionError) as whole:
            if name.endswith((".jsonl", ".ndjson")) or _looks_like_lines(text):
                _load_lines(text, name, accept, problems)
            elif isinstance(whole, json.JSONDecodeError):
                problems.append(LoadProblem(name, whole.lineno, f"invalid JSON: {whole.msg}"))
            elif isinstance(whole, RecursionError):
                problems.append(LoadProblem(name, _first_line(text), TOO_DEEP))
            else:
                problems.append(LoadProblem(name, _first_line(text), f"invalid JSON: {whole}"))
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
        except RecursionError:
            problems.append(LoadProblem(name, number, TOO_DEEP))
        except ValueError as exc:  # a number of 5,000 digits
            problems.append(LoadProblem(name, number, f"invalid JSON: {exc}"))
        else:
            if isinstance(item, dict) and isinstance(item.get("record"), dict):
                item = item["record"]
            try:
                record = Record(validate(item).data, f"{name}:{number}")
            except RecordError as exc:
                problems.append(_record_problem(name, number, item, str(exc)))
            else:
                records.append(record)
                entries.append((record, number, match.start(1), len(line)))
        if not match.group(2):
            break
    cache.write(path, stat, entries, [(p.line, p.message) for p in problems])
    return records, problems


_BYTE_LINES = re.compile(rb"([^\r\n]*)(\r\n|\r|\n|$)")


def _record_problem(name: str, line: int, item: Any, why: str) -> LoadProblem:
    rid = item.get("id") if isinstance(item, dict) else None
    if not isinstance(rid, (str, int, float)) or not rid:  # a list nested 900 deep has no printable id
        return LoadProblem(name, line, why)
    shown = repr(rid) if len(repr(rid)) <= 80 else repr(rid)[:77] + "..."
    return LoadProblem(name, line, f"record {shown}: {why}")


TOO_DEEP = "nested too deep to read; this record is skipped"


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
        except (ValueError, RecursionError):
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
        except RecursionError:
            problems.append(LoadProblem(name, number, TOO_DEEP))
            continue
        except ValueError as exc:  # a number of 5,000 digits
            problems.append(LoadProblem(name, number, f"invalid JSON: {exc}"))
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

    # Lines are counted on from the last item, never from the start: a count per item from the
    # start made a file of 16,000 records cost seconds.
    counted_to, line = 0, 1

    def line_at(p: int) -> int:
        nonlocal counted_to, line
        line += text.count("\n", counted_to, p)
        counted_to = p
        return line

    pos = skip(pos)
    if pos < length and text[pos] == "]":
        return
    while pos < length:
        at = line_at(pos)
        try:
            item, end = decoder.raw_decode(text, pos)
        except (ValueError, RecursionError) as exc:
            resume = _next_item(text, pos)
            rest = "this item is skipped" if resume is not None else "the rest of the array is skipped"
            if isinstance(exc, json.JSONDecodeError):
                problems.append(LoadProblem(name, at + text.count("\n", pos, exc.pos), f"invalid JSON: {exc.msg}; {rest}"))
            elif isinstance(exc, RecursionError):
                problems.append(LoadProblem(name, at, f"nested too deep to read; {rest}"))
            else:
                problems.append(LoadProblem(name, at, f"invalid JSON: {exc}; {rest}"))
            if resume is None:
                return
            pos = resume
            continue
        pos = end
        accept(item, at)
        pos = skip(pos)
        if pos < length and text[pos] == ",":
            pos = skip(pos + 1)
            continue
        if pos < length and text[pos] == "]":
            return
        problems.append(LoadProblem(name, line_at(pos), "invalid JSON: expected `,` or `]`"))
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
