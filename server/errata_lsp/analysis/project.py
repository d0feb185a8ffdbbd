"""The modules of a project, where its imports lead, and what each module's names hold once it has run.

A project is a folder: a workspace folder in the editor, else the nearest folder above a file that
holds `pyproject.toml`, `setup.py`, `setup.cfg` or `.git` (the command line's files share one per
such folder). Its modules are found on the file system only, as Python's path finder would find
them with the importing file's folder, the project folder and its `src/` on `sys.path`: flat
folders, packages, `src/` layouts and namespace packages (a folder without `__init__.py`).
Nothing is ever imported or run.

- `ModuleFinder`: a dotted name, or a relative import from a file, to the `Module` it names. Each
  folder's listing is kept until the folder changes (one `stat`), so a name that is no module is
  looked up once, not at every use.
- `Summary`: one module's text (an open buffer's, else the file's, read up to `MAX_MODULE_BYTES`)
  and the value-flow layer (`Flow`) over it. A module past `WHOLE_MODULE_BYTES` is not walked whole:
  each name asked gets a flow over the chunks that mention it and those they read.
- `Project`: the summaries, keyed by their module's text, the import forms (`from m import x`,
  `import a.b as c`, `from . import m`, `from m import *` with and without `__all__`, re-exports
  through a package's `__init__`), and which modules each summary read, so a change in one module
  drops every summary that read it and tells which open documents to check again. Where an import
  looked in vain is kept too (`ModuleFinder.missed_of`): a module added there (or a package's
  `__init__.py`, or one that now shadows another) drops what the importing file read and changes
  `Project.lookups`, which the engine keeps findings by.

Bounded: `MAX_SUMMARIES` modules kept per project, `MAX_MODULE_BYTES` per module, `MAX_CHAIN`
imports followed one inside another. Past a bound, or in an import cycle, a name is unknown.
"""

from __future__ import annotations

import ast
import os
import re
import stat
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .binder import Def, is_main_guard, source_text
from .context import Context, LibraryVersions
from .document import Chunk, Document
from .flow import Flow
from .idioms import environment_writes
from .syspath import folders_added
from .tips import NO_TIPS, Tips
from .values import Entry, Value

MAX_MODULE_BYTES = 2 * 1024 * 1024
WHOLE_MODULE_BYTES = 128 * 1024  # above: a flow per name asked, over the chunks that name needs
MAX_SUMMARIES = 512
MAX_PROJECTS = 32  # projects a process keeps (a check runs over many, an editor has its workspace folders)
MAX_NAME_FLOWS = 32  # per large module
MAX_CHAIN = 16  # imports followed one inside another (a re-export of a re-export of ...)
MAX_LISTING = 20_000  # entries read from one folder
MAX_IMPORTERS = 20_000  # files whose folders listed are kept (`ModuleFinder.folders_of`)
MAX_MISSED = 256  # places one file's imports looked in vain kept (past it, their folders: `ModuleFinder.missed_of`)
MAX_CALLER_FILES = 2_000  # project files looked through for the calls of a function its own module never calls
MAX_CALLER_MODULES = 8  # of those, the modules read (those that name the function and its module)
MAX_JOINED = 200  # files joined to a module by imports that `named_elsewhere` reads; past it, any may name a method
MAX_LISTINGS = 8  # folder listings kept at once (a project's modules ask a few: their own folder, the roots above)
WORD = re.compile(r"\w+")
DEFINED = re.compile(r"\bdef\s+\w+")  # a def's own name
IMPORT_LINE = re.compile(r"^[ \t]*(?:from|import)\b[^\n]*", re.M)  # the words that may name an imported module
# an import line's first module: `from .x`, `from a.b`, `import a.b` (a relative one has no first part: '')
DOTS_ONLY = re.compile(r"^[ \t]*from[ \t]+(\.+)[ \t]*import\b")  # `from . import x`: no module spelt after the dots
IMPORTED_TOP = re.compile(r"^[ \t]*(?:from[ \t]+(?:\.+|(\w+))|import[ \t]+(\w+))")
SKIPPED_FOLDERS = frozenset({"__pycache__", "node_modules", "site-packages", "build", "dist"})
# (module path, instance name, attribute, the call that built the instance): `CFG = Config()` of config.py
InstanceAttribute = tuple[str, str, str, ast.Call]
ROUNDS = 3  # chunks a name needs: those that mention it, then what they read, this many steps out
_MISSING = object()
MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
KEEP_TOLD_STAMPS = 2.0  # seconds a told-of module's stamp is kept across checks (`Watch`)
NOT_PROJECT = frozenset({"builtins", "functools", "dataclasses", "copy", "types", "argparse", "enum", "typing"})


def _packages_named_by_dots(path: str, lines: list[str]) -> frozenset[str]:
    """The packages `from . import name` (`from .. import name`) in the module at `path` imports from without
    spelling them: the folder of its package (that many folders up), as an import line's word would name it
    (`from . import register` in backends/tpu.py reads the `register` of backends/__init__.py)."""
    out: set[str] = set()
    for line in lines:
        m = DOTS_ONLY.match(line)
        if m:
            folder = os.path.dirname(path)
            for _ in range(len(m[1]) - 1):
                folder = os.path.dirname(folder)
            out.add(os.path.basename(folder))
    return frozenset(out)


def import_lines(text: str) -> list[str]:
    """`IMPORT_LINE.findall(text)`: the lines that start with `from` or `import`, in order. Only the lines
    holding one of the two words are tried (found by substring search, not a match tried at every line of
    a big module: ~4x faster at 10k lines)."""
    starts: set[int] = set()
    find, rfind = text.find, text.rfind
    for word in ("import", "from"):
        at = find(word)
        while at >= 0:
            starts.add(rfind("\n", 0, at) + 1)
            at = find(word, at + len(word))
    match = IMPORT_LINE.match  # (`^` holds at a line's start: the text's, or just after a line break)
    return [found.group() for start in sorted(starts) if (found := match(text, start)) is not None]


@dataclass(frozen=True)
class Module:
    """A module of the project: its dotted name as imported, its file (`.py`, a package's
    `__init__.py`; None for a namespace package), and a package's folder."""

    name: str
    path: str | None
    folder: str | None = None


# --- finding modules ---------------------------------------------------------------------------------
class ModuleFinder:
    """Where a module of the project is, read from folder listings (never by importing it)."""

    def __init__(self, roots: tuple[str, ...]):
        self.roots = roots
        self._listings: dict[str, tuple[int, dict[str, bool]]] = {}  # folder -> (mtime, name -> is a folder)
        self._seen: dict[str, dict[str, bool]] = {}  # listings already checked against their folder this round
        # `find`'s answers this round, by (name, importer, entry folder, folders added to `sys.path`)
        self._found: dict[tuple[str, str | None, str | None, tuple[str, ...]], Module | None] = {}
        # `find`'s answers kept across rounds, each with the listings it read: still the answer while every
        # one of those folders lists the same (a keystroke in an importing module resolves its imports again)
        # (and the places it looked in vain)
        self._answers: dict[tuple[str, str | None, str | None, tuple[str, ...]],
                            tuple[Module | None, tuple[tuple[str, dict[str, bool]], ...], tuple[str, ...]]] = {}
        self._consulted: list[tuple[str, dict[str, bool]]] | None = None  # the listings the running `find` reads
        self.entry: str | None = None  # the folder of the document being checked
        self.entry_file: str | None = None  # that document: what it adds to `sys.path` holds for every import after
        # the folders a file adds to `sys.path` from its own location (`syspath.folders_added`), by path
        self.path_additions: Callable[[str], tuple[str, ...]] = lambda path: ()
        self.libraries: tuple[str, ...] = ()  # top-level packages the packs name: never the project's modules
        # an importing file -> every folder listed to resolve its imports, missing ones too (a file added
        # there may change what they find): what a cache of findings must also watch
        self.folders_of: OrderedDict[str, set[str]] = OrderedDict()
        self._noted: set[str] | None = None  # the set of the importing file being resolved now
        self.forgot = False  # some file's folders were let go (past MAX_IMPORTERS)
        # an importing file -> where its imports looked and found nothing, each as a path without `.py`
        # (`folder/config`: a `config.py` or a `config/` folder there would be found): a file added there
        # changes what they find. With `missing_at`, the files that looked at a place, to find them by it
        self.missed_of: dict[str, set[str]] = {}
        self.missing_at: dict[str, set[str]] = {}
        self._missed: str | None = None  # the importing file being resolved now
        self._missing: list[str] | None = None  # the places the running `find` looked in vain

    def new_round(self) -> None:
        """A new check: each folder's listing is checked against the folder again (once)."""
        self._seen.clear()
        self._found.clear()

    def resolving_for(self, importer: str | None) -> None:
        """The listings read from now on resolve `importer`'s imports."""
        if importer is None:
            self._noted = self._missed = None
            return
        noted = self.folders_of.pop(importer, None)
        self._noted = self.folders_of[importer] = noted if noted is not None else set()
        self._missed = importer
        if len(self.folders_of) > MAX_IMPORTERS:
            gone, _ = self.folders_of.popitem(last=False)
            for place in self.missed_of.pop(gone, ()):
                self._unwatch(place, gone)
            self.forgot = True

    def _miss(self, folder: str, name: str) -> None:
        """`name` (a module stem, `__init__`) is not in `folder`: the importing file watches that place."""
        place = os.path.join(folder, name)
        if self._missing is not None:
            self._missing.append(place)
        self.missed_there(place)

    def missed_there(self, place: str) -> None:
        importer = self._missed
        if importer is None:
            return
        missed = self.missed_of.get(importer)
        if missed is None:
            missed = self.missed_of[importer] = set()
        elif place in missed:
            return
        if len(missed) >= MAX_MISSED:  # bounded: the whole folder watched (any file there changed)
            place = os.path.dirname(place)
            if place in missed:
                return
        missed.add(place)
        self.missing_at.setdefault(place, set()).add(importer)

    def _unwatch(self, place: str, importer: str) -> None:
        watching = self.missing_at.get(place)
        if watching is not None:
            watching.discard(importer)
            if not watching:
                del self.missing_at[place]

    def missed_by(self, path: str) -> set[str]:
        """The importing files an import of which looked in vain where `path` (a file added, deleted or
        renamed) is: `folder/config` for `folder/config.py` or for anything under `folder/config/`. Their
        places are let go: the next resolution of their imports notes them again."""
        places = [path[:-3]] if path.endswith(".py") else [path]
        folder = os.path.dirname(path)
        while folder not in places and len(places) < 64:
            places.append(folder)
            folder = os.path.dirname(folder)
        found: set[str] = set()
        for place in places:
            found |= self.missing_at.get(place, set())
        for importer in found:
            for place in self.missed_of.pop(importer, ()):
                self._unwatch(place, importer)
        if found:  # read these folders again even when a coarse clock left their mtime alone
            for place in places:
                self._listings.pop(place, None)
            self._answers.clear()
        return found

    def folders_listed(self, importers: Iterable[str]) -> set[str] | None:
        """Every folder listed to resolve the imports of `importers`; None once some were let go."""
        if self.forgot:
            return None
        return {folder for importer in importers for folder in self.folders_of.get(importer, ())}

    def listing(self, folder: str) -> dict[str, bool]:
        entries = self._listing(folder)
        if self._consulted is not None:
            self._consulted.append((folder, entries))
        return entries

    def _listing(self, folder: str) -> dict[str, bool]:
        if self._noted is not None:
            self._noted.add(folder)
        seen = self._seen.get(folder)
        if seen is not None:
            return seen
        try:
            mtime = os.stat(folder).st_mtime_ns
        except (OSError, ValueError):
            return {}
        kept = self._listings.get(folder)
        if kept is not None and kept[0] == mtime:
            self._seen[folder] = kept[1]
            return kept[1]
        entries: dict[str, bool] = {}
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    if len(entries) >= MAX_LISTING:
                        break
                    try:
                        if entry.is_dir():
                            entries[entry.name] = True
                        elif entry.name.endswith(".py") and entry.is_file():
                            entries[entry.name] = False
                    except OSError:  # a symlink loop, a name that cannot be read
                        continue
        except (OSError, ValueError):
            return {}
        if len(self._listings) >= 4 * MAX_SUMMARIES:
            self._listings.pop(next(iter(self._listings)))
        self._listings[folder] = (mtime, entries)
        self._seen[folder] = entries
        return entries

    def find(self, dotted: str, importer: str | None) -> Module | None:
        """An absolute import: the importing file's folder first, then, for a module of a package, the
        folder its top-level package is imported from (`from tinytrain.checkpoint import f` in
        tinytrain/__init__.py), then the folder of the document being checked (a script run as `python
        train.py`), then the project folder and its `src/`."""
        top = dotted.split(".")[0]
        if not top.isidentifier() or top in self.libraries or top in NOT_PROJECT or top in sys.stdlib_module_names:
            return None
        added = tuple(dict.fromkeys(folder for source in (importer, self.entry_file) if source
                                    for folder in self.path_additions(source)))
        key = (dotted, importer, self.entry, added)
        if key in self._found:  # asked at each use of the name: the listings are those of this round
            return self._found[key]
        self.resolving_for(importer)
        kept = self._answers.get(key)
        if kept is not None and all(self._listing(folder) is entries for folder, entries in kept[1]):
            if self.forgot:  # else its places are still the importer's (`missed_by` drops the answers it lets go)
                for place in kept[2]:
                    self.missed_there(place)
            self._found[key] = kept[0]
            return kept[0]
        self._consulted, self._missing = [], []
        try:
            found = self._find(dotted, importer, added)
            consulted, missing = tuple(self._consulted), tuple(self._missing)
        finally:
            self._consulted = self._missing = None
        if len(self._answers) >= 4 * MAX_SUMMARIES:
            self._answers.pop(next(iter(self._answers)))
        self._answers[key] = (found, consulted, missing)
        self._found[key] = found
        return found

    def _find(self, dotted: str, importer: str | None, added: tuple[str, ...] = ()) -> Module | None:
        bases = [os.path.dirname(importer)] if importer else []
        if bases and self._has_init(bases[0]):
            above = bases[0]
            while self._has_init(above) and os.path.dirname(above) != above:
                above = os.path.dirname(above)
            bases.append(above)
        if self.entry is not None and self.entry not in bases:
            bases.append(self.entry)  # `python train.py` puts train.py's folder first for every module
        bases += [f for f in added if f not in bases]  # `sys.path.append(str(Path(__file__).parent.parent))`
        bases += [r for r in self.roots if r not in bases]
        found = None
        for base in bases:
            found = self.under(base, dotted)
            if found is not None:
                break
        return found

    def _has_init(self, folder: str) -> bool:
        """`folder` is a package (it has `__init__.py`); if not, one added there changes that."""
        if "__init__.py" in self.listing(folder):
            return True
        self._miss(folder, "__init__")
        return False

    def relative(self, importer: str, level: int, dotted: str | None) -> Module | None:
        """`from ..pkg import x` in `importer`: from the importer's package, `level - 1` folders up."""
        self.resolving_for(importer)
        folder = os.path.dirname(importer)
        for _ in range(level - 1):
            folder = os.path.dirname(folder)
        if not dotted:
            init = os.path.join(folder, "__init__.py")
            return Module(os.path.basename(folder), init if self._has_init(folder) else None, folder)
        return self.under(folder, dotted)

    def under(self, folder: str, dotted: str) -> Module | None:
        """`dotted` looked up in `folder`: a package (a folder with `__init__.py`) before a module
        file, a module file before a namespace package, as Python's path finder orders them."""
        parts = dotted.split(".")
        found: Module | None = None
        for i, part in enumerate(parts):
            entries = self.listing(folder)
            last = i == len(parts) - 1
            name = ".".join(parts[: i + 1])
            if entries.get(part) is True:
                inner = os.path.join(folder, part)
                has_init = "__init__.py" in self.listing(inner)
                if not has_init:
                    self._miss(inner, "__init__")
                if has_init or not last or f"{part}.py" not in entries:
                    found = Module(name, os.path.join(inner, "__init__.py") if has_init else None, inner)
                    folder = inner
                    continue
            if last and entries.get(f"{part}.py") is False:
                return Module(name, os.path.join(folder, f"{part}.py"))
            self._miss(folder, part)
            return None
        return found


