# expect: none
# oracle: OK
# twin: p668_hydra_style_yaml_target_instantiate_state_dict_type_full_state_dict
"""python train.py: pretrain, checkpoint, and check that the checkpoint resumes, all from one composed config."""
import os

import torch
from lightning.fabric import Fabric

from conf import compose
from instantiate import instantiate
from model import Block, build_model


def main(fabric, train_cfg):
    model = fabric.setup_module(build_model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=train_cfg["lr"]))
    for _ in range(train_cfg["steps"]):
        loss = model(torch.randn(8, 32, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    path = os.path.join(train_cfg["out_dir"], "last")
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": train_cfg["steps"]})
    remainder = fabric.load(path, {"model": model, "optimizer": optimizer})
    fabric.print(f"resumable at step {remainder['step']}")


if __name__ == "__main__":
    cfg = compose()
    strategy = instantiate(cfg["strategy"], auto_wrap_policy={Block})
    fabric = Fabric(strategy=strategy, **cfg["fabric"])
    fabric.launch(main, cfg["train"])
