#!/usr/bin/env python3
"""Deterministic generator of realistic Lightning Fabric training scripts.

    python bench/gen_script.py --lines 10000 [--no-triggers] [--seed 0] > out.py

The output has exactly --lines lines, always parses with ``ast.parse``, and is a
byte-for-byte function of (--lines, --seed, --no-triggers).

With triggers (default) the script imports Fabric and XLAFSDPStrategy and spreads
the rule pack's triggers through ordinary code (modules, loops, comments,
f-strings, docstrings, non-ASCII text):

  * XLAFSDPStrategy(activation_checkpointing_policy=[Block])               list policy
  * XLAFSDPStrategy(activation_checkpointing_policy={Block},
                    auto_wrapper_callable=wrap)                            both arguments
  * fabric.strategy.no_backward_sync(model, enabled=True)                  not on Strategy
  * wrapped = fabric.setup(raw_model); fabric.no_backward_sync(raw_model)  raw module
  * fabric.setup(model, optimizer)                                          XLAFSDP: module first
  * fabric.clip_gradients(model, opt, clip_val=1.0)
  * Fabric(precision="16-mixed", strategy=...)
  * fabric.launch(train())

With --no-triggers it is a plain PyTorch script that contains none of the words
XLAFSDP, xla_fsdp, fsdp, no_backward_sync, Fabric, fabric, lightning (checked,
case-insensitively): the common file in a workspace.
"""
from __future__ import annotations

import argparse
import ast
import random
import sys

FORBIDDEN_NO_TRIGGER = ("xlafsdp", "xla_fsdp", "fsdp", "no_backward_sync", "fabric", "lightning")

# Comments and strings with accents, CJK and emoji (emoji are UTF-16 surrogate pairs).
NON_ASCII_COMMENTS = [
    "# Régularisation légère : on garde le taux d'apprentissage élevé au début",
    "# 学习率预热 (warm-up) 之后再衰减",
    "# 🚀 this path is the hot loop, keep it allocation-free",
    "# Ünïcödé test: naïve café, façade, coöperate",
    "# 注意: バッチサイズは 8 の倍数にする 🔥",
    "# TODO(josé): résumé from the last checkpoint ✅",
    "# 梯度裁剪 → stabilises the first epoch 📉",
    "# Ελληνικά and Кириллица in one comment, just because",
]
NON_ASCII_STRINGS = [
    "époque", "训练", "🚀 go", "损失", "validação", "naïve", "テスト", "✅ done", "über", "步骤",
]
PLAIN_COMMENTS = [
    "# keep the data loader deterministic",
    "# the scheduler is stepped once per optimizer step, not per batch",
    "# NOTE: this mirrors the reference implementation",
    "# gradient accumulation: scale the loss so the sum matches a big batch",
    "# small epsilon to avoid division by zero",
    "# layer norm before attention (pre-LN) trains more stably",
    "# move to the right device lazily",
    "# evaluation runs without autograd",
    "# see the paper, section 3.2",
    "# reshape (batch, seq, dim) -> (batch * seq, dim)",
]
ACTIVATIONS = ["nn.GELU()", "nn.ReLU()", "nn.SiLU()", "nn.Tanh()"]
OPTIMIZERS = ["torch.optim.AdamW", "torch.optim.SGD", "torch.optim.Adam"]


