# expect: none
# oracle: OK
# twin: p688_dist_launch_helper_script_mode_without_function_under_xla_fsdp
"""python train.py [--strategy ddp|xla_fsdp|auto]"""
import torch
import torch.nn.functional as F

import config
import dist
from model import Net


def main(fabric, cfg):
    fabric.seed_everything(42)
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"final loss {fabric.all_reduce(loss.detach(), reduce_op='mean').item():.4f}")


if __name__ == "__main__":
    cfg = config.from_args()
    dist.launch(cfg, main, cfg)
