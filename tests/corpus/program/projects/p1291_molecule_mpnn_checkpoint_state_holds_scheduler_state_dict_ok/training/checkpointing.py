"""Periodic checkpoints: everything needed to resume the run exactly where it stopped."""
import os


def training_state(model, optimizer, scheduler, step):
    return {"model": model, "optimizer": optimizer, "scheduler": scheduler.state_dict(), "step": step}


def save_periodic(fabric, run_dir, state):
    path = os.path.join(run_dir, f"step-{state['step']:06d}")
    fabric.save(path, state)
    return path
