"""`diagnosticMode` "workspace" (as pyright's; the default, "openFilesOnly", checks open documents only):
the Python files of the workspace folders that are not open are checked too. A pull client gets them
from `workspace/diagnostic`, a push client gets them published.

The files are checked one at a time in a thread of their own, never before an open document's check
that is waiting (an open file's diagnostics never wait for the workspace), with work-done progress
when the client shows it ("errata: checking the workspace", n/N). Each file's report is kept while its
file, the settings and the modules its check read are unchanged; a change of one checks it again.
Bounded: the first `MAX_FILES` files, each no larger than the project model reads a module.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from . import convert
from .text import TextDocument, path_str

if TYPE_CHECKING:
    from .server import ErrataServer

WORKSPACE_MODE = "workspace"
MAX_FILES = 2_000  # files of the workspace checked; the server's log says when there are more
PROGRESS_STEPS = 20  # progress reports per scan, at most
_tokens = itertools.count(1)


@dataclass
class FileReport:
    """One file's diagnostics as last checked, and what they were worked out from."""

    uri: str
    stamp: object  # the file's (mtime, size) then
    generation: int  # of the settings
    diagnostics: list[types.Diagnostic]
    result_id: str
    modules: tuple[str, ...]  # the project's modules its check read


@dataclass
class WorkspaceFiles:
    """The reports of the files not open, by path, the scan running, and what was published."""

    reports: dict[str, FileReport] = field(default_factory=dict)
    scan: asyncio.Task | None = None
    again: bool = False  # something changed while the scan ran: scan once more when it ends
    published: set[str] = field(default_factory=set)  # URIs a push client holds diagnostics of
    executor: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, "errata-workspace"))
    bound_logged: bool = False

    def changed(self, paths: set[str]) -> bool:
        """Modules changed (on disk, or an open buffer): the reports of those files and of every file
        whose check read one are dropped; whether any was."""
        gone = [p for p, r in self.reports.items() if p in paths or not paths.isdisjoint(r.modules)]
        for path in gone:
            del self.reports[path]
        return bool(gone)


def enabled(ls: ErrataServer) -> bool:
    return ls.session.client_settings.diagnostic_mode == WORKSPACE_MODE


async def reports(ls: ErrataServer, token: types.ProgressToken | None = None) -> list[FileReport]:
    """Every file of the workspace that is not open, checked (or its kept report), in path order."""
    state = ls.workspace_files
    while state.scan is not None and not state.scan.done():
        await asyncio.shield(state.scan)  # one scan at a time: this one's files are checked next
    state.scan = asyncio.get_running_loop().create_task(_scan(ls, token))
    return await asyncio.shield(state.scan)


async def _scan(ls: ErrataServer, token: types.ProgressToken | None, publish: bool = False) -> list[FileReport]:
    """Check the files whose reports are stale; with `publish` (a push client), each one's diagnostics
    are published as soon as it is checked."""
    state = ls.workspace_files
    loop = asyncio.get_running_loop()
    paths = await loop.run_in_executor(state.executor, _files, ls)
    stale = [p for p in paths if not _current(ls, p, state.reports.get(p))]
    progress = _Progress(ls, token, len(stale)) if stale else None
    if progress is not None:
        await progress.begin()
    try:
        for done, path in enumerate(stale, 1):
            await _open_checks_done(ls)
            report = await loop.run_in_executor(state.executor, _check, ls, path)
            if report is None:
                state.reports.pop(path, None)
            else:
                state.reports[path] = report
                if publish:
                    _publish_one(ls, report)
            if progress is not None:
                progress.report(done)
    finally:
        if progress is not None:
            progress.end()
    return [state.reports[p] for p in paths if p in state.reports]


async def _open_checks_done(ls: ErrataServer) -> None:
    """Wait while an open document's check runs: it goes first."""
    while True:
        running = [s.running for s in ls.session.states.values() if s.running is not None and not s.running.done()]
        if not running:
            return
        await asyncio.wait(running)


def _files(ls: ErrataServer) -> list[str]:
    """The Python files of the workspace folders that are not open, the first `MAX_FILES` (in a worker thread)."""
    from ..analysis.project import WORKSPACE
    from ..files import python_files

    folders = list(WORKSPACE.folders) or ([str(ls.session.root)] if ls.session.root is not None else [])
    open_paths = {os.path.abspath(p) for p in map(path_str, list(ls.session.states)) if p}
    found: list[str] = []
    for path, problem in python_files(folders):
        if problem is not None or path.suffix not in (".py", ".pyi"):
            continue
        absolute = os.path.abspath(path)
        if absolute in open_paths:
            continue
        if len(found) == MAX_FILES:
            if not ls.workspace_files.bound_logged:
                ls.workspace_files.bound_logged = True
                ls.log(f"the workspace has more than {MAX_FILES} Python files; the first {MAX_FILES} are checked",
                       types.MessageType.Warning)
            break
        found.append(absolute)
    return sorted(found)


def _stamp(path: str) -> object:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_mtime_ns, info.st_size)


def _current(ls: ErrataServer, path: str, report: FileReport | None) -> bool:
    return report is not None and report.generation == ls.session.generation and report.stamp == _stamp(path)


def _check(ls: ErrataServer, path: str) -> FileReport | None:
    """One file's findings as diagnostics (in the scan's thread); None when it cannot be read."""
    from ..analysis.engine import check_source
    from ..analysis.project import read_module

    stamp, generation = _stamp(path), ls.session.generation
    text = read_module(path)
    if text is None:
        return None
    uri = Path(path).as_uri()
    doc = TextDocument(uri, text, None, "python")
    with ls.session.collector.held():
        settings = ls.session.settings_for(uri)
        found = check_source(text, path, settings)
        kb = ls.session.kb
        diagnostics = [convert.diagnostic(f, doc, ls.encoding, kb) for f in found.findings]
    payload = tuple(ls.to_json(d) for d in diagnostics)
    return FileReport(uri, stamp, generation, diagnostics, f"ws-{generation}-{hash(payload)}", tuple(found.modules))


