"""Limits with clear messages.

- A file above Settings.max_file_bytes (10 MiB, counted in UTF-8 bytes) is skipped with one line
  saying so: Report.skipped for the engine, one stderr line from the command line, one
  window/logMessage from the server however often the document changes.
- A rule that raises is reported once, with its code (and over LSP the document URI), and the
  other rules' findings still arrive: the engine with a failing rule passed in `rules=`, the
  command line and the real server with a rule broken by a `python -c` prelude (no test hook).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.rule import Rule
from errata_lsp.analysis.rules import BY_CODE
from errata_lsp.settings import Settings

try:
    from reliability.wrappers import BREAK_RULE, wrapped
    from stdio_client import HOVER_AT, SAMPLE, SAMPLE_URI, LspClient
except ImportError:
    from tests.reliability.wrappers import BREAK_RULE, wrapped
    from tests.stdio_client import HOVER_AT, SAMPLE, SAMPLE_URI, LspClient

LIMIT = Settings().max_file_bytes
ERRATA = [str(Path(sys.executable).parent / "errata-lsp")]


def padded(size_bytes: int, filler: str = "x") -> str:
    """SAMPLE, then comment lines, `size_bytes` UTF-8 bytes in all."""
    unit = "# " + filler * ((98 - 2) // len(filler.encode("utf-8"))) + "\n"
    body = SAMPLE + unit * ((size_bytes - len(SAMPLE)) // len(unit.encode("utf-8")))
    rest = size_bytes - len(body.encode("utf-8"))
    return body + "#" * (rest - 1) + "\n" if rest else body


def test_limit_is_ten_mebibytes():
    assert LIMIT == 10 * 2**20


def test_at_the_limit_is_checked_above_is_skipped():
    at = padded(LIMIT)
    assert len(at.encode("utf-8")) == LIMIT
    report = check_source(at, "big.py")
    assert report.skipped is None and [f.code for f in report.findings] == ["LXF001"]
    above = at + "\n"
    report = check_source(above, "big.py")
    assert report.findings == [] and report.skipped
    assert "10 MiB" in report.skipped and "not checked" in report.skipped


def test_limit_counts_utf8_bytes_not_characters():
    text = padded(LIMIT + 3 * 2**20, "中")  # 13 MiB of UTF-8, fewer than 5 M characters
    assert len(text) < LIMIT
    assert check_source(text, "wide.py").skipped
    lone = SAMPLE + "# \ud800\n" * (LIMIT // 5)  # lone surrogates count as 3 bytes, and do not crash the count
    assert check_source(lone, "lone.py").skipped


def test_limit_is_a_setting():
    report = check_source(SAMPLE, "small.py", Settings(max_file_bytes=64))
    assert report.skipped and report.findings == []
    assert check_source(SAMPLE, "small.py", Settings(max_file_bytes=len(SAMPLE))).skipped is None


def test_command_line_says_skipped_once(tmp_path):
    big = tmp_path / "big.py"
    big.write_text(padded(LIMIT + 1000), encoding="utf-8")
    small = tmp_path / "small.py"
    small.write_text(SAMPLE, encoding="utf-8")
    proc = subprocess.run(ERRATA + ["check", str(big), str(small)], capture_output=True, text=True, timeout=120)
    skipped = [line for line in proc.stderr.splitlines() if "skipped" in line]
    assert len(skipped) == 1 and str(big) in skipped[0] and "limit" in skipped[0], proc.stderr
    assert "LXF001" in proc.stdout and str(small) in proc.stdout  # the other file is still checked
    assert proc.returncode == 1


def test_server_logs_one_line_for_a_document_over_the_limit(tmp_path):
    uri = "file:///tmp/errata-reliability/limit.py"
    with LspClient(stderr_path=tmp_path / "server.stderr") as client:
        client.initialize()
        client.open(uri, padded(LIMIT + 1))
        for version in range(2, 6):
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
                {"range": {"start": {"line": 3, "character": 0}, "end": {"line": 3, "character": 0}}, "text": "#\n"}]})
            client.wait_notification("textDocument/publishDiagnostics",
                                     lambda p: p["uri"] == uri and p.get("version") == version, timeout=60)  # noqa: B023  (waited on here)
        lines = [m for m in client.logs() if uri in m]
        assert len(lines) == 1 and "limit" in lines[0] and "MiB" in lines[0], lines
        notes = [n["params"] for n in client.notifications if n.get("method") == "window/logMessage" and uri in n["params"]["message"]]
        assert notes[0]["type"] in (2, 3)  # a warning or information, not an error
        # back under the limit: checked again
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 9}, "contentChanges": [{"text": SAMPLE}]})
        note = client.wait_notification("textDocument/publishDiagnostics",
                                        lambda p: p["uri"] == uri and p.get("version") == 9, timeout=60)
        assert [d["code"] for d in note["diagnostics"]] == ["LXF001"]
        assert client.shutdown_and_exit() == 0


# --- a rule that raises ---------------------------------------------------------------------------
class Exploding(Rule):
    code = "LXF999"
    record = "7c98b3e7e2bf13da"
    name = "exploding"
    triggers = ("XLAFSDPStrategy",)

    def check(self, ctx):
        yield from ()
        raise ZeroDivisionError("exploding on purpose")


def test_engine_reports_a_failing_rule_and_keeps_the_others():
    report = check_source(SAMPLE, "sample.py", rules=[Exploding(), BY_CODE["LXF001"], Exploding()])
    assert [f.code for f in report.findings] == ["LXF001"]
    assert [f.rule for f in report.failures] == ["LXF999", "LXF999"]  # one per run of the rule
    failure = report.failures[0]
    assert "ZeroDivisionError" in failure.error and "exploding on purpose" in failure.error
    assert "Traceback" in failure.detail and "\n" not in failure.error


def test_command_line_reports_a_failing_rule(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(SAMPLE + "from lightning.fabric import Fabric\nfabric = Fabric(strategy='xla_fsdp')\n"
                      "with fabric.strategy.no_backward_sync(m):\n    pass\n", encoding="utf-8")
    proc = subprocess.run(wrapped(BREAK_RULE, args=("check", str(sample))), capture_output=True, text=True,
                          timeout=120, env={**os.environ, "ERRATA_TEST_BREAK_RULE": "LXF003"})
    failed = [line for line in proc.stderr.splitlines() if "LXF003" in line]
    assert len(failed) == 1 and "failed" in failed[0] and str(sample) in failed[0], proc.stderr
    assert "LXF001" in proc.stdout  # the other rules' findings
    assert proc.returncode == 2


def test_server_logs_a_failing_rule_once_and_still_publishes_the_others(tmp_path):
    text = SAMPLE + ("from lightning.fabric import Fabric\nfabric = Fabric(strategy='xla_fsdp')\n"
                     "with fabric.strategy.no_backward_sync(m):\n    pass\n")
    with LspClient(cmd=wrapped(BREAK_RULE), env={"ERRATA_TEST_BREAK_RULE": "LXF003"},
                   stderr_path=tmp_path / "server.stderr") as client:
        client.initialize()
        client.open(SAMPLE_URI, text)
        note = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == SAMPLE_URI, timeout=60)
        assert "LXF001" in [d["code"] for d in note["diagnostics"]]
        assert "LXF003" not in [d["code"] for d in note["diagnostics"]]
        for version in range(2, 5):  # the rule fails again on every change: still one log line
            client.notify("textDocument/didChange", {"textDocument": {"uri": SAMPLE_URI, "version": version},
                                                     "contentChanges": [{"text": text + "#" * version + "\n"}]})
            client.wait_notification("textDocument/publishDiagnostics",
                                     lambda p: p["uri"] == SAMPLE_URI and p.get("version") == version,  # noqa: B023  (waited on here)
                                     timeout=60)
        hover = client.hover(SAMPLE_URI, HOVER_AT["line"], HOVER_AT["character"])
        assert "must be a set" in hover["contents"]["value"]
        # Each check logs before it publishes, and all four were waited for: nothing more can come.
        failures = [m for m in client.logs() if "LXF003" in m]
        assert len(failures) == 1, failures
        assert SAMPLE_URI in failures[0] and "broken on purpose" in failures[0]
        assert client.shutdown_and_exit() == 0
