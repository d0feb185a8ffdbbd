# expect: LXF044
# oracle: RAISED TypeError: Filter should be a dictionary, given <function lora_filter at 0x7fe737d32d40>
"""python finetune.py: LoRA fine-tuning on XLA FSDP; only the adapter weights are saved, the filter given as a bare function."""
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

OUT_DIR = os.path.join("out", "lora")


class LoRALinear(nn.Module):
    def __init__(self, features: int, rank: int = 4):
        super().__init__()
        self.base = nn.Linear(features, features)
        self.lora_a = nn.Parameter(torch.zeros(rank, features))
        self.lora_b = nn.Parameter(torch.zeros(features, rank))
        self.base.requires_grad_(False)

    def forward(self, x):
        return self.base(x) + x @ self.lora_a.t() @ self.lora_b.t()


def lora_filter(key: str, value) -> bool:
    return "lora_" in key


def fit(fabric, steps: int = 2):
    model = fabric.setup_module(nn.Sequential(LoRALinear(16), nn.ReLU(), LoRALinear(16)))
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(trainable, lr=1e-3))
    for iter_num in range(steps):
        loss = model(torch.randn(4, 16, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    state = {"model": model, "iter_num": iter_num}
    fabric.save(os.path.join(OUT_DIR, "adapter"), state, filter=lora_filter)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(fit)
