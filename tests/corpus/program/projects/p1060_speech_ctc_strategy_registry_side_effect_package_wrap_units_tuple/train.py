# expect: LXF028
# oracle: RAISED TypeError: 'tuple' object is not callable
# flagged-in: components/strategies.py
"""python train.py: CTC keyword spotting on synthetic log-mel frames, with the strategy config.strategy names."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import components  # noqa: F401  (fills the strategy registry)
import config
from components import CTCModel
from registry import get_strategy


def synthetic_batch(device):
    feats = torch.randn(config.batch_size, config.frames, config.n_mels, device=device)
    targets = torch.randint(1, config.vocab + 1, (config.batch_size, 4), device=device)
    return feats, targets


def train(fabric):
    model = fabric.setup_module(CTCModel(config.n_mels, config.vocab))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config.lr))
    input_lengths = torch.full((config.batch_size,), config.frames, dtype=torch.long)
    target_lengths = torch.full((config.batch_size,), 4, dtype=torch.long)
    for step in range(config.steps):
        feats, targets = synthetic_batch(fabric.device)
        log_probs = model(feats).transpose(0, 1)  # (time, batch, vocab)
        loss = F.ctc_loss(log_probs.cpu(), targets.cpu(), input_lengths, target_lengths)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: ctc {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=get_strategy(config.strategy))
    fabric.launch(train)
