# expect: LXF042
# oracle: RAISED ValueError: Received both `precision=bf16-true` and `plugins=<lightning.fabric.plugins.precision.xla.XLAPrecision object at 0x7f8a97
"""python full.py: litgpt's finetune/full.py (setup -> main -> fit with TrainArgs/EvalArgs, CycleIterator and chunked_cross_entropy) on a TPU VM with XLA FSDP, a tiny GPT and synthetic instruction data."""
import math
import time
from dataclasses import dataclass
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

import lightning as L
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


# ---------------------------------------------------------------- litgpt/args.py
@dataclass
class TrainArgs:
    save_interval: Optional[int] = 1000
    log_interval: int = 1
    global_batch_size: int = 64
    micro_batch_size: int = 4
    lr_warmup_steps: Optional[int] = 100
    epochs: Optional[int] = None
    max_steps: Optional[int] = None
    max_seq_length: Optional[int] = None
    max_norm: Optional[float] = None
    min_lr: float = 6e-5

    def gradient_accumulation_iters(self, devices: int) -> int:
        gradient_accumulation_iters = self.batch_size(devices) // self.micro_batch_size
        assert gradient_accumulation_iters > 0
        return gradient_accumulation_iters

    def batch_size(self, devices: int) -> int:
        batch_size = self.global_batch_size // devices
        assert batch_size > 0
        return batch_size


@dataclass
class EvalArgs:
    interval: int = 600
    max_new_tokens: Optional[int] = None
    max_iters: int = 100


# ---------------------------------------------------------------- litgpt/config.py + model.py
@dataclass
class Config:
    name: str = ""
    block_size: int = 32
    vocab_size: int = 64
    n_layer: int = 2
    n_head: int = 2
    n_embd: int = 32

    @classmethod
    def from_name(cls, name: str, **kwargs: Any) -> "Config":
        conf_dict = next(c for c in configs if c["name"] == name)
        return cls(**{**conf_dict, **kwargs})


configs: List[Dict[str, Any]] = [
    dict(name="pythia-14m-tiny", block_size=32, vocab_size=64, n_layer=2, n_head=2, n_embd=32),
    dict(name="pythia-31m-tiny", block_size=64, vocab_size=64, n_layer=4, n_head=4, n_embd=64),
]


class Block(nn.Module):
    def __init__(self, config: Config) -> None:
        super().__init__()
        self.norm_1 = nn.LayerNorm(config.n_embd)
        self.attn = nn.MultiheadAttention(config.n_embd, config.n_head, batch_first=True)
        self.norm_2 = nn.LayerNorm(config.n_embd)
        self.mlp = nn.Sequential(nn.Linear(config.n_embd, 4 * config.n_embd), nn.GELU(), nn.Linear(4 * config.n_embd, config.n_embd))

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        h = self.norm_1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.mlp(self.norm_2(x))


class GPT(nn.Module):
    def __init__(self, config: Config) -> None:
        super().__init__()
        self.config = config
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.h = nn.ModuleList(Block(config) for _ in range(config.n_layer))
        self.ln_f = nn.LayerNorm(config.n_embd)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        T = idx.size(1)
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool, device=idx.device), diagonal=1)
        x = self.wte(idx)
        for block in self.h:
            x = block(x, mask)
        return self.lm_head(self.ln_f(x))


# ---------------------------------------------------------------- litgpt/utils.py
class CycleIterator:
    """An iterator that cycles through an iterable indefinitely."""

    def __init__(self, iterable: Iterable) -> None:
        self.iterable = iterable
        self.epoch = 0
        self._iterator = None

    def __next__(self) -> Any:
        if self._iterator is None:
            self._iterator = iter(self.iterable)
        try:
            return next(self._iterator)
        except StopIteration:
            self._iterator = iter(self.iterable)
            self.epoch += 1
            return next(self._iterator)

    def __iter__(self) -> "CycleIterator":
        return self


def chunked_cross_entropy(logits: torch.Tensor, targets: torch.Tensor, chunk_size: int = 128, ignore_index: int = -100) -> torch.Tensor:
    logits = logits.reshape(-1, logits.size(-1))
    targets = targets.reshape(-1)
    if chunk_size == 0:
        return torch.nn.functional.cross_entropy(logits, targets, ignore_index=ignore_index)
    logit_chunks = logits.split(chunk_size)
    target_chunks = targets.split(chunk_size)
    loss_chunks = [
        torch.nn.functional.cross_entropy(logit_chunk, target_chunk, ignore_index=ignore_index, reduction="none")
        for logit_chunk, target_chunk in zip(logit_chunks, target_chunks)
    ]
    non_masked_elems = (targets != ignore_index).sum()
    return torch.cat(loss_chunks).sum() / non_masked_elems.maximum(torch.ones_like(non_masked_elems))


