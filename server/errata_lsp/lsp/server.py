"""errata's language server on pygls 2: it converts the engine's findings and records to LSP.

Data flows one way: the client's text -> the engine (`analysis`) -> findings -> diagnostics, code
actions and hovers. Python documents get the rule pack; log and plain-text documents get their
lines matched against the knowledge base, so a pasted traceback is explained where it lies.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.uris import to_fs_path

from .. import __version__
from ..analysis.findings import Finding, Position, Safety, Severity, Span
from ..settings import Settings, SettingsError, settings_for
from . import convert
from .text import UTF16, TextDocument

if TYPE_CHECKING:
    from ..kb.base import KnowledgeBase
    from ..kb.record import Record

log = logging.getLogger(__name__)
FIX_ALL = "source.fixAll.errata"
EXPLAIN = "errata.explain"
LOG_LANGUAGES = {"log", "plaintext", "text", "Log"}
TYPING_PAUSE_S = 0.2  # a change within this long of the last one is part of a burst
BURST_DELAY_S = 0.05  # in a burst, wait this long for more changes before checking


@dataclass
class Analysis:
    version: int | None
    generation: int
    findings: list[Finding]
    diagnostics: list[types.Diagnostic]
    result_id: str


@dataclass
class DocumentState:
    doc: TextDocument
    last_change: float = 0.0
    typing: bool = False  # this change came hard on the heels of the previous one
    analysis: Analysis | None = None
    task: asyncio.Task | None = None
    reported: set[str] = field(default_factory=set)  # rule failures and limits already logged


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

    def _user(self, method: str, params: Any):
        handler = self.fm.features.get(method)
        if handler is not None:
            yield handler, (params,), None


class ErrataServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("errata", __version__, protocol_cls=ErrataProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.states: dict[str, DocumentState] = {}
        # The client's settings and their generation (bumped on every change), swapped as one value
        # so an analysis running in a worker thread never pairs one with the other's successor.
        self._settings: tuple[int, Settings] = (0, Settings())
        self.root: Path | None = None
        self._kb: KnowledgeBase | None = None
        self._kb_paths: tuple[str, ...] | None = None
        self._shown_kb_problems = False
        self._pyproject_cache: dict[tuple[Path, int], Settings] = {}

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
        """The client's settings with the nearest `[tool.errata]` laid over, for one generation."""
        generation, client = snapshot or self._settings
        path = _path(uri)
        if path is None:
            return client
        key = (path.parent, generation)
        if key not in self._pyproject_cache:
            try:
                found = settings_for(path, client)
            except SettingsError as exc:
                self.log(str(exc), types.MessageType.Warning)
                found = client
            if any(g != generation for _, g in self._pyproject_cache):
                self._pyproject_cache = {k: v for k, v in self._pyproject_cache.items() if k[1] == generation}
            self._pyproject_cache[key] = found
        return self._pyproject_cache[key]

    @property
    def kb(self) -> KnowledgeBase:
        paths = self.client_settings.kb_paths
        if self.root is not None:
            try:
                paths = paths + settings_for(self.root / "pyproject.toml").kb_paths
            except SettingsError:
                pass
        paths = tuple(dict.fromkeys(paths))
        if self._kb is None or paths != self._kb_paths:
            from ..kb import KnowledgeBase

            self._kb, self._kb_paths = KnowledgeBase.load(paths), paths
            for problem in self._kb.problems:
                self.log(f"knowledge base: {problem}", types.MessageType.Warning)
            if self._kb.problems and not self._shown_kb_problems:
                self._shown_kb_problems = True
                self.window_show_message(types.ShowMessageParams(
                    type=types.MessageType.Warning,
                    message=f"errata: {len(self._kb.problems)} problem(s) in the knowledge base; "
                            "the other records are loaded. See the errata output for details."))
        return self._kb

    # --- analysis ----------------------------------------------------------------------------
    def analyse(self, state: DocumentState) -> Analysis:
        """Findings for the document's current text (cached per version and settings)."""
        doc = state.doc
        # Read once: settings or text that change while this runs make a new analysis, not this one.
        version, snapshot, text = doc.version, self._settings, doc.text
        generation = snapshot[0]
        cached = state.analysis
        if cached and cached.version == version and cached.generation == generation:
            return cached
        findings = self._findings(state, text, snapshot)
        snapshot = TextDocument(doc.uri, text, version, doc.language_id)
        diagnostics = [convert.diagnostic(f, snapshot, self.encoding, self.kb) for f in findings]
        analysis = Analysis(version, generation, findings, diagnostics,
                            f"{version}-{generation}-{hash(tuple(d.message for d in diagnostics))}")
        state.analysis = analysis
        return analysis

    def _findings(self, state: DocumentState, text: str, snapshot: tuple[int, Settings]) -> list[Finding]:
        doc = state.doc
        if _is_log(doc):
            return self._log_findings(TextDocument(doc.uri, text, doc.version, doc.language_id))
        from ..analysis.engine import check_source

        report = check_source(text, _path_str(doc.uri), self.settings_for(doc.uri, snapshot))
        if report.skipped and "skipped" not in state.reported:
            state.reported.add("skipped")
            self.log(f"{doc.uri}: {report.skipped}", types.MessageType.Warning)
        for failure in report.failures:
            if failure.rule not in state.reported:
                state.reported.add(failure.rule)
                self.log(f"rule {failure.rule} failed on {doc.uri}: {failure.error}; the other rules still ran\n"
                         f"{failure.detail}", types.MessageType.Error)
        return report.findings

    def _log_findings(self, doc: TextDocument) -> list[Finding]:
        """A diagnostic on each line of a log that states a known error; a line that states an
        exception no message matches exactly gets the record that fits it best, said to be approximate."""
        from ..kb.match import exception_messages

        kb = self.kb
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
        """Check a document soon; a burst of changes is checked once, and stale results are dropped."""
        state = self.states.get(uri)
        if state is None or self.pulls:
            return
        if state.task is None or state.task.done():
            state.task = asyncio.get_running_loop().create_task(self._publish_when_settled(uri))

    async def _publish_when_settled(self, uri: str) -> None:
        while True:
            state = self.states.get(uri)
            if state is None:
                return
            if state.typing:
                await asyncio.sleep(BURST_DELAY_S)
            else:
                await asyncio.sleep(0)  # let queued changes arrive first
            state = self.states.get(uri)
            if state is None:
                return
            version, generation = state.doc.version, self.generation
            try:
                analysis = await asyncio.get_running_loop().run_in_executor(None, self.analyse, state)
            except Exception as exc:
                self.log(f"checking {uri} failed: {type(exc).__name__}: {exc}", types.MessageType.Error)
                return
            current = self.states.get(uri)
            if current is None:
                return
            if current.doc.version != version or self.generation != generation:
                continue  # the text or the settings moved on: check the newest instead
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=uri, diagnostics=analysis.diagnostics, version=version))
            return

    def republish_all(self) -> None:
        for uri in list(self.states):
            self.schedule(uri)
        if self.pulls and _supports_refresh(self.client_capabilities):
            try:
                self.workspace_diagnostic_refresh(None)
            except Exception as exc:
                self.log(f"diagnostic refresh failed: {exc}", types.MessageType.Warning)


