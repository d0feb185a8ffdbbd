"""LR schedules chosen by name from the config: any class of torch.optim.lr_scheduler."""
from torch.optim import lr_scheduler


def build_scheduler(optimizer, name, **kwargs):
    cls = getattr(lr_scheduler, name)
    return cls(optimizer, **kwargs)
