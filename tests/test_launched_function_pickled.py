"""Under XLAFSDPStrategy `fabric.launch` pickles the function it is given and the arguments it is to call it
with, to send them to the spawned processes: a closure, a lambda, a partial holding one, or a top-level
function whose module name a decorator rebound cannot be found by name, and the launch fails before the
function runs. Labels: the real library (lightning 2.6.6 + torch_xla) raises `AttributeError: Can't pickle
local object 'main.<locals>.train'` for a closure, `PicklingError` for a lambda and for a function that is
"not the same object as __main__.train"; a launched function with no parameter raises LXF018's TypeError
first; other strategies do not pickle the function."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

HEAD = """\
import functools

from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


"""


def shown(body: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(HEAD + body).findings]


SENDS = ("under XLAFSDPStrategy the launch sends the function and its arguments to the spawned processes, so it "
         "fails with ")


def test_a_launched_closure_cannot_be_pickled():
    assert shown("def main(lr=0.1):\n"
                 "    def train(fabric):\n"
                 "        fabric.setup_module(nn.Linear(4, int(lr * 10)))\n"
                 "\n"
                 "    Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n"
                 "\n"
                 "\n"
                 "main()\n") == [(
        "LXF006", "error",
        "`fabric.launch` is given `train`, a function defined inside `main`, which cannot be pickled: " + SENDS +
        "AttributeError: Can't pickle local object 'main.<locals>.train' before your function runs. Define `train` "
        "at module level and pass what it reads from `main` as arguments (`fabric.launch(fn, *args)`, or a "
        "`functools.partial` of it)", 12, 65, 70)]


def test_a_closure_in_a_partial_is_named_by_the_partial_s_place():
    found = shown("def main(lr=0.1):\n"
                  "    def train(fabric, steps):\n"
                  "        fabric.setup_module(nn.Linear(4, steps))\n"
                  "\n"
                  "    Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(functools.partial(train, steps=2))\n"
                  "\n"
                  "\n"
                  "main()\n")
    assert [(code, severity, line) for code, severity, _, line, _, _ in found] == [("LXF006", "error", 12)]
    assert found[0][2].startswith("`fabric.launch` is given `train`, a function defined inside `main` (as `func=` of a "
                                  "`functools.partial`), which cannot be pickled")


LAMBDA = ("`fabric.launch` is given a lambda, which cannot be pickled: " + SENDS + "PicklingError before your function "
          "runs. Use a function defined at module level (or a `functools.partial` of one)")


def test_a_launched_lambda_is_moved_into_a_module_level_def_and_then_fine():
    text = HEAD + ("def train(fabric, width):\n"
                   "    fabric.setup_module(nn.Linear(4, width))\n"
                   "\n"
                   "\n"
                   "if __name__ == '__main__':\n"
                   "    Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(lambda f: train(f, 8))\n")
    findings = check_source(text).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in findings] == [("LXF006", "error", LAMBDA, 13, 65, 86)]
    fixed = apply_fix(text, findings[0].fixes[0].edits)
    assert "def _launched(f):\n    return train(f, 8)\n\n\nif __name__ == '__main__':\n" in fixed
    assert ".launch(_launched)\n" in fixed
    assert check_source(fixed).findings == []


def test_a_lambda_among_the_launch_s_arguments_is_pickled_too():
    assert shown("def train(fabric, make_model):\n"
                 "    fabric.setup_module(make_model())\n"
                 "\n"
                 "\n"
                 "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train, make_model=lambda: nn.Linear(4, 4))\n"
                 ) == [(
        "LXF006", "error",
        "`fabric.launch` is to pass a lambda to the launched function, which cannot be pickled: " + SENDS +
        "PicklingError before your function runs. Use a function defined at module level (or a `functools.partial` "
        "of one)", 12, 79, 102)]


DECORATOR = """\
def on_tpu(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(fn, *args, **kwargs)
    return wrapper


"""


def test_a_function_launched_by_its_own_decorator_is_not_the_module_s_object():
    assert shown(DECORATOR + "@on_tpu\n"
                 "def train(fabric, steps=2):\n"
                 "    fabric.setup_module(nn.Linear(4, steps))\n"
                 "\n"
                 "\n"
                 "if __name__ == '__main__':\n"
                 "    train(steps=3)\n") == [(
        "LXF006", "error",
        "`fabric.launch` is given `train` as it was defined, but the module's `train` holds another object (what "
        "`@on_tpu` made of it), and pickle finds a function by its module and name: under XLAFSDPStrategy the launch "
        "sends the function to the spawned processes, so it fails with PicklingError: Can't pickle <function "
        "train>: it's not the same object as __main__.train before your function runs. Keep the launched function "
        "under a name of its own (`def _train(fabric, ...)`, then `train = decorator(_train)`)", 11, 76, 78)]


def test_the_function_kept_under_its_own_name_is_found_by_pickle():
    assert shown(DECORATOR + "def _train(fabric, steps=2):\n"
                 "    fabric.setup_module(nn.Linear(4, steps))\n"
                 "\n"
                 "\n"
                 "train = on_tpu(_train)\n"
                 "if __name__ == '__main__':\n"
                 "    train(steps=3)\n") == []


def test_a_closure_launched_without_xla_or_without_a_parameter_is_not_this_rule_s():
    # another strategy does not pickle the function (a CPU DDP launch re-runs the script); a launched function
    # with no parameter fails earlier, with LXF018's TypeError
    assert shown("def main():\n"
                 "    def train(fabric):\n"
                 "        fabric.setup_module(nn.Linear(4, 4))\n"
                 "\n"
                 "    Fabric(accelerator='cpu', strategy='ddp', devices=2).launch(train)\n"
                 "\n"
                 "\n"
                 "main()\n") == []
    assert [code for code, *_ in shown("def main():\n"
                                       "    def train():\n"
                                       "        pass\n"
                                       "\n"
                                       "    Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n"
                                       "\n"
                                       "\n"
                                       "main()\n")] == ["LXF018"]


def test_a_module_level_function_and_a_partial_of_one_are_fine():
    assert shown("def train(fabric, width):\n"
                 "    fabric.setup_module(nn.Linear(4, width))\n"
                 "\n"
                 "\n"
                 "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
                 "fabric.launch(functools.partial(train, width=8))\n"
                 "fabric.launch(train, 8)\n") == []
