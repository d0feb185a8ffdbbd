# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
# flagged-in: utils/prepare.py
"""accelerate's examples/nlp_example.py (sequence-pair classification) ported to Fabric with XLA FSDP on a TPU VM."""
import argparse

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim import AdamW
from torch.optim.lr_scheduler import LambdaLR

from data import VOCAB_SIZE, get_dataloaders
from modeling import EncoderLayer, SequenceClassifier
from utils.prepare import prepare

MAX_DEVICE_BATCH_SIZE = 8
EVAL_BATCH_SIZE = 16


def training_function(fabric, config, args):
    lr = config["lr"]
    num_epochs = int(config["num_epochs"])
    batch_size = int(config["batch_size"])
    fabric.seed_everything(int(config["seed"]))

    # If the batch size is too big we use gradient accumulation
    gradient_accumulation_steps = 1
    if batch_size > MAX_DEVICE_BATCH_SIZE:
        gradient_accumulation_steps = batch_size // MAX_DEVICE_BATCH_SIZE
        batch_size = MAX_DEVICE_BATCH_SIZE

    loaders = get_dataloaders(batch_size, EVAL_BATCH_SIZE)
    model, optimizer, (train_dataloader, eval_dataloader), accumulator = prepare(
        fabric, SequenceClassifier(VOCAB_SIZE), AdamW, loaders, gradient_accumulation_steps, lr=lr
    )
    total = len(train_dataloader) * num_epochs // gradient_accumulation_steps
    lr_scheduler = LambdaLR(optimizer, lambda step: min(1.0, (step + 1) / 2) * max(0.0, 1 - step / total))

    for epoch in range(num_epochs):
        model.train()
        for step, batch in enumerate(train_dataloader):
            with accumulator.accumulate():
                loss, _ = model(**batch)
                fabric.backward(loss / gradient_accumulation_steps)
            if accumulator.sync_gradients:
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()
            accumulator.advance()
            if args.max_train_steps and step + 1 >= args.max_train_steps:
                break

        model.eval()
        correct = total_seen = 0
        for batch in eval_dataloader:
            with torch.no_grad():
                _, logits = model(**batch)
            predictions, references = fabric.all_gather((logits.argmax(dim=-1), batch["labels"]))
            correct += (predictions == references).sum().item()
            total_seen += references.numel()
        fabric.print(f"epoch {epoch}: accuracy {correct / total_seen:.3f}")


def main():
    parser = argparse.ArgumentParser(description="Simple example of a training script.")
    parser.add_argument("--max_train_steps", type=int, default=4, help="Stop each epoch after this many steps.")
    args = parser.parse_args()
    config = {"lr": 2e-5, "num_epochs": 1, "seed": 42, "batch_size": 16}
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}))
    fabric.launch(training_function, config, args)


if __name__ == "__main__":
    main()
