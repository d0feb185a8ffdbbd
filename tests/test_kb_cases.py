"""Every record's example fix, checked by what the real library did with it.

Each script in tests/kb_cases/ is a whole training script that runs one claim of one record
(`# record:` and `# role:` in its first lines); labels.tsv holds what running it with lightning 2.6.6
did (see tests/kb_cases/README.md). A "before" or "trigger" must raise the record's own error, an
"after" must run, errata's own "fixed" scripts must run; where a record's script does not behave as
the record says, errata's corrections must say so and cite that script as evidence."""

from __future__ import annotations

import csv
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from errata_lsp.kb import KnowledgeBase
from errata_lsp.kb.corrections import shipped

CASES = Path(__file__).parent / "kb_cases"
HEADER = re.compile(r"\A# record: (?P<record>[0-9a-f]{16})\n# role: (?P<role>[\w-]+)\n")

# Records whose error cannot be raised where the cases are labelled (a CPU host standing in for a TPU VM), and why.
NOT_REPRODUCIBLE = {
    "16c84e354e402d52": "needs an environment without torch_xla",
    "f8b20f18b1058b16": "needs torch_xla without a usable TPU; here the device count is fixed",
    "23cfc70c05ae0a91": "needs a multi-host pod (more devices than processes on each host)",
    "bdd90a87117bcc81": "the TPU device-count check is replaced where the cases run (any `devices` is accepted)",
    "4b01675a3b7ac56e": "torch_xla picks a PjRT device where the cases run, even without `PJRT_DEVICE`",
    # The CUDA FSDPStrategy records raised only with a CUDA GPU: Fabric refuses the FSDP strategy without one
    # (before it builds the precision plugin), and torch's FSDP cannot wrap a model on a CPU.
    "841ee29afa9ca104": "needs a CUDA GPU (Fabric builds FSDPPrecision only after its GPU check)",
    "2d196bcb1fbdb9d7": "needs a CUDA GPU (raised when torch's FSDP wraps the model)",
    "2673c42cdc97cc8a": "needs a CUDA GPU (raised by a load under the FSDP strategy)",
    "5c20cf0b8ba191af": "needs a CUDA GPU (raised by a load under the FSDP strategy)",
    "69ca4722c1333a0f": "needs a CUDA GPU (raised after torch's FSDP wrapped the model)",
}
# Records with a "before" but no "after" script, and why.
NO_AFTER = {
    "e1723fa1f49f9895": "its fix (`state_dict_type=\"full\"`) needs a full save, which needs a single-host TPU",
    "93e7b1425c29658f": "its fix reads the step from a full checkpoint written by `fabric.save`, which needs a single-host TPU",
}


@dataclass(frozen=True)
class Case:
    name: str
    record: str
    role: str
    digest: str


@dataclass(frozen=True)
class Label:
    digest: str
    outcome: str  # OK, RAISED, TIMEOUT, CRASH ...
    exception: str
    message: str
    site: str
    warnings: str


def _cases() -> dict[str, Case]:
    out = {}
    for path in sorted(CASES.glob("*.py")):
        raw = path.read_bytes()
        head = HEADER.match(raw.decode("utf-8"))
        assert head, f"{path.name}: no `# record:` / `# role:` header"
        out[path.stem] = Case(path.stem, head["record"], head["role"], hashlib.sha256(raw).hexdigest()[:16])
    return out


