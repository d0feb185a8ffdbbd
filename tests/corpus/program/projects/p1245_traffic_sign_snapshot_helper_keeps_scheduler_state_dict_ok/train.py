# expect: none
# oracle: OK
# twin: p1244_traffic_sign_snapshot_helper_keeps_scheduler_object
"""Traffic-sign classifier on synthetic sign crops, trained on TPU with warmup+cosine and a snapshot at the end of each epoch."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import SignNet
from training.checkpointing import snapshot
from training.schedules import warmup_cosine

EPOCHS, STEPS_PER_EPOCH = 2, 2


def signs(n, device, classes=8):
    labels = torch.randint(0, classes, (n,), device=device)
    palette = torch.stack([labels % 2, (labels // 2) % 2, (labels // 4) % 2], dim=1).float()
    return palette[:, :, None, None] * 0.8 + 0.2 * torch.rand(n, 3, 24, 24, device=device), labels


def train(fabric, out_dir):
    model = fabric.setup_module(SignNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-3))
    scheduler = warmup_cosine(optimizer, warmup=1, total=EPOCHS * STEPS_PER_EPOCH)
    best_acc, step = 0.0, 0
    for epoch in range(EPOCHS):
        for _ in range(STEPS_PER_EPOCH):
            images, labels = signs(32, fabric.device)
            logits = model(images)
            loss = F.cross_entropy(logits, labels)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            scheduler.step()
            step += 1
            best_acc = max(best_acc, (logits.argmax(-1) == labels).float().mean().item())
        fabric.print(f"epoch {epoch}: loss {loss.item():.3f} lr {scheduler.get_last_lr()[0]:.2e}")
        fabric.save(os.path.join(out_dir, f"epoch-{epoch}"), snapshot(model, optimizer, scheduler, step, best_acc))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train, tempfile.mkdtemp(prefix="signs_"))
