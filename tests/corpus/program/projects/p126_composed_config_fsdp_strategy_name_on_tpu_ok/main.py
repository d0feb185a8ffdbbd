# expect: none
# oracle: OK
# twin: p125_composed_config_ddp_strategy_name_on_tpu
"""python main.py [trainer.precision=...] [optim.lr=...]: the config groups in conf/ decide the run."""
import sys

import lightning as L
import torch
import torch.nn.functional as F

from conf import compose
from model import GPT


def fit(fabric, cfg):
    model = fabric.setup_module(GPT(n_layer=cfg.model.n_layer))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=float(cfg.optim.lr)))
    for _ in range(cfg.loop.steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


def main(overrides):
    cfg = compose(overrides)
    fabric = L.Fabric(**vars(cfg.trainer))
    fabric.launch(fit, cfg)


if __name__ == "__main__":
    main(sys.argv[1:])
