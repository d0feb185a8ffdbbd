"""errata's language server on pygls 2: it converts the engine's findings and records to LSP.

Data flows one way: the client's text -> the engine (`analysis`) -> findings -> diagnostics, code
actions and hovers. Python documents get the rule pack; log and plain-text documents get their
lines matched against the knowledge base, so a pasted traceback is explained where it lies.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.uris import to_fs_path

from .. import __version__
from ..analysis.findings import Finding, Position, Safety, Severity, Span
from ..environment import UNKNOWN_LIGHTNING
from ..settings import Settings, SettingsError, settings_for
from . import convert, notebook
from .text import UTF16, TextDocument

if TYPE_CHECKING:
    from ..kb.base import KnowledgeBase
    from ..kb.record import Record

log = logging.getLogger(__name__)
FIX_ALL = "source.fixAll.errata"
EXPLAIN = "errata.explain"
LOG_LANGUAGES = {"log", "plaintext", "text", "Log"}
MAX_LOGGED_KB_PROBLEMS = 20  # one line each; the rest are counted in one more (`kb validate` lists them all)


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
    result_id: str
    fixed: tuple[str, int] | None = None  # fix-all's text and number of fixes, once asked for
    hovers: dict[tuple[int, int], types.Hover | None] = field(default_factory=dict)

    def is_for(self, text: str, generation: int) -> bool:
        return self.generation == generation and (self.doc.text is text or self.doc.text == text)


@dataclass
class DocumentState:
    doc: TextDocument
    analysis: Analysis | None = None
    running: asyncio.Future | None = None  # the analysis being made for this document, if any
    task: asyncio.Task | None = None  # the loop that publishes the newest text's diagnostics
    converted: dict[tuple, tuple[types.Diagnostic, str]] = field(default_factory=dict)
    checked: Any = None  # the engine's last `CheckedDocument` for this document (its trees, its findings)
    reported: set[str] = field(default_factory=set)  # rule failures and limits already logged
    settled: bool = False  # the collector has been settled after the first publish


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


class ErrataProtocol(LanguageServerProtocol):
    """Keeps open documents in the server's own store (exact LSP line breaks, clamped ranges)."""

    _server: ErrataServer

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams):
        yield from self._user(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        yield from self._user(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams):
        yield from self._user(types.TEXT_DOCUMENT_DID_CLOSE, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def lsp_notebook_document__did_open(self, params: types.DidOpenNotebookDocumentParams):
        yield from self._user(types.NOTEBOOK_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def lsp_notebook_document__did_change(self, params: types.DidChangeNotebookDocumentParams):
        yield from self._user(types.NOTEBOOK_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def lsp_notebook_document__did_close(self, params: types.DidCloseNotebookDocumentParams):
        yield from self._user(types.NOTEBOOK_DOCUMENT_DID_CLOSE, params)

    def _user(self, method: str, params: Any):
        handler = self.fm.features.get(method)
        if handler is not None:
            yield handler, (params,), None

    def _send_raw(self, body: str) -> None:
        """Send a message already written as JSON (ASCII), framed as pygls frames its own."""
        if self.writer is None:
            return
        data = body.encode(self.CHARSET)
        self.writer.write(f"Content-Length: {len(data)}\r\n"
                          f"Content-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n".encode() + data)


class ErrataServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("errata", __version__, protocol_cls=ErrataProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         notebook_document_sync=notebook.SYNC_OPTIONS)
        self.states: dict[str, DocumentState] = {}
        self.notebooks = notebook.Notebooks()  # open notebooks; their cells are not in `states`
        # The client's settings and their generation (bumped on every change), swapped as one value
        # so an analysis running in a worker thread never pairs one with the other's successor.
        self._settings: tuple[int, Settings] = (0, Settings())
        self.root: Path | None = None
        self._kb: KnowledgeBase | None = None
        self._kb_paths: tuple[str, ...] | None = None
        self._shown_kb_problems = False
        self._kb_lock = threading.Lock()  # the warm-up and the first document share one load
        self._logged_kb_problems: set[str] = set()
        self._settings_problems: set[str] = set()  # each bad `[tool.errata]` is logged once
        self.collector = CollectorPause()

    # --- client facts ------------------------------------------------------------------------
    @property
    def encoding(self) -> str:
        encoding = self.server_capabilities.position_encoding if self.protocol.server_capabilities else None
        return encoding or UTF16

    @property
    def pulls(self) -> bool:
        caps = self.client_capabilities.text_document
        return caps is not None and caps.diagnostic is not None

    @property
    def versioned_edits(self) -> bool:
        edit = self.client_capabilities.workspace and self.client_capabilities.workspace.workspace_edit
        return bool(edit and edit.document_changes)

    # --- logging -----------------------------------------------------------------------------
    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        log.info(message)
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=f"errata: {message}"))
        except Exception:  # no client to tell: the message is in the server's own log
            pass

    def _start_io_async(self, stdin=None, stdout=None) -> int:
        import sys

        from .framing import run

        return run(self, stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Log and keep serving: bad input from a client is never a reason to stop."""
        self.log(f"{type(error).__name__}: {error}", types.MessageType.Error)

    # --- settings and knowledge base --------------------------------------------------------
    @property
    def generation(self) -> int:
        return self._settings[0]

    @property
    def client_settings(self) -> Settings:
        return self._settings[1]

    def apply_client_settings(self, raw: Any) -> None:
        if isinstance(raw, dict) and isinstance(raw.get("errata"), dict):
            raw = raw["errata"]
        if not isinstance(raw, dict):
            return
        try:
            merged = Settings().merged(raw, self.root)
        except SettingsError as exc:
            self.log(f"settings ignored: {exc}", types.MessageType.Warning)
            return
        self._settings = (self.generation + 1, merged)

    def settings_changed_on_disk(self) -> None:
        self._settings = (self.generation + 1, self.client_settings)

    def settings_for(self, uri: str, snapshot: tuple[int, Settings] | None = None) -> Settings:
        """The client's settings with the nearest `[tool.errata]` laid over. The walk up is a few
        `stat` calls; each pyproject.toml is parsed once per change on disk (see `settings`)."""
        from ..environment import with_environment

        client = (snapshot or self._settings)[1]
        path = _path(uri)
        if path is None:
            return client
        try:
            settings = settings_for(path, client)
        except SettingsError as exc:
            self._settings_problem(str(exc))
            settings = client
        # The versions the file's code runs with: a few `stat` calls while nothing they came from changed
        return with_environment(settings, path, self.root)

    def _settings_problem(self, message: str) -> None:
        if message not in self._settings_problems and len(self._settings_problems) < 100:
            self._settings_problems.add(message)
            self.log(message, types.MessageType.Warning)

    @property
    def kb(self) -> KnowledgeBase:
        paths = self.client_settings.kb_paths
        if self.root is not None:
            try:
                paths = paths + settings_for(self.root / "pyproject.toml").kb_paths
            except SettingsError as exc:
                self._settings_problem(str(exc))
        paths = tuple(dict.fromkeys(paths))
        if self._kb is not None and paths == self._kb_paths:
            return self._kb  # no lock on the common path: a check asks once, a hover once
        with self._kb_lock:  # the warm-up and the first check both ask: load once
            if self._kb is None or paths != self._kb_paths:
                self._kb, self._kb_paths = self._load_kb(paths), paths
            return self._kb

    def _load_kb(self, paths: tuple[str, ...]) -> KnowledgeBase:
        """The records that load; a knowledge base that fails as a whole is an empty one (the rules
        do not need it). Each problem is logged once, and only the first few one by one."""
        from ..kb import KnowledgeBase

        try:
            kb = KnowledgeBase.load(paths)
        except Exception as exc:
            self.log(f"knowledge base not loaded: {type(exc).__name__}: {exc}", types.MessageType.Error)
            return KnowledgeBase([])
        new = [str(p) for p in [*kb.problems, *_detect_problems(paths)] if str(p) not in self._logged_kb_problems]
        self._logged_kb_problems.update(new)
        for problem in new[:MAX_LOGGED_KB_PROBLEMS]:
            self.log(f"knowledge base: {problem}", types.MessageType.Warning)
        if len(new) > MAX_LOGGED_KB_PROBLEMS:
            self.log(f"knowledge base: and {len(new) - MAX_LOGGED_KB_PROBLEMS} more problem(s); "
                     "`errata-lsp kb validate PATH...` lists them all", types.MessageType.Warning)
        if kb.problems and not self._shown_kb_problems:
            self._shown_kb_problems = True
            self.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Warning,
                message=f"errata: {len(kb.problems)} problem(s) in the knowledge base; "
                        "the other records are loaded. See the errata output for details."))
        return kb

    # --- analysis ----------------------------------------------------------------------------
    async def analysis_of(self, state: DocumentState, doc: TextDocument | None = None) -> Analysis:
        """The analysis of `doc` (a snapshot; the document's current text when None) under the
        current settings, made in a worker thread. One analysis per document runs at a time; a
        request for a text already being checked waits for that check instead of starting another."""
        doc = doc or state.doc.snapshot()
        while True:
            snapshot = self._settings
            cached = state.analysis
            if cached is not None and cached.is_for(doc.text, snapshot[0]):
                return cached
            running = state.running
            if running is not None and not running.done():
                try:
                    await asyncio.shield(running)
                except Exception:  # its requester reports it; this one tries its own text
                    pass
                continue
            future = asyncio.get_running_loop().run_in_executor(None, self.analyse, state, doc, snapshot)
            state.running = future
            future.add_done_callback(lambda done: _finished(state, done))
            return await asyncio.shield(future)  # a cancelled request leaves the check running for the next

    def analyse(self, state: DocumentState, doc: TextDocument, snapshot: tuple[int, Settings]) -> Analysis:
        """Findings and diagnostics for one text and one settings generation (in a worker thread)."""
        cached = state.analysis
        if cached is not None and cached.is_for(doc.text, snapshot[0]):
            return cached
        with self.collector.held():
            kb = self.kb  # once per check: its paths come from settings and the workspace's pyproject
            findings = self._findings(state, doc, snapshot, kb)
            # A finding converts the same while it and the lines it spans are unchanged.
            previous, converted, pairs = state.converted, {}, []
            lines = doc.lines if findings else []  # a file over the size limit is never even split
            for finding in findings:
                key = _conversion_key(finding, lines, kb)
                done = converted.get(key) or previous.get(key)
                if done is None:
                    diagnostic = convert.diagnostic(finding, doc, self.encoding, kb)
                    done = diagnostic, json.dumps(self.protocol._converter.unstructure(diagnostic),
                                                  separators=(",", ":"))
                converted[key] = done
                pairs.append(done)
            state.converted = converted  # only what this text uses: the cache never outgrows the findings
        payloads = [p for _, p in pairs]
        analysis = Analysis(doc, snapshot[0], findings, [d for d, _ in pairs], payloads,
                            f"{snapshot[0]}-{len(doc.text)}-{hash(doc.text)}-{hash(tuple(payloads))}")
        state.analysis = analysis
        return analysis

    def _findings(self, state: DocumentState, doc: TextDocument, snapshot: tuple[int, Settings],
                  kb: KnowledgeBase) -> list[Finding]:
        settings = self.settings_for(doc.uri, snapshot)
        if _is_log(doc):
            size = _size(doc.text, settings.max_file_bytes)
            if size > settings.max_file_bytes:
                self._report_once(state, "skipped", f"{doc.uri}: {size / 2**20:.1f} MiB is above the "
                                  f"{settings.max_file_bytes / 2**20:.0f} MiB limit; not checked")
                return []
            return self._log_findings(doc, kb)
        from ..analysis.engine import check_document, check_source

        # The previous version's document model: only what the edit touched is scanned and parsed
        # again, and its findings are reused when no chunk the rules read changed. Checks of one
        # document run one at a time, so the previous version is never used twice.
        try:
            checked = check_document(doc.text, _path_str(doc.uri), settings, previous=state.checked)
            state.checked, report = checked, checked.report
        except Exception as exc:  # the incremental path must never cost the user their diagnostics
            state.checked = None
            self._report_once(state, "incremental", f"{doc.uri}: incremental check failed ({type(exc).__name__}: "
                              f"{exc}); checked from scratch")
            report = check_source(doc.text, _path_str(doc.uri), settings)
        if report.skipped:
            self._report_once(state, "skipped", f"{doc.uri}: {report.skipped}")
        for failure in report.failures:
            if failure.rule not in state.reported:
                state.reported.add(failure.rule)
                self.log(f"rule {failure.rule} failed on {doc.uri}: {failure.error}; the other rules still ran\n"
                         f"{failure.detail}", types.MessageType.Error)
        return report.findings

    def _report_once(self, state: DocumentState, what: str, message: str) -> None:
        if what not in state.reported:
            state.reported.add(what)
            self.log(message, types.MessageType.Warning)

    def _log_findings(self, doc: TextDocument, kb: KnowledgeBase) -> list[Finding]:
        """A diagnostic on each line of a log that states a known error; a line that states an
        exception no message matches exactly gets the record that fits it best, said to be approximate."""
        from ..kb.match import exception_messages

        found = []
        for number, line in enumerate(doc.lines):
            if len(line) > 20_000 or not line.strip():
                continue
            matches = kb.match_details(line)
            stated = exception_messages(line)
            if matches:
                record, text = matches[0].record, matches[0].text
                start = max(line.find(text), 0)
                note = "known error, hover for how to fix it"
            elif stated:
                guesses = kb.guess(line, limit=1)
                if not guesses:
                    continue
                record, text = guesses[0].record, stated[0][1]
                start = max(line.find(text), 0)
                note = "close to a known error (approximate match), hover for it"
            else:
                continue
            cls = stated[0][0] if stated else record.error_class
            message = f"{cls}: {' '.join(text.split())[:200]} — {note}"
            found.append(Finding(
                _log_code(record), record.id, Span(Position(number, start), Position(number, start + len(text))),
                message, Severity.WARNING if record.error_class.endswith("Warning") else Severity.ERROR,
                (), "log-match"))
        return found

    def schedule(self, uri: str) -> None:
        """Check a document now. While a check runs, changes only mark the text as moved on: when
        the check ends its result is dropped and the newest text is checked next, never one check
        per keystroke."""
        state = self.states.get(uri)
        if state is None or self.pulls:
            return
        if state.task is None or state.task.done():
            state.task = asyncio.get_running_loop().create_task(self._publish_newest(uri, state))

    async def _publish_newest(self, uri: str, state: DocumentState) -> None:
        while self.states.get(uri) is state:
            await asyncio.sleep(0)  # changes already read from the stream land first
            doc, generation = state.doc.snapshot(), self.generation
            try:
                analysis = await self.analysis_of(state, doc)
            except Exception as exc:
                self.log(f"checking {uri} failed: {type(exc).__name__}: {exc}", types.MessageType.Error)
                return
            if self.states.get(uri) is not state:
                return
            if state.doc.text is not doc.text or self.generation != generation:
                continue  # the text or the settings moved on: check the newest instead
            self._publish(uri, doc.version, analysis.payloads)
            if not state.settled:
                state.settled = True
                await asyncio.get_running_loop().run_in_executor(None, self.collector.settle)
                if self.states.get(uri) is state and (state.doc.text is not doc.text or self.generation != generation):
                    continue  # changes that came while it settled: this task still owns the document
            return

    def _publish(self, uri: str, version: int | None, payloads: list[str]) -> None:
        """publishDiagnostics written from each diagnostic's cached JSON (no conversion per publish)."""
        body = (f'{{"jsonrpc":"2.0","method":"{types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS}","params":'
                f'{{"uri":{json.dumps(uri)},"version":{json.dumps(version)},"diagnostics":[{",".join(payloads)}]}}}}')
        self.protocol._send_raw(body)

    def fix_all(self, analysis: Analysis) -> tuple[str, int]:
        """Every safe fix applied to the analysed text (in a worker thread)."""
        from ..analysis.engine import fix_all

        doc = analysis.doc
        with self.collector.held():
            fixed, applied = fix_all(doc.text, _path_str(doc.uri), self.settings_for(doc.uri))
        return fixed, len(applied)

    def hover_at(self, analysis: Analysis, position: types.Position) -> types.Hover | None:
        """The card of a finding under the cursor, else what the symbol there can raise (in a worker thread)."""
        from ..analysis.symbols import symbols_at
        from ..kb import card_markdown, summary_line

        doc = analysis.doc
        pos = doc.from_client(position, self.encoding)
        kb = self.kb
        for finding, diagnostic in zip(analysis.findings, analysis.diagnostics):
            if finding.span.contains(pos):
                record = kb.get(finding.record_id)
                head = "" if _is_log(doc) else f"**{finding.code}** {finding.message}\n\n---\n\n"
                body = card_markdown(record, lightning=self._lightning(doc.uri)) if record else finding.message
                return types.Hover(contents=_markdown(head + body), range=diagnostic.range)
        limit = self.settings_for(doc.uri).max_file_bytes
        if _is_log(doc) or _size(doc.text, limit) > limit:
            return None
        with self.collector.held():
            names = symbols_at(doc.text, pos, wanted=lambda word: bool(kb.by_symbol(word)))
        from ..kb.versions import shipped

        table, lightning = shipped(), self._lightning(doc.uri)
        records = []
        for name in names:
            for record in kb.by_symbol(name):
                # what the user's release does not raise is not listed
                if record not in records and (table is None or table.applies(record.id, lightning.version)):
                    records.append(record)
        if not records:
            return None
        title = names[0]
        lines = [f"**errata** · `{title}` can raise {len(records)} known error{'s' if len(records) > 1 else ''}:", ""]
        lines += [f"- {summary_line(r)}" for r in records]
        return types.Hover(contents=_markdown("\n".join(lines)))

    def explain(self, text: str) -> str | None:
        """The card of the record that best matches a message or traceback (in a worker thread)."""
        from ..kb import card_markdown
        from ..kb.rank import approximate_note

        kb = self.kb
        lightning = self._lightning(self.root.as_uri()) if self.root is not None else UNKNOWN_LIGHTNING
        matches = kb.match(text)
        if matches:
            return card_markdown(matches[0], lightning=lightning)
        from ..kb.versions import older_wordings

        older = older_wordings(kb, text)  # the words of an older Lightning release
        if older:
            return older[0] + "\n\n" + card_markdown(older[1][0], lightning=lightning)
        guesses = kb.guess(text)  # no exact match: the records that fit best, said to be approximate
        return (approximate_note(guesses) + "\n\n" + card_markdown(guesses[0].record, lightning=lightning)
                if guesses else None)

    def _lightning(self, uri: str):
        """The Lightning the code at `uri` runs with (detected, never run), for cards."""
        environment = self.settings_for(uri).environment
        return environment.lightning if environment is not None else UNKNOWN_LIGHTNING

    def republish_all(self) -> None:
        for uri in list(self.states):
            self.schedule(uri)
        notebook.republish(self)
        if self.pulls and _supports_refresh(self.client_capabilities):
            try:
                self.workspace_diagnostic_refresh(None)
            except Exception as exc:
                self.log(f"diagnostic refresh failed: {exc}", types.MessageType.Warning)


server = ErrataServer()
notebook.register(server)


# --- lifecycle ---------------------------------------------------------------------------------
@server.feature(types.INITIALIZE)
def initialize(ls: ErrataServer, params: types.InitializeParams) -> None:
    root = params.root_uri or (params.workspace_folders[0].uri if params.workspace_folders else None)
    ls.root = _path(root) if root else None
    if params.initialization_options is not None:
        ls.apply_client_settings(params.initialization_options)
    loop = asyncio.get_running_loop()
    if params.process_id:
        loop.create_task(_exit_with_parent(params.process_id))
    # The engine, the rules and the knowledge base load off the event loop from the moment this
    # answer is sent (a callback runs after the handler and its reply): `initialize` answers as
    # fast as a bare server, and the client's round trip to `initialized` and `didOpen` is spent loading.
    loop.call_soon(loop.run_in_executor, None, _warm_up, ls)


@server.feature(types.INITIALIZED)
async def initialized(ls: ErrataServer, params: types.InitializedParams) -> None:
    await _pull_configuration(ls)


def _warm_up(ls: ErrataServer) -> None:
    try:
        from ..analysis import crossfile, rule, symbols  # noqa: F401  (the engine and the rule pack)
        from ..kb import readable  # noqa: F401  (what the first check would import)
        from ..kb.versions import shipped

        list(rule.iter_rules())
        shipped()  # the releases the environment's versions are matched against
        ls.kb.ranker().prepare()  # the approximate lookup's index: built once, off the event loop
    except Exception as exc:  # reported; the first document will try again and say why
        ls.log(f"warming up failed: {type(exc).__name__}: {exc}", types.MessageType.Warning)
    # What is loaded now lives as long as the server: out of the collector's sight, a collection
    # set off while typing walks only what the checks made, not the rules and the knowledge base.
    gc.freeze()


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def did_change_configuration(ls: ErrataServer, params: types.DidChangeConfigurationParams) -> None:
    settings = params.settings
    if isinstance(settings, dict) and settings.get("errata") is not None:
        ls.apply_client_settings(settings)
    else:
        await _pull_configuration(ls)
    ls.republish_all()


async def _pull_configuration(ls: ErrataServer) -> None:
    workspace = ls.client_capabilities.workspace
    if not (workspace and workspace.configuration):
        return
    try:
        result = await asyncio.wait_for(ls.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section="errata")])), timeout=5)
    except Exception as exc:
        ls.log(f"could not read the client's settings: {exc}", types.MessageType.Warning)
        return
    if result and isinstance(result[0], dict) and result[0]:
        before = ls.generation
        ls.apply_client_settings(result[0])
        if ls.generation != before:
            ls.republish_all()


