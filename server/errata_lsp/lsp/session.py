"""What the language server knows between messages, apart from the handlers that translate LSP:
the open documents, the client's settings and their generation, the workspace root, the knowledge
base, and the engine's findings for a text. Nothing here sends a message; problems are told through
`report(message, level)` (a `logging` level) and, for the knowledge base, `show(message)` once.
"""

from __future__ import annotations

import ast
import asyncio
import gc
import logging
import operator
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..analysis.findings import Finding, Fix, Position
from ..environment import UNKNOWN_LIGHTNING
from ..settings import Settings, SettingsError, settings_for, settings_known, text_size
from .notebook_state import Notebooks
from .text import TextDocument, path_of, path_str

if TYPE_CHECKING:
    from ..environment import LibraryVersion
    from ..kb.base import KnowledgeBase
    from ..kb.record import Record

MAX_LOGGED_KB_PROBLEMS = 20  # one line each; the rest are counted in one more (`kb validate` lists them all)
MAX_APPROXIMATE_LOG_LINES = 200  # lines of a log matched approximately (each ranks the records: ~20 ms)
# Characters of text whose checked state is kept after their documents close. What is kept is about
# 40 bytes per character (trees, node tables, facts: 14 MB for a 10,000-line script of 0.4 MB), so
# 256 KiB of text is at most ~10 MB after every document is closed: room for the last 5-15 files of
# usual size (a preview tab replaced, a file closed and opened again), not for a huge generated one.
CLOSED_TEXT_LIMIT = 2**18
Report = Callable[[str, int], None]


@dataclass
class Analysis:
    """Everything worked out for one text under one settings generation. It is keyed on the text
    itself, not on the version number: a client that does not bump `version` still gets results
    (and fix ranges) for the text it has."""

    doc: TextDocument  # the snapshot it was made from: text, version, line table
    generation: int
    findings: list[Finding]
    diagnostics: list[types.Diagnostic]
    payloads: list[str]  # each diagnostic as JSON, ready to publish
    result_id: str | None = None  # for pull diagnostics; worked out when first asked (`identity`)
    kb: Any = None  # the knowledge base the diagnostics' links come from
    lines_read: frozenset[int] | None = None  # the lines the diagnostics' positions are counted on, once asked
    fixed: tuple[str, int] | None = None  # fix-all's text and number of fixes, once asked for
    hovers: dict[tuple[int, int], types.Hover | None] = field(default_factory=dict)

    def identity(self) -> str:
        """The result id a pulling client sends back: the same for the same text, settings and diagnostics."""
        if self.result_id is None:
            self.result_id = f"{self.generation}-{len(self.doc.text)}-{hash(self.doc.text)}-{hash(tuple(self.payloads))}"
        return self.result_id

    def holds_for(self, findings: list[Finding], doc: TextDocument, kb: KnowledgeBase) -> bool:
        """These diagnostics are those of `findings` in `doc` as they are: the engine handed back
        the same finding objects (it does for the chunks it reused), from the same knowledge base,
        and the only line edited since (within itself) is none their positions are counted on."""
        if kb is not self.kb or len(findings) != len(self.findings):
            return False
        line = doc.only_line_changed_since(self.doc)
        if line is None or len(doc.lines) != len(self.doc.lines):
            return False
        if self.lines_read is None:
            last = len(self.doc.lines) - 1
            self.lines_read = frozenset(min(n, last) for f in self.findings for n in (f.span.start.line, f.span.end.line))
        return line not in self.lines_read and all(map(operator.is_, findings, self.findings))

    def is_for(self, text: str, generation: int) -> bool:
        return self.generation == generation and (self.doc.text is text or self.doc.text == text)


