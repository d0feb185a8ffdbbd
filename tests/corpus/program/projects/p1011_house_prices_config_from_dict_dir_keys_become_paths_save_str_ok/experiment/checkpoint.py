"""Saving the regressor."""


def save_last(fabric, io, model, optimizer, step):
    target = io.output_dir / "last"
    fabric.save(str(target), {"model": model, "optimizer": optimizer, "step": step})
    return target
