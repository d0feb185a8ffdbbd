"""What a module's findings are when another module's calls decide them, in the layouts and edge cases the first
tests left alone: a table of factories picked by keys that are not the factories' names, read through an editor
buffer not yet saved, shadowed by other tables; importers that name the module without binding what is asked of;
overrides that call other methods through `super()`; a test of another name guarding the call; packages. Real
files on disk, checked as `errata-lsp check` checks them (or as the editor does, with the buffer's text); the
findings are exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from tests.test_receivers_elsewhere import (
    BASE,
    BY_VALUE,
    CALLBACKS,
    EMPTY,
    FACTORY,
    HOOK,
    LOOP,
    MODEL,
    found,
    launching,
    subclassing,
    tree,
)

# the factories are picked by keys that are not their names: no module names `layers` itself
STRATEGIES = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from model import Net


def plain():
    return XLAFSDPStrategy(auto_wrap_policy={Net})


def layers():
    return XLAFSDPStrategy(auto_wrap_policy={Net}, activation_checkpointing_policy=[Net])


STRATEGIES = {"plain": plain, "deep": layers}
"""

NOT_A_SET = ("LXF001", "error", "`activation_checkpointing_policy` must be a set, found [Net]", 10, 83)


def picking(key: str, extra: str = "") -> str:
    return ("from lightning.fabric import Fabric\nfrom strategies import STRATEGIES\n\n"
            f"NAME = {key}\n\n\n{extra}def main(fabric):\n    pass\n\n\n"
            "Fabric(accelerator='tpu', strategy=STRATEGIES[NAME]()).launch(main)\n")


def checked(path: Path, text: str) -> list[tuple[str, str, str, int, int]]:
    """`text` checked as the editor's buffer of `path` (the file on disk may be another version)."""
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, str(path)).findings]


def test_a_factory_picked_by_a_key_other_than_its_name_runs_and_one_never_picked_does_not(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "strategies.py": STRATEGIES, "train.py": picking('"deep"')})
    assert found(tmp_path / "strategies.py") == [NOT_A_SET]
    (tmp_path / "train.py").write_text(picking('"plain"'))
    assert found(tmp_path / "strategies.py") == []
    # the table read whole (printed, passed on) may run any entry
    (tmp_path / "train.py").write_text(picking('"plain"') + "print(STRATEGIES)\n")
    assert found(tmp_path / "strategies.py") == [NOT_A_SET]


def test_an_unsaved_buffer_of_the_table_s_module_is_judged_by_what_the_saved_importers_pick(tmp_path):
    """The editor's strategies.py has lost a trailing comment the file on disk still has: train.py reads the
    saved file, whose table is the buffer's (same place), so its pick decides."""
    tree(tmp_path, {"model.py": MODEL, "strategies.py": STRATEGIES + "\n\n# saved\n", "train.py": picking('"deep"')})
    assert checked(tmp_path / "strategies.py", STRATEGIES) == [NOT_A_SET]
    (tmp_path / "train.py").write_text(picking('"plain"'))
    assert checked(tmp_path / "strategies.py", STRATEGIES) == []


def test_an_unsaved_buffer_whose_table_starts_past_column_256_is_still_the_saved_one(tmp_path):
    wide = STRATEGIES.replace("STRATEGIES = {", "STRATEGIES = " + " " * 250 + "{")
    tree(tmp_path, {"model.py": MODEL, "strategies.py": wide + "\n\n# saved\n", "train.py": picking('"deep"')})
    assert checked(tmp_path / "strategies.py", wide) == [(*NOT_A_SET[:4], 83)]


