# expect: none
# oracle: OK
# twin: p822_dataclass_post_init_sorts_remat_layers_into_tuple
"""python train.py: a tiny ViT on random 32x32 images, patch embeddings sharded with XLA FSDP and its blocks rematerialized."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from config import ShardingConfig, TrainConfig
from sharding import strategy_from
from vit import TinyViT


def train(fabric, cfg: TrainConfig):
    model = fabric.setup_module(TinyViT(dim=cfg.dim, depth=cfg.depth))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        images = torch.randn(cfg.batch_size, 3, 32, 32, device=fabric.device)
        labels = torch.randint(0, 10, (cfg.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss={loss.item():.3f}")


if __name__ == "__main__":
    cfg = TrainConfig(sharding=ShardingConfig(wrap=("EncoderBlock",), remat=("EncoderBlock", "MLP", "EncoderBlock")))
    fabric = Fabric(accelerator="tpu", strategy=strategy_from(cfg.sharding))
    fabric.print(cfg.sharding.describe())
    fabric.launch(train, cfg)
