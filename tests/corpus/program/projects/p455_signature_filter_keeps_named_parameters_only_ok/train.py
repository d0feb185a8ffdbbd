# expect: none
# oracle: OK
# twin: p454_signature_filter_passes_all_to_var_keyword_use_orig_params
"""python train.py: train the block net with the FSDP section of config.py, as much of it as XLA FSDP takes."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import Net
from utils.kwargs import accepted_kwargs


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    strategy = XLAFSDPStrategy(**accepted_kwargs(XLAFSDPStrategy, config.FSDP))
    fabric = Fabric(accelerator="tpu", precision=config.PRECISION, strategy=strategy)
    fabric.launch(train, config.STEPS)


if __name__ == "__main__":
    main()