def _reexports(init_text: str, stem: str, name: str) -> bool:
    """A package's `__init__` text imports `name` (or `*`) from its module or subpackage `stem`: `from
    .stem import name`, `from pkg.stem import (a, name)`. Read by pattern, as the importers are: a miss
    only leaves callers unread."""
    imports = re.finditer(rf"^[ \t]*from[ \t]+[\w.]*\b{re.escape(stem)}[ \t]+import\b(\s*\([^)]*\)|[^\n]*)",
                          init_text, re.M)
    if any(re.search(rf"\*|\b{re.escape(name)}\b", found.group(1)) for found in imports):
        return True
    if not LAZY_HOOK.search(init_text):
        return False
    # a lazy export's literal mapping: `"name": ".stem"` (name -> module) or `"stem": ["name", ...]` (module -> names)
    quoted_name, quoted_stem = rf"[\"']{re.escape(name)}[\"']", rf"[\"'][\w.]*\b{re.escape(stem)}[\"']"
    return bool(re.search(rf"{quoted_name}\s*:\s*{quoted_stem}|{quoted_stem}\s*:\s*[\[(\{{][^\])}}]*{quoted_name}",
                          init_text))


def read_module(path: str, limit: int = MAX_MODULE_BYTES) -> str | None:
    """A module's text, or None when it is not a regular file or is larger than `limit`: no more than
    `limit` bytes are ever read (a FIFO or a device is never opened)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except (OSError, ValueError):
        return None
    if len(data) > limit:
        return None
    return data.decode("utf-8", errors="replace")


# --- module summaries --------------------------------------------------------------------------------
# a module's text that may store into another module at import: a dotted name assigned (at its top level or in a
# block of it), or `setattr(...)`, `vars(...)`, `__dict__` anywhere
_STORES_ELSEWHERE = re.compile(r"^[ \t]*[A-Za-z_]\w*(?:\.\w+)+\s*(?:=[^=]|[-+*/|&]=)|setattr\(|vars\(|__dict__", re.M)


def _run_at_import(flow: Flow, block: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a module's top level its import runs: those of the branch a test the module decides
    takes (`if TRAIN_ON == "tpu":` with `TRAIN_ON = os.environ.get("TRAIN_ON", "tpu")`), none of an `if` it
    leaves undecided (which of them runs is the run's)."""
    decided = {id(test): answer for test, _, answer in flow.scope(flow.ctx.module).decisions}
    for stmt in block:
        if isinstance(stmt, ast.If):
            answer = decided.get(id(stmt.test))
            if answer is None and isinstance(stmt.test, ast.Name):  # `if ON_TPU:`, a flag the module binds
                answer = flow.module_flag(stmt.test.id)
            if answer is not None:
                yield from _run_at_import(flow, stmt.body if answer else stmt.orelse)
            continue
        yield stmt


def _may_patch(text: str, name: str) -> bool:
    """A module's text may store `name` into another module (`config.name = ...`, `setattr(config, "name", ...)`,
    `vars(config).update(...)`, `config.__dict__.update(...)`): it spells the name or updates a namespace."""
    return name in text or "__dict__" in text or "vars(" in text


class Summary:
    """One module's text and the value-flow layer over it."""

    def __init__(self, project: Project, module: Module, text: str, stamp: object):
        self.project, self.module, self.stamp = project, module, stamp
        self.doc = Document(text, module.path)
        self.whole = len(text) <= WHOLE_MODULE_BYTES
        self.reads: dict[str, object] = {}  # the modules its flows read (paths), with their stamps then
        self.starred: dict[str, tuple[Value, ...] | None] = {}  # names looked up through its star imports, misses too
        # what a name it binds holds, read from another module (the pack's tips' id too): kept with the summary,
        # which is current only while no module it read changed (an importing module's keystroke reads it again)
        self.bindings: dict[tuple[str, int], tuple[Value, ...]] = {}
        self._flows: OrderedDict[tuple[str, int, bool, bool], Flow] = OrderedDict()
        self._exports: tuple[str, ...] | None | bool = False  # `__all__`; None when not a list of constants
        self._lazy: dict[str, LazyExport] | None = None  # names its module `__getattr__` imports on first use
        self._served_calls: dict[str, ast.Call] = {}  # `__getattr__(name)` made up for each name read

    def flow(self, name: str, as_main: bool = False, with_callers: bool = False) -> Flow:
        """The flow that tells what `name` holds: over the whole module, or over what `name` needs; with
        `as_main`, of the module run as a script (its `__main__` block too); `with_callers`, reading
        what other modules' calls pass its functions (kept apart: the plain reading is a function's own)."""
        key = ("" if self.whole else name, id(self.project.tips), as_main, with_callers)
        found = self._flows.get(key)
        if found is not None:
            self._flows.move_to_end(key)
            return found
        ctx = Context(self.doc, self.doc.chunks(("",)) if self.whole else self._chunks_for(name), self.project.tips)
        ctx.project = self.project
        ctx.versions = self.project.versions
        found = self._flows[key] = Flow(ctx, origin=self.module.path, as_main=as_main, with_callers=with_callers)
        ctx.__dict__["flow"] = found  # what the context works out from values, it asks of this flow
        if len(self._flows) > MAX_NAME_FLOWS:
            self._flows.popitem(last=False)[1].release()
        return found

    def _chunks_for(self, name: str) -> list[Chunk]:
        chunks = self.doc.chunks((name,), (), (name,))
        for _ in range(ROUNDS):
            read: set[str] = set()
            for chunk in chunks:
                if chunk.parsed is not None:
                    read |= chunk.parsed.fact("project names read", _names_read)
            grown = self.doc.chunks((name,), (), read | {name})
            if len(grown) == len(chunks):
                break
            chunks = grown
        return chunks

    def binding(self, name: str) -> tuple[Flow, tuple[Def, ...]] | None:
        """The flow and the definitions of `name` once the module has run; None when it binds no `name`."""
        flow = self.flow(name)
        defs = flow.scope(flow.ctx.module).final.get(name)
        return (flow, defs) if defs else None

    def served(self, name: str) -> tuple[Value, ...] | None:
        """`module.name` the module does not bind, served by its PEP 562 `__getattr__(name)`: what that function
        returns for the name (its body read for a call made up with the name, a string constant); None when
        the module has no such function or it returns nothing for the name."""
        if not self.whole:
            return None
        flow = self.flow("")
        getter = next((s for s in flow.ctx.module.body if isinstance(s, ast.FunctionDef) and s.name == "__getattr__"
                       and len(s.args.posonlyargs) + len(s.args.args) == 1 and not s.args.kwonlyargs), None)
        if getter is None:
            return None
        call = self._served_calls.get(name)
        if call is None:  # one made-up call per name: the body read once for it
            call = self._served_calls[name] = ast.copy_location(
                ast.Call(func=ast.Name(id=getter.name, ctx=ast.Load()), args=[ast.Constant(name)], keywords=[]), getter)
        return flow.site(flow, getter, call).returns_of(getter) or None

    def exports(self, name: str) -> bool:
        """`from this import *` brings `name`: listed in `__all__`, or public when there is none."""
        if self._exports is False:
            self._exports = _all_names(self.doc)
        exports = self._exports
        if isinstance(exports, tuple):
            return name in exports
        return not name.startswith("_")

    def lazy_export(self, name: str) -> LazyExport | None:
        """Where the module's PEP 562 `__getattr__` (or a `sys.modules[__name__]` stand-in) imports `name`
        from when it is first read: a literal mapping or import of the module's text, never run."""
        if self._lazy is None:
            self._lazy = _lazy_exports(self.doc) if self.whole and self.module.path else {}
        found = self._lazy.get(name)
        if found is not None and found.level and found.package_is_module \
                and os.path.basename(self.module.path or "") != "__init__.py":
            return None  # `import_module(".x", __name__)` outside a package: not a module of this folder
        return found

    def release(self) -> None:
        for flow in self._flows.values():
            flow.release()
        self._flows.clear()


