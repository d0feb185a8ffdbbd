# expect: none
# oracle: OK
# twin: p1006_keyword_spotting_namespace_profile_smoke_accelerator_cpu
"""python train.py: train the keyword spotter with XLA FSDP under the "smoke" profile."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings
from model import ConvBlock, KeywordSpotter, fake_utterances

PROFILE = "smoke"


def run(fabric, cfg):
    f, m, o = cfg.features, cfg.model, cfg.optim
    model = fabric.setup_module(KeywordSpotter(f.n_mels, m.channels, m.blocks, m.n_keywords))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=o.lr, momentum=0.9))
    gen = torch.Generator().manual_seed(cfg.runtime.seed)
    for step in range(o.steps):
        mels, labels = fake_utterances(o.batch, f.n_mels, f.frames, m.n_keywords, gen)
        loss = F.cross_entropy(model(mels.to(fabric.device)), labels.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def build_fabric(runtime):
    return Fabric(
        accelerator=runtime.accelerator,
        devices=runtime.devices,
        strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}),
    )


def main(cfg):
    fabric = build_fabric(cfg.runtime)
    fabric.launch(run, cfg)


if __name__ == "__main__":
    main(settings.load(PROFILE))