async def _exit_with_parent(pid: int) -> None:
    """Exit when the editor that started us is gone, even if it never closed our stdin."""
    while True:
        await asyncio.sleep(3)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:
            pass


# --- documents ---------------------------------------------------------------------------------
@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: ErrataServer, params: types.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    ls.states[item.uri] = DocumentState(TextDocument(item.uri, item.text, item.version, item.language_id))
    ls.schedule(item.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: ErrataServer, params: types.DidChangeTextDocumentParams) -> None:
    state = ls.states.get(params.text_document.uri)
    if state is None:
        ls.log(f"change for a document that is not open: {params.text_document.uri}", types.MessageType.Warning)
        return
    for change in params.content_changes:
        state.doc.apply(change, ls.encoding)
    state.doc.version = params.text_document.version
    ls.schedule(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: ErrataServer, params: types.DidCloseTextDocumentParams) -> None:
    state = ls.states.pop(params.text_document.uri, None)
    if state is None:
        return
    if state.task is not None:
        state.task.cancel()
    if not ls.pulls:
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: ErrataServer, params: types.DidSaveTextDocumentParams) -> None:
    if _settings_file(params.text_document.uri):
        ls.settings_changed_on_disk()
        ls.republish_all()


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_watched_files(ls: ErrataServer, params: types.DidChangeWatchedFilesParams) -> None:
    """A pyproject.toml, lockfile, pin or installed distribution changed on disk (a client that
    watches them says so): the settings and the versions they lead to are read again."""
    if any(_settings_file(change.uri) for change in params.changes):
        ls.settings_changed_on_disk()
        ls.republish_all()


