#!/usr/bin/env python3
"""A generated project of N modules for the scale benches: packages with `__init__` re-exports,
imports between modules (absolute, relative, `import a.b as c`), config modules, and Fabric code that
reads its strategy's policies from a config module elsewhere (a tenth of those configs hold a list,
which Lightning rejects: LXF001 on the config's line).

    python bench/gen_project.py OUT [--modules 2000]      # writes OUT/ (pyproject.toml, proj/...)

Deterministic: the same N gives the same tree, byte for byte.
"""

from __future__ import annotations

import argparse
from pathlib import Path

PER_PACKAGE = 100  # modules per package (its __init__ included)

PLAIN = '''"""Module {name}: helpers of package {package}."""
from __future__ import annotations

import math

from {import_a} import {func_a}
from .{sibling} import {func_b} as helper

SCALE_{i} = {i} * 0.5
NAMES_{i} = ("alpha", "beta", "gamma")


def {func}(x: float, factor: float = SCALE_{i}) -> float:
    """A small computation that the rest of the project reuses."""
    y = {func_a}(x) + helper(x)
    for _ in range(3):
        y = math.sqrt(abs(y) + factor)
    return y


class Thing{i}:
    def __init__(self, size: int = {i}):
        self.size = size
        self.items = [n for n in NAMES_{i}]

    def total(self) -> float:
        return sum({func}(float(k)) for k in range(self.size % 7))
'''

CONFIG = '''"""Configuration {name}: model shape and sharding of one experiment."""
from dataclasses import dataclass, field

from torch import nn


class Block{i}(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.proj(x)


WRAP = {{Block{i}}}
CHECKPOINT = {checkpoint}


@dataclass
class Experiment{i}:
    dim: int = 8
    steps: int = 2
    precision: str = "bf16-true"
    names: list = field(default_factory=lambda: ["a", "b"])
'''

TRAIN = '''"""Training entry {name}: the strategy reads its policies from {config}."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import {config_pkg}.{config_mod} as cfg
from {config_pkg}.{config_mod} import Block{ci}, Experiment{ci}
from {import_a} import {func_a}


def build_strategy():
    return XLAFSDPStrategy(auto_wrap_policy=cfg.WRAP, activation_checkpointing_policy=cfg.CHECKPOINT)


def train(fabric):
    exp = Experiment{ci}()
    model = torch.nn.Sequential(Block{ci}(exp.dim), Block{ci}(exp.dim))
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr={func_a}(1.0)))
    for _ in range(exp.steps):
        loss = model(torch.randn(2, exp.dim)).sum()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=8, strategy=build_strategy(), precision="bf16-true")
    fabric.launch(train)
'''

HUB = '''"""A module that imports {count} modules of the project (the keystroke bench's file)."""
{imports}
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def total(x: float) -> float:
    return {calls}


def run(fabric):
    # the line a keystroke bench types at
    strategy = XLAFSDPStrategy(auto_wrap_policy={{{blocks}}}, activation_checkpointing_policy={{{blocks}}})
    return Fabric(strategy=strategy), total(1.0)
'''


def kind_of(index: int, train_every: int) -> str:
    if index % 20 == 5:
        return "config"
    if index % train_every == train_every * 3 // 4:
        return "train"
    return "plain"


