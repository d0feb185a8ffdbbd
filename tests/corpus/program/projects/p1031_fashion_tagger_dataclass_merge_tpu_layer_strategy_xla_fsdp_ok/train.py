# expect: none
# oracle: OK
# twin: p1030_fashion_tagger_dataclass_merge_tpu_layer_strategy_ddp_spawn
"""python train.py: a quick run of the attribute tagger on a TPU v3-8."""
import torch
import torch.nn.functional as F

from tagger.config import TaggerConfig
from tagger.factory import make_fabric
from tagger.model import Tagger, product_photos
from tagger.overrides import HARDWARE, QUICK


def train(fabric, cfg):
    model = fabric.setup_module(Tagger(cfg.attributes))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        images, tags = product_photos(cfg.batch, cfg.image, cfg.attributes, seed=step)
        loss = F.binary_cross_entropy_with_logits(model(images.to(fabric.device)), tags.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")


if __name__ == "__main__":
    cfg = TaggerConfig()
    for layer in (HARDWARE["tpu-v3-8"], QUICK):
        cfg = cfg.merge(layer)
    fabric = make_fabric(cfg)
    fabric.launch(train, cfg)
