# expect: none
# oracle: OK
# twin: s1010_accelerate_checkpointing_example_shim_save_state_keeps_scheduler_objects
"""python checkpointing.py --checkpointing_steps epoch: accelerate's examples/by_feature/checkpointing.py (sentence-pair classification) on a TPU VM, with a small `Accelerator` look-alike on top of Fabric + XLA FSDP so the example's body stays as it was."""
import argparse
import os
import tempfile

import torch
import torch.nn.functional as F
from torch import nn
from torch.optim import AdamW
from torch.optim.lr_scheduler import LambdaLR
from torch.utils.data import DataLoader, Dataset

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

MAX_GPU_BATCH_SIZE = 8
EVAL_BATCH_SIZE = 8


class Accelerator:
    """The part of `accelerate.Accelerator` the example uses, implemented with Fabric."""

    def __init__(self, fabric: Fabric, gradient_accumulation_steps: int = 1) -> None:
        self.fabric = fabric
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self._models, self._optimizers, self._schedulers = [], [], []

    @property
    def is_main_process(self) -> bool:
        return self.fabric.is_global_zero

    def print(self, *args, **kwargs) -> None:
        self.fabric.print(*args, **kwargs)

    # XLA FSDP shards the model before the optimizer exists, so the example calls these one by one
    def prepare_model(self, model: nn.Module):
        model = self.fabric.setup_module(model)
        self._models.append(model)
        return model

    def prepare_optimizer(self, optimizer):
        optimizer = self.fabric.setup_optimizers(optimizer)
        self._optimizers.append(optimizer)
        return optimizer

    def prepare_scheduler(self, scheduler):
        self._schedulers.append(scheduler)
        return scheduler

    def prepare_data_loader(self, *dataloaders):
        return self.fabric.setup_dataloaders(*dataloaders)

    def backward(self, loss: torch.Tensor) -> None:
        self.fabric.backward(loss / self.gradient_accumulation_steps)

    def gather_for_metrics(self, tensors):
        return tuple(t.reshape(-1, *t.shape[2:]) for t in self.fabric.all_gather(tensors))

    def save_state(self, output_dir: str) -> None:
        """Saves the model, optimizer and scheduler states, like accelerate's `save_state`."""
        state = {"model": self._models[0], "optimizer": self._optimizers[0]}
        for i, scheduler in enumerate(self._schedulers):
            state["scheduler" if i == 0 else f"scheduler_{i}"] = scheduler.state_dict()
        self.fabric.save(output_dir, state)


class PairEncoder(nn.Module):
    """Stand-in for AutoModelForSequenceClassification("bert-base-cased"): embeddings, two blocks, a pooler head."""

    def __init__(self, vocab_size: int = 96, hidden: int = 32, num_labels: int = 2) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.GELU()) for _ in range(2)
        )
        self.classifier = nn.Linear(hidden, num_labels)

    def forward(self, input_ids, attention_mask, labels=None):
        h = self.embed(input_ids)
        for block in self.blocks:
            h = h + block(h)
        mask = attention_mask.unsqueeze(-1).to(h.dtype)
        logits = self.classifier((h * mask).sum(1) / mask.sum(1))
        loss = F.cross_entropy(logits, labels) if labels is not None else None
        return loss, logits


class TokenizedMRPC(Dataset):
    def __init__(self, n: int, seed: int, seq_len: int = 16, vocab_size: int = 96) -> None:
        g = torch.Generator().manual_seed(seed)
        self.input_ids = torch.randint(1, vocab_size, (n, seq_len), generator=g)
        self.attention_mask = (torch.rand(n, seq_len, generator=g) > 0.1).long()
        self.attention_mask[:, 0] = 1
        self.labels = torch.randint(0, 2, (n,), generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {"input_ids": self.input_ids[i], "attention_mask": self.attention_mask[i], "labels": self.labels[i]}


def get_linear_schedule_with_warmup(optimizer, num_warmup_steps: int, num_training_steps: int):
    def lr_lambda(current_step: int):
        if current_step < num_warmup_steps:
            return float(current_step) / float(max(1, num_warmup_steps))
        return max(0.0, float(num_training_steps - current_step) / float(max(1, num_training_steps - num_warmup_steps)))

    return LambdaLR(optimizer, lr_lambda)


def training_function(fabric, config, args):
    lr = config["lr"]
    num_epochs = int(config["num_epochs"])
    batch_size = int(config["batch_size"])
    fabric.seed_everything(int(config["seed"]))

    # Parse out whether we are saving every epoch or after a certain number of batches
    checkpointing_steps = args.checkpointing_steps
    if checkpointing_steps is not None and checkpointing_steps.isdigit():
        checkpointing_steps = int(checkpointing_steps)

    # If the batch size is too big we use gradient accumulation
    gradient_accumulation_steps = 1
    if batch_size > MAX_GPU_BATCH_SIZE:
        gradient_accumulation_steps = batch_size // MAX_GPU_BATCH_SIZE
        batch_size = MAX_GPU_BATCH_SIZE
    accelerator = Accelerator(fabric, gradient_accumulation_steps)

    train_dataloader, eval_dataloader = accelerator.prepare_data_loader(
        DataLoader(TokenizedMRPC(32, seed=0), shuffle=True, batch_size=batch_size, drop_last=True),
        DataLoader(TokenizedMRPC(16, seed=1), shuffle=False, batch_size=EVAL_BATCH_SIZE, drop_last=True),
    )
    model = accelerator.prepare_model(PairEncoder())
    optimizer = accelerator.prepare_optimizer(AdamW(params=model.parameters(), lr=lr))
    lr_scheduler = accelerator.prepare_scheduler(
        get_linear_schedule_with_warmup(
            optimizer=optimizer,
            num_warmup_steps=2,
            num_training_steps=(len(train_dataloader) * num_epochs) // gradient_accumulation_steps,
        )
    )

    overall_step = 0
    for epoch in range(num_epochs):
        model.train()
        for step, batch in enumerate(train_dataloader):
            loss, _ = model(**batch)
            accelerator.backward(loss)
            if step % gradient_accumulation_steps == 0:
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()
            overall_step += 1

            if isinstance(checkpointing_steps, int) and overall_step % checkpointing_steps == 0:
                accelerator.save_state(os.path.join(args.output_dir, f"step_{overall_step}"))

        model.eval()
        correct = seen = 0
        for batch in eval_dataloader:
            with torch.no_grad():
                _, logits = model(**batch)
            predictions, references = accelerator.gather_for_metrics((logits.argmax(dim=-1), batch["labels"]))
            correct += (predictions == references).sum().item()
            seen += references.numel()
        accelerator.print(f"epoch {epoch}: accuracy {correct / seen:.3f}")

        if checkpointing_steps == "epoch":
            accelerator.save_state(os.path.join(args.output_dir, f"epoch_{epoch}"))


def main():
    parser = argparse.ArgumentParser(description="Simple example of training script.")
    parser.add_argument(
        "--checkpointing_steps",
        type=str,
        default="epoch",
        help="Whether the various states should be saved at the end of every n steps, or 'epoch' for each epoch.",
    )
    parser.add_argument("--output_dir", type=str, default=tempfile.mkdtemp(prefix="mrpc_"))
    args = parser.parse_args()
    config = {"lr": 2e-5, "num_epochs": 1, "seed": 42, "batch_size": 16}
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear, nn.Embedding}))
    fabric.launch(training_function, config, args)


if __name__ == "__main__":
    main()
