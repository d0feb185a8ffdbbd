"""The program corpus: training projects and scripts in which the value a Lightning call needs crosses a
module, a call or a wrapper. Every case was labelled by running it with lightning 2.6.6 and torch_xla 2.9.0
on CPU (one process; Lightning told it sees 8 TPU devices); its entry file starts with

    # expect: LXF001              errata's code for what the run raised (`none`: it ran fine)
    # oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, ...   or   # oracle: OK
                                  the run's outcome as labels.tsv records it (the message cut at 120 characters)
    # flagged-in: config.py       a raising project: the file, relative to the project, where the fix belongs
    # twin: p01_config_module_...  a case that runs fine: the raising case it is the fixed version of

A project is a folder under projects/; its entry is `train.py`, or wherever the project keeps it (the one
module that starts with the header), and was run as `python <entry>` runs it: the entry's folder first on
`sys.path`. A script is one file under scripts/. labels.tsv is the labelling run's table, with the entry's
path relative to this folder in the first column.

The test (test_program_corpus.py) and `bench/program_score.py` both judge errata through this module.
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECTS = HERE / "projects"
SCRIPTS = HERE / "scripts"
LABELS = HERE / "labels.tsv"
HEADER_LINES = 4
HEADER = re.compile(r"^# (?P<key>expect|oracle|flagged-in|twin): (?P<value>.+)$")


@dataclass(frozen=True)
class Case:
    name: str
    root: Path  # the project's folder, or the script itself
    entry: Path
    expect: frozenset[str]  # empty: the case runs fine
    oracle: str
    flagged_in: Path  # where a raising case's finding belongs (a script: the script)
    twin: str | None  # a fine case: the raising case it fixes

    @property
    def is_project(self) -> bool:
        return self.root.is_dir()

    def owns(self, path: Path) -> bool:
        return path == self.root or (self.is_project and self.root in path.parents)


def _header(entry: Path) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in entry.read_text(encoding="utf-8").splitlines()[:HEADER_LINES]:
        m = HEADER.match(line)
        if m:
            fields[m["key"]] = m["value"].strip()
    return fields


def _case(root: Path, entry: Path) -> Case:
    fields = _header(entry)
    missing = {"expect", "oracle"} - fields.keys()
    assert not missing, f"{entry.relative_to(HERE)}: no {sorted(missing)} line among its first {HEADER_LINES}"
    codes = fields["expect"].split()
    expect = frozenset() if codes == ["none"] else frozenset(codes)
    where = fields.get("flagged-in")
    assert where or not (expect and root.is_dir()), f"{entry}: a raising project needs `# flagged-in:`"
    flagged_in = (root / where).resolve() if (where and root.is_dir()) else entry
    return Case(root.stem, root, entry, expect, fields["oracle"], flagged_in, fields.get("twin"))


def _entry(project: Path) -> Path:
    """The module that starts with the header: `train.py`, or where the project keeps its entry point."""
    entries = [p for p in sorted(project.rglob("*.py")) if p.read_text(encoding="utf-8").startswith("# expect:")]
    assert len(entries) == 1, f"{project.name}: {len(entries)} modules start with `# expect:`, not one"
    return entries[0].resolve()


def load_cases() -> dict[str, Case]:
    cases = [_case(p.resolve(), _entry(p)) for p in sorted(PROJECTS.iterdir()) if p.is_dir()]
    cases += [_case(p.resolve(), p.resolve()) for p in sorted(SCRIPTS.glob("*.py"))]
    return {c.name: c for c in cases}


def load_labels() -> dict[str, str]:
    """Entry path relative to this folder -> the outcome line the run printed (`RAISED Class: message` or `OK`)."""
    with LABELS.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    out = {}
    for row in rows:
        outcome = row["outcome"]
        out[row["file"]] = (f"RAISED {row['exception']}: {row['message']}" if outcome == "RAISED" else outcome).strip()
    return out


def run_check(cases: dict[str, Case]) -> dict[Path, list[dict]]:
    """`errata-lsp check --format json` on every project folder and script, in one run: findings by file."""
    roots = [str(c.root) for c in cases.values()]
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--format", "json", *roots],
                          capture_output=True, text=True, timeout=600)
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        raise RuntimeError(f"errata-lsp check failed ({done.returncode}):\n{done.stderr}")
    by_file: dict[Path, list[dict]] = {}
    for finding in json.loads(done.stdout or "[]"):
        by_file.setdefault(Path(finding["path"]).resolve(), []).append(finding)
    return by_file


def findings_of(case: Case, by_file: dict[Path, list[dict]]) -> list[dict]:
    return [f for path, found in by_file.items() if case.owns(path) for f in found]


def verdict(case: Case, cases: dict[str, Case], by_file: dict[Path, list[dict]]) -> tuple[str, str]:
    """('ok', '') when errata says what the real run says; otherwise a short kind of miss and its detail.

    A raising case must get an error with its code on the file where the fix belongs. A case that runs fine
    must get no error, and no warning its buggy twin gets too (the warning would not tell them apart).
    """
    found = findings_of(case, by_file)
    described = ", ".join(f"{f['code']} {f['severity']} {_relative(case, f)}:{f['line']}" for f in found) or "nothing"
    if case.expect:
        right = [f for f in found if f["code"] in case.expect]
        on_file = [f for f in right if Path(f["path"]).resolve() == case.flagged_in]
        if any(f["severity"] == "error" for f in on_file):
            return "ok", described
        if on_file:
            return "warning", f"only a warning: {described}"
        if right:
            return "wrong-file", f"not on {case.flagged_in.name}: {described}"
        return "missed", f"reported {described}"
    errors = [f for f in found if f["severity"] == "error"]
    if errors:
        return "false-error", f"runs fine but reported {described}"
    twin_codes = {f["code"] for f in findings_of(cases[case.twin], by_file)} if case.twin else set()
    shared = [f for f in found if f["code"] in twin_codes]
    if shared:
        return "twin-warning", f"the same warning as its buggy twin {case.twin}: {described}"
    return "ok", described


def _relative(case: Case, finding: dict) -> str:
    path = Path(finding["path"]).resolve()
    return str(path.relative_to(case.root)) if case.is_project else path.name
