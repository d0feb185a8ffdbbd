# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
# flagged-in: train.py
"""python train.py: accelerate's `nlp_example` loop with gradient accumulation, on a TPU pod with XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from accel import Accelerator
from model import Block, Classifier


def training_function(fabric, config):
    accelerator = Accelerator(fabric, gradient_accumulation_steps=config["gradient_accumulation_steps"])
    model = Classifier()
    ddp_model = accelerator.prepare_model(model)
    optimizer = accelerator.prepare_optimizer(torch.optim.AdamW(ddp_model.parameters(), lr=config["lr"]))
    for _ in range(config["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        with accelerator.accumulate(model):
            loss = F.cross_entropy(ddp_model(x), y)
            accelerator.backward(loss)
            if accelerator.sync_gradients:
                optimizer.step()
                optimizer.zero_grad()


def main():
    config = {"lr": 2e-5, "steps": 2, "gradient_accumulation_steps": 2}
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(training_function, config)


if __name__ == "__main__":
    main()
