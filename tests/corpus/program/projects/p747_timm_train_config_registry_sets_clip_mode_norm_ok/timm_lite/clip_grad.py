"""timm.utils.clip_grad.dispatch_clip_grad, routed through Fabric so the sharded gradients are clipped."""


def dispatch_clip_grad(fabric, model, optimizer, value: float, mode: str = "norm", norm_type: float = 2.0):
    """Dispatch to gradient clipping method

    Args:
        value (float): clipping value/factor/norm, mode dependant
        mode (str): clipping mode, one of 'norm', 'value'
        norm_type (float): p-norm, default 2.0
    """
    if mode == "norm":
        return fabric.clip_gradients(model, optimizer, max_norm=value, norm_type=norm_type)
    elif mode == "value":
        return fabric.clip_gradients(model, optimizer, clip_val=value)
    raise ValueError(f"Unknown clip mode ({mode}).")
