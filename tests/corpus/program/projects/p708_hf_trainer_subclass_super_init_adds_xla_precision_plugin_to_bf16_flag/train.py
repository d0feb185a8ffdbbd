# expect: LXF042
# oracle: RAISED ValueError: Received both `precision=bf16-true` and `plugins=<lightning.fabric.plugins.precision.xla.XLAPrecision object at 0x7fbee9
# flagged-in: arguments.py
"""HF-style run script: TrainingArguments + a TPU trainer subclass."""
import argparse

from arguments import TrainingArguments
from trainer import TPUTrainer


def main(**kwargs):
    args = TrainingArguments(**kwargs)
    TPUTrainer(args).train()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--output-dir", default="out")
    parser.add_argument("--max-steps", type=int, default=2)
    main(**vars(parser.parse_args()))