def _labels() -> dict[str, Label]:
    with (CASES / "labels.tsv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh, delimiter="\t"))
    assert rows[0] == ["case", "sha256", "outcome", "exception", "message", "site", "warnings"]
    return {row[0]: Label(*row[1:]) for row in rows[1:]}


ALL = _cases()
LABELS = _labels()


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load()


def cited(record_id: str) -> set[str]:
    correction = shipped().get(record_id)
    return {c for claim in correction.claims for c in claim.cases} if correction else set()


def raises_the_record(kb: KnowledgeBase, record_id: str, label: Label) -> bool:
    record = kb.get(record_id)
    if record.error_class == "SilentNoOp":  # the script checks what the record says silently does not happen:
        # its AssertionError states the record's last clause ("no module is checkpointed", "weight decay is off")
        what = record.error_message.rsplit(": ", 1)[-1]
        return label.outcome == "RAISED" and label.exception == "AssertionError" and what in label.message
    if record.error_class.endswith("Warning"):
        shown = [w for w in label.warnings.split(" || ") if w]
        return any([r.id for r in kb.match(w)][:1] == [record_id] for w in shown)
    if label.outcome != "RAISED":
        return False
    matches = kb.match(f"{label.exception}: {label.message}")
    return bool(matches) and matches[0].id == record_id and label.exception.rsplit(".", 1)[-1] == record.error_class


def is_after(role: str) -> bool:
    """The record's example fix, after (`after`), or a variant of it (`after-<what differs>`)."""
    return role == "after" or role.startswith("after-")


def test_every_case_is_labelled_as_it_is_now():
    assert set(ALL) == set(LABELS), "cases without a label, or labels without a case"
    stale = [name for name, case in ALL.items() if LABELS[name].digest != case.digest]
    assert not stale, f"edited since they were labelled: {stale}"


def test_every_record_has_its_cases_or_a_reason(kb):
    roles: dict[str, set[str]] = {}
    for case in ALL.values():
        assert kb.get(case.record) is not None, f"{case.name}: no record {case.record}"
        roles.setdefault(case.record, set()).add(case.role)
    for record in kb:
        if record.id in NOT_REPRODUCIBLE:
            continue
        have = roles.get(record.id, set())
        assert have & {"before", "trigger"}, f"{record.id}: no before/trigger case"
        assert any(is_after(r) for r in have) or record.id in NO_AFTER, f"{record.id}: no after case"


@pytest.mark.parametrize("name", sorted(n for n, c in ALL.items() if c.role in ("before", "trigger")))
def test_before_raises_the_record_or_a_correction_says_it_does_not(kb, name):
    case, label = ALL[name], LABELS[name]
    if raises_the_record(kb, case.record, label):
        return
    assert name in cited(case.record), (
        f"{name} does not raise record {case.record} ({label.outcome} {label.exception}: {label.message[:120]}), "
        "and no correction of the record cites it")


@pytest.mark.parametrize("name", sorted(n for n, c in ALL.items() if is_after(c.role)))
def test_after_runs_or_a_correction_says_it_does_not(name):
    case, label = ALL[name], LABELS[name]
    if label.outcome == "OK":
        return
    assert name in cited(case.record), (
        f"{name} does not run ({label.outcome} {label.exception}: {label.message[:120]}), "
        "and no correction of the record cites it")


@pytest.mark.parametrize("name", sorted(n for n, c in ALL.items() if c.role == "fixed" or c.role.endswith("-fixed")))
def test_errata_fixes_run(name):
    label = LABELS[name]
    assert (label.outcome, label.exception) == ("OK", ""), f"{name}: {label.exception}: {label.message}"


def test_every_other_case_is_evidence_of_a_correction():
    plain = {"before", "trigger", "fixed"}
    loose = [n for n, c in ALL.items()
             if c.role not in plain and not is_after(c.role) and not c.role.endswith("-fixed") and n not in cited(c.record)]
    assert not loose, f"cases no correction cites: {loose}"


def test_every_cited_case_exists():
    table = shipped()
    for record_id, correction in table.by_id.items():
        for claim in correction.claims:
            for name in claim.cases:
                assert name in ALL, f"correction of {record_id} cites missing case {name}"
                assert ALL[name].record == record_id or ALL[name].record in claim.actual, (record_id, name)


def test_a_record_whose_example_fix_fails_has_an_example_fix_correction(kb):
    """The rule the corrections exist for: a record whose example fix does not survive the real library
    cannot ship without a correction of its example fix."""
    for name, case in ALL.items():
        label = LABELS[name]
        broken = (case.role == "before" and not raises_the_record(kb, case.record, label)) or (
            case.role == "after" and label.outcome != "OK")  # the record's own example fix, not a variant
        if not broken:
            continue
        correction = shipped().get(case.record)
        assert correction is not None and "exampleFix" in correction.fields, (
            f"{name}: record {case.record}'s example fix fails, and errata gives no corrected example fix")
