"""The per-release table of raise sites: how `derive_versions` builds it (on small hand-written
releases), what the shipped table says of real releases (checked by hand against the wheels), and how
findings follow it."""

from __future__ import annotations

import zipfile

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.derive_versions import derive, read_sources, specifier, table
from errata_lsp.environment import Environment, LibraryVersion
from errata_lsp.kb import KnowledgeBase
from errata_lsp.kb import versions as kb_versions
from errata_lsp.kb.record import Record
from errata_lsp.kb.versions import VersionTable, reworded
from errata_lsp.settings import Settings

PATH = "src/lightning/fabric/strategies/xla_fsdp.py"
OLD = '''class S:
    def setup(self, policy):
        if policy is not None and not isinstance(policy, set):
            raise TypeError(f"`policy` must be a set, found {policy}.")
        return policy
'''
MIDDLE = '''import os


class S:
    def setup(self, policy):
        if policy and not isinstance(policy, set):
            raise TypeError(
                f"`policy` must be a set of classes, found {policy}."
            )
        if not os.environ:
            raise RuntimeError("no environment")
        return policy
'''
NEWEST = "# moved down two lines\n\n" + MIDDLE
RELEASES = ["2.0.0", "2.1.0", "2.2.0"]
SOURCES = {"2.0.0": {PATH: OLD}, "2.1.0": {PATH: MIDDLE}, "2.2.0": {PATH: NEWEST}}


def record(rid: str, line: int, error_class: str, message: str) -> Record:
    return Record({"id": rid, "repo": "Lightning-AI/pytorch-lightning", "errorClass": error_class,
                   "errorMessage": message, "filePath": PATH, "lineNumber": line})


# Real rule records, anchored on the hand-written releases: LXF001's on the TypeError, LXF016's on the
# RuntimeError (which 2.0.0 does not have), and one on a plain statement.
RECORDS = [
    record("7c98b3e7e2bf13da", 9, "TypeError", "`policy` must be a set of classes, found {policy}."),
    record("cd66f7afcab1c7bf", 13, "RuntimeError", "no environment"),
    record("0000000000000003", 14, "SilentNoOp", "returns the policy"),
]


@pytest.fixture(scope="module")
def derived():
    return derive(RECORDS, RELEASES, SOURCES)


def test_each_record_is_found_in_each_release(derived):
    assert derived["records"] == {
        "0000000000000003": {
            "filePath": PATH, "anchor": "statement", "range": ">=2.0.0",
            "sites": [
                {"from": "2.0.0", "to": "2.0.0", "line": 5, "message": "", "condition": ""},
                {"from": "2.1.0", "to": "2.1.0", "line": 12, "message": "", "condition": ""},
                {"from": "2.2.0", "to": "2.2.0", "line": 14, "message": "", "condition": ""},
            ],
        },
        "7c98b3e7e2bf13da": {
            "filePath": PATH, "anchor": "raise", "range": ">=2.0.0", "recordMessageMatches": True,
            "sites": [
                {"from": "2.0.0", "to": "2.0.0", "line": 4, "message": "`policy` must be a set, found {policy}.",
                 "condition": "policy is not None and (not isinstance(policy, set))"},
                {"from": "2.1.0", "to": "2.1.0", "line": 7, "message": "`policy` must be a set of classes, found {policy}.",
                 "condition": "policy and (not isinstance(policy, set))"},
                {"from": "2.2.0", "to": "2.2.0", "line": 9, "message": "`policy` must be a set of classes, found {policy}.",
                 "condition": "policy and (not isinstance(policy, set))"},
            ],
        },
        "cd66f7afcab1c7bf": {
            "filePath": PATH, "anchor": "raise", "range": ">=2.1.0", "recordMessageMatches": True,
            "sites": [
                {"from": "2.0.0", "to": "2.0.0", "absent": True},
                {"from": "2.1.0", "to": "2.1.0", "line": 11, "message": "no environment", "condition": "not os.environ"},
                {"from": "2.2.0", "to": "2.2.0", "line": 13, "message": "no environment", "condition": "not os.environ"},
            ],
        },
    }
    assert derived["unrecorded"] == {"2.0.0": [], "2.1.0": [], "2.2.0": []}


