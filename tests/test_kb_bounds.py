"""A user's record that passes a bound (a repeat count past what an engine holds, groups nested
hundreds deep, objects nested past any reader's depth, a pattern that backtracks for ages under `re`)
is dropped alone, at its file and line; the other records of its file, the other files and the
shipped records still load and work, in the library, `kb validate`, `explain`, `log` and `check`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis.detect import rules_from_paths
from errata_lsp.analysis.logs import LogMatcher, log_findings
from errata_lsp.kb import KnowledgeBase, pattern
from errata_lsp.kb import load as kb_load
from errata_lsp.kb.base import shipped_records
from errata_lsp.kb.load import load_paths, stamp
from errata_lsp.kb.match import STRIKES

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_MESSAGE = ("TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. "
                   "You can try defining and passing `auto_wrapper_callable` instead.")
GOOD = {
    "id": "acme0000nodes001", "repo": "acme/cluster-notes", "errorClass": "ValueError",
    "errorMessage": "num_nodes must be at least 1, got {num_nodes}",
    "documentation": "Our launcher rejects a Fabric that asks for no node at all.",
    "detect": {
        "code": "ACM001", "name": "no-nodes", "summary": "`Fabric(num_nodes=0)` starts nothing",
        "call": {"qualified": ["lightning.fabric.Fabric"]}, "argument": {"keyword": "num_nodes"},
        "match": [{"equals": [0]}],
        "message": "`num_nodes={value}` asks for no node{from}: the launcher raises ValueError",
        "examples": [
            {"bad": "from lightning.fabric import Fabric\nFabric(num_nodes=0)\n", "count": 1, "at": "2:18-2:19",
             "severity": "error"},
            {"good": "from lightning.fabric import Fabric\nFabric(num_nodes=4)\n"},
        ],
    },
}
GOOD_MESSAGE = "ValueError: num_nodes must be at least 1, got 0"
TRAIN = "from lightning.fabric import Fabric\nfabric = Fabric(devices=2, num_nodes=0)\n"


def bad(rid: str, **fields) -> dict:
    return {"id": rid, "repo": "acme/evil", "errorClass": "ValueError", "errorMessage": "Evil input {x}", **fields}


def write_lines(path: Path, *items) -> Path:
    path.write_text("\n".join(i if isinstance(i, str) else json.dumps(i) for i in items) + "\n", encoding="utf-8")
    return path


def run(*args: str, cwd: Path, block_regex: bool = False, timeout: float = 120) -> subprocess.CompletedProcess:
    """errata-lsp in a child process; `block_regex`: as in a Python without the `regex` package."""
    prelude = "import sys; " + ("sys.modules['regex'] = None; " if block_regex else "")
    code = prelude + "from errata_lsp.entry import main; raise SystemExit(main(sys.argv[1:]))"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server"), "ERRATA_CACHE_DIR": str(cwd / ".cache")}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(params=["regex", "re"])
def engine(request, monkeypatch):
    """Each test runs under both engines: `regex`, and `re` as when `regex` is not installed."""
    if request.param == "re":
        monkeypatch.setattr(pattern, "regex", None)
    else:
        pytest.importorskip("regex")
    kb_load.forget_files()
    return request.param


COMPILE_PROBLEMS = {
    "regex": "`messagePattern` does not compile: repeat count too big at position 2",
    "re": "`messagePattern` does not compile: the repetition number is too large",
}


# --- item 14: a repeat count past what the engine holds ------------------------------------------------
def test_a_repeat_count_too_big_drops_its_record_alone(tmp_path, engine):
    path = write_lines(tmp_path / "mine.jsonl", bad("huge-count", messagePattern="a{4294967296}"), GOOD)
    records, problems = load_paths([path])
    assert [r.id for r in records] == ["acme0000nodes001"]
    assert [str(p) for p in problems] == [f"{path}:1: record 'huge-count': {COMPILE_PROBLEMS[engine]}"]
    kb = KnowledgeBase.load([path])
    assert len(kb) == len(shipped_records()[0]) + 1  # the shipped cards and links are all there
    assert [r.id for r in kb.match(SHIPPED_MESSAGE)][:1] == ["7c98b3e7e2bf13da"]
    assert [r.id for r in kb.match(GOOD_MESSAGE)] == ["acme0000nodes001"]
    rules, _ = rules_from_paths((str(path),), ())
    assert [r.code for r in rules] == ["ACM001"]  # the user rule of the same file still detects


def test_a_repeat_count_too_big_in_the_cli(tmp_path):
    path = write_lines(tmp_path / "mine.jsonl", bad("huge-count", messagePattern="a{4294967296}"), GOOD)
    validated = run("kb", "validate", str(path), cwd=tmp_path)
    assert (validated.returncode, "Traceback" in validated.stderr) == (1, False), validated.stderr
    assert validated.stdout.splitlines() == [f"{path}:1: record 'huge-count': {COMPILE_PROBLEMS['regex']}"]
    assert validated.stderr.splitlines()[-1] == "1 record(s) loaded, 1 problem(s)."
    explained = run("explain", "--kb", str(path), GOOD_MESSAGE, cwd=tmp_path)
    assert explained.returncode == 0 and "Traceback" not in explained.stderr, explained.stderr
    assert "Our launcher rejects a Fabric that asks for no node at all." in explained.stdout
    (tmp_path / "pyproject.toml").write_text(f"[tool.errata]\nkb-paths = [{json.dumps(str(path))}]\n",
                                             encoding="utf-8")
    (tmp_path / "train.py").write_text(TRAIN, encoding="utf-8")
    checked = run("check", "--format", "json", "train.py", cwd=tmp_path)
    assert "Traceback" not in checked.stderr, checked.stderr
    assert [f["code"] for f in json.loads(checked.stdout)] == ["ACM001"]


# --- item 15: groups nested hundreds deep -----------------------------------------------------------------
def test_a_pattern_nested_hundreds_deep_is_refused_before_any_engine_recurses(tmp_path, engine):
    deep = "(" * 380 + "Evil" + ")" * 380
    path = write_lines(tmp_path / "mine.jsonl", bad("deep-groups", messagePattern=deep), GOOD)
    kb = KnowledgeBase.load([path])
    assert [str(p) for p in kb.problems] == [
        f"{path}:1: record 'deep-groups': `messagePattern` nests groups 380 deep (at most 32)"]
    assert kb.get("deep-groups") is None
    assert [r.id for r in kb.match("ValueError: Evil input x\n" + GOOD_MESSAGE)] == ["acme0000nodes001"]
    lines = ["ValueError: Evil input x", SHIPPED_MESSAGE, GOOD_MESSAGE]
    assert [(f.span.start.line, f.record_id) for f in log_findings(lines, kb)] == [
        (1, "7c98b3e7e2bf13da"), (2, "acme0000nodes001")]


def test_nesting_counts_groups_not_escaped_or_bracketed_parentheses():
    assert pattern.nesting(r"a\(\(\(b") == 0
    assert pattern.nesting(r"[(((]x") == 0
    assert pattern.nesting(r"[]((]x(y)") == 1
    assert pattern.nesting(r"((a)(b(c)))") == 3


def test_a_deep_pattern_in_the_log_command(tmp_path):
    deep = "(" * 380 + "Evil" + ")" * 380
    path = write_lines(tmp_path / "mine.jsonl", bad("deep-groups", messagePattern=deep), GOOD)
    log = tmp_path / "ci.log"
    log.write_text("ValueError: Evil input x\n" + GOOD_MESSAGE + "\n", encoding="utf-8")
    done = run("log", "--kb", str(path), str(log), cwd=tmp_path)
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr + done.stdout, done.stderr
    assert "num_nodes must be at least 1" in done.stdout


# --- item 16: one record nested too deep -----------------------------------------------------------------
def nested(depth: int) -> str:
    return '{"id": "too-deep", "x": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize("depth, why", [
    (5000, "nested too deep to read; this record is skipped"),  # past the JSON decoder's recursion
    (200, "record 'too-deep': nested more than 64 objects or lists deep"),  # decoded, past what readers walk
])
def test_a_record_nested_too_deep_drops_only_itself_in_json_lines(tmp_path, depth, why):
    path = write_lines(tmp_path / "mine.jsonl", nested(depth), GOOD)
    records, problems = load_paths([path])
    assert [r.id for r in records] == ["acme0000nodes001"]
    assert [str(p) for p in problems] == [f"{path}:1: {why}"]


@pytest.mark.parametrize("depth, why", [
    (5000, "nested too deep to read; this item is skipped"),
    (200, "record 'too-deep': nested more than 64 objects or lists deep"),
])
def test_a_record_nested_too_deep_drops_only_itself_in_an_array(tmp_path, depth, why):
    path = tmp_path / "mine.json"
    path.write_text("[\n  " + nested(depth) + ",\n  " + json.dumps(GOOD) + "\n]\n", encoding="utf-8")
    records, problems = load_paths([path])
    assert [r.id for r in records] == ["acme0000nodes001"]
    assert [str(p) for p in problems] == [f"{path}:2: {why}"]


def test_a_number_past_the_integer_digit_limit_drops_only_its_record(tmp_path):
    path = write_lines(tmp_path / "mine.jsonl", '{"id": "digits", "lineNumber": ' + "9" * 5000 + "}", GOOD)
    records, problems = load_paths([path])
    assert [r.id for r in records] == ["acme0000nodes001"]
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [(1, "invalid JSON")]


# --- item 4: a pattern that backtracks for ages under `re` ------------------------------------------------
POLYNOMIAL = r"Evil input \w*\w*\w*\w*\w*\w*\w*\w*\w*\w*!"
EVIL_LINE = "ValueError: Evil input " + "a" * 3000


def test_without_regex_a_polynomial_pattern_costs_its_budget_then_is_dropped(tmp_path, monkeypatch):
    monkeypatch.setattr(pattern, "regex", None)
    path = write_lines(tmp_path / "mine.jsonl", bad("poly", messagePattern=POLYNOMIAL), GOOD)
    kb = KnowledgeBase.load([path])
    assert kb.problems == []  # it compiles: only running it shows what it costs
    pattern.JAIL.close()
    started = pattern.JAIL.started
    lookups = 0
    while not kb.dropped_patterns() and lookups < 3 * STRIKES:  # 3 overruns it is to blame for, 9 on a busy machine
        assert kb.match(EVIL_LINE) == []
        lookups += 1
    assert pattern.JAIL.started - started == lookups  # each overrun killed the child running it
    assert kb.match(EVIL_LINE) == [] and pattern.JAIL.started - started == lookups  # dropped: not run again
    assert [str(p) for p in kb.dropped_patterns()] == [
        f"{path}:1: record 'poly': `messagePattern` ran past the 50 ms budget of a lookup again and again; "
        "it is no longer matched"]
    assert [r.id for r in kb.match(GOOD_MESSAGE)] == ["acme0000nodes001"]
    assert [r.id for r in kb.match(SHIPPED_MESSAGE)][:1] == ["7c98b3e7e2bf13da"]


def test_without_regex_the_log_command_ends(tmp_path):
    """Before, `re` ran the pattern in the process itself: the command never ended."""
    path = write_lines(tmp_path / "mine.jsonl", bad("poly", messagePattern=POLYNOMIAL), GOOD)
    log = tmp_path / "ci.log"
    log.write_text((EVIL_LINE + "\n") * 20 + GOOD_MESSAGE + "\n", encoding="utf-8")
    done = run("log", "--kb", str(path), str(log), cwd=tmp_path, block_regex=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    assert "num_nodes must be at least 1" in done.stdout


def test_the_child_interpreter_runs_no_code_of_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "re.py").write_text("raise SystemExit('the workspace ran')\n", encoding="utf-8")
    (tmp_path / "json.py").write_text("raise SystemExit('the workspace ran')\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    jail = pattern.Jail()
    try:
        hit = jail.search(r"(\w+) failed", 0, "step failed", 5.0)
    finally:
        jail.close()
    assert hit is not None and (hit.group(0), hit.groups()) == ("step failed", ("step",))


def test_without_regex_and_no_interpreter_to_start_a_lookup_finds_nothing_and_raises_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(pattern, "regex", None)
    pattern.JAIL.close()
    python = sys.executable
    monkeypatch.setattr(pattern.sys, "executable", str(tmp_path / "no-python"))
    kb = KnowledgeBase.load([write_lines(tmp_path / "mine.jsonl", GOOD)])
    assert kb.match(GOOD_MESSAGE) == []
    monkeypatch.setattr(pattern.sys, "executable", python)
    assert [r.id for r in kb.match(GOOD_MESSAGE)] == ["acme0000nodes001"]  # one failure does not drop a pattern


# --- item 6: the knowledge base and the detect rules read a file once -----------------------------------
def test_the_knowledge_base_and_the_detect_rules_share_one_read_of_a_file(tmp_path):
    path = write_lines(tmp_path / "mine.jsonl", GOOD)
    kb = KnowledgeBase.load([path])
    records, _ = load_paths([path])
    assert records[0] is kb.get("acme0000nodes001")  # the same object: not parsed again
    path.write_text(json.dumps({**GOOD, "documentation": "Changed."}) + "\n", encoding="utf-8")
    os.utime(path, ns=(1, 1))
    again, _ = load_paths([path])
    assert again[0].get("documentation") == "Changed."


# --- item 11: a big kb folder is not walked on every check -----------------------------------------------
def test_a_big_folder_is_walked_in_the_background_not_on_every_check(tmp_path, monkeypatch):
    folder = tmp_path / "records"
    folder.mkdir()
    for i in range(50):
        write_lines(folder / f"r{i:03}.jsonl", {**GOOD, "id": f"acme{i:012}", "detect": None})
    monkeypatch.setattr(kb_load, "INLINE_WALK_ENTRIES", 10)  # fifty files make a big folder
    monkeypatch.setattr(kb_load, "RESTAMP_S", 3600.0)
    kb_load.forget_stamps()
    walks = []
    real_walk = os.walk
    monkeypatch.setattr(kb_load.os, "walk", lambda *a, **k: (walks.append(a[0]), real_walk(*a, **k))[1])
    first = stamp([str(folder)])
    for _ in range(100):  # a hundred keystrokes
        assert stamp([str(folder)]) is first
    records, _ = load_paths([str(folder)])
    assert len(records) == 50 and len(walks) == 1  # the load reads what the walk found
    write_lines(folder / "new.jsonl", {**GOOD, "id": "acme-new", "detect": None})
    kb_load.forget_stamps()  # the file was saved, or the client saw it change
    assert len(stamp([str(folder)])) == 51 and len(walks) == 2


def test_a_background_walk_sees_a_new_file(tmp_path, monkeypatch):
    folder = tmp_path / "records"
    folder.mkdir()
    write_lines(folder / "a.jsonl", GOOD)
    monkeypatch.setattr(kb_load, "INLINE_WALK_ENTRIES", 0)
    monkeypatch.setattr(kb_load, "RESTAMP_S", 0.0)
    kb_load.forget_stamps()
    first = stamp([str(folder)])
    write_lines(folder / "b.jsonl", {**GOOD, "id": "acme-b"})
    import time

    for _ in range(200):
        if len(stamp([str(folder)])) == 2:
            break
        time.sleep(0.02)
    assert [entry[0] for entry in stamp([str(folder)])] == [str(folder / "a.jsonl"), str(folder / "b.jsonl")]
    assert len(first) == 1


def test_a_folder_past_the_entry_bound_is_read_that_far_with_one_problem(tmp_path, monkeypatch):
    folder = tmp_path / "records"
    for part in ("a", "b", "c"):
        (folder / part).mkdir(parents=True)
        for i in range(4):
            write_lines(folder / part / f"r{i}.jsonl", {**GOOD, "id": f"{part}{i}", "detect": None})
    monkeypatch.setattr(kb_load, "MAX_WALK_ENTRIES", 6)
    records, problems = load_paths([folder])
    assert [r.id for r in records] == ["a0", "a1", "a2", "a3"]
    assert [str(p) for p in problems] == [f"{folder}: more than 6 files and folders; the rest is not read"]


# --- item 12: a log document's edit matches the lines it changed -----------------------------------------
class CountingBase(KnowledgeBase):
    """The shipped records, counting the lines matched (a real knowledge base, not a stand-in)."""

    def __init__(self):
        records, problems = shipped_records()
        super().__init__(records, problems)
        self.matched: list[str] = []

    def match_details(self, text):
        self.matched.append(text)
        return super().match_details(text)


def test_a_log_edit_matches_only_the_lines_it_changed():
    kb = CountingBase()
    lines = [f"2026-11-29 12:00:{i % 60:02} INFO step {i} done" for i in range(2000)] + [SHIPPED_MESSAGE]
    matcher = LogMatcher()
    first = matcher.findings(lines, kb)
    assert len(kb.matched) == 2001 and [(f.span.start.line, f.code) for f in first] == [(2000, "LXF001")]
    kb.matched.clear()
    edited = ["2026-11-29 12:00:00 INFO a new line", *lines[:10], lines[10] + "!", *lines[11:]]
    again = matcher.findings(edited, kb)
    assert kb.matched == ["2026-11-29 12:00:00 INFO a new line", lines[10] + "!"]
    fresh = log_findings(edited, CountingBase())
    assert [(f.span, f.code, f.message) for f in again] == [(f.span, f.code, f.message) for f in fresh]
    assert [f.span.start.line for f in again] == [2001]


def test_a_log_matches_at_most_so_many_lines_approximately():
    kb = CountingBase()
    lines = [f"ValueError: widget {i} could not be reticulated" for i in range(30)]
    matcher = LogMatcher(max_approximate=10)
    found = matcher.findings(lines, kb)
    everything = log_findings(lines, CountingBase())
    assert [f.span.start.line for f in found] == [f.span.start.line for f in everything if f.span.start.line < 10]
    assert matcher.skipped == 20

