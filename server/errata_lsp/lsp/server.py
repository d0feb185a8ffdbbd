"""errata's language server on pygls 2: handlers that translate LSP to calls on the `Session` (the
documents, settings and knowledge base) and the engine's findings and records back to LSP.

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
import sys
import time
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from .. import __version__
from ..analysis.findings import Finding
from . import (
    code_actions,
    commands,
    convert,
    dependents,
    diagnostics,
    hover,
    notebook,
    workspace,
    workspace_diagnostics,
)
from .pygls_adapter import AdaptedProtocol, AdaptedServer
from .session import Analysis, DocumentState, Session, is_log, path_of, path_str
from .text import UTF16, TextDocument

if TYPE_CHECKING:
    from ..kb.base import KnowledgeBase
    from ..settings import Settings

log = logging.getLogger(__name__)
MESSAGE_TYPE = {logging.ERROR: types.MessageType.Error, logging.WARNING: types.MessageType.Warning,
                logging.INFO: types.MessageType.Info}


class ErrataServer(AdaptedServer):
    def __init__(self) -> None:
        super().__init__("errata", __version__, protocol_cls=AdaptedProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         notebook_document_sync=notebook.SYNC_OPTIONS)
        self.session = Session(self._report, self._show)
        self.workspace_files = workspace_diagnostics.WorkspaceFiles()  # the files not open, in "workspace" mode

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
    def report_server_error(self, error: Exception, source: Any) -> None:
        """Log and keep serving: bad input from a client is never a reason to stop."""
        self.log(f"{type(error).__name__}: {error}", types.MessageType.Error)

    def _report(self, message: str, level: int) -> None:
        self.log(message, MESSAGE_TYPE.get(level, types.MessageType.Info))

    def _show(self, message: str) -> None:
        self.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=message))

    # --- analysis ----------------------------------------------------------------------------
    async def analysis_of(self, state: DocumentState, doc: TextDocument | None = None) -> Analysis:
        """The analysis of `doc` (a snapshot; the document's current text when None) under the
        current settings, made in a worker thread. One analysis per document runs at a time; a
        request for a text already being checked waits for that check instead of starting another."""
        doc = doc or state.doc.snapshot()
        while True:
            snapshot = self.session.snapshot
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
            comment = self._comment_edit(state, doc)
            future = asyncio.get_running_loop().run_in_executor(None, self.analyse, state, doc, snapshot, comment)
            state.running = future
            future.add_done_callback(lambda done: _finished(state, done))
            return await asyncio.shield(future)  # a cancelled request leaves the check running for the next

    def analyse(self, state: DocumentState, doc: TextDocument, snapshot: tuple[int, Settings],
                comment: bool = False, prepared: tuple[Settings, KnowledgeBase] | None = None) -> Analysis:
        """Findings and diagnostics for one text and one settings generation: in a worker thread, or
        on the event loop when it is an edit inside a comment known to check fast (`_inline`).
        `comment`: the text differs from the last one checked only inside a comment line (its
        time is noted for `_inline`); `prepared`: the document's settings and knowledge base as
        `Session.prepared` found them, for `snapshot`."""
        cached = state.analysis
        if cached is not None and cached.is_for(doc.text, snapshot[0]):
            return cached
        began = time.perf_counter()
        with self.session.collector.held():
            # once per check: the knowledge base's paths come from settings and the workspace's pyproject
            settings, kb = prepared if prepared is not None else (None, self.session.kb)
            findings = self.session.findings(state, doc, snapshot, kb, settings)
            if cached is not None and cached.generation == snapshot[0] and cached.holds_for(findings, doc, kb):
                analysis = Analysis(doc, snapshot[0], findings, cached.diagnostics, cached.payloads, kb=kb,
                                    lines_read=cached.lines_read)
            else:
                diagnostics, payloads = self._converted(state, findings, doc, kb)
                analysis = Analysis(doc, snapshot[0], findings, diagnostics, payloads, kb=kb)
        state.analysis = analysis
        if comment:
            state.comment_check_s = time.perf_counter() - began
        return analysis

    def _comment_edit(self, state: DocumentState, doc: TextDocument) -> bool:
        """Whether `doc` differs from the text last checked only inside one whole-line comment (a
        comment then, and one before, as the engine's chunk of that line says: not a line of a
        string that starts with `#`). Such an edit changes no code: the engine reuses every chunk's
        tree and findings but that chunk's, and no rule runs."""
        analysis, checked = state.analysis, state.checked
        if analysis is None or checked is None or checked.document is None or is_log(doc):
            return False
        before = analysis.doc
        line = doc.only_line_changed_since(before)
        if (line is None or checked.document.text is not before.text or analysis.generation != self.session.generation
                or len(before.lines) != len(doc.lines) or line >= len(before.lines)):
            return False
        if not (before.lines[line].lstrip().startswith("#") and doc.lines[line].lstrip().startswith("#")):
            return False
        chunk = checked.document.chunk_at(line)
        if chunk is None:
            return False
        code = chunk.code_signature().split("\n")  # comments out, strings kept: a line of a string is not empty
        return line - chunk.first < len(code) and code[line - chunk.first] == ""

    def _inline(self, state: DocumentState, doc: TextDocument) -> tuple[Settings, KnowledgeBase] | None:
        """Whether to check on the event loop, without the round trip to a worker thread and back
        (then the document's settings and knowledge base, for the check): only an edit inside a
        comment (`_comment_edit`) when the last such check of this document took no longer than
        the interpreter's switch interval (a worker thread holding the interpreter that long keeps
        the loop from reading messages as long), no other check of it is running, and its settings,
        versions and knowledge base need nothing read again (`Session.prepared`)."""
        running = state.running
        if running is not None and not running.done():
            return None
        last = state.comment_check_s
        if last is None or last > sys.getswitchinterval() or not self._comment_edit(state, doc):
            return None
        return self.session.prepared(doc.uri)

    def _converted(self, state: DocumentState, findings: list[Finding], doc: TextDocument,
                   kb: KnowledgeBase) -> tuple[list[types.Diagnostic], list[str]]:
        """Each finding as a diagnostic and its JSON. A finding converts the same while it and the
        lines it spans are unchanged: the engine hands back the same finding objects for the chunks
        it reused, so a finding seen last time (the same object, its lines the same strings) takes
        its diagnostic without its key being built; an equal finding (moved, or found again) takes it
        by its key (`_conversion_key`)."""
        previous = state.converted
        converted: dict[tuple, tuple[types.Diagnostic, str]] = {}
        pairs: list[tuple[types.Diagnostic, str]] = []
        seen_before: dict[int, tuple] = state.seen
        seen: dict[int, tuple] = {}
        lines = doc.lines if findings else []  # a file over the size limit is never even split
        for finding in findings:
            span = finding.span
            start, end = _line_key(lines, span.start.line), _line_key(lines, span.end.line)
            entry = seen_before.get(id(finding))
            if (entry is None or entry[0] is not finding or entry[1] is not kb
                    or not (entry[2] is start or entry[2] == start) or not (entry[3] is end or entry[3] == end)):
                key = _conversion_key(finding, start, end, kb)
                done = converted.get(key) or previous.get(key)
                if done is None:
                    diagnostic = convert.diagnostic(finding, doc, self.encoding, kb)
                    done = diagnostic, self.to_json(diagnostic)
                entry = (finding, kb, start, end, key, done)  # the finding is kept: its id is not reused
            converted[entry[4]] = entry[5]
            seen[id(finding)] = entry
            pairs.append(entry[5])
        state.converted, state.seen = converted, seen  # only what this text uses: never outgrows the findings
        return [d for d, _ in pairs], [p for _, p in pairs]

    def schedule(self, uri: str) -> None:
        """Check a document now. While a check runs, changes only mark the text as moved on: when
        the check ends its result is dropped and the newest text is checked next, never one check
        per keystroke."""
        state = self.session.states.get(uri)
        if state is None or self.pulls:
            return
        if state.task is None or state.task.done():
            state.task = asyncio.get_running_loop().create_task(self._publish_newest(uri, state))

    async def _publish_newest(self, uri: str, state: DocumentState) -> None:
        while self.session.states.get(uri) is state:
            await asyncio.sleep(0)  # changes already read from the stream land first
            doc, generation = state.doc.snapshot(), self.session.generation
            try:
                prepared = self._inline(state, doc)
                if prepared is not None:
                    analysis = self.analyse(state, doc, self.session.snapshot, comment=True, prepared=prepared)
                else:
                    analysis = await self.analysis_of(state, doc)
            except Exception as exc:
                self.log(f"checking {uri} failed: {type(exc).__name__}: {exc}", types.MessageType.Error)
                return
            if self.session.states.get(uri) is not state:
                return
            if state.doc.text is not doc.text or self.session.generation != generation:
                continue  # the text or the settings moved on: check the newest instead
            self._publish(uri, doc.version, analysis.payloads)
            if not state.settled:
                state.settled = True
                await asyncio.get_running_loop().run_in_executor(None, self._settle, doc)
                if self.session.states.get(uri) is state and (state.doc.text is not doc.text or self.session.generation != generation):
                    continue  # changes that came while it settled: this task still owns the document
            return

    def _settle(self, doc: TextDocument) -> None:
        """After a document's first publish (in a worker thread): its line table, which the next edit
        takes (`Session.change`) and updates from then on; the approximate lookup's index of a large knowledge base (only `errata.explain`
        and log documents ask for it, so the first diagnostics do not wait for it; a small base's is
        built by its first lookup); then the collector (`CollectorPause.settle`)."""
        doc.lines  # noqa: B018
        doc.line_starts()
        try:
            self.session.kb.prepare_lookup()
        except Exception as exc:  # reported; the first lookup will try again and say why
            self.log(f"building the lookup index failed: {type(exc).__name__}: {exc}", types.MessageType.Warning)
        self.session.collector.settle()

    def _publish(self, uri: str, version: int | None, payloads: list[str]) -> None:
        """publishDiagnostics written from each diagnostic's cached JSON (no conversion per publish)."""
        body = (f'{{"jsonrpc":"2.0","method":"{types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS}","params":'
                f'{{"uri":{json.dumps(uri)},"version":{json.dumps(version)},"diagnostics":[{",".join(payloads)}]}}}}')
        self.protocol.send_raw(body)

    def republish_all(self) -> None:
        for uri in list(self.session.states):
            self.schedule(uri)
        notebook.republish(self)
        if self.pulls:
            self.refresh_pulls()
        workspace_diagnostics.refresh(self, ask_pulls=False)  # the settings changed: every file's report is stale

    def refresh_pulls(self) -> None:
        """Ask a pulling client to pull every document's diagnostics again, when it lets servers ask."""
        diagnostics = self.client_capabilities.workspace and self.client_capabilities.workspace.diagnostics
        if not (diagnostics and diagnostics.refresh_support):
            return
        try:
            self.workspace_diagnostic_refresh(None)
        except Exception as exc:
            self.log(f"diagnostic refresh failed: {exc}", types.MessageType.Warning)


server = ErrataServer()
for family in (workspace, diagnostics, workspace_diagnostics, code_actions, hover, commands, notebook):
    family.register(server)


# --- lifecycle ---------------------------------------------------------------------------------
@server.feature(types.INITIALIZE)
def initialize(ls: ErrataServer, params: types.InitializeParams) -> None:
    root = params.root_uri or (params.workspace_folders[0].uri if params.workspace_folders else None)
    ls.session.root = path_of(root) if root else None
    folders = [str(path_of(f.uri) or "") for f in params.workspace_folders or ()] or [str(ls.session.root or "")]
    if params.initialization_options is not None:
        ls.session.apply_client_settings(params.initialization_options)
    loop = asyncio.get_running_loop()
    if params.process_id:
        loop.create_task(_exit_with_parent(params.process_id))
    # The engine, the rules and the knowledge base load off the event loop from the moment this
    # answer is sent (a callback runs after the handler and its reply): `initialize` answers as
    # fast as a bare server, and the client's round trip to `initialized` and `didOpen` is spent loading.
    loop.call_soon(loop.run_in_executor, None, dependents.add_folders, folders)  # each one project, read off the loop
    loop.call_soon(loop.run_in_executor, None, _warm_up, ls)


@server.feature(types.INITIALIZED)
async def initialized(ls: ErrataServer, params: types.InitializedParams) -> None:
    dependents.watch_modules(ls)
    await workspace.pull_configuration(ls)
    workspace_diagnostics.refresh(ls, ask_pulls=False)


def _warm_up(ls: ErrataServer) -> None:
    try:
        _structure_a_change(ls)
        # the engine and the rule pack (hovers load theirs), and what tells a log from a script
        from ..analysis import engine, logs, project, rules  # noqa: F401
        from ..kb import readable  # noqa: F401  (what the first check would import)
        from ..kb.versions import shipped

        list(rules.iter_rules())
        shipped()  # the releases the environment's versions are matched against
        ls.session.kb  # noqa: B018  (the knowledge base the first check converts its findings with)
        _convert_a_diagnostic(ls)
    except Exception as exc:  # reported; the first document will try again and say why
        ls.log(f"warming up failed: {type(exc).__name__}: {exc}", types.MessageType.Warning)
    # What is loaded now lives as long as the server: out of the collector's sight, a collection
    # set off while typing walks only what the checks made, not the rules and the knowledge base.
    gc.freeze()


def _structure_a_change(ls: ErrataServer) -> None:
    """A change notification read once, so the structuring code for its types is made now and not
    on the user's first keystroke (several milliseconds)."""
    change = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": ""}
    json.loads(json.dumps({"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_DID_CHANGE, "params": {
        "textDocument": {"uri": "file:///", "version": 1}, "contentChanges": [change, {"text": ""}]}}),
        object_hook=ls.protocol.structure_message)


