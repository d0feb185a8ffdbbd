# expect: none
# oracle: OK
# twin: p708_hf_trainer_subclass_super_init_adds_xla_precision_plugin_to_bf16_flag
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
