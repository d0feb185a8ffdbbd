# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: full_state_dict
# flagged-in: configs/base_pod.py
"""python train.py [--experiment NAME]: train one named experiment, save it, and check it resumes."""
import argparse
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import DEFAULT, EXPERIMENTS
from model import Block, Encoder


def run(fabric, cfg):
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    out_dir = tempfile.mkdtemp()
    for step in range(1, cfg["steps"] + 1):
        tokens = torch.randint(0, 64, (cfg["batch_size"], cfg["seq_len"] + 1), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % cfg["checkpoint"]["every"] == 0:
            fabric.save(os.path.join(out_dir, f"step-{step}"), {"model": model, "optimizer": optimizer})
    fabric.load(os.path.join(out_dir, f"step-{cfg['steps']}"), {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--experiment", default=DEFAULT, choices=sorted(EXPERIMENTS))
    cfg = EXPERIMENTS[parser.parse_args().experiment]
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=cfg["checkpoint"]["state_dict_type"])
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(run, cfg)
