# expect: LXF013
# findings: LXF013 error 21
"""T5 pretraining on a pod. The optimizer is built before the model is sharded.

`fabric.setup_optimizers` raises ValueError: "The optimizer does not seem to reference any XLAFSDP
parameters. HINT: Make sure to create the optimizer after setting up the model."
"""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from transformers import T5Config, T5ForConditionalGeneration
from transformers.models.t5.modeling_t5 import T5Block


def build(fabric, lr):
    config = T5Config.from_pretrained("t5-base")
    with fabric.init_module():
        model = T5ForConditionalGeneration(config)
    optimizer = torch.optim.Adafactor(model.parameters(), lr=lr)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    return model, optimizer


def synthetic_batches(fabric, n, batch=8, length=512):
    for _ in range(n):
        ids = torch.randint(0, 32128, (batch, length))
        labels = torch.randint(0, 32128, (batch, 128))
        yield fabric.to_device(ids), fabric.to_device(labels)


def pretrain(fabric, steps=1000, lr=1e-3):
    model, optimizer = build(fabric, lr)
    model.train()
    for step, (ids, labels) in enumerate(synthetic_batches(fabric, steps)):
        out = model(input_ids=ids, labels=labels)
        fabric.backward(out.loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 50 == 0:
            fabric.log("loss", out.loss.item(), step=step)
            fabric.print(f"{step}: {out.loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={T5Block}, compute_dtype=torch.bfloat16),
    )
    fabric.launch(pretrain)
