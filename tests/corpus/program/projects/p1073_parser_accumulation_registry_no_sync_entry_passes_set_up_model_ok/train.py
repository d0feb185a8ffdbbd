# expect: none
# oracle: OK
# twin: p1072_parser_accumulation_registry_no_sync_entry_passes_raw_net
"""python train.py: a dependency-arc scorer on synthetic sentences, gradients accumulated as configs.ACCUMULATION says."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import configs
from engine import Trainer
from model import ArcLayer, ArcScorer


def sentence_batch(device, batch=4):
    tokens = torch.randn(batch, configs.TOKENS, configs.DIM)
    heads = torch.randint(0, configs.TOKENS, (batch, configs.TOKENS))
    return tokens.to(device), heads.to(device)


def arc_loss(model, batch):
    tokens, heads = batch
    return F.cross_entropy(model(tokens).reshape(-1, configs.TOKENS), heads.reshape(-1))


def train(fabric):
    trainer = Trainer(fabric, ArcScorer(configs.DIM), lr=1e-3, accumulation=configs.ACCUMULATION)
    for step in range(configs.STEPS):
        micro = [sentence_batch(fabric.device) for _ in range(configs.MICRO_BATCHES)]
        fabric.print(f"step {step}: arc loss {trainer.step(micro, arc_loss):.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ArcLayer}))
    fabric.launch(train)
