"""Compare a Python rule as it was at a git revision with the `detect` rule of the same code now, on
many texts: the corpus, the tests' and examples' Python files and the Fabric snippets they hold, every
rule example, and bench/detect_probes.txt (hand-written tricky spellings, separated by `====` lines).

    python bench/detect_parity.py LXF014 b840d40 server/errata_lsp/analysis/rules/lxf014_clip_by_value.py
    python bench/detect_parity.py LXF003 HEAD server/errata_lsp/analysis/packs/xla_fsdp/rules/lxf003_strategy_no_backward_sync.py

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


# Helper modules that moved into a pack's folder: an older rule's `from ..pack import x` finds them there.
MOVED = {f"errata_lsp.analysis.{old}": f"errata_lsp.analysis.packs.xla_fsdp.{new}" for old, new in (
    ("pack", "facts"), ("launched", "launched"), ("checkpoints", "checkpoints"),
    ("checkpoint_states", "checkpoint_states"), ("plugins", "plugins"), ("policies", "policies"))}


def old_rule(revision: str, path: str):
    """The rule as it was (in `analysis/rules/` or in a pack's `rules/`). A shared helper module it
    imports a name from that is gone now (a conversion removes the helpers only it used) is read at that
    revision too, while the rule loads."""
    source = at_revision(revision, path)
    package = ".".join(Path(path).parent.relative_to("server").parts)  # its relative imports resolve as they did
    parent = package.rsplit(".", 1)[0]
    helpers = {old: importlib.import_module(new) for old, new in MOVED.items()}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.ImportFrom) and node.level == 2 and node.module):
            continue
        qualified = f"{parent}.{node.module}"
        now = helpers.get(qualified) or importlib.import_module(qualified)
        if all(hasattr(now, a.name) for a in node.names):
            continue  # still there: the rule shares the current module with the others (its classes too)
        name = node.module
        helper = importlib.util.module_from_spec(importlib.util.spec_from_loader(qualified, loader=None))  # type: ignore[arg-type]
        helper.__package__ = parent
        with_moved = {n: sys.modules.get(n) for n in MOVED}
        sys.modules.update({n: m for n, m in helpers.items() if n in MOVED})  # its own imports of moved helpers
        try:
            exec(compile(at_revision(revision, f"server/{parent.replace('.', '/')}/{name}.py"), name, "exec"),
                 helper.__dict__)
        finally:
            _restore(with_moved)
        helpers[qualified] = helper
    spec = importlib.util.spec_from_loader(f"{package}._compared", loader=None)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    module.__package__ = package
    current = {name: sys.modules.get(name) for name in helpers}
    sys.modules.update(helpers)
    try:
        exec(compile(source, path, "exec"), module.__dict__)
    finally:
        _restore(current)
    return module.RULE


def _restore(modules: dict) -> None:
    for name, was in modules.items():
        if was is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = was


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
