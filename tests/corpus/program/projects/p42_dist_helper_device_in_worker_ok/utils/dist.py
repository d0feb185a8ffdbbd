"""Process-level set-up: seeds, and a sanity check that the devices answer."""
import torch


def init_distributed(fabric, seed: int = 42):
    fabric.seed_everything(seed + fabric.global_rank)
    probe = torch.ones(1, device=fabric.device)
    fabric.print(f"rank {fabric.global_rank}/{fabric.world_size} on {probe.device}")
