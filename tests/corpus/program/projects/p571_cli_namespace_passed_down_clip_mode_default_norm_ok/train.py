# expect: none
# oracle: OK
# twin: p570_cli_namespace_passed_down_clip_mode_default_value
"""python train.py [--clip-mode value]: fine-tune on a TPU pod slice."""
from cli import parse_args
from engine import Trainer
from model import Net
from setup.fabric_factory import build_fabric


def main(fabric, args):
    Trainer(fabric, args).fit(Net())


if __name__ == "__main__":
    args = parse_args()
    fabric = build_fabric(args)
    fabric.launch(main, args)
