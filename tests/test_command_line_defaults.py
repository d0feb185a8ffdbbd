"""What `python train.py` does with no arguments is the run's: `sys.argv[1] if len(sys.argv) > 1 else "v4"`
holds "v4" then, and an argument of the command line is another run's pick (a table entry it may select, a
comprehension over that entry), never a value that decides a finding by itself."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

BOTH = ("accelerator set through both strategy class and accelerator flag, choose one: `Fabric(...)` raises "
        "ValueError because the strategy already has `XLAAccelerator()` and the flag is `'tpu'` (only \"auto\" is "
        "allowed then)")

HEAD = ("import sys\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.accelerators import XLAAccelerator\n"
        "from lightning.fabric.strategies import XLAFSDPStrategy\n\n"
        "PROFILES = {\n"
        "    'v4': {'sync_module_states': True, 'accelerator': XLAAccelerator()},\n"
        "    'debug': {'sync_module_states': True},\n"
        "}\n\n\n")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def profiles(pick: str, kwargs: str, default: str) -> str:
    return HEAD + (f"def make_strategy(profile):\n    kwargs = {kwargs}\n    return XLAFSDPStrategy(**kwargs)\n\n\n"
                   f"profile = {pick.format(default=default)}\n"
                   "fabric = Fabric(accelerator='tpu', strategy=make_strategy(profile))\n")


PICKS = ["sys.argv[1] if len(sys.argv) > 1 else {default!r}",
         "{default!r} if len(sys.argv) < 2 else sys.argv[1]",
         "sys.argv[1] if sys.argv[1:] else {default!r}"]
KWARGS = ["PROFILES[profile]", "{k: v for k, v in PROFILES[profile].items() if v is not None}",
          "dict(PROFILES[profile])", "{**PROFILES[profile], 'sync_module_states': False}"]


@pytest.mark.parametrize("kwargs", KWARGS)
@pytest.mark.parametrize("pick", PICKS)
def test_the_default_profile_of_the_command_line_is_the_run_s(pick, kwargs):
    assert found(profiles(pick, kwargs, "v4")) == [("LXF011", "error", BOTH, 18, 16)]
    assert found(profiles(pick, kwargs, "debug")) == []


@pytest.mark.parametrize("kwargs", KWARGS)
def test_a_profile_the_command_line_must_give_decides_nothing(kwargs):
    assert found(HEAD + f"def make_strategy(profile):\n    kwargs = {kwargs}\n    return XLAFSDPStrategy(**kwargs)\n\n\n"
                 "fabric = Fabric(accelerator='tpu', strategy=make_strategy(sys.argv[1]))\n") == []


def test_an_argument_s_default_given_to_the_flag_is_the_run_s():
    body = ("flag = sys.argv[1] if len(sys.argv) > 1 else {!r}\n"
            "Fabric(accelerator=flag, strategy=XLAFSDPStrategy(accelerator=XLAAccelerator()))\n")
    assert [f[:2] for f in found(HEAD + body.format("tpu"))] == [("LXF011", "error")]
    assert found(HEAD + body.format("auto")) == []
