"""A call the record says raises (`"raised_by": "call"`), inside a `try` whose handler catches that class
and goes on: the program handles the raise, so errata says nothing. A handler that raises again, or one
that catches another class, leaves the error. Every script here was run against lightning 2.6.6 (the
silent ones run, the twins raise ValueError); positions are 1-based `line:column`."""

from __future__ import annotations

import ast

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import _catches

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
    def catches(handler: str, exception: str = "ValueError") -> bool:
        tree = ast.parse(f"try:\n    pass\n{handler}:\n    pass\n")
        return _catches(tree.body[0].handlers[0], exception)  # type: ignore[attr-defined]

    assert catches("except") and catches("except ValueError") and catches("except (OSError, Exception)")
    assert catches("except ArithmeticError", "ZeroDivisionError") and catches("except BaseException")
    assert catches("except lightning.MisconfigurationException", "MisconfigurationException")
    assert not catches("except TypeError") and not catches("except (KeyError, IndexError)")
    assert not catches("except LookupError", "MisconfigurationException")


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
