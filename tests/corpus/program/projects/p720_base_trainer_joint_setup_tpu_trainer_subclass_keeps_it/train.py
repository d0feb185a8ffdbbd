# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# flagged-in: tpu_trainer.py
"""python train.py: trains the classifier on a TPU host."""
from model import Classifier
from tpu_trainer import TPUTrainer


def main(max_steps=2, lr=1e-3):
    trainer = TPUTrainer(max_steps=max_steps, lr=lr)
    trainer.fit(Classifier())


if __name__ == "__main__":
    main()
