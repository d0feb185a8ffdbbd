# expect: none
# oracle: OK
# twin: p596_yaml_string_in_module_layer_names_to_wrap_list
"""python train.py: the default run of configs/defaults.py."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from build import build_strategy
from configs import load_config
from model import Net


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (cfg["batch_size"],), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = load_config()
    fabric = Fabric(**cfg["fabric"], strategy=build_strategy(cfg["strategy"]))
    fabric.launch(train, cfg["train"])
