"""A method of an object handed to a library that calls its callbacks back by name (`Fabric(callbacks=[...])`
then `fabric.call("on_x", ...)`) runs only when a dispatch, the library itself or the code may name it. A hook
no `fabric.call` names (a misspelling) never runs: what it would raise is not reported. Each test pins both
sides: the never-named hook is silent, the named one (or one whose name the file cannot tell) keeps its error."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.tips import Tips
from errata_lsp.analysis.values import Value, register_kind

SCRIPT = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class ValueClipper:
    def __init__(self, clip_val=0.5):
        self.clip_val = clip_val

    def {hook}(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val)


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    {fire}


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks={given})
    fabric.launch(train)
"""
FIRED = 'fabric.call("on_before_optimizer_step", fabric, model, optimizer)'
BY_VALUE = ("LXF014", "error", 11, 48, "XLA's FSDP strategy does not support to clip gradients by value: "
            "`clip_val` raises NotImplementedError. Clip by norm with `max_norm` instead")


def script(hook: str = "on_before_optimizer_step", fire: str = FIRED, given: str = "[ValueClipper()]") -> str:
    return SCRIPT.format(hook=hook, fire=fire, given=given)


def found(text: str, path: Path | None = None) -> list[tuple[str, str, int, int, str]]:
    """(code, severity, 1-based line, column, message) of each finding of the check of `text`."""
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(text, str(path) if path else None).findings]


def test_a_hook_no_fabric_call_names_never_runs_and_the_named_one_keeps_its_error():
    """`on_before_optimizer_steps` (an extra `s`): the loop fires `on_before_optimizer_step`, so Fabric never
    calls the clipper's method (the real run trains); spelled right, it clips by value and raises."""
    assert found(script()) == [BY_VALUE]
    assert found(script(hook="on_before_optimizer_steps")) == []


def test_a_hook_name_held_by_a_constant_an_f_string_or_a_loop_is_read_for_what_it_may_be():
    hook = "HOOK = \"on_before_optimizer_step\"\n\n\n"
    assert found(hook + script(fire=FIRED.replace('"on_before_optimizer_step"', "HOOK"))) == [
        (*BY_VALUE[:2], BY_VALUE[2] + 3, *BY_VALUE[3:])]
    assert found(hook + script(hook="on_before_optimizer_steps", fire=FIRED.replace('"on_before_optimizer_step"', "HOOK"))) == []
    # an f-string whose fixed parts fit the method's name may name it; one whose parts do not, never
    stage = 'for stage in ("before", "after"):\n        fabric.call(f"on_{stage}_optimizer_step", fabric, model, optimizer)'
    assert found(script(fire=stage)) == [BY_VALUE]
    assert found(script(hook="on_before_optimizer_steps", fire=stage)) == []
    # a name the file cannot tell (a parameter nothing passes) may name any method: it keeps its error
    unknown = script(hook="on_before_optimizer_steps", fire="fabric.call(fabric.hook_name, fabric, model, optimizer)")
    assert found(unknown) == [BY_VALUE]


def test_a_hook_the_code_calls_itself_or_through_a_hook_that_runs_runs():
    """The method no dispatch names still runs when the code calls it (`clipper.on_...(...)`), or a hook that
    Fabric runs calls it (`self.clip(...)`); called only from a method that never runs, it never runs."""
    direct = script(hook="on_before_optimizer_steps", fire=FIRED + "\n    clipper.on_before_optimizer_steps(fabric, model, optimizer)",
                    given="[clipper := ValueClipper()]")
    assert found(direct) == [BY_VALUE]
    helper = script(hook="clip").replace(
        "\n\ndef train", "\n    def {caller}(self, fabric, model, optimizer):\n        self.clip(fabric, model, optimizer)\n\n\ndef train")
    assert found(helper.replace("{caller}", "on_before_optimizer_step")) == [BY_VALUE]
    assert found(helper.replace("{caller}", "on_before_optimizer_steps")) == []
    # `getattr` by a name the file cannot tell, or a walk of every member, may call it too
    reflective = script(hook="on_before_optimizer_steps", fire=FIRED + "\n    getattr(fabric._callbacks[0], fabric.hook_name)()")
    assert found(reflective) == [BY_VALUE]
    members = script(hook="on_before_optimizer_steps", fire=FIRED + "\n    for _, hook in inspect.getmembers(fabric._callbacks[0]):"
                     "\n        hook(fabric, model, optimizer)")
    assert found("import inspect\n" + members) == [(*BY_VALUE[:2], BY_VALUE[2] + 1, *BY_VALUE[3:])]
    # bound to another name in the class body: dispatched under that name
    alias = script(hook="clip").replace("\n\ndef train", "\n    on_before_optimizer_step = clip\n\n\ndef train")
    assert found(alias) == [BY_VALUE]


def test_fabric_s_own_hooks_run_without_a_fabric_call():
    """`fabric.setup(...)` calls `on_after_setup` of each callback itself (fabric.py l.308, lightning 2.6.6)."""
    own = script(hook="on_after_setup", fire="pass").replace("(self, fabric, model, optimizer)", "(self, fabric, module)") \
        .replace("fabric.clip_gradients(model, optimizer,", "fabric.clip_gradients(module, None,")
    assert found(own) == [(*BY_VALUE[:3], 44, BY_VALUE[4])]
    assert found(own.replace("on_after_setup", "on_after_setups")) == []


