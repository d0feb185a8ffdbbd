"""Learning-rate schedules."""
from torch.optim.lr_scheduler import CosineAnnealingLR, LinearLR, SequentialLR


def warmup_cosine(optimizer, warmup, total):
    warm = LinearLR(optimizer, start_factor=0.1, total_iters=warmup)
    cos = CosineAnnealingLR(optimizer, T_max=max(1, total - warmup))
    return SequentialLR(optimizer, [warm, cos], milestones=[warmup])
