# expect: none
# oracle: OK
# twin: p510_engine_base_trainer_subclass_strategy_kwargs_remat_tuple
"""python train.py [--trainer lm|debug]: the trainer the CLI names fits its model under XLA FSDP."""
import argparse

from engine import TRAINERS

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--trainer", default="lm", choices=sorted(TRAINERS))
    args = parser.parse_args()
    TRAINERS[args.trainer]().fit()
