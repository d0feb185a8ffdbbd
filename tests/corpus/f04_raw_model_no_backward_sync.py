# expect: LXF004
# findings: LXF004 error 49
"""BERT fine-tuning with gradient accumulation under XLA FSDP.

The set-up model is `sharded_model`, but `fabric.no_backward_sync(model)` is given the raw module:
TypeError "You need to set up the model first before you can call `fabric.no_backward_sync()`"
(Fabric checks this before `enabled`, so even the first micro-batch raises).
"""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from transformers import AutoModelForSequenceClassification, AutoTokenizer
from datasets import load_dataset

MODEL = "bert-base-uncased"
GRAD_ACCUM = 8


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.bert = AutoModelForSequenceClassification.from_pretrained(MODEL, num_labels=2)

    def forward(self, **batch):
        return self.bert(**batch).loss


def collate(tokenizer):
    def fn(rows):
        enc = tokenizer([r["sentence"] for r in rows], padding="max_length", truncation=True, max_length=128,
                        return_tensors="pt")
        enc["labels"] = torch.tensor([r["label"] for r in rows])
        return enc
    return fn


def train(fabric):
    tokenizer = AutoTokenizer.from_pretrained(MODEL)
    data = load_dataset("glue", "sst2", split="train")
    loader = torch.utils.data.DataLoader(data, batch_size=16, collate_fn=collate(tokenizer), shuffle=True)
    loader = fabric.setup_dataloaders(loader)

    model = Classifier()
    sharded_model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(sharded_model.parameters(), lr=2e-5))

    for step, batch in enumerate(loader):
        accumulating = (step + 1) % GRAD_ACCUM != 0
        with fabric.no_backward_sync(model, enabled=accumulating):
            loss = sharded_model(**batch)
            fabric.backward(loss / GRAD_ACCUM)
        if not accumulating:
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy="xla_fsdp", precision="bf16-true").launch(train)
