# expect: none
# oracle: OK
# twin: p276_replace_sharding_config_state_dict_type_consolidated
"""python train.py: fine-tune the block net, checkpoint it, and resume from the checkpoint."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from experiments import finetune
from model import Net


def run(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=finetune.LR))
    for _ in range(finetune.MAX_STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    ckpt_dir = tempfile.mkdtemp(prefix="finetune-")
    state = {"model": model, "optimizer": optimizer, "step": finetune.MAX_STEPS}
    fabric.save(ckpt_dir, state)
    fabric.load(ckpt_dir, state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=finetune.SHARDING.strategy())
    fabric.launch(run)
