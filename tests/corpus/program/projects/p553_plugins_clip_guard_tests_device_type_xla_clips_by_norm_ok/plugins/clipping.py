"""Gradient clipping for every backend: XLA FSDP only clips by norm."""


def clip_gradients(fabric, model, optimizer, max_norm: float = 1.0, max_value: float = 0.5):
    if fabric.device.type == "xla":
        fabric.clip_gradients(model, optimizer, max_norm=max_norm)
    else:
        fabric.clip_gradients(model, optimizer, clip_val=max_value)
