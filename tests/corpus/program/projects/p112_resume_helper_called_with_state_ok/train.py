# expect: none
# oracle: OK
# twin: p111_resume_helper_called_without_state
"""python train.py: one step, a sharded checkpoint, then a resume from it (as a restarted job would)."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from tinytrain import Block, Net, load_checkpoint, save_checkpoint


def train_step(fabric, model, optimizer):
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()


def main(fabric, out_dir):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    train_step(fabric, model, optimizer)
    state["step"] += 1
    path = save_checkpoint(fabric, out_dir, state)
    load_checkpoint(fabric, path, state)
    fabric.print(f"resumed at step {state['step']}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(main, tempfile.mkdtemp(prefix="blocknet-"))
