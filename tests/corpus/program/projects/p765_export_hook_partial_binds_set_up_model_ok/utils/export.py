"""Weight exports: sharded snapshots of the model only, for evaluation jobs that run next to training."""
import os


def export_weights(fabric, step, *, model, out_dir):
    path = os.path.join(out_dir, f"weights-{step:06d}")
    fabric.save(path, {"model": model, "step": step})
    fabric.print(f"exported weights to {path}")
    return path


def log_step(fabric, step, *, history):
    if history:
        fabric.print(f"step {step}: loss {history[-1]:.4f}")
