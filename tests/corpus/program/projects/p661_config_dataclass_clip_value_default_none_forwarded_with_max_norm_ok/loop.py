"""The optimisation step shared by pretraining and fine-tuning."""
import torch.nn.functional as F


def clip(fabric, model, optimizer, optim_cfg):
    return fabric.clip_gradients(
        model, optimizer, max_norm=optim_cfg.grad_clip_norm, clip_val=optim_cfg.grad_clip_value
    )


def train_step(fabric, model, optimizer, batch, optim_cfg):
    x, y = batch
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    clip(fabric, model, optimizer, optim_cfg)
    optimizer.step()
    optimizer.zero_grad()
    return loss
