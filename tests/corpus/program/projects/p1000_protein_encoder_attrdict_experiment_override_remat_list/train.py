# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.EncoderLayer'>]. You can try defining and passing 
# flagged-in: configs/experiments.py
"""python train.py: fine-tune the protein solubility encoder on TPU with the "deep-remat" experiment."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import get_config
from model import ProteinEncoder, random_sequences

EXPERIMENT = "deep-remat"


def build_strategy(fsdp):
    return XLAFSDPStrategy(auto_wrap_policy=fsdp.wrap, activation_checkpointing_policy=fsdp.remat)


def fit(fabric, cfg):
    model = fabric.setup_module(ProteinEncoder(**cfg.model))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), **cfg.optim))
    gen = torch.Generator().manual_seed(cfg.data.seed)
    for step in range(cfg.data.steps):
        tokens, target = random_sequences(cfg.data.batch, cfg.data.length, gen)
        pred = model(tokens.to(fabric.device))
        loss = F.mse_loss(pred, target.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


def main(cfg):
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(cfg.fsdp))
    fabric.launch(fit, cfg)


if __name__ == "__main__":
    main(get_config(EXPERIMENT))
