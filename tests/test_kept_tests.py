"""A dict entry stored under an `if` whose test reads a local the walk does not hold as a constant
(`sync = cfg.get("sync")`, `(sync := cfg.get("sync")) is not None`): decided by what the local holds there
(the entry is never stored, or always), and otherwise a condition of the entry (a warning naming it), never
an entry stored on every path."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HEAD = "from lightning.fabric.strategies import XLAFSDPStrategy\n\n"
BUILD = """def strategy_kwargs(cfg):
    kwargs = {{}}
    {bind}
        kwargs["sync_module_states"] = sync
    return kwargs


strategy = XLAFSDPStrategy(**strategy_kwargs({config}))
"""
BINDS = {
    "local": 'sync = cfg.get("sync_module_states")\n    if sync is not None:',
    "walrus": 'if (sync := cfg.get("sync_module_states")) is not None:',
    "truthy walrus": 'if sync := cfg.get("sync_module_states"):',
}


def store_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if 'kwargs["sync_module_states"] =' in line)


def call_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if "XLAFSDPStrategy(**" in line)


def found(text: str) -> list[tuple[str, str, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text, "train.py").findings]


@pytest.mark.parametrize("bind", BINDS)
def test_a_key_a_decided_test_never_stores_is_not_passed(bind: str) -> None:
    text = HEAD + BUILD.format(bind=BINDS[bind], config='{"sync_module_states": None}')
    assert found(text) == []


@pytest.mark.parametrize("bind", BINDS)
def test_a_key_a_decided_test_always_stores_is_passed_on_every_path(bind: str) -> None:
    text = HEAD + BUILD.format(bind=BINDS[bind], config='{"sync_module_states": True}')
    assert found(text) == [("LXF038", "error", store_line(text))]


@pytest.mark.parametrize("bind", BINDS)
def test_a_key_an_undecided_test_stores_is_a_warning_naming_the_test(bind: str) -> None:
    text = HEAD + BUILD.format(bind=BINDS[bind], config="load_config()")
    [finding] = check_source(text, "train.py").findings
    # a local bound to a key of the parameter (`sync = cfg.get(...)`) is the caller's pick, as a test on the parameter
    # itself is: placed at the call that passes the config; a walrus in the test is the helper's own binding
    line = call_line(text) if bind == "local" else store_line(text)
    assert (finding.code, finding.severity.value, finding.span.start.line + 1) == ("LXF038", "warning", line)
    test = BINDS[bind].split("if ", 1)[1].rstrip(":")
    assert finding.message.endswith(f"when {test}"), finding.message
