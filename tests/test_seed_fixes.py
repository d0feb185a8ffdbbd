"""The seed records' own example fixes: errata's fix applied to each record's "before" gives its "after".

The "before" snippets have no imports, so each gets the import and Fabric set-up lines as a prefix.

- 000 (5bae6b842267fa0d, `fabric.strategy.no_backward_sync`): the record's after also moves the model
  into `fabric.setup(...)`; the part errata fixes is the call, so the `with` statement is compared.
- 003 (7c98b3e7e2bf13da, policy not a set) and 004 (fc8e29955b1155a3, wrapper and policy): compared
  with `ast.dump` equality, because errata edits in place and keeps the before's layout (004's
  before spans four lines, its after one). The preferred fix does one thing, the record's own after.
  Both afters set a policy with no `auto_wrap_policy`, a silent no-op (torch_xla applies the checkpoint
  wrapper only to modules `auto_wrap_policy` wraps): that is LXF005's warning, left beside it with
  its own unsafe fix, so `--fix --unsafe-fixes` gives the after with `auto_wrap_policy=<the set>`.
"""

from __future__ import annotations

import ast
import copy
import subprocess
import sys
from collections import Counter

import pytest

from errata_lsp.analysis import apply_fix, check_source, fix_all
from errata_lsp.analysis.packs import HERE as PACKS
from errata_lsp.analysis.rules import BY_CODE
from errata_lsp.kb import load_paths

SEEDS = {r.id: r for r in load_paths([PACKS / "xla_fsdp" / "records" / "seeds"])[0]}
PREFIX = (
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
)


def before_after(record_id: str) -> tuple[str, str]:
    example = SEEDS[record_id].data["exampleFix"]
    before, after = example.split("# after", 1)
    before = before.split("# before", 1)[1]
    return before.strip("\n") + "\n", after.strip("\n") + "\n"


def fix_of(text: str, code: str):
    """The finding of rule `code` in `text` and the text after its preferred fix, checked again."""
    report = check_source(text, "seed.py")
    assert not report.failures, report.failures[0].detail
    own = [f for f in report.findings if f.code == code]
    assert len(own) == 1, [(f.code, f.record_id, f.message) for f in report.findings]
    finding = own[0]
    fix = finding.preferred_fix
    assert fix is not None, f"no fix for {finding.code}"
    fixed = apply_fix(text, fix.edits)
    ast.parse(fixed)
    after = check_source(fixed, "seed.py")
    assert not [f for f in after.findings if f.code == code], "the finding is still there"
    expected = Counter((f.code, f.message) for f in report.findings)
    expected[(finding.code, finding.message)] -= 1
    revealed = BY_CODE[code].reveals  # the library's next checks, each with its own finding and fix
    added = Counter((f.code, f.message) for f in after.findings if f.code not in revealed) - expected
    assert not added, f"the fix added {list(added)}"
    return finding, fixed


def test_the_three_seeds_are_loaded():
    assert set(SEEDS) == {"5bae6b842267fa0d", "7c98b3e7e2bf13da", "fc8e29955b1155a3"}
    for record in SEEDS.values():
        before, after = before_after(record.id)
        assert before.strip() and after.strip() and before != after


def _strategy_call(tree: ast.AST) -> ast.Call:
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "XLAFSDPStrategy"]
    assert len(calls) == 1
    return calls[0]


def with_auto_wrap(after: str) -> str:
    """The record's after, with `auto_wrap_policy` set to the policy's own set."""
    tree = ast.parse(after)
    call = _strategy_call(tree)
    policy = next(k.value for k in call.keywords if k.arg == "activation_checkpointing_policy")
    assert isinstance(policy, ast.Set)
    call.keywords.append(ast.keyword(arg="auto_wrap_policy", value=copy.deepcopy(policy)))
    return ast.dump(tree)


