"""The command line's cache of findings, as Ruff's: an unchanged project checks again in a fraction of the time.

One entry per checked file, named by what its findings depend on besides the project's files: the file's
path, errata itself (its version and the content of its code and shipped records), the Python running it,
the settings that apply to the file (selected codes, severities, limits, the library versions of its
environment) and the content of the user's record files. An entry holds the findings, the content hash of
the file and of every project module the check read (through any chain of imports), and the listing of
every folder searched to resolve those modules' imports (a module added there may be found instead). It
is used only when all of these are as they were; anything else, a corrupt file or another version's
entry included, is a miss. Nothing in it is ever run: entries are JSON.

The entries of one folder's files are kept in one shard file. Writes are atomic (a temporary file,
then a rename). The cache holds at most `MAX_BYTES`: past it, the least recently used shards go.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import __version__
from .analysis.engine import Report
from .analysis.findings import Edit, Finding, Fix, Place, Safety, Severity, Span
from .settings import Settings

FORMAT = 1  # of an entry; another is a miss
MAX_BYTES = 256 * 2**20
MAX_SHARD_BYTES = 64 * 2**20  # the entries of one folder's files: a larger shard is not kept
_PACKAGE = Path(__file__).resolve().parent
_DATA_SUFFIXES = (".py", ".json", ".jsonl", ".toml", ".txt", ".md")


def default_dir() -> Path:
    """The user's cache folder: `$XDG_CACHE_HOME/errata` (else `~/.cache/errata`), `~/Library/Caches/errata`
    on macOS, `%LOCALAPPDATA%\\errata\\Cache` on Windows."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
        return Path(base) / "errata" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "errata"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "errata"


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def text_digest(text: str) -> str:
    return _digest(text.encode("utf-8", "surrogatepass"))


def _files_digest(paths: Iterable[Path]) -> str:
    h = hashlib.blake2b(digest_size=16)
    for path in sorted(paths):
        try:
            data = path.read_bytes()
        except OSError:
            data = b"\0unreadable"
        h.update(str(path).encode("utf-8", "surrogateescape") + b"\0" + _digest(data).encode() + b"\0")
    return h.hexdigest()


def _tree_files(root: Path, suffixes: tuple[str, ...] | None) -> list[Path]:
    if root.is_file():
        return [root]
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        out += [Path(folder, f) for f in files if suffixes is None or f.endswith(suffixes)]
    return out


class CheckCache:
    """The entries of one cache folder, for one run of `check`. The entries of the files of one folder
    (under one set of settings) are kept together in one shard file, read once and written once a run,
    as Ruff keeps one file per package: a project of 2,000 modules is a few dozen files, not 2,000."""

    def __init__(self, folder: Path):
        self.folder = folder / f"v{FORMAT}"
        self.started = time.time_ns()  # a file changed after this may have been read half-way: not kept
        self._errata = _files_digest(_tree_files(_PACKAGE, _DATA_SUFFIXES)) + __version__ + sys.version
        self._settings: dict[int, tuple[Settings, str]] = {}
        self._contents: dict[str, str | None] = {}
        self._listings: dict[str, str] = {}
        self._shards: dict[Path, tuple[str, dict[str, Any]]] = {}  # shard file -> its folder, its entries by name
        self._dirty: set[Path] = set()

    # --- what an entry is named by ------------------------------------------------------------------
    def _settings_digest(self, settings: Settings) -> str:
        kept = self._settings.get(id(settings))
        if kept is not None and kept[0] is settings:
            return kept[1]
        records = [f for p in settings.kb_paths for f in _tree_files(Path(p), None)]
        digest = _digest(f"{self._errata}\0{settings!r}\0{_files_digest(records)}".encode("utf-8", "surrogateescape"))
        self._settings[id(settings)] = (settings, digest)
        return digest

    def _shard(self, path: str, settings: Settings, root: str) -> tuple[Path, dict[str, Any], str]:
        """The shard of `path`'s folder under `settings`, its entries, and `path`'s name among them."""
        folder, name = os.path.split(os.path.abspath(path))
        key = _digest(f"{self._settings_digest(settings)}\0{folder}\0{root}".encode("utf-8", "surrogateescape"))
        where = self.folder / key[:2] / f"{key}.json"
        kept = self._shards.get(where)
        if kept is None:
            kept = self._shards[where] = (folder, _read_shard(where))
        return where, kept[1], name

    # --- what an entry depends on -------------------------------------------------------------------
    def content(self, path: str) -> str | None:
        """The digest of a module's text as the project model reads it (None: unreadable)."""
        if path not in self._contents:
            from .analysis.project import read_module

            text = read_module(path)
            self._contents[path] = None if text is None else text_digest(text)
        return self._contents[path]

    def listing(self, folder: str) -> str:
        """The digest of a folder's listing as an import can find in it: its folders and `.py` files
        named as a module can be (a `.pytest_cache/` or a `notes-v2.py` appearing changes nothing)."""
        found = self._listings.get(folder)
        if found is None:
            try:
                with os.scandir(folder) as it:
                    names = sorted(f"{e.name}/" if e.is_dir() else e.name for e in it
                                   if (e.name[:-3] if e.name.endswith(".py") else e.name).isidentifier()
                                   and (e.name.endswith(".py") or e.is_dir()))
            except OSError:
                names = []
            found = self._listings[folder] = _digest("\0".join(names).encode("utf-8", "surrogateescape"))
        return found

    def _changed_since_start(self, path: str) -> bool:
        try:
            return os.stat(path).st_mtime_ns >= self.started
        except OSError:
            return False

    # --- reading and writing ------------------------------------------------------------------------
    def get(self, path: str, text: str, settings: Settings, root: str) -> Report | None:
        """The report kept for `path` holding `text`, when nothing it depends on changed."""
        _, entries, name = self._shard(path, settings, root)
        try:
            entry = entries.get(name)
            if not isinstance(entry, dict) or entry.get("text") != text_digest(text):
                return None
            if any(self.content(p) != digest for p, digest in entry["modules"].items()):
                return None
            if any(self.listing(f) != digest for f, digest in entry["folders"].items()):
                return None
            return report_from_json(entry["report"])
        except (ValueError, KeyError, TypeError, AttributeError, IndexError):
            return None  # a corrupt entry: checked again

    def put(self, path: str, text: str, settings: Settings, root: str, report: Report,
            folders: set[str] | None) -> None:
        """Keep `report` for `path` holding `text`; `folders` were listed to resolve the imports of the
        file and of the modules it read (None: not known, nothing is kept)."""
        if report.failures or folders is None:
            return  # a rule that failed runs again; unknown dependencies cannot be checked
        modules = {p: self.content(p) for p in report.modules}
        if any(d is None for d in modules.values()) or any(self._changed_since_start(p) for p in (*modules, *folders)):
            return
        where, entries, name = self._shard(path, settings, root)
        entries[name] = {"text": text_digest(text), "modules": modules,
                         "folders": {f: self.listing(f) for f in sorted(folders)}, "report": report_to_json(report)}
        self._dirty.add(where)

    def flush(self, limit: int = MAX_BYTES) -> None:
        """Every shard changed in this run written (whole: a temporary file, then a rename; a shard
        read by a run at the same time is the old one or the new one), then the bound kept."""
        for where in sorted(self._dirty):
            folder, entries = self._shards[where]
            kept = {name: e for name, e in entries.items() if os.path.isfile(os.path.join(folder, name))}  # not the gone
            data = json.dumps({"format": FORMAT, "files": kept}, ensure_ascii=False,
                              separators=(",", ":")).encode("utf-8", "surrogateescape")
            if len(data) <= MAX_SHARD_BYTES:
                _write_whole(where, data)
        if self._dirty:
            self._dirty.clear()
            self.prune(limit)
        else:  # read, not written: recently used all the same
            for where in self._shards:
                try:
                    os.utime(where)
                except OSError:
                    pass

    def prune(self, limit: int = MAX_BYTES) -> None:
        """At most `limit` bytes kept: the least recently used shards go first, down to three quarters."""
        shards = []
        try:
            for sub in os.scandir(self.folder):
                if sub.is_dir():
                    for entry in os.scandir(sub.path):
                        info = entry.stat()
                        shards.append((info.st_mtime_ns, info.st_size, entry.path))
        except OSError:
            return
        total = sum(size for _, size, _ in shards)
        if total <= limit:
            return
        for _, size, path in sorted(shards):
            try:
                os.unlink(path)
            except OSError:
                continue
            total -= size
            if total <= limit * 3 // 4:
                break


