# expect: none
# oracle: OK
# twin: p588_checkpoint_utils_resume_asks_data_state_never_saved
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
