"""The rules of the records that carry a `detect` section: the shipped ones, the side sections kept beside
records that cannot hold one, and those of the `kb.paths` setting (read again when a file changed)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..packs import SIDE_SECTION_FOLDERS
from .data_rule import DetectRule
from .section import DetectError
from .vocabulary import pack_facts


@dataclass(frozen=True)
class DetectProblem:
    """What is wrong with one record's `detect` section."""

    source: str  # "path:line" of the record
    record: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}: record {self.record!r}: detect: {self.message}"


@dataclass(frozen=True)
class SideSection:
    """A `detect` for a shipped record written in a format that cannot hold one (the site's text export
    in a pack's `records/seeds`), kept in its `detect_sections/*.jsonl` as `{"record": id, "detect": {...}}`."""

    id: str
    source: str  # "path:line" of the section
    detect: Any

    def get(self, key: str, default: Any = None) -> Any:
        return self.detect if key == "detect" else default


def side_sections(records: Iterable[Any],
                  folders: Iterable[Path] = SIDE_SECTION_FOLDERS) -> tuple[list[SideSection], list[DetectProblem]]:
    """The side sections whose record is among `records`; a line that is not such an object, or that
    names a record these records do not hold, is a problem with its file and line."""
    ids = {record.id for record in records}
    sections: list[SideSection] = []
    problems: list[DetectProblem] = []
    for path in [p for folder in folders for p in sorted(folder.glob("*.jsonl"))]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.append(DetectProblem(where, "-", f"invalid JSON: {exc.msg}"))
                continue
            if not (isinstance(item, dict) and set(item) == {"record", "detect"} and isinstance(item["record"], str)):
                problems.append(DetectProblem(where, "-", "a line is {\"record\": id, \"detect\": {...}}"))
            elif item["record"] not in ids:
                problems.append(DetectProblem(where, item["record"], "no such record"))
            else:
                sections.append(SideSection(item["record"], where, item["detect"]))
    return sections, problems


def rules_from_records(records: Iterable[Any], taken: Iterable[str] = ()) -> tuple[list[DetectRule], list[DetectProblem]]:
    """The rules of the records that carry `detect`; a section that breaks the schema, or takes a code
    already used, is reported and skipped."""
    rules: list[DetectRule] = []
    problems: list[DetectProblem] = []
    used = set(taken)
    vocabulary = pack_facts()
    for record in records:
        spec = record.get("detect")
        if spec is None:
            continue
        try:
            rule = DetectRule(spec, record.id, record.source, vocabulary, record.get("errorClass"))
        except DetectError as exc:
            problems.extend(DetectProblem(record.source, record.id, p) for p in exc.problems)
            continue
        except RecursionError:  # predicates nested thousands deep
            problems.append(DetectProblem(record.source, record.id, "nested too deep to read; skipped"))
            continue
        if rule.code in used:
            problems.append(DetectProblem(record.source, record.id, f"code {rule.code} is already used; skipped"))
            continue
        used.add(rule.code)
        rules.append(rule)
    return rules, problems


def shipped_rules(taken: Iterable[str]) -> list[DetectRule]:
    """The rules of the shipped records. A broken shipped section is a bug the test suite catches
    (`kb validate` on the shipped KB); here it is skipped like any other."""
    from ...kb.base import shipped_records

    records = shipped_records()[0]
    return rules_from_records([*records, *side_sections(records)[0]], taken)[0]


_lock = threading.Lock()
_by_paths: dict[tuple[str, ...], tuple[tuple[Any, ...], list[DetectRule], list[DetectProblem]]] = {}


def rules_from_paths(paths: Sequence[str], taken: Iterable[str]) -> tuple[list[DetectRule], list[DetectProblem]]:
    """The rules of the records under `paths` (the `kb.paths` setting), read again when a file under
    them changed (a few `stat` calls per check), so a new record detects with no restart."""
    if not paths:
        return [], []
    key = tuple(paths)
    try:
        stamp = _stamp(paths)
    except Exception as exc:  # a path the system cannot even name: the knowledge base reports it
        return [], [DetectProblem(", ".join(map(repr, paths))[:200], "-", f"kb.paths not read: {exc}")]
    with _lock:
        cached = _by_paths.get(key)
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
    from ...kb.load import load_paths

    try:
        records, _ = load_paths(paths)  # what does not load as a record is the knowledge base's to report
    except Exception as exc:  # never a reason to stop checking with the shipped rules
        records, failed = [], [DetectProblem(", ".join(map(repr, paths))[:200], "-", f"kb.paths not read: {exc}")]
    else:
        failed = []
    rules, problems = rules_from_records(records, taken)
    problems = failed + problems
    with _lock:
        if len(_by_paths) > 32:
            _by_paths.clear()
        _by_paths[key] = (stamp, rules, problems)
    return rules, problems


def _stamp(paths: Sequence[str]) -> tuple[Any, ...]:
    from ...kb.load import stamp

    return stamp(paths)  # cheap on every check, however big the folders (kb/load.py)


