"""Where checkpoints live."""
import glob
import os


def checkpoint_dir(out_dir, iter_num):
    return os.path.join(out_dir, f"iter-{iter_num:06d}-ckpt")


def latest(out_dir):
    found = sorted(glob.glob(os.path.join(out_dir, "iter-*-ckpt")))
    return found[-1] if found else None
