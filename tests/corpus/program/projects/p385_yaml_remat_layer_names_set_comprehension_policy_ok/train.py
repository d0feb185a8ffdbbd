# expect: none
# oracle: OK
# twin: p384_yaml_remat_layer_names_list_comprehension_policy
"""python train.py: which layers FSDP wraps and rematerializes is named in fsdp.yaml."""
from pathlib import Path

import torch
import torch.nn.functional as F
import yaml
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net

LAYERS = {"Block": Block}


def build_strategy(path=Path(__file__).parent / "fsdp.yaml"):
    spec = yaml.safe_load(path.read_text())
    return XLAFSDPStrategy(
        auto_wrap_policy={LAYERS[name] for name in spec["wrap"]},
        activation_checkpointing_policy={LAYERS[name] for name in spec["remat"]},
        state_dict_type=spec["state_dict_type"],
    )


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=build_strategy())
    fabric.launch(train)
