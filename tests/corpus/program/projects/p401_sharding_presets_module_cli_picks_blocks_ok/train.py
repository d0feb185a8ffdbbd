# expect: none
# oracle: OK
# twin: p400_sharding_presets_module_cli_picks_legacy_list_policy
"""python train.py [--preset NAME]: a tiny language model on a TPU pod, sharded by a preset of sharding.py."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import sharding
from model import TinyLM


def train(fabric, steps):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        idx = torch.randint(0, 128, (4, 16), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default=sharding.DEFAULT)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=sharding.PRESETS[args.preset], precision="bf16-true")
    fabric.launch(train, args.steps)