def _names_read(parsed: object) -> frozenset[str]:
    tree = getattr(parsed, "tree", None)
    if tree is None:
        return frozenset()
    return frozenset(n.id for n in ast.walk(tree) if isinstance(n, ast.Name))


def _all_names(doc: Document) -> tuple[str, ...] | None:
    """The module's `__all__` when it is a list or tuple of string constants (`+=` and `.extend` of
    such lists too); None when there is none or it is built otherwise."""
    names: list[str] = []
    found = False
    for chunk in doc.chunks(("__all__",), (), ("__all__",)):
        tree = chunk.parsed.tree if chunk.parsed else None
        for stmt in tree.body if tree else ():
            value: ast.expr | None = None
            if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                    value = stmt.value
            elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute) \
                    and isinstance(stmt.value.func.value, ast.Name) and stmt.value.func.value.id == "__all__" \
                    and stmt.value.func.attr == "extend" and len(stmt.value.args) == 1:
                value = stmt.value.args[0]
            if value is None:
                continue
            if not isinstance(value, (ast.List, ast.Tuple)) or not all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts):
                return None
            found = True
            names.extend(e.value for e in value.elts)  # type: ignore[attr-defined]
    return tuple(names) if found else None


@dataclass(frozen=True)
class LazyExport:
    """A name a module imports on first use: `from <level dots><module> import <name>`."""

    level: int
    module: str
    name: str
    package_is_module: bool = False  # `import_module(".x", __name__)`: relative to the module itself


LAZY_HOOK = re.compile(r"\b__getattr__\b|\bsys\.modules\b")
MAX_LAZY_NAMES = 2_000  # names read from one module's lazy mapping


def _lazy_exports(doc: Document) -> dict[str, LazyExport]:
    """The names a module leaves to its first read (PEP 562): those its `if TYPE_CHECKING:` block imports,
    those a module-level `def __getattr__(name)` imports by `from .m import name` or by
    `import_module(MAPPING[name], __name__)` over a literal dict (name -> module, or module -> names read
    by a loop over its items). Only when the module has such a hook: without one the names are not there.
    Anything computed otherwise stays unknown."""
    if not LAZY_HOOK.search(doc.text):
        return {}
    body = [stmt for chunk in doc.chunks(("",)) if chunk.parsed and chunk.parsed.tree
            for stmt in chunk.parsed.tree.body]
    hook = next((s for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "__getattr__"), None)
    if hook is None and not any(_replaces_module(s) for s in ast.walk(ast.Module(body=body, type_ignores=[]))):
        return {}
    found: dict[str, LazyExport] = {}
    for stmt in body:
        if isinstance(stmt, ast.If) and _is_type_checking(stmt.test):
            for inner in stmt.body:
                found.update(_imported_names(inner))
    if hook is not None:
        mappings = {t.id: stmt.value for stmt in body if isinstance(stmt, (ast.Assign, ast.AnnAssign))
                    and isinstance(stmt.value, ast.Dict)
                    for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]) if isinstance(t, ast.Name)}
        asked = hook.args.args[0].arg if hook.args.args else None
        for node in ast.walk(hook):
            if len(found) > MAX_LAZY_NAMES:
                break
            if isinstance(node, ast.ImportFrom):  # `if name == "x": from .m import x; return x`
                for name, export in _imported_names(node).items():
                    found.setdefault(name, export)
            elif isinstance(node, ast.Call) and asked is not None and _is_import_module(node.func) and node.args:
                found.update({k: v for k, v in _mapped(node, asked, mappings, hook).items() if k not in found})
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
            or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _replaces_module(node: ast.AST) -> bool:
    """`sys.modules[__name__] = ...`: the module is swapped for an object that imports its names lazily."""
    return (isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute) and t.value.attr == "modules"
        and isinstance(t.value.value, ast.Name) and t.value.value.id == "sys"
        and isinstance(t.slice, ast.Name) and t.slice.id == "__name__" for t in node.targets))


def _imported_names(stmt: ast.AST) -> dict[str, LazyExport]:
    if not isinstance(stmt, ast.ImportFrom) or not stmt.module and not stmt.level:
        return {}
    return {alias.asname or alias.name: LazyExport(stmt.level, stmt.module or "", alias.name)
            for alias in stmt.names if alias.name != "*"}


def _is_import_module(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id == "import_module"
            or isinstance(func, ast.Attribute) and func.attr == "import_module"
            and isinstance(func.value, ast.Name) and func.value.id == "importlib")


def _mapped(call: ast.Call, asked: str, mappings: dict[str, ast.Dict], hook: ast.AST) -> dict[str, LazyExport]:
    """What `import_module(<spec>, <package>)` in `__getattr__(asked)` imports for each name: `spec` is
    `MAPPING[asked]` (name -> module), or a loop's module over `MAPPING.items()` (module -> names), with
    `"." +` or an f-string's `.` before it."""
    spec, prefix = call.args[0], ""
    if isinstance(spec, ast.BinOp) and isinstance(spec.op, ast.Add) and isinstance(spec.left, ast.Constant) \
            and isinstance(spec.left.value, str):
        prefix, spec = spec.left.value, spec.right
    elif isinstance(spec, ast.JoinedStr) and len(spec.values) == 2 and isinstance(spec.values[0], ast.Constant) \
            and isinstance(spec.values[1], ast.FormattedValue) and isinstance(spec.values[0].value, str):
        prefix, spec = spec.values[0].value, spec.values[1].value
    package = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "package"), None)
    package_is_module = isinstance(package, ast.Name) and package.id == "__name__"
    relative_ok = package_is_module or isinstance(package, ast.Name) and package.id == "__package__"
    pairs: list[tuple[str, str]] = []  # (name, module spec)
    if isinstance(spec, ast.Subscript) and isinstance(spec.value, ast.Name) and spec.value.id in mappings \
            and isinstance(spec.slice, ast.Name) and spec.slice.id == asked:
        mapping = mappings[spec.value.id]
        pairs = [(k.value, v.value) for k, v in zip(mapping.keys, mapping.values)
                 if isinstance(k, ast.Constant) and isinstance(k.value, str)
                 and isinstance(v, ast.Constant) and isinstance(v.value, str)]
    elif isinstance(spec, ast.Name):  # `for module, names in MAPPING.items(): if asked in names: ...`
        for loop in ast.walk(hook):
            if isinstance(loop, ast.For) and isinstance(loop.target, ast.Tuple) and len(loop.target.elts) == 2 \
                    and isinstance(loop.target.elts[0], ast.Name) and loop.target.elts[0].id == spec.id \
                    and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Attribute) \
                    and loop.iter.func.attr == "items" and isinstance(loop.iter.func.value, ast.Name) \
                    and loop.iter.func.value.id in mappings:
                mapping = mappings[loop.iter.func.value.id]
                pairs = [(name.value, k.value) for k, v in zip(mapping.keys, mapping.values)
                         if isinstance(k, ast.Constant) and isinstance(k.value, str) and isinstance(v, (ast.List, ast.Tuple, ast.Set))
                         for name in v.elts if isinstance(name, ast.Constant) and isinstance(name.value, str)]
                break
    out: dict[str, LazyExport] = {}
    for name, module in pairs[:MAX_LAZY_NAMES]:
        spec_text = prefix + module
        dotted = spec_text.lstrip(".")
        level = len(spec_text) - len(dotted)
        if level and not relative_ok or not all(part.isidentifier() for part in dotted.split(".")):
            continue  # a relative name without its package (`import_module` raises), or not a module's name
        out[name] = LazyExport(level, dotted, name, package_is_module and level > 0)
    return out


# --- the project -------------------------------------------------------------------------------------
@dataclass
class Reading:
    """What one document's check read of the project: modules (paths) and the bounds it hit, as
    (0-based line of the document's import, note)."""

    modules: set[str]
    notes: set[tuple[int, str]]
    line: int | None = None  # the document's import being followed now
    stamps: dict[str, object] = field(default_factory=dict)  # of `modules`, when the check ended

@dataclass
class Watch:
    """Whether the client tells of Python files changed on disk (`workspace/didChangeWatchedFiles` for `**/*.py`,
    once it has accepted the server's registration): then a module of its workspace folders keeps the stamp a
    check took across the checks of the next `KEEP_TOLD_STAMPS` seconds, instead of a `stat` a check (a change
    is told, and `Project.changed` drops its stamp; a client that stops telling costs no more than those
    seconds). The command line and clients that cannot tell take every stamp again each check."""

    folders: list[str]  # the workspace's own list: folders it adds are watched too
    on: bool = False

    def covers(self, path: str) -> bool:
        return self.on and any(path.startswith(f.rstrip(os.sep) + os.sep) for f in self.folders)

