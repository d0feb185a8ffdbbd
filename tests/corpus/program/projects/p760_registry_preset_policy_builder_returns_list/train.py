# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
# flagged-in: utils/policies.py
"""Language-model pretraining on a TPU preset; the strategy comes from a string-keyed registry and a wrap-policy builder chain."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import utils.strategies  # noqa: F401  (registers the builders)
from configs import TrainConfig
from models import LanguageModel, random_tokens
from registry import build_strategy


def pretrain(fabric, cfg):
    model = fabric.setup_module(LanguageModel.from_config(cfg.model))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=0.1))
    for step in range(cfg.steps):
        tokens = random_tokens(cfg.batch_size, cfg.seq_len, cfg.model.vocab_size, fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    cfg = TrainConfig.from_preset("tpu-v4")
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(cfg))
    fabric.launch(pretrain, cfg)
