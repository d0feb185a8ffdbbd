"""Setting up and restoring the tagger, shared by the training and the resume entry points."""
import os


def prepare(fabric, model, resume_from=None):
    """Set the model up for the strategy, then restore its weights from `resume_from` when given."""
    model = fabric.setup_module(model)
    if resume_from is not None:
        fabric.load(resume_from, {"model": model})
    return model


def save(fabric, out_dir: str, name: str, model, optimizer, step: int) -> str:
    path = os.path.join(out_dir, name)
    fabric.save(path, {"model": model, "optimizer": optimizer, "step": step})
    return path
