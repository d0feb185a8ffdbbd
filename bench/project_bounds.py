"""What other modules of a project cost a check, as ratios measured in this run (CPU time of this
thread): each hostile project against the same entry file with a small, ordinary sibling.

    python bench/project_bounds.py     # also run by bench/bounds.py; exit 1 if a ratio passes its limit

- a package whose `__init__` star-imports its 1,200 modules, the entry importing from it a name none
  of them binds (a miss is looked up once per version of the modules, not at every keystroke): a
  keystroke's check, against the same package with one module;
- a 2.5 MB sibling, above the 2 MiB bound (read no further than the bound, never parsed): the first check;
- a 1 MB sibling with 25,000 functions against one with 2,500 (a name asked is read from the chunks
  it needs, not by walking the module, whose environment was copied per top-level binding: growth
  is linear, not quadratic): the first check;
- an entry calling 40 helpers of 20 modules that reduce, set up and launch with the Fabric they are
  given (each read at its call, up to the 32 calls a document follows), against the same calls of
  helpers that make no Fabric call: a keystroke's check.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from errata_lsp.analysis.engine import check_document  # noqa: E402

LIMIT = 3.0  # a hostile project may cost this many checks of the ordinary one
# 10x the functions: at most 10x when linear (the fixed cost of a check makes it less); the walk that
# copied its environment per top-level binding grew 14x here, on the way to 100x
GROWTH_LIMIT = 10.0
# A keystroke still takes one `stat` of each module the document read (1,200 here), so that a change on
# disk is seen without a client's file watcher: 3.5x to 5.5x a keystroke of ~2 ms on a busy 2-core machine.
DEPENDENCY_LIMIT = 8.0
# Helpers read at their calls: each of the 32 followed is evaluated for its call, once for every rule.
CALLED_LIMIT = 3.0
LAYERS = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nREMAT = [Block]\n\n\n"
HEAD = "from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
USE = "strategy = XLAFSDPStrategy(auto_wrap_policy={object}, activation_checkpointing_policy=REMAT)\n"


def cpu(action: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        action()
        times.append(time.thread_time() - start)
    return statistics.median(times)


def write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder / "train.py"


def first_check(base: Path, name: str, files: dict[str, str]) -> Callable[[], object]:
    """The first check of the entry, in a project folder of its own each time (nothing cached)."""
    runs = iter(range(1_000))

    def action() -> object:
        entry = write(base / f"{name}-{next(runs)}", files)
        return check_document(entry.read_text(encoding="utf-8"), str(entry))
    return action


def keystroke(base: Path, name: str, files: dict[str, str]) -> Callable[[], object]:
    """A keystroke's check: a digit typed into the entry's `Fabric(...)` call (so the rules run again),
    its previous check given."""
    entry = write(base / name, files)
    text = entry.read_text(encoding="utf-8")
    state = {"checked": check_document(text, str(entry), own_trees=True), "n": 0}

    def action() -> object:
        state["n"] += 1
        typed = text.replace("Fabric(strategy=", f"Fabric(devices={state['n']}, strategy=")
        state["checked"] = check_document(typed, str(entry), previous=state["checked"], own_trees=True)
        return state["checked"]
    return action


def package(modules: int) -> dict[str, str]:
    files = {f"pkg/m{i}.py": f"VALUE_{i} = {i}\n" for i in range(modules)}
    files["pkg/__init__.py"] = "".join(f"from .m{i} import *\n" for i in range(modules))
    files["config.py"] = LAYERS
    # `make_strategy` is in none of the package's modules: every lookup of it is a miss
    files["train.py"] = (HEAD + "from config import REMAT\nfrom pkg import make_strategy\n" + USE
                         + "fabric = Fabric(strategy=make_strategy())\nfabric.launch(print)\n")
    return files


def sibling(text: str) -> dict[str, str]:
    return {"config.py": text, "train.py": HEAD + "from config import REMAT\n" + USE}


def functions(n: int) -> str:
    return LAYERS + "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(n))


def helpers(modules: int, fabric_calls: bool) -> dict[str, str]:
    """`modules` modules of two helpers each, called from `train`, whose bodies call the Fabric or not."""
    body = ("    fabric.setup_module(model)\n    return fabric.all_reduce(x, reduce_op=op)\n" if fabric_calls
            else "    return x\n")
    files = {f"helpers/m{i}.py": "".join(f"def h{i}_{j}(fabric, model, x, op='sum'):\n{body}\n\n" for j in range(2))
             for i in range(modules)}
    files["helpers/__init__.py"] = ""
    calls = "".join(f"    h{i}_{j}(fabric, model, 1.0, op='mean')\n" for i in range(modules) for j in range(2))
    imports = "".join(f"from helpers.m{i} import h{i}_0, h{i}_1\n" for i in range(modules))
    files["train.py"] = (HEAD + imports + "\n\ndef train(fabric):\n    model = None\n" + calls + "\n\n"
                         + "fabric = Fabric(strategy=XLAFSDPStrategy())\nfabric.launch(train)\n")
    return files


def main() -> int:
    failed = False
    with tempfile.TemporaryDirectory(prefix="errata-project-bounds-") as tmp:
        base = Path(tmp)
        check_document(HEAD + USE, None)  # the rules loaded before anything is measured
        misses = ("a miss in a 1,200-module star package", keystroke(base, "star-1200", package(1_200)),
                  keystroke(base, "star-1", package(1)))
        cases = [
            ("2.5 MB sibling (above the bound)", first_check(base, "big", sibling(LAYERS + "x = 1\n" * 440_000)),
             first_check(base, "small", sibling(functions(250)))),
        ]
        growth = ("1 MB sibling, 25,000 vs 2,500 functions", first_check(base, "many", sibling(functions(25_000))),
                  first_check(base, "fewer", sibling(functions(2_500))))
        called = ("40 calls of helpers of 20 modules", keystroke(base, "fabric-helpers", helpers(20, True)),
                  keystroke(base, "plain-helpers", helpers(20, False)))
        for (name, hostile, ordinary), limit in [(misses, DEPENDENCY_LIMIT), *((c, LIMIT) for c in cases),
                                                 (growth, GROWTH_LIMIT), (called, CALLED_LIMIT)]:
            ratio = cpu(hostile) / cpu(ordinary)
            failed |= ratio > limit
            print(f"{name:40s} {ratio:6.2f}x  (limit {limit}x){'  TOO SLOW' if ratio > limit else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