class Project:
    """The modules under one folder and their summaries. Every question is asked with `lock` held
    (the engine holds it for a whole check): flows are not shared between threads mid-walk."""

    @property
    def tips(self) -> Tips:
        """What the packs tell the flows of its modules (set by whoever checks)."""
        return self._tips

    @tips.setter
    def tips(self, tips: Tips) -> None:
        self._tips = tips
        self.finder.libraries = tips.libraries

    def __init__(self, root: str, buffers: dict[str, str], watch: Watch | None = None):
        self.root = root
        self.watch = watch if watch is not None else Watch([])
        src = os.path.join(root, "src")
        self.finder = ModuleFinder((root, src) if os.path.isdir(src) else (root,))
        self.finder.path_additions = self._path_additions
        self.buffers = buffers  # open documents' texts by path: they win over the files on disk
        self._added: dict[str, tuple[object, tuple[str, ...]]] = {}  # path: (its stamp, the folders it adds to `sys.path`)
        self._tips = NO_TIPS
        # the library versions its modules' tests of one are decided by (`Context.versions`): the running check's
        self.versions = LibraryVersions()
        self.lock = threading.RLock()
        self._summaries: OrderedDict[str, Summary] = OrderedDict()
        self._reading: Reading | None = None  # what the running check's document read
        self._chain: list[tuple[str, str]] = []  # (module, name) being followed, for cycles and depth
        self._bounds_hit = 0  # the bounds hit so far (what a result read past one cannot be kept without)
        # stamps taken for the next or running check (its key, then its reads): one `stat` per module a check
        self._fresh: dict[str, object] = {}
        self._stamped_at = 0.0  # when `_fresh` was last emptied (kept stamps are no older)
        self._current: set[str] = set()  # summaries found current for the running check (their stamps are `_fresh`)
        self.pending: set[str] = set()  # modules changed since the last check began (see `Workspace.changed`)
        # an importing file -> the change (a number of `_changes`) that last put a module where one of its
        # imports looked in vain: part of what a check's findings are kept by (`lookups`)
        self._looked_again: dict[str, int] = {}
        self._changes = 0
        # folders' Python files (and as a set), until one is added or removed there; a few listings, the latest last
        self._files: dict[tuple[str, ...], tuple[list[str], frozenset[str]]] = {}
        self._texts: dict[str, str | None] = {}  # their texts, until the module changes
        # (folders searched, module stem): each listed file's words if its text imports a module of that name (None if
        # not), and the files changed since, read again when next asked; until the listing changes
        self._importers: dict[tuple[tuple[str, ...], str], tuple[dict[str, frozenset[str] | None], set[str]]] = {}
        # a listed file's text, the words of its import lines and the words of the whole text: read once a
        # text, whatever module stem is looked for
        self._words: dict[str, tuple[str, frozenset[str], frozenset[str] | None]] = {}  # path: text, import words, all words
        self._dotted: dict[str, frozenset[str]] = {}  # path: the packages its `from . import x` names and nothing spells
        # `named_elsewhere`: the files joined to a module by imports, as of a number of `_changes`; each file's
        # words not just defined there (`def name`), and whether it names members by a computed name, by text
        self._joined: dict[str, tuple[int, frozenset[str] | None]] = {}
        self._named: dict[str, tuple[str, frozenset[str] | None, frozenset[str], dict[tuple[str, ...], bool]]] = {}
        self._thread = threading.local()

    # the engine's side
    @contextmanager
    def check(self, path: str | None = None, versions: LibraryVersions | None = None) -> Iterator[Reading]:
        """The check of the document at `path`: the lock, the modules it reads (with what they read,
        by path) and the bounds it hit. `versions`: the library versions its code runs with; other versions
        than the last check's let every summary go (a module's test of a version may be decided otherwise)."""
        with self.lock:
            if versions is not None and versions.environment != self.versions.environment:
                self._summaries.clear()
            if versions is not None:
                self.versions = versions
            entry, self.finder.entry = self.finder.entry, os.path.dirname(os.path.abspath(path)) if path else None
            entry_file, self.finder.entry_file = self.finder.entry_file, os.path.abspath(path) if path else None
            while self.pending:
                self.changed(self.pending.pop())
            outer, self._reading = self._reading, Reading(set(), set())
            read = self._reading
            try:
                yield read
            finally:
                self._reading = outer
                read.modules |= self._closure(read.modules)
                read.stamps = {p: self.stamp(p) for p in read.modules}
                self._forget_stamps()
                self._current.clear()
                self.finder.new_round()
                self.finder.entry, self.finder.entry_file = entry, entry_file

    def _path_additions(self, path: str) -> tuple[str, ...]:
        """The folders the module at `path` (its open buffer, else the file) adds to `sys.path` from its own
        location, read again when its text changes."""
        stamp = self.stamp(path)  # (one `stat` a check, as the summaries')
        kept = self._added.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        text = self.buffers.get(path)
        if text is None:
            text = read_module(path)
        found = folders_added(text, path) if text is not None else ()
        if len(self._added) >= MAX_SUMMARIES:
            self._added.pop(next(iter(self._added)))
        self._added[path] = (stamp, found)
        return found

    def _bound_hit(self, what: str) -> None:
        """A note on the document's import that led past a bound (`what` says which)."""
        self._bounds_hit += 1
        if self._reading is not None and self._reading.line is not None:
            self._reading.notes.add((self._reading.line, what))

    def stamp(self, path: str) -> object:
        """What a module's summary is keyed by: the open buffer's text, else the file's mtime and size
        (as taken once for the running check)."""
        found = self._fresh.get(path, _MISSING)
        if found is _MISSING:
            found = self._fresh[path] = self._stamp(path)
        return found

    def _forget_stamps(self) -> None:
        """The stamps taken so far are dropped, but those of modules the client tells of when they change
        (`Watch`), for `KEEP_TOLD_STAMPS` seconds after the last time they all were."""
        now = time.monotonic()
        if not self.watch.on or now - self._stamped_at > KEEP_TOLD_STAMPS:
            self._fresh.clear()
            self._stamped_at = now
            return
        self._fresh = {path: kept for path, kept in self._fresh.items() if self.watch.covers(path)}

    def _stamp(self, path: str) -> object:
        buffer = self.buffers.get(path)
        if buffer is not None:
            return ("buffer", hash(buffer), len(buffer))
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            return None
        return ("disk", info.st_mtime_ns, info.st_size)

    def stamps(self, paths: tuple[str, ...]) -> tuple[object, ...]:
        """The modules' stamps now, kept for the check that follows (it reads them again)."""
        with self.lock:
            self._forget_stamps()  # a new check: what was taken for an earlier one may be stale
            self._current.clear()
            self.finder.new_round()
            while self.pending:
                self.changed(self.pending.pop())
            return tuple(self.stamp(p) for p in paths)

    def lookups(self, paths: Iterable[str]) -> tuple[object, ...]:
        """For each importing file, the last change that put a module where one of its imports looked in
        vain (0: none since it looked): a check's findings hold while these do, with its modules' stamps."""
        looked_again = self._looked_again
        if not looked_again:  # no such change yet (a keystroke's check asks: one call)
            return ()
        paths = [os.path.abspath(p) for p in paths]
        return (looked_again.get("", 0), *sorted((p, looked_again[p]) for p in looked_again.keys() & paths))

    def changed(self, path: str) -> set[str]:
        """A module changed: its summary and every summary that read it are dropped; their paths. A file
        added, deleted or renamed where an import looked in vain changes what the importing file reads:
        its summary is dropped too, and the findings of a document that is it or read it no longer hold."""
        dropped = {path}
        with self.lock:
            self._changes += 1
            looked = self.finder.missed_by(path)
            if self.finder.forgot and path not in self.buffers:  # where some files looked is let go
                looked.add("")  # (past MAX_IMPORTERS): every document's findings are in doubt
            for importer in looked:
                self._looked_again[importer] = self._changes
                dropped.add(importer)
            if len(self._looked_again) > MAX_IMPORTERS:
                self._looked_again = {"": self._changes}
            self._fresh.pop(path, None)
            self._texts.pop(path, None)  # the callers looked for may differ: read it again
            self._words.pop(path, None)
            self._dotted.pop(path, None)
            for folders, (_, listed) in list(self._files.items()):
                if path not in listed and any(path.startswith(f.rstrip(os.sep) + os.sep) for f in folders):
                    del self._files[folders]  # a file added there: list again
                    self._importers.clear()
            for _, stale in self._importers.values():
                stale.add(path)  # only this file is read again (a keystroke does not scan the folder)
            grew = True
            while grew:
                grew = False
                for other, summary in list(self._summaries.items()):
                    if other not in dropped and not summary.reads.keys().isdisjoint(dropped):
                        dropped.add(other)
                        grew = True
            self._current -= dropped
            for gone in dropped:
                if gone in self._summaries:
                    self._summaries.pop(gone).release()
        return dropped

    def _closure(self, paths: set[str]) -> set[str]:
        out, todo = set(paths), list(paths)
        while todo:
            summary = self._summaries.get(todo.pop())
            for other in summary.reads if summary is not None else ():
                if other not in out:
                    out.add(other)
                    todo.append(other)
        return out

    def summary(self, module: Module) -> Summary | None:
        path = module.path
        if path is None:
            return None
        stamp = self.stamp(path)
        kept = self._summaries.get(path)
        if kept is not None and kept.stamp == stamp and self._is_current(kept):
            self._summaries.move_to_end(path)
            return kept
        if kept is not None:  # only this one: a summary that read it finds out by its stamp (`_is_current`);
            # one being followed now (a module of the chain that led here) must keep what it has read so far
            self._summaries.pop(path).release()
            self._current.discard(path)
        text = self.buffers.get(path)
        if text is None:
            text = read_module(path)
        elif len(text) > MAX_MODULE_BYTES:
            text = None
        if text is None:
            if os.path.isfile(path):
                self._bound_hit(f"`{os.path.basename(path)}` is above the {MAX_MODULE_BYTES // 2**20} MiB read of "
                                "another module (or not a regular file): what it holds is unknown")
            return None
        found = self._summaries[path] = Summary(self, module, text, stamp)
        if len(self._summaries) > MAX_SUMMARIES:  # the least recently used, but not one being followed now
            following = {module_path for module_path, _ in self._chain}
            oldest = next(p for p in self._summaries if p not in following)
            self._summaries.pop(oldest).release()
        return found

    def _is_current(self, kept: Summary) -> bool:
        """No module `kept` read changed, nor any module those read, however far: its values came
        through them (a file changed on disk two imports away leaves the stamps in between alone)."""
        todo, seen = [kept], {kept.module.path}
        while todo:
            summary = todo.pop()
            if summary.module.path in self._current:
                continue
            for path, then in summary.reads.items():
                if self.stamp(path) != then:
                    return False
                inner = self._summaries.get(path)
                if inner is not None and path not in seen:
                    seen.add(path)
                    todo.append(inner)
        self._current.update(p for p in seen if p is not None)
        return True

    def _note(self, flow: Flow, module: Module) -> None:
        """`flow` read `module`: a dependency of the document being checked, or of another summary."""
        if module.path is None:
            return
        if flow.origin is None:
            if self._reading is not None:
                self._reading.modules.add(module.path)
            return
        reader = self._summaries.get(flow.origin)
        if reader is not None and reader.module.path != module.path:
            reader.reads[module.path] = self.stamp(module.path)

    def read_data(self, flow: Flow, path: str) -> None:
        """`flow` read the data file at `path` (`datafiles`): a dependency as a module is, so a change of the
        file drops the summaries that read it and the findings of the documents that did."""
        if flow.origin is None:
            if self._reading is not None:
                self._reading.modules.add(path)
            return
        reader = self._summaries.get(flow.origin)
        if reader is not None:
            reader.reads[path] = self.stamp(path)

    def _importer(self, flow: Flow) -> str | None:
        path = flow.origin or flow.ctx.doc.path
        return os.path.abspath(path) if path else None

    def calls_from_other_modules(self, flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef
                                 ) -> list[tuple[Flow, ast.Call]] | None:
        """The calls other modules of the project write of `func`, a function of the document `flow`
        reads that the document itself never calls, each with the flow of its module: what a helper's
        callers pass decides its tests (`make_strategy(remat=False)` in train.py). None when some
        module reads the function otherwise than by calling it, or none calls it."""
        readers = self.modules_reading(flow, func.name)
        path = self._importer(flow)
        if readers is None or path is None:
            return None
        calls: list[tuple[Flow, ast.Call]] = []
        for there in readers:  # `f(...)`, and `module.f(...)` of the module or a package exporting it
            for load in [*there.ctx.loads_named(func.name), *there.ctx.attribute_loads(func.name)]:
                if not any(v.kind == "function" and v.is_read_from(func, path) for v in there.values(load)):
                    continue
                parent = there.ctx.parents.get(load)
                typed = there.typed_option_call(load) if isinstance(parent, ast.keyword) else None
                if typed is not None:  # `add_argument(..., type=layer_classes, default="Block")`: argparse calls it
                    calls.append((there, typed))
                    continue
                if not isinstance(parent, ast.Call) or parent.func is not load:
                    return None  # passed around: called where the file does not show
                calls.append((there, parent))
        return calls or None

    def modules_reading(self, flow: Flow, name: str, from_summaries: bool = False,
                        also: str | None = None) -> list[Flow] | None:
        """The flows, each of its module run as a script (its `__main__` block too), of the project's
        other modules that import the document `flow` reads and write `name`: where a name of its top
        level is called from (with `also`, that write it too: a method of the class `name`). None past a
        bound, or for a flow other than the document's own unless
        `from_summaries` (the caller bounds the chain: a summary's may recurse). The modules read are the check's too (an edit of train.py checks
        dist.py again); a module that only starts to read it is seen when the document is checked again."""
        path = self._importer(flow)
        if path is None or flow.origin is not None and not from_summaries:
            return None
        stem = os.path.splitext(os.path.basename(path))[0]
        if stem == "__init__":
            stem = os.path.basename(os.path.dirname(path))
        readers: list[Flow] = []
        candidates = dict.fromkeys(
            other for alias in self._stems_exporting(path, stem, name) for other, words in self._importers_in_reach(path, alias)
            if name in words and (also is None or also in words))
        for other in candidates:
            if len(readers) >= MAX_CALLER_MODULES:
                return None
            module = Module(os.path.splitext(os.path.relpath(other, self.root))[0].replace(os.sep, "."), other)
            summary = self.summary(module)
            if summary is None:
                return None
            self._note(flow, module)
            readers.append(summary.flow(name, as_main=True, with_callers=from_summaries))
        return readers

    def environment_defaults(self, flow: Flow, key: str) -> list[tuple[Flow, ast.expr]]:
        """`os.environ.setdefault(key, value)` (or `os.environ[key] = value`) at the top level of a project
        module that runs before `flow`'s module: one a module importing it imports first (`import bootstrap`
        above `import config` in train.py), each value with the flow of the module that writes it."""
        path = self._importer(flow)
        if path is None or flow.origin is None:  # (the document's own environment: its importers are not read)
            return []
        stem = os.path.splitext(os.path.basename(path))[0]
        if stem == "__init__":
            stem = os.path.basename(os.path.dirname(path))
        out: list[tuple[Flow, ast.expr]] = []
        readers = [other for other, _ in self._importers_of(self._reader_folders(path), stem) if other != path]
        for other in readers[:MAX_CALLER_MODULES]:
            summary = self.summary(Module(os.path.splitext(os.path.relpath(other, self.root))[0].replace(os.sep, "."), other))
            if summary is None:
                continue
            importer = summary.flow("")
            ran: list[Flow] = []
            for stmt in importer.ctx.module.body:
                if not isinstance(stmt, (ast.Import, ast.ImportFrom)):
                    continue
                run = self.modules_run_by(importer, stmt)
                if any(f.origin == path for f in run):
                    break  # the module itself: what ran before it is what its import follows
                ran.extend(run)
            else:
                continue
            self._note(flow, summary.module)
            for earlier in ran:
                out.extend((earlier, value) for value in environment_writes(earlier.ctx.module, key))
        return out

    def reading_callers(self, flow: Flow, name: str) -> Flow | None:
        """The flow of the module a summary's `flow` reads that reads its callers in other modules too
        (`Summary.flow`'s `with_callers`), for `name`; None for the document's own flow."""
        summary = self._summaries.get(flow.origin) if flow.origin is not None else None
        return summary.flow(name, with_callers=True) if summary is not None else None

    @property
    def asking_callers(self) -> list[tuple[str, str]]:
        """(module, name) whose callers in other modules this thread's check is reading, outermost first (a
        chain of modules passing the Fabric on: train.py -> engine.py -> steps.py; see `Flow`)."""
        found = getattr(self._thread, "asking", None)
        if found is None:
            found = self._thread.asking = []
        return found

    def imported_by_others(self, path: str) -> bool:
        """Another file of the project names the module at `path` in its imports (`import sharding`, `from
        sharding import pod_strategy`, `from . import sharding`): the module is a library of the project, not
        only a script (its `__main__` block runs only when it is run itself)."""
        path = os.path.abspath(path)
        if not os.path.isfile(path):
            return False  # a text with no file (a buffer not saved yet, an example): nothing imports it
        stem = os.path.splitext(os.path.basename(path))[0]
        if stem == "__init__":
            stem = os.path.basename(os.path.dirname(path))
        return bool(self._importers_in_reach(path, stem))

    def named_elsewhere(self, flow: Flow, word: str, dispatchers: tuple[str, ...]) -> bool:
        """A file of the project joined to `flow`'s module by imports (one it imports, one importing it, and so
        on: where its objects may go) may name `word` for a call, a method only a library's dispatch would call
        otherwise: it spells it, walks every member (`getmembers`), or calls `getattr`, `methodcaller` or a
        dispatcher (`fabric.call(hook)`) by a name not written there as a literal. The files joined are the
        check's reads (an edit there that names the method checks the module again); the project's files are
        listed as for the callers of a function (`_project_texts`, bounded)."""
        path = self._importer(flow)
        if path is None:
            return False
        kept = self._joined.get(path)
        if kept is None or kept[0] != self._changes:
            kept = self._joined[path] = (self._changes, self._joined_by_imports(path))
        if kept[1] is None:  # past the bound: any of them may
            return True
        for other in sorted(kept[1] - {path}):
            self._note(flow, Module(os.path.splitext(os.path.relpath(other, self.root))[0].replace(os.sep, "."), other))
            named = self._words_named(other)
            if named is None:
                continue
            called = named[1]
            if called is None:  # its words, read once its text is joined to a module asked about
                called = frozenset(WORD.findall(DEFINED.sub(" ", named[0])))
                self._named[other] = (named[0], called, named[2], named[3])
            if word in called:
                return True
            computed = named[3].get(dispatchers)
            if computed is None:
                by_name = "|".join(re.escape(d) for d in dispatchers)
                unknown = re.compile(r"\bgetattr\([^,]*,\s*(?![\"'\s])|\bmethodcaller\b|\bgetmembers\b"
                                     + (rf"|\.(?:{by_name})\(\s*(?![\"'\s])" if by_name else ""))
                computed = named[3][dispatchers] = unknown.search(named[0]) is not None
            if computed:
                return True
        return False

    def _words_named(self, path: str) -> tuple[str, frozenset[str] | None, frozenset[str], dict[tuple[str, ...], bool]] | None:
        """A listed file's text, the words it uses other than a def's own name (None until a module it is joined to
        asks: a def of the same name calls nothing), the words of its project import lines, and whether it names
        members by a computed name (by dispatchers); read once a text."""
        text = self._text_of(path)
        if text is None:
            return None
        named = self._named.get(path)
        if named is None or named[0] is not text:
            imported = frozenset(w for line in import_lines(text) if self._may_import_project(line) for w in WORD.findall(line))
            named = self._named[path] = (text, None, imported, {})
        return named

    def _joined_by_imports(self, path: str) -> frozenset[str] | None:
        """The listed files joined to the one at `path` by imports (one it imports, one importing it by the
        module's name, and so on); None past `MAX_JOINED` of them."""
        def stem(other: str) -> str:
            name = os.path.splitext(os.path.basename(other))[0]
            return os.path.basename(os.path.dirname(other)) if name == "__init__" else name
        listed = [other for other, _ in self._project_texts(self._reader_folders(path))]
        by_stem: dict[str, list[str]] = {}
        importing: dict[str, list[str]] = {}  # a module name -> the files whose import lines name it
        for other in listed:
            by_stem.setdefault(stem(other), []).append(other)
            named = self._words_named(other)
            for word in named[2] if named is not None else ():
                importing.setdefault(word, []).append(other)
        joined, frontier = {path}, [path]
        while frontier:
            current = frontier.pop()
            named = self._words_named(current)
            found = [*importing.get(stem(current), ()),
                     *(other for word in (named[2] if named is not None else ()) for other in by_stem.get(word, ()))]
            for other in found:
                if other not in joined:
                    joined.add(other)
                    frontier.append(other)
                    if len(joined) > MAX_JOINED:
                        return None
        return frozenset(joined)

    def _importers_in_reach(self, path: str, stem: str) -> list[tuple[str, frozenset[str]]]:
        """The other files that may import the module at `path` as `stem` (`_importers_of`), each with its words:
        those in the module's own folder, and, beyond it, those that name its top-level package: a file there
        imports it by its name from an import root (`trainkit` for src/trainkit/loop.py), and one naming another
        top-level package imports some other module of that stem (another project's `loop.py` below the folder)."""
        folders = self._reader_folders(path)
        tops = {os.path.relpath(path, r).split(os.sep)[0] for r in self.finder.roots if path.startswith(r.rstrip(os.sep) + os.sep)}
        project, package = os.path.dirname(folders[0]), os.path.relpath(path, folders[0]).split(os.sep)[0]
        beside = os.path.basename(folders[0]) == "src"  # its scripts, beside `src/`, import the package by its name
        return [(other, words) for other, words in self._importers_of(folders, stem) if other != path
                and (other.startswith(folders[0] + os.sep) or not tops.isdisjoint(self._import_words(other))
                     or beside and other.startswith(project + os.sep) and package in self._import_words(other))]

    def _reader_folders(self, path: str) -> tuple[str, ...]:
        """Where the modules importing the one at `path` may be: the folder its top-level package is imported
        from first (found by walking up while `__init__.py` exists: a namespace package is its own folder), then
        each import root of the project above that (`src/`, the project folder: train.py at the root imports
        `trainkit.loop` from `src/trainkit`), nearest first, so the module's neighbours come before the bound."""
        base = os.path.dirname(path)
        while os.path.isfile(os.path.join(base, "__init__.py")) and os.path.dirname(base) != base and base != self.root:
            base = os.path.dirname(base)
        above = sorted((r for r in self.finder.roots if base.startswith(r.rstrip(os.sep) + os.sep)), key=len, reverse=True)
        if os.path.basename(base) == "src" and os.path.dirname(base) not in above:
            # a `src/` layout whose project folder is no import root (a folder below the one checked): its scripts
            # put `src/` on `sys.path` themselves (`syspath`), beside it
            above.insert(0, os.path.dirname(base))
        return (base, *above)

    def _stems_exporting(self, path: str, stem: str, name: str) -> list[str]:
        """The module names `name` of the module at `path` is imported under: its own, and each package
        whose `__init__` imports it from there (`from .trainer import Trainer` makes `from core import
        Trainer` a reader), up the packages for as long as each re-exports the one below."""
        stems, folder = [stem], os.path.dirname(path)
        if os.path.basename(path) == "__init__.py":
            folder = os.path.dirname(folder)
        while folder != self.root and os.path.dirname(folder) != folder:
            text = self._text_of(os.path.join(folder, "__init__.py"))
            if not text or not _reexports(text, stems[-1], name):
                break
            stems.append(os.path.basename(folder))
            folder = os.path.dirname(folder)
        return stems

    def _importers_of(self, folders: tuple[str, ...], stem: str) -> list[tuple[str, frozenset[str]]]:
        """The files under `folders` that import a module named `stem`, each with the words of its text: worked
        out once for all the names of a module's top level that are looked up (each parameter of each
        function a check asks of), not once a name."""
        def words(other: str, text: str) -> frozenset[str] | None:
            kept = self._words.get(other)
            if kept is None or kept[0] is not text:
                lines = import_lines(text)
                imported = frozenset(w for line in lines if self._may_import_project(line) for w in WORD.findall(line))
                dotted = _packages_named_by_dots(other, lines) - imported
                self._dotted[other] = dotted
                kept = self._words[other] = (text, imported | dotted, None)
            if stem not in kept[1]:
                return None
            if kept[2] is None:  # all its words only for a file that may import the module: a big one costs
                kept = self._words[other] = (text, kept[1], frozenset(WORD.findall(text)))
            return kept[2]

        key = (folders, stem)
        texts = dict(self._project_texts(folders))  # lists the folders again only when a file was added
        found = self._importers.get(key)
        if found is None:
            found = self._importers[key] = ({other: words(other, text) for other, text in texts.items()}, set())
        members, stale = found
        stale.update(texts.keys() - members.keys())  # listed since (the listing of another folder came between)
        for other in stale:
            members[other] = words(other, texts[other]) if other in texts else None
        stale.clear()
        return [(other, found_words) for other in texts if (found_words := members.get(other)) is not None]

    def _import_words(self, path: str) -> frozenset[str]:
        """The words of a listed file's import lines, as `_importers_of` last read them: those spelled (a package
        only `from . import x` names is its own, which the file lies in)."""
        kept = self._words.get(path)
        return kept[1] - self._dotted.get(path, frozenset()) if kept is not None else frozenset()

    def _may_import_project(self, line: str) -> bool:
        """An import line that may bring a module of the project: not one whose every module is a library's
        or the standard library's (`from lightning.fabric import Fabric` names no project `fabric.py`: each
        such line made every module of the project a candidate reader of it)."""
        tops = [m[1] or m[2] for m in [IMPORTED_TOP.match(line)] if m]
        if line.lstrip().startswith("import"):  # `import a.b as c, d`: each module's first part
            tops = [part.split()[0].split(".")[0] for part in line.split("import", 1)[1].split(",") if part.split()]
        return not tops or any(not top or not (top in self.finder.libraries or top in NOT_PROJECT
                                               or top in sys.stdlib_module_names) for top in tops)

    def _project_texts(self, folders: tuple[str, ...]) -> Iterator[tuple[str, str]]:
        """The Python files under `folders` (each listed once, the first folder's first) with their texts (an
        open buffer's first), bounded, hidden, cache and environment folders left out. The listing is kept
        until a file is added, a text until its module changes (`changed`: a buffer, or the file watcher); a
        candidate's summary is always current."""
        kept = self._files.pop(folders, None)
        if kept is None:
            found: list[str] = []
            for index, top in enumerate(folders):
                listed = folders[:index]  # walked already: not again below a later, wider folder
                for folder, subfolders, names in os.walk(top):
                    subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and d not in SKIPPED_FOLDERS
                                           and os.path.join(folder, d) not in listed
                                           and not os.path.isfile(os.path.join(folder, d, "pyvenv.cfg")))
                    found.extend(os.path.join(folder, n) for n in sorted(names) if n.endswith(".py"))
                    if len(found) >= MAX_CALLER_FILES:
                        break
                if len(found) >= MAX_CALLER_FILES:
                    break
            paths = [os.path.abspath(p) for p in found[:MAX_CALLER_FILES]]
            kept = (paths, frozenset(paths))
        self._files[folders] = kept  # (the latest last)
        if len(self._files) > MAX_LISTINGS:
            del self._files[next(iter(self._files))]
        for other in kept[0]:
            text = self._text_of(other)
            if text is not None:
                yield other, text

    def _text_of(self, path: str) -> str | None:
        """A module's text, its open buffer's first, read once until the module changes (`changed`)."""
        if path not in self._texts:
            text = self.buffers.get(path)
            self._texts[path] = read_module(path) if text is None and os.path.isfile(path) else text
        return self._texts[path]

    # the value-flow layer's side
    def is_module(self, flow: Flow, dotted: str) -> bool:
        """`dotted`'s first part is a module of this project, seen from `flow`'s file."""
        return self.finder.find(dotted.split(".")[0], self._importer(flow)) is not None

    def imported(self, flow: Flow, stmt: ast.AST, bound: str | None, use: ast.AST) -> tuple[Value, ...] | None:
        """What the name `bound` holds after `stmt` (an import in `flow`'s module); None when the import
        leads to no module of the project."""
        importer = self._importer(flow)
        if importer is None or bound is None:
            return None
        if flow.origin is None and self._reading is not None and self._reading.line is None:
            self._reading.line = getattr(stmt, "lineno", 1) - 1  # the document's import being followed
            try:
                return self._imported(flow, stmt, bound, use, importer)
            finally:
                self._reading.line = None
        return self._imported(flow, stmt, bound, use, importer)

    def _imported(self, flow: Flow, stmt: ast.AST, bound: str, use: ast.AST, importer: str) -> tuple[Value, ...] | None:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.asname == bound:  # `import a.b as c`: c is a.b
                    found = self.finder.find(alias.name, importer)
                    return None if found is None else (self._module_value(flow, found, stmt, bound),)
                if alias.asname is None and alias.name.split(".")[0] == bound:  # `import a.b`: a
                    found = self.finder.find(bound, importer)
                    return None if found is None else (self._module_value(flow, found, stmt, bound),)
            return None
        if not isinstance(stmt, ast.ImportFrom):
            return None
        source = (self.finder.relative(importer, stmt.level, stmt.module) if stmt.level
                  else self.finder.find(stmt.module or "", importer))
        if source is None:
            return None
        for alias in stmt.names:
            if (alias.asname or alias.name) == bound:
                if source.path == importer and source.folder is not None:
                    # `from . import policies` in the package's own `__init__`: its submodule (asked as a
                    # name of the package, it would be this very import: a cycle)
                    inner = self.finder.under(source.folder, alias.name)
                    if inner is not None:
                        return (self._module_value(flow, inner, stmt, bound),)
                return self._patched_before(flow, stmt, source, alias.name, importer) \
                    or self.member(flow, source, alias.name, use)
        return None

    def _patched_before(self, flow: Flow, stmt: ast.ImportFrom, source: Module, name: str, importer: str) -> tuple[Value, ...]:
        """`import tpu` then `from config import PRECISION`, where tpu.py's top level stores `config.PRECISION =
        ...`: the name is copied after that store ran, so it holds what the last module imported before it (by
        a statement of the same block) stored there (`_stored`); nothing when none did."""
        block = flow.ctx.module.body
        position = next((i for i, s in enumerate(block) if s is stmt), None)
        if position is None or source.path is None:
            return ()
        found: tuple[Value, ...] = ()
        for before, other, summary in flow.ctx.once("modules that patch on import", flow.ctx.module,
                                                    lambda: self._patching_imports(flow, importer)):
            if before >= position or other.path in (source.path, importer) or (other.path, name) in self._chain \
                    or not _may_patch(summary.doc.text, name):
                continue
            stored = self._stored(summary, source, name)
            found = tuple(stored) or found
        return found

    def _modules_imported(self, stmt: ast.stmt, importer: str) -> list[Module | None]:
        """The modules an `import` or `from ... import` statement of `importer` runs (None where one is not found);
        none for another statement."""
        if isinstance(stmt, ast.Import):
            return [self.finder.find(a.name, importer) for a in stmt.names]
        if isinstance(stmt, ast.ImportFrom):
            return [self.finder.relative(importer, stmt.level, stmt.module) if stmt.level
                    else self.finder.find(stmt.module or "", importer)]
        return []

    def _patching_imports(self, flow: Flow, importer: str) -> list[tuple[int, Module, Summary]]:
        """The modules `flow`'s top level imports whose text may store into another module at import (an
        attribute assigned at its top level, `setattr`, a namespace updated), each with the position of the
        statement importing it; every module it imports is noted as read (one that starts patching is a change
        the reader must see). Asked once a check: each `from` import reads this list, not every import again."""
        out: list[tuple[int, Module, Summary]] = []
        for position, before in enumerate(flow.ctx.module.body):
            for other in self._modules_imported(before, importer):
                if other is None or other.path in (None, importer):
                    continue
                summary = self.summary(other)
                if summary is None:
                    continue
                self._note(flow, other)
                if _STORES_ELSEWHERE.search(summary.doc.text):
                    out.append((position, other, summary))
        return out

    def package_name(self, flow: Flow) -> str | None:
        """The `__name__` of `flow`'s module when it is a package's `__init__.py` (imported, never run as a
        script): its folder's dotted name up the folders holding an `__init__.py` (`configs` for
        configs/__init__.py); None for any other module."""
        path = self._importer(flow)
        if path is None or os.path.basename(path) != "__init__.py":
            return None
        parts: list[str] = []
        folder = os.path.dirname(path)
        while os.path.isfile(os.path.join(folder, "__init__.py")) and os.path.dirname(folder) != folder:
            parts.append(os.path.basename(folder))
            folder = os.path.dirname(folder)
        return ".".join(reversed(parts)) if all(p.isidentifier() for p in parts) else None

    def module_by_name(self, flow: Flow, dotted: str, node: ast.AST) -> Value | None:
        """`importlib.import_module("configs.v4_8")` in `flow`'s module: the project module of that absolute
        name, found as `import configs.v4_8` finds it; None for a relative name or one outside the project."""
        importer = self._importer(flow)
        if importer is None or not dotted or not all(part.isidentifier() for part in dotted.split(".")):
            return None
        found = self.finder.find(dotted, importer)
        return None if found is None else self._module_value(flow, found, node, dotted)

    def modules_run_by(self, flow: Flow, stmt: ast.Import | ast.ImportFrom) -> list[Flow]:
        """The flows of the project modules whose top level the import `stmt` of `flow`'s module runs (the
        module it names, and the submodules a `from package import name` names), each read whole as
        imported (not as `__main__`); a module above `WHOLE_MODULE_BYTES` is left out (read per name)."""
        importer = self._importer(flow)
        if importer is None:
            return []
        modules: list[Module | None] = []
        if isinstance(stmt, ast.Import):
            modules = [self.finder.find(alias.name, importer) for alias in stmt.names]
        else:
            source = (self.finder.relative(importer, stmt.level, stmt.module) if stmt.level
                      else self.finder.find(stmt.module or "", importer))
            modules = [source]
            if source is not None and source.folder is not None:
                modules += [self.finder.under(source.folder, a.name) for a in stmt.names if a.name != "*"]
        out = []
        for module in modules:
            if module is None or module.path is None or module.path == importer:
                continue
            self._note(flow, module)  # what its top level does may change with it
            summary = self.summary(module)
            if summary is not None and summary.whole:
                out.append(summary.flow(""))
        return out

    def star_imported(self, flow: Flow, name: str, use: ast.AST) -> tuple[Value, ...] | None:
        """A name the module does not bind, read from its `from m import *` of a project module."""
        importer = self._importer(flow)
        if importer is None or not any(a.name == "*" for s in flow.ctx.nodes(ast.ImportFrom) for a in s.names):
            return None  # (most modules: no star import, nothing to look through)
        for stmt in reversed(flow.ctx.module.body):  # the last star import that brings it wins
            if not isinstance(stmt, ast.ImportFrom) or not any(a.name == "*" for a in stmt.names):
                continue
            source = (self.finder.relative(importer, stmt.level, stmt.module) if stmt.level
                      else self.finder.find(stmt.module or "", importer))
            if source is None:
                continue
            self._note(flow, source)  # what it brings may change with it
            summary = self.summary(source)
            if summary is None or not summary.exports(name):
                continue
            found = self.member(flow, source, name, use, submodules=False)
            if found is not None:
                return found
        return None

    def member(self, flow: Flow, module: Module, name: str, use: ast.AST,
               submodules: bool = True) -> tuple[Value, ...] | None:
        """`module.name` read from `flow`: a name the module binds once it has run (through its own
        star imports too), else, for a package, its submodule `name`; None when neither is known."""
        key = (module.path or module.folder or module.name, name)
        if key in self._chain:
            return None  # an import cycle: unknown
        if len(self._chain) >= MAX_CHAIN:
            self._bound_hit(f"imports followed more than {MAX_CHAIN} modules deep from here: what `{name}` holds "
                            "past that is unknown")
            return None
        self._note(flow, module)
        outermost, bounds_hit = not self._chain, self._bounds_hit
        self._chain.append(key)
        try:
            summary = self.summary(module)
            if summary is not None:
                kept = summary.bindings.get((name, id(self.tips)))
                if kept is not None:
                    return kept
                bound = summary.binding(name)
                if bound is not None:
                    other, defs = bound
                    stand_in = ast.Name(id=name, ctx=ast.Load())
                    held = tuple(x.under(d.when) for d in defs for x in other.of_def(d, stand_in))
                    if outermost and bounds_hit == self._bounds_hit:  # no cycle cut it short, no bound noted
                        summary.bindings[(name, id(self.tips))] = held
                    return held
                if name not in summary.starred:  # a miss too is looked up once per version of the modules
                    summary.starred[name] = self.star_imported(summary.flow(name), name, use)
                found = summary.starred[name]
                if found is not None:
                    return found
                lazy = summary.lazy_export(name)
                if lazy is not None:  # the package's `__getattr__` imports it from its module on first read
                    source = (self.finder.relative(summary.module.path or "", lazy.level, lazy.module) if lazy.level
                              else self.finder.find(lazy.module, summary.module.path))
                    if source is not None and source.path != module.path:
                        return self.member(flow, source, lazy.name, use, submodules=False)
                served = summary.served(name)
                if served is not None:
                    return served
            if submodules and module.folder is not None:
                self.finder.resolving_for(self._importer(flow))
                inner = self.finder.under(module.folder, name)
                if inner is not None:
                    return (self._module_value(flow, inner, use, name),)
            return None
        finally:
            self._chain.pop()
            if module.path is not None and module.path in self._summaries:  # used last: kept the longest
                self._summaries.move_to_end(module.path)

    def module_attribute(self, flow: Flow, module: Module, name: str, use: ast.AST) -> tuple[Value, ...] | None:
        """`config.NAME` read in `flow`'s module: what another module it imports stored there at its top
        level (`import config` then `config.NAME = ...`: importing it ran that), or what a function of another
        module this one calls before the reader stores there (`_patched_by_calls`), else what `config` binds."""
        found = self._patches(flow, module, name) or tuple(self._patched_by_calls(flow, module, name, use)) \
            or tuple(self._patched_by_callers(flow, module, name, use)) or self.member(flow, module, name, use)
        return self._items_set_by_callers(flow, module, name, use, found)

    def _items_set_by_callers(self, flow: Flow, module: Module, name: str, use: ast.AST,
                              found: tuple[Value, ...] | None) -> tuple[Value, ...] | None:
        """`settings.STRATEGY_KW.update(auto_wrapper_callable=...)` (or `settings.STRATEGY_KW["k"] = v`, a
        `setdefault`) run before the one call another module makes of the function of this module that reads the
        dict (`make_fabric()` in train.py's `main`): the dict as that call sees it, the items stored before it over
        those its module wrote. `found` as it is when the caller stores none, or the layer cannot order them."""
        reader = flow.ctx.enclosing_function(use)
        if not found or any(x.kind != "dict" for x in found) or flow.origin is not None \
                or not isinstance(reader, ast.FunctionDef) or flow.ctx.parents.get(reader) is not flow.ctx.module:
            return found
        calls = self.calls_from_other_modules(flow, reader)
        if calls is None or len(calls) != 1:
            return found  # (several callers, each its own items: not told apart here)
        there, call = calls[0]
        stored = self._items_stored_before(there, call, module, name)
        if not stored:
            return found
        return tuple(flow.with_items(x, stored) for x in found)

    def _items_stored_before(self, flow: Flow, call: ast.Call, module: Module,
                             name: str) -> list[tuple[str, str, Entry | None]] | None:
        """The changes the statements run before `call` in its function (or its module's top level) make to the
        dict `name` of `module` (`_item_stores`: how, key, entry), in the order they run; None when one is under a
        test the flow leaves undecided, in a loop or another block the walk does not order against the call, or
        one the layer does not read."""
        ctx = flow.ctx
        scope = ctx.enclosing_function(call) or ctx.module
        decided = {id(test): answer for test, _, answer in flow.scope(scope).decisions}
        before: list[ast.stmt] = []
        stmt: ast.AST | None = ctx.statement_of(call)
        while stmt is not None and stmt is not scope:
            place = ctx.block_place(stmt)
            if place is None:
                return None
            before[:0] = place[0][:place[1]]
            stmt = ctx.parents.get(stmt)
            while stmt is not None and stmt is not scope and not isinstance(stmt, ast.stmt):
                stmt = ctx.parents.get(stmt)
            if stmt is not scope and isinstance(stmt, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef,
                                                       ast.AsyncFunctionDef, ast.ClassDef)):
                return None  # (in a loop: a later turn's stores run before this call too)
        items: list[tuple[str, str, Entry | None]] = []
        pending = list(reversed(before))
        while pending:
            statement = pending.pop()
            if isinstance(statement, ast.If) and id(statement.test) in decided:
                pending.extend(reversed(statement.body if decided[id(statement.test)] else statement.orelse))
                continue
            stores = [s for s in _item_stores(statement, name)
                      if any(v.kind == "project_module" and isinstance(v.extra, Module) and v.extra.path == module.path
                             for v in flow.values(s[1]))]
            if any(s[0] is not statement or s[5] == "unknown" for s in stores):
                return None  # in a block the walk does not order (an undecided `if`, a loop, a `try`), or not read
            items.extend((how, key, Entry(value, at, flow) if value is not None else None)
                         for _, _, key, value, at, how in stores if key is not None)
        return items

    def _patches(self, flow: Flow, module: Module, name: str) -> tuple[Value, ...]:
        importer = self._importer(flow)
        if importer is None or module.path is None:
            return ()
        out: list[Value] = []
        for stmt in flow.ctx.module.body:
            for other in self._modules_imported(stmt, importer):
                if other is None or other.path in (None, module.path) or (other.path, name) in self._chain:
                    continue
                summary = self.summary(other)
                if summary is None:
                    continue
                self._note(flow, other)
                out.extend(self._stored(summary, module, name))
        return tuple(out)

    def _stored(self, summary: Summary, module: Module, name: str) -> list[Value]:
        """`alias.name = value` at the top of `summary`'s module, `alias` being `module` imported there; or
        `setattr(alias, "name", value)`, or `alias.__dict__.update(d)` / `vars(alias).update(d)` of a dict `d`
        with that key (one that may hold keys the module cannot read: unknown)."""
        flow = summary.flow(name)
        return [x for stmt in _run_at_import(flow, flow.ctx.module.body) for x in self._store_values(flow, stmt, module, name)]

    def _patched_by_calls(self, flow: Flow, module: Module, name: str, use: ast.AST) -> list[Value]:
        """`overrides.apply()` called by the reader's module, a statement of its top level or of its `if
        __name__ == "__main__":` block, before every statement naming the function that reads `module.name`
        (`fabric.launch(train)`): the stores into `name` that the called function of another module makes
        in its own body (`_store_values`), as if made at the call."""
        ctx = flow.ctx
        reader = ctx.enclosing_function(use)
        if reader is None or ctx.parents.get(reader) is not ctx.module:
            return []
        mentions = [n for n in ctx.nodes(ast.Name) if n.id == reader.name and not ctx.within(n, reader)]
        if not mentions:
            return []
        blocks = [ctx.module.body, *(s.body for s in ctx.module.body if isinstance(s, ast.If) and is_main_guard(s.test))]
        out: list[Value] = []
        for block in blocks:
            for i, stmt in enumerate(block):
                call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
                if call is None or not all(any(ctx.within(n, later) for later in block[i + 1:]) for n in mentions):
                    continue
                out.extend(self._calls_stores(flow, call, module, name))
        return out

    def _calls_stores(self, flow: Flow, call: ast.Call, module: Module, name: str) -> list[Value]:
        """The stores into `name` of `module` that a function of another module makes in its own body, called
        by `call` (`overrides.for_tpu()`), as if made at the call."""
        out: list[Value] = []
        for f in flow.values(call.func):
            func, there = f.node, f.flow
            if f.kind != "function" or f.extra is not None or there is None or there.base is flow.base \
                    or not isinstance(func, ast.FunctionDef) or func.decorator_list:
                continue
            called = flow.site(there, func, call)  # (its parameters hold this call's arguments)
            out.extend(x for inner in func.body for x in self._store_values(called, inner, module, name))
        return out

    def _patched_by_callers(self, flow: Flow, module: Module, name: str, use: ast.AST) -> list[Value]:
        """`make_fabric()`, the function of this module that reads `module.name`, called only from other
        modules' top levels or `if __name__ == "__main__":` blocks, each call after statements there that store
        into `name` (`config.PRECISION = ...`, under a test the caller's module decides, in a function of another
        module it calls first, `overrides.for_tpu()`, or at the top level of a module it imports first, `import
        tpu`): what the last store before each call made. Nothing
        when a call has no such store before it, or one under a test left undecided."""
        ctx = flow.ctx
        reader = ctx.enclosing_function(use)
        if flow.origin is not None or not isinstance(reader, ast.FunctionDef) or ctx.parents.get(reader) is not ctx.module:
            return []
        calls = self.calls_from_other_modules(flow, reader)
        out: list[Value] = []
        for there, call in calls or ():
            stored = self._stored_before(there, call, module, name)
            if not stored:
                return []
            out.extend(stored)
        return out

    def instance_attribute_patched(self, flow: Flow, value: Value, attr: str, use: ast.AST) -> list[Value]:
        """`config.CFG.precision` read in a function of `flow`'s module that other modules call only from their
        top levels or `if __name__ == "__main__":` blocks, `CFG` an instance another module binds at its top level:
        what each caller stored into that attribute before its call (`config.CFG.precision = "bf16-mixed"`, or
        `CFG.precision = ...` of `from config import CFG`), as `_patched_by_callers` reads a module's attribute.
        Nothing when a call has no such store before it, or one under a test its module leaves undecided."""
        ctx, there = flow.ctx, value.flow
        cls_call = value.extra[1] if isinstance(value.extra, tuple) and len(value.extra) == 2 else None
        reader = ctx.enclosing_function(use)
        if there is None or there.origin is None or not isinstance(cls_call, ast.Call) or flow.origin is not None \
                or not isinstance(reader, ast.FunctionDef) or ctx.parents.get(reader) is not ctx.module:
            return []
        holder = there.ctx.parents.get(cls_call)
        if not (isinstance(holder, ast.Assign) and holder in there.ctx.module.body and len(holder.targets) == 1
                and isinstance(holder.targets[0], ast.Name)):
            return []
        name, origin = holder.targets[0].id, os.path.abspath(there.origin)
        out: list[Value] = []
        for caller, call in self.calls_from_other_modules(flow, reader) or ():
            stored = self._instance_stored_before(caller, call, (origin, name, attr, cls_call))
            if not stored:
                return []
            out.extend(stored)
        return out

    def _instance_stored_before(self, flow: Flow, call: ast.Call, target: InstanceAttribute) -> list[Value] | None:
        """What the last statement of `flow`'s top level (or `__main__` block) run before `call` stored into
        attribute `target[2]` of the instance `target[1]` (built by `target[3]`) of the module at `target[0]`; None when none did, or
        when a statement there that may store it is not one the layer orders (under an `if`, in a loop)."""
        ctx = flow.ctx
        body = ctx.module.body
        top = next((i for i, s in enumerate(body) if ctx.within(call, s)), None)
        if top is None or ctx.enclosing_function(call) is not None:
            return None
        runs: list[ast.stmt] = list(body[:top])
        guard = body[top]
        if isinstance(guard, ast.If) and is_main_guard(guard.test):
            runs += guard.body[:next((i for i, s in enumerate(guard.body) if ctx.within(call, s)), 0)]
        last: list[Value] | None = None
        for stmt in runs:
            stored = self._instance_store(flow, stmt, target)
            if stored is None and not isinstance(stmt, ast.Assign) and any(
                    isinstance(n, ast.Attribute) and n.attr == target[2] and isinstance(n.ctx, ast.Store) for n in ast.walk(stmt)):
                return None  # a store the layer does not order (in an `if`, a loop, a `with`)
            if stored is not None:
                last = stored
        return last

    def _instance_store(self, flow: Flow, stmt: ast.stmt, target: InstanceAttribute) -> list[Value] | None:
        """`alias.CFG.attr = v` (alias the module) or `CFG.attr = v` (the instance imported, the very one the
        module's `CFG = Config()` built, not another instance of the class): what it stores."""
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute)
                and stmt.targets[0].attr == target[2]):
            return None
        holder = stmt.targets[0].value
        origin, name, _, built = target
        if isinstance(holder, ast.Attribute) and holder.attr == name:
            held = flow.values(holder.value)
            if not any(v.kind == "project_module" and isinstance(v.extra, Module) and v.extra.path is not None
                       and os.path.abspath(v.extra.path) == origin for v in held):
                return None
        elif isinstance(holder, ast.Name):
            held = flow.values(holder)
            if not held or any(v.kind != "instance" or v.flow is None or v.flow.origin is None
                               or os.path.abspath(v.flow.origin) != origin or not _built_by(v, built) for v in held):
                return None
        else:
            return None
        return [x.named(f"{source_text(stmt.targets[0])}") for x in flow.values(stmt.value)]

    def _stored_before(self, flow: Flow, call: ast.Call, module: Module, name: str) -> list[Value] | None:
        """What the last statement run before `call` (of `flow`'s module's top level or `__main__` block) stored
        into `name` of `module`; None when none did, or a test the module leaves undecided may have."""
        ctx = flow.ctx
        importer = self._importer(flow)
        decided = {id(test): answer for test, _, answer in flow.scope(ctx.module).decisions}
        body = ctx.module.body
        top = next((i for i, s in enumerate(body) if ctx.within(call, s)), None)
        if top is None:
            return None
        runs: list[ast.stmt] = list(body[:top])
        holder = body[top]
        if isinstance(holder, ast.If) and is_main_guard(holder.test):
            inner = next((i for i, s in enumerate(holder.body) if ctx.within(call, s)), None)
            if inner is None:
                return None
            runs += holder.body[:inner]
            holder = holder.body[inner]
        if ctx.enclosing_function(call) is not None or any(
                _module_store(s, name) is not None for s in ast.walk(holder) if isinstance(s, ast.stmt)):
            return None  # in a def, or a block whose own stores the walk does not order against the call
        last: list[Value] | None = None
        pending = list(reversed(runs))
        while pending:
            stmt = pending.pop()
            if isinstance(stmt, ast.If):
                answer = decided.get(id(stmt.test))
                if answer is None:
                    if any(_module_store(s, name) is not None for s in ast.walk(stmt) if isinstance(s, ast.stmt)):
                        return None  # stored on a path the module leaves undecided
                    continue
                pending.extend(reversed(stmt.body if answer else stmt.orelse))
                continue
            stored = self._store_values(flow, stmt, module, name)
            if not stored and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
                stored = self._calls_stores(flow, stmt.value, module, name)
            if not stored and isinstance(stmt, (ast.Import, ast.ImportFrom)) and importer is not None:
                for other in self._modules_imported(stmt, importer):  # `import tpu`: its top level stores
                    summary = None if other is None or other.path in (None, module.path) else self.summary(other)
                    if other is not None and summary is not None:
                        self._note(flow, other)
                        stored = self._stored(summary, module, name) or stored
            if stored:
                last = stored
        return last

    def _store_values(self, flow: Flow, stmt: ast.stmt, module: Module, name: str) -> list[Value]:
        """What `stmt` of `flow`'s module stores into attribute `name` of `module` (`_module_store`)."""
        stored = _module_store(stmt, name)
        if stored is None:
            return []
        alias, value, spread = stored
        key = (flow.ctx.doc.path or "", name)
        if key in self._chain:
            return []
        self._chain.append(key)
        try:
            held = flow.values(alias)
        finally:
            self._chain.pop()
        if not any(v.kind == "project_module" and isinstance(v.extra, Module) and v.extra.path == module.path
                   for v in held):
            return []
        if not spread:
            return [x.named(f"{alias.id}.{name}") for x in flow.values(value)]
        out: list[Value] = []
        for mapping in flow.values(value):
            entries, complete = flow.entries(mapping) if mapping.kind == "dict" else (None, False)
            if entries is not None and name in entries:
                out.extend(x.named(f"{alias.id}.{name}").under(entries[name].when) for x in entries[name].values())
            elif entries is None or not complete:
                out.append(Value("unknown", stmt, flow=flow))
        return out

    def _module_value(self, flow: Flow, module: Module, node: ast.AST, label: str) -> Value:
        self._note(flow, module)
        return Value("project_module", node, label=label, qualified=module.name, extra=module, flow=flow)


