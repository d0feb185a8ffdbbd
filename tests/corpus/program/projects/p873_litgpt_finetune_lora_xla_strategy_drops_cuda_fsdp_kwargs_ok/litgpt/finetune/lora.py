"""litgpt/finetune/lora.py on TPU: LoRA fine-tuning with Fabric, XLA FSDP across the host's cores."""
import os
import time
from pathlib import Path
from typing import Dict, List, Optional

import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader

from litgpt.args import EvalArgs, TrainArgs
from litgpt.config import Config
from litgpt.lora import GPT, Block, lora_filter, mark_only_lora_as_trainable
from litgpt.utils import CycleIterator, chunked_cross_entropy, get_lr_scheduler, num_parameters


def setup(
    model_name: str = "tiny-llama-debug",
    out_dir: Path = Path("out/finetune/lora"),
    precision: str = "bf16-true",
    devices: int = 8,
    num_nodes: int = 1,
    lora_r: int = 8,
    lora_alpha: int = 16,
    lora_dropout: float = 0.05,
    lora_query: bool = True,
    lora_key: bool = False,
    lora_value: bool = True,
    lora_projection: bool = False,
    lora_mlp: bool = False,
    lora_head: bool = False,
    train: TrainArgs = TrainArgs(
        save_interval=1000,
        log_interval=1,
        global_batch_size=16,
        micro_batch_size=1,
        lr_warmup_steps=100,
        epochs=5,
        max_seq_length=None,
    ),
    eval: EvalArgs = EvalArgs(interval=100, max_new_tokens=100, max_iters=100),
    seed: int = 1337,
) -> None:
    """Finetune a model using the LoRA method."""
    config = Config.from_name(
        model_name,
        lora_r=lora_r,
        lora_alpha=lora_alpha,
        lora_dropout=lora_dropout,
        lora_query=lora_query,
        lora_key=lora_key,
        lora_value=lora_value,
        lora_projection=lora_projection,
        lora_mlp=lora_mlp,
        lora_head=lora_head,
    )

    if devices * num_nodes > 1:
        strategy = XLAFSDPStrategy(
            auto_wrap_policy={Block},
            activation_checkpointing_policy={Block},
            state_dict_type="sharded",
        )
    else:
        strategy = "auto"

    fabric = L.Fabric(accelerator="tpu", devices=devices, num_nodes=num_nodes, strategy=strategy, precision=precision)
    fabric.launch(main, seed, config, Path(out_dir), train, eval)


def alpaca_dataloader(config: Config, micro_batch_size: int, n: int = 32) -> DataLoader:
    """Stands in for litgpt.data.Alpaca: tokenized prompt/response pairs, the prompt masked out of the labels."""
    g = torch.Generator().manual_seed(0)
    tokens = torch.randint(0, config.vocab_size, (n, config.block_size), generator=g)
    labels = tokens.clone()
    labels[:, : config.block_size // 2] = -100
    return DataLoader([{"input_ids": tokens[i], "labels": labels[i]} for i in range(n)], batch_size=micro_batch_size, shuffle=True)


def main(fabric: L.Fabric, seed: int, config: Config, out_dir: Path, train: TrainArgs, eval: EvalArgs) -> None:
    fabric.seed_everything(seed)  # same seed for every process to init model (FSDP)
    train_dataloader = fabric.setup_dataloaders(alpaca_dataloader(config, train.micro_batch_size))
    steps_per_epoch = len(train_dataloader) // train.gradient_accumulation_iters(fabric.world_size)
    lr_max_steps = min(train.epochs * steps_per_epoch, (train.max_steps or float("inf")))

    if fabric.global_rank == 0:
        os.makedirs(out_dir, exist_ok=True)

    model = GPT(config)
    mark_only_lora_as_trainable(model)

    fabric.print(f"Number of trainable parameters: {num_parameters(model, requires_grad=True):,}")
    fabric.print(f"Number of non-trainable parameters: {num_parameters(model, requires_grad=False):,}")

    model = fabric.setup_module(model)
    trainable_params = [p for p in model.parameters() if p.requires_grad]
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(trainable_params, lr=3e-4, weight_decay=0.02, betas=(0.9, 0.95)))
    scheduler = get_lr_scheduler(optimizer, warmup_steps=train.lr_warmup_steps, max_steps=lr_max_steps)

    train_time = time.perf_counter()
    fit(fabric, model, optimizer, scheduler, train_dataloader, train, eval)
    fabric.print(f"Training time: {(time.perf_counter() - train_time):.2f}s")

    # Save the final LoRA checkpoint at the end of training
    save_path = out_dir / "final" / "lit_model.pth.lora"
    fabric.save(str(save_path), {"model": model}, filter={"model": lora_filter})
    fabric.print(f"Saved LoRA weights to {str(save_path)!r}")


def fit(fabric, model, optimizer, scheduler, train_dataloader, train: TrainArgs, eval: EvalArgs) -> None:
    train_iterator = CycleIterator(train_dataloader)
    iter_num = 0
    step_count = 0
    max_steps = train.max_steps or float("inf")
    gradient_accumulation_iters = train.gradient_accumulation_iters(fabric.world_size)

    while step_count < max_steps and train_iterator.epoch < train.epochs:
        iter_num += 1
        iter_t0 = time.perf_counter()
        batch = next(train_iterator)
        input_ids, targets = batch["input_ids"], batch["labels"]

        is_accumulating = iter_num % gradient_accumulation_iters != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            logits = model(input_ids)
            # shift the targets such that output n predicts token n+1
            loss = chunked_cross_entropy(logits[..., :-1, :], targets[..., 1:])
            fabric.backward(loss / gradient_accumulation_iters)

        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()
            scheduler.step()
            step_count += 1

        if iter_num % train.log_interval == 0:
            fabric.print(
                f"Epoch {train_iterator.epoch + 1} | iter {iter_num} step {step_count} |"
                f" loss train: {loss.item():.3f}, iter time: {(time.perf_counter() - iter_t0) * 1000:.2f} ms"
                f"{' (step)' if not is_accumulating else ''}"
            )
