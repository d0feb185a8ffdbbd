# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so:
# flagged-in: train.py
"""python train.py: train the block net and checkpoint its state at the end."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from checkpointing import save_checkpoint
from model import Block, Net
from state import init_state


def train(fabric, steps):
    state = init_state(Net())
    model = fabric.setup_module(state.model)
    state.optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        state.optimizer.step()
        state.optimizer.zero_grad()
        state.step += 1
    fabric.print(f"saved {save_checkpoint(fabric, state)}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, 2)
