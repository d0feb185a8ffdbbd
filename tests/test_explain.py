"""`explain` and message matching: every record from its rendered message and from a whole traceback;
bounded lookups even with a pathological pattern in the knowledge base."""

from __future__ import annotations

import io
import json
import re
import time
from pathlib import Path

import pytest

from errata_lsp.cli import main
from errata_lsp.environment import LibraryVersion
from errata_lsp.kb import KnowledgeBase, card_markdown

DATA = Path(__file__).parent / "data" / "rendered_messages.json"
RENDERED = json.loads(DATA.read_text(encoding="utf-8"))
WORD = re.compile(r"[A-Za-z_]{3,}")


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load()


@pytest.fixture
def in_empty_dir(tmp_path, monkeypatch):
    """Run the CLI from a folder with no pyproject.toml, so no `[tool.errata]` applies, and no
    environment: the card says the Lightning version is unknown."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    return tmp_path


UNKNOWN_LIGHTNING = LibraryVersion("lightning", None, "no environment, lockfile or pin found")


def _statement_at(lines: list[str], start: int) -> list[str]:
    depth, out = 0, []
    for line in lines[start:]:
        out.append(line)
        depth += line.count("(") - line.count(")")
        if depth <= 0:
            break
    return out


def raise_site(record) -> list[str]:
    """The lines of the record's source excerpt that raise (or warn) its message: they hold the
    format string, placeholders and all, exactly as a traceback frame shows them."""
    lines = (record.get("sourceCode") or "").split("\n")
    words = set(WORD.findall(record.error_message))
    best, score = [], -1
    for i, line in enumerate(lines):
        if re.search(r"\braise\b|warn\(", line):
            statement = _statement_at(lines, i)
            overlap = len(words & set(WORD.findall(" ".join(statement))))
            if overlap > score:
                best, score = statement, overlap
    return best or [ln for ln in lines if ln.strip()][-3:]


def exception_line(cls: str, message: str) -> str:
    if cls.endswith("Warning"):
        return f"/opt/venv/lib/python3.11/site-packages/lightning/fabric/strategies/xla_fsdp.py:215: {cls}: {message}"
    if cls == "PicklingError":
        return f"_pickle.PicklingError: {message}"
    return f"{cls}: {message}"


def traceback_for(record, exception: str, message: str) -> str:
    """A realistic Python 3.11+ traceback: the user's script, Fabric, then the raising frame with the
    raise statement (the format string with its `{placeholders}`) and carets."""
    site = raise_site(record)
    indent = min(len(s) - len(s.lstrip()) for s in site if s.strip())
    frame = "\n".join("    " + s[indent:] for s in site)
    line = record.get("lineNumber") or 1
    path = record.get("filePath") or "src/lightning/fabric/strategies/xla_fsdp.py"
    return (
        "Traceback (most recent call last):\n"
        '  File "/home/alice/proj/train_tpu.py", line 88, in <module>\n'
        "    fabric.launch(train)\n"
        '  File "/opt/venv/lib/python3.11/site-packages/lightning/fabric/fabric.py", line 1010, in launch\n'
        "    return self._wrap_and_launch(function, self, *args, **kwargs)\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "/home/alice/proj/train_tpu.py", line 41, in train\n'
        "    model = fabric.setup_module(model)\n"
        "            ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        f'  File "/opt/venv/lib/python3.11/site-packages/{path.removeprefix("src/")}", line {line}, in _inner\n'
        f"{frame}\n"
        f"{exception_line(exception, message)}\n"
    )


IDS = [item["record"] for item in RENDERED]


def test_rendered_messages_cover_every_shipped_record(kb):
    assert sorted(IDS) == sorted(r.id for r in kb)


@pytest.mark.parametrize("item", RENDERED, ids=IDS)
def test_rendered_message_finds_its_record(kb, item):
    found = kb.match(item["message"])
    assert found, item["message"]
    assert found[0].id == item["record"], [r.id for r in found]


@pytest.mark.parametrize("item", RENDERED, ids=IDS)
def test_whole_traceback_finds_its_record(kb, item):
    record = kb.get(item["record"])
    text = traceback_for(record, item["exception"], item["message"])
    found = kb.match(text)
    assert found and found[0].id == item["record"], (text, [r.id for r in found])


def test_format_strings_in_frames_do_not_confuse_the_match(kb):
    """The raise statements in frames hold format strings (`found {policy}`), not messages: they are
    not taken for the rendered message, and the exception line decides over any text in the frames."""
    record = kb.get("7c98b3e7e2bf13da")
    text = traceback_for(record, "TypeError", "x")
    frames = text.rsplit("\n", 2)[0]
    neighbour = kb.get("fc8e29955b1155a3")
    frames += "\n" + "\n".join(raise_site(neighbour))  # the ValueError's raise, format string and all
    assert "{policy}" in frames
    assert "7c98b3e7e2bf13da" not in [r.id for r in kb.match(frames)]
    policy_message = ("`activation_checkpointing_policy` must be a set, found [<class 'Block'>]. "
                      "You can try defining and passing `auto_wrapper_callable` instead.")
    assert kb.match(frames + "\nTypeError: " + policy_message)[0].id == "7c98b3e7e2bf13da"


def test_last_exception_of_a_chain_wins(kb):
    first, last = RENDERED[0], RENDERED[-1]
    text = (
        traceback_for(kb.get(first["record"]), first["exception"], first["message"])
        + "\nDuring handling of the above exception, another exception occurred:\n\n"
        + traceback_for(kb.get(last["record"]), last["exception"], last["message"])
    )
    assert kb.match(text)[0].id == last["record"]


# --- the command -----------------------------------------------------------------------------------
@pytest.mark.parametrize("form", ["message", "traceback"])
@pytest.mark.parametrize("item", RENDERED, ids=IDS)
def test_explain_prints_the_card(kb, item, form, capsys, in_empty_dir):
    record = kb.get(item["record"])
    text = item["message"] if form == "message" else traceback_for(record, item["exception"], item["message"])
    assert main(["explain", text]) == 0
    out = capsys.readouterr().out
    assert out.strip() == card_markdown(record, lightning=UNKNOWN_LIGHTNING, escape=False).strip()


def test_explain_reads_a_traceback_from_stdin(kb, capsys, monkeypatch, in_empty_dir):
    item = next(i for i in RENDERED if i["record"] == "5bae6b842267fa0d")
    text = traceback_for(kb.get(item["record"]), item["exception"], item["message"])
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["explain", "-"]) == 0
    assert capsys.readouterr().out.strip() == card_markdown(kb.get("5bae6b842267fa0d"), lightning=UNKNOWN_LIGHTNING, escape=False).strip()


@pytest.mark.parametrize("text", [
    "ZeroDivisionError: division by zero",
    "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n    1/0\nZeroDivisionError: division by zero\n",
    "",
])
def test_explain_exits_1_when_nothing_matches(capsys, text, in_empty_dir):
    assert main(["explain", text]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "No known error" in captured.err


def test_explain_uses_extra_kb_paths(tmp_path, capsys, in_empty_dir):
    extra = tmp_path / "mine.jsonl"
    extra.write_text(json.dumps({
        "id": "acme0001", "repo": "acme/widgets", "errorClass": "WidgetError",
        "errorMessage": "Widget {name} is frobnicated beyond repair", "solutions": ["Unfrobnicate it first"],
    }) + "\n", encoding="utf-8")
    message = "acme.WidgetError: Widget 'spinner' is frobnicated beyond repair"
    assert main(["explain", message]) == 1
    capsys.readouterr()
    assert main(["explain", "--kb", str(extra), message]) == 0
    assert "Unfrobnicate it first" in capsys.readouterr().out


def test_explain_uses_kb_paths_from_pyproject(tmp_path, capsys, monkeypatch):
    (tmp_path / "errors").mkdir()
    (tmp_path / "errors" / "team.jsonl").write_text(json.dumps({
        "id": "team0001", "repo": "acme/widgets", "errorClass": "RuntimeError",
        "errorMessage": "Gizmo queue {q} overflowed", "solutions": ["Drain the gizmo queue"],
    }) + "\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nkb-paths = ["errors/"]\n', encoding="utf-8")
    (tmp_path / "src" / "deep").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "src" / "deep")  # relative kb-paths are relative to the pyproject
    assert main(["explain", "RuntimeError: Gizmo queue 7 overflowed"]) == 0
    assert "Drain the gizmo queue" in capsys.readouterr().out


# --- bounded lookups -------------------------------------------------------------------------------
PATHOLOGICAL = [
    {"id": "evil0001", "repo": "acme/evil", "errorClass": "ValueError",
     "errorMessage": "Evil input {x}", "messagePattern": "Evil input (a+)+$"},
    {"id": "evil0002", "repo": "acme/evil", "errorClass": "ValueError",
     "errorMessage": "Evil input {x}", "messagePattern": "Evil input (x+x+)+y"},
    {"id": "evil0003", "repo": "acme/evil", "errorClass": "ValueError",
     "errorMessage": "Evil input {x}", "messagePattern": "Evil input (.*a){25}"},
]
REAL = next(i for i in RENDERED if i["record"] == "fc8e29955b1155a3")


@pytest.fixture(scope="module")
def evil_kb(tmp_path_factory) -> KnowledgeBase:
    path = tmp_path_factory.mktemp("evil") / "evil.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in PATHOLOGICAL) + "\n", encoding="utf-8")
    kb = KnowledgeBase.load([path])
    assert kb.problems == []  # the patterns compile: only running them is slow
    return kb


@pytest.mark.parametrize("query", [
    "Evil input " + "a" * 5000 + "!",
    "Evil input " + "x" * 60 + "!",
    "Evil input " + "a" * 60 + "b" * 60,
    "ValueError: Evil input " + "a" * 20000 + "!",
], ids=["a-plus", "x-plus", "dot-star", "long"])
def test_pathological_pattern_returns_only_real_matches(evil_kb, query):
    # How long such a lookup may take is measured in bench/bounds.py; here: it returns, and what it
    # returns is true. The first two patterns cannot match these texts at all.
    found = evil_kb.match_details(query)
    assert all(m.text in query for m in found)
    assert not {"evil0001", "evil0002"} & {m.record.id for m in found}


def test_pathological_pattern_does_not_hide_a_real_match(evil_kb):
    """One slow pattern must not use up the whole lookup, so the real record in the same text is found."""
    for i in range(12):  # the order candidates are tried in follows the query's words: vary them
        query = f"step{i} worker{i * 7} Evil input " + "a" * 5000 + "! " + REAL["message"] + " " + "x" * 3000 + "!"
        found = [r.id for r in evil_kb.match(query)]
        assert REAL["record"] in found


def test_long_traceback_ends_with_what_counts(kb):
    noise = "".join(f'  File "/x/mod{i}.py", line {i}, in f{i}\n    call_{i}(arg)\n' for i in range(5000))
    text = "Traceback (most recent call last):\n" + noise + f"ValueError: {REAL['message']}\n"
    found = kb.match(text)
    assert found[0].id == REAL["record"]  # the end of a long traceback is what counts


def test_a_busy_machine_does_not_lose_matches(monkeypatch):
    """The budget is CPU time: a lookup whose thread is not running (simulated here by a search that
    sleeps past its wall-clock timeout once) still finds its record."""
    from errata_lsp.kb import match as match_module

    kb = KnowledgeBase.load()
    index = kb._messages
    real_pattern = index._pattern
    stalled: list[str] = []

    class Stalling:
        def __init__(self, pattern):
            self.pattern = pattern

        def search(self, text, timeout=None):
            if not stalled:
                stalled.append(self.pattern.pattern)
                time.sleep(match_module.LOOKUP_BUDGET_S * 1.5)  # descheduled, as on a loaded CI machine
                raise TimeoutError("regex timed out")
            return self.pattern.search(text, timeout=timeout)

    monkeypatch.setattr(index, "_pattern", lambda record: Stalling(real_pattern(record)))
    found = kb.match(REAL["message"])
    assert stalled, "the simulated stall did not happen"
    assert [r.id for r in found][:1] == [REAL["record"]]


@pytest.mark.parametrize("item", RENDERED[::5], ids=IDS[::5])
def test_worker_traceback_as_tpu_runs_print_it(kb, item):
    """A worker's error as it reaches the terminal on a TPU VM: re-raised through the process pool
    (`_RemoteTraceback`), and with every line prefixed by the rank, as torch's elastic logs do."""
    worker = traceback_for(kb.get(item["record"]), item["exception"], item["message"])
    text = (
        "concurrent.futures.process._RemoteTraceback: \n\"\"\"\n" + worker + "\"\"\"\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        "Traceback (most recent call last):\n"
        '  File "/opt/venv/lib/python3.11/site-packages/torch_xla/distributed/xla_multiprocessing.py", line 39, in spawn\n'
        "    return pjrt.spawn(fn, nprocs, start_method, args)\n"
        + exception_line(item["exception"], item["message"]) + "\n"
    )
    prefixed = "".join(f"[rank3]: {line}\n" for line in text.splitlines())
    for variant in (text, prefixed):
        found = kb.match(variant)
        assert found and found[0].id == item["record"], variant


def test_without_the_regex_module_every_pattern_runs_within_its_budget(monkeypatch, tmp_path):
    """The VS Code extension may ship pure-Python packages only; `regex` (compiled, with timeouts)
    may be missing. Then `re` runs the patterns in a child interpreter that is killed when a search
    overruns: a pattern that backtracks for ages costs its budget, and every other record still
    matches."""
    from errata_lsp.kb import pattern as pattern_module

    monkeypatch.setattr(pattern_module, "regex", None)
    path = tmp_path / "evil.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in PATHOLOGICAL) + "\n", encoding="utf-8")
    kb = KnowledgeBase.load([path])
    start = time.monotonic()
    assert kb.match("Evil input " + "a" * 5000 + "!") == []
    assert time.monotonic() - start < 2.0  # a safety bound, not a benchmark
    for item in RENDERED:
        assert [r.id for r in kb.match(item["message"])][:1] == [item["record"]], item
