# expect: LXF039
# oracle: RAISED ValueError: A model should be passed only once to the `setup_module` method.
# flagged-in: trainer/lm.py
"""python train.py: nanoGPT-style character LM on a built-in text; the trainer's subclass provides the model via a hook."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from gpt import Block
from trainer import CharLMTrainer

TEXT = "to be, or not to be, that is the question: whether 'tis nobler in the mind to suffer " * 8

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    trainer = CharLMTrainer(TEXT, block_size=32, max_steps=3)
    fabric.launch(trainer.fit)
