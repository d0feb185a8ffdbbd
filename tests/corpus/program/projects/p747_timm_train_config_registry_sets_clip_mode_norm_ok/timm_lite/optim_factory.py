"""timm.optim.create_optimizer_v2, reduced to a table of optimizer factories."""
import torch

_OPTIMIZERS = {
    "sgd": lambda params, lr, weight_decay, momentum=0.9, **_: torch.optim.SGD(params, lr=lr, momentum=momentum, nesterov=True, weight_decay=weight_decay),
    "adamw": lambda params, lr, weight_decay, **_: torch.optim.AdamW(params, lr=lr, weight_decay=weight_decay),
    "rmsprop": lambda params, lr, weight_decay, **_: torch.optim.RMSprop(params, lr=lr, alpha=0.9, weight_decay=weight_decay),
}


def create_optimizer_v2(model_or_params, opt="sgd", lr=None, weight_decay=0.0, **kwargs):
    params = model_or_params.parameters() if hasattr(model_or_params, "parameters") else model_or_params
    opt_lower = opt.lower()
    if opt_lower not in _OPTIMIZERS:
        raise ValueError(f"Invalid optimizer: {opt}")
    return _OPTIMIZERS[opt_lower](params, lr=lr, weight_decay=weight_decay, **kwargs)
