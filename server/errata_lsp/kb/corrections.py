"""errata's own corrections, layered over records it did not write (or wrote wrong) without editing them.

A side file keyed by record id. Each correction names the claim a record makes, what really happens
in the library version it was checked against, and the evidence: source lines and/or labelled cases
(scripts in the test suite, labelled by running that version). It may also give corrected text for
fields of the record (`fields`), which cards show in place of the record's own.

    {"version": "lightning 2.6.6",
     "sourceUrl": "https://github.com/<repo>/blob/<tag>/src/{path}#L{line}",   (optional: links the evidence)
     "records": {"<id>": {"fields": {"solutions": [...], "githubUrl": "..."},
                          "claims": [{"field": "exampleFix", "says": "...", "actual": "...",
                                      "source": ["strategies/xla_fsdp.py:213"], "cases": ["<case name>"]}]}}}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .record import FIELD_TYPES, Record

SHIPPED_CORRECTIONS = Path(__file__).parent / "corrections" / "lightning-2.6.6.json"


@dataclass(frozen=True)
class Claim:
    field: str  # the record field that makes the claim
    says: str  # what the record claims, in short
    actual: str  # what happens in the checked version
    source: tuple[str, ...] = ()  # "lightning/fabric/...py:LINE"
    cases: tuple[str, ...] = ()  # labelled case names

    def evidence(self) -> str:
        parts = []
        if self.source:
            parts.append("source " + ", ".join(f"`{s}`" for s in self.source))
        if self.cases:
            label = "labelled case" if len(self.cases) == 1 else "labelled cases"
            parts.append(f"{label} " + ", ".join(f"`{c}`" for c in self.cases))
        return "; ".join(parts)


@dataclass(frozen=True)
class Correction:
    record_id: str
    fields: dict[str, Any] = field(default_factory=dict)
    claims: tuple[Claim, ...] = ()


class CorrectionError(ValueError):
    """A corrections file that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class Corrections:
    version: str
    by_id: dict[str, Correction]
    path: str = ""
    source_url: str = ""  # `{path}` and `{line}` of a claim's source, at the checked version

    def source_link(self, source: str) -> str | None:
        """The URL of a claim's `path:line` source, when the table says where the source is."""
        path, _, line = source.rpartition(":")
        library = self.version.split(" ", 1)[0]  # "lightning 2.6.6": other libraries' lines are not there
        if not self.source_url or not line.isdigit() or path.split("/", 1)[0] != library:
            return None
        return self.source_url.replace("{path}", path).replace("{line}", line)

    def get(self, record_id: str) -> Correction | None:
        return self.by_id.get(record_id)

    def orphans(self, record_ids: Iterable[str]) -> list[str]:
        """Ids of corrections whose record is not among `record_ids`."""
        known = set(record_ids)
        return sorted(rid for rid in self.by_id if rid not in known)

    def apply(self, record: Record) -> Record:
        """The record with its corrected fields in place of its own (a new Record; the original is untouched)."""
        correction = self.get(record.id)
        if correction is None or not correction.fields:
            return record
        return Record({**record.data, **correction.fields}, record.source)


def parse(data: Any, path: str = "") -> Corrections:
    where = path or "corrections"
    if not isinstance(data, dict) or not isinstance(data.get("records"), dict):
        raise CorrectionError(f"{where}: must be an object with a `records` object")
    version = data.get("version")
    if not isinstance(version, str) or not version:
        raise CorrectionError(f"{where}: `version` must name the library version the corrections were checked against")
    source_url = data.get("sourceUrl", "")
    if not isinstance(source_url, str) or (source_url and not source_url.startswith("https://")):
        raise CorrectionError(f"{where}: `sourceUrl` must be an https URL with `{{path}}` and `{{line}}`")
    out: dict[str, Correction] = {}
    for rid, body in data["records"].items():
        out[rid] = _correction(rid, body, where)
    return Corrections(version, out, path, source_url)


def _correction(rid: str, body: Any, where: str) -> Correction:
    if not isinstance(body, dict):
        raise CorrectionError(f"{where}: record {rid!r}: must be an object")
    fields = body.get("fields", {})
    if not isinstance(fields, dict):
        raise CorrectionError(f"{where}: record {rid!r}: `fields` must be an object")
    for key, value in fields.items():
        types = FIELD_TYPES.get(key)
        if types is None or key in ("id", "errorMessage", "errorClass", "messagePattern"):
            raise CorrectionError(f"{where}: record {rid!r}: `{key}` cannot be corrected")
        if not isinstance(value, types):
            raise CorrectionError(f"{where}: record {rid!r}: `{key}` has the wrong type")
    claims = body.get("claims")
    if not isinstance(claims, list) or not claims:
        raise CorrectionError(f"{where}: record {rid!r}: needs at least one claim")
    parsed = []
    for i, claim in enumerate(claims):
        if not isinstance(claim, dict) or not all(isinstance(claim.get(k), str) and claim[k] for k in ("field", "says", "actual")):
            raise CorrectionError(f"{where}: record {rid!r}: claim {i + 1} needs `field`, `says` and `actual` strings")
        source, cases = claim.get("source", []), claim.get("cases", [])
        if not isinstance(source, list) or not isinstance(cases, list) or not (source or cases):
            raise CorrectionError(f"{where}: record {rid!r}: claim {i + 1} needs evidence: `source` lines and/or `cases`")
        parsed.append(Claim(claim["field"], claim["says"], claim["actual"], tuple(source), tuple(cases)))
    return Correction(rid, dict(fields), tuple(parsed))


def load(path: str | Path) -> Corrections:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CorrectionError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CorrectionError(f"{path}: not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorrectionError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    return parse(data, str(path))


@lru_cache(maxsize=1)
def shipped() -> Corrections:
    return load(SHIPPED_CORRECTIONS)


def corrected_link(record: Record) -> str | None:
    """The record's link to its raise line as the cards show it: errata's corrected one where the record's
    own is wrong (a commit not in the library's history becomes the release tag), else the record's."""
    try:
        return shipped().apply(record).link
    except CorrectionError:
        return record.link  # `kb validate` reports the corrections file; a record's own link beats none