def test_other_tables_an_importer_picks_from_do_not_pick_the_factory(tmp_path):
    """train.py picks "plain" from strategies.STRATEGIES; "deep" only from other tables: presets.py's (the same
    place in another module), strategies.py's EXPERIMENT (another line, or the same line before it), a
    parameter that happens to be named STRATEGIES, a local table of that name. `layers` never runs."""
    presets = "# presets\n" * 12 + 'STRATEGIES = {"deep": dict}\n'  # its table where strategies.py has its own
    shadows = ("def bench():\n    from presets import STRATEGIES\n    return STRATEGIES['deep']()\n\n\n"
               "def trial():\n    from strategies import EXPERIMENT as STRATEGIES\n    return STRATEGIES['deep']()\n\n\n"
               "def sweep(STRATEGIES):\n    return STRATEGIES['deep']()\n\n\n"
               "def local():\n    STRATEGIES = {'deep': dict}\n    return STRATEGIES['deep']()\n\n\n")
    later = STRATEGIES + 'EXPERIMENT = {"deep": plain}\n'
    tree(tmp_path, {"model.py": MODEL, "presets.py": presets, "strategies.py": later,
                    "train.py": picking('"plain"', shadows)})
    assert found(tmp_path / "strategies.py") == []
    assert checked(tmp_path / "strategies.py", later) == []
    same_line = STRATEGIES.replace("STRATEGIES = {", 'EXPERIMENT = {"deep": plain}; STRATEGIES = {')
    (tmp_path / "strategies.py").write_text(same_line)
    assert found(tmp_path / "strategies.py") == []
    # picked from the table itself, it runs
    (tmp_path / "train.py").write_text(picking('"plain"', shadows + "STRATEGIES['deep']()\n\n\n"))
    assert [f[0] for f in found(tmp_path / "strategies.py")] == ["LXF001"]


def test_a_table_the_module_builds_otherwise_may_run_every_entry(tmp_path):
    """An annotated table, a key that is a name, a table bound twice, one stored in another: not a table errata reads, so the
    factory's error stands whatever train.py picks."""
    tree(tmp_path, {"model.py": MODEL, "train.py": picking('"plain"')})
    for table in ('STRATEGIES: dict = {"plain": plain, "deep": layers}',
                  'DEEP = "deep"\nSTRATEGIES = {"plain": plain, DEEP: layers}',
                  'STRATEGIES = {"plain": plain, "deep": layers}\nSTRATEGIES = dict(STRATEGIES)',
                  'TABLES = {}\nTABLES["strategies"] = {"plain": plain, "deep": layers}'):
        (tmp_path / "strategies.py").write_text(STRATEGIES.replace('STRATEGIES = {"plain": plain, "deep": layers}', table))
        assert found(tmp_path / "strategies.py") == [NOT_A_SET], table


def test_an_importer_that_names_the_function_without_binding_it_leaves_the_caller_after_it_read(tmp_path):
    """aaa.py imports factory.py and says `build` in a comment only (it binds nothing named so): it is passed
    over, and train.py, read after it, passes the launched Fabric."""
    train = launching("XLAFSDPStrategy()", "    model, optimizer = build(fabric)", "from factory import build")
    tree(tmp_path, {"model.py": MODEL, "factory.py": FACTORY, "train.py": train,
                    "aaa.py": "import factory  # the build helper\n"})
    assert found(tmp_path / "factory.py") == [("LXF013", "error", EMPTY, 9, 42)]


def test_an_override_that_calls_other_methods_through_super_leaves_the_base_method_unrun(tmp_path):
    override = ("    def step(self, model, optimizer):\n        self.fabric.clip_gradients(model, optimizer, max_norm=1.0)\n"
                "        super().teardown()\n        torch.optim.SGD(model.parameters()).step()\n\n"
                "    def teardown(self):\n        pass\n")
    tree(tmp_path, {"base.py": BASE, "train.py": subclassing(override),
                    "aaa.py": "import base  # BaseTrainer's notes\n"})
    assert found(tmp_path / "base.py") == []
    # another class train.py builds, on a base of its own, is no subclass of BaseTrainer
    (tmp_path / "train.py").write_text(subclassing(override) + "\n\nclass Counter:\n    pass\n\n\n"
                                       "class Meter(Counter):\n    pass\n\n\nMeter()\n")
    assert found(tmp_path / "base.py") == []


