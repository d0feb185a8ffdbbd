"""A module's name bound to a test of its constants (`ON_XLA = ACCELERATOR in ("tpu", "xla")`) decides an `if` on it
as a `True`/`False` flag does: in the module itself, read as `backend.ON_XLA`, or imported by name."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

LOOP = '''
from lightning.fabric import Fabric


def worst(fabric, loss):
    if {test}:
        return fabric.all_gather(loss).max()
    return fabric.all_reduce(loss, reduce_op="max")


def fit(fabric):
    worst(fabric, 1.0)


fabric = Fabric(accelerator="tpu", strategy="xla_fsdp")
fabric.launch(fit)
'''


def findings(path: Path) -> list[tuple[str, str, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1)
            for f in check_source(path.read_text(), str(path)).findings]


def script(tmp_path: Path, head: str, test: str) -> Path:
    path = tmp_path / "train.py"
    path.write_text(head + LOOP.format(test=test))
    return path


def test_a_module_name_bound_to_a_test_of_its_constants_decides_the_if(tmp_path):
    # the test holds: the `all_reduce(reduce_op="max")` after the `return` never runs
    assert findings(script(tmp_path, 'STRATEGY = "xla_fsdp"\nXLA = STRATEGY == "xla_fsdp"\n', "XLA")) == []
    assert findings(script(tmp_path, 'A = "tpu"\nXLA = A in ("tpu", "xla")\n', "XLA")) == []
    assert findings(script(tmp_path, 'A = "tpu"\nCUDA = not A in ("tpu", "xla")\n', "not CUDA")) == []
    # it does not: the run reaches the reduce by max
    assert findings(script(tmp_path, 'STRATEGY = "xla_fsdp"\nXLA = STRATEGY == "xla-fsdp"\n', "XLA")) \
        == [("LXF027", "error", 10)]


def test_a_test_the_module_cannot_decide_keeps_both_branches(tmp_path):
    head = 'import os\nSTRATEGY = "xla_fsdp"\nXLA = os.environ.get("XLA") == "1"\n'
    assert findings(script(tmp_path, head, "XLA")) == [("LXF027", "error", 11)]
    head = 'STRATEGY = "xla_fsdp"\nXLA = STRATEGY == "xla_fsdp"\nXLA = False\n'  # bound twice: not one test
    assert findings(script(tmp_path, head, "XLA")) == [("LXF027", "error", 11)]


def project(tmp_path: Path, backend: str, metrics: str) -> Path:
    tmp_path.mkdir()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "backend.py").write_text(backend)
    (tmp_path / "metrics.py").write_text(metrics)
    train = tmp_path / "train.py"
    train.write_text(
        "from lightning.fabric import Fabric\n\nimport backend\nfrom metrics import worst\n\n\n"
        "def fit(fabric):\n    worst(fabric, 1.0)\n\n\n"
        "fabric = Fabric(accelerator=backend.ACCELERATOR, strategy=backend.STRATEGY)\nfabric.launch(fit)\n")
    return tmp_path / "metrics.py"


BY_ATTRIBUTE = '''import backend


def worst(fabric, loss):
    if backend.ON_XLA:
        return fabric.all_gather(loss).max()
    return fabric.all_reduce(loss, reduce_op="max")
'''

BY_NAME = '''from backend import ON_XLA


def worst(fabric, loss):
    if not ON_XLA:
        return fabric.all_reduce(loss, reduce_op="max")
    return fabric.all_gather(loss).max()
'''


def test_the_test_of_another_module_read_as_its_attribute_or_imported_name(tmp_path):
    names = 'ACCELERATOR = "tpu"\nSTRATEGY = "xla_fsdp"\n'
    for metrics, line in ((BY_ATTRIBUTE, 7), (BY_NAME, 6)):
        fine = project(tmp_path / f"fine{line}", names + 'ON_XLA = ACCELERATOR in ("tpu", "xla")\n', metrics)
        assert findings(fine) == []
        wrong = project(tmp_path / f"wrong{line}", names + 'ON_XLA = ACCELERATOR == "xla"\n', metrics)
        assert findings(wrong) == [("LXF027", "error", line)]


def test_a_call_of_a_module_function_that_only_returns_a_test_or_a_constant(tmp_path):
    head = 'A = "tpu"\n\n\ndef on_xla():\n    """On XLA devices."""\n    return A in ("tpu", "xla")\n\n\n'
    assert findings(script(tmp_path, head, "on_xla()")) == []
    assert findings(script(tmp_path, head.replace('A = "tpu"', 'A = "cuda"'), "on_xla()")) == [("LXF027", "error", 16)]
    head = 'A = "tpu"\n\n\ndef backend():\n    return A\n\n\n'
    assert findings(script(tmp_path, head, 'backend() == "tpu"')) == []
    assert findings(script(tmp_path, head, 'backend() == "xla"')) == [("LXF027", "error", 15)]
    # a function that does more than return, or takes something, is not read so
    head = 'import os\n\n\ndef on_xla():\n    os.environ.setdefault("PJRT_DEVICE", "TPU")\n    return True\n\n\n'
    assert findings(script(tmp_path, head, "on_xla()")) == [("LXF027", "error", 16)]


HELPER_BY_ATTRIBUTE = BY_ATTRIBUTE.replace("backend.ON_XLA:", "backend.on_xla():")
HELPER_BY_NAME = BY_NAME.replace("import ON_XLA", "import on_xla").replace("not ON_XLA:", "not on_xla():")


def test_a_call_of_another_module_s_function_read_as_its_attribute_or_imported_name(tmp_path):
    names = 'ACCELERATOR = "tpu"\nSTRATEGY = "xla_fsdp"\n\n\ndef on_xla():\n    return ACCELERATOR {test}\n'
    for metrics, line in ((HELPER_BY_ATTRIBUTE, 7), (HELPER_BY_NAME, 6)):
        fine = project(tmp_path / f"fine{line}", names.format(test='in ("tpu", "xla")'), metrics)
        assert findings(fine) == []
        wrong = project(tmp_path / f"wrong{line}", names.format(test='== "xla"'), metrics)
        assert findings(wrong) == [("LXF027", "error", line)]


def test_a_cached_helper_and_a_class_attribute_bound_to_a_test(tmp_path):
    head = 'import functools\n\nA = "tpu"\n\n\n@functools.lru_cache(maxsize=None)\ndef on_xla():\n    return A == "tpu"\n\n\n'
    assert findings(script(tmp_path, head, "on_xla()")) == []
    assert findings(script(tmp_path, head.replace('A = "tpu"', 'A = "cuda"'), "on_xla()")) == [("LXF027", "error", 18)]
    head = 'def log(f):\n    return f\n\n\n@log\ndef on_xla():\n    return True\n\n\n'  # any other decorator: not read
    assert findings(script(tmp_path, head, "on_xla()")) == [("LXF027", "error", 17)]
    head = 'class Backend:\n    NAME = "tpu"\n    XLA = NAME in ("tpu", "xla")\n\n\n'
    assert findings(script(tmp_path, head, "Backend.XLA")) == []
    assert findings(script(tmp_path, head.replace('"tpu"\n', '"cuda"\n'), "Backend.XLA")) == [("LXF027", "error", 13)]


def test_a_name_bound_to_an_environment_default_decides_the_test_by_the_default(tmp_path):
    head = 'import os\n\nA = os.environ.get("TRAIN_ACCELERATOR", "tpu")\n'
    assert findings(script(tmp_path, head, 'A == "tpu"')) == []  # the plain run's "tpu": the gather
    assert findings(script(tmp_path, head, 'A == "xla"')) == [("LXF027", "error", 11)]
    # a falsy default stands for a variable a run sets to turn code on; a module that sets it is read as before
    head = 'import os\n\nA = os.environ.get("TRAIN_ACCELERATOR", "")\n'
    assert findings(script(tmp_path, head, "not A")) == [("LXF027", "error", 11)]
    head = 'import os\n\nos.environ.setdefault("TRAIN_ACCELERATOR", "cuda")\nA = os.environ.get("TRAIN_ACCELERATOR", "tpu")\n'
    assert findings(script(tmp_path, head, 'A == "tpu"')) == [("LXF027", "error", 12)]
