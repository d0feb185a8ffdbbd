import torch.nn.functional as F


def micro_step(fabric, model, batch, last, accumulate):
    x, y = batch
    with fabric.no_backward_sync(model, enabled=not last):
        loss = F.cross_entropy(model(x), y) / accumulate
        fabric.backward(loss)
    return loss