def num_parameters(module: nn.Module, requires_grad: Optional[bool] = None) -> int:
    total = 0
    for p in module.parameters():
        if requires_grad is None or p.requires_grad == requires_grad:
            total += p.numel()
    return total


def get_lr(learning_rate: float, it: int, warmup_iters: int, max_iters: int, min_lr: float) -> float:
    if it < warmup_iters:
        return learning_rate * it / warmup_iters
    if it > max_iters:
        return min_lr
    ratio = (it - warmup_iters) / (max_iters - warmup_iters)
    coeff = 0.5 * (1.0 + math.cos(math.pi * ratio))
    return min_lr + coeff * (learning_rate - min_lr)


# ---------------------------------------------------------------- data (stands in for litgpt.data.Alpaca)
def instruction_dataloader(config: Config, micro_batch_size: int, n: int = 32) -> DataLoader:
    g = torch.Generator().manual_seed(0)
    tokens = torch.randint(0, config.vocab_size, (n, config.block_size + 1), generator=g)
    labels = tokens[:, 1:].clone()
    labels[:, : config.block_size // 4] = -100  # the prompt part is not trained on
    samples = [{"input_ids": tokens[i, :-1], "labels": labels[i]} for i in range(n)]
    return DataLoader(samples, batch_size=micro_batch_size, shuffle=True)


# ---------------------------------------------------------------- litgpt/finetune/full.py
def setup(
    model_name: str = "pythia-14m-tiny",
    precision: Optional[str] = None,
    devices: Union[int, str] = "auto",
    accelerator: str = "tpu",
    train: TrainArgs = TrainArgs(
        save_interval=None, log_interval=1, global_batch_size=8, micro_batch_size=4, lr_warmup_steps=1, max_steps=3, max_norm=1.0
    ),
    eval: EvalArgs = EvalArgs(interval=600, max_new_tokens=100, max_iters=100),
    seed: int = 1337,
) -> None:
    config = Config.from_name(model_name)
    precision = precision or "bf16-true"

    plugins = None
    if accelerator == "tpu":
        # bitsandbytes' `BitsandbytesPrecision` is CUDA-only; on a TPU the precision goes through XLA's plugin
        plugins = XLAPrecision(precision)

    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = L.Fabric(accelerator=accelerator, devices=devices, strategy=strategy, precision=precision, plugins=plugins)
    fabric.launch(main, seed, config, train, eval)


def main(fabric: L.Fabric, seed: int, config: Config, train: TrainArgs, eval: EvalArgs) -> None:
    fabric.seed_everything(seed)
    train_dataloader = fabric.setup_dataloaders(instruction_dataloader(config, train.micro_batch_size))

    t0 = time.perf_counter()
    model = fabric.setup_module(GPT(config))
    fabric.print(f"Time to instantiate model: {time.perf_counter() - t0:.02f} seconds.")
    fabric.print(f"Number of trainable parameters: {num_parameters(model, requires_grad=True):,}")

    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.02, betas=(0.9, 0.95)))
    state = {"model": model, "optimizer": optimizer, "iter_num": 0, "step_count": 0}
    fit(fabric, state, train_dataloader, config, train, eval)


def fit(fabric: L.Fabric, state: dict, train_dataloader: DataLoader, config: Config, train: TrainArgs, eval: EvalArgs) -> None:
    model, optimizer = state["model"], state["optimizer"]
    train_iterator = CycleIterator(train_dataloader)
    gradient_accumulation_iters = train.gradient_accumulation_iters(fabric.world_size)
    max_steps = train.max_steps or float("inf")

    while state["step_count"] < max_steps:
        state["iter_num"] += 1
        iter_t0 = time.perf_counter()
        batch = next(train_iterator)
        input_ids, targets = batch["input_ids"], batch["labels"]
        lr = get_lr(3e-3, state["iter_num"], train.lr_warmup_steps, max_steps * gradient_accumulation_iters, train.min_lr)
        for param_group in optimizer.param_groups:
            param_group["lr"] = lr

        is_accumulating = state["iter_num"] % gradient_accumulation_iters != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            logits = model(input_ids)
            loss = chunked_cross_entropy(logits[..., :-1, :], targets[..., 1:])
            fabric.backward(loss / gradient_accumulation_iters)

        if not is_accumulating:
            fabric.clip_gradients(model, optimizer, max_norm=train.max_norm)
            optimizer.step()
            optimizer.zero_grad()
            state["step_count"] += 1

        if state["iter_num"] % train.log_interval == 0:
            fabric.print(
                f"Epoch {train_iterator.epoch + 1} | iter {state['iter_num']} step {state['step_count']} |"
                f" loss train: {loss.item():.3f}, iter time: {(time.perf_counter() - iter_t0) * 1000:.2f} ms"
                f"{' (step)' if not is_accumulating else ''}"
            )


if __name__ == "__main__":
    torch.set_float32_matmul_precision("high")
    setup()
