"""A branch decided by what the callers' callers pass: `start(fabric, fn, *args, spawn=False)` reached from
`main(seed=7, spawn=True)` through `run_job(fabric, fn, *args, **launch_opts)`, which pops its own key before
forwarding the rest. The branch the run never takes (`fabric.launch()` with no function, which Fabric refuses under
XLAFSDP) is not reported; the same chain giving `spawn=False` is. The findings are exact."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = """\
from lightning.fabric import Fabric


def start(fabric, fn, *args, spawn=False):
    if spawn:
        return fabric.launch(fn, *args)
    fabric.launch()
    return fn(fabric, *args)


def run_job(fabric, fn, *args, **launch_opts):
    {pop}
    return start(fabric, fn, *args, **launch_opts)


def train(fabric, steps):
    pass


def main(**opts):
    fabric = Fabric(accelerator="tpu", strategy="xla_fsdp")
    return run_job(fabric, train, 3, **opts)


main({given})
"""
NO_FUNCTION = ("To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a "
               "function that contains the code to launch in processes: Fabric raises TypeError. Move the training "
               "code into `def train(fabric): ...` and call `fabric.launch(train)`")


def shown(given: str, pop: str = 'fabric.seed_everything(launch_opts.pop("seed", 0))') -> list[tuple[str, str, str, int, int]]:
    text = SCRIPT.replace("{pop}", pop).replace("{given}", given)
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text).findings]


def test_spawn_given_by_the_entry_through_two_layers_and_a_popped_key_is_fine():
    assert shown("seed=7, spawn=True") == []


def test_spawn_left_false_by_the_entry_is_the_launch_without_a_function():
    assert shown("seed=7, spawn=False") == [("LXF016", "error", NO_FUNCTION, 7, 4)]


def test_spawn_given_through_two_layers_without_a_pop_is_fine():
    assert shown("spawn=True", pop="pass") == []


def test_a_pop_under_a_condition_leaves_the_forwarded_keywords_unknown():
    # `x if cond else opts.pop(...)`: the key may stay; what `start` is given is not known, its test not decided,
    # and the launch without a function may run
    assert shown("seed=7, spawn=True", pop='print(0 if fabric else launch_opts.pop("seed"))') == [
        ("LXF016", "error", NO_FUNCTION, 7, 4)]


def test_a_helper_given_spawn_by_its_caller_s_parameter():
    text = SCRIPT.replace("{pop}", "pass").replace("def main(**opts):", "def main(spawn):").replace(
        "run_job(fabric, train, 3, **opts)", "run_job(fabric, train, 3, spawn=spawn)")
    assert check_source(text.replace("{given}", "spawn=True")).findings == []
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in
            check_source(text.replace("{given}", "spawn=False")).findings] == [("LXF016", "error", 7)]
