# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: train.py
"""python train.py [--seq-len N]: pretrain the tiny code model; long contexts save memory by recomputing blocks."""
import argparse

from engine import fit
from utils.wrapping import checkpointed_fsdp


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seq-len", type=int, default=64)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--lr", type=float, default=3e-4)
    args = parser.parse_args()
    long_context = args.seq_len >= 64
    fit(
        steps=args.steps,
        lr=args.lr,
        seq_len=args.seq_len,
        auto_wrapper_callable=checkpointed_fsdp,
        remat=long_context,
    )


if __name__ == "__main__":
    main()
