# expect: LXF021
# oracle: RAISED ValueError: Got `XLAFSDPStrategy.load_checkpoint(..., state={})` but a state with at least  a model instance to reload is required. 
# flagged-in: train.py
"""accelerate's examples/complete_nlp_example.py (BERT-style MRPC classifier with checkpointing and resuming) on a TPU VM, through Fabric + XLA FSDP.

With no `--resume_from_checkpoint`, runs the example's checkpoint round trip: one epoch with `--checkpointing_steps
epoch`, then a second run resumed from `epoch_0`.
"""
import argparse
import os
import tempfile

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim import AdamW
from torch.optim.lr_scheduler import LambdaLR

from data import VOCAB_SIZE, get_dataloaders
from modeling import BertForSequenceClassification, BertLayer
from utils.checkpointing import Checkpointer

MAX_GPU_BATCH_SIZE = 8
EVAL_BATCH_SIZE = 8

# accelerate's `--mixed_precision` choices, in the spelling XLA takes
PRECISION = {"no": "32-true", "bf16": "bf16-true"}


def get_linear_schedule_with_warmup(optimizer, num_warmup_steps, num_training_steps):
    def lr_lambda(current_step):
        if current_step < num_warmup_steps:
            return current_step / max(1, num_warmup_steps)
        return max(0.0, (num_training_steps - current_step) / max(1, num_training_steps - num_warmup_steps))

    return LambdaLR(optimizer, lr_lambda)


def training_function(fabric, config, args):
    # Sample hyper-parameters for learning rate, batch size, seed and a few other HPs
    lr = config["lr"]
    num_epochs = int(config["num_epochs"])
    seed = int(config["seed"])
    batch_size = int(config["batch_size"])

    # New Code #
    # Parse out whether we are saving every epoch or after a certain number of batches
    if hasattr(args.checkpointing_steps, "isdigit"):
        if args.checkpointing_steps == "epoch":
            checkpointing_steps = args.checkpointing_steps
        elif args.checkpointing_steps.isdigit():
            checkpointing_steps = int(args.checkpointing_steps)
        else:
            raise ValueError(f"Argument `checkpointing_steps` must be either a number or `epoch`. `{args.checkpointing_steps}` passed.")
    else:
        checkpointing_steps = None

    # If the batch size is too big we use gradient accumulation
    gradient_accumulation_steps = 1
    if batch_size > MAX_GPU_BATCH_SIZE:
        gradient_accumulation_steps = batch_size // MAX_GPU_BATCH_SIZE
        batch_size = MAX_GPU_BATCH_SIZE

    fabric.seed_everything(seed)
    train_dataloader, eval_dataloader = fabric.setup_dataloaders(*get_dataloaders(batch_size, EVAL_BATCH_SIZE))

    # Instantiate the model (we build the model here so that the seed also control new weights initialization)
    model = fabric.setup_module(BertForSequenceClassification(VOCAB_SIZE))
    # Instantiate optimizer, on the sharded parameters
    optimizer = fabric.setup_optimizers(AdamW(params=model.parameters(), lr=lr))
    # Instantiate scheduler
    lr_scheduler = get_linear_schedule_with_warmup(
        optimizer=optimizer,
        num_warmup_steps=2,
        num_training_steps=(len(train_dataloader) * num_epochs) // gradient_accumulation_steps,
    )
    checkpointer = Checkpointer(fabric)

    # We need to keep track of how many total steps we have iterated over
    overall_step = 0
    # We also need to keep track of the stating epoch so files are named properly
    starting_epoch = 0

    # Potentially load in the weights and states from a previous save
    if args.resume_from_checkpoint:
        fabric.print(f"Resumed from checkpoint: {args.resume_from_checkpoint}")
        checkpointer.load_state(args.resume_from_checkpoint)
        path = os.path.basename(args.resume_from_checkpoint)
        # Extract `epoch_{i}` or `step_{i}`
        training_difference = os.path.splitext(path)[0]
        if "epoch" in training_difference:
            starting_epoch = int(training_difference.replace("epoch_", "")) + 1
            resume_step = None
        else:
            resume_step = int(training_difference.replace("step_", ""))
            starting_epoch = resume_step // len(train_dataloader)
            resume_step -= starting_epoch * len(train_dataloader)

    # what `accelerator.prepare` did: the objects `save_state` / `load_state` handle
    checkpointer.register_for_checkpointing(model=model, optimizer=optimizer, lr_scheduler=lr_scheduler)

    # Now we train the model
    for epoch in range(starting_epoch, num_epochs):
        model.train()
        for step, batch in enumerate(train_dataloader):
            loss, _ = model(**batch)
            loss = loss / gradient_accumulation_steps
            fabric.backward(loss)
            if step % gradient_accumulation_steps == 0:
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()
            overall_step += 1

            if isinstance(checkpointing_steps, int):
                output_dir = f"step_{overall_step}"
                if overall_step % checkpointing_steps == 0:
                    if args.output_dir is not None:
                        output_dir = os.path.join(args.output_dir, output_dir)
                    checkpointer.save_state(output_dir)

        model.eval()
        correct = total = 0
        for batch in eval_dataloader:
            with torch.no_grad():
                _, logits = model(**batch)
            predictions, references = fabric.all_gather((logits.argmax(dim=-1), batch["labels"]))
            correct += (predictions == references).sum().item()
            total += references.numel()
        # Use fabric.print to print only on the main process.
        fabric.print(f"epoch {epoch}: accuracy {correct / total:.3f}")

        if checkpointing_steps == "epoch":
            output_dir = f"epoch_{epoch}"
            if args.output_dir is not None:
                output_dir = os.path.join(args.output_dir, output_dir)
            checkpointer.save_state(output_dir)


def checkpoint_round_trip(fabric, config, args):
    training_function(fabric, config, args)
    resumed = argparse.Namespace(**{**vars(args), "resume_from_checkpoint": os.path.join(args.output_dir, "epoch_0")})
    training_function(fabric, {**config, "num_epochs": 2}, resumed)


def main():
    parser = argparse.ArgumentParser(description="Simple example of training script.")
    parser.add_argument("--mixed_precision", type=str, default="no", choices=sorted(PRECISION), help="Whether to use mixed precision.")
    parser.add_argument("--checkpointing_steps", type=str, default="epoch", help="Whether the various states should be saved at the end of every n steps, or 'epoch' for each epoch.")
    parser.add_argument("--resume_from_checkpoint", type=str, default=None, help="If the training should continue from a checkpoint folder.")
    parser.add_argument("--output_dir", type=str, default=tempfile.mkdtemp(prefix="mrpc_"), help="Optional save directory where all checkpoint folders will be stored.")
    args = parser.parse_args()
    config = {"lr": 2e-5, "num_epochs": 1, "seed": 42, "batch_size": 16}
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={BertLayer}), precision=PRECISION[args.mixed_precision])
    if args.resume_from_checkpoint:
        fabric.launch(training_function, config, args)
    else:
        fabric.launch(checkpoint_round_trip, config, args)


if __name__ == "__main__":
    main()
