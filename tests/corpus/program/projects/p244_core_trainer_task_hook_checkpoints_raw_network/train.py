# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so:
# flagged-in: tasks/language_model.py
"""python train.py: run the language-model task on a pod slice, sharded with XLA FSDP."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from tasks.language_model import LanguageModelTask


def main(fabric):
    LanguageModelTask(fabric).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