def test_a_subclass_that_passes_the_threshold_through_super_init_runs_the_base_with_it(tmp_path):
    """The base's default is None (it never clips by value); the subclass's `super().__init__(fabric, clip=0.5)`
    is the one call that gives it a threshold."""
    base = BASE.replace("clip=1.0", "clip=None")
    tree(tmp_path, {"base.py": base, "train.py": subclassing(
        "    def __init__(self, fabric):\n        super().__init__(fabric, clip=0.5)\n")})
    assert found(tmp_path / "base.py") == [("LXF014", "error", BY_VALUE, 7, 53)]


def test_a_callback_is_reached_by_its_own_hook_after_calls_of_others_and_given_positional_arguments(tmp_path):
    hooks = '    fabric.call("on_train_start")\n    fabric.call("on_before_optimizer_step", fabric, None, None)'
    train = launching("XLAFSDPStrategy()", hooks, "from callbacks import GradientClipping",
                      ", callbacks=[GradientClipping(0.5)]")
    tree(tmp_path, {"callbacks.py": CALLBACKS, "train.py": train})
    assert found(tmp_path / "callbacks.py") == [("LXF014", "error", BY_VALUE, 6, 48)]
    (tmp_path / "train.py").write_text(train.replace(hooks, '    fabric.call("on_train_start")\n' + HOOK))
    assert found(tmp_path / "callbacks.py") == [("LXF014", "error", BY_VALUE, 6, 48)]


def test_a_test_of_another_name_does_not_say_the_threshold_is_not_none(tmp_path):
    """train.py passes 0.5, eval.py None: a warning, whatever `verbose` holds."""
    train = launching("XLAFSDPStrategy()", "    Loop().run(fabric, None, None, 0.5)", "from loop import Loop")
    for guard in ("if verbose:", "if verbose is not None:"):
        loop = LOOP.replace("optimizer):", "optimizer, clip, verbose=True):").replace(
            "        fabric.clip_gradients(model, optimizer, clip_val=0.5)",
            f"        {guard}\n            fabric.clip_gradients(model, optimizer, clip_val=clip)")
        tree(tmp_path, {"loop.py": loop, "train.py": train, "eval.py": train.replace("0.5)", "None)")})
        assert found(tmp_path / "loop.py") == [
            ("LXF014", "warning", BY_VALUE + "; here whenever `clip` is not None", 4, 52)], guard


def test_a_module_of_a_package_is_given_the_fabric_by_the_script_beside_the_package(tmp_path):
    """app/factory.py is imported as `app.factory` by train.py at the project's root (and as `.factory` by
    app/run.py, below): the importers are looked for from the package's folder up."""
    tree(tmp_path, {"model.py": MODEL})
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "factory.py").write_text(FACTORY)
    (tmp_path / "train.py").write_text(launching("XLAFSDPStrategy()", "    model, optimizer = build(fabric)",
                                                 "from app.factory import build"))
    assert found(tmp_path / "app" / "factory.py") == [("LXF013", "error", EMPTY, 9, 42)]


def test_a_module_of_a_package_is_given_the_fabric_by_a_module_beside_it(tmp_path):
    tree(tmp_path, {"model.py": MODEL})
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "factory.py").write_text(FACTORY)
    (tmp_path / "app" / "run.py").write_text(launching("XLAFSDPStrategy()", "    model, optimizer = build(fabric)",
                                                       "from .factory import build"))
    assert found(tmp_path / "app" / "factory.py") == [("LXF013", "error", EMPTY, 9, 42)]


