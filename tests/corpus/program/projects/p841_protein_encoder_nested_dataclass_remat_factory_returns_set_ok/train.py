# expect: none
# oracle: OK
# twin: p840_protein_encoder_nested_dataclass_remat_factory_returns_list
"""Protein family classifier on a TPU host; the nested dataclass config is handed through `build(cfg.fsdp)` to the strategy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs import FSDPConfig, OptimConfig, TrainConfig
from model import ProteinEncoder
from utils.dist import build


def random_batch(cfg, device):
    ids = torch.randint(0, cfg.model.vocab_size, (cfg.batch_size, cfg.model.max_len), device=device)
    labels = (ids[:, :4].sum(dim=1) % cfg.model.classes).long()
    return ids, labels


def train(fabric, cfg):
    model = fabric.setup_module(ProteinEncoder(**vars(cfg.model)))
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)
    for step in range(cfg.steps):
        ids, labels = random_batch(cfg, fabric.device)
        loss = F.cross_entropy(model(ids), labels)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=cfg.optim.max_norm)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


def main(cfg):
    fabric = Fabric(accelerator="tpu", precision=cfg.precision, strategy=build(cfg.fsdp))
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main(TrainConfig(fsdp=FSDPConfig(reshard_after_forward=False), optim=OptimConfig(lr=3e-4)))
