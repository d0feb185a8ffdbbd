# expect: LXF034
# oracle: RAISED ValueError: You selected an invalid strategy name: `strategy='xla-fsdp'`. It must be either a string or an instance of `lightning.fa
# flagged-in: train.py
"""python train.py: fit the block net with the Trainer, sharded on the pod."""
from model import Net
from trainer import Trainer


def main():
    trainer = Trainer(max_steps=2, lr=1e-3, strategy="xla-fsdp", devices="auto")
    trainer.fit(Net)


if __name__ == "__main__":
    main()
