#!/usr/bin/env python3
"""The server's own share of a keystroke, without the engine: apply an incremental edit to the
stored text, then make the analysis (settings from a workspace pyproject.toml, knowledge base,
conversion of every finding to a diagnostic and to JSON) from an engine report computed beforehand. Run in fresh interpreters,
alternating between the server under test and an older checkout, so both see the same machine.

    python bench/server_overhead.py --old /path/to/old/checkout/server [--lines 10000] [--rounds 4]

Prints the best-of-N milliseconds per keystroke for each and their ratio. Reports only.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import gen_script
from keystroke import keystroke_position
from lsprotocol import types
from errata_lsp.analysis import engine
from errata_lsp.lsp import server as lsp_server
from errata_lsp.lsp.text import TextDocument

import tempfile
from pathlib import Path
lines, repeat = int(sys.argv[2]), int(sys.argv[3])
text = gen_script.generate(lines, seed=0, triggers=True)
line, col = keystroke_position(text)
workspace = Path(tempfile.mkdtemp(prefix="errata-overhead-"))
# a workspace as projects have them: a pyproject.toml of a few KiB with a [tool.errata] table
(workspace / "pyproject.toml").write_text(
    '[project]\nname = "trainer"\nversion = "1.0"\ndependencies = [' + ", ".join(f'"dep{i}>=1.{i}"' for i in range(30))
    + ']\n\n[tool.ruff]\nline-length = 120\n' + "".join(f'[tool.other{i}]\nkey = "value {i}"\n' for i in range(20))
    + '\n[tool.errata]\nignore = ["LXF006"]\n', encoding="utf-8")
(workspace / "src").mkdir()
path = workspace / "src" / "gen.py"
ls = lsp_server.ErrataServer()
ls.protocol.server_capabilities = None  # no client: UTF-16, as most editors
session = getattr(ls, "session", ls)  # before the session object, the server held its own state
session.root = workspace
doc = TextDocument(path.as_uri(), text, 1)
state = lsp_server.DocumentState(doc)
report = engine.check_source(text, str(path), session.settings_for(doc.uri))
engine.check_source = lambda *args, **kwargs: report  # the engine's share is left out
new_api = hasattr(state, "converted")


def analyse():
    if new_api:
        return ls.analyse(state, doc.snapshot(), session.snapshot if session is not ls else ls._settings)
    return ls.analyse(state)


analyse()
typed, samples = 0, []
for _ in range(repeat):
    start = time.perf_counter()
    doc.apply(types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(line, col + typed), types.Position(line, col + typed)), text="x"), "utf-16")
    doc.version = 2 + typed
    typed += 1
    analyse()
    samples.append((time.perf_counter() - start) * 1000)
import shutil
pyproject_bytes = (workspace / "pyproject.toml").stat().st_size
shutil.rmtree(workspace)
print(json.dumps({"best_ms": min(samples), "median_ms": sorted(samples)[len(samples) // 2],
                  "findings": len(report.findings), "pyproject_bytes": pyproject_bytes}))
"""


def run(server_path: str, lines: int, repeat: int) -> dict:
    env = {**os.environ, "PYTHONPATH": server_path}
    out = subprocess.run([sys.executable, "-c", CHILD, str(BENCH), str(lines), str(repeat)],
                         env=env, capture_output=True, text=True, cwd="/")
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", required=True, help="the `server` folder of an older checkout")
    ap.add_argument("--new", default=str(BENCH.parent / "server"))
    ap.add_argument("--lines", type=int, action="append")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=15)
    a = ap.parse_args(argv)
    print("| lines | findings | pyproject.toml | old best ms | new best ms | new/old |\n|---|---|---|---|---|---|")
    for lines in a.lines or [1_000, 10_000, 30_000]:
        best = {"old": [], "new": []}
        findings = size = 0
        for r in range(a.rounds):
            for name in (("old", "new") if r % 2 == 0 else ("new", "old")):
                result = run(a.old if name == "old" else a.new, lines, a.repeat)
                best[name].append(result["best_ms"])
                findings, size = result["findings"], result["pyproject_bytes"]
        old, new = min(best["old"]), min(best["new"])
        print(f"| {lines} | {findings} | {size} B | {old:.2f} | {new:.2f} | {new / old:.3f}× |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
