"""One optimizer step, with the clipping the caller asked for."""


def optimizer_step(fabric, model, optimizer, loss, clip_kind=None, clip_limit=None):
    fabric.backward(loss)
    if clip_kind == "value":
        fabric.clip_gradients(model, optimizer, clip_val=clip_limit)
    elif clip_kind == "norm":
        fabric.clip_gradients(model, optimizer, max_norm=clip_limit)
    optimizer.step()
    optimizer.zero_grad()
