# expect: LXF036
# oracle: RAISED AttributeError: You marked 'extract_features' as a forward method, but `TinyViT.extract_features` does not exist or is not a method.
"""timm-style model registry; the embedding export marks the model's feature method as a forward method."""
from functools import cache

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

_model_entrypoints = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


class TinyViT(nn.Module):
    def __init__(self, embed_dim=32, num_classes=10, depth=2):
        super().__init__()
        self.patch_embed = nn.Linear(48, embed_dim)
        self.blocks = nn.Sequential(*[nn.Sequential(nn.LayerNorm(embed_dim), nn.Linear(embed_dim, embed_dim), nn.GELU()) for _ in range(depth)])
        self.head = nn.Linear(embed_dim, num_classes)

    def forward_features(self, x):
        return self.blocks(self.patch_embed(x)).mean(1)

    def forward_head(self, x, pre_logits=False):
        return x if pre_logits else self.head(x)

    def forward(self, x):
        return self.forward_head(self.forward_features(x))


@register_model
def tiny_vit_patch4(pretrained=False, **kwargs):
    return TinyViT(**kwargs)


@cache
def model_defaults(name):
    return {"tiny_vit_patch4": {"num_classes": 10, "embed_dim": 32}}[name]


def create_model(name, **kwargs):
    return _model_entrypoints[name](**{**model_defaults(name), **kwargs})


EXPORT_CFG = {"model": "tiny_vit_patch4", "batch_size": 4}


def run(fabric, cfg):
    model = fabric.setup_module(create_model(cfg["model"]))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(cfg["batch_size"], 16, 48, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 10, (cfg["batch_size"],), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()

    feature_method = cfg.get("feature_method", "extract_features")
    model.mark_forward_method(feature_method)
    with torch.no_grad():
        features = getattr(model, feature_method)(x)
    fabric.print(features.shape)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(run, EXPORT_CFG)
