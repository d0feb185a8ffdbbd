# expect: FSDP011
# real: needs CUDA GPUs, not run; from the source, the raise confirmed by a CPU call of the same lightning 2.6.6 code: RAISED NotImplementedError: Loading a single optimizer object from a checkpoint is not supported yet with the FSDP strategy.
# findings: FSDP011 error 35
"""Warm-start from weights and optimizer state exported by a plain PyTorch run. Under FSDP,
`fabric.load_raw` loads a bare module, but not a bare optimizer."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy


class Encoder(nn.Module):
    def __init__(self, dim=512, depth=6):
        super().__init__()
        layer = nn.TransformerEncoderLayer(dim, 8, dim_feedforward=2048, batch_first=True)
        self.layers = nn.TransformerEncoder(layer, depth)
        self.proj = nn.Linear(dim, 128)

    def forward(self, x):
        return self.proj(self.layers(x).mean(1))


def main():
    fabric = Fabric(
        accelerator="cuda",
        devices=4,
        strategy=FSDPStrategy(auto_wrap_policy={nn.TransformerEncoderLayer}),
    )
    fabric.launch()
    model = fabric.setup_module(Encoder())
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    optimizer = fabric.setup_optimizers(optimizer)

    fabric.load_raw("pretrained/encoder.pt", model)
    fabric.load_raw("pretrained/adamw.pt", optimizer)

    for step in range(300):
        anchor = model(torch.randn(32, 64, 512, device=fabric.device))
        positive = model(torch.randn(32, 64, 512, device=fabric.device))
        logits = anchor @ positive.T / 0.07
        loss = nn.functional.cross_entropy(logits, torch.arange(32, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
