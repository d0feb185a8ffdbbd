# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'data_state' that does not exist in the loaded checkpoint. To disable strict loading
# flagged-in: utils/checkpoint.py
"""python train.py: train, save, resume where the data loader left off."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from utils.checkpoint import resume, save_checkpoint

CKPT = "checkpoints/last"


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    data_state = {"epoch": 0, "batch_index": 0}
    step = 0
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        data_state["batch_index"] += 1
    save_checkpoint(fabric, CKPT, model, optimizer, step, data_state)
    step = resume(fabric, CKPT, model, optimizer, data_state)
    fabric.print(f"resumed at step {step}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true",
                    strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(train)
