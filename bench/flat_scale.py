#!/usr/bin/env python3
"""Whether every rule's cost grows with the file and no faster, on a script with no functions: one
module-level scope holding N repeats of a set-up block (model, `setup_module`, optimizer,
`setup_optimizers`, a state dict changed then saved and loaded, `no_backward_sync`, a dict updated,
a helper given the Fabric). A rule that scans the file (or the scope) for each candidate shows here
as a time growing with N², where the generated scripts of `gen_script.py`, made of small functions,
hide it.

    python bench/flat_scale.py --before ../other-checkout/server --after server [--blocks 100,300]

Each tree runs in a fresh interpreter (PYTHONPATH=<tree>): one check of a small script loads the
rule pack, then one `check_source` of each size is timed (process CPU time). Prints findings, ms,
and the growth from the smallest size (linear: the ratio of the sizes).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

BLOCK = """\
model_{i} = torch.nn.Linear(2, 2)
m_{i} = fabric.setup_module(model_{i})
opt_{i} = torch.optim.Adam(m_{i}.parameters())
opt_{i} = fabric.setup_optimizers(opt_{i})
state_{i} = {{'model': model_{i}, 'opt': opt_{i}}}
state_{i}['step'] = {i}
fabric.save('ck{i}', state_{i})
fabric.load('ck{i}', {{'model': model_{i}}})
with fabric.no_backward_sync(model_{i}):
    print(fabric.device)
d_{i} = dict(a=1)
d_{i}.update(b=2)
fabric.barrier()
def step_{i}(fabric, model):
    return fabric.setup(model)
step_{i}(fabric, model_{i})
"""

HEAD = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
strategy = XLAFSDPStrategy(state_dict_type='full')
fabric = Fabric(strategy=strategy, precision='16-mixed')
"""


def script(blocks: int) -> str:
    return HEAD + "".join(BLOCK.format(i=i) for i in range(blocks)) + "fabric.launch(step_0)\n"


def child(paths: list[str]) -> None:
    import time

    from errata_lsp.analysis import check_source

    check_source(script(1), "warm.py")  # loads the rule pack
    out = []
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        start = time.process_time()
        findings = len(check_source(text, path).findings)
        out.append({"ms": (time.process_time() - start) * 1000, "findings": findings})
    print(json.dumps(out))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", help="the server/ directory of the tree to compare with")
    parser.add_argument("--after", default=str(Path(__file__).resolve().parent.parent / "server"))
    parser.add_argument("--blocks", default="100,300")
    parser.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child)
        return
    sizes = [int(n) for n in args.blocks.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for n in sizes:
            path = Path(tmp) / f"flat_{n}.py"
            path.write_text(script(n), encoding="utf-8")
            paths.append(str(path))
        trees = [("after", args.after)] + ([("before", args.before)] if args.before else [])
        print("| tree | blocks | lines | findings | check ms | growth from the smallest |")
        print("|---|---|---|---|---|---|")
        for name, tree in trees:
            env = dict(os.environ, PYTHONPATH=tree)
            result = subprocess.run([sys.executable, __file__, "--child", *paths], env=env, check=True,
                                    capture_output=True, text=True)
            rows = json.loads(result.stdout)
            for n, row in zip(sizes, rows):
                lines = script(n).count("\n")
                growth = row["ms"] / rows[0]["ms"]
                print(f"| {name} | {n} | {lines} | {row['findings']} | {row['ms']:.0f} | "
                      f"{growth:.1f}x (size {n / sizes[0]:.0f}x) |")


if __name__ == "__main__":
    main()