def _built_by(value: Value, call: ast.Call) -> bool:
    """`value`, an instance, is the one `call` built (the same place: a module's text is parsed again on change)."""
    built = value.extra[1] if isinstance(value.extra, tuple) and len(value.extra) == 2 else None
    return isinstance(built, ast.Call) and (built.lineno, built.col_offset) == (call.lineno, call.col_offset)


def _item_stores(stmt: ast.stmt, name: str) -> Iterator[tuple[ast.stmt, ast.Name, str | None, ast.expr | None, ast.AST, str]]:
    """(the statement, alias, key, value, where, how) of each change to the dict `alias.name` in `stmt` or the
    statements inside it: "set" for `alias.name["k"] = v` and `alias.name.update(k=v)`, "unset" for
    `alias.name.setdefault("k", v)` (only if unset), "remove" for `alias.name.pop("k")` and `del alias.name["k"]`,
    and "unknown" (key None) for any other call of a method that may change it or a store under another key."""
    def held(node: ast.expr) -> ast.Name | None:
        return node.value if isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.value, ast.Name) \
            else None
    def key_of(node: ast.expr) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
    for inner in (n for n in ast.walk(stmt) if isinstance(n, ast.stmt)):
        targets = inner.targets if isinstance(inner, (ast.Assign, ast.Delete)) else \
            [inner.target] if isinstance(inner, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            if isinstance(target, ast.Subscript) and (alias := held(target.value)) is not None:
                key = key_of(target.slice)
                value = inner.value if isinstance(inner, ast.Assign) and key is not None else None
                how = "remove" if isinstance(inner, ast.Delete) and key is not None else "set" if value is not None else "unknown"
                yield inner, alias, key, value, target, how
        own = [n for child in ast.iter_child_nodes(inner) if not isinstance(child, ast.stmt) for n in ast.walk(child)]
        for call in (n for n in own if isinstance(n, ast.Call)):  # (a statement inside it is walked on its own)
            if not isinstance(call.func, ast.Attribute):
                continue
            alias, method = held(call.func.value), call.func.attr
            if alias is None or method in ("get", "items", "keys", "values", "copy"):
                continue
            first = key_of(call.args[0]) if call.args else None
            if method == "update" and not call.args:
                yield from ((inner, alias, k.arg, k.value, k, "set") if k.arg is not None
                            else (inner, alias, None, None, k, "unknown") for k in call.keywords)
            elif method == "setdefault" and len(call.args) == 2 and first is not None:
                yield inner, alias, first, call.args[1], call, "unset"
            elif method == "pop" and first is not None:
                yield inner, alias, first, None, call, "remove"
            else:
                yield inner, alias, None, None, call, "unknown"


def _module_store(stmt: ast.stmt, name: str) -> tuple[ast.Name, ast.expr, bool] | None:
    """(alias, value, spread) of a store into attribute `name` of the module a name holds: `alias.name = value`,
    `setattr(alias, "name", value)` (spread False), `alias.__dict__.update(d)` or `vars(alias).update(d)` (the
    dict `d`, spread True), and `for key, value in d.items(): setattr(alias, key, value)` as that update; None
    for any other statement."""
    loop = _setattr_loop(stmt)
    if loop is not None:
        return loop
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute) \
            and stmt.targets[0].attr == name and isinstance(stmt.targets[0].value, ast.Name):
        return stmt.targets[0].value, stmt.value, False
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if not isinstance(call, ast.Call) or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if isinstance(call.func, ast.Name) and call.func.id == "setattr" and len(call.args) == 3 \
            and isinstance(call.args[0], ast.Name) and isinstance(call.args[1], ast.Constant) and call.args[1].value == name:
        return call.args[0], call.args[2], False
    if not (isinstance(call.func, ast.Attribute) and call.func.attr == "update" and len(call.args) == 1):
        return None
    namespace = call.func.value
    if isinstance(namespace, ast.Attribute) and namespace.attr == "__dict__" and isinstance(namespace.value, ast.Name):
        return namespace.value, call.args[0], True
    if isinstance(namespace, ast.Call) and isinstance(namespace.func, ast.Name) and namespace.func.id == "vars" \
            and len(namespace.args) == 1 and not namespace.keywords and isinstance(namespace.args[0], ast.Name):
        return namespace.args[0], call.args[0], True
    return None