def test_the_table_reads_it(derived):
    versions = VersionTable({"releases": RELEASES, "url": "https://x/{release}/{filePath}#L{line}", **derived})
    assert [versions.applies("cd66f7afcab1c7bf", v) for v in ("2.0.0", "2.1.0", "2.2.0", None, "2.1.5", "1.9.0")] == [
        False, True, True, True, True, False]
    assert versions.applies("not in the table", "2.0.0")
    assert versions.site("7c98b3e7e2bf13da", "2.0.0").url == f"https://x/2.0.0/{PATH}#L4"
    assert [versions.message_differs("7c98b3e7e2bf13da", r) for r in RELEASES] == [True, False, False]
    assert versions.place("2.3.0").outside == "newer than 2.2.0, the newest release covered"
    assert versions.place("1.9.0").outside == "older than 2.0.0, the first release covered"
    assert versions.place("2.1.0rc1") == kb_versions.Placed("2.1.0", None)
    assert versions.older_wordings("TypeError: `policy` must be a set, found [A].") == [("7c98b3e7e2bf13da", "2.0.0-2.0.0")]
    assert table({"releases": RELEASES, "url": "", **derived}).splitlines()[2] == (
        "| 2.0.0 | 2 | cd66f7afcab1c7bf (LXF016) | 7c98b3e7e2bf13da (LXF001) | 7c98b3e7e2bf13da (LXF001) | — |")


def test_findings_follow_the_table(derived, monkeypatch):
    versions = VersionTable({"releases": RELEASES, "url": "https://x/{release}/{filePath}#L{line}", **derived})
    monkeypatch.setattr(kb_versions, "shipped", lambda: versions)
    script = ("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(activation_checkpointing_policy=[Block]))\n"
              "fabric.launch()\n")

    def found(version):
        environment = Environment((LibraryVersion("lightning", version, "from .venv"),), "from .venv")
        return [(f.code, f.message) for f in check_source(script, "t.py", Settings(environment=environment)).findings]

    newest = found("2.2.0")
    assert [code for code, _ in newest] == ["LXF005", "LXF001", "LXF016"]
    assert found("2.1.0") == newest
    old = found("2.0.0")  # no LXF016: 2.0.0 does not raise its error; LXF001 quotes 2.0.0's words
    assert old == [
        newest[0],
        ("LXF001", newest[1][1] + ' (lightning 2.0.0 raises: "`policy` must be a set, found <policy>.")'),
    ]


def test_specifier():
    releases = ["2.1.0", "2.1.1", "2.2.0", "2.3.0"]
    assert specifier(releases, releases) == ">=2.1.0"
    assert specifier(["2.1.1", "2.2.0"], releases) == ">=2.1.1,<2.3.0"
    assert specifier(["2.1.0", "2.3.0"], releases) == ">=2.1.0,!=2.1.1,!=2.2.0"
    assert specifier([], releases) == "<0"


def test_reworded():
    assert reworded("To spawn processes with the `S` strategy, call it: fix", "To spawn processes with the `{x}` strategy, call it.",
                    "To use the `{x}` strategy, call it.") == "To use the `S` strategy, call it: fix"
    assert reworded("something else", "To spawn `{x}`.", "To use `{x}`.") is None
    assert reworded("ends with S", "ends with {x}", "finishes with {x}") is None


def test_sources_come_from_the_wheel_unimported(tmp_path):
    wheel = tmp_path / "lightning-2.2.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("lightning/fabric/strategies/xla_fsdp.py", "raise SystemExit('imported')\n")
    assert read_sources(wheel, {PATH, "src/lightning/fabric/fabric.py"}) == {PATH: "raise SystemExit('imported')\n"}


# --- the shipped table, checked by hand against the wheels of lightning 2.1.0 to 2.6.6 ------------------
SHIPPED = kb_versions.shipped()
TAG = "https://github.com/Lightning-AI/pytorch-lightning/blob/{}/src/lightning/fabric/{}#L{}"


def test_shipped_releases():
    assert SHIPPED.releases == (
        "2.1.0", "2.1.1", "2.1.2", "2.1.3", "2.1.4", "2.2.0", "2.2.0.post0", "2.2.1", "2.2.2", "2.2.3", "2.2.4",
        "2.2.5", "2.3.0", "2.3.1", "2.3.2", "2.3.3", "2.4.0", "2.5.0", "2.5.0.post0", "2.5.1", "2.5.1.post0",
        "2.5.2", "2.5.3", "2.5.4", "2.5.5", "2.5.6", "2.6.0", "2.6.1", "2.6.4", "2.6.5", "2.6.6")


def test_shipped_lines_move_with_the_releases():
    # LXF001's raise: xla_fsdp.py line 644 in 2.1.0, 671 in 2.2, 660 in 2.3 to 2.5.1, 661 to 2.5.6, 663 from 2.6
    lines = {r: SHIPPED.site("7c98b3e7e2bf13da", r).line for r in ("2.1.0", "2.2.5", "2.3.0", "2.5.6", "2.6.6")}
    assert lines == {"2.1.0": 644, "2.2.5": 671, "2.3.0": 660, "2.5.6": 661, "2.6.6": 663}
    assert SHIPPED.site("7c98b3e7e2bf13da", "2.1.0").url == TAG.format("2.1.0", "strategies/xla_fsdp.py", 644)


