# expect: none
# oracle: OK
# twin: p720_base_trainer_joint_setup_tpu_trainer_subclass_keeps_it
"""python train.py: trains the classifier on a TPU host."""
from model import Classifier
from tpu_trainer import TPUTrainer


def main(max_steps=2, lr=1e-3):
    trainer = TPUTrainer(max_steps=max_steps, lr=lr)
    trainer.fit(Classifier())


if __name__ == "__main__":
    main()
