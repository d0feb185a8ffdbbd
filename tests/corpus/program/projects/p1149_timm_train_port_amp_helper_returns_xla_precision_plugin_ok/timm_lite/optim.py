"""`create_optimizer_v2` in timm's style: an optimizer chosen by name."""
import torch


def create_optimizer_v2(model_or_params, opt="sgd", lr=None, weight_decay=0.0, momentum=0.9, **kwargs):
    params = model_or_params.parameters() if hasattr(model_or_params, "parameters") else model_or_params
    opt_lower = opt.lower()
    if opt_lower == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=True)
    if opt_lower == "adamw":
        return torch.optim.AdamW(params, lr=lr, weight_decay=weight_decay, **kwargs)
    raise ValueError(f"Invalid optimizer: {opt}")
