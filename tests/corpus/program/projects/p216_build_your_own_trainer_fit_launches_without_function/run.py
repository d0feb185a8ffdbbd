# expect: LXF016
# oracle: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
# flagged-in: trainer.py
"""python run.py: the custom trainer on a TPU pod, sharding the MNIST module with XLA FSDP."""
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, MNISTModule
from trainer import MyCustomTrainer

if __name__ == "__main__":
    train_data = [(torch.randn(4, 8, 8), torch.randint(0, 10, (4,))) for _ in range(2)]
    trainer = MyCustomTrainer(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), max_steps=2)
    trainer.fit(MNISTModule(), train_data)
