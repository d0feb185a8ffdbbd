"""The workspace: the client's settings (pulled, or pushed by `didChangeConfiguration`), and files saved or
changed on disk (settings, lockfiles and installed versions, record files, the project's modules)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from lsprotocol import types

from ..environment import LOCKFILES
from . import dependents
from .text import path_str

if TYPE_CHECKING:
    from .server import ErrataServer


async def did_change_configuration(ls: ErrataServer, params: types.DidChangeConfigurationParams) -> None:
    settings = params.settings
    if isinstance(settings, dict) and settings.get("errata") is not None:
        ls.session.apply_client_settings(settings)
    else:
        await pull_configuration(ls)
    ls.republish_all()


async def pull_configuration(ls: ErrataServer) -> None:
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
        before = ls.session.generation
        ls.session.apply_client_settings(result[0])
        if ls.session.generation != before:
            ls.republish_all()


def did_save(ls: ErrataServer, params: types.DidSaveTextDocumentParams) -> None:
    if _settings_file(params.text_document.uri):
        ls.session.settings_changed_on_disk()
        ls.republish_all()
    elif ls.session.kb_files_changed([params.text_document.uri]):
        ls.republish_all()


def did_change_watched_files(ls: ErrataServer, params: types.DidChangeWatchedFilesParams) -> None:
    """A pyproject.toml, lockfile, pin or installed distribution changed on disk (a client that
    watches them says so): the settings and the versions they lead to are read again. A Python
    module changed: the open documents that read it are checked again."""
    if any(_settings_file(change.uri) for change in params.changes):
        ls.session.settings_changed_on_disk()
        ls.republish_all()
    elif ls.session.kb_files_changed([change.uri for change in params.changes]):
        ls.republish_all()
    else:
        dependents.files_changed(ls, [(path_str(c.uri), c.type) for c in params.changes])


def _settings_file(uri: str) -> bool:
    """pyproject.toml, and the files the user's library versions are read from."""
    name = uri.rstrip("/").rsplit("/", 1)[-1]
    return (name in ("pyproject.toml", *LOCKFILES, "METADATA") or name.endswith(".dist-info")
            or (name.startswith("requirements") and name.endswith((".txt", ".in"))))


def register(server: ErrataServer) -> None:
    server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(did_change_configuration)
    server.feature(types.TEXT_DOCUMENT_DID_SAVE)(did_save)
    server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(did_change_watched_files)
