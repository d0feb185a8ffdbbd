"""Which records hold in which release of each library, and where each Lightning release raises them.

Lightning's table (`versions/lightning.json`) is written by `python -m errata_lsp.derive_versions`
from the source of every release; this module only reads it. A record the table does not name holds in
every release (it is not tied to a line of Lightning's source). Where another library decides whether
the error is raised (torch's `torch.load` defaults), `versions/<library>.json` gives the record a range
of that library's releases (PEP 440), written by hand from the library's changes."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SHIPPED_TABLE = Path(__file__).parent / "versions" / "lightning.json"
LIBRARY_TABLES = ("torch.json",)  # beside it: ranges of other libraries


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
        self.releases: tuple[str, ...] = sorted_releases(data.get("releases", ()))
        self.records: dict[str, dict[str, Any]] = data.get("records", {})
        self._url = data.get("url", "")
        self._sites: dict[str, dict[str, Site | None]] = {}
        self._wordings: list[tuple[str, str, re.Pattern[str]]] | None = None

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
        from packaging.version import InvalidVersion, Version

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

    def older_wordings(self, text: str) -> list[tuple[str, str]]:
        """(record id, releases) for each wording of a record's message that only older releases use
        and that `text` (a message or a traceback) states: what `explain` falls back on."""
        if self._wordings is None:
            from .record import pattern_from_template

            spans: dict[tuple[str, str], list[str]] = {}  # (record, wording) -> first and last release
            for record_id, entry in sorted(self.records.items()):
                newest = self.site(record_id, self.newest) if self.newest else None
                for run in entry.get("sites", ()):
                    message = " ".join(run.get("message", "").split())
                    if message and newest and _normal(message) != _normal(newest.message):
                        span = spans.setdefault((record_id, message), [run["from"], run["to"]])
                        span[1] = run["to"]
            self._wordings = [
                (record_id, f"{first}-{last}",
                 re.compile(r"\s+".join(pattern_from_template(message).split(r"\ "))))
                for (record_id, message), (first, last) in spans.items()]
        found: list[tuple[str, str]] = []
        for record_id, releases, pattern in self._wordings:
            if pattern.search(text[-20_000:]):
                found.append((record_id, releases))
        return found

    def _expand(self, record_id: str) -> dict[str, Site | None]:
        from packaging.version import Version

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


_PLAIN_RELEASE = re.compile(r"([0-9]+(?:\.[0-9]+)*)(?:\.post([0-9]+))?")


def sorted_releases(releases: Iterable[str]) -> tuple[str, ...]:
    """Releases oldest first, as `packaging` orders them. Plain ones (`2.2.0`, `2.2.0.post0`: all the
    shipped table holds) are ordered by their numbers, without importing `packaging` (~3 ms of the
    server's start-up, when no version of the user's is known); any other form by `packaging`."""
    releases = list(releases)
    plain = [_PLAIN_RELEASE.fullmatch(r) if isinstance(r, str) else None for r in releases]
    if all(match is not None for match in plain):
        keyed = [(_plain_key(match), r) for match, r in zip(plain, releases) if match is not None]
        return tuple(r for _, r in sorted(keyed, key=lambda pair: pair[0]))
    from packaging.version import Version

    return tuple(sorted(releases, key=Version))


def _plain_key(match: re.Match[str]) -> tuple[tuple[int, ...], int]:
    numbers = [int(n) for n in match[1].split(".")]
    while len(numbers) > 1 and numbers[-1] == 0:  # 2.1 is 2.1.0
        numbers.pop()
    return tuple(numbers), int(match[2]) if match[2] is not None else -1  # a release before its post-releases


_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _normal(message: str) -> str:
    return " ".join(_PLACEHOLDER.sub("{}", message).split())


def reworded(text: str, newest: str, theirs: str) -> str | None:
    """`text` (a finding's message) with the newest release's wording of an error, where it quotes
    it, replaced by `theirs` (both templates); what the quote filled in for a placeholder fills the
    same placeholder of `theirs`. None when `text` does not quote `newest`."""
    newest, theirs = " ".join(newest.split()).rstrip("."), " ".join(theirs.split()).rstrip(".")
    if not newest or newest.endswith("}"):
        return None  # a quote ending in a placeholder has no end to find
    literals = _PLACEHOLDER.split(newest)
    names = _PLACEHOLDER.findall(newest)
    found = re.search("(.+?)".join(re.escape(part) for part in literals), text)
    if found is None:
        return None
    values = dict(zip(names, found.groups()))
    filled = _PLACEHOLDER.sub(lambda m: values.get(m.group(), f"<{m.group()[1:-1]}>"), theirs)
    return text[:found.start()] + filled + text[found.end():]


def load(path: str | Path) -> VersionTable:
    return VersionTable(json.loads(Path(path).read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=1)
def shipped() -> VersionTable | None:
    """The table that ships with errata; None when it is missing or unreadable (no gating then)."""
    try:
        return load(SHIPPED_TABLE)
    except (OSError, ValueError, KeyError, TypeError):
        return None


@dataclass(frozen=True)
class LibraryRange:
    """The releases of a library (not Lightning) in which a record's error is raised, and why."""

    library: str  # the distribution's canonical name: "torch"
    range: str  # a PEP 440 specifier: ">=2.6"
    why: str

    def holds(self, version: str | None) -> bool | None:
        """Whether `version` raises it; None when the version is unknown or unreadable."""
        if not version:
            return None
        from packaging.specifiers import InvalidSpecifier, SpecifierSet
        from packaging.version import InvalidVersion, Version

        try:  # a build of a release (`2.6.0+cu124`, `2.6.0rc1`) counts as that release
            return SpecifierSet(self.range).contains(Version(version), prereleases=True)
        except (InvalidSpecifier, InvalidVersion):
            return None


def read_ranges(data: Any) -> dict[str, tuple[LibraryRange, ...]]:
    """record id -> its ranges, from one library's table; entries that are not well formed are left out."""
    library = data.get("library") if isinstance(data, dict) else None
    records = data.get("records") if isinstance(data, dict) else None
    if not isinstance(library, str) or not isinstance(records, dict):
        return {}
    out: dict[str, tuple[LibraryRange, ...]] = {}
    for record_id, entry in records.items():
        if isinstance(entry, dict) and isinstance(entry.get("range"), str):
            out[record_id] = (LibraryRange(library, entry["range"], str(entry.get("why", ""))),)
    return out


@functools.lru_cache(maxsize=1)
def shipped_ranges() -> dict[str, tuple[LibraryRange, ...]]:
    """record id -> the ranges of other libraries than Lightning that errata ships (a table that cannot
    be read gives none: no gating on it)."""
    out: dict[str, tuple[LibraryRange, ...]] = {}
    for name in LIBRARY_TABLES:
        try:
            ranges = read_ranges(json.loads((SHIPPED_TABLE.parent / name).read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
        for record_id, found in ranges.items():
            out[record_id] = out.get(record_id, ()) + found
    return out


def library_ranges(record_id: str) -> tuple[LibraryRange, ...]:
    return shipped_ranges().get(record_id, ())


def excluded_by(record_id: str, environment: Any) -> LibraryRange | None:
    """The first range of the record that the environment's version of its library is outside (the
    user's torch does not raise the error); None when every known version is inside, or unknown."""
    for found in library_ranges(record_id):
        lib = environment.get(found.library) if environment is not None else None
        if lib is not None and found.holds(lib.version) is False:
            return found
    return None


def older_wordings(kb: Any, text: str) -> tuple[str, list[Any]] | None:
    """The records of `kb` that an older Lightning words as `text` does, and a line that says which
    releases; None when `text` states no older wording."""
    table = shipped()
    found = table.older_wordings(text) if table is not None else []
    records = [kb.get(record_id) for record_id, _ in found if kb.get(record_id) is not None]
    if not records:
        return None
    releases = ", ".join(dict.fromkeys(releases for _, releases in found))
    return f"*This is how lightning {releases} words the message.*", records