def _setattr_loop(stmt: ast.stmt) -> tuple[ast.Name, ast.expr, bool] | None:
    """`for key, value in d.items(): setattr(alias, key, value)`: (alias, d, True), an update of the namespace."""
    if not (isinstance(stmt, ast.For) and not stmt.orelse and len(stmt.body) == 1
            and isinstance(stmt.target, ast.Tuple) and len(stmt.target.elts) == 2
            and all(isinstance(e, ast.Name) for e in stmt.target.elts)
            and isinstance(stmt.iter, ast.Call) and isinstance(stmt.iter.func, ast.Attribute)
            and stmt.iter.func.attr == "items" and not stmt.iter.args and not stmt.iter.keywords):
        return None
    key, value = (e.id for e in stmt.target.elts)  # type: ignore[attr-defined]  # (checked above)
    body = stmt.body[0]
    call = body.value if isinstance(body, ast.Expr) else None
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "setattr" \
            and len(call.args) == 3 and not call.keywords and isinstance(call.args[0], ast.Name) \
            and isinstance(call.args[1], ast.Name) and call.args[1].id == key \
            and isinstance(call.args[2], ast.Name) and call.args[2].id == value:
        return call.args[0], stmt.iter.func.value, True
    return None


# --- the projects of this process --------------------------------------------------------------------
class Workspace:
    """Every project this process has read, by folder, and the open buffers they all see."""

    def __init__(self) -> None:
        self.buffers: dict[str, str] = {}
        self.folders: list[str] = []  # the editor's workspace folders, each one project
        self.watch = Watch(self.folders)
        self._projects: dict[str, Project] = {}
        self._roots: dict[str, str] = {}  # a file's folder -> its project's folder
        self._lock = threading.Lock()

    def add_folder(self, folder: str) -> None:
        folder = os.path.abspath(folder)
        if folder not in self.folders:
            self.folders.append(folder)
            self._roots.clear()

    def add_checked_folders(self, folders: Iterable[str]) -> None:
        """Folders the command line was given: one that lies in no project (no marker above it) is
        one, so its files read each other as a workspace folder's do."""
        for folder in folders:
            folder = os.path.abspath(folder)
            if self._marker_root(folder) is None:
                self.add_folder(folder)

    def set_buffer(self, path: str, text: str | None) -> bool:
        """An open document's text (None when it closes): whether the module's text changed."""
        path = os.path.abspath(path)
        if text is None:
            if self.buffers.pop(path, None) is None:
                return False
        elif self.buffers.get(path) == text:
            return False
        else:
            self.buffers[path] = text
        self.changed(path)
        return True

    def changed(self, path: str) -> None:
        """A module's text changed (its buffer, or the file): each project drops what read it at its next
        check. Never waits for a running check (the event loop calls it); the summaries that read the
        old text would be found stale by their stamps anyway, this frees them sooner."""
        path = os.path.abspath(path)
        for project in list(self._projects.values()):
            project.pending.add(path)

    def project_for(self, path: str | None, tips: Tips = NO_TIPS) -> Project | None:
        """The project of a file on disk, its modules read with what the packs' `tips` tell of their
        libraries; None for a text with no file (nothing next to it to read)."""
        if not path:
            return None
        path = os.path.abspath(path)
        folder = os.path.dirname(path)
        with self._lock:
            if folder not in self._roots and not os.path.isdir(folder):
                return None
            root = self._remembered_root(folder)
            project = self._projects.pop(root, None)
            if project is None:
                project = Project(root, self.buffers, self.watch)
            project.tips = tips
            self._projects[root] = project  # the most recently used last
            if len(self._projects) > MAX_PROJECTS:  # the least recently used lets its summaries go
                self._projects.pop(next(iter(self._projects)))
            return project

    def root_of(self, path: str) -> str:
        """The folder of the project a file on disk belongs to."""
        folder = os.path.dirname(os.path.abspath(path))
        with self._lock:
            return self._remembered_root(folder)

    def _remembered_root(self, folder: str) -> str:
        """`_root_of`, kept for each folder asked about (a few thousand at most); under `_lock`."""
        root = self._roots.get(folder)
        if root is None:
            root = self._root_of(folder)
            if len(self._roots) >= 4096:
                self._roots.clear()
            self._roots[folder] = root
        return root

    def _root_of(self, folder: str) -> str:
        inside = [f for f in self.folders if folder == f or folder.startswith(f.rstrip(os.sep) + os.sep)]
        if inside:
            return max(inside, key=len)
        return self._marker_root(folder) or folder

    @staticmethod
    def _marker_root(folder: str) -> str | None:
        current = folder
        while True:
            if any(os.path.exists(os.path.join(current, marker)) for marker in MARKERS):
                return current
            parent = os.path.dirname(current)
            if parent == current:
                return None
            current = parent


WORKSPACE = Workspace()