server = ErrataServer()


# --- lifecycle ---------------------------------------------------------------------------------
@server.feature(types.INITIALIZE)
def initialize(ls: ErrataServer, params: types.InitializeParams) -> None:
    root = params.root_uri or (params.workspace_folders[0].uri if params.workspace_folders else None)
    ls.root = _path(root) if root else None
    if params.initialization_options is not None:
        ls.apply_client_settings(params.initialization_options)
    if params.process_id:
        asyncio.get_running_loop().create_task(_exit_with_parent(params.process_id))


@server.feature(types.INITIALIZED)
async def initialized(ls: ErrataServer, params: types.InitializedParams) -> None:
    # The engine, the rules and the knowledge base load after the handshake, off the event loop,
    # so `initialize` answers as fast as a bare server and the first document finds them ready.
    asyncio.get_running_loop().run_in_executor(None, _warm_up, ls)
    await _pull_configuration(ls)


def _warm_up(ls: ErrataServer) -> None:
    try:
        from ..analysis import rule, symbols  # noqa: F401  (imports the engine and the rule pack)

        list(rule.iter_rules())
        ls.kb.ranker().prepare()  # the approximate lookup's index: built once, off the event loop
    except Exception as exc:  # reported; the first document will try again and say why
        ls.log(f"warming up failed: {type(exc).__name__}: {exc}", types.MessageType.Warning)


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
    now = time.monotonic()
    state.typing, state.last_change = now - state.last_change < TYPING_PAUSE_S, now
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
    if params.text_document.uri.endswith("pyproject.toml"):
        ls.settings_changed_on_disk()
        ls.republish_all()


