"""errata's corrections over records, messages as a user reads them, and what `kb validate` / `kb stats` say of them."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from errata_lsp.cli import main
from errata_lsp.kb import KnowledgeBase, card_markdown, readable_message, summary_line
from errata_lsp.kb.corrections import SHIPPED_CORRECTIONS, CorrectionError, load, parse, shipped
from errata_lsp.kb.record import Record

WHEEL_LINES = {  # line counts of the lightning 2.6.6 files the shipped links open (identical at the 2.6.5 tag)
    "src/lightning/fabric/strategies/xla_fsdp.py": 687,
    "src/lightning/fabric/fabric.py": 1260,
    "src/lightning/fabric/strategies/strategy.py": 479,
    "src/lightning/fabric/accelerators/cpu.py": 101,
    "src/lightning/fabric/accelerators/xla.py": 179,
    "src/lightning/fabric/plugins/precision/xla.py": 73,
    "src/lightning/fabric/connector.py": 580,
    "src/lightning/fabric/strategies/launchers/xla.py": 128,
    "src/lightning/fabric/wrappers.py": 416,
    "src/lightning/fabric/strategies/fsdp.py": 894,
    "src/lightning/fabric/strategies/xla.py": 304,
    "src/lightning/fabric/strategies/single_xla.py": 88,
    "src/lightning/fabric/plugins/precision/fsdp.py": 168,
    "src/lightning/fabric/strategies/registry.py": 112,
}
LINK = re.compile(r"^https://github\.com/Lightning-AI/pytorch-lightning/blob/2\.6\.5/(?P<path>src/\S+?)#L(?P<lo>\d+)(?:-L(?P<hi>\d+))?$")


@pytest.fixture
def in_empty_dir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def record(rid: str = "r1", **extra) -> Record:
    data = {"id": rid, "repo": "acme/widgets", "errorClass": "RuntimeError",
            "errorMessage": "Gadget {self.name!r} jammed at {where}", "solutions": ["Oil it", "Kick it"],
            "documentation": "A gadget jammed."}
    data.update(extra)
    return Record(data)


def table(**records) -> dict:
    return {"version": "widgets 1.0", "records": records}


CLAIM = {"field": "solutions", "says": "kicking it helps", "actual": "kicking breaks it", "source": ["widgets/gadget.py:12"]}


# --- readable messages ---------------------------------------------------------------------------
@pytest.mark.parametrize(("template", "shown"), [
    ("Requirement {self.requirement!r} not met. HINT: Try running `pip install -U {self.requirement!r}`",
     "Requirement <requirement> not met. HINT: Try running `pip install -U <requirement>`"),
    ("The `{type(self).__name__}` does not support the joint setup", "The `<class>` does not support the joint setup"),
    ("To spawn processes with the `{type(self.strategy).__name__}` strategy", "To spawn processes with the `<strategy class>` strategy"),
    ("`{accelerator_cls.__qualname__}` can not run", "`<accelerator class>` can not run"),
    ("Got: {module.__class__.__name__}.", "Got: <module class>."),
    ("The path {str(file)!r} does not point", "The path <file> does not point"),
    ("a key '{invalid_keys[0]}' that", "a key '<invalid_key>' that"),
    ("Unknown state_dict_type: {self._state_dict_type}", "Unknown state_dict_type: <state_dict_type>"),
    ("1, {device_count} or [<0-{device_count - 1}>] for TPUs", "1, <device_count> or [<0-<device_count - 1>>] for TPUs"),
    ("like so: `save_checkpoint(..., state={'model': model, ...})`", "like so: `save_checkpoint(..., state={'model': model, ...})`"),
    ("found {precision:>10}", "found <precision>"),
    ("Available names are: auto, {', '.join(self._registered_accelerators)}.",
     "Available names are: auto, <registered_accelerators>."),
])
def test_placeholders_read_as_names(template, shown):
    assert readable_message(template) == shown


def test_every_shipped_message_reads_without_source_expressions():
    for rec in KnowledgeBase.load():
        shown = readable_message(rec.error_message)
        assert "self." not in shown and "__name__" not in shown and "!r}" not in shown, (rec.id, shown)


# --- corrections file ------------------------------------------------------------------------------
@pytest.mark.parametrize(("data", "problem"), [
    ([], "must be an object with a `records` object"),
    ({"records": {}}, "`version` must name the library version"),
    (table(r1=[]), "record 'r1': must be an object"),
    (table(r1={"claims": []}), "record 'r1': needs at least one claim"),
    (table(r1={"claims": [{"field": "solutions", "says": "x"}]}), "claim 1 needs `field`, `says` and `actual` strings"),
    (table(r1={"claims": [{**CLAIM, "source": []}]}), "claim 1 needs evidence"),
    (table(r1={"fields": {"errorMessage": "x"}, "claims": [CLAIM]}), "`errorMessage` cannot be corrected"),
    (table(r1={"fields": {"bogus": "x"}, "claims": [CLAIM]}), "`bogus` cannot be corrected"),
    (table(r1={"fields": {"solutions": "Oil it"}, "claims": [CLAIM]}), "`solutions` has the wrong type"),
])
def test_a_bad_corrections_file_says_where_and_why(data, problem):
    with pytest.raises(CorrectionError, match=re.escape(problem)):
        parse(data, "c.json")


def test_unreadable_or_invalid_json_is_one_clear_error(tmp_path):
    with pytest.raises(CorrectionError, match="cannot read"):
        load(tmp_path / "none.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": "x",\n "records": {', encoding="utf-8")
    with pytest.raises(CorrectionError, match=r"bad\.json:2: invalid JSON"):
        load(bad)


def test_corrected_fields_replace_the_records_own_and_the_record_is_untouched():
    corrections = parse(table(r1={"fields": {"solutions": ["Oil it twice"]}, "claims": [CLAIM]}))
    original = record()
    shown = corrections.apply(original)
    assert shown.get("solutions") == ["Oil it twice"] and shown.get("documentation") == "A gadget jammed."
    assert original.get("solutions") == ["Oil it", "Kick it"]
    assert corrections.apply(record("r2")).get("solutions") == ["Oil it", "Kick it"]


def test_card_shows_the_true_text_first_and_what_was_corrected_last():
    corrections = parse({**table(r1={"fields": {"solutions": ["Oil it"]}, "claims": [
        {**CLAIM, "cases": ["r1_after"]}, {"field": "documentation", "says": "it jams", "actual": "it stalls",
                                           "cases": ["r1_before", "r1_trigger"]},
        {"field": "documentation", "says": "it stops", "actual": "it slows", "source": ["other/lib.py:3", "widgets/jam.py:4"]}]}),
        "sourceUrl": "https://example.org/widgets/1.0/{path}#L{line}"})
    assert card_markdown(record(), corrections=corrections) == (
        "### RuntimeError: Gadget \\<name> jammed at \\<where>\n\n"
        "**What it means.** A gadget jammed.\n\n"
        "**Solutions.**\n1. Oil it\n\n"
        "**Corrected.** Checked against widgets 1.0, the record is wrong in 3 places; this card shows the corrected "
        "text. The record says:\n"
        "- kicking it helps (not so: [gadget.py:12](https://example.org/widgets/1.0/widgets/gadget.py#L12))\n"
        "- it jams (not so: labelled case `r1_before`)\n"
        "- it stops (not so: [jam.py:4](https://example.org/widgets/1.0/widgets/jam.py#L4))"
    )
    assert summary_line(record(), corrections=corrections) == "**RuntimeError**: Gadget \\<name> jammed at \\<where> — Oil it"
    uncorrected = card_markdown(record("r2"), corrections=corrections)
    assert "Corrected" not in uncorrected and "2. Kick it" in uncorrected
    unlinked = parse(table(r1={"claims": [CLAIM]}))
    assert card_markdown(record(), corrections=unlinked).endswith("- kicking it helps (not so: `widgets/gadget.py:12`)")


def test_a_source_url_that_is_not_https_is_refused():
    with pytest.raises(CorrectionError, match=re.escape("c.json: `sourceUrl` must be an https URL")):
        parse({**table(), "sourceUrl": "javascript:alert(1)//{path}"}, "c.json")


def test_shipped_corrections_load_and_each_names_a_shipped_record():
    corrections = shipped()
    assert corrections.version == "lightning 2.6.6"
    kb = KnowledgeBase.load()
    assert corrections.orphans(r.id for r in kb) == []
    assert {"5bae6b842267fa0d", "7c98b3e7e2bf13da", "fc8e29955b1155a3"} <= set(corrections.by_id)


def test_shipped_links_open_the_release_tag_at_a_line_of_the_file():
    """Record links, and corrected ones, pin the 2.6.5 tag (the files there are those of 2.6.6) and stay inside the file."""
    corrections = shipped()
    for rec in KnowledgeBase.load():
        link = corrections.apply(rec).link
        m = LINK.match(link or "")
        assert m, (rec.id, link)
        hi = int(m["hi"] or m["lo"])
        assert int(m["lo"]) <= rec.get("lineNumber") <= hi <= WHEEL_LINES[m["path"]], (rec.id, link)


def test_shipped_patterns_do_not_end_in_a_one_character_group():
    for rec in KnowledgeBase.load():
        assert not rec.message_pattern.endswith("(.+?)"), rec.id


@pytest.mark.parametrize(("record_id", "strategy_message"), [
    ("a39f8910da142048", "RuntimeError: Accessing the XLA device before processes have spawned is not allowed."),
    ("92bdc8d09b1b470a", "TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <TorchCheckpointIO object>"),
    ("650377c80b5b9c57", "NotImplementedError: The XLAStrategy does not support running on a single device with the PjRT runtime. "
                         "Try using all devices or the `SingleDeviceXLAStrategy` strategy"),
    ("ef595ba34407f497", "NotImplementedError: `XLAStrategy.all_gather` is only implemented for tensors. Given [1, 2]"),
])
def test_records_shared_with_the_xla_strategies_say_so(record_id, strategy_message):
    kb = KnowledgeBase.load()
    assert [r.id for r in kb.match(strategy_message)][:1] == [record_id]
    assert "XLAStrategy" in kb.get(record_id).get("documentation")


def test_a_one_placeholder_tail_takes_the_rest_of_the_line():
    kb = KnowledgeBase.load()
    for text in ("ValueError: Unknown state_dict_type: consolidated", "Unknown state_dict_type: consolidated\n\nExiting"):
        found = kb.match_details(text)
        assert found[0].record.id == "e1723fa1f49f9895" and found[0].groups == ("consolidated",), text


# --- kb validate / kb stats ----------------------------------------------------------------------------
def test_validate_reports_a_correction_whose_record_is_gone(in_empty_dir, capsys):
    records = in_empty_dir / "r.jsonl"
    records.write_text(json.dumps({"id": "r1", "repo": "acme/w", "errorMessage": "m", "errorClass": "E"}) + "\n", encoding="utf-8")
    fixes = in_empty_dir / "fixes.json"
    fixes.write_text(json.dumps(table(r1={"claims": [CLAIM]}, gone={"claims": [CLAIM]})), encoding="utf-8")
    assert main(["kb", "validate", str(records), "--corrections", str(fixes)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [f"{fixes}: correction for record 'gone': no such record"]
    assert "1 record(s) loaded, 1 problem(s)." in captured.err


def test_validate_reports_a_broken_corrections_file(in_empty_dir, capsys):
    fixes = in_empty_dir / "fixes.json"
    fixes.write_text(json.dumps(table(r1={"claims": [{"field": "x"}]})), encoding="utf-8")
    assert main(["kb", "validate", "--corrections", str(fixes)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{fixes}: record 'r1': claim 1 needs `field`, `says` and `actual` strings"]


def test_validate_checks_the_shipped_corrections_by_default():
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "kb", "validate"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr
    assert SHIPPED_CORRECTIONS.is_file()


def test_stats_lists_corrected_records_with_readable_messages(in_empty_dir, capsys):
    assert main(["kb", "stats"]) == 0
    out = capsys.readouterr().out
    corrections = shipped()
    claims = sum(len(c.claims) for c in corrections.by_id.values())
    block = out.split("\ncorrected, checked against lightning 2.6.6: ", 1)[1]
    head, *lines = block.splitlines()
    assert head == f"{len(corrections.by_id)} records, {claims} claims"
    assert "       5  5bae6b842267fa0d  TypeError: Blocking backward sync is only possible if the module passed to " \
           "`<class>.no_backward_sync` is wrapp…" in lines
    assert "{" not in "".join(lines)