@dataclass
class DocumentState:
    """An open document: its text, its last analysis and check, and the work running on it."""

    doc: TextDocument
    analysis: Analysis | None = None  # the last analysis of this document (its findings as diagnostics)
    running: asyncio.Future | None = None  # the analysis being made for this document, if any
    task: asyncio.Task | None = None  # the loop that publishes the newest text's diagnostics
    converted: dict[tuple, tuple[Any, str]] = field(default_factory=dict)  # diagnostics by what they are made from
    seen: dict[int, tuple] = field(default_factory=dict)  # the last findings converted, by identity (see the server)
    checked: Any = None  # the engine's last `CheckedDocument` for this document (its trees, its findings)
    reported: set[str] = field(default_factory=set)  # rule failures and limits already logged
    settled: bool = False  # the collector has been settled after the first publish
    comment_check_s: float | None = None  # how long the last check of an edit inside a comment took
    log: Any = None  # a log document's `LogMatcher`: the lines matched so far


@dataclass(frozen=True)
class _Resolved:
    """A document's settings as last worked out, and what they were worked out from."""

    client: Settings  # the client's settings (compared by identity: a new generation is a new object)
    settings: Settings  # the client's with the nearest `[tool.errata]` laid over (`settings_for`'s answer)
    environment: Any  # `environment_of` then (its cache hands back the same object while nothing changed)
    resolved: Settings  # `settings` with `environment`


class ClosedDocuments:
    """The engine's last check of the documents closed last, kept while their texts add up to at
    most `limit` characters (the oldest go first), so a file opened again is not parsed again: its
    unchanged chunks keep their trees, and its findings are reused when nothing changed.

    A check is handed out once (`take` removes it): the next versions renumber its trees in place,
    so no two documents may hold them."""

    def __init__(self, limit: int = CLOSED_TEXT_LIMIT) -> None:
        self.limit = limit
        self.size = 0
        self._checks: OrderedDict[str, Any] = OrderedDict()  # `CheckedDocument`s by URI, oldest first

    def keep(self, uri: str, checked: Any) -> None:
        self._drop(uri)
        document = getattr(checked, "document", None)
        if document is None or len(document.text) > self.limit:
            return
        self._checks[uri] = checked
        self.size += len(document.text)
        while self.size > self.limit:
            self._drop(next(iter(self._checks)))

    def take(self, uri: str, text: str) -> Any:
        """The check kept for `uri`, else one kept for the same text under another name; None if none."""
        if uri not in self._checks:
            uri = next((u for u, c in self._checks.items() if c.document.text == text), uri)
        return self._drop(uri)

    def _drop(self, uri: str) -> Any:
        checked = self._checks.pop(uri, None)
        if checked is not None:
            self.size -= len(checked.document.text)
        return checked

    def __len__(self) -> int:
        return len(self._checks)


