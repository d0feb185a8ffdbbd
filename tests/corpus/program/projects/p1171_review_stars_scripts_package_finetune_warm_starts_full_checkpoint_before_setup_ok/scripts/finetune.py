"""Fine-tune the pretrained review encoder on star ratings."""
import torch
import torch.nn.functional as F

import reviewstars.checkpoint as ckpt
from reviewstars import ReviewEncoder, presets, review_batch


def main(fabric, pretrained_path: str):
    cfg = presets.FINETUNE
    encoder = ReviewEncoder(cfg["vocab"], cfg["hidden"], cfg["layers"])
    ckpt.warm_start(fabric, encoder, pretrained_path)  # a full checkpoint loads into the unsharded model
    model = fabric.setup_module(encoder)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for step in range(cfg["steps"]):
        tokens, stars = review_batch(cfg["batch"], cfg["seq_len"], cfg["vocab"], seed=step)
        loss = F.mse_loss(model(tokens.to(fabric.device)), stars.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")
