"""Commands (`workspace/executeCommand`): `errata.explain` turns a message or traceback into its record's card."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from lsprotocol import types

from ..settings import text_size
from .session import Session

EXPLAIN = "errata.explain"


class CommandServer(Protocol):
    """What a command uses of the server. pygls reads a command's annotations at run time to shape its
    arguments, so they must name what this module can see (the server module imports this one)."""

    @property
    def session(self) -> Session: ...
    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None: ...
    def command(self, name: str) -> Any: ...


async def explain(ls: CommandServer, *args: Any) -> str | None:
    """`errata.explain` with a message or traceback: the best record's card as markdown, or null.
    When no message matches exactly, the records that fit best, said to be approximate, then the
    first one's card."""
    text = args[0] if args else None
    if isinstance(text, list):
        text = text[0] if text else None
    if not isinstance(text, str) or not text.strip():
        return None
    limit = ls.session.client_settings.max_file_bytes
    if text_size(text, limit) > limit:
        ls.log(f"errata.explain: a text above the {limit / 2**20:.0f} MiB limit is not matched", types.MessageType.Warning)
        return None
    return await asyncio.get_running_loop().run_in_executor(None, ls.session.explain, text)


def register(server: CommandServer) -> None:
    server.command(EXPLAIN)(explain)
