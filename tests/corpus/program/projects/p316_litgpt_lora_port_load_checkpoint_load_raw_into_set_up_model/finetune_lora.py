# expect: LXF029
# oracle: RAISED _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, do those steps only if you t
# flagged-in: litgpt/utils.py
"""python finetune_lora.py: litgpt's `finetune lora` moved to a TPU pod: XLAFSDPStrategy for multi-device runs, its `load_checkpoint` helper taught the XLA strategy beside torch's FSDP."""
import os
import time
from dataclasses import dataclass
from pathlib import Path

import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

from litgpt.config import Config
from litgpt.model import GPT, Block, mark_only_lora_as_trainable
from litgpt.utils import load_checkpoint, num_parameters


@dataclass
class TrainArgs:
    log_interval: int = 1
    global_batch_size: int = 2
    micro_batch_size: int = 2
    max_steps: int = 2
    max_seq_length: int = 8


def prepare_checkpoint(checkpoint_dir: Path, config: Config) -> None:
    # stands in for `auto_download_checkpoint`: a base model's weights, as `litgpt download` leaves them
    checkpoint_dir.mkdir(parents=True, exist_ok=True)
    torch.save(GPT(Config.from_name(config.name)).state_dict(), str(checkpoint_dir / "lit_model.pth"))


def setup(
    checkpoint_dir: Path = Path("checkpoints/pythia-tiny"),
    out_dir: Path = Path("out/finetune/lora"),
    precision: str = "bf16-true",
    devices: int = 8,
    lora_r: int = 4,
    lora_alpha: int = 8,
    train: TrainArgs = TrainArgs(),
    seed: int = 1337,
) -> None:
    config = Config.from_name("pythia-tiny", lora_r=lora_r, lora_alpha=lora_alpha)
    prepare_checkpoint(checkpoint_dir, config)

    if devices > 1:
        strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full", sequential_save=True)
    else:
        strategy = "auto"

    fabric = L.Fabric(accelerator="tpu", devices=devices, strategy=strategy, precision=precision)
    fabric.launch(main, seed, config, checkpoint_dir, out_dir, train)


def main(fabric: L.Fabric, seed: int, config: Config, checkpoint_dir: Path, out_dir: Path, train: TrainArgs) -> None:
    fabric.seed_everything(seed)  # same seed for every process to init model (FSDP)

    if fabric.global_rank == 0:
        os.makedirs(out_dir, exist_ok=True)

    checkpoint_path = checkpoint_dir / "lit_model.pth"
    with fabric.init_module(empty_init=False):
        model = GPT(config)
    mark_only_lora_as_trainable(model)

    fabric.print(f"Number of trainable parameters: {num_parameters(model, requires_grad=True):,}")
    fabric.print(f"Number of non-trainable parameters: {num_parameters(model, requires_grad=False):,}")

    model = fabric.setup_module(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    optimizer = fabric.setup_optimizers(optimizer)

    # strict=False because missing keys due to LoRA weights not contained in state dict
    load_checkpoint(fabric, model, checkpoint_path, strict=False)

    train_time = time.perf_counter()
    fit(fabric, model, optimizer, config, train)
    fabric.print(f"Training time: {(time.perf_counter() - train_time):.2f}s")


def fit(fabric, model, optimizer, config: Config, train: TrainArgs) -> None:
    for iter_num in range(1, train.max_steps + 1):
        tokens = torch.randint(0, config.vocab_size, (train.micro_batch_size, train.max_seq_length + 1))
        input_ids, targets = fabric.to_device(tokens[:, :-1]), fabric.to_device(tokens[:, 1:])
        logits = model(input_ids)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if iter_num % train.log_interval == 0:
            fabric.print(f"iter {iter_num} | loss train: {loss.item():.3f}")


if __name__ == "__main__":
    setup()