def generate(root: Path, modules: int, train_every: int = 20) -> dict[str, Path]:
    """Writes the project, a training script every `train_every` modules; returns a few files the
    benches use (`hub`, `lone`, `train`, `config`)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text('[project]\nname = "proj"\nversion = "0"\n')
    packages = max(1, -(-modules // PER_PACKAGE))
    top = root / "proj"
    top.mkdir(exist_ok=True)
    (top / "__init__.py").write_text('"""The generated project."""\n')
    written = 1
    configs: list[tuple[str, str, int]] = []
    funcs: list[tuple[str, str]] = []  # (dotted module, function) of the plain modules so far
    out: dict[str, Path] = {}
    for p in range(packages):
        package = f"pkg{p:02d}"
        folder = top / package
        folder.mkdir(exist_ok=True)
        count = min(PER_PACKAGE - 1, modules - written - 1)
        if count < 1:
            break
        exports = []
        for m in range(count):
            i = p * PER_PACKAGE + m
            name = f"mod{m:02d}"
            dotted = f"proj.{package}.{name}"
            kind = kind_of(i, train_every)
            if kind == "config":
                checkpoint = f"[Block{i}]" if (i // 20) % 10 == 3 else f"{{Block{i}}}"
                text = CONFIG.format(name=dotted, i=i, checkpoint=checkpoint)
                configs.append((f"proj.{package}", name, i))
                out.setdefault("config", folder / f"{name}.py")
            elif kind == "train" and configs:
                config_pkg, config_mod, ci = configs[-1]
                import_a, func_a = funcs[(i * 7) % len(funcs)]
                text = TRAIN.format(name=dotted, config=f"{config_pkg}.{config_mod}", config_pkg=config_pkg,
                                    config_mod=config_mod, ci=ci, import_a=import_a, func_a=func_a)
                out.setdefault("train", folder / f"{name}.py")
            else:
                func = f"f{i}"
                if funcs:
                    import_a, func_a = funcs[(i * 13) % len(funcs)]
                else:
                    import_a, func_a = "math", "fabs"
                own = [f for d, f in funcs if d.startswith(f"proj.{package}.")]
                sibling, func_b = ((next(d for d, f in funcs if f == own[-1]).rsplit(".", 1)[1], own[-1])
                                   if own else (name, func))
                if sibling == name:  # the package's first plain module: a helper of its own
                    text = PLAIN.replace("from .{sibling} import {func_b} as helper\n", "helper = abs\n")
                    text = text.format(name=dotted, package=package, import_a=import_a, func_a=func_a, i=i, func=func)
                else:
                    text = PLAIN.format(name=dotted, package=package, import_a=import_a, func_a=func_a,
                                        sibling=sibling, func_b=func_b, i=i, func=func)
                funcs.append((dotted, func))
                exports.append((name, func))
            (folder / f"{name}.py").write_text(text)
            written += 1
        init = [f'"""Package {package}: re-exports its helpers."""']
        init += [f"from .{name} import {func}" for name, func in exports[:10]]
        init.append(f"__all__ = [{', '.join(repr(f) for _, f in exports[:10])}]")
        (folder / "__init__.py").write_text("\n".join(init) + "\n")
        written += 1
    # the hub (20 project imports: the policies' classes from 10 configs, 10 helpers) and a lone module
    # (the same code, its classes its own), for the LSP benches
    blocks = [(f"{package}.{mod}", f"Block{i}") for package, mod, i in configs[:: max(1, len(configs) // 10)][:10]]
    picked = funcs[:: max(1, len(funcs) // (20 - len(blocks)))][: 20 - len(blocks)]
    imports = "\n".join(f"from {d} import {f}" for d, f in [*blocks, *picked])
    calls = " + ".join(f"{f}(x)" for _, f in picked) or "x"
    names = ", ".join(b for _, b in blocks)
    (top / "hub.py").write_text(HUB.format(count=len(blocks) + len(picked), imports=imports, calls=calls, blocks=names))
    own = "import math\n\nfrom torch import nn\n\n\n" + "".join(f"class {b}(nn.Module):\n    pass\n\n\n" for _, b in blocks)
    (top / "lone.py").write_text(HUB.format(count=0, imports=own, calls="math.fabs(x)", blocks=names))
    out["hub"], out["lone"] = top / "hub.py", top / "lone.py"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--modules", type=int, default=2000)
    parser.add_argument("--train-every", type=int, default=20, help="a training script every N modules")
    args = parser.parse_args()
    files = generate(args.out, args.modules, args.train_every)
    print(f"{sum(1 for _ in args.out.rglob('*.py'))} modules under {args.out}; " +
          ", ".join(f"{k}: {v.relative_to(args.out)}" for k, v in sorted(files.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
