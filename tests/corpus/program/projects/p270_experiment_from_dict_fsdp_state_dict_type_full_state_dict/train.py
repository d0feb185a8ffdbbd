# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: full_state_dict
# flagged-in: train.py
"""python train.py: the wide-block experiment, sharded with XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from checkpointing import save_and_restore
from experiment import Experiment
from model import Block, Net

EXPERIMENT = Experiment.from_dict({
    "name": "wide-blocks",
    "steps": 2,
    "fsdp": {"auto_wrap_policy": {Block}, "state_dict_type": "full_state_dict"},
})


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=EXPERIMENT.lr))
    for step in range(EXPERIMENT.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    save_and_restore(fabric, model, optimizer, EXPERIMENT.steps)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**EXPERIMENT.fsdp))
    fabric.launch(train)
