"""A helper that maps a device string to an accelerator name with `str.startswith` of a tuple of prefixes
(`name.startswith(("cuda", "gpu"))`) after `device.lower()`: decided for the constant the caller passes, so the
name it returns is known on every path. The findings are exact."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = """\
import sys

from lightning.fabric import Fabric


def accelerator_for(device):
    name = device.lower()
    if name.startswith(("cuda", "gpu")):
        return "cuda"
    if name.endswith(("tpu:0", "tpu")):
        return "tpu"
    return name.partition(":")[0]


Fabric(accelerator=accelerator_for({device}))
"""
NO_XLA = ("Lightning has no accelerator named 'xla', so `Fabric(...)` raises ValueError: You selected an invalid "
          "accelerator name (from line 12). The names are auto, gpu, cpu, cuda, mps and tpu (on a TPU VM: \"tpu\")")


def shown(device: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(SCRIPT.replace("{device}", device)).findings]


def test_a_prefix_no_tuple_element_has_falls_through_to_the_invalid_name():
    assert shown('"XLA:0"') == [("LXF035", "error", NO_XLA, 15, 19)]


def test_a_suffix_a_tuple_element_has_returns_a_valid_name():
    assert shown('"TPU:0"') == []


def test_a_prefix_of_the_first_tuple_returns_a_valid_name():
    assert shown('"GPU:1"') == []


def test_a_device_the_command_line_gives_is_not_judged():
    # the name it returns is whatever the command line holds: no finding, as for any accelerator not known
    assert shown("sys.argv[1]") == []
