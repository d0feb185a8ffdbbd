# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python nlp_example.py [--mixed_precision bf16] [--cpu]: accelerate's nlp_example (a classifier fine-tuned on sentence pairs) moved from `Accelerator` to Fabric with XLA FSDP, its `--mixed_precision` choices mapped onto Fabric's precision names."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim import AdamW
from torch.optim.lr_scheduler import LambdaLR
from torch.utils.data import DataLoader, Dataset

MAX_GPU_BATCH_SIZE = 16
EVAL_BATCH_SIZE = 32

# accelerate's `mixed_precision` values, as Fabric spells them
PRECISION = {"no": "32-true", "fp16": "16-mixed", "bf16": "bf16-mixed"}


class EncoderLayer(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)
        self.intermediate = nn.Linear(hidden, 2 * hidden)
        self.output = nn.Linear(2 * hidden, hidden)

    def forward(self, x, mask):
        h = self.output(F.gelu(self.intermediate(self.norm(x))))
        return x + h * mask.unsqueeze(-1).to(h.dtype)


class PairClassifier(nn.Module):
    """A two-layer stand-in for `AutoModelForSequenceClassification.from_pretrained("bert-base-cased")`."""

    def __init__(self, vocab_size=64, hidden=16, num_labels=2):
        super().__init__()
        self.embeddings = nn.Embedding(vocab_size, hidden)
        self.layers = nn.ModuleList([EncoderLayer(hidden) for _ in range(2)])
        self.classifier = nn.Linear(hidden, num_labels)

    def forward(self, input_ids, attention_mask, labels=None):
        x = self.embeddings(input_ids)
        for layer in self.layers:
            x = layer(x, attention_mask)
        logits = self.classifier(x[:, 0])
        loss = F.cross_entropy(logits, labels) if labels is not None else None
        return {"loss": loss, "logits": logits}  # a dict, as `return_dict=True` gives


class FakeMRPC(Dataset):
    # stands in for `load_dataset("glue", "mrpc")` run through the tokenizer
    def __init__(self, n, seq_len=12, vocab_size=64):
        self.input_ids = torch.randint(0, vocab_size, (n, seq_len))
        self.attention_mask = torch.ones(n, seq_len, dtype=torch.long)
        self.labels = torch.randint(0, 2, (n,))

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {"input_ids": self.input_ids[i], "attention_mask": self.attention_mask[i], "labels": self.labels[i]}


def get_dataloaders(fabric: Fabric, batch_size: int = 16):
    with fabric.rank_zero_first():
        train_set, eval_set = FakeMRPC(2 * batch_size), FakeMRPC(EVAL_BATCH_SIZE)
    train_dataloader = DataLoader(train_set, shuffle=True, batch_size=batch_size, drop_last=True)
    eval_dataloader = DataLoader(eval_set, shuffle=False, batch_size=EVAL_BATCH_SIZE, drop_last=True)
    return fabric.setup_dataloaders(train_dataloader, eval_dataloader)


def training_function(fabric, config, args):
    # Sample hyper-parameters for learning rate, batch size, seed and a few other HPs
    lr = config["lr"]
    num_epochs = int(config["num_epochs"])
    seed = int(config["seed"])
    batch_size = int(config["batch_size"])

    # If the batch size is too big we use gradient accumulation
    gradient_accumulation_steps = 1
    if batch_size > MAX_GPU_BATCH_SIZE:
        gradient_accumulation_steps = batch_size // MAX_GPU_BATCH_SIZE
        batch_size = MAX_GPU_BATCH_SIZE

    seed_everything(seed)
    train_dataloader, eval_dataloader = get_dataloaders(fabric, batch_size)
    model = fabric.setup_module(PairClassifier())
    optimizer = fabric.setup_optimizers(AdamW(params=model.parameters(), lr=lr))
    warmup = 100
    lr_scheduler = LambdaLR(optimizer, lambda step: min(1.0, (step + 1) / warmup))

    for epoch in range(num_epochs):
        model.train()
        for step, batch in enumerate(train_dataloader):
            outputs = model(**batch)
            loss = outputs["loss"] / gradient_accumulation_steps
            fabric.backward(loss)
            if step % gradient_accumulation_steps == 0:
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()

        model.eval()
        correct = total = 0
        for batch in eval_dataloader:
            with torch.no_grad():
                outputs = model(**batch)
            predictions = outputs["logits"].argmax(dim=-1)
            correct += (predictions == batch["labels"]).sum().item()
            total += batch["labels"].numel()
        fabric.print(f"epoch {epoch}:", {"accuracy": correct / total})


def main():
    parser = argparse.ArgumentParser(description="Simple example of training script.")
    parser.add_argument(
        "--mixed_precision",
        type=str,
        default="bf16",
        choices=["no", "fp16", "bf16"],
        help="Whether to use mixed precision. Choose between fp16 and bf16 (bfloat16). bf16 is what TPUs run.",
    )
    parser.add_argument("--cpu", action="store_true", help="If passed, will train on the CPU.")
    args = parser.parse_args()
    config = {"lr": 2e-5, "num_epochs": 1, "seed": 42, "batch_size": 8}

    fabric = Fabric(
        accelerator="cpu" if args.cpu else "tpu",
        precision=PRECISION[args.mixed_precision],
        strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}),
    )
    fabric.launch(training_function, config, args)


if __name__ == "__main__":
    main()
