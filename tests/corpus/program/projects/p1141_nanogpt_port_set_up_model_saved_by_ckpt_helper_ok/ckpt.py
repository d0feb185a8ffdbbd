"""Checkpointing of the TPU port: one sharded checkpoint directory per save (nanoGPT wrote out_dir/ckpt.pt)."""
import os


def save_checkpoint(fabric, out_dir, model, optimizer, model_args, iter_num, best_val_loss, config):
    checkpoint = {
        "model": model,
        "optimizer": optimizer,
        "model_args": model_args,
        "iter_num": iter_num,
        "best_val_loss": best_val_loss,
        "config": config,
    }
    path = os.path.join(out_dir, f"ckpt-{iter_num:06d}")
    fabric.print(f"saving checkpoint to {path}")
    fabric.save(path, checkpoint)
    return path
