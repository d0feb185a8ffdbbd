"""What seeing through wrappers costs: a training script full of them, checked by two revisions in the
same run, interleaved (as compare_revisions.py does with its generated script, which has none).

    python bench/wrapper_cost.py --base /tmp/errata-base/server --head server [--blocks 20 100]

The script repeats, `--blocks` times, the shapes the value-flow layer follows: a decorator with
`functools.wraps`, a decorator factory, a class decorator, a dict of step functions called by key, a list
of hooks iterated and called, and a `functools.partial` of a worker given to `fabric.launch`. *open* is
the first `check_source`, *change* one character typed in a comment inside a function. Reports p50 of
each and the head/base ratios. Nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare_revisions import run  # noqa: E402  (a script beside this one, not a package)

HEAD = '''import functools
from functools import partial

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def forward(self, x):
        return x
'''

BLOCK = '''

def timed_{i}(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


def retry_{i}(times):
    def decorate(fn):
        def wrapper(*args, **kwargs):
            for _ in range(times):
                out = fn(*args, **kwargs)
            return out
        return wrapper
    return decorate


class Profiled_{i}:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)


@timed_{i}
def train_step_{i}(fabric, model, optimizer):
    # one optimizer step
    fabric.backward(model(torch.randn(2, 4)).sum())
    optimizer.step()


@retry_{i}(2)
def eval_step_{i}(fabric, model, optimizer):
    return model(torch.randn(2, 4))


@Profiled_{i}
def clip_{i}(fabric, model, optimizer):
    fabric.clip_gradients(model, optimizer, max_norm=1.0)


STEPS_{i} = {{"train": train_step_{i}, "eval": eval_step_{i}}}
HOOKS_{i} = [clip_{i}]


def worker_{i}(fabric, mode, steps):
    model = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    for _ in range(steps):
        STEPS_{i}[mode](fabric, model, optimizer)
        for hook in HOOKS_{i}:
            hook(fabric, model, optimizer)
'''

TAIL = '''

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={{Block}}))
{launches}
'''


def script(blocks: int) -> str:
    launches = "\n".join(f"    fabric.launch(partial(worker_{i}, mode='train', steps=2))" for i in range(blocks))
    return HEAD + "".join(BLOCK.format(i=i) for i in range(blocks)) + TAIL.format(launches=launches)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True, help="the base revision's source root (the folder holding errata_lsp)")
    parser.add_argument("--head", required=True)
    parser.add_argument("--blocks", type=int, nargs="+", default=[20, 100])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keystrokes", type=int, default=10)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for blocks in args.blocks:
            path = Path(tmp) / f"wrappers_{blocks}.py"
            text = script(blocks)
            path.write_text(text, encoding="utf-8")
            samples: dict[str, list[dict]] = {"base": [], "head": []}
            for _ in range(args.rounds):
                for name in ("base", "head"):
                    samples[name].append(run(getattr(args, name), str(path), args.keystrokes))
            row: dict = {"blocks": blocks, "lines": text.count("\n")}
            for name in ("base", "head"):
                for key in ("open", "change"):
                    row[f"{name}_{key}_ms"] = 1000 * statistics.median(s[key] for s in samples[name])
                row[f"{name}_findings"] = samples[name][0]["findings"]
            for key in ("open", "change"):
                row[f"{key}_ratio"] = row[f"head_{key}_ms"] / row[f"base_{key}_ms"]
            rows.append(row)
            print(f"{blocks:>4} blocks ({row['lines']} lines)  open {row['base_open_ms']:7.1f} -> {row['head_open_ms']:7.1f} ms "
                  f"(x{row['open_ratio']:.2f})  change {row['base_change_ms']:6.1f} -> {row['head_change_ms']:6.1f} ms "
                  f"(x{row['change_ratio']:.2f})  findings {row['base_findings']} -> {row['head_findings']}", flush=True)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