class CollectorPause:
    """Python's cycle collector held off while any check runs (in any thread): a check builds
    many objects and frees few, so a collection in the middle would only walk them again."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._was_enabled = False

    @contextmanager
    def held(self) -> Iterator[None]:
        with self._lock:
            if self._holders == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._holders += 1
        try:
            yield
        finally:
            with self._lock:
                self._holders -= 1
                if self._holders == 0 and self._was_enabled:
                    gc.enable()

    def settle(self) -> None:
        """After a document's first check: collect once, then move what lives (its trees, most of the
        objects a check keeps) out of the collector's sight, so no collection set off while typing
        walks them again (at 30k lines that walk is ~0.2 s). Objects freed later still go by their
        reference counts."""
        with self._lock:
            if self._holders == 0:  # a check running now would be frozen half-built: next time
                gc.collect()
                gc.freeze()


class Session:
    def __init__(self, report: Report, show: Callable[[str], None]) -> None:
        self.report = report
        self.show = show
        self.states: dict[str, DocumentState] = {}
        self.notebooks = Notebooks()  # open notebooks; their cells are not in `states`
        # The client's settings and their generation (bumped on every change), swapped as one value
        # so an analysis running in a worker thread never pairs one with the other's successor.
        self.snapshot: tuple[int, Settings] = (0, Settings())
        self.root: Path | None = None
        self._kb: KnowledgeBase | None = None
        self._kb_paths: tuple[str, ...] | None = None
        self._kb_stamp: tuple[Any, ...] | None = None  # what the files under `_kb_paths` were when loaded
        self._shown_kb_problems = False
        self._kb_lock = threading.Lock()  # the warm-up and the first document share one load
        self._logged_kb_problems: set[str] = set()
        self._settings_problems: set[str] = set()  # each bad `[tool.errata]` is logged once
        self.collector = CollectorPause()
        self.closed = ClosedDocuments()  # the last closed documents' checks, for an open of them again
        # Settings with the versions per document, kept while `settings_for` (which reads the
        # pyproject.toml files again only when one changed on disk) and `environment_of` answer the same
        self._resolved: dict[str, _Resolved] = {}

    # --- documents ---------------------------------------------------------------------------
    def open(self, uri: str, text: str, version: int | None, language_id: str) -> DocumentState:
        """A document opened: a check kept since it was closed (or since the same text was, under
        another name) becomes its previous version, so its first check parses only what changed."""
        state = self.states[uri] = DocumentState(TextDocument(uri, text, version, language_id))
        state.checked = self.closed.take(uri, text)
        return state

    def change(self, uri: str, changes: Sequence[Any], version: int | None, encoding: str) -> DocumentState | None:
        """The client's edits (LSP content changes, positions in `encoding`) applied; None when the
        document is not open."""
        state = self.states.get(uri)
        if state is None:
            return None
        analysis = state.analysis
        if analysis is not None:  # the first edit after a check reuses that check's lines (not a new split)
            state.doc.share_tables(analysis.doc)
        for change in changes:
            state.doc.apply(change, encoding)
        state.doc.version = version
        return state

    def close(self, uri: str) -> DocumentState | None:
        """The document closed; its last check is kept for an open of it again (`ClosedDocuments`),
        unless a check of it is still running: that one derives from it, so it is no longer whole."""
        state = self.states.pop(uri, None)
        if state is not None and state.checked is not None and (state.running is None or state.running.done()):
            self.closed.keep(uri, state.checked)
            state.checked = None  # held by the store alone
        return state

    def module_document(self, path: str) -> TextDocument | None:
        """Another module of the project as the checks read it, for a fix that edits it: its open
        buffer (with the version the client gave it), else the file on disk (no version); None when it
        cannot be read."""
        wanted = os.path.abspath(path)
        for uri, state in self.states.items():
            if state.doc.uri and os.path.abspath(path_str(uri) or "") == wanted:
                return state.doc.snapshot()
        from ..analysis.project import read_module

        text = read_module(wanted)
        return TextDocument(Path(wanted).as_uri(), text, None, "python") if text is not None else None

    def module_to_fix(self, fix: Fix) -> TextDocument | None:
        """The other module a fix edits (`module_document`), when the fix still applies to it: its edits
        leave code that parses, as every fix must. (The finding was made on the text the project reads
        for that module, and a change of it checks the finding's document again.)"""
        from ..analysis.fixes import apply_edits  # the edit table: loaded by the first check, not at start-up

        assert fix.path is not None
        target = self.module_document(fix.path)
        if target is None:
            return None
        try:
            fixed, used = apply_edits(target.text, [fix.edits])
            ast.parse(fixed)
        except (SyntaxError, ValueError, IndexError):
            return None
        return target if used else None

    # --- settings ----------------------------------------------------------------------------
    @property
    def generation(self) -> int:
        return self.snapshot[0]

    @property
    def client_settings(self) -> Settings:
        return self.snapshot[1]

    def apply_client_settings(self, raw: Any) -> None:
        if isinstance(raw, dict) and isinstance(raw.get("errata"), dict):
            raw = raw["errata"]
        if not isinstance(raw, dict):
            return
        try:
            merged = Settings().merged(raw, self.root)
        except SettingsError as exc:
            self.report(f"settings ignored: {exc}", logging.WARNING)
            return
        self.snapshot = (self.generation + 1, merged)

    def settings_changed_on_disk(self) -> None:
        self.snapshot = (self.generation + 1, self.client_settings)

    def settings_for(self, uri: str, snapshot: tuple[int, Settings] | None = None) -> Settings:
        """The client's settings with the nearest `[tool.errata]` laid over, and the versions the
        file's code runs with. The pyproject.toml files are read again only when the client's
        settings or one of those files above the document changed (`settings_for`'s cache); the
        environment's own cache says whether the versions changed."""
        from ..environment import environment_of

        client = (snapshot or self.snapshot)[1]
        path = path_of(uri)
        if path is None:
            return client
        try:
            settings = settings_for(path, client)
        except SettingsError as exc:
            self._settings_problem(str(exc))
            settings = client
        environment = environment_of(settings, path, self.root)
        known = self._resolved.get(uri)
        if known is not None and known.client is client and known.settings is settings \
                and known.environment is environment:
            return known.resolved
        resolved = replace(settings, environment=environment)
        if len(self._resolved) > 256:
            self._resolved.clear()
        self._resolved[uri] = _Resolved(client, settings, environment, resolved)
        return resolved

    def prepared(self, uri: str) -> tuple[Settings, KnowledgeBase] | None:
        """The settings (with the versions) and the knowledge base a check of `uri` would use now,
        when none of them needs reading again: no pyproject.toml, environment or `kb-paths` changed
        since they were last worked out (a few `stat` calls tell); else None. A check on the event
        loop must not load any of them, and takes these instead of asking again."""
        from ..environment import cached

        path = path_of(uri)
        if path is None:
            return None
        resolved = self._resolved.get(uri)
        if (resolved is None or resolved.client is not self.client_settings
                or not settings_known(path, resolved.client)):
            return None
        if cached(resolved.settings, path, self.root) is not resolved.environment:
            return None
        paths = self.client_settings.kb_paths
        if self.root is not None:
            if not settings_known(self.root / "pyproject.toml"):
                return None
            paths = paths + self._root_paths(self.root)
        paths = tuple(dict.fromkeys(paths))
        if self._kb is None or paths != self._kb_paths:
            return None
        from ..kb.load import last_stamp

        if last_stamp(paths) != self._kb_stamp:  # no walk here, on the event loop: the last one's answer
            return None
        return resolved.resolved, self._kb

    def _settings_problem(self, message: str) -> None:
        if message not in self._settings_problems and len(self._settings_problems) < 100:
            self._settings_problems.add(message)
            self.report(message, logging.WARNING)

    def lightning(self, uri: str) -> LibraryVersion:
        """The Lightning the code at `uri` runs with (detected, never run), for cards."""
        environment = self.settings_for(uri).environment
        return environment.lightning if environment is not None else UNKNOWN_LIGHTNING

    # --- knowledge base ----------------------------------------------------------------------
    @property
    def kb(self) -> KnowledgeBase:
        paths = self.client_settings.kb_paths
        if self.root is not None:
            paths = paths + self._root_paths(self.root)
        paths = tuple(dict.fromkeys(paths))
        # A record file edited on disk loads again (only that file is read again), so the hover
        # card says what the diagnostic says; `kb_stamp` costs a keystroke nothing for a big folder.
        if self._kb is not None and paths == self._kb_paths and kb_stamp(paths) == self._kb_stamp:
            return self._kb  # no lock on the common path: a check asks once, a hover once
        with self._kb_lock:  # the warm-up and the first check both ask: load once
            current = kb_stamp(paths)
            if self._kb is None or paths != self._kb_paths or current != self._kb_stamp:
                self._kb, self._kb_paths, self._kb_stamp = self._load_kb(paths), paths, current
            return self._kb

    def kb_files_changed(self, uris: Sequence[str]) -> bool:
        """Whether one of `uris` (saved, or changed on disk) is a record file under the knowledge
        base's paths; then the next check walks those paths again at once instead of waiting for
        the background walk of a big folder, and every document is checked again."""
        from ..kb.load import RECORD_SUFFIXES, forget_stamps

        folders = [Path(p) for p in self._kb_paths or ()]
        for uri in uris:
            path = path_of(uri)
            if path is not None and path.suffix in RECORD_SUFFIXES and any(
                    path == folder or folder in path.parents for folder in folders):
                forget_stamps()
                self.settings_changed_on_disk()  # a new generation: no check of before is reused
                return True
        return False

    def _root_paths(self, root: Path) -> tuple[str, ...]:
        """`kb-paths` of the `[tool.errata]` nearest the workspace root (read again only when a
        pyproject.toml at or above the root changed)."""
        try:
            return settings_for(root / "pyproject.toml").kb_paths
        except SettingsError as exc:
            self._settings_problem(str(exc))
            return ()

    def _load_kb(self, paths: tuple[str, ...]) -> KnowledgeBase:
        """The records that load; a knowledge base that fails as a whole is an empty one (the rules
        do not need it). Each problem is logged once, and only the first few one by one."""
        from ..kb import KnowledgeBase

        try:
            kb = KnowledgeBase.load(paths)
        except Exception as exc:
            self.report(f"knowledge base not loaded: {type(exc).__name__}: {exc}", logging.ERROR)
            return KnowledgeBase([])
        new = [str(p) for p in [*kb.problems, *_detect_problems(paths)] if str(p) not in self._logged_kb_problems]
        self._logged_kb_problems.update(new)
        for problem in new[:MAX_LOGGED_KB_PROBLEMS]:
            self.report(f"knowledge base: {problem}", logging.WARNING)
        if len(new) > MAX_LOGGED_KB_PROBLEMS:
            self.report(f"knowledge base: and {len(new) - MAX_LOGGED_KB_PROBLEMS} more problem(s); "
                        "`errata-lsp kb validate PATH...` lists them all", logging.WARNING)
        if kb.problems and not self._shown_kb_problems:
            self._shown_kb_problems = True
            self.show(f"errata: {len(kb.problems)} problem(s) in the knowledge base; "
                      "the other records are loaded. See the errata output for details.")
        return kb

    # --- the engine --------------------------------------------------------------------------
    def findings(self, state: DocumentState, doc: TextDocument, snapshot: tuple[int, Settings],
                 kb: KnowledgeBase, settings: Settings | None = None) -> list[Finding]:
        """The engine's findings for `doc` (a snapshot of `state`'s document) under `snapshot`;
        `settings`: the document's, already worked out for `snapshot` (`prepared`)."""
        settings = settings or self.settings_for(doc.uri, snapshot)
        if is_log(doc):
            size = text_size(doc.text, settings.max_file_bytes)
            if size > settings.max_file_bytes:
                self._report_once(state, "skipped", f"{doc.uri}: {size / 2**20:.1f} MiB is above the "
                                  f"{settings.max_file_bytes / 2**20:.0f} MiB limit; not checked")
                return []
            from ..analysis.logs import LogMatcher

            if state.log is None:
                state.log = LogMatcher(MAX_APPROXIMATE_LOG_LINES)
            found = state.log.findings(doc.lines, kb)
            if state.log.skipped:
                self._report_once(state, "approximate", f"{doc.uri}: {state.log.skipped} more line(s) state an "
                                  f"exception no record matches exactly; only the first {MAX_APPROXIMATE_LOG_LINES} "
                                  "are matched approximately (`errata-lsp log` matches them all)")
            self._report_dropped(kb)
            return found
        from ..analysis.engine import check_document, check_source

        # The previous version's document model: only what the edit touched is scanned and parsed
        # again, and its findings are reused when no chunk the rules read changed. Checks of one
        # document run one at a time, so the previous version is never used twice.
        try:
            checked = check_document(doc.text, path_str(doc.uri), settings, previous=state.checked, own_trees=True)
            state.checked, report = checked, checked.report
            if checked.document is not None:  # the snapshot converts on the engine's lines
                doc.adopt_lines(checked.document.text, checked.document.lines)
        except Exception as exc:  # the incremental path must never cost the user their diagnostics
            state.checked = None
            self._report_once(state, "incremental", f"{doc.uri}: incremental check failed ({type(exc).__name__}: "
                              f"{exc}); checked from scratch")
            report = check_source(doc.text, path_str(doc.uri), settings)
        if report.skipped:
            self._report_once(state, "skipped", f"{doc.uri}: {report.skipped}")
        for failure in report.failures:
            if failure.rule not in state.reported:
                state.reported.add(failure.rule)
                self.report(f"rule {failure.rule} failed on {doc.uri}: {failure.error}; the other rules still ran\n"
                            f"{failure.detail}", logging.ERROR)
        return report.findings

    def _report_dropped(self, kb: KnowledgeBase) -> None:
        """Records whose pattern overran its budget too often to run again: each logged once."""
        for problem in kb.dropped_patterns():
            if str(problem) not in self._logged_kb_problems:
                self._logged_kb_problems.add(str(problem))
                self.report(f"knowledge base: {problem}", logging.WARNING)

    def _report_once(self, state: DocumentState, what: str, message: str) -> None:
        if what not in state.reported:
            state.reported.add(what)
            self.report(message, logging.WARNING)

    def fix_all(self, doc: TextDocument) -> tuple[str, int]:
        """Every safe fix applied to the text (in a worker thread)."""
        from ..analysis.engine import fix_all

        with self.collector.held():
            fixed, applied = fix_all(doc.text, path_str(doc.uri), self.settings_for(doc.uri))
        return fixed, len(applied)

    def finding_card(self, doc: TextDocument, finding: Finding, kb: KnowledgeBase) -> str:
        """Markdown for the finding under the cursor: its code and message, then its record's card."""
        from ..kb import card_markdown
        from ..kb.markdown import text

        record = kb.get(finding.record_id)
        head = "" if is_log(doc) else f"**{finding.code}** {text(finding.message)}\n\n---\n\n"
        card = card_markdown(record, lightning=self.lightning(doc.uri),
                             environment=self.settings_for(doc.uri).environment) if record else text(finding.message)
        return head + card

    def symbol_records(self, doc: TextDocument, pos: Position, kb: KnowledgeBase) -> tuple[str, list[Record]] | None:
        """The name under `pos` and the known errors it can raise in the user's Lightning, if any
        (in a worker thread)."""
        from ..analysis.symbols import symbols_at
        from ..kb.versions import excluded_by, shipped

        settings = self.settings_for(doc.uri)
        limit = settings.max_file_bytes
        if is_log(doc) or text_size(doc.text, limit) > limit:
            return None
        with self.collector.held():
            names = symbols_at(doc.text, pos, wanted=lambda word: bool(kb.by_symbol(word)))
        table, lightning = shipped(), self.lightning(doc.uri)
        records: list[Record] = []
        for name in names:
            for record in kb.by_symbol(name):
                # what the user's release does not raise is not listed
                if record not in records and (table is None or table.applies(record.id, lightning.version)) \
                        and excluded_by(record.id, settings.environment) is None:
                    records.append(record)
        return (names[0], records) if records else None

    def explain(self, text: str) -> str | None:
        """The card of the record that best matches a message or traceback (in a worker thread)."""
        from ..analysis.logs import explain
        from ..kb import card_markdown

        lightning = self.lightning(self.root.as_uri()) if self.root is not None else UNKNOWN_LIGHTNING
        environment = self.settings_for(self.root.as_uri()).environment if self.root is not None else None
        kb = self.kb
        found = explain(kb, text)
        self._report_dropped(kb)
        if not found.records:
            return None
        card = card_markdown(found.records[0], lightning=lightning, environment=environment)
        return card if found.note is None else found.note + "\n\n" + card


def kb_stamp(paths: tuple[str, ...]) -> tuple[Any, ...]:
    from ..kb.load import stamp

    return stamp(paths)


def is_log(doc: TextDocument) -> bool:
    from ..analysis.logs import is_log as named_log

    return named_log(doc.uri, doc.language_id)


def _detect_problems(paths: tuple[str, ...]) -> list:
    """The `detect` sections of the `kb.paths` records that are skipped, and why (the rules the engine
    makes of the others come from the same cached read)."""
    if not paths:
        return []
    from ..analysis.detect import rules_from_paths
    from ..analysis.rules import RULES

    return rules_from_paths(paths, [r.code for r in RULES])[1]
