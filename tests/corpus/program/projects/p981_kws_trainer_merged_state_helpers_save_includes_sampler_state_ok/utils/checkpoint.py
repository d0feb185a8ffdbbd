"""Pieces of a training checkpoint. Each helper returns the part of the state it owns; the trainer merges them."""


def model_state(model, optimizer) -> dict:
    return {"model": model, "optimizer": optimizer}


def progress_state(step: int, best_loss: float) -> dict:
    return {"step": step, "best_loss": best_loss}


def sampler_state(epoch: int, seed: int) -> dict:
    """Where the shuffled clip order stands, so a resumed run sees the same clips next."""
    return {"sampler": {"epoch": epoch, "seed": seed}}
