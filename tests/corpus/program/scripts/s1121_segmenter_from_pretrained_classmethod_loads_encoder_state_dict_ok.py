# expect: none
# oracle: OK
# twin: s1120_segmenter_from_pretrained_classmethod_load_raw_encoder
"""Road segmentation on satellite tiles: a small conv encoder-decoder whose encoder starts from ImageNet-style pretrained weights."""
import argparse
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ConvBNReLU(nn.Sequential):
    def __init__(self, c_in, c_out, stride=1):
        super().__init__(nn.Conv2d(c_in, c_out, 3, stride, 1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU())


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.Sequential(ConvBNReLU(3, 16), ConvBNReLU(16, 32, stride=2), ConvBNReLU(32, 32))

    def forward(self, x):
        return self.stages(x)


class Segmenter(nn.Module):
    def __init__(self, classes=2):
        super().__init__()
        self.encoder = Encoder()
        self.decoder = nn.Sequential(ConvBNReLU(32, 16), nn.Conv2d(16, classes, 1))

    def forward(self, x):
        logits = self.decoder(self.encoder(x))
        return F.interpolate(logits, size=x.shape[-2:], mode="bilinear", align_corners=False)

    @classmethod
    def from_pretrained(cls, fabric, encoder_weights, **kwargs):
        """A segmenter whose encoder is initialised from a plain PyTorch state-dict file."""
        model = cls(**kwargs)
        model.encoder.load_state_dict(torch.load(encoder_weights, weights_only=True))
        return model


def export_encoder(out_dir):
    """Stands in for the downloaded backbone: a plain `torch.save` of an encoder's state dict."""
    path = os.path.join(out_dir, "encoder-imagenet.pt")
    torch.save(Encoder().state_dict(), path)
    return path


def build_model(fabric, args):
    if args.encoder_weights:
        return Segmenter.from_pretrained(fabric, args.encoder_weights, classes=args.classes)
    return Segmenter(classes=args.classes)


def tiles(n, size, seed):
    gen = torch.Generator().manual_seed(seed)
    img = torch.rand(n, 3, size, size, generator=gen)
    mask = (img[:, 0] > img[:, 1]).long()  # "road" where red dominates
    return img, mask


def main(fabric, args):
    if args.encoder_weights is None:
        args.encoder_weights = export_encoder(args.work_dir)
    model = fabric.setup_module(build_model(fabric, args))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9))
    for step in range(args.steps):
        img, mask = tiles(8, 32, seed=step)
        loss = F.cross_entropy(model(img.to(fabric.device)), mask.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--encoder-weights", default=None)
    parser.add_argument("--classes", type=int, default=2)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--work-dir", default=tempfile.mkdtemp(prefix="roads-"))
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBNReLU}))
    fabric.launch(main, args)
