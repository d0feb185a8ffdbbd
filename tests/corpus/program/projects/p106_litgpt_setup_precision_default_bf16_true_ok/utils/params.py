from torch import nn


def num_parameters(module: nn.Module, requires_grad: bool | None = None) -> int:
    return sum(p.numel() for p in module.parameters() if requires_grad is None or p.requires_grad == requires_grad)
