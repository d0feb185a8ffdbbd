"""Open documents checked again when a module they read changes: an open buffer's edit, or a file on
disk (`workspace/didChangeWatchedFiles`, registered for `**/*.py` and the data files a program may load,
`**/*.{json,yaml,yml,toml,ini,cfg}`, when the client lets the server register it). The edited document's own
check is scheduled first and never waits for these.

Each open document's last check lists the modules it read (`Report.modules`, through the other
modules' imports too); the project model drops the summaries a change makes stale at its next check,
so nothing here waits for a running check. A file created or deleted where some import looked in
vain changes what the engine keeps that document's findings by (`Project.lookups`), so the check
scheduled here reads the new module instead of reusing them. Push clients get the new diagnostics
published; pull clients get `workspace/diagnostic/refresh` and pull again.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from lsprotocol import types

from ..analysis.datafiles import SUFFIXES as DATA_SUFFIXES
from . import workspace_diagnostics

if TYPE_CHECKING:
    from .server import ErrataServer
    from .session import DocumentState

WATCH_ID = "errata-python-modules"


def buffer_changed(ls: ErrataServer, uri: str, path: str | None, text: str | None) -> None:
    """An open Python document's text (None when it closed): its buffer now stands for the file."""
    if path is None or not path.endswith((".py", ".pyi")):
        return
    from ..analysis.project import WORKSPACE

    if WORKSPACE.set_buffer(path, text):
        recheck(ls, {os.path.abspath(path)}, skip=uri)
        workspace_diagnostics.refresh(ls, {os.path.abspath(path)})


def files_changed(ls: ErrataServer, changes: Iterable[tuple[str | None, int]]) -> None:
    """Python files and data files changed on disk, as (path, LSP `FileChangeType`). A change drops what read
    it; a Python file created or deleted may be a module some import did not find or found before, so every
    open document is checked again."""
    from ..analysis.project import WORKSPACE

    changed: set[str] = set()
    everything = False
    read: set[str] | None = None
    for path, kind in changes:
        if path is None or not path.endswith((".py", ".pyi", *DATA_SUFFIXES)):
            continue
        if path.endswith(DATA_SUFFIXES):
            # a data file matters only to the checks that loaded it (a run writing its logs as JSON or YAML
            # changes nothing); it is read by the path a load names, never found by a search
            read = _data_files_read(ls) if read is None else read
            if os.path.abspath(path) not in read:
                continue
        WORKSPACE.changed(path)
        changed.add(os.path.abspath(path))
        everything = everything or kind != types.FileChangeType.Changed and not path.endswith(DATA_SUFFIXES)
    recheck(ls, changed, everything=everything)
    if changed:
        workspace_diagnostics.refresh(ls, None if everything else changed)


def _data_files_read(ls: ErrataServer) -> set[str]:
    """The data files the last checks of the open documents and of the workspace's files read."""
    read = {m for state in ls.session.states.values() if state.checked is not None
            for m in state.checked.report.modules if m.endswith(DATA_SUFFIXES)}
    read.update(m for report in ls.workspace_files.reports.values() for m in report.modules if m.endswith(DATA_SUFFIXES))
    return read


def recheck(ls: ErrataServer, changed: set[str], skip: str | None = None, everything: bool = False) -> None:
    """Check again every open document (but `skip`) whose last check read one of `changed` (a check
    lists every module it read, through the others' imports too)."""
    if not changed and not everything:
        return
    again = []
    for uri, state in list(ls.session.states.items()):
        checked = state.checked
        modules = checked.report.modules if checked is not None else ()
        if uri == skip or not (everything or not changed.isdisjoint(modules)):
            continue
        state.analysis = None  # the same text, other findings: its last analysis no longer holds
        again.append((uri, state))
    if not again:
        return
    if ls.pulls:
        ls.refresh_pulls()
        return
    for uri, state in again:
        if state.task is not None and not state.task.done():  # its running check read the old module
            state.task.add_done_callback(functools.partial(_after, ls, uri, state))
        else:
            ls.schedule(uri)


def _after(ls: ErrataServer, uri: str, state: DocumentState, _done: object) -> None:
    if ls.session.states.get(uri) is state:
        state.analysis = None
        ls.schedule(uri)


def watch_modules(ls: ErrataServer) -> None:
    """Ask the client to tell of Python files changed on disk, when it lets servers register that."""
    workspace = ls.client_capabilities.workspace
    watched = workspace.did_change_watched_files if workspace is not None else None
    if watched is None or not watched.dynamic_registration:
        return
    options = types.DidChangeWatchedFilesRegistrationOptions(watchers=[
        types.FileSystemWatcher(glob_pattern="**/*.py"),
        types.FileSystemWatcher(glob_pattern="**/*.{" + ",".join(s.lstrip(".") for s in DATA_SUFFIXES) + "}")])
    registration = types.Registration(id=WATCH_ID, method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                      register_options=options)
    try:
        answer = ls.client_register_capability(types.RegistrationParams(registrations=[registration]))
    except Exception as exc:  # the client refused: modules changed on disk are seen at the next check
        ls.log(f"watching Python files failed: {exc}", types.MessageType.Warning)
        return
    answer.add_done_callback(_watching)


def _watching(answer: Future) -> None:
    """The client accepted the registration: it tells of the workspace's Python files when they change, so a
    check need not `stat` each module it reads (`project.Watch`)."""
    from ..analysis.project import WORKSPACE

    if not answer.cancelled() and answer.exception() is None:
        WORKSPACE.watch.on = True


def add_folders(folders: Iterable[str | None]) -> None:
    """The editor's workspace folders: each one project."""
    from ..analysis.project import WORKSPACE

    for folder in folders:
        if folder:
            WORKSPACE.add_folder(folder)
