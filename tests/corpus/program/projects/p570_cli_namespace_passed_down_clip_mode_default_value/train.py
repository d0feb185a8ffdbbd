# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# flagged-in: engine/trainer.py
"""python train.py [--clip-mode norm]: fine-tune on a TPU pod slice."""
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
