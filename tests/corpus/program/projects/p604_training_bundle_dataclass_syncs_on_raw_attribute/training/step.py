from dataclasses import dataclass

import torch


@dataclass
class Bundle:
    raw: torch.nn.Module
    model: torch.nn.Module
    optimizer: torch.optim.Optimizer


def micro_step(fabric, bundle: Bundle, batch, last: bool):
    with fabric.no_backward_sync(bundle.raw, enabled=not last):
        loss = bundle.model(batch).sum()
        fabric.backward(loss)
    if last:
        bundle.optimizer.step()
        bundle.optimizer.zero_grad()
