# expect: none
# oracle: OK
# twin: p426_strategy_builder_sync_states_step_called
"""python train.py: the decoder on a pod; the builder's torch_xla step (keep_gathered) instead of sync_states."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import MLP, Attention, Decoder
from sharding import StrategyBuilder


def train(fabric, steps=2):
    model = fabric.setup_module(Decoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        tokens = torch.randint(0, 64, (4, 17), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = StrategyBuilder().wrap(Attention, MLP).remat(MLP).state_dict("sharded").keep_gathered().build()
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