def test_a_buffer_whose_saved_version_moved_or_renamed_the_function_is_not_given_its_callers_values(tmp_path):
    """train.py's call is of the saved factory.py: when the buffer's `build` is elsewhere in the file (the saved
    one has a header line more) or names its parameter otherwise, that call says nothing of the buffer's."""
    train = launching("XLAFSDPStrategy()", "    model, optimizer = build(fabric)", "from factory import build")
    tree(tmp_path, {"model.py": MODEL, "factory.py": FACTORY, "train.py": train})
    assert checked(tmp_path / "factory.py", FACTORY) == [("LXF013", "error", EMPTY, 9, 42)]
    for saved in ("# header\n" + FACTORY, FACTORY.replace("def build(fabric,", "def build(xla_fabric,")):
        (tmp_path / "factory.py").write_text(saved)
        assert checked(tmp_path / "factory.py", FACTORY) == [], saved


def test_a_method_called_four_times_is_judged_for_each_call_and_five_calls_are_past_the_bound(tmp_path):
    calls = "    loop = Loop()\n" + "    loop.run(fabric, None, None)\n" * 4
    tree(tmp_path, {"loop.py": LOOP, "train.py": launching("XLAFSDPStrategy()", calls, "from loop import Loop")})
    assert found(tmp_path / "loop.py") == [("LXF014", "error", BY_VALUE, 3, 48)]
    (tmp_path / "train.py").write_text(launching("XLAFSDPStrategy()", calls + "    loop.run(fabric, None, None)\n",
                                                 "from loop import Loop"))
    assert found(tmp_path / "loop.py") == []


def test_a_project_that_is_itself_a_package_inside_another_is_looked_through_only_to_its_root(tmp_path):
    """proj/ (the project: its pyproject.toml) has an `__init__.py`, and so has the folder holding it; sib.py,
    beside proj/ and outside the project, calls `build` with another strategy's Fabric: it is not read."""
    (tmp_path / "outer" / "proj").mkdir(parents=True)
    (tmp_path / "outer" / "__init__.py").write_text("")
    proj = tmp_path / "outer" / "proj"
    train = launching("XLAFSDPStrategy()", "    model, optimizer = build(fabric)", "from factory import build")
    tree(proj, {"__init__.py": "", "model.py": MODEL, "factory.py": FACTORY, "train.py": train})
    (tmp_path / "outer" / "sib.py").write_text(train.replace("XLAFSDPStrategy()", '"xla"'))
    assert found(proj / "factory.py") == [("LXF013", "error", EMPTY, 9, 42)]


def test_a_method_called_through_its_class_does_not_shift_what_the_bound_call_passes(tmp_path):
    """`Loop.run(Loop(), fabric, ...)` passes the instance first: it is not read as a call on an instance (whose
    first argument would be `fabric`); the bound `loop.run(fabric, ...)` decides."""
    calls = "    Loop.run(Loop(), fabric, None, None)\n    loop = Loop()\n    loop.run(fabric, None, None)"
    tree(tmp_path, {"loop.py": LOOP, "train.py": launching("XLAFSDPStrategy()", calls, "from loop import Loop")})
    assert found(tmp_path / "loop.py") == [("LXF014", "error", BY_VALUE, 3, 48)]


def test_a_callback_of_another_class_the_fabric_holds_does_not_call_the_module_s_hook(tmp_path):
    """train.py's Fabric holds a `Meter`, a class of its own without the hook: `fabric.call` never reaches
    callbacks.py's `GradientClipping`, which train.py imports but does not register."""
    train = launching("XLAFSDPStrategy()", HOOK, "from callbacks import GradientClipping\n\n\nclass Meter:\n    pass\n",
                      ", callbacks=[Meter()]")
    tree(tmp_path, {"callbacks.py": CALLBACKS, "train.py": train + "print(GradientClipping)\n"})
    assert found(tmp_path / "callbacks.py") == []
    (tmp_path / "train.py").write_text(train.replace("[Meter()]", "[Meter(), GradientClipping(0.5)]"))
    assert found(tmp_path / "callbacks.py") == [("LXF014", "error", BY_VALUE, 6, 48)]


