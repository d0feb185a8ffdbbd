# expect: LXF036
# oracle: RAISED AttributeError: You marked 'generate' as a forward method, but `TitleDecoder.generate` does not exist or is not a method.
# flagged-in: serving.py
"""Recipe-title captioner trained with teacher forcing on TPU, then sampled through the methods the serving module exports."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import serving
from data import recipes
from model import BOS, TitleDecoder


def shift_right(titles):
    bos = torch.full_like(titles[:, :1], BOS)
    return torch.cat([bos, titles[:, :-1]], dim=1)


def train(fabric, steps=3):
    model = fabric.setup_module(TitleDecoder())
    for name in serving.EXPORTED_METHODS:
        model.mark_forward_method(name)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    for step in range(steps):
        ingredients, titles = recipes(16, fabric.device)
        logits = model(ingredients, shift_right(titles))
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), titles.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.3f}")
    sample = getattr(model, serving.EXPORTED_METHODS[0])
    with torch.no_grad():
        fabric.print(sample(recipes(2, fabric.device)[0], max_len=serving.MAX_TITLE_LEN).tolist())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