class _Progress:
    """Work-done progress of one scan, when the client shows it: the token the client gave with its
    request, else one the server asks the client to create."""

    def __init__(self, ls: ErrataServer, token: types.ProgressToken | None, total: int) -> None:
        self.ls, self.token, self.total, self.last = ls, token, total, 0
        window = ls.client_capabilities.window
        self.shown = token is not None or bool(window and window.work_done_progress)

    async def begin(self) -> None:
        if not self.shown:
            return
        if self.token is None:
            self.token = f"errata-workspace-{next(_tokens)}"
            try:
                await asyncio.wait_for(self.ls.work_done_progress.create_async(self.token), timeout=5)
            except Exception as exc:  # the client refused, or never answered: the scan goes on without it
                self.ls.log(f"workspace progress not shown: {exc}", types.MessageType.Warning)
                self.shown = False
                return
        self.ls.work_done_progress.begin(self.token, types.WorkDoneProgressBegin(
            title="errata: checking the workspace", message=f"0/{self.total} files", percentage=0, cancellable=False))

    def report(self, done: int) -> None:
        if not self.shown or self.token is None or (done - self.last) * PROGRESS_STEPS < self.total and done < self.total:
            return
        self.last = done
        self.ls.work_done_progress.report(self.token, types.WorkDoneProgressReport(
            message=f"{done}/{self.total} files", percentage=done * 100 // self.total))

    def end(self) -> None:
        if not self.shown or self.token is None:
            return
        self.ls.work_done_progress.end(self.token, types.WorkDoneProgressEnd(message=f"{self.total} files checked"))
        self.ls.work_done_progress.tokens.pop(self.token, None)  # pygls keeps every token otherwise


# --- pull -------------------------------------------------------------------------------------------
async def workspace_diagnostic(ls: ErrataServer, params: types.WorkspaceDiagnosticParams) -> types.WorkspaceDiagnosticReport:
    """The files not open, in "workspace" mode (none otherwise: the open ones are pulled one by one)."""
    if not enabled(ls):
        return types.WorkspaceDiagnosticReport(items=[])
    previous = {p.uri: p.value for p in params.previous_result_ids}
    items: list[types.WorkspaceFullDocumentDiagnosticReport | types.WorkspaceUnchangedDocumentDiagnosticReport] = []
    for report in await reports(ls, params.work_done_token):
        if previous.get(report.uri) == report.result_id:
            items.append(types.WorkspaceUnchangedDocumentDiagnosticReport(
                uri=report.uri, result_id=report.result_id, version=None))
        else:
            items.append(types.WorkspaceFullDocumentDiagnosticReport(
                uri=report.uri, items=report.diagnostics, version=None, result_id=report.result_id))
    return types.WorkspaceDiagnosticReport(items=items)


# --- push -------------------------------------------------------------------------------------------
def refresh(ls: ErrataServer, changed: set[str] | None = None, ask_pulls: bool = True) -> None:
    """Bring the workspace's diagnostics up to date after `changed` modules changed (None: the settings,
    the set of files or the open ones did): a pull client is asked to pull again (unless `ask_pulls` is
    false: it pulls on its own at the start), a push client gets them published."""
    state = ls.workspace_files
    if not enabled(ls):
        if state.published and not ls.pulls:  # "workspace" turned off: what it published goes
            for uri in state.published - set(ls.session.states):
                ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
            state.published = set()
        return
    if changed is not None and not state.changed(changed) and not _unreported(ls, changed):
        return  # no file of the workspace read them, and each is open or reported already
    if ls.pulls:
        if ask_pulls:
            ls.refresh_pulls()
        return
    if state.scan is not None and not state.scan.done():
        state.again = True
        return
    state.scan = asyncio.get_running_loop().create_task(_scan(ls, None, publish=True))
    state.scan.add_done_callback(lambda done: _scanned(ls, done))


def _unreported(ls: ErrataServer, paths: set[str]) -> bool:
    """One of `paths` is not open and has no report (a document just closed, a file never read)."""
    open_paths = {os.path.abspath(p) for p in map(path_str, list(ls.session.states)) if p}
    return any(p not in open_paths and p not in ls.workspace_files.reports for p in paths)


def _publish_one(ls: ErrataServer, report: FileReport) -> None:
    """A file's diagnostics, unless it is open now (its own check publishes it) or clean and never shown."""
    state = ls.workspace_files
    if report.uri in ls.session.states or not (report.diagnostics or report.uri in state.published):
        return
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=report.uri, diagnostics=report.diagnostics))
    if report.diagnostics:
        state.published.add(report.uri)
    else:
        state.published.discard(report.uri)


def _scanned(ls: ErrataServer, done: asyncio.Future) -> None:
    """After a push client's scan: a file published before and gone from the workspace (deleted,
    unreadable) has its diagnostics cleared; a change that came meanwhile is scanned for now."""
    state = ls.workspace_files
    if done.cancelled() or done.exception() is not None:
        if not done.cancelled():
            ls.log(f"checking the workspace failed: {done.exception()}", types.MessageType.Error)
        return
    reported = {r.uri for r in done.result()}
    for uri in state.published - reported - set(ls.session.states):
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
    state.published &= reported | set(ls.session.states)
    if state.again:
        state.again = False
        refresh(ls)


def register(server: ErrataServer) -> None:
    server.feature(types.WORKSPACE_DIAGNOSTIC)(workspace_diagnostic)
