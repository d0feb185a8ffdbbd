# expect: none
# oracle: OK
# twin: p842_keyword_spotting_profile_dict_merge_keeps_bf16_mixed
"""Keyword spotting on a TPU host; the run settings are the `tpu` profile, itself `{**DEFAULTS, ...}` merged across modules."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import configs
from kws_model import ConvBlock, KeywordNet


def fake_spectrograms(run, device):
    mels = torch.randn(run["batch_size"], 1, run["n_mels"], run["frames"], device=device)
    labels = torch.randint(0, run["classes"], (run["batch_size"],), device=device)
    return mels, labels


def train(fabric, run):
    model = fabric.setup_module(KeywordNet(run["channels"], run["classes"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=run["lr"]))
    for step in range(run["steps"]):
        mels, labels = fake_spectrograms(run, fabric.device)
        loss = F.cross_entropy(model(mels), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    run = configs.resolve("tpu", steps=2)
    fabric = Fabric(
        accelerator=run["accelerator"],
        devices=run["devices"],
        precision=run["precision"],
        strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}),
    )
    fabric.launch(train, run)