def test_the_callbacks_given_as_a_list_built_by_appends_or_as_a_tuple():
    """A list filled by `append` holds its items; a tuple is one callback to Fabric (`_configure_callbacks` wraps
    what is not a list), so the hooks of its items never run, named or not."""
    appended = script(given="callbacks").replace(
        '    fabric = Fabric(', '    callbacks = []\n    callbacks.append(ValueClipper())\n    fabric = Fabric(')
    assert found(appended) == [BY_VALUE]
    assert found(appended.replace("def on_before_optimizer_step(", "def on_before_optimizer_steps(")) == []
    # added to the list Fabric keeps (`fabric._callbacks`), after it is built
    private = script(given="[]").replace("    fabric.launch(train)", "    fabric._callbacks.append(ValueClipper())\n    fabric.launch(train)")
    assert found(private) == [BY_VALUE]
    assert found(private.replace("def on_before_optimizer_step(", "def on_before_optimizer_steps(")) == []



ACCUMULATE = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Accumulate:
    def on_end(self, fabric, model):
        with fabric.no_backward_sync(model):
            pass


def train(fabric):
    raw = nn.Linear(2, 2)
    fabric.setup_module(raw)
    fabric.call("on_end", fabric=fabric, model=raw)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks={given})
    fabric.launch(train)
"""


def test_a_tuple_of_callbacks_is_one_callback_whose_items_fabric_call_never_reaches():
    """Given a list, `fabric.call("on_end", model=raw)` passes the raw module to the hook: the TypeError of
    `no_backward_sync`. Given a tuple, Fabric holds the tuple as one callback (`_configure_callbacks` wraps what
    is not a list) and `getattr(tuple, "on_end", None)` is None: the hook is not called with the raw module."""
    raised = [("LXF004", "error", 8, 37, "`model` is not set up: it holds the raw module `nn.Linear(2, 2)` (line 13); "
               "pass the module returned by `fabric.setup(...)`, or Fabric raises TypeError")]
    assert found(ACCUMULATE.format(given="[Accumulate()]")) == raised
    assert found(ACCUMULATE.format(given="(Accumulate(),)")) == []


def test_a_library_base_or_a_project_file_naming_the_method_keeps_it_running(tmp_path):
    """A class built on a library class may have its methods called by that library's own code; another file
    of the project joined by imports may call the method (it spells it, or dispatches by a name not written)."""
    based = script(hook="on_before_optimizer_steps").replace("class ValueClipper:", "class ValueClipper(torch.nn.Module):")
    assert found(based) == [BY_VALUE]
    train = "import loop\n" + script(hook="on_before_optimizer_steps", fire=FIRED + "\n    loop.extra(fabric, model, optimizer)")
    moved = (*BY_VALUE[:2], BY_VALUE[2] + 1, *BY_VALUE[3:])
    quiet = "def extra(fabric, model, optimizer):\n    pass\n"
    for index, (loop, other, expected) in enumerate((
            (quiet, None, []),
            ("def extra(fabric, model, optimizer):\n    for cb in fabric._callbacks:\n"
             "        cb.on_before_optimizer_steps(fabric, model, optimizer)\n", None, [moved]),
            ("def extra(fabric, model, optimizer, name='x'):\n    fabric.call(name)\n", None, [moved]),
            (quiet, "def unrelated(cb):\n    cb.on_before_optimizer_steps()\n", []))):  # a file joined by no import
        root = tmp_path / str(index)
        root.mkdir()
        (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
        (root / "train.py").write_text(train)
        (root / "loop.py").write_text(loop)
        if other is not None:
            (root / "other.py").write_text(other)
        assert found(train, root / "train.py") == expected


# --- the core, on a made-up library: a dispatcher registered with the names it calls on its own -----------
ACME = Tips()
register_kind("acme_bus", __name__, always_true=True)


@ACME.call
def _bus(flow, node, qualified):
    return (Value("acme_bus", node, qualified=qualified, flow=flow),) if qualified == "acme.Bus" else None


@ACME.dispatcher("emit", built_by=("acme.Bus",), own=("on_start",))
def _listeners(flow, receiver):
    """`bus.emit("name", ...)` calls `name` of each listener `acme.Bus(listeners=[...])` was given."""
    if receiver.kind != "acme_bus" or not isinstance(receiver.node, ast.Call):
        return ()
    given = next((k.value for k in receiver.node.keywords if k.arg == "listeners"), None)
    return tuple(x for e in getattr(given, "elts", ()) for x in flow.values(e))


BUS = """
    import acme

    class Listener:
        def on_start(self):
            pass

        def on_done(self):
            pass

        def on_dnoe(self):
            pass

    class Kept:
        def on_dnoe(self):
            pass

    bus = acme.Bus(listeners=[Listener()])
    bus.emit("on_done")
    Kept()
"""


def test_the_core_asks_the_dispatcher_s_tip_which_methods_a_library_may_call():
    doc = Document(textwrap.dedent(BUS), None)
    ctx = Context(doc, doc.chunks(("",)), ACME)
    never = {f"{ctx.flow._method_class(f).name}.{f.name}": ctx.flow.never_dispatched(f)
             for f in ctx.nodes(ast.FunctionDef)}
    # named by a dispatch, called by the library on its own, named by none; a class the bus does not hold
    assert never == {"Listener.on_start": False, "Listener.on_done": False, "Listener.on_dnoe": True, "Kept.on_dnoe": False}
