# expect: none
# oracle: OK
# twin: p902_ctr_callback_registry_from_config_clips_by_value
"""python train.py: click-through-rate model on synthetic impressions; callbacks are named in config.py, built from a registry and fired with `fabric.call`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from callbacks import build_callbacks
from model import FactorizationMachine


def impressions(batch, fields, cardinality, device):
    ids = torch.randint(0, cardinality, (batch, fields), device=device)
    clicked = ((ids[:, 0] % 7 == 0) | (ids[:, 1] % 5 == 0)).float()
    return ids, clicked


def fit(fabric):
    model = fabric.setup_module(FactorizationMachine(config.FIELDS, config.CARDINALITY, config.EMBED_DIM))
    optimizer = fabric.setup_optimizers(torch.optim.Adagrad(model.parameters(), lr=config.LR))
    fabric.call("on_train_start", fabric=fabric)
    for step in range(config.STEPS):
        ids, clicked = impressions(config.BATCH_SIZE, config.FIELDS, config.CARDINALITY, fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(ids), clicked)
        fabric.backward(loss)
        fabric.call("on_before_optimizer_step", fabric=fabric, model=model, optimizer=optimizer)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_batch_end", fabric=fabric, step=step, loss=loss, batch_size=config.BATCH_SIZE)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(),
        callbacks=build_callbacks(config.CALLBACKS),
    )
    fabric.launch(fit)
