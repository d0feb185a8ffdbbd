# expect: none
# oracle: OK
# twin: p1180_secondary_structure_tpu_subparser_set_defaults_precision_bf16_mixed
"""python train.py [--remat] [--precision ...]: train the residue tagger on a TPU host with XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from cli import parse
from data import windows
from model import EncoderLayer, ResidueTagger


def fit(fabric, steps, lr, batch_size, window):
    model = fabric.setup_module(ResidueTagger(window))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    for step in range(steps):
        onehot, tag = windows(batch_size, window, seed=step)
        loss = F.cross_entropy(model(onehot.to(fabric.device)), tag.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def main(steps, lr, batch_size, window, precision, devices, remat):
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={EncoderLayer},
        activation_checkpointing_policy={EncoderLayer} if remat else None,
    )
    fabric = Fabric(accelerator="tpu", devices=devices, precision=precision, strategy=strategy)
    fabric.launch(fit, steps, lr, batch_size, window)


if __name__ == "__main__":
    main(**vars(parse()))
