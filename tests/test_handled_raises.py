"""A call the record says raises (`"raised_by": "call"`), inside a `try` whose handler catches that class
and goes on: the program handles the raise, so errata says nothing. A handler that raises again, or one
that catches another class, leaves the error. Every script here was run against lightning 2.6.6 (the
silent ones run, the twins raise ValueError); positions are 1-based `line:column`."""

from __future__ import annotations

import ast

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import catches

HEAD = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
'''

AT_MODULE = HEAD + '''

def train(fabric):
    pass


try:
    fabric = Fabric(accelerator="tpu", precision="bf16-mixed", strategy=XLAFSDPStrategy())
except ValueError:
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy())
fabric.launch(train)
'''

# the value is written elsewhere (the finding would sit on `PRECISION`): the call's place decides
IN_FUNCTION = HEAD + '''
PRECISION = "bf16-mixed"


def train(fabric):
    pass


def make_fabric():
    try:
        return Fabric(accelerator="tpu", precision=PRECISION, strategy=XLAFSDPStrategy())
    except (KeyError, Exception) as exc:
        print("falling back:", exc)
    return Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy())


make_fabric().launch(train)
'''

MESSAGE = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
           "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")


def findings(source: str) -> list[tuple[str, str, str, str]]:
    result = check_source(source, "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.severity.value,
             f"{f.span.start.line + 1}:{f.span.start.column + 1}-{f.span.end.line + 1}:{f.span.end.column + 1}", f.message)
            for f in result.findings]


def test_a_raise_the_handler_catches_is_not_reported() -> None:
    assert findings(AT_MODULE) == []
    assert findings(IN_FUNCTION) == []


def test_a_handler_that_raises_again_keeps_the_error() -> None:
    source = AT_MODULE.replace("except ValueError:\n", "except ValueError:\n    print('no')\n    raise\n")
    assert findings(source) == [("LXF007", "error", "10:50-10:62", MESSAGE)]


def test_a_handler_of_another_class_keeps_the_error() -> None:
    source = IN_FUNCTION.replace("(KeyError, Exception)", "(KeyError, TypeError)")
    assert findings(source) == [("LXF007", "error", "13:52-13:61", MESSAGE + " (from `PRECISION`, line 4)")]


def test_a_call_outside_the_try_body_keeps_the_error() -> None:
    source = AT_MODULE.replace("try:\n    fabric = Fabric(accelerator=\"tpu\", precision=\"bf16-mixed\"",
                               "try:\n    pass\nexcept ValueError:\n    pass\nelse:\n    fabric = Fabric("
                               "accelerator=\"tpu\", precision=\"bf16-mixed\"")
    assert [f[:2] for f in findings(source)] == [("LXF007", "error")]


def test_which_handlers_catch_a_class() -> None:
    def caught(handler: str, exception: str = "ValueError") -> bool:
        tree = ast.parse(f"try:\n    pass\n{handler}:\n    pass\n")
        return catches(tree.body[0].handlers[0], exception)  # type: ignore[attr-defined]

    assert caught("except") and caught("except ValueError") and caught("except (OSError, Exception)")
    assert caught("except ArithmeticError", "ZeroDivisionError") and caught("except BaseException")
    assert caught("except lightning.MisconfigurationException", "MisconfigurationException")
    assert not caught("except TypeError") and not caught("except (KeyError, IndexError)")
    assert not caught("except LookupError", "MisconfigurationException")


# Lightning stores `state_dict_type` unchecked: the ValueError comes from `fabric.load` in the worker
# (run against lightning 2.6.6: the handler never runs, `fabric.load` raises "Unknown state_dict_type:
# consolidated"), so a `try` around the construction handles nothing and the error stays.
RAISED_LATER = "import torch\n" + HEAD + '''

def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    fabric.save("ckpt", {"model": model})
    fabric.load("ckpt", {"model": model})


try:
    strategy = XLAFSDPStrategy(state_dict_type="consolidated")
except ValueError:
    print("caught")
    strategy = XLAFSDPStrategy()