def _convert_a_diagnostic(ls: ErrataServer) -> None:
    """Diagnostics with and without each optional field a finding's may have made JSON, so the
    converter's code for their types is made now and not by the first open that finds something
    (~2 ms: the converter makes part of its code lazily, on the first values it meets)."""
    where = types.Range(types.Position(0, 0), types.Position(0, 1))
    for elsewhere, link in (([types.DiagnosticRelatedInformation(types.Location("file:///", where), "")], "x:"),
                            (None, None), (None, None)):
        ls.to_json(types.Diagnostic(
            range=where, message="", severity=types.DiagnosticSeverity.Error, code="", source=convert.SOURCE,
            code_description=types.CodeDescription(href=link) if link else None, related_information=elsewhere,
            data={"record": "", "rule": "", "fixes": [{"title": "", "safety": "", "preferred": False}]}))


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
    ls.session.open(item.uri, item.text, item.version, item.language_id)
    ls.schedule(item.uri)
    dependents.buffer_changed(ls, item.uri, path_str(item.uri), item.text)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: ErrataServer, params: types.DidChangeTextDocumentParams) -> None:
    document = params.text_document
    if ls.session.change(document.uri, params.content_changes, document.version, ls.encoding) is None:
        ls.log(f"change for a document that is not open: {document.uri}", types.MessageType.Warning)
        return
    ls.schedule(document.uri)
    state = ls.session.states.get(document.uri)
    if state is not None:
        dependents.buffer_changed(ls, document.uri, path_str(document.uri), state.doc.text)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: ErrataServer, params: types.DidCloseTextDocumentParams) -> None:
    state = ls.session.close(params.text_document.uri)
    if state is None:
        return
    dependents.buffer_changed(ls, params.text_document.uri, path_str(params.text_document.uri), None)  # the file on disk stands for it again
    if state.task is not None:
        state.task.cancel()
    if not ls.pulls:
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


