"""Which records hold in which Lightning release, and where each release raises them.

The table (`versions/lightning.json`) is written by `python -m errata_lsp.kb.derive_versions` from
the source of every release; this module only reads it. A record the table does not name holds in
every release (it is not tied to a line of Lightning's source)."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.version import InvalidVersion, Version

SHIPPED_TABLE = Path(__file__).parent / "versions" / "lightning.json"


@dataclass(frozen=True)
class Site:
    """Where one release raises a record's error."""

    release: str
    file_path: str
    line: int
    message: str  # as a template, `{expr}` for what is computed ("" for a site that is not a raise)
    condition: str  # the `if` test around the raise, as source
    url: str  # the line at the release's tag


@dataclass(frozen=True)
class Placed:
    """A version as the table sees it: the covered release whose behaviour it gets, and whether the
    version itself is outside what the table covers (older than the first, newer than the last)."""

    release: str
    outside: str | None  # None, or why: "older than 2.1.0, the first release covered"


class VersionTable:
    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.releases: tuple[str, ...] = tuple(sorted(data.get("releases", ()), key=Version))
        self.records: dict[str, dict[str, Any]] = data.get("records", {})
        self._url = data.get("url", "")
        self._sites: dict[str, dict[str, Site | None]] = {}

    @property
    def newest(self) -> str | None:
        return self.releases[-1] if self.releases else None

    def place(self, version: str | None) -> Placed | None:
        """The covered release to use for `version` (None: unknown, the newest is assumed). A version
        between covered releases (a development build) gets the newest covered release before it."""
        if not self.releases:
            return None
        if version is None:
            return Placed(self.releases[-1], None)
        try:
            wanted = Version(version)
        except InvalidVersion:
            return Placed(self.releases[-1], f"{version} is not a version errata can read")
        first, last = Version(self.releases[0]), Version(self.releases[-1])
        if wanted < first and wanted.release < first.release:
            return Placed(self.releases[0], f"older than {self.releases[0]}, the first release covered")
        if wanted.release > last.release:
            return Placed(self.releases[-1], f"newer than {self.releases[-1]}, the newest release covered")
        before = [r for r in self.releases if Version(r) <= wanted or Version(r).release == wanted.release]
        return Placed(before[-1] if before else self.releases[0], None)

    def site(self, record_id: str, release: str) -> Site | None:
        """Where `release` (a covered one) raises the record's error; None when it does not."""
        sites = self._sites.get(record_id)
        if sites is None:
            sites = self._sites[record_id] = self._expand(record_id)
        return sites.get(release)

    def covers(self, record_id: str) -> bool:
        return record_id in self.records

    def applies(self, record_id: str, version: str | None) -> bool:
        """Whether the user's Lightning `version` performs the record's check (True for a record the
        table does not name, or when no release is covered)."""
        placed = self.place(version)
        if record_id not in self.records or placed is None:
            return True
        return self.site(record_id, placed.release) is not None

    def message_differs(self, record_id: str, release: str) -> bool:
        """Whether `release` raises the record's error with other words than the newest release."""
        if record_id not in self.records or self.newest is None:
            return False
        here, newest = self.site(record_id, release), self.site(record_id, self.newest)
        return bool(here and newest and here.message and _normal(here.message) != _normal(newest.message))

    def _expand(self, record_id: str) -> dict[str, Site | None]:
        entry = self.records[record_id]
        path = entry["filePath"]
        out: dict[str, Site | None] = {}
        for run in entry.get("sites", ()):
            low, high = Version(run["from"]), Version(run["to"])
            for release in self.releases:
                if low <= Version(release) <= high:
                    out[release] = None if run.get("absent") else Site(
                        release, path, run["line"], run.get("message", ""), run.get("condition", ""),
                        self._url.format(release=release, filePath=path, line=run["line"]))
        return out


def _normal(message: str) -> str:
    import re

    return " ".join(re.sub(r"\{[^{}]*\}", "{}", message).split())


def load(path: str | Path) -> VersionTable:
    return VersionTable(json.loads(Path(path).read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=1)
def shipped() -> VersionTable | None:
    """The table that ships with errata; None when it is missing or unreadable (no gating then)."""
    try:
        return load(SHIPPED_TABLE)
    except (OSError, ValueError, KeyError, TypeError):
        return None
