# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'backward_prefetch'
# flagged-in: hparams.py
"""python train.py: the launcher hands the run's FSDP settings to the shared strategy factory."""
import torch
from lightning.fabric import Fabric

from hparams import hparams
from model import GPT
from trainer.strategy import build_strategy


def fit(fabric, hp):
    model = fabric.setup_module(GPT())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=hp.lr))
    for _ in range(hp.steps):
        x = torch.randn(4, 32, device=fabric.device)
        loss = torch.nn.functional.cross_entropy(model(x), torch.zeros(4, dtype=torch.long, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(**hparams.fsdp))
    fabric.launch(fit, hparams)
