"""A function decorated with a decorator of another module of the project that returns a wrapper passing its
arguments through unchanged (`def wrapper(fabric, *args, **kwargs): ... fn(fabric, *args, **kwargs)`): a call of
the decorated name is a call of the function with the same arguments, so what the caller passes is what the
body reads. A wrapper that changes, drops or adds arguments, or calls the function on some paths only, leaves
the parameters unknown (silence)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HOOKS = '''\
import functools


def log_step(fn):
    @functools.wraps(fn)
    def wrapper({params}):
{body}
        return out
    return wrapper
'''
TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from hooks import log_step


@log_step
def step(fabric, model, accumulate):
    with fabric.no_backward_sync(model, enabled=accumulate):
        pass


def main(fabric):
    raw = nn.Linear(32, 4)
    model = fabric.setup_module(raw)
    step(fabric, {given}, accumulate=True)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''
FORWARDS = [
    ("fabric, *args, **kwargs", "        out = fn(fabric, *args, **kwargs)\n        fabric.print(fn.__name__)"),
    ("*args, **kwargs", "        out = fn(*args, **kwargs)"),
]


def found(tmp_path, params: str, body: str, given: str) -> list[tuple[str, str, str, int, int]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "hooks.py").write_text(HOOKS.format(params=params, body=body))
    train = tmp_path / "train.py"
    train.write_text(TRAIN.format(given=given))
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(train.read_text(), str(train)).findings]


@pytest.mark.parametrize("params, body", FORWARDS)
def test_a_forwarding_wrapper_of_another_module_passes_the_caller_s_arguments_to_the_body(tmp_path, params, body):
    assert found(tmp_path, params, body, "raw") == [(
        "LXF004", "error", "`model` is not set up: it holds the raw module `nn.Linear(32, 4)` (line 15); pass the "
        "module returned by `fabric.setup(...)`, or Fabric raises TypeError", 10, 33)]
    assert found(tmp_path, params, body, "model") == []


@pytest.mark.parametrize("params, body", [
    ("fabric, *args, **kwargs", "        out = fn(fabric, *args[1:], **kwargs)"),
    ("fabric, *args, **kwargs", "        out = fn(fabric, nn_model(), *args, **kwargs)"),
    ("*args, **kwargs", "        out = fn(*args, **kwargs) if kwargs else None"),
    ("*args, **kwargs", "        if not args:\n            return None\n        out = fn(*args, **kwargs)"),
    ("*args, **kwargs", "        args = args[::-1]\n        out = fn(*args, **kwargs)"),
    ("*args, **kwargs", "        out = fn(*args, **kwargs)\n        out = fn(*args, **kwargs)"),
    ("*args, **kwargs", "        out = fn(*args)"),
    ("*args, **kwargs", "        out = fn(*args, **kwargs, accumulate=False)"),
])
def test_a_wrapper_that_changes_the_arguments_or_may_not_call_leaves_them_unknown(tmp_path, params, body):
    assert found(tmp_path, params, body, "raw") == []