# --- helpers -----------------------------------------------------------------------------------
def _finished(state: DocumentState, future: asyncio.Future) -> None:
    if state.running is future:
        state.running = None
    if not future.cancelled():
        future.exception()  # retrieved: a failure is reported by the request that awaited it, if any


def _conversion_key(finding: Finding, start: str | tuple[int, str], end: str | tuple[int, str],
                    kb: KnowledgeBase) -> tuple:
    """Everything a finding's diagnostic is made from, as plain values (cheap to hash and compare):
    its fields, the lines its positions are counted on (`_line_key` of its first and last line), and
    the knowledge base its link comes from."""
    span = finding.span
    return (finding.code, finding.record_id, finding.message, finding.severity, finding.rule,
            span.start.line, span.start.column, span.end.line, span.end.column,
            tuple((f.title, f.safety, f.preferred) for f in finding.fixes), start, end, kb)


def _line_key(lines: list[str], number: int) -> str | tuple[int, str]:
    """What a position on line `number` is converted by: that line, or past the end, the last one."""
    return lines[number] if number < len(lines) else (len(lines), lines[-1])


def serve(tcp: str | None = None) -> int:
    logging.basicConfig(level=os.environ.get("ERRATA_LOG_LEVEL", "WARNING"), format="%(name)s: %(message)s")
    if tcp:
        host, _, port = tcp.rpartition(":")
        server.start_tcp(host or "127.0.0.1", int(port))
        return 0
    import sys

    return server.serve_stdio(sys.stdin.buffer, sys.stdout.buffer)