def test_a_table_read_through_its_module_or_passed_on_by_another_module_may_run_the_entry_it_picks(tmp_path):
    """train.py picks "deep" as `strategies.STRATEGIES[...]`, or from config.py, which imports the table to pass
    it on: `layers` runs, and its error is reported (these reads were once taken for no read at all)."""
    attribute = picking('"deep"').replace("from strategies import STRATEGIES", "import strategies") \
        .replace("=STRATEGIES[", "=strategies.STRATEGIES[")
    tree(tmp_path, {"model.py": MODEL, "strategies.py": STRATEGIES, "train.py": attribute})
    assert found(tmp_path / "strategies.py") == [NOT_A_SET]
    (tmp_path / "train.py").write_text(picking('"deep"').replace("from strategies import", "from config import"))
    (tmp_path / "config.py").write_text("from strategies import STRATEGIES\n")
    assert found(tmp_path / "strategies.py") == [NOT_A_SET]


def test_the_one_entry_of_a_table_picked_only_by_other_keys_never_runs(tmp_path):
    """`STRATEGIES["plain"]` of a table holding only "deep" raises KeyError before any factory runs: `layers`
    is never called, so its argument raises nothing."""
    only = STRATEGIES.replace('STRATEGIES = {"plain": plain, "deep": layers}', 'STRATEGIES = {"deep": layers}')
    tree(tmp_path, {"model.py": MODEL, "strategies.py": only, "train.py": picking('"plain"')})
    assert found(tmp_path / "strategies.py") == []
    (tmp_path / "train.py").write_text(picking('"deep"'))
    assert found(tmp_path / "strategies.py") == [NOT_A_SET]


def test_a_base_class_the_importer_also_builds_itself_keeps_its_method_even_where_that_line_looks_unreached(tmp_path):
    """The subclass train.py builds overrides `step`, but train.py builds `BaseTrainer` too (after a `return`):
    errata does not say the base's `step` never runs on another module's reading of what runs."""
    override = "    def step(self, model, optimizer):\n        self.fabric.clip_gradients(model, optimizer, max_norm=1.0)\n"
    train = subclassing(override).replace("    MyTrainer(fabric).step(None, None)",
                                          "    MyTrainer(fabric).step(None, None)\n    return\n"
                                          "    BaseTrainer(fabric).step(None, None)")
    tree(tmp_path, {"base.py": BASE, "train.py": train})
    assert found(tmp_path / "base.py") == [("LXF014", "error", BY_VALUE, 7, 53)]


def test_another_class_the_importer_builds_on_a_base_of_its_own_does_not_build_the_base(tmp_path):
    meter = "\n\nclass Counter:\n    pass\n\n\nclass Meter(Counter):\n    pass\n\n\nMeter()\n"
    tree(tmp_path, {"base.py": BASE, "train.py": subclassing("    pass\n") + meter})
    assert found(tmp_path / "base.py") == [("LXF014", "error", BY_VALUE, 7, 53)]


LOCAL_TABLE = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(torch.nn.Module):
    pass


def plain():
    return XLAFSDPStrategy(auto_wrap_policy={{Block}})


STRATEGIES = {{
    "plain": plain,
    "remat": lambda: XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=[Block]),
    "deep": lambda: XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=(Block,)),
}}
fabric = Fabric(accelerator="tpu", strategy=STRATEGIES[{key}]())
"""


@pytest.mark.parametrize("key, expected", [
    ('"plain"', []),
    ('"remat"', [("LXF001", "error", 16, 95)]),
    ('"deep"', [("LXF001", "error", 17, 94)]),
    ("input()", [("LXF001", "error", 16, 95), ("LXF001", "error", 17, 94)]),  # any entry may run
])
def test_a_lambda_entry_of_a_table_the_module_picks_by_other_keys_never_runs(tmp_path, key, expected):
    path = tmp_path / "train.py"
    path.write_text(LOCAL_TABLE.format(key=key))
    assert [(f[0], f[1], f[3], f[4]) for f in found(path)] == expected
