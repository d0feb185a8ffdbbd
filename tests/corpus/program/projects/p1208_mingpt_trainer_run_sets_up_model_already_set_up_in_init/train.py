# expect: LXF039
# oracle: RAISED ValueError: A model should be passed only once to the `setup_module` method.
# flagged-in: mingpt/trainer.py
"""minGPT's projects/chargpt (character-level GPT on a short built-in text) with the Trainer moved to Fabric +
XLA FSDP on TPU; progress is reported by an `on_batch_end` callback."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from mingpt.model import GPT, Block
from mingpt.trainer import Trainer
from mingpt.utils import CfgNode as CN, CharDataset

TEXT = "First Citizen: Before we proceed any further, hear me speak. All: Speak, speak. " * 8


def get_config():
    C = CN()
    C.system = CN()
    C.system.seed = 3407
    C.data = CharDataset.get_default_config()
    C.model = GPT.get_default_config()
    C.trainer = Trainer.get_default_config()
    C.trainer.learning_rate = 5e-4
    C.trainer.max_iters = 3
    return C


def batch_end_callback(trainer):
    if trainer.iter_num % 1 == 0:
        trainer.fabric.print(f"iter_dt {trainer.iter_dt * 1000:.2f}ms; iter {trainer.iter_num}: train loss {trainer.loss.item():.5f}")


def main(fabric, config):
    fabric.seed_everything(config.system.seed)
    train_dataset = CharDataset(config.data, TEXT)
    config.model.vocab_size = train_dataset.get_vocab_size()
    config.model.block_size = train_dataset.get_block_size()
    model = GPT(config.model)
    trainer = Trainer(config.trainer, model, train_dataset, fabric)
    trainer.add_callback("on_batch_end", batch_end_callback)
    trainer.run()


if __name__ == "__main__":
    config = get_config()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, config)
