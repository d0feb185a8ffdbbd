# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'optimizer' that does not exist in the loaded checkpoint. To disable strict loading,
# flagged-in: train.py
"""torchtitan's train.py on a TPU VM: Fabric + XLA FSDP in place of FSDP2/DTensor, the llama3 debug model.

`python train.py [--section.key=value ...]`. With no flags it runs the checkpoint smoke test of torchtitan's
integration tests: train a few steps with checkpointing on, then train further, resuming from the last checkpoint.
"""
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from checkpoint import CheckpointManager
from config_manager import ConfigManager, JobConfig
from model import Transformer, llama3_configs
from parallelize import parallelize_llama


@dataclass
class TrainState:
    step: int = 0
    global_avg_losses: list[float] = field(default_factory=list)

    def state_dict(self) -> dict[str, Any]:
        return {"step": self.step, "global_avg_losses": list(self.global_avg_losses)}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        self.step = state_dict["step"]
        self.global_avg_losses = list(state_dict["global_avg_losses"])


def build_lr_scheduler(optimizer, job_config: JobConfig):
    warmup_steps = job_config.lr_scheduler.warmup_steps

    def linear_warmup(step: int) -> float:
        return min(1.0, (step + 1) / max(1, warmup_steps))

    return torch.optim.lr_scheduler.LambdaLR(optimizer, linear_warmup)


def synthetic_batches(vocab_size: int, batch_size: int, seq_len: int, seed: int):
    """Stands in for the c4_test dataloader: endless (input, label) token batches."""
    g = torch.Generator().manual_seed(seed)
    while True:
        tokens = torch.randint(0, vocab_size, (batch_size, seq_len + 1), generator=g)
        yield tokens[:, :-1], tokens[:, 1:]


class Trainer:
    def __init__(self, fabric: Fabric, job_config: JobConfig) -> None:
        self.fabric = fabric
        self.job_config = job_config
        fabric.seed_everything(job_config.training.seed)

        model_args = llama3_configs[job_config.model.flavor]
        self.model = fabric.setup_module(Transformer(model_args))
        self.optimizer = fabric.setup_optimizers(
            torch.optim.AdamW(self.model.parameters(), lr=job_config.optimizer.lr, eps=job_config.optimizer.eps)
        )
        self.lr_scheduler = build_lr_scheduler(self.optimizer, job_config)
        self.train_state = TrainState()
        self.batches = synthetic_batches(
            model_args.vocab_size, job_config.training.batch_size, job_config.training.seq_len, job_config.training.seed
        )
        self.checkpointer = CheckpointManager(
            fabric,
            states={
                "model": self.model,
                "optimizer": self.optimizer,
                "lr_scheduler": self.lr_scheduler,
                "train_state": self.train_state,
            },
            job_config=job_config,
        )

    def train_step(self, inputs: torch.Tensor, labels: torch.Tensor) -> float:
        self.optimizer.zero_grad()
        pred = self.model(inputs)
        loss = F.cross_entropy(pred.flatten(0, 1).float(), labels.flatten(0, 1))
        self.fabric.backward(loss)
        self.fabric.clip_gradients(self.model, self.optimizer, max_norm=self.job_config.training.max_norm)
        self.optimizer.step()
        self.lr_scheduler.step()
        return loss.item()

    def train(self) -> None:
        self.checkpointer.load(step=-1)
        fabric, job_config = self.fabric, self.job_config
        fabric.print(f"Training starts at step {self.train_state.step + 1}")
        t0 = time.perf_counter()
        while self.train_state.step < job_config.training.steps:
            self.train_state.step += 1
            inputs, labels = (fabric.to_device(t) for t in next(self.batches))
            loss = self.train_step(inputs, labels)
            self.train_state.global_avg_losses.append(loss)
            fabric.print(f"step: {self.train_state.step:2}  loss: {loss:7.4f}  ({time.perf_counter() - t0:.1f}s)")
            self.checkpointer.save(self.train_state.step, last_step=(self.train_state.step == job_config.training.steps))
        fabric.print("Training completed")


def run(fabric: Fabric, runs: list[JobConfig]) -> None:
    for job_config in runs:
        Trainer(fabric, job_config).train()


if __name__ == "__main__":
    config_manager = ConfigManager()
    argv = sys.argv[1:]
    if argv:
        runs = [config_manager.parse_args(argv)]
    else:
        smoke = [
            f"--job.dump_folder={tempfile.mkdtemp(prefix='titan_')}",
            "--training.batch_size=2",
            "--training.seq_len=16",
            "--lr_scheduler.warmup_steps=2",
            "--checkpoint.enable_checkpoint",
            "--checkpoint.interval=10",
            "--checkpoint.model_weights_only",
        ]
        runs = [config_manager.parse_args(smoke + [f"--training.steps={steps}"]) for steps in (2, 4)]
    fabric = Fabric(accelerator="tpu", strategy=parallelize_llama(runs[0]))
    fabric.launch(run, runs)
