"""`errata-lsp rule`: a rule's page from the rule itself and its record; `--all --format json` for tools."""

from __future__ import annotations

import json

from errata_lsp.analysis.rule import Invalid
from errata_lsp.analysis.rules import BY_CODE, RULES
from errata_lsp.cli import main

HEADINGS = ["# ", "## What it does", "## Why is this bad?", "## The real behaviour", "## Example",
            "## Use instead", "## Fix and its safety", "## The record"]


def page(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["rule", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_lxf001_page(capsys):
    code, out, err = page(capsys, "LXF001")
    assert code == 0 and err == ""
    assert out.startswith(
        "# LXF001 policy-not-a-set\n\n"
        "`activation_checkpointing_policy` of XLAFSDPStrategy must be a set of module classes (default severity: error)\n\n"
        "## What it does\n\n"
        "Flags `XLAFSDPStrategy(activation_checkpointing_policy=...)` given something other than a set.\n\n"
        "## Why is this bad?\n\nAt run time Lightning raises:\n\n```\nTypeError: `activation_checkpointing_policy` "
        "must be a set, found {policy}. You can try defining and passing `auto_wrapper_callable` instead.\n```\n")
    assert ("## The real behaviour\n\nLightning checks `isinstance(policy, set)` only at `setup_module`, inside the "
            "launched worker on the TPU pod, long after the constructor line.") in out
    assert ("## Example\n\n```python\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n```\n\n"
            "## Use instead\n\n```python\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\n```\n") in out
    assert ("## Fix and its safety\n\n- Convert list to set: safe: it changes nothing but what removes the error; "
            "`check --fix` applies it\n") in out
    assert ("- Raised at `src/lightning/fabric/strategies/xla_fsdp.py:663`: "
            "https://github.com/Lightning-AI/pytorch-lightning/blob/") in out
    assert "- Record `7c98b3e7e2bf13da`: TypeError:" in out


def test_a_rule_without_a_fix_says_so_and_codes_are_case_insensitive(capsys):
    code, out, _ = page(capsys, "lxf016")
    assert code == 0 and out.startswith("# LXF016 launch-without-function\n")
    assert "## Fix and its safety\n\nNo automatic fix: the right change depends on your program.\n" in out


def test_an_unsafe_fix_is_named_unsafe(capsys):
    _, out, _ = page(capsys, "LXF002")
    assert ("- Remove `activation_checkpointing_policy`: unsafe: it makes a choice for you (review it); "
            "applied with `--fix --unsafe-fixes` or from the editor\n") in out


def test_every_rule_has_a_full_page_with_its_own_first_example(capsys):
    code, out, _ = page(capsys, "--all")
    pages = out.split("\n---\n\n")
    assert code == 0 and len(pages) == len(RULES) + 1 and pages[-1].startswith("# LXF100 unused-noqa\n")
    for rule, text in zip(RULES, pages):
        positions = [text.find(h) for h in HEADINGS]
        assert -1 not in positions and positions == sorted(positions), (rule.code, positions)
        assert text.startswith(f"# {rule.code} {rule.name}\n")
        first = next(e for e in rule.examples if isinstance(e, Invalid) and e.fixed) if any(
            isinstance(e, Invalid) and e.fixed for e in rule.examples) else next(
            e for e in rule.examples if isinstance(e, Invalid))
        assert "## Example\n\n```python\n" + first.code.rstrip("\n") + "\n```" in text


def test_all_as_json_for_tools(capsys):
    code, out, _ = page(capsys, "--all", "--format", "json")
    data = json.loads(out)
    assert code == 0 and [d["code"] for d in data] == [r.code for r in RULES] + ["LXF100"]
    for item in data[:-1]:
        rule = BY_CODE[item["code"]]
        assert item["record"]["id"] == rule.record and item["severity"] == rule.severity.value
        assert item["url"] == item["record"]["link"] and item["url"].startswith("https://github.com/Lightning-AI/")
        assert item["example"]["bad"] and item["summary"] == rule.summary
    # every Lightning link opens a release tag (the seed records' own commit, 9fed5c27d2, is not in its history)
    lightning = [d["url"] for d in data if "/pytorch-lightning/blob/" in (d["url"] or "")]
    assert lightning and all(url.split("/blob/")[1].split("/")[0] in ("2.6.5",) for url in lightning), lightning
    lxf001 = next(d for d in data if d["code"] == "LXF001")
    assert lxf001["url"] == ("https://github.com/Lightning-AI/pytorch-lightning/blob/2.6.5/"
                             "src/lightning/fabric/strategies/xla_fsdp.py#L663")
    assert lxf001["fixes"] == [{"title": "Convert list to set", "safety": "safe", "preferred": True}]
    single = json.loads(page(capsys, "LXF012", "--format", "json")[1])
    assert single["code"] == "LXF012" and single["name"] == "joint-setup"


def test_unknown_code_and_usage(capsys):
    code, out, err = page(capsys, "LXF999", "LXF001")
    assert code == 2 and out == ""
    assert err == "errata-lsp rule: unknown rule code(s): LXF999 (errata-lsp rules lists them)\n"


def test_lxf100_is_listed_and_has_its_page(capsys):
    assert main(["rules"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "LXF100  code  warning     a `# noqa` code that silences nothing, or that no rule has")
    code, out, err = page(capsys, "lxf100")
    assert code == 0 and err == ""
    assert out.startswith("# LXF100 unused-noqa\n\na `# noqa` code that silences nothing, or that no rule has "
                          "(default severity: warning)\n\n## What it does\n\nFlags a code in a `# noqa: ...` comment")
    assert ("## Example\n\n```python\nfrom lightning.fabric.strategies import XLAFSDPStrategy\nstrategy = "
            "XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})  # noqa: LXF001\n```") in out
    assert ("## Fix and its safety\n\n- Remove the unused `noqa` code LXF001: safe: it changes nothing but what "
            "removes the error; `check --fix` applies it\n") in out
    data = json.loads(page(capsys, "LXF100", "--format", "json")[1])
    assert (data["code"], data["severity"], data["record"]) == ("LXF100", "warning", None)