@pytest.mark.parametrize(("record_id", "code"), [("7c98b3e7e2bf13da", "LXF001"), ("fc8e29955b1155a3", "LXF002")])
def test_policy_seed_fix_gives_the_after(record_id, code):
    assert BY_CODE[code].record == record_id
    before, after = before_after(record_id)
    finding, fixed = fix_of(PREFIX + before, code)
    assert finding.record_id == record_id
    assert fixed.startswith(PREFIX)
    fixed_body = fixed[len(PREFIX):]
    assert ast.dump(ast.parse(fixed_body)) == ast.dump(ast.parse(after))
    left = check_source(fixed, "seed.py").findings
    assert [(f.code, f.severity.name) for f in left] == [("LXF005", "WARNING")]


def test_the_list_policy_gets_the_plain_set_fix_and_the_auto_wrap_fix_beside_it():
    before, after = before_after("7c98b3e7e2bf13da")
    text = PREFIX + before
    findings = sorted(check_source(text, "seed.py").findings, key=lambda f: f.code)
    assert [(f.code, f.severity.name) for f in findings] == [("LXF001", "ERROR"), ("LXF005", "WARNING")]
    policy, no_op = findings
    assert [(f.title, f.safety.name, f.preferred) for f in policy.fixes] == [("Convert list to set", "SAFE", True)]
    assert [(f.title, f.safety.name, f.preferred) for f in no_op.fixes] == [
        ("Add `auto_wrap_policy={TransformerBlock}`", "UNSAFE", True)]
    safe, _ = fix_all(text, "seed.py")
    assert ast.dump(ast.parse(safe[len(PREFIX):])) == ast.dump(ast.parse(after))
    unsafe, _ = fix_all(text, "seed.py", unsafe=True)
    assert ast.dump(ast.parse(unsafe[len(PREFIX):])) == with_auto_wrap(after)
    assert check_source(unsafe, "seed.py").findings == []


def test_check_fix_on_the_seed_before_writes_the_after(tmp_path):
    before, after = before_after("7c98b3e7e2bf13da")
    script = tmp_path / "train.py"
    script.write_text(PREFIX + before, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--fix", str(script)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr  # LXF005's warning is left to decide
    assert done.stdout.splitlines()[1:] == ["Fixed 1 finding.", "Found 1 finding: 1 warning."], done.stdout
    assert done.stdout.startswith(f"{script}:4:28: LXF005 "), done.stdout
    assert script.read_text(encoding="utf-8") == PREFIX + after


def test_the_wrapper_seed_offers_the_further_choices_unpreferred():
    before, _ = before_after("fc8e29955b1155a3")
    finding = next(f for f in check_source(PREFIX + before, "seed.py").findings if f.code == "LXF002")
    assert [(f.title, f.preferred) for f in finding.fixes] == [
        ("Remove `auto_wrapper_callable`", True),
        ("Replace `auto_wrapper_callable` with `auto_wrap_policy={MyBlock}`", False),
        ("Remove `activation_checkpointing_policy`", False),
    ]


def test_no_backward_sync_seed_fix_gives_the_fabric_call():
    record_id = "5bae6b842267fa0d"
    before, after = before_after(record_id)
    text = PREFIX + before
    # LXF003 is the rule of this record; on `fabric.strategy.no_backward_sync` it reports the
    # AttributeError record, since that attribute does not exist (the seed's TypeError comes from the
    # internal `_backward_sync_control.no_backward_sync`).
    assert BY_CODE["LXF003"].record == record_id
    finding, fixed = fix_of(text, "LXF003")
    assert finding.record_id in (record_id, "e2eda8933f803fe4")
    fixed_with = [n for n in ast.parse(fixed).body if isinstance(n, ast.With)]
    after_with = [n for n in ast.parse(after).body if isinstance(n, ast.With)]
    assert len(fixed_with) == len(after_with) == 1
    assert ast.dump(fixed_with[0]) == ast.dump(after_with[0])
    # Only the `with` line changed; the model line before it is the before's, byte for byte.
    changed = [(a, b) for a, b in zip(text.splitlines(), fixed.splitlines(), strict=True) if a != b]
    assert changed == [("with fabric.strategy.no_backward_sync(model, enabled=True):",
                        "with fabric.no_backward_sync(model, enabled=True):")]