def _read_shard(where: Path) -> dict[str, Any]:
    """A shard's entries by file name; none when it is missing, corrupt or of another format."""
    try:
        with open(where, "rb") as handle:
            data = json.loads(handle.read(MAX_SHARD_BYTES + 1))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("files"), dict):
        return {}
    return data["files"]


def _write_whole(where: Path, data: bytes) -> None:
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=where.parent, prefix=".shard.")
        try:
            with open(fd, "wb") as handle:
                handle.write(data)
            os.replace(temporary, where)
        except BaseException:
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise
    except OSError:
        return  # a read-only or full disk: the check went on uncached


# --- a report as JSON, and back ---------------------------------------------------------------------
def _span(span: Span) -> list[int]:
    return [span.start.line, span.start.column, span.end.line, span.end.column]


def _unspan(values: list[int]) -> Span:
    line, column, end_line, end_column = (int(v) for v in values)
    return Span.of(line, column, end_line, end_column)


def _finding(f: Finding) -> dict[str, Any]:
    return {"code": f.code, "record": f.record_id, "span": _span(f.span), "message": f.message,
            "severity": f.severity.value, "rule": f.rule,
            "fixes": [{"title": x.title, "safety": x.safety.value, "preferred": x.preferred, "path": x.path,
                       "edits": [[*_span(e.span), e.new_text] for e in x.edits]} for x in f.fixes],
            "elsewhere": None if f.elsewhere is None else [f.elsewhere.path, *_span(f.elsewhere.span), f.elsewhere.what]}


def _unfinding(d: dict[str, Any]) -> Finding:
    fixes = tuple(Fix(str(x["title"]), tuple(Edit(_unspan(e[:4]), str(e[4])) for e in x["edits"]),
                      Safety(x["safety"]), bool(x["preferred"]), None if x.get("path") is None else str(x["path"]))
                  for x in d["fixes"])
    where = d["elsewhere"]
    return Finding(str(d["code"]), str(d["record"]), _unspan(d["span"]), str(d["message"]), Severity(d["severity"]),
                   fixes, str(d["rule"]), None if where is None else Place(str(where[0]), _unspan(where[1:5]),
                                                                          *(str(w) for w in where[5:6])))


def report_to_json(report: Report) -> dict[str, Any]:
    return {"findings": [_finding(f) for f in report.findings], "skipped": report.skipped,
            "parsed_lines": report.parsed_lines, "notes": [[line, note] for line, note in report.notes],
            "modules": list(report.modules)}


def report_from_json(d: dict[str, Any]) -> Report:
    skipped = d["skipped"]
    return Report(findings=[_unfinding(f) for f in d["findings"]], failures=[],
                  skipped=None if skipped is None else str(skipped), parsed_lines=int(d["parsed_lines"]),
                  notes=[(int(line), str(note)) for line, note in d["notes"]],
                  modules=tuple(str(m) for m in d["modules"]))
