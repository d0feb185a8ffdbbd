"""Seven realistic regressions, each made by hand, and the test that must catch it.

    python mutation/regressions.py

Each change is applied in a copy of the source tree (the working tree is never modified), its named
test is run on the unchanged copy (it must pass) and on the changed one (it must fail), then the
change is undone. Prints `KILLED` or `SURVIVED` per regression; exits 1 if any survives.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = shutil.ignore_patterns(".git", ".venv", "node_modules", "out", "__pycache__", ".hypothesis",
                              ".pytest_cache", "*.egg-info", "build", "dist", ".clients", "*.vsix")

ANALYSIS = "server/errata_lsp/analysis/"
XLA_FSDP = ANALYSIS + "packs/xla_fsdp/"
# (what a person might get wrong, file, text, replacement, the test that catches it)
REGRESSIONS = [
    ("LXF002 only truthy policies found", XLA_FSDP + "detect_sections/seeds.jsonl",
     '{"present": "auto_wrapper_callable"}, {"not": {"truthy": false}}], "warning_unless"',
     '{"present": "auto_wrapper_callable"}, {"truthy": true}], "warning_unless"',
     "tests/test_seed_rules.py::test_lxf002_warns_when_the_policy_is_a_parameter_that_may_be_empty"),
    ("LXF004 a setup after the use counted", XLA_FSDP + "rules/lxf004_no_backward_sync_raw_module.py",
     " and _before(c, call)), None)", ")), None)",
     "tests/test_seed_rules.py::test_lxf004_a_setup_after_the_use_does_not_count_as_set_up"),
    ("LXF003 only a Fabric known to be XLA", XLA_FSDP + "rules/lxf003_strategy_no_backward_sync.py",
     'and fabric_kind(ctx, receiver.value):', "and fabric_kind(ctx, receiver.value) == XLA_FSDP:",
     "tests/test_seed_rules.py::test_lxf003_flags_the_strategy_of_a_fabric_passed_as_a_parameter"),
    ("LXF001 uncertain values as errors", XLA_FSDP + "detect_sections/seeds.jsonl",
     '"warning_unless": [{"truthy": true}], "at": "value"', '"at": "value"',
     "tests/test_seed_rules.py::test_lxf001_a_policy_that_may_be_empty_is_a_warning_and_a_literal_list_an_error"),
    ("ALL_CAPS names taken for classes", ANALYSIS + "flow.py",
     "if last[:1].isupper() and not last.isupper() and ", "if last[:1].isupper() and ",
     "tests/test_seed_rules.py::test_lxf001_an_all_caps_constant_is_not_taken_for_a_class"),
    ("kb/match.py class preference reversed", "server/errata_lsp/kb/match.py",
     "0 if same_class else 1", "1 if same_class else 0",
     "tests/test_kb_match.py::test_explain_prefers_a_record_of_the_exception_class_the_text_states"),
    ("lsp/convert.py CRLF guard removed", "server/errata_lsp/lsp/convert.py",
     '    if 0 < start < len(old) and old[start - 1] == "\\r" and old[start] == "\\n":\n'
     "        start -= 1  # never split a CRLF\n"
     '    if 0 < end_old < len(old) and old[end_old - 1] == "\\r" and old[end_old] == "\\n":\n'
     "        end_old, end_new = end_old + 1, end_new + 1\n", "",
     "tests/test_positions.py::test_fix_all_never_starts_or_ends_its_edit_inside_a_crlf"),
]


def main() -> int:
    survived = 0
    with tempfile.TemporaryDirectory(prefix="regressions-") as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(ROOT, tree, ignore=SKIP)
        env = {**os.environ, "PYTHONPATH": str(tree / "server")}  # the copy, not the installed tree

        def run(test: str) -> subprocess.CompletedProcess:
            return subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", test],
                                  cwd=tree, env=env, capture_output=True, text=True)

        for name, path, old, new, test in REGRESSIONS:
            file = tree / path
            original = file.read_text(encoding="utf-8")
            if original.count(old) != 1:
                sys.exit(f"{name}: the text to change is not (once) in {path}; update this list")
            if run(test).returncode != 0:
                sys.exit(f"{name}: {test} fails on the unchanged code")
            file.write_text(original.replace(old, new), encoding="utf-8")
            try:
                caught = run(test).returncode != 0
            finally:
                file.write_text(original, encoding="utf-8")
            survived += not caught
            print(f"{'KILLED  ' if caught else 'SURVIVED'} {name}: {test}", flush=True)
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
