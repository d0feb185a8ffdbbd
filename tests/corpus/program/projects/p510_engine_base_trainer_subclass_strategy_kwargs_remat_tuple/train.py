# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class 'model.Block'>,). You can try defining and passing `auto_
# flagged-in: engine/lm.py
"""python train.py [--trainer lm|debug]: the trainer the CLI names fits its model under XLA FSDP."""
import argparse

from engine import TRAINERS

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--trainer", default="lm", choices=sorted(TRAINERS))
    args = parser.parse_args()
    TRAINERS[args.trainer]().fit()