fabric = Fabric(accelerator="tpu", strategy=strategy)
fabric.launch(train)
'''


def test_a_raise_that_comes_later_is_reported_inside_the_try() -> None:
    [(code, severity, span, message)] = findings(RAISED_LATER)
    assert (code, severity, span) == ("LXF020", "error", "13:48-13:62")
    assert message.startswith("`state_dict_type='consolidated'` is neither 'full' nor 'sharded'")
    assert "`fabric.load` raises ValueError: Unknown state_dict_type: consolidated" in message


# A raise in a function every call of which is inside such a `try`: the handler is the caller's. Run against
# lightning 2.6.6: THROUGH_A_FUNCTION runs; with the handler catching TypeError it raises the ValueError.
THROUGH_A_FUNCTION = HEAD + '''

def train(fabric):
    pass


def build():
    return Fabric(accelerator="tpu", precision="bf16-mixed", strategy=XLAFSDPStrategy())


try:
    fabric = build()
except ValueError:
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy())
fabric.launch(train)
'''

AT_BUILD = ("LXF007", "error", "10:48-10:60", MESSAGE)


def test_a_raise_every_caller_handles_is_not_reported() -> None:
    assert findings(THROUGH_A_FUNCTION) == []


def test_a_caller_that_handles_another_class_or_raises_again_keeps_the_error() -> None:
    assert findings(THROUGH_A_FUNCTION.replace("except ValueError:", "except TypeError:")) == [AT_BUILD]
    assert findings(THROUGH_A_FUNCTION.replace("except ValueError:\n", "except ValueError:\n    raise\n")) == [AT_BUILD]


def test_one_call_outside_a_try_keeps_the_error() -> None:
    source = THROUGH_A_FUNCTION.replace("fabric.launch(train)\n", "fabric.launch(train)\nprint(build().world_size)\n")
    assert findings(source) == [AT_BUILD]


def test_a_function_called_where_the_file_does_not_show_keeps_the_error() -> None:
    # passed around: whoever holds `FACTORIES` may call it outside any `try`
    source = THROUGH_A_FUNCTION.replace("try:\n", "FACTORIES = [build]\n\ntry:\n")
    assert findings(source) == [AT_BUILD]
    # decorated: the decorator's wrapper is what runs it
    source = THROUGH_A_FUNCTION.replace("def build():", "@functools.cache\ndef build():").replace(
        "from lightning", "import functools\nfrom lightning", 1)
    assert [f[:2] for f in findings(source)] == [("LXF007", "error")]


def test_a_handler_several_calls_up_is_followed_within_the_bound() -> None:
    def levels(n: int) -> str:
        return "".join(f"\n\ndef level{i}():\n    return level{i - 1}()\n" for i in range(1, n + 1)).replace("level0", "build")

    near = THROUGH_A_FUNCTION.replace("\n\ntry:\n    fabric = build()", levels(3) + "\n\ntry:\n    fabric = level3()")
    assert findings(near) == []
    far = THROUGH_A_FUNCTION.replace("\n\ntry:\n    fabric = build()", levels(4) + "\n\ntry:\n    fabric = level4()")
    assert findings(far) == [AT_BUILD]  # five calls up: past `MAX_HANDLER_LEVELS`


def test_a_method_only_called_in_the_try_is_handled() -> None:
    source = HEAD + '''

def train(fabric):
    pass


class Launcher:
    def __init__(self, precision):
        self.precision = precision

    def fabric(self):
        return Fabric(accelerator="tpu", precision=self.precision, strategy=XLAFSDPStrategy())

    def start(self):
        try:
            fabric = self.fabric()
        except ValueError:
            fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy())
        fabric.launch(train)


Launcher("bf16-mixed").start()
'''
    assert findings(source) == []
    outside = source + 'print(Launcher("bf16-mixed").fabric().world_size)\n'
    assert [f[:3] for f in findings(outside)] == [("LXF007", "error", "14:52-14:66")]
    # read otherwise than called (`run = launcher.fabric`): its calls are not all the file shows
    passed = source.replace('Launcher("bf16-mixed").start()\n', 'launcher = Launcher("bf16-mixed")\n'
                            'make = launcher.fabric\nlauncher.start()\n')
    assert [f[:3] for f in findings(passed)] == [("LXF007", "error", "14:52-14:66")]


def test_a_with_suppress_of_the_class_handles_the_raise() -> None:
    """`with contextlib.suppress(ValueError):` ends its body quietly on the raise, as a `try` whose handler
    passes does (run against lightning 2.6.6: the script runs; suppressing KeyError and TypeError, it raises)."""
    source = HEAD.replace("from lightning", "from contextlib import suppress\nfrom lightning", 1) + '''

