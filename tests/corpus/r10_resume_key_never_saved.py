# expect: LXF032
# real: RAISED KeyError: "The requested state contains a key 'step' that does not exist in the loaded checkpoint. To disable strict loading, set `strict=False`."
# findings: LXF032 error 39
"""A port of a resume-from-checkpoint loop under XLAFSDP: the program saves the model and the optimizer,
then resumes asking for the step counter as well. The save never wrote `step`, so the sharded load
raises KeyError ("The requested state contains a key 'step' that does not exist in the loaded
checkpoint").
"""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CHECKPOINT = "checkpoints/latest"


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.fc(x))


def run_steps(fabric, model, optimizer, steps):
    for _ in range(steps):
        loss = model(torch.randn(4, 8, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(8, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05))
    run_steps(fabric, model, optimizer, steps=2)
    fabric.save(CHECKPOINT, {"model": model, "optimizer": optimizer})
    state = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(CHECKPOINT, state)
    run_steps(fabric, model, optimizer, steps=2)
    fabric.print(f"resumed at step {state['step']}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
