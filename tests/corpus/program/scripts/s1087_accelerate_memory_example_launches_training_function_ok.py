# expect: none
# oracle: OK
# twin: s1086_accelerate_memory_example_launches_batch_size_finder_closure
"""accelerate's examples/by_feature/memory.py rewritten on Lightning Fabric, for a TPU VM with XLA FSDP.

Follows the example: `get_dataloaders`, `training_function(config, args)` with the inner training loop decorated by
`find_executable_batch_size` (which halves the batch size and retries when the device runs out of memory), the
`config` dict and `main()`. The port launches `training_function` with `fabric.launch`, so each TPU core defines
and runs the decorated inner loop with its own Fabric. accelerate is not a dependency: `find_executable_batch_size` is copied from
accelerate.utils.memory (with XLA's RESOURCE_EXHAUSTED), bert-base-cased + GLUE/MRPC are replaced by a bag-of-
embeddings classifier on random sentence pairs, `evaluate`'s metric by a few lines.
"""
import argparse
import functools
import gc
import inspect

import lightning as L
import torch
import torch.nn as nn
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim import AdamW
from torch.optim.lr_scheduler import LambdaLR
from torch.utils.data import DataLoader, TensorDataset

MAX_GPU_BATCH_SIZE = 16
EVAL_BATCH_SIZE = 32
VOCAB_SIZE = 512
SEQ_LEN = 16


# ----------------------------------------------------------------------------- accelerate.utils.memory (copied)
def should_reduce_batch_size(exception: Exception) -> bool:
    _statements = [
        "CUDA out of memory.",  # CUDA OOM
        "cuDNN error: CUDNN_STATUS_NOT_SUPPORTED.",  # CUDNN SNAFU
        "DefaultCPUAllocator: can't allocate memory",  # CPU OOM
        "RESOURCE_EXHAUSTED",  # XLA OOM
    ]
    if isinstance(exception, RuntimeError) and len(exception.args) == 1:
        return any(err in exception.args[0] for err in _statements)
    return False


def find_executable_batch_size(function=None, starting_batch_size: int = 128):
    if function is None:
        return functools.partial(find_executable_batch_size, starting_batch_size=starting_batch_size)

    batch_size = starting_batch_size

    def decorator(*args, **kwargs):
        nonlocal batch_size
        gc.collect()
        params = list(inspect.signature(function).parameters.keys())
        # Guard against user error
        if len(params) < (len(args) + 1):
            arg_str = ", ".join([f"{arg}={value}" for arg, value in zip(params[1:], args[1:])])
            raise TypeError(
                f"Batch size was passed into `{function.__name__}` as the first argument when called."
                f"Remove this as the decorator already does so: `{function.__name__}({arg_str})`"
            )
        while True:
            if batch_size == 0:
                raise RuntimeError("No executable batch size found, reached zero.")
            try:
                return function(batch_size, *args, **kwargs)
            except Exception as e:
                if should_reduce_batch_size(e):
                    gc.collect()
                    batch_size //= 2
                else:
                    raise

    return decorator


# ----------------------------------------------------------------------------- the example
class PairClassifier(nn.Module):
    """Stands in for AutoModelForSequenceClassification("bert-base-cased"): returns the loss and the logits."""

    def __init__(self, vocab_size=VOCAB_SIZE, dim=32, num_labels=2):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, dim, mode="mean")
        self.classifier = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, num_labels))

    def forward(self, input_ids, labels=None):
        logits = self.classifier(self.embed(input_ids))
        loss = nn.functional.cross_entropy(logits, labels) if labels is not None else None
        return loss, logits


def get_dataloaders(fabric: L.Fabric, batch_size: int = 16):
    """Creates a set of `DataLoader`s for the (here: synthetic) `glue` dataset, using "bert-base-cased" as the tokenizer."""
    generator = torch.Generator().manual_seed(0)

    def make_split(n):
        input_ids = torch.randint(0, VOCAB_SIZE, (n, SEQ_LEN), generator=generator)
        labels = (input_ids[:, : SEQ_LEN // 2].sum(1) > input_ids[:, SEQ_LEN // 2 :].sum(1)).long()
        return TensorDataset(input_ids, labels)

    train_dataloader = DataLoader(make_split(48), shuffle=True, batch_size=batch_size, drop_last=True)
    eval_dataloader = DataLoader(make_split(32), shuffle=False, batch_size=EVAL_BATCH_SIZE, drop_last=False)
    return fabric.setup_dataloaders(train_dataloader, eval_dataloader)


def get_linear_schedule_with_warmup(optimizer, num_warmup_steps, num_training_steps):
    def lr_lambda(current_step: int):
        if current_step < num_warmup_steps:
            return float(current_step) / float(max(1, num_warmup_steps))
        return max(0.0, float(num_training_steps - current_step) / float(max(1, num_training_steps - num_warmup_steps)))

    return LambdaLR(optimizer, lr_lambda)


def training_function(fabric, config, args):
    # Sample hyper-parameters for learning rate, batch size, seed and a few other HPs
    lr = config["lr"]
    num_epochs = int(config["num_epochs"])
    seed = int(config["seed"])
    batch_size = int(config["batch_size"])

    # New Code #
    # We now can define an inner training loop function. It should take a batch size as the only parameter,
    # and build the dataloaders in there.
    # It also gets our decorator
    @find_executable_batch_size(starting_batch_size=batch_size)
    def inner_training_loop(batch_size, fabric):
        # Then we can declare the model, optimizer, and everything else:
        fabric.seed_everything(seed)

        # Instantiate the model (we build the model here so that the seed also control new weights initialization)
        model = fabric.setup_module(PairClassifier())

        # Instantiate optimizer (after `setup_module`: XLA FSDP shards the parameters)
        optimizer = fabric.setup_optimizers(AdamW(params=model.parameters(), lr=lr))
        train_dataloader, eval_dataloader = get_dataloaders(fabric, batch_size)

        # Instantiate scheduler
        lr_scheduler = get_linear_schedule_with_warmup(
            optimizer=optimizer,
            num_warmup_steps=1,
            num_training_steps=(len(train_dataloader) * num_epochs),
        )

        # Now we train the model
        for epoch in range(num_epochs):
            model.train()
            for step, (input_ids, labels) in enumerate(train_dataloader):
                loss, _ = model(input_ids, labels)
                fabric.backward(loss)
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()

            model.eval()
            correct, total = 0, 0
            for step, (input_ids, labels) in enumerate(eval_dataloader):
                with torch.no_grad():
                    _, logits = model(input_ids)
                predictions = logits.argmax(dim=-1)
                predictions, references = fabric.all_gather((predictions, labels))
                correct += (predictions == references).sum().item()
                total += references.numel()

            # Use fabric.print to print only on the main process.
            fabric.print(f"epoch {epoch}:", {"accuracy": correct / total, "batch_size": batch_size})

    # New Code #
    # And call it with the Fabric of this TPU core, the decorator adds the batch size
    inner_training_loop(fabric)


def main():
    parser = argparse.ArgumentParser(description="Simple example of training script.")
    parser.add_argument(
        "--precision",
        type=str,
        default="32-true",
        choices=["32-true", "bf16-true"],
        help="Whether to use bfloat16 on TPU v4 and later (XLA has no mixed precision).",
    )
    args = parser.parse_args()
    config = {"lr": 2e-5, "num_epochs": 1, "seed": 42, "batch_size": MAX_GPU_BATCH_SIZE}
    # Initialize Fabric
    fabric = L.Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=args.precision)
    fabric.launch(training_function, config, args)


if __name__ == "__main__":
    main()
