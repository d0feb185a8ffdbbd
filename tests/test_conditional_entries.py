"""A key stored into a `**`-passed dict under an `if` the layer cannot decide is passed on some paths only:
a finding resting on it is a warning that names the condition, not an error. A key the dict has on every
path stays an error, and a test the callers decide is decided (also on a non-empty tuple a partial binds)."""

from __future__ import annotations

from errata_lsp.analysis import check_source

BOTH = ("`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning raises "
        "ValueError at setup (the policy is turned into its own auto wrapper)")
HEAD = ("from functools import partial\n"
        "from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
        "from model import Block, wrapper\n\n\n")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def make(body: str, calls: str = "") -> str:
    return HEAD + "def make(cfg, remat=None):\n    kwargs = {'auto_wrap_policy': {Block}}\n" + body + \
        "    return XLAFSDPStrategy(**kwargs)\n" + calls


REMAT = "    if cfg.get('remat'):\n        kwargs['activation_checkpointing_policy'] = {Block}\n"
WRAPPER = "    if cfg.get('custom_wrapper'):\n        kwargs['auto_wrapper_callable'] = wrapper\n"


def test_both_keys_stored_under_tests_no_caller_decides_is_a_warning_naming_both():
    assert found(make(REMAT + WRAPPER)) == [
        ("LXF002", "warning", BOTH + "; when cfg.get('remat') and cfg.get('custom_wrapper')", 12, 42)]


def test_one_key_stored_on_every_path_leaves_only_the_other_s_condition():
    always = "    kwargs['auto_wrapper_callable'] = wrapper\n"
    assert found(make(REMAT + always)) == [("LXF002", "warning", BOTH + "; when cfg.get('remat')", 11, 38)]


def test_a_key_the_display_already_holds_is_passed_on_every_path():
    policy = "    kwargs['activation_checkpointing_policy'] = {Block}\n"
    text = make(policy + WRAPPER).replace("{'auto_wrap_policy': {Block}}",
                                          "{'auto_wrap_policy': {Block}, 'auto_wrapper_callable': None}")
    assert [f[:2] for f in found(text)] == [("LXF002", "error")]


def test_the_else_branch_is_named_by_the_negated_test():
    body = REMAT + "    if cfg.get('plain'):\n        pass\n    else:\n        kwargs['auto_wrapper_callable'] = wrapper\n"
    assert found(make(body))[0][1:3] == ("warning", BOTH + "; when cfg.get('remat') and not cfg.get('plain')")


def test_callers_that_decide_the_tests_decide_the_finding():
    twice = "Fabric(strategy=make({}))\nFabric(strategy=make({}))\n"
    raising = make(REMAT + WRAPPER, twice.format("{'remat': True, 'custom_wrapper': True}",
                                                 "{'remat': 1, 'custom_wrapper': 'yes'}"))
    assert [f[:2] for f in found(raising)] == [("LXF002", "error")]
    fine = make(REMAT + WRAPPER, twice.format("{'remat': True, 'custom_wrapper': False}", "{'remat': True}"))
    assert found(fine) == []


def test_a_non_empty_tuple_bound_by_a_partial_decides_the_test_on_it():
    body = "    if remat:\n        kwargs['activation_checkpointing_policy'] = remat\n"
    calls = "remat_strategy = partial(make, remat=(Block,))\nFabric(strategy=remat_strategy({}))\n"
    assert [f[:2] for f in found(make(body, calls).replace("import Block, wrapper", "import Block"))] == [
        ("LXF001", "error")]


def test_an_empty_tuple_bound_by_a_partial_decides_the_test_the_other_way():
    body = "    if remat:\n        kwargs['activation_checkpointing_policy'] = remat\n"
    calls = "remat_strategy = partial(make, remat=())\nFabric(strategy=remat_strategy({}))\n"
    assert found(make(body, calls).replace("import Block, wrapper", "import Block")) == []
    assert [f[:2] for f in found(make(body, calls.replace("remat=()", "remat=[Block]")).replace(
        "import Block, wrapper", "import Block"))] == [("LXF001", "error")]
