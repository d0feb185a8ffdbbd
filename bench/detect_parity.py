"""Compare a Python rule as it was at a git revision with the `detect` rule of the same code now, on
many texts: the corpus, the tests' and examples' Python files and the Fabric snippets they hold, every
rule example, and bench/detect_probes.txt (hand-written tricky spellings, separated by `====` lines).

    python bench/detect_parity.py LXF014 b840d40 server/errata_lsp/analysis/rules/lxf014_clip_by_value.py

Prints each text where the two differ (findings, messages, spans, fixes), then a count.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

from errata_lsp.analysis.engine import check_source
from errata_lsp.analysis.rules import BY_CODE, RULES

ROOT = Path(__file__).resolve().parent.parent


def at_revision(revision: str, path: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:{path}"],
                          capture_output=True, text=True, check=True).stdout


def old_rule(revision: str, path: str):
    """The rule as it was. A shared helper module it imports a name from that is gone now (a conversion
    removes the helpers only it used) is read at that revision too, while the rule loads."""
    source = at_revision(revision, path)
    helpers = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.ImportFrom) and node.level == 2 and node.module):
            continue
        qualified = f"errata_lsp.analysis.{node.module}"
        if all(hasattr(importlib.import_module(qualified), a.name) for a in node.names):
            continue  # still there: the rule shares the current module with the others (its classes too)
        name = node.module
        helper = importlib.util.module_from_spec(importlib.util.spec_from_loader(qualified, loader=None))  # type: ignore[arg-type]
        helper.__package__ = "errata_lsp.analysis"
        exec(compile(at_revision(revision, f"server/errata_lsp/analysis/{name}.py"), name, "exec"), helper.__dict__)
        helpers[qualified] = helper
    spec = importlib.util.spec_from_loader("errata_lsp.analysis.rules._compared", loader=None)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    module.__package__ = "errata_lsp.analysis.rules"  # its relative imports resolve as they did
    current = {name: sys.modules.get(name) for name in helpers}
    sys.modules.update(helpers)
    try:
        exec(compile(source, path, "exec"), module.__dict__)
    finally:
        for name, was in current.items():
            if was is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = was
    return module.RULE


def probes() -> list[str]:
    found = []
    for path in sorted(ROOT.glob("tests/**/*.py")) + sorted(ROOT.glob("examples/**/*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        found.append(text)
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                    "Fabric" in node.value or "fsdp" in node.value.lower()):
                try:
                    ast.parse(node.value)
                except (SyntaxError, ValueError):
                    continue
                found.append(node.value)
    for rule in RULES:
        for example in rule.examples:
            found.append(example.code)
            if getattr(example, "fixed", None):
                found.append(example.fixed)
    found += (ROOT / "bench" / "detect_probes.txt").read_text(encoding="utf-8").split("====\n")
    return list(dict.fromkeys(found))


def shown(findings) -> list:
    return [(f.code, f.record_id, f.severity.value, f.message, (f.span.start, f.span.end),
             [(x.title, x.safety.value, x.preferred, [(e.span, e.new_text) for e in x.edits]) for x in f.fixes])
            for f in findings]


def main(code: str, revision: str, path: str) -> int:
    old, new = old_rule(revision, path), BY_CODE[code]
    others = [r for r in RULES if r.code != code]
    texts = probes()
    flagged = differ = 0
    for text in texts:
        before = shown(f for f in check_source(text, "probe.py", rules=[*others, old]).findings if f.code == code)
        after = shown(f for f in check_source(text, "probe.py", rules=[*others, new]).findings if f.code == code)
        flagged += bool(before)
        if before != after:
            differ += 1
            print(f"--- differs on:\n{text}\nbefore: {before}\nafter:  {after}\n")
    print(f"{code} ({new.origin}): {len(texts)} texts, {flagged} flagged by the rule at {revision}, {differ} differ")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