@server.feature(
    types.TEXT_DOCUMENT_DIAGNOSTIC,
    types.DiagnosticOptions(identifier="errata", inter_file_dependencies=False, workspace_diagnostics=False),
)
def pull_diagnostics(ls: ErrataServer, params: types.DocumentDiagnosticParams):
    state = ls.states.get(params.text_document.uri)
    if state is None:
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    analysis = ls.analyse(state)
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
def code_action(ls: ErrataServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    state = ls.states.get(params.text_document.uri)
    if state is None:
        return []
    doc = state.doc
    only = params.context.only

    def wanted(kind: str) -> bool:
        return not only or any(kind == k or kind.startswith(f"{k}.") for k in only)

    actions: list[types.CodeAction] = []
    analysis = ls.analyse(state)
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
        from ..analysis.engine import fix_all

        fixed, applied = fix_all(doc.text, _path_str(doc.uri), ls.settings_for(doc.uri))
        if applied and fixed != doc.text:
            actions.append(types.CodeAction(
                title=f"errata: fix all ({len(applied)} safe fix{'es' if len(applied) > 1 else ''})",
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
def hover(ls: ErrataServer, params: types.HoverParams) -> types.Hover | None:
    state = ls.states.get(params.text_document.uri)
    if state is None:
        return None
    from ..analysis.symbols import symbols_at
    from ..kb import card_markdown, summary_line

    doc = state.doc
    pos = doc.from_client(params.position, ls.encoding)
    analysis = ls.analyse(state)
    kb = ls.kb
    for finding, diagnostic in zip(analysis.findings, analysis.diagnostics):
        if finding.span.contains(pos):
            record = kb.get(finding.record_id)
            head = "" if _is_log(doc) else f"**{finding.code}** {finding.message}\n\n---\n\n"
            body = card_markdown(record) if record else finding.message
            return types.Hover(contents=_markdown(head + body), range=diagnostic.range)
    if _is_log(doc):
        return None
    names = symbols_at(doc.text, pos, wanted=lambda word: bool(kb.by_symbol(word)))
    records = []
    for name in names:
        for record in kb.by_symbol(name):
            if record not in records:
                records.append(record)
    if not records:
        return None
    title = names[0]
    lines = [f"**errata** · `{title}` can raise {len(records)} known error{'s' if len(records) > 1 else ''}:", ""]
    lines += [f"- {summary_line(r)}" for r in records]
    return types.Hover(contents=_markdown("\n".join(lines)))


def _markdown(value: str) -> types.MarkupContent:
    return types.MarkupContent(kind=types.MarkupKind.Markdown, value=value)


# --- commands ----------------------------------------------------------------------------------
@server.command(EXPLAIN)
def explain(ls: ErrataServer, *args: Any) -> str | None:
    """`errata.explain` with a message or traceback: the best record's card as markdown, or null.
    When no message matches exactly, the records that fit best, said to be approximate, then the
    first one's card."""
    text = args[0] if args else None
    if isinstance(text, list):
        text = text[0] if text else None
    if not isinstance(text, str) or not text.strip():
        return None
    from ..kb import card_markdown
    from ..kb.rank import approximate_note

    matches = ls.kb.match(text)
    if matches:
        return card_markdown(matches[0])
    guesses = ls.kb.guess(text)
    return approximate_note(guesses) + "\n\n" + card_markdown(guesses[0].record) if guesses else None


# --- helpers -----------------------------------------------------------------------------------
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
