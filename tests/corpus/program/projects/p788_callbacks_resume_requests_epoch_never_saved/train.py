# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'epoch' that does not exist in the loaded checkpoint. To disable strict loading, set
# flagged-in: callbacks/checkpoint.py
"""Speech denoiser on TPU; checkpointing and a post-training resume probe are Fabric callbacks."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import callbacks as cb
import model as model_lib
from settings import SETTINGS


def batches(fabric, settings):
    for _ in range(settings.steps_per_epoch):
        clean = torch.sin(torch.linspace(0, 60, 400)).repeat(settings.batch_size, 1, 1)
        noisy = clean + 0.1 * torch.randn_like(clean)
        yield fabric.to_device(noisy), fabric.to_device(clean)


def fit(fabric, settings):
    model = fabric.setup_module(model_lib.Denoiser())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.lr))
    fabric.call("on_fit_start", fabric=fabric)
    step = 0
    for epoch in range(settings.epochs):
        for noisy, clean in batches(fabric, settings):
            loss = F.l1_loss(model(noisy), clean)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            step += 1
        fabric.call("on_epoch_end", fabric=fabric, model=model, optimizer=optimizer,
                    epoch=epoch, step=step, loss=loss.item())
    fabric.call("on_fit_end", fabric=fabric, model=model, optimizer=optimizer)


if __name__ == "__main__":
    callbacks = [
        cb.ProgressPrinter(),
        cb.LastCheckpoint(SETTINGS.ckpt_path),
        cb.ResumeProbe(SETTINGS.ckpt_path, enabled=SETTINGS.verify_resume),
    ]
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={model_lib.ConvStage}),
                    callbacks=callbacks)
    fabric.launch(fit, SETTINGS)
