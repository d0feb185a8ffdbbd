"""Optimizer-side helpers shared by the training scripts."""


def clip_grads(fabric, model, optimizer, cfg):
    limit = cfg.get("grad_clip")
    if not limit:
        return None
    mode = cfg.get("clip_mode", "value")
    if mode == "value":
        return fabric.clip_gradients(model, optimizer, clip_val=limit)
    return fabric.clip_gradients(model, optimizer, max_norm=limit)