def test_shipped_absent_and_reworded_records():
    assert SHIPPED.records["4b01675a3b7ac56e"]["range"] == ">=2.2.0"  # the XRT runtime check came in 2.2.0
    assert not SHIPPED.applies("4b01675a3b7ac56e", "2.1.4")
    assert SHIPPED.site("4b01675a3b7ac56e", "2.2.0").url == TAG.format("2.2.0", "accelerators/xla.py", 37)
    assert SHIPPED.site("cd66f7afcab1c7bf", "2.1.2").message == (
        "To use the `{type(self.strategy).__name__}` strategy, `.launch()` needs to be called with a function that "
        "contains the code to launch in processes.")
    assert [r for r in SHIPPED.releases if SHIPPED.message_differs("cd66f7afcab1c7bf", r)] == ["2.1.0", "2.1.1", "2.1.2"]
    assert [r for r in SHIPPED.releases if SHIPPED.message_differs("2c0b49e3e0298c1c", r)] == list(SHIPPED.releases[:12])


def test_shipped_torch_dependent_checks_end_in_2_3():
    unrecorded = SHIPPED.data["unrecorded"]
    assert unrecorded["2.1.0"] == [
        {"line": 399, "errorClass": "NotImplementedError", "condition": "not _TORCH_GREATER_EQUAL_2_0",
         "message": "Saving and loading checkpoints with the `XLAFSDPStrategy` is not supported in PyTorch < 2.0."
                    " Please upgrade `torch`."},
        {"line": 505, "errorClass": "NotImplementedError", "condition": "not _TORCH_GREATER_EQUAL_2_0",
         "message": "Saving and loading checkpoints with the `FSDPStrategy` is not supported in PyTorch < 2.0."  # sic
                    " Please upgrade `torch` or file an issue: `https://github.com/Lightning-AI/lightning/issues`."},
    ]
    assert [r for r in SHIPPED.releases if unrecorded[r]] == list(SHIPPED.releases[:12])  # 2.1.0 to 2.2.5


def test_every_lightning_record_is_in_the_shipped_table():
    kb = KnowledgeBase.load([])
    anchored = {r.id for r in kb if r.get("repo") == "Lightning-AI/pytorch-lightning" and r.get("filePath")}
    assert set(SHIPPED.records) == anchored


# --- cards speak of the user's release ------------------------------------------------------------
def card_parts(record_id: str, version: str | None, source: str = "from .venv") -> list[str]:
    from errata_lsp.kb import card_markdown

    record = KnowledgeBase.load([]).get(record_id)
    return card_markdown(record, lightning=LibraryVersion("lightning", version, source)).split("\n\n")


def test_card_of_a_check_under_another_condition():
    parts = card_parts("650377c80b5b9c57", "2.1.4")
    assert parts[1] == ("**Your environment.** lightning 2.1.4 (from .venv). lightning 2.1.4 raises it when "
                        "`_using_pjrt() and len(self.parallel_devices) == 1` (lightning 2.6.6: when "
                        "`len(self.parallel_devices) == 1`).")
    assert parts[-2] == ("Raised at [src/lightning/fabric/strategies/xla_fsdp.py:177]("
                         + TAG.format("2.1.4", "strategies/xla_fsdp.py", 177) + ") (lightning 2.1.4)")


def test_card_of_a_check_the_release_does_not_have():
    assert card_parts("4b01675a3b7ac56e", "2.1.0")[1] == (
        "**Your environment.** lightning 2.1.0 (from .venv). **lightning 2.1.0 does not raise this error** "
        "(it is raised by lightning>=2.2.0).")


def test_card_of_a_version_outside_the_covered_releases():
    parts = card_parts("7c98b3e7e2bf13da", "2.7.0", "from uv.lock")
    assert parts[1] == ("**Your environment.** lightning 2.7.0 (from uv.lock): outside what errata covers (newer "
                        "than 2.6.6, the newest release covered); shown as in 2.6.6.")
    assert parts[-2] == ("Raised at [src/lightning/fabric/strategies/xla_fsdp.py:663]("
                         + TAG.format("2.6.6", "strategies/xla_fsdp.py", 663) + ") (lightning 2.6.6)")
    assert parts[-1].startswith("**Corrected.** ")  # what errata corrected comes after the true text


def test_kb_validate_names_a_table_record_that_is_gone(monkeypatch, capsys):
    from errata_lsp.cli import main

    assert main(["kb", "validate"]) == 0
    gone = VersionTable({"releases": ["2.1.0"], "records": {"ffffffffffffffff": {"filePath": PATH, "sites": []}}})
    monkeypatch.setattr(kb_versions, "shipped", lambda: gone)
    capsys.readouterr()
    assert main(["kb", "validate"]) == 1
    assert capsys.readouterr().out == f"{kb_versions.SHIPPED_TABLE}: record 'ffffffffffffffff': no such record\n"