class Gen:
    def __init__(self, seed: int, triggers: bool):
        self.rng = random.Random(seed)
        self.triggers = triggers
        self.n = 0  # unique suffix counter
        self.model_classes: list[str] = []
        self.trigger_kinds_used: dict[str, int] = {}

    def uid(self) -> int:
        self.n += 1
        return self.n

    def comment(self, indent: str = "") -> str:
        pool = NON_ASCII_COMMENTS if self.rng.random() < 0.35 else PLAIN_COMMENTS
        return indent + self.rng.choice(pool)

    # ---------------------------------------------------------------- header
    def header(self) -> list[str]:
        if self.triggers:
            doc = ('"""Training entry points for the TPU pod runs (Fabric + XLAFSDP).\n\n'
                   'Generated for benchmarks — données synthétiques, 训练脚本 🚀\n"""')
        else:
            doc = '"""Plain PyTorch training utilities.\n\nGenerated for benchmarks — données synthétiques, 训练脚本 🚀\n"""'
        lines = doc.split("\n")
        lines += [
            "from __future__ import annotations",
            "",
            "import math",
            "import os",
            "from dataclasses import dataclass",
            "from functools import partial",
            "",
            "import torch",
            "import torch.nn.functional as F",
            "from torch import nn",
            "from torch.utils.data import DataLoader, TensorDataset",
        ]
        if self.triggers:
            lines += [
                "from lightning.fabric import Fabric",
                "from lightning.fabric.strategies import XLAFSDPStrategy",
            ]
        lines += [
            "",
            "",
            "@dataclass",
            "class Config:",
            '    """Hyper-parameters (valeurs par défaut raisonnables)."""',
            "",
            "    lr: float = 3e-4",
            "    batch_size: int = 32",
            "    epochs: int = 3",
            "    grad_accum: int = 4",
            '    run_name: str = "baseline-é"',
            "",
            "",
            "class Block(nn.Module):",
            '    """A transformer-ish block: the unit we checkpoint."""',
            "",
            "    def __init__(self, dim: int = 256) -> None:",
            "        super().__init__()",
            "        self.norm = nn.LayerNorm(dim)",
            "        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))",
            "",
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:",
            "        return x + self.ff(self.norm(x))",
            "",
            "",
            "def make_loader(cfg: Config, n: int = 1024, dim: int = 256) -> DataLoader:",
            "    x = torch.randn(n, dim)",
            "    y = torch.randint(0, 10, (n,))",
            "    return DataLoader(TensorDataset(x, y), batch_size=cfg.batch_size, shuffle=True)",
            "",
            "",
        ]
        self.model_classes.append("Block")
        return lines

    # ---------------------------------------------------------------- plain units
    def module_class(self) -> list[str]:
        i = self.uid()
        name = f"Net{i}"
        dim = self.rng.choice([64, 128, 256, 512])
        depth = self.rng.randint(2, 6)
        act = self.rng.choice(ACTIVATIONS)
        self.model_classes.append(name)
        return [
            f"class {name}(nn.Module):",
            f'    """Model {i}: {depth} blocks of width {dim} — « {self.rng.choice(NON_ASCII_STRINGS)} »."""',
            "",
            f"    def __init__(self, dim: int = {dim}, depth: int = {depth}, n_classes: int = 10) -> None:",
            "        super().__init__()",
            "        self.embed = nn.Linear(dim, dim)",
            "        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])",
            f"        self.act = {act}",
            "        self.head = nn.Linear(dim, n_classes)",
            "",
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:",
            self.comment("        "),
            "        h = self.act(self.embed(x))",
            "        for block in self.blocks:",
            "            h = block(h)",
            "        return self.head(h)",
            "",
            "",
        ]

    def train_loop(self) -> list[str]:
        i = self.uid()
        model = self.rng.choice(self.model_classes)
        opt = self.rng.choice(OPTIMIZERS)
        word = self.rng.choice(NON_ASCII_STRINGS)
        return [
            f"def train_plain_{i}(cfg: Config) -> float:",
            f'    """Single-device loop #{i}; returns the last loss ({word})."""',
            f"    model = {model}()",
            f"    optimizer = {opt}(model.parameters(), lr=cfg.lr)",
            "    loader = make_loader(cfg)",
            "    last = math.inf",
            "    for epoch in range(cfg.epochs):",
            "        for step, (x, y) in enumerate(loader):",
            self.comment("            "),
            "            logits = model(x)",
            "            loss = F.cross_entropy(logits, y) / cfg.grad_accum",
            "            loss.backward()",
            "            if (step + 1) % cfg.grad_accum == 0:",
            "                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)",
            "                optimizer.step()",
            "                optimizer.zero_grad(set_to_none=True)",
            "            last = loss.item()",
            f'        print(f"[{word}] epoch {{epoch}} step {{step}} loss={{last:.4f}} ✅")',
            "    return last",
            "",
            "",
        ]

    def evaluate(self) -> list[str]:
        i = self.uid()
        return [
            "@torch.no_grad()",
            f"def evaluate_{i}(model: nn.Module, loader: DataLoader) -> dict[str, float]:",
            '    """Accuracy and mean loss — précision et perte moyenne."""',
            "    model.eval()",
            "    correct, total, loss_sum = 0, 0, 0.0",
            "    for x, y in loader:",
            "        logits = model(x)",
            "        loss_sum += F.cross_entropy(logits, y, reduction=\"sum\").item()",
            "        correct += (logits.argmax(-1) == y).sum().item()",
            "        total += y.numel()",
            self.comment("    "),
            '    return {"acc": correct / max(total, 1), "loss": loss_sum / max(total, 1)}',
            "",
            "",
        ]

    def comment_block(self) -> list[str]:
        k = self.rng.randint(2, 6)
        return [self.comment() for _ in range(k)] + [""]

    def config_dict(self) -> list[str]:
        i = self.uid()
        return [
            f"SWEEP_{i} = {{",
            f'    "lr": [{self.rng.choice(["1e-4", "3e-4", "1e-3"])}, {self.rng.choice(["5e-4", "2e-3"])}],',
            f'    "batch_size": [{self.rng.choice([16, 32, 64])}, {self.rng.choice([128, 256])}],',
            f'    "name": "sweep-{i}-{self.rng.choice(NON_ASCII_STRINGS)}",',
            f'    "notes": f"run {{os.getpid()}} — {self.rng.choice(NON_ASCII_STRINGS)}",',
            "}",
            "",
            "",
        ]

    def helper(self) -> list[str]:
        i = self.uid()
        return [
            f"def cosine_lr_{i}(step: int, total: int, base: float = 3e-4, warmup: int = 100) -> float:",
            '    """Cosine schedule with linear warm-up."""',
            "    if step < warmup:",
            "        return base * (step + 1) / warmup",
            "    progress = (step - warmup) / max(1, total - warmup)",
            "    return 0.5 * base * (1.0 + math.cos(math.pi * progress))",
            "",
            "",
        ]

    # ---------------------------------------------------------------- trigger units
    def _used(self, kind: str) -> None:
        self.trigger_kinds_used[kind] = self.trigger_kinds_used.get(kind, 0) + 1

    def trigger_unit(self) -> list[str]:
        i = self.uid()
        r = self.rng.random
        block = self.rng.choice(["Block"] + [c for c in self.model_classes[1:4]])
        model_cls = self.rng.choice(self.model_classes)
        out = [f"def train_pod_{i}(cfg: Config) -> None:",
               f'    """Pod run #{i}: gradient accumulation under XLA FSDP ({self.rng.choice(NON_ASCII_STRINGS)})."""']
        # the strategy
        variant = self.rng.randrange(4)
        if variant == 0:
            self._used("list_policy")
            out.append(f"    strategy = XLAFSDPStrategy(activation_checkpointing_policy=[{block}])")
        elif variant == 1:
            self._used("policy_and_wrapper")
            out.append("    wrap = partial(nn.Sequential)")
            out.append(f"    strategy = XLAFSDPStrategy(activation_checkpointing_policy={{{block}}}, auto_wrapper_callable=wrap)")
        elif variant == 2:
            self._used("list_policy")
            # non-ASCII identifier and an emoji string before the trigger on the same line
            out.append(f'    étiquette = "训练🚀"; stratégie = XLAFSDPStrategy(activation_checkpointing_policy=[{block}])')
            out.append("    strategy = stratégie")
        else:
            out.append(f"    strategy = XLAFSDPStrategy(auto_wrap_policy={{{block}}}, activation_checkpointing_policy={{{block}}})")
        if r() < 0.5:
            self._used("fabric_16_mixed")
            out.append('    fabric = Fabric(accelerator="tpu", devices=8, precision="16-mixed", strategy=strategy)')
        else:
            out.append('    fabric = Fabric(accelerator="tpu", devices=8, strategy=strategy)')
        out.append(self.comment("    "))
        out.append(f"    raw_model = {model_cls}()")
        out.append(f"    optimizer = {self.rng.choice(OPTIMIZERS)}(raw_model.parameters(), lr=cfg.lr)")
        setup_variant = self.rng.randrange(2)
        if setup_variant == 0:
            self._used("setup_model_and_optimizer")
            out.append("    model, optimizer = fabric.setup(raw_model, optimizer)")
        else:
            out.append("    wrapped = fabric.setup(raw_model)")
            out.append("    optimizer = fabric.setup_optimizers(optimizer)")
            out.append("    model = wrapped")
        out.append("    loader = fabric.setup_dataloaders(make_loader(cfg))")
        out.append("    for step, (x, y) in enumerate(loader):")
        out.append("        is_accumulating = (step + 1) % cfg.grad_accum != 0")
        sync_variant = self.rng.randrange(3)
        if sync_variant == 0:
            self._used("strategy_no_backward_sync")
            out.append("        with fabric.strategy.no_backward_sync(model, enabled=True):")
        elif sync_variant == 1 and setup_variant == 1:
            self._used("raw_module_no_backward_sync")
            out.append("        with fabric.no_backward_sync(raw_model):")
        else:
            out.append("        with fabric.no_backward_sync(model, enabled=is_accumulating):")
        out.append("            loss = F.cross_entropy(model(x), y) / cfg.grad_accum")
        out.append("            fabric.backward(loss)")
        out.append("        if not is_accumulating:")
        if r() < 0.6:
            self._used("clip_gradients")
            out.append("            fabric.clip_gradients(model, optimizer, clip_val=1.0)")
        out.append("            optimizer.step()")
        out.append("            optimizer.zero_grad()")
        out.append('        fabric.print(f"步骤 {step} — loss {loss.item():.3f} 🔥")')
        out.append("")
        out.append("")
        if r() < 0.4:
            self._used("launch_call_result")
            j = self.uid()
            out += [
                f"def main_{j}() -> None:",
                '    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())',
                f"    fabric.launch(train_pod_{i}(Config()))",
                "",
                "",
            ]
        return out

    # ---------------------------------------------------------------- assembly
    def generate(self, n_lines: int) -> str:
        lines = self.header()
        plain_units = [
            (self.module_class, 3),
            (self.train_loop, 3),
            (self.evaluate, 2),
            (self.comment_block, 2),
            (self.config_dict, 1),
            (self.helper, 2),
        ]
        funcs = [f for f, w in plain_units for _ in range(w)]
        footer = ['if __name__ == "__main__":', "    cfg = Config()", self.comment("    "),
                  "    print(cfg)"]
        budget = n_lines - len(footer)
        # roughly one trigger unit per ~150 lines of code
        while True:
            if self.triggers and self.rng.random() < 0.12:
                unit = self.trigger_unit()
            else:
                unit = self.rng.choice(funcs)()
            if len(lines) + len(unit) > budget:
                break
            lines += unit
        # pad with comments to the exact length
        while len(lines) < budget:
            lines.append(self.comment())
        lines = lines[:budget] + footer
        return "\n".join(lines) + "\n"


def generate(n_lines: int, seed: int = 0, triggers: bool = True) -> str:
    g = Gen(seed, triggers)
    text = g.generate(n_lines)
    ast.parse(text)  # always valid Python
    if not triggers:
        low = text.lower()
        bad = [w for w in FORBIDDEN_NO_TRIGGER if w in low]
        if bad:
            raise AssertionError(f"no-trigger script contains {bad}")
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-triggers", action="store_true")
    ap.add_argument("-o", "--output", help="write here instead of stdout")
    a = ap.parse_args(argv)
    if a.lines < 80:
        ap.error("--lines must be at least 80")
    text = generate(a.lines, a.seed, not a.no_triggers)
    if a.output:
        with open(a.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    else:
        sys.stdout.reconfigure(encoding="utf-8", newline="\n")
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