def _settings_file(uri: str) -> bool:
    """pyproject.toml, and the files the user's library versions are read from."""
    from ..environment import LOCKFILES

    name = uri.rstrip("/").rsplit("/", 1)[-1]
    return (name in ("pyproject.toml", *LOCKFILES, "METADATA") or name.endswith(".dist-info")
            or (name.startswith("requirements") and name.endswith((".txt", ".in"))))


@server.feature(
    types.TEXT_DOCUMENT_DIAGNOSTIC,
    types.DiagnosticOptions(identifier="errata", inter_file_dependencies=False, workspace_diagnostics=False),
)
async def pull_diagnostics(ls: ErrataServer, params: types.DocumentDiagnosticParams):
    state = ls.states.get(params.text_document.uri) or notebook.cell_state(ls, params.text_document.uri)
    if state is None:
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    analysis = await ls.analysis_of(state)
    if params.previous_result_id == analysis.result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=analysis.result_id)
    return types.RelatedFullDocumentDiagnosticReport(items=analysis.diagnostics, result_id=analysis.result_id)


# --- code actions ------------------------------------------------------------------------------
@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll, FIX_ALL],
        resolve_provider=False,
    ),
)
async def code_action(ls: ErrataServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    if params.text_document.uri in ls.notebooks.owner:
        return notebook.code_actions(ls, params)
    state = ls.states.get(params.text_document.uri)
    if state is None:
        return []
    doc = state.doc.snapshot()  # the text the request's range is about
    only = params.context.only

    def wanted(kind: str) -> bool:
        return not only or any(kind == k or kind.startswith(f"{k}.") for k in only)

    actions: list[types.CodeAction] = []
    analysis = await ls.analysis_of(state, doc)
    if wanted(types.CodeActionKind.QuickFix) and not _is_log(doc):
        start = doc.from_client(params.range.start, ls.encoding)
        end = doc.from_client(params.range.end, ls.encoding)
        for finding, diagnostic in zip(analysis.findings, analysis.diagnostics):
            if finding.span.end < start or end < finding.span.start:
                continue
            for fix in finding.fixes:
                actions.append(types.CodeAction(
                    title=fix.title if fix.safety is Safety.SAFE else f"{fix.title} (unsafe)",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    is_preferred=fix.preferred or None,
                    edit=convert.workspace_edit(doc, convert.text_edits(fix, doc, ls.encoding), ls.versioned_edits),
                ))
            noqa = _noqa_edit(doc, finding, ls.encoding)
            if noqa is not None:
                actions.append(types.CodeAction(
                    title=f"Disable {finding.code} for this line",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    edit=convert.workspace_edit(doc, [noqa], ls.versioned_edits),
                ))
    if wanted(FIX_ALL) and not _is_log(doc) and any(
        f.safety is Safety.SAFE for finding in analysis.findings for f in finding.fixes
    ):
        if analysis.fixed is None:  # once per text and settings: editors ask on every cursor move
            analysis.fixed = await asyncio.get_running_loop().run_in_executor(None, ls.fix_all, analysis)
        fixed, count = analysis.fixed
        if count and fixed != doc.text:
            actions.append(types.CodeAction(
                title=f"errata: fix all ({count} safe fix{'es' if count > 1 else ''})",
                kind=FIX_ALL,
                edit=convert.workspace_edit(doc, [convert.whole_text_edit(doc, fixed, ls.encoding)], ls.versioned_edits),
            ))
    return actions


def _noqa_edit(doc: TextDocument, finding: Finding, encoding: str) -> types.TextEdit | None:
    from ..analysis.engine import NOQA

    line = doc.lines[finding.span.start.line]
    end = doc.to_client(Position(finding.span.start.line, len(line)), encoding)
    existing = NOQA.search(line)
    if existing and existing["codes"] is None:
        return None  # a bare noqa comment already silences everything
    if existing:
        at = doc.to_client(Position(finding.span.start.line, existing.end()), encoding)
        return types.TextEdit(range=types.Range(at, at), new_text=f", {finding.code}")
    padding = "" if not line.strip() else "  "
    return types.TextEdit(range=types.Range(end, end), new_text=f"{padding}# noqa: {finding.code}")


# --- hover -------------------------------------------------------------------------------------
@server.feature(types.TEXT_DOCUMENT_HOVER)
async def hover(ls: ErrataServer, params: types.HoverParams) -> types.Hover | None:
    state = ls.states.get(params.text_document.uri) or notebook.cell_state(ls, params.text_document.uri)
    if state is None:
        return None
    doc = state.doc.snapshot()
    pos = doc.from_client(params.position, ls.encoding)
    if not _is_log(doc) and pos.line < len(doc.lines) and "noqa" in doc.lines[pos.line].lower():
        answer = _noqa_hover(doc.lines[pos.line], pos)
        if answer is not None:
            return answer
    analysis = await ls.analysis_of(state, doc)
    key = (params.position.line, params.position.character)
    if key not in analysis.hovers:
        found = await asyncio.get_running_loop().run_in_executor(None, ls.hover_at, analysis, params.position)
        if len(analysis.hovers) > 256:
            analysis.hovers.clear()
        analysis.hovers[key] = found
    return analysis.hovers[key]


def _noqa_hover(line: str, pos: Position) -> types.Hover | None:
    """On a code inside a `# noqa: ...` comment: what that rule catches."""
    from ..analysis.rules import BY_CODE
    from ..analysis.suppressions import UNUSED_NOQA, noqa_code_at

    code = noqa_code_at(line, pos.column)
    if code is None:
        return None
    rule = BY_CODE.get(code)
    if rule is not None:
        text = f"**{code}** `{rule.name}` · {rule.summary}\n\n`errata-lsp rule {code}` prints its page."
    elif code == UNUSED_NOQA:
        text = f"**{code}** `unused-noqa` · a `# noqa` code that silences nothing, or that no rule has"
    elif code.startswith("LXF"):
        text = f"**{code}**: no errata rule has this code."
    else:
        return None  # another tool's code
    return types.Hover(contents=_markdown(text))


def _markdown(value: str) -> types.MarkupContent:
    return types.MarkupContent(kind=types.MarkupKind.Markdown, value=value)


# --- commands ----------------------------------------------------------------------------------
@server.command(EXPLAIN)
async def explain(ls: ErrataServer, *args: Any) -> str | None:
    """`errata.explain` with a message or traceback: the best record's card as markdown, or null.
    When no message matches exactly, the records that fit best, said to be approximate, then the
    first one's card."""
    text = args[0] if args else None
    if isinstance(text, list):
        text = text[0] if text else None
    if not isinstance(text, str) or not text.strip():
        return None
    limit = ls.client_settings.max_file_bytes
    if _size(text, limit) > limit:
        ls.log(f"errata.explain: a text above the {limit / 2**20:.0f} MiB limit is not matched", types.MessageType.Warning)
        return None
    return await asyncio.get_running_loop().run_in_executor(None, ls.explain, text)


# --- helpers -----------------------------------------------------------------------------------
def _finished(state: DocumentState, future: asyncio.Future) -> None:
    if state.running is future:
        state.running = None
    if not future.cancelled():
        future.exception()  # retrieved: a failure is reported by the request that awaited it, if any


def _conversion_key(finding: Finding, lines: list[str], kb: KnowledgeBase) -> tuple:
    """Everything a finding's diagnostic is made from, as plain values (cheap to hash and compare):
    its fields, the lines its positions are counted on, and the knowledge base its link comes from."""
    span = finding.span
    return (finding.code, finding.record_id, finding.message, finding.severity, finding.rule,
            span.start.line, span.start.column, span.end.line, span.end.column,
            tuple((f.title, f.safety, f.preferred) for f in finding.fixes),
            _line_key(lines, span.start.line), _line_key(lines, span.end.line), kb)


def _line_key(lines: list[str], number: int) -> str | tuple[int, str]:
    """What a position on line `number` is converted by: that line, or past the end, the last one."""
    return lines[number] if number < len(lines) else (len(lines), lines[-1])


def _size(text: str, limit: int) -> int:
    """The UTF-8 size of `text`, counted only when it could be over `limit`."""
    return len(text.encode("utf-8", errors="surrogatepass")) if len(text) * 4 > limit else len(text)


def _log_code(record: Record) -> str:
    """A code a person can read and search for: the rule that prevents the error, else the record's
    own code or slug, else its error class."""
    from ..analysis.rules import RULES

    for rule in RULES:
        if rule.record == record.id:
            return rule.code
    return record.get("errorCode") or record.get("slug") or record.error_class.rsplit(".", 1)[-1]


def _is_log(doc: TextDocument) -> bool:
    return doc.language_id in LOG_LANGUAGES or doc.uri.endswith((".log", ".txt"))


def _path(uri: str | None) -> Path | None:
    if not uri or not uri.startswith("file:"):
        return None
    try:
        path = to_fs_path(uri)
    except Exception:
        return None
    return Path(path) if path else None


def _path_str(uri: str) -> str | None:
    path = _path(uri)
    return str(path) if path else None


def _supports_refresh(caps: types.ClientCapabilities) -> bool:
    diag = caps.workspace and caps.workspace.diagnostics
    return bool(diag and diag.refresh_support)


def serve(tcp: str | None = None) -> int:
    logging.basicConfig(level=os.environ.get("ERRATA_LOG_LEVEL", "WARNING"), format="%(name)s: %(message)s")
    if tcp:
        host, _, port = tcp.rpartition(":")
        server.start_tcp(host or "127.0.0.1", int(port))
        return 0
    import sys

    return server._start_io_async(sys.stdin.buffer, sys.stdout.buffer)


def _detect_problems(paths: tuple[str, ...]) -> list:
    """The `detect` sections of the `kb.paths` records that are skipped, and why (the rules the engine
    makes of the others come from the same cached read)."""
    if not paths:
        return []
    from ..analysis.detect import rules_from_paths
    from ..analysis.rules import RULES

    return rules_from_paths(paths, [r.code for r in RULES])[1]
