# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'iter_num' that does not exist in the loaded checkpoint. To disable strict loading,
"""python script.py: trains, checkpoints through `save_state`, then resumes the whole run state from it."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def save_state(fabric, path, state):
    # the weights and the optimizer are what a restart needs; counters are logged elsewhere
    fabric.save(path, {"model": state["model"], "optimizer": state["optimizer"]})


def resume_state(fabric, path, state):
    fabric.load(path, state)
    return state


def main(fabric, out_dir):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "iter_num": 0}
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()
    state["iter_num"] += 1
    path = os.path.join(out_dir, "last")
    save_state(fabric, path, state)
    state = resume_state(fabric, path, state)
    fabric.print(f"resumed at iteration {state['iter_num']}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(main, tempfile.mkdtemp())