def train(fabric):
    pass


fabric = None
with suppress(ValueError):
    fabric = Fabric(accelerator="tpu", precision="bf16-mixed", strategy=XLAFSDPStrategy())
if fabric is None:
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy())
fabric.launch(train)
'''
    assert findings(source) == []
    assert findings(source.replace("suppress(ValueError)", "suppress(KeyError, TypeError)")) == [
        ("LXF007", "error", "12:50-12:62", MESSAGE)]
    # spelled through its module, as a tuple's classes are not: `suppress(*ERRORS)` says nothing
    spelled = source.replace("from contextlib import suppress", "import contextlib").replace(
        "with suppress(", "with contextlib.suppress(")
    assert findings(spelled) == []
    assert [f[:2] for f in findings(source.replace("suppress(ValueError)", "suppress(*ERRORS)"))] == [("LXF007", "error")]


def test_a_body_that_runs_elsewhere_than_the_call_keeps_the_error() -> None:
    # a generator's body runs where it is drawn (`next(...)` outside the try), not at `build()`
    source = THROUGH_A_FUNCTION.replace("    return Fabric(", "    yield Fabric(").replace(
        "    fabric = build()\n", "    made = build()\n").replace("fabric.launch(train)\n", "fabric = next(made)\nfabric.launch(train)\n")
    assert [f[:3] for f in findings(source)] == [("LXF007", "error", "10:47-10:59")]  # (`yield` is one shorter)
    # a def inside the try body is not run there: its own callers decide
    source = THROUGH_A_FUNCTION.replace("    fabric = build()\n", "    def later():\n        return build()\n\n"
                                        "    fabric = Fabric(accelerator=\"tpu\", precision=\"bf16-true\", "
                                        "strategy=XLAFSDPStrategy())\n") + "later()\n"
    assert findings(source) == [AT_BUILD]
    # a lambda that calls it is passed around like any function
    source = THROUGH_A_FUNCTION.replace("    fabric = build()\n", "    fabric = (lambda: build())()\n")
    assert findings(source) == [AT_BUILD]


# A site in an `except` handler runs only when the `try` body raises what it catches. Run against lightning
# 2.6.6: under XLAFSDP `all_gather` works, the fallback never runs and the script is fine; with the two calls
# swapped the body's `all_reduce(..., reduce_op="max")` raises ValueError, which `except NotImplementedError`
# lets through.
FALLBACK = HEAD + '''

def global_max(fabric, value):
    try:
        return fabric.all_gather(value).max()
    except NotImplementedError:
        return fabric.all_reduce(value, reduce_op="max")


def train(fabric):
    global_max(fabric, 1.0)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''
REDUCE = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max; "
          "`all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")


def test_a_misuse_in_a_fallback_is_a_warning_that_names_the_handler() -> None:
    assert findings(FALLBACK) == [("LXF027", "warning", "9:51-9:56", REDUCE + "; only if the `try` body above "
                                   "(line 6) raises `NotImplementedError`")]
    bare = FALLBACK.replace("except NotImplementedError:", "except:")
    assert findings(bare)[0][3].endswith("; only if the `try` body above (line 6) raises an exception")


def test_a_misuse_in_the_try_body_the_handler_does_not_catch_stays_an_error() -> None:
    swapped = FALLBACK.replace('return fabric.all_gather(value).max()', '@').replace(
        'return fabric.all_reduce(value, reduce_op="max")', 'return fabric.all_gather(value).max()').replace(
        '@', 'return fabric.all_reduce(value, reduce_op="max")')
    assert findings(swapped) == [("LXF027", "error", "7:51-7:56", REDUCE)]


def test_a_retry_after_the_same_rule_s_caught_raise_stays_an_error() -> None:
    # the body's "max" raises ValueError, the handler catches it and asks for "min": that raises too
    retry = FALLBACK.replace('return fabric.all_gather(value).max()', 'return fabric.all_reduce(value, reduce_op="max")')
    retry = retry.replace('except NotImplementedError:\n        return fabric.all_reduce(value, reduce_op="max")',
                          'except ValueError:\n        return fabric.all_reduce(value, reduce_op="min")')
    assert [f[:3] for f in findings(retry)] == [("LXF027", "error", "9:51-9:56")]
