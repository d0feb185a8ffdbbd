"""The pytest-lsp client answers `client/registerCapability` as the editors it emulates do (its default
client has no handler for it, and errata registers for `workspace/didChangeWatchedFiles` when the
client says it may): the registrations are kept on the client, for a test to read."""

from __future__ import annotations

from lsprotocol import types
from pytest_lsp import LanguageClient
from pytest_lsp.client import default_feature


@default_feature(types.CLIENT_REGISTER_CAPABILITY)
def register_capability(client: LanguageClient, params: types.RegistrationParams) -> None:
    client.registrations = [*getattr(client, "registrations", []), *params.registrations]  # type: ignore[attr-defined]
