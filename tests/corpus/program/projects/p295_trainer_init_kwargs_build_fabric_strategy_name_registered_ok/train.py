# expect: none
# oracle: OK
# twin: p294_trainer_init_kwargs_build_fabric_strategy_name_misspelt
"""python train.py: fit the block net with the Trainer, sharded on the pod."""
from model import Net
from trainer import Trainer


def main():
    trainer = Trainer(max_steps=2, lr=1e-3, strategy="xla_fsdp", devices="auto")
    trainer.fit(Net)


if __name__ == "__main__":
    main()
